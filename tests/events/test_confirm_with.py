"""How the opponents confirm a result, the event's option `confirm_with`: on the table's phone
or their own (`table`), only on a phone of their own joined for their side (`opponent-device`),
or with the confirming opponent's PIN (`pin`). In every mode a confirming phone named for a
player never confirms its own side's entry, and the board says how each result was confirmed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from event_helpers import Device, Director, is_problem, join, ok

from scorekeeper.events.models import Entrant

pytestmark = pytest.mark.django_db

FOUR = ("Ann", "Ben", "Cat", "Dan")


def hand_played(director: Director, **options: Any) -> tuple[int, dict[str, Any], Device]:
    """A night of one table of one hand (the table as seating it answered, with its join
    code), the hand played on the table's scoring phone."""
    event = director.create_event(
        round_length="hands", hands_per_round=1, rounds_planned=2, **options
    )
    director.add_players(event, *FOUR)
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    phone.hand(maker=phone.by_seat[0], tricks=3)
    return event, table, phone


def one_table(director: Director, **options: Any) -> tuple[int, dict[str, Any], Device]:
    """A night of one table of one hand, the hand played and the result entered by seat 0."""
    event, table, phone = hand_played(director, **options)
    entering = phone.player(phone.by_seat[0])
    body: dict[str, Any] = {"entered_by": entering}
    if options.get("confirm_with") == "pin":  # whoever enters proves it with their PIN
        body["pin"] = pin_of(event, entering)
    ok(phone.post("result/", body), 201)
    return event, table, phone


def confirmer(table: dict[str, Any], **body: Any) -> Device:
    return join(table["join_code"], role="confirmer") if not body else _joined(table, body)


def _joined(table: dict[str, Any], body: dict[str, Any]) -> Device:
    from rest_framework.test import APIClient

    answer = APIClient().post(
        "/api/v1/tables/join/",
        {"code": table["join_code"], "role": "confirmer", **body},
        format="json",
    )
    joined = ok(answer, 201)
    return Device(joined["table"], joined["token"], "confirmer")


def name_phone(device: Device, player: int) -> Any:
    return device.client.patch("/api/v1/tables/device/", {"player": player}, format="json")


def test_an_event_confirms_on_the_tables_phone_by_default(director: Director):
    event, _, phone = one_table(director)
    assert ok(director.client.get(f"/api/v1/events/{event}/"))["confirm_with"] == "table"
    assert ok(phone.here())["table"]["confirm_with"] == "table"
    assert ok(phone.confirm(by=phone.by_seat[1]))["confirmation"] == "same-device"


def test_with_opponent_devices_only_a_phone_named_for_the_other_side_confirms(
    director: Director,
):
    _, table, phone = one_table(director, confirm_with="opponent-device")
    them, partner = phone.by_seat[1], phone.by_seat[2]
    refused = phone.confirm(by=them)
    assert is_problem(refused, 403, "Authorization", "opponent-device-required")
    theirs = confirmer(table)
    assert is_problem(theirs.confirm(by=them), 403, "Authorization", "device-unnamed")
    ours = confirmer(table, player=phone.player(partner))
    assert is_problem(ours.confirm(by=them), 403, "Authorization", "own-side")
    assert ok(name_phone(theirs, phone.player(them)))["player"] == phone.player(them)
    assert ok(theirs.confirm(by=them))["confirmation"] == "second-device"


def test_a_phone_named_for_a_side_never_confirms_that_sides_entry_in_any_mode(
    director: Director,
):
    _, table, phone = one_table(director)
    ours = confirmer(table, player=phone.player(phone.by_seat[0]))
    refused = ours.confirm(by=phone.by_seat[1])
    assert is_problem(refused, 403, "Authorization", "own-side")


def test_a_confirming_phone_is_named_once_for_a_player_at_its_table(director: Director):
    _, table, phone = one_table(director)
    theirs = confirmer(table)
    assert is_problem(name_phone(theirs, 999_999), 422, "player", "not-at-table")
    ok(name_phone(theirs, phone.player(phone.by_seat[1])))
    again = name_phone(theirs, phone.player(phone.by_seat[3]))
    assert is_problem(again, 409, "player", "device-named")
    assert is_problem(name_phone(phone, phone.player(phone.by_seat[0])), 400, "player")


def pin_of(event: int, player: int) -> str:
    return Entrant.objects.get(event_id=event, player_id=player).pin


def test_with_pins_the_confirming_opponent_types_theirs(director: Director):
    event, _, phone = one_table(director, confirm_with="pin")
    them = phone.by_seat[1]
    url = phone.url + "result/confirm/"
    missing = phone.client.post(url, {"confirmed_by": phone.player(them)}, format="json")
    assert is_problem(missing, 400, "pin", "pin-required")
    pin = pin_of(event, phone.player(them))
    partners = pin_of(event, phone.player(phone.by_seat[3]))
    body = {"confirmed_by": phone.player(them), "pin": pin}
    if partners != pin:  # a partner's PIN is not theirs
        wrong = phone.client.post(url, {**body, "pin": partners}, format="json")
        assert is_problem(wrong, 422, "pin", "wrong-pin")
    confirmed = ok(phone.client.post(url, body, format="json"))
    assert confirmed["confirmation"] == "pin"
    board = ok(director.client.get(f"/api/v1/events/{event}/board/"))
    assert [t["confirmation"] for t in board[0]["tables"]] == ["pin"]


def test_with_pins_whoever_enters_the_result_types_theirs_too(director: Director):
    """One side cannot enter in the other's name and confirm with its own PIN: the entry
    needs the PIN of whoever it names."""
    event, _, phone = hand_played(director, confirm_with="pin")
    mine, theirs = phone.by_seat[0], phone.by_seat[1]  # opponents
    own_pin = pin_of(event, phone.player(mine))
    missing = phone.post("result/", {"entered_by": phone.player(mine)})
    assert is_problem(missing, 400, "pin", "pin-required")
    in_their_name = {"entered_by": phone.player(theirs), "pin": own_pin}
    if pin_of(event, phone.player(theirs)) != own_pin:
        assert is_problem(phone.post("result/", in_their_name), 422, "pin", "wrong-pin")
    entered = ok(phone.post("result/", {"entered_by": phone.player(mine), "pin": own_pin}), 201)
    assert entered["entered_by"] == phone.player(mine) and entered["status"] == "entered"
    refused = phone.client.post(
        f"{phone.url}result/confirm/",
        {
            "confirmed_by": phone.player(phone.by_seat[2]),
            "pin": pin_of(event, phone.player(phone.by_seat[2])),
        },
        format="json",
    )
    assert is_problem(refused, 422, "confirmed_by", "same-side")  # a partner cannot confirm


def test_five_wrong_entry_pins_leave_the_entry_to_the_director(director: Director):
    event, _, phone = hand_played(director, confirm_with="pin")
    entering = phone.player(phone.by_seat[0])
    right = pin_of(event, entering)
    wrongs = [f"{(int(right) + n) % 10_000:04d}" for n in range(1, 6)]
    tries = [phone.post("result/", {"entered_by": entering, "pin": w}) for w in wrongs]
    assert all(is_problem(t, 422, "pin", "wrong-pin") for t in tries)
    assert [t.json()["tries_left"] for t in tries] == [4, 3, 2, 1, 0]
    used = phone.post("result/", {"entered_by": entering, "pin": right})
    assert is_problem(used, 409, "pin", "pin-tries-used")
    by_director = director.client.post(
        f"{phone.url}result/", {"entered_by": entering}, format="json"
    )
    assert ok(by_director, 201)["status"] == "confirmed"


def test_a_pin_sent_as_a_number_is_refused_naming_it_and_costs_no_try(director: Director):
    event, _, phone = hand_played(director, confirm_with="pin")
    entering = phone.player(phone.by_seat[0])
    right = pin_of(event, entering)
    for number in (int(right), 1234, 282):  # a number is never read as the PIN "0282"
        sent = phone.post("result/", {"entered_by": entering, "pin": number})
        assert is_problem(sent, 400, "pin")
    wrong = f"{(int(right) + 1) % 10_000:04d}"
    missed = phone.post("result/", {"entered_by": entering, "pin": wrong})
    assert is_problem(missed, 422, "pin", "wrong-pin") and missed.json()["tries_left"] == 4
    assert "4 more tries" in missed.json()["detail"]
    ok(phone.post("result/", {"entered_by": entering, "pin": right}), 201)


def test_the_last_try_but_one_is_said_in_the_singular(director: Director):
    event, _, phone = hand_played(director, confirm_with="pin")
    entering = phone.player(phone.by_seat[0])
    right = pin_of(event, entering)
    wrongs = [f"{(int(right) + n) % 10_000:04d}" for n in range(1, 5)]
    *_, last = [phone.post("result/", {"entered_by": entering, "pin": w}) for w in wrongs]
    assert last.json()["tries_left"] == 1
    assert "1 more try," in last.json()["detail"]


def test_five_wrong_pins_leave_the_result_to_the_director(director: Director):
    event, _, phone = one_table(director, confirm_with="pin")
    them = phone.player(phone.by_seat[1])
    right = pin_of(event, them)
    wrong = f"{(int(right) + 1) % 10_000:04d}"
    url = phone.url + "result/confirm/"
    tries = [
        phone.client.post(url, {"confirmed_by": them, "pin": wrong}, format="json")
        for _ in range(5)
    ]
    assert [t.json()["tries_left"] for t in tries] == [4, 3, 2, 1, 0]
    assert all(is_problem(t, 422, "pin", "wrong-pin") for t in tries)
    used = phone.client.post(url, {"confirmed_by": them, "pin": right}, format="json")
    assert is_problem(used, 409, "pin", "pin-tries-used")
    corrected = director.client.patch(
        phone.url + "result/", {"reason": "confirmed at the desk"}, format="json"
    )
    assert ok(corrected)["status"] == "confirmed"


def three_wrong_then_entered(director: Director) -> tuple[int, Device, int, str]:
    """Under `pin`, three wrong PINs typed entering the result in the opponents' name, then
    the result entered rightly in the scorer's own: the event, the phone, the opponent whose
    PIN was guessed and the guess."""
    event, _, phone = hand_played(director, confirm_with="pin")
    them, mine = phone.player(phone.by_seat[1]), phone.player(phone.by_seat[0])
    guess = f"{(int(pin_of(event, them)) + 1) % 10_000:04d}"
    entering = [phone.post("result/", {"entered_by": them, "pin": guess}) for _ in range(3)]
    assert [t.json()["tries_left"] for t in entering] == [4, 3, 2]
    ok(phone.post("result/", {"entered_by": mine, "pin": pin_of(event, mine)}), 201)
    return event, phone, them, guess


def test_wrong_pins_entering_and_confirming_share_a_tables_five_tries(director: Director):
    """Each wrong PIN is a guess at a player's: a side entering in the other's name and then
    confirming in it gets five guesses at the table in all, not five each way."""
    event, phone, them, guess = three_wrong_then_entered(director)
    url = phone.url + "result/confirm/"
    confirming = [
        phone.client.post(url, {"confirmed_by": them, "pin": guess}, format="json")
        for _ in range(2)
    ]
    assert [t.json()["tries_left"] for t in confirming] == [1, 0]
    used = phone.client.post(url, {"confirmed_by": them, "pin": pin_of(event, them)}, format="json")
    assert is_problem(used, 409, "pin", "pin-tries-used")


def test_a_tables_five_tries_are_the_nights_and_none_is_spent_on_a_confirmed_result(
    director: Director,
):
    """Three wrong PINs in round 1 leave the table two for the night, not five more in round
    2; and once its result is confirmed a PIN typed to enter it is refused before it is
    compared: a free guess the refusal would have told right."""
    event, phone, them, guess = three_wrong_then_entered(director)
    url = phone.url + "result/confirm/"
    ok(phone.client.post(url, {"confirmed_by": them, "pin": pin_of(event, them)}, format="json"))
    for pin in (guess, pin_of(event, them)):  # wrong or right, the same answer
        again = phone.post("result/", {"entered_by": them, "pin": pin})
        assert is_problem(again, 409, "result", "result-confirmed")
    (table,) = director.next_round(event)["tables"]
    phone.at(table).hand(maker=phone.by_seat[0], tricks=3)
    missed = phone.post("result/", {"entered_by": them, "pin": guess})
    assert is_problem(missed, 422, "pin", "wrong-pin") and missed.json()["tries_left"] == 1


def test_pins_are_printed_for_the_clubs_directors_only(director: Director, director_user):
    """Each player's PIN on their own tally card, printed by a director of the club; never on a
    public page, nor on the wall list a director prints to pin by the door (whoever read it
    there could type an opponent's PIN)."""
    event, _, phone = one_table(director, confirm_with="pin", published=True)
    pins = [pin_of(event, phone.player(seat)) for seat in phone.by_seat]
    desk = Client()
    desk.force_login(director_user)
    cards = desk.get(f"/events/{event}/tally-cards/").content.decode()
    assert all(pin in cards for pin in pins)
    wall = desk.get(f"/events/{event}/rounds/1/find/").content.decode()
    assert "PIN" not in wall and not any(f">{pin}<" in wall for pin in pins)
    for path in (f"/events/{event}/tally-cards/", f"/events/{event}/rounds/1/find/"):
        public = Client().get(path)
        assert public.status_code == 200 and "PIN" not in public.content.decode(), path
    for path in ("", "rounds/", "standings/", "players/"):
        assert pins[0] not in Client().get(f"/api/v1/events/{event}/{path}").content.decode()
    kept = ok(director.client.get(f"/api/v1/players/{phone.player(phone.by_seat[0])}/export.json"))
    assert [e["pin"] for e in kept["entries"]] == [pins[0]]


def test_the_director_chooses_how_results_are_confirmed(director: Director):
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=2)
    url = f"/api/v1/events/{event}/"
    for mode in ("opponent-device", "pin", "table"):
        changed = director.client.patch(url, {"confirm_with": mode}, format="json")
        assert ok(changed)["confirm_with"] == mode
    assert is_problem(director.client.patch(url, {"confirm_with": "shout"}, format="json"), 400)


def test_a_player_with_no_pin_is_confirmed_by_the_director(director: Director):
    event, _, phone = one_table(director, confirm_with="pin")
    them = phone.player(phone.by_seat[1])
    Entrant.objects.filter(event_id=event, player_id=them).update(pin="")  # an older row
    body = {"confirmed_by": them, "pin": "0000"}
    refused = phone.client.post(phone.url + "result/confirm/", body, format="json")
    assert is_problem(refused, 409, "confirmed_by", "no-pin")


def test_a_phone_named_for_a_side_disputes_in_that_sides_name_only(director: Director):
    _, table, phone = one_table(director)
    ours = confirmer(table, player=phone.player(phone.by_seat[0]))
    refused = ours.dispute(by=phone.by_seat[1], reason="not what we played")
    assert is_problem(refused, 403, "player", "other-side")
    ok(ours.dispute(by=phone.by_seat[2], reason="we had a march in hand 1"))
