"""POST /api/v1/referee/check: a hand record in, the spec's verdict out."""

from __future__ import annotations

import io
import json
from typing import Any
from wsgiref.handlers import SimpleHandler

import pytest
from api_tables import is_problem, march_record, read_jsonl, shared_file
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections

from referee.notation import tricks

EXAMPLES = read_jsonl(shared_file("spec", "examples.jsonl")) + read_jsonl(
    shared_file("spec", "examples-variants.jsonl")
)
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
    ("accept", "korean"),
    [
        ("ko;q=0", False),
        ("ko;q=0.0, en;q=0.1", False),
        ("ko-KR;q=0, *;q=0.5", False),
        ("en;q=0.5, ko", True),
        ("fr, ko;q=0.2", True),
    ],
)
def test_a_language_given_quality_0_is_not_spoken(api, accept, korean):
    """`q=0` says the language is not acceptable (RFC 9110): the verdict, a refusal's problem
    and a wrong method's problem each speak the best language the client accepts."""
    record = march_record(dealer=0)
    record["tricks"][0][0], record["tricks"][0][1] = record["tricks"][0][1], record["tricks"][0][0]
    answer = api.post(URL, record, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert answer["Content-Language"] == ("ko" if korean else "en")
    assert hangul(answer.json()["violations"][0]["message"]) == korean
    refused = api.post(URL, {"dealer": 9}, format="json", HTTP_ACCEPT_LANGUAGE=accept)
    assert hangul(refused.json()["title"]) == hangul(refused.json()["detail"]) == korean
    wrong = api.get(URL, HTTP_ACCEPT_LANGUAGE=accept)  # (its words are the active language's)
    assert is_problem(wrong, 405)
    assert hangul(wrong.json()["detail"]) == korean


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({}, "dealer"),
        ({"dealer": 0, "upcard": "QX"}, "upcard"),
        ({"dealer": 9}, "dealer"),
        ({"dealer": 0, "ruleset": "whist"}, "ruleset"),
        ({"dealer": 0, "ruleset": {"preset": "standard", "target": "x"}}, "ruleset.target"),
        ({"dealer": 0, "ruleset": {"preset": "bid-euchre", "players": 6}}, "ruleset.players"),
    ],
)
def test_a_malformed_record_is_a_400_naming_the_field(api, record, field):
    assert is_problem(api.post(URL, record, format="json"), 400, field)


def test_a_record_that_is_not_an_object_is_malformed(api):
    assert is_problem(api.post(URL, [1, 2, 3], format="json"), 400)
    assert is_problem(api.post(URL, "dealer", format="json"), 400)


# -- answers to bad input, in the request's language -----------------------------------------

KOREAN = {"HTTP_ACCEPT_LANGUAGE": "ko"}


def hangul(text: str) -> bool:
    return any("\uac00" <= char <= "\ud7a3" for char in text)


def test_a_malformed_record_is_answered_in_korean_title_and_detail(api):
    response = api.post(URL, {"dealer": 9}, format="json", **KOREAN)
    assert is_problem(response, 400, "dealer", "malformed")
    body = response.json()
    assert hangul(body["title"]) and hangul(body["detail"])
    assert body["errors"] == [{"field": "dealer", "detail": body["detail"]}]


def test_a_body_that_is_not_json_is_answered_in_korean(api):
    response = api.generic("POST", URL, "{nope", content_type="application/json", **KOREAN)
    assert is_problem(response, 400, "body")
    assert hangul(response.json()["title"]) and hangul(response.json()["detail"])


def test_an_empty_body_is_told_it_holds_no_hand_record_as_the_command_line_says(api):
    for lang, said in (("en", "no hand record in the input"), ("ko", "입력에 판 기록이 없습니다")):
        empty = api.generic(
            "POST", URL, "", content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang
        )
        assert is_problem(empty, 400, "body", "malformed")
        assert empty.json()["detail"] == said
    assert is_problem(api.post(URL, {}, format="json"), 400, "dealer", "malformed")


def test_a_wrong_method_or_media_type_is_answered_in_korean_with_no_misplaced_particle(api):
    """DRF's own Korean fixes a particle after the value ("text/plain"가, "GET"는): ours puts
    the value before a noun that takes its particle."""
    wrong_type = api.generic("POST", URL, "x", content_type="text/plain", **KOREAN)
    assert is_problem(wrong_type, 415, "Content-Type")
    assert wrong_type.json()["detail"] == '"text/plain" 미디어 형식은 받지 않습니다.'
    wrong_method = api.get(URL, **KOREAN)
    assert is_problem(wrong_method, 405, "method")
    assert wrong_method.json()["detail"] == '"GET" 메서드는 허용되지 않습니다.'
    assert api.get(URL).json()["detail"] == 'Method "GET" not allowed.'


def test_a_number_too_long_to_read_is_named_where_it_stands_without_pythons_words(api):
    body = '{"dealer": ' + "7" * 5000 + "}"
    response = api.generic("POST", URL, body, content_type="application/json")
    assert is_problem(response, 400, "dealer")
    detail = response.json()["detail"]
    assert "5000 digits" in detail and "sys." not in detail and "int_max" not in detail


def test_a_value_is_shown_as_json_writes_it_and_cut_short(api):
    response = api.post(URL, {"dealer": 0, "discard": True}, format="json")
    assert is_problem(response, 400, "discard")
    assert response.json()["detail"].startswith("true is not a card")
    response = api.post(URL, {"dealer": 0, "upcard": "X" * 5000}, format="json")
    assert is_problem(response, 400, "upcard")
    assert response.json()["detail"].startswith('"' + "X" * 39 + '…"')
    assert len(response.json()["detail"]) < 120


@pytest.mark.parametrize(
    "key", ["01", "\u0661", "1 ", "+1"], ids=["leading-zero", "arabic-indic", "space", "plus"]
)
def test_a_seat_written_other_than_in_plain_digits_is_refused_by_name(api, key):
    record = {"dealer": 0, "hands": {key: ["9H", "TH", "JH", "QH", "KH"]}}
    response = api.post(URL, record, format="json")
    assert is_problem(response, 400, f"hands.{key}")
    assert "is not a seat at this table" in response.json()["detail"]


def test_a_team_written_other_than_in_plain_digits_is_refused_by_name(api):
    record = {"dealer": 0, "claim": {"points": {"\u0661": 1}}}
    response = api.post(URL, record, format="json")
    assert is_problem(response, 400, "claim.points.\u0661")


@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
def test_a_body_over_djangos_limit_is_a_problem_debug_or_not(api, settings, debug):
    settings.DEBUG = debug
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    body = '{"dealer": 0, "note": "' + "x" * 4096 + '"}'
    response = api.generic("POST", URL, body, content_type="application/json", **KOREAN)
    assert is_problem(response, 413, "body", "body-too-large")
    assert hangul(response.json()["detail"])


def test_the_check_with_a_slash_is_pointed_to_the_path_without_one(api):
    response = api.post(URL + "/", {"dealer": 0}, format="json", **KOREAN)
    assert is_problem(response, 404, "path", "not_found")
    assert response.json()["detail"].endswith(f"슬래시(/) 없이 {URL}입니다.")
    english = api.post(URL + "/", {"dealer": 0}, format="json").json()["detail"]
    assert english == f"No API resource at {URL}/. Did you mean {URL}?"


def test_a_body_refused_at_the_door_is_a_problem_under_the_development_server(settings):
    """`manage.py runserver` (wsgiref) refuses a hop-by-hop header from the app with a 500 of
    its own: the door's 413 must carry none (`Connection: close` did)."""
    settings.REQUEST_BODY_LIMIT = 1024
    body = b'{"dealer": 0, "note": "' + b"x" * 4096 + b'"}'
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": URL,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "testserver",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        **KOREAN,
    }
    answer, errors = io.BytesIO(), io.StringIO()
    # As Django's test client does: no database connection is closed (or opened) around it.
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        SimpleHandler(io.BytesIO(body), answer, errors, environ).run(get_wsgi_application())
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)
    head, _, problem = answer.getvalue().partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.0 413"), errors.getvalue()
    assert b"Content-Type: application/problem+json" in head
    assert b"Content-Language: ko" in head
    assert hangul(json.loads(problem)["detail"])


def test_a_body_refused_at_the_door_is_answered_in_the_clients_language(api, settings):
    """The door (REQUEST_BODY_LIMIT) answers before the locale middleware runs: each client
    still reads the 413 in its own language, whatever the one before it asked for."""
    settings.REQUEST_BODY_LIMIT = 1024
    body = '{"dealer": 0, "note": "' + "x" * 4096 + '"}'
    for korean, accept in ((True, "ko"), (False, "en"), (True, "ko"), (False, "ko;q=0")):
        headers = {"HTTP_ACCEPT_LANGUAGE": accept}
        response = api.generic("POST", URL, body, content_type="application/json", **headers)
        assert is_problem(response, 413, "body", "body-too-large")
        problem = response.json()
        assert hangul(problem["title"]) == hangul(problem["detail"]) == korean
