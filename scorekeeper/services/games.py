"""Creating a game: by the server, or under an id and token a phone chose (offline).

A casual game's seats hold players of their own, who belong to no club and are never matched
by name; an event's table seats the club's players it was given (`seated`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import referee
from scorekeeper import names
from scorekeeper.errors import Conflict, Forbidden, Malformed, NotFound, referee_refusal
from scorekeeper.models import ChangeLogEntry, Club, Game, Player, Seat
from scorekeeper.selectors import the_row
from scorekeeper.tokens import token_digest, token_matches, token_new, token_weakness

MAX_TARGET = 10_000


def _default_team_names(ruleset: referee.Ruleset, players: list[str]) -> list[str]:
    teams: list[list[str]] = [[] for _ in range(ruleset.team_count)]
    for seat, name in enumerate(players):
        teams[ruleset.team_of(seat)].append(name)
    return [" & ".join(members) for members in teams]


def _clean_players(ruleset: referee.Ruleset, players: list[str], limit: int) -> list[str]:
    if len(players) != ruleset.players:
        raise Malformed(
            _("this ruleset seats %(players)s players; %(count)s were given")
            % {"players": ruleset.players, "count": len(players)},
            code="wrong-player-count",
            field="players",
        )
    cleaned = [
        names.name_clean(name, field=f"players[{seat}]", limit=limit)
        for seat, name in enumerate(players)
    ]
    if len({names.name_key(name) for name in cleaned}) != len(cleaned):
        raise Malformed(_("one player cannot take two seats"), code="same-player", field="players")
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


def ruleset_checked(ruleset: object) -> referee.Ruleset:
    """A game's ruleset as the referee reads it, within what a game holds: a target of 1 to
    `MAX_TARGET` points, and no hand scoring more. Refused as a 400 naming the option."""
    try:
        rules = referee.Ruleset.parse(ruleset)
    except referee.MalformedRecord as error:
        raise referee_refusal(error, code="bad-ruleset") from error
    if not 1 <= rules.target <= MAX_TARGET:
        raise Malformed(
            _("a game is played to 1 to %(max_target)s points") % {"max_target": MAX_TARGET},
            code="bad-target",
            field="ruleset.target",
        )
    for point, value in dataclasses.asdict(rules.points).items():
        if not isinstance(value, bool) and value > MAX_TARGET:
            raise Malformed(
                _("a hand scores at most %(max_target)s points") % {"max_target": MAX_TARGET},
                code="bad-points",
                field=f"ruleset.points.{point}",
            )
    return rules


def _checked(
    ruleset: object,
    players: list[str],
    dealer: int,
    team_names: list[str] | None,
    *,
    seated: bool = False,
) -> _NewGame:
    rules = ruleset_checked(ruleset)
    # A club's player is shown with their label, if any: a longer name than one typed here.
    limit = names.PERSON + names.LABEL + 3 if seated else names.PERSON
    players_named = _clean_players(rules, players, limit)
    if not 0 <= dealer < rules.players:
        raise Malformed(
            _("the first dealer is a seat from 0 to %(players)s") % {"players": rules.players - 1},
            code="bad-seat",
            field="dealer",
        )
    if team_names is None:
        team_names = _default_team_names(rules, players_named)
    elif len(team_names) != rules.team_count:
        raise Malformed(
            _("give %(team_count)s team names") % {"team_count": rules.team_count},
            code="bad-team-names",
            field="team_names",
        )
    else:
        team_names = [
            names.name_clean(name, field=f"team_names[{team}]", limit=names.TITLE)
            for team, name in enumerate(team_names)
        ]
    return _NewGame(rules, players_named, dealer, team_names)


def _insert(
    new: _NewGame,
    *,
    token: str,
    club: Club | None,
    actor: str,
    game_id: uuid.UUID | None = None,
    digest: str = "",
    seated: Sequence[Player] | None = None,
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
            score=[0] * new.rules.team_count,
            dealer=new.dealer,
            token_hash=token_digest(token),
            create_digest=digest,
        )
        if seated is None:
            seated = [
                Player.objects.create(name=name, kind=Player.Kind.CASUAL) for name in new.players
            ]
        for seat, player in enumerate(seated):
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
    players: list[str] | None = None,
    dealer: int,
    team_names: list[str] | None = None,
    club: Club | None = None,
    seated: Sequence[Player] | None = None,
    actor: str = "scorer",
) -> tuple[Game, str]:
    """A new game and its write token (only its digest is stored). A casual game's seats get
    new players of their own, named by `players`; an event's table seats the club's players
    it gives instead (`seated`, in seat order)."""
    if seated is not None:
        players = [player.shown for player in seated]
    new = _checked(ruleset, players or [], dealer, team_names, seated=seated is not None)
    token = token_new()
    return _insert(new, token=token, club=club, actor=actor, seated=seated), token


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
    game = the_row(Game.objects.filter(pk=game_id))
    if game is None:
        try:
            return _insert(
                new, token=token, club=None, actor=actor, game_id=game_id, digest=digest
            ), False
        except IntegrityError:
            # The same creation arrived twice at once: the other one made it.
            game = the_row(Game.objects.filter(pk=game_id))
            if game is None:
                raise
    if not token_matches(game.token_hash, token):
        raise Conflict(
            _("There is already a game with this id; choose another id."),
            code="game-id-taken",
            field="id",
        )
    if game.create_digest != digest:
        raise Conflict(
            _(
                "This game was started with other players or rules; start the new one under "
                "another id."
            ),
            code="game-id-reused",
            field="id",
        )
    return game, True


def game_token_renew(*, game_id: uuid.UUID, token: str) -> str:
    """A new write token for a game, given its current one, which stops opening it: how a
    table takes back a keep-score link it shared. Only the new token's digest is stored."""
    renewed = token_new()
    with transaction.atomic():
        game = the_row(Game.objects.select_for_update().filter(pk=game_id))
        if game is None:
            raise NotFound(_("There is no game with this id."), code="no-such-game", field="id")
        if not token_matches(game.token_hash, token):
            raise Forbidden(
                _("This token does not open this game."), code="wrong-token", field="Authorization"
            )
        game.token_hash = token_digest(renewed)
        game.save(update_fields=["token_hash"])
    return renewed
