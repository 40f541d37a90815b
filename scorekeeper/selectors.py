"""Reads that shape data: a game's score, who deals next, its players."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

import referee
from scorekeeper.compiled import Compiled, CompiledRows
from scorekeeper.errors import NotFound
from scorekeeper.models import ChangeLogEntry, Game, Hand
from scorekeeper.tokens import token_matches as digest_matches

_M = TypeVar("_M", bound=Model)


def the_row(rows: QuerySet[_M]) -> _M | None:
    """The row a filter on a unique key finds, or None: `first()` without any ordering (the
    one it would add, or the model's own): a key finds one row at most, and building the
    ORDER BY is what a hot path would pay for on every request."""
    return next(iter(rows.order_by()[:1]), None)


# The demo games `load_demo` makes: in this club, created by this actor.
DEMO_CLUB = "Demo club"
DEMO_ACTOR = "demo"


def ruleset_of(game: Game) -> referee.Ruleset:
    return referee.Ruleset.parse(game.ruleset)


def score_of(ruleset: referee.Ruleset, awards: Iterable[dict[str, Any]]) -> list[int]:
    """The sum of the referee's awards, per team."""
    score = [0] * ruleset.team_count
    for award in awards:
        for team, points in award.get("points", {}).items():
            score[int(team)] += int(points)
    return score


def dealer_after(ruleset: referee.Ruleset, hand: Hand | None, first_dealer: int) -> int:
    """Who deals the hand after `hand`: a poor-hand redeal keeps the dealer, all else passes."""
    if hand is None:
        return first_dealer
    return _dealer_after(ruleset, hand.kind, hand.dealer)


def _dealer_after(ruleset: referee.Ruleset, kind: str, dealer: int) -> int:
    return dealer if kind == Hand.Kind.REDEAL else ruleset.next_dealer(dealer)


@dataclass(frozen=True)
class Standing:
    """Where a game stands: its score, who deals next, and who won, if anyone has."""

    score: list[int]
    dealer: int
    winner: int | None


class HandRow(NamedTuple):
    """What a game's standing needs of one hand."""

    award: dict[str, Any]
    kind: str
    dealer: int
    number: int
    maker: int | None

    @classmethod
    def of(cls, hand: Hand) -> HandRow:
        return cls(hand.award, hand.kind, hand.dealer, hand.number, hand.maker)


def hand_rows(*, game: Game) -> list[HandRow]:
    """What the standing needs of each hand, in order, in one query."""
    return [HandRow(*row) for row in _HAND_ROWS.all(game.pk)]


_HAND_ROWS = CompiledRows(
    lambda game_id: (
        Hand.objects.filter(game_id=game_id).order_by("number").values_list(*HandRow._fields)
    ),
    "game_id",
)


def standing_from(*, ruleset: referee.Ruleset, first_dealer: int, rows: list[HandRow]) -> Standing:
    score = score_of(ruleset, (row.award for row in rows))
    if not rows:
        return Standing(score=score, dealer=first_dealer, winner=None)
    last = rows[-1]
    dealer = _dealer_after(ruleset, last.kind, last.dealer)
    return Standing(
        score=score, dealer=dealer, winner=winner_after(ruleset, score, last.award, last.maker)
    )


def winner_after(
    ruleset: referee.Ruleset, score: list[int], award: dict[str, Any], maker: int | None
) -> int | None:
    """The team that has won at this score after a hand with this award (made by `maker`'s
    team), as the referee rules: in a turn-up game the score alone decides; in Bid Euchre the
    last hand must also have been a made bid or a set (or a renege) for the team that won."""
    points = {int(team): int(p) for team, p in award.get("points", {}).items()}
    last = referee.Award(str(award.get("reason", "")), points)
    return referee.game_winner(ruleset, score, award=last, maker=maker)


def standing_of(*, game: Game, ruleset: referee.Ruleset) -> Standing:
    """Derived from the hands in one query."""
    rows = hand_rows(game=game)
    return standing_from(ruleset=ruleset, first_dealer=game.first_dealer, rows=rows)


def token_matches(game: Game, token: str) -> bool:
    return digest_matches(game.token_hash, token)


def demo_games() -> list[Game]:
    """The demo games, for anyone to open; no other game is ever listed."""
    return list(
        Game.objects.filter(
            club__name=DEMO_CLUB,
            log__action=ChangeLogEntry.Action.CREATE_GAME,
            log__actor=DEMO_ACTOR,
        ).order_by("created_at")
    )


def game_get(*, game_id: uuid.UUID) -> Game:
    game = the_row(Game.objects.filter(pk=game_id))
    if game is None:
        raise NotFound(_("There is no game with this id."), code="no-such-game", field="id")
    return game


@dataclass(frozen=True)
class GameState:
    game: Game
    ruleset: referee.Ruleset
    players: list[str]
    hands: list[Hand]
    score: list[int]
    dealer: int

    @property
    def teams(self) -> list[dict[str, Any]]:
        return [
            {
                "team": team,
                "name": name,
                "seats": list(self.ruleset.teams[team]),
            }
            for team, name in enumerate(self.game.team_names)
        ]


def game_state(*, game: Game) -> GameState:
    """The game with its seats and hands; the score is derived from the hands' awards."""
    ruleset = ruleset_of(game)
    players = [seat.player.shown for seat in game.seats.select_related("player").order_by("number")]
    hands = list(game.hands.order_by("number"))
    return GameState(
        game=game,
        ruleset=ruleset,
        players=players,
        hands=hands,
        score=score_of(ruleset, (hand.award for hand in hands)),
        dealer=dealer_after(ruleset, hands[-1] if hands else None, game.first_dealer),
    )


def game_hands(*, game: Game) -> list[Hand]:
    return list(game.hands.order_by("number"))


def game_log(*, game: Game) -> list[ChangeLogEntry]:
    return list(game.log.order_by("id"))


def hand_get(*, game: Game, number: int) -> Hand:
    hand = _HAND.first(game.pk, number) if 0 < number < 2**31 else None
    if hand is None:
        raise NotFound(
            _("This game has no hand with this number."), code="no-such-hand", field="number"
        )
    hand.game = game  # (as `game.hands` would have it: the game is not read again)
    return hand


#: A game's hand by its number (an undo's, an amendment's, a read's), compiled once.
_HAND = Compiled(
    lambda game_id, number: Hand.objects.filter(game_id=game_id, number=number),
    "game_id",
    "number",
)
