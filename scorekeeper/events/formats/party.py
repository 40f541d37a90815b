"""The moving-up progressive party, as euchre clubs, churches and fundraisers run it:
individuals, tables numbered from the head table; after each round the winners of every table
move up one table and split up, the losers stay, the head table's winners stay and its losers
go to the lowest table (`planning.party`). A level table is won by the director's cut, or by
the side that scored last (the event's `tie_rule`). Each player's score is the running total
of their points, or of the rounds they won (`rank_by`), with the loner and euchre counts kept
for the side prizes; an odd player sits out by rotation from the lowest table, with the
event's sit-out credit."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.formats.base import (
    HANDS,
    EventLike,
    FormatBase,
    Move,
    Night,
    PlannedTable,
    Seating,
)
from scorekeeper.events.formats.options import OptionField, rounds_field
from scorekeeper.events.formats.progressive import (
    NO_MATCH_POINTS,
    enough_players,
    history,
    night_limit,
    rank_by_field,
)
from scorekeeper.events.planning import party, seating
from scorekeeper.events.ranking import standings

CUT: Final = "cut"
LAST_HAND: Final = "last-hand"


@dataclass(frozen=True)
class PartyOptions:
    rounds_planned: int
    rank_by: str = standings.TOTAL
    tie_rule: str = CUT


class Party(FormatBase[PartyOptions]):
    name = "party"
    title = gettext_lazy("progressive party (winners move up)")
    options_type = PartyOptions
    time_called_refusal = NO_MATCH_POINTS
    cuts = True
    # Each round is seated from the last one's winners: a correction changes their score only.
    winner_stands = True
    moved_on_refusal = (
        gettext_lazy(
            "The next round is seated from this table's winners: they stay. Correct the score "
            "only, or undo that round first."
        ),
        "winners-moved-on",
    )
    movement = True
    fields = (
        rounds_field(),
        rank_by_field(
            standings.TOTAL,
            standings.WINS,
            refusal=gettext_lazy("a party ranks by its players' points (total) or wins"),
        ),
        OptionField(
            "tie_rule",
            "choice",
            gettext_lazy("A level table is won by"),
            "A party's level table: the director's cut, or the side that scored last.",
            default=CUT,
            choices=(
                (CUT, gettext_lazy("the cut, entered by the director")),
                (LAST_HAND, gettext_lazy("the side that scored last")),
            ),
            code="bad-tie-rule",
            refusal=gettext_lazy("a level table is won by the cut or by the last hand"),
            locked=True,
        ),
    )

    def check(
        self, options: PartyOptions, event: EventLike, *, changed: Collection[str] = ()
    ) -> None:
        if options.tie_rule == LAST_HAND and event.entry != HANDS:
            raise Malformed(
                _("the side that scored last is known only where hands are entered one by one"),
                code="bad-tie-rule",
                field=self.at_fault("tie_rule", "entry", changed),
            )

    def winner(
        self, event: EventLike, points: Sequence[int], *, last_scorer: int | None, table: int
    ) -> int | None:
        """The side ahead; at a level table the side that scored last (where that is the
        rule and a hand scored), else the side that won the director's cut, once entered."""
        ahead = super().winner(event, points, last_scorer=last_scorer, table=table)
        if ahead is not None:
            return ahead
        if self.options(event).tie_rule == LAST_HAND and last_scorer is not None:
            return last_scorer
        plan = event.plan if isinstance(event.plan, dict) else {}
        cut = plan.get("cuts", {}).get(str(table))
        return int(cut) if cut in (0, 1) else None

    def plan_with_cut(self, event: EventLike, table: int, side: int | None) -> dict[str, Any]:
        """The plan keeps each level table's cut by the table's id."""
        plan = dict(event.plan) if isinstance(event.plan, dict) else {}
        cuts = {key: won for key, won in plan.get("cuts", {}).items() if key != str(table)}
        if side is not None:
            cuts[str(table)] = side
        return {**plan, "cuts": cuts}

    def _next(self, night: Night, event: EventLike) -> seating.Round:
        played = [rnd for rnd in night.rounds if rnd.tables]
        players = list(night.players)
        enough_players(len(players))
        if not played:
            return party.first_round(players, seed=event.seed)
        last = played[-1]
        level = [table.number for table in last.tables if table.winner is None]
        if level:
            raise Conflict(
                _("Level at table %(tables)s: enter who won the cut on the console first.")
                % {"tables": ", ".join(map(str, level))},
                code="cut-needed",
                field="rounds",
            )
        return party.next_round(
            [party.Played(t.number, t.seats, t.winner or 0) for t in last.tables],
            players,
            history=history(night),
            lot=random.Random(f"{event.seed}:{night.number}"),
        )

    def seating(self, night: Night, event: EventLike) -> Seating:
        night_limit(night.number)
        planned = self._next(night, event)
        return Seating(
            tables=tuple(PlannedTable(table.seats) for table in planned.tables),
            byes=planned.byes,
            plan=dict(event.plan or {}),
        )

    def moves(self, night: Night, event: EventLike) -> list[Move]:
        """After a round whose every table has its winners, where each player goes next (as
        the next round would be seated now); while a round is played, where each came from."""
        rounds = history(night)
        if not rounds:
            return []
        last = night.rounds[-1]
        if last.tables and all(t.confirmed and t.winner is not None for t in last.tables):
            try:
                after, seated = last.number, self._next(night, event)
            except Conflict:  # not enough players for another round: nobody moves
                return []
            before = rounds[-1]
        elif len(rounds) >= 2:
            after, before, seated = night.rounds[-2].number, rounds[-2], rounds[-1]
        else:
            return []
        return [Move(after, *move) for move in party.moves(before, seated)]
