"""A season's leaderboard as its ladder ranks it: every published night of the season is
ranked by the event's own standings (its format's `rank`), and the nights add up by the
season's ladder (`ladders.ladder_rank`). Eight queries, however many nights and players:
the rows of every night are fetched flat, together, and ranked in Python.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any, Final

from django.db.models import Count, Q

from scorekeeper.events.formats import format_of
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTeam,
    Result,
    ResultLine,
    Round,
    Season,
)
from scorekeeper.events.ranking.ladders import Ladder, LadderRow, Night, ladder_rank
from scorekeeper.events.ranking.standings import Line, StandingRow
from scorekeeper.events.selectors import LEADERBOARD_ORDER, leaderboard
from scorekeeper.events.selectors.ranking import LINE_VALUES, byes_of
from scorekeeper.events.selectors.records import NO_GAMES
from scorekeeper.models import Club
from scorekeeper.names import name_shown

#: Ranked by the season's ladder: the order a season's leaderboard takes unless asked.
LADDER_ORDER: Final = "ladder"


def _figure(value: Any) -> float:
    return round(float(value), 2)


def season_nights(*, season: Season) -> tuple[list[Night], dict[int, str]]:
    """Every player's nights in the season's published events, with their places in each
    night's standings, and the players' names (seven queries). A night is an event the player
    took part in (`StandingRow.took_part`): a confirmed game, or a bye as the event counts
    it (a Swiss bye's win and average, a round robin's win, a sit-out's credit, an
    absent player's where the event gives it: `byes_of`, as the night's standings read them)."""
    events = {e.pk: e for e in Event.objects.filter(season=season, published=True)}
    names: dict[int, str] = {}
    rows: dict[int, list[StandingRow]] = defaultdict(list)
    members: dict[int, list[int]] = defaultdict(list)  # team -> its players
    teams = dict(
        ((event_id, pk), (name, active))
        for event_id, pk, name, active in EventTeam.objects.filter(event_id__in=events)
        .order_by("seed")
        .values_list("event_id", "pk", "name", "active")
    )
    for pk, event_id, player_id, team_id, active, name, label in (
        Entrant.objects.filter(event_id__in=events)
        .order_by("id")
        .values_list(
            "pk", "event_id", "player_id", "team_id", "active", "player__name", "player__label"
        )
    ):
        shown = name_shown(name, label)
        names[player_id] = shown
        if not events[event_id].is_teams:
            rows[event_id].append(StandingRow(player_id, shown, [shown], active, coin=pk))
        elif team_id is not None:
            members[team_id].append(player_id)
    for (event_id, team_id), (name, active) in teams.items():
        rows[event_id].append(StandingRow(team_id, name, [], active))
    lines: dict[int, list[Line]] = defaultdict(list)
    for event_id, *values in (
        ResultLine.objects.filter(event_id__in=events, confirmed=True)
        .order_by("event_id", "round_number", "table_number", "side", "player_id")
        .values_list("event_id", *LINE_VALUES)
    ):
        lines[event_id].append(Line(*values))
    byes = byes_of(events=events.values())
    complete: dict[int, set[int]] = defaultdict(set)
    for event_id, number, open_tables in (
        Round.objects.filter(event_id__in=events)
        .annotate(
            open_tables=Count("tables", filter=~Q(tables__result__status=Result.Status.CONFIRMED))
        )
        .values_list("event_id", "number", "open_tables")
    ):
        if not open_tables:
            complete[event_id].add(number)
    nights: list[Night] = []
    for event_id, event in events.items():
        kind = format_of(event)
        ranked = kind.rank(
            event,
            rows=rows[event_id],
            lines=lines[event_id],
            byes=byes[event_id],
            complete=complete[event_id],
        ).rows
        there = [row for row in ranked if row.took_part]
        for row, (first, last) in zip(there, kind.places(event, there), strict=True):
            players = members[row.key] if event.is_teams else [row.key]
            nights += [Night(event_id, player, row.total, first, last) for player in players]
    return nights, names


def season_leaderboard(
    *, club: Club, season: Season, order: str = LADDER_ORDER, limit: int = 100
) -> list[dict[str, Any]]:
    """A season's leaderboard: each player's statistics with the ladder's figures (nights
    played, nights counted, ladder points, points per night, whether they qualify), ranked
    by the ladder, or by a statistic when ``order`` names one (eight queries)."""
    ladder = Ladder.of(season)
    nights, names = season_nights(season=season)
    ranked = {row.key: row for row in ladder_rank(ladder, nights, names)}
    stats = {row["player"]: row for row in leaderboard(club=club, season=season, limit=10**6)}
    for key in ranked.keys() - stats.keys():
        # Nights of byes only: on the ladder, with no game to count.
        stats[key] = {"player": key, "name": names.get(key, ""), **NO_GAMES}
    if order != LADDER_ORDER:
        board = [dict(row) for row in stats.values()]
        board.sort(key=_stat_order(order))
        for place, row in enumerate(board[:limit], start=1):
            row["rank"] = place
        return [{**row, **ladder_figures(ranked.get(row["player"]))} for row in board[:limit]]
    laddered = [
        {**stats[key], "rank": row.rank, **ladder_figures(row)} for key, row in ranked.items()
    ]
    return laddered[:limit]


def _stat_order(order: str) -> Any:
    fields = LEADERBOARD_ORDER[order]

    def key(row: dict[str, Any]) -> tuple[Any, ...]:
        return (*(-(row[f.lstrip("-")] or 0) for f in fields), row["name"])

    return key


def ladder_figures(row: LadderRow | None) -> dict[str, Any]:
    if row is None:
        return {
            "nights": 0,
            "counted": 0,
            "ladder_points": 0.0,
            "per_night": 0.0,
            "qualifies": False,
        }
    return {
        "nights": row.nights,
        "counted": row.counted,
        "ladder_points": _figure(row.score),
        "per_night": _figure(row.per_night),
        "qualifies": row.qualifies,
    }


def club_board(
    *, club: Club, season: Season | None = None, order: str | None = None, limit: int = 100
) -> list[dict[str, Any]]:
    """A club's leaderboard: a season's, ranked by its ladder unless ``order`` names a
    statistic; or over every published event, by points (or the statistic named), where
    every night counts and everyone qualifies."""
    if season is not None:
        return season_leaderboard(
            club=club, season=season, order=order or LADDER_ORDER, limit=limit
        )
    by = order if order in LEADERBOARD_ORDER else "points"
    return [
        {
            **row,
            "nights": row["events"],
            "counted": row["events"],
            "ladder_points": _figure(row["points"] or 0),
            "per_night": _figure(Fraction(row["points"] or 0, row["events"] or 1)),
            "qualifies": True,
        }
        for row in leaderboard(club=club, order=by, limit=limit)
    ]
