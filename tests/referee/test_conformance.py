"""The spec's worked examples (v1 and v1.1's six-handed and Bid Euchre) and the OpenSpiel
corpus, case by case (like perft files)."""

from __future__ import annotations

from typing import Any

import pytest

import referee
from tests.referee.shared import read_jsonl

EXAMPLES = list(read_jsonl("spec", "examples.jsonl")) + list(
    read_jsonl("spec", "examples-variants.jsonl")
)
OPENSPIEL = list(read_jsonl("corpus", "openspiel", "cases.jsonl"))


def _same(got: dict[str, Any], expected: dict[str, Any]) -> None:
    for key, want in expected.items():
        if key == "winners":
            assert [t["winner"] for t in got["tricks"]] == want, key
        elif key == "violations":
            fields = ("code", "seat", "trick", "card")
            assert [{f: v[f] for f in fields} for v in got["violations"]] == want, key
        elif key == "next":
            have = got.get("next")
            if want is None or have is None:
                assert have == want, key
                continue
            assert (have["seat"], have["phase"]) == (want["seat"], want["phase"]), key
            if want["legal"] is None or have["legal"] is None:
                assert have["legal"] == want["legal"], key
            else:
                assert set(have["legal"]) == set(want["legal"]), key
        else:
            assert got.get(key) == want, key


def test_the_corpora_are_there() -> None:
    assert len(EXAMPLES) >= 20
    assert {
        c["record"]["ruleset"] if isinstance(c["record"].get("ruleset"), str) else ""
        for c in EXAMPLES
    } >= {"six-handed", "bid-euchre"}
    assert len(OPENSPIEL) == 755


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["id"] for c in EXAMPLES])
def test_worked_example(case: dict[str, Any]) -> None:
    _same(referee.check(case["record"]).to_json(), case["verdict"])


@pytest.mark.parametrize("case", OPENSPIEL, ids=[c["id"] for c in OPENSPIEL])
def test_openspiel_case(case: dict[str, Any]) -> None:
    _same(referee.check(case["record"]).to_json(), case["expect"])


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["id"] for c in EXAMPLES])
def test_every_violation_has_a_message_in_both_languages(case: dict[str, Any]) -> None:
    english = referee.check(case["record"])
    korean = referee.check(case["record"], lang="ko")
    assert [v.code for v in english.violations] == [v.code for v in korean.violations]
    for en, ko in zip(english.violations, korean.violations, strict=True):
        assert en.message and ko.message and en.message != ko.message
        assert en.rule
