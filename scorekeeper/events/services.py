"""Everything that changes clubs, events, rounds, tables and results. Nothing else calls save().

Every operation takes an `Actor` (a signed-in user, or a table's device) and checks what that
actor may do before doing it, so the API, the screens and scripts behave alike. Points come
from the referee: a hand-by-hand table's result is the sum of its game's awards, read with
the scorekeeper's selectors; a totals-only table's result is what the table wrote down.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

import referee
from scorekeeper import services as scorekeeper_services
from scorekeeper.errors import Conflict, Malformed, NotFound, Unprocessable
from scorekeeper.events import seating
from scorekeeper.events.errors import Forbidden, SignInRequired
from scorekeeper.events.models import (
    Director,
    Entrant,
    Event,
    EventTeam,
    Membership,
    Result,
    ResultChange,
    ResultLine,
    Round,
    Season,
    SitOut,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.tally import HandFacts, SeatTally, tally_hands
from scorekeeper.models import Club, Game, Hand, Player
from scorekeeper.selectors import Standing, score_of
from scorekeeper.services import HandEntry
from scorekeeper.tokens import token_digest, token_new

#: A round of a fixed number of hands is played to no target: its game gets one it can't reach.
NO_TARGET: Final = 999
MAX_HANDS_PER_ROUND: Final = 20
MAX_ROUNDS: Final = 30
MAX_NAME: Final = 60
#: Join codes: no 0/O, 1/I/L, so a code read aloud or off a card is typed right.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6


@dataclass(frozen=True)
class Actor:
    """Who asks: a signed-in user (a director, maybe) or a table's device."""

    user: AbstractBaseUser | AnonymousUser | None = None
    device: TableToken | None = None

    @property
    def signed_in(self) -> bool:
        return self.user is not None and bool(self.user.is_authenticated)

    @property
    def label(self) -> str:
        if self.device is not None:
            return f"table {self.device.table.number} {self.device.role} device"
        if self.signed_in and self.user is not None:
            return f"director {self.user.get_username()}"
        return "anonymous"


# ---------------------------------------------------------------------------------------------
# Who may do what


def is_director(user: AbstractBaseUser | AnonymousUser | None, club: Club) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return Director.objects.filter(club=club, user_id=user.pk).exists()


def _require_signed_in(actor: Actor) -> AbstractBaseUser:
    if not actor.signed_in or not isinstance(actor.user, AbstractBaseUser):
        raise SignInRequired(
            "Sign in as a director to do this.", code="sign-in-required", field="Authorization"
        )
    return actor.user


def require_director(actor: Actor, club: Club) -> AbstractBaseUser:
    user = _require_signed_in(actor)
    if not is_director(user, club):
        raise Forbidden(
            f"Only a director of {club.name} can do this.", code="not-director", field="club"
        )
    return user


def _require_device(actor: Actor, table: Table, *, scorer: bool) -> TableToken:
    """The actor's device token must be for this very table (so this round too)."""
    device = actor.device
    if device is None:
        raise SignInRequired(
            "Send the table's device token: `Authorization: Bearer <token>`.",
            code="device-token-required",
            field="Authorization",
        )
    if device.table_id != table.pk:
        raise Forbidden(
            "This device's token is for another table or round.",
            code="wrong-table",
            field="Authorization",
        )
    if scorer and device.role != TableToken.Role.SCORER:
        raise Forbidden(
            "Only the table's scoring device can enter hands and results.",
            code="not-scorer",
            field="Authorization",
        )
    return device


def _is_table_director(actor: Actor, table: Table) -> bool:
    return actor.device is None and is_director(actor.user, table.round.event.club)


def _require_running(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise Conflict(
            "The event is finished; a director can reopen it.",
            code="event-finished",
            field="status",
        )


# ---------------------------------------------------------------------------------------------
# Clubs, members, directors, seasons


def _clean_name(value: str, field: str, limit: int = 100) -> str:
    name = " ".join(value.split())
    if not 0 < len(name) <= limit:
        raise Malformed(f"give a name of 1 to {limit} characters", code="bad-name", field=field)
    return name


def club_create(*, actor: Actor, name: str) -> Club:
    """A new club; whoever creates it is its first director."""
    user = _require_signed_in(actor)
    name = _clean_name(name, "name")
    with transaction.atomic():
        if Club.objects.filter(name__iexact=name).exists():
            raise Conflict(
                "There is a club with this name already.", code="club-exists", field="name"
            )
        club = Club.objects.create(name=name)
        Director.objects.create(club=club, user_id=user.pk)
    return club


def director_add(*, club: Club, actor: Actor, user: AbstractBaseUser) -> Director:
    require_director(actor, club)
    director, _ = Director.objects.get_or_create(club=club, user_id=user.pk)
    return director


def _player_named(name: str, field: str) -> Player:
    name = _clean_name(name, field, MAX_NAME)
    player = Player.objects.filter(name__iexact=name).first()
    if player is None:
        player = Player.objects.create(name=name)
    return player


def member_add(
    *,
    club: Club,
    actor: Actor,
    name: str | None = None,
    player_id: int | None = None,
    kind: str = Membership.Kind.MEMBER,
) -> Membership:
    """Add a member or a guest, by name (a new or known player) or by player id."""
    require_director(actor, club)
    if kind not in Membership.Kind.values:
        raise Malformed("a member or a guest", code="bad-kind", field="kind")
    with transaction.atomic():
        player = _player_of(name=name, player_id=player_id)
        membership, created = Membership.objects.get_or_create(
            club=club, player=player, defaults={"kind": kind}
        )
        if not created and membership.kind != kind:
            membership.kind = kind
            membership.save(update_fields=["kind"])
    return membership


def _player_of(*, name: str | None, player_id: int | None) -> Player:
    if (name is None) == (player_id is None):
        raise Malformed("give a player's name or id (one of them)", code="bad-player", field="name")
    if player_id is not None:
        player = Player.objects.filter(pk=player_id).first()
        if player is None:
            raise NotFound(
                "There is no player with this id.", code="no-such-player", field="player"
            )
        return player
    assert name is not None
    return _player_named(name, "name")


def season_create(
    *, club: Club, actor: Actor, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    require_director(actor, club)
    name = _clean_name(name, "name")
    if ends_on < starts_on:
        raise Malformed("a season ends after it starts", code="bad-dates", field="ends_on")
    if Season.objects.filter(club=club, name__iexact=name).exists():
        raise Conflict("This club has a season with this name.", code="season-exists", field="name")
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)


# ---------------------------------------------------------------------------------------------
# Events


def _event_ruleset(value: object) -> referee.Ruleset:
    try:
        rules = referee.Ruleset.parse(value)
    except referee.MalformedRecord as error:
        raise Malformed(error.detail, code="bad-ruleset", field=error.field) from error
    if rules.players != seating.SEATS:
        raise Malformed(
            "events seat tables of four: choose a four-player ruleset",
            code="bad-ruleset",
            field="ruleset.players",
        )
    return rules


def event_create(
    *,
    club: Club,
    actor: Actor,
    name: str,
    format: str,
    ruleset: object = "standard",
    round_length: str = Event.RoundLength.GAME,
    hands_per_round: int | None = None,
    entry: str = Event.Entry.HANDS,
    rounds_planned: int = 0,
    sit_out_credit: str = Event.SitOutCredit.NONE,
    sit_out_points: int = 0,
    season: Season | None = None,
    date: datetime.date | None = None,
    published: bool = False,
    seed: int | None = None,
) -> Event:
    user = require_director(actor, club)
    rules = _event_ruleset(ruleset)
    checks: list[tuple[bool, str, str, str]] = [
        (format in Event.Format.values, "format", "bad-format", "unknown format"),
        (
            round_length in Event.RoundLength.values,
            "round_length",
            "bad-round-length",
            "a round is a number of hands or a game",
        ),
        (entry in Event.Entry.values, "entry", "bad-entry", "enter hands or totals"),
        (
            sit_out_credit in Event.SitOutCredit.values,
            "sit_out_credit",
            "bad-sit-out-credit",
            "none, fixed or average",
        ),
    ]
    for ok, field, code, detail in checks:
        if not ok:
            raise Malformed(detail, code=code, field=field)
    if round_length == Event.RoundLength.HANDS:
        if hands_per_round is None or not 1 <= hands_per_round <= MAX_HANDS_PER_ROUND:
            raise Malformed(
                f"a round of hands has 1 to {MAX_HANDS_PER_ROUND} of them",
                code="bad-hands-per-round",
                field="hands_per_round",
            )
        if format == Event.Format.BRACKET:
            raise Malformed(
                "a bracket needs a winner at every table: play games, not a number of hands",
                code="bracket-needs-games",
                field="round_length",
            )
    elif hands_per_round is not None:
        raise Malformed(
            "only rounds of a fixed number of hands have hands_per_round",
            code="bad-hands-per-round",
            field="hands_per_round",
        )
    if format == Event.Format.PROGRESSIVE and not 1 <= rounds_planned <= MAX_ROUNDS:
        raise Malformed(f"plan 1 to {MAX_ROUNDS} rounds", code="bad-rounds", field="rounds_planned")
    if sit_out_credit == Event.SitOutCredit.FIXED and sit_out_points < 1:
        raise Malformed(
            "a fixed sit-out credit is at least 1 point",
            code="bad-sit-out-points",
            field="sit_out_points",
        )
    if season is not None and season.club_id != club.pk:
        raise Malformed("the season is another club's", code="bad-season", field="season")
    return Event.objects.create(
        club=club,
        season=season,
        name=_clean_name(name, "name"),
        date=date or timezone.localdate(),
        format=format,
        ruleset=rules.to_json(),
        preset=rules.preset,
        round_length=round_length,
        hands_per_round=hands_per_round,
        entry=entry,
        rounds_planned=rounds_planned if format == Event.Format.PROGRESSIVE else 0,
        sit_out_credit=sit_out_credit,
        sit_out_points=sit_out_points,
        published=published,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        plan={},
        created_by_id=user.pk,
    )


def event_update(
    *,
    event: Event,
    actor: Actor,
    name: str | None = None,
    published: bool | None = None,
    status: str | None = None,
    rounds_planned: int | None = None,
) -> Event:
    """Rename, publish or hide, finish or reopen, or plan a different number of rounds."""
    require_director(actor, event.club)
    fields = ["updated_at"]
    if name is not None:
        event.name = _clean_name(name, "name")
        fields.append("name")
    if published is not None:
        event.published = published
        fields.append("published")
    if status is not None:
        if status not in Event.Status.values or status == Event.Status.DRAFT:
            raise Malformed("running or finished", code="bad-status", field="status")
        if status == Event.Status.RUNNING and not event.rounds.exists():
            raise Conflict("Seat the first round to start.", code="no-rounds", field="status")
        event.status = status
        fields.append("status")
    if rounds_planned is not None:
        if event.format != Event.Format.PROGRESSIVE:
            raise Malformed(
                "the schedule of a team event follows from its teams",
                code="bad-rounds",
                field="rounds_planned",
            )
        played = event.rounds.count()
        if not max(1, played) <= rounds_planned <= MAX_ROUNDS:
            raise Malformed(
                f"plan {max(1, played)} to {MAX_ROUNDS} rounds",
                code="bad-rounds",
                field="rounds_planned",
            )
        event.rounds_planned = rounds_planned
        event.plan = {}
        fields += ["rounds_planned", "plan"]
    event.save(update_fields=fields)
    return event


def _guest_if_new(event: Event, player: Player) -> None:
    Membership.objects.get_or_create(
        club=event.club, player=player, defaults={"kind": Membership.Kind.GUEST}
    )


def entrant_add(
    *, event: Event, actor: Actor, name: str | None = None, player_id: int | None = None
) -> Entrant:
    """A player joins (or rejoins) a progressive event; from the next round on they are seated.
    Someone who is not a member becomes a guest of the club."""
    require_director(actor, event.club)
    _require_running(event)
    if event.is_teams:
        raise Conflict("Players join a team event as a team.", code="teams-event", field="format")
    with transaction.atomic():
        player = _player_of(name=name, player_id=player_id)
        _guest_if_new(event, player)
        entrant, created = Entrant.objects.get_or_create(event=event, player=player)
        if not created and not entrant.active:
            entrant.active = True
            entrant.save(update_fields=["active"])
        _forget_plan(event)
    return entrant


def entrant_leave(*, event: Event, actor: Actor, player_id: int) -> Entrant:
    """A player leaves between rounds: not seated from the next round on; results stay."""
    require_director(actor, event.club)
    entrant = (
        Entrant.objects.filter(event=event, player_id=player_id).first()
        if 0 < player_id < 2**63
        else None
    )
    if entrant is None:
        raise NotFound("This player is not in the event.", code="no-such-entrant", field="player")
    with transaction.atomic():
        entrant.active = False
        entrant.save(update_fields=["active"])
        if entrant.team_id is not None:
            EventTeam.objects.filter(pk=entrant.team_id).update(active=False)
        _forget_plan(event)
    return entrant


def team_add(*, event: Event, actor: Actor, name: str, players: Sequence[str | int]) -> EventTeam:
    """A fixed partnership of two players (names or player ids), seeded after the others."""
    require_director(actor, event.club)
    _require_running(event)
    if not event.is_teams:
        raise Conflict(
            "A progressive event seats players, not teams.", code="not-teams-event", field="format"
        )
    if event.rounds.exists():
        raise Conflict(
            "The schedule is made: a team cannot join after the first round.",
            code="event-started",
            field="players",
        )
    if len(players) != 2:
        raise Malformed("a team is two partners", code="bad-team", field="players")
    with transaction.atomic():
        members = []
        for i, who in enumerate(players):
            field = f"players[{i}]"
            if isinstance(who, int):
                player = _player_of(name=None, player_id=who)
            else:
                player = _player_named(who, field)
            if Entrant.objects.filter(event=event, player=player).exists() or player in members:
                raise Conflict(
                    f"{player.name} is already in this event.", code="already-entered", field=field
                )
            members.append(player)
        name = _clean_name(name, "name")
        if EventTeam.objects.filter(event=event, name__iexact=name).exists():
            raise Conflict("A team has this name already.", code="team-exists", field="name")
        seed = EventTeam.objects.filter(event=event).count() + 1
        team = EventTeam.objects.create(event=event, name=name, seed=seed)
        for player in members:
            _guest_if_new(event, player)
            Entrant.objects.create(event=event, player=player, team=team)
    return team


def _forget_plan(event: Event) -> None:
    if event.plan:
        event.plan = {}
        event.save(update_fields=["plan", "updated_at"])


# ---------------------------------------------------------------------------------------------
# Rounds and tables


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _issue_code(table: Table) -> str:
    for _ in range(20):
        code = _new_code()
        if not Table.objects.filter(join_code=code).exists():
            table.join_code = code
            table.code_issued_at = timezone.now()
            table.save(update_fields=["join_code", "code_issued_at"])
            return code
    raise Conflict("Could not find a free join code; try again.", code="no-free-code")


def normalize_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


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
        tables=tuple(seating.Table(tuple(seats)) for seats in data["tables"]),  # type: ignore[arg-type]
        byes=tuple(data["byes"]),
    )


def _next_progressive(event: Event, number: int) -> seating.Round:
    roster = list(
        Entrant.objects.filter(event=event, active=True)
        .order_by("id")
        .values_list("player_id", flat=True)
    )
    if len(roster) < seating.SEATS:
        raise Conflict(
            f"A round needs at least {seating.SEATS} players; {len(roster)} are in.",
            code="too-few-players",
            field="players",
        )
    plan = event.plan if isinstance(event.plan, dict) else {}
    if plan.get("roster") == roster and plan.get("rounds"):
        rounds = list(plan["rounds"])
    else:
        ahead = max(1, event.rounds_planned - (number - 1))
        rounds = [
            _round_json(r)
            for r in seating.progressive_plan(
                roster, history=_history(event), rounds=ahead, seed=event.seed + number
            )
        ]
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


def _next_round_robin(event: Event, number: int) -> seating.TeamRound:
    plan = event.plan if isinstance(event.plan, dict) else {}
    if number == 1:
        teams = _active_teams(event)
        if len(teams) < 2:
            raise Conflict("A round robin needs two teams.", code="too-few-teams", field="teams")
        schedule = seating.round_robin(teams)
        plan = {
            "rounds": [
                {"matches": [[m.first, m.second] for m in r.matches], "byes": list(r.byes)}
                for r in schedule
            ]
        }
        event.rounds_planned = len(schedule)
    if number > len(plan.get("rounds", [])):
        raise Conflict(
            "Every team has met every other: the round robin is complete.",
            code="schedule-complete",
            field="rounds",
        )
    event.plan = plan
    data = plan["rounds"][number - 1]
    active = set(_active_teams(event))
    matches, byes = [], [b for b in data["byes"] if b in active]
    for first, second in data["matches"]:
        if first in active and second in active:
            matches.append(seating.Match(first, second))
        else:  # a team that left forfeits: its opponent sits out with the credit
            byes.extend(t for t in (first, second) if t in active)
    return seating.TeamRound(tuple(matches), tuple(byes))


def _next_bracket(event: Event, number: int) -> tuple[seating.TeamRound, list[int | None]]:
    active = set(_active_teams(event))
    if number == 1:
        teams = _active_teams(event)
        if len(teams) < 2:
            raise Conflict("A bracket needs two teams.", code="too-few-teams", field="teams")
        slots = seating.bracket_slots(teams)
        event.rounds_planned = (len(slots) - 1).bit_length()
    else:
        previous = event.rounds.get(number=number - 1)
        winners = [
            r.table.first_team_id if r.winner == 0 else r.table.second_team_id
            for r in Result.objects.filter(
                table__round=previous, status=Result.Status.CONFIRMED
            ).select_related("table")
        ]
        slots = seating.bracket_advance(previous.bracket_slots or [], [w for w in winners if w])
        if len(slots) < 2:
            raise Conflict(
                "The final is played: the bracket is complete.",
                code="schedule-complete",
                field="rounds",
            )
    slots = [team if team in active else None for team in slots]
    return seating.bracket_round(slots), slots


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
) -> Table:
    players = {p.pk: p for p in Player.objects.filter(pk__in=seats)}
    table = Table(round=rnd, number=number)
    if teams is not None:
        table.first_team, table.second_team = teams
    if event.entry == Event.Entry.HANDS:
        names = [players[p].name for p in seats]
        team_names = (
            [teams[0].name, teams[1].name]
            if teams
            else [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        )
        table.game, _token = scorekeeper_services.game_create(
            ruleset=_table_ruleset(event),
            players=names,
            dealer=0,
            team_names=team_names,
            club=event.club,
            actor=actor.label,
        )
    table.save()
    for seat, player_id in enumerate(seats):
        TableSeat.objects.create(table=table, number=seat, player_id=player_id, side=seat % 2)
    _issue_code(table)
    return table


def round_generate(*, event: Event, actor: Actor) -> Round:
    """Seat the next round: its tables (with their games and join codes) and its byes.

    The round before must be complete (every table's result confirmed), so standings and a
    bracket's winners are known when the next seating is made.
    """
    require_director(actor, event.club)
    _require_running(event)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        last = event.rounds.order_by("-number").first()
        if last is not None:
            open_tables = last.tables.exclude(result__status=Result.Status.CONFIRMED).count()
            if open_tables:
                raise Conflict(
                    f"Round {last.number} has {open_tables} table(s) without a confirmed result.",
                    code="round-open",
                    field="rounds",
                )
        number = (last.number + 1) if last else 1
        if event.format == Event.Format.PROGRESSIVE:
            planned = _next_progressive(event, number)
            rnd = Round.objects.create(event=event, number=number)
            for t, table in enumerate(planned.tables, start=1):
                _seat_table(event, rnd, t, table.seats, actor)
            for player_id in planned.byes:
                SitOut.objects.create(round=rnd, player_id=player_id)
        else:
            slots: list[int | None] | None = None
            if event.format == Event.Format.ROUND_ROBIN:
                team_round = _next_round_robin(event, number)
            else:
                team_round, slots = _next_bracket(event, number)
            rnd = Round.objects.create(event=event, number=number, bracket_slots=slots)
            teams = {t.pk: t for t in EventTeam.objects.filter(event=event)}
            members = _team_members(event)
            for t, match in enumerate(team_round.matches, start=1):
                first, second = members[match.first], members[match.second]
                seats = [first[0], second[0], first[1], second[1]]
                _seat_table(event, rnd, t, seats, actor, (teams[match.first], teams[match.second]))
            for team_id in team_round.byes:
                SitOut.objects.create(round=rnd, team_id=team_id)
        event.status = Event.Status.RUNNING
        event.save(update_fields=["plan", "rounds_planned", "status", "updated_at"])
    return rnd


def table_code_issue(*, table: Table, actor: Actor) -> str:
    """A fresh join code for the table (the old one stops working); devices keep their tokens."""
    require_director(actor, table.round.event.club)
    with transaction.atomic():
        return _issue_code(table)


def table_takeover(*, table: Table, actor: Actor) -> str:
    """Hand the table to another device: the scoring device's token stops working and a new
    join code is issued for the next device."""
    require_director(actor, table.round.event.club)
    with transaction.atomic():
        TableToken.objects.filter(table=table, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        return _issue_code(table)


def table_join(
    *, code: str, role: str = TableToken.Role.SCORER, label: str = ""
) -> tuple[TableToken, str]:
    """Exchange a table's join code for a device token (shown once). A table has one scoring
    device at a time; a second one needs the director's takeover."""
    if role not in TableToken.Role.values:
        raise Malformed("scorer or confirmer", code="bad-role", field="role")
    wanted = normalize_code(code)
    table = (
        Table.objects.select_related("round__event").filter(join_code=wanted).first()
        if wanted
        else None
    )
    if table is None:
        raise NotFound("No table has this join code.", code="no-such-code", field="code")
    _require_running(table.round.event)
    token = token_new()
    try:
        with transaction.atomic():
            Table.objects.select_for_update().filter(pk=table.pk).first()
            if (
                role == TableToken.Role.SCORER
                and TableToken.objects.filter(
                    table=table, role=role, revoked_at__isnull=True
                ).exists()
            ):
                raise Conflict(
                    "This table already has a scoring device; ask the director to hand it over.",
                    code="table-taken",
                    field="code",
                )
            device = TableToken.objects.create(
                table=table, role=role, token_hash=token_digest(token), label=label[:60]
            )
    except IntegrityError:
        raise Conflict(
            "This table already has a scoring device; ask the director to hand it over.",
            code="table-taken",
            field="code",
        ) from None
    return device, token


def device_for_token(token: str) -> TableToken | None:
    return (
        TableToken.objects.select_related("table__round__event__club")
        .filter(token_hash=token_digest(token), revoked_at__isnull=True)
        .first()
    )


# ---------------------------------------------------------------------------------------------
# Hands at a table (hand-by-hand events): the scorekeeper's services, behind the table's checks


def _lock_table(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__event__club").get(pk=table.pk)


def _hand_write_allowed(table: Table, actor: Actor, reason: str) -> bool:
    """Checks a hand write; True when a director writes after a result exists (re-derive)."""
    if table.game_id is None:
        raise Conflict(
            "This event enters final scores only; there are no hands to enter.",
            code="totals-only",
            field="entry",
        )
    _require_running(table.round.event)
    result = Result.objects.filter(table=table).first()
    if _is_table_director(actor, table):
        if result is not None and result.status != Result.Status.DISPUTED and not reason.strip():
            raise Malformed(
                "Say why a result already entered is corrected.",
                code="reason-required",
                field="reason",
            )
        return result is not None and result.status != Result.Status.DISPUTED
    _require_device(actor, table, scorer=True)
    if result is not None and result.status != Result.Status.DISPUTED:
        raise Conflict(
            "The result is entered: dispute it to change hands, or ask the director.",
            code="result-entered",
            field="result",
        )
    return False


def table_hand_record(
    *,
    table: Table,
    actor: Actor,
    entry: HandEntry,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    reason: str = "",
) -> scorekeeper_services.HandResult:
    with transaction.atomic():
        table = _lock_table(table)
        rederive = _hand_write_allowed(table, actor, reason)
        assert table.game_id is not None
        written = scorekeeper_services.hand_record(
            game_id=table.game_id,
            entry=entry,
            idempotency_key=idempotency_key,
            expected_version=expected_version,
            actor=actor.label,
        )
        if rederive and not written.replayed:
            _rederive(table, actor, reason)
    return written


def table_hand_amend(
    *,
    table: Table,
    actor: Actor,
    number: int,
    entry: HandEntry,
    reason: str,
    expected_version: int | None = None,
) -> scorekeeper_services.HandResult:
    with transaction.atomic():
        table = _lock_table(table)
        rederive = _hand_write_allowed(table, actor, reason)
        assert table.game_id is not None
        written = scorekeeper_services.hand_amend(
            game_id=table.game_id,
            number=number,
            entry=entry,
            reason=reason,
            expected_version=expected_version,
            actor=actor.label,
        )
        if rederive:
            _rederive(table, actor, reason)
    return written


def table_hand_undo(
    *,
    table: Table,
    actor: Actor,
    number: int,
    reason: str = "",
    expected_version: int | None = None,
) -> tuple[Game, Standing]:
    with transaction.atomic():
        table = _lock_table(table)
        rederive = _hand_write_allowed(table, actor, reason)
        assert table.game_id is not None
        game, standing = scorekeeper_services.hand_undo(
            game_id=table.game_id,
            number=number,
            expected_version=expected_version,
            reason=reason,
            actor=actor.label,
        )
        if rederive:
            _rederive(table, actor, reason)
    return game, standing


# ---------------------------------------------------------------------------------------------
# Results: entered by the table, confirmed by the opponents, corrected by the director


@dataclass(frozen=True)
class _Outcome:
    points: list[int]
    hands: int
    tallies: list[SeatTally]


def _outcome_from_game(table: Table, event: Event) -> _Outcome:
    assert table.game is not None
    game = table.game
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    ruleset = referee.Ruleset.parse(game.ruleset)
    facts = [HandFacts.of(hand) for hand in hands]
    counted = sum(fact.counts for fact in facts)
    if event.round_length == Event.RoundLength.HANDS:
        wanted = event.hands_per_round or 0
        if counted != wanted:
            raise Conflict(
                f"A round here is {wanted} hands; this table has entered {counted}.",
                code="round-unfinished",
                field="hands",
            )
    elif game.winner is None:
        raise Conflict(
            f"The game is not over: no team has reached {ruleset.target}.",
            code="round-unfinished",
            field="hands",
        )
    return _Outcome(
        points=score_of(ruleset, (hand.award for hand in hands)),
        hands=counted,
        tallies=tally_hands(facts),
    )


def _outcome_from_totals(event: Event, points: Sequence[int] | None) -> _Outcome:
    if points is None or len(points) != 2:
        raise Malformed(
            "give both sides' points, seats 0 and 2 first: [10, 7]",
            code="points-required",
            field="points",
        )
    for side, value in enumerate(points):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
            raise Malformed(
                "points are whole numbers from 0", code="bad-points", field=f"points[{side}]"
            )
    rules = referee.Ruleset.parse(event.ruleset)
    if event.round_length == Event.RoundLength.GAME:
        reached = [value >= rules.target for value in points]
        if sum(reached) != 1:
            raise Unprocessable(
                f"A game ends when one side reaches {rules.target}: exactly one side must "
                "have reached it.",
                code="no-game-winner",
                field="points",
            )
    return _Outcome(points=list(points), hands=0, tallies=[SeatTally() for _ in range(4)])


def _outcome(table: Table, event: Event, points: Sequence[int] | None) -> _Outcome:
    if event.entry == Event.Entry.HANDS:
        if points is not None:
            raise Malformed(
                "this event enters hands: the result is the sum of the referee's awards",
                code="points-from-hands",
                field="points",
            )
        return _outcome_from_game(table, event)
    return _outcome_from_totals(event, points)


def _winner(points: Sequence[int]) -> int | None:
    if points[0] == points[1]:
        return None
    return 0 if points[0] > points[1] else 1


def _seated(table: Table) -> dict[int, TableSeat]:
    return {seat.player_id: seat for seat in table.seats.all()}


def _seat_of(table: Table, player_id: int, field: str) -> TableSeat:
    seat = _seated(table).get(player_id)
    if seat is None:
        raise Unprocessable(
            "This player is not seated at this table.", code="not-at-table", field=field
        )
    return seat


def result_snapshot(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "status": result.status,
        "points": list(result.points),
        "winner": result.winner,
        "hands": result.hands,
        "entered_by": result.entered_by_id,
        "confirmed_by": result.confirmed_by_id,
        "version": result.version,
    }


def _write_lines(result: Result, table: Table, outcome: _Outcome) -> None:
    ResultLine.objects.filter(result=result).delete()
    rnd = table.round
    confirmed = result.status == Result.Status.CONFIRMED
    lines = []
    for seat in table.seats.all():
        side = seat.side
        tally = outcome.tallies[seat.number]
        points_for, points_against = outcome.points[side], outcome.points[1 - side]
        team_id = (table.first_team_id, table.second_team_id)[side]
        lines.append(
            ResultLine(
                result=result,
                event_id=rnd.event_id,
                round_number=rnd.number,
                table_number=table.number,
                player_id=seat.player_id,
                team_id=team_id,
                side=side,
                confirmed=confirmed,
                points_for=points_for,
                points_against=points_against,
                won=points_for > points_against,
                tied=points_for == points_against,
                hands=tally.hands,
                made=tally.made,
                marched=tally.marched,
                euchred=tally.euchred,
                euchres=tally.euchres,
                loners_tried=tally.loners_tried,
                loners_made=tally.loners_made,
            )
        )
    ResultLine.objects.bulk_create(lines)


def _log(
    table: Table,
    action: str,
    actor: Actor,
    before: Result | dict[str, Any] | None,
    after: Result | None,
    reason: str = "",
) -> None:
    ResultChange.objects.create(
        event_id=table.round.event_id,
        table=table,
        action=action,
        actor=actor.label,
        reason=reason.strip(),
        before=before if isinstance(before, dict) or before is None else result_snapshot(before),
        after=result_snapshot(after),
    )


def _check_bracket(event: Event, outcome: _Outcome) -> None:
    if event.format == Event.Format.BRACKET and _winner(outcome.points) is None:
        raise Unprocessable("A bracket game needs a winner.", code="no-game-winner", field="points")


def result_enter(
    *, table: Table, actor: Actor, entered_by: int, points: Sequence[int] | None = None
) -> Result:
    """The table enters its result. From the scoring device it waits for the opponents'
    confirmation; entered by a director it stands confirmed."""
    with transaction.atomic():
        table = _lock_table(table)
        event = table.round.event
        _require_running(event)
        by_director = _is_table_director(actor, table)
        if not by_director:
            _require_device(actor, table, scorer=True)
        _seat_of(table, entered_by, "entered_by")
        result = Result.objects.filter(table=table).first()
        if result is not None and result.status == Result.Status.CONFIRMED:
            raise Conflict(
                "The result is confirmed; only the director can correct it.",
                code="result-confirmed",
                field="result",
            )
        if result is not None and result.status == Result.Status.ENTERED and not by_director:
            raise Conflict(
                "The result is entered and waits for the opponents; dispute it to enter it again.",
                code="result-entered",
                field="result",
            )
        outcome = _outcome(table, event, points)
        _check_bracket(event, outcome)
        before = result_snapshot(result)
        now = timezone.now()
        if result is None:
            result = Result(table=table)
        result.status = Result.Status.CONFIRMED if by_director else Result.Status.ENTERED
        result.points = outcome.points
        result.winner = _winner(outcome.points)
        result.hands = outcome.hands
        result.entered_by_id = entered_by
        result.entered_at = now
        result.confirmed_by = None
        result.confirmed_at = now if by_director else None
        result.version = (result.version + 1) if result.pk else 1
        result.save()
        _write_lines(result, table, outcome)
        _log(table, ResultChange.Action.ENTER, actor, before, result)
    return result


def _result_of(table: Table) -> Result:
    result = Result.objects.filter(table=table).first()
    if result is None:
        raise NotFound("This table has no result yet.", code="no-result", field="result")
    return result


def result_confirm(*, table: Table, actor: Actor, confirmed_by: int) -> Result:
    """A player of the other side confirms, on the table's device or their own."""
    with transaction.atomic():
        table = _lock_table(table)
        _require_running(table.round.event)
        _require_device(actor, table, scorer=False)
        result = _result_of(table)
        if result.status != Result.Status.ENTERED:
            raise Conflict(
                f"The result is {result.status}; only an entered result can be confirmed.",
                code=f"result-{result.status}",
                field="result",
            )
        confirmer = _seat_of(table, confirmed_by, "confirmed_by")
        enterer = _seat_of(table, result.entered_by_id, "entered_by")
        if confirmer.side == enterer.side:
            raise Unprocessable(
                "The opponents of whoever entered the result confirm it.",
                code="same-side",
                field="confirmed_by",
            )
        before = result_snapshot(result)
        result.status = Result.Status.CONFIRMED
        result.confirmed_by_id = confirmed_by
        result.confirmed_at = timezone.now()
        result.version += 1
        result.save()
        ResultLine.objects.filter(result=result).update(confirmed=True)
        _log(table, ResultChange.Action.CONFIRM, actor, before, result)
    return result


def result_dispute(*, table: Table, actor: Actor, player: int, reason: str) -> Result:
    """A player at the table says the entered result is wrong; the table enters it again."""
    if not reason.strip():
        raise Malformed("Say what is wrong.", code="reason-required", field="reason")
    with transaction.atomic():
        table = _lock_table(table)
        _require_running(table.round.event)
        _require_device(actor, table, scorer=False)
        result = _result_of(table)
        if result.status != Result.Status.ENTERED:
            raise Conflict(
                f"The result is {result.status}; only an entered result can be disputed.",
                code=f"result-{result.status}",
                field="result",
            )
        _seat_of(table, player, "player")
        before = result_snapshot(result)
        result.status = Result.Status.DISPUTED
        result.version += 1
        result.save()
        ResultLine.objects.filter(result=result).update(confirmed=False)
        _log(table, ResultChange.Action.DISPUTE, actor, before, result, reason)
    return result


def _rederive(table: Table, actor: Actor, reason: str) -> Result:
    """After a director's hand correction: the result follows the corrected hands."""
    return _correct(table, actor, reason, None)


def _correct(table: Table, actor: Actor, reason: str, points: Sequence[int] | None) -> Result:
    event = table.round.event
    result = Result.objects.filter(table=table).first()
    outcome = _outcome(table, event, points)
    _check_bracket(event, outcome)
    before = result_snapshot(result)
    now = timezone.now()
    if result is None:
        seat = table.seats.order_by("number").first()
        assert seat is not None
        result = Result(table=table, entered_by_id=seat.player_id, entered_at=now, version=0)
    result.points = outcome.points
    result.winner = _winner(outcome.points)
    result.hands = outcome.hands
    result.status = Result.Status.CONFIRMED
    result.confirmed_at = result.confirmed_at or now
    result.corrected = True
    result.version += 1
    result.save()
    _write_lines(result, table, outcome)
    _log(table, ResultChange.Action.CORRECT, actor, before, result, reason)
    return result


def result_correct(
    *, table: Table, actor: Actor, reason: str, points: Sequence[int] | None = None
) -> Result:
    """The director corrects a table's result, saying why. Hand-by-hand tables are corrected
    hand by hand (the result follows); this re-reads their game. Totals-only tables get the
    given points. The result then stands confirmed, and the change log keeps before and after."""
    if not reason.strip():
        raise Malformed("Say why the result is corrected.", code="reason-required", field="reason")
    with transaction.atomic():
        table = _lock_table(table)
        require_director(actor, table.round.event.club)
        return _correct(table, actor, reason, points)
