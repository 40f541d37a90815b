"""Events: created and changed by a director; players and teams entered, late or leaving."""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence
from typing import Any, Final

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import referee
from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events.access import (
    Actor,
    no_event,
    require_director,
    require_event_director,
)
from scorekeeper.events.formats import format_named, format_of
from scorekeeper.events.formats.base import EventFormat
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTeam,
    ResultChange,
    Season,
)
from scorekeeper.events.ranking import standings
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.night_log import logged, require_fresh
from scorekeeper.events.services.roster import Matched, PlayerRef, roster_match
from scorekeeper.models import Club
from scorekeeper.services import ruleset_checked

MAX_HANDS_PER_ROUND: Final = 20

#: The most players one event enters is a setting (EVENT_MAX_ENTRANTS): a regional night
#: raises it.

#: The longest timed round, in minutes.
MAX_ROUND_MINUTES: Final = 240


def event_locked(event_id: int) -> Event:
    """The event, its row locked until the transaction ends: 404 when it was deleted while
    the act waited for that row (the deletion went first)."""
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise no_event()
    return event


def require_running(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise Conflict(
            _("The event is finished; a director can reopen it."),
            code="event-finished",
            field="status",
        )


def require_teams(event: Event, refusal: str) -> None:
    """Only an event of fixed partnerships has teams; `refusal` says what an event of
    individuals does instead."""
    if not event.is_teams:
        raise Conflict(refusal, code="not-teams-event", field="format")


def locked_before_first_round(event: Event, refusal: str, *, code: str, field: str) -> Event:
    """The event, locked until the transaction ends, while its first round is not seated yet
    (what a first round draws from stays put until then); `refusal` once it is."""
    event = event_locked(event.pk)
    if event.rounds.exists():
        raise Conflict(refusal, code=code, field=field)
    return event


def event_ruleset(value: object, kind: EventFormat) -> referee.Ruleset:
    """The ruleset, if the format's tables seat its players (a progressive night seats six
    at a table under a six-handed ruleset; the others seat four); else a 400 naming the
    ruleset's players."""
    rules = ruleset_checked(value)
    if rules.players not in kind.table_sizes:
        *sizes, last = kind.table_sizes
        said = (
            _(
                "this format seats tables of %(sizes)s or %(last)s players: choose a ruleset for "
                "one of those"
            )
            if sizes
            else _("this format seats tables of %(last)s players: choose a ruleset for that many")
        )
        raise Malformed(
            said % {"sizes": ", ".join(str(size) for size in sizes), "last": last},
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
    sit_out_credit: str = Event.SitOutCredit.NONE,
    sit_out_points: int = 0,
    season: Season | None = None,
    date: datetime.date | None = None,
    published: bool = False,
    seed: int | None = None,
    round_minutes: int | None = None,
    confirm_with: str = Event.ConfirmWith.TABLE,
    reconfirm: str = Event.Reconfirm.SHOWN,
    absent_credit: str = Event.AbsentCredit.SIT_OUT,
    ask_tricks: bool = False,
    time_called_win_points: int | None = None,
    side_prizes: Sequence[str] | None = None,
    **options: Any,
) -> Event:
    """A new event of a format, with that format's options (each by its name, checked by
    the format; an option of another format is refused by name) and the options every
    event has."""
    user = require_director(actor, club)
    kind = format_named(format)
    rules = event_ruleset(ruleset, kind)
    if season is not None and season.club_id != club.pk:
        raise Malformed(_("the season is another club's"), code="bad-season", field="season")
    check_night_options(round_minutes, time_called_win_points, confirm_with)
    kind.time_called_win_checked(time_called_win_points)
    check_sit_out_credit(kind, sit_out_credit)
    event = Event(
        club=club,
        season=season,
        name=names.name_clean(name, field="name"),
        date=date or timezone.localdate(),
        format=kind.name,
        ruleset=rules.to_json(),
        preset=rules.preset,
        round_length=round_length,
        hands_per_round=hands_per_round,
        entry=entry,
        sit_out_credit=sit_out_credit,
        sit_out_points=sit_out_points,
        published=published,
        seed=secrets.randbelow(2**31) if seed is None else seed,
        round_minutes=round_minutes,
        confirm_with=confirm_with,
        reconfirm=reconfirm,
        absent_credit=absent_credit,
        ask_tricks=ask_tricks,
        time_called_win_points=time_called_win_points,
        side_prizes=side_prizes_chosen(side_prizes),
        created_by_id=user.pk,
    )
    check_shape(event)
    check_contracts(event)
    event.options = kind.options_new(options, event)
    event.save()
    return event


def check_shape(event: Event) -> None:
    """What every event has, as it must be: a round of hands or a game (with its number of
    hands, or none), hands or totals entered, a sit-out credit (a fixed one of a point at
    least), a choice of reconfirming and of an absent player's credit."""
    checks: list[tuple[bool, str, str, str]] = [
        (
            event.round_length in Event.RoundLength.values,
            "round_length",
            "bad-round-length",
            _("a round is a number of hands or a game"),
        ),
        (event.entry in Event.Entry.values, "entry", "bad-entry", _("enter hands or totals")),
        (
            event.sit_out_credit in Event.SitOutCredit.values,
            "sit_out_credit",
            "bad-sit-out-credit",
            _("none, fixed or average"),
        ),
        (
            event.reconfirm in Event.Reconfirm.values,
            "reconfirm",
            "bad-reconfirm",
            _("a correction is shown, or required to be confirmed again"),
        ),
        (
            event.absent_credit in Event.AbsentCredit.values,
            "absent_credit",
            "bad-absent-credit",
            _("an absent player earns a sit-out's credit, or nothing"),
        ),
    ]
    for ok, field, code, detail in checks:
        if not ok:
            raise Malformed(detail, code=code, field=field)
    hands = event.hands_per_round
    if event.round_length == Event.RoundLength.HANDS:
        if hands is None or not 1 <= hands <= MAX_HANDS_PER_ROUND:
            raise Malformed(
                _("a round of hands has 1 to %(max_hands_per_round)s of them")
                % {"max_hands_per_round": MAX_HANDS_PER_ROUND},
                code="bad-hands-per-round",
                field="hands_per_round",
            )
    elif hands is not None:
        raise Malformed(
            _("only rounds of a fixed number of hands have hands_per_round"),
            code="bad-hands-per-round",
            field="hands_per_round",
        )
    if event.sit_out_credit == Event.SitOutCredit.FIXED and event.sit_out_points < 1:
        raise Malformed(
            _("a fixed sit-out credit is at least 1 point"),
            code="bad-sit-out-points",
            field="sit_out_points",
        )


def check_sit_out_credit(kind: EventFormat, credit: str) -> None:
    """A sit-out credit other than none, on a format whose sit-outs earn none (a Swiss bye
    is a win), is a 400 naming the field. Asked of one given anew: one an earlier build stored
    stays until changed (and counts nothing)."""
    if kind.sit_out_refusal is not None and credit != Event.SitOutCredit.NONE:
        raise Malformed(str(kind.sit_out_refusal), code="not-an-option", field="sit_out_credit")


#: What decides whether an event's results can say who won its games (`check_contracts`).
HOW_GAMES_ARE_WON: Final = frozenset({"ruleset", "entry", "round_length"})


def check_contracts(event: Event) -> None:
    """An auction's whole games are entered hand by hand (variants.md B.5: a game is won on a
    made bid or a set, or by the makers when both sides reach the target in one hand: both
    may stand above it, and totals cannot say who won). Checked when an event is made and
    when one of `HOW_GAMES_ARE_WON` changes, so an event made before it still saves."""
    whole_games_by_totals = (
        event.round_length == Event.RoundLength.GAME and event.entry == Event.Entry.TOTALS
    )
    if whole_games_by_totals and referee.Ruleset.parse(event.ruleset).auction:
        raise Malformed(
            _(
                "an auction's game is won on its contracts, which its totals cannot say: enter "
                "its hands, or play rounds of a number of hands"
            ),
            code="contracts-need-hands",
            field="entry",
        )


def side_prizes_chosen(side_prizes: Sequence[str] | None) -> list[str] | None:
    """The side prizes given, kept in their usual order (None: all of them)."""
    if side_prizes is None:
        return None
    unknown = set(side_prizes) - set(standings.SIDE_PRIZES)
    if unknown:
        raise Malformed(
            _("side prizes are chosen from: %(kinds)s")
            % {"kinds": ", ".join(standings.SIDE_PRIZES)},
            code="bad-side-prizes",
            field="side_prizes",
        )
    return [kind for kind in standings.SIDE_PRIZES if kind in side_prizes]


def check_night_options(
    round_minutes: int | None, time_called_win_points: int | None, confirm_with: str | None
) -> None:
    if confirm_with is not None and confirm_with not in Event.ConfirmWith.values:
        raise Malformed(
            _("table, opponent-device or pin"), code="bad-confirm-with", field="confirm_with"
        )
    if round_minutes is not None and not 1 <= round_minutes <= MAX_ROUND_MINUTES:
        raise Malformed(
            _("a timed round lasts 1 to %(max_round_minutes)s minutes")
            % {"max_round_minutes": MAX_ROUND_MINUTES},
            code="bad-round-minutes",
            field="round_minutes",
        )
    if time_called_win_points is not None and not 0 <= time_called_win_points <= 2:
        raise Malformed(
            _("a win when time is called is worth 0 to 2 match points (a win is 2)"),
            code="bad-time-called-win-points",
            field="time_called_win_points",
        )


def _already_entered(player: str, field: str) -> Conflict:
    return Conflict(
        _("%(player)s is already in this event.") % {"player": player},
        code="already-entered",
        field=field,
    )


def _require_places(event: Event, wanted: int, field: str) -> None:
    """Room for ``wanted`` more players within `settings.EVENT_MAX_ENTRANTS`. Everyone ever
    entered counts, those who left too (they stand in the standings); a player who comes back
    takes no new place."""
    if Entrant.objects.filter(event=event).count() + wanted > settings.EVENT_MAX_ENTRANTS:
        raise Conflict(
            _("The event has as many players as one event enters (%(max_entrants)s).")
            % {"max_entrants": settings.EVENT_MAX_ENTRANTS},
            code="event-full",
            field=field,
        )


def entrant_add(
    *,
    event: Event,
    actor: Actor,
    name: str | None = None,
    player_id: int | None = None,
    label: str | None = None,
    new: bool = False,
    expected_version: int | None = None,
) -> tuple[Entrant, Matched]:
    """A player of the club joins a progressive event (or rejoins after leaving); from the
    next round on they are seated. By name, they are the club's player of that name or a new
    guest (see `roster_match`), and the answer says which."""
    require_event_director(actor, event)
    require_running(event)
    if event.is_teams:
        raise Conflict(
            _("Players join a team event as a team."), code="teams-event", field="format"
        )
    ref = PlayerRef(player_id=player_id, name=name, label=label, new=new)
    field = "name" if player_id is None else "player"
    with transaction.atomic():
        # One entry at a time, so that two at once cannot both take the last place.
        event = event_locked(event.pk)
        require_fresh(event, expected_version)
        found = roster_match(club=event.club, ref=ref)
        entrant = Entrant.objects.filter(event=event, player=found.player).first()
        if entrant is not None and entrant.active:
            raise _already_entered(found.player.shown, field)
        if entrant is None:
            _require_places(event, 1, field)
            try:
                with transaction.atomic():
                    entrant = Entrant.objects.create(event=event, player=found.player)
            except IntegrityError:
                raise _already_entered(found.player.shown, "name") from None
        else:
            entrant.active = True
            entrant.save(update_fields=["active"])
        if event.rounds.exists():
            # A late arrival (or someone back): seated from the next round on.
            logged(
                event.pk,
                ResultChange.Action.ARRIVE,
                actor,
                after={"player": found.player.pk, "name": found.player.shown},
            )
        _entrants_changed(event)
    return entrant, found


def entrant_leave(
    *,
    event: Event,
    actor: Actor,
    player_id: int,
    reason: str = "",
    expected_version: int | None = None,
) -> Entrant:
    """A player leaves between rounds: not seated from the next round on; results stay. A
    closed night's entrants stay as they were (it ranks them): reopen it first."""
    require_event_director(actor, event)
    require_running(event)
    require_fresh(event, expected_version)
    entrant = (
        Entrant.objects.filter(event=event, player_id=player_id).first()
        if 0 < player_id < 2**63
        else None
    )
    if entrant is None:
        raise NotFound(
            _("This player is not in the event."), code="no-such-entrant", field="player"
        )
    with transaction.atomic():
        was_active = entrant.active
        entrant.active = False
        entrant.save(update_fields=["active"])
        if entrant.team_id is not None:
            EventTeam.objects.filter(pk=entrant.team_id).update(active=False)
        if was_active:
            logged(
                event.pk,
                ResultChange.Action.LEAVE,
                actor,
                reason=reason,
                before={"player": player_id, "name": entrant.player.shown, "active": True},
                after={"player": player_id, "name": entrant.player.shown, "active": False},
            )
        _entrants_changed(event)
    return entrant


def team_add(
    *,
    event: Event,
    actor: Actor,
    name: str,
    players: Sequence[str | int | PlayerRef],
    expected_version: int | None = None,
) -> tuple[EventTeam, list[Matched]]:
    """A fixed partnership of two of the club's players (each by name, id or `PlayerRef`, as
    for `entrant_add`), seeded after the others; and which player each entry took."""
    require_event_director(actor, event)
    require_running(event)
    require_teams(event, _("A progressive event seats players, not teams."))
    if len(players) != 2:
        raise Malformed(_("a team is two partners"), code="bad-team", field="players")
    name = names.name_clean(name, field="name")
    with transaction.atomic():
        # One team at a time: the seed is the count of those before it.
        if format_of(event).teams_join_late:
            event = event_locked(event.pk)
        else:
            event = locked_before_first_round(
                event,
                _("The schedule is made: a team cannot join after the first round."),
                code="event-started",
                field="players",
            )
        require_fresh(event, expected_version)
        _require_places(event, len(players), "players")
        found: list[Matched] = []
        for i, who in enumerate(players):
            ref = PlayerRef.of(who, f"players[{i}]")
            matched = roster_match(club=event.club, ref=ref)
            taken = Entrant.objects.filter(event=event, player=matched.player).exists()
            if taken or matched.player in [m.player for m in found]:
                raise _already_entered(matched.player.shown, ref.field)
            found.append(matched)
        key = names.name_key(name)
        if any(names.name_key(team.name) == key for team in event.teams.all()):
            raise Conflict(_("A team has this name already."), code="team-exists", field="name")
        seed = EventTeam.objects.filter(event=event).count() + 1
        try:
            with transaction.atomic():
                team = EventTeam.objects.create(event=event, name=name, seed=seed)
                for matched in found:
                    Entrant.objects.create(event=event, player=matched.player, team=team)
        except IntegrityError:
            raise Conflict(
                _("A team or player was entered at this very moment: look again."),
                code="entered-at-once",
                field="name",
            ) from None
        if event.rounds.exists():
            logged(
                event.pk,
                ResultChange.Action.ARRIVE,
                actor,
                after={"team": team.pk, "name": team.name, "seed": seed},
            )
        event_changed(event.pk)
    return team, found


def _entrants_changed(event: Event) -> None:
    """Who plays has changed: the format keeps what it keeps of its plan (a progressive
    night plans its rounds ahead again; a team event's schedule or draw stays: a team that
    leaves forfeits), and the event's version moves."""
    plan = format_of(event).plan_after_entrants(event)
    if plan != event.plan:
        event.plan = plan
        event.save(update_fields=["plan", "updated_at"])
    event_changed(event.pk)
