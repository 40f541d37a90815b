"""Recording, amending and undoing hands. Every award comes from the referee."""

from __future__ import annotations

import copy
import datetime
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import referee
from scorekeeper.compiled import Compiled
from scorekeeper.compiled_writes import row_delete, row_insert, row_update
from scorekeeper.errors import (
    Conflict,
    DomainError,
    Forbidden,
    Malformed,
    NotFound,
    StaleVersion,
    Unprocessable,
)
from scorekeeper.models import ChangeLogEntry, Game, Hand
from scorekeeper.selectors import (
    Standing,
    hand_get,
    hand_rows,
    ruleset_of,
    standing_from,
    the_row,
    token_matches,
    winner_after,
)
from scorekeeper.services.rulings import HandEntry, Ruling, entry_digest, rule


@dataclass(frozen=True)
class HandResult:
    hand: Hand
    game: Game
    standing: Standing
    replayed: bool = False


def hand_snapshot(hand: Hand) -> dict[str, Any]:
    """A hand as the change log keeps it."""
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "kind": hand.kind,
        "trump": hand.trump or None,
        "maker": hand.maker,
        "alone": hand.alone,
        "defender_alone": hand.defender_alone,
        "maker_tricks": hand.maker_tricks,
        "bid": hand.bid_said,
        "award": hand.award,
        "record": hand.record,
    }


def _check_token(game: Game, token: str) -> None:
    if not token_matches(game, token):
        raise Forbidden(
            _("This token does not open this game."), code="wrong-token", field="Authorization"
        )


def _lock(game_id: uuid.UUID) -> Game:
    game = _GAME_LOCKED.first(game_id)
    if game is None:
        raise NotFound(_("There is no game with this id."), code="no-such-game", field="id")
    return game


_GAME_LOCKED = Compiled(lambda game_id: Game.objects.select_for_update().filter(pk=game_id), "id")


def _locked_hand(
    game_id: uuid.UUID, number: int, token: str | None, expected_version: int | None
) -> tuple[Game, Hand]:
    """The game, locked, and its hand `number`, for a change to a hand already recorded: the
    token (if any) opens the game, and the change was asked against the game's version."""
    game = _lock(game_id)
    if token is not None:
        _check_token(game, token)
    hand = hand_get(game=game, number=number)
    _check_version(game, expected_version)
    return game, hand


def _stale(game: Game) -> StaleVersion:
    return StaleVersion(
        _("The game is at version %(version)s; read it again and retry.")
        % {"version": game.version},
        code="stale-version",
        field="If-Match",
        version=game.version,
    )


def _check_version(game: Game, expected_version: int | None) -> None:
    """The write was asked against the version the game is at (None: against any)."""
    if expected_version is not None and expected_version != game.version:
        raise _stale(game)


_STANDING_FIELDS = (
    *("score", "dealer", "winner", "status", "last_hand", "hands_dealt", "version"),
    "updated_at",
)


def _stand(game: Game, standing: Standing, rows: int, dealt: int) -> None:
    """Keep where the game stands on its row and move it to its next version (saved)."""
    game.score = standing.score
    game.dealer = standing.dealer
    game.winner = standing.winner
    game.status = Game.Status.IN_PROGRESS if standing.winner is None else Game.Status.FINISHED
    game.last_hand = rows
    game.hands_dealt = dealt
    game.version += 1
    row_update(game, _STANDING_FIELDS)


def _settle(game: Game, ruleset: referee.Ruleset) -> Standing:
    """Re-derive where the game stands from its hands (after an amend or an undo)."""
    rows = hand_rows(game=game)
    standing = standing_from(ruleset=ruleset, first_dealer=game.first_dealer, rows=rows)
    dealt = sum(row.kind != Hand.Kind.REDEAL for row in rows)
    _stand(game, standing, rows[-1].number if rows else 0, dealt)
    return standing


def _advance(game: Game, ruleset: referee.Ruleset, hand: Hand) -> Standing:
    """Where the game stands after one more hand, from where it stood: no hand is read."""
    score = list(game.score)
    for team, points in hand.award.get("points", {}).items():
        score[int(team)] += int(points)
    redeal = hand.kind == Hand.Kind.REDEAL
    standing = Standing(
        score=score,
        dealer=hand.dealer if redeal else ruleset.next_dealer(hand.dealer),
        winner=winner_after(ruleset, score, hand.award, hand.maker),
    )
    _stand(game, standing, hand.number, game.hands_dealt + (not redeal))
    return standing


def standing_kept(game: Game) -> Standing:
    """Where the game stands, as its row keeps it."""
    return Standing(score=list(game.score), dealer=game.dealer, winner=game.winner)


def _apply(hand: Hand, ruling: Ruling) -> None:
    hand.kind = ruling.kind
    hand.award = ruling.award
    hand.trump = ruling.trump
    hand.maker = ruling.maker
    hand.alone = ruling.alone
    hand.defender_alone = ruling.defender_alone
    hand.maker_tricks = ruling.maker_tricks
    hand.bid = ruling.bid
    hand.record = ruling.record
    hand.verdict = ruling.verdict


def _answered(hand: Hand, game: Game, standing: Standing) -> dict[str, Any]:
    """What a recorded hand's write answers besides the hand as the log keeps it."""
    return {
        "verdict": hand.verdict,
        "created_at": hand.created_at.isoformat(),
        "updated_at": hand.updated_at.isoformat(),
        "score": standing.score,
        "dealer": standing.dealer,
        "winner": standing.winner,
        "status": game.status,
    }


def _as_answered(game: Game, earlier: ChangeLogEntry) -> HandResult:
    """The answer the key's first write got, from the log: the hand as it was recorded and
    the game as it then stood, whatever became of either since."""
    answer, kept = earlier.answer, earlier.after
    assert answer is not None and kept is not None
    hand = Hand(
        game=game,
        number=kept["number"],
        dealer=kept["dealer"],
        kind=kept["kind"],
        trump=kept["trump"] or "",
        maker=kept["maker"],
        alone=kept["alone"],
        defender_alone=kept["defender_alone"],
        maker_tricks=kept["maker_tricks"],
        award=kept["award"],
        record=kept["record"],
        verdict=answer["verdict"],
        idempotency_key=earlier.idempotency_key,
    )
    hand.created_at = datetime.datetime.fromisoformat(answer["created_at"])
    hand.updated_at = datetime.datetime.fromisoformat(answer["updated_at"])
    then = copy.copy(game)
    then.status, then.winner, then.version = answer["status"], answer["winner"], earlier.version
    standing = Standing(score=answer["score"], dealer=answer["dealer"], winner=answer["winner"])
    return HandResult(hand=hand, game=then, standing=standing, replayed=True)


def _replay(game: Game, earlier: ChangeLogEntry, digest: str) -> HandResult:
    """What a retried hand gets: the answer its key's first write got (a write logged before
    answers were kept: the hand its key recorded, if it is still there)."""
    if earlier.request_digest != digest:
        raise Unprocessable(
            _("This Idempotency-Key was used for a different hand."),
            code="idempotency-key-reused",
            field="Idempotency-Key",
        )
    if earlier.answer is not None:
        return _as_answered(game, earlier)
    hand = (
        the_row(
            game.hands.filter(number=earlier.hand_number, idempotency_key=earlier.idempotency_key)
        )
        if earlier.hand_number is not None
        else None
    )
    if hand is None:
        raise Conflict(
            _(
                "The hand this Idempotency-Key recorded was undone; it is not recorded again. "
                "Enter it anew if it was played."
            ),
            code="hand-undone",
            field="Idempotency-Key",
        )
    return HandResult(hand=hand, game=game, standing=standing_kept(game), replayed=True)


def hand_record(
    *,
    game_id: uuid.UUID,
    entry: HandEntry,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    token: str | None = None,
    hands_per_round: int | None = None,
    actor: str = "scorer",
    joined: bool = False,
) -> HandResult:
    """Record the next hand. A replayed idempotency key is answered as its first write was,
    whatever happened since (the hand undone, the game finished); a key is never spent twice.

    `token`, when given, must be the game's write token (a casual game's API; an event table's
    callers check their device first and give none). `hands_per_round` refuses a hand past a
    round's count. A new quick hand costs four statements: the game locked, the hand inserted,
    the game updated, the log inserted; no other hand is read, and the key is looked up only
    when the insert finds it spent (a retry) or the hand would be refused (a retry of a hand
    that moved the game on carries the version it was entered against).

    `joined`: the write joins the caller's transaction, with no savepoint of its own (two
    round trips a hand on PostgreSQL), and a spent key's IntegrityError goes up to the
    caller, whose transaction is then spoilt: it calls again, not joined, in a new one.
    """
    digest = entry_digest(entry)
    try:
        with transaction.atomic(savepoint=not joined):
            game = _lock(game_id)
            if token is not None:
                _check_token(game, token)
            refused = _refusal(game, expected_version, hands_per_round)
            if refused is not None:
                earlier = _spent(game, idempotency_key)
                if earlier is not None:
                    return _replay(game, earlier, digest)
                raise refused
            return _record(game, entry, idempotency_key, digest, actor)
    except IntegrityError:
        if idempotency_key is None or joined:
            raise
    # The key was spent, by this hand's first try or by a hand since undone.
    with transaction.atomic():
        game = _lock(game_id)
        earlier = _spent(game, idempotency_key)
        if earlier is None:
            raise Conflict(
                _("Another hand was recorded at this moment; read the game and retry."),
                code="hand-conflict",
                field="Idempotency-Key",
            )
        return _replay(game, earlier, digest)


def hand_replay(
    *, game_id: uuid.UUID, entry: HandEntry, idempotency_key: str | None
) -> HandResult | None:
    """The answer a hand's first write got, if its key was spent in this game (None if not):
    for a caller that refused the write before it reached `hand_record` (a table whose result
    is entered since). The caller has checked who asks."""
    game = Game.objects.filter(pk=game_id).first()
    earlier = _spent(game, idempotency_key) if game is not None else None
    if game is None or earlier is None:
        return None
    return _replay(game, earlier, entry_digest(entry))


def _spent(game: Game, idempotency_key: str | None) -> ChangeLogEntry | None:
    """The hand recorded with this key, as the log keeps it (a key is never spent twice)."""
    if idempotency_key is None:
        return None
    return the_row(game.log.filter(idempotency_key=idempotency_key))


def _refusal(
    game: Game, expected_version: int | None, hands_per_round: int | None
) -> DomainError | None:
    """Why the game takes no new hand now, if it does not."""
    if expected_version is not None and expected_version != game.version:
        return _stale(game)
    if game.status == Game.Status.FINISHED:
        return Conflict(
            _("The game is over; amend or undo a hand to change it."),
            code="game-finished",
            field="id",
        )
    if hands_per_round is not None and game.hands_dealt >= hands_per_round:
        return Conflict(
            _("Hand %(hands)s of %(hands)s was the last of this round: enter the result.")
            % {"hands": hands_per_round},
            code="round-complete",
            field="hands_per_round",
            hands_per_round=hands_per_round,
        )
    return None


def _record(
    game: Game, entry: HandEntry, idempotency_key: str | None, digest: str, actor: str
) -> HandResult:
    ruleset = ruleset_of(game)
    ruling = rule(entry, ruleset, game.dealer)
    hand = Hand(
        game=game,
        number=game.last_hand + 1,
        dealer=game.dealer,
        idempotency_key=idempotency_key,
        request_digest=digest,
    )
    _apply(hand, ruling)
    row_insert(hand)
    standing = _advance(game, ruleset, hand)
    logged = ChangeLogEntry(
        game=game,
        hand_number=hand.number,
        action=ChangeLogEntry.Action.RECORD,
        actor=actor,
        after=hand_snapshot(hand),
        version=game.version,
        idempotency_key=idempotency_key,
        request_digest=digest,
        answer=_answered(hand, game, standing) if idempotency_key is not None else None,
    )
    row_insert(logged)
    return HandResult(hand=hand, game=game, standing=standing)


def hand_amend(
    *,
    game_id: uuid.UUID,
    number: int,
    entry: HandEntry,
    reason: str,
    expected_version: int | None = None,
    token: str | None = None,
    actor: str = "scorer",
    joined: bool = False,
) -> HandResult:
    """Replace what a hand says, with a reason; allowed after the game ended. `joined`: as
    `hand_record`'s (whatever it raises spoils the caller's transaction)."""
    if not reason.strip():
        raise Malformed(_("Say why the hand is amended."), code="reason-required", field="reason")
    with transaction.atomic(savepoint=not joined):
        game, hand = _locked_hand(game_id, number, token, expected_version)
        ruleset = ruleset_of(game)
        ruling = rule(entry, ruleset, hand.dealer)
        is_last = number == game.last_hand
        redeal_changes = (ruling.kind == Hand.Kind.REDEAL) != (hand.kind == Hand.Kind.REDEAL)
        if redeal_changes and not is_last:
            raise Conflict(
                _(
                    "Making a hand a redeal, or no longer one, would change who dealt every later "
                    "hand; undo back to it instead."
                ),
                code="dealer-would-change",
                field="record",
            )
        before = hand_snapshot(hand)
        _apply(hand, ruling)
        hand.save()
        standing = _settle(game, ruleset)
        ChangeLogEntry.objects.create(
            game=game,
            hand_number=hand.number,
            action=ChangeLogEntry.Action.AMEND,
            actor=actor,
            reason=reason.strip(),
            before=before,
            after=hand_snapshot(hand),
            version=game.version,
        )
    return HandResult(hand=hand, game=game, standing=standing)


def hand_undo(
    *,
    game_id: uuid.UUID,
    number: int,
    expected_version: int | None = None,
    token: str | None = None,
    reason: str = "",
    actor: str = "scorer",
    joined: bool = False,
) -> tuple[Game, Standing]:
    """Remove the last hand; allowed after the game ended. `joined`: as `hand_record`'s
    (whatever it raises spoils the caller's transaction)."""
    with transaction.atomic(savepoint=not joined):
        game, hand = _locked_hand(game_id, number, token, expected_version)
        if number != game.last_hand:
            raise Conflict(
                _("Only the last hand can be undone."), code="not-last-hand", field="number"
            )
        before = hand_snapshot(hand)
        row_delete(hand)
        standing = _settle(game, ruleset_of(game))
        row_insert(
            ChangeLogEntry(
                game=game,
                hand_number=number,
                action=ChangeLogEntry.Action.UNDO,
                actor=actor,
                reason=reason.strip(),
                before=before,
                version=game.version,
            )
        )
    return game, standing
