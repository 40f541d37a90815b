"""Reads across events: a club's leaderboard and a player's record, from the confirmed
results of published events, added up in the database.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Final

from django.db.models import Count, Max, Q, QuerySet, Sum

from scorekeeper.events.models import Event, ResultLine, Season, TableSeat
from scorekeeper.models import Club, Player
from scorekeeper.names import name_shown

LEADERBOARD_ORDER: Final = {
    "points": ("-points", "-wins"),
    "wins": ("-wins", "-points"),
    "euchres": ("-euchres", "-points"),
    "loners": ("-loners_made", "-points"),
    "games": ("-games", "-points"),
}


_STATS: Final = {
    "games": Count("id"),
    "events": Count("event_id", distinct=True),
    "wins": Count("id", filter=Q(won=True)),
    "points": Sum("points_for"),
    "points_against": Sum("points_against"),
    "hands": Sum("hands"),
    "made": Sum("made"),
    "marched": Sum("marched"),
    "euchred": Sum("euchred"),
    "euchres": Sum("euchres"),
    "loners_tried": Sum("loners_tried"),
    "loners_made": Sum("loners_made"),
    "best_game": Max("points_for"),
}

#: The statistics of a player with no confirmed game (a night of byes only).
NO_GAMES: Final = dict.fromkeys(_STATS, 0)


def season_state(*, season: Season) -> str:
    """Where a season's events stand, in one query: which events it holds and the standings
    version of each, summed. Every write a leaderboard could show moves one of them (a
    result, an event published or moved, a player renamed or erased), so a leaderboard
    computed for this state is the leaderboard until it changes."""
    state = Event.objects.filter(season=season).aggregate(
        events=Count("pk"), ids=Sum("pk"), versions=Sum("standings_version")
    )
    return f"{state['events']}.{state['ids'] or 0}.{state['versions'] or 0}"


def _public_lines(club: Club | None = None, season: Season | None = None) -> QuerySet[ResultLine]:
    lines = ResultLine.objects.filter(confirmed=True, event__published=True)
    if club is not None:
        lines = lines.filter(event__club=club)
    if season is not None:
        lines = lines.filter(event__season=season)
    return lines


def leaderboard(
    *, club: Club, season: Season | None = None, order: str = "points", limit: int = 100
) -> list[dict[str, Any]]:
    """Players of a club's published events (one season's, or all), one query."""
    rows = (
        _public_lines(club, season)
        .values("player_id", "player__name", "player__label")
        .annotate(**_STATS)
        .order_by(*LEADERBOARD_ORDER[order], "player__name", "player__label")[:limit]
    )
    return [
        {
            "rank": rank,
            "player": row["player_id"],
            "name": name_shown(row["player__name"], row["player__label"]),
            **{stat: value for stat, value in row.items() if stat in _STATS},
        }
        for rank, row in enumerate(rows, start=1)
    ]


@dataclass
class PlayerRecord:
    player: Player
    stats: dict[str, Any]
    history: list[dict[str, Any]]
    total_games: int


def player_record(
    *, player: Player, season: Season | None = None, limit: int = 50, offset: int = 0
) -> PlayerRecord:
    """A player's statistics and the latest games of their history, with partners and
    opponents, from published events (three queries)."""
    lines = _public_lines(season=season).filter(player=player)
    stats = lines.aggregate(**_STATS)
    for key, value in stats.items():
        stats[key] = value or 0
    page = list(
        lines.select_related("event", "result").order_by(
            "-event__date", "-event_id", "-round_number"
        )[offset : offset + limit]
    )
    seated: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for table_id, side, player_id, name, label in TableSeat.objects.filter(
        table_id__in={line.result.table_id for line in page}
    ).values_list("table_id", "side", "player_id", "player__name", "player__label"):
        seated[table_id].append((side, player_id, name_shown(name, label)))
    history = []
    for line in page:
        others = seated[line.result.table_id]
        history.append(
            {
                "event": line.event_id,
                "event_name": line.event.name,
                "date": line.event.date,
                "round": line.round_number,
                "table": line.table_number,
                "partners": [n for s, p, n in others if s == line.side and p != player.pk],
                "opponents": [n for s, p, n in others if s != line.side],
                "points_for": line.points_for,
                "points_against": line.points_against,
                "won": line.won,
                "tied": line.tied,
                "time_called": line.time_called,
                # How the result came about (played, or the director's act) and who did it.
                "provenance": line.result.provenance,
                "director": line.result.director,
                "euchres": line.euchres,
                "loners_made": line.loners_made,
            }
        )
    return PlayerRecord(player, stats, history, stats["games"])
