"""The knockout engine in plain Python: brackets played to the end, judged by counting losses,
matches and places."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events.planning.knockout import (
    DOUBLE,
    SINGLE,
    Bracket,
    Game,
    KnockoutError,
    Options,
    plan,
    resolve,
    stages,
)

#: Who wins a game: given the match's key, its two teams and the game's number in the match.
Pick = Callable[[str, int, int, int], int]


def best_seed(key: str, a: int, b: int, game: int) -> int:
    return min(a, b)


def underdog(key: str, a: int, b: int, game: int) -> int:
    return max(a, b)


def coin(seed: int) -> Pick:
    rng = random.Random(seed)
    return lambda key, a, b, game: rng.choice((a, b))


def play_out(count: int, options: Options, pick: Pick) -> tuple[Bracket, list[Game], int]:
    """Seat round after round as the night does (one game of each open match of the stage)
    until the bracket is complete: the bracket, the games and the rounds it took. Teams are
    numbered by seed, 1 the best."""
    teams = list(range(1, count + 1))
    games: list[Game] = []
    rounds = 0
    while True:
        bracket = resolve(teams, games, options)
        if bracket.complete:
            return bracket, games, rounds
        rounds += 1
        assert bracket.to_play, "an incomplete bracket always has a game to play"
        for match in bracket.to_play:
            a, b = match.sides
            assert a is not None and b is not None and a > 0 and b > 0
            winner = pick(match.key, a, b, len(match.games) + 1)
            games.append(Game(match.key, (a, b), (10, 6) if winner == a else (7, 10)))


def losses(bracket: Bracket) -> Counter[int]:
    return Counter(m.loser for m in bracket.matches if m.status == "won" and m.loser)


def played(bracket: Bracket) -> int:
    return sum(1 for m in bracket.matches if m.status == "won")


@pytest.mark.parametrize("count", [6, 9])
@pytest.mark.parametrize(
    "pick",
    [best_seed, underdog, coin(1), coin(2), coin(3)],
    ids=lambda p: getattr(p, "__name__", "coin"),
)
def test_a_double_elimination_with_byes_is_played_to_the_end(count: int, pick: Pick):
    bracket, _games, _rounds = play_out(count, Options(kind=DOUBLE), pick)
    lost = losses(bracket)
    champion = bracket.champion
    assert champion is not None
    # Every team but the champion is out after exactly two losses; the champion lost at
    # most once (then won the reset).
    assert all(lost[t] == 2 for t in range(1, count + 1) if t != champion)
    assert lost[champion] <= 1
    reset = bracket.match("GF2")
    assert (reset.status == "won") == (lost[champion] == 1)
    # The winners' champion sits in seats 0 and 2 in the grand final, and in its reset.
    final = bracket.match("GF")
    if reset.status == "won":
        assert reset.sides == (final.sides[0], final.sides[1]) == (final.loser, final.winner)
    # Each match played puts one loss on someone: 2n - 2 of them, one more with a reset.
    assert played(bracket) == 2 * count - 2 + (reset.status == "won")
    assert sorted(bracket.places.values())[:3] == [1, 2, 3]
    assert set(bracket.places) == set(range(1, count + 1))


def test_in_a_double_elimination_of_six_the_top_seeds_have_byes_in_both_brackets():
    bracket = resolve([11, 12, 13, 14, 15, 16], [], Options(kind=DOUBLE))
    assert [(m.key, m.sides) for m in bracket.to_play] == [("W1-2", (14, 15)), ("W1-4", (13, 16))]
    assert sorted(bracket.byes_at(1)) == [11, 12]
    # The losers of the first round meet nobody at once: their opponents are byes.
    assert [m.status for m in bracket.matches if m.key.startswith("L1-")] == ["waiting"] * 2


def test_the_winners_champion_who_takes_the_grand_final_needs_no_reset():
    bracket, _games, _rounds = play_out(6, Options(kind=DOUBLE), best_seed)
    assert bracket.champion == 1
    reset = bracket.match("GF2")
    assert reset.status == "not-needed"
    assert (reset.winner, reset.loser) == (bracket.match("GF").winner, bracket.match("GF").loser)
    assert played(bracket) == 2 * 6 - 2
    assert bracket.places[2] == 2


def test_without_a_reset_the_grand_final_decides():
    def losers_champion_wins(key: str, a: int, b: int, game: int) -> int:
        return b if key == "GF" else min(a, b)

    bracket, _games, _rounds = play_out(9, Options(kind=DOUBLE, reset=False), losers_champion_wins)
    assert [m.key for m in bracket.matches if m.key.startswith("GF")] == ["GF"]
    gf = bracket.match("GF")
    assert bracket.champion == gf.sides[1] and bracket.places[1] == 2
    assert losses(bracket)[1] == 1 and played(bracket) == 2 * 9 - 2


def test_a_single_elimination_with_a_third_place_match():
    bracket, _games, rounds = play_out(6, Options(kind=SINGLE, third_place=True), best_seed)
    assert played(bracket) == 6 - 1 + 1
    third = bracket.match("3P")
    assert sorted(third.sides) == [3, 4]  # the semi-finals' losers
    assert third.planned.stage == bracket.match("W3-1").planned.stage  # played beside the final
    assert bracket.places == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 5}
    assert rounds == 3


def test_without_a_third_place_match_the_semi_finalists_share_third():
    bracket, _games, _rounds = play_out(5, Options(kind=SINGLE), best_seed)
    assert played(bracket) == 4 and bracket.champion == 1
    assert bracket.places == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5}


def test_in_a_bracket_of_three_third_place_goes_to_the_one_semi_final_loser():
    bracket, _games, _rounds = play_out(3, Options(kind=SINGLE, third_place=True), best_seed)
    assert bracket.match("3P").status == "bye"
    assert bracket.places == {1: 1, 2: 2, 3: 3}


def test_best_of_three_is_won_by_the_first_to_two_games():
    def split(key: str, a: int, b: int, game: int) -> int:
        return (a, b)[game % 2]  # the second side wins game 1, the first games 2 and 3

    bracket, games, rounds = play_out(4, Options(kind=SINGLE, best_of=3), split)
    assert all(m.wins in ([2, 1], [1, 2]) for m in bracket.matches if m.status == "won")
    assert len(games) == 3 * 3 and rounds == 6 == stages(4, Options(best_of=3))
    sweep, sweep_games, _ = play_out(4, Options(kind=SINGLE, best_of=3), best_seed)
    assert len(sweep_games) == 3 * 2 and sweep.champion == 1


def test_a_best_of_three_match_stays_open_after_one_game():
    opts = Options(best_of=3)
    bracket = resolve([1, 2], [Game("W1-1", (1, 2), (10, 4))], opts)
    final = bracket.match("W1-1")
    assert final.status == "open" and final.wins == [1, 0] and bracket.to_play == [final]


def test_a_game_that_no_longer_fits_is_set_aside_not_counted():
    games = [Game("W1-1", (1, 4), (10, 4)), Game("W1-1", (1, 4), (10, 5))]
    bracket = resolve([1, 2, 3, 4], games, Options())
    assert bracket.stray == [games[1]] and bracket.match("W1-1").winner == 1


def test_a_withdrawn_team_loses_by_walkover():
    bracket = resolve([1, 2, 3, 4], [Game("W1-1", (1, 4), (10, 4))], Options(), withdrawn=[3])
    assert bracket.match("W1-2").status == "walkover" and bracket.match("W1-2").winner == 2
    assert [(m.key, m.sides) for m in bracket.to_play] == [("W2-1", (1, 2))]


def test_the_plan_counts_its_matches():
    assert len(plan(8, Options(kind=DOUBLE))) == 2 * 8 - 1
    assert len(plan(8, Options(kind=DOUBLE, reset=False))) == 2 * 8 - 2
    assert len(plan(2, Options(kind=DOUBLE))) == 3  # the final, the grand final, the reset
    assert len(plan(5, Options(third_place=True))) == 8


def test_options_are_checked():
    with pytest.raises(KnockoutError):
        Options(best_of=2)
    with pytest.raises(KnockoutError):
        Options(kind="triple")
    with pytest.raises(KnockoutError):
        resolve([1], [], Options())


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=20),
    kind=st.sampled_from([SINGLE, DOUBLE]),
    best_of=st.sampled_from([1, 3]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_any_bracket_ends_with_one_champion_and_the_right_number_of_matches(
    count: int, kind: str, best_of: int, seed: int
):
    options = Options(kind=kind, best_of=best_of)
    bracket, _games, rounds = play_out(count, options, coin(seed))
    lost = losses(bracket)
    assert bracket.champion is not None and not bracket.stray
    if kind == SINGLE:
        assert played(bracket) == count - 1
        assert all(lost[t] == 1 for t in range(1, count + 1) if t != bracket.champion)
    else:
        assert max(lost.values()) == 2 and lost[bracket.champion] <= 1
        assert played(bracket) in (2 * count - 2, 2 * count - 1)
    assert rounds <= stages(count, options)
    assert list(bracket.places.values()).count(1) == 1


def test_while_the_bracket_is_played_those_out_rank_below_everyone_still_in():
    games = [Game("W1-2", (4, 5), (10, 2)), Game("W1-4", (3, 6), (10, 8))]
    bracket = resolve([1, 2, 3, 4, 5, 6], games, Options())
    assert bracket.places == {5: 5, 6: 5}
