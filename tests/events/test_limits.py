"""Limits that stop guessing: wrong join codes cost the client, and all clients together."""

from __future__ import annotations

import time

import pytest
from django.test import RequestFactory
from event_helpers import Director, is_problem, ok
from rest_framework.test import APIClient

from scorekeeper.api.limits import WrongCodes
from scorekeeper.models import LimitCount

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def seated_code(director: Director) -> str:
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=3)
    director.add_players(event, *EIGHT)
    return str(director.next_round(event)["tables"][0]["join_code"])


def join(client: APIClient, code: str, address: str = "10.0.0.1", **extra):
    headers = {key: extra.pop(key) for key in list(extra) if key.startswith("HTTP_")}
    body = {"code": code, **extra}
    return client.post("/api/v1/tables/join/", body, format="json", REMOTE_ADDR=address, **headers)


def test_wrong_join_codes_cost_the_client_and_right_ones_do_not(rates, seated_code):
    rates(**{"join-codes": "3/hour"})
    phone = APIClient()
    for _ in range(4):  # right codes, as the table's phone joins and leaves again
        joined = join(phone, seated_code)
        assert joined.status_code == 201
        token = joined.json()["token"]
        left = phone.delete("/api/v1/tables/device/", HTTP_AUTHORIZATION=f"Bearer {token}")
        assert left.status_code == 204
    for _ in range(3):
        assert is_problem(join(phone, "WRONG1"), 404, "code")
    refused = join(phone, "WRONG2")
    assert is_problem(refused, 429, "code")
    assert int(refused["Retry-After"]) > 0
    assert is_problem(join(phone, seated_code, role="confirmer"), 429)
    elsewhere = join(APIClient(), seated_code, "10.0.0.2", role="confirmer")
    assert elsewhere.status_code == 201


def test_the_ceiling_binds_only_clients_that_guessed_wrong_themselves(rates, settings, seated_code):
    rates(**{"join-codes": "100/hour", "join-codes-all": "5/hour"})
    settings.LIMIT_JOIN_TYPOS = 2
    for n in range(5):
        assert join(APIClient(), "WRONG1", f"10.0.1.{n}").status_code == 404
    typist = APIClient()
    for code in ("WRONG1", "WRONG2"):  # a room's typos: not bound, and its right code joins
        assert join(typist, code, "10.0.2.1").status_code == 404
    assert join(typist, seated_code, "10.0.2.1", role="confirmer").status_code == 201
    guesser = APIClient()
    for code in ("WRONG1", "WRONG2", "WRONG3"):  # more than a room's typos
        assert join(guesser, code, "10.0.2.2").status_code == 404
    refused = join(guesser, "WRONG4", "10.0.2.2")
    assert is_problem(refused, 429)
    assert int(refused["Retry-After"]) > 3000
    # A room that mistyped a code once still joins its tables past the full ceiling.
    assert join(APIClient(), seated_code, "10.0.1.0").status_code == 201
    fresh = join(APIClient(), seated_code, "10.0.3.1", role="confirmer")
    assert fresh.status_code == 201


def test_a_sites_many_ipv6_networks_share_one_rooms_typos_under_the_ceiling(rates, seated_code):
    """A guesser holding a /48 has 65,536 networks of its own: they are one site, whose typos
    are forgiven once, not once a network. Past them, each of its networks that guessed is
    bound by the full ceiling; one that never guessed still joins with its right code."""
    rates(**{"join-codes": "100/hour", "join-codes-all": "5/hour"})
    for n in range(5):
        assert join(APIClient(), "WRONG1", f"10.0.1.{n}").status_code == 404
    answers = [
        join(APIClient(), code, f"2001:db8:77:{n:x}::1").status_code
        for n in range(6)
        for code in ("WRONGA", "WRONGB")
    ]
    # Two networks' four wrong codes are the site's typos; from then on each network's first
    # code is answered (it had guessed nothing), its second refused.
    assert answers == [404] * 5 + [429, 404, 429, 404, 429, 404, 429], answers
    fresh = join(APIClient(), seated_code, "2001:db8:77:ff::1", role="confirmer")
    assert fresh.status_code == 201
    # Another site's room still gets its typo and its right code through.
    assert join(APIClient(), "WRONGX", "2001:db8:78::1").status_code == 404
    assert join(APIClient(), seated_code, "2001:db8:78::1").status_code == 201


def test_one_typo_in_a_room_does_not_lock_it_out_when_others_filled_the_ceiling(rates, seated_code):
    """The settings' own allowance: strangers' guessing fills the ceiling; a phone in the room
    mistypes its code once, then types it right."""
    rates(**{"join-codes": "6/hour", "join-codes-all": "60/hour"})
    for n in range(60):
        assert join(APIClient(), f"WRONG{n}", f"10.2.0.{n % 10}").status_code == 404
    assert join(APIClient(), "WRONGX", "10.2.9.9").status_code == 404  # the typo
    assert join(APIClient(), seated_code, "10.2.9.9").status_code == 201


def test_phones_joining_together_on_one_address_are_not_bound_to_the_ceiling_by_each_other(
    rates, settings, seated_code
):
    """A club's phones share its address: one phone's right code still being looked at holds a
    count of the address's, but it is no wrong code, and the next phone's right code gets
    through a full ceiling."""
    rates(**{"join-codes": "100/hour", "join-codes-all": "5/hour"})
    settings.LIMIT_JOIN_TYPOS = 1
    for n in range(5):
        assert join(APIClient(), "WRONG1", f"10.0.1.{n}").status_code == 404
    in_flight = WrongCodes()
    first_phone = RequestFactory().post("/api/v1/tables/join/", REMOTE_ADDR="10.0.4.1")
    assert in_flight.allow_request(first_phone, None)
    assert join(APIClient(), seated_code, "10.0.4.1").status_code == 201
    in_flight.give_back()
    for code in ("WRONG1", "WRONG2"):  # more than the address's one typo
        assert join(APIClient(), code, "10.0.4.1").status_code == 404
    assert is_problem(join(APIClient(), seated_code, "10.0.4.1", role="confirmer"), 429)


def test_a_fresh_client_gets_its_right_code_through_after_the_ceiling_of_wrong_ones(
    rates, seated_code
):
    """Ten addresses guess until each reaches its own limit and together the ceiling (the
    settings' 60 and 600 an hour, a tenth of each here): a new address still joins."""
    rates(**{"join-codes": "6/hour", "join-codes-all": "60/hour"})
    for n in range(60):
        assert join(APIClient(), f"WRONG{n}", f"10.1.0.{n % 10}").status_code == 404
    for address in (f"10.1.0.{n}" for n in range(10)):
        assert is_problem(join(APIClient(), "WRONGX", address), 429)
    right = join(APIClient(), seated_code, "10.1.9.9")
    assert right.status_code == 201


def test_a_made_up_forwarded_address_is_still_the_same_client(rates, seated_code):
    rates(**{"join-codes": "2/hour"})
    for n in range(2):
        wrong = join(APIClient(), "WRONG1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        assert wrong.status_code == 404
    again = join(APIClient(), "WRONG1", HTTP_X_FORWARDED_FOR="192.0.2.99")
    assert is_problem(again, 429)


def test_a_right_code_or_a_refused_join_gives_its_count_back(rates, seated_code):
    rates(**{"join-codes": "1/hour"})
    phone = APIClient()
    assert join(phone, seated_code).status_code == 201
    assert is_problem(join(phone, seated_code), 409, "code", "table-taken")
    assert is_problem(join(phone, ""), 400)
    assert join(phone, "WRONG1").status_code == 404
    assert is_problem(join(phone, "WRONG2"), 429)


def a_room_refused(rates, director: Director, room: str, elsewhere: str) -> tuple[int, str]:
    """A night seated (its event, and table 1's code); three wrong codes from the room's
    address and three from elsewhere fill the ceiling, and the room's right code is refused."""
    rates(**{"join-codes": "3/hour", "join-codes-all": "4/hour", "join-limit-lifts": "2/hour"})
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=3)
    director.add_players(event, *EIGHT)
    code = str(director.next_round(event)["tables"][0]["join_code"])
    for address in (room, elsewhere):
        for _ in range(3):
            join(APIClient(), "WRONG1", address)
    assert is_problem(join(APIClient(), code, room), 429)
    return event, code


def test_a_director_in_the_room_lets_its_phones_join_again_after_a_guesser_there(
    rates, director: Director, django_user_model
):
    """One guesser on the club's Wi-Fi uses up the address's wrong codes (and, the ceiling
    full, marks the address as a guesser's): every phone there is refused. The director's
    console, on the same Wi-Fi, forgives that address's counts and only those: the phones join
    again, a guesser elsewhere stays refused, the ceiling keeps its count."""
    room, elsewhere = "10.0.5.1", "10.0.6.1"
    event, code = a_room_refused(rates, director, room, elsewhere)
    now = time.time()
    games = LimitCount.objects.create(key="games:10.0.5.1", count=5, since=now, last=now)
    ceiling = LimitCount.objects.get(key="join-codes-all:everyone").count
    assert ceiling == 6  # (each address's first three are a room's typos to the ceiling)

    lift = f"/api/v1/events/{event}/join-limit/lift/"
    stranger = APIClient()
    stranger.force_login(django_user_model.objects.create_user("sam"))
    # (The night is unpublished: to anyone but its club's directors it is not there.)
    assert is_problem(stranger.post(lift, REMOTE_ADDR=room), 404, "id", "no-such-event")
    assert is_problem(APIClient().post(lift, REMOTE_ADDR=room), 404, "id", "no-such-event")
    assert is_problem(join(APIClient(), code, room), 429)  # nobody else can lift it

    lifted = director.client.post(lift, REMOTE_ADDR=room)
    assert (lifted.status_code, lifted.json()) == (200, {"wrong_codes": 3, "address": room})
    # The room's phones join, past the full ceiling too (the address's guessing is forgiven).
    assert join(APIClient(), code, room).status_code == 201
    assert is_problem(join(APIClient(), code, elsewhere, role="confirmer"), 429)
    counts = dict(LimitCount.objects.values_list("key", "count"))
    assert counts["join-codes-all:everyone"] == ceiling
    assert counts[games.key] == 5
    nothing = director.client.post(lift, REMOTE_ADDR="10.0.7.1")
    assert nothing.json() == {"wrong_codes": 0, "address": "10.0.7.1"}


def test_a_lifted_ipv6_room_has_its_typos_again_though_its_site_guessed(rates, director: Director):
    """The room's network is forgiven its wrong codes, and its site's count loses them too:
    a typo after the lift, then the right code, joins past a full ceiling, as an IPv4 room's
    does (another network of the site guessed as much)."""
    room = "2001:db8:5::1"
    event, code = a_room_refused(rates, director, room, "2001:db8:5:1::1")
    lifted = director.client.post(f"/api/v1/events/{event}/join-limit/lift/", REMOTE_ADDR=room)
    assert lifted.json() == {"wrong_codes": 3, "address": "2001:db8:5::/64"}
    assert join(APIClient(), "WRONGX", room).status_code == 404  # a typo
    assert join(APIClient(), code, room).status_code == 201


def test_a_network_is_forgiven_twice_an_hour_and_only_while_the_night_runs(
    rates, director: Director
):
    """A director could otherwise make their own address a guesser's without limit."""
    rates(**{"join-codes": "2/hour", "join-limit-lifts": "2/hour"})
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=3)
    director.add_players(event, *EIGHT)
    director.next_round(event)
    lift = f"/api/v1/events/{event}/join-limit/lift/"
    for forgiven in (2, 2):
        for _ in range(2):
            join(APIClient(), "WRONG1", "10.0.8.1")
        assert director.client.post(lift, REMOTE_ADDR="10.0.8.1").json()["wrong_codes"] == forgiven
    join(APIClient(), "WRONG1", "10.0.8.1")
    refused = director.client.post(lift, REMOTE_ADDR="10.0.8.1")
    assert is_problem(refused, 429)
    assert int(refused["Retry-After"]) > 3000
    ok(director.client.post(f"/api/v1/events/{event}/close/", {"leave_open": True}, format="json"))
    assert is_problem(director.client.post(lift, REMOTE_ADDR="10.0.9.1"), 409, "status")


def test_a_lift_made_on_what_another_director_changed_since_is_refused_and_forgives_nothing(
    rates, director: Director
):
    """Asked against the night as the console read it (If-Match), as every act of theirs is:
    a second director's lift a moment before is shown, not made again unseen."""
    rates(**{"join-codes": "2/hour", "join-limit-lifts": "2/hour"})
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=3)
    director.add_players(event, *EIGHT)
    director.next_round(event)
    read = ok(director.client.get(f"/api/v1/events/{event}/"))["version"]
    lift = f"/api/v1/events/{event}/join-limit/lift/"
    ok(director.client.post(lift, REMOTE_ADDR="10.0.8.1", HTTP_IF_MATCH=f'"{read}"'))
    for _ in range(2):
        join(APIClient(), "WRONG1", "10.0.8.1")
    stale = director.client.post(lift, REMOTE_ADDR="10.0.8.1", HTTP_IF_MATCH=f'"{read}"')
    assert is_problem(stale, 412, "If-Match", "changed-meanwhile")
    assert [c["action"] for c in stale.json()["changes"]] == ["join-limit"]
    # Nothing was forgiven by the refused lift: the address's wrong codes still count.
    fresh = ok(director.client.get(f"/api/v1/events/{event}/"))["version"]
    lifted = director.client.post(lift, REMOTE_ADDR="10.0.8.1", HTTP_IF_MATCH=f'"{fresh}"')
    assert lifted.json()["wrong_codes"] == 2
