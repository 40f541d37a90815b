"""A knockout of fixed partnerships (the `bracket` format): single or double elimination, a
match for third, matches of one game or the best of three (`planning.knockout`). A game
needs a winner, and its winner stays once the bracket has moved on."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.formats.base import (
    EventLike,
    FormatBase,
    Night,
    Page,
    Seating,
    Shown,
)
from scorekeeper.events.formats.options import OptionField
from scorekeeper.events.formats.round_robin import seeded, team_table
from scorekeeper.events.planning import knockout
from scorekeeper.events.ranking import standings
from scorekeeper.events.ranking.standings import Bye, Line, Ranked, StandingRow


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
    moved_on_refusal = (
        gettext_lazy(
            "A later round is seated: the bracket has moved on, so this game's winner stays. "
            "Correct the score only."
        ),
        "bracket-moved-on",
    )
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
            gettext_lazy(
                "A second grand final if the winners' champion loses the first (double elimination)"
            ),
            "Double elimination: a second grand final if the winners' champion loses.",
            default=True,
            code="bad-grand-final-reset",
            refusal=gettext_lazy("a grand final reset is yes or no"),
            locked=True,
        ),
    )

    def check(
        self, options: KnockoutOptions, event: EventLike, *, changed: Collection[str] = ()
    ) -> None:
        """A match for third place only in a single elimination (a double finds third in
        its losers' bracket). (Its tables need a winner: they play games, FormatBase.)"""
        if options.third_place and options.knockout != knockout.SINGLE:
            raise Malformed(
                _("a double elimination finds third place in its losers' bracket"),
                code="bad-third-place",
                field=self.at_fault("third_place", "knockout", changed),
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
            knockout.Game(table.match, table.teams, table.points, table.winner)
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

    # Ranking ---------------------------------------------------------------------------------

    def shown(self, event: EventLike) -> Shown:
        return replace(super().shown(event), ranked_by=standings.BRACKET)

    def rank(
        self,
        event: EventLike,
        *,
        rows: Sequence[StandingRow],
        lines: Sequence[Line],
        byes: Sequence[Bye],
        complete: set[int],
    ) -> Ranked:
        """The bracket decides the places it decides: the champion first, the runner-up,
        third, then the teams by the round they went out in, later first, those out in the
        same round sharing a place; the teams still in rank above every team out. Within a
        place (and among the teams still in) match points and the usual tie-breaks order
        them (no tie-break named: the place is shared), and match points stay a column."""
        ranked = super().rank(event, rows=rows, lines=lines, byes=byes, complete=complete)
        places = self.bracket_places(event, ranked.rows, lines)
        if not lines or places is None:
            return ranked
        # The usual order within a place: the rows as match points and tie-breaks ranked them.
        ordered = sorted(ranked.rows, key=lambda row: places.get(row.key, 0))
        alive = [row for row in ordered if row.key not in places]
        for number, row in enumerate(alive, start=1):
            row.rank = number
        for row in ordered[len(alive) :]:
            # A place the bracket decided breaks no tie: those out in the same round share
            # it (the order within it names no rule; a coin flip there decides nothing).
            row.rank, row.tie_break = places[row.key], None
        return Ranked(ordered, ranked.side_prizes)

    def bracket_places(
        self, event: EventLike, rows: Sequence[StandingRow], lines: Sequence[Line]
    ) -> dict[int, int] | None:
        """Each team's place as the bracket has decided it so far (the teams out, and the
        champion), from the confirmed games in ``lines``; None before the draw."""
        teams = drawn(event)
        if len(teams) < 2:
            return None
        sides: dict[int, dict[int, tuple[int, int, str, bool]]] = {}
        for line in lines:
            if line.team_id is not None:
                sides.setdefault(line.result_id, {})[line.side] = (
                    line.team_id,
                    line.points_for,
                    line.match,
                    line.won,
                )
        games = [
            knockout.Game(
                both[0][2],
                (both[0][0], both[1][0]),
                (both[0][1], both[1][1]),
                0 if both[0][3] else 1 if both[1][3] else None,
            )
            for both in sides.values()
            if 0 in both and 1 in both and both[0][2]
        ]
        withdrawn = [row.key for row in rows if not row.active]
        options = bracket_options(self.options(event))
        return knockout.resolve(teams, games, options, withdrawn=withdrawn).places

    def places(self, event: EventLike, ranked: Sequence[StandingRow]) -> list[tuple[int, int]]:
        """The places each row covers: a place the bracket decided is shared by the teams out
        in the same round; the teams still in cover theirs as the standings order them."""
        spans: list[tuple[int, int]] = []
        for row in ranked:
            level = [other for other in ranked if other.rank == row.rank]
            first = row.rank or 0
            spans.append((first, first + len(level) - 1))
        return spans
