"""POST /api/v1/referee/check: a hand record in, the spec's verdict out."""

from __future__ import annotations

from typing import Any

import pytest
from api_tables import is_problem, march_record, read_jsonl, shared_file

from referee.notation import tricks

EXAMPLES = read_jsonl(shared_file("spec", "examples.jsonl"))
URL = "/api/v1/referee/check"


def comparable(verdict: dict[str, Any]) -> dict[str, Any]:
    """The verdict as examples.jsonl states it: no tricks, no messages, legal sets as sets."""
    shown = {key: value for key, value in verdict.items() if key != "tricks"}
    shown["violations"] = [
        {key: value for key, value in violation.items() if key not in ("message", "rule")}
        for violation in verdict["violations"]
    ]
    if shown.get("next") and shown["next"].get("legal") is not None:
        shown["next"] = {**shown["next"], "legal": sorted(shown["next"]["legal"])}
    return shown


@pytest.mark.parametrize("example", EXAMPLES, ids=[example["id"] for example in EXAMPLES])
def test_the_endpoint_gives_the_specs_verdict(api, example):
    response = api.post(URL, example["record"], format="json")
    assert response.status_code == 200
    assert comparable(response.json()) == comparable(
        {**example["verdict"], "violations": example["verdict"]["violations"]}
    )


def test_an_order_up_of_an_unreported_upcard_has_a_contract_with_trump_unknown(api):
    record = {"dealer": 0, "bids": [{"seat": 1, "action": "order-up"}], "tricks": tricks("1:AS")}
    response = api.post(URL, record, format="json")
    assert response.status_code == 200
    verdict = response.json()
    assert verdict["contract"] == {
        "trump": None,
        "maker": 1,
        "alone": False,
        "defender_alone": None,
    }
    assert verdict["complete"] is False and verdict["next"]["seat"] == 2
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert schema["components"]["schemas"]["Contract"]["properties"]["trump"]["nullable"] is True


def test_a_verdict_with_violations_is_still_a_200(api):
    record = march_record(dealer=0)
    record["tricks"][0][0], record["tricks"][0][1] = record["tricks"][0][1], record["tricks"][0][0]
    response = api.post(URL, record, format="json")
    assert response.status_code == 200
    verdict = response.json()
    assert verdict["ok"] is False and verdict["violations"]
    assert all(violation["message"] for violation in verdict["violations"])


def test_it_answers_in_korean_when_asked(api):
    record = march_record(dealer=0)
    record["tricks"][0][0], record["tricks"][0][1] = record["tricks"][0][1], record["tricks"][0][0]
    english = api.post(URL, record, format="json").json()["violations"][0]["message"]
    korean = api.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9,en;q=0.5")
    assert korean["Content-Language"] == "ko"
    message = korean.json()["violations"][0]["message"]
    assert message != english
    assert any("\uac00" <= char <= "\ud7a3" for char in message)


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({}, "dealer"),
        ({"dealer": 0, "upcard": "QX"}, "upcard"),
        ({"dealer": 9}, "dealer"),
        ({"dealer": 0, "ruleset": "whist"}, "ruleset"),
        ({"dealer": 0, "ruleset": {"preset": "standard", "target": "x"}}, "ruleset.target"),
    ],
)
def test_a_malformed_record_is_a_400_naming_the_field(api, record, field):
    assert is_problem(api.post(URL, record, format="json"), 400, field)


def test_a_record_that_is_not_an_object_is_malformed(api):
    assert is_problem(api.post(URL, [1, 2, 3], format="json"), 400)
    assert is_problem(api.post(URL, "dealer", format="json"), 400)
