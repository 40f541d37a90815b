"""A round robin of fixed partnerships: every team meets every other once (the circle method,
`planning.team_rounds`), one bye a round when the count is odd; ranked by match points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import Conflict
from scorekeeper.events.formats.base import (
    EventLike,
    FormatBase,
    Night,
    Page,
    PlannedTable,
    Seating,
    Team,
)
from scorekeeper.events.planning import team_rounds


@dataclass(frozen=True)
class RoundRobinOptions:
    """A round robin has no options: its schedule follows from its teams."""


def team_table(night: Night, first: int, second: int, match: str = "") -> PlannedTable:
    """Two teams at a table: ``first``'s players in seats 0 and 2, ``second``'s in 1 and 3."""
    members = {team.id: team.members for team in night.teams}
    a, b = members[first], members[second]
    return PlannedTable((a[0], b[0], a[1], b[1]), (first, second), match)


def seeded(teams: list[Team]) -> list[int]:
    return [team.id for team in sorted(teams, key=lambda team: team.seed)]


class RoundRobin(FormatBase[RoundRobinOptions]):
    name = "round-robin"
    title = gettext_lazy("fixed partners, round robin")
    options_type = RoundRobinOptions
    teams = True
    rounds_follow = True
    plans_ahead = True
    pages = (Page("crosstable", "events-crosstable", gettext_lazy("Crosstable")),)

    def rounds_planned(self, event: EventLike) -> int:
        plan = event.plan if isinstance(event.plan, dict) else {}
        return len(plan.get("rounds", []))

    def seating(self, night: Night, event: EventLike) -> Seating:
        """The schedule is made when the first round is seated; a team that has left
        forfeits: its opponent sits out with a bye's credit."""
        plan = self._schedule(night, event)
        if night.number > len(plan["rounds"]):
            raise Conflict(
                _("Every team has met every other: the round robin is complete."),
                code="schedule-complete",
                field="rounds",
            )
        tables, byes = self._round(night, plan["rounds"][night.number - 1])
        return Seating(tuple(tables), tuple(byes), plan)

    def planned_rounds(self, night: Night, event: EventLike) -> list[dict[str, Any]] | None:
        """The schedule's rounds from ``night`` on (the movement cards): its teams' players
        at their tables, and the players of the team with the bye."""
        if len(night.active_teams) < 2:
            return []
        members = {team.id: team.members for team in night.teams}
        ahead = []
        for data in self._schedule(night, event)["rounds"][night.number - 1 :]:
            tables, byes = self._round(night, data)
            ahead.append(
                {
                    "tables": [list(table.seats) for table in tables],
                    "byes": [player for team in byes for player in members[team]],
                }
            )
        return ahead

    def _schedule(self, night: Night, event: EventLike) -> dict[str, Any]:
        """The schedule: the event's, once its first round is seated; else made now from the
        teams by seed."""
        if night.number > 1:
            return {"rounds": [], **(event.plan if isinstance(event.plan, dict) else {})}
        teams = seeded(night.active_teams)
        if len(teams) < 2:
            raise Conflict(_("A round robin needs two teams."), code="too-few-teams", field="teams")
        return {
            "rounds": [
                {"matches": [[m.first, m.second] for m in r.matches], "byes": list(r.byes)}
                for r in team_rounds.round_robin(teams)
            ]
        }

    def _round(self, night: Night, data: dict[str, Any]) -> tuple[list[PlannedTable], list[int]]:
        """A round of the schedule as it is played now: the tables of two teams still in,
        and the teams that sit out (a bye, or an opponent gone)."""
        active = {team.id for team in night.active_teams}
        tables, byes = [], [b for b in data["byes"] if b in active]
        for first, second in data["matches"]:
            if first in active and second in active:
                tables.append(team_table(night, first, second))
            else:
                byes.extend(t for t in (first, second) if t in active)
        return tables, byes
