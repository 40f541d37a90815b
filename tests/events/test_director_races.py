"""A director's acts on a table's phones (a new join code, the table handed over, its
confirming phones ended) as another director undoes the round or swaps two of its players
(PostgreSQL, real threads): each waits for the other, in the order a table's writes take
their rows, so both are answered as if one had come after the other: never a deadlock's 503,
nor a 500 for a change-log entry of a table deleted meanwhile (the act then finds no table)."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, join
from test_club_night import hands_night

from scorekeeper.models import Game
from tests.concurrency import POSTGRES_ONLY, all_at_once

pytestmark = POSTGRES_ONLY

ATTEMPTS = 5

#: The acts on table 1's phones, by their path under the table.
PHONE_ACTS = {
    "a new join code": "code/",
    "a hand-over": "takeover/",
    "confirmers ended": "confirmers/end/",
}


def _swap(rnd: dict[str, Any]) -> dict[str, Any]:
    first, other = rnd["tables"][0]["seats"][0], rnd["tables"][1]["seats"][1]
    return {"players": [first["player"], other["player"]], "reason": "asked to"}


def _repaired(director: Director, event: int, rnd: dict[str, Any], repair: str) -> int:
    """Round 1 repaired by the director (two of its players swapped, or the round undone)."""
    if repair == "a swap":
        url = f"/api/v1/events/{event}/rounds/1/swap/"
        return director.client.post(url, _swap(rnd), format="json").status_code
    url = f"/api/v1/events/{event}/rounds/1/"
    return director.client.delete(url, {"reason": "x"}, format="json").status_code


@pytest.mark.parametrize("act", PHONE_ACTS)
@pytest.mark.parametrize("repair", ["the round undone", "a swap"])
def test_an_act_on_a_tables_phones_and_a_repair_of_its_round_at_once(
    director: Director, act: str, repair: str
):
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)
        table = rnd["tables"][0]["id"]

        def send(
            index: int, event: int = event, rnd: dict[str, Any] = rnd, table: int = table
        ) -> int:
            if index == 0:
                url = f"/api/v1/tables/{table}/{PHONE_ACTS[act]}"
                return director.client.post(url, {}, format="json").status_code
            return _repaired(director, event, rnd, repair)

        acted, repaired = all_at_once(2, send)
        done = 200 if repair == "a swap" else 204
        assert acted in (200, 404) and repaired == done, (acted, repaired)


def test_a_round_seated_as_the_night_is_deleted(director: Director):
    """A night whose only round was undone keeps its physical tables: seating the round again
    refers to them while the deletion locks them. One goes first: the round is seated (201)
    and the deletion, then refused or done, or the night is deleted and the seating finds no
    event (404); never a deadlock's 503."""
    for _ in range(ATTEMPTS):
        event, _rnd = hands_night(director)
        url = f"/api/v1/events/{event}/"
        undone = director.client.delete(f"{url}rounds/1/", {"reason": "x"}, format="json")
        assert undone.status_code == 204, undone.content

        def send(index: int, url: str = url) -> int:
            if index == 0:
                return director.client.post(f"{url}rounds/", {}, format="json").status_code
            return director.client.delete(url, {"reason": "x"}, format="json").status_code

        seated, deleted = all_at_once(2, send)
        assert (seated, deleted) in ((201, 204), (201, 409), (404, 204)), (seated, deleted)


def test_a_player_erased_as_their_tables_result_is_entered(director: Director):
    """The erasure renames the player (a lock that lets a row referring to them through) and
    then moves the club's events; the result, written first at its event, checks its lines'
    players at its commit: neither holds what the other needs."""
    for _ in range(ATTEMPTS):
        _event, rnd = hands_night(director)
        table = rnd["tables"][0]
        phone = join(table["join_code"])
        for maker in (0, 1, 2):
            phone.hand(phone.by_seat[maker], 3)
        erased = phone.player(phone.by_seat[1])

        def send(index: int, phone: Device = phone, erased: int = erased) -> int:
            if index == 0:
                return phone.enter(by=phone.by_seat[0]).status_code
            url = f"/api/v1/players/{erased}/erase/"
            return director.client.post(url, {"reason": "asked to"}, format="json").status_code

        assert all_at_once(2, send) == [201, 200]


#: What a phone or a director reads or changes at table 1 as its round is undone: never a
#: 500 for a table or round read and then deleted before the rest of it was.
AT_THE_TABLE: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "the table read": ("get", "/api/v1/tables/{table}/", None),
    "the round read": ("get", "/api/v1/events/{event}/rounds/1/", None),
    "the phone's poll": ("get", "/api/v1/tables/device/", None),
    "a substitute": (
        "post",
        "/api/v1/tables/{table}/seats/1/substitute/",
        {"player": "Zed", "reason": "x"},
    ),
}


@pytest.mark.parametrize("act", AT_THE_TABLE)
def test_a_table_read_or_changed_as_its_round_is_undone(director: Director, act: str):
    method, path, body = AT_THE_TABLE[act]
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)
        table = rnd["tables"][0]
        phone = join(table["join_code"])
        url = path.format(table=table["id"], event=event)
        client = phone.client if act == "the phone's poll" else director.client

        def send(index: int, event: int = event, url: str = url, client: Any = client) -> int:
            if index == 0:
                if body is None:
                    return client.get(url).status_code
                return getattr(client, method)(url, body, format="json").status_code
            undo = f"/api/v1/events/{event}/rounds/1/"
            return director.client.delete(undo, {"reason": "x"}, format="json").status_code

        acted, undone = all_at_once(2, send)
        assert acted in (200, 404) and undone == 204, (acted, undone)


#: A director's acts at table 1 as the night closes (its phones ended each way), and the
#: phone's own leaving: each ends tokens before its event moves, as the close does.
AS_THE_NIGHT_CLOSES = {
    "a hand-over": ("post", "/api/v1/tables/{table}/takeover/"),
    "confirmers ended": ("post", "/api/v1/tables/{table}/confirmers/end/"),
    "the phone leaving": ("delete", "/api/v1/tables/device/"),
}


@pytest.mark.parametrize("act", AS_THE_NIGHT_CLOSES)
def test_a_tables_phones_ended_as_the_night_closes(director: Director, act: str):
    method, path = AS_THE_NIGHT_CLOSES[act]
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)
        table = rnd["tables"][0]
        phone = join(table["join_code"])
        join(table["join_code"], role="confirmer")
        url = path.format(table=table["id"])
        client = phone.client if act == "the phone leaving" else director.client

        def send(index: int, event: int = event, url: str = url, client: Any = client) -> int:
            if index == 0:
                return getattr(client, method)(url, {}, format="json").status_code
            closing = f"/api/v1/events/{event}/close/"
            return director.client.post(closing, {"leave_open": True}, format="json").status_code

        acted, closed = all_at_once(2, send)
        assert acted in (200, 204, 401, 409) and closed == 200, (acted, closed)


@pytest.mark.parametrize("repair", ["a swap", "the round undone"])
def test_time_called_as_the_round_is_repaired(director: Director, repair: str):
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)

        def send(index: int, event: int = event, rnd: dict[str, Any] = rnd) -> int:
            if index == 0:
                url = f"/api/v1/events/{event}/rounds/1/time/"
                return director.client.post(url, {}, format="json").status_code
            return _repaired(director, event, rnd, repair)

        called, repaired = all_at_once(2, send)
        assert called in (200, 404) and repaired in (200, 204, 409), (called, repaired)


@pytest.mark.parametrize("repair", ["a substitute", "a swap"])
def test_a_confirming_phone_leaves_as_the_director_moves_its_player(
    director: Director, repair: str
):
    """The phone named for East leaves as the director seats a substitute for East (who takes
    the phone's name) or swaps East away (which ends the phone): each takes the table first."""
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)
        table = rnd["tables"][0]
        scorer = join(table["join_code"])
        east = scorer.player(scorer.by_seat[1])
        body = {"code": table["join_code"], "role": "confirmer", "player": east}
        joined = director.client.post("/api/v1/tables/join/", body, format="json").json()
        mine = Device(joined["table"], joined["token"], "confirmer")

        def send(
            index: int,
            event: int = event,
            rnd: dict[str, Any] = rnd,
            mine: Device = mine,
            east: int = east,
        ) -> int:
            if index == 0:
                return mine.client.delete("/api/v1/tables/device/").status_code
            if repair == "a swap":
                other = rnd["tables"][1]["seats"][1]["player"]
                swap = {"players": [east, other], "reason": "asked to"}
                url = f"/api/v1/events/{event}/rounds/1/swap/"
                return director.client.post(url, swap, format="json").status_code
            url = f"/api/v1/tables/{rnd['tables'][0]['id']}/seats/1/substitute/"
            return director.client.post(
                url, {"player": "Zed", "reason": "x"}, format="json"
            ).status_code

        left, moved = all_at_once(2, send)
        assert left in (204, 401) and moved == 200, (left, moved)


def test_a_player_erased_as_their_first_round_is_seated_leaves_no_name(director: Director):
    """The seating copies the player's name into its games while the erasure rewrites the
    names it finds: whichever goes first, the name is nowhere after both."""
    for attempt in range(ATTEMPTS):
        event = director.create_event(round_length="hands", hands_per_round=3, rounds_planned=2)
        name = f"Zebedee Quack {attempt}"
        ids = director.add_players(event, name, "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")

        def send(index: int, event: int = event, erased: int = ids[name]) -> int:
            if index == 0:
                url = f"/api/v1/events/{event}/rounds/"
                return director.client.post(url, {}, format="json").status_code
            url = f"/api/v1/players/{erased}/erase/"
            return director.client.post(url, {"reason": "asked to"}, format="json").status_code

        assert all_at_once(2, send) == [201, 200]
        games = Game.objects.filter(event_table__round__event_id=event)
        assert len(games) == 2
        assert not [g.team_names for g in games if any("Zebedee" in t for t in g.team_names)]
