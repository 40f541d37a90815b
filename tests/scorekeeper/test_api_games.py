"""Starting and reading games, rulesets, health, docs, and what bad requests get."""

from __future__ import annotations

import uuid

import pytest
from api_tables import FOUR, Table, is_problem

import referee
from scorekeeper.models import Game

pytestmark = pytest.mark.django_db


def test_it_lists_the_presets_with_their_options(api):
    response = api.get("/api/v1/rulesets/")
    assert response.status_code == 200
    presets = {item["name"]: item["ruleset"] for item in response.json()}
    assert set(presets) == set(referee.PRESETS)
    assert presets["uka"] == referee.PRESETS["uka"].to_json()
    assert presets["two-handed"]["players"] == 2


def test_it_lists_six_handed_and_bid_euchre_with_their_table_hand_size_and_awards(api):
    presets = {item["name"]: item for item in api.get("/api/v1/rulesets/").json()}
    six, bid = presets["six-handed"], presets["bid-euchre"]
    assert (six["hand_size"], six["teams"], six["seats"]) == (
        5,
        [[0, 2, 4], [1, 3, 5]],
        ["N", "NE", "SE", "S", "SW", "NW"],
    )
    assert (bid["hand_size"], bid["teams"]) == (6, [[0, 2], [1, 3]])
    assert bid["ruleset"]["hand_size"] == 6 and bid["ruleset"]["bidding"] == "auction"
    assert bid["awards"] == referee.award_table(referee.PRESETS["bid-euchre"])
    moon_set = next(r for r in bid["awards"] if r["bid"] == "moon" and r["maker_tricks"] == 5)
    assert (moon_set["reason"], moon_set["makers"], moon_set["defenders"]) == ("moon-set", -12, 1)
    assert bid["largest_award"] == 12 and six["largest_award"] == 5
    assert max(r["maker_tricks"] for r in bid["awards"]) == 6


def test_a_game_carries_the_referees_award_table_for_previews(api):
    response = api.post(
        "/api/v1/games/", {"ruleset": "uka", "players": FOUR, "dealer": 0}, format="json"
    )
    game = api.get(f"/api/v1/games/{response.json()['id']}/").json()
    assert game["awards"] == referee.award_table(referee.PRESETS["uka"])
    lone_four = next(r for r in game["awards"] if r["alone"] and r["maker_tricks"] == 4)
    assert (lone_four["reason"], lone_four["defenders"]) == ("lone-euchre", 4)


def test_a_new_game_comes_back_with_its_token_and_an_empty_score(api):
    response = api.post(
        "/api/v1/games/", {"ruleset": "standard", "players": FOUR, "dealer": 3}, format="json"
    )
    assert response.status_code == 201
    game = response.json()
    assert game["token"] and len(game["token"]) >= 32
    assert uuid.UUID(game["id"]).version == 4
    assert game["players"] == FOUR
    assert game["dealer"] == 3
    assert game["score"] == [0, 0]
    assert game["status"] == "in-progress" and game["winner"] is None
    assert game["hands"] == []
    assert game["ruleset"] == referee.PRESETS["standard"].to_json()
    assert response["ETag"] == f'"{game["version"]}"'
    assert game["teams"] == [
        {"team": 0, "name": "Ann & Cat", "seats": [0, 2]},
        {"team": 1, "name": "Ben & Dan", "seats": [1, 3]},
    ]


def test_the_token_is_shown_once(table: Table):
    assert "token" not in table.read()


def test_a_ruleset_object_overrides_the_preset(new_table):
    game = new_table({"preset": "standard", "target": 5, "defend_alone": True}).read()
    assert game["target"] == 5
    assert game["ruleset"]["defend_alone"] is True


def test_a_two_handed_game_has_a_team_per_seat(new_table):
    game = new_table("two-handed", players=["Ann", "Ben"], dealer=1).read()
    assert game["score"] == [0, 0]
    assert [team["seats"] for team in game["teams"]] == [[0], [1]]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": FOUR, "dealer": 0}, "ruleset"),
        ({"ruleset": "whist", "players": FOUR, "dealer": 0}, "ruleset"),
        ({"ruleset": 7, "players": FOUR, "dealer": 0}, "ruleset"),
        (
            {"ruleset": {"preset": "standard", "target": "ten"}, "players": FOUR, "dealer": 0},
            "ruleset.target",
        ),
        (
            {"ruleset": {"preset": "standard", "target": 10**9}, "players": FOUR, "dealer": 0},
            "ruleset.target",
        ),
        (
            {"ruleset": {"preset": "standard", "target": 0}, "players": FOUR, "dealer": 0},
            "ruleset.target",
        ),
        (
            {"ruleset": {"preset": "standard", "trumps": 2}, "players": FOUR, "dealer": 0},
            "ruleset.trumps",
        ),
        (
            {
                "ruleset": {"preset": "uka", "points": {"march": 10**30}},
                "players": FOUR,
                "dealer": 0,
            },
            "ruleset.points.march",
        ),
        (
            {
                "ruleset": {"preset": "standard", "points.make": 10_001},
                "players": FOUR,
                "dealer": 0,
            },
            "ruleset.points.make",
        ),
        ({"ruleset": "standard", "players": ["Ann", "Ben"], "dealer": 0}, "players"),
        ({"ruleset": "standard", "players": ["Ann", "Ben", "Cat", 4], "dealer": 0}, "players[3]"),
        ({"ruleset": "standard", "players": ["Ann", "Ben", "Cat", " "], "dealer": 0}, "players[3]"),
        ({"ruleset": "standard", "players": ["Ann", "Ben", "Ann", "Dan"], "dealer": 0}, "players"),
        ({"ruleset": "standard", "players": FOUR, "dealer": "0"}, "dealer"),
        ({"ruleset": "standard", "players": FOUR, "dealer": 9}, "dealer"),
        ({"ruleset": "two-handed", "players": ["Ann", "Ben"], "dealer": 2}, "dealer"),
        ({"ruleset": "standard", "players": FOUR, "dealer": 0, "team_names": ["A"]}, "team_names"),
    ],
)
def test_it_rejects_a_malformed_game_naming_the_field(api, body, field):
    response = api.post("/api/v1/games/", body, format="json")
    assert is_problem(response, 400, field)


@pytest.mark.parametrize(
    ("extra", "field"),
    [({"dealr": 1}, "dealr"), ({"target": 5}, "target"), ({"x" * 50: 1}, "x" * 40 + "…")],
)
def test_it_refuses_a_field_a_game_does_not_have_naming_it(api, extra, field):
    body = {"players": FOUR, "ruleset": {"preset": "standard"}, "dealer": 0, **extra}
    response = api.post("/api/v1/games/", body, format="json")
    assert is_problem(response, 400, field, "not-a-field")
    assert response.json()["detail"] == f"this request has no field {field}"
    assert not Game.objects.exists()


def test_a_misspelt_field_is_named_before_the_field_it_leaves_out(api):
    body = {"players": FOUR, "ruleset": "standard", "dealr": 1}
    assert is_problem(api.post("/api/v1/games/", body, format="json"), 400, "dealr", "not-a-field")


def test_a_field_a_game_does_not_have_is_refused_in_korean(api):
    body = {"players": FOUR, "ruleset": "standard", "dealer": 0, "dealr": 1}
    response = api.post("/api/v1/games/", body, format="json", HTTP_ACCEPT_LANGUAGE="ko")
    assert is_problem(response, 400, "dealr", "not-a-field")
    assert response.json()["detail"] == "이 요청에는 dealr 필드가 없습니다"


def test_korean_refused_with_q_0_is_answered_in_english(api):
    """`ko;q=0` says "not Korean" (RFC 9110): the English after it is the answer's language."""
    body = {"players": FOUR, "ruleset": "standard", "dealer": 0, "dealr": 1}
    response = api.post("/api/v1/games/", body, format="json", HTTP_ACCEPT_LANGUAGE="ko;q=0, en")
    assert is_problem(response, 400, "dealr", "not-a-field")
    assert response.json()["detail"] == "this request has no field dealr"
    assert response["Content-Language"] == "en"


def test_it_rejects_a_body_that_is_not_json(api):
    response = api.generic("POST", "/api/v1/games/", "{not json", content_type="application/json")
    assert is_problem(response, 400, "body")


def test_it_rejects_a_body_that_is_not_an_object(api):
    response = api.post("/api/v1/games/", [1, 2], format="json")
    assert is_problem(response, 400)


def test_it_rejects_form_posts(api):
    response = api.post("/api/v1/games/", {"ruleset": "standard"})
    assert is_problem(response, 415, "Content-Type")


def test_an_unknown_game_is_a_json_404(api):
    assert is_problem(api.get(f"/api/v1/games/{uuid.uuid4()}/"), 404, "id")


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/not-a-uuid/",
        "/api/v1/nothing/",
        "/api/",
        "/api/v1/games/1/hands/x/",
        # A line break in the path: no route's pattern takes it, the catch-all's neither.
        "/api/v1/x%0Ay/",
        "/api/v1/events/%0A/",
        "/api/v1/invites/a%0Ab/decline/",
    ],
)
def test_an_unknown_api_url_is_a_json_404(api, path):
    assert is_problem(api.get(path), 404, "path")


def test_junk_query_parameters_are_harmless(table: Table):
    response = table.client.get(table.url + "?page=abc&limit=-1&%00=%ff")
    assert response.status_code == 200


def test_a_wrong_method_is_a_problem(table: Table):
    assert is_problem(table.client.put(table.url, {}, format="json"), 405)


def test_the_health_check_answers(api):
    response = api.get("/api/v1/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_the_schema_and_its_docs_are_served(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/v1/games/{game_id}/hands/" in paths
    assert "/api/v1/referee/check" in paths
    docs = api.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger-ui" in docs.content
    assert b"cdn" not in docs.content.lower()


@pytest.mark.parametrize("depth", [40, 10_000])
def test_deeply_nested_json_is_refused_not_a_crash(api, depth):
    body = '{"dealer": 0, "hands": ' + "[" * depth + "]" * depth + "}"
    response = api.generic("POST", "/api/v1/referee/check", body, content_type="application/json")
    assert is_problem(response, 400, "body")


def test_a_client_that_only_takes_xml_is_told_so_in_json(api):
    response = api.get("/api/v1/rulesets/", HTTP_ACCEPT="application/xml")
    assert is_problem(response, 406, "Accept")
