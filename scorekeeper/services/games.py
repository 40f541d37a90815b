"""Creating a game: by the server, or under an id and token a phone chose (offline)."""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction

import referee
from scorekeeper.errors import Conflict, Malformed
from scorekeeper.models import ChangeLogEntry, Club, Game, Player, Seat
from scorekeeper.tokens import token_digest, token_matches, token_new, token_weakness

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


@dataclass(frozen=True)
class _NewGame:
    """A game request, checked and written the way it is stored."""

    rules: referee.Ruleset
    players: list[str]
    dealer: int
    team_names: list[str]

    def digest(self) -> str:
        """A fingerprint of what was asked, to tell a replayed creation from another game."""
        text = json.dumps(
            {
                "ruleset": self.rules.to_json(),
                "players": self.players,
                "dealer": self.dealer,
                "team_names": self.team_names,
            },
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=True,
        )
        return hashlib.sha256(text.encode()).hexdigest()


def _checked(
    ruleset: object, players: list[str], dealer: int, team_names: list[str] | None
) -> _NewGame:
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
    return _NewGame(rules, names, dealer, [name.strip() for name in team_names])


def _insert(
    new: _NewGame,
    *,
    token: str,
    club: Club | None,
    actor: str,
    game_id: uuid.UUID | None = None,
    digest: str = "",
) -> Game:
    with transaction.atomic():
        game = Game.objects.create(
            **({"id": game_id} if game_id is not None else {}),
            club=club,
            ruleset=new.rules.to_json(),
            preset=new.rules.preset,
            target=new.rules.target,
            team_names=new.team_names,
            first_dealer=new.dealer,
            token_hash=token_digest(token),
            create_digest=digest,
        )
        for seat, name in enumerate(new.players):
            player, _ = Player.objects.get_or_create(name=name)
            Seat.objects.create(game=game, number=seat, player=player, team=new.rules.team_of(seat))
        ChangeLogEntry.objects.create(
            game=game,
            action=ChangeLogEntry.Action.CREATE_GAME,
            actor=actor,
            after={"ruleset": game.ruleset, "players": new.players, "dealer": new.dealer},
            version=game.version,
        )
    return game


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
    new = _checked(ruleset, players, dealer, team_names)
    token = token_new()
    return _insert(new, token=token, club=club, actor=actor), token


def game_create_idempotent(
    *,
    game_id: uuid.UUID,
    token: str,
    ruleset: object,
    players: list[str],
    dealer: int,
    team_names: list[str] | None = None,
    actor: str = "scorer",
) -> tuple[Game, bool]:
    """A game under the id and token its first phone chose (so it can start offline), and
    whether this was a replay. Sending the same id, token and game again changes nothing
    and answers with the game as it now stands; the same id with another token or another
    game is a conflict. Only the token's digest is stored, as for any game."""
    weakness = token_weakness(token)
    if weakness:
        raise Malformed(weakness, code="weak-token", field="token")
    new = _checked(ruleset, players, dealer, team_names)
    digest = new.digest()
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        try:
            return _insert(
                new, token=token, club=None, actor=actor, game_id=game_id, digest=digest
            ), False
        except IntegrityError:
            # The same creation arrived twice at once: the other one made it.
            game = Game.objects.filter(pk=game_id).first()
            if game is None:
                raise
    if not token_matches(game.token_hash, token):
        raise Conflict(
            "There is already a game with this id; choose another id.",
            code="game-id-taken",
            field="id",
        )
    if game.create_digest != digest:
        raise Conflict(
            "This game was started with other players or rules; start the new one under "
            "another id.",
            code="game-id-reused",
            field="id",
        )
    return game, True
