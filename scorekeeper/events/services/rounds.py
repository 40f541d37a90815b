"""Seating the next round: its tables (with their games, at the night's physical tables and
their join codes) and its byes, as the event's format seats them from the night so far; and
calling time on a round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import services as scorekeeper_services
from scorekeeper.errors import Conflict
from scorekeeper.events import selectors
from scorekeeper.events.access import (
    Actor,
    require_event_director,
)
from scorekeeper.events.formats import format_of, has_page
from scorekeeper.events.models import (
    Event,
    EventTeam,
    Result,
    ResultChange,
    Round,
    SitOut,
    Table,
    TableSeat,
)
from scorekeeper.events.planning.seating import side_of
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.events import event_locked, require_running
from scorekeeper.events.services.night_log import logged, require_fresh
from scorekeeper.events.services.tables import event_table_for
from scorekeeper.models import Player

#: A round of a fixed number of hands is played to no target: its game gets one it can't reach.
NO_TARGET: Final = 999


def _table_ruleset(event: Event) -> dict[str, Any]:
    if event.round_length == Event.RoundLength.HANDS:
        return {**event.ruleset, "target": NO_TARGET}
    return dict(event.ruleset)


def seat_table(
    event: Event,
    rnd: Round,
    number: int,
    seats: Sequence[int],
    actor: Actor,
    teams: tuple[EventTeam, EventTeam] | None = None,
    bracket_match: str = "",
) -> Table:
    players = {p.pk: p for p in Player.objects.filter(pk__in=seats)}
    table = Table(
        round=rnd,
        number=number,
        event_table=event_table_for(event, number),
        bracket_match=bracket_match,
    )
    if teams is not None:
        table.first_team, table.second_team = teams
    if event.entry == Event.Entry.HANDS:
        # Without teams, each side is named after its players ("Ann & Cat").
        team_names = [teams[0].name, teams[1].name] if teams else None
        table.game, _token = scorekeeper_services.game_create(
            ruleset=_table_ruleset(event),
            seated=[players[p] for p in seats],
            dealer=0,
            team_names=team_names,
            club=event.club,
            actor=actor.label,
        )
    table.save()
    for seat, player_id in enumerate(seats):
        side = side_of(seat, len(seats))
        TableSeat.objects.create(table=table, number=seat, player_id=player_id, side=side)
    return table


def round_generate(*, event: Event, actor: Actor, expected_version: int | None = None) -> Round:
    """Seat the next round: its tables (with their games, at the night's physical tables,
    whose phones follow them to it) and its byes.

    The round before must be complete (every table's result confirmed), so standings and a
    bracket's winners are known when the next seating is made.
    """
    require_event_director(actor, event)
    require_running(event)
    with transaction.atomic():
        event = event_locked(event.pk)
        require_fresh(event, expected_version)
        last = event.rounds.order_by("-number").first()
        if last is not None:
            open_tables = list(
                last.tables.exclude(result__status=Result.Status.CONFIRMED)
                .order_by("number")
                .values_list("number", flat=True)
            )
            if open_tables:
                raise Conflict(
                    ngettext(
                        "Round %(last)s has %(open_tables)s table without a confirmed result: "
                        "table %(tables)s.",
                        "Round %(last)s has %(open_tables)s tables without a confirmed result: "
                        "tables %(tables)s.",
                        len(open_tables),
                    )
                    % {
                        "last": last.number,
                        "open_tables": len(open_tables),
                        "tables": ", ".join(str(n) for n in open_tables),
                    },
                    code="round-open",
                    field="rounds",
                )
        number = (last.number + 1) if last else 1
        kind = format_of(event)
        planned = kind.seating(selectors.night_of(event=event, number=number), event)
        rnd = Round.objects.create(
            event=event,
            number=number,
            minutes=event.round_minutes,
            plan_before=event.plan,
            paired_on=_standing_when_paired(event, number),
        )
        teams = {t.pk: t for t in EventTeam.objects.filter(event=event)} if kind.teams else {}
        for t, table in enumerate(planned.tables, start=1):
            pair = (teams[table.teams[0]], teams[table.teams[1]]) if table.teams else None
            seat_table(event, rnd, t, table.seats, actor, pair, bracket_match=table.match)
        for who in planned.byes:
            if kind.teams:
                SitOut.objects.create(round=rnd, team_id=who)
            else:
                SitOut.objects.create(round=rnd, player_id=who)
        event.plan = dict(planned.plan)
        event.status = Event.Status.RUNNING
        event.save(update_fields=["plan", "status", "updated_at"])
        logged(
            event.pk,
            ResultChange.Action.SEAT,
            actor,
            round_number=number,
            after={"tables": len(planned.tables), "byes": list(planned.byes)},
        )
        event_changed(event.pk)
    return rnd


def round_time_call(
    *, event: Event, number: int, actor: Actor, expected_version: int | None = None
) -> Round:
    """The director calls time on a round: every table then enters its result as it stands
    (`time_called`). Logged with the round's `time_called_at` before and after; calling it
    again changes nothing. A round whose every table has its result confirmed has no play to
    stop: 409 `round-complete`."""
    require_event_director(actor, event)
    require_running(event)
    with transaction.atomic():
        # (the event, then the round's row only, as a repair of the round takes them: a
        # round's default order joins its event, which a plain lock would take second)
        event = event_locked(event.pk)
        rnd = (
            Round.objects.select_for_update(of=("self",))
            .filter(event=event, number=number)
            .order_by()
            .first()
        )
        if rnd is None:
            raise selectors.no_round()
        if rnd.time_called_at is None:
            require_fresh(event, expected_version)
            if not rnd.tables.exclude(result__status=Result.Status.CONFIRMED).exists():
                raise Conflict(
                    _(
                        "Every table of round %(number)s has its result confirmed: there is no "
                        "play to call time on."
                    )
                    % {"number": number},
                    code="round-complete",
                    field="number",
                )
            rnd.time_called_at = timezone.now()
            rnd.time_called_by = actor.name
            rnd.save(update_fields=["time_called_at", "time_called_by"])
            logged(
                event.pk,
                ResultChange.Action.TIME,
                actor,
                round_number=number,
                before={"time_called_at": None},
                after={"time_called_at": rnd.time_called_at.isoformat()},
            )
            event_changed(event.pk)
    return rnd


def _standing_when_paired(event: Event, number: int) -> dict[str, list[int]] | None:
    """What a round paired from the standings is printed with (its pairings page): each
    ranked team's place and match points after the round before, by the team's id (a name
    changes, an erased player's with it), kept as they stand now; None before any rank."""
    if not has_page(event, "pairings"):
        return None
    rows = selectors.standings(event=event, through=number - 1).rows
    return {str(row.key): [row.rank, row.match_points] for row in rows if row.rank} or None
