"""A night's record a club can trust, through the API: a knockout ranked by its bracket,
standings by name before any result, every result saying how it came about and who made it
so, a seated round undone, seats swapped, a late arrival seated, a night reopened, a mistaken
event deleted, each act in the change log, and a stale change refused with what changed."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from event_helpers import (
    Device,
    Director,
    is_problem,
    join,
    ok,
    play_round,
    settle_round,
    totals,
)
from test_knockout_events import best_seed, bracket, create, enter_teams, play_bracket

from scorekeeper.errors import NotFound
from scorekeeper.events import selectors
from scorekeeper.events.models import Entrant, Event, ResultChange, Table
from scorekeeper.events.services.tables import table_lock

pytestmark = pytest.mark.django_db

PLAYERS = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")


def log_of(director: Director, event: int) -> list[dict[str, Any]]:
    return list(ok(director.client.get(f"/api/v1/events/{event}/log/")))


def night(director: Director, *players: str, **options: Any) -> int:
    event = director.create_totals_night(**{"rounds_planned": 3, **options})
    director.add_players(event, *(players or PLAYERS))
    return event


def hands_night(director: Director) -> int:
    """A night whose tables enter hand by hand."""
    event = director.create_event(rounds_planned=3)
    director.add_players(event, *PLAYERS)
    return event


def seat(director: Director, event: int) -> tuple[dict[str, Any], list[Device]]:
    seated = director.next_round(event)
    return seated, [join(table["join_code"]) for table in seated["tables"]]


# Knockouts rank by the bracket -------------------------------------------------------------


def ranks_by_bracket(director: Director, event: int) -> list[tuple[str, int]]:
    """The standings' (name, rank) in order, checked against the bracket's places."""
    rows = director.standings(event)["rows"]
    places = {t["name"]: t["place"] for t in bracket(director, event)["teams"]}
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert {row["name"]: row["rank"] for row in rows} == places
    return [(row["name"], row["rank"]) for row in rows]


def test_a_single_elimination_ranks_by_the_round_each_team_went_out(director: Director):
    event = create(director)
    enter_teams(director, event, 8)

    play_bracket(director, event, best_seed)
    ranked = ranks_by_bracket(director, event)
    # The champion, the runner-up, the two beaten in the semi-finals sharing third, the four
    # beaten in the quarter-finals sharing fifth.
    assert [rank for _name, rank in ranked] == [1, 2, 3, 3, 5, 5, 5, 5]
    assert ranked[:2] == [("T1", 1), ("T2", 2)]
    standings = director.standings(event)
    assert (standings["teams"], standings["ranked_by"]) == (True, "the bracket, then match points")
    rows = standings["rows"]
    assert all("match_points" in row for row in rows)
    # A shared place breaks no tie: no rule is named for it, on the API or in the CSV.
    assert [row["tie_break"] for row in rows] == [None] * 8
    csv = director.client.get(f"/api/v1/events/{event}/standings.csv").content.decode("utf-8-sig")
    assert "coin-flip" not in csv


def upsets_in_the_second_round(key: str, first: int, second: int) -> int:
    return max(first, second) if key.startswith("W2-") else min(first, second)


def test_a_double_elimination_with_a_reset_ranks_by_the_bracket(director: Director):
    event = create(director, knockout="double")
    enter_teams(director, event, 9)
    play_bracket(director, event, upsets_in_the_second_round)
    assert next(m for m in bracket(director, event)["matches"] if m["key"] == "GF2")["winner"]
    ranked = ranks_by_bracket(director, event)
    assert [rank for _name, rank in ranked] == [1, 2, 3, 4, 5, 5, 7, 7, 9]
    rows = {row["name"]: row for row in director.standings(event)["rows"]}
    # T2 won more games than T6 but went out a round earlier: match points stay a column.
    assert rows["T6"]["rank"] < rows["T2"]["rank"]
    assert rows["T6"]["match_points"] < rows["T2"]["match_points"]


def test_a_knockout_under_way_ranks_the_teams_still_in_above_those_out(director: Director):
    event = create(director)
    enter_teams(director, event, 4)
    _seated, devices = seat(director, event)
    devices[0].settle([10, 4])
    rows = director.standings(event)["rows"]
    out = [row for row in rows if row["wins"] == 0 and row["played"] == 1]
    assert len(out) == 1 and rows[-1] == out[0] and out[0]["rank"] == 4


def test_the_results_page_and_the_projector_show_the_bracket_order(director: Director, anon):
    event = create(director, knockout="double")
    enter_teams(director, event, 9)
    play_bracket(director, event, upsets_in_the_second_round)
    director.publish(event)
    order = [row["name"] for row in director.standings(event)["rows"]]
    assert order.index("T6") < order.index("T2")
    for page in ("results/", "projector/"):
        text = anon.get(f"/events/{event}/{page}").content.decode()
        shown = re.findall(r'<td class="num">\d*</td><td>(T\d+)[ <]', text)
        assert shown == order, page
    # The results page says how the bracket ranks them, and names no tie-break it never uses.
    said = anon.get(f"/events/{event}/results/").content.decode()
    assert "Ranked by the bracket" in said and "Ties are broken by" not in said


# Before any result --------------------------------------------------------------------------


def test_before_any_result_the_standings_list_everyone_by_name_with_no_rank(director: Director):
    event = night(director, "Hal", "ann", "Élise", "Ben")
    seat(director, event)
    rows = director.standings(event)["rows"]
    # (case and accents set aside: "Élise" among the E's, not after "Hal")
    assert [row["name"] for row in rows] == ["ann", "Ben", "Élise", "Hal"]
    assert [row["rank"] for row in rows] == [None] * 4
    assert all(row["tie_break"] is None for row in rows)


# How a result came about --------------------------------------------------------------------


def test_a_correction_of_a_confirmed_result_is_shown_as_the_directors(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    body = {"points": [5, 3], "reason": "miscounted"}
    result = ok(director.client.patch(f"{phone.url}result/", body, format="json"))
    assert result["provenance"] == "corrected" and result["director"] == "Dora Lee"
    assert result["confirmed_points"] == [7, 2] and result["points"] == [5, 3]
    assert result["confirmed_by"] is None
    # The table's phone reads it so: corrected by the director, with what was confirmed.
    seen = ok(phone.client.get(phone.url))["result"]
    assert seen["provenance"] == "corrected" and seen["confirmed_points"] == [7, 2]
    board = ok(director.client.get(f"/api/v1/events/{event}/board/"))
    (table,) = board[0]["tables"]
    assert "corrected by the director, Dora Lee: 7–2 confirmed, now 5–3" in table["story"]


def csv_rows(director: Director, event: int, name: str) -> list[dict[str, str]]:
    text = director.client.get(f"/api/v1/events/{event}/{name}").content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_the_exports_and_pages_say_a_correction_is_the_directors_with_what_was_confirmed(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    body = {"points": [5, 3], "reason": "miscounted"}
    ok(director.client.patch(f"{phone.url}result/", body, format="json"))
    (result,) = csv_rows(director, event, "results.csv")
    assert (result["how"], result["director"]) == ("corrected", "Dora Lee")
    assert (result["confirmed_points_0"], result["points_0"]) == ("7", "5")
    lines = {line["player"]: line for line in csv_rows(director, event, "tally.csv")}
    north, east = lines[phone.by_seat[0]], lines[phone.by_seat[1]]
    assert (north["points_for"], north["confirmed_points_for"]) == ("5", "7")
    assert (east["points_for"], east["confirmed_points_for"]) == ("3", "2")
    assert east["confirmed_points_against"] == "7"
    assert (east["how"], east["director"]) == ("corrected", "Dora Lee")
    # The room's pages say it in words: the results page and the projector.
    said = "corrected by the director, Dora Lee: 7–2 confirmed, now 5–3"
    for page in ("results/", "projector/"):
        assert said in director.client.get(f"/events/{event}/{page}").content.decode(), page


@pytest.mark.parametrize(
    ("remedy", "body", "how", "said"),
    [
        ("assign", {"sides": [3, 8]}, "assigned", "assigned by the director, Dora Lee"),
        (
            "forfeit",
            {"forfeited_by": 0},
            "forfeited",
            "a forfeit recorded by the director, Dora Lee",
        ),
    ],
)
def test_an_assignment_or_a_forfeit_over_a_confirmed_result_says_what_was_confirmed(
    director: Director, remedy: str, body: dict[str, object], how: str, said: str
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    url = f"{phone.url}result/{remedy}/"
    result = ok(director.client.post(url, {**body, "reason": "misdeal found"}, format="json"))
    assert result["provenance"] == how and result["confirmed_points"] == [7, 2]
    now = "–".join(str(p) for p in result["points"])
    seen = ok(phone.client.get(phone.url))["result"]
    assert seen["provenance"] == how and seen["confirmed_points"] == [7, 2]
    (table,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))[0]["tables"]
    assert f"{said}: 7–2 confirmed, now {now}" in table["story"]
    (row,) = csv_rows(director, event, "results.csv")
    assert (row["how"], row["confirmed_points_0"], row["confirmed_points_1"]) == (how, "7", "2")
    assert (
        f"{said}: 7–2 confirmed, now {now}"
        in director.client.get(f"/events/{event}/results/").content.decode()
    )


def test_a_correction_undone_gives_the_opponents_confirmation_back(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    ok(phone.enter(by=phone.by_seat[0], points=[7, 2]), 201)
    confirmed = ok(phone.confirm(by=phone.by_seat[1]))
    assert confirmed["confirmed_by"] is not None and confirmed["confirmation"]
    url = f"{phone.url}result/"
    for corrections in ([[5, 3], [6, 3]], [[4, 4]]):
        for points in corrections:
            body = {"points": points, "reason": "miscounted"}
            result = ok(director.client.patch(url, body, format="json"))
            assert result["provenance"] == "corrected" and result["confirmed_by"] is None
        body = {"points": [7, 2], "reason": "it was right"}
        result = ok(director.client.patch(url, body, format="json"))
        assert result["provenance"] == "played" and not result["corrected"]
        assert result["director"] == ""  # (as the table confirmed it: no director's act)
        assert result["confirmed_points"] is None and result["status"] == "confirmed"
        assert result["confirmed_by"] == confirmed["confirmed_by"]
        assert result["confirmation"] == confirmed["confirmation"]
        seen = ok(phone.client.get(phone.url))["result"]
        assert (seen["provenance"], seen["confirmed_by"]) == ("played", result["confirmed_by"])


def test_a_confirmation_kept_through_a_correction_follows_its_player_through_a_merge(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    ok(phone.enter(by=phone.by_seat[0], points=[7, 2]), 201)
    confirmer = ok(phone.confirm(by=phone.by_seat[1]))["confirmed_by"]
    url = f"{phone.url}result/"
    ok(director.client.patch(url, {"points": [5, 3], "reason": "miscounted"}, format="json"))
    # The confirming opponent had a second record: it absorbs the one that confirmed.
    other_night = director.create_event(rounds_planned=1)
    kept_id = director.add_players(other_night, "Second Record")["Second Record"]
    body = {"absorb": confirmer, "reason": "one person"}
    ok(director.client.post(f"/api/v1/players/{kept_id}/merge/", body, format="json"))
    body = {"points": [7, 2], "reason": "it was right"}
    result = ok(director.client.patch(url, body, format="json"))
    assert (result["provenance"], result["confirmed_by"]) == ("played", kept_id)


def test_a_director_who_only_confirms_does_not_correct(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    ok(phone.enter(by=phone.by_seat[0], points=[7, 2]), 201)
    body = {"points": [7, 2], "reason": "confirmed for the table"}
    result = ok(director.client.patch(f"{phone.url}result/", body, format="json"))
    assert result["provenance"] == "confirmed-by-director" and not result["corrected"]
    assert result["entered_by"] == phone.player(phone.by_seat[0])
    assert result["director"] == "Dora Lee"
    # The change log says so too: the director confirmed the result; nothing was corrected.
    acts = [(c["action"], c["actor"]) for c in log_of(director, event) if c["table"]]
    assert acts[-1] == ("confirm", "director Dora Lee")
    assert "correct" not in [action for action, _actor in acts]


def test_a_directors_save_of_a_result_the_table_confirmed_leaves_it_and_logs_nothing(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    ok(phone.enter(by=phone.by_seat[0], points=[7, 2]), 201)
    confirmer = ok(phone.confirm(by=phone.by_seat[1]))["confirmed_by"]
    logged = len(log_of(director, event))
    body = {"points": [7, 2], "reason": "looked at it"}
    result = ok(director.client.patch(f"{phone.url}result/", body, format="json"))
    assert (result["provenance"], result["confirmed_by"]) == ("played", confirmer)
    assert len(log_of(director, event)) == logged


def test_a_forfeit_names_the_director_and_no_seat(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    body = {"forfeited_by": 1, "reason": "left for home"}
    result = ok(director.client.post(f"{phone.url}result/forfeit/", body, format="json"))
    assert result["provenance"] == "forfeited" and result["director"] == "Dora Lee"
    assert result["entered_by"] is None
    csv = director.client.get(f"/api/v1/events/{event}/results.csv").content.decode()
    assert "forfeited" in csv and "Dora Lee" in csv
    # A player's record says so too: their page, the API and their export.
    director.publish(event)
    player = phone.player(phone.by_seat[0])
    (game,) = ok(director.client.get(f"/api/v1/players/{player}/"))["history"]
    assert (game["provenance"], game["director"]) == ("forfeited", "Dora Lee")
    page = director.client.get(f"/events/players/{player}/").content.decode()
    assert "a forfeit recorded by the director, Dora Lee" in page
    export = director.client.get(f"/api/v1/players/{player}/export.csv").content.decode()
    assert "forfeited,Dora Lee" in export


def test_totals_entered_as_time_called_are_marked_so_where_a_round_is_a_number_of_hands(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    body = {"entered_by": phone.player(phone.by_seat[0]), "points": [3, 2], "time_called": True}
    refused = phone.post("result/", body)
    assert is_problem(refused, 409, "time_called", "time-not-called")
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json"))
    ok(phone.post("result/", body), 201)
    result = ok(phone.confirm(by=phone.by_seat[1]))
    assert result["time_called"] is True and result["provenance"] == "played"
    csv = director.client.get(f"/api/v1/events/{event}/results.csv").content.decode("utf-8-sig")
    header, row = csv.splitlines()[:2]
    assert dict(zip(header.split(","), row.split(","), strict=True))["time_called"] == "yes"


def test_a_time_called_result_the_director_confirms_or_corrects_stays_time_called(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json"))
    body = {"entered_by": phone.player(phone.by_seat[0]), "points": [3, 2], "time_called": True}
    ok(phone.post("result/", body), 201)
    url = f"{phone.url}result/"
    # The console's totals form sends the points and a reason, nothing of the time call.
    same = ok(director.client.patch(url, {"points": [3, 2], "reason": "seen"}, format="json"))
    assert (same["provenance"], same["time_called"]) == ("confirmed-by-director", True)
    assert not same["corrected"]
    changed = ok(
        director.client.patch(url, {"points": [4, 2], "reason": "a trick more"}, format="json")
    )
    assert (changed["provenance"], changed["time_called"]) == ("corrected", True)
    body = {"points": [4, 2], "reason": "it was played out", "time_called": False}
    played_out = ok(director.client.patch(url, body, format="json"))
    assert played_out["time_called"] is False


def test_a_reconfirm_required_event_asks_the_opponents_again(director: Director):
    event = night(director, *PLAYERS[:4], reconfirm="required")
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    body = {"points": [5, 3], "reason": "miscounted"}
    result = ok(director.client.patch(f"{phone.url}result/", body, format="json"))
    assert result["status"] == "entered" and result["confirmed_points"] == [7, 2]
    again = ok(phone.confirm(by=phone.by_seat[1]))
    assert again["status"] == "confirmed" and again["provenance"] == "corrected"
    # Who confirmed it again is named wherever the correction is told.
    said = (
        "corrected by the director, Dora Lee: 7–2 confirmed, now 5–3, confirmed again by "
        f"{phone.by_seat[1]} at the table"
    )
    (table,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))[0]["tables"]
    assert table["story"] == said
    for page in ("results/", "tally-cards/"):
        assert said in director.client.get(f"/events/{event}/{page}").content.decode()
    cards = director.client.get(f"/events/{event}/tally-cards/").content.decode()
    assert cards.count(said) == 2  # each card from its side: 2–7 confirmed, now 3–5 on two
    assert cards.count(f"2–7 confirmed, now 3–5, confirmed again by {phone.by_seat[1]}") == 2


def test_under_reconfirm_required_the_director_confirms_a_correction_by_saving_it_again(
    director: Director,
):
    event = night(director, *PLAYERS[:4], reconfirm="required")
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    body = {"points": [5, 3], "reason": "miscounted"}
    assert ok(director.client.patch(f"{phone.url}result/", body, format="json"))["status"] == (
        "entered"
    )
    # The opponents' phone is gone: the director saves the same points again.
    result = ok(director.client.patch(f"{phone.url}result/", body, format="json"))
    assert result["status"] == "confirmed" and result["confirmed_points"] == [7, 2]
    assert result["provenance"] == "corrected"
    assert director.standings(event)["waiting"] == 0


def test_under_reconfirm_required_a_hand_amended_with_the_same_points_leaves_it_waiting(
    director: Director,
):
    event = director.create_event(
        round_length="hands", hands_per_round=2, rounds_planned=1, reconfirm="required"
    )
    director.add_players(event, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    north, east = phone.by_seat[0], phone.by_seat[1]
    phone.hand(maker=north, tricks=3)
    phone.hand(maker=east, tricks=3)
    phone.settle()
    hands = f"/api/v1/tables/{phone.id}/hands/"
    march = {"maker": phone.seat_of(north), "trump": "H", "maker_tricks": 5, "reason": "a march"}
    ok(director.client.patch(f"{hands}1/", march, format="json"))
    waiting = ok(phone.client.get(phone.url))["result"]
    assert (waiting["status"], waiting["points"]) == ("entered", [2, 1])
    # The trump of hand 2 put right: the same points, still the opponents' to confirm.
    trump = {"maker": phone.seat_of(east), "trump": "S", "maker_tricks": 3, "reason": "spades"}
    ok(director.client.patch(f"{hands}2/", trump, format="json"))
    assert ok(phone.client.get(phone.url))["result"]["status"] == "entered"
    # Confirmed by the director saving it again, it stays so through another such amendment.
    again = {"reason": "the opponents' phone is gone"}
    assert ok(director.client.patch(f"{phone.url}result/", again, format="json"))["status"] == (
        "confirmed"
    )
    clubs = {**trump, "trump": "C", "reason": "clubs after all"}
    ok(director.client.patch(f"{hands}2/", clubs, format="json"))
    assert ok(phone.client.get(phone.url))["result"]["status"] == "confirmed"


def two_hands_played(director: Director, hands: int, east_took: int) -> tuple[int, Device]:
    """A night of rounds of `hands` hands at one table: North's made hand, then East's,
    taking `east_took` tricks."""
    event = director.create_event(round_length="hands", hands_per_round=hands, rounds_planned=1)
    director.add_players(event, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.hand(maker=phone.by_seat[0], tricks=3)
    phone.hand(maker=phone.by_seat[1], tricks=east_took)
    return event, phone


def test_a_result_that_follows_a_directors_hand_change_names_the_hand_in_the_log(
    director: Director,
):
    event, phone = two_hands_played(director, hands=3, east_took=0)
    north, east = phone.by_seat[0], phone.by_seat[1]
    # Time is called after two hands of three: the table's hands may be fewer than the round's.
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json"))
    ok(phone.post("result/", {"entered_by": phone.player(north), "time_called": True}), 201)
    ok(phone.confirm(by=east))
    hands = f"/api/v1/tables/{phone.id}/hands/"
    march = {"maker": phone.seat_of(north), "trump": "H", "maker_tricks": 5, "reason": "a march"}
    ok(director.client.patch(f"{hands}1/", march, format="json"))
    ok(director.client.delete(f"{hands}2/", {"reason": "miscounted"}, format="json"))
    made = {"maker": phone.seat_of(east), "trump": "S", "maker_tricks": 3, "reason": "made"}
    ok(director.client.post(hands, made, format="json"), 201)
    corrections = [e for e in log_of(director, event) if e["action"] == "correct"]
    # Which hand, what was done to it, and its points by side before and after.
    assert [e["after"]["hand"] for e in corrections] == [
        {"number": 1, "action": "amend", "before": {"0": 1}, "after": {"0": 2}},
        {"number": 2, "action": "undo", "before": {"0": 2}, "after": None},
        {"number": 2, "action": "record", "before": None, "after": {"1": 1}},
    ]
    assert [e["after"]["points"] for e in corrections] == [[4, 0], [2, 0], [2, 1]]
    # A correction the director saves themselves follows no hand.
    ok(director.client.patch(f"{phone.url}result/", {"reason": "checked"}, format="json"))
    assert "hand" not in log_of(director, event)[-1]["after"]


def test_a_hand_the_tables_whole_round_result_needs_is_amended_not_undone(director: Director):
    """A director's undo of a hand that a confirmed result of the whole round stands on is
    refused in the director's words (the phone's "enter the result when time is called" is
    not theirs to follow), and the result and the hand stay; amending the hand is the way."""
    _event, phone = two_hands_played(director, hands=2, east_took=3)
    north, east = phone.by_seat[0], phone.by_seat[1]
    ok(phone.post("result/", {"entered_by": phone.player(north)}), 201)
    ok(phone.confirm(by=east))
    hands = f"/api/v1/tables/{phone.id}/hands/"
    refused = director.client.delete(f"{hands}2/", {"reason": "miscounted"}, format="json")
    assert is_problem(refused, 409, "number", "round-unfinished")
    assert refused.json()["detail"] == (
        "Table 1's result needs all 2 hands of the round: amend hand 2 instead of undoing it."
    )
    game = f"/api/v1/games/{phone.table['game']}/"
    assert len(ok(director.client.get(game))["hands"]) == 2
    assert ok(phone.client.get(f"{phone.url}result/"))["status"] == "confirmed"
    euchred = {"maker": phone.seat_of(east), "trump": "S", "maker_tricks": 1, "reason": "euchred"}
    ok(director.client.patch(f"{hands}2/", euchred, format="json"))
    assert ok(phone.client.get(f"{phone.url}result/"))["points"] == [3, 0]
    # A result the director assigned is not added up from the hands: it is set again instead.
    assign = {"sides": [3, 3], "reason": "played on paper"}
    ok(director.client.post(f"{phone.url}result/assign/", assign, format="json"))
    refused = director.client.delete(f"{hands}2/", {"reason": "miscounted"}, format="json")
    assert is_problem(refused, 409, "number", "round-unfinished")
    assert refused.json()["detail"] == (
        "Table 1's result was set by the director (assigned or forfeited), not added up from "
        "its hands: set it again to change it."
    )


def test_a_directors_hands_before_any_result_are_in_the_log_with_why(director: Director):
    """Every act of the director on the night is in its log: a hand they correct, enter or
    undo at a table before its result too (the phone's own hands are in the game's log)."""
    event = director.create_event(round_length="hands", hands_per_round=3, rounds_planned=1)
    director.add_players(event, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    north, east = phone.by_seat[0], phone.by_seat[1]
    phone.hand(maker=north, tricks=3)
    hands = f"/api/v1/tables/{phone.id}/hands/"
    march = {"maker": phone.seat_of(north), "trump": "H", "maker_tricks": 5, "reason": "a march"}
    ok(director.client.patch(f"{hands}1/", march, format="json"))
    ok(
        director.client.post(
            hands, {"maker": phone.seat_of(east), "maker_tricks": 3}, format="json"
        ),
        201,
    )
    ok(director.client.delete(f"{hands}2/", {"reason": "not played"}, format="json"))
    logged = [e for e in log_of(director, event) if e["table"] is not None]
    assert [(e["action"], e["table"], e["reason"], e["after"]) for e in logged] == [
        (
            "hand",
            1,
            "a march",
            {
                "hand": {"number": 1, "action": "amend", "before": {"0": 1}, "after": {"0": 2}},
                "sides": 2,
            },
        ),
        (
            "hand",
            1,
            "",
            {
                "hand": {"number": 2, "action": "record", "before": None, "after": {"1": 1}},
                "sides": 2,
            },
        ),
        (
            "hand",
            1,
            "not played",
            {
                "hand": {"number": 2, "action": "undo", "before": {"1": 1}, "after": None},
                "sides": 2,
            },
        ),
    ]
    assert all(e["actor"].startswith("director ") for e in logged)


# Undo a seated round -----------------------------------------------------------------------


def test_a_seated_round_with_nothing_entered_is_undone_and_seated_again_the_same(
    director: Director,
):
    event = night(director)
    totals_ = totals([10, 4], [6, 10])
    _seated, devices = seat(director, event)
    for device in devices:
        totals_(device, device.table)
    second = director.next_round(event)
    confirming = join(second["tables"][0]["join_code"], role="confirmer")
    gone = director.client.delete(f"/api/v1/events/{event}/rounds/2/")
    assert gone.status_code == 204
    # The phone that confirmed for the undone round is told so (and to join again).
    assert is_problem(confirming.here(), 401, code="device-undone")
    assert director.client.get(f"/api/v1/events/{event}/rounds/2/").status_code == 404
    again = director.next_round(event)
    assert [t["seats"] for t in again["tables"]] == [t["seats"] for t in second["tables"]]
    (undone,) = [c for c in log_of(director, event) if c["action"] == "unseat"]
    assert undone["round"] == 2 and undone["actor"] == "director Dora Lee"
    # Who sat where, by table and seat, with each player's name as the roster has it now.
    seated = [[seat["player"] for seat in table["seats"]] for table in second["tables"]]
    assert undone["before"]["tables"] == seated
    names = {seat["player"]: seat["name"] for t in second["tables"] for seat in t["seats"]}
    assert undone["players"] == {str(player): name for player, name in names.items()}


def test_a_round_with_something_entered_is_not_undone_and_the_refusal_names_it(
    director: Director,
):
    event = hands_night(director)
    _seated, devices = seat(director, event)
    devices[1].hand(devices[1].by_seat[0], 3)
    refused = director.client.delete(f"/api/v1/events/{event}/rounds/1/")
    assert is_problem(refused, 409, "number", "round-entered")
    assert refused.json()["tables"] == [{"table": 2, "hands": 1, "result": None}]
    assert "table 2: 1 hand" in refused.json()["detail"]


def test_a_round_with_a_result_and_no_hands_is_not_undone_and_the_refusal_says_a_result(
    director: Director,
):
    event = night(director)
    _seated, devices = seat(director, event)
    devices[1].settle([10, 4])
    refused = director.client.delete(f"/api/v1/events/{event}/rounds/1/")
    assert is_problem(refused, 409, "number", "round-entered")
    assert refused.json()["tables"] == [{"table": 2, "hands": 0, "result": "confirmed"}]
    assert refused.json()["detail"].endswith("cannot be undone: table 2: a result")
    korean = director.client.delete(f"/api/v1/events/{event}/rounds/1/", HTTP_ACCEPT_LANGUAGE="ko")
    assert korean.json()["detail"].endswith("2번 테이블: 결과 1개")


def test_only_the_latest_round_is_undone(director: Director):
    event = night(director)
    _seated, devices = seat(director, event)
    for device in devices:
        device.settle([10, 4])
    director.next_round(event)
    refused = director.client.delete(f"/api/v1/events/{event}/rounds/1/")
    assert is_problem(refused, 409, "number", "not-latest-round")
    missing = director.client.delete(f"/api/v1/events/{event}/rounds/7/")
    assert missing.status_code == 404


# Swap seats, a late arrival ----------------------------------------------------------------


def test_two_players_at_two_tables_swap_seats_before_the_first_hand(director: Director):
    event = night(director)
    seated, devices = seat(director, event)
    first, second = seated["tables"][0]["seats"][0], seated["tables"][1]["seats"][1]
    planned = Event.objects.get(pk=event).plan
    body = {"players": [first["player"], second["player"]], "reason": "asked to"}
    after = ok(director.client.post(f"/api/v1/events/{event}/rounds/1/swap/", body, format="json"))
    # The rounds ahead keep their plan: the movement cards printed for them stay right.
    assert planned and Event.objects.get(pk=event).plan == planned
    assert after["tables"][0]["seats"][0]["player"] == second["player"]
    assert after["tables"][1]["seats"][1]["player"] == first["player"]
    # The phone reads its table's new players.
    here = ok(devices[0].client.get(devices[0].url))
    assert second["player"] in [s["player"] for s in here["seats"]]
    (swap,) = [c for c in log_of(director, event) if c["action"] == "swap"]
    assert swap["before"]["places"] == [
        {"table": 1, "seat": 0, "letter": "N"},
        {"table": 2, "seat": 1, "letter": "E"},
    ]
    assert swap["after"]["places"] == [
        {"table": 2, "seat": 1, "letter": "E"},
        {"table": 1, "seat": 0, "letter": "N"},
    ]


def test_a_swap_moves_the_versions_of_the_tables_whose_seats_it_changed(director: Director):
    """Director A read table 1 with Ann at North; director B swaps Ann with a player of table
    2. A's "Ann is absent", asked against the table as A read it, would mark B's newcomer
    absent: it is 412 naming the swap. Table 3, untouched, keeps its version."""
    event = night(director, *PLAYERS, "Ivy", "Jay", "Kit", "Lou")
    seated, _devices = seat(director, event)

    def versions() -> dict[int, int]:
        (rnd,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))
        return {table["number"]: table["version"] for table in rnd["tables"]}

    read = versions()
    first, second = seated["tables"][0]["seats"][0], seated["tables"][1]["seats"][1]
    body = {"players": [first["player"], second["player"]], "reason": "asked to"}
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/swap/", body, format="json"))
    now = versions()
    assert now[1] > read[1] and now[2] > read[2] and now[3] == read[3]
    absent = director.client.post(
        f"/api/v1/tables/{seated['tables'][0]['id']}/seats/0/absent/",
        {"reason": "Ann is not here"},
        format="json",
        HTTP_IF_MATCH=f'"{read[1]}"',
    )
    assert is_problem(absent, 412, code="changed-meanwhile")
    assert [change["action"] for change in absent.json()["changes"]] == ["swap"]


def one_sitting_out(director: Director) -> tuple[int, str, int, int]:
    """A night of five, round 1 seated (one table, one bye): the event, who sits out (name
    and id) and a player at the table."""
    event = night(director, *PLAYERS[:5], rounds_planned=5)
    seated, _devices = seat(director, event)
    (sitting,) = seated["sit_outs"]
    sitting_id = Entrant.objects.get(event=event, player__name=sitting).player_id
    return event, sitting, sitting_id, seated["tables"][0]["seats"][0]["player"]


def test_a_seat_and_a_bye_swapped_have_the_rounds_ahead_planned_again(
    director: Director,
):
    event, _sitting, sitting_id, playing = one_sitting_out(director)
    body = {"players": [sitting_id, playing], "reason": "asked to"}
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/swap/", body, format="json"))
    # The plan goes: the next round is planned again from the rounds played (round 1 as it
    # was), which the planner's byes follow (tests/events/test_seating.py).
    assert Event.objects.get(pk=event).plan in (None, {})


def test_a_player_who_has_gone_home_is_seated_neither_by_a_swap_nor_as_late(
    director: Director,
):
    event, sitting, gone, playing = one_sitting_out(director)
    body = {"reason": "went home"}
    ok(director.client.delete(f"/api/v1/events/{event}/players/{gone}/", body, format="json"))
    swapped = director.client.post(
        f"/api/v1/events/{event}/rounds/1/swap/", {"players": [playing, gone]}, format="json"
    )
    assert is_problem(swapped, 409, "players[1]", "player-left")
    assert sitting in swapped.json()["detail"]
    late = director.client.post(
        f"/api/v1/events/{event}/rounds/1/late/", {"player": gone}, format="json"
    )
    assert is_problem(late, 409, "player", "player-left")
    table = ok(director.client.get(f"/api/v1/events/{event}/rounds/1/"))["tables"][0]
    assert playing in [seat["player"] for seat in table["seats"]]


def test_seats_stay_once_the_round_has_begun(director: Director):
    event = hands_night(director)
    seated, devices = seat(director, event)
    devices[0].hand(devices[0].by_seat[0], 3)
    players = [seated["tables"][0]["seats"][0]["player"], seated["tables"][1]["seats"][0]["player"]]
    refused = director.client.post(
        f"/api/v1/events/{event}/rounds/1/swap/", {"players": players}, format="json"
    )
    assert is_problem(refused, 409, "number", "round-started")


def test_a_late_arrival_takes_a_sit_out_place_and_four_make_a_table(director: Director):
    event = night(director, *PLAYERS[:4])
    seat(director, event)
    late = director.add_players(event, "Ivy", "Jo", "Kim", "Lou")
    url = f"/api/v1/events/{event}/rounds/1/late/"
    for name in ("Ivy", "Jo", "Kim"):
        after = ok(director.client.post(url, {"player": late[name]}, format="json"))
        assert name in after["sit_outs"] and len(after["tables"]) == 1
    after = ok(director.client.post(url, {"player": late["Lou"]}, format="json"))
    assert after["sit_outs"] == [] and len(after["tables"]) == 2
    assert sorted(s["name"] for s in after["tables"][1]["seats"]) == ["Ivy", "Jo", "Kim", "Lou"]
    assert len([c for c in log_of(director, event) if c["action"] == "seat-late"]) == 4


# Reopen, delete ----------------------------------------------------------------------------


def test_a_closed_night_is_reopened_and_both_are_logged(director: Director):
    event = night(director, *PLAYERS[:4])
    seated, (phone,) = seat(director, event)
    phone.settle([10, 4])
    ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    # The ranking rule of a closed night changes only once it is reopened.
    refused = director.client.patch(f"/api/v1/events/{event}/", {"rank_by": "wins"}, format="json")
    assert is_problem(refused, 409, "rank_by", "event-closed")
    body = ok(director.client.post(f"/api/v1/events/{event}/reopen/", {}, format="json"))
    assert body["status"] == "running"
    assert [c["action"] for c in log_of(director, event)][-2:] == ["close", "reopen"]
    # Its join codes work again.
    assert join(seated["tables"][0]["join_code"]).id == phone.id
    ok(director.client.patch(f"/api/v1/events/{event}/", {"rank_by": "wins"}, format="json"))


#: A director's acts that would move a closed night's standings: each waits for a reopen.
AFTER_CLOSE: dict[str, tuple[str, str, dict[str, Any]]] = {
    "a correction": ("patch", "result/", {"points": [9, 4], "reason": "a hand missed"}),
    "an assigned result": ("post", "result/assign/", {"sides": [3, 3], "reason": "x"}),
    "a forfeit": ("post", "result/forfeit/", {"forfeited_by": 0, "reason": "x"}),
    "a substitute": ("post", "seats/0/substitute/", {"player": "Zed", "reason": "x"}),
    "a player absent": ("post", "seats/0/absent/", {"reason": "x"}),
    "a player leaving": ("delete", "", {"reason": "went home"}),
}


@pytest.mark.parametrize("act", AFTER_CLOSE)
def test_a_closed_nights_results_and_players_change_only_once_it_is_reopened(
    director: Director, act: str
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([10, 4])
    ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    standings, logged = director.standings(event), log_of(director, event)
    method, path, body = AFTER_CLOSE[act]
    url = f"/api/v1/events/{event}/players/{phone.player(phone.by_seat[0])}/"
    url = f"{phone.url}{path}" if path else url
    ask = getattr(director.client, method)
    assert is_problem(ask(url, body, format="json"), 409, "status", "event-finished")
    assert director.standings(event) == standings and log_of(director, event) == logged
    ok(director.client.post(f"/api/v1/events/{event}/reopen/", {}, format="json"))
    again = ask(url, body, format="json")
    # (An absence is recorded before the table's result, reopened or not.)
    assert again.status_code == 200 or again.json()["code"] == "result-entered"


def test_a_night_closed_with_its_only_round_undone_reopens_as_a_draft(director: Director):
    event = night(director, *PLAYERS[:4])
    seat(director, event)
    assert director.client.delete(f"/api/v1/events/{event}/rounds/1/").status_code == 204
    ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    body = ok(director.client.post(f"/api/v1/events/{event}/reopen/", {}, format="json"))
    assert body["status"] == "draft" and body["closed_at"] is None
    assert len(director.next_round(event)["tables"]) == 1  # and its round is seated again


def test_a_table_read_before_its_round_was_undone_is_not_there_after_it(director: Director):
    """What a request read of a table before a round's undo deleted it (the race of a phone's
    poll or a director's act with the undo) is a 404 for the rest of it, not a 500."""
    event = night(director, *PLAYERS[:4])
    seat(director, event)
    table = Table.objects.select_related("round__event").get(round__event_id=event)
    assert director.client.delete(f"/api/v1/events/{event}/rounds/1/").status_code == 204
    for read in (
        lambda: selectors.table_view(table=table),
        lambda: table_lock(table),
    ):
        with pytest.raises(NotFound) as gone:
            read()
        assert gone.value.code == "no-such-table"


def test_a_draft_never_seated_is_not_reopened_and_logs_nothing(director: Director):
    event = night(director, *PLAYERS[:4])
    url = f"/api/v1/events/{event}/"
    for send in (
        lambda: director.client.post(f"{url}reopen/", {}, format="json"),
        lambda: director.client.patch(url, {"status": "running"}, format="json"),
    ):
        answer = send()
        assert answer.status_code == 409 and answer.json()["code"] == "no-rounds", answer.content
    assert ok(director.client.get(url))["status"] == "draft"
    assert [c["action"] for c in ok(director.client.get(f"{url}log/"))] == []


def test_finishing_an_event_by_its_status_closes_the_night_as_close_does(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    url = f"/api/v1/events/{event}/"
    refused = director.client.patch(url, {"status": "finished"}, format="json")
    assert is_problem(refused, 409, "leave_open", "tables-open")
    assert refused.json()["detail"].startswith("Table 1 has no confirmed result yet")
    assert ok(director.client.get(url))["closed_at"] is None
    phone.settle([10, 4])
    closed = ok(director.client.patch(url, {"status": "finished"}, format="json"))
    assert closed["status"] == "finished" and closed["closed_at"] and closed["published"]
    assert [c["action"] for c in log_of(director, event)][-1] == "close"
    assert is_problem(phone.client.get(phone.url), 401, code="night-closed")


def test_an_event_with_no_result_is_deleted_and_one_with_a_result_stays(director: Director):
    mistaken = night(director, *PLAYERS[:4])
    seat(director, mistaken)
    body = {"reason": "made twice"}
    gone = director.client.delete(f"/api/v1/events/{mistaken}/", body, format="json")
    assert gone.status_code == 204
    assert director.client.get(f"/api/v1/events/{mistaken}/").status_code == 404
    # Its change log went with it: the site's history keeps who deleted what, and why.
    (deleted,) = LogEntry.objects.filter(action_flag=DELETION)
    assert deleted.user.first_name == "Dora Lee" and deleted.change_message == "made twice"
    assert (
        deleted.object_repr.startswith("Club night (") and f"id {mistaken}" in deleted.object_repr
    )
    kept = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, kept)
    phone.settle([10, 4])
    refused = director.client.delete(f"/api/v1/events/{kept}/")
    assert is_problem(refused, 409, "id", "event-has-results")
    # A hand entered is a record too: undone first, the event may go.
    with_a_hand = hands_night(director)
    _seated, devices = seat(director, with_a_hand)
    devices[0].hand(devices[0].by_seat[0], 3)
    refused = director.client.delete(f"/api/v1/events/{with_a_hand}/")
    assert is_problem(refused, 409, "id", "event-has-results")
    assert refused.json()["hands"] == 1


# The change log ----------------------------------------------------------------------------


def test_a_settings_change_is_logged_naming_the_field_with_old_and_new_values(
    director: Director,
):
    event = night(director, round_minutes=20)
    ok(director.client.patch(f"/api/v1/events/{event}/", {"round_minutes": 25}, format="json"))
    (change,) = [c for c in log_of(director, event) if c["action"] == "settings"]
    assert change["before"] == {"round_minutes": 20} and change["after"] == {"round_minutes": 25}
    assert change["actor"] == "director Dora Lee"


def test_a_paper_tally_keyed_in_is_logged_so_and_a_change_of_it_as_a_correction(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    url = f"{phone.url}result/"
    ok(director.client.patch(url, {"points": [7, 2], "reason": "paper tally"}, format="json"))
    ok(director.client.patch(url, {"points": [6, 2], "reason": "misread"}, format="json"))
    results = [c for c in log_of(director, event) if c["action"] in ("key-in", "correct")]
    assert [(c["action"], c["before"] is None) for c in results] == [
        ("key-in", True),
        ("correct", False),
    ]


def test_on_a_hand_by_hand_night_a_director_keys_in_the_paper_tally_of_a_table_with_no_hand(
    director: Director,
):
    """A table whose phone died played on paper: its tally is keyed in; a table that entered
    hands takes its result from them, and a phone keys in no total."""
    event = hands_night(director)
    _seated, (paper, phone) = seat(director, event)
    keyed = director.client.patch(
        f"{paper.url}result/", {"points": [10, 4], "reason": "paper tally"}, format="json"
    )
    assert (ok(keyed)["points"], ok(keyed)["provenance"]) == ([10, 4], "entered-by-director")
    assert [c["action"] for c in log_of(director, event) if c["table"]][-1:] == ["key-in"]
    phone.hand(phone.by_seat[0], 3)
    refused = director.client.patch(
        f"{phone.url}result/", {"points": [10, 4], "reason": "paper tally"}, format="json"
    )
    assert is_problem(refused, 400, "points", "points-from-hands")
    entered = phone.post(
        "result/", {"entered_by": phone.player(phone.by_seat[0]), "points": [7, 2]}
    )
    assert is_problem(entered, 400, "points", "points-from-hands")


def test_a_time_call_is_logged_with_who_called_it(director: Director):
    event = night(director, *PLAYERS[:4], round_minutes=20)
    seat(director, event)
    called = ok(director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json"))
    assert called["time_called_by"] == "Dora Lee"
    (time,) = [c for c in log_of(director, event) if c["action"] == "time"]
    assert time["round"] == 1 and time["before"] == {"time_called_at": None}
    assert time["after"]["time_called_at"] == called["time_called_at"].replace("Z", "+00:00")


def test_time_is_not_called_on_a_round_whose_every_result_is_in(director: Director):
    """Nobody is playing: "Time!" on the phones of tables that are done would be a false alarm."""
    event = night(director, *PLAYERS[:8])
    settle_round(director, director.next_round(event), [[7, 3], [6, 4]])
    refused = director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json")
    assert is_problem(refused, 409, "number", "round-complete")
    assert not [c for c in log_of(director, event) if c["action"] == "time"]


def test_late_arrivals_and_leaves_are_logged_once_the_night_has_begun(director: Director):
    event = night(director, *PLAYERS[:4])
    seat(director, event)
    (late,) = director.add_players(event, "Ivy").values()
    body = {"reason": "went home"}
    ok(director.client.delete(f"/api/v1/events/{event}/players/{late}/", body, format="json"))
    changes = [c for c in log_of(director, event) if c["action"] in ("arrive", "leave")]
    assert [(c["action"], c["after"]["name"]) for c in changes] == [
        ("arrive", "Ivy"),
        ("leave", "Ivy"),
    ]
    assert changes[1]["reason"] == "went home" and changes[1]["before"]["active"] is True


def test_the_phones_acts_of_a_director_are_logged_with_who_and_when(director: Director):
    """A table's join code issued anew, its scoring phone handed over, its confirming phones
    ended, and the wrong join codes of the director's network forgiven."""
    event = night(director, *PLAYERS[:4])
    seated, (_phone,) = seat(director, event)
    join(seated["tables"][0]["join_code"], role="confirmer")
    table = seated["tables"][0]["id"]
    for act in ("code", "takeover", "confirmers/end"):
        ok(director.client.post(f"/api/v1/tables/{table}/{act}/"))
    ok(director.client.post(f"/api/v1/events/{event}/join-limit/lift/"))
    changes = log_of(director, event)[-4:]
    assert [(c["action"], c["round"], c["table"]) for c in changes] == [
        ("code", 1, 1),
        ("hand-over", 1, 1),
        ("confirmers", 1, 1),
        ("join-limit", None, None),
    ]
    assert {c["actor"] for c in changes} == {"director Dora Lee"}
    assert all(c["created_at"] for c in changes)
    assert [c["after"] for c in changes] == [
        None,
        {"phones_ended": 1},
        {"phones_ended": 1},
        {"wrong_codes": 0},
    ]
    # The join code is in no entry: the log is not where a table's code is read.
    assert seated["tables"][0]["join_code"] not in str(log_of(director, event))


def test_the_log_names_the_players_its_entries_name_by_id_as_they_are_named_now(
    director: Director,
):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    entered, confirmed = log_of(director, event)[-2:]
    by = {name: str(phone.player(name)) for name in phone.by_seat}
    assert entered["players"] == {by[phone.by_seat[0]]: phone.by_seat[0]}
    assert confirmed["after"]["confirmed_by"] == int(by[phone.by_seat[1]])
    assert confirmed["players"][by[phone.by_seat[1]]] == phone.by_seat[1]
    # Renamed, the player is named as they are now; the stored entry holds their id only.
    player = by[phone.by_seat[1]]
    ok(director.client.patch(f"/api/v1/players/{player}/", {"name": "Zed"}, format="json"))
    assert log_of(director, event)[-1]["players"][player] == "Zed"
    assert "Zed" not in str(ResultChange.objects.filter(event=event).values("before", "after"))


# If-Match ----------------------------------------------------------------------------------


def test_a_stale_correction_is_refused_with_what_changed_meanwhile(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    board = ok(director.client.get(f"/api/v1/events/{event}/board/"))
    read = board[0]["tables"][0]["version"]
    url = f"{phone.url}result/"
    first = {"points": [6, 2], "reason": "first look"}
    ok(director.client.patch(url, first, format="json", HTTP_IF_MATCH=f'"{read}"'))
    stale = director.client.patch(
        url, {"points": [5, 3], "reason": "second look"}, format="json", HTTP_IF_MATCH=f'"{read}"'
    )
    assert is_problem(stale, 412, "If-Match", "changed-meanwhile")
    (change,) = stale.json()["changes"]
    assert change["action"] == "correct" and change["after"]["points"] == [6, 2]
    # Without If-Match the director's write is made whatever stands.
    ok(director.client.patch(url, {"points": [5, 3], "reason": "looked"}, format="json"))


def test_a_stale_hand_amendment_is_refused_with_the_hands_changed_meanwhile(director: Director):
    """Two directors amend the same hand on the game's version they read: the second is told
    what the first changed (the game's log since), as their other writes are; a phone's stale
    hand stays `stale-version`, which its outbox reads the game again for."""
    event = director.create_event(round_length="hands", hands_per_round=3, rounds_planned=1)
    director.add_players(event, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    north = phone.seat_of(phone.by_seat[0])
    phone.hand(maker=phone.by_seat[0], tricks=3)
    read = ok(director.client.get(f"/api/v1/games/{phone.table['game']}/"))["version"]
    hand = f"/api/v1/tables/{phone.id}/hands/1/"
    march = {"maker": north, "maker_tricks": 5, "reason": "a march"}
    ok(director.client.patch(hand, march, format="json", HTTP_IF_MATCH=f'"{read}"'))
    euchred = {"maker": north, "maker_tricks": 2, "reason": "a euchre"}
    stale = director.client.patch(hand, euchred, format="json", HTTP_IF_MATCH=f'"{read}"')
    assert is_problem(stale, 412, "If-Match", "changed-meanwhile")
    (change,) = stale.json()["changes"]
    assert (change["action"], change["hand_number"], change["reason"]) == ("amend", 1, "a march")
    assert stale.json()["version"] == read + 1
    late = phone.client.post(
        f"/api/v1/tables/{phone.id}/hands/",
        {"maker": north, "maker_tricks": 3},
        format="json",
        HTTP_IF_MATCH=f'"{read}"',
    )
    assert is_problem(late, 412, "If-Match", "stale-version")


def test_a_phones_hand_for_a_round_undone_since_is_refused_saying_so(director: Director):
    """Entered offline before the director undid the round: 409 `round-undone`, to enter the
    hand again at the table as it is now (not the 404 of a table id that never was)."""
    event = director.create_event(round_length="hands", hands_per_round=3, rounds_planned=1)
    director.add_players(event, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    hands = f"/api/v1/tables/{phone.id}/hands/"
    body = {"maker": 0, "maker_tricks": 3}
    never = phone.client.post(f"/api/v1/tables/{phone.id + 99}/hands/", body, format="json")
    assert is_problem(never, 404, code="no-such-table")
    gone = director.client.delete(f"/api/v1/events/{event}/rounds/1/", {}, format="json")
    assert gone.status_code == 204, gone.content
    director.next_round(event)
    late = phone.client.post(hands, body, format="json")
    assert is_problem(late, 409, "table", "round-undone")


def test_a_handover_and_a_delete_made_on_what_changed_since_are_refused(director: Director):
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    (table,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))[0]["tables"]
    read = ok(director.client.get(f"/api/v1/events/{event}/"))["version"]
    phone.settle([7, 2])  # meanwhile, at the table
    over = director.client.post(
        f"/api/v1/tables/{table['id']}/takeover/", HTTP_IF_MATCH=f'"{table["version"]}"'
    )
    assert is_problem(over, 412, "If-Match", "changed-meanwhile")
    # Meanwhile too, on the other director's console: the event's settings.
    ok(director.client.patch(f"/api/v1/events/{event}/", {"round_minutes": 25}, format="json"))
    body = {"reason": "made by mistake"}
    gone = director.client.delete(
        f"/api/v1/events/{event}/", body, format="json", HTTP_IF_MATCH=f'"{read}"'
    )
    assert is_problem(gone, 412, "If-Match", "changed-meanwhile")
    assert [c["action"] for c in gone.json()["changes"]] == ["settings"]


def test_a_version_no_read_gave_out_is_refused(director: Director):
    """A made-up version, one past the event's newest entry, proves nobody saw what stands:
    the write is refused as a stale one is, and the answer gives the version to read."""
    event = night(director, *PLAYERS[:4])
    _seated, (phone,) = seat(director, event)
    phone.settle([7, 2])
    (table,) = ok(director.client.get(f"/api/v1/events/{event}/board/"))[0]["tables"]
    url = f"{phone.url}result/"
    ahead = director.client.patch(
        url, {"points": [6, 2], "reason": "a look"}, format="json", HTTP_IF_MATCH='"99999999"'
    )
    assert is_problem(ahead, 412, "If-Match", "changed-meanwhile")
    assert ahead.json()["version"] == table["version"] and ahead.json()["changes"] == []
    read = ok(director.client.get(f"/api/v1/events/{event}/"))["version"]
    gone = director.client.delete(
        f"/api/v1/events/{event}/",
        {"reason": "x"},
        format="json",
        HTTP_IF_MATCH=f'"{read + 10**9}"',
    )
    assert is_problem(gone, 412, "If-Match", "changed-meanwhile")
    # The table's own version, newer than the event's, is no stranger to the event's log.
    ok(
        director.client.patch(
            url,
            {"points": [6, 2], "reason": "a look"},
            format="json",
            HTTP_IF_MATCH=f'"{table["version"]}"',
        )
    )


# Individual remedies -------------------------------------------------------------------------


def two_tables(director: Director, **options: Any) -> tuple[int, list[Device]]:
    """A totals night of eight; round 1 seated, a phone at each table."""
    event = night(director, **options)
    _seated, devices = seat(director, event)
    return event, devices


def rows_of(director: Director, event: int) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in director.standings(event)["rows"]}


def test_a_no_shows_partner_scores_the_rounds_average_and_the_no_show_a_sit_out_credit(
    director: Director,
):
    event, (first, second) = two_tables(director, sit_out_credit="fixed", sit_out_points=5)
    first.settle([10, 4])  # the round's average: (10 + 4) / 2 = 7
    north, east, south, west = second.by_seat
    director.no_show_assigned(second, north, ["average", "average-plus"])
    rows = rows_of(director, event)
    # The present partner scores the round's average, not their side's award.
    assert rows[south]["total"] == 7 and rows[south]["played"] == 1
    # The opponents score their side's award: the average plus a fifth, 8.4 rounded to 8.
    assert rows[east]["total"] == rows[west]["total"] == 8
    # The no-show played nothing and is credited a sit-out's 5 points.
    assert rows[north]["played"] == 0 and rows[north]["byes"] == 1
    assert rows[north]["total"] == 5
    # The tally says so too: the no-show absent with no points, the partner the average.
    csv = director.client.get(f"/api/v1/events/{event}/tally.csv").content.decode("utf-8-sig")
    header, *lines = csv.splitlines()
    tally = {
        row["player"]: row
        for row in (dict(zip(header.split(","), line.split(","), strict=True)) for line in lines)
    }
    assert (tally[north]["outcome"], tally[north]["points_for"]) == ("absent", "")
    assert tally[south]["points_for"] == "7"
    cards = director.client.get(f"/events/{event}/tally-cards/").content.decode()
    assert "absent: nobody played for them" in cards
    results = director.client.get(f"/events/{event}/results/").content.decode()
    assert f"{north} absent: nobody played for them" in results
    (absent,) = [c for c in log_of(director, event) if c["action"] == "absent"]
    assert absent["table"] == 2 and absent["after"]["absent"] is True
    # The wall's seating of the round says so as the console's board does.
    wall = director.client.get(f"/events/{event}/projector/").content.decode()
    assert f"<dd>{north} (absent)</dd>" in wall


def test_a_no_shows_partner_follows_the_rounds_average_as_the_round_is_played(
    director: Director,
):
    """The no-show's table is settled first, before the round has an average: the present
    partner's points follow the round's average once the other table is confirmed."""
    event, (first, second) = two_tables(director)
    north, _east, south, _west = second.by_seat
    director.mark_absent(second, north, "did not come")
    forfeit = {"forfeited_by": second.seats[north].side, "reason": "a no-show"}
    ok(director.client.post(f"{second.url}result/forfeit/", forfeit, format="json"))
    assert rows_of(director, event)[south]["total"] == 0  # no average yet: the side's points
    first.settle([10, 4])
    assert rows_of(director, event)[south]["total"] == 7  # the round's average: (10 + 4) / 2
    body = {"points": [12, 4], "reason": "a hand missed"}
    ok(director.client.patch(f"{first.url}result/", body, format="json"))
    assert rows_of(director, event)[south]["total"] == 8


def test_a_no_show_gets_nothing_where_the_event_says_so(director: Director):
    event, (first, second) = two_tables(
        director, sit_out_credit="fixed", sit_out_points=5, absent_credit="none"
    )
    first.settle([10, 4])
    north = second.by_seat[0]
    director.no_show_assigned(second, north, ["average", "average"])
    row = rows_of(director, event)[north]
    assert (row["played"], row["byes"], row["total"]) == (0, 0, 0)


def zed_for_north(director: Director) -> tuple[int, str, str]:
    """Two tables (a sit-out's credit 5 points): table 1 settles 10-4; at table 2 Zed, from
    the club, takes North's seat, and the table settles 6-10. The event, North and the
    partner who stayed."""
    event, (first, second) = two_tables(director, sit_out_credit="fixed", sit_out_points=5)
    first.settle([10, 4])
    north, partner = second.by_seat[0], second.by_seat[2]
    url = f"{second.url}seats/{second.seat_of(north)}/substitute/"
    ok(director.client.post(url, {"player": "Zed", "reason": "left early"}, format="json"))
    second.at(ok(second.client.get(second.url)))  # the phone reads its seats again
    second.settle([6, 10])
    return event, north, partner


def test_a_substitute_has_a_guest_row_and_the_player_they_replaced_a_sit_out_credit(
    director: Director,
):
    event, north, partner = zed_for_north(director)
    standings = director.standings(event)["rows"]
    # The substitute's points go to a row of their own, listed last, marked, unranked.
    zed = standings[-1]
    assert (zed["name"], zed["guest"], zed["rank"], zed["total"]) == ("Zed", True, None, 6)
    assert all(not row["guest"] and row["rank"] for row in standings[:-1])
    csv = director.client.get(f"/api/v1/events/{event}/standings.csv").content.decode("utf-8-sig")
    header, *lines = csv.splitlines()
    rows = [dict(zip(header.split(","), line.split(","), strict=True)) for line in lines]
    assert [row["guest"] for row in rows] == [""] * (len(rows) - 1) + ["yes"]
    gone = rows_of(director, event)[north]
    assert (gone["played"], gone["byes"], gone["total"]) == (0, 1, 5)
    # The partner scores the table's result, which the substitute finished.
    assert rows_of(director, event)[partner]["total"] == 6


def test_a_substitutes_round_names_whom_they_played_for_and_that_players_who_played_for_them(
    director: Director,
):
    event, north, _partner = zed_for_north(director)
    lines = {line["player"]: line for line in csv_rows(director, event, "tally.csv")}
    assert (lines["Zed"]["table"], lines["Zed"]["substitute_for"]) == ("2", north)
    gone = lines[north]
    assert (gone["table"], gone["outcome"], gone["substituted_by"]) == ("", "replaced", "Zed")
    assert gone["points_for"] == "" and lines["Zed"]["substituted_by"] == ""
    cards = director.client.get(f"/events/{event}/tally-cards/").content.decode()
    assert f"<h2>{north}</h2>" in cards and "Zed played for them" in cards
    assert f"substitute for {north}" in cards
    results = director.client.get(f"/events/{event}/results/").content.decode()
    assert f"Zed played for {north}" in results
    wall = director.client.get(f"/events/{event}/projector/").content.decode()
    assert f"<dd>Zed, substitute for {north}</dd>" in wall


def test_a_partys_no_show_and_substitute_are_remedied_by_player_as_a_progressives_are(
    director: Director,
):
    """The individual remedies hold at every event of individuals, the party included: the
    no-show's partner scores the round's average and the no-show a sit-out's credit; a
    substitute's points go to a guest row and the player they replaced is credited."""
    players = (*PLAYERS, "Ivy", "Jon", "Kim", "Lee")
    event = night(director, *players, format="party", sit_out_credit="fixed", sit_out_points=5)
    _seated, (first, second, third) = seat(director, event)
    first.settle([10, 4])
    gone = third.by_seat[1]
    url = f"{third.url}seats/{third.seat_of(gone)}/substitute/"
    ok(director.client.post(url, {"player": "Zed", "reason": "left early"}, format="json"))
    third.at(ok(third.client.get(third.url)))
    third.settle([6, 12])  # the round's average: (10 + 4 + 6 + 12) / 4 = 8
    north, east, south, west = second.by_seat
    director.no_show_assigned(second, north, ["average", "average-plus"])
    rows = rows_of(director, event)
    assert (rows[south]["total"], rows[south]["played"]) == (8, 1)
    # The opponents score their side's award: the average plus a fifth, 9.6 rounded to 10.
    assert rows[east]["total"] == rows[west]["total"] == 10
    assert (rows[north]["played"], rows[north]["byes"], rows[north]["total"]) == (0, 1, 5)
    assert (rows["Zed"]["guest"], rows["Zed"]["rank"], rows["Zed"]["total"]) == (True, None, 12)
    assert (rows[gone]["played"], rows[gone]["byes"], rows[gone]["total"]) == (0, 1, 5)
    # Zed's partner scores the table's result, which Zed finished.
    assert rows[third.by_seat[3]]["total"] == 12


# Printouts ---------------------------------------------------------------------------------


def test_every_printable_page_has_a_print_button_and_no_screen_has_one(director: Director, anon):
    event, (first, _second) = two_tables(director)
    first.settle([10, 4])
    director.publish(event)
    button = '<button type="button" class="print">Print</button>'
    for page in ("results/", "rounds/1/sheet/", "cards/", "tally-cards/"):
        body = director.client.get(f"/events/{event}/{page}").content.decode()
        assert button in body and "events/print.js" in body, page
    # The records a club pins up: below their bar.
    club = Event.objects.get(pk=event).club_id
    player = Entrant.objects.filter(event=event).values_list("player_id", flat=True).first()
    for page in (f"/events/clubs/{club}/leaderboard/", f"/events/players/{player}/"):
        body = director.client.get(page).content.decode()
        assert body.index('<header class="bar">') < body.index(button), page
    for page in ("projector/", "rounds/1/find/"):
        assert button not in anon.get(f"/events/{event}/{page}").content.decode(), page
    # "Find your table" is a player's screen, and the list a director pins by the door.
    assert button in director.client.get(f"/events/{event}/rounds/1/find/").content.decode()
    # A screen is for the screen: no Print button above its bar.
    for page in (f"/events/{event}/", f"/events/{event}/manage/", "/events/", "/events/login/"):
        body = (anon if page == "/events/login/" else director.client).get(page)
        assert body.status_code == 200, page
        assert button not in body.content.decode(), page


def test_the_movement_cards_print_the_nights_plan_and_the_night_seats_it(director: Director):
    event = night(director)  # eight players, three rounds planned
    page = director.client.get(f"/events/{event}/movement/").content.decode()
    assert "may differ from this plan" in page
    assert page.count('class="card tally-card movement-card"') == 8
    planned = re.findall(r"<h2>(\w+)</h2>.*?</article>", page, re.S)
    assert sorted(planned) == sorted(PLAYERS)
    # As printed, so seated: each player's table, seat and partner in every round.
    printed = {
        name: re.findall(
            r'<td class="num">(\d)<small>\*</small></td>\s*<td>(\d)</td><td>([NESW])</td>'
            r"<td>(\w+)</td>",
            card,
        )
        for name, card in re.findall(r"<h2>(\w+)</h2>(.*?)</article>", page, re.S)
    }
    assert all(len(rows) == 3 for rows in printed.values())

    def as_printed(number: int) -> Any:
        def play(device: Device, table: dict[str, Any]) -> None:
            by_seat = sorted(table["seats"], key=lambda s: s["seat"])
            for s in by_seat:
                partner = by_seat[(s["seat"] + 2) % 4]["name"]
                row = (str(number), str(table["number"]), "NESW"[s["seat"]], partner)
                assert row in printed[s["name"]], (s["name"], row)
            device.settle([10, 4])

        return play

    for number in (1, 2, 3):
        assert play_round(director, event, as_printed(number)) is not None
    # Once seated, the rounds print as seated (no star).
    again = director.client.get(f"/events/{event}/movement/").content.decode()
    assert "<small>*</small>" not in again


def sheet_rows(page: str) -> list[list[str]]:
    """A round sheet's tables, each its number and its players N, E, S, W."""
    return [
        re.findall(r'<td data-seat="[^"]*"[^>]*>([^<]*)</td>', row)
        for row in re.findall(r'<tr><td class="big">\d+</td>(.*?)</tr>', page)
    ]


def test_a_rounds_sheet_prints_as_planned_before_it_is_seated_and_as_seated_after(
    director: Director, anon
):
    event = night(director, *PLAYERS, "Ivy")  # nine: one sits out each round
    director.publish(event)
    planned = {}
    for number in (1, 2, 3):
        page = anon.get(f"/events/{event}/rounds/{number}/sheet/")
        assert page.status_code == 200, number
        text = page.content.decode()
        assert "may differ from this plan" in text and "Sitting out:" in text
        assert '<button type="button" class="print">Print</button>' in text
        planned[number] = sheet_rows(text)
        assert len(planned[number]) == 2 and all(len(t) == 4 for t in planned[number])
    # Beyond the rounds planned there is no sheet.
    assert anon.get(f"/events/{event}/rounds/4/sheet/").status_code == 404
    for number in (1, 2, 3):
        seated = director.next_round(event)
        tables = [
            [s["name"] for s in sorted(t["seats"], key=lambda s: s["seat"])]
            for t in seated["tables"]
        ]
        assert tables == planned[number], number
        text = anon.get(f"/events/{event}/rounds/{number}/sheet/").content.decode()
        assert "may differ from this plan" not in text and sheet_rows(text) == tables
        settle_round(director, seated, [[10, 4]] * len(tables))
    ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    assert anon.get(f"/events/{event}/rounds/4/sheet/").status_code == 404


def test_a_round_of_a_format_seated_from_results_has_no_sheet_until_it_is_seated(
    director: Director,
):
    event = create(director)
    enter_teams(director, event, 4)
    assert director.client.get(f"/events/{event}/rounds/1/sheet/").status_code == 404


def test_a_round_robins_movement_cards_print_its_schedule_byes_included(director: Director):
    event = director.create_event(format="round-robin", entry="totals", name="Pairs league")
    enter_teams(director, event, 5)  # five teams: five rounds, a team sits out each
    page = director.client.get(f"/events/{event}/movement/").content.decode()
    cards = dict(re.findall(r"<h2>([\w ]+)</h2>(.*?)</article>", page, re.S))
    assert len(cards) == 10
    for card in cards.values():
        rounds = re.findall(
            r'<td class="num">(\d)<small>\*</small></td>\s*<td( colspan="3")?', card
        )
        assert [number for number, _ in rounds] == ["1", "2", "3", "4", "5"]
        assert sum(1 for _, bye in rounds if bye) == 1  # their team's one bye
    # The first round is seated as printed: each player's partner is their team mate.
    seated = director.next_round(event)
    for table in seated["tables"]:
        for seat in table["seats"]:
            mate = "Ben" if seat["name"].startswith("Ann") else "Ann"
            number = seat["name"].split()[1]
            assert re.search(
                rf'<td class="num">1<small>\*</small></td>\s*<td>{table["number"]}</td>'
                rf"<td>[NESW]</td><td>{mate} {number}</td>",
                cards[seat["name"]],
            ), seat["name"]
    again = director.client.get(f"/events/{event}/movement/").content.decode()
    assert again.count("<small>*</small>") == 10 * 4  # rounds 2 to 5 still as planned
    # The seated round's bye is on its team's cards too, as seated.
    for card in dict(re.findall(r"<h2>([\w ]+)</h2>(.*?)</article>", again, re.S)).values():
        assert card.count('<td colspan="3">') == 1


def test_a_format_seated_from_results_has_no_movement_cards(director: Director):
    event = create(director)
    enter_teams(director, event, 4)
    page = director.client.get(f"/events/{event}/movement/").content.decode()
    assert "print each round" in page and "movement-card" not in page


def test_a_directors_name_is_told_after_a_comma_never_in_brackets_of_its_own() -> None:
    """A display name may hold brackets ("Dora (demo director)"): the story names the
    director after a comma, so no bracket is nested in another."""
    from django.utils import translation

    from scorekeeper.events.localized.stories import result_story

    name = "Dora (demo director)"
    with translation.override("en"):
        assert result_story("confirmed-by-director", name) == (
            "confirmed by the director, Dora (demo director)"
        )
        assert result_story("corrected", name, points=[5, 3], confirmed=[7, 2]) == (
            "corrected by the director, Dora (demo director): 7–2 confirmed, now 5–3"
        )
        assert result_story("played", "", called_by=name) == (
            "as it stood when time was called by Dora (demo director)"
        )
        # Below zero (Bid Euchre) with a minus sign, the dash set apart: "13 – −6", never
        # "13–-6" nor "13––6".
        assert result_story("corrected", "Dora", points=[10, 4], confirmed=[13, -6]) == (
            "corrected by the director, Dora: 13\u202f–\u202f\u22126 confirmed, now 10–4"
        )
    with translation.override("ko"):
        # The particle in the form the name takes: "Dora" ends in a vowel (가), "Ann" in a
        # consonant (이); the name's own brackets are skipped, as when it is read aloud.
        assert result_story("confirmed-by-director", name) == "디렉터 Dora (demo director)가 확인함"
        assert result_story("corrected", "Ann").startswith("디렉터 Ann이 정정함")
        assert result_story("corrected", name, points=[5, 3], confirmed=[7, 2]) == (
            "디렉터 Dora (demo director)가 정정함: 7–2로 확인됐고, 지금은 5–3"
        )
