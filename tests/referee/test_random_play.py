"""Every hand a random legal player plays through ``HandState``, under every preset and the
options of six-handed Euchre and Bid Euchre, is judged ``ok`` and complete, with the award an
independent reading of its record gives: the contract read from the bids, each trick's winner
from the cards, and the points from the spec's scoring tables (v1 "Award", v1.1 A.5 and B.5).
Nothing here asks the referee how to score.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee import Action, Bid, HandState, Ruleset
from tests.referee.shared import read_jsonl

RULESETS: dict[str, object] = {
    **{name: name for name in referee.PRESETS},
    "six-handed-joker": {"preset": "six-handed", "deck": 33},
    "six-handed-call-one": {"preset": "six-handed", "call_for_best": "one"},
    "six-handed-call-each-defend": {
        "preset": "six-handed",
        "call_for_best": "each",
        "defend_alone": True,
    },
    "six-handed-redeal-left-of-loner": {
        "preset": "six-handed",
        "stuck_dealer": "redeal",
        "loner_lead": "left-of-loner",
    },
    "bid-euchre-32": {"preset": "bid-euchre", "deck": 32},
    "bid-euchre-high-low-loner": {
        "preset": "bid-euchre",
        "no_trump": "high-low",
        "lone_bids": "moon-loner",
        "moon_exchange": 2,
    },
    "bid-euchre-until-passed-redeal": {
        "preset": "bid-euchre",
        "bid_rounds": "until-passed",
        "stuck_dealer": "redeal",
        "bid_scoring": "bid",
    },
    "bid-euchre-plain": {
        "preset": "bid-euchre",
        "no_trump": "off",
        "lone_bids": "none",
        "min_bid": 1,
    },
    "bid-euchre-moon-without-exchange": {"preset": "bid-euchre", "moon_exchange": 0},
}
PARSED = {name: Ruleset.parse(value) for name, value in RULESETS.items()}


# -- a random legal player ---------------------------------------------------------------------


def choose(options: list[Action], rng: random.Random) -> Action:
    """A random legal action; an auction's bids by their words first (pass, a number, a moon),
    then the trump the bid names, so that every kind of contract comes up."""
    words = sorted({a.word for a in options if isinstance(a, Bid)})
    if len(words) > 1:
        word = rng.choice(words)
        return rng.choice([a for a in options if isinstance(a, Bid) and a.word == word])
    return rng.choice(options)


def play(ruleset: Ruleset, seed: int) -> HandState:
    rng = random.Random(seed)
    state = HandState.deal(ruleset, dealer=rng.randrange(ruleset.players), rng=rng)
    while not state.is_over:
        defend = state.defend_alone_options()
        if defend and rng.random() < 0.3:
            state.apply(rng.choice(defend))
        else:
            state.apply(choose(state.legal_actions(), rng))
    return state


# -- the rules, read independently -------------------------------------------------------------

RANKS = "789TJQKA"
COLOUR_MATE = {"C": "S", "S": "C", "D": "H", "H": "D"}


def team(players: int, seat: int) -> int:
    """Alternate seats play together at a table of four or six; else each seat alone."""
    return seat % 2 if players in (4, 6) else seat


def suit_of(card: str, trump: str | None) -> str:
    if card == "JOKER":
        assert trump is not None
        return trump
    if trump is not None and card[0] == "J" and card[1] == COLOUR_MATE[trump]:
        return trump
    return card[1]


def power(card: str, led: str, trump: str | None, no_trump: str | None) -> int:
    if trump is not None:
        if card == "JOKER":
            return 300
        if card == "J" + trump:
            return 200
        if suit_of(card, trump) == trump:
            return 199 if card[0] == "J" else 100 + RANKS.index(card[0])
    if suit_of(card, trump) != led:
        return -1
    return len(RANKS) - RANKS.index(card[0]) if no_trump == "low" else RANKS.index(card[0])


def contract_from_bids(record: dict[str, Any]) -> dict[str, Any] | None:
    """The making bid of a turn-up game, or an auction's highest bid and its trump."""
    rules = record["ruleset"]
    contract: dict[str, Any] | None = None
    if rules["bidding"] == "turn-up":
        for said in record["bids"]:
            if said["action"] in ("order-up", "call"):
                suit = said.get("suit") or record["upcard"][-1]
                contract = {"maker": said["seat"], "trump": suit, "no_trump": None}
                contract |= {"alone": said.get("alone", False), "defender": None}
            elif said["action"] == "defend-alone" and contract is not None:
                contract["defender"] = said["seat"]
        return contract
    order = [str(n) for n in range(1, 9)] + ["moon", "loner"]
    best = None
    for said in record["bids"]:
        if said["action"] in ("bid", "moon", "loner"):
            rank = order.index(str(said.get("tricks", said["action"])))
            if best is None or rank > best[0]:
                best = (rank, said)
    if best is None:
        return None
    said = best[1]
    named = said
    for declared in record["bids"]:
        if declared["action"] == "declare":
            named = declared
    lone = said["action"] if said["action"] != "bid" else None
    return {
        "maker": said["seat"],
        "trump": named.get("suit"),
        "no_trump": named.get("no_trump"),
        "alone": lone is not None,
        "defender": None,
        "bid": said.get("tricks", rules["hand_size"]),
        "lone": lone,
    }


def scored(record: dict[str, Any]) -> tuple[str, dict[int, int]]:
    """The award of a finished record, from its bids and cards and the spec's tables: only
    the teams that score are listed."""
    reason, points = _scored(record)
    return reason, {t: p for t, p in points.items() if p}


def _scored(record: dict[str, Any]) -> tuple[str, dict[int, int]]:
    rules = record["ruleset"]
    points = rules["points"]
    players, size = rules["players"], rules["hand_size"]
    contract = contract_from_bids(record)
    if contract is None:
        return "thrown-in", {}
    trump, no_trump = contract["trump"], contract["no_trump"]
    makers = team(players, contract["maker"])
    maker_tricks = 0
    for trick in record["tricks"]:
        led = suit_of(trick[0]["card"], trump)
        winner = max(trick, key=lambda p: power(p["card"], led, trump, no_trump))["seat"]
        maker_tricks += team(players, winner) == makers
    assert len(record["tricks"]) == size
    others = [t for t in range(2 if players in (4, 6) else players) if t != makers]
    if rules["bidding"] == "auction":
        defended = size - maker_tricks
        lone = contract["lone"]
        if lone is not None:
            value = points[lone]
            if maker_tricks == size:
                return f"{lone}-made", {makers: value}
            return f"{lone}-set", {makers: -value, others[0]: defended}
        bid = contract["bid"]
        if maker_tricks >= bid:
            made = bid if rules["bid_scoring"] == "bid" else maker_tricks
            return "bid-made", {makers: made, others[0]: defended}
        return "bid-set", {makers: -bid, others[0]: defended}
    alone = contract["alone"]
    if maker_tricks == 5:
        return (
            ("lone-march", {makers: points["lone_march"]})
            if alone
            else (
                "march",
                {makers: points["march"]},
            )
        )
    if maker_tricks >= 3 and not (alone and points["lone_short_is_euchre"]):
        return (
            ("lone-make", {makers: points["lone_make"]})
            if alone
            else (
                "make",
                {makers: points["make"]},
            )
        )
    if contract["defender"] is not None:
        return "defend-alone-euchre", dict.fromkeys(others, points["defend_alone_euchre"])
    if alone:
        return "lone-euchre", dict.fromkeys(others, points["lone_euchre"])
    return "euchre", dict.fromkeys(others, points["euchre"])


# -- the property ------------------------------------------------------------------------------


def judged(state: HandState) -> tuple[referee.Verdict, dict[str, Any]]:
    record = json.loads(json.dumps(state.to_json()))
    return referee.check(record), record


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 2**32 - 1))
def test_every_hand_a_random_player_plays_is_ok_complete_and_scored_from_its_tricks(
    name: str, seed: int
) -> None:
    verdict, record = judged(play(PARSED[name], seed))
    assert verdict.ok, [(v.code, v.message) for v in verdict.violations]
    assert verdict.complete and verdict.next is None
    assert verdict.award is not None
    assert (verdict.award.reason, verdict.award.points) == scored(record)


@pytest.mark.parametrize(
    ("name", "reasons"),
    [
        ("six-handed", {"make", "euchre", "lone-euchre", "lone-make"}),
        ("six-handed-call-each-defend", {"lone-make", "defend-alone-euchre"}),
        ("bid-euchre", {"bid-made", "bid-set", "moon-set"}),
        ("bid-euchre-high-low-loner", {"loner-set", "moon-set", "bid-set"}),
        ("bid-euchre-until-passed-redeal", {"bid-made", "bid-set", "thrown-in"}),
    ],
)
def test_random_play_reaches_the_results_the_property_is_about(
    name: str, reasons: set[str]
) -> None:
    """The property above is not vacuous: random play makes and sets the contracts."""
    seen: Counter[str] = Counter()
    for seed in range(300):
        verdict, record = judged(play(PARSED[name], seed))
        assert verdict.award is not None
        seen[verdict.award.reason] += 1
        assert (verdict.award.reason, verdict.award.points) == scored(record)
    assert reasons <= set(seen), seen


EXAMPLES = [
    case
    for case in read_jsonl("spec", "examples-variants.jsonl")
    if case["verdict"]["ok"] and case["verdict"]["complete"]
]


@pytest.mark.parametrize("case", EXAMPLES, ids=[case["id"] for case in EXAMPLES])
def test_the_independent_reading_gives_the_worked_examples_awards(case: dict[str, Any]) -> None:
    """Guard: the reading above scores the spec's own finished examples as the spec does."""
    record = dict(case["record"], ruleset=Ruleset.parse(case["record"]["ruleset"]).to_json())
    award = case["verdict"]["award"]
    assert scored(record) == (award["reason"], {int(t): p for t, p in award["points"].items()})
    record["ruleset"]["points"] = dict(record["ruleset"]["points"], march=7, lone_march=7)
    record["ruleset"]["bid_scoring"] = "bid"
    assert scored(record) != (award["reason"], award["points"])
