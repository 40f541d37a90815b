"""Join codes and device tokens: a token opens its own table of its own round, nothing else."""

from __future__ import annotations

import pytest
from event_helpers import Device, Director, is_problem, join, ok
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def night(director: Director) -> tuple[int, dict]:
    # Where the dealer may pass, so a thrown-in hand is a write any table may make.
    event = director.create_event(
        round_length="hands",
        hands_per_round=1,
        rounds_planned=3,
        ruleset={"preset": "standard", "stuck_dealer": "redeal"},
    )
    director.add_players(event, *EIGHT)
    return event, director.next_round(event)


def test_a_table_token_cannot_write_to_another_table(night):
    _, rnd = night
    one, two = rnd["tables"]
    device = join(one["join_code"])
    other = sorted(two["seats"], key=lambda s: s["seat"])
    writes = [
        ("hands/", {"thrown_in": True}),
        ("result/", {"entered_by": other[0]["player"]}),
        ("result/confirm/", {"confirmed_by": other[1]["player"]}),
        ("result/dispute/", {"player": other[1]["player"], "reason": "no"}),
    ]
    for path, body in writes:
        response = device.post(path, body, table_id=two["id"])
        assert is_problem(response, 403, "Authorization", "wrong-table"), path
    response = device.client.patch(
        f"/api/v1/tables/{two['id']}/hands/1/",
        {"thrown_in": True, "reason": "mine now"},
        format="json",
    )
    assert is_problem(response, 403, "Authorization", "wrong-table")
    assert is_problem(device.client.delete(f"/api/v1/tables/{two['id']}/hands/1/"), 403)
    # Its own table takes the same writes.
    device.thrown_in()


def test_a_scoring_phone_follows_its_table_to_the_next_round_and_no_other(
    director: Director, night
):
    event, first = night
    devices = {t["number"]: join(t["join_code"]) for t in first["tables"]}
    confirmer = join(first["tables"][0]["join_code"], role="confirmer")
    for device in devices.values():
        device.hand(device.by_seat[0], 3)
        device.settle()
    second = director.next_round(event)
    assert [t["join_code"] for t in second["tables"]] == [t["join_code"] for t in first["tables"]]
    for table in second["tables"]:
        phone = devices[table["number"]]
        here = ok(phone.here())
        assert here["table"]["id"] == table["id"] and here["table"]["round"] == 2
        assert here["event_table"]["number"] == table["number"]
        other = next(t for t in second["tables"] if t["number"] != table["number"])
        response = phone.post("hands/", {"thrown_in": True}, table_id=other["id"])
        assert is_problem(response, 403, "Authorization", "wrong-table")
        Device(table, phone.token, phone.role).thrown_in()  # its own table, this round
    # The opponents' phone confirmed round 1 at table 1; round 2 there is not its business.
    response = confirmer.post(
        "result/dispute/", {"player": 1, "reason": "no"}, second["tables"][0]["id"]
    )
    assert is_problem(response, 403, "Authorization", "wrong-table")
    # And round 1 is closed to the scoring phone: its result is confirmed.
    assert is_problem(devices[1].post("hands/", {"thrown_in": True}), 409, "result")


def test_a_table_has_one_scoring_phone_until_it_leaves_or_is_handed_over(director: Director, night):
    _, rnd = night
    table = rnd["tables"][0]
    code = table["join_code"]
    first = join(code)
    response = first.client.post("/api/v1/tables/join/", {"code": code}, format="json")
    assert is_problem(response, 409, "code", "table-taken")
    # A phone of the opponents may join to confirm, not to score.
    join(code, role="confirmer")
    # Only a director can hand the table over; the code on the table's card stays the same.
    assert is_problem(first.post("takeover/", {}), 401)
    handed = ok(director.client.post(f"/api/v1/tables/{table['id']}/takeover/", format="json"))
    assert handed["join_code"] == code
    refused = first.post("hands/", {"thrown_in": True})
    assert is_problem(refused, 401, "Authorization", "device-handed-over")
    second = join(code.lower())  # codes are read back in any case
    second.thrown_in()
    # Leaving releases the table on the server: the same code lets a phone in again.
    assert second.client.delete("/api/v1/tables/device/").status_code == 204
    assert is_problem(
        second.post("hands/", {"thrown_in": True}), 401, "Authorization", "device-left"
    )
    third = join(code)
    ok(third.client.delete(third.url + "hands/1/"))  # the phone that left had entered it
    third.thrown_in()
    # A new code (a card that went astray): the old one stops working; the phone stays.
    fresh = ok(director.client.post(f"/api/v1/tables/{table['id']}/code/", format="json"))
    assert fresh["join_code"] != code
    response = third.client.post("/api/v1/tables/join/", {"code": code}, format="json")
    assert is_problem(response, 404, "code", "no-such-code")
    assert ok(third.here())["table"]["id"] == table["id"]


def test_without_a_token_a_table_cannot_be_written(anon, night):
    _, rnd = night
    table = rnd["tables"][0]
    url = f"/api/v1/tables/{table['id']}/"
    assert is_problem(anon.post(url + "hands/", {"thrown_in": True}, format="json"), 401)
    response = anon.post(
        url + "hands/", {"thrown_in": True}, format="json", HTTP_AUTHORIZATION="Bearer nope"
    )
    assert is_problem(response, 401, "Authorization")
    # (A director's write to a table of an unpublished night is not found by a visitor.)
    assert is_problem(anon.post(url + "code/", format="json"), 404, "id", "no-such-table")
    # A token naming no physical table there can be: unknown, like any other.
    for token in ("9" * 40 + ".a.b", "\u00b2.a.b", "-1.a.b", ".a.b"):
        response = anon.post(
            url + "hands/", {"thrown_in": True}, format="json", HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        assert is_problem(response, 401, "Authorization"), token


def test_join_codes_are_hidden_from_all_but_directors(director: Director, anon, night):
    event, rnd = night
    director.publish(event)
    table_id = rnd["tables"][0]["id"]
    assert ok(director.client.get(f"/api/v1/tables/{table_id}/"))["join_code"]
    assert ok(anon.get(f"/api/v1/tables/{table_id}/"))["join_code"] is None
    public_round = ok(anon.get(f"/api/v1/events/{event}/rounds/1/"))
    assert all(t["join_code"] is None for t in public_round["tables"])
    device = join(rnd["tables"][0]["join_code"])
    assert (
        ok(device.client.get(f"/api/v1/events/{event}/rounds/"))[0]["tables"][0]["join_code"]
        is None
    )


def test_an_unpublished_event_is_its_directors_and_its_tables_only(
    django_user_model, director: Director, anon, night
):
    event, rnd = night
    assert is_problem(anon.get(f"/api/v1/events/{event}/standings/"), 404, "id")
    assert is_problem(anon.get(f"/api/v1/tables/{rnd['tables'][0]['id']}/"), 404, "id")
    device = join(rnd["tables"][0]["join_code"])
    ok(device.client.get(f"/api/v1/events/{event}/standings/"))
    stranger = django_user_model.objects.create_user("sam")
    client = APIClient()
    client.force_login(stranger)
    assert is_problem(client.get(f"/api/v1/events/{event}/"), 404)
    # A write tells no more than a read: to whoever cannot read the event, its ids and its
    # tables' answer as ids that never were (not "sign in", not "only Riverside's directors").
    table = rnd["tables"][0]["id"]
    missing = {"event": 10**9, "table": 10**9}
    for who in (client, anon):
        for kind, method, address in (
            ("event", "post", "/api/v1/events/{event}/rounds/"),
            ("event", "post", "/api/v1/events/{event}/close/"),
            ("event", "post", "/api/v1/events/{event}/players/"),
            ("event", "patch", "/api/v1/events/{event}/"),
            ("event", "delete", "/api/v1/events/{event}/"),
            ("table", "post", "/api/v1/tables/{table}/code/"),
            ("table", "post", "/api/v1/tables/{table}/takeover/"),
        ):
            real = getattr(who, method)(address.format(event=event, table=table), format="json")
            never = address.format(**missing)
            assert is_problem(real, 404, "id", f"no-such-{kind}"), address
            assert real.json() == getattr(who, method)(never, format="json").json(), address


def test_a_phone_told_its_token_no_longer_works_is_told_in_its_language(director, night):
    _, rnd = night
    table = rnd["tables"][0]
    first = join(table["join_code"])
    first.client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ko"
    ok(director.client.post(f"/api/v1/tables/{table['id']}/takeover/", format="json"))
    refused = first.post("hands/", {"thrown_in": True})
    assert is_problem(refused, 401, "Authorization", "device-handed-over")
    assert refused.json()["detail"] == "디렉터가 이 테이블을 다른 휴대폰에 넘겼습니다."
    stranger = APIClient(HTTP_ACCEPT_LANGUAGE="ko")
    for token, words in (
        ("A1b2" * 11, "서버가 이 휴대폰의 테이블을 알지 못합니다."),
        ("a b", "보내세요"),
    ):
        response = stranger.get(
            f"/api/v1/tables/{table['id']}/", HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        assert is_problem(response, 401, "Authorization")
        assert words in response.json()["detail"], response.json()
