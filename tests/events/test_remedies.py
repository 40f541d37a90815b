"""The director's remedies through the API: assigned results (average, average-plus and
-minus, fixed points), forfeits, a substitute for one round, a team withdrawn; each in the
change log with its reason, and each the event's club's directors' alone."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok, play_round
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
NINE = (*EIGHT, "Ida")
TWELVE = (*EIGHT, "Ida", "Jon", "Kim", "Lou")


def totals_night(director: Director, players: tuple[str, ...] = TWELVE) -> tuple[int, list[Any]]:
    """A totals-only night of rounds of 8 hands, its first round seated."""
    event = director.create_totals_night(rounds_planned=3)
    director.add_players(event, *players)
    return event, director.next_round(event)["tables"]


def assign(director: Director, table: dict[str, Any], sides: list[Any], reason: str = "x") -> Any:
    body = {"sides": sides, "reason": reason}
    return director.client.post(f"/api/v1/tables/{table['id']}/result/assign/", body, format="json")


def log(director: Director, event: int, query: str = "") -> list[dict[str, Any]]:
    return list(ok(director.client.get(f"/api/v1/events/{event}/log/{query}")))


def test_an_average_is_the_mean_a_side_scored_at_the_rounds_other_tables(director):
    _event, tables = totals_night(director)
    join(tables[0]["join_code"]).settle([8, 3])
    join(tables[1]["join_code"]).settle([6, 4])
    # Sides scored 8, 3, 6 and 4: the average is 21/4 = 5.25, so 5.
    result = ok(assign(director, tables[2], ["average", "average"], "a player fell ill"))
    assert result["points"] == [5, 5] and result["status"] == "confirmed"
    assert result["winner"] is None


def test_average_plus_and_minus_are_six_and_four_fifths_of_bridges_half(director):
    event, tables = totals_night(director)
    join(tables[0]["join_code"]).settle([10, 10])
    join(tables[1]["join_code"]).settle([10, 10])
    result = ok(assign(director, tables[2], ["average-minus", "average-plus"], "late side"))
    assert result["points"] == [8, 12]
    assert result["winner"] == 1
    lines = director.standings(event)["rows"]
    by_name = {row["name"]: row for row in lines}
    seated = {s["side"]: s["name"] for s in tables[2]["seats"]}
    assert by_name[seated[1]]["total"] == 12 and by_name[seated[0]]["total"] == 8


def test_average_plus_and_minus_are_shares_of_the_mean_before_it_is_rounded(director):
    _event, tables = totals_night(director)
    join(tables[0]["join_code"]).settle([2, 1])
    join(tables[1]["join_code"]).settle([3, 0])
    # The mean is 6/4 = 1.5: average 2, minus 1.2 so 1, plus 1.8 so 2 (not 80% and 120% of 2,
    # which would give the side at fault as much as the other).
    result = ok(assign(director, tables[2], ["average-minus", "average-plus"], "late side"))
    assert result["points"] == [1, 2] and result["winner"] == 1
    assert ok(assign(director, tables[2], ["average", "average"], "both late"))["points"] == [2, 2]


def test_below_zero_average_plus_still_scores_more_than_average_minus(director):
    """Under an auction totals may be below zero: plus moves the mean up a fifth of its
    size, minus down, whichever side of zero it lies."""
    event = director.create_totals_night(rounds_planned=3, ruleset="bid-euchre")
    director.add_players(event, *TWELVE)
    tables = director.next_round(event)["tables"]
    join(tables[0]["join_code"]).settle([-6, -4])
    join(tables[1]["join_code"]).settle([-5, -5])
    # The mean is -20/4 = -5: plus -4, minus -6.
    result = ok(assign(director, tables[2], ["average-minus", "average-plus"], "late side"))
    assert result["points"] == [-6, -4] and result["winner"] == 1


def test_an_assigned_result_does_not_count_in_the_next_average(director):
    _event, tables = totals_night(director)
    join(tables[0]["join_code"]).settle([9, 1])
    ok(assign(director, tables[1], [40, 40], "fixed by the club's rule"))
    # Only table 1's sides (9 and 1) make the average: 5, not (9 + 1 + 40 + 40) / 4.
    assert ok(assign(director, tables[2], ["average", "average"]))["points"] == [5, 5]


def test_fixed_points_stand_as_given(director):
    _event, tables = totals_night(director)
    result = ok(assign(director, tables[0], [7, 0], "the other side never came"))
    assert result["points"] == [7, 0] and result["winner"] == 0


def test_with_nothing_played_there_is_no_average_to_assign(director):
    _event, tables = totals_night(director)
    assert is_problem(assign(director, tables[0], ["average", 3]), 409, "sides", "no-average")


def test_an_unknown_award_is_refused_naming_the_side(director):
    _event, tables = totals_night(director)
    response = assign(director, tables[0], ["avg", 3])
    assert is_problem(response, 400, "sides[0]")


@pytest.mark.parametrize("remedy", ["assign", "forfeit", "cut"])
def test_a_remedy_asks_who_asks_before_what_it_takes(director, remedy):
    """At a published night a stranger, or a table's own phone, sending a body of any shape
    is asked to sign in as a director, never told which fields a remedy takes."""
    event = director.create_totals_night(rounds_planned=3, published=True)
    director.add_players(event, *EIGHT)
    tables = director.next_round(event)["tables"]
    path = f"/api/v1/tables/{tables[0]['id']}/result/{remedy}/"
    junk = {"sides": "?", "winner": [], "side": {}, "nonsense": 1}
    assert is_problem(APIClient().post(path, junk, format="json"), 401, code="sign-in-required")
    phone = join(tables[0]["join_code"])
    assert is_problem(phone.client.post(path, junk, format="json"), 401, code="sign-in-required")


def test_an_assignment_says_why(director):
    _event, tables = totals_night(director)
    assert is_problem(assign(director, tables[0], [3, 3], reason="  "), 400, "reason")


def test_the_change_log_keeps_the_assignment_and_its_reason(director):
    event, tables = totals_night(director)
    join(tables[0]["join_code"]).settle([8, 2])
    ok(assign(director, tables[1], ["average-plus", "average-minus"], "table 2 had three"))
    changes = log(director, event, "?table=2")
    assert [c["action"] for c in changes] == ["assign"]
    assert changes[0]["reason"] == "table 2 had three"
    assert changes[0]["after"]["points"] == [6, 4]
    assert changes[0]["after"]["assigned"]["sides"] == ["average-plus", "average-minus"]
    # The round's own entries (its seating) name no table.
    assert {c["table"] for c in log(director, event, "?round=1")} == {None, 1, 2}
    assert log(director, event, "?round=2") == []


def test_a_forfeit_gives_the_other_side_the_game(director):
    event = director.create_event(entry="totals", round_length="game", rounds_planned=2)
    director.add_players(event, *EIGHT)
    table = director.next_round(event)["tables"][0]
    body = {"forfeited_by": 0, "reason": "they left early"}
    response = director.client.post(
        f"/api/v1/tables/{table['id']}/result/forfeit/", body, format="json"
    )
    result = ok(response)
    assert result["points"] == [0, 10] and result["winner"] == 1
    assert log(director, event)[-1]["action"] == "forfeit"


def test_a_forfeit_in_a_round_of_hands_wins_the_rounds_average(director):
    _event, tables = totals_night(director)
    join(tables[0]["join_code"]).settle([7, 5])
    body = {"forfeited_by": 1, "reason": "no show"}
    response = director.client.post(
        f"/api/v1/tables/{tables[1]['id']}/result/forfeit/", body, format="json"
    )
    assert ok(response)["points"] == [6, 0]


def test_a_substitute_plays_one_round_in_the_seat(director):
    event, tables = totals_night(director, EIGHT)
    table = tables[0]
    absent = table["seats"][2]
    body = {"player": "Zed", "reason": f"{absent['name']} was called away"}
    seat = ok(
        director.client.post(
            f"/api/v1/tables/{table['id']}/seats/2/substitute/", body, format="json"
        )
    )
    assert seat["name"] == "Zed" and seat["substitute_for"] == absent["name"]
    device = join(table["join_code"])
    assert "Zed" in device.seats and absent["name"] not in device.seats
    device.settle([6, 2])
    changes = log(director, event, "?table=1")
    assert changes[0]["action"] == "substitute"
    assert changes[0]["before"]["name"] == absent["name"] and changes[0]["after"]["name"] == "Zed"
    # The next round seats the event's own player again.
    join(tables[1]["join_code"]).settle([4, 4])
    names = {s["name"] for t in director.next_round(event)["tables"] for s in t["seats"]}
    assert absent["name"] in names and "Zed" not in names


def test_a_substitute_for_the_player_who_entered_the_result_leaves_it_to_confirm(director):
    """The result becomes the substitute's, as the seat's lines do: the opponents still
    confirm it (it named the player who left as its enterer, whom no seat holds now)."""
    _event, tables = totals_night(director, EIGHT)
    table = tables[0]
    device = join(table["join_code"])
    entering = device.by_seat[0]
    ok(device.enter(by=entering, points=[6, 2]), 201)
    body = {"player": "Zed", "reason": f"{entering} was called away"}
    url = f"/api/v1/tables/{table['id']}/seats/0/substitute/"
    ok(director.client.post(url, body, format="json"))
    here = Device(ok(device.client.get(device.url)), device.token, device.role)
    result = ok(here.confirm(by=here.by_seat[1]))
    assert result["status"] == "confirmed"
    assert result["entered_by"] == here.player("Zed")


def substitute(director: Director, table: dict[str, Any], seat: int) -> int:
    """Zed takes the seat's place; his player id."""
    body = {"player": "Zed", "reason": "called away"}
    url = f"/api/v1/tables/{table['id']}/seats/{seat}/substitute/"
    return int(ok(director.client.post(url, body, format="json"))["player"])


def test_a_substitute_confirms_on_the_phone_named_for_the_player_replaced(director):
    """The opponents' own phone, named for the player who left: it confirms for the
    substitute in that seat (it stayed named for a player no seat held: 422 not-at-table)."""
    event = director.create_totals_night(rounds_planned=3, confirm_with="opponent-device")
    director.add_players(event, *EIGHT)
    table = director.next_round(event)["tables"][0]
    device = join(table["join_code"])
    theirs = APIClient().post(
        "/api/v1/tables/join/",
        {
            "code": table["join_code"],
            "role": "confirmer",
            "player": device.player(device.by_seat[1]),
        },
        format="json",
    )
    phone = Device(ok(theirs, 201)["table"], ok(theirs, 201)["token"], "confirmer")
    ok(device.enter(by=device.by_seat[0], points=[6, 2]), 201)
    zed = substitute(director, table, 1)
    here = Device(ok(phone.client.get(phone.url)), phone.token, phone.role)
    assert ok(here.here())["player"] == zed
    result = ok(here.confirm(by=here.by_seat[1]))
    assert (result["status"], result["confirmed_by"]) == ("confirmed", zed)


def test_a_confirmation_kept_through_a_correction_follows_the_seat_to_its_substitute(director):
    _event, tables = totals_night(director, EIGHT)
    table = tables[0]
    device = join(table["join_code"])
    ok(device.enter(by=device.by_seat[0], points=[7, 2]), 201)
    ok(device.confirm(by=device.by_seat[1]))
    url = f"{device.url}result/"
    ok(director.client.patch(url, {"points": [5, 3], "reason": "miscounted"}, format="json"))
    zed = substitute(director, table, 1)
    body = {"points": [7, 2], "reason": "it was right"}
    result = ok(director.client.patch(url, body, format="json"))
    assert (result["provenance"], result["confirmed_by"]) == ("played", zed)


def test_a_confirming_phone_named_for_a_player_swapped_away_is_ended_to_join_again(director):
    """Before the first hand the director swaps East to the other table: the phone named for
    East at this table could confirm nothing here (422 not-at-table) and is ended, told why;
    one named for a player who stays keeps working."""
    event = director.create_totals_night(rounds_planned=3, confirm_with="opponent-device")
    director.add_players(event, *EIGHT)
    rnd = director.next_round(event)
    here, there = rnd["tables"]
    device = join(here["join_code"])
    phones = {}
    for seat in (1, 3):
        body = {
            "code": here["join_code"],
            "role": "confirmer",
            "player": device.player(device.by_seat[seat]),
        }
        joined = ok(APIClient().post("/api/v1/tables/join/", body, format="json"), 201)
        phones[seat] = Device(joined["table"], joined["token"], "confirmer")
    swap = {
        "players": [device.player(device.by_seat[1]), there["seats"][0]["player"]],
        "reason": "asked to",
    }
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/swap/", swap, format="json"))
    assert is_problem(phones[1].here(), 401, code="device-freed")
    assert ok(phones[3].here())["player"] == device.player(device.by_seat[3])


def test_a_substitute_already_seated_this_round_is_refused(director):
    _event, tables = totals_night(director, EIGHT)
    other = tables[1]["seats"][0]["name"]
    body = {"player": other, "reason": "swap"}
    response = director.client.post(
        f"/api/v1/tables/{tables[0]['id']}/seats/0/substitute/", body, format="json"
    )
    assert is_problem(response, 409, "player", "already-seated")


def test_a_withdrawn_team_forfeits_its_table_and_is_seated_no_more(director):
    event = director.create_event(
        format="round-robin", entry="totals", round_length="game", name="Pairs"
    )
    teams = {}
    for name, first, second in (
        ("Aces", "Ann", "Ben"),
        ("Bowers", "Cat", "Dan"),
        ("Clubs", "Eve", "Fay"),
        ("Diamonds", "Gus", "Hal"),
    ):
        teams[name] = director.add_team(event, name, first, second)
    tables = director.next_round(event)["tables"]
    gone = teams["Aces"]
    url = f"/api/v1/events/{event}/teams/{gone}/withdraw/"
    team = ok(director.client.post(url, {"reason": "Ann is unwell"}, format="json"))
    assert team["active"] is False
    (theirs,) = [t for t in tables if "Aces" in t["team_names"]]
    result = ok(director.client.get(f"/api/v1/tables/{theirs['id']}/result/"))
    assert result["status"] == "confirmed"
    assert result["points"][theirs["team_names"].index("Aces")] == 0
    actions = [c["action"] for c in log(director, event)]
    assert actions == ["seat", "withdraw", "forfeit"]
    for table in tables:
        if table is not theirs:
            director.phones[table["join_code"]] = device = join(table["join_code"])
            device.settle([10, 4])

    def play(device: Device, table: dict[str, Any]) -> None:
        assert "Aces" not in table["team_names"]
        device.settle([10, 6])

    seated = [played.round for _ in range(2) if (played := play_round(director, event, play))]
    assert len(seated) == 2
    assert all(rnd["sit_outs"] for rnd in seated)  # Aces' opponents sit out with a bye
    board = ok(director.client.get(f"/api/v1/events/{event}/board/"))
    assert [rnd["sit_outs"] for rnd in board[:2]] == [seated[1]["sit_outs"], seated[0]["sit_outs"]]


def test_a_progressive_event_has_no_team_to_withdraw(director):
    event, _tables = totals_night(director, EIGHT)
    url = f"/api/v1/events/{event}/teams/1/withdraw/"
    assert is_problem(
        director.client.post(url, {"reason": "x"}, format="json"), 409, "format", "not-teams-event"
    )


def test_the_board_shows_each_tables_progress(director):
    event = director.create_event(round_length="hands", hands_per_round=2, rounds_planned=2)
    director.add_players(event, *EIGHT)
    tables = director.next_round(event)["tables"]
    device = join(tables[0]["join_code"])
    device.hand(device.by_seat[0], 3)
    device.hand(device.by_seat[1], 3)
    ok(device.enter(by=device.by_seat[0]), 201)
    ok(device.dispute(by=device.by_seat[1], reason="hand 2 was a march"))
    (rnd,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))
    first, second = rnd["tables"]
    assert first["hands"] == 2 and first["state"] == "disputed"
    assert first["dispute_reason"] == "hand 2 was a march"
    assert first["scoring_phone"] is True and first["last_activity"]
    assert second["hands"] == 0 and second["state"] == "playing"
    assert second["scoring_phone"] is False and second["last_activity"] is None


def test_only_the_clubs_directors_see_the_board(director, django_user_model):
    event, tables = totals_night(director, EIGHT)
    stranger = APIClient()
    stranger.force_login(django_user_model.objects.create_user("sam"))
    assert is_problem(stranger.get(f"/api/v1/events/{event}/board/"), 404)
    assert is_problem(APIClient().get(f"/api/v1/events/{event}/board/"), 404)
    body = {"sides": [3, 3], "reason": "mine now"}
    url = f"/api/v1/tables/{tables[0]['id']}/result/assign/"
    assert is_problem(stranger.post(url, body, format="json"), 404, "id", "no-such-table")
    director.publish(event)  # (once the night is public, a stranger is told it is not theirs)
    assert is_problem(stranger.post(url, body, format="json"), 403, "club", "not-director")


def test_the_event_form_sets_the_date_and_the_season(director):
    season = director.create_season("Winter", "2026-12-01", "2027-02-28")
    event = director.create_event(rounds_planned=2)
    url = f"/api/v1/events/{event}/"
    body = {"date": "2026-12-04", "season": season}
    changed = ok(director.client.patch(url, body, format="json"))
    assert changed["date"] == "2026-12-04" and changed["season"] == season
    cleared = ok(director.client.patch(url, {"season": None}, format="json"))
    assert cleared["season"] is None and cleared["date"] == "2026-12-04"
    response = director.client.patch(url, {"season": 999999}, format="json")
    assert is_problem(response, 404, "season")


def test_a_hand_corrected_after_an_assignment_brings_back_the_played_result(director):
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=2)
    director.add_players(event, *EIGHT)
    first, second = director.next_round(event)["tables"]
    device = join(first["join_code"])
    device.hand(device.by_seat[0], 3)
    device.settle()
    ok(assign(director, second, ["average-plus", "average-minus"], "a late table"))
    url = f"/api/v1/tables/{second['id']}/hands/"
    body = {"maker": 1, "trump": "S", "maker_tricks": 3, "reason": "they played after all"}
    ok(director.client.post(url, body, format="json"), 201)
    result = ok(director.client.get(f"/api/v1/tables/{second['id']}/result/"))
    assert result["points"] == [0, 1] and result["status"] == "confirmed"
    (rnd,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))
    assert rnd["tables"][1]["assigned"] is None and rnd["tables"][1]["corrected"] is True


def test_a_substitute_is_named_by_the_tables_game(director):
    event = director.create_event(round_length="hands", hands_per_round=2, rounds_planned=2)
    director.add_players(event, *EIGHT)
    table = director.next_round(event)["tables"][0]
    body = {"player": "Zed", "reason": "called away"}
    url = f"/api/v1/tables/{table['id']}/seats/1/substitute/"
    seen = APIClient().get(f"/api/v1/games/{table['game']}/")
    ok(director.client.post(url, body, format="json"))
    again = APIClient().get(f"/api/v1/games/{table['game']}/", HTTP_IF_NONE_MATCH=seen["ETag"])
    assert ok(again)["players"][1] == "Zed"  # not 304: the phone sees the new name
    # Back again: the seat's own player returns, and no longer shows as substituted.
    back = {"player": table["seats"][1]["player"], "reason": "back from the phone"}
    seat = ok(director.client.post(url, back, format="json"))
    assert seat["name"] == table["seats"][1]["name"] and seat["substitute_for"] is None


def test_a_forfeit_before_any_table_has_played_wins_a_point(director):
    """A round of hands with nothing played anywhere yet has no average: the forfeit still
    stands, for a point (and a team can be withdrawn then too)."""
    _event, tables = totals_night(director)
    body = {"forfeited_by": 0, "reason": "no show"}
    response = director.client.post(
        f"/api/v1/tables/{tables[0]['id']}/result/forfeit/", body, format="json"
    )
    assert ok(response)["points"] == [0, 1]


def test_a_team_withdrawn_before_any_result_in_a_round_of_hands(director):
    event = director.create_totals_night(format="round-robin")
    teams = [director.add_team(event, f"T{n}", f"Ann {n}", f"Ben {n}") for n in range(1, 5)]
    director.next_round(event)
    url = f"/api/v1/events/{event}/teams/{teams[0]}/withdraw/"
    assert ok(director.client.post(url, {"reason": "unwell"}, format="json"))["active"] is False


def test_who_sat_out_and_plays_as_a_substitute_has_no_byes_credit_too(director):
    event = director.create_totals_night(
        rounds_planned=1,
        sit_out_credit="fixed",
        sit_out_points=7,
    )
    director.add_players(event, *NINE)
    seated = director.next_round(event)
    (resting,) = seated["sit_outs"]
    table = seated["tables"][0]
    body = {"player": resting["name"] if isinstance(resting, dict) else resting, "reason": "ill"}
    ok(
        director.client.post(
            f"/api/v1/tables/{table['id']}/seats/0/substitute/", body, format="json"
        )
    )
    for each in seated["tables"]:
        join(each["join_code"]).settle([6, 2])
    rows = {row["name"]: row for row in director.standings(event)["rows"]}
    name = body["player"]
    assert rows[name]["played"] == 1 and rows[name]["byes"] == 0 and rows[name]["credit"] == 0


def test_an_erased_substitute_leaves_no_name_in_the_change_log(director, anon):
    event, tables = totals_night(director, EIGHT)
    absent = tables[0]["seats"][2]
    body = {"player": "Zed", "reason": "called away"}
    url = f"/api/v1/tables/{tables[0]['id']}/seats/2/substitute/"
    zed = ok(director.client.post(url, body, format="json"))["player"]
    director.publish(event)
    ok(director.client.post(f"/api/v1/players/{zed}/erase/", {}, format="json"))
    ok(director.client.post(f"/api/v1/players/{absent['player']}/erase/", {}, format="json"))
    text = anon.get(f"/api/v1/events/{event}/log/").content.decode()
    assert "Zed" not in text and absent["name"] not in text
    assert f"Erased player {zed}" in text


def test_a_log_filter_in_other_digits_is_refused_not_a_crash(director):
    event, _tables = totals_night(director, EIGHT)
    response = director.client.get(f"/api/v1/events/{event}/log/?table=\u00b2")
    assert is_problem(response, 400, "table")


def test_a_directors_entry_is_the_directors_and_only_where_the_table_has_none(director):
    """Keyed in by a director (a paper tally), a result names no player as its enterer; once
    the table's phone has entered one, the director confirms it or corrects it with a reason,
    never enters over it; a forfeit over a phone's entry names no player either."""
    _event, tables = totals_night(director, EIGHT)
    first, second = tables[0], tables[1]
    player = first["seats"][0]["player"]
    url = f"/api/v1/tables/{first['id']}/result/"
    keyed = ok(
        director.client.post(url, {"entered_by": player, "points": [5, 3]}, format="json"), 201
    )
    assert (keyed["entered_by"], keyed["provenance"]) == (None, "entered-by-director")
    again = director.client.post(url, {"entered_by": player, "points": [1, 7]}, format="json")
    assert is_problem(again, 409, "result", "result-stands")
    phone = join(second["join_code"])
    ok(phone.post("result/", {"entered_by": phone.player(phone.by_seat[0]), "points": [6, 2]}), 201)
    over = f"/api/v1/tables/{second['id']}/result/"
    body = {"entered_by": second["seats"][1]["player"], "points": [1, 7]}
    assert is_problem(director.client.post(over, body, format="json"), 409, "result")
    body = {"forfeited_by": 1, "reason": "left early"}
    forfeit = ok(director.client.post(over + "forfeit/", body, format="json"))
    assert (forfeit["entered_by"], forfeit["provenance"]) == (None, "forfeited")
