"""A club night from the table's side: one code a table all night, the last hand of a round,
time called, results nobody can fake, and the night closed."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok, play_round
from rest_framework.test import APIClient

from scorekeeper.events.models import Event
from scorekeeper.models import Hand

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
ANYWHERE = {"preset": "standard", "stuck_dealer": "redeal"}  # a hand may be thrown in


def hands_night(director: Director, hands: int = 3, **options: Any) -> tuple[int, dict]:
    event = director.create_event(
        round_length="hands", hands_per_round=hands, rounds_planned=3, ruleset=ANYWHERE, **options
    )
    director.add_players(event, *EIGHT)
    return event, director.next_round(event)


def call_time(director: Director, event: int, number: int = 1) -> dict[str, Any]:
    return ok(director.client.post(f"/api/v1/events/{event}/rounds/{number}/time/"))


def entered(device: Device, **body: Any) -> Any:
    return device.post("result/", {"entered_by": device.player(device.by_seat[0]), **body})


# One code a night ----------------------------------------------------------------------------


def test_a_tables_code_works_all_night_and_is_dead_after_close(director: Director, anon):
    event = director.create_event(
        round_length="hands", hands_per_round=1, rounds_planned=3, ruleset=ANYWHERE
    )
    director.add_players(event, *EIGHT)
    seated = []
    for _ in range(3):
        played = play_round(director, event, lambda d, t: (d.thrown_in(), d.settle()))
        assert played is not None
        seated.append([t["join_code"] for t in played.round["tables"]])
    codes = seated[0]
    assert seated == [codes] * 3 and len(director.phones) == 2  # two phones all night
    theirs = join(codes[0], role="confirmer")
    assert ok(theirs.here())["table"]["round"] == 3
    closed = ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    assert closed["status"] == "finished" and closed["published"] and closed["closed_at"]
    refused = APIClient().post("/api/v1/tables/join/", {"code": codes[0]}, format="json")
    assert is_problem(refused, 409, "code", "night-closed")
    assert is_problem(theirs.here(), 401, "Authorization", "night-closed")
    phone = director.phones[codes[1]]
    assert is_problem(phone.post("hands/", {"thrown_in": True}), 401, "Authorization")
    # The director's own hand write names the night's status, not a code they never typed.
    desk = director.client.post(f"{phone.url}hands/", {"thrown_in": True}, format="json")
    assert is_problem(desk, 409, "status", "night-closed")
    # Reopened by the director, the codes on the cards work again; old tokens do not.
    ok(director.client.patch(f"/api/v1/events/{event}/", {"status": "running"}, format="json"))
    ended = phone.here()
    assert is_problem(ended, 401, "Authorization", "device-closed")
    # (Told to join again, not that it can send nothing more: the night is open.)
    assert "join again with the table's code" in ended.json()["detail"]
    join(codes[1])


def test_closing_lists_the_tables_still_open_first(director: Director):
    event, rnd = hands_night(director, hands=2)
    one, two = (join(t["join_code"]) for t in rnd["tables"])
    one.thrown_in()
    one.thrown_in()
    ok(entered(one), 201)
    two.thrown_in()
    night = ok(director.client.get(f"/api/v1/events/{event}/close/"))
    assert [(t["number"], t["state"], t["hands"]) for t in night["open_tables"]] == [
        (1, "entered", 2),
        (2, "no result", 1),
    ]
    response = director.client.post(f"/api/v1/events/{event}/close/", {}, format="json")
    assert is_problem(response, 409, "leave_open", "tables-open")
    assert [t["number"] for t in response.json()["tables"]] == [1, 2]
    assert response.json()["detail"].startswith("Tables 1, 2 have no confirmed result yet")
    two.thrown_in()  # nothing was closed
    body = {"leave_open": True}
    ok(director.client.post(f"/api/v1/events/{event}/close/", body, format="json"))
    assert is_problem(one.confirm(by=one.by_seat[1]), 401, "Authorization", "night-closed")
    assert is_problem(APIClient().get(f"/api/v1/events/{event}/close/"), 401)


def test_closing_counts_the_phones_of_each_open_table_this_round(director: Director):
    """A table's phones as the board counts them: its scoring phone and the confirming phones
    joined this round; one that confirmed an earlier round holds no work of this one."""
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (first,) = director.next_round(event)["tables"]
    scorer = join(first["join_code"])
    join(first["join_code"], "confirmer")
    scorer.settle([7, 3])
    director.next_round(event)

    def phones() -> list[int]:
        night = ok(director.client.get(f"/api/v1/events/{event}/close/"))
        return [table["phones"] for table in night["open_tables"]]

    assert phones() == [1]
    join(first["join_code"], "confirmer")
    assert phones() == [2]


def test_a_code_never_opens_another_events_table(director: Director):
    first_event, first = hands_night(director)
    second_event, second = hands_night(director)
    phone = join(first["tables"][0]["join_code"])
    assert ok(phone.here())["event_table"]["event"] == first_event
    for table in second["tables"]:
        response = phone.post("hands/", {"thrown_in": True}, table_id=table["id"])
        assert is_problem(response, 403, "Authorization", "wrong-table")
    assert is_problem(phone.client.get(f"/api/v1/events/{second_event}/"), 404)
    # Each table of each event has its own code.
    codes = [t["join_code"] for t in first["tables"] + second["tables"]]
    assert len(set(codes)) == len(codes)


def test_a_hand_for_a_totals_table_is_refused_to_whoever_may_not_write_one_first(
    director: Director,
):
    """Who writes is checked before what the table allows: a confirming phone may write no
    hand anywhere (403); the scoring phone is told the event enters totals only (409)."""
    event = director.create_totals_night(rounds_planned=1)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    confirmer = join(table["join_code"], role="confirmer")
    refused = confirmer.post("hands/", {"thrown_in": True})
    assert is_problem(refused, 403, "Authorization", "not-scorer")
    scorer = join(table["join_code"])
    assert is_problem(scorer.post("hands/", {"thrown_in": True}), 409, "entry", "totals-only")


def test_a_table_takes_two_confirming_phones_a_round(director: Director):
    _, rnd = hands_night(director)
    code = rnd["tables"][0]["join_code"]
    first, _second = join(code, role="confirmer"), join(code, role="confirmer")
    third = APIClient().post(
        "/api/v1/tables/join/", {"code": code, "role": "confirmer"}, format="json"
    )
    assert is_problem(third, 409, "role", "confirmers-full")
    assert first.client.delete("/api/v1/tables/device/").status_code == 204
    join(code, role="confirmer")
    # The director's board shows the phones at each table, the public does not.
    board = ok(director.client.get(f"/api/v1/tables/{rnd['tables'][0]['id']}/"))
    assert sorted(d["role"] for d in board["devices"]) == ["confirmer", "confirmer"]


def test_the_director_ends_confirming_phones_whoever_filled_the_places(
    director: Director, anon: APIClient
):
    """Whoever holds the table card's code can fill its confirming places before the
    opponents come: the director ends those phones, and the opponents' joins."""
    _, rnd = hands_night(director)
    table, code = rnd["tables"][0], rnd["tables"][0]["join_code"]
    scoring = join(code)
    strangers = [join(code, role="confirmer"), join(code, role="confirmer")]
    url = f"/api/v1/tables/{table['id']}/confirmers/end/"
    assert is_problem(anon.post(url), 404, "id", "no-such-table")  # an unpublished night's
    ended = ok(director.client.post(url))
    assert ended["join_code"] == code
    for stranger in strangers:  # told why, and to join again
        assert is_problem(stranger.here(), 401, code="device-freed")
    join(code, role="confirmer")
    # The scoring phone stays: only the confirming ones ended.
    assert ok(scoring.here())["role"] == "scorer"
    log = ok(director.client.get(f"/api/v1/tables/{table['id']}/"))
    assert [d["role"] for d in log["devices"]].count("confirmer") == 1


def test_every_way_a_phone_is_ended_has_its_words():
    """A stopped token answers 401 saying why, whichever way it was ended (an undone round's
    confirming phone got a 500)."""
    from scorekeeper.events.api.auth import ENDED
    from scorekeeper.events.models import TableToken

    assert set(ENDED) == set(TableToken.Ended.values)


# The last hand of a round ----------------------------------------------------------------------


def test_a_hand_past_the_round_is_refused_naming_the_limit(director: Director):
    _, rnd = hands_night(director, hands=2)
    phone = join(rnd["tables"][0]["join_code"])
    phone.hand(phone.by_seat[0], 3)
    # A redeal of a poor hand is dealt again: no hand of the round.
    last_key = "the-last-hand"
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    first = phone.client.post(
        phone.url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=last_key
    )
    assert first.status_code == 201
    past = phone.post("hands/", {"thrown_in": True})
    assert is_problem(past, 409, "hands_per_round", "round-complete")
    assert past.json()["hands_per_round"] == 2 and "Hand 2 of 2" in past.json()["detail"]
    # The last hand sent again (its answer lost) is the same hand, not a refusal.
    again = phone.client.post(
        phone.url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY=last_key
    )
    assert again.status_code == 200 and again.json()["number"] == 2
    game = ok(APIClient().get(f"/api/v1/games/{rnd['tables'][0]['game']}/"))
    assert [h["number"] for h in game["hands"]] == [1, 2]


def test_a_double_tap_records_one_hand(director: Director):
    _, rnd = hands_night(director)
    phone = join(rnd["tables"][0]["join_code"])
    body = {"maker": 0, "trump": "H", "maker_tricks": 3}
    answers = [
        phone.client.post(
            phone.url + "hands/",
            body,
            format="json",
            HTTP_IDEMPOTENCY_KEY="tap",
            HTTP_IF_MATCH='"1"',
        )
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [201, 200]
    assert len(ok(APIClient().get(f"/api/v1/games/{rnd['tables'][0]['game']}/"))["hands"]) == 1


def test_a_hand_sent_again_with_no_version_is_the_same_hand_counted_once(director: Director):
    """The copy reaches the insert and finds its key spent: the table's transaction it joined
    is spoilt, so it is answered in a new one, as its first write was."""
    event, rnd = hands_night(director)
    phone = join(rnd["tables"][0]["join_code"])
    body = {"maker": 2, "trump": "C", "maker_tricks": 5}
    key = {"HTTP_IDEMPOTENCY_KEY": "sent-twice"}
    first = phone.client.post(phone.url + "hands/", body, format="json", **key)
    assert first.status_code == 201, first.content
    counted = Event.objects.get(pk=event).version
    again = phone.client.post(phone.url + "hands/", body, format="json", **key)
    assert again.status_code == 200, again.content
    assert again.json() == first.json()
    assert Event.objects.get(pk=event).version == counted
    game = ok(APIClient().get(f"/api/v1/games/{rnd['tables'][0]['game']}/"))
    assert [h["number"] for h in game["hands"]] == [1] and game["score"] == [2, 0]
    other = {"maker": 1, "trump": "C", "maker_tricks": 3}
    changed = phone.client.post(phone.url + "hands/", other, format="json", **key)
    assert is_problem(changed, 422, "Idempotency-Key", "idempotency-key-reused")


# Time is called -------------------------------------------------------------------------------


def test_a_hand_entry_table_enters_its_result_as_it_stands_when_time_is_called(
    director: Director, anon
):
    event, rnd = hands_night(director, hands=8)
    director.publish(event)
    phone = join(rnd["tables"][0]["join_code"])
    phone.hand(phone.by_seat[0], 5, alone=True)  # +4 to seats 0 and 2
    refused = entered(phone, time_called=True)
    assert is_problem(refused, 409, "time_called", "time-not-called")
    assert is_problem(entered(phone), 409, "hands", "round-unfinished")
    called = call_time(director, event)
    assert called["time_called_at"] and called["number"] == 1
    result = ok(entered(phone, time_called=True), 201)
    assert (result["points"], result["winner"], result["time_called"]) == ([4, 0], 0, True)
    assert ok(phone.confirm(by=phone.by_seat[1]))["confirmation"] == "same-device"
    # Standings, exports and the change log say so.
    rows = ok(anon.get(f"/api/v1/events/{event}/standings/"))["rows"]
    assert sorted(r["time_called"] for r in rows) == [0, 0, 0, 0, 1, 1, 1, 1]
    results = list(
        csv.DictReader(
            io.StringIO(anon.get(f"/api/v1/events/{event}/results.csv").content.decode())
        )
    )
    assert [(r["table"], r["time_called"], r["confirmation"]) for r in results] == [
        ("1", "yes", "same-device"),
        ("2", "", ""),
    ]
    standings = list(
        csv.DictReader(
            io.StringIO(anon.get(f"/api/v1/events/{event}/standings.csv").content.decode())
        )
    )
    assert sorted(r["time_called"] for r in standings) == ["0"] * 4 + ["1"] * 4
    log = ok(anon.get(f"/api/v1/events/{event}/log/"))
    tables_log = [c for c in log if c["table"] is not None]
    assert [(c["action"], c["after"]["time_called"]) for c in tables_log] == [
        ("enter", True),
        ("confirm", True),
    ]


def test_a_game_round_at_time_goes_to_the_side_ahead_and_level_is_a_tie(director: Director):
    event = director.create_event(format="round-robin", rounds_planned=0)
    for n, pair in enumerate((("Ann", "Cat"), ("Ben", "Dan"), ("Eve", "Gus"), ("Fay", "Hal"))):
        director.add_team(event, f"Team {n}", *pair)
    rnd = director.next_round(event)
    ahead, level = (join(t["join_code"]) for t in rnd["tables"])
    ahead.hand(ahead.by_seat[1], 3)  # +1 to seats 1 and 3
    level.hand(level.by_seat[0], 3)
    level.hand(level.by_seat[1], 3)
    call_time(director, event)
    result = ok(entered(ahead, time_called=True), 201)
    assert (result["points"], result["winner"], result["time_called"]) == ([0, 1], 1, True)
    tie = ok(entered(level, time_called=True), 201)
    assert (tie["points"], tie["winner"]) == ([1, 1], None)


def test_in_a_bracket_level_at_time_plays_one_more_hand(director: Director):
    event = director.create_event(format="bracket", rounds_planned=0)
    for n, pair in enumerate((("Ann", "Cat"), ("Ben", "Dan"))):
        director.add_team(event, f"Team {n}", *pair)
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    call_time(director, event)
    response = entered(phone, time_called=True)
    assert is_problem(response, 409, "points", "level-at-time")
    assert "one more hand" in response.json()["detail"]
    phone.hand(phone.by_seat[0], 3)
    assert ok(entered(phone, time_called=True), 201)["winner"] == 0


def test_a_totals_table_at_time_need_not_have_reached_the_target(director: Director):
    event = director.create_event(format="round-robin", entry="totals", rounds_planned=0)
    for n, pair in enumerate((("Ann", "Cat"), ("Ben", "Dan"))):
        director.add_team(event, f"Team {n}", *pair)
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    assert is_problem(entered(phone, points=[4, 8]), 422, "points", "no-game-winner")
    call_time(director, event)
    result = ok(entered(phone, points=[4, 8], time_called=True), 201)
    assert (result["points"], result["winner"], result["time_called"]) == ([4, 8], 1, True)


def test_a_time_called_win_may_be_worth_fewer_match_points(director: Director):
    event = director.create_event(
        format="round-robin", entry="totals", rounds_planned=0, time_called_win_points=1
    )
    for n, pair in enumerate((("Ann", "Cat"), ("Ben", "Dan"), ("Eve", "Gus"), ("Fay", "Hal"))):
        director.add_team(event, f"Team {n}", *pair)
    rnd = director.next_round(event)
    at_time, full = (join(t["join_code"]) for t in rnd["tables"])
    call_time(director, event)
    ok(entered(at_time, points=[7, 3], time_called=True), 201)
    ok(at_time.confirm(by=at_time.by_seat[1]))
    full.settle([10, 3])
    rows = {r["name"]: r for r in director.standings(event)["rows"]}
    winners = {n for n, r in rows.items() if r["wins"]}
    assert sorted(rows[n]["match_points"] for n in winners) == [1, 2]
    assert [r["time_called"] for r in rows.values() if r["match_points"] == 1] == [1]


@pytest.mark.parametrize("format", ["progressive", "party"])
def test_a_time_called_wins_match_points_are_refused_where_players_rank_by_points(
    director: Director, format: str
):
    """Players of a progressive night or a party rank by points or games won: a time-called
    win's match points would mean nothing there, so giving them is refused by name, as a
    made event or a change; an event that kept one from before still reads it and changes
    its other settings, and may clear it."""
    body = {"name": "Club night", "format": format, "rounds_planned": 3}
    events = f"/api/v1/clubs/{director.club}/events/"
    made = director.client.post(events, {**body, "time_called_win_points": 1}, format="json")
    assert is_problem(made, 400, "time_called_win_points", "not-an-option")
    assert "match points" in made.json()["detail"]
    korean = director.client.post(
        events, {**body, "time_called_win_points": 0}, format="json", HTTP_ACCEPT_LANGUAGE="ko"
    )
    assert is_problem(korean, 400, "time_called_win_points")
    assert "승점" in korean.json()["detail"]
    event = ok(
        director.client.post(events, {**body, "time_called_win_points": None}, format="json"), 201
    )
    url = f"/api/v1/events/{event['id']}/"
    changed = director.client.patch(url, {"time_called_win_points": 2}, format="json")
    assert is_problem(changed, 400, "time_called_win_points", "not-an-option")
    assert ok(director.client.get(url))["time_called_win_points"] is None
    form = director.client.get(f"/events/{event['id']}/manage/settings/").content.decode()
    assert 'name="time_called_win_points"' not in form
    Event.objects.filter(pk=event["id"]).update(time_called_win_points=1)  # an earlier build's
    assert ok(director.client.get(url))["time_called_win_points"] == 1
    assert ok(director.client.patch(url, {"name": "Renamed"}, format="json"))["name"] == "Renamed"
    # Sent back as it was read, it is no change; another number is.
    assert ok(director.client.patch(url, {"time_called_win_points": 1}, format="json"))
    again = director.client.patch(url, {"time_called_win_points": 0}, format="json")
    assert is_problem(again, 400, "time_called_win_points", "not-an-option")
    form = director.client.get(f"/events/{event['id']}/manage/settings/").content.decode()
    assert 'name="time_called_win_points"' in form  # shown, to be cleared
    cleared = director.client.patch(url, {"time_called_win_points": None}, format="json")
    assert ok(cleared)["time_called_win_points"] is None


@pytest.mark.parametrize("format", ["round-robin", "swiss", "bracket"])
def test_a_team_event_takes_a_time_called_wins_match_points(director: Director, format: str):
    options = {"rounds_planned": 3} if format == "swiss" else {}
    event = director.create_event(format=format, time_called_win_points=0, **options)
    url = f"/api/v1/events/{event}/"
    assert ok(director.client.get(url))["time_called_win_points"] == 0
    changed = director.client.patch(url, {"time_called_win_points": 1}, format="json")
    assert ok(changed)["time_called_win_points"] == 1
    form = director.client.get(f"/events/{event}/manage/settings/").content.decode()
    assert 'name="time_called_win_points"' in form


# Results nobody can fake ----------------------------------------------------------------------


def test_a_confirmation_records_its_phone(director: Director, anon):
    event, rnd = hands_night(director, hands=1)
    director.publish(event)
    mine, theirs = (join(t["join_code"]) for t in rnd["tables"])
    for phone in (mine, theirs):
        phone.thrown_in()
        ok(entered(phone), 201)
    # The partners of whoever entered it cannot confirm, on any phone.
    assert is_problem(mine.confirm(by=mine.by_seat[2]), 422, "confirmed_by", "same-side")
    same = ok(mine.confirm(by=mine.by_seat[1]))
    assert same["confirmation"] == "same-device"
    own = join(rnd["tables"][1]["join_code"], role="confirmer")
    second = ok(own.confirm(by=theirs.by_seat[3]))
    assert second["confirmation"] == "second-device"
    results = ok(anon.get(f"/api/v1/events/{event}/rounds/1/"))["tables"]
    assert [t["result"]["confirmation"] for t in results] == ["same-device", "second-device"]


def test_the_tables_are_asked_for_tricks_only_where_the_event_says(director: Director):
    event, rnd = hands_night(director, hands=2)
    phone = join(rnd["tables"][0]["join_code"])
    assert ok(phone.here())["table"]["ask_tricks"] is False
    # Told by how it ended, as every table may: no tricks kept.
    made = ok(phone.post("hands/", {"maker": 0, "outcome": "made"}), 201)
    assert (made["maker_tricks"], made["outcome"], made["award"]["reason"]) == (
        None,
        "made",
        "make",
    )
    changed = director.client.patch(f"/api/v1/events/{event}/", {"ask_tricks": True}, format="json")
    assert ok(changed)["ask_tricks"] is True
    assert ok(phone.here())["table"]["ask_tricks"] is True
    assert phone.hand(phone.by_seat[1], 4)["maker_tricks"] == 4


def totals_table(director: Director, round_length: str) -> Device:
    """The scoring phone of a one-table totals night, a round being a game or eight hands."""
    hands = {"hands_per_round": 8} if round_length == "hands" else {}
    event = director.create_event(
        entry="totals", round_length=round_length, rounds_planned=1, **hands
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    return join(table["join_code"])


@pytest.mark.parametrize(
    ("round_length", "points", "field"),
    [
        pytest.param("game", [999, 0], "points[0]", id="999-0 in a game to 10"),
        pytest.param("game", [14, 9], "points[0]", id="past 10 - 1 + the largest award (4)"),
        pytest.param("game", [2, 11], None, id="11-2: a lone march from 7"),
        pytest.param("game", [13, 9], None, id="13-9: a lone march from 9"),
        pytest.param("hands", [999, 0], "points[0]", id="999-0 in 8 hands"),
        pytest.param("hands", [3, 33], "points[1]", id="past 8 hands of 4"),
        pytest.param("hands", [32, 0], None, id="eight lone marches"),
        pytest.param("hands", [32, 32], "points", id="eight lone marches for each side"),
        pytest.param("hands", [17, 16], "points", id="33 in 8 hands of 4 between the sides"),
        pytest.param("hands", [16, 16], None, id="four lone marches each"),
    ],
)
def test_totals_must_be_possible_under_the_ruleset(director: Director, round_length, points, field):
    phone = totals_table(director, round_length)
    response = entered(phone, points=points)
    if field is None:
        assert ok(response, 201)["points"] == points
    else:
        assert is_problem(response, 422, field, "impossible-score")


@pytest.mark.parametrize(
    ("round_length", "points", "words"),
    [
        pytest.param("game", [14, 9], "13점을 넘을 수 없습니다", id="a game to 10"),
        pytest.param("hands", [3, 33], "32점을 넘을 수 없습니다", id="8 hands"),
    ],
)
def test_a_total_past_the_rules_is_refused_in_korean(
    director: Director, round_length, points, words
):
    phone = totals_table(director, round_length)
    phone.client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ko"
    response = entered(phone, points=points)
    assert is_problem(response, 422, None, "impossible-score")
    assert words in response.json()["detail"], response.json()["detail"]


def test_the_scorer_sees_why_the_opponents_disputed(director: Director):
    _, rnd = hands_night(director, hands=1)
    phone = join(rnd["tables"][0]["join_code"])
    theirs = join(rnd["tables"][0]["join_code"], role="confirmer")
    phone.thrown_in()
    ok(entered(phone), 201)
    ok(theirs.dispute(by=phone.by_seat[1], reason="Hand 1 was a march, not thrown in."))
    result = ok(phone.here())["table"]["result"]
    assert result["status"] == "disputed"
    assert result["dispute_reason"] == "Hand 1 was a march, not thrown in."
    assert result["disputed_by"] == phone.player(phone.by_seat[1])
    ok(phone.client.delete(phone.url + "hands/1/"))
    phone.hand(phone.by_seat[0], 5)
    again = ok(entered(phone), 201)
    assert (again["dispute_reason"], again["disputed_by"]) == ("", None)


def hand_sent(director: Director, key: str, hands: int) -> tuple[int, dict, Device, Any]:
    """A night of `hands` hands a round, table 1's phone, and its first hand sent with `key`
    (a march by seat 0's side): the event, the round, the phone and the hand's answer."""
    event, rnd = hands_night(director, hands=hands)
    phone = join(rnd["tables"][0]["join_code"])
    first = phone.client.post(
        phone.url + "hands/", SENT_HAND, format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert first.status_code == 201
    return event, rnd, phone, first


SENT_HAND = {"maker": 0, "trump": "H", "maker_tricks": 5}


def test_a_hand_retried_after_the_result_is_answered_as_it_was_first(director: Director):
    """A phone whose answer was lost sends the hand again after its result went in (from
    another tab, say): the retry gets the first answer, and nothing is recorded twice."""
    _, rnd, phone, first = hand_sent(director, "the-last-hand", hands=1)
    key, body = {"HTTP_IDEMPOTENCY_KEY": "the-last-hand"}, SENT_HAND
    ok(entered(phone), 201)
    again = phone.client.post(phone.url + "hands/", body, format="json", **key)
    assert again.status_code == 200
    assert again.json() == first.json() and again["ETag"] == first["ETag"]
    other = phone.client.post(phone.url + "hands/", body, format="json")
    assert is_problem(other, 409, "result", "result-entered")
    stranger = join(rnd["tables"][1]["join_code"])
    theirs = stranger.client.post(phone.url + "hands/", body, format="json", **key)
    assert is_problem(theirs, 403, "Authorization")


@pytest.mark.parametrize("ended", ["night closed", "handed over"])
def test_a_hand_retried_after_its_phones_token_ended_is_answered_as_it_was_first(
    director: Director, ended: str
):
    """The answer was lost, then the director closed the night (or handed the table to
    another phone) before the phone's retry: the retry still gets the hand's first answer,
    whatever happened since. Nothing else the ended token sends gets through."""
    event, rnd, phone, first = hand_sent(director, "sent-before-the-end", hands=2)
    key, body = {"HTTP_IDEMPOTENCY_KEY": "sent-before-the-end"}, SENT_HAND
    if ended == "night closed":
        closing = {"leave_open": True}
        ok(director.client.post(f"/api/v1/events/{event}/close/", closing, format="json"))
        code = "night-closed"
    else:
        ok(director.client.post(phone.url + "takeover/", format="json"))
        code = "device-handed-over"
    again = phone.client.post(phone.url + "hands/", body, format="json", **key)
    assert again.status_code == 200, again.content
    assert again.json() == first.json() and again["ETag"] == first["ETag"]
    # A hand it never sent, another hand under the spent key, a key from another table's
    # phone, or the retry sent to another table: its token's refusal stands.
    new = {"HTTP_IDEMPOTENCY_KEY": "never-sent"}
    assert is_problem(phone.client.post(phone.url + "hands/", body, format="json", **new), 401)
    assert is_problem(phone.client.post(phone.url + "hands/", body, format="json"), 401)
    other = {"maker": 1, "trump": "H", "maker_tricks": 3}
    reused = phone.client.post(phone.url + "hands/", other, format="json", **key)
    assert is_problem(reused, 422, "Idempotency-Key", "idempotency-key-reused")
    for bad in ({"maker": "x"}, [1], {"thrown_in": False}):
        sent = phone.client.post(phone.url + "hands/", bad, format="json", **key)
        assert is_problem(sent, 401, "Authorization", code)
    elsewhere = f"/api/v1/tables/{rnd['tables'][1]['id']}/hands/"
    assert is_problem(phone.client.post(elsewhere, body, format="json", **key), 401, code=code)
    assert is_problem(phone.here(), 401, "Authorization", code)
    assert list(Hand.objects.values_list("idempotency_key", flat=True)) == ["sent-before-the-end"]


def test_a_result_sent_twice_is_entered_once(director: Director):
    event, rnd = hands_night(director, hands=1)
    phone = join(rnd["tables"][0]["join_code"])
    phone.thrown_in()
    first, again = ok(entered(phone), 201), ok(entered(phone), 200)  # (a replay: as it stands)
    assert first["version"] == again["version"] == 1
    other = phone.post("result/", {"entered_by": phone.player(phone.by_seat[1])})
    assert is_problem(other, 409, "result", "result-entered")
    confirmed = ok(phone.confirm(by=phone.by_seat[1]))
    assert ok(phone.confirm(by=phone.by_seat[1]))["version"] == confirmed["version"]
    assert ok(entered(phone), 200)["status"] == "confirmed"
    log = ok(director.client.get(f"/api/v1/events/{event}/log/"))
    assert [c["action"] for c in log if c["table"]] == ["enter", "confirm"]


def test_a_dispute_sent_twice_is_made_once(director: Director):
    """The phone's answer was lost and it sends the dispute again: the result as it stands,
    not a 409 saying the result is disputed (by that very dispute)."""
    event, rnd = hands_night(director, hands=1)
    phone = join(rnd["tables"][0]["join_code"])
    phone.thrown_in()
    ok(entered(phone), 201)
    first = ok(phone.dispute(by=phone.by_seat[1], reason="we made it, not thrown in"))
    again = ok(phone.dispute(by=phone.by_seat[1], reason="we made it, not thrown in"))
    assert again == first and again["status"] == "disputed"
    other = phone.dispute(by=phone.by_seat[1], reason="and another thing")
    assert is_problem(other, 409, "result", "result-disputed")
    stranger = join(rnd["tables"][1]["join_code"])
    body = {"player": phone.player(phone.by_seat[1]), "reason": "we made it, not thrown in"}
    theirs = stranger.client.post(phone.url + "result/dispute/", body, format="json")
    assert is_problem(theirs, 403, "Authorization")
    log = ok(director.client.get(f"/api/v1/events/{event}/log/"))
    assert [c["action"] for c in log if c["table"]] == ["enter", "dispute"]


def test_a_hand_amended_from_before_the_directors_assignment_is_changed_meanwhile(
    director: Director,
):
    """Two directors at one table: one reads the game (its version), the other assigns the
    table's result; the first one's amendment, made against what they read, is 412 and the
    assignment stands. Read again, their amendment goes through (and re-derives the result
    from the hands, as a hand corrected after an assignment does)."""
    _, rnd = hands_night(director, hands=1)
    table = rnd["tables"][0]
    phone = join(table["join_code"])
    phone.thrown_in()
    url = f"/api/v1/tables/{table['id']}/"
    game = f"/api/v1/games/{table['game']}/"
    read = director.client.get(game)["ETag"]
    body = {"sides": [4, 4], "reason": "dealt from a short deck"}
    ok(director.client.post(url + "result/assign/", body, format="json"))
    amend = {"maker": 1, "trump": "S", "maker_tricks": 3, "reason": "it was played"}
    stale = director.client.patch(url + "hands/1/", amend, format="json", HTTP_IF_MATCH=read)
    assert stale.status_code == 412, stale.content
    result = ok(director.client.get(url + "result/"))
    assert (result["points"], result["provenance"]) == ([4, 4], "assigned")
    now = director.client.get(game)["ETag"]
    ok(director.client.patch(url + "hands/1/", amend, format="json", HTTP_IF_MATCH=now))
    assert ok(director.client.get(url + "result/"))["provenance"] == "corrected"
