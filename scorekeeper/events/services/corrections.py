"""A director sets a table's result (`results.result_correct`, and a hand correction's
re-derived result): confirmed by the director when nothing changed, or corrected by the
director, keeping what the opponents had confirmed (and their confirmation, which stands
again if the director goes back to those points); where the event asks it, the opponents
confirm a correction again (docs/tournaments.md, "Who did what").
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final, Literal, Protocol

from scorekeeper.events.access import Actor
from scorekeeper.events.models import Event, Result, ResultChange, Round, Table, TableToken
from scorekeeper.models import Player


class Outcome(Protocol):
    """What the table's result becomes (`results._Outcome`)."""

    @property
    def points(self) -> Sequence[int]: ...
    @property
    def hands(self) -> int: ...
    @property
    def time_called(self) -> bool: ...


#: What `director_sets` did: nothing (the table's confirmation stands), confirmed the result
#: as it stood, or changed it.
Done = Literal["unchanged", "confirmed", "corrected"]
UNCHANGED: Final[Done] = "unchanged"
CONFIRMED: Final[Done] = "confirmed"
CORRECTED: Final[Done] = "corrected"


def director_sets(
    result: Result,
    table: Table,
    actor: Actor,
    outcome: Outcome,
    winner: int | None,
    now: datetime,
    *,
    saved: bool = True,
) -> Done:
    """The director sets the table's result to ``outcome`` (docs/tournaments.md, "Who did
    what"). Nothing changed: a result waiting for the opponents is confirmed by the director
    (CONFIRMED), one the table confirmed stays as it is (UNCHANGED). Changed (CORRECTED): the
    result is corrected by the director, keeping what the table had confirmed
    (`confirmed_points`) while its confirmation no longer names anyone (nobody at the table
    confirmed the new points); where the event asks the opponents to confirm a correction
    again (`reconfirm`), it waits for them while their phones can still answer (its round the
    latest, the night open), unless the director `saved` it again unchanged. What was done:
    the change log's entry follows it."""
    changed = result.pk is None or (
        list(result.points) != list(outcome.points)
        or result.winner != winner
        or result.time_called != outcome.time_called
    )
    table_confirmed = _table_confirmed(result)
    if changed:
        confirmed_kept(result)
    result.points = outcome.points
    result.winner = winner
    result.hands = outcome.hands
    result.time_called = outcome.time_called
    result.assigned = None
    if not changed and table_confirmed:
        return UNCHANGED
    done = CORRECTED if changed else CONFIRMED
    result.director = actor.name
    if changed and result.pk is not None:
        # Back at what the table confirmed: nothing is corrected any more.
        back = result.confirmed_points is not None and result.confirmed_points == outcome.points
        result.corrected = not back
        if back:
            result.confirmed_points = None
            kept, result.kept_confirmation = result.kept_confirmation, None
            if kept is not None and _confirmation_given_back(result, kept):
                result.director = ""  # (as the table confirmed it: no director's act stands)
                return done
    # The points now are the director's: nobody at the table has confirmed them (yet).
    nobody_confirmed(result)
    # (The director saving the corrected result again, unchanged, confirms it: a round whose
    # opponents cannot answer any more, their phones ended or their PIN tries spent, is never
    # left waiting. A hand amended with the points unchanged leaves it as it was, waiting or
    # confirmed.)
    confirmed_again = not changed and (saved or result.status == Result.Status.CONFIRMED)
    if (
        not confirmed_again
        and result.corrected
        and result.confirmed_points is not None
        and asked_again(table)
    ):
        result.status = Result.Status.ENTERED
        result.confirmed_at = None
        return done
    result.status = Result.Status.CONFIRMED
    result.confirmed_at = now
    return done


def logged_as(done: Done, *, keyed_in: bool, saved: bool) -> str | None:
    """The change log's entry for what `director_sets` did: a result the table never entered
    is a paper tally keyed in; one that follows a hand the director changed (not `saved` by
    them), or whose score they changed, a correction; one they saved as it stood, their
    confirmation; the table's own confirmation left standing, none."""
    if keyed_in:
        return ResultChange.Action.KEY_IN
    if not saved or done == CORRECTED:
        return ResultChange.Action.CORRECT
    return ResultChange.Action.CONFIRM if done == CONFIRMED else None


def asked_again(table: Table) -> bool:
    """A correction goes back to the opponents: the event asks it (`reconfirm` required) and
    their phones can still answer (the table's round is the latest, the night open)."""
    event = table.round.event
    if event.reconfirm != Event.Reconfirm.REQUIRED or event.closed_at is not None:
        return False
    return not Round.objects.filter(event=event, number__gt=table.round.number).exists()


def confirmed_kept(result: Result) -> None:
    """A director is about to change a result the table confirmed (a correction, an
    assignment, a forfeit): what the opponents confirmed is kept, its points
    (`confirmed_points`, which every page and export then says) and their confirmation, to
    give back. Once: a later change keeps what the table confirmed, not the director's."""
    if _table_confirmed(result) and result.confirmed_points is None:
        result.confirmed_points = list(result.points)
        result.kept_confirmation = _confirmation_kept(result)


def _table_confirmed(result: Result) -> bool:
    """The result stands as the table confirmed it (a phone of the opponents', or a PIN)."""
    return (
        result.pk is not None
        and result.status == Result.Status.CONFIRMED
        and result.confirmed_device_id is not None
    )


def _confirmation_kept(result: Result) -> dict[str, object]:
    """The table's confirmation as it stands, to give back (`_confirmation_given_back`)."""
    assert result.confirmed_at is not None
    return {
        "by": result.confirmed_by_id,
        "device": result.confirmed_device_id,
        "same_device": result.same_device,
        "by_pin": result.by_pin,
        "at": result.confirmed_at.isoformat(),
        "winner": result.winner,
        "time_called": result.time_called,
    }


def _confirmation_given_back(result: Result, kept: dict[str, Any]) -> bool:
    """The director is back at the result the opponents confirmed (its points, its winner, as
    it stood when time was called or not): their confirmation stands again, as it was given
    (not while the phone that gave it, or the player, is gone)."""
    if (kept.get("winner"), kept.get("time_called")) != (result.winner, result.time_called):
        return False
    if not TableToken.objects.filter(pk=kept["device"]).exists():
        return False
    if kept["by"] is not None and not Player.objects.filter(pk=kept["by"]).exists():
        return False
    result.confirmed_by_id = kept["by"]
    result.confirmed_device_id = kept["device"]
    result.same_device = kept["same_device"]
    result.by_pin = kept["by_pin"]
    result.confirmed_at = datetime.fromisoformat(kept["at"])
    result.disputed_by = None
    result.dispute_reason = ""
    result.status = Result.Status.CONFIRMED
    return True


def nobody_confirmed(result: Result) -> None:
    """The result's points are the director's: no player's confirmation or dispute stands."""
    result.confirmed_by = None
    result.confirmed_device = None
    result.same_device = False
    result.by_pin = False
    result.disputed_by = None
    result.dispute_reason = ""
