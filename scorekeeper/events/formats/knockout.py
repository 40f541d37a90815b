"""A knockout of fixed partnerships (the `bracket` format): single or double elimination, a
match for third, matches of one game or the best of three (`planning.knockout`). A game
needs a winner, and its winner stays once the bracket has moved on."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.formats.base import (
    HANDS,
    EventLike,
    FormatBase,
    Night,
    OptionField,
    Page,
    Seating,
)
from scorekeeper.events.formats.round_robin import seeded, team_table
from scorekeeper.events.planning import knockout


@dataclass(frozen=True)
class KnockoutOptions:
    knockout: str = knockout.SINGLE
    third_place: bool = False
    best_of: int = 1
    grand_final_reset: bool = True


def bracket_options(options: KnockoutOptions) -> knockout.Options:
    return knockout.Options(
        kind=options.knockout,
        third_place=options.third_place,
        best_of=options.best_of,
        reset=options.grand_final_reset,
    )


def drawn(event: EventLike) -> list[int]:
    """The teams drawn when the first round was seated, best seed first ([] before)."""
    plan = event.plan if isinstance(event.plan, dict) else {}
    teams = plan.get("bracket")
    return [int(team) for team in teams] if isinstance(teams, list) else []


class Knockout(FormatBase[KnockoutOptions]):
    name = "bracket"
    title = gettext_lazy("fixed partners, knockout")
    options_type = KnockoutOptions
    teams = True
    rounds_follow = True
    winner_required = True
    winner_stands = True
    side_prizes_given = False
    pages = (Page("bracket", "event-bracket-page", gettext_lazy("Bracket")),)
    locked_refusal = (
        gettext_lazy("The bracket is drawn: its options stay as they are."),
        "bracket-drawn",
    )
    fields = (
        OptionField(
            "knockout",
            "choice",
            gettext_lazy("Elimination"),
            "Single elimination (one loss and out) or double (two).",
            default=knockout.SINGLE,
            choices=(
                (knockout.SINGLE, gettext_lazy("single: one loss and out")),
                (knockout.DOUBLE, gettext_lazy("double: two losses and out")),
            ),
            code="bad-knockout",
            refusal=gettext_lazy("a knockout is single or double elimination"),
            locked=True,
        ),
        OptionField(
            "best_of",
            "int",
            gettext_lazy("A match is"),
            "A bracket's matches: 1 game, or best of 3.",
            default=1,
            values=knockout.BEST_OF,
            choices=(
                ("1", gettext_lazy("one game")),
                ("3", gettext_lazy("the best of three games")),
            ),
            code="bad-best-of",
            refusal=gettext_lazy("a match is one game or the best of three"),
            locked=True,
        ),
        OptionField(
            "third_place",
            "bool",
            gettext_lazy("A match for third place (single elimination)"),
            "Single elimination: a match for third.",
            default=False,
            code="bad-third-place",
            refusal=gettext_lazy("a match for third place is yes or no"),
            locked=True,
        ),
        OptionField(
            "grand_final_reset",
            "bool",
            gettext_lazy("A second grand final if the winners' champion loses the first"),
            "Double elimination: a second grand final if the winners' champion loses.",
            default=True,
            code="bad-grand-final-reset",
            refusal=gettext_lazy("a grand final reset is yes or no"),
            locked=True,
        ),
    )

    def check(self, options: KnockoutOptions, event: EventLike) -> None:
        """A match for third place only in a single elimination (a double finds third in
        its losers' bracket); a knockout's tables play games, which have a winner."""
        if options.third_place and options.knockout != knockout.SINGLE:
            raise Malformed(
                _("a double elimination finds third place in its losers' bracket"),
                code="bad-third-place",
                field="third_place",
            )
        if event.round_length == HANDS:
            raise Malformed(
                _("a bracket needs a winner at every table: play games, not a number of hands"),
                code="bracket-needs-games",
                field="round_length",
            )

    def rounds_planned(self, event: EventLike) -> int:
        """The most rounds the bracket can take once drawn: its stages, times best_of."""
        teams = drawn(event)
        return knockout.stages(len(teams), bracket_options(self.options(event))) if teams else 0

    def bracket(
        self, event: EventLike, night: Night, teams: list[int] | None = None
    ) -> knockout.Bracket:
        """The knockout of the teams drawn (``teams``, else the event's draw) as the night's
        confirmed games have it."""
        games = [
            knockout.Game(table.match, table.teams, table.points)
            for rnd in night.rounds
            for table in rnd.tables
            if table.match and table.confirmed and table.teams and table.points
        ]
        withdrawn = [team.id for team in night.teams if not team.active]
        options = bracket_options(self.options(event))
        seeds = drawn(event) if teams is None else teams
        return knockout.resolve(seeds, games, options, withdrawn=withdrawn)

    def seating(self, night: Night, event: EventLike) -> Seating:
        """A game of every match of the stage being played (the higher seed, or the
        winners' bracket side, in seats 0 and 2), and the teams that went through since the
        last round without a game (a bye, or a walkover). The first round draws the
        bracket: its teams and seeds are kept in the plan."""
        plan: dict[str, Any] = dict(event.plan or {})
        if night.number == 1:
            teams = seeded(night.active_teams)
            if len(teams) < 2:
                raise Conflict(_("A bracket needs two teams."), code="too-few-teams", field="teams")
            plan = {"bracket": teams}
        bracket = self.bracket(event, night, [int(team) for team in plan["bracket"]])
        if bracket.complete:
            raise Conflict(
                _("The final is played: the bracket is complete."),
                code="schedule-complete",
                field="rounds",
            )
        stage = bracket.stage
        assert stage is not None
        stages = {m.key: m.planned.stage for m in bracket.matches}
        last = night.rounds[-1].tables if night.rounds else ()
        since = max((stages.get(t.match, 0) for t in last), default=0) if night.number > 1 else 0
        byes = [team for s in range(since + 1, stage + 1) for team in bracket.byes_at(s)]
        tables = []
        for match in bracket.to_play:
            first, second = match.sides
            assert first is not None and second is not None
            tables.append(team_table(night, first, second, match.key))
        return Seating(tuple(tables), tuple(byes), plan)
