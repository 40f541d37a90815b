"""Printable pages: an event's results, a round's sheet, and the night's table cards (each
table's number, join code, short URL and QR code); and the records: a club's leaderboard and
a player's page."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import segno
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework import serializers

from scorekeeper.api.problems import pages_not_found
from scorekeeper.errors import DomainError
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.access import Actor
from scorekeeper.events.localized.choice_names import TIE_BREAK_NAMES, prize_title
from scorekeeper.events.localized.club_language import club_language_use
from scorekeeper.events.localized.club_time import club_zone
from scorekeeper.events.localized.stories import result_story
from scorekeeper.events.pages.shown import planned_round, seated_tables, table_story
from scorekeeper.events.selectors.season_board import LADDER_ORDER, club_board
from scorekeeper.events.services.privacy import is_erased


@pages_not_found
def results_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """Standings, side prizes and every round's results, laid out for paper."""
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id)
    club_language_use(request, event.club)
    zone = club_zone(event.club)
    standings = selectors.standings(event=event)
    with timezone.override(zone):
        return render(
            request,
            "events/results.html",
            {
                "event": event,
                "standings": standings,
                "prizes": [(prize_title(prize), prize) for prize in standings.side_prizes],
                "rounds": [
                    (rnd, [(t, table_story(t, rnd.time_called_by)) for t in rnd.tables])
                    for rnd in selectors.rounds_of(event=event)
                ],
                "tie_breaks": [
                    str(TIE_BREAK_NAMES.get(key, key)) for key in standings.shown.tie_breaks
                ],
                "now": timezone.now(),
                "zone": str(zone),
            },
        )


@pages_not_found
def round_sheet(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Who sits where this round, to pin on the wall (no join codes); a round not seated
    yet as planned now (to print the night in advance), saying the seating may differ."""
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id)
    club_language_use(request, event.club)
    seated = selectors.rounds_of(event=event, numbers=[number])
    if seated:
        context = {"event": event, "round": seated[0], "tables": seated_tables(seated[0])}
        return render(request, "events/round_sheet.html", context)
    planned = planned_round(event, number)
    if planned is None:
        raise Http404("This event has no round with this number.")
    context = {"event": event, "round": planned, "tables": planned.tables, "planned": True}
    return render(request, "events/round_sheet.html", context)


#: Addresses a phone at another table cannot reach: the director's own machine.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0"})


def public_address(request: HttpRequest) -> str:
    """Where phones reach this server: the PUBLIC_URL setting, or else the address the
    director's browser used (no trailing slash)."""
    configured = str(getattr(settings, "PUBLIC_URL", "") or "")
    return (configured or request.build_absolute_uri("/")).rstrip("/")


def _qr_svg(url: str, label: str) -> SafeString:
    """The URL as a QR code, drawn as SVG by segno (no inline style: the site's CSP holds)."""
    code = segno.make(url, error="m")
    # segno's SVG escapes the title; the markup is its own.
    return mark_safe(
        code.svg_inline(scale=5, title=label, svgclass="qr", lineclass="qr-line", omitsize=True)
    )


@pages_not_found
def table_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    """The night's table cards, printed once: each table's number, join code, short URL and
    QR code (who sits where goes on each round's sheet, not here)."""
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id, to_run=True)
    club_language_use(request, event.club)
    address = public_address(request)
    host = urlsplit(address).hostname or ""
    cards = [
        {
            "number": table.number,
            "code": table.join_code,
            "url": f"{address}/t/{table.join_code}",
            "qr": _qr_svg(
                f"{address}/t/{table.join_code}",
                _("Table %(number)s: join") % {"number": table.number},
            ),
        }
        for table in selectors.event_tables_of(event=event)
    ]
    return render(
        request,
        "events/table_cards.html",
        {
            "event": event,
            "cards": cards,
            "address": address,
            "local": host in LOCAL_HOSTS,
        },
    )


@pages_not_found
def round_table_cards(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The table cards were a round's once; they are the night's now."""
    access.event_for(actor=Actor(user=request.user), event_id=event_id, to_run=True)
    return redirect("table-cards", event_id=event_id)


# ---------------------------------------------------------------------------------------------
# Records


class _BadQuery(Exception):
    """A query parameter the page cannot use; answered with a 400 naming it."""


def _query(
    request: HttpRequest, serializer_class: type[serializers.Serializer[Any]]
) -> dict[str, Any]:
    serializer = serializer_class(data=request.GET.dict())
    if not serializer.is_valid():
        field, problems = next(iter(serializer.errors.items()))
        raise _BadQuery(f"{field}: {problems[0]}")
    return dict(serializer.validated_data)


def _records_page(page: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A records page: 404 for what is not found, 400 naming a query parameter it cannot use."""

    @functools.wraps(page)
    def wrapper(request: HttpRequest, **ids: int) -> HttpResponse:
        try:
            return page(request, **ids)
        except _BadQuery as error:
            return HttpResponseBadRequest(f"{error}\n", content_type="text/plain; charset=utf-8")

    return pages_not_found(wrapper)


@_records_page
def leaderboard_page(request: HttpRequest, club_id: int) -> HttpResponse:
    """A club's players over its published events, a season's or all, in one chosen order."""
    club = selectors.club_get(club_id=club_id)
    query = _query(request, s.LeaderboardQuerySerializer)
    seasons = selectors.seasons_of(club=club)
    season = None
    if "season" in query:
        season = next((x for x in seasons if x.pk == query["season"]), None)
        if season is None:
            raise Http404("This club has no season with this id.")
    order = query.get("order") or (LADDER_ORDER if season is not None else "points")
    rows = club_board(club=club, season=season, order=order, limit=query["limit"])
    orders = list(selectors.LEADERBOARD_ORDER)
    return render(
        request,
        "events/screens/leaderboard.html",
        {
            "club": club,
            "seasons": seasons,
            "season": season,
            "order": order,
            "orders": [LADDER_ORDER, *orders] if season is not None else orders,
            "rows": rows,
            "ranked": [row for row in rows if row["rank"] is not None],
            "unranked": [row for row in rows if row["rank"] is None],
        },
    )


@_records_page
def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's statistics and latest games over published events (a season's, or all):
    found once they entered a published event, or by a director of their club."""
    actor = Actor(user=request.user)
    player = access.player_for(actor=actor, player_id=player_id)
    query = _query(request, s.PlayerQuerySerializer)
    season = None
    if "season" in query:
        season = selectors.season_get(season_id=query["season"])
    limit, offset = query["limit"], query["offset"]
    record = selectors.player_record(player=player, season=season, limit=limit, offset=offset)
    directs = player.club is not None and access.directs(actor, player.club)
    erased = is_erased(player)
    return render(
        request,
        "events/screens/player.html",
        {
            "player": player,
            "season": season,
            "stats": record.stats,
            # Each game says how its result came about where a director made it so.
            "history": [
                {
                    **game,
                    "story": result_story(
                        game["provenance"],
                        game["director"],
                        called_by="" if game["time_called"] else None,
                    ),
                }
                for game in record.history
            ],
            "first": offset + 1,
            "last": offset + len(record.history),
            "older": offset + limit if offset + limit < record.total_games else None,
            "newer": max(offset - limit, 0) if offset else None,
            "limit": limit,
            "directs": directs,
            "erased": erased,
            "held_backups": selectors.backups_holding_erased(club=player.club, player=player)
            if directs and erased and player.club is not None
            else [],
        },
    )


@require_POST
@pages_not_found
def player_erase_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """A director erases a player's name from the player's page (`services.player_erase`)."""
    actor = Actor(user=request.user)
    player = access.player_for(actor=actor, player_id=player_id, to_run=True, page=True)
    if request.POST.get("confirm") != "on":
        return HttpResponseBadRequest("confirm: tick the box to erase\n", content_type="text/plain")
    try:
        services.player_erase(
            player=player, actor=actor, reason=request.POST.get("reason", "")[:500]
        )
    except DomainError as error:
        return HttpResponse(f"{error.detail}\n", status=error.status, content_type="text/plain")
    return redirect("events-player", player_id=player.pk)
