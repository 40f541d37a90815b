"""Results: entered by the table, confirmed by the opponents, corrected by the director.

Points come from the referee: a hand-by-hand table's result is the sum of its game's awards;
a totals-only table's result is what the table wrote down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

import referee
from scorekeeper.errors import Conflict, Malformed, Unprocessable
from scorekeeper.events.access import (
    Actor,
    directs,
    require_device,
    require_director,
)
from scorekeeper.events.models import (
    Event,
    Result,
    ResultChange,
    ResultLine,
    Table,
    TableSeat,
)
from scorekeeper.events.selectors import result_of
from scorekeeper.events.services.events import require_running
from scorekeeper.events.services.tables import table_locked
from scorekeeper.events.tally import HandFacts, SeatTally, tally_hands
from scorekeeper.models import Hand
from scorekeeper.selectors import score_of


@dataclass(frozen=True)
class _Outcome:
    points: list[int]
    hands: int
    tallies: list[SeatTally]


def _outcome_from_game(table: Table, event: Event) -> _Outcome:
    assert table.game is not None
    game = table.game
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    ruleset = referee.Ruleset.parse(game.ruleset)
    facts = [HandFacts.of(hand) for hand in hands]
    counted = sum(fact.counts for fact in facts)
    if event.round_length == Event.RoundLength.HANDS:
        wanted = event.hands_per_round or 0
        if counted != wanted:
            raise Conflict(
                f"A round here is {wanted} hands; this table has entered {counted}.",
                code="round-unfinished",
                field="hands",
            )
    elif game.winner is None:
        raise Conflict(
            f"The game is not over: no team has reached {ruleset.target}.",
            code="round-unfinished",
            field="hands",
        )
    return _Outcome(
        points=score_of(ruleset, (hand.award for hand in hands)),
        hands=counted,
        tallies=tally_hands(facts),
    )


def _outcome_from_totals(event: Event, points: Sequence[int] | None) -> _Outcome:
    if points is None or len(points) != 2:
        raise Malformed(
            "give both sides' points, seats 0 and 2 first: [10, 7]",
            code="points-required",
            field="points",
        )
    for side, value in enumerate(points):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
            raise Malformed(
                "points are whole numbers from 0", code="bad-points", field=f"points[{side}]"
            )
    rules = referee.Ruleset.parse(event.ruleset)
    if event.round_length == Event.RoundLength.GAME:
        reached = [value >= rules.target for value in points]
        if sum(reached) != 1:
            raise Unprocessable(
                f"A game ends when one side reaches {rules.target}: exactly one side must "
                "have reached it.",
                code="no-game-winner",
                field="points",
            )
    return _Outcome(points=list(points), hands=0, tallies=[SeatTally() for _ in range(4)])


def _outcome(table: Table, event: Event, points: Sequence[int] | None) -> _Outcome:
    if event.entry == Event.Entry.HANDS:
        if points is not None:
            raise Malformed(
                "this event enters hands: the result is the sum of the referee's awards",
                code="points-from-hands",
                field="points",
            )
        return _outcome_from_game(table, event)
    return _outcome_from_totals(event, points)


def _winner(points: Sequence[int]) -> int | None:
    if points[0] == points[1]:
        return None
    return 0 if points[0] > points[1] else 1


def _seated(table: Table) -> dict[int, TableSeat]:
    return {seat.player_id: seat for seat in table.seats.all()}


def _seat_of(table: Table, player_id: int, field: str) -> TableSeat:
    seat = _seated(table).get(player_id)
    if seat is None:
        raise Unprocessable(
            "This player is not seated at this table.", code="not-at-table", field=field
        )
    return seat


def result_snapshot(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "status": result.status,
        "points": list(result.points),
        "winner": result.winner,
        "hands": result.hands,
        "entered_by": result.entered_by_id,
        "confirmed_by": result.confirmed_by_id,
        "version": result.version,
    }


def _write_lines(result: Result, table: Table, outcome: _Outcome) -> None:
    ResultLine.objects.filter(result=result).delete()
    rnd = table.round
    confirmed = result.status == Result.Status.CONFIRMED
    lines = []
    for seat in table.seats.all():
        side = seat.side
        tally = outcome.tallies[seat.number]
        points_for, points_against = outcome.points[side], outcome.points[1 - side]
        team_id = (table.first_team_id, table.second_team_id)[side]
        lines.append(
            ResultLine(
                result=result,
                event_id=rnd.event_id,
                round_number=rnd.number,
                table_number=table.number,
                player_id=seat.player_id,
                team_id=team_id,
                side=side,
                confirmed=confirmed,
                points_for=points_for,
                points_against=points_against,
                won=points_for > points_against,
                tied=points_for == points_against,
                hands=tally.hands,
                made=tally.made,
                marched=tally.marched,
                euchred=tally.euchred,
                euchres=tally.euchres,
                loners_tried=tally.loners_tried,
                loners_made=tally.loners_made,
            )
        )
    ResultLine.objects.bulk_create(lines)


def _log(
    table: Table,
    action: str,
    actor: Actor,
    before: Result | dict[str, Any] | None,
    after: Result | None,
    reason: str = "",
) -> None:
    ResultChange.objects.create(
        event_id=table.round.event_id,
        table=table,
        action=action,
        actor=actor.label,
        reason=reason.strip(),
        before=before if isinstance(before, dict) or before is None else result_snapshot(before),
        after=result_snapshot(after),
    )


def _check_bracket(event: Event, outcome: _Outcome) -> None:
    if event.format == Event.Format.BRACKET and _winner(outcome.points) is None:
        raise Unprocessable("A bracket game needs a winner.", code="no-game-winner", field="points")


def result_enter(
    *, table: Table, actor: Actor, entered_by: int, points: Sequence[int] | None = None
) -> Result:
    """The table enters its result. From the scoring device it waits for the opponents'
    confirmation; entered by a director it stands confirmed."""
    with transaction.atomic():
        table = table_locked(table)
        event = table.round.event
        require_running(event)
        by_director = directs(actor, table.round.event.club)
        if not by_director:
            require_device(actor, table, scorer=True)
        _seat_of(table, entered_by, "entered_by")
        result = Result.objects.filter(table=table).first()
        if result is not None and result.status == Result.Status.CONFIRMED:
            raise Conflict(
                "The result is confirmed; only the director can correct it.",
                code="result-confirmed",
                field="result",
            )
        if result is not None and result.status == Result.Status.ENTERED and not by_director:
            raise Conflict(
                "The result is entered and waits for the opponents; dispute it to enter it again.",
                code="result-entered",
                field="result",
            )
        outcome = _outcome(table, event, points)
        _check_bracket(event, outcome)
        before = result_snapshot(result)
        now = timezone.now()
        if result is None:
            result = Result(table=table)
        result.status = Result.Status.CONFIRMED if by_director else Result.Status.ENTERED
        result.points = outcome.points
        result.winner = _winner(outcome.points)
        result.hands = outcome.hands
        result.entered_by_id = entered_by
        result.entered_at = now
        result.confirmed_by = None
        result.confirmed_at = now if by_director else None
        result.version = (result.version + 1) if result.pk else 1
        result.save()
        _write_lines(result, table, outcome)
        _log(table, ResultChange.Action.ENTER, actor, before, result)
    return result


def _entered(table: Table, actor: Actor, doing: str) -> tuple[Table, Result]:
    """The locked table and its result, which must be entered and wait for the opponents;
    any device of the table may answer it (inside the caller's transaction)."""
    table = table_locked(table)
    require_running(table.round.event)
    require_device(actor, table, scorer=False)
    result = result_of(table=table)
    if result.status != Result.Status.ENTERED:
        raise Conflict(
            f"The result is {result.status}; only an entered result can be {doing}.",
            code=f"result-{result.status}",
            field="result",
        )
    return table, result


def result_confirm(*, table: Table, actor: Actor, confirmed_by: int) -> Result:
    """A player of the other side confirms, on the table's device or their own."""
    with transaction.atomic():
        table, result = _entered(table, actor, "confirmed")
        confirmer = _seat_of(table, confirmed_by, "confirmed_by")
        enterer = _seat_of(table, result.entered_by_id, "entered_by")
        if confirmer.side == enterer.side:
            raise Unprocessable(
                "The opponents of whoever entered the result confirm it.",
                code="same-side",
                field="confirmed_by",
            )
        before = result_snapshot(result)
        result.status = Result.Status.CONFIRMED
        result.confirmed_by_id = confirmed_by
        result.confirmed_at = timezone.now()
        result.version += 1
        result.save()
        ResultLine.objects.filter(result=result).update(confirmed=True)
        _log(table, ResultChange.Action.CONFIRM, actor, before, result)
    return result


def result_dispute(*, table: Table, actor: Actor, player: int, reason: str) -> Result:
    """A player at the table says the entered result is wrong; the table enters it again."""
    if not reason.strip():
        raise Malformed("Say what is wrong.", code="reason-required", field="reason")
    with transaction.atomic():
        table, result = _entered(table, actor, "disputed")
        _seat_of(table, player, "player")
        before = result_snapshot(result)
        result.status = Result.Status.DISPUTED
        result.version += 1
        result.save()
        ResultLine.objects.filter(result=result).update(confirmed=False)
        _log(table, ResultChange.Action.DISPUTE, actor, before, result, reason)
    return result


def result_rederive(table: Table, actor: Actor, reason: str) -> Result:
    """After a director's hand correction: the result follows the corrected hands."""
    return _correct(table, actor, reason, None)


def _correct(table: Table, actor: Actor, reason: str, points: Sequence[int] | None) -> Result:
    event = table.round.event
    result = Result.objects.filter(table=table).first()
    outcome = _outcome(table, event, points)
    _check_bracket(event, outcome)
    before = result_snapshot(result)
    now = timezone.now()
    if result is None:
        seat = table.seats.order_by("number").first()
        assert seat is not None
        result = Result(table=table, entered_by_id=seat.player_id, entered_at=now, version=0)
    result.points = outcome.points
    result.winner = _winner(outcome.points)
    result.hands = outcome.hands
    result.status = Result.Status.CONFIRMED
    result.confirmed_at = result.confirmed_at or now
    result.corrected = True
    result.version += 1
    result.save()
    _write_lines(result, table, outcome)
    _log(table, ResultChange.Action.CORRECT, actor, before, result, reason)
    return result


def result_correct(
    *, table: Table, actor: Actor, reason: str, points: Sequence[int] | None = None
) -> Result:
    """The director corrects a table's result, saying why. Hand-by-hand tables are corrected
    hand by hand (the result follows); this re-reads their game. Totals-only tables get the
    given points. The result then stands confirmed, and the change log keeps before and after."""
    if not reason.strip():
        raise Malformed("Say why the result is corrected.", code="reason-required", field="reason")
    with transaction.atomic():
        table = table_locked(table)
        require_director(actor, table.round.event.club)
        return _correct(table, actor, reason, points)
