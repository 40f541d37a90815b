"""Bad input gets a clear answer, never a crash: mutated records either check or are malformed."""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest

import referee
from tests.referee.shared import read_jsonl
from tests.seeds import run_seed

SEED = run_seed()
CASES = int(os.environ.get("REFEREE_FUZZ_CASES", "4000"))

RECORDS = [case["record"] for case in read_jsonl("corpus", "openspiel", "cases.jsonl")]
RECORDS += [case["record"] for case in read_jsonl("spec", "examples.jsonl")]

ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, 3, 4, -1, 5, 7, 1.5, "", "x", "JD", "jd", "JOKER", "7C", "10♥",
    "B", "H", "pass", "order-up", "call", "defend-alone", "redeal", [], {}, [1], {"a": 1},
]  # fmt: skip
KEYS = [
    "seat", "action", "suit", "alone", "card", "trump", "maker", "defender_alone", "points",
    "preset", "dealer", "upcard", "hands", "bids", "tricks", "discard", "pickup", "contract",
    "claim", "ruleset", "0", "1", "2", "3",
]  # fmt: skip
RULESETS: list[Any] = [
    "standard", "uka", "two-handed", "three-handed", "british", "openspiel",
    {"preset": "standard", "defend_alone": True, "canadian_loner": True},
    {"preset": "standard", "poor_hand_redeal": "no-ace-no-face-no-trump",
     "partner_must_go_alone": True, "loner_lead": "left-of-loner"},
    {"preset": "uka", "points": {"march": 4}, "turned_down_suit_callable": True},
]  # fmt: skip


def mutate(value: Any, rng: random.Random) -> Any:
    """One random change somewhere in a JSON value: a replaced, dropped, added or moved item."""
    if isinstance(value, dict):
        value = dict(value)
        roll = rng.random()
        if roll < 0.15 and value:
            del value[rng.choice(list(value))]
        elif roll < 0.3:
            value[rng.choice(KEYS)] = rng.choice(ODD_VALUES)
        elif value:
            key = rng.choice(list(value))
            value[key] = mutate(value[key], rng)
        return value
    if isinstance(value, list):
        value = list(value)
        roll = rng.random()
        if roll < 0.15 and value:
            del value[rng.randrange(len(value))]
        elif roll < 0.3:
            extra = copy.deepcopy(rng.choice(value)) if value and rng.random() < 0.5 else None
            value.insert(rng.randrange(len(value) + 1), extra or rng.choice(ODD_VALUES))
        elif roll < 0.4 and len(value) > 1:
            i, j = rng.randrange(len(value)), rng.randrange(len(value))
            value[i], value[j] = value[j], value[i]
        elif value:
            i = rng.randrange(len(value))
            value[i] = mutate(value[i], rng)
        return value
    return rng.choice(ODD_VALUES)


@pytest.mark.parametrize("seed", [SEED], ids=lambda s: f"seed{s}")
def test_mutated_records_are_judged_or_called_malformed_never_crash(seed: int) -> None:
    rng = random.Random(seed)
    judged = malformed = 0
    for _ in range(CASES):
        record = rng.choice(RECORDS)
        for _ in range(rng.randint(1, 4)):
            record = mutate(record, rng)
        if isinstance(record, dict) and rng.random() < 0.3:
            record["ruleset"] = rng.choice(RULESETS)
        try:
            verdict = referee.check(record, lang=rng.choice(["en", "ko"]))
        except referee.MalformedRecord as error:
            assert error.field and error.detail, error
            malformed += 1
            continue
        except Exception as error:  # pragma: no cover - the failure being looked for
            pytest.fail(f"{type(error).__name__}: {error} on {json.dumps(record)}")
        data = verdict.to_json()
        json.dumps(data)
        assert data["ok"] == (not data["violations"])
        assert all(v["message"] and v["code"] for v in data["violations"])
        judged += 1
    # Both kinds of answer must come up, or the mutations are not exercising the referee.
    assert judged > CASES // 10 and malformed > CASES // 10
