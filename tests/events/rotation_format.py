"""A format only the tests have: individuals seated in the order they entered, the order
turned by `step` places each round, those left over sitting out. It is what a new format is
(docs/architecture.md, "An event format"): this module and its line in the settings."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.events.formats.base import (
    Column,
    EventLike,
    FormatBase,
    Night,
    PlannedTable,
    Seating,
)
from scorekeeper.events.formats.options import OptionField, rounds_field
from scorekeeper.events.formats.progressive import enough_players


@dataclass(frozen=True)
class RotationOptions:
    rounds_planned: int
    step: int = 1


class Rotation(FormatBase[RotationOptions]):
    name = "rotation"
    title = gettext_lazy("rotation (a test's own)")
    options_type = RotationOptions
    # A figure only its standings show: each player's best single game.
    columns = (
        Column(
            "best_game",
            gettext_lazy("Best game"),
            pgettext_lazy("best game, short", "Best"),
            gettext_lazy("The best single game"),
        ),
    )
    fields = (
        rounds_field(),
        OptionField(
            "step",
            "int",
            gettext_lazy("Places turned a round"),
            "How far the order turns from round to round.",
            default=1,
            minimum=1,
            maximum=3,
            code="bad-step",
            refusal="a step is 1 to 3 places",
        ),
    )

    def seating(self, night: Night, event: EventLike) -> Seating:
        players = list(night.players)
        enough_players(len(players))
        turn = ((night.number - 1) * self.options(event).step) % len(players)
        order = players[turn:] + players[:turn]
        seated = len(order) - len(order) % 4
        tables = tuple(
            PlannedTable((order[i], order[i + 1], order[i + 2], order[i + 3]))
            for i in range(0, seated, 4)
        )
        return Seating(tables, tuple(order[seated:]))
