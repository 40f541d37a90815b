"""Join codes and device tokens: a token opens its own table of its own round, nothing else."""

from __future__ import annotations

import pytest
from event_helpers import Director, is_problem, join, ok
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


def test_a_table_token_cannot_write_to_the_next_round(director: Director, night):
    event, first = night
    devices = {t["number"]: join(t["join_code"]) for t in first["tables"]}
    for device in devices.values():
        device.hand(device.by_seat[0], 3)
        device.settle()
    second = director.next_round(event)
    for table in second["tables"]:
        old = devices[table["number"]]  # the same table number, a round earlier
        response = old.post("hands/", {"thrown_in": True}, table_id=table["id"])
        assert is_problem(response, 403, "Authorization", "wrong-table")
    # And the old table is closed for it: its result is confirmed.
    assert is_problem(devices[1].post("hands/", {"thrown_in": True}), 409, "result")


def test_a_table_has_one_scoring_device_until_the_director_hands_it_over(director: Director, night):
    _, rnd = night
    table = rnd["tables"][0]
    first = join(table["join_code"])
    response = first.client.post(
        "/api/v1/tables/join/", {"code": table["join_code"]}, format="json"
    )
    assert is_problem(response, 409, "code", "table-taken")
    # A device of the opponents may join to confirm, not to score.
    join(table["join_code"], role="confirmer")
    # Only a director can hand the table over.
    assert is_problem(first.post("takeover/", {}), 401)
    new_code = ok(director.client.post(f"/api/v1/tables/{table['id']}/takeover/", format="json"))
    assert new_code["join_code"] != table["join_code"]
    assert is_problem(first.post("hands/", {"thrown_in": True}), 401, "Authorization")
    response = first.client.post(
        "/api/v1/tables/join/", {"code": table["join_code"]}, format="json"
    )
    assert is_problem(response, 404, "code", "no-such-code")
    second = join(new_code["join_code"].lower())  # codes are read back in any case
    second.thrown_in()


def test_without_a_token_a_table_cannot_be_written(anon, night):
    _, rnd = night
    table = rnd["tables"][0]
    url = f"/api/v1/tables/{table['id']}/"
    assert is_problem(anon.post(url + "hands/", {"thrown_in": True}, format="json"), 401)
    response = anon.post(
        url + "hands/", {"thrown_in": True}, format="json", HTTP_AUTHORIZATION="Bearer nope"
    )
    assert is_problem(response, 401, "Authorization")
    assert is_problem(anon.post(url + "code/", format="json"), 401)


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
    assert is_problem(client.post(f"/api/v1/events/{event}/rounds/", format="json"), 403, "club")
