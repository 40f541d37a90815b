"""``check(record) -> Verdict``: rule on everything a table reports about one hand.

The referee replays the hand in order (the deal, the bidding, the dealer's discard, the
tricks), applies each reported action even when it breaks a rule, so that what follows can
still be judged, and records every breach with the place it happened. A renege is only
ruled when the holding is proven: by the seat's reported cards, or by a card of the led
suit that the seat plays later in the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Final

from .cards import ALL_CARDS, SUITS, TRUMP_ORDERS, Card, Suit, deck
from .messages import render
from .record import HAND_SIZE, BidEntry, Record, parse_record
from .rules import Ruleset
from .scoring import THROWN_IN, Award, award_for, renege_award
from .verdict import Contract, Next, Phase, TrickResult, Verdict, Violation

# Where in the hand a breach happened, for reporting in play order.
_DEAL: Final = 0
_BIDDING: Final = 1
_DISCARD: Final = 2
_PLAY: Final = 3
_END: Final = 4

_RULE_OF: Final = {
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
    "too-many-cards": "hand-size",
    "contract-mismatch": "contract",
    "claim-mismatch": "scoring",
}


def check(record: object, *, lang: str = "en") -> Verdict:
    """Rule on a hand record (parsed JSON). Raises ``MalformedRecord`` only for bad input."""
    return judge(parse_record(record), lang=lang)


def judge(record: Record, *, lang: str = "en") -> Verdict:
    return _Judge(record, lang).run()


@dataclass(slots=True)
class _Pending:
    order: tuple[int, int, int]
    code: str
    seat: int | None
    trick: int | None
    card: Card | None
    key: str
    params: dict[str, Any]
    rule: str


class _Judge:
    def __init__(self, record: Record, lang: str) -> None:
        self.record = record
        self.rules: Ruleset = record.ruleset
        self.lang = lang
        self.players = self.rules.players
        self.dealer = record.dealer
        self.tables = _tables(self.rules)
        self.deck = self.tables.deck
        self.pending: list[_Pending] = []
        # Bidding state.
        self.round = 1
        self.turn = self._left_of(self.dealer)
        self.joker_call_due = bool(record.upcard is not None and record.upcard.is_joker)
        self.trump: Suit | None = None
        self.maker: int | None = None
        self.alone = False
        self.defender_alone: int | None = None
        self.picked_up = False
        self.ordered_in_round_one = False
        self.thrown_in = False
        # Who was dealt which known card.
        self.dealt: dict[int, list[Card]] = record.hands
        # Who was dealt each reported card (the first seat, if two were), for an unusual deal.
        self._dealt_to: dict[Card, int] | None = None
        # By seat, as card bits: the cards of the deck dealt to it and to no one else.
        self.owned = [0] * self.players
        # Every play by seat with its position in the hand, and who played each card: the
        # evidence of what a seat held, read from the record when first needed.
        self._plays_by_seat: dict[int, list[tuple[int, Card]]] | None = None
        self._players_of: dict[Card, list[int]] = {}
        # The suits an unreported upcard may have, worked out when first needed.
        self._possible_trumps: tuple[Suit, ...] | None = None

    # -- reporting ------------------------------------------------------------------------

    def flag(
        self,
        order: tuple[int, int, int],
        code: str,
        key: str,
        *,
        seat: int | None = None,
        trick: int | None = None,
        card: Card | None = None,
        rule: str | None = None,
        **params: Any,
    ) -> None:
        params.setdefault("seat", seat)
        params.setdefault("card", card)
        params.setdefault("trick", trick)
        self.pending.append(
            _Pending(order, code, seat, trick, card, key, params, rule or _RULE_OF[code])
        )

    # -- seats ----------------------------------------------------------------------------

    def _left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    def sitting_out(self) -> set[int]:
        out = set()
        partner = self.rules.partner_of
        if self.alone and self.maker is not None:
            mate = partner(self.maker)
            if mate is not None:
                out.add(mate)
        if self.defender_alone is not None:
            mate = partner(self.defender_alone)
            if mate is not None:
                out.add(mate)
        return out

    # -- the whole hand -------------------------------------------------------------------

    def run(self) -> Verdict:
        record = self.record
        self.check_deal()
        if record.bids is not None:
            for index, bid in enumerate(record.bids):
                self.bid(index, bid)
        self.settle_contract()
        next_up: Next | None = None
        tricks: list[TrickResult] = []
        maker_tricks: int | None = None
        award: Award | None = None
        complete = False
        renege_award_: Award | None = None
        if self.thrown_in:
            complete = True
            award = THROWN_IN
            self.flag_discard_without_pickup()
            self.flag_plays_after_throw_in()
        elif self.maker is None:
            self.flag_discard_without_pickup()
            self.flag_plays_before_trump()
            next_up = self.next_bid()
        elif self.trump is None:
            self.check_discard()
            tricks, maker_tricks, award, next_up = self.play_every_trump()
            complete = award is not None
        else:
            self.check_discard()
            play = _Play(self)
            tricks, renege_award_, next_up = play.run()
            maker_tricks = play.maker_tricks
            if renege_award_ is not None:
                complete, award, next_up = True, renege_award_, None
            elif play.finished:
                complete = True
                award = self.tables.award(self.maker, maker_tricks, self.alone, self.defender_alone)
                next_up = None
        if award is not None and record.claim is not None:
            claimed = {t: p for t, p in record.claim.items() if p}
            if claimed != {t: p for t, p in award.points.items() if p}:
                self.flag((_END, 1, 0), "claim-mismatch", "claim", claimed=claimed, award=award)
        contract = None
        if self.maker is not None:
            contract = _contract(self.trump, self.maker, self.alone, self.defender_alone)
        if self.pending:
            self.pending.sort(key=lambda p: p.order)
        violations = [
            Violation(p.code, p.seat, p.trick, p.card, render(self.lang, p.key, p.params), p.rule)
            for p in self.pending
        ]
        return Verdict(
            violations=violations,
            contract=contract,
            tricks=tricks,
            maker_tricks=maker_tricks,
            complete=complete,
            award=award,
            next=None if complete else next_up,
        )

    # -- the deal -------------------------------------------------------------------------

    def check_deal(self) -> None:
        upcard = self.record.upcard
        if upcard is not None and upcard not in self.deck:
            self.flag(
                (_DEAL, 0, 0), "card-not-in-deck", "not_in_deck", card=upcard, size=self.rules.deck
            )
        # The usual deal: cards of the deck, each reported once, the upcard in no hand.
        owned = self.owned
        seen = 0
        for seat, cards in self.dealt.items():
            bits = sum(map(_BIT, cards))
            if bits.bit_count() != len(cards) or bits & seen:
                break
            seen |= bits
            owned[seat] = bits
        else:
            if not seen & ~_DECK_BITS[self.rules.deck] and (
                upcard is None or not seen & upcard.bit
            ):
                return
        self.owned = [0] * self.players
        self.check_unusual_deal()

    def check_unusual_deal(self) -> None:
        """A deal with a card outside the deck or reported twice: each is flagged, and a
        card belongs to the first seat (in seat order) it was reported for."""
        upcard = self.record.upcard
        in_deck = self.deck
        dealt_to = self._dealt_to = {}
        owned = self.owned
        for seat in sorted(self.dealt):
            for i, card in enumerate(self.dealt[seat]):
                if card in in_deck and card is not upcard and card not in dealt_to:
                    dealt_to[card] = seat
                    owned[seat] |= card.bit
                    continue
                order = (_DEAL, 1 + seat, i)
                if card not in in_deck:
                    self.flag(
                        order,
                        "card-not-in-deck",
                        "not_in_deck",
                        seat=seat,
                        card=card,
                        size=self.rules.deck,
                    )
                if card is upcard:
                    self.flag(order, "card-reused", "upcard_in_hand", seat=seat, card=card)
                elif card in dealt_to:
                    other = dealt_to[card]
                    key = "twice_in_hand" if other == seat else "dealt_twice"
                    self.flag(order, "card-reused", key, seat=seat, card=card, other=other)
                else:
                    dealt_to[card] = seat

    def owner_of(self, card: Card) -> int | None:
        """The seat the record deals this card to (the first one, if it deals it twice)."""
        if self._dealt_to is not None:
            return self._dealt_to.get(card)
        # A usual deal: each card of it is in the deck and reported once.
        for seat, bits in enumerate(self.owned):
            if bits & card.bit:
                return seat
        return None

    def known_full_hand(self, seat: int) -> list[Card] | None:
        cards = self.dealt.get(seat)
        if cards is not None and len(cards) == HAND_SIZE:
            return cards
        return None

    # -- bidding --------------------------------------------------------------------------

    def bid(self, index: int, bid: BidEntry) -> None:
        order = (_BIDDING, index, 0)
        seat = bid.seat
        if self.thrown_in:
            self.flag(order, "out-of-turn", "bid_after_throw_in", seat=seat)
            return
        if bid.action == "defend-alone":
            self.defend_alone(order, seat)
            return
        if self.maker is not None:
            if seat in self.sitting_out():
                self.flag(
                    order, "sitting-out", "bid_sitting_out", seat=seat, partner=self.partner(seat)
                )
            else:
                self.flag(order, "out-of-turn", "bid_after_trump", seat=seat)
            return
        if bid.action == "redeal":
            self.redeal(order, seat)
            return
        if self.joker_call_due:
            self.joker_call(order, bid)
            return
        if seat != self.turn:
            self.flag(order, "out-of-turn", "bid_turn", seat=seat, turn=self.turn)
            self.turn = seat
        if bid.action == "pass":
            self.pass_(order, seat)
        elif bid.action == "order-up":
            self.order_up(order, bid)
        else:
            self.call(order, bid)

    def partner(self, seat: int) -> int | None:
        return self.rules.partner_of(seat)

    def advance(self, seat: int) -> None:
        if seat == self.dealer:
            self.round += 1
        self.turn = self._left_of(seat)

    def pass_(self, order: tuple[int, int, int], seat: int) -> None:
        if self.round >= 2 and seat == self.dealer:
            stuck = self.rules.stuck_dealer
            if stuck == "redeal":
                self.thrown_in = True
                return
            key = "dealer_must_take" if stuck == "takes-upcard" else "dealer_must_call"
            self.flag(order, "dealer-must-call", key, seat=seat, upcard=self.record.upcard)
            return
        self.advance(seat)

    def check_alone(self, order: tuple[int, int, int], bid: BidEntry) -> None:
        if bid.alone and not self.rules.going_alone:
            self.flag(order, "alone-not-allowed", "no_going_alone", seat=bid.seat)

    def check_holds(self, order: tuple[int, int, int], seat: int, trump: Suit, action: str) -> None:
        if not self.rules.must_hold_suit:
            return
        proven = self.proven_cards(seat)
        if proven is None:
            return
        suit_of = TRUMP_ORDERS[trump].suit_of
        if not any(suit_of[c] is trump for c in proven):
            self.flag(order, "must-hold-suit", f"must_hold_{action}", seat=seat, suit=trump)

    def proven_cards(self, seat: int) -> list[Card] | None:
        """The seat's whole dealt hand, when the record proves all five cards."""
        full = self.known_full_hand(seat)
        if full is not None:
            return full
        if seat == self.dealer:
            return None
        known = list(self.dealt.get(seat, ()))
        for _, card in self.plays_by_seat().get(seat, ()):
            if card not in known and self.shown_by_play(seat, card):
                known.append(card)
        return known if len(known) >= HAND_SIZE else None

    # -- what the plays prove -------------------------------------------------------------

    def plays_by_seat(self) -> dict[int, list[tuple[int, Card]]]:
        """Every reported play by seat, with its position in the hand (0-based)."""
        if self._plays_by_seat is None:
            by_seat: dict[int, list[tuple[int, Card]]] = {}
            players_of = self._players_of
            position = 0
            for trick in self.record.tricks:
                for seat, card in trick:
                    by_seat.setdefault(seat, []).append((position, card))
                    players_of.setdefault(card, []).append(seat)
                    position += 1
            self._plays_by_seat = by_seat
        return self._plays_by_seat

    def shown_by_play(self, seat: int, card: Card) -> bool:
        """Whether the seat's play of this card proves that it held the card: nothing else in
        the record disputes it. A card played twice (by anyone), dealt to another seat, the
        upcard (unless the seat is the dealer who took it) or the dealer's discard proves
        nothing."""
        self.plays_by_seat()
        if len(self._players_of.get(card, ())) != 1:
            return False
        if self.owner_of(card) not in (None, seat):
            return False
        record = self.record
        if card is record.upcard:
            return seat == self.dealer and self.pickup_happens()
        if card is record.discard:
            return seat == self.dealer and not self.pickup_happens()
        return True

    def played_by_another(self, seat: int, card: Card) -> bool:
        self.plays_by_seat()
        return any(player != seat for player in self._players_of.get(card, ()))

    def make(
        self, seat: int, trump: Suit | None, alone: bool, *, pickup: bool, round_one: bool
    ) -> None:
        """Trump is made. ``trump`` is None for an order-up of an upcard nobody reported: the
        makers are known, the suit is not."""
        self.trump = trump
        self.maker = seat
        # A lone call the rules don't have is flagged (check_alone) and played as a partnership.
        self.alone = alone and self.rules.going_alone
        self.picked_up = pickup
        self.ordered_in_round_one = round_one

    def order_up(self, order: tuple[int, int, int], bid: BidEntry) -> None:
        seat = bid.seat
        takes_upcard = (
            self.round == 2 and seat == self.dealer and self.rules.stuck_dealer == "takes-upcard"
        )
        if self.round != 1 and not takes_upcard:
            self.flag(order, "bid-not-allowed", "order_in_round_two", seat=seat)
        self.check_alone(order, bid)
        # With the upcard unreported the order-up still makes trump, of a suit not yet known
        # unless the record leaves only one.
        trump = self.upcard_suit()
        if seat != self.dealer:
            if trump is not None:
                self.check_holds(order, seat, trump, "order")
            else:
                self.check_holds_unseen(order, seat)
        partner = self.partner(self.dealer)
        if (
            self.rules.partner_must_go_alone
            and self.round == 1
            and seat == partner
            and not bid.alone
        ):
            self.flag(order, "partner-must-go-alone", "partner_must_go_alone", seat=seat)
        self.make(seat, trump, bid.alone, pickup=True, round_one=self.round == 1)

    def upcard_suit(self) -> Suit | None:
        upcard = self.record.upcard
        if upcard is not None and upcard.suit is not None:
            return upcard.suit
        if self.record.contract is not None:
            return self.record.contract.trump
        if upcard is None:
            possible = self.possible_trumps()
            if len(possible) == 1:
                return possible[0]
        return None

    def possible_trumps(self) -> tuple[Suit, ...]:
        """The suits an unreported upcard may have: those with a card of the deck that the
        record gives to no seat, that is, deals to nobody and nobody but the dealer plays.
        The joker is not among them (turned up, it has the dealer name trump, and nobody
        orders it up). A record that gives every card away contradicts itself: all four
        suits stay possible."""
        if self._possible_trumps is None:
            given = 0
            for cards in self.dealt.values():
                for card in cards:
                    given |= card.bit
            self.plays_by_seat()
            for card, seats in self._players_of.items():
                if self.dealer not in seats:
                    given |= card.bit
            free = _DECK_BITS[self.rules.deck] & ~given
            possible = tuple(suit for suit in SUITS if free & _PRINTED[suit])
            self._possible_trumps = possible or SUITS
        return self._possible_trumps

    def check_holds_unseen(self, order: tuple[int, int, int], seat: int) -> None:
        """``must_hold_suit`` for an order-up of an unreported upcard: a breach when the
        bidder is proven to hold no card of any suit the upcard may have."""
        if not self.rules.must_hold_suit:
            return
        proven = self.proven_cards(seat)
        if proven is None:
            return
        for suit in self.possible_trumps():
            suit_of = TRUMP_ORDERS[suit].suit_of
            if any(suit_of[c] is suit for c in proven):
                return
        self.flag(order, "must-hold-suit", "must_hold_unseen", seat=seat)

    def call(self, order: tuple[int, int, int], bid: BidEntry) -> None:
        seat = bid.seat
        suit = bid.suit
        assert suit is not None
        upcard = self.record.upcard
        if self.round == 1:
            self.flag(order, "bid-not-allowed", "call_in_round_one", seat=seat, suit=suit)
        elif seat == self.dealer and self.rules.stuck_dealer == "takes-upcard":
            # Whether or not the table wrote the upcard down, the stuck dealer must take it.
            self.flag(
                order,
                "bid-not-allowed",
                "dealer_must_take_not_call"
                if upcard is not None
                else "dealer_must_take_unseen_upcard",
                seat=seat,
                suit=suit,
                upcard=upcard,
            )
        elif (
            upcard is not None and suit is upcard.suit and not self.rules.turned_down_suit_callable
        ):
            self.flag(order, "turned-down-suit", "turned_down_suit", seat=seat, suit=suit)
        self.check_alone(order, bid)
        self.check_holds(order, seat, suit, "call")
        self.make(seat, suit, bid.alone, pickup=False, round_one=False)

    def joker_call(self, order: tuple[int, int, int], bid: BidEntry) -> None:
        seat = bid.seat
        if seat != self.dealer:
            self.flag(order, "out-of-turn", "joker_dealer_first", seat=seat, turn=self.dealer)
            self.turn = self.dealer
            return
        if bid.action != "call":
            code = "dealer-must-call" if bid.action == "pass" else "bid-not-allowed"
            self.flag(order, code, "joker_dealer_names", seat=seat)
            return
        assert bid.suit is not None
        self.check_alone(order, bid)
        self.joker_call_due = False
        self.make(seat, bid.suit, bid.alone, pickup=True, round_one=True)

    def defend_alone(self, order: tuple[int, int, int], seat: int) -> None:
        rules = self.rules
        if self.maker is None:
            self.flag(order, "alone-not-allowed", "defend_before_trump", seat=seat)
            return
        if seat in self.sitting_out():
            self.flag(
                order, "sitting-out", "bid_sitting_out", seat=seat, partner=self.partner(seat)
            )
            return
        if not rules.defend_alone:
            self.flag(order, "alone-not-allowed", "no_defend_alone", seat=seat, rule="defend_alone")
            return
        if rules.team_of(seat) == rules.team_of(self.maker):
            self.flag(order, "alone-not-allowed", "defend_by_maker", seat=seat)
            return
        if not self.alone and not rules.defend_alone_vs_partnership:
            self.flag(
                order,
                "alone-not-allowed",
                "defend_needs_loner",
                seat=seat,
                rule="defend_alone_vs_partnership",
            )
            return
        if self.defender_alone is not None:
            self.flag(
                order, "alone-not-allowed", "defend_twice", seat=seat, other=self.defender_alone
            )
            return
        self.defender_alone = seat

    def redeal(self, order: tuple[int, int, int], seat: int) -> None:
        rules = self.rules
        if rules.poor_hand_redeal == "off":
            self.flag(order, "bad-redeal", "redeal_off", seat=seat)
            return
        if self.round != 1 or self.joker_call_due:
            self.flag(order, "bad-redeal", "redeal_late", seat=seat)
            return
        if seat != self.turn:
            self.flag(order, "out-of-turn", "bid_turn", seat=seat, turn=self.turn)
            return
        spoiler = self.redeal_spoiler(seat)
        if spoiler is not None:
            card, why = spoiler
            self.flag(order, "bad-redeal", f"redeal_{why}", seat=seat, spoiler=card)
            return
        self.thrown_in = True

    def redeal_spoiler(self, seat: int) -> tuple[Card, str] | None:
        """A known card that makes the seat's hand too good for a poor-hand redeal."""
        upcard = self.record.upcard
        for card in self.dealt.get(seat, ()):
            if card.is_face:
                return card, "face"
            if (
                self.rules.poor_hand_redeal == "no-ace-no-face-no-trump"
                and upcard is not None
                and upcard.suit is not None
                and card.suit is upcard.suit
            ):
                return card, "trump"
        return None

    def settle_contract(self) -> None:
        given = self.record.contract
        if given is None:
            return
        if self.thrown_in:
            self.flag((_BIDDING, 1 << 20, 0), "contract-mismatch", "contract_after_throw_in")
            return
        if self.maker is None:
            # The bidding was not reported (or not all of it): the contract says what was made.
            order = (_BIDDING, 1 << 20, 0)
            self.trump = given.trump
            self.maker = given.maker
            self.alone = bool(given.alone) and self.rules.going_alone
            if given.alone and not self.rules.going_alone:
                self.flag(order, "alone-not-allowed", "no_going_alone", seat=given.maker)
            if given.defender_alone is not None:
                self.defend_alone(order, given.defender_alone)
            upcard = self.record.upcard
            if upcard is not None:
                self.picked_up = upcard.is_joker or upcard.suit is given.trump
            else:
                # The upcard unreported: a reported discard says the dealer took it.
                self.picked_up = self.record.discard is not None
            self.ordered_in_round_one = self.picked_up
            return
        derived = (self.trump, self.maker, self.alone, self.defender_alone)
        differs = given.trump is not self.trump or given.maker != self.maker
        if given.alone is not None and given.alone != self.alone:
            differs = True
        if given.defender_alone_given and given.defender_alone != self.defender_alone:
            differs = True
        if differs:
            self.flag(
                (_BIDDING, 1 << 20, 0),
                "contract-mismatch",
                "contract_mismatch",
                given=given,
                derived=derived,
            )

    def flag_plays_before_trump(self) -> None:
        """Cards played with no trump made: the first one is out of turn; the rest can't be judged."""
        for t, trick in enumerate(self.record.tricks):
            if trick:
                seat, card = trick[0]
                self.flag(
                    (_PLAY, 0, 0),
                    "out-of-turn",
                    "play_before_trump",
                    seat=seat,
                    trick=t + 1,
                    card=card,
                )
                return

    def flag_plays_after_throw_in(self) -> None:
        if self.record.tricks and self.record.tricks[0]:
            seat, card = self.record.tricks[0][0]
            self.flag(
                (_PLAY, 0, 0), "out-of-turn", "play_after_throw_in", seat=seat, trick=1, card=card
            )

    def next_bid(self) -> Next:
        seat = self.dealer if self.joker_call_due else self.turn
        return Next(seat, Phase.BIDDING, self.legal_bids(seat))

    def legal_bids(self, seat: int) -> list[str]:
        rules = self.rules
        upcard = self.record.upcard
        alone_too = rules.going_alone
        hand = self.known_full_hand(seat)

        def holds(suit: Suit) -> bool:
            if not rules.must_hold_suit or hand is None:
                return True
            suit_of = TRUMP_ORDERS[suit].suit_of
            return any(suit_of[c] is suit for c in hand)

        def making(name: str) -> list[str]:
            return [name, f"{name}-alone"] if alone_too else [name]

        legal: list[str] = []
        if self.joker_call_due:
            for suit in SUITS:
                legal += making(f"call:{suit.value}")
            return legal
        if self.round == 1:
            legal.append("pass")
            if seat == self.dealer or upcard is None or upcard.suit is None or holds(upcard.suit):
                if rules.partner_must_go_alone and seat == self.partner(self.dealer):
                    legal.append("order-up-alone")
                else:
                    legal += making("order-up")
            if (
                rules.poor_hand_redeal != "off"
                and hand is not None
                and self.redeal_spoiler(seat) is None
            ):
                legal.append("redeal")
            return sorted(legal)
        stuck = seat == self.dealer
        if stuck and rules.stuck_dealer == "takes-upcard":
            return sorted(making("order-up"))
        if not stuck or rules.stuck_dealer == "redeal":
            legal.append("pass")
        for suit in SUITS:
            turned_down = upcard is not None and suit is upcard.suit
            if turned_down and not rules.turned_down_suit_callable:
                continue
            if holds(suit):
                legal += making(f"call:{suit.value}")
        return sorted(legal)

    # -- the discard ----------------------------------------------------------------------

    def pickup_happens(self) -> bool:
        return self.picked_up and self.record.pickup is not False

    def flag_discard_without_pickup(self) -> None:
        """A discard where the reported bids show that nobody ordered the upcard up: the
        bidding is still open, or the hand was thrown in. A record without bids shows
        nothing either way, so its discard is not judged."""
        discard = self.record.discard
        if discard is None or self.record.bids is None:
            return
        key = "discard_after_throw_in" if self.thrown_in else "discard_before_trump"
        self.flag((_DISCARD, 0, 0), "discard-not-allowed", key, seat=self.dealer, card=discard)

    def check_discard(self) -> None:
        record = self.record
        rules = self.rules
        order = (_DISCARD, 0, 0)
        if record.pickup is False and self.picked_up and not rules.dealer_pickup_optional:
            self.flag(
                order,
                "discard-not-allowed",
                "pickup_required",
                seat=self.dealer,
                rule="dealer_pickup_optional",
            )
        discard = record.discard
        if discard is None:
            return
        if not self.pickup_happens():
            self.flag(
                order,
                "discard-not-allowed",
                "discard_without_pickup",
                seat=self.dealer,
                card=discard,
            )
            return
        if discard not in self.deck:
            self.flag(
                order,
                "card-not-in-deck",
                "not_in_deck",
                seat=self.dealer,
                card=discard,
                size=rules.deck,
            )
        if discard is record.upcard:
            if not rules.dealer_may_discard_upcard:
                self.flag(
                    order, "discard-not-allowed", "discard_upcard", seat=self.dealer, card=discard
                )
            return
        owner = self.owner_of(discard)
        if owner is not None and owner != self.dealer:
            self.flag(
                order,
                "card-not-held",
                "discard_dealt_elsewhere",
                seat=self.dealer,
                card=discard,
                other=owner,
            )
        elif (
            owner is None
            and self.known_full_hand(self.dealer) is not None
            # Else the discard may be the unreported upcard, a card of the trump suit.
            and (
                record.upcard is not None
                or (self.trump is not None and discard.suit is not self.trump)
            )
        ):
            self.flag(order, "card-not-held", "discard_not_in_hand", seat=self.dealer, card=discard)

    # -- play with trump unknown ----------------------------------------------------------

    def play_every_trump(
        self,
    ) -> tuple[list[TrickResult], int | None, Award | None, Next | None]:
        """The tricks when an order-up's upcard was not reported: judged once under each suit
        the upcard may have. What holds under every one of them is ruled: a breach found in
        every run, a trick's winner, the makers' tricks, who acts next and what that seat
        may play. A renege so ruled fixes the award when every run gives the same one;
        otherwise the award waits for the trump suit."""
        before = self.pending
        runs: list[_Run] = []
        for suit in self.possible_trumps():
            self.trump, self.pending = suit, []
            play = _Play(self)
            tricks, renege, _ = play.run()
            runs.append(_Run(play, tricks, renege, self.pending))
        self.trump, self.pending = None, before
        first, others = runs[0], runs[1:]
        tricks = [
            TrickResult(
                _same([run.tricks[t].leader for run in runs]),
                _same([run.tricks[t].winner for run in runs]),
                trick.plays,
            )
            for t, trick in enumerate(first.tricks)
        ]
        breaches = [{_breach(p): p for p in run.pending} for run in others]
        renege_ruled = False
        for pending in first.pending:
            key = _breach(pending)
            if all(key in found for found in breaches):
                variants = [pending] + [found[key] for found in breaches]
                self.pending.append(_ruled_under_every_trump(variants, tricks))
                renege_ruled = renege_ruled or pending.code == "renege"
        maker_tricks = _same([run.play.maker_tricks for run in runs])
        award = None
        if renege_ruled and not any(run.play.unseen_renege_possible() for run in runs):
            award = _same([run.renege for run in runs])
        if award is not None or first.play.finished:
            return tricks, maker_tricks, award, None
        nexts = [
            run.play.next_play(run.tricks, run.play.open_trick, run.play.next_leader)
            for run in runs
        ]
        next_up = None
        if _same([(n.seat, n.phase) for n in nexts]) is not None:
            next_up = Next(nexts[0].seat, nexts[0].phase, _same([n.legal for n in nexts]))
        return tricks, maker_tricks, None, next_up


@dataclass(frozen=True, slots=True)
class _Run:
    """The tricks judged under one suit the unreported upcard may have."""

    play: _Play
    tricks: list[TrickResult]
    renege: Award | None
    pending: list[_Pending]


def _same(values: list[Any]) -> Any:
    """The value every possible trump gives, or None when they differ."""
    return values[0] if all(v == values[0] for v in values) else None


def _breach(pending: _Pending) -> tuple[object, ...]:
    """A breach as the same one found under another trump."""
    return (pending.order, pending.code, pending.seat, pending.trick, pending.card)


def _ruled_under_every_trump(variants: list[_Pending], tricks: list[TrickResult]) -> _Pending:
    """One breach found under every possible trump, told in words true under each: a renege
    names the card led and every card that proves it; a wrong lead whose rightful leader
    depends on trump does not name one."""
    first = variants[0]
    if first.code == "renege":
        trick = first.trick
        assert trick is not None
        held: list[tuple[Card, int | None]] = []
        for variant in variants:
            evidence = (variant.params["held"], variant.params["shown_in"])
            if evidence not in held:
                held.append(evidence)
        params = dict(first.params, lead=tricks[trick - 1].plays[0][1], held=held)
        return _Pending(
            first.order,
            first.code,
            first.seat,
            trick,
            first.card,
            "renege_any_trump",
            params,
            first.rule,
        )
    if first.code == "wrong-lead" and any(
        v.params["leader"] != first.params["leader"] for v in variants
    ):
        return _Pending(
            first.order,
            first.code,
            first.seat,
            first.trick,
            first.card,
            "wrong_lead_any_trump",
            first.params,
            first.rule,
        )
    return first


# Each deck as card bits, and the cards printed with each suit.
_DECK_BITS: Final = {size: sum(c.bit for c in deck(size)) for size in (24, 25, 32)}
_PRINTED: Final = {suit: sum(c.bit for c in ALL_CARDS if c.suit is suit) for suit in SUITS}
_BIT: Final = attrgetter("bit")


def _cards_played(tricks: list[TrickResult], seat: int) -> int:
    return sum(1 for trick in tricks for s, _ in trick.plays if s == seat)


@dataclass(frozen=True, slots=True)
class _Seating:
    """Who plays a hand and in what order, once the contract is known."""

    out: frozenset[int]
    active: list[int]
    # For each possible leader, the seats that play to a trick, in order.
    orders: dict[int, list[int]]
    # For each seat, whether it is on the makers' side.
    makers: list[bool]
    first_leader: int
    why: str  # why that seat leads the first trick (a message key)


class _Tables:
    """What the referee works out once for a ruleset and reuses for every hand under it: its
    deck, each seating (for a dealer and a contract) and each award."""

    __slots__ = ("_awards", "_seatings", "deck", "rules")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.deck = deck(rules.deck)
        self._seatings: dict[tuple[int, int | None, bool, int | None, bool], _Seating] = {}
        self._awards: dict[tuple[int, int, bool, int | None], Award] = {}

    def seating(self, judge: _Judge) -> _Seating:
        key = (
            judge.dealer,
            judge.maker,
            judge.alone,
            judge.defender_alone,
            judge.ordered_in_round_one,
        )
        seating = self._seatings.get(key)
        if seating is None:
            seating = self._seatings[key] = _seat(judge)
        return seating

    def award(
        self, maker: int, maker_tricks: int, alone: bool, defender_alone: int | None
    ) -> Award:
        key = (maker, maker_tricks, alone, defender_alone)
        award = self._awards.get(key)
        if award is None:
            award = self._awards[key] = award_for(
                self.rules,
                maker=maker,
                maker_tricks=maker_tricks,
                alone=alone,
                defender_alone=defender_alone,
            )
        return award


# By the ruleset object's id. Each entry keeps its ruleset alive, so an id is never reused
# for another ruleset while its entry stands.
_TABLES: dict[int, _Tables] = {}


def _tables(rules: Ruleset) -> _Tables:
    tables = _TABLES.get(id(rules))
    if tables is None:
        if len(_TABLES) >= 4096:
            _TABLES.clear()
        tables = _TABLES[id(rules)] = _Tables(rules)
    return tables


_CONTRACTS: dict[tuple[Suit | None, int, bool, int | None], Contract] = {}


def _contract(trump: Suit | None, maker: int, alone: bool, defender_alone: int | None) -> Contract:
    """Contracts are values: one object for each."""
    key = (trump, maker, alone, defender_alone)
    contract = _CONTRACTS.get(key)
    if contract is None:
        contract = _CONTRACTS[key] = Contract(trump, maker, alone, defender_alone)
    return contract


def _seat(judge: _Judge) -> _Seating:
    rules, players, maker = judge.rules, judge.players, judge.maker
    assert maker is not None
    out = frozenset(judge.sitting_out())

    def left_of(seat: int) -> int:
        """The next seat clockwise that plays."""
        return next(
            (s for s in ((seat + i) % players for i in range(1, players + 1)) if s not in out), seat
        )

    if judge.alone and rules.canadian_loner and judge.ordered_in_round_one:
        first, why = left_of(maker), "canadian_loner"
    elif judge.alone and rules.loner_lead == "left-of-loner":
        first, why = left_of(maker), "left_of_loner"
    else:
        first, why = left_of(judge.dealer), "left_of_dealer"
    team = rules.team_of(maker)
    return _Seating(
        out=out,
        active=[s for s in range(players) if s not in out],
        orders={
            leader: [s for s in ((leader + i) % players for i in range(players)) if s not in out]
            for leader in range(players)
        },
        makers=[rules.team_of(seat) == team for seat in range(players)],
        first_leader=first,
        why=why,
    )


class _Play:
    """The tricks under one trump suit: turn order, the lead, following suit, who wins, and
    the renege rule.

    Sets of cards are integers, one bit per card (``Card.bit``): what each seat may play
    without a closer look, what it is proven to hold, what has been played."""

    def __init__(self, judge: _Judge) -> None:
        self.j = judge
        record = judge.record
        rules = judge.rules
        assert judge.maker is not None and judge.trump is not None
        self.trump = judge.trump
        self.order = order = TRUMP_ORDERS[judge.trump]
        self.suit_of, self.members, self.powers = order.suit_of, order.members, order.powers
        self.maker: int = judge.maker
        players = rules.players
        self.seating = seating = judge.tables.seating(judge)
        self.out, self.active, self.orders = seating.out, seating.active, seating.orders
        self.finished = False
        # Tricks the makers won so far.
        self.maker_tricks = 0
        self.renege: Award | None = None
        self.renege_at = -1  # the first renege's place in the hand
        self.dealer_took_upcard = took = judge.pickup_happens()
        self.upcard = upcard = record.upcard
        self.discard = discard = record.discard if took else None
        # The dealer who took an unreported upcard may play cards beyond its reported hand:
        # any of them of the trump suit may be the upcard.
        self.upcard_unseen = took and upcard is None
        self._beyond_hand: int | None = None
        # What each seat is proven to hold when play starts, as bits (the cards as a list:
        # ``holding``): the cards of the deck dealt to it; the dealer who took the upcard
        # keeps the upcard and loses the discard.
        owned = judge.owned
        self.held = held = list(owned)
        dealer = judge.dealer
        if took:
            if discard is None:
                held[dealer] = 0
            else:
                held[dealer] &= ~discard.bit
                if upcard is not None and upcard is not discard:
                    held[dealer] |= upcard.bit
        # Seats whose whole dealt hand is reported.
        dealt = judge.dealt
        whole = [len(dealt.get(seat, ())) == HAND_SIZE for seat in range(players)]
        # Seats whose cards at the start of play are all proven: a later play proves nothing
        # more. Not the dealer who took the upcard and reported no discard.
        self.complete = list(whole)
        if took and discard is None:
            self.complete[dealer] = False
        # What each seat may play with no card check: a card of the deck dealt to it, and,
        # for a seat whose hand is not fully reported, any card of the deck dealt to no one;
        # never the upcard or the discard, except the upcard for the dealer who kept it.
        unusual = (0 if upcard is None else upcard.bit) | (0 if discard is None else discard.bit)
        deck_bits = _DECK_BITS[rules.deck]
        anyones = deck_bits & ~unusual & ~sum(owned)
        self.playable = [
            (mine | (0 if reported else anyones)) & ~unusual
            for mine, reported in zip(owned, whole, strict=True)
        ]
        if took and upcard is not None and upcard is not discard and upcard.bit & deck_bits:
            self.playable[dealer] |= upcard.bit

    def shows(self, seat: int, card: Card) -> bool:
        """Whether the seat's play of this card proves that it held it: nothing in the record
        disputes it (``_Judge.shown_by_play``), and it is not a card the dealer plays beyond
        its fully reported hand other than the upcard (the unreported upcard may be among
        them, or one of them is not held)."""
        if not self.j.shown_by_play(seat, card):
            return False
        if seat != self.j.dealer:
            return True
        if self._beyond_hand is None:
            j = self.j
            dealt = j.dealt.get(j.dealer, ())
            self._beyond_hand = 0
            if len(dealt) == HAND_SIZE:
                for _, played in j.plays_by_seat().get(j.dealer, ()):
                    if played not in dealt and played is not self.upcard:
                        self._beyond_hand |= played.bit
        return not card.bit & self._beyond_hand

    def holding(self, seat: int) -> list[Card] | None:
        """The cards the seat is proven to hold when play starts, in the record's order (None:
        not even partly known)."""
        j = self.j
        if seat != j.dealer or not self.dealer_took_upcard:
            return j.dealt.get(seat)
        # The dealer's cards after taking the upcard: dealt cards and upcard, less the
        # discard. None with no discard reported: any of them could have been it.
        if self.discard is None:
            return None
        kept = [c for c in j.dealt.get(j.dealer, ()) if c is not self.discard]
        if self.upcard is not None and self.upcard is not self.discard:
            kept.append(self.upcard)
        return kept

    def known_hand(self, seat: int) -> list[Card] | None:
        """The seat's five cards when play began, when the record shows every one of them.

        They are its reported dealt cards (for the dealer who took the upcard: with the
        upcard, less the reported discard) and the cards it plays. A card the record disputes
        counts for nothing: one another seat plays or was dealt, the upcard or the discard
        where they are not this seat's to hold, a card played twice."""
        j = self.j
        takes_upcard = seat == j.dealer and self.dealer_took_upcard
        known: list[Card] = []
        # With no discard reported the dealer's holding is None: any of its cards could
        # have been the discard.
        for card in self.holding(seat) or ():
            if (
                card not in known
                and j.owner_of(card) in (None, seat)
                and not j.played_by_another(seat, card)
                and (card is not self.upcard or takes_upcard)
                and card is not j.record.discard
            ):
                known.append(card)
        if not self.complete[seat]:
            # (A seat whose cards are all reported learns nothing from its plays: a card
            # beyond them is not held.)
            for _, card in j.plays_by_seat().get(seat, ()):
                if card not in known and self.shows(seat, card):
                    known.append(card)
        return known if len(known) == HAND_SIZE else None

    def run(self) -> tuple[list[TrickResult], Award | None, Next | None]:
        record = self.j.record
        why = self.seating.why
        leader = self.seating.first_leader
        results: list[TrickResult] = []
        played = 0
        position = 0
        suit_of = self.suit_of
        members = self.members
        powers = self.powers
        playable = self.playable
        held = self.held
        complete = self.complete
        active_count = len(self.active)
        last_trick = len(record.tricks) - 1
        closed_tricks = 0
        current: TrickResult | None = None
        for t, trick in enumerate(record.tricks):
            number = t + 1
            seats_in_order = self.orders[leader]
            plays: list[tuple[int, Card]] = []
            led: Suit | None = None
            following = 0
            power: dict[Card, int] = {}
            best = -1
            winner = -1
            regular = t < HAND_SIZE
            count = 0
            for play in trick:
                seat, card = play
                position += 1
                bit = card.bit
                if (
                    regular
                    and count < active_count
                    and seats_in_order[count] == seat
                    and playable[seat] & bit
                    and not played & bit
                ):
                    # The usual case: the right seat plays a card it may hold, not yet played.
                    if led is None:
                        led = suit_of[card]
                        following = members[led]
                        power = powers[led]
                    elif not bit & following and (
                        held[seat] & following & ~played or not complete[seat]
                    ):
                        self.check_follow(
                            (_PLAY, position - 1, 0), seat, card, led, number, position - 1, played
                        )
                    strength = power[card]
                    if strength > best:
                        best, winner = strength, seat
                    played |= bit
                    plays.append(play)
                    count += 1
                    continue
                regular = False
                seats_in_order, led, played = self.irregular_play(
                    position - 1,
                    seat,
                    card,
                    number,
                    why if t == 0 else "won_last",
                    plays,
                    seats_in_order,
                    led,
                    results,
                    played,
                )
                count = len(plays)
            if plays and (len(plays) == active_count or t < last_trick):
                closed_tricks += 1
                leader = self.close_trick(
                    position, number, plays, seats_in_order, winner if regular else None
                )
                results.append(TrickResult(plays[0][0], leader, plays))
                current = None
            else:
                current = TrickResult(plays[0][0] if plays else leader, None, plays)
                results.append(current)
        self.finished = closed_tricks >= HAND_SIZE
        self.open_trick, self.next_leader = current, leader
        next_up: Next | None = None
        if not self.finished and self.renege is None:
            next_up = self.next_play(results, current, leader)
        return results, self.renege, next_up

    def irregular_play(
        self,
        position: int,
        seat: int,
        card: Card,
        number: int,
        why: str,
        plays: list[tuple[int, Card]],
        seats_in_order: list[int],
        led: Suit | None,
        results: list[TrickResult],
        played: int,
    ) -> tuple[list[int], Suit | None, int]:
        """A play off the usual path: judge its seat, its turn and its card, and count it in
        the trick unless it cannot be part of one. Returns the trick's seat order (a wrong
        lead restarts it from the seat that led), its led suit and the cards played."""
        j = self.j
        order = (_PLAY, position, 0)
        done = [s for s, _ in plays]
        if seat in self.out:
            j.flag(
                order,
                "sitting-out",
                "play_sitting_out",
                seat=seat,
                trick=number,
                card=card,
                partner=j.partner(seat),
            )
            return seats_in_order, led, played
        if len(plays) >= len(self.active):
            j.flag(order, "too-many-cards", "trick_too_long", seat=seat, trick=number, card=card)
            return seats_in_order, led, played
        if seat in done:
            j.flag(order, "out-of-turn", "play_twice", seat=seat, trick=number, card=card)
            return seats_in_order, led, played
        if _cards_played(results, seat) >= HAND_SIZE:
            j.flag(order, "too-many-cards", "hand_too_long", seat=seat, trick=number, card=card)
            return seats_in_order, led, played
        expected = next(s for s in seats_in_order if s not in done)
        if seat != expected:
            if not plays:
                j.flag(
                    order,
                    "wrong-lead",
                    "wrong_lead",
                    seat=seat,
                    trick=number,
                    card=card,
                    leader=expected,
                    why=why,
                )
                # Play goes on clockwise from the seat that did lead.
                seats_in_order = self.orders[seat]
            else:
                j.flag(
                    order,
                    "out-of-turn",
                    "play_turn",
                    seat=seat,
                    trick=number,
                    card=card,
                    turn=expected,
                )
        self.check_card(order, seat, card, number, played)
        if led is None:
            led = self.suit_of[card]
        elif self.suit_of[card] is not led:
            self.check_follow(order, seat, card, led, number, position, played)
        plays.append((seat, card))
        return seats_in_order, led, played | card.bit

    def close_trick(
        self,
        position: int,
        number: int,
        plays: list[tuple[int, Card]],
        seats_in_order: list[int],
        winner: int | None,
    ) -> int:
        """Close a trick: a seat that did not play to it is out of turn; its winner (already
        found for a regular trick) takes it for its side."""
        if len(plays) < len(self.active):
            done = [s for s, _ in plays]
            for seat in seats_in_order:
                if seat not in done:
                    self.j.flag(
                        (_PLAY, position - 1, 1 + seat),
                        "out-of-turn",
                        "trick_closed_early",
                        seat=seat,
                        trick=number,
                    )
        if winner is None:
            power = self.powers[self.suit_of[plays[0][1]]]
            winner, best = plays[0][0], -1
            for seat, card in plays:
                if power[card] > best:
                    winner, best = seat, power[card]
        if self.seating.makers[winner]:
            self.maker_tricks += 1
        return winner

    def check_card(
        self, order: tuple[int, int, int], seat: int, card: Card, trick: int, played: int
    ) -> None:
        j = self.j
        if card not in j.deck:
            j.flag(
                order,
                "card-not-in-deck",
                "not_in_deck",
                seat=seat,
                trick=trick,
                card=card,
                size=j.rules.deck,
            )
        if played & card.bit:
            j.flag(order, "card-reused", "played_twice", seat=seat, trick=trick, card=card)
            return
        upcard = self.upcard
        if card is upcard:
            if not self.dealer_took_upcard:
                j.flag(
                    order, "card-not-held", "upcard_turned_down", seat=seat, trick=trick, card=card
                )
            elif seat != j.dealer:
                j.flag(
                    order,
                    "card-not-held",
                    "upcard_taken",
                    seat=seat,
                    trick=trick,
                    card=card,
                    dealer=j.dealer,
                )
            elif card is self.discard:
                j.flag(order, "card-not-held", "discarded", seat=seat, trick=trick, card=card)
            return
        if card is self.discard:
            j.flag(
                order,
                "card-not-held",
                "discarded",
                seat=seat,
                trick=trick,
                card=card,
                dealer=j.dealer,
            )
            return
        owner = j.owner_of(card)
        if owner is not None:
            if owner != seat:
                j.flag(
                    order,
                    "card-not-held",
                    "dealt_elsewhere",
                    seat=seat,
                    trick=trick,
                    card=card,
                    other=owner,
                )
            return
        if j.known_full_hand(seat) is None:
            return
        if self.upcard_unseen and seat == j.dealer and card.suit is self.trump:
            # It may be the unreported upcard: which card of the trump suit that was, the
            # record does not say.
            return
        j.flag(
            order,
            "card-not-held",
            "not_in_hand",
            seat=seat,
            trick=trick,
            card=card,
            hand=j.dealt[seat],
        )

    def check_follow(
        self,
        order: tuple[int, int, int],
        seat: int,
        card: Card,
        led: Suit,
        trick: int,
        position: int,
        played: int,
    ) -> None:
        """Rule a renege when the seat is proven to hold a card of the led suit now: a
        proven card not yet played, or (for a seat whose hand is not fully reported) an
        undisputed card of that suit it plays later."""
        j = self.j
        trump_order = self.order
        suit_of = trump_order.suit_of
        evidence: tuple[Card, int | None] | None = None
        still_held = self.held[seat] & ~played
        if still_held & trump_order.members[led]:
            for held in self.holding(seat) or ():
                if held.bit & still_held and suit_of[held] is led:
                    evidence = (held, None)
                    break
        if evidence is None and not self.complete[seat]:
            for pos, later in j.plays_by_seat().get(seat, ()):
                if (
                    pos > position
                    and suit_of[later] is led
                    and later is not card
                    and self.shows(seat, later)
                ):
                    evidence = (later, self.trick_of(pos))
                    break
        if evidence is None:
            return
        held, shown_in = evidence
        j.flag(
            order,
            "renege",
            "renege",
            seat=seat,
            trick=trick,
            card=card,
            led=led,
            held=held,
            shown_in=shown_in,
            trump=self.trump,
            left_bower=held is trump_order.left_bower or card is trump_order.left_bower,
            played_left=card is trump_order.left_bower,
            played_joker=card.is_joker,
            held_joker=held.is_joker,
        )
        if self.renege is None:
            self.renege_at = position
            self.renege = renege_award(
                j.rules,
                offender=seat,
                maker=self.maker,
                anyone_alone=j.alone or j.defender_alone is not None,
            )

    def unseen_renege_possible(self) -> bool:
        """Whether the dealer may have reneged before the first renege ruled, proven only by
        the unreported upcard (a trump it held): it played a card of another suit to a trump
        lead. Only a renege by the other side would change the award."""
        j = self.j
        if not self.upcard_unseen or self.renege is None:
            return False
        if self.renege == renege_award(
            j.rules,
            offender=j.dealer,
            maker=self.maker,
            anyone_alone=j.alone or j.defender_alone is not None,
        ):
            return False
        suit_of, trump = self.suit_of, self.trump
        position = 0
        for trick in j.record.tricks:
            for seat, card in trick:
                if position >= self.renege_at:
                    return False
                if (
                    seat == j.dealer
                    and suit_of[trick[0][1]] is trump
                    and suit_of[card] is not trump
                ):
                    return True
                position += 1
        return False

    def trick_of(self, position: int) -> int:
        count = 0
        for t, trick in enumerate(self.j.record.tricks):
            count += len(trick)
            if position < count:
                return t + 1
        return len(self.j.record.tricks)

    def next_play(
        self, results: list[TrickResult], current: TrickResult | None, leader: int
    ) -> Next:
        """Who plays next and, when all of that seat's cards are known, its legal cards."""
        j = self.j
        if (
            not j.record.tricks
            and j.record.discard is None
            and self.dealer_took_upcard
            and j.dealer not in self.out
        ):
            return Next(j.dealer, Phase.DISCARD, self.legal_discards())
        led: Suit | None = None
        if current is not None and current.plays:
            done = {s for s, _ in current.plays}
            start = current.plays[0][0]
            seat = next((s for s in self.orders[start] if s not in done), start)
            led = self.suit_of[current.plays[0][1]]
        else:
            seat = leader
        return Next(seat, Phase.PLAY, self.legal_cards(seat, results, led))

    def legal_cards(
        self, seat: int, results: list[TrickResult], led: Suit | None
    ) -> list[str] | None:
        """The cards the seat may play now, or None when they are not all known."""
        hand = self.known_hand(seat)
        if hand is None:
            return None
        own = [c for trick in results for s, c in trick.plays if s == seat]
        remaining = [c for c in hand if c not in own]
        if len(remaining) != HAND_SIZE - len(own):
            return None  # the record plays cards this seat's known hand does not have
        if led is not None:
            following = [c for c in remaining if self.suit_of[c] is led]
            if following:
                remaining = following
        return sorted(c.code for c in remaining)

    def legal_discards(self) -> list[str] | None:
        """The dealer's legal discards, when the dealt hand and the upcard are known."""
        j = self.j
        hand = j.known_full_hand(j.dealer)
        if hand is None or self.upcard is None:
            return None
        if any(j.owner_of(c) != j.dealer for c in hand):
            return None  # a card the record also gives to another seat, or the upcard
        options = list(hand)
        if j.rules.dealer_may_discard_upcard:
            options.append(self.upcard)
        return sorted(c.code for c in options)
