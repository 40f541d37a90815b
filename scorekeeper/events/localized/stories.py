"""How a table's result came about, in the reader's language: corrected, assigned, forfeited,
entered or confirmed by a director (named by their display name, never a seat), and as it
stood when time was called, by whom. The results page, the tally cards, the projector and
the console's board say it in these words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.events.templatetags.scores import score_line
from scorekeeper.particles import particles_chosen


def result_story(
    how: str,
    director: str,
    *,
    points: Sequence[int] | None = None,
    confirmed: Sequence[int] | None = None,
    again: str | None = None,
    called_by: str | None = None,
) -> str:
    """How a result came about, in the reader's language, naming the director who made it so
    (never a seat): "corrected by the director, Dora Lee: 7–2 confirmed, now 5–3",
    "assigned by the director, Dora Lee" (": 7–2 confirmed, now 3–8" where the table had
    confirmed one), ...; and "as it stood when time was called by Dora
    Lee". The name stands after a comma, never in brackets: a display name may hold its own
    ("Dora (demo director)"). Empty for a result played and confirmed at the table. ``again``: who of the
    opponents confirmed a correction again ("..., confirmed again by Cat at the table")."""
    who = director or _("a director")
    parts = []
    if how in HOW_SAID:
        said = str(HOW_SAID[how]) % {"director": who}
        # (What the opponents had confirmed, where the director changed it: a correction, an
        # assignment or a forfeit over a confirmed result.)
        if confirmed and points:
            said += ": " + _("%(confirmed)s confirmed, now %(points)s") % {
                "confirmed": score_line(confirmed),
                "points": score_line(points),
            }
        if again is not None:
            said += ", " + _("confirmed again by %(player)s at the table") % {"player": again}
        parts.append(said)
    if called_by is not None:
        parts.append(
            _("as it stood when time was called by %(director)s")
            % {"director": called_by or _("a director")}
        )
    return particles_chosen("; ".join(parts))


#: How a director's result came about (`Result.provenance`), in the reader's language.
HOW_SAID: Final = {
    "corrected": gettext_lazy("corrected by the director, %(director)s"),
    "assigned": gettext_lazy("assigned by the director, %(director)s"),
    "forfeited": gettext_lazy("a forfeit recorded by the director, %(director)s"),
    "entered-by-director": gettext_lazy("entered by the director, %(director)s"),
    "confirmed-by-director": gettext_lazy("confirmed by the director, %(director)s"),
}


def story_of(result: Any, called_by: str, names: Mapping[int, str]) -> str:
    """`result_story` of a table's result (``called_by``: who called time on its round;
    ``names``: the table's players' names, by id, for who confirmed a correction again)."""
    if result is None:
        return ""
    return result_story(
        result.provenance,
        result.director,
        points=result.points,
        confirmed=result.confirmed_points,
        again=confirmed_again_by(result, names),
        called_by=called_by if result.time_called else None,
    )


def confirmed_again_by(result: Any, names: Mapping[int, str]) -> str | None:
    """Who confirmed a director's correction again at the table (None: nobody did): a
    corrected result names nobody as confirming it until an opponent does."""
    if result.provenance != "corrected" or result.status != "confirmed":
        return None
    if result.confirmed_by_id is None:
        return None
    return names.get(result.confirmed_by_id, "?")
