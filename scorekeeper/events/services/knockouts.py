"""Team events' seeds: the director's order until the first round is seated (a bracket draws
from it, a Swiss event pairs its first round by it), logged as every act of theirs is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.errors import Malformed
from scorekeeper.events.access import Actor, require_event_director
from scorekeeper.events.models import Event, EventTeam, ResultChange
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.events import locked_before_first_round, require_running
from scorekeeper.events.services.night_log import logged, require_fresh


def team_seeds_set(
    *,
    event: Event,
    actor: Actor,
    teams: Sequence[int],
    reason: str = "",
    expected_version: int | None = None,
) -> list[EventTeam]:
    """The director orders the teams, best seed first, until the first round is seated; the
    draw is then made and the seeds stay as they are. Asked against the event as the director
    read it (`expected_version`), and logged with the order before and after (an order
    unchanged changes nothing)."""
    require_event_director(actor, event)
    require_running(event)
    with transaction.atomic():
        event = locked_before_first_round(
            event,
            _("The first round is seated: the seeds are drawn and stay as they are."),
            code="seeds-locked",
            field="teams",
        )
        require_fresh(event, expected_version)
        current = {team.pk: team for team in EventTeam.objects.filter(event=event)}
        if len(teams) != len(set(teams)) or set(teams) != set(current):
            raise Malformed(
                _("list every team of the event once, best seed first"),
                code="bad-seeds",
                field="teams",
            )
        was = sorted(current, key=lambda pk: current[pk].seed)
        if was == list(teams):
            return [current[team_id] for team_id in teams]
        # Two steps, as each seed is taken once: out of the way, then in place.
        offset = len(current) + 1
        for team in current.values():
            team.seed += offset
            team.save(update_fields=["seed"])
        for seed, team_id in enumerate(teams, start=1):
            current[team_id].seed = seed
            current[team_id].save(update_fields=["seed"])
        logged(
            event.pk,
            ResultChange.Action.SEEDS,
            actor,
            reason=reason,
            before=_order(was, current),
            after=_order(teams, current),
        )
        event_changed(event.pk)
    return [current[team_id] for team_id in teams]


def _order(teams: Sequence[int], current: dict[int, EventTeam]) -> dict[str, list[Any]]:
    """An order of seeds as the log keeps it: the teams' ids and names, best first."""
    return {"teams": list(teams), "seeds": [current[pk].name for pk in teams]}
