"""Look-ups by id: one row, or a NotFound naming the field (an id out of range finds
none). An event's or a table's look-up can say in the same query whether a user directs its
club; whether that lets them read it is `scorekeeper.events.access`'s to decide.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.db.models import Exists, Field, Model, OuterRef, QuerySet, Value
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.compiled import Compiled
from scorekeeper.errors import NotFound
from scorekeeper.events.models import (
    Director,
    Entrant,
    Event,
    EventTable,
    Result,
    ResultChange,
    Round,
    Season,
    Table,
    TableToken,
)
from scorekeeper.models import Club, Player
from scorekeeper.selectors import the_row

_M = TypeVar("_M", bound=Model)


def is_row_id(pk: int) -> bool:
    """Whether a row could have this id (a larger one no database column holds)."""
    return 0 < pk < 2**63


def _one(
    rows: QuerySet[_M], pk: int, detail: str, code: str, field: str = "id", key: str = "pk"
) -> _M:
    """The row with this id (or other `key`), or a NotFound naming the field; an id out of
    range finds none."""
    found = the_row(rows.filter(**{key: pk})) if is_row_id(pk) else None
    if found is None:
        raise NotFound(detail, code=code, field=field)
    return found


def club_get(*, club_id: int) -> Club:
    return _one(Club.objects.all(), club_id, _("There is no club with this id."), "no-such-club")


def _directed_by(user: AbstractBaseUser, club: str) -> Any:
    """Whether `user` directs the row's club (`club`: the path to its id), as an annotation:
    the look-up and the question in one query."""
    if getattr(user, "is_superuser", False):
        return Value(True)
    return Exists(Director.objects.filter(club_id=OuterRef(club), user_id=int(user.pk)))


_NO_EVENT = (gettext_lazy("There is no event with this id."), "no-such-event")


def event_get(*, event_id: int, director: AbstractBaseUser | None = None) -> Event:
    """The event; with `director`, its `directed` says whether that user directs its club."""
    events = Event.objects.select_related("club", "season")
    if director is not None:
        events = events.annotate(directed=_directed_by(director, "club_id"))
    return _one(events, event_id, str(_NO_EVENT[0]), _NO_EVENT[1])


@dataclass(frozen=True)
class EventStamp:
    """What a poll of an event is answered 304 on: who may read it and the counters its tag
    is made of, read as one narrow row (a full event is read only when the poll is stale)."""

    pk: int
    club_id: int
    club_language: str
    published: bool
    version: int
    standings_version: int
    directed: bool | None = None


def event_stamp(*, event_id: int, director: AbstractBaseUser | None = None) -> EventStamp:
    """The event's stamp (`directed` as for `event_get`), or a NotFound as `event_get`. Every
    watcher's poll asks it: one statement written once, not a query the ORM builds again."""
    # (A superuser directs every club: only another user's directorship is asked.)
    user = None if director is None or getattr(director, "is_superuser", False) else director
    found = None
    if 0 < event_id < 2**63:
        params = [event_id] if user is None else [int(user.pk), event_id]
        with connection.cursor() as cursor:
            cursor.execute(_stamp_sql(connection.vendor, user is not None), params)
            found = cursor.fetchone()
    if found is None:
        raise NotFound(str(_NO_EVENT[0]), code=_NO_EVENT[1], field="id")
    pk, club_id, language, published, version, standings_version, *asked = found
    directed = None if director is None else bool(asked[0]) if user is not None else True
    return EventStamp(pk, club_id, language, bool(published), version, standings_version, directed)


@functools.cache
def _stamp_sql(vendor: str, asks_director: bool) -> str:
    """The stamp's statement on this kind of database (whose quoting it uses), with whether
    the user (the first parameter) directs the event's club when `asks_director`; the event's
    id is the last parameter."""
    name = connection.ops.quote_name

    def column(model: type[Model], field: str) -> str:
        found = model._meta.get_field(field)
        assert isinstance(found, Field) and found.column
        return name(found.column)

    directed = (
        f", EXISTS (SELECT 1 FROM {name(Director._meta.db_table)} d"
        f" WHERE d.{column(Director, 'club')} = e.{column(Event, 'club')}"
        f" AND d.{column(Director, 'user')} = %s)"
        if asks_director
        else ""
    )
    fields = ", ".join(
        [
            f"e.{column(Event, 'id')}",
            f"e.{column(Event, 'club')}",
            f"c.{column(Club, 'language')}",
            *(f"e.{column(Event, f)}" for f in ("published", "version", "standings_version")),
        ]
    )
    return (
        f"SELECT {fields}{directed} FROM {name(Event._meta.db_table)} e"
        f" INNER JOIN {name(Club._meta.db_table)} c"
        f" ON c.{column(Club, 'id')} = e.{column(Event, 'club')}"
        f" WHERE e.{column(Event, 'id')} = %s"
    )


def round_get(*, event: Event, number: int) -> Round:
    found = event.rounds.filter(number=number).first() if is_row_id(number) else None
    if found is None:
        raise no_round()
    return found


def no_table() -> NotFound:
    """The answer about a table that is not there (or was deleted with its round meanwhile)."""
    return NotFound(_("There is no table with this id."), code="no-such-table", field="id")


def no_round() -> NotFound:
    return NotFound(
        _("This event has no round with this number."), code="no-such-round", field="number"
    )


def table_get(
    *,
    table_id: int,
    director: AbstractBaseUser | None = None,
    game: bool = True,
    locked: bool = False,
) -> Table:
    """The table with its round, event, game (unless not `game`: a write reads it under its
    lock) and physical table (`directed` as for `event_get`); `locked`: read for a write
    under the table's row lock, with its result."""
    if locked and not game and director is None:  # (a table's hand: the night's usual write)
        found = _TABLE_TO_WRITE.first(table_id) if 0 < table_id < 2**63 else None
        if found is None:
            raise no_table()
        return found
    tables = _tables(game=game, locked=locked)
    if director is not None:
        tables = tables.annotate(directed=_directed_by(director, "round__event__club_id"))
    found = the_row(tables.filter(pk=table_id)) if is_row_id(table_id) else None
    if found is None:
        raise no_table()
    return found


def _tables(*, game: bool, locked: bool) -> QuerySet[Table]:
    tables = Table.objects.select_related("round__event__club", "event_table")
    if game:
        tables = tables.select_related("game")
    if locked:
        tables = tables.select_for_update(of=("self",), no_key=True).select_related("result")
    return tables


# (without the event's plan: what a format keeps for its next rounds, the night's seating
# ahead in a progressive night, which no hand reads and which is parsed anew each time it is)
_TABLE_TO_WRITE = Compiled(
    lambda table_id: (
        _tables(game=False, locked=True).defer("round__event__plan").filter(pk=table_id)
    ),
    "id",
)


def table_now(*, event_table: EventTable) -> Table | None:
    """This round's table at a physical table: the event's latest round's, if it seats one
    there (a round with fewer tables leaves some empty)."""
    latest = Round.objects.filter(event_id=event_table.event_id).order_by("-number").first()
    if latest is None:
        return None
    return the_row(
        Table.objects.select_related("round__event__club", "game", "event_table").filter(
            round=latest, event_table=event_table
        )
    )


def device_table(*, device: TableToken) -> Table | None:
    """The round's table a phone answers for now: a scoring phone's physical table in this
    round; a confirming phone's own round's table."""
    if device.role == TableToken.Role.CONFIRMER:
        return table_get(table_id=device.table_id) if device.table_id else None
    return table_now(event_table=device.event_table)


def player_get(*, player_id: int, field: str = "id") -> Player:
    """A player, with `public` set when they entered a published event (one query)."""
    players = Player.objects.select_related("club").annotate(
        public=Exists(Entrant.objects.filter(player=OuterRef("pk"), event__published=True))
    )
    return _one(players, player_id, _("There is no player with this id."), "no-such-player", field)


def season_get(*, season_id: int, club: Club | None = None) -> Season:
    """A season (of this club, when one is named)."""
    seasons = Season.objects.select_related("club")
    if club is None:
        return _one(
            seasons, season_id, _("There is no season with this id."), "no-such-season", "season"
        )
    return _one(
        seasons.filter(club=club),
        season_id,
        _("This club has no season with this id."),
        "no-such-season",
        "season",
    )


def result_version(*, table: Table) -> int | None:
    """The version of the table's result (None: no result yet)."""
    return Result.objects.filter(table=table).values_list("version", flat=True).first()


def result_answered(*, table: Table, key: str | None) -> dict[str, Any] | None:
    """What the table's write sent with this Idempotency-Key was first answered: the result
    as the change log kept it then (None: no such write, or one logged before the log kept
    whole answers). A retry is answered the same, whatever happened to the result since."""
    if key is None:
        return None
    entry = the_row(ResultChange.objects.filter(table=table, key=key))
    if entry is None or not isinstance(entry.after, dict) or "confirmation" not in entry.after:
        return None
    disputed = entry.action == ResultChange.Action.DISPUTE
    return {**entry.after, "dispute_reason": entry.reason if disputed else ""}


def result_of(*, table: Table) -> Result:
    result = Result.objects.filter(table=table).first()
    if result is None:
        raise NotFound(_("This table has no result yet."), code="no-result", field="result")
    return result
