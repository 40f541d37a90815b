"""The progressive night as clubs print its tally sheets: individuals, partners changing every
round as a plan says (whist designs where one exists, else a search: `planning.progressive`),
ranked by points (with sit-out credit and a loner bonus), points per round, or games won."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.formats.base import (
    HANDS,
    EventLike,
    FormatBase,
    Night,
    PlannedTable,
    Seating,
)
from scorekeeper.events.formats.options import MAX_ROUNDS, OptionField, rounds_field
from scorekeeper.events.planning import seating
from scorekeeper.events.planning.progressive import progressive_plan
from scorekeeper.events.ranking import standings

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: The most points a loner made can add to a player's total.
MAX_LONER_BONUS: Final = 10

#: Why a format of individuals takes no `time_called_win_points`: nothing of theirs is
#: counted in match points, so a win when time was called has none to be worth fewer of.
NO_MATCH_POINTS: Final = gettext_lazy(
    "players rank here by points or games won, not by match points: a win when time is "
    "called counts as any other win"
)

#: What ranks a night's players, as the new-event form names it.
RANKINGS: Final = {
    standings.TOTAL: gettext_lazy("points, with sit-out credit and loner bonus"),
    standings.PER_ROUND: gettext_lazy("points per round played"),
    standings.WINS: gettext_lazy("games won, then points"),
}


def rank_by_field(*ranked: str, refusal: StrOrPromise) -> OptionField:
    """A format of individuals' `rank_by`: these of the rankings, the total by default."""
    return OptionField(
        "rank_by",
        "choice",
        gettext_lazy("A night ranks by"),
        f"Individuals: {', '.join(ranked)}.",
        default=standings.TOTAL,
        choices=tuple((value, RANKINGS[value]) for value in ranked),
        code="bad-rank-by",
        refusal=refusal,
    )


@dataclass(frozen=True)
class ProgressiveOptions:
    rounds_planned: int
    rank_by: str = standings.TOTAL
    loner_bonus: int = 0


def night_limit(number: int) -> None:
    """A round past the most an event plays is refused: each round's seating weighs every
    round before it, so a night stops there and a round's seating costs a bounded time (as
    EVENT_MAX_ENTRANTS bounds the room)."""
    if number > MAX_ROUNDS:
        raise Conflict(
            _("An event has at most %(max_rounds)s rounds.") % {"max_rounds": MAX_ROUNDS},
            code="rounds-limit",
            field="rounds",
        )


def enough_players(players: int, size: int = seating.SEATS) -> None:
    if players < size:
        raise Conflict(
            _("A round needs at least %(seats)s players; %(count)s are in.")
            % {"seats": size, "count": players},
            code="too-few-players",
            field="players",
        )


def history(night: Night) -> list[seating.Round]:
    """The rounds seated so far, as the seating module sees them."""
    return [
        seating.Round(
            tables=tuple(seating.Table(table.seats) for table in rnd.tables),
            byes=rnd.byes,
        )
        for rnd in night.rounds
    ]


def _round_json(rnd: seating.Round) -> dict[str, Any]:
    return {"tables": [list(t.seats) for t in rnd.tables], "byes": list(rnd.byes)}


class Progressive(FormatBase[ProgressiveOptions]):
    """Rotating partners: the rounds planned ahead, kept while the roster stays the same."""

    name = "progressive"
    title = gettext_lazy("progressive (individual)")
    options_type = ProgressiveOptions
    plans_ahead = True
    time_called_refusal = NO_MATCH_POINTS
    # Six-handed: partners rotate within the teams of three (alternate seats).
    table_sizes = seating.TABLE_SIZES
    fields = (
        rounds_field(),
        rank_by_field(
            *standings.RANK_BY,
            refusal=gettext_lazy(
                "a progressive event ranks by total, per-round or wins; a team event by match "
                "points"
            ),
        ),
        OptionField(
            "loner_bonus",
            "int",
            gettext_lazy("Loner bonus: points for each loner made (hand by hand)"),
            "Points added for each loner made (hands entered one by one).",
            default=0,
            minimum=0,
            maximum=MAX_LONER_BONUS,
            code="bad-loner-bonus",
            refusal=gettext_lazy("a loner bonus is 0 to 10 points"),
            by_hand=True,
        ),
    )

    def check(
        self, options: ProgressiveOptions, event: EventLike, *, changed: Collection[str] = ()
    ) -> None:
        if options.loner_bonus and event.entry != HANDS:
            raise Malformed(
                _("a loner bonus needs a progressive event whose hands are entered one by one"),
                code="bad-loner-bonus",
                field=self.at_fault("loner_bonus", "entry", changed),
            )

    def planned_rounds(self, night: Night, event: EventLike) -> list[dict[str, Any]] | None:
        """The rounds still planned, as the next seatings will seat them while nobody arrives
        or leaves (none with too few players)."""
        if len(night.players) < night.size:
            return []
        return self._ahead(night, event, at_least=0)

    def _ahead(self, night: Night, event: EventLike, *, at_least: int) -> list[dict[str, Any]]:
        """The plan's rounds from ``night`` on while the roster (and the tables' size) is the
        one it was made for; else the rounds still planned (``at_least`` of them), planned
        again from the rounds played."""
        roster = list(night.players)
        plan = event.plan if isinstance(event.plan, dict) else {}
        planned_for = plan.get("size", seating.SEATS)  # a table's size, since six-handed
        if plan.get("roster") == roster and planned_for == night.size and plan.get("rounds"):
            return list(plan["rounds"])
        ahead = max(at_least, self.options(event).rounds_planned - (night.number - 1))
        if not ahead:
            return []
        # The event's own seed, round after round: a plan made again after more rounds are
        # planned then continues the same whist design.
        planned = progressive_plan(
            roster, history=history(night), rounds=ahead, seed=event.seed, size=night.size
        )
        return [_round_json(r) for r in planned]

    def plan_after_options(self, event: EventLike, changed: set[str]) -> dict[str, Any]:
        """More or fewer rounds: the rounds ahead are planned again."""
        return {} if "rounds_planned" in changed else dict(event.plan or {})

    def plan_after_entrants(self, event: EventLike) -> dict[str, Any]:
        """Who plays has changed: the rounds ahead are planned again."""
        return {}

    def plan_renumbered(self, event: EventLike, old: int, new: int) -> dict[str, Any]:
        """The plan names players by id: the moved rows' new id there."""

        def swap(value: Any) -> Any:
            if isinstance(value, list):
                return [swap(item) for item in value]
            if isinstance(value, dict):
                return {key: swap(item) for key, item in value.items()}
            return new if value == old and not isinstance(value, bool) else value

        return dict(swap(event.plan or {}))

    def seating(self, night: Night, event: EventLike) -> Seating:
        """The plan's next round while the roster is the one it was made for; else the
        rounds still planned are planned again from the rounds played."""
        night_limit(night.number)
        enough_players(len(night.players), night.size)
        rounds = self._ahead(night, event, at_least=1)
        first = rounds[0]
        return Seating(
            tables=tuple(PlannedTable(tuple(seats)) for seats in first["tables"]),
            byes=tuple(first["byes"]),
            plan={"roster": list(night.players), "size": night.size, "rounds": rounds[1:]},
        )
