"""Results: entered by the table, confirmed by the opponents (`confirmations`), corrected by
the director. A hand-by-hand table's result is the sum of its game's awards (the referee's);
a totals-only table's is what it wrote down, if the rules could have made it. Time called, a
table enters its result as it stands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import referee
from scorekeeper.backups import backup_soon
from scorekeeper.errors import Conflict, Malformed, Unprocessable
from scorekeeper.events.access import (
    Actor,
    directs,
    require_device,
    require_event_director,
)
from scorekeeper.events.formats import format_of
from scorekeeper.events.models import (
    Event,
    Result,
    ResultChange,
    ResultLine,
    Round,
    Table,
    TableSeat,
)
from scorekeeper.events.ranking.tally import HandFacts, SeatTally, no_tallies, tally_hands
from scorekeeper.events.selectors import holdings
from scorekeeper.events.services.averages import absent_partners_rescored, round_average
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.corrections import director_sets, logged_as
from scorekeeper.events.services.events import require_running
from scorekeeper.events.services.night_log import already_logged, logged, require_fresh
from scorekeeper.events.services.pins import entry_pin_checked
from scorekeeper.events.services.tables import (
    require_open,
    result_confirmed,
    table_lock,
    table_write_ends,
)
from scorekeeper.models import Hand
from scorekeeper.selectors import score_of


@dataclass(frozen=True)
class _Outcome:
    points: list[int]
    hands: int
    tallies: list[SeatTally]
    time_called: bool = False
    last_scorer: int | None = None  # the side that scored the last hand that scored
    # The side that won the game, where the round was a game played to its end: the game's
    # own rule says who won it (Bid Euchre's: a made bid or a set, not the higher score).
    game_winner: int | None = None


def _time_called(table: Table) -> None:
    if table.round.time_called_at is None:
        raise Conflict(
            _("Time has not been called for this round: play on, or ask the director."),
            code="time-not-called",
            field="time_called",
        )


def _outcome_from_game(table: Table, event: Event, time_called: bool) -> _Outcome:
    assert table.game is not None
    game = table.game
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    ruleset = referee.Ruleset.parse(game.ruleset)
    facts = [HandFacts.of(hand) for hand in hands]
    counted = sum(fact.counts for fact in facts)
    if event.round_length == Event.RoundLength.HANDS:
        wanted = event.hands_per_round or 0
        finished = counted == wanted
        unfinished = ngettext(
            "A round here is %(hands)s hand; this table has entered %(entered)s. Enter the "
            "result when time is called, as it stands.",
            "A round here is %(hands)s hands; this table has entered %(entered)s. Enter the "
            "result when time is called, as it stands.",
            wanted,
        ) % {"hands": wanted, "entered": counted}
    else:
        finished = game.winner is not None
        unfinished = _(
            "The game is not over: no team has reached %(target)s. Enter the result when time "
            "is called, as it stands."
        ) % {"target": ruleset.target}
    if not finished:
        if not time_called:
            raise Conflict(
                unfinished,
                code="round-unfinished",
                field="hands",
            )
        _time_called(table)
    whole_game = event.round_length == Event.RoundLength.GAME and finished
    return _Outcome(
        points=score_of(ruleset, (hand.award for hand in hands)),
        hands=counted,
        tallies=tally_hands(facts, ruleset.players),
        time_called=not finished,
        last_scorer=_last_scorer(ruleset, hands),
        game_winner=game.winner if whole_game else None,
    )


def last_scorer_of(table: Table) -> int | None:
    """The side that scored the table's last scoring hand (None without hands entered)."""
    if table.game_id is None or table.game is None:
        return None
    hands = list(Hand.objects.filter(game_id=table.game_id).order_by("number"))
    return _last_scorer(referee.Ruleset.parse(table.game.ruleset), hands)


def _last_scorer(ruleset: referee.Ruleset, hands: Sequence[Hand]) -> int | None:
    """The side that scored last: the side with the most points of the last hand that
    scored any (None when no hand did); where both scored alike (Bid Euchre's bid of three
    made with three tricks), the hand's makers."""
    for hand in reversed(hands):
        points = {int(side): int(n) for side, n in hand.award.get("points", {}).items() if n}
        if not points:
            continue
        most = max(points.values())
        ahead = [side for side, n in points.items() if n == most]
        if len(ahead) > 1 and hand.maker is not None:
            makers = ruleset.team_of(hand.maker)
            if makers in ahead:
                return makers
        return ahead[0]
    return None


def _outcome_from_totals(
    table: Table, event: Event, points: Sequence[int] | None, time_called: bool
) -> _Outcome:
    """Totals written down: only a score the ruleset could have made in this round."""
    if points is None or len(points) != 2:
        raise Malformed(
            _("give both sides' points, seats 0 and 2 first: [10, 7]"),
            code="points-required",
            field="points",
        )
    rules = referee.Ruleset.parse(event.ruleset)
    # Where a hand can take points away (Bid Euchre's set, a renege penalty) a total may be
    # below zero.
    least = -999 if rules.negative_scores else 0
    for side, value in enumerate(points):
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 999:
            why = (
                _("points are whole numbers from -999 to 999")
                if least
                else _("points are whole numbers from 0")
            )
            raise Malformed(why, code="bad-points", field=f"points[{side}]")
    largest = referee.largest_award(rules)
    if event.round_length == Event.RoundLength.GAME:
        reached = [value >= rules.target for value in points]
        finished = sum(reached) == 1
        if sum(reached) > 1 or not (finished or time_called):
            raise Unprocessable(
                _(
                    "A game ends when one side reaches %(target)s: exactly one side must have reached it (or time was called before either did)."
                )
                % {"target": rules.target},
                code="no-game-winner",
                field="points",
            )
        most = rules.target - 1 + largest
        why = _(
            "A game to %(target)s ends when a side reaches it: the most a hand scores here is "
            "%(largest)s, so no side ends above %(most)s."
        ) % {"target": rules.target, "largest": largest, "most": most}
    else:
        # Totals do not say how many hands were played: a table that says time stopped it
        # did not play them all (and time must have been called).
        finished = not time_called
        hands = event.hands_per_round or 0
        most = hands * largest
        why = _(
            "A round of %(hands)s hands scores at most %(largest)s a hand: no side makes more "
            "than %(most)s."
        ) % {"hands": hands, "largest": largest, "most": most}
    for side, value in enumerate(points):
        if abs(value) > most:
            raise Unprocessable(why, code="impossible-score", field=f"points[{side}]")
    both = (event.hands_per_round or 0) * referee.largest_hand(rules)
    if event.round_length == Event.RoundLength.HANDS and sum(map(abs, points)) > both:
        # The sides' totals share the round's hands: a hand scores for one side (Bid Euchre:
        # for both, a set moon at most).
        raise Unprocessable(
            _(
                "The two sides together score at most %(largest)s a hand: no more than %(most)s in %(hands)s hands."
            )
            % {
                "largest": referee.largest_hand(rules),
                "most": both,
                "hands": event.hands_per_round or 0,
            },
            code="impossible-score",
            field="points",
        )
    if time_called and not finished:
        _time_called(table)
    return _Outcome(
        points=list(points),
        hands=0,
        tallies=no_tallies(event.table_size),
        time_called=time_called and not finished,
    )


def _outcome(
    table: Table,
    event: Event,
    points: Sequence[int] | None,
    time_called: bool = False,
    *,
    by_director: bool = False,
) -> _Outcome:
    """The table's result: on a night that enters hands, the sum of the referee's awards; a
    table that entered no hand (it played on paper: a phone died) has its tally card's points
    keyed in by a director."""
    if event.entry == Event.Entry.HANDS:
        if points is None:
            return _outcome_from_game(table, event, time_called)
        played = table.game_id is not None and Hand.objects.filter(game_id=table.game_id).exists()
        if not by_director or played:
            raise Malformed(
                _(
                    "this event enters hands: the result is the sum of the referee's awards (a "
                    "director keys in a paper tally only where the table entered no hand)"
                ),
                code="points-from-hands",
                field="points",
            )
    return _outcome_from_totals(table, event, points, time_called)


def winner_of(table: Table, outcome: _Outcome) -> int | None:
    """The side that won the table: the game's winner where the round was a game played to
    its end; else as the event's format decides it (the side ahead; at a level table none,
    or the side its tie rule names)."""
    if outcome.game_winner is not None:
        return outcome.game_winner
    event = table.round.event
    return format_of(event).winner(
        event, outcome.points, last_scorer=outcome.last_scorer, table=table.pk
    )


def _seated(table: Table) -> dict[int, TableSeat]:
    return {seat.player_id: seat for seat in table.seats.all()}


def seat_of(table: Table, player_id: int, field: str) -> TableSeat:
    seat = _seated(table).get(player_id)
    if seat is None:
        raise Unprocessable(
            _("This player is not seated at this table."), code="not-at-table", field=field
        )
    return seat


def unentered_result(table: Table, now: datetime) -> Result:
    """A result for a table that never entered one, for the director to set: entered by
    nobody at the table (the director who sets it is named in `director`), now."""
    return Result(table=table, entered_by=None, entered_at=now, version=0)


def result_snapshot(result: Result | None) -> dict[str, Any] | None:
    """The result as the change log keeps it: everything its answer says but the dispute's
    words (kept as the entry's reason, where an erasure rewrites them), by ids."""
    if result is None:
        return None
    return {
        "status": result.status,
        "points": list(result.points),
        "winner": result.winner,
        "hands": result.hands,
        "entered_by": result.entered_by_id,
        "confirmed_by": result.confirmed_by_id,
        "confirmation": result.confirmation,
        "disputed_by": result.disputed_by_id,
        "time_called": result.time_called,
        "same_device": result.same_device,
        "provenance": result.provenance,
        "corrected": result.corrected,
        "director": result.director,
        "confirmed_points": result.confirmed_points,
        "version": result.version,
    }


def _write_lines(result: Result, table: Table, outcome: _Outcome) -> None:
    """Each seated player's share of the result: their side's points, and whether their side
    won (the result's winner) or neither did."""
    ResultLine.objects.filter(result=result).delete()
    rnd = table.round
    confirmed = result.status == Result.Status.CONFIRMED
    seats = list(table.seats.all())
    # A player absent from the round (no substitute) has no line: their partner, present,
    # scores the round's average as it stands, whatever their side's result.
    short = {seat.side for seat in seats if seat.absent}
    average = round_average(table) if short else None
    lines = []
    for seat in seats:
        if seat.absent:
            continue
        side = seat.side
        tally = outcome.tallies[seat.number]
        points_for, points_against = outcome.points[side], outcome.points[1 - side]
        if side in short and average is not None:
            points_for = average
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
                won=result.winner == side,
                tied=result.winner is None,
                time_called=outcome.time_called,
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
    absent_partners_rescored(table)


def result_logged(
    table: Table,
    action: str,
    actor: Actor,
    before: Result | dict[str, Any] | None,
    after: Result | None,
    reason: str = "",
    key: str | None = None,
    hand: dict[str, object] | None = None,
) -> None:
    """A change of the table's result in the event's change log: the result before and after,
    and, where it followed a director's change of a hand, that hand (`after.hand`)."""
    snapshot = result_snapshot(after)
    if snapshot is not None and hand is not None:
        snapshot["hand"] = hand
    logged(
        table.round.event_id,
        action,
        actor,
        table=table,
        reason=reason,
        before=before if isinstance(before, dict) or before is None else result_snapshot(before),
        after=snapshot,
        key=key,
    )
    if after is not None and after.status == Result.Status.CONFIRMED:
        round_done_kept(table)


def round_done_kept(table: Table) -> None:
    """Once every table of the round is confirmed, however the last one came to be (the
    opponents' phone, a director's confirmation, correction, assignment, forfeit or keyed-in
    tally), the night is backed up at once, beside the timer's backups: no phone holds a
    director's act to send again."""
    if not table.round.tables.exclude(result__status=Result.Status.CONFIRMED).exists():
        backup_soon(label=f"round-{table.round.number}-done", holdings=holdings)


def _check_winner(table: Table, outcome: _Outcome) -> None:
    """Where the format needs a winner at every table (a knockout), a level game is no
    result: when time was called, the table plays one more hand."""
    if not format_of(table.round.event).winner_required or winner_of(table, outcome) is not None:
        return
    if outcome.time_called:
        raise Conflict(
            _(
                "Level when time was called: in a bracket the table plays one more hand, then "
                "enters the result."
            ),
            code="level-at-time",
            field="points",
        )
    raise Unprocessable(_("A bracket game needs a winner."), code="no-game-winner", field="points")


def winner_stands(
    table: Table, result: Result | None, outcome: _Outcome, field: str = "points"
) -> None:
    """Where the next round is seated from the winners (a knockout's bracket, a party's
    moving up), a table's winner stands once a later round is seated. Its score may still be
    corrected. A refusal names `field`, the request's field that would change the winner."""
    event = table.round.event
    rules = format_of(event)
    if not rules.winner_stands or result is None:
        return
    if result.winner == winner_of(table, outcome):
        return
    if Round.objects.filter(event=event, number__gt=table.round.number).exists():
        message, code = rules.moved_on_refusal
        raise Conflict(str(message), code=code, field=field)


def _same_entry(
    result: Result, entered_by: int, points: Sequence[int] | None, time_called: bool, device: int
) -> bool:
    """The entry already stands as sent, from the same phone: a retry whose answer was lost."""
    return (
        result.status != Result.Status.DISPUTED
        and result.entered_device_id == device
        and result.entered_by_id == entered_by
        and (points is None or list(points) == list(result.points))
        and result.time_called == time_called
    )


def result_enter(
    *,
    table: Table,
    actor: Actor,
    entered_by: int,
    points: Sequence[int] | None = None,
    time_called: bool = False,
    pin: str | None = None,
    key: str | None = None,
) -> Result:
    """The table enters its result (`time_called`: as it stands when the director called
    time). From the scoring phone it waits for the opponents' confirmation (under `pin`, the
    entering player's PIN proves who entered it); entered by a director it stands confirmed.
    Sent again as it stands, or with the Idempotency-Key (`key`) it was first sent with, it
    changes nothing (the event's versions stay). A director enters a result only where the
    table has none (a result that stands is confirmed, or corrected with a reason)."""
    event = table.round.event
    if event.confirm_with == Event.ConfirmWith.PIN and not directs(actor, event.club):
        # (who may enter, and for whom, before a wrong PIN is counted against the table)
        require_device(actor, table, scorer=True)
        seat_of(table, entered_by, "entered_by")
        replayed = already_logged(table, ResultChange.Action.ENTER, key)
        entry_pin_checked(table, entered_by, pin, replayed=replayed)  # (a wrong one counts)
    with transaction.atomic():
        table = table_lock(table)
        event = table.round.event
        require_open(event, actor=actor)
        by_director = directs(actor, table.round.event.club)
        device = None if by_director else require_device(actor, table, scorer=True)
        seat_of(table, entered_by, "entered_by")
        result = Result.objects.filter(table=table).first()
        if result is not None and (
            already_logged(table, ResultChange.Action.ENTER, key)
            or (
                device is not None
                and _same_entry(result, entered_by, points, time_called, device.pk)
            )
        ):
            return result
        if result is not None and by_director:
            raise Conflict(
                _("The table has a result: confirm it, or correct it saying why."),
                code="result-stands",
                field="result",
            )
        if result is not None and result.status == Result.Status.CONFIRMED:
            raise result_confirmed()
        if result is not None and result.status == Result.Status.ENTERED:
            raise Conflict(
                _(
                    "The result is entered and waits for the opponents; dispute it to enter it again."
                ),
                code="result-entered",
                field="result",
            )
        outcome = _outcome(table, event, points, time_called, by_director=by_director)
        _check_winner(table, outcome)
        before = result_snapshot(result)
        now = timezone.now()
        if result is None:
            result = Result(table=table)
        result.status = Result.Status.CONFIRMED if by_director else Result.Status.ENTERED
        result.points = outcome.points
        result.winner = winner_of(table, outcome)
        result.hands = outcome.hands
        result.time_called = outcome.time_called
        # (A director's entry is the director's, named in `director`: no player entered it.)
        result.entered_by_id = None if by_director else entered_by
        result.entered_at = now
        result.entered_device = device
        result.confirmed_by = None
        result.confirmed_device = None
        result.same_device = False
        result.by_pin = False
        result.confirmed_at = now if by_director else None
        result.disputed_by = None
        result.dispute_reason = ""
        result.assigned = None
        # Entered afresh: nothing of an earlier correction stands.
        result.corrected = False
        result.confirmed_points = None
        result.kept_confirmation = None
        result.director = actor.name if by_director else ""
        result.version = (result.version + 1) if result.pk else 1
        result.save()
        _write_lines(result, table, outcome)
        result_logged(table, ResultChange.Action.ENTER, actor, before, result, key=key)
        table_write_ends(event.pk)
    return result


def result_rederive(
    table: Table, actor: Actor, reason: str, *, hand: dict[str, object] | None = None
) -> Result:
    """After a director's hand correction (`hand`: which, as the change log names it): the
    result follows the corrected hands (as it stands, if it was entered when time was called).
    The caller moves the event's versions, the standings' too."""
    result = Result.objects.filter(table=table).first()
    time_called = bool(result and result.time_called)
    return _correct(table, actor, reason, None, time_called=time_called, saved=False, hand=hand)


def _correct(
    table: Table,
    actor: Actor,
    reason: str,
    points: Sequence[int] | None,
    *,
    time_called: bool = False,
    saved: bool = True,
    hand: dict[str, object] | None = None,
) -> Result:
    """The director sets the table's result (`saved`: by saving it themselves; else it
    follows a hand they corrected, `hand`)."""
    event = table.round.event
    result = Result.objects.filter(table=table).first()
    outcome = _outcome(table, event, points, time_called, by_director=True)
    _check_winner(table, outcome)
    winner_stands(table, result, outcome)
    before = result_snapshot(result)
    now = timezone.now()
    result = result or unentered_result(table, now)
    done = director_sets(result, table, actor, outcome, winner_of(table, outcome), now, saved=saved)
    result.version += 1
    result.save()
    _write_lines(result, table, outcome)
    action = logged_as(done, keyed_in=before is None, saved=saved)
    if action is not None:
        result_logged(table, action, actor, before, result, reason, hand=hand)
    return result


def result_correct(
    *,
    table: Table,
    actor: Actor,
    reason: str,
    points: Sequence[int] | None = None,
    time_called: bool | None = None,
    expected_version: int | None = None,
) -> Result:
    """The director corrects a table's result, saying why. Hand-by-hand tables are corrected
    hand by hand (the result follows); this re-reads their game. Totals-only tables get the
    given points. The result then stands confirmed, and the change log keeps before and after.
    Whether the result is as it stood when time was called stays as it was unless given."""
    if not reason.strip():
        raise Malformed(
            _("Say why the result is corrected."), code="reason-required", field="reason"
        )
    with transaction.atomic():
        table = table_lock(table, with_event=True)  # (its version is checked)
        require_event_director(actor, table.round.event, table=True)
        require_running(table.round.event)
        require_fresh(table.round.event, expected_version, table)
        if time_called is None:
            time_called = bool(
                Result.objects.filter(table=table).values_list("time_called", flat=True).first()
            )
        corrected = _correct(table, actor, reason, points, time_called=time_called)
        event_changed(table.round.event_id)
    return corrected
