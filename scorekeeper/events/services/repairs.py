"""A director's repairs of the night's seating and of a mistaken event, each logged: a seated
round undone while nothing is entered there (and seated again as it was), two players'
seats swapped and a late arrival seated into a sit-out place before the round's first hand,
an event with no result deleted.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Count, F, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import referee
from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events import selectors
from scorekeeper.events.access import Actor, require_event_director
from scorekeeper.events.formats import format_of
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTable,
    Result,
    ResultChange,
    Round,
    SitOut,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.planning import seating
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.device_tokens import physical_tables_locked, tokens_revoke
from scorekeeper.events.services.events import event_locked, require_running
from scorekeeper.events.services.night_log import logged, require_fresh
from scorekeeper.events.services.rounds import seat_table
from scorekeeper.models import Game, Hand, Seat

log = logging.getLogger("scorekeeper.events")


def _latest(event: Event, number: int) -> Round:
    """Round ``number`` of the event, locked, which must be its latest (a later round was
    seated from it)."""
    rnd = (
        Round.objects.select_for_update(of=("self",))
        .filter(event=event, number=number)
        .order_by()
        .first()
    )
    if rnd is None:
        raise selectors.no_round()
    if Round.objects.filter(event=event, number__gt=number).exists():
        raise Conflict(
            _("A later round is seated: only the latest round can be changed."),
            code="not-latest-round",
            field="number",
        )
    return rnd


def _entered(rnd: Round) -> list[dict[str, Any]]:
    """The round's tables with anything entered: hands, a result."""
    tables = (
        Table.objects.filter(round=rnd)
        .annotate(hands_entered=Count("game__hands", distinct=True))
        .select_related("result")
        .order_by("number")
    )
    entered = []
    for table in tables:
        result: Result | None = getattr(table, "result", None)
        hands = int(getattr(table, "hands_entered", 0))
        if hands or result is not None:
            entered.append(
                {"table": table.number, "hands": hands, "result": result.status if result else None}
            )
    return entered


def _nothing_entered(rnd: Round, code: str, refusal: str) -> None:
    entered = _entered(rnd)
    if entered:
        what = "; ".join(_what_is_entered(t) for t in entered)
        raise Conflict(
            f"{refusal} {what}",
            code=code,
            field="number",
            tables=entered,
        )


def _what_is_entered(table: dict[str, Any]) -> str:
    """A table's entries as the refusal names them: its hands and its result (a totals table
    has a result and no hands)."""
    if not table["hands"]:
        return _("table %(table)s: a result") % {"table": table["table"]}
    return ngettext(
        "table %(table)s: %(hands)s hand%(result)s",
        "table %(table)s: %(hands)s hands%(result)s",
        table["hands"],
    ) % {
        "table": table["table"],
        "hands": table["hands"],
        "result": _(", a result") if table["result"] else "",
    }


def _untouched(
    event: Event, actor: Actor, number: int, expected: int | None, code: str, refusal: str
) -> tuple[Event, Round]:
    """The event (locked, read as the director read it) and its latest round ``number``, while
    nothing is entered there; else a 409 ``code`` saying ``refusal`` and naming the tables."""
    require_event_director(actor, event)
    require_running(event)
    _tables_first(Table.objects.filter(round__event=event, round__number=number))
    event = event_locked(event.pk)
    require_fresh(event, expected)
    rnd = _latest(event, number)
    _nothing_entered(rnd, code, refusal)
    return event, rnd


def _tables_first(tables: QuerySet[Table]) -> None:
    """Lock the tables a director's act may change before its event, in the order a table's
    write takes them (its table, its game, then its event's counters): a hand and the act
    wait for each other rather than each holding what the other needs (a deadlock on
    PostgreSQL), and a hand that went first is found."""
    list(tables.select_for_update(of=("self",)).order_by("pk").values("pk"))


def _seating(rnd: Round) -> dict[str, Any]:
    """The round as it was seated: each table's players by seat, and who sat out."""
    seats: dict[int, list[int]] = {}
    for number, player in (
        TableSeat.objects.filter(table__round=rnd)
        .values_list("table__number", "player_id")
        .order_by("table__number", "number")
    ):
        seats.setdefault(number, []).append(player)
    byes = list(SitOut.objects.filter(round=rnd).values_list("player_id", "team_id"))
    return {
        "tables": [seats[number] for number in sorted(seats)],
        "byes": [player or team for player, team in byes],
    }


def round_undo(
    *,
    event: Event,
    actor: Actor,
    number: int,
    reason: str = "",
    expected_version: int | None = None,
) -> None:
    """Undo the latest seated round while no hand or result is entered at any of its tables
    (a 409 naming the tables that have some): its tables, games and byes go, the event's plan
    is what it was before the round was seated (so seating it again seats the same), and the
    confirming phones joined at its tables stop working. Logged with the seating undone."""
    with transaction.atomic():
        event, rnd = _untouched(
            event,
            actor,
            number,
            expected_version,
            "round-entered",
            _("Round %(number)s has entries, so it cannot be undone:") % {"number": number},
        )
        before = _seating(rnd)
        tables = list(Table.objects.filter(round=rnd))
        games = [table.game_id for table in tables if table.game_id is not None]
        tokens_revoke(
            tokens=TableToken.objects.filter(table__in=tables, role=TableToken.Role.CONFIRMER),
            event=event,
            ended=TableToken.Ended.UNDONE,
        )
        TableToken.objects.filter(table__in=tables).update(table=None)
        deleted_with_games(rnd, games)
        if rnd.plan_before is not None:
            event.plan = rnd.plan_before
        elif number == 1:
            event.plan = {}
        if not event.rounds.exists():
            event.status = Event.Status.DRAFT
        event.save(update_fields=["plan", "status", "updated_at"])
        logged(
            event.pk,
            ResultChange.Action.UNSEAT,
            actor,
            round_number=number,
            reason=reason,
            before=before,
            after=None,
        )
        event_changed(event.pk)


def _place_of(rnd: Round, player: int, field: str) -> TableSeat | SitOut:
    seat = (
        TableSeat.objects.select_for_update(of=("self",))
        .select_related("table")
        .filter(table__round=rnd, player_id=player)
        .first()
    )
    if seat is not None:
        return seat
    sit_out = SitOut.objects.filter(round=rnd, player_id=player).first()
    if sit_out is None:
        raise Malformed(
            _("This player has no seat and no bye in this round."),
            code="not-in-round",
            field=field,
        )
    return sit_out


def seats_swap(
    *,
    event: Event,
    actor: Actor,
    number: int,
    players: Sequence[int],
    reason: str = "",
    expected_version: int | None = None,
) -> Round:
    """Two players of the latest round change places before its first hand: two seats (at
    one table or two), or a seat and a bye (the one sitting out plays, the other sits out).
    In a team event only partners swap (their two seats). Logged with both places."""
    if len(players) != 2 or players[0] == players[1]:
        raise Malformed(_("name two players"), code="bad-players", field="players")
    with transaction.atomic():
        event, rnd = _untouched(
            event,
            actor,
            number,
            expected_version,
            "round-started",
            _("Round %(number)s has begun, so its seats stay:") % {"number": number},
        )
        first, second = (_place_of(rnd, p, f"players[{i}]") for i, p in enumerate(players))
        _swappable(event, first, second)
        for i, (place, other) in enumerate(((first, second), (second, first))):
            # The one sitting out takes the other's seat: not someone who has gone home.
            if isinstance(place, SitOut) and isinstance(other, TableSeat):
                entrant = Entrant.objects.filter(event=event, player_id=players[i]).first()
                if entrant is not None and not entrant.active:
                    raise _gone(entrant, f"players[{i}]")
        letters = referee.Ruleset.parse(event.ruleset).seat_letters
        places = [_where(first, letters), _where(second, letters)]
        before = {"players": list(players), "places": places}
        _exchange(first, second, players)
        _confirmers_moved_away(first, second, players, event)
        after = {"players": list(players), "places": places[::-1]}
        if any(isinstance(place, SitOut) for place in (first, second)):
            # A bye changed hands: the rounds ahead are planned again, so that their byes
            # stay fair (the plan names who sits out by id).
            event.plan = format_of(event).plan_after_entrants(event)
            event.save(update_fields=["plan", "updated_at"])
        else:
            # Two seats: who plays and who sits out are the same, and the rounds ahead keep
            # their plan (the movement cards printed for them stay right).
            event.save(update_fields=["updated_at"])
        logged(
            event.pk,
            ResultChange.Action.SWAP,
            actor,
            round_number=number,
            reason=reason,
            before=before,
            after=after,
        )
        event_changed(event.pk)
    return rnd


def _gone(entrant: Entrant, field: str) -> Conflict:
    return Conflict(
        _("%(player)s has left the event: if they are back, enter them again first.")
        % {"player": entrant.player.shown},
        code="player-left",
        field=field,
    )


def _where(place: TableSeat | SitOut, letters: Sequence[str]) -> dict[str, Any]:
    """A place as the log keeps it: a table's seat (its number and letter), or sitting out
    (all null)."""
    if isinstance(place, TableSeat):
        return {"table": place.table.number, "seat": place.number, "letter": letters[place.number]}
    return {"table": None, "seat": None, "letter": None}


def _swappable(event: Event, first: TableSeat | SitOut, second: TableSeat | SitOut) -> None:
    seats = [p for p in (first, second) if isinstance(p, TableSeat)]
    if any(seat.substitute_for_id or seat.absent for seat in seats):
        raise Conflict(
            _("A seat with a substitute or an absent player is the remedy's: undo that first."),
            code="seat-remedied",
            field="players",
        )
    if not seats:
        raise Conflict(
            _("Both players sit this round out: nothing to swap."),
            code="both-sitting-out",
            field="players",
        )
    if event.is_teams and not (
        len(seats) == 2
        and seats[0].table_id == seats[1].table_id
        and seats[0].side == seats[1].side
    ):
        raise Conflict(
            _("In a team event only partners swap their seats."),
            code="partners-only",
            field="players",
        )


def _exchange(
    first: TableSeat | SitOut, second: TableSeat | SitOut, players: Sequence[int]
) -> None:
    """Player 0 takes place 1 and player 1 takes place 0; the tables' games follow."""
    a, b = players
    places = [(first, b), (second, a)]
    seats = [(p, who) for p, who in places if isinstance(p, TableSeat)]
    # A player sits once at a table: the seats are made again, not changed one by one.
    TableSeat.objects.filter(pk__in=[p.pk for p, _who in seats]).delete()
    TableSeat.objects.bulk_create(
        TableSeat(table_id=p.table_id, number=p.number, side=p.side, player_id=who)
        for p, who in seats
    )
    for place, who in places:
        if isinstance(place, SitOut):
            SitOut.objects.filter(pk=place.pk).update(player_id=who)
    for table_id in {p.table_id for p, _who in seats}:
        game_follows_seats(Table.objects.get(pk=table_id))


def _confirmers_moved_away(
    first: TableSeat | SitOut, second: TableSeat | SitOut, players: Sequence[int], event: Event
) -> None:
    """A confirming phone named for a player the swap took to another table (or a bye) no
    longer confirms at its own: it is ended, and joins again where its player sits now."""
    left = [
        (place.table_id, player)
        for place, other, player in ((first, second, players[0]), (second, first, players[1]))
        if isinstance(place, TableSeat) and getattr(other, "table_id", None) != place.table_id
    ]
    for table_id, player in left:
        tokens_revoke(
            tokens=TableToken.objects.filter(
                table_id=table_id, role=TableToken.Role.CONFIRMER, player_id=player
            ),
            event=event,
            ended=TableToken.Ended.FREED,
        )


def game_follows_seats(table: Table) -> None:
    """The table's game names the players seated now (and, where sides are named after them,
    its sides); its version moves, so the phone reads them again."""
    if table.game_id is None:
        return
    seated = list(table.seats.select_related("player").order_by("number"))
    for seat in seated:
        Seat.objects.filter(game_id=table.game_id, number=seat.number).update(player=seat.player)
    game = Game.objects.select_for_update().get(pk=table.game_id)
    if table.first_team_id is None:
        game.team_names = [
            " & ".join(s.player.shown for s in seated if s.side == side) for side in (0, 1)
        ]
    game.version += 1
    game.save(update_fields=["team_names", "version", "updated_at"])


def game_moved(table: Table) -> None:
    """A director set the table's result over its hands (assigned, forfeited): the game's
    version moves, so a hand written against the game as it was read before (a second
    director's amendment) is refused as changed meanwhile (412) instead of undoing it."""
    if table.game_id is not None:
        Game.objects.filter(pk=table.game_id).update(version=F("version") + 1)


def round_seat_late(
    *,
    event: Event,
    actor: Actor,
    number: int,
    player: int,
    reason: str = "",
    expected_version: int | None = None,
) -> Table | None:
    """A late arrival (a player entered, with no place in the latest round) takes a sit-out
    place in it before its first hand: they sit the round out, as a bye. When the round's
    byes then make a table of four, those four are seated at a new table. Individuals only.
    Logged with where they went; the new table, if any, is answered."""
    require_event_director(actor, event)
    require_running(event)
    if event.is_teams:
        raise Conflict(
            _("A team event seats teams: a late team plays from the next round."),
            code="teams-event",
            field="player",
        )
    with transaction.atomic():
        event, rnd = _untouched(
            event,
            actor,
            number,
            expected_version,
            "round-started",
            _("Round %(number)s has begun: a late arrival plays from the next round.")
            % {"number": number},
        )
        entrant = Entrant.objects.filter(event=event, player_id=player).first()
        if entrant is not None and not entrant.active:
            raise _gone(entrant, "player")
        if entrant is None:
            raise Malformed(
                _("Enter the player in the event first."), code="not-entered", field="player"
            )
        placed = TableSeat.objects.filter(table__round=rnd, player_id=player).exists()
        if placed or SitOut.objects.filter(round=rnd, player_id=player).exists():
            raise Conflict(
                _("This player already has a place in this round."),
                code="already-placed",
                field="player",
            )
        SitOut.objects.create(round=rnd, player_id=player)
        table = _table_of_byes(event, rnd, actor)
        logged(
            event.pk,
            ResultChange.Action.SEAT_LATE,
            actor,
            round_number=number,
            reason=reason,
            after={"player": player, "table": table.number if table else None},
        )
        event_changed(event.pk)
    return table


def _table_of_byes(event: Event, rnd: Round, actor: Actor) -> Table | None:
    """A table's worth of the round sitting out (four, or six six-handed) make a new table,
    at the next number, its partners split as every round's are (nobody with the partner of
    the round before)."""
    byes = list(SitOut.objects.filter(round=rnd, player__isnull=False).order_by("id"))
    if len(byes) < event.table_size:
        return None
    seated = byes[-event.table_size :]
    SitOut.objects.filter(pk__in=[b.pk for b in seated]).delete()
    last = Table.objects.filter(round=rnd).order_by("-number").first()
    number = (last.number if last else 0) + 1
    players = [b.player_id for b in seated if b.player_id is not None]
    before = [
        seating.Round(tuple(seating.Table(table.seats) for table in played.tables))
        for played in selectors.night_of(event=event, number=rnd.number).rounds
    ]
    table = seating.partners_apart(players, before)
    return seat_table(event, rnd, number, list(table.seats), actor)


def event_delete(
    *, event: Event, actor: Actor, reason: str = "", expected_version: int | None = None
) -> None:
    """Delete a mistaken event: refused once any table has a result or a hand (409 naming how
    many), since what a table entered is a night's record (undo a hand entered by mistake
    first). Its rounds, tables, games and change log go with it; the server's log and the
    admin's history keep who deleted what, and why."""
    user = require_event_director(actor, event)
    with transaction.atomic():
        # (its physical tables first, as a phone joining takes one before its table)
        physical_tables_locked(EventTable.objects.filter(event=event))
        _tables_first(Table.objects.filter(round__event=event))
        event = event_locked(event.pk)
        require_fresh(event, expected_version)
        results = Result.objects.filter(table__round__event=event).count()
        hands = (
            Hand.objects.filter(game__event_table__round__event=event).count() if not results else 0
        )
        if results or hands:
            raise Conflict(
                _("This event has %(entered)s entered: it is a night's record, and stays.")
                % {
                    "entered": ngettext("%(count)s result", "%(count)s results", results)
                    % {"count": results}
                    if results
                    else ngettext("%(count)s hand", "%(count)s hands", hands) % {"count": hands}
                },
                code="event-has-results",
                field="id",
                results=results,
                hands=hands,
            )
        summary = f"{event.name} ({event.date}), club {event.club_id}, id {event.pk}"
        deleted_with_games(event, games_of(Table.objects.filter(round__event=event)))
        _admin_history(user, summary, reason)
    log.info("event deleted by %s: %s; reason: %s", actor.label, summary, reason.strip())


def games_of(tables: QuerySet[Table]) -> list[Any]:
    """The hand-by-hand games these tables play."""
    return list(tables.filter(game__isnull=False).values_list("game_id", flat=True))


def deleted_with_games(row: Event | Round, games: Sequence[Any]) -> None:
    """An event or a round deleted, and its tables' games with it (a table holds its game
    by a link the deletion does not follow)."""
    row.delete()
    Game.objects.filter(pk__in=games).delete()


def _admin_history(user: Any, summary: str, reason: str) -> None:
    """The site's own history of deletions (the admin's), which outlives the event."""
    LogEntry.objects.create(
        user_id=user.pk,
        content_type=ContentType.objects.get_for_model(Event),
        object_repr=summary[:200],
        action_flag=DELETION,
        change_message=reason.strip()[:500],
    )
