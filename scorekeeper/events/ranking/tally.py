"""What each seat did in a table's hands, read from the referee's awards (no points computed).

A hand's award says why it scored (`make`, `march`, `lone-make`, `lone-march`, `euchre`,
`lone-euchre`, `defend-alone-euchre`, `renege`, `thrown-in`); together with the maker seat
and the alone calls that tells who made, marched or was euchred as maker, who euchred the
makers as a defender, and who tried and made a loner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from referee.rules import PARTNERSHIP_SHAPES

# Bid Euchre's results count as their turn-up kin: a made bid (or moon, or loner) as made, a
# set as euchred, a moon or loner made as a loner made (docs/rules.md).
MADE: Final = frozenset({"make", "lone-make", "bid-made", "moon-made", "loner-made"})
MARCHED: Final = frozenset({"march", "lone-march"})
EUCHRED: Final = frozenset(
    {"euchre", "lone-euchre", "defend-alone-euchre", "bid-set", "moon-set", "loner-set"}
)
LONER_MADE: Final = frozenset({"lone-make", "lone-march", "moon-made", "loner-made"})
SEATS: Final = 4


@dataclass
class SeatTally:
    hands: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    euchres: int = 0
    loners_tried: int = 0
    loners_made: int = 0


@dataclass(frozen=True)
class HandFacts:
    """What the tally needs of one hand: the maker seat, the alone calls and the award."""

    reason: str
    maker: int | None = None
    alone: bool = False
    defender_alone: int | None = None
    counts: bool = True  # a poor-hand redeal is dealt again and is not a hand of the round

    @classmethod
    def of(cls, hand: Any) -> HandFacts:
        """From a scorekeeper `Hand` (or anything with its fields)."""
        return cls(
            reason=str(hand.award.get("reason", "")),
            maker=hand.maker,
            alone=bool(hand.alone),
            defender_alone=hand.defender_alone,
            counts=hand.kind != "redeal",
        )


def no_tallies(size: int = SEATS) -> list[SeatTally]:
    """A table's seats with nothing tallied (a result entered as totals)."""
    return [SeatTally() for _ in range(size)]


def tally_hands(hands: Iterable[HandFacts], size: int = SEATS) -> list[SeatTally]:
    """Per seat of a table of ``size`` (its sides as the referee seats them: 0 and 2 against
    1 and 3 at four)."""
    seats = no_tallies(size)
    for hand in hands:
        if not hand.counts:
            continue
        for tally in seats:
            tally.hands += 1
        if hand.maker is None:
            continue
        maker = seats[hand.maker]
        maker.made += hand.reason in MADE
        maker.marched += hand.reason in MARCHED
        maker.euchred += hand.reason in EUCHRED
        if hand.alone:
            maker.loners_tried += 1
            maker.loners_made += hand.reason in LONER_MADE
        if hand.reason in EUCHRED:
            if hand.defender_alone is not None:
                defenders = [hand.defender_alone]
            else:
                table = PARTNERSHIP_SHAPES[size]
                makers = table.team_of(hand.maker)
                defenders = [s for s in range(size) if table.team_of(s) != makers]
            for defender in defenders:
                seats[defender].euchres += 1
    return seats
