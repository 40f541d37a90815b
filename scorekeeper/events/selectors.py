"""Reads that shape events' data: look-ups by id, rounds as the tables see them, standings,
leaderboards and a player's record. Each takes a constant number of queries, whatever the size
of the event or the season: rows are fetched flat and added up in the database or by
`scorekeeper.events.standings` (the tournament arithmetic, in plain Python).

Standings count confirmed results only; the points themselves are the referee's (see services).
Who may read what is not decided here but in `scorekeeper.events.access`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Exists, Max, Model, OuterRef, Q, QuerySet, Sum, Value
from django.utils.translation import gettext as _

from scorekeeper.errors import NotFound
from scorekeeper.events.models import (
    Director,
    Entrant,
    Event,
    EventTable,
    EventTeam,
    Result,
    ResultLine,
    RosterChange,
    Round,
    Season,
    SitOut,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.seating import SEAT_NAMES
from scorekeeper.events.standings import (
    Bye,
    Line,
    Scoring,
    SidePrize,
    StandingRow,
    rank,
)
from scorekeeper.models import Club, Player
from scorekeeper.names import name_clean, name_key, name_shown

# ---------------------------------------------------------------------------------------------
# Look-ups


_M = TypeVar("_M", bound=Model)


def _one(
    rows: QuerySet[_M], pk: int, detail: str, code: str, field: str = "id", key: str = "pk"
) -> _M:
    """The row with this id (or other `key`), or a NotFound naming the field; an id out of
    range finds none."""
    found = rows.filter(**{key: pk}).first() if 0 < pk < 2**63 else None
    if found is None:
        raise NotFound(detail, code=code, field=field)
    return found


def club_get(*, club_id: int) -> Club:
    return _one(Club.objects.all(), club_id, "There is no club with this id.", "no-such-club")


def _directed_by(user: AbstractBaseUser, club: str) -> Any:
    """Whether `user` directs the row's club (`club`: the path to its id), as an annotation:
    the look-up and the question in one query."""
    if getattr(user, "is_superuser", False):
        return Value(True)
    return Exists(Director.objects.filter(club_id=OuterRef(club), user_id=int(user.pk)))


def event_get(*, event_id: int, director: AbstractBaseUser | None = None) -> Event:
    """The event; with `director`, its `directed` says whether that user directs its club."""
    events = Event.objects.select_related("club", "season")
    if director is not None:
        events = events.annotate(directed=_directed_by(director, "club_id"))
    return _one(events, event_id, "There is no event with this id.", "no-such-event")


def round_get(*, event: Event, number: int) -> Round:
    detail = "This event has no round with this number."
    return _one(event.rounds.all(), number, detail, "no-such-round", "number", key="number")


def table_get(*, table_id: int, director: AbstractBaseUser | None = None) -> Table:
    """The table with its round, event, game and physical table (`directed` as for
    `event_get`)."""
    tables = Table.objects.select_related("round__event__club", "game", "event_table")
    if director is not None:
        tables = tables.annotate(directed=_directed_by(director, "round__event__club_id"))
    return _one(tables, table_id, "There is no table with this id.", "no-such-table")


def table_now(*, event_table: EventTable) -> Table | None:
    """This round's table at a physical table: the event's latest round's, if it seats one
    there (a round with fewer tables leaves some empty)."""
    latest = Round.objects.filter(event_id=event_table.event_id).order_by("-number").first()
    if latest is None:
        return None
    return (
        Table.objects.select_related("round__event__club", "game", "event_table")
        .filter(round=latest, event_table=event_table)
        .first()
    )


def device_table(*, device: TableToken) -> Table | None:
    """The round's table a phone answers for now: a scoring phone's physical table in this
    round; a confirming phone's own round's table."""
    if device.role == TableToken.Role.CONFIRMER:
        return table_get(table_id=device.table_id) if device.table_id else None
    return table_now(event_table=device.event_table)


def event_tables_of(*, event: Event) -> list[EventTable]:
    """The night's physical tables, by number (what its table cards show)."""
    return list(EventTable.objects.filter(event=event).order_by("number"))


@dataclass(frozen=True)
class OpenTable:
    """A table of the latest round whose result is not confirmed yet."""

    number: int
    table_id: int
    state: str  # "no result", or the result's status
    hands: int  # hands entered so far (hand-by-hand events)
    phones: int  # devices still at the table


def tables_open(*, event: Event) -> list[OpenTable]:
    """What closing the night would leave unfinished: the latest round's tables without a
    confirmed result, with how far each got (three queries)."""
    latest = Round.objects.filter(event=event).order_by("-number").first()
    if latest is None:
        return []
    tables = list(
        Table.objects.filter(round=latest)
        .exclude(result__status=Result.Status.CONFIRMED)
        .select_related("result")
        .annotate(hands_entered=Count("game__hands", distinct=True))
        .order_by("number")
    )
    phones = dict(
        TableToken.objects.filter(
            event_table_id__in=[t.event_table_id for t in tables], revoked_at__isnull=True
        )
        .values("event_table_id")
        .annotate(n=Count("id"))
        .values_list("event_table_id", "n")
    )
    return [
        OpenTable(
            number=table.number,
            table_id=table.pk,
            state=result.status if (result := getattr(table, "result", None)) else "no result",
            hands=int(getattr(table, "hands_entered", 0)),
            phones=phones.get(table.event_table_id, 0),
        )
        for table in tables
    ]


def player_get(*, player_id: int, field: str = "id") -> Player:
    """A player, with `public` set when they entered a published event (one query)."""
    players = Player.objects.select_related("club").annotate(
        public=Exists(Entrant.objects.filter(player=OuterRef("pk"), event__published=True))
    )
    return _one(players, player_id, "There is no player with this id.", "no-such-player", field)


def season_get(*, season_id: int, club: Club | None = None) -> Season:
    """A season (of this club, when one is named)."""
    seasons = Season.objects.select_related("club")
    if club is None:
        return _one(
            seasons, season_id, "There is no season with this id.", "no-such-season", "season"
        )
    return _one(
        seasons.filter(club=club),
        season_id,
        "This club has no season with this id.",
        "no-such-season",
        "season",
    )


def result_of(*, table: Table) -> Result:
    result = Result.objects.filter(table=table).first()
    if result is None:
        raise NotFound(_("This table has no result yet."), code="no-result", field="result")
    return result


def event_form_choices() -> dict[str, list[tuple[str, str]]]:
    """What a new event's form offers: its formats and sit-out credits, with their labels."""
    return {"formats": Event.Format.choices, "credits": Event.SitOutCredit.choices}


def clubs() -> QuerySet[Club]:
    return Club.objects.order_by("name")


def clubs_directed_by(*, user: AbstractBaseUser | AnonymousUser) -> list[Club]:
    if user.pk is None:
        return []
    return [role.club for role in Director.objects.filter(user_id=user.pk).select_related("club")]


def roster_of(*, club: Club, name: str | None = None) -> QuerySet[Player]:
    """The club's players (only those of this name, by the rule of `scorekeeper.names`), each
    with how many of the club's events they entered and the date of the last (one query)."""
    players = Player.objects.filter(club=club)
    if name is not None:
        players = players.filter(match_key=name_key(name_clean(name, field="name")))
    return _on_roster(players).order_by("match_key", "label_key", "id")


def roster_entry(*, player: Player) -> Player:
    """One player as `roster_of` gives them (one query)."""
    return _on_roster(Player.objects.filter(pk=player.pk)).get()


def _on_roster(players: QuerySet[Player]) -> QuerySet[Player]:
    return players.annotate(events=Count("entries"), last_played=Max("entries__event__date"))


def roster_log(*, club: Club) -> QuerySet[RosterChange]:
    return RosterChange.objects.filter(club=club).order_by("id")


def seasons_of(*, club: Club) -> list[Season]:
    return list(club.seasons.all())


def entrants_of(*, event: Event) -> QuerySet[Entrant]:
    return Entrant.objects.filter(event=event).select_related("player")


def teams_of(*, event: Event) -> QuerySet[EventTeam]:
    return EventTeam.objects.filter(event=event).prefetch_related("members__player")


# ---------------------------------------------------------------------------------------------
# Rounds as the director and the players see them


@dataclass(frozen=True)
class SeatView:
    seat: int
    side: int
    player_id: int
    name: str


@dataclass(frozen=True)
class DeviceView:
    id: int
    role: str
    label: str
    joined_at: Any


@dataclass(frozen=True)
class TableView:
    id: int
    number: int
    seats: list[SeatView]
    team_names: list[str]
    game_id: str | None
    join_code: str | None
    result: Result | None
    devices: list[DeviceView]


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[TableView]
    sit_outs: list[str]
    sit_out_ids: list[int]
    complete: bool
    minutes: int | None = None  # a timed round's length
    time_called_at: Any = None  # when the director called time


def rounds_of(*, event: Event, numbers: Sequence[int] | None = None) -> list[RoundView]:
    """The event's rounds with their tables, seats, results, byes and the phones at each
    table (six queries)."""
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    last_round = rounds[-1].pk if rounds else None
    if numbers is not None:
        rounds = [r for r in rounds if r.number in numbers]
    ids = [r.pk for r in rounds]
    tables = list(
        Table.objects.filter(round_id__in=ids)
        .select_related("first_team", "second_team", "result", "event_table")
        .order_by("number")
    )
    # A scoring phone sits at its physical table every round; a confirming phone at its
    # round's table.
    devices: dict[tuple[int, int | None], list[DeviceView]] = defaultdict(list)
    for token in TableToken.objects.filter(
        event_table__event=event, revoked_at__isnull=True
    ).order_by("id"):
        place = token.table_id if token.role == TableToken.Role.CONFIRMER else None
        devices[(token.event_table_id, place)].append(
            DeviceView(token.pk, token.role, token.label, token.created_at)
        )

    seats: dict[int, list[SeatView]] = defaultdict(list)
    for seat in (
        TableSeat.objects.filter(table__round_id__in=ids)
        .select_related("player")
        .order_by("number")
    ):
        seats[seat.table_id].append(
            SeatView(seat.number, seat.side, seat.player_id, seat.player.shown)
        )
    byes: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for sit_out in SitOut.objects.filter(round_id__in=ids).select_related("player", "team"):
        who = sit_out.player or sit_out.team
        assert who is not None
        byes[sit_out.round_id].append((who.pk, str(who)))
    by_round: dict[int, list[TableView]] = defaultdict(list)
    for table in tables:
        seated = seats[table.pk]
        if table.first_team and table.second_team:
            names = [table.first_team.name, table.second_team.name]
        else:
            names = [" & ".join(s.name for s in seated if s.side == side) for side in (0, 1)]
        by_round[table.round_id].append(
            TableView(
                id=table.pk,
                number=table.number,
                seats=seated,
                team_names=names,
                game_id=str(table.game_id) if table.game_id else None,
                join_code=table.event_table.join_code,
                result=getattr(table, "result", None),
                devices=(
                    devices[(table.event_table_id, None)] if table.round_id == last_round else []
                )
                + devices[(table.event_table_id, table.pk)],
            )
        )
    views = []
    for rnd in rounds:
        tables_here = by_round[rnd.pk]
        views.append(
            RoundView(
                number=rnd.number,
                tables=tables_here,
                sit_outs=[name for _, name in byes[rnd.pk]],
                sit_out_ids=[pk for pk, _ in byes[rnd.pk]],
                complete=all(
                    t.result is not None and t.result.status == Result.Status.CONFIRMED
                    for t in tables_here
                ),
                minutes=rnd.minutes,
                time_called_at=rnd.time_called_at,
            )
        )
    return views


def table_view(*, table: Table) -> TableView:
    """One table as `rounds_of` shows it."""
    rnd = table.round
    (view,) = [
        t
        for r in rounds_of(event=rnd.event, numbers=[rnd.number])
        for t in r.tables
        if t.id == table.pk
    ]
    return view


# ---------------------------------------------------------------------------------------------
# Each player's night: the tally, "find your table", the crosstable


@dataclass(frozen=True)
class TallyLine:
    """One player's round: where they sat and what their side scored, or their bye."""

    round: int
    player_id: int
    name: str
    table: int | None = None  # None: sat out
    seat: str = ""  # N, E, S or W (seat 0 is N and deals first)
    partner: str = ""
    opponents: tuple[str, ...] = ()
    points_for: int | None = None  # None: no result entered yet
    points_against: int | None = None
    outcome: str = ""  # won, lost, tied, bye (or "" while the table plays)
    status: str = ""  # the result's status: entered, confirmed, disputed; "" while it plays
    hands: int = 0
    euchres: int = 0
    loners_made: int = 0


def tally(*, event: Event) -> list[TallyLine]:
    """Every player's every round, round by round, by table and seat, then the byes by name
    (seven queries): what a per-round tally sheet or a player's tally card shows."""
    feats: dict[tuple[int, int], tuple[int, int, int]] = {
        (number, player): (hands, euchres, loners)
        for number, player, hands, euchres, loners in ResultLine.objects.filter(
            event=event
        ).values_list("round_number", "player_id", "hands", "euchres", "loners_made")
    }
    members: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for e in entrants_of(event=event).filter(team__isnull=False).order_by("id"):
        if e.team_id is not None:
            members[e.team_id].append((e.player_id, e.player.name))
    lines: list[TallyLine] = []
    for rnd in rounds_of(event=event):
        for table in rnd.tables:
            result = table.result
            for seat in table.seats:
                mine = seat.side
                if result is None:
                    points: tuple[int | None, int | None] = (None, None)
                    outcome, status = "", ""
                else:
                    points = (result.points[mine], result.points[1 - mine])
                    status = result.status
                    outcome = (
                        "tied"
                        if result.winner is None
                        else ("won" if result.winner == mine else "lost")
                    )
                hands, euchres, loners = feats.get((rnd.number, seat.player_id), (0, 0, 0))
                lines.append(
                    TallyLine(
                        round=rnd.number,
                        player_id=seat.player_id,
                        name=seat.name,
                        table=table.number,
                        seat=SEAT_NAMES[seat.seat],
                        partner=next(
                            (o.name for o in table.seats if o.side == mine and o.seat != seat.seat),
                            "",
                        ),
                        opponents=tuple(o.name for o in table.seats if o.side != mine),
                        points_for=points[0],
                        points_against=points[1],
                        outcome=outcome,
                        status=status,
                        hands=hands,
                        euchres=euchres,
                        loners_made=loners,
                    )
                )
        sitting: list[tuple[int, str]] = []
        for who, name in zip(rnd.sit_out_ids, rnd.sit_outs, strict=True):
            sitting += members[who] if event.is_teams else [(who, name)]
        lines += [
            TallyLine(round=rnd.number, player_id=pk, name=name, outcome="bye")
            for pk, name in sorted(sitting, key=lambda p: p[1].casefold())
        ]
    return lines


def find_your_table(*, event: Event, number: int) -> list[TallyLine]:
    """A round's seating in alphabetical order of the players: where each sits, with whom,
    against whom, or that they sit out (the wall list "find your table")."""
    return sorted(
        (line for line in tally(event=event) if line.round == number),
        key=lambda line: (line.name.casefold(), line.player_id),
    )


@dataclass(frozen=True)
class CrossCell:
    """One team's game against another: its points, theirs, the round, and the status."""

    points_for: int
    points_against: int
    round: int
    status: str


@dataclass(frozen=True)
class Crosstable:
    teams: list[str]  # by seed: the rows and the columns
    cells: dict[tuple[int, int], list[CrossCell]]  # (row, column) indexes -> their games


def crosstable(*, event: Event) -> Crosstable:
    """A team event's games as a round-robin crosstable: row team against column team."""
    teams = list(EventTeam.objects.filter(event=event).order_by("seed"))
    index = {team.name: i for i, team in enumerate(teams)}
    cells: dict[tuple[int, int], list[CrossCell]] = defaultdict(list)
    for rnd in rounds_of(event=event):
        for table in rnd.tables:
            result = table.result
            first, second = (index.get(name) for name in table.team_names)
            if result is None or first is None or second is None:
                continue
            a, b = result.points
            cells[first, second].append(CrossCell(a, b, rnd.number, result.status))
            cells[second, first].append(CrossCell(b, a, rnd.number, result.status))
    return Crosstable([team.name for team in teams], dict(cells))


# ---------------------------------------------------------------------------------------------
# Standings


@dataclass
class Standings:
    event: Event
    rows: list[StandingRow]
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


def standings(*, event: Event) -> Standings:
    """Live standings from confirmed results, ranked with the documented tie-breaks (and the
    event's side prizes), in five queries (six for a team event). The rows are fetched here
    and ranked by `scorekeeper.events.standings`."""
    rows = _entrant_rows(event)
    lines = [
        Line(*values)
        for values in ResultLine.objects.filter(event=event, confirmed=True)
        .order_by("round_number", "table_number", "side", "player_id")
        .values_list(*Line._fields)
    ]
    byes = [
        Bye(number, team_id if event.is_teams else player_id)
        for number, player_id, team_id in SitOut.objects.filter(round__event=event).values_list(
            "round__number", "player_id", "team_id"
        )
    ]
    waiting = Result.objects.filter(table__round__event=event, status=Result.Status.ENTERED).count()
    rounds = complete_rounds(event=event)
    ranked = rank(Scoring.of(event), rows=rows, lines=lines, byes=byes, complete=rounds.complete)
    return Standings(event, ranked.rows, ranked.side_prizes, rounds.count, waiting)


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


# ---------------------------------------------------------------------------------------------
# Leaderboards and a player's record


LEADERBOARD_ORDER: Final = {
    "points": ("-points", "-wins"),
    "wins": ("-wins", "-points"),
    "euchres": ("-euchres", "-points"),
    "loners": ("-loners_made", "-points"),
    "games": ("-games", "-points"),
}

_STATS: Final = {
    "games": Count("id"),
    "events": Count("event_id", distinct=True),
    "wins": Count("id", filter=Q(won=True)),
    "points": Sum("points_for"),
    "points_against": Sum("points_against"),
    "hands": Sum("hands"),
    "made": Sum("made"),
    "marched": Sum("marched"),
    "euchred": Sum("euchred"),
    "euchres": Sum("euchres"),
    "loners_tried": Sum("loners_tried"),
    "loners_made": Sum("loners_made"),
    "best_game": Max("points_for"),
}


def _public_lines(club: Club | None = None, season: Season | None = None) -> QuerySet[ResultLine]:
    lines = ResultLine.objects.filter(confirmed=True, event__published=True)
    if club is not None:
        lines = lines.filter(event__club=club)
    if season is not None:
        lines = lines.filter(event__season=season)
    return lines


def leaderboard(
    *, club: Club, season: Season | None = None, order: str = "points", limit: int = 100
) -> list[dict[str, Any]]:
    """Players of a club's published events (one season's, or all), one query."""
    rows = (
        _public_lines(club, season)
        .values("player_id", "player__name", "player__label")
        .annotate(**_STATS)
        .order_by(*LEADERBOARD_ORDER[order], "player__name", "player__label")[:limit]
    )
    return [
        {
            "rank": rank,
            "player": row["player_id"],
            "name": name_shown(row["player__name"], row["player__label"]),
            **{stat: value for stat, value in row.items() if stat in _STATS},
        }
        for rank, row in enumerate(rows, start=1)
    ]


@dataclass
class PlayerRecord:
    player: Player
    stats: dict[str, Any]
    history: list[dict[str, Any]]
    total_games: int


def player_record(
    *, player: Player, season: Season | None = None, limit: int = 50, offset: int = 0
) -> PlayerRecord:
    """A player's statistics and the latest games of their history, with partners and
    opponents, from published events (three queries)."""
    lines = _public_lines(season=season).filter(player=player)
    stats = lines.aggregate(**_STATS)
    for key, value in stats.items():
        stats[key] = value or 0
    page = list(
        lines.select_related("event", "result").order_by(
            "-event__date", "-event_id", "-round_number"
        )[offset : offset + limit]
    )
    seated: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for table_id, side, player_id, name, label in TableSeat.objects.filter(
        table_id__in={line.result.table_id for line in page}
    ).values_list("table_id", "side", "player_id", "player__name", "player__label"):
        seated[table_id].append((side, player_id, name_shown(name, label)))
    history = []
    for line in page:
        others = seated[line.result.table_id]
        history.append(
            {
                "event": line.event_id,
                "event_name": line.event.name,
                "date": line.event.date,
                "round": line.round_number,
                "table": line.table_number,
                "partners": [n for s, p, n in others if s == line.side and p != player.pk],
                "opponents": [n for s, p, n in others if s != line.side],
                "points_for": line.points_for,
                "points_against": line.points_against,
                "won": line.won,
                "tied": line.tied,
                "euchres": line.euchres,
                "loners_made": line.loners_made,
            }
        )
    return PlayerRecord(player, stats, history, stats["games"])


def a_round_is_in_play() -> bool:
    """Some running event has a table still without a confirmed result (one query)."""
    return (
        Table.objects.filter(round__event__status=Event.Status.RUNNING)
        .exclude(result__status=Result.Status.CONFIRMED)
        .exists()
    )


def events_of(*, club: Club | None = None, published_only: bool = True) -> QuerySet[Event]:
    events = Event.objects.select_related("club", "season")
    if club is not None:
        events = events.filter(club=club)
    if published_only:
        events = events.filter(published=True)
    return events.order_by("-date", "-id")


def change_log(*, event: Event) -> Iterable[Any]:
    return event.changes.select_related("table__round").order_by("id")
