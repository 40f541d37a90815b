"""The state of one hand as the referee follows it, action by action.

A ``Hand`` holds what the deal fixed (the ruleset, the dealer, the upcard, the reported
cards), what the bidding has made so far, the dealer's discard, the play phase (``Tricks``,
once play begins) and every breach found, in the order it happened. Each phase has its module,
with a function that checks an action of that phase and moves the hand on and one that lists
its legal moves: ``deal``, ``bidding`` (with ``contract`` for a contract given without all of
its bids), ``discard`` and ``play``. ``check`` runs a whole record through them; ``HandState`` runs one
action at a time and takes it back with ``restore``.

What a record proves beyond the action at hand (a card a seat plays later, say) is the
``Evidence``; a hand with every card known needs none.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .cards import JOKER, NO_TRUMP_ORDERS, TRUMP_ORDERS, Card, Suit, TrumpOrder
from .evidence import Evidence
from .rules import Ruleset
from .seating import Tables, sitting_out, tables_of

if TYPE_CHECKING:
    from .play import Tricks
    from .record import ReportedExchange

# Where in the hand a breach happened, for reporting in play order.
DEAL: Final = 0
BIDDING: Final = 1
DISCARD: Final = 2
EXCHANGE: Final = 3
PLAY: Final = 4
END: Final = 5

Order = tuple[int, int, int]

RULE_OF: Final = {
    "card-not-in-deck": "deck",
    "card-reused": "one-deck",
    "card-not-held": "one-deck",
    "out-of-turn": "turn-order",
    "bid-not-allowed": "bidding-rounds",
    "wrong-lead": "lead",
    "sitting-out": "going-alone",
    "renege": "follow-suit",
    "turned-down-suit": "turned_down_suit_callable",
    "must-hold-suit": "must_hold_suit",
    "dealer-must-call": "stuck_dealer",
    "alone-not-allowed": "going_alone",
    "partner-must-go-alone": "partner_must_go_alone",
    "discard-not-allowed": "dealer_may_discard_upcard",
    "bad-redeal": "poor_hand_redeal",
    "bad-exchange": "call_for_best",
    "too-many-cards": "hand-size",
    "contract-mismatch": "contract",
    "claim-mismatch": "scoring",
}


class Auction(NamedTuple):
    """An auction's bids so far (replaced, never changed, by each bid): the highest bid's rank
    (its tricks; a moon ranks one above the hand size, a loner two), who made it and the trump
    it named, and the seats that have passed (bits, for ``bid_rounds: until-passed``)."""

    high: int = 0
    bidder: int | None = None
    suit: Suit | None = None
    no_trump: str | None = None
    passed: int = 0


@dataclass(slots=True)
class Pending:
    """A breach found, with the facts its message is made from (rendered with the verdict)."""

    order: Order
    code: str
    seat: int | None
    trick: int | None
    card: Card | None
    key: str
    params: dict[str, Any]
    rule: str


_BIDDING_FIELDS: Final = (
    "breached",
    "round",
    "turn",
    "passes",
    "joker_call_due",
    "trump",
    "maker",
    "alone",
    "defender_alone",
    "picked_up",
    "round_one",
    "thrown_in",
    "bids_made",
    "discard",
    "tricks",
    "auction",
    "contract_bid",
    "lone_bid",
    "no_trump",
    "exchange",
    "dealt",
    "owned",
    "dealt_to",
    "passed_in",
    "laid_away",
)
_save_bidding: Final = attrgetter(*_BIDDING_FIELDS)


class Hand:
    __slots__ = (
        "alone",
        "auction",
        "bids_made",
        "bids_reported",
        "breached",
        "contract_bid",
        "dealer",
        "dealt",
        "dealt_to",
        "deck",
        "defender_alone",
        "discard",
        "evidence",
        "exchange",
        "exchange_unreported",
        "given_trump",
        "hand_size",
        "joker_call_due",
        "laid_away",
        "lone_bid",
        "maker",
        "no_trump",
        "owned",
        "passed_in",
        "passes",
        "pending",
        "picked_up",
        "pickup_reported",
        "players",
        "round",
        "round_one",
        "rules",
        "tables",
        "thrown_in",
        "tricks",
        "trump",
        "turn",
        "upcard",
    )

    def __init__(
        self,
        rules: Ruleset,
        dealer: int,
        upcard: Card | None,
        dealt: dict[int, list[Card]],
        evidence: Evidence,
        *,
        bids_reported: bool = True,
        pickup_reported: bool | None = None,
        given_trump: Suit | None = None,
    ) -> None:
        self.rules = rules
        self.tables: Tables = tables_of(rules)
        self.deck = self.tables.deck
        self.hand_size: int = self.tables.hand_size
        self.players = rules.players
        self.dealer = dealer
        self.upcard = upcard
        # Who was dealt which known card.
        self.dealt = dealt
        # By seat, as card bits: the cards of the deck dealt to it and to no one else.
        self.owned = [0] * self.players
        # Who was dealt each reported card (the first seat, if two were), for an unusual deal.
        self.dealt_to: dict[Card, int] | None = None
        self.evidence = evidence
        self.bids_reported = bids_reported
        self.pickup_reported = pickup_reported
        # The trump of a contract the record gives, which names an unreported upcard's suit.
        self.given_trump = given_trump
        self.pending: list[Pending] = []
        # Whether any breach has been found (a hand judged under several trumps in turn sets
        # ``pending`` aside, not this).
        self.breached = False
        # The bidding. A joker turned up (where the deck has one) has the dealer name trump.
        self.round = 1
        self.turn = (dealer + 1) % self.players
        # The seats that passed, as bits by round (``passed``): a seat whose turn a bid out of
        # turn skipped has not passed.
        self.passes = 0
        self.joker_call_due = upcard is JOKER and JOKER in self.deck
        self.trump: Suit | None = None
        self.maker: int | None = None
        self.alone = False
        self.defender_alone: int | None = None
        self.picked_up = False
        self.round_one = False
        self.thrown_in = False
        self.bids_made = 0
        # An auction (Bid Euchre) instead: its bids so far (``auction.Auction``), then the
        # contract it made: the tricks bid, a lone bid (moon, loner), a no-trump.
        self.auction: Auction | None = Auction() if self.tables.auction else None
        self.contract_bid: int | None = None
        self.lone_bid: str | None = None
        self.no_trump: str | None = None
        # The dealer's discard, as reported; the play phase, once play begins.
        self.discard: Card | None = None
        self.tricks: Tricks | None = None
        # A lone player's exchange, as reported; once applied, the cards passed to it and
        # those it laid away (as bits); whether the rules gave one that the record leaves out
        # while it reports play (then the lone player's dealt cards prove nothing).
        self.exchange: ReportedExchange | None = None
        self.passed_in = 0
        self.laid_away = 0
        self.exchange_unreported = False

    # -- reporting ------------------------------------------------------------------------

    def flag(
        self,
        order: Order,
        code: str,
        key: str,
        *,
        seat: int | None = None,
        trick: int | None = None,
        card: Card | None = None,
        rule: str | None = None,
        **params: Any,
    ) -> None:
        self.breached = True
        params.setdefault("seat", seat)
        params.setdefault("card", card)
        params.setdefault("trick", trick)
        self.pending.append(
            Pending(order, code, seat, trick, card, key, params, rule or RULE_OF[code])
        )

    # -- taking back an action ------------------------------------------------------------

    def save(self) -> tuple[object, ...]:
        """What an action may change, outside the play phase's own state (``Tricks.save``)."""
        return (_save_bidding(self), len(self.pending))

    def restore(self, saved: tuple[object, ...]) -> None:
        fields, breaches = saved
        assert isinstance(fields, tuple) and isinstance(breaches, int)
        for name, value in zip(_BIDDING_FIELDS, fields, strict=True):
            setattr(self, name, value)
        del self.pending[breaches:]

    # -- seats and cards ------------------------------------------------------------------

    def sitting_out(self) -> set[int]:
        if not self.alone and self.defender_alone is None:
            return set()  # (nobody, the usual hand: said at once)
        return sitting_out(self.rules, self.maker, self.alone, self.defender_alone)

    def flag_sitting_out(self, order: Order, seat: int, key: str, **params: Any) -> None:
        """``sitting-out`` for a bid or play (``key``) from a seat that sits out, saying whom
        for: its partner playing alone, or defending alone (``key`` + ``_for_defender``)."""
        partner = self.lone_partner(seat)
        if partner is not None and partner == self.defender_alone:
            key += "_for_defender"
        self.flag(order, "sitting-out", key, seat=seat, partner=partner, **params)

    def lone_partner(self, seat: int) -> int | None:
        """The partner playing (or defending) alone that this seat sits out for."""
        partners = self.rules.partners_of(seat)
        if self.alone and self.maker in partners:
            return self.maker
        if self.defender_alone in partners:
            return self.defender_alone
        return None

    def owner_of(self, card: Card) -> int | None:
        """The seat the record deals this card to (the first one, if it deals it twice)."""
        if self.dealt_to is not None:
            return self.dealt_to.get(card)
        # A usual deal: each card of it is in the deck and reported once.
        bit = card.bit
        for seat, bits in enumerate(self.owned):
            if bits & bit:
                return seat
        return None

    def known_full_hand(self, seat: int) -> list[Card] | None:
        cards = self.dealt.get(seat)
        if cards is not None and len(cards) == self.hand_size:
            return cards
        return None

    @property
    def trump_named(self) -> bool:
        """Whether the contract's trump is known: a suit, or (an auction's) no trump."""
        return self.trump is not None or self.no_trump is not None

    def trump_order(self) -> TrumpOrder:
        """How the cards rank under the contract's trump (named: ``trump_named``)."""
        if self.no_trump is not None:
            return NO_TRUMP_ORDERS[self.no_trump]
        assert self.trump is not None
        return TRUMP_ORDERS[self.trump]

    @property
    def declare_due(self) -> bool:
        """Whether an auction has ended with trump still to be named by the maker."""
        return self.auction is not None and self.maker is not None and not self.trump_named

    def pickup_happens(self) -> bool:
        """Whether the dealer took the upcard into hand (and did not leave it, where allowed)."""
        return self.picked_up and self.pickup_reported is not False
