"""An event's live standings: the rows are fetched here, in a constant number of queries,
and ranked by `scorekeeper.events.ranking.standings` (the tournament arithmetic, in plain Python).
Standings count confirmed results only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, Q

from scorekeeper.events.formats import format_of
from scorekeeper.events.formats.base import Shown
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTeam,
    Result,
    ResultLine,
    Round,
    SitOut,
    TableSeat,
)
from scorekeeper.events.ranking.standings import Bye, Line, SidePrize, StandingRow
from scorekeeper.models import Player

#: Where each field of a `Line` is read from a result line: its own columns, the knockout
#: match of its table and the director's assignment of its result.
_LINE_SOURCES = {"match": "result__table__bracket_match", "assigned": "result__assigned"}
LINE_VALUES = tuple(_LINE_SOURCES.get(name, name) for name in Line._fields)


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
    tie-breaks (and the event's side prizes), in six queries (a substitute's name is one
    more, when one played); as
    they stood after round ``through``, when given (a round's pairings were made from them).
    The rows are fetched here and ranked by the format (`scorekeeper.events.ranking`)."""
    rows = _entrant_rows(event)
    last = 2**15 if through is None else through
    lines = [
        Line(*values)
        for values in ResultLine.objects.filter(event=event, confirmed=True, round_number__lte=last)
        .order_by("round_number", "table_number", "side", "player_id")
        .values_list(*LINE_VALUES)
    ]
    byes = byes_of(events=[event], through=through)[event.pk]
    waiting = Result.objects.filter(table__round__event=event, status=Result.Status.ENTERED).count()
    rounds = complete_rounds(event=event)
    complete = {number for number in rounds.complete if number <= last}
    kind = format_of(event)
    ranked = kind.rank(event, rows=rows, lines=lines, byes=byes, complete=complete)
    guests = [] if event.is_teams else _guest_rows(rows, lines)
    if guests:
        # A substitute's points, in a row of their own: listed after the entrants, unranked.
        for row in kind.rank(event, rows=guests, lines=lines, byes=[], complete=complete).rows:
            row.rank, row.tie_break = None, None
            ranked.rows.append(row)
    return Standings(
        event, ranked.rows, kind.shown(event), ranked.side_prizes, rounds.count, waiting
    )


def byes_of(*, events: Iterable[Event], through: int | None = None) -> dict[int, list[Bye]]:
    """Each event's byes as its standings count them, by event id: the rounds sat out (by a
    player, or a team), and the rounds a player was seated in and absent from (a substitute
    played for them, or nobody did) where an event of individuals gives an absent player a
    sit-out's credit; through round ``through``, when given. Two queries however many events
    (one when none of them gives that credit): a night's standings and a season's ladder
    both read a night's byes here."""
    by_id = {event.pk: event for event in events}
    last = 2**15 if through is None else through
    byes: dict[int, list[Bye]] = {pk: [] for pk in by_id}
    for event_id, number, player_id, team_id in SitOut.objects.filter(
        round__event_id__in=by_id, round__number__lte=last
    ).values_list("round__event_id", "round__number", "player_id", "team_id"):
        byes[event_id].append(Bye(number, team_id if by_id[event_id].is_teams else player_id))
    credited = [
        pk
        for pk, event in by_id.items()
        if not event.is_teams and event.absent_credit == Event.AbsentCredit.SIT_OUT
    ]
    if not credited:
        return byes
    for event_id, number, player_id, substitute_for in TableSeat.objects.filter(
        Q(substitute_for__isnull=False) | Q(absent=True),
        table__round__event_id__in=credited,
        table__round__number__lte=last,
    ).values_list(
        "table__round__event_id", "table__round__number", "player_id", "substitute_for_id"
    ):
        absent = substitute_for if substitute_for is not None else player_id
        byes[event_id].append(Bye(number, absent))
    return byes


def _guest_rows(rows: list[StandingRow], lines: list[Line]) -> list[StandingRow]:
    """A row for each player with lines who is not entered (a substitute from the club)."""
    entered = {row.key for row in rows}
    guests = sorted({line.player_id for line in lines} - entered)
    if not guests:
        return []
    shown = {player.pk: player.shown for player in Player.objects.filter(pk__in=guests)}
    return [StandingRow(key, shown[key], [shown[key]], guest=True) for key in guests]


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
