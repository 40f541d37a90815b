"""An event's live standings: the rows are fetched here, in a constant number of queries,
and ranked by `scorekeeper.events.ranking.standings` (the tournament arithmetic, in plain Python).
Standings count confirmed results only.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q

from scorekeeper.events.formats import format_of
from scorekeeper.events.formats.base import Shown
from scorekeeper.events.models import Entrant, Event, EventTeam, Result, ResultLine, Round, SitOut
from scorekeeper.events.ranking.standings import Bye, Line, SidePrize, StandingRow


@dataclass
class Standings:
    event: Event
    rows: list[StandingRow]
    shown: Shown  # how the event's format ranks and shows them
    side_prizes: list[SidePrize] = field(default_factory=list)
    rounds: int = 0
    waiting: int = 0  # results entered and not yet confirmed, not counted yet


def _entrant_rows(event: Event) -> list[StandingRow]:
    """A row for each player (or team)."""
    entrants = list(Entrant.objects.filter(event=event).select_related("player").order_by("id"))
    if not event.is_teams:
        return [
            StandingRow(e.player_id, e.player.shown, [e.player.shown], e.active, coin=e.pk)
            for e in entrants
        ]
    members: dict[int, list[str]] = defaultdict(list)
    for e in entrants:
        if e.team_id is not None:
            members[e.team_id].append(e.player.shown)
    teams = EventTeam.objects.filter(event=event).order_by("seed")
    return [StandingRow(team.pk, team.name, members[team.pk], team.active) for team in teams]


def standings(*, event: Event, through: int | None = None) -> Standings:
    """Live standings from confirmed results, ranked by the event's format with its
    tie-breaks (and the event's side prizes), in five queries (six for a team event); as
    they stood after round ``through``, when given (a round's pairings were made from them).
    The rows are fetched here and ranked by the format (`scorekeeper.events.ranking`)."""
    rows = _entrant_rows(event)
    last = 2**15 if through is None else through
    lines = [
        Line(*values)
        for values in ResultLine.objects.filter(event=event, confirmed=True, round_number__lte=last)
        .order_by("round_number", "table_number", "side", "player_id")
        .values_list(*Line._fields)
    ]
    byes = [
        Bye(number, team_id if event.is_teams else player_id)
        for number, player_id, team_id in SitOut.objects.filter(
            round__event=event, round__number__lte=last
        ).values_list("round__number", "player_id", "team_id")
    ]
    waiting = Result.objects.filter(table__round__event=event, status=Result.Status.ENTERED).count()
    rounds = complete_rounds(event=event)
    complete = {number for number in rounds.complete if number <= last}
    kind = format_of(event)
    ranked = kind.rank(event, rows=rows, lines=lines, byes=byes, complete=complete)
    return Standings(
        event, ranked.rows, kind.shown(event), ranked.side_prizes, rounds.count, waiting
    )


@dataclass(frozen=True)
class RoundsDone:
    count: int  # rounds seated
    complete: set[int]  # their numbers where every table has a confirmed result


def complete_rounds(*, event: Event) -> RoundsDone:
    """The rounds seated, and which are complete (one query)."""
    rounds = Round.objects.filter(event=event).annotate(
        open_tables=Count("tables", filter=~Q(tables__result__status=Result.Status.CONFIRMED))
    )
    numbers = list(rounds.values_list("number", "open_tables"))
    return RoundsDone(len(numbers), {number for number, open_tables in numbers if not open_tables})
