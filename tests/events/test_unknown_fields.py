"""Every body of the API takes its own fields and no other: a misspelt one is a 400 naming it
(`not-a-field`), never a write that silently leaves it out (docs/api.md: bad input)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from event_helpers import Device, Director, join, ok
from rest_framework.test import APIClient

from tests.problems import is_problem


@dataclass
class Night:
    """A night of one seated round, each table entering its totals: its director, a scoring phone at table 1, the ids a
    path names, and the players seated there."""

    director: Director
    phone: Device
    ids: dict[str, int]

    def client(self, who: str) -> APIClient:
        return {"director": self.director.client, "phone": self.phone.client}.get(who, APIClient())


@pytest.fixture
def night(director: Director) -> Night:
    event = director.create_totals_night(rounds_planned=2)
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    players = director.add_players(event, *names)
    season = director.create_season("Winter", "2026-01-01", "2026-03-31")
    table = director.next_round(event)["tables"][0]
    phone = join(table["join_code"])
    seated = [seat["player"] for seat in table["seats"]]
    ids = {
        "club": director.club,
        "event": event,
        "season": season,
        "table": table["id"],
        "player": players["Ann"],
        "other": players["Bo"],
        "seat0": seated[0],
        "seat1": seated[1],
    }
    return Night(director, phone, ids)


# (who, method, path, body with one field misspelt, the field): each body right but for it.
MISSPELT = [
    ("director", "post", "/api/v1/clubs/", {"name": "Eastside", "nmae": "Eastside"}, "nmae"),
    ("director", "patch", "/api/v1/clubs/{club}/", {"timezone": "Asia/Seoul"}, "timezone"),
    (
        "director",
        "post",
        "/api/v1/clubs/{club}/players/",
        {"name": "Ivy", "knd": "guest"},
        "knd",
    ),
    ("director", "post", "/api/v1/clubs/{club}/directors/", {"usernam": "eve"}, "usernam"),
    (
        "director",
        "post",
        "/api/v1/clubs/{club}/seasons/",
        {"name": "Spring", "starts_on": "2026-04-01", "ends_on": "2026-06-30", "best_night": 3},
        "best_night",
    ),
    (
        "director",
        "patch",
        "/api/v1/clubs/{club}/seasons/{season}/",
        {"min_night": 2},
        "min_night",
    ),
    ("director", "patch", "/api/v1/players/{player}/", {"lable": "Tuesday"}, "lable"),
    (
        "director",
        "post",
        "/api/v1/players/{player}/merge/",
        {"absorb": "{other}", "reasn": "the same Ann"},
        "reasn",
    ),
    ("director", "post", "/api/v1/players/{player}/erase/", {"reasn": "asked"}, "reasn"),
    ("director", "post", "/api/v1/events/{event}/players/", {"name": "Ivy", "nwe": True}, "nwe"),
    ("director", "post", "/api/v1/events/{event}/close/", {"leave_opne": True}, "leave_opne"),
    ("director", "delete", "/api/v1/events/{event}/", {"reasn": "a test"}, "reasn"),
    (
        "director",
        "post",
        "/api/v1/events/{event}/rounds/1/swap/",
        {"players": ["{seat0}", "{seat1}"], "why": "asked"},
        "why",
    ),
    (
        "director",
        "post",
        "/api/v1/tables/{table}/seats/0/absent/",
        {"reason": "ill", "minutes": 5},
        "minutes",
    ),
    (
        "director",
        "post",
        "/api/v1/tables/{table}/result/assign/",
        {"sides": ["average", "average"], "reason": "no play", "side": 0},
        "side",
    ),
    (
        "director",
        "post",
        "/api/v1/tables/{table}/result/forfeit/",
        {"forfeited_by": 0, "reason": "left", "forfeit_by": 0},
        "forfeit_by",
    ),
    ("director", "delete", "/api/v1/tables/{table}/hands/1/", {"reson": "typo"}, "reson"),
    ("anyone", "post", "/api/v1/tables/join/", {"code": "ABCD", "rol": "confirmer"}, "rol"),
    ("phone", "post", "/api/v1/tables/{table}/result/", {"enterd_by": "{seat0}"}, "enterd_by"),
    (
        "phone",
        "post",
        "/api/v1/tables/{table}/result/confirm/",
        {"confirmed_by": "{seat1}", "pn": "1234"},
        "pn",
    ),
    (
        "phone",
        "post",
        "/api/v1/tables/{table}/result/dispute/",
        {"player": "{seat1}", "reason": "wrong", "points": [5, 10]},
        "points",
    ),
]


def filled(value: Any, ids: dict[str, int]) -> Any:
    """The body with the night's ids in place of their names (`"{seat0}"`)."""
    if isinstance(value, dict):
        return {key: filled(item, ids) for key, item in value.items()}
    if isinstance(value, list):
        return [filled(item, ids) for item in value]
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return ids[value[1:-1]]
    return value


@pytest.mark.parametrize(
    ("who", "method", "path", "body", "field"),
    MISSPELT,
    ids=[f"{method} {path} {field}" for _who, method, path, _body, field in MISSPELT],
)
def test_a_misspelt_field_is_refused_by_name(night, who, method, path, body, field):
    url = path.format(**night.ids)
    answer = getattr(night.client(who), method)(url, filled(body, night.ids), format="json")
    assert is_problem(answer, 400, field, "not-a-field")
    assert field in answer.json()["detail"]


# (who, method, path): writes that take no body at all.
BODILESS = [
    ("director", "post", "/api/v1/events/{event}/rounds/"),
    ("director", "post", "/api/v1/events/{event}/rounds/1/time/"),
    ("director", "post", "/api/v1/events/{event}/join-limit/lift/"),
    ("director", "post", "/api/v1/tables/{table}/code/"),
    ("director", "post", "/api/v1/tables/{table}/takeover/"),
    ("director", "post", "/api/v1/tables/{table}/confirmers/end/"),
    ("phone", "delete", "/api/v1/tables/device/"),
]


@pytest.mark.parametrize(
    ("who", "method", "path"), BODILESS, ids=[f"{m} {p}" for _w, m, p in BODILESS]
)
def test_a_write_that_takes_no_body_refuses_a_field_and_does_nothing(night, who, method, path):
    """A reason sent to calling time (it takes none) is not dropped unread: the call is
    refused and nothing changes; sent without it, it is made."""
    url = path.format(**night.ids)
    client = night.client(who)
    board = f"/api/v1/events/{night.ids['event']}/rounds/"
    before = ok(night.director.client.get(board))
    answer = getattr(client, method)(url, {"reason": "a word", "zzz": 1}, format="json")
    assert is_problem(answer, 400, "reason", "not-a-field")
    assert ok(night.director.client.get(board)) == before
    # Without the field it is read as any call of it (starting round 2 waits for round 1).
    assert getattr(client, method)(url, {}, format="json").status_code in (200, 204, 409)


def test_a_misspelt_field_of_a_player_in_a_body_is_named_by_its_path(director):
    event = director.create_event(format="round-robin", rounds_planned=0)
    body = {"name": "Aces", "players": ["Ann", {"name": "Bo", "lable": "Tuesday"}]}
    answer = director.client.post(f"/api/v1/events/{event}/teams/", body, format="json")
    assert is_problem(answer, 400, "players[1].lable", "not-a-field")


def test_an_unknown_field_is_refused_in_korean(night):
    url = f"/api/v1/tables/{night.ids['table']}/result/"
    body = {"entered_by": night.ids["seat0"], "time_caled": True}
    answer = night.phone.client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="ko")
    assert is_problem(answer, 400, "time_caled", "not-a-field")
    assert answer.json()["detail"] == "이 요청에는 time_caled 필드가 없습니다"


def test_an_event_keeps_its_own_words_for_a_setting_it_does_not_have(night):
    url = f"/api/v1/events/{night.ids['event']}/"
    misspelt = night.director.client.patch(url, {"pubished": True}, format="json")
    assert is_problem(misspelt, 400, "pubished", "not-a-field")
    assert misspelt.json()["detail"] == "an event has no setting pubished"
    fixed = night.director.client.patch(url, {"format": "swiss"}, format="json")
    assert is_problem(fixed, 400, "format", "format-fixed")


def test_the_bodies_the_console_and_the_table_send_are_taken(night):
    """What the director's console and the table app send (console.js, console_desk.js,
    table.js): every field known, so nothing the app sends today is refused."""
    director, phone, ids = night.director, night.phone, night.ids
    table = f"/api/v1/tables/{ids['table']}/"
    entered = {"entered_by": ids["seat0"], "points": [10, 6]}
    ok(phone.client.post(table + "result/", entered, format="json"), 201)
    ok(phone.client.post(table + "result/confirm/", {"confirmed_by": ids["seat1"]}, format="json"))
    corrected = {"points": [10, 7], "reason": "miscounted"}
    ok(director.client.patch(table + "result/", corrected, format="json"))
    event = f"/api/v1/events/{ids['event']}/"
    ok(director.client.patch(event, {"published": True}, format="json"))
    ok(director.client.post(event + "close/", {"leave_open": True}, format="json"))
    ok(director.client.post(event + "reopen/", {"reason": "one more"}, format="json"))
