"""Swiss teams: fixed partnerships over a number of rounds set in advance, for more teams than
a round robin seats in a night. The first round pairs the seeds, top half against bottom half;
every later round pairs teams of equal or nearest match points that have not met, a rematch
only where none can be avoided (`planning.swiss`). A bye goes to the lowest-ranked team
without one: a win, with the round's average points. Teams rank by match points, then
Buchholz (their opponents' match points, a bye counting the team's own), its median, then
point difference. The round's pairings are printable before play (`pages.pairings`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.errors import Conflict
from scorekeeper.events.formats.base import (
    Column,
    EventLike,
    FormatBase,
    Night,
    Page,
    Seating,
)
from scorekeeper.events.formats.options import rounds_field
from scorekeeper.events.formats.round_robin import team_table
from scorekeeper.events.planning import swiss
from scorekeeper.events.ranking import standings
from scorekeeper.events.ranking.standings import Scoring


@dataclass(frozen=True)
class SwissOptions:
    rounds_planned: int


class Swiss(FormatBase[SwissOptions]):
    name = "swiss"
    title = gettext_lazy("fixed partners, Swiss")
    options_type = SwissOptions
    teams = True
    teams_join_late = True
    tie_breaks = standings.SWISS_TIE_BREAKS
    columns = (
        Column(
            "buchholz",
            gettext_lazy("Buchholz"),
            pgettext_lazy("Buchholz, short", "Bu"),
            gettext_lazy("Buchholz: the opponents' match points"),
        ),
        Column(
            "median_buchholz",
            gettext_lazy("Median Buchholz"),
            pgettext_lazy("median Buchholz, short", "MBu"),
            gettext_lazy("Median Buchholz"),
            wide=True,
        ),
    )
    fields = (rounds_field(suggested=5),)
    pages = (Page("pairings", "events-pairings", gettext_lazy("Pairings")),)
    sit_out_refusal = gettext_lazy(
        "A Swiss bye is a win with the round's average points: it earns no sit-out credit."
    )

    def scoring(self, event: EventLike) -> Scoring:
        """As a team event's, and a bye is a win with the round's average points."""
        return replace(super().scoring(event), bye_won=True)

    def seating(self, night: Night, event: EventLike) -> Seating:
        planned = self.options(event).rounds_planned
        if night.number > planned:
            raise Conflict(
                _("The Swiss event has played its %(rounds)s rounds.") % {"rounds": planned},
                code="schedule-complete",
                field="rounds",
            )
        active = night.active_teams
        if len(active) < 2:
            raise Conflict(_("A Swiss round needs two teams."), code="too-few-teams", field="teams")
        played = [rnd for rnd in night.rounds if rnd.tables or rnd.byes]
        if not played:
            pairing = swiss.first_round([t.id for t in sorted(active, key=lambda t: t.seed)])
        else:
            ids = {team.id for team in active}
            ranked = [row.key for row in night.standings if row.key in ids]
            ranked += [t.id for t in sorted(active, key=lambda t: t.seed) if t.id not in ranked]
            pairing = swiss.next_round(
                ranked,
                {row.key: row.match_points for row in night.standings},
                {frozenset(t.teams) for rnd in played for t in rnd.tables if t.teams},
                [team for rnd in played for team in rnd.byes],
            )
        tables = tuple(team_table(night, first, second) for first, second in pairing.pairs)
        byes = () if pairing.bye is None else (pairing.bye,)
        return Seating(tables, byes, dict(event.plan or {}))
