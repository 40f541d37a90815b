"""Knockouts in plain Python: single and double elimination with byes for any number of teams,
an optional third-place match, a grand final with an optional reset, and best-of-three
matches.

The bracket is planned once from the number of teams (:func:`plan`): every match names where
its two sides come from (a seed, or the winner or loser of an earlier match). What happened
is derived, never stored: :func:`resolve` plays the games entered so far into that plan and
says who is where, who won, who is out and which matches are to be played next. A seed
missing from a bracket that is not full is a bye: a match against it is won without a game,
so the top seeds get the byes, and in a double elimination the losers' bracket passes the
byes on the same way.

A match is won by the first side to win ``best_of // 2 + 1`` games; each game is one table's
result. Matches are played in stages (one game of every open match of the earliest stage a
round), so a round of the night is a round of the bracket, as clubs run them on paper.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple

from scorekeeper.events.planning.team_rounds import bracket_order, bracket_size

SINGLE: Final = "single"
DOUBLE: Final = "double"
KINDS: Final = (SINGLE, DOUBLE)
BEST_OF: Final = (1, 3)

#: The parts of a bracket, as the chart groups them.
WINNERS: Final = "winners"
LOSERS: Final = "losers"
GRAND_FINAL: Final = "grand-final"
RESET: Final = "reset"
THIRD_PLACE: Final = "third-place"

#: What a match is doing: waiting for a side, to be played, won over the board, won
#: without a game (a bye, or a walkover when a team withdrew), or not needed (a reset when
#: the winners' bracket champion took the grand final).
Status = Literal["waiting", "open", "won", "bye", "walkover", "not-needed"]


class KnockoutError(ValueError):
    """The options or the teams make no bracket."""


@dataclass(frozen=True, slots=True)
class Options:
    kind: str = SINGLE
    third_place: bool = False  # single elimination: the semi-finals' losers play for third
    best_of: int = 1
    reset: bool = True  # double elimination: a second grand final if the winners' champion loses

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise KnockoutError(f"a knockout is {' or '.join(KINDS)} elimination")
        if self.best_of not in BEST_OF:
            raise KnockoutError("a match is one game or the best of three")

    @property
    def to_win(self) -> int:
        return self.best_of // 2 + 1


class Source(NamedTuple):
    """Where a side comes from: ``("seed", 3)``, ``("winner", "W1-2")``, ``("loser", "W1-2")``."""

    kind: Literal["seed", "winner", "loser"]
    ref: int | str


@dataclass(frozen=True, slots=True)
class Planned:
    """One match of the plan. ``key`` names it for good: ``W2-1`` is the winners' bracket's
    second round's first match, ``L3-2`` the losers', ``GF`` and ``GF2`` the grand final and
    its reset, ``3P`` the match for third place."""

    key: str
    part: str
    round: int
    index: int
    sources: tuple[Source, Source]
    stage: int  # when it is played: one more than the latest match it waits for


def _wb_key(rnd: int, index: int) -> str:
    return f"W{rnd}-{index}"


def _lb_key(rnd: int, index: int) -> str:
    return f"L{rnd}-{index}"


def plan(count: int, options: Options) -> list[Planned]:
    """The bracket for ``count`` teams, in the order its matches are played (by stage)."""
    size = bracket_size(count)
    depth = size.bit_length() - 1  # the winners' bracket's rounds
    order = bracket_order(size)
    sources: list[tuple[str, str, int, int, tuple[Source, Source]]] = []
    for i in range(size // 2):
        pair = (Source("seed", order[2 * i]), Source("seed", order[2 * i + 1]))
        sources.append((_wb_key(1, i + 1), WINNERS, 1, i + 1, pair))
    for rnd in range(2, depth + 1):
        for i in range(size >> rnd):
            before = (_wb_key(rnd - 1, 2 * i + 1), _wb_key(rnd - 1, 2 * i + 2))
            pair = (Source("winner", before[0]), Source("winner", before[1]))
            sources.append((_wb_key(rnd, i + 1), WINNERS, rnd, i + 1, pair))
    final = _wb_key(depth, 1)
    if options.kind == SINGLE:
        if options.third_place and depth >= 2:
            semis = (_wb_key(depth - 1, 1), _wb_key(depth - 1, 2))
            pair = (Source("loser", semis[0]), Source("loser", semis[1]))
            sources.append(("3P", THIRD_PLACE, 1, 1, pair))
    else:
        losers_champion = _losers_bracket(sources, size, depth) or Source("loser", final)
        pair = (Source("winner", final), losers_champion)
        sources.append(("GF", GRAND_FINAL, 1, 1, pair))
        if options.reset:
            # Played only when the winners' champion lost the grand final: it keeps seats 0
            # and 2 in the reset, as in the grand final.
            pair = (Source("loser", "GF"), Source("winner", "GF"))
            sources.append(("GF2", RESET, 1, 1, pair))
    stages: dict[str, int] = {}
    planned = []
    for key, part, rnd, index, pair in sources:
        stages[key] = 1 + max((stages[str(s.ref)] for s in pair if s.kind != "seed"), default=0)
        planned.append(Planned(key, part, rnd, index, pair, stages[key]))
    return sorted(planned, key=lambda m: m.stage)


def _losers_bracket(
    sources: list[tuple[str, str, int, int, tuple[Source, Source]]], size: int, depth: int
) -> Source | None:
    """Add the losers' bracket: the first round's losers meet each other; then each round
    of the winners' bracket drops its losers in against the losers' bracket's winners (in
    reverse order every other round, so two teams do not meet again at once), and the
    survivors meet each other. Its champion, or None when there is no losers' bracket."""
    if depth < 2:
        return None
    rnd = 1
    last: list[str] = []
    for i in range(size // 4):
        pair = (Source("loser", _wb_key(1, 2 * i + 1)), Source("loser", _wb_key(1, 2 * i + 2)))
        last.append(_lb_key(rnd, i + 1))
        sources.append((last[-1], LOSERS, rnd, i + 1, pair))
    for wb_round in range(2, depth + 1):
        rnd += 1
        dropped = [_wb_key(wb_round, i + 1) for i in range(size >> wb_round)]
        if wb_round % 2 == 0:
            dropped.reverse()
        current = []
        for i, (survivor, loser) in enumerate(zip(last, dropped, strict=True)):
            current.append(_lb_key(rnd, i + 1))
            pair = (Source("winner", survivor), Source("loser", loser))
            sources.append((current[-1], LOSERS, rnd, i + 1, pair))
        last = current
        if len(last) > 1:
            rnd += 1
            current = []
            for i in range(len(last) // 2):
                current.append(_lb_key(rnd, i + 1))
                pair = (Source("winner", last[2 * i]), Source("winner", last[2 * i + 1]))
                sources.append((current[-1], LOSERS, rnd, i + 1, pair))
            last = current
    return Source("winner", last[0])


class Game(NamedTuple):
    """One game of a match, as a table's result: the two teams and their points, in the
    table's order (the first team sat in seats 0 and 2), and the side that won it where the
    result says so (a game's own rule may crown the side behind: Bid Euchre's made bid)."""

    match: str
    teams: tuple[int, int]
    points: tuple[int, int]
    won: int | None = None

    @property
    def winner(self) -> int:
        if self.won is not None:
            return self.teams[self.won]
        return self.teams[0] if self.points[0] > self.points[1] else self.teams[1]


#: A side not known yet (its match is still to be decided).
WAITING: Final = -1


@dataclass(slots=True)
class MatchState:
    """A match as it stands. A side is a team id, None for a bye, or WAITING."""

    planned: Planned
    sides: tuple[int | None, int | None] = (WAITING, WAITING)
    wins: list[int] = field(default_factory=lambda: [0, 0])
    games: list[Game] = field(default_factory=list)
    status: Status = "waiting"
    winner: int | None = WAITING
    loser: int | None = WAITING
    winner_to: str | None = None
    loser_to: str | None = None

    @property
    def key(self) -> str:
        return self.planned.key

    @property
    def decided(self) -> bool:
        return self.status in ("won", "bye", "walkover", "not-needed")


@dataclass(frozen=True, slots=True)
class Bracket:
    options: Options
    teams: tuple[int, ...]  # best seed first
    matches: list[MatchState]
    champion: int | None
    places: dict[int, int]  # team -> final place, for the teams that are out (and the champion)
    stage: int | None  # the stage being played; None once the bracket is complete
    stray: list[Game]  # games that no longer fit the bracket (a corrected earlier result)

    @property
    def complete(self) -> bool:
        return self.stage is None

    def match(self, key: str) -> MatchState:
        return next(m for m in self.matches if m.key == key)

    @property
    def to_play(self) -> list[MatchState]:
        """The matches whose next game is seated in the coming round."""
        return [m for m in self.matches if m.status == "open" and m.planned.stage == self.stage]

    def byes_at(self, stage: int) -> list[int]:
        """The teams that went through a match of this stage without a game."""
        teams = []
        for m in self.matches:
            won = m.winner
            if m.planned.stage == stage and m.status in ("bye", "walkover") and won and won > 0:
                teams.append(won)
        return teams


def resolve(
    teams: Sequence[int],
    games: Iterable[Game],
    options: Options,
    *,
    withdrawn: Iterable[int] = (),
) -> Bracket:
    """Play ``games`` (in the order they were played) into the bracket of ``teams`` (best
    seed first). A team that ``withdrawn`` lists loses its undecided matches by walkover."""
    seeds = tuple(dict.fromkeys(teams))
    if len(seeds) < 2:
        raise KnockoutError("a bracket needs two teams")
    out = set(withdrawn)
    states = {p.key: MatchState(p) for p in plan(len(seeds), options)}
    for state in states.values():
        for source in state.planned.sources:
            if source.kind == "winner":
                states[str(source.ref)].winner_to = state.key
            elif source.kind == "loser":
                states[str(source.ref)].loser_to = state.key
    by_match: dict[str, list[Game]] = defaultdict(list)
    for game in games:
        by_match[game.match].append(game)
    stray: list[Game] = [g for key, gs in by_match.items() if key not in states for g in gs]
    for state in states.values():
        sides = tuple(_side(source, seeds, states) for source in state.planned.sources)
        state.sides = (sides[0], sides[1])
        stray += _settle(state, by_match.get(state.key, []), options, out, states)
    matches = list(states.values())
    open_stages = [m.planned.stage for m in matches if not m.decided]
    champion = _champion(matches, options)
    return Bracket(
        options=options,
        teams=seeds,
        matches=matches,
        champion=champion,
        places=_places(seeds, matches, champion, states, options),
        stage=min(open_stages) if open_stages else None,
        stray=stray,
    )


def _side(source: Source, seeds: Sequence[int], states: dict[str, MatchState]) -> int | None:
    if source.kind == "seed":
        number = int(source.ref)
        return seeds[number - 1] if number <= len(seeds) else None
    earlier = states[str(source.ref)]
    if not earlier.decided:
        return WAITING
    return earlier.winner if source.kind == "winner" else earlier.loser


def _settle(
    state: MatchState,
    games: list[Game],
    options: Options,
    out: set[int],
    states: dict[str, MatchState],
) -> list[Game]:
    """Decide the match as far as its sides and games allow; the games that do not fit."""
    a, b = state.sides
    if WAITING in (a, b):
        return games
    if state.planned.part == RESET and states["GF"].winner == states["GF"].sides[0]:
        final = states["GF"]  # (the reset is not needed: the final's result stands)
        state.status, state.winner, state.loser = "not-needed", final.winner, final.loser
        return games
    if a is None or b is None:
        state.status, state.winner, state.loser = "bye", (a if b is None else b), None
        return games
    stray = []
    for game in games:
        if state.decided or set(game.teams) != {a, b} or game.points[0] == game.points[1]:
            stray.append(game)
            continue
        state.games.append(game)
        state.wins[0 if game.winner == a else 1] += 1
        if max(state.wins) >= options.to_win:
            first_won = state.wins[0] > state.wins[1]
            state.status = "won"
            state.winner, state.loser = (a, b) if first_won else (b, a)
    if not state.decided and (a in out or b in out):
        state.status = "walkover"
        if a in out and b in out:
            state.winner, state.loser = None, None
        else:
            state.winner, state.loser = (b, a) if a in out else (a, b)
    elif not state.decided:
        state.status = "open"
    return stray


def _champion(matches: list[MatchState], options: Options) -> int | None:
    by_key = {m.key: m for m in matches}
    if options.kind == SINGLE:
        final = max(
            (m for m in matches if m.planned.part == WINNERS), key=lambda m: m.planned.round
        )
        return final.winner if final.decided else None
    last = by_key.get("GF2")
    if last is not None and last.status != "not-needed":
        return last.winner if last.decided else None
    return by_key["GF"].winner if by_key["GF"].decided else None


def _final(matches: list[MatchState], options: Options) -> set[str]:
    """The matches whose loser is second: the final, or the grand final and its reset."""
    if options.kind == DOUBLE:
        return {"GF", "GF2"}
    depth = max(m.planned.round for m in matches if m.planned.part == WINNERS)
    return {_wb_key(depth, 1)}


def _places(
    teams: Sequence[int],
    matches: list[MatchState],
    champion: int | None,
    states: dict[str, MatchState],
    options: Options,
) -> dict[int, int]:
    """Final places: teams knocked out later rank higher, and those knocked out at the same
    stage share a place; the finals' and the third-place match's losers rank as played."""
    last_stage = 1 + max(m.planned.stage for m in matches)
    finals = _final(matches, options)
    ranks: dict[int, tuple[int, int]] = {}
    if champion is not None and champion != WAITING:
        ranks[champion] = (last_stage, 3)
    for m in matches:
        loser, winner = m.loser, m.winner
        if m.planned.part == THIRD_PLACE and m.decided and winner is not None and winner != WAITING:
            ranks[winner] = (last_stage, 1)  # third, over the board or by a bye
        if m.status not in ("won", "walkover") or loser is None or loser == WAITING:
            continue
        onward = states.get(m.loser_to) if m.loser_to else None
        if onward is not None and onward.status != "not-needed":
            continue  # a second life: the losers' bracket, the reset, the third-place match
        if m.key in finals:
            ranks[loser] = (last_stage, 2)
        elif m.planned.part == THIRD_PLACE:
            ranks[loser] = (last_stage, 0)
        else:
            ranks[loser] = (m.planned.stage, 0)
    keys = sorted(ranks.values(), reverse=True)
    alive = len(teams) - len(ranks)  # still in: above everyone who is out
    return {team: 1 + alive + sum(1 for k in keys if k > rank) for team, rank in ranks.items()}


def stages(count: int, options: Options) -> int:
    """The most rounds the bracket can take: a round a game for each stage that has a match
    to play (a stage of byes takes none), every match going the distance and the reset
    played."""
    empty: dict[str, tuple[bool, bool]] = {}  # key -> (its winner is a bye, its loser is)
    played: set[int] = set()
    for m in plan(count, options):
        byes = []
        for source in m.sources:
            if source.kind == "seed":
                byes.append(int(source.ref) > count)
            else:
                winner_bye, loser_bye = empty[str(source.ref)]
                byes.append(winner_bye if source.kind == "winner" else loser_bye)
        empty[m.key] = (all(byes), any(byes))
        if not any(byes):
            played.add(m.stage)
    return len(played) * options.best_of


__all__ = [
    "BEST_OF",
    "DOUBLE",
    "GRAND_FINAL",
    "KINDS",
    "LOSERS",
    "RESET",
    "SINGLE",
    "THIRD_PLACE",
    "WAITING",
    "WINNERS",
    "Bracket",
    "Game",
    "KnockoutError",
    "MatchState",
    "Options",
    "Planned",
    "Source",
    "plan",
    "resolve",
    "stages",
]
