"""Reads of an event as lists: the club's events, its entrants and teams, its physical
tables, what closing the night would leave open, and its change log.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, QuerySet

from scorekeeper.events.localized.choice_names import (
    CREDIT_NAMES,
    LADDER_NAMES,
    PRIZE_NAMES,
    RANK_BY_NAMES,
    named,
)
from scorekeeper.events.models import (
    FORMAT_NAMES,
    Entrant,
    Event,
    EventTable,
    EventTeam,
    Result,
    Round,
    Season,
    Table,
    TableToken,
)
from scorekeeper.events.ranking.standings import SIDE_PRIZE_TITLES, SIDE_PRIZES
from scorekeeper.models import Club


def event_form_choices() -> dict[str, list[tuple[str, str]]]:
    """What a new event's form offers (its formats, sit-out credits, rankings and side
    prizes) and a season's (its ladders), with their labels in the reader's language."""
    return {
        "formats": named(Event.Format.choices, FORMAT_NAMES),
        "credits": named(Event.SitOutCredit.choices, CREDIT_NAMES),
        "rank_by": named(Event.RankBy.choices, RANK_BY_NAMES),
        "side_prizes": named(zip(SIDE_PRIZES, SIDE_PRIZE_TITLES, strict=True), PRIZE_NAMES),
        "ladders": named(Season.Ladder.choices, LADDER_NAMES),
    }


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


def a_round_is_in_play() -> bool:
    """Some running event has a table still without a confirmed result (one query)."""
    return (
        Table.objects.filter(round__event__status=Event.Status.RUNNING)
        .exclude(result__status=Result.Status.CONFIRMED)
        .exists()
    )


def rounds_seated(*, event: Event) -> int:
    """How many of the event's rounds are seated (one query)."""
    return Round.objects.filter(event=event).count()
