"""Bracket events: the knockout's options, its seeds (the director's until the first round is
seated) and its next round, seated from the results as they stand."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.access import Actor, require_director
from scorekeeper.events.models import Event, EventTeam, Table
from scorekeeper.events.planning import knockout, team_rounds
from scorekeeper.events.selectors.brackets import bracket_of, drawn_teams, options_of
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.events import locked_before_first_round, require_running


def team_seeds_set(*, event: Event, actor: Actor, teams: Sequence[int]) -> list[EventTeam]:
    """The director orders the teams, best seed first, until the first round is seated; the
    draw is then made and the seeds stay as they are."""
    require_director(actor, event.club)
    require_running(event)
    with transaction.atomic():
        event = locked_before_first_round(
            event,
            _("The first round is seated: the seeds are drawn and stay as they are."),
            code="seeds-locked",
            field="teams",
        )
        current = {team.pk: team for team in EventTeam.objects.filter(event=event)}
        if len(teams) != len(set(teams)) or set(teams) != set(current):
            raise Malformed(
                _("list every team of the event once, best seed first"),
                code="bad-seeds",
                field="teams",
            )
        # Two steps, as each seed is taken once: out of the way, then in place.
        offset = len(current) + 1
        for team in current.values():
            team.seed += offset
            team.save(update_fields=["seed"])
        for seed, team_id in enumerate(teams, start=1):
            current[team_id].seed = seed
            current[team_id].save(update_fields=["seed"])
        event_changed(event.pk)
    return [current[team_id] for team_id in teams]


def _last_stage(event: Event, bracket: knockout.Bracket) -> int:
    """The stage the last round played (0 before the first)."""
    last = event.rounds.order_by("-number").first()
    if last is None:
        return 0
    keys = Table.objects.filter(round=last).exclude(bracket_match="")
    stages = {m.key: m.planned.stage for m in bracket.matches}
    return max(
        (stages.get(key, 0) for key in keys.values_list("bracket_match", flat=True)), default=0
    )


def knockout_next(
    event: Event, number: int
) -> tuple[list[tuple[str, team_rounds.Match]], list[int]]:
    """The next round of a bracket: a game of every match of the stage being played (the
    higher seed, or the winners' bracket side, in seats 0 and 2), and the teams that went
    through a match since the last round without a game (a bye, or a walkover).

    Seating the first round draws the bracket: its teams and seeds are kept in the plan.
    """
    if number == 1:
        teams = drawn_teams(event)
        if len(teams) < 2:
            raise Conflict(_("A bracket needs two teams."), code="too-few-teams", field="teams")
        event.plan = {"bracket": teams}
        event.rounds_planned = knockout.stages(len(teams), options_of(event))
    bracket = bracket_of(event=event).bracket
    assert bracket is not None
    if bracket.complete:
        raise Conflict(
            _("The final is played: the bracket is complete."),
            code="schedule-complete",
            field="rounds",
        )
    stage = bracket.stage
    assert stage is not None
    since = _last_stage(event, bracket) if number > 1 else 0
    byes = [team for s in range(since + 1, stage + 1) for team in bracket.byes_at(s)]
    matches = []
    for match in bracket.to_play:
        first, second = match.sides
        assert first is not None and second is not None
        matches.append((match.key, team_rounds.Match(first, second)))
    return matches, byes
