"""A bracket event's knockout as it stands: read from its teams and its tables' results, and
worked out by `scorekeeper.events.planning.knockout` (nothing of it is stored but the draw).

Three queries, however big the bracket: the teams with their players, the draw, and every
bracket table with its result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch

from scorekeeper.events.formats import format_of, has_page
from scorekeeper.events.formats.knockout import Knockout, KnockoutOptions, bracket_options, drawn
from scorekeeper.events.models import Entrant, Event, EventTeam, Result, Table
from scorekeeper.events.planning import knockout


def knockout_options(event: Event) -> KnockoutOptions:
    """The bracket's options, as the event's format (the knockout) reads them."""
    played = format_of(event)
    if not isinstance(played, Knockout):
        raise LookupError(f"the event format {event.format!r} plays no bracket")
    return played.options(event)


def options_of(event: Event) -> knockout.Options:
    """The bracket's options, as the bracket's engine takes them."""
    return bracket_options(knockout_options(event))


def has_bracket(event: Event) -> bool:
    """The event's format plays a bracket (it has the bracket's chart)."""
    return has_page(event, "bracket")


def is_drawn(event: Event) -> bool:
    """The first round is seated: the bracket's teams and seeds are fixed."""
    return bool(drawn(event))


def drawn_teams(event: Event) -> list[int]:
    """The teams of the bracket, best seed first: as drawn when the first round was seated
    (kept in the event's plan), or before that the active teams by seed."""
    return drawn(event) or list(
        EventTeam.objects.filter(event=event, active=True)
        .order_by("seed")
        .values_list("id", flat=True)
    )


@dataclass(frozen=True)
class TeamView:
    id: int
    name: str
    seed: int
    players: list[str]
    active: bool


@dataclass(frozen=True)
class Seated:
    """A bracket table of a round: where a match's game is played, and its result."""

    match: str
    round: int
    table: int
    teams: tuple[int, int]
    points: tuple[int, int] | None
    status: str | None  # the result's (entered, confirmed, disputed); None: none yet
    winner: int | None = None  # the side that won, as the result says


@dataclass(frozen=True)
class BracketView:
    event: Event
    bracket: knockout.Bracket | None  # None: fewer than two teams yet
    teams: dict[int, TeamView]
    seated: list[Seated]
    drawn: bool  # the first round is seated: the seeds are fixed

    def playing(self, key: str) -> Seated | None:
        """The match's game being played now: seated, its result not confirmed."""
        return next(
            (
                s
                for s in reversed(self.seated)
                if s.match == key and s.status != Result.Status.CONFIRMED
            ),
            None,
        )


def bracket_of(*, event: Event) -> BracketView:
    teams = {
        team.pk: TeamView(
            team.pk,
            team.name,
            team.seed,
            [entrant.player.shown for entrant in team.members.all()],
            team.active,
        )
        for team in EventTeam.objects.filter(event=event)
        .order_by("seed")
        .prefetch_related(
            Prefetch("members", Entrant.objects.select_related("player").order_by("id"))
        )
    }
    drawn = drawn_teams(event)
    rows = (
        Table.objects.filter(round__event=event)
        .exclude(bracket_match="")
        .order_by("round__number", "number")
        .values_list(
            "bracket_match",
            "round__number",
            "number",
            "first_team_id",
            "second_team_id",
            "result__points",
            "result__status",
            "result__winner",
        )
    )
    seated = [
        Seated(key, rnd, number, (first, second), _points(points), status, winner)
        for key, rnd, number, first, second, points, status, winner in rows
    ]
    games = [
        knockout.Game(s.match, s.teams, s.points, s.winner)
        for s in seated
        if s.status == Result.Status.CONFIRMED and s.points is not None
    ]
    bracket = None
    if len(drawn) >= 2:
        withdrawn = [team.id for team in teams.values() if not team.active]
        bracket = knockout.resolve(drawn, games, options_of(event), withdrawn=withdrawn)
    return BracketView(event, bracket, teams, seated, is_drawn(event))


def _points(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


# ---------------------------------------------------------------------------------------------
# The bracket as the API and the chart show it


def _team(value: int | None) -> int | None:
    return value if value is not None and value > 0 else None


def _side(view: BracketView, match: knockout.MatchState, i: int) -> dict[str, Any]:
    team = _team(match.sides[i])
    known = view.teams.get(team) if team is not None else None
    source = match.planned.sources[i]
    return {
        "team": team,
        "name": known.name if known else None,
        "seed": known.seed if known else None,
        "bye": match.sides[i] is None,
        "wins": match.wins[i],
        "origin": {"kind": source.kind, "ref": str(source.ref)},
    }


def match_json(view: BracketView, match: knockout.MatchState) -> dict[str, Any]:
    tables = {(s.match, s.teams, s.points): s for s in view.seated}
    first = match.sides[0]
    games = []
    for game in match.games:
        seated = tables.get((game.match, game.teams, game.points))
        points = game.points if game.teams[0] == first else game.points[::-1]
        games.append(
            {
                "round": seated.round if seated else 0,
                "table": seated.table if seated else 0,
                "points": list(points),
                "winner": game.winner,
            }
        )
    playing = view.playing(match.key) if match.status == "open" else None
    return {
        "key": match.key,
        "part": match.planned.part,
        "round": match.planned.round,
        "index": match.planned.index,
        "stage": match.planned.stage,
        "status": match.status,
        "sides": [_side(view, match, 0), _side(view, match, 1)],
        "winner": _team(match.winner) if match.status != "not-needed" else None,
        "loser": _team(match.loser) if match.status != "not-needed" else None,
        "games": games,
        "playing": (
            {"round": playing.round, "table": playing.table, "status": playing.status}
            if playing
            else None
        ),
        "next": {"winner": match.winner_to, "loser": match.loser_to},
    }


def bracket_json(view: BracketView, *, seeds_editable: bool) -> dict[str, Any]:
    event, bracket = view.event, view.bracket
    places = bracket.places if bracket else {}
    options = knockout_options(event)
    return {
        "event": event.pk,
        "knockout": options.knockout,
        "best_of": options.best_of,
        "third_place": options.third_place,
        "grand_final_reset": options.grand_final_reset,
        "seeds_editable": seeds_editable,
        "complete": bool(bracket and bracket.complete),
        "stage": bracket.stage if bracket else None,
        "champion": _team(bracket.champion) if bracket else None,
        "teams": [
            {
                "id": team.id,
                "name": team.name,
                "seed": team.seed,
                "players": team.players,
                "active": team.active,
                "place": places.get(team.id),
            }
            for team in view.teams.values()
        ],
        "matches": [match_json(view, m) for m in bracket.matches] if bracket else [],
    }
