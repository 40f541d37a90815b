"""The director's remedies for a table that could not play as seated: an assigned result, a
forfeit, a substitute for one round, a team withdrawn; and the cut that decides a level table
where the event's format moves its winners (a party).

Assigned results are what bridge directors give (the laws' "artificial adjusted scores"):
*average* for a side not at fault, *average-plus* when the other side was, *average-minus* for
the side at fault, or a fixed number of points. Here the average is the round's: the mean
points a side scored at the other tables of the round that played (the whole night's when no
other table of the round has a played result); average-plus is 120% of it and average-minus
80%, as bridge's 60% and 40% are of its 50%. A forfeit gives the side that did not forfeit a
win (a game's target, or the round's average in a round of hands, at least 1 point) and the
forfeiting side nothing. Every remedy says why, and the change log keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import referee
from scorekeeper.errors import Conflict, Malformed, NotFound, Unprocessable
from scorekeeper.events.access import Actor, require_event_director
from scorekeeper.events.formats import format_of
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTeam,
    Result,
    ResultChange,
    ResultLine,
    SitOut,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.ranking.standings import half_up
from scorekeeper.events.ranking.tally import no_tallies
from scorekeeper.events.services.averages import round_average, round_mean
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.corrections import confirmed_kept, nobody_confirmed
from scorekeeper.events.services.events import event_locked, require_running, require_teams
from scorekeeper.events.services.night_log import logged, require_fresh
from scorekeeper.events.services.repairs import game_follows_seats, game_moved
from scorekeeper.events.services.results import (
    _Outcome,
    _write_lines,
    last_scorer_of,
    result_snapshot,
    round_done_kept,
    unentered_result,
    winner_of,
    winner_stands,
)
from scorekeeper.events.services.roster import (
    PlayerRef,
    kept_confirmations_renumbered,
    roster_match,
)
from scorekeeper.events.services.tables import table_locked

#: What a side may be assigned, and its share of the round's average (bridge's 50/60/40%).
AWARDS: Final = {"average": (1, 1), "average-plus": (6, 5), "average-minus": (4, 5)}


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Malformed(_("Say why."), code="reason-required", field="reason")
    return reason.strip()


def _log(
    event_id: int,
    table: Table | None,
    action: str,
    actor: Actor,
    reason: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    logged(event_id, action, actor, table=table, reason=reason, before=before, after=after)


def _side_points(award: object, mean: Fraction | None, field: str) -> int:
    """A side's points: as given, or the round's mean moved up a fifth of its size for
    average-plus and down for average-minus (120% and 80% of a mean above zero; below zero,
    under an auction, plus still scores more), worked out unrounded (a mean of 1.5 gives
    average-minus 1 and average-plus 2) and rounded half up."""
    if isinstance(award, int) and not isinstance(award, bool):
        if not 0 <= award <= 999:
            raise Malformed(_("points are whole numbers from 0"), code="bad-points", field=field)
        return award
    if not isinstance(award, str) or award not in AWARDS:
        raise Malformed(
            _("average, average-plus, average-minus, or a number of points"),
            code="bad-award",
            field=field,
        )
    assert mean is not None
    times, over = AWARDS[award]
    return half_up(mean + abs(mean) * (times - over) / over)


def _check_winner(event: Event, points: Sequence[int], field: str) -> None:
    if format_of(event).winner_required and points[0] == points[1]:
        raise Unprocessable(
            _("A bracket game needs a winner: assign the sides different points."),
            code="no-game-winner",
            field=field,
        )


def _stand(
    table: Table,
    actor: Actor,
    points: list[int],
    assigned: dict[str, Any],
    reason: str,
    field: str,
) -> tuple[Result, dict[str, Any] | None]:
    """The table's result becomes the assigned one, confirmed; its lines follow (a bracket
    game's winner stays once a later round is seated, as for a correction: a refusal names
    `field`, what the request gave)."""
    result = Result.objects.filter(table=table).first()
    outcome = _Outcome(points=points, hands=0, tallies=no_tallies(table.round.event.table_size))
    winner_stands(table, result, outcome, field)
    before = result_snapshot(result)
    now = timezone.now()
    if result is not None and list(result.points) != points:
        confirmed_kept(result)  # (the pages say what the opponents had confirmed)
    result = result or unentered_result(table, now)
    result.entered_by = None  # (the director's result: nobody at the table entered it)
    result.entered_device = None
    result.status = Result.Status.CONFIRMED
    result.points = points
    result.winner = winner_of(table, outcome)
    result.hands = 0
    result.time_called = False
    result.confirmed_at = now
    nobody_confirmed(result)
    result.assigned = assigned
    result.corrected = False
    result.director = actor.name
    result.version += 1
    result.save()
    _write_lines(result, table, outcome)
    game_moved(table)
    round_done_kept(table)
    return result, before


def _snapshot(result: Result) -> dict[str, Any]:
    return {**(result_snapshot(result) or {}), "assigned": result.assigned}


def result_assign(
    *,
    table: Table,
    actor: Actor,
    sides: Sequence[object],
    reason: str,
    expected_version: int | None = None,
) -> Result:
    """The director assigns a table that could not play a result, side by side (seats 0 and 2
    first): "average", "average-plus", "average-minus" or a number of points. It stands
    confirmed; the hands entered stay, and a later hand correction re-derives the result."""
    reason = _reason(reason)
    if len(sides) != 2:
        raise Malformed(
            _("give both sides' awards, seats 0 and 2 first"), code="bad-award", field="sides"
        )
    with transaction.atomic():
        table = table_locked(table)
        event = table.round.event
        require_event_director(actor, event)
        require_running(event)
        require_fresh(event, expected_version, table)
        needs_average = any(not isinstance(award, int) for award in sides)
        mean = round_mean(table) if needs_average else None
        if needs_average and mean is None:
            raise Conflict(
                _("No table has played a result yet: there is no average to assign. Give points."),
                code="no-average",
                field="sides",
            )
        points = [_side_points(award, mean, f"sides[{i}]") for i, award in enumerate(sides)]
        _check_winner(event, points, "sides")
        assigned = {"sides": list(sides), "average": None if mean is None else half_up(mean)}
        result, before = _stand(table, actor, points, assigned, reason, "sides")
        _log(event.pk, table, ResultChange.Action.ASSIGN, actor, reason, before, _snapshot(result))
    return result


def _forfeit_points(table: Table, event: Event) -> int:
    """A game's target; in a round of hands the round's average, at least a point (a point
    when no table has played yet: a forfeit needs no average to stand)."""
    if event.round_length == Event.RoundLength.GAME:
        return int(referee.Ruleset.parse(event.ruleset).target)
    return max(1, round_average(table) or 1)


def _forfeit(table: Table, actor: Actor, forfeited_by: int, reason: str) -> Result:
    event = table.round.event
    points = [0, 0]
    points[1 - forfeited_by] = _forfeit_points(table, event)
    forfeit = {"forfeit": forfeited_by}
    result, before = _stand(table, actor, points, forfeit, reason, "forfeited_by")
    _log(event.pk, table, ResultChange.Action.FORFEIT, actor, reason, before, _snapshot(result))
    return result


def result_forfeit(
    *,
    table: Table,
    actor: Actor,
    forfeited_by: int,
    reason: str,
    expected_version: int | None = None,
) -> Result:
    """A side forfeits the table (seats 0 and 2 are side 0): the other side wins."""
    reason = _reason(reason)
    if forfeited_by not in (0, 1):
        raise Malformed(_("a side is 0 or 1"), code="bad-side", field="forfeited_by")
    with transaction.atomic():
        table = table_locked(table)
        require_event_director(actor, table.round.event, table=True)
        require_running(table.round.event)
        require_fresh(table.round.event, expected_version, table)
        return _forfeit(table, actor, forfeited_by, reason)


def _seat_change(
    table: Table, actor: Actor, seat: int, expected_version: int | None
) -> tuple[Table, Event]:
    """A director changes who plays a seat of the table (locked), read as it stands."""
    table = table_locked(table)
    event = table.round.event
    if seat not in range(event.table_size):
        raise Malformed(
            _("a seat is 0 to %(last)s") % {"last": event.table_size - 1},
            code="bad-seat",
            field="seat",
        )
    require_event_director(actor, event)
    require_running(event)
    require_fresh(event, expected_version, table)
    return table, event


def seat_substitute(
    *,
    table: Table,
    actor: Actor,
    seat: int,
    substitute: PlayerRef,
    reason: str,
    expected_version: int | None = None,
) -> TableSeat:
    """A substitute plays one round in a seat, for a player who cannot: the club's player
    named (or a new guest). The table's game names them; the round's result is theirs, as
    is the team's in a team event. The seat's first player keeps every other round."""
    reason = _reason(reason)
    with transaction.atomic():
        table, event = _seat_change(table, actor, seat, expected_version)
        place = TableSeat.objects.select_for_update().get(table=table, number=seat)
        found = roster_match(club=event.club, ref=substitute).player
        busy = TableSeat.objects.filter(table__round=table.round, player=found).exclude(pk=place.pk)
        if busy.exists():
            raise Conflict(
                _("%(player)s is already seated this round.") % {"player": found.shown},
                code="already-seated",
                field="player",
            )
        before = {"seat": seat, "player": place.player_id, "name": place.player.shown}
        absent = place.player_id
        # Who sat out this round plays it instead: no bye's credit as well.
        SitOut.objects.filter(round=table.round, player=found).delete()
        place.substitute_for_id = place.substitute_for_id or absent
        if place.substitute_for_id == found.pk:  # the seat's own player is back
            place.substitute_for_id = None
        place.player = found
        place.absent = False  # the substitute plays the seat out
        place.save(update_fields=["player", "substitute_for", "absent"])
        game_follows_seats(table)
        ResultLine.objects.filter(result__table=table, player_id=absent).update(player=found)
        # (as is the result's own word of who entered, confirmed or disputed it for the seat,
        # the confirmation it keeps through a correction, and the phone that confirms for it)
        results = Result.objects.filter(table=table)
        for named in ("entered_by", "confirmed_by", "disputed_by"):
            results.filter(**{named: absent}).update(**{named: found})
        kept_confirmations_renumbered(results, absent, found.pk)
        TableToken.objects.filter(table=table, player_id=absent).update(player=found)
        after = {"seat": seat, "player": found.pk, "name": found.shown}
        _log(event.pk, table, ResultChange.Action.SUBSTITUTE, actor, reason, before, after)
    return place


def _game_won(event: Event, table: Table, result: Result) -> bool:
    """The round was a game, played to its end with a winner even at a level score (Bid
    Euchre's: a made bid or a set ends it, not the points)."""
    game = table.game if table.game_id is not None else None
    return (
        event.round_length == Event.RoundLength.GAME
        and not result.time_called
        and game is not None
        and game.winner is not None
    )


def seat_absent(
    *,
    table: Table,
    actor: Actor,
    seat: int,
    reason: str,
    expected_version: int | None = None,
) -> TableSeat:
    """A seat's player is absent for the round (a no-show, or gone mid-round) and nobody
    plays it for them, at an event of individuals, before the table has a result: the
    table's result is then the director's to set (assigned, or forfeited), the present
    partner scores the round's average, and the absent player gets the event's absent
    credit (a sit-out's, or nothing) instead of a line."""
    reason = _reason(reason)
    with transaction.atomic():
        table, event = _seat_change(table, actor, seat, expected_version)
        if event.is_teams:
            raise Conflict(
                _("A team event's remedies are by side: assign or forfeit the table."),
                code="teams-event",
                field="seat",
            )
        if Result.objects.filter(table=table).exists():
            raise Conflict(
                _("The table has a result: correct it, then record the absence."),
                code="result-entered",
                field="seat",
            )
        place = TableSeat.objects.select_for_update().get(table=table, number=seat)
        if place.absent:
            return place
        place.absent = True
        place.save(update_fields=["absent"])
        who = {"seat": seat, "player": place.player_id, "name": place.player.shown}
        _log(
            event.pk,
            table,
            ResultChange.Action.ABSENT,
            actor,
            reason,
            {**who, "absent": False},
            {**who, "absent": True},
        )
        event_changed(event.pk)
    return place


def team_withdraw(
    *, event: Event, actor: Actor, team_id: int, reason: str, expected_version: int | None = None
) -> EventTeam:
    """A team withdraws from a round robin or a bracket: it is seated no more (its later
    opponents sit out with a bye's credit), and its table of the round in play without a
    confirmed result is forfeited. Its results so far stay."""
    reason = _reason(reason)
    require_event_director(actor, event)
    require_running(event)
    require_teams(event, _("A progressive event has no teams: a player leaves instead."))
    with transaction.atomic():
        require_fresh(event, expected_version)
        team = (
            EventTeam.objects.select_for_update(of=("self",))
            .filter(event=event, pk=team_id)
            .order_by()
            .first()
        )
        if team is None:
            raise NotFound(
                _("This event has no team with this id."), code="no-such-team", field="team"
            )
        if not team.active:
            return team
        team.active = False
        team.save(update_fields=["active"])
        Entrant.objects.filter(event=event, team=team).update(active=False)
        before = {"team": team.pk, "name": team.name, "active": True}
        after = {**before, "active": False}
        _log(event.pk, None, ResultChange.Action.WITHDRAW, actor, reason, before, after)
        latest = event.rounds.order_by("-number").first()
        playing = (
            Table.objects.filter(round=latest)
            .filter(Q(first_team=team) | Q(second_team=team))
            .exclude(result__status=Result.Status.CONFIRMED)
            .first()
        )
        if playing is not None:
            playing = table_locked(playing)
            _forfeit(playing, actor, 0 if playing.first_team_id == team.pk else 1, reason)
        event_changed(event.pk)
    return team


def result_cut(
    *,
    table: Table,
    actor: Actor,
    winner: int,
    reason: str = "",
    expected_version: int | None = None,
) -> Result:
    """A level table whose format decides it by the director's draw (a party's cut): the
    side that won the cut wins the table (and moves, as winners do). A draw entered again
    replaces the first, until the next round is seated from it; the change log keeps each."""
    if winner not in (0, 1):
        raise Malformed(_("a side is 0 or 1"), code="bad-side", field="winner")
    with transaction.atomic():
        table = table_locked(table)
        event = event_locked(table.round.event_id)
        require_event_director(actor, event)
        require_running(event)
        require_fresh(event, expected_version, table)
        kind = format_of(event)
        result = Result.objects.filter(table=table).first()
        if not kind.cuts:
            raise Conflict(
                _("This event's format breaks no level table by a cut."),
                code="no-cuts",
                field="winner",
            )
        if result is None or result.points[0] != result.points[1]:
            raise Conflict(
                _("Only a level table's result is decided by a cut."),
                code="not-level",
                field="winner",
            )
        if event.rounds.filter(number__gt=table.round.number).exists():
            # The next round was seated from this cut (who moved up): a new draw would make
            # winners of those seated as losers.
            raise Conflict(
                _("The next round is seated from this cut: undo that round to draw again."),
                code="cut-moved-on",
                field="winner",
            )
        if _game_won(event, table, result):
            raise Conflict(
                _("This table's game was won: a cut decides only a level table with no winner."),
                code="tie-decided",
                field="winner",
            )
        last = last_scorer_of(table)
        # Without this table's cut, what its rule says alone.
        event.plan = kind.plan_with_cut(event, table.pk, None)
        if kind.winner(event, result.points, last_scorer=last, table=table.pk) is not None:
            raise Conflict(
                _("This level table is decided by the side that scored last."),
                code="tie-decided",
                field="winner",
            )
        event.plan = kind.plan_with_cut(event, table.pk, winner)
        event.save(update_fields=["plan", "updated_at"])
        before = _snapshot(result)
        result.winner = winner
        result.version += 1
        result.save(update_fields=["winner", "version"])
        for side in (0, 1):
            ResultLine.objects.filter(result=result, side=side).update(
                won=side == winner, tied=False
            )
        _log(
            event.pk,
            table,
            ResultChange.Action.CUT,
            actor,
            reason.strip(),
            before,
            # Who won it, by id (the log's names are looked up as it is read): two cuts of the
            # same level table read apart.
            {**_snapshot(result), "won_by": _side_of(table, winner)},
        )
        event_changed(event.pk)
    return result


def _side_of(table: Table, side: int) -> list[int]:
    """The players seated on a side of the table, seat by seat."""
    seats = TableSeat.objects.filter(table=table, side=side).order_by("number")
    return list(seats.values_list("player_id", flat=True))
