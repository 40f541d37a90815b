"""Creating a game."""

from __future__ import annotations

from django.db import transaction

import referee
from scorekeeper.errors import Malformed
from scorekeeper.models import ChangeLogEntry, Club, Game, Player, Seat
from scorekeeper.tokens import token_digest, token_new

MAX_NAME = 60
MAX_TARGET = 10_000


def _default_team_names(ruleset: referee.Ruleset, players: list[str]) -> list[str]:
    names: list[list[str]] = [[] for _ in range(ruleset.team_count)]
    for seat, name in enumerate(players):
        names[ruleset.team_of(seat)].append(name)
    return [" & ".join(members) for members in names]


def _clean_players(ruleset: referee.Ruleset, players: list[str]) -> list[str]:
    if len(players) != ruleset.players:
        raise Malformed(
            f"this ruleset seats {ruleset.players} players; {len(players)} were given",
            code="wrong-player-count",
            field="players",
        )
    cleaned = [name.strip() for name in players]
    for seat, name in enumerate(cleaned):
        if not name or len(name) > MAX_NAME:
            raise Malformed(
                f"a player's name has 1 to {MAX_NAME} characters",
                code="bad-name",
                field=f"players[{seat}]",
            )
    if len({name.casefold() for name in cleaned}) != len(cleaned):
        raise Malformed("one player cannot take two seats", code="same-player", field="players")
    return cleaned


def game_create(
    *,
    ruleset: object,
    players: list[str],
    dealer: int,
    team_names: list[str] | None = None,
    club: Club | None = None,
    actor: str = "scorer",
) -> tuple[Game, str]:
    """A new game and its write token (only its digest is stored)."""
    try:
        rules = referee.Ruleset.parse(ruleset)
    except referee.MalformedRecord as error:
        raise Malformed(error.detail, code="bad-ruleset", field=error.field) from error
    if not 1 <= rules.target <= MAX_TARGET:
        raise Malformed(
            f"a game is played to 1 to {MAX_TARGET} points",
            code="bad-target",
            field="ruleset.target",
        )
    names = _clean_players(rules, players)
    if not 0 <= dealer < rules.players:
        raise Malformed(
            f"the first dealer is a seat from 0 to {rules.players - 1}",
            code="bad-seat",
            field="dealer",
        )
    if team_names is None:
        team_names = _default_team_names(rules, names)
    elif len(team_names) != rules.team_count or not all(
        0 < len(name.strip()) <= 100 for name in team_names
    ):
        raise Malformed(
            f"give {rules.team_count} team names of 1 to 100 characters",
            code="bad-team-names",
            field="team_names",
        )
    token = token_new()
    with transaction.atomic():
        game = Game.objects.create(
            club=club,
            ruleset=rules.to_json(),
            preset=rules.preset,
            target=rules.target,
            team_names=[name.strip() for name in team_names],
            first_dealer=dealer,
            token_hash=token_digest(token),
        )
        for seat, name in enumerate(names):
            player, _ = Player.objects.get_or_create(name=name)
            Seat.objects.create(game=game, number=seat, player=player, team=rules.team_of(seat))
        ChangeLogEntry.objects.create(
            game=game,
            action=ChangeLogEntry.Action.CREATE_GAME,
            actor=actor,
            after={"ruleset": game.ruleset, "players": names, "dealer": dealer},
            version=game.version,
        )
    return game, token
