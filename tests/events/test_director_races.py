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
            if repair == "a swap":
                url = f"/api/v1/events/{event}/rounds/1/swap/"
                return director.client.post(url, _swap(rnd), format="json").status_code
            url = f"/api/v1/events/{event}/rounds/1/"
            return director.client.delete(url, {"reason": "x"}, format="json").status_code

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
