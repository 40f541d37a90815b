"""Where a hand stands: what a verdict says besides its breaches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .actions import Action
from .scoring import Award
from .verdict import Next, Phase, TrickResult

if TYPE_CHECKING:
    from .play import Tricks


class Outcome(NamedTuple):
    """Its tricks, the makers' tricks, whether it is over, its award and who acts next."""

    tricks: list[TrickResult]
    maker_tricks: int | None
    complete: bool
    award: Award | None
    next: Next | None


def results(tricks: Tricks) -> list[TrickResult]:
    """Every trick so far, the one in play last."""
    current = tricks.open_trick()
    return tricks.results if current is None else [*tricks.results, current]


def words_of(upcoming: tuple[Phase, int, Sequence[Action] | None]) -> Next:
    """Who acts next, with the legal moves written as a verdict writes them."""
    phase, seat, legal = upcoming
    return Next(seat, phase, None if legal is None else [action.word for action in legal])
