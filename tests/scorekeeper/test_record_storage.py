"""A hand record is kept as the referee read it: the spec's fields only, canonical, within
limits; text a database cannot store is refused by its field, never a 500."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from api_tables import FOUR, Table, is_problem, march_record
from django.db import connection
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ParseError

import referee
from scorekeeper.api.parsers import BoundedJSONParser
from scorekeeper.services.rulings import record_limits

pytestmark = pytest.mark.django_db

#: The limits of the tables' ruleset (four seats, turn-up bidding).
RECORD_LIMITS = record_limits(referee.PRESETS["standard"])


def lenient_march(dealer: int = 0) -> dict[str, Any]:
    """The march record as a table might type it: symbols, lower case, a suit by name."""
    record = march_record(dealer)
    record["upcard"] = "9♣"
    record["hands"] = {
        seat: [card.lower() for card in cards] for seat, cards in record["hands"].items()
    }
    record["bids"][-1] = {**record["bids"][-1], "suit": "hearts", "alone": False}
    record["tricks"][0][0]["card"] = "jh"
    return record


# -- kept as read ----------------------------------------------------------------------------


def test_a_record_is_kept_as_the_referee_read_it(table: Table):
    hand = table.hand({"record": lenient_march()})
    canonical = referee.canonical_record(march_record(0))
    del canonical["ruleset"]
    assert hand["record"] == canonical
    assert hand["record"]["upcard"] == "9C"
    assert hand["record"]["bids"][-1] == {"seat": 1, "action": "call", "suit": "H"}
    assert hand["record"]["tricks"][0][0] == {"seat": 1, "card": "JH"}
    assert table.read()["hands"][0]["record"] == canonical


def test_the_games_ruleset_is_left_out_of_a_kept_record(table: Table):
    hand = table.hand({"record": {**march_record(0), "ruleset": {"preset": "standard"}}})
    assert "ruleset" not in hand["record"]


def test_an_amended_record_is_kept_as_the_referee_read_it_too(table: Table):
    table.quick(maker=0, tricks=3)
    response = table.client.patch(
        table.url + "hands/1/",
        {"record": lenient_march(), "reason": "the cards were found"},
        format="json",
        **table.auth,
    )
    assert response.status_code == 200, response.content
    assert response.json()["record"]["upcard"] == "9C"


# -- unknown fields --------------------------------------------------------------------------


def test_an_unknown_field_of_a_record_is_refused_by_name(table: Table):
    response = table.post_hand({"record": {**march_record(0), "note": "Ann was slow"}})
    assert is_problem(response, 400, "record.note", "unknown-field")
    assert table.read()["hands"] == []


def test_unknown_fields_inside_a_record_are_all_named(table: Table):
    record = march_record(0)
    record["bids"][0]["why"] = "weak"
    record["tricks"][4][3]["by"] = "Dan"
    response = table.post_hand({"record": {**record, "extra": 1}})
    assert is_problem(response, 400, "record.extra", "unknown-field")
    assert [e["field"] for e in response.json()["errors"]] == [
        "record.extra",
        "record.bids[0].why",
        "record.tricks[4][3].by",
    ]


def test_the_referee_itself_still_ignores_unknown_fields(api):
    response = api.post(
        "/api/v1/referee/check", {**march_record(0), "note": "Ann was slow"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["award"] == {"reason": "march", "points": {"1": 2}}


# -- limits ----------------------------------------------------------------------------------


def test_a_record_with_too_many_bids_is_refused(table: Table):
    record = march_record(0)
    record["bids"] = [{"seat": 1, "action": "pass"}] * (RECORD_LIMITS["bids"] + 1)
    assert is_problem(table.post_hand({"record": record}), 400, "record.bids", "too-many")


def test_a_record_with_too_many_tricks_is_refused(table: Table):
    record = march_record(0)
    record["tricks"] = record["tricks"] + [[]]
    assert len(record["tricks"]) == RECORD_LIMITS["tricks"] + 1
    assert is_problem(table.post_hand({"record": record}), 400, "record.tricks", "too-many")


def test_a_trick_with_too_many_plays_is_refused(table: Table):
    record = march_record(0)
    record["tricks"][2] = record["tricks"][2] + [{"seat": 1, "card": "9C"}]
    assert is_problem(table.post_hand({"record": record}), 400, "record.tricks[2]", "too-many")


def test_long_text_in_a_record_is_refused_by_its_field(table: Table):
    record = march_record(0)
    record["bids"][0]["action"] = "p" * (RECORD_LIMITS["text"] + 1)
    assert is_problem(table.post_hand({"record": record}), 400, "record.bids[0].action", "too-long")


def test_the_limits_take_every_legal_hand(table: Table):
    # Nine bids (two rounds and a lone defender), five tricks of four: the most a hand has.
    assert RECORD_LIMITS["bids"] >= 9 and RECORD_LIMITS["tricks"] == 5
    assert RECORD_LIMITS["plays"] == 4
    longest = max((*referee.PRESETS, "no-ace-no-face-no-trump", "JOKER", "BENNY"), key=len)
    assert len(longest) <= RECORD_LIMITS["text"]
    assert table.hand({"record": march_record(0)})["award"]["reason"] == "march"


@pytest.mark.parametrize(
    ("preset", "bids", "tricks", "plays"),
    [("six-handed", 18, 5, 6), ("bid-euchre", 36, 6, 4), ("two-handed", 6, 5, 2)],
)
def test_the_limits_follow_the_table_s_shape(preset: str, bids: int, tricks: int, plays: int):
    limits = record_limits(referee.PRESETS[preset])
    assert (limits["bids"], limits["tricks"], limits["plays"]) == (bids, tricks, plays)


# -- text no database can store --------------------------------------------------------------


def post_text(api, path: str, text: str, **headers: str) -> Any:
    """Post a body written as JSON text (so it may spell \\u0000 and lone surrogates)."""
    return api.post(path, text, content_type="application/json", **headers)


def test_a_nul_in_a_players_name_is_refused_by_its_field(api):
    body = '{"ruleset": "standard", "players": ["Ann", "B\\u0000en", "Cat", "Dan"], "dealer": 0}'
    response = post_text(api, "/api/v1/games/", body)
    assert is_problem(response, 400, "players[1]", "unstorable-text")
    # (The field is the problem's "field"; its detail says what is wrong, as every detail does.)
    assert response.json()["detail"].startswith("Text with a NUL character")


def test_a_lone_surrogate_in_a_team_name_is_refused_by_its_field(api):
    body = json.dumps({"ruleset": "standard", "players": FOUR, "dealer": 0, "team_names": ["A"]})
    body = body.replace('["A"]', '["North", "So\\ud800uth"]')
    assert is_problem(post_text(api, "/api/v1/games/", body), 400, "team_names[1]")


def test_a_nul_deep_in_a_record_is_refused_by_its_field(table: Table):
    body = json.dumps({"record": march_record(0)}).replace('"pass"', '"pa\\u0000ss"', 1)
    response = post_text(table.client, table.url + "hands/", body, **table.auth)
    assert is_problem(response, 400, "record.bids[0].action", "unstorable-text")
    assert table.read()["hands"] == []


def test_a_lone_surrogate_in_a_key_is_refused_naming_it_escaped(table: Table):
    body = json.dumps({"record": march_record(0)}).replace('"upcard"', '"up\\udc00card"')
    response = post_text(table.client, table.url + "hands/", body, **table.auth)
    assert is_problem(response, 400, "record.up\\udc00card", "unstorable-text")


def test_the_referee_endpoint_refuses_it_too(api):
    body = '{"dealer": 0, "upcard": "9\\ud83c"}'
    assert is_problem(post_text(api, "/api/v1/referee/check", body), 400, "upcard")


def test_a_surrogate_pair_is_text_like_any_other(api):
    # An emoji written as its two escapes is one character, and stored.
    body = '{"ruleset": "standard", "players": ["Ann \\ud83c\\udccf", "Ben", "Cat", "Dan"], "dealer": 0}'
    response = post_text(api, "/api/v1/games/", body)
    assert response.status_code == 201, response.content
    assert response.json()["players"][0] == "Ann \U0001f0cf"


def parsed(text: str) -> Any:
    return BoundedJSONParser().parse(io.BytesIO(text.encode()), "application/json", {})


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="what PostgreSQL refuses is the question (set DATABASE_URL); .ci/run has it",
)
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(st.characters(exclude_categories=()), max_size=8))
@example(text="name")
def test_what_the_parser_lets_through_postgresql_stores(text: str) -> None:
    # The text as a value and as a key (of its own object: as a key beside "name" it would
    # take the name's place when it is "name").
    body = json.dumps({"name": text, "keys": {text: [text]}})
    try:
        data = parsed(body)
    except ParseError:
        assert "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text)
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::jsonb, %s::text", [json.dumps(data), data["name"]])
        stored, name = cursor.fetchone()
    # (Django has psycopg hand jsonb back as text.)
    assert json.loads(stored) == data and name == text
