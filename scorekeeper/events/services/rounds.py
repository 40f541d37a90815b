"""Seating the next round: its tables (with their games, at the night's physical tables and
their join codes) and its byes, from the seating module's plan for a progressive event, a
round robin or a bracket (`services.knockouts`); and calling time on a round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import services as scorekeeper_services
from scorekeeper.errors import Conflict, NotFound
from scorekeeper.events.access import (
    Actor,
    require_director,
)
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTeam,
    Result,
    Round,
    SitOut,
    Table,
    TableSeat,
)
from scorekeeper.events.planning import progressive, seating, team_rounds
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.events import MAX_ROUNDS, require_running
from scorekeeper.events.services.knockouts import knockout_next
from scorekeeper.events.services.tables import event_table_for
from scorekeeper.models import Player

#: A round of a fixed number of hands is played to no target: its game gets one it can't reach.
NO_TARGET: Final = 999


def _history(event: Event) -> list[seating.Round]:
    """The rounds seated so far, as the seating module sees them."""
    seats = (
        TableSeat.objects.filter(table__round__event=event)
        .order_by("table__round__number", "table__number", "number")
        .values_list("table__round__number", "table_id", "player_id")
    )
    tables: dict[int, dict[int, list[int]]] = {}
    for number, table_id, player_id in seats:
        tables.setdefault(number, {}).setdefault(table_id, []).append(player_id)
    byes: dict[int, list[int]] = {}
    for number, player_id in SitOut.objects.filter(
        round__event=event, player__isnull=False
    ).values_list("round__number", "player_id"):
        byes.setdefault(number, []).append(player_id)
    numbers = sorted(set(tables) | set(byes))
    return [
        seating.Round(
            tables=tuple(
                seating.Table((s[0], s[1], s[2], s[3]))
                for s in tables.get(n, {}).values()
                if len(s) == seating.SEATS
            ),
            byes=tuple(byes.get(n, [])),
        )
        for n in numbers
    ]


def _round_json(rnd: seating.Round) -> dict[str, Any]:
    return {"tables": [list(t.seats) for t in rnd.tables], "byes": list(rnd.byes)}


def _round_of(data: dict[str, Any]) -> seating.Round:
    return seating.Round(
        tables=tuple(seating.Table(tuple(seats)) for seats in data["tables"]),
        byes=tuple(data["byes"]),
    )


def _next_progressive(event: Event, number: int) -> seating.Round:
    # Each round's seating weighs every round before it: a night stops at the most an event
    # may plan, so a round's seating costs a bounded time (as EVENT_MAX_ENTRANTS bounds the room).
    if number > MAX_ROUNDS:
        raise Conflict(
            _("An event has at most %(max_rounds)s rounds.") % {"max_rounds": MAX_ROUNDS},
            code="rounds-limit",
            field="rounds",
        )
    roster = list(
        Entrant.objects.filter(event=event, active=True)
        .order_by("id")
        .values_list("player_id", flat=True)
    )
    if len(roster) < seating.SEATS:
        raise Conflict(
            _("A round needs at least %(seats)s players; %(count)s are in.")
            % {"seats": seating.SEATS, "count": len(roster)},
            code="too-few-players",
            field="players",
        )
    plan = event.plan if isinstance(event.plan, dict) else {}
    if plan.get("roster") == roster and plan.get("rounds"):
        rounds = list(plan["rounds"])
    else:
        ahead = max(1, event.rounds_planned - (number - 1))
        # The event's own seed, round after round: a plan made again after more rounds are
        # planned then continues the same whist design.
        planned = progressive.progressive_plan(
            roster, history=_history(event), rounds=ahead, seed=event.seed
        )
        rounds = [_round_json(r) for r in planned]
    event.plan = {"roster": roster, "rounds": rounds[1:]}
    return _round_of(rounds[0])


def _team_members(event: Event) -> dict[int, list[int]]:
    members: dict[int, list[int]] = {}
    for team_id, player_id in (
        Entrant.objects.filter(event=event, team__isnull=False)
        .order_by("id")
        .values_list("team_id", "player_id")
    ):
        members.setdefault(team_id, []).append(player_id)
    return members


def _active_teams(event: Event) -> list[int]:
    return list(
        EventTeam.objects.filter(event=event, active=True)
        .order_by("seed")
        .values_list("id", flat=True)
    )


def _next_round_robin(event: Event, number: int) -> team_rounds.TeamRound:
    plan = event.plan if isinstance(event.plan, dict) else {}
    if number == 1:
        teams = _active_teams(event)
        if len(teams) < 2:
            raise Conflict(_("A round robin needs two teams."), code="too-few-teams", field="teams")
        schedule = team_rounds.round_robin(teams)
        plan = {
            "rounds": [
                {"matches": [[m.first, m.second] for m in r.matches], "byes": list(r.byes)}
                for r in schedule
            ]
        }
        event.rounds_planned = len(schedule)
    if number > len(plan.get("rounds", [])):
        raise Conflict(
            _("Every team has met every other: the round robin is complete."),
            code="schedule-complete",
            field="rounds",
        )
    event.plan = plan
    data = plan["rounds"][number - 1]
    active = set(_active_teams(event))
    matches, byes = [], [b for b in data["byes"] if b in active]
    for first, second in data["matches"]:
        if first in active and second in active:
            matches.append(team_rounds.Match(first, second))
        else:  # a team that left forfeits: its opponent sits out with the credit
            byes.extend(t for t in (first, second) if t in active)
    return team_rounds.TeamRound(tuple(matches), tuple(byes))


def _table_ruleset(event: Event) -> dict[str, Any]:
    if event.round_length == Event.RoundLength.HANDS:
        return {**event.ruleset, "target": NO_TARGET}
    return dict(event.ruleset)


def _seat_table(
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
        TableSeat.objects.create(table=table, number=seat, player_id=player_id, side=seat % 2)
    return table


def round_generate(*, event: Event, actor: Actor) -> Round:
    """Seat the next round: its tables (with their games, at the night's physical tables,
    whose phones follow them to it) and its byes.

    The round before must be complete (every table's result confirmed), so standings and a
    bracket's winners are known when the next seating is made.
    """
    require_director(actor, event.club)
    require_running(event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        last = event.rounds.order_by("-number").first()
        if last is not None:
            open_tables = last.tables.exclude(result__status=Result.Status.CONFIRMED).count()
            if open_tables:
                raise Conflict(
                    _("Round %(last)s has %(open_tables)s table(s) without a confirmed result.")
                    % {"last": last.number, "open_tables": open_tables},
                    code="round-open",
                    field="rounds",
                )
        number = (last.number + 1) if last else 1
        if event.format == Event.Format.PROGRESSIVE:
            planned = _next_progressive(event, number)
            rnd = Round.objects.create(event=event, number=number, minutes=event.round_minutes)
            for t, table in enumerate(planned.tables, start=1):
                _seat_table(event, rnd, t, table.seats, actor)
            for player_id in planned.byes:
                SitOut.objects.create(round=rnd, player_id=player_id)
        else:
            keys: list[str] = []
            if event.format == Event.Format.ROUND_ROBIN:
                team_round = _next_round_robin(event, number)
            else:
                drawn, byes = knockout_next(event, number)
                keys = [key for key, _match in drawn]
                team_round = team_rounds.TeamRound(tuple(m for _key, m in drawn), tuple(byes))
            rnd = Round.objects.create(event=event, number=number, minutes=event.round_minutes)
            teams = {t.pk: t for t in EventTeam.objects.filter(event=event)}
            members = _team_members(event)
            for t, match in enumerate(team_round.matches, start=1):
                first, second = members[match.first], members[match.second]
                seats = [first[0], second[0], first[1], second[1]]
                pair = (teams[match.first], teams[match.second])
                key = keys[t - 1] if keys else ""
                _seat_table(event, rnd, t, seats, actor, pair, bracket_match=key)
            for team_id in team_round.byes:
                SitOut.objects.create(round=rnd, team_id=team_id)
        event.status = Event.Status.RUNNING
        event.save(update_fields=["plan", "rounds_planned", "status", "updated_at"])
        event_changed(event.pk)
    return rnd


def round_time_call(*, event: Event, number: int, actor: Actor) -> Round:
    """The director calls time on a round: every table then enters its result as it stands
    (`time_called`). Calling it again changes nothing."""
    require_director(actor, event.club)
    require_running(event)
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(event=event, number=number).first()
        if rnd is None:
            raise NotFound(
                _("This event has no round with this number."), code="no-such-round", field="number"
            )
        if rnd.time_called_at is None:
            rnd.time_called_at = timezone.now()
            rnd.save(update_fields=["time_called_at"])
            event_changed(event.pk)
    return rnd
