"""A request in Korean is answered in Korean to its last word: a missing row, a body of the
wrong shape and a field's own check alike (docs/api.md: title and detail)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

import pytest
from django.utils import translation
from django.utils.functional import Promise
from rest_framework import serializers
from rest_framework.test import APIClient

import scorekeeper
from scorekeeper.api.problems import server_error

HANGUL = re.compile("[가-힣]")
GAME = {"ruleset": "standard", "players": ["Ann", "Bo", "Cy", "Di"], "dealer": 0}


def korean(response: Any, status: int, field: str) -> str:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["field"] == field
    for detail in [body["detail"], *(error["detail"] for error in body.get("errors", []))]:
        assert HANGUL.search(detail), detail
    return str(body["detail"])


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/v1/clubs/999999/", "id"),
        ("/api/v1/events/999999/", "id"),
        ("/api/v1/tables/999999/", "id"),
        ("/api/v1/players/999999/", "id"),
    ],
)
def test_a_row_that_is_not_there_is_said_in_korean(director, path, field):
    korean(director.client.get(path, HTTP_ACCEPT_LANGUAGE="ko"), 404, field)


def test_a_round_and_a_season_that_are_not_there_are_said_in_korean(director):
    event = director.create_event(rounds_planned=2)
    ko = {"HTTP_ACCEPT_LANGUAGE": "ko"}
    korean(director.client.get(f"/api/v1/events/{event}/rounds/99/", **ko), 404, "number")
    season = f"/api/v1/clubs/{director.club}/seasons/999999/"
    korean(director.client.patch(season, {"name": "x"}, format="json", **ko), 404, "season")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**GAME, "ruleset": 5}, "ruleset"),
        ({**GAME, "id": "658fd579-751b-4f63-95da-3c48ffdbc9c1"}, "token"),
    ],
)
def test_a_game_of_the_wrong_shape_is_refused_in_korean(body, field):
    answer = APIClient().post("/api/v1/games/", body, format="json", HTTP_ACCEPT_LANGUAGE="ko")
    korean(answer, 400, field)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field"),
    [([], "body"), ({}, "maker"), ({"thrown_in": False}, "thrown_in")],
)
def test_a_hand_of_the_wrong_shape_is_refused_in_korean(body, field):
    client = APIClient()
    game = client.post("/api/v1/games/", GAME, format="json").json()
    url = f"/api/v1/games/{game['id']}/hands/"
    korean(client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="ko"), 401, "Authorization")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {game['token']}")
    korean(client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="ko"), 400, field)


@pytest.mark.django_db
def test_a_moon_said_not_alone_is_refused_in_korean():
    client = APIClient()
    game = client.post("/api/v1/games/", {**GAME, "ruleset": "bid-euchre"}, format="json").json()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {game['token']}")
    body = {"maker": 0, "bid": "moon", "alone": False, "maker_tricks": 6}
    answer = client.post(
        f"/api/v1/games/{game['id']}/hands/", body, format="json", HTTP_ACCEPT_LANGUAGE="ko"
    )
    korean(answer, 400, "alone")


def test_every_message_a_field_of_ours_fails_with_is_translated():
    for module in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if ".migrations" not in module.name and not module.name.endswith("serve"):
            importlib.import_module(module.name)
    untranslated = []
    fields: list[type[Any]] = [serializers.Field]
    while fields:
        field = fields.pop()
        fields.extend(field.__subclasses__())
        if field.__module__.startswith("scorekeeper."):
            own = vars(field).get("default_error_messages", {})
            untranslated += [
                f"{field.__qualname__}.{key}"
                for key, message in own.items()
                if not isinstance(message, Promise)
            ]
    assert untranslated == []


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/events/abc/", "/events/999999/", "/g/not-a-game/"])
def test_a_page_that_is_not_there_is_said_in_korean(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="ko")
    assert response.status_code == 404
    page = response.content.decode()
    assert '<html lang="ko">' in page
    assert "이 주소에는 아무것도 없습니다" in page and "Not Found" not in page


def test_a_page_that_failed_is_said_in_korean(rf):
    with translation.override("ko"):
        page = server_error(rf.get("/events/")).content.decode()
    assert "서버 쪽에서 문제가 생겼습니다" in page and "Server Error" not in page


def test_a_names_particle_in_a_korean_problem_is_the_one_the_name_takes(director):
    """The catalogue says a name's particle in both forms ("%(player)s은(는)"); the answer
    says the one the name takes: "Ann은" (a final consonant), "Bo는" (a vowel)."""
    event = director.create_event(rounds_planned=2)
    path = f"/api/v1/events/{event}/players/"
    for name, said in (("Ann", "Ann은 이미"), ("Bo", "Bo는 이미")):
        assert director.client.post(path, {"name": name}, format="json").status_code == 201
        again = director.client.post(path, {"name": name}, format="json", HTTP_ACCEPT_LANGUAGE="ko")
        detail = korean(again, again.status_code, again.json()["field"])
        assert detail.startswith(said) and "(는)" not in detail, detail


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"round_length": "hands", "hands_per_round": 4}, "이 라운드는 4판입니다"),
        ({"round_length": "game"}, "아직 10점에 이른 팀이 없습니다"),
    ],
)
def test_a_result_before_the_round_is_played_out_is_refused_in_korean(director, options, said):
    """A party's table (or any event's) entering its result too soon is told in its language
    how far the round has to go."""
    from event_helpers import join

    event = director.create_event(format="party", rounds_planned=2, **options)
    director.add_players(event, "Ann", "Bo", "Cy", "Di")
    phone = join(director.next_round(event)["tables"][0]["join_code"])
    ko = phone.client.post(
        phone.url + "result/",
        {"entered_by": phone.player(phone.by_seat[0])},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ko",
    )
    assert said in korean(ko, 409, "hands")
