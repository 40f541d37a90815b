"""What an event format is: one typed protocol (`EventFormat`) that every format implements,
and what it works with, in plain Python (no database).

A format says who plays (individuals or fixed partnerships), which options it takes (each a
top-level field of an event in the API and a field of the console's form, validated here,
with its default), how it seats the next round from the night so far (`Night` in, `Seating`
out), what a table's result must be (a level game allowed or not; who won a level table),
how it ranks (and by which tie-breaks), and which pages it has beside every format's. The
services, selectors, pages and API ask the event's format (`format_of(event)`) instead of
comparing its name.

`FormatBase` does what most formats do alike (options read and checked field by field, the
usual result rules and ranking); a format is a subclass that says what differs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, TypeVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.formats.options import MAX_ROUNDS, OptionField
from scorekeeper.events.planning.seating import SEATS
from scorekeeper.events.ranking import standings
from scorekeeper.events.ranking.standings import Bye, Line, Ranked, Scoring, StandingRow

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from django_stubs_ext import StrOrPromise

#: Hand by hand, as an event's entry and round length name it.
HANDS: Final = "hands"


@dataclass(frozen=True)
class Page:
    """A page a format has beside every format's (results, projector, sheets, cards): its URL
    name (taking the event's id) and its link's words."""

    key: str
    url: str
    label: StrOrPromise


class EventLike(Protocol):
    """What a format reads of an event (a `scorekeeper.events` `Event` has it all)."""

    format: str
    options: Any  # the format's options, as stored (JSON)
    plan: Any  # what the format keeps between rounds (JSON)
    entry: str
    round_length: str
    hands_per_round: int | None
    sit_out_credit: str
    sit_out_points: int
    seed: int
    time_called_win_points: int | None
    side_prizes: Any


# The night so far, as a format plans from it ------------------------------------------------


@dataclass(frozen=True)
class PlayedTable:
    """A table of a round seated: its players by seat (even seats against odd ones), the
    teams in seats 0 and 2 and in 1 and 3 (fixed partners), its bracket match, and its
    result (points by side; the winning side, None for a level table or none yet)."""

    number: int
    seats: tuple[int, ...]
    teams: tuple[int, int] | None = None
    match: str = ""
    result: int | None = None  # the result's id
    points: tuple[int, int] | None = None
    winner: int | None = None
    confirmed: bool = False
    time_called: bool = False


@dataclass(frozen=True)
class PlayedRound:
    number: int
    tables: tuple[PlayedTable, ...]
    byes: tuple[int, ...] = ()  # players (individuals) or teams (fixed partners)


@dataclass(frozen=True)
class Team:
    id: int
    seed: int
    members: tuple[int, ...]
    active: bool = True


@dataclass(frozen=True)
class Night:
    """What the next round is seated from: its number, who is in (active players in the
    order entered; every team by seed, with its players), the rounds so far, the standings
    as the format ranks them now, and how many its tables seat (the ruleset's players)."""

    number: int
    players: tuple[int, ...] = ()
    teams: tuple[Team, ...] = ()
    rounds: tuple[PlayedRound, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    seed: int = 0
    size: int = SEATS

    @property
    def active_teams(self) -> list[Team]:
        return [team for team in self.teams if team.active]


@dataclass(frozen=True)
class PlannedTable:
    seats: tuple[int, ...]
    teams: tuple[int, int] | None = None
    match: str = ""


@dataclass(frozen=True)
class Seating:
    """The next round: its tables from table 1 on, who sits out (players, or teams), and
    what the format keeps for the rounds after (its plan)."""

    tables: tuple[PlannedTable, ...]
    byes: tuple[int, ...] = ()
    plan: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Move:
    """Where a player goes after round ``after``: from a table to a table (to None: sits
    out; from None: comes back from sitting out, or arrives)."""

    after: int
    player: int
    from_table: int | None
    to_table: int | None


@dataclass(frozen=True)
class Column:
    """A figure of the standings that only some formats show (a Swiss event's Buchholz): the
    standing row's field that holds it, its heading, the heading short (a narrow table's, its
    title the `meaning`); `wide`: shown only where a table has room (not on a phone's screen,
    not on the projector). Every page, the console and the CSV show a format's columns."""

    field: str
    heading: StrOrPromise
    short: StrOrPromise
    meaning: StrOrPromise
    wide: bool = False


@dataclass(frozen=True)
class Shown:
    """How a format's standings read: what ranks (match points for teams, else the total,
    per round, or wins), the loner bonus, its tie-breaks, the columns only it has, and whether
    its tables enter hands (`hands`: else no euchre or loner is known, and none is shown),
    and whether a bye earns credit (`credited`: else no credit column is shown)."""

    teams: bool
    ranked_by: str  # in words, as the API says it ("match points")
    rank_by: str  # total, per-round or wins (individuals)
    loner_bonus: int
    tie_breaks: tuple[str, ...]
    columns: tuple[Column, ...] = ()
    hands: bool = True
    credited: bool = True

    @property
    def per_round(self) -> bool:
        return self.rank_by == standings.PER_ROUND

    @property
    def by_bracket(self) -> bool:
        """A knockout's: its places are the bracket's, and a place shared breaks no tie."""
        return self.ranked_by == standings.BRACKET


class EventFormat(Protocol):
    """An event format. ``name`` is its value in the API (`progressive`, `round-robin`,
    `bracket`, `party`, `swiss`)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> StrOrPromise: ...
    @property
    def teams(self) -> bool:
        """Fixed partnerships (seated as teams), or individuals."""

    @property
    def teams_join_late(self) -> bool:
        """A team may enter after the first round."""

    @property
    def fields(self) -> tuple[OptionField, ...]: ...
    @property
    def pages(self) -> tuple[Page, ...]: ...
    @property
    def tie_breaks(self) -> tuple[str, ...]: ...
    @property
    def columns(self) -> tuple[Column, ...]:
        """The standings' figures only this format shows."""

    @property
    def winner_required(self) -> bool:
        """A level game is no result: the table plays on (a knockout)."""

    @property
    def winner_stands(self) -> bool:
        """A game's winner stays once a later round is seated (from it)."""

    @property
    def moved_on_refusal(self) -> tuple[StrOrPromise, str]: ...

    @property
    def cuts(self) -> bool:
        """A level table's winners may be the director's draw."""

    @property
    def side_prizes_given(self) -> bool:
        """A knockout gives none."""

    @property
    def movement(self) -> bool:
        """Players move from table to table after each round (`moves`)."""

    @property
    def plans_ahead(self) -> bool:
        """Its rounds are planned before they are played (`planned_rounds`: the movement
        cards print the night in advance); else each is seated from the results of the last."""

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """How many players its tables may seat (a ruleset for another number is refused)."""

    @property
    def time_called_win_taken(self) -> bool:
        """Match points rank here, and a time-called win may count fewer (`time_called_win_points`)."""

    @property
    def sit_out_refusal(self) -> StrOrPromise | None:
        """Why a sit-out earns no credit here (a Swiss bye is a win); None: it may."""

    # Options
    def time_called_win_checked(self, points: int | None) -> int | None: ...
    def options_new(self, given: Mapping[str, object], event: EventLike) -> dict[str, Any]: ...
    def options_changed(
        self,
        given: Mapping[str, object],
        event: EventLike,
        *,
        played: int,
        changed: Collection[str] = (),
    ) -> dict[str, Any]: ...
    def option_values(self, event: EventLike) -> dict[str, Any]: ...
    def rounds_planned(self, event: EventLike) -> int: ...

    # Planning
    def seating(self, night: Night, event: EventLike) -> Seating: ...
    def planned_rounds(self, night: Night, event: EventLike) -> list[dict[str, Any]] | None: ...
    def plan_after_options(self, event: EventLike, changed: set[str]) -> dict[str, Any]: ...
    def plan_after_entrants(self, event: EventLike) -> dict[str, Any]: ...
    def plan_renumbered(self, event: EventLike, old: int, new: int) -> dict[str, Any]: ...
    def moves(self, night: Night, event: EventLike) -> list[Move]: ...

    # Results
    def winner(
        self, event: EventLike, points: Sequence[int], *, last_scorer: int | None, table: int
    ) -> int | None: ...
    def plan_with_cut(self, event: EventLike, table: int, side: int | None) -> dict[str, Any]: ...

    # Ranking
    def scoring(self, event: EventLike) -> Scoring: ...
    def rank(
        self,
        event: EventLike,
        *,
        rows: Sequence[StandingRow],
        lines: Sequence[Line],
        byes: Sequence[Bye],
        complete: set[int],
    ) -> Ranked: ...
    def places(self, event: EventLike, ranked: Sequence[StandingRow]) -> list[tuple[int, int]]: ...
    def shown(self, event: EventLike) -> Shown: ...


Options = TypeVar("Options", bound="DataclassInstance")


class FormatBase(EventFormat, Generic[Options]):
    """What formats do alike. A format names its options' typed class (`options_type`, a
    frozen dataclass whose fields are its `fields`) and says what differs."""

    name: ClassVar[str]
    title: ClassVar[StrOrPromise]
    options_type: ClassVar[type[Any]]
    teams: ClassVar[bool] = False
    teams_join_late: ClassVar[bool] = False
    fields: ClassVar[tuple[OptionField, ...]] = ()
    pages: ClassVar[tuple[Page, ...]] = ()
    tie_breaks: ClassVar[tuple[str, ...]] = standings.TIE_BREAKS
    columns: ClassVar[tuple[Column, ...]] = ()
    winner_required: ClassVar[bool] = False
    winner_stands: ClassVar[bool] = False
    #: Where ``winner_stands``: the problem when a correction would change such a winner.
    moved_on_refusal: ClassVar[tuple[StrOrPromise, str]]
    cuts: ClassVar[bool] = False
    side_prizes_given: ClassVar[bool] = True
    movement: ClassVar[bool] = False
    plans_ahead: ClassVar[bool] = False
    table_sizes: ClassVar[tuple[int, ...]] = (SEATS,)
    #: Its schedule follows from its teams: `rounds_planned` is not the director's to set.
    rounds_follow: ClassVar[bool] = False
    #: The problem when a locked option changes once the first round is seated.
    locked_refusal: ClassVar[tuple[StrOrPromise, str]] = (
        gettext_lazy("The first round is seated: this option stays as it is."),
        "options-locked",
    )
    #: Why the event's `time_called_win_points` means nothing here (its players rank by
    #: something other than match points); None: the format takes it.
    time_called_refusal: ClassVar[StrOrPromise | None] = None
    sit_out_refusal: ClassVar[StrOrPromise | None] = None

    @property
    def time_called_win_taken(self) -> bool:
        return self.time_called_refusal is None

    # Options -------------------------------------------------------------------------------

    def time_called_win_checked(self, points: int | None) -> int | None:
        """The match points of a win when time was called, as given for the event (a new
        one, or a director's change; None: a win is a win, always taken), where the format
        ranks by match points; else a 400 naming the field. A value stored before stays as
        it is until changed (it is read, never asked again)."""
        if points is not None and self.time_called_refusal is not None:
            raise Malformed(
                str(self.time_called_refusal), code="not-an-option", field="time_called_win_points"
            )
        return points

    def options(self, event: EventLike) -> Options:
        """The event's options, typed: as stored, each missing one at its default."""
        stored = event.options if isinstance(event.options, dict) else {}
        values = {}
        for option in self.fields:
            value = stored.get(option.name, option.default)
            values[option.name] = option.default if value is None else value
        typed: Options = self.options_type(**values)
        return typed

    def _refuse_others(self, given: Mapping[str, object], *, creating: bool) -> None:
        mine = {option.name for option in self.fields}
        for name, value in given.items():
            if name in mine:
                continue
            if name == "rounds_planned" and self.rounds_follow:
                if creating and value == 0:
                    continue  # "as many as the teams make", as earlier builds took it
                raise Malformed(
                    _("the schedule of a team event follows from its teams"),
                    code="bad-rounds",
                    field=name,
                )
            raise Malformed(
                _("An event of this format (%(format)s) has no option %(option)s")
                % {"format": self.title, "option": name},
                code="not-an-option",
                field=name,
            )

    def options_new(self, given: Mapping[str, object], event: EventLike) -> dict[str, Any]:
        """A new event's options from those given (the others at their defaults), each
        checked by name; an option of another format is refused by name."""
        self._refuse_others(given, creating=True)
        values: dict[str, Any] = {}
        for option in self.fields:
            value = given.get(option.name, option.default)
            if value is None:
                raise Malformed(str(option.refusal), code=option.code, field=option.name)
            values[option.name] = option.checked(value)
        self._games_where_winners(event)
        self.check(self.options_type(**values), event)
        return values

    def options_changed(
        self,
        given: Mapping[str, object],
        event: EventLike,
        *,
        played: int,
        changed: Collection[str] = (),
    ) -> dict[str, Any]:
        """The options after a director's change (those given), checked as a new event's
        are; a locked option stays as it is once the first round is seated. ``changed``: the
        event's own fields the same change sets anew (by their API names), so that a problem
        across an option and one of those names the field the director changed."""
        self._refuse_others(given, creating=False)
        values: dict[str, Any] = dataclasses.asdict(self.options(event))
        anew = {*changed, *(name for name, value in given.items() if value != values[name])}
        for name, value in given.items():
            option = next(o for o in self.fields if o.name == name)
            value = option.checked(value)
            if option.locked and played and value != values[name]:
                detail, code = self.locked_refusal
                raise Conflict(str(detail), code=code, field=name)
            if name == "rounds_planned" and not max(1, played) <= int(value) <= MAX_ROUNDS:
                raise Malformed(
                    _("plan %(max)s to %(max_rounds)s rounds")
                    % {"max": max(1, played), "max_rounds": MAX_ROUNDS},
                    code="bad-rounds",
                    field=name,
                )
            values[name] = value
        self._games_where_winners(event)
        self.check(self.options_type(**values), event, changed=anew)
        return values

    def _games_where_winners(self, event: EventLike) -> None:
        """A format that needs a winner at every table (a knockout) plays games: a round of
        a number of hands may end level. (The new-event form offers it games alone.)"""
        if self.winner_required and event.round_length == HANDS:
            raise Malformed(
                _("a bracket needs a winner at every table: play games, not a number of hands"),
                code="bracket-needs-games",
                field="round_length",
            )

    def check(self, options: Options, event: EventLike, *, changed: Collection[str] = ()) -> None:
        """The format's rules across its options and the event's (none here). ``changed``:
        the fields a director's change sets anew (none for a new event); a problem across
        two fields names the one changed (`at_fault`)."""

    @staticmethod
    def at_fault(option: str, other: str, changed: Collection[str]) -> str:
        """The field a problem across an option and another field names: the other where
        the change set it anew and left the option as it was (a director who changes the
        entry is told about the entry); else the option, as for a new event."""
        return other if other in changed and option not in changed else option

    def option_values(self, event: EventLike) -> dict[str, Any]:
        """The options as the event's API fields show them, with the rounds planned."""
        values = dataclasses.asdict(self.options(event))
        return {**values, "rounds_planned": self.rounds_planned(event)}

    def rounds_planned(self, event: EventLike) -> int:
        return int(getattr(self.options(event), "rounds_planned", 0))

    # Planning ------------------------------------------------------------------------------

    def seating(self, night: Night, event: EventLike) -> Seating:
        raise NotImplementedError

    def planned_rounds(self, night: Night, event: EventLike) -> list[dict[str, Any]] | None:
        """The rounds from ``night`` on as planned now, each ``{"tables": [[player, ...]],
        "byes": [...]}`` (for the movement cards, printed before the night); None where each
        round is seated from the results of the last (a format that `plans_ahead` says)."""
        return None

    def plan_after_options(self, event: EventLike, changed: set[str]) -> dict[str, Any]:
        """What the format keeps when the director changes these options."""
        return dict(event.plan or {})

    def plan_after_entrants(self, event: EventLike) -> dict[str, Any]:
        """What the format keeps when someone joins or leaves between rounds."""
        return dict(event.plan or {})

    def plan_renumbered(self, event: EventLike, old: int, new: int) -> dict[str, Any]:
        """The plan once player ``old``'s rows belong to ``new`` (a director merged them)."""
        return dict(event.plan or {})

    def moves(self, night: Night, event: EventLike) -> list[Move]:
        """Who goes where after the last round, for formats where players move."""
        return []

    # Results -------------------------------------------------------------------------------

    def winner(
        self, event: EventLike, points: Sequence[int], *, last_scorer: int | None, table: int
    ) -> int | None:
        """The side ahead; None when level."""
        if points[0] == points[1]:
            return None
        return 0 if points[0] > points[1] else 1

    def plan_with_cut(self, event: EventLike, table: int, side: int | None) -> dict[str, Any]:
        """The event's plan with the director's cut of a level table kept (`side`; None: with
        none). Only a format with `cuts` keeps any."""
        raise NotImplementedError(f"{self.name} breaks no level table by a cut")

    # Ranking -------------------------------------------------------------------------------

    def rank_by(self, event: EventLike) -> str:
        return str(getattr(self.options(event), "rank_by", standings.TOTAL))

    def loner_bonus(self, event: EventLike) -> int:
        return int(getattr(self.options(event), "loner_bonus", 0))

    def credit(self, event: EventLike) -> str:
        """What a bye earns: the event's sit-out credit, none in a format that refuses it."""
        return standings.NO_CREDIT if self.sit_out_refusal else str(event.sit_out_credit)

    def scoring(self, event: EventLike) -> Scoring:
        prizes = event.side_prizes
        # A value kept from before on a format that takes none is read, never counted.
        win_at_time = event.time_called_win_points if self.time_called_win_taken else None
        return Scoring(
            teams=self.teams,
            credit=self.credit(event),
            credit_points=int(event.sit_out_points),
            seed=int(event.seed),
            bracket=not self.side_prizes_given,
            hands=event.entry == HANDS,
            time_called_win=None if win_at_time is None else int(win_at_time),
            rank_by=self.rank_by(event),
            loner_bonus=self.loner_bonus(event),
            side_prizes=frozenset(
                standings.SIDE_PRIZES if prizes is None else (str(p) for p in prizes)
            ),
            tie_breaks=self.tie_breaks,
        )

    def rank(
        self,
        event: EventLike,
        *,
        rows: Sequence[StandingRow],
        lines: Sequence[Line],
        byes: Sequence[Bye],
        complete: set[int],
    ) -> Ranked:
        """The standings: the rows ranked from the confirmed lines and the byes of the
        complete rounds (`scorekeeper.events.ranking.standings`); before any result, every
        row by name with no rank."""
        ranked = standings.rank(
            self.scoring(event), rows=rows, lines=lines, byes=byes, complete=complete
        )
        if not lines:
            return Ranked(standings.unranked(ranked.rows), ranked.side_prizes)
        return ranked

    def places(self, event: EventLike, ranked: Sequence[StandingRow]) -> list[tuple[int, int]]:
        """The places each ranked row covers (rows only the coin flip told apart share)."""
        return standings.shared_places(self.scoring(event), ranked)

    def shown(self, event: EventLike) -> Shown:
        rank_by = standings.TOTAL if self.teams else self.rank_by(event)
        return Shown(
            teams=self.teams,
            ranked_by=standings.MATCH_POINTS if self.teams else standings.RANKED_BY[rank_by],
            rank_by=rank_by,
            loner_bonus=self.loner_bonus(event),
            tie_breaks=self.tie_breaks,
            columns=self.columns,
            hands=event.entry == HANDS,
            credited=self.credit(event) != standings.NO_CREDIT,
        )
