"""The director's table board: every table of the night as the console shows it, round by
round. How far each table got (hands entered), where its result stands (entered, confirmed
on which phone, disputed and why, assigned), whether time was called, the phones at it and
its last sign of life: what a director walks the room with. And the change log, as the
console narrows it to a round or a table."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, QuerySet

from scorekeeper.events.formats import format_of
from scorekeeper.events.localized.stories import story_of
from scorekeeper.events.models import (
    Event,
    Result,
    ResultChange,
    Round,
    SitOut,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.planning.seating import seat_name
from scorekeeper.events.selectors.lookups import is_row_id


@dataclass(frozen=True)
class BoardSeat:
    seat: int
    side: int
    player: int
    name: str
    substitute_for: str | None  # the seat's own player, while a substitute sits in
    absent: bool = False  # the seat's player is absent this round, and nobody plays for them
    letter: str = ""  # the seat by compass point (N, E, S, W; six-handed N, NE, SE, S, SW, NW)


@dataclass(frozen=True)
class BoardTable:
    id: int
    number: int
    game_id: str | None
    join_code: str
    team_names: list[str]
    seats: list[BoardSeat]
    hands: int
    state: str  # "playing", or the result's status: entered, confirmed, disputed
    points: list[int] | None
    confirmation: str | None  # same-device, second-device, pin, director
    dispute_reason: str
    corrected: bool
    provenance: str | None  # Result.provenance; None: no result yet
    director: str  # who set, changed or confirmed it
    confirmed_points: list[int] | None  # what the opponents confirmed before a correction
    story: str  # how the result came about, in the reader's language ("" for none of note)
    assigned: dict[str, Any] | None
    time_called: bool  # the result stood as it was when time was called
    winner: int | None  # the side that won (None: level, or no result)
    cut_needed: bool  # level, and the format decides it by the director's cut
    scoring_phone: bool
    confirming_phones: int
    last_activity: Any
    version: int  # the newest entry of its change log (what a director's change asks against)


@dataclass(frozen=True)
class BoardRound:
    number: int
    minutes: int | None
    time_called_at: Any
    time_called_by: str
    created_at: Any
    complete: bool
    tables: list[BoardTable]
    sit_outs: list[str]  # who sits this round out (players, or teams)


def _latest(*moments: Any) -> Any:
    known = [m for m in moments if m is not None]
    return max(known) if known else None


def table_board(*, event: Event) -> list[BoardRound]:
    """The night's rounds, newest first, each with its tables on the board and its byes
    (seven queries)."""
    cuts = format_of(event).cuts
    rounds = list(Round.objects.filter(event=event).order_by("-number"))
    latest = rounds[0].pk if rounds else None
    tables = list(
        Table.objects.filter(round__event=event)
        .select_related("result", "event_table", "first_team", "second_team")
        .annotate(hands_entered=Count("game__hands", distinct=True))
        .annotate(last_hand=Max("game__hands__updated_at"))
        .order_by("number")
    )
    seats: dict[int, list[BoardSeat]] = defaultdict(list)
    for seat in (
        TableSeat.objects.filter(table__round__event=event)
        .select_related("player", "substitute_for")
        .order_by("number")
    ):
        absent = seat.substitute_for.shown if seat.substitute_for else None
        seats[seat.table_id].append(
            BoardSeat(
                seat.number,
                seat.side,
                seat.player_id,
                seat.player.shown,
                absent,
                seat.absent,
                letter=seat_name(seat.number, event.table_size),
            )
        )
    changed = {
        (number, table): (at, newest)
        for number, table, at, newest in ResultChange.objects.filter(
            event=event, table_number__isnull=False
        )
        .values("round_number", "table_number")
        .annotate(at=Max("created_at"), newest=Max("id"))
        .values_list("round_number", "table_number", "at", "newest")
    }
    for place, swaps in _swaps_at(event.pk).items():  # (a swap changed this table's seats)
        changed[place] = max([changed.get(place, (None, 0)), *swaps], key=lambda seen: seen[1])
    numbers = {rnd.pk: rnd.number for rnd in rounds}
    time_called_by = {rnd.pk: rnd.time_called_by for rnd in rounds}
    phones: dict[tuple[int, int | None], list[str]] = defaultdict(list)
    for event_table, joined_at, role in TableToken.objects.filter(
        event_table__event=event, revoked_at__isnull=True
    ).values_list("event_table_id", "table_id", "role"):
        phones[(event_table, joined_at if role == TableToken.Role.CONFIRMER else None)].append(role)
    byes: dict[int, list[str]] = defaultdict(list)
    for sit_out in SitOut.objects.filter(round__event=event).select_related("player", "team"):
        byes[sit_out.round_id].append(str(sit_out.player.shown if sit_out.player else sit_out.team))
    by_round: dict[int, list[BoardTable]] = defaultdict(list)
    for table in tables:
        result: Result | None = getattr(table, "result", None)
        seated = seats[table.pk]
        if table.first_team and table.second_team:
            names = [table.first_team.name, table.second_team.name]
        else:
            names = [" & ".join(s.name for s in seated if s.side == side) for side in (0, 1)]
        here = phones[(table.event_table_id, None)] if table.round_id == latest else []
        at, version = changed.get((numbers[table.round_id], table.number), (None, 0))
        by_round[table.round_id].append(
            BoardTable(
                id=table.pk,
                number=table.number,
                game_id=str(table.game_id) if table.game_id else None,
                join_code=table.event_table.join_code,
                team_names=names,
                seats=seated,
                hands=int(getattr(table, "hands_entered", 0)),
                state=result.status if result else "playing",
                points=list(result.points) if result else None,
                confirmation=result.confirmation if result else None,
                dispute_reason=result.dispute_reason if result else "",
                corrected=bool(result and result.corrected),
                provenance=result.provenance if result else None,
                director=result.director if result else "",
                confirmed_points=result.confirmed_points if result else None,
                story=story_of(
                    result, time_called_by[table.round_id], {s.player: s.name for s in seated}
                ),
                assigned=result.assigned if result else None,
                time_called=bool(result and result.time_called),
                winner=result.winner if result else None,
                cut_needed=bool(
                    cuts and result and result.winner is None and len(set(result.points)) == 1
                ),
                scoring_phone=TableToken.Role.SCORER in here,
                confirming_phones=len(phones[(table.event_table_id, table.pk)]),
                last_activity=_latest(
                    getattr(table, "last_hand", None),
                    result.entered_at if result else None,
                    result.confirmed_at if result else None,
                    at,
                ),
                version=version,
            )
        )
    return [
        BoardRound(
            number=rnd.number,
            minutes=rnd.minutes,
            time_called_at=rnd.time_called_at,
            time_called_by=rnd.time_called_by,
            created_at=rnd.created_at,
            complete=all(t.state == Result.Status.CONFIRMED for t in by_round[rnd.pk]),
            tables=by_round[rnd.pk],
            sit_outs=byes[rnd.pk],
        )
        for rnd in rounds
    ]


def change_log(
    *, event: Event, table: int | None = None, round_number: int | None = None
) -> QuerySet[ResultChange]:
    """The event's change log, oldest first; only a table's number or a round's, if named
    (a team withdrawn names no table: it is in the whole log only; a round undone or seated
    names its round and no table)."""
    changes = ResultChange.objects.filter(event=event)
    if table is not None:
        changes = changes.filter(table_number=table)
    if round_number is not None:
        changes = changes.filter(round_number=round_number)
    return changes.order_by("id")


def scope_of(event: Event | int, table: Table | None) -> QuerySet[ResultChange]:
    """The entries of a table (of its round), or of the event (or the event of this id) as a
    whole (those naming no table: its settings, its players, its rounds seated, undone or
    changed, time, closing)."""
    event_id = event if isinstance(event, int) else event.pk
    if not is_row_id(event_id):  # (an id no event has: a page then finds no event)
        return ResultChange.objects.none()
    changes = ResultChange.objects.filter(event_id=event_id)
    if table is None:
        return changes.filter(table_number__isnull=True)
    number = table.round.number
    swaps = [change for _, change in _swaps_at(event_id, number).get((number, table.number), [])]
    return changes.filter(Q(round_number=number, table_number=table.number) | Q(id__in=swaps))


def _swaps_at(event_id: int, number: int | None = None) -> dict[tuple[Any, Any], list[Any]]:
    """The swaps of players (entries of the event as a whole) by each table whose seats they
    changed, (round, table): [(when, id), ...]; a round's only, given its number. A director's
    change of such a table begun before the swap is asked against a version it has moved."""
    swaps = ResultChange.objects.filter(event_id=event_id, action=ResultChange.Action.SWAP)
    if number is not None:
        swaps = swaps.filter(round_number=number)
    found: dict[tuple[Any, Any], list[Any]] = defaultdict(list)
    for change, round_number, at, before in swaps.values_list(
        "id", "round_number", "created_at", "before"
    ):
        for place in (before or {}).get("places", []):
            if place.get("table") is not None:
                found[(round_number, place["table"])].append((at, change))
    return found


def version_of(event: Event | int, table: Table | None = None) -> int:
    """Where the log of a table, or of the event (or the event of this id) as a whole, stands:
    its newest entry's id (0 for none). A director's change of it is asked against the version
    they read."""
    return newest_of(scope_of(event, table))


def newest_of(changes: QuerySet[ResultChange]) -> int:
    """The newest of these log entries' ids (0 for none)."""
    return int(changes.aggregate(newest=Max("id"))["newest"] or 0)
