"""Reads of an event as lists: the club's events, its entrants and teams, its physical
tables, what closing the night would leave open or waits for, and its change log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from referee import PRESETS
from scorekeeper.events.formats import format_of, option_fields, registered
from scorekeeper.events.formats.options import OptionField
from scorekeeper.events.localized.choice_names import (
    CONFIRM_WITH_NAMES,
    CREDIT_NAMES,
    LADDER_NAMES,
    PRIZE_NAMES,
    named,
)
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTable,
    EventTeam,
    Result,
    ResultChange,
    Round,
    Season,
    Table,
    TableToken,
)
from scorekeeper.events.ranking.standings import HAND_PRIZES, SIDE_PRIZE_TITLES, SIDE_PRIZES
from scorekeeper.models import Club


def event_form_choices() -> dict[str, Any]:
    """What a new event's form offers (its formats, each with its options as the format
    declares them; sit-out credits and side prizes) and a season's (its ladders), with their
    labels in the reader's language."""
    formats = registered().values()
    return {
        "formats": [(kind.name, str(kind.title)) for kind in formats],
        "format_options": format_options(),
        "credits": named(Event.SitOutCredit.choices, CREDIT_NAMES),
        # (A Swiss bye is a win: its sit-outs earn no credit, and it is not asked.)
        "credited": " ".join(kind.name for kind in formats if kind.sit_out_refusal is None),
        # (A knockout needs a winner at every table: its rounds are games, not hands.)
        "by_hands": " ".join(kind.name for kind in formats if not kind.winner_required),
        "all_formats": " ".join(kind.name for kind in formats),
        # (An auction's hands are scored by their tricks, always asked: no choice to offer.)
        "auctions": [key for key, rules in PRESETS.items() if rules.auction],
        "confirm_with": named(Event.ConfirmWith.choices, CONFIRM_WITH_NAMES),
        "side_prizes": named(zip(SIDE_PRIZES, SIDE_PRIZE_TITLES, strict=True), PRIZE_NAMES),
        "hand_prizes": HAND_PRIZES,
        "ladders": named(Season.Ladder.choices, LADDER_NAMES),
    }


@dataclass(frozen=True)
class FormOption:
    """An option in the new-event form: shown for the formats that take it (``formats``,
    their names joined by spaces), each choice for the formats that offer it."""

    field: OptionField
    formats: str
    choices: list[tuple[str, str, str]]  # value, label, the formats offering it
    #: What the field starts with for each format that takes it, as JSON ({"swiss": 5}):
    #: formats sharing an option (the rounds a night plans) may each suggest their own.
    suggested: str


def format_options() -> list[FormOption]:
    """Every format's options, each once (formats share an option by its name), in the order
    the formats declare them."""
    takes: dict[str, list[str]] = {}
    offers: dict[tuple[str, str], list[str]] = {}
    starts: dict[str, dict[str, int | bool | str]] = {}
    for kind in registered().values():
        for option in kind.fields:
            takes.setdefault(option.name, []).append(kind.name)
            starts.setdefault(option.name, {})[kind.name] = option.form_value()
            for value, _label in option.choices:
                offers.setdefault((option.name, value), []).append(kind.name)
    return [
        FormOption(
            option,
            " ".join(takes[name]),
            [(v, str(label), " ".join(offers[(name, v)])) for v, label in option.choices],
            json.dumps(starts[name]),
        )
        for name, option in option_fields().items()
    ]


def events_of(*, club: Club | None = None, published_only: bool = True) -> QuerySet[Event]:
    events = Event.objects.select_related("club", "season")
    if club is not None:
        events = events.filter(club=club)
    if published_only:
        events = events.filter(published=True)
    return events.order_by("-date", "-id")


def entrants_of(*, event: Event) -> QuerySet[Entrant]:
    return Entrant.objects.filter(event=event).select_related("player")


def teams_of(*, event: Event) -> QuerySet[EventTeam]:
    return EventTeam.objects.filter(event=event).prefetch_related("members__player")


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
    # (as the board counts them: the physical table's scoring phone, and the confirming
    # phones joined this round; one that confirmed an earlier round has nothing of this one)
    this_round = Q(role=TableToken.Role.SCORER) | Q(table_id__in=[t.pk for t in tables])
    phones = dict(
        TableToken.objects.filter(
            this_round,
            event_table_id__in=[t.event_table_id for t in tables],
            revoked_at__isnull=True,
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


@dataclass(frozen=True)
class LevelTable:
    """A level table its format decides by the director's cut, with no cut entered yet."""

    round: int
    number: int
    table_id: int


def tables_level(*, event: Event) -> list[LevelTable]:
    """The tables of any round whose result is level and still waits for the director's cut,
    in a format that breaks a level table so (a party's `cut`; the last hand decided the
    others): closing the night waits for them, as seating the next round does (one query,
    none for other formats)."""
    if not format_of(event).cuts:
        return []
    return [
        LevelTable(rnd, number, pk)
        for rnd, number, pk, points in Table.objects.filter(
            round__event=event, result__isnull=False, result__winner__isnull=True
        )
        .order_by("round__number", "number")
        .values_list("round__number", "number", "pk", "result__points")
        if isinstance(points, list) and len(set(points)) == 1
    ]


def a_round_is_in_play() -> bool:
    """Some running event has a table still without a confirmed result (one query)."""
    return (
        Table.objects.filter(round__event__status=Event.Status.RUNNING)
        .exclude(result__status=Result.Status.CONFIRMED)
        .exists()
    )


def round_undone(*, event_id: int) -> bool:
    """A director has undone a seated round of the event (its tables are gone)."""
    return ResultChange.objects.filter(
        event_id=event_id, action=ResultChange.Action.UNSEAT
    ).exists()


def rounds_seated(*, event: Event) -> int:
    """How many of the event's rounds are seated (one query)."""
    return Round.objects.filter(event=event).count()


def paired_on(*, event: Event, number: int) -> dict[str, tuple[int, int]] | None:
    """Round ``number``'s teams as they stood when it was paired (`Round.paired_on`): each
    ranked team's place and match points, by its current name; None for a round that kept
    none (not paired from the standings, seated before any rank, or before rounds kept it)."""
    kept = Round.objects.filter(event=event, number=number).values_list("paired_on", flat=True)
    by_id = kept.first()
    if not by_id:
        return None
    names = EventTeam.objects.filter(event=event).values_list("pk", "name")
    return {name: (by_id[str(pk)][0], by_id[str(pk)][1]) for pk, name in names if str(pk) in by_id}


def pins_of(*, event: Event) -> dict[int, str]:
    """Each entrant's PIN for the event, by player id (for the director's printouts)."""
    return dict(Entrant.objects.filter(event=event).values_list("player_id", "pin"))
