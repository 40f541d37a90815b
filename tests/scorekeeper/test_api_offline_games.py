"""A game started on a phone with no connection: the phone chose its id and token, and sends
the creation later, perhaps more than once. It is made once; a replay answers with the game."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

import pytest
from api_tables import FOUR, is_problem

from scorekeeper.models import ChangeLogEntry, Game
from scorekeeper.tokens import token_digest

pytestmark = pytest.mark.django_db


def offline_game(**changes: Any) -> dict[str, Any]:
    return {
        "id": str(uuid.uuid4()),
        "token": secrets.token_urlsafe(32),
        "ruleset": "standard",
        "players": FOUR,
        "dealer": 1,
        **changes,
    }


def test_a_game_is_made_under_the_id_and_token_the_phone_chose(api):
    body = offline_game()
    response = api.post("/api/v1/games/", body, format="json")
    assert response.status_code == 201, response.content
    game = response.json()
    assert game["id"] == body["id"]
    assert game["token"] == body["token"]
    assert (game["dealer"], game["version"], game["hands"]) == (1, 1, [])
    assert response["Location"] == f"/api/v1/games/{body['id']}/"
    # Only the digest is kept, as for a token the server makes.
    stored = Game.objects.get(pk=body["id"])
    assert stored.token_hash == token_digest(body["token"])
    assert body["token"] not in str(stored.__dict__)


def test_the_phones_token_opens_the_game_for_writing(api):
    body = offline_game()
    api.post("/api/v1/games/", body, format="json")
    hand = {"maker": 0, "trump": "H", "maker_tricks": 3}
    url = f"/api/v1/games/{body['id']}/hands/"
    assert api.post(url, hand, format="json").status_code == 401
    written = api.post(url, hand, format="json", HTTP_AUTHORIZATION=f"Bearer {body['token']}")
    assert written.status_code == 201
    assert written.json()["game"]["score"] == [1, 0]


def test_a_replayed_creation_answers_200_with_the_game_as_it_stands(api):
    body = offline_game()
    assert api.post("/api/v1/games/", body, format="json").status_code == 201
    api.post(
        f"/api/v1/games/{body['id']}/hands/",
        {"maker": 1, "trump": "S", "maker_tricks": 5},
        format="json",
        HTTP_AUTHORIZATION=f"Bearer {body['token']}",
    )
    again = api.post("/api/v1/games/", body, format="json")
    assert again.status_code == 200
    game = again.json()
    assert (game["id"], game["score"], len(game["hands"])) == (body["id"], [0, 2], 1)
    assert game["token"] == body["token"]
    assert Game.objects.filter(pk=body["id"]).count() == 1
    created = ChangeLogEntry.objects.filter(game_id=body["id"], action="create-game")
    assert created.count() == 1


def test_a_replay_may_name_the_preset_either_way(api):
    body = offline_game()
    api.post("/api/v1/games/", body, format="json")
    same = {**body, "ruleset": {"preset": "standard"}, "players": [" Ann", "Ben", "Cat", "Dan "]}
    assert api.post("/api/v1/games/", same, format="json").status_code == 200


def test_the_same_id_with_another_token_is_a_conflict(api):
    body = offline_game()
    api.post("/api/v1/games/", body, format="json")
    other = {**body, "token": secrets.token_urlsafe(32)}
    assert is_problem(api.post("/api/v1/games/", other, format="json"), 409, "id", "game-id-taken")


@pytest.mark.parametrize(
    "change",
    [
        {"players": ["Ann", "Ben", "Cat", "Eve"]},
        {"dealer": 2},
        {"ruleset": "uka"},
        {"ruleset": {"preset": "standard", "target": 11}},
        {"team_names": ["North", "East"]},
    ],
)
def test_the_same_id_and_token_with_another_game_is_a_conflict(api, change):
    body = offline_game()
    api.post("/api/v1/games/", body, format="json")
    response = api.post("/api/v1/games/", {**body, **change}, format="json")
    assert is_problem(response, 409, "id", "game-id-reused")
    assert Game.objects.get(pk=body["id"]).first_dealer == 1


def test_an_id_the_server_gave_cannot_be_claimed(api, table):
    claim = offline_game(id=table.body["id"])
    assert is_problem(api.post("/api/v1/games/", claim, format="json"), 409, "id", "game-id-taken")


@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"token": "short"}, "token", "weak-token"),
        ({"token": "a" * 43}, "token", "weak-token"),
        ({"token": "abcd" * 11}, "token", "weak-token"),
        ({"token": secrets.token_urlsafe(32)[:42]}, "token", "weak-token"),
        ({"token": secrets.token_hex(32)[:50] + "+/="}, "token", "weak-token"),
        ({"token": 123}, "token", "invalid"),
        ({"id": "not-a-uuid"}, "id", "invalid"),
        ({"id": None}, "id", "invalid"),
    ],
)
def test_it_refuses_a_bad_id_or_a_weak_token_naming_the_field(api, changes, field, code):
    response = api.post("/api/v1/games/", offline_game(**changes), format="json")
    assert is_problem(response, 400, field, code)
    assert not Game.objects.exists()


@pytest.mark.parametrize(("given", "missing"), [("id", "token"), ("token", "id")])
def test_an_id_and_a_token_come_together(api, given, missing):
    body = {
        key: value
        for key, value in offline_game().items()
        if key in (given, "ruleset", "players", "dealer")
    }
    assert is_problem(api.post("/api/v1/games/", body, format="json"), 400, missing)


def test_a_bad_game_under_a_chosen_id_names_its_field(api):
    response = api.post("/api/v1/games/", offline_game(players=["Ann", "Ann"]), format="json")
    assert is_problem(response, 400, "players")
