"""Who plays a hand and in what order once the contract is known, and what the referee works
out once for a ruleset and reuses for every hand under it (its seatings and its awards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .actions import Bid
from .cards import DECK_BITS, Card, Suit, deck
from .rules import Ruleset
from .scoring import Award, award_for
from .verdict import Contract


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays a hand and in what order, once the contract is known."""

    out: frozenset[int]
    active: list[int]
    # For each possible leader, the seats that play to a trick, in order.
    orders: dict[int, list[int]]
    # For each seat, whether it is on the makers' side.
    makers: list[bool]
    first_leader: int
    why: str  # why that seat leads the first trick (a message key)


def sitting_out(rules: Ruleset, maker: int | None, alone: bool, defender: int | None) -> set[int]:
    """The seats that sit out: a lone maker's partners and a lone defender's."""
    out: set[int] = set()
    if alone and maker is not None:
        out.update(rules.partners_of(maker))
    if defender is not None:
        out.update(rules.partners_of(defender))
    return out


def _seating(
    rules: Ruleset, dealer: int, maker: int, alone: bool, defender: int | None, round_one: bool
) -> Seating:
    players = rules.players
    out = frozenset(sitting_out(rules, maker, alone, defender))

    def left_of(seat: int) -> int:
        """The next seat clockwise that plays."""
        return next(
            (s for s in ((seat + i) % players for i in range(1, players + 1)) if s not in out), seat
        )

    if rules.auction:
        first, why = maker, "maker_leads"
    elif alone and rules.canadian_loner and round_one:
        first, why = left_of(maker), "canadian_loner"
    elif alone and rules.loner_lead == "left-of-loner":
        first, why = left_of(maker), "left_of_loner"
    else:
        first, why = left_of(dealer), "left_of_dealer"
    team = rules.team_of(maker)
    return Seating(
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


class Tables:
    """What the referee works out once for a ruleset and reuses for every hand under it: its
    deck, each seating (for a dealer and a contract) and each award."""

    __slots__ = (
        "_awards",
        "_seatings",
        "auction",
        "deck",
        "deck_bits",
        "exchanges",
        "hand_size",
        "legal_bids",
        "rules",
    )

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.deck: frozenset[Card] = deck(rules.deck)
        self.deck_bits: int = DECK_BITS[rules.deck]
        self.hand_size: int = rules.hand_size
        self.auction: bool = rules.auction
        # Whether some lone hand has an exchange: calling for best, or a moon's.
        self.exchanges: bool = rules.call_for_best != "off" or (
            rules.auction and rules.lone_bids != "none" and rules.moon_exchange > 0
        )
        self._seatings: dict[tuple[int, int, bool, int | None, bool], Seating] = {}
        self._awards: dict[tuple[object, ...], Award] = {}
        # The legal bids of each situation of the bidding (``bidding.legal_bids``).
        self.legal_bids: dict[tuple[object, ...], tuple[Bid, ...]] = {}

    def seating(
        self, dealer: int, maker: int, alone: bool, defender: int | None, round_one: bool
    ) -> Seating:
        key = (dealer, maker, alone, defender, round_one)
        seating = self._seatings.get(key)
        if seating is None:
            seating = self._seatings[key] = _seating(self.rules, *key)
        return seating

    def award(
        self,
        maker: int,
        maker_tricks: int,
        alone: bool,
        defender_alone: int | None,
        bid: int | None = None,
        lone_bid: str | None = None,
    ) -> Award:
        key = (maker, maker_tricks, alone, defender_alone, bid, lone_bid)
        award = self._awards.get(key)
        if award is None:
            award = self._awards[key] = award_for(
                self.rules,
                maker=maker,
                maker_tricks=maker_tricks,
                alone=alone,
                defender_alone=defender_alone,
                bid=bid,
                lone_bid=lone_bid,
            )
        return award


# By the ruleset object's id. Each entry keeps its ruleset alive, so an id is never reused
# for another ruleset while its entry stands.
_TABLES: dict[int, Tables] = {}


def tables_of(rules: Ruleset) -> Tables:
    tables = _TABLES.get(id(rules))
    if tables is None:
        if len(_TABLES) >= 4096:
            _TABLES.clear()
        tables = _TABLES[id(rules)] = Tables(rules)
    return tables


_CONTRACTS: Final[dict[tuple[object, ...], Contract]] = {}


def contract_of(
    trump: Suit | None,
    maker: int,
    alone: bool,
    defender_alone: int | None,
    no_trump: str | None = None,
    bid: int | None = None,
    lone_bid: str | None = None,
    auction: bool = False,
) -> Contract:
    """Contracts are values: one object for each."""
    key = (trump, maker, alone, defender_alone, no_trump, bid, lone_bid, auction)
    contract = _CONTRACTS.get(key)
    if contract is None:
        contract = _CONTRACTS[key] = Contract(*key)
    return contract
