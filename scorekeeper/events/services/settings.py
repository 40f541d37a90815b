"""An event's settings changed by a director: every field of the event in the API (its name,
date and season, publishing, the round timer, the confirmation options, the sit-out and
absent credits, the side prizes, the games' rules and shape, its format's options), each
change logged with the field's old and new value.

A closed night's record stands: only its name, date, season and publishing change until it
is reopened. The games' rules and shape (ruleset, round length, hands a round, entry) stay as
they are once the first round is seated: its tables play by them.
"""

from __future__ import annotations

import datetime
from typing import Any, Final

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.access import Actor, require_event_director
from scorekeeper.events.formats import format_of
from scorekeeper.events.models import Event, ResultChange, Season
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.events import (
    HOW_GAMES_ARE_WON,
    check_contracts,
    check_night_options,
    check_shape,
    check_sit_out_credit,
    event_ruleset,
    side_prizes_chosen,
)
from scorekeeper.events.services.night import event_close, event_reopen
from scorekeeper.events.services.night_log import logged, require_fresh

#: What a closed night still lets a director change: how it is named, dated, filed and shown.
AFTER_CLOSE: Final = frozenset({"name", "date", "season", "published"})
#: What the tables play by: set until the first round is seated.
BEFORE_FIRST_ROUND: Final = frozenset({"ruleset", "round_length", "hands_per_round", "entry"})
#: The event's own fields a director sets as they are given (the API checks their type).
PLAIN: Final = (
    "published",
    "confirm_with",
    "ask_tricks",
    "reconfirm",
    "absent_credit",
    "sit_out_credit",
    "sit_out_points",
    "round_length",
    "hands_per_round",
    "entry",
)


def settings_of(event: Event) -> dict[str, Any]:
    """The event's settings as the API names them, each a JSON value (what the change log
    keeps before and after)."""
    return {
        "name": event.name,
        "date": event.date.isoformat() if isinstance(event.date, datetime.date) else event.date,
        "season": event.season_id,
        "published": event.published,
        "round_minutes": event.round_minutes,
        "confirm_with": event.confirm_with,
        "ask_tricks": event.ask_tricks,
        "reconfirm": event.reconfirm,
        "absent_credit": event.absent_credit,
        "time_called_win_points": event.time_called_win_points,
        "side_prizes": event.side_prizes,
        "sit_out_credit": event.sit_out_credit,
        "sit_out_points": event.sit_out_points,
        "ruleset": event.ruleset,
        "round_length": event.round_length,
        "hands_per_round": event.hands_per_round,
        "entry": event.entry,
        **format_of(event).option_values(event),
    }


def event_update(
    *,
    event: Event,
    actor: Actor,
    reason: str = "",
    expected_version: int | None = None,
    **given: Any,
) -> Event:
    """Change the event's settings given (by their API names; None where the API allows it:
    no timer, no season, every side prize), or its status (running: reopen the night;
    finished: close it, as ``event_close`` does without ``leave_open``). Each setting that
    changed is logged with its old and new value, in one entry; asked against the event's
    version the director read (``expected_version``: a 412 listing what changed meanwhile)."""
    require_event_director(actor, event)
    status = given.pop("status", None)
    if status is not None and status not in (Event.Status.RUNNING, Event.Status.FINISHED):
        raise Malformed(_("running or finished"), code="bad-status", field="status")
    if status == Event.Status.RUNNING:
        event = event_reopen(
            event=event, actor=actor, reason=reason, expected_version=expected_version
        )
        expected_version = None  # the reopening is this director's own change
    if given:
        event = _settings_changed(event, actor, given, reason, expected_version)
        expected_version = None
    if status == Event.Status.FINISHED:  # (the night closed, as POST close/ closes it)
        event = event_close(
            event=event, actor=actor, reason=reason, expected_version=expected_version
        )
    return event


def _settings_changed(
    event: Event, actor: Actor, given: dict[str, Any], reason: str, expected: int | None
) -> Event:
    with transaction.atomic():
        event = Event.objects.select_for_update().select_related("club").get(pk=event.pk)
        require_fresh(event, expected)
        before = settings_of(event)
        played = event.rounds.count()
        options = _apply(event, dict(given))
        # The event's own fields set anew: a problem across one and an option names it.
        anew = {name for name, value in settings_of(event).items() if before.get(name) != value}
        kind = format_of(event)
        if options:
            event.options = kind.options_changed(options, event, played=played, changed=anew)
        else:
            kind.options_changed({}, event, played=played, changed=anew)
        after = settings_of(event)
        changed = [name for name in after if before.get(name) != after[name]]
        _allowed(event, changed, played)
        if not changed:
            return event
        if options:
            event.plan = format_of(event).plan_after_options(event, set(options) & set(changed))
        event.save()
        logged(
            event.pk,
            ResultChange.Action.SETTINGS,
            actor,
            reason=reason,
            before={name: before.get(name) for name in changed},
            after={name: after[name] for name in changed},
        )
        event_changed(event.pk)
    return event


def _apply(event: Event, given: dict[str, Any]) -> dict[str, Any]:
    """Set the event's own fields from those given, each checked; what is left is its
    format's options (checked by the format)."""
    games_told_anew = bool(given.keys() & HOW_GAMES_ARE_WON)
    if "name" in given:
        event.name = names.name_clean(given.pop("name"), field="name")
    if "date" in given:
        event.date = given.pop("date")
    if "season" in given:
        season: Season | None = given.pop("season")
        if season is not None and season.club_id != event.club_id:
            raise Malformed(_("the season is another club's"), code="bad-season", field="season")
        event.season = season
    if "round_minutes" in given:
        event.round_minutes = given.pop("round_minutes")
    if "time_called_win_points" in given:
        points = given.pop("time_called_win_points")
        if points != event.time_called_win_points:  # one kept from before may come back as it is
            points = format_of(event).time_called_win_checked(points)
        event.time_called_win_points = points
    if given.get("sit_out_credit", event.sit_out_credit) != event.sit_out_credit:
        check_sit_out_credit(format_of(event), given["sit_out_credit"])
    if "side_prizes" in given:
        event.side_prizes = side_prizes_chosen(given.pop("side_prizes"))
    if "ruleset" in given:
        rules = event_ruleset(given.pop("ruleset"), format_of(event))
        event.ruleset, event.preset = rules.to_json(), rules.preset
    if given.get("round_length") == Event.RoundLength.GAME and "hands_per_round" not in given:
        given["hands_per_round"] = None  # a game has no number of hands
    for name in PLAIN:
        if name in given:
            setattr(event, name, given.pop(name))
    check_night_options(event.round_minutes, event.time_called_win_points, event.confirm_with)
    check_shape(event)
    if games_told_anew:
        check_contracts(event)
    return given


def _allowed(event: Event, changed: list[str], played: int) -> None:
    """A closed night changes only how it is named and shown; the tables' rules only until
    the first round is seated."""
    if event.status == Event.Status.FINISHED:
        kept = [name for name in changed if name not in AFTER_CLOSE]
        if kept:
            raise Conflict(
                _("The night is closed: reopen it to change %(fields)s.")
                % {"fields": ", ".join(kept)},
                code="event-closed",
                field=kept[0],
            )
    if played:
        kept = [name for name in changed if name in BEFORE_FIRST_ROUND]
        if kept:
            raise Conflict(
                _("The first round is seated: its tables play by these rules.")
                + f" ({', '.join(kept)})",
                code="rounds-seated",
                field=kept[0],
            )
