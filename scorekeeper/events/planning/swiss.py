"""Swiss pairings for teams, in plain Python: who meets whom in the next round.

The first round is paired by seed, the top half against the bottom half (1 v 9, 2 v 10, ...
of sixteen). Every later round pairs from the top of the standings: each team, highest
first, meets the nearest-scored team below it that it has not met; among teams equally near,
the one that leaves the fewest teams to float out of their score group (looking ahead, as a
director does on paper: where every score group can pair within itself, every team meets one
of its own score), then the one that leaves the fewest teams with nobody of their own score
they have not met (a group of three floats one team whatever is chosen, but which), then the
highest-ranked. A rematch is made only when no pairing
of the whole round avoids it, and then as few as can be. With an odd number of teams the
lowest-ranked team that has not had a bye has it (at most one each), unless giving it to
another avoids a rematch.

Whether the rest of a round can still be paired without (more) rematches is a question of
matchings: teams are the points of a graph, two joined when they have not met, and the rest
is pairable exactly when that graph has a perfect matching (`maximum_matching`, Edmonds'
blossom algorithm). So each choice is checked before it is made and the walk never gets stuck,
which is what backtracking would find, without its worst case.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

Pair = tuple[int, int]


@dataclass(frozen=True)
class Pairing:
    """A round: its pairs, the higher-ranked team first, from the top; and the bye (None:
    an even number of teams)."""

    pairs: tuple[Pair, ...]
    bye: int | None = None


def first_round(seeded: Sequence[int]) -> Pairing:
    """By seed, best first: with an odd count the lowest seed has the bye, then the top half
    meets the bottom half, seed for seed."""
    teams = list(dict.fromkeys(seeded))
    if len(teams) < 2:
        raise ValueError("a Swiss round needs two teams")
    bye = teams.pop() if len(teams) % 2 else None
    half = len(teams) // 2
    return Pairing(tuple(zip(teams[:half], teams[half:], strict=True)), bye)


def next_round(
    ranked: Sequence[int],
    scores: Mapping[int, int],
    met: Collection[frozenset[int]],
    had_bye: Collection[int],
) -> Pairing:
    """The next round for the teams ``ranked`` (best first, as the standings order them),
    with their match points ``scores``, the pairs that have ``met``, and the teams that have
    ``had_bye`` (once for each bye)."""
    teams = list(dict.fromkeys(ranked))
    if len(teams) < 2:
        raise ValueError("a Swiss round needs two teams")
    apart = _Apart(met)
    bye = None
    if len(teams) % 2:
        # The lowest-ranked without a bye, unless another's bye avoids a rematch; every
        # team has had one only when a night outlasts its teams: then the lowest of those
        # with the fewest.
        byes = Counter(had_bye)
        fewest = min(byes[t] for t in teams)
        waiting = [t for t in reversed(teams) if byes[t] == fewest]
        bye = apart.fewest_by_bye(teams, waiting)
        teams.remove(bye)
    return Pairing(tuple(_from_the_top(teams, scores, apart)), bye)


def _from_the_top(teams: list[int], scores: Mapping[int, int], apart: _Apart) -> list[Pair]:
    """Pair from the top: each team with a team below it that it has not met (one it has met
    only where a rematch cannot be avoided), the nearest-scored, then the one leaving the
    fewest teams that cannot meet their own score, then the highest-ranked; a choice only
    where the rest can still be paired with the fewest rematches."""
    budget = apart.rematches(teams)
    pairs = []
    rest = list(teams)
    while rest:
        top, below = rest[0], rest[1:]
        best: tuple[int, int, int, int, int] | None = None
        for i, other in enumerate(below):
            cost = int(apart.met(top, other))
            gap = abs(scores.get(top, 0) - scores.get(other, 0))
            if cost > budget or (best is not None and (cost, gap) > best[:2]):
                continue  # (a team met, or farther, than one already found)
            left = below[:i] + below[i + 1 :]
            if apart.rematches(left) > budget - cost:
                continue
            floats = apart.floats(left, scores)
            if best is not None and (cost, gap, floats) > best[:3]:
                continue
            stranded = apart.stranded(left, scores)
            if best is None or (cost, gap, floats, stranded) < best[:4]:
                best = (cost, gap, floats, stranded, i)
        if best is None:  # pragma: no cover - the budget is always reachable
            raise AssertionError("no pairing within the rematches counted")
        i = best[4]
        pairs.append((top, below[i]))
        budget -= int(apart.met(top, below[i]))
        rest = below[:i] + below[i + 1 :]
    return pairs


class _Apart:
    """The pairs that have met, and how many rematches a set of teams must make at least."""

    def __init__(self, met: Collection[frozenset[int]]) -> None:
        self._met: dict[int, set[int]] = {}
        for two in met:
            for a in two:
                self._met.setdefault(a, set()).update(two - {a})

    def met(self, a: int, b: int) -> bool:
        return b in self._met.get(a, ())

    def fewest_by_bye(self, teams: Sequence[int], waiting: Sequence[int]) -> int:
        """The first of ``waiting`` whose bye leaves the rest the fewest rematches (none is
        fewest: the search stops at the first such team)."""
        best, least = waiting[0], -1
        for team in waiting:
            cost = self.rematches([u for u in teams if u != team])
            if least == -1 or cost < least:
                best, least = team, cost
            if least == 0:
                break
        return best

    def floats(self, teams: Sequence[int], scores: Mapping[int, int]) -> int:
        """How many of ``teams`` cannot meet a team of their own score that they have not met
        (each score group less twice the most pairs it makes without a rematch): the fewest
        that float to another group. None float exactly when every group pairs within itself
        without a rematch."""
        return sum(len(group) - 2 * self.pairs_within(group) for group in _by_score(teams, scores))

    def stranded(self, teams: Sequence[int], scores: Mapping[int, int]) -> int:
        """How many of ``teams`` have met every other team of their own score (or have none):
        nobody of their own score is left for them."""
        return sum(
            1
            for group in _by_score(teams, scores)
            for team in group
            if all(other == team or self.met(team, other) for other in group)
        )

    def pairs_within(self, teams: Sequence[int]) -> int:
        """The most pairs of ``teams`` that have not met."""
        if len(teams) < 2:
            return 0
        return len(teams) // 2 - self.rematches(teams)

    def rematches(self, teams: Sequence[int]) -> int:
        """Half the teams, less the most pairs of them that have not met."""
        if self._pair_greedily(teams):
            return 0
        edges = [
            (n, n + 1 + k)
            for n, a in enumerate(teams)
            for k, b in enumerate(teams[n + 1 :])
            if b not in self._met.get(a, ())
        ]
        matched = maximum_matching(len(teams), edges)
        return len(teams) // 2 - sum(1 for v, u in enumerate(matched) if u > v)

    def _pair_greedily(self, teams: Sequence[int]) -> bool:
        """Whether each of ``teams``, in order, finds a later one free that it has not met:
        then they pair with no rematch at all. Teams have met few of the others, so this is
        almost always so, and found in one pass where the whole matching looks at every pair."""
        free = [True] * len(teams)
        for n, a in enumerate(teams):
            if not free[n]:
                continue
            met = self._met.get(a, ())
            k = next((k for k in range(n + 1, len(teams)) if free[k] and teams[k] not in met), -1)
            if k == -1:
                return n == len(teams) - 1  # (the odd one out of an odd count)
            free[n] = free[k] = False
        return True


def maximum_matching(count: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """A maximum matching of the graph on points ``0`` to ``count - 1``: each point's mate,
    or -1 (Edmonds' blossom algorithm: grow alternating trees from each free point, shrink
    odd cycles into their base, and flip the path found)."""
    near: list[list[int]] = [[] for _ in range(count)]
    for a, b in edges:
        if a != b:
            near[a].append(b)
            near[b].append(a)
    mate = [-1] * count
    for v in range(count):  # a greedy start: most points are matched before any search
        if mate[v] == -1:
            free = next((u for u in near[v] if mate[u] == -1), -1)
            if free != -1:
                mate[v], mate[free] = free, v
    for root in range(count):
        if mate[root] == -1:
            end, parent = _augmenting_path(root, near, mate)
            while end != -1:
                back = parent[end]
                after = mate[back]
                mate[end], mate[back] = back, end
                end = after
    return mate


def _augmenting_path(root: int, near: list[list[int]], mate: list[int]) -> tuple[int, list[int]]:
    """A free point reached from ``root`` by an alternating path (-1: none), and the tree's
    parents to walk it back."""
    count = len(near)
    parent = [-1] * count
    base = list(range(count))
    used = [False] * count
    used[root] = True
    queue = [root]

    def common_base(a: int, b: int) -> int:
        seen = [False] * count
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, stop: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stop:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in near[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                stop = common_base(v, to)
                blossom = [False] * count
                mark(v, stop, to, blossom)
                mark(to, stop, v, blossom)
                for i in range(count):
                    if blossom[base[i]]:
                        base[i] = stop
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    return to, parent
                used[mate[to]] = True
                queue.append(mate[to])
    return -1, parent


def _by_score(teams: Sequence[int], scores: Mapping[int, int]) -> list[list[int]]:
    """``teams`` in their score groups (each in the order given)."""
    groups: dict[int, list[int]] = {}
    for team in teams:
        groups.setdefault(scores.get(team, 0), []).append(team)
    return list(groups.values())
