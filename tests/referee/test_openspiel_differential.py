"""The referee against DeepMind OpenSpiel's euchre, live, on fresh random hands every run.

For each of OpenSpiel's four parameter combinations, random legal hands are played in
OpenSpiel and written down as hand records. At every bid, discard and play the referee is
shown the record so far (all four dealt hands included) and must name the same seat and the
same legal choices as OpenSpiel; at the end it must find the same trick winners, contract,
maker tricks and points, and no violation.

The run's seed (tests/seeds.py) is in each test id. ``TEST_SEED=<seed>`` replays a run;
``REFEREE_DIFF_HANDS=<n>`` sets the number of hands per combination (default 500).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

import referee
from tests.referee import openspiel_games as og
from tests.referee.shared import read_jsonl
from tests.seeds import run_seed

SEED = run_seed()
HANDS_PER_VARIANT = int(os.environ.get("REFEREE_DIFF_HANDS") or 500)
MAX_REPORTED_HANDS = 3
MAX_REPORTED_LINES = 5


def expected_bids(decision: og.Decision) -> set[str]:
    """OpenSpiel's legal bids in the spec's words.

    OpenSpiel asks a maker "alone or with partner?" after the bid (and always offers both), so
    each of its suit calls stands for the plain and the alone bid of the spec.
    """
    bids = set()
    for action in decision.legal:
        if action == og.PASS:
            bids.add("pass")
        elif decision.round_one:
            bids |= {"order-up", "order-up-alone"}
        else:
            suit = og.suit_of_call(action)
            bids |= {f"call:{suit}", f"call:{suit}-alone"}
    return bids


PHASES = {og.BIDDING: "bidding", og.DISCARD: "discard", og.PLAY: "play"}


def disagreements_at(decision: og.Decision) -> list[str]:
    """What the referee says differently from OpenSpiel about the seat to act and its options."""
    if decision.phase == og.GO_ALONE:
        # The record cannot show a pending alone choice; the bid mapping relies on this offer.
        if sorted(decision.legal) != sorted([og.ALONE, og.WITH_PARTNER]):
            return [f"OpenSpiel offers {decision.legal} for going alone"]
        return []
    phase = PHASES[decision.phase]
    if phase == "bidding":
        openspiel_legal = expected_bids(decision)
    else:
        openspiel_legal = {og.card_name(action) for action in decision.legal}
    verdict = referee.check(decision.record)
    where = f"{phase} by seat {decision.seat}, after {json.dumps(decision.record)}"
    said: list[str] = []
    if not verdict.ok:
        said.append(f"referee found violations {verdict.to_json()['violations']}")
    nxt = verdict.next
    if nxt is None:
        return [*said, f"referee gives no next action ({where})"]
    referee_legal = None if nxt.legal is None else {str(choice) for choice in nxt.legal}
    if (nxt.seat, nxt.phase, referee_legal) != (decision.seat, phase, openspiel_legal):
        said.append(
            f"referee: seat {nxt.seat} {nxt.phase} {sorted(referee_legal or [])}; "
            f"OpenSpiel: seat {decision.seat} {phase} {sorted(openspiel_legal)}"
        )
    return [f"{line} ({where})" for line in said]


def disagreements_at_end(state: Any, record: og.Record) -> list[str]:
    verdict = referee.check(record).to_json()
    tricks = state.tricks() if state.declarer() >= 0 else []
    winners = [trick.winner() for trick in tricks]
    makers = state.declarer() % 2
    openspiel: dict[str, Any] = {
        "ok": True,
        "complete": True,
        "winners": winners,
        "award": {"reason": og.award_reason(state), "points": og.team_points(state.returns())},
        "contract": None,
        "maker_tricks": None,
    }
    if state.declarer() >= 0:
        openspiel["contract"] = {
            "trump": og.SUITS[state.trump_suit()],
            "maker": state.declarer(),
            "alone": bool(state.declarer_go_alone()),
            "defender_alone": state.lone_defender() if state.lone_defender() >= 0 else None,
        }
        openspiel["maker_tricks"] = sum(winner % 2 == makers for winner in winners)
    said = {
        "ok": verdict["ok"],
        "complete": verdict["complete"],
        "winners": [trick["winner"] for trick in verdict["tricks"]],
        "award": verdict["award"],
        "contract": verdict["contract"],
        "maker_tricks": verdict["maker_tricks"],
    }
    wrong = [
        f"{field}: referee {said[field]!r}, OpenSpiel {openspiel[field]!r}"
        for field in openspiel
        if said[field] != openspiel[field]
    ]
    if verdict["violations"]:
        wrong.append(f"violations: {verdict['violations']}")
    return wrong


def play_and_compare(variant: og.Variant, number: int) -> str | None:
    """Plays hand ``number`` of this run; a report of every disagreement, or None."""
    rng = random.Random(f"{SEED}/{variant.name}/{number}")
    found: list[str] = []

    def compare(state: Any, decision: og.Decision) -> None:
        try:
            found.extend(disagreements_at(decision))
        except Exception as error:  # a crash is a disagreement too; keep the hand to show it
            found.append(f"referee raised {error!r} on {json.dumps(decision.record)}")

    state, recorder = og.random_hand(variant, rng, on_decision=compare)
    try:
        found.extend(disagreements_at_end(state, recorder.record))
    except Exception as error:
        found.append(f"referee raised {error!r} on the finished hand")
    if not found:
        return None
    more = len(found) - MAX_REPORTED_LINES
    return "\n".join(
        [
            f"hand {number} ({variant.name}, TEST_SEED={SEED}):",
            *(f"  {line}" for line in found[:MAX_REPORTED_LINES]),
            *([f"  ... and {more} more"] if more > 0 else []),
            f"  record: {json.dumps(recorder.record)}",
        ]
    )


@pytest.mark.parametrize("variant", og.VARIANTS, ids=lambda v: f"{v.name}-seed{SEED}")
def test_the_referee_agrees_with_openspiel_on_random_hands(variant: og.Variant) -> None:
    reports: list[str] = []
    for number in range(HANDS_PER_VARIANT):
        report = play_and_compare(variant, number)
        if report is not None:
            reports.append(report)
            if len(reports) == MAX_REPORTED_HANDS:
                break
    assert not reports, "\n\n".join(reports)


def test_corpus_records_are_openspiel_hands_written_the_same_way() -> None:
    """Ties the conversion above to the corpus: replaying each corpus record in OpenSpiel
    (every choice legal there) and writing it down again gives back the same record, and
    OpenSpiel's own results are the corpus's expectations."""
    cases = list(read_jsonl("corpus", "openspiel", "cases.jsonl"))
    assert len(cases) > 700
    for case in cases:
        record, expect = case["record"], case["expect"]
        state, recorder = og.replay(record)
        assert recorder.record == record, case["id"]
        if "next" in expect:
            legal = {og.card_name(action) for action in state.legal_actions()}
            assert (state.current_player(), legal) == (
                expect["next"]["seat"],
                set(expect["next"]["legal"]),
            ), case["id"]
            continue
        assert state.is_terminal(), case["id"]
        winners = [trick.winner() for trick in state.tricks()] if record["tricks"] else []
        assert winners == expect.get("winners", []), case["id"]
        award = {"reason": og.award_reason(state), "points": og.team_points(state.returns())}
        assert award == expect["award"], case["id"]
