"""A season's ladder: how its leaderboard ranks the players (`scorekeeper.events.ranking.ladders`),
checked when a season is created and when a director changes it."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from django.utils.translation import gettext as _

from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.access import Actor, require_director
from scorekeeper.events.models import Season
from scorekeeper.events.ranking import ladders


def ladder_check(
    *,
    ladder: str,
    placement_points: Sequence[int] | None,
    min_nights: int,
    best_nights: int | None,
) -> list[int]:
    """The placement points to keep, once every setting is known to make sense: a known
    method, a table of places that never rewards a lower place more, and nights counted
    within reason."""
    if ladder not in ladders.METHODS:
        raise Malformed(
            _("a ladder adds up totals, placement points or an average"),
            code="bad-ladder",
            field="ladder",
        )
    table = list(placement_points or ())
    if not len(table) <= ladders.MAX_PLACES or not all(
        isinstance(points, int) and 0 <= points <= ladders.MAX_PLACEMENT_POINTS for points in table
    ):
        raise Malformed(
            _("placement points are up to %(places)s whole numbers from 0 to %(most)s")
            % {"places": ladders.MAX_PLACES, "most": ladders.MAX_PLACEMENT_POINTS},
            code="bad-placement-points",
            field="placement_points",
        )
    if any(lower > higher for higher, lower in itertools.pairwise(table)):
        raise Malformed(
            _("a lower place never earns more placement points than a higher one"),
            code="bad-placement-points",
            field="placement_points",
        )
    if ladder == ladders.PLACEMENT and not table:
        table = list(ladders.DEFAULT_PLACEMENT_POINTS)
    if not 0 <= min_nights <= ladders.MAX_NIGHTS:
        raise Malformed(
            _("a season asks for 0 to %(most)s nights") % {"most": ladders.MAX_NIGHTS},
            code="bad-min-nights",
            field="min_nights",
        )
    if best_nights is not None and not 1 <= best_nights <= ladders.MAX_NIGHTS:
        raise Malformed(
            _("a season counts a player's best 1 to %(most)s nights")
            % {"most": ladders.MAX_NIGHTS},
            code="bad-best-nights",
            field="best_nights",
        )
    return table


class _Unset:
    """Not given: ``best_nights`` stays as it is (None is a value: every night counts)."""


UNSET = _Unset()


def season_update(
    *,
    season: Season,
    actor: Actor,
    name: str | None = None,
    ladder: str | None = None,
    placement_points: Sequence[int] | None = None,
    min_nights: int | None = None,
    best_nights: int | _Unset | None = UNSET,
) -> Season:
    """Rename a season or change its ladder; the leaderboard ranks by the new one at once
    (nothing of a night is kept: it is ranked again). ``best_nights`` None counts every
    night again."""
    require_director(actor, season.club)
    fields: list[str] = []
    if name is not None:
        name = names.name_clean(name, field="name")
        taken = {names.name_key(s.name) for s in season.club.seasons.exclude(pk=season.pk)}
        if names.name_key(name) in taken:
            raise Conflict(
                _("This club has a season with this name."), code="season-exists", field="name"
            )
        season.name = name
        fields.append("name")
    best = season.best_nights if isinstance(best_nights, _Unset) else best_nights
    season.placement_points = ladder_check(
        ladder=season.ladder if ladder is None else ladder,
        placement_points=season.placement_points if placement_points is None else placement_points,
        min_nights=season.min_nights if min_nights is None else min_nights,
        best_nights=best,
    )
    season.ladder = season.ladder if ladder is None else ladder
    season.min_nights = season.min_nights if min_nights is None else min_nights
    season.best_nights = best
    fields += ["ladder", "placement_points", "min_nights", "best_nights"]
    season.save(update_fields=fields)
    return season
