"""Polling that costs almost nothing: reads of an event, a table and a game carry an ETag from
a version every write moves, and a poll that has it already is answered 304 after one query
(for a signed-in director, the sign-in's own queries and one)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from event_helpers import Director, join, ok
from rest_framework.test import APIClient

from scorekeeper.errors import NotFound
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import event_get, event_stamp

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def queries(call: Callable[[], Any]) -> tuple[Any, int]:
    with CaptureQueriesContext(connection) as captured:
        answer = call()
    return answer, len(captured)


@pytest.fixture
def night(director: Director) -> dict[str, Any]:
    event = director.create_event(round_length="hands", hands_per_round=4, rounds_planned=3)
    director.add_players(event, *EIGHT)
    director.publish(event)
    rnd = director.next_round(event)
    return {"event": event, "round": rnd}


def test_a_public_poll_of_an_unchanged_event_is_a_304_after_one_query(night, anon):
    event = night["event"]
    table = night["round"]["tables"][0]["id"]
    for path in (
        f"/api/v1/events/{event}/standings/",
        f"/api/v1/events/{event}/rounds/",
        f"/api/v1/events/{event}/",
        f"/api/v1/tables/{table}/",
    ):
        first = anon.get(path)
        assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
        assert "Accept-Language" in first["Vary"]
        again, count = queries(lambda p=path, f=first: anon.get(p, HTTP_IF_NONE_MATCH=f["ETag"]))
        assert again.status_code == 304 and again["ETag"] == first["ETag"], path
        assert count <= 1, path


def test_a_directors_poll_costs_the_sign_in_and_one_query(night, director: Director, anon):
    path = f"/api/v1/events/{night['event']}/rounds/"
    signed_in = director.client.get(path)
    # The sign-in's own queries: those of a signed-in read of the clubs, less its one.
    _, clubs = queries(lambda: director.client.get("/api/v1/clubs/"))
    sign_in = clubs - 1
    again, count = queries(lambda: director.client.get(path, HTTP_IF_NONE_MATCH=signed_in["ETag"]))
    assert again.status_code == 304
    assert count <= sign_in + 1
    public = anon.get(path)
    # A director sees the join codes: the two answers differ, and so do their tags.
    assert public["ETag"] != signed_in["ETag"]
    assert anon.get(path, HTTP_IF_NONE_MATCH=signed_in["ETag"]).status_code == 200


def test_the_tag_follows_the_language(night, anon):
    path = f"/api/v1/events/{night['event']}/standings/"
    english = anon.get(path, HTTP_ACCEPT_LANGUAGE="en")
    korean = anon.get(path, HTTP_ACCEPT_LANGUAGE="ko", HTTP_IF_NONE_MATCH=english["ETag"])
    assert korean.status_code == 200 and korean["ETag"] != english["ETag"]


def test_a_game_poll_is_a_304_after_one_query(night, anon):
    game = night["round"]["tables"][0]["game"]
    first = anon.get(f"/api/v1/games/{game}/")
    again, count = queries(
        lambda: anon.get(f"/api/v1/games/{game}/", HTTP_IF_NONE_MATCH=first["ETag"])
    )
    assert again.status_code == 304 and count <= 1


def read(client: APIClient, path: str) -> tuple[str, Any]:
    answer = client.get(path)
    return answer["ETag"], answer.json()


def test_every_write_of_a_night_moves_what_its_pollers_see(night, director: Director, anon):
    """Each write a night makes, one after another: the table's tag changes after each, and
    the standings' and the rounds' whenever what they show does, to the public and to the
    director (who is shown the join codes and the phones too)."""
    event = night["event"]
    table = night["round"]["tables"][0]
    phone = join(table["join_code"])
    opponent = join(table["join_code"], role="confirmer")
    by = phone.by_seat
    player = director.client.get(f"/api/v1/events/{event}/players/").json()[0]["player"]
    at_time = {"entered_by": phone.player(by[0]), "time_called": True}
    writes: list[tuple[str, Callable[[], Any]]] = [
        ("a hand", lambda: phone.hand(by[0], 3)),
        (
            "a hand amended",
            lambda: ok(
                phone.client.patch(
                    f"/api/v1/tables/{phone.id}/hands/1/",
                    {"maker": 1, "trump": "S", "maker_tricks": 4, "reason": "misread"},
                    format="json",
                )
            ),
        ),
        (
            "the time called",
            lambda: ok(
                director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json")
            ),
        ),
        ("the result entered", lambda: ok(phone.post("result/", at_time), 201)),
        ("the result disputed", lambda: ok(opponent.dispute(by[1], "we had 5"))),
        ("the result entered again", lambda: ok(phone.post("result/", at_time), 201)),
        ("the result confirmed", lambda: ok(opponent.confirm(by[1]))),
        (
            "the table handed over",
            lambda: ok(
                director.client.post(f"/api/v1/tables/{table['id']}/takeover/", format="json")
            ),
        ),
        (
            "a player renamed",
            lambda: ok(
                director.client.patch(
                    f"/api/v1/players/{player}/", {"name": "Annie"}, format="json"
                )
            ),
        ),
        (
            "the event renamed",
            lambda: ok(
                director.client.patch(
                    f"/api/v1/events/{event}/", {"name": "Tuesday night"}, format="json"
                )
            ),
        ),
        (
            "a player leaves",
            lambda: director.client.delete(f"/api/v1/events/{event}/players/{player}/"),
        ),
    ]
    readers = [
        (client, f"/api/v1/events/{event}/{what}/")
        for client in (anon, director.client)
        for what in ("standings", "rounds")
    ]
    table_path = f"/api/v1/tables/{table['id']}/"
    before = [read(client, path) for client, path in readers]
    table_before = anon.get(table_path)["ETag"]
    moved: set[str] = set()
    for what, write in writes:
        write()
        after = [read(client, path) for client, path in readers]
        for (client, path), (tag, body), (tag_after, body_after) in zip(
            readers, before, after, strict=True
        ):
            # A tag moves whenever what it tags does (and a hand, which neither the
            # standings nor the rounds show, leaves them alone).
            if body_after != body:
                assert tag_after != tag, (what, path, client is anon)
                moved.add(path)
        table_after = anon.get(table_path)["ETag"]
        assert table_after != table_before, what
        before, table_before = after, table_after
    assert moved == {path for _, path in readers}


def test_hands_at_the_tables_leave_the_standings_pollers_at_304(night, director: Director, anon):
    """A night's tables post a hand every few seconds; the standings count confirmed results
    only and the public rounds show results, not hands, so their pollers stay at 304 until a
    result is entered (and a director's hand correction that re-derives a confirmed result
    moves them again)."""
    event = night["event"]
    table = night["round"]["tables"][0]
    phone = join(table["join_code"])
    opponent = join(table["join_code"], role="confirmer")
    by = phone.by_seat
    path = f"/api/v1/events/{event}/standings/"
    rounds = f"/api/v1/events/{event}/rounds/"
    tag, rounds_tag = anon.get(path)["ETag"], anon.get(rounds)["ETag"]
    for _ in range(4):
        phone.hand(by[0], 3)
        assert anon.get(path, HTTP_IF_NONE_MATCH=tag).status_code == 304
        assert anon.get(rounds, HTTP_IF_NONE_MATCH=rounds_tag).status_code == 304
    ok(phone.post("result/", {"entered_by": phone.player(by[0])}), 201)
    entered = anon.get(rounds, HTTP_IF_NONE_MATCH=rounds_tag)
    assert entered.status_code == 200 and entered["ETag"] != rounds_tag
    ok(opponent.confirm(by[1]))
    confirmed = anon.get(path, HTTP_IF_NONE_MATCH=tag)
    assert confirmed.status_code == 200 and confirmed.json()["rows"][0]["total"] > 0
    ok(
        director.client.patch(
            f"/api/v1/tables/{table['id']}/hands/1/",
            {"maker": 0, "trump": "S", "maker_tricks": 5, "reason": "a march, not a point"},
            format="json",
        )
    )
    corrected = anon.get(path, HTTP_IF_NONE_MATCH=confirmed["ETag"])
    assert corrected.status_code == 200 and corrected.json() != confirmed.json()


@pytest.mark.parametrize(
    "change",
    [{"time_zone": "Asia/Seoul"}, {"language": "ko"}],
    ids=["the club's time zone", "the club's language"],
)
def test_a_change_of_the_clubs_clock_or_language_is_not_a_304(
    night, director: Director, anon, change
):
    """Times are shown on the club's clock and words in its language: a poll that kept an
    answer from before the club changed either is sent the new answer."""
    event = night["event"]
    table = night["round"]["tables"][0]["id"]
    paths = (
        f"/api/v1/events/{event}/standings/",
        f"/api/v1/events/{event}/rounds/",
        f"/api/v1/events/{event}/",
        f"/api/v1/tables/{table}/",
    )
    kept = {path: anon.get(path) for path in paths}
    ok(director.client.patch(f"/api/v1/clubs/{director.club}/", change, format="json"))
    for path, before in kept.items():
        after = anon.get(path, HTTP_IF_NONE_MATCH=before["ETag"])
        assert after.status_code == 200 and after["ETag"] != before["ETag"], path
    # What the phones are sent did change: the round's start on the club's clock, or words
    # in the club's language.
    fresh = anon.get(f"/api/v1/tables/{table}/")
    if "time_zone" in change:
        assert fresh.json()["round_started_at"].endswith("+09:00")
        assert kept[f"/api/v1/tables/{table}/"].json()["round_started_at"].endswith("Z")
    else:
        assert fresh["Content-Language"] == "ko"


def test_watchers_at_one_version_share_one_computed_rounds(night, anon, director: Director):
    """The first watcher at a version has the rounds computed; the next, without a tag of
    its own, gets the same answer from the cache in fewer queries; a result gives a new one."""
    path = f"/api/v1/events/{night['event']}/rounds/"
    first, computed = queries(lambda: anon.get(path))
    second, kept = queries(lambda: APIClient().get(path))
    assert second.json() == first.json() and kept < computed
    table = night["round"]["tables"][0]
    phone = join(table["join_code"])
    for _ in range(4):
        phone.hand(phone.by_seat[0], 3)
    ok(phone.post("result/", {"entered_by": phone.player(phone.by_seat[0])}), 201)

    def result(body: Any) -> Any:
        return [t["result"] for t in body[0]["tables"] if t["id"] == table["id"]]

    assert result(first.json()) == [None] and result(anon.get(path).json()) != [None]


def test_a_poll_of_an_event_no_longer_public_is_not_found(night, director: Director, anon):
    """A poll is answered 304 only to who may still read the event: once it is taken back
    from the public, a visitor's old tag finds nothing (as an id that does not exist), while
    the club's director, who may read it, is still answered from the tag."""
    event = night["event"]
    path = f"/api/v1/events/{event}/rounds/"
    public, directed = anon.get(path), director.client.get(path)
    ok(director.client.patch(f"/api/v1/events/{event}/", {"published": False}, format="json"))
    gone = anon.get(path, HTTP_IF_NONE_MATCH=public["ETag"])
    assert gone.status_code == 404 and gone.json()["code"] == "no-such-event"
    current = director.client.get(path)
    assert current["ETag"] != directed["ETag"]
    again = director.client.get(path, HTTP_IF_NONE_MATCH=current["ETag"])
    assert again.status_code == 304


def event_versions(event: int) -> tuple[int, int]:
    return Event.objects.values_list("version", "standings_version").get(pk=event)


def test_a_retried_write_moves_no_version(night, director: Director, anon):
    """A phone that did not hear the answer sends the same write again: the answer is the
    same, nothing changes, and the pollers stay at 304."""
    event = night["event"]
    table = night["round"]["tables"][0]
    phone = join(table["join_code"])
    opponent = join(table["join_code"], role="confirmer")
    by = phone.by_seat
    hand = {"maker": 0, "trump": "H", "maker_tricks": 3}
    key = {"HTTP_IDEMPOTENCY_KEY": "a-hand-sent-twice"}
    ok(phone.client.post(f"{phone.url}hands/", hand, format="json", **key), 201)
    moved = event_versions(event)
    ok(phone.client.post(f"{phone.url}hands/", hand, format="json", **key))
    assert event_versions(event) == moved
    for _ in range(3):  # the round's other hands
        phone.hand(by[0], 3)
    ok(phone.enter(by[0]), 201)
    entered = event_versions(event)
    tag = anon.get(f"/api/v1/events/{event}/rounds/")["ETag"]
    assert phone.enter(by[0]).status_code in (200, 201)
    assert event_versions(event) == entered
    assert anon.get(f"/api/v1/events/{event}/rounds/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    ok(opponent.confirm(by[1]))
    confirmed = event_versions(event)
    ok(opponent.confirm(by[1]))
    assert event_versions(event) == confirmed


def test_a_confirmation_locks_its_table_once_and_moves_the_event_once(night):
    table = night["round"]["tables"][0]
    phone = join(table["join_code"])
    opponent = join(table["join_code"], role="confirmer")
    for _ in range(4):
        phone.hand(phone.by_seat[0], 3)
    ok(phone.enter(phone.by_seat[0]), 201)
    before = event_versions(night["event"])
    with CaptureQueriesContext(connection) as captured:
        ok(opponent.confirm(phone.by_seat[1]))
    statements = [q["sql"] for q in captured]
    moves = [sql for sql in statements if sql.startswith('UPDATE "events_event"')]
    assert len(moves) == 1, moves
    assert event_versions(night["event"]) == (before[0] + 1, before[1] + 1)
    if connection.vendor == "postgresql":  # SQLite locks the whole database, not rows
        locked = re.compile(r"FOR (NO KEY )?UPDATE")
        locks = [sql for sql in statements if 'FROM "events_table"' in sql and locked.search(sql)]
        assert len(locks) == 1, locks


def test_the_stamp_a_poll_reads_says_what_the_events_look_up_says(night, director: Director):
    """The poll's one statement (written out, not built by the ORM) and the full look-up
    agree on every field, for nobody, the club's director, another user and a superuser; an
    unknown id is not found by either."""
    ok(director.client.patch(f"/api/v1/clubs/{director.club}/", {"language": "ko"}, format="json"))
    readers = [
        None,
        User.objects.get(username="dora"),
        User.objects.create_user("stranger"),
        User.objects.create_superuser("root"),
    ]
    directed = []
    for reader in readers:
        stamp = event_stamp(event_id=night["event"], director=reader)
        event = event_get(event_id=night["event"], director=reader)
        assert (stamp.pk, stamp.club_id, stamp.club_language) == (event.pk, event.club_id, "ko")
        assert (stamp.published, stamp.version, stamp.standings_version) == (
            event.published,
            event.version,
            event.standings_version,
        )
        assert stamp.directed == getattr(event, "directed", None)
        directed.append(stamp.directed)
    assert directed == [None, True, False, True]
    for missing in (0, 10**6, 2**63):
        with pytest.raises(NotFound):
            event_stamp(event_id=missing)
