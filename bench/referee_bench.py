"""Complete hands checked, and played through with their legal moves, per second: the referee
against OpenSpiel, on the OpenSpiel corpus.

    python bench/referee_bench.py [--rounds N] [--min-time SECONDS]

Both engines see the complete hands of ``shared/corpus/openspiel/cases.jsonl`` in the same
run, pinned to one core, in alternating rounds (best and median round shown):

- the referee gets each hand record as a parsed JSON dict and runs ``referee.check`` on it:
  reading the record and checking the deal, every bid, the discard and every play;
- OpenSpiel, like for like (the headline ratio), gets the same hand records: it turns each
  into its action list and replays it from a new state, checking every action, the deal
  included, against ``state.legal_actions()`` before applying it, then reads the returns;
- OpenSpiel on its home ground (a second ratio): action lists made beforehand, only the
  players' actions checked (the deal is applied unchecked).

Legal moves, the second line: each hand's actions applied one by one, its legal moves asked
at the deal and after each action, on the same positions in both engines:

- the referee, like for like (the headline ratio), gets each hand record as a parsed dict,
  reads it, starts a ``HandState`` at the deal and applies the record's bids, discard (the
  dealer's, when it plays) and plays (a read record's bids and plays are the typed actions),
  asking ``legal_actions()`` after each;
- OpenSpiel, like for like, gets the same records, turns each into its action list, applies
  the deal, then each action, asking ``state.legal_actions()`` after each;
- both on their home ground (a second ratio): states and actions made beforehand, the deal
  included in the time (a ``HandState`` from the dealt cards; OpenSpiel's deal applied).

The batch figures time JSON Lines text the way ``python -m referee check`` reads it (and the
command itself), and count the ``Ruleset`` objects built while a batch is checked: a batch
must not re-read the same ruleset for every line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT.parent / "shared" / "corpus" / "openspiel" / "cases.jsonl"
sys.path.insert(0, str(ROOT))

import referee  # noqa: E402
from tests.referee import openspiel_games as og  # noqa: E402

CHANCE_ACTIONS = 1 + og.SEATS * og.HAND_SIZE + 1  # dealer, deal, upcard


def load_complete_hands() -> list[dict[str, Any]]:
    if not CASES.is_file():
        sys.exit(f"the OpenSpiel corpus is missing: expected it at {CASES}")
    lines = CASES.read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines]
    return [case["record"] for case in cases if "-probe" not in case["id"]]


def referee_pass(records: list[dict[str, Any]]) -> None:
    check = referee.check
    for record in records:
        check(record)


def openspiel_pass(hands: list[tuple[Any, list[int]]]) -> None:
    for game, actions in hands:
        state = game.new_initial_state()
        for action in actions[:CHANCE_ACTIONS]:
            state.apply_action(action)
        for action in actions[CHANCE_ACTIONS:]:
            if action not in state.legal_actions():
                raise AssertionError(f"OpenSpiel refuses action {action}")
            state.apply_action(action)
        state.returns()


_GAMES: dict[tuple[tuple[str, Any], ...], Any] = {}


def openspiel_game(ruleset: dict[str, Any]) -> Any:
    """OpenSpiel's game for a ruleset, looked up once per distinct ruleset (as the referee does)."""
    key = tuple(sorted(ruleset.items()))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = og.variant_of_ruleset(ruleset).game()
    return game


def openspiel_like_for_like_pass(records: list[dict[str, Any]]) -> None:
    for record in records:
        state = openspiel_game(record["ruleset"]).new_initial_state()
        for action in og.actions_from_record(record):
            if action not in state.legal_actions():
                raise AssertionError(f"OpenSpiel refuses action {action}")
            state.apply_action(action)
        state.returns()


def referee_actions(record: referee.Record) -> list[referee.Action]:
    """A record's actions as ``HandState`` takes them, in order: its bids and plays are
    ``Bid`` and ``Play`` actions. (A dealer who sits out has no discard to make in a
    ``HandState``: its reported discard is left out.)"""
    actions: list[referee.Action] = list(record.bids or ())
    if record.discard is not None:
        state = referee.HandState(
            record.ruleset, dealer=record.dealer, hands=record.hands, upcard=record.upcard
        )
        for action in actions:
            state.apply(action)
        if state.phase is referee.Phase.DISCARD:
            actions.append(referee.DISCARDS[record.discard])
    actions += [play for trick in record.tricks for play in trick]
    return actions


def referee_legal_pass(records: list[dict[str, Any]]) -> None:
    parse = referee.parse_record
    for data in records:
        record = parse(data)
        assert record.upcard is not None
        state = referee.HandState(
            record.ruleset, dealer=record.dealer, hands=record.hands, upcard=record.upcard
        )
        legal = state.legal_actions
        legal()
        for bid in record.bids or ():
            state.apply(bid)
            legal()
        if record.discard is not None and state.phase is referee.Phase.DISCARD:
            state.apply(referee.DISCARDS[record.discard])
            legal()
        for trick in record.tricks:
            for play in trick:
                state.apply(play)
                legal()


def referee_legal_prepared(hands: list[tuple[Any, ...]]) -> None:
    for ruleset, dealer, dealt, upcard, actions in hands:
        state = referee.HandState(ruleset, dealer=dealer, hands=dealt, upcard=upcard)
        legal = state.legal_actions
        legal()
        for action in actions:
            state.apply(action)
            legal()


def openspiel_legal_prepared(hands: Iterable[tuple[Any, list[int]]]) -> None:
    for game, actions in hands:
        state = game.new_initial_state()
        for action in actions[:CHANCE_ACTIONS]:
            state.apply_action(action)
        state.legal_actions()
        for action in actions[CHANCE_ACTIONS:]:
            state.apply_action(action)
            state.legal_actions()


def openspiel_legal_pass(records: list[dict[str, Any]]) -> None:
    """The same, each record turned into its game and actions as the pass reaches it."""
    openspiel_legal_prepared(
        (openspiel_game(record["ruleset"]), og.actions_from_record(record)) for record in records
    )


def openspiel_hands(records: list[dict[str, Any]]) -> list[tuple[Any, list[int]]]:
    return [
        (og.variant_of_ruleset(r["ruleset"]).game(), og.actions_from_record(r)) for r in records
    ]


def batch_pass(lines: list[str]) -> None:
    check = referee.check
    for line in lines:
        check(json.loads(line))


def timed_round(work: Callable[[], None], hands: int, min_time: float) -> float:
    """Hands per second over one round of at least ``min_time`` seconds."""
    passes = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < min_time or passes == 0:
        work()
        passes += 1
        elapsed = time.perf_counter() - start
    return hands * passes / elapsed


def rulesets_built_while_checking(lines: list[str]) -> int:
    """How many ``Ruleset`` objects the referee builds while checking ``lines``. Run it before
    anything else is checked: a referee that reads each distinct ruleset once builds at most
    one per distinct ruleset, one that re-reads rulesets builds one per line."""
    original = referee.Ruleset.__init__
    built = 0

    def counting_init(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal built
        built += 1
        original(self, *args, **kwargs)

    referee.Ruleset.__init__ = counting_init  # type: ignore[method-assign]
    try:
        batch_pass(lines)
    finally:
        referee.Ruleset.__init__ = original  # type: ignore[method-assign]
    return built


def command_line_rate(lines: list[str]) -> float | None:
    """Hands per second of ``python -m referee check FILE`` on the batch, start-up included."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as batch:
        batch.write("\n".join(lines) + "\n")
    try:
        best = None
        for _ in range(3):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "referee", "check", batch.name],
                cwd=ROOT,
                capture_output=True,
                check=False,
            )
            elapsed = time.perf_counter() - start
            if done.returncode != 0:
                print(f"python -m referee check exited {done.returncode}: {done.stderr[-300:]!r}")
                return None
            best = elapsed if best is None else min(best, elapsed)
        return len(lines) / best if best else None
    finally:
        os.unlink(batch.name)


def pin_to_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--min-time", type=float, default=0.5, help="seconds per round")
    args = parser.parse_args()

    pinning = pin_to_one_core()
    records = load_complete_hands()
    hands = openspiel_hands(records)
    lines = [json.dumps(record) for record in records]
    rulesets_built = rulesets_built_while_checking(lines)
    distinct_rulesets = len({json.dumps(r["ruleset"], sort_keys=True) for r in records})

    # Both engines must judge every hand clean and finished, or the race means nothing.
    for record in records:
        verdict = referee.check(record)
        if not (verdict.ok and verdict.complete):
            sys.exit(f"the referee does not pass a corpus hand: {json.dumps(record)}")
    openspiel_pass(hands)

    openspiel_like_for_like_pass(records)
    parsed = [referee.parse_record(record) for record in records]
    states = [(r.ruleset, r.dealer, r.hands, r.upcard, referee_actions(r)) for r in parsed]
    shared_games = [(openspiel_game(r["ruleset"]), og.actions_from_record(r)) for r in records]
    referee_legal_pass(records)
    work = {
        "referee": lambda: referee_pass(records),
        "openspiel_like_for_like": lambda: openspiel_like_for_like_pass(records),
        "openspiel": lambda: openspiel_pass(hands),
        "referee_legal": lambda: referee_legal_pass(records),
        "openspiel_legal": lambda: openspiel_legal_pass(records),
        "referee_legal_prepared": lambda: referee_legal_prepared(states),
        "openspiel_legal_prepared": lambda: openspiel_legal_prepared(shared_games),
        "referee_jsonl": lambda: batch_pass(lines),
    }
    rates: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(args.rounds):
        for name, job in work.items():
            rates[name].append(timed_round(job, len(records), args.min_time))

    def show(label: str, name: str) -> tuple[float, float]:
        best, median = max(rates[name]), statistics.median(rates[name])
        print(f"{label:<52} best {best:>9,.0f} hands/s   median {median:>9,.0f} hands/s")
        return best, median

    print(
        f"{len(records)} complete hands from {CASES.name}; {args.rounds} rounds of "
        f">= {args.min_time} s each; {pinning}; Python {sys.version.split()[0]}"
    )
    ref_best, ref_median = show("referee.check(dict)", "referee")
    same_best, same_median = show(
        "OpenSpiel from the same records, every action checked", "openspiel_like_for_like"
    )
    print(
        f"ratio referee / OpenSpiel, like for like: best {ref_best / same_best:.2f}, "
        f"median {ref_median / same_median:.2f}"
    )
    os_best, os_median = show("OpenSpiel, prepared action lists, players' checked", "openspiel")
    print(
        f"ratio referee / OpenSpiel on prepared action lists: best {ref_best / os_best:.2f}, "
        f"median {ref_median / os_median:.2f}"
    )
    print()
    leg_best, leg_median = show(
        "HandState: each action applied, legal moves after it", "referee_legal"
    )
    os_leg_best, os_leg_median = show(
        "OpenSpiel: the same records, legal_actions() after each", "openspiel_legal"
    )
    print(
        f"ratio referee / OpenSpiel, legal moves like for like: best {leg_best / os_leg_best:.2f}, "
        f"median {leg_median / os_leg_median:.2f}"
    )
    prep_best, prep_median = show(
        "HandState, prepared states and actions", "referee_legal_prepared"
    )
    os_prep_best, os_prep_median = show(
        "OpenSpiel, prepared action lists", "openspiel_legal_prepared"
    )
    print(
        f"ratio referee / OpenSpiel, legal moves on prepared actions: best "
        f"{prep_best / os_prep_best:.2f}, median {prep_median / os_prep_median:.2f}"
    )
    print()
    show("referee.check(json.loads(line)) over JSON Lines", "referee_jsonl")
    print(
        f"Ruleset objects built while first checking the {len(lines)} JSON Lines: "
        f"{rulesets_built} ({distinct_rulesets} distinct rulesets among them)"
    )
    cli = command_line_rate(lines)
    if cli is not None:
        print(f"{'python -m referee check FILE (start-up included)':<52} best {cli:>9,.0f} hands/s")


if __name__ == "__main__":
    main()
