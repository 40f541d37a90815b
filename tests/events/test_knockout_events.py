"""Bracket events through the API: single and double elimination played to the end, best of
three, a third-place match, seeds set before the first round, the options checked, and the
bracket's JSON and chart."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, ok, play_event

pytestmark = pytest.mark.django_db

#: Who wins a game: given the match's key and the two teams' seeds (in the match's order).
Pick = Callable[[str, int, int], int]


def best_seed(key: str, first: int, second: int) -> int:
    return min(first, second)


def enter_teams(director: Director, event: int, count: int) -> dict[str, int]:
    """Teams "T1" to "Tn", entered (so seeded) in that order; their ids by name."""
    return {
        f"T{n}": director.add_team(event, f"T{n}", f"Ann {n}", f"Ben {n}")
        for n in range(1, count + 1)
    }


def bracket(director: Director, event: int) -> dict[str, Any]:
    return ok(director.client.get(f"/api/v1/events/{event}/bracket/"))


def play_bracket(director: Director, event: int, pick: Pick) -> list[dict[str, Any]]:
    """Seat round after round until the bracket is complete; each table enters a game to 10
    for the team `pick` names (by seed), and the opponents confirm."""

    def play(device: Device, table: dict[str, Any]) -> None:
        now = bracket(director, event)
        seeds = {t["name"]: t["seed"] for t in now["teams"]}
        (match,) = [
            m for m in now["matches"] if m["playing"] and m["playing"]["table"] == table["number"]
        ]
        first, second = (seeds[name] for name in table["team_names"])
        names = [side["name"] for side in match["sides"]]
        assert sorted(names) == sorted(table["team_names"])
        ordered = (first, second) if names == table["team_names"] else (second, first)
        winner = pick(match["key"], *ordered)
        device.settle([10, 6] if winner == first else [7, 10])

    return play_event(director, event, play)


def losses(body: dict[str, Any]) -> Counter[int]:
    return Counter(m["loser"] for m in body["matches"] if m["status"] == "won")


def create(director: Director, **options: Any) -> int:
    return director.create_event(format="bracket", entry="totals", name="Knockout", **options)


def test_a_double_elimination_of_six_is_played_to_the_end_with_byes_and_a_reset(
    director: Director,
):
    event = create(director, knockout="double")
    ids = enter_teams(director, event, 6)

    def losers_champion_takes_the_grand_final(key: str, first: int, second: int) -> int:
        return second if key == "GF" else min(first, second)

    rounds = play_bracket(director, event, losers_champion_takes_the_grand_final)
    assert sorted(rounds[0]["sit_outs"]) == ["T1", "T2"]  # the top seeds' byes
    assert len(rounds[0]["tables"]) == 2
    body = bracket(director, event)
    assert body["complete"] and body["stage"] is None
    lost = losses(body)
    champion = body["champion"]
    # T2 came through the losers' bracket and took the grand final; T1 won the reset.
    assert champion == ids["T1"]
    assert lost[champion] == 1 and all(lost[t] == 2 for t in ids.values() if t != champion)
    assert sum(1 for m in body["matches"] if m["status"] == "won") == 2 * 6 - 1
    reset = next(m for m in body["matches"] if m["key"] == "GF2")
    assert reset["status"] == "won" and reset["winner"] == champion
    places = {t["name"]: t["place"] for t in body["teams"]}
    assert places["T1"] == 1 and places["T2"] == 2 and places["T3"] == 3
    again = director.client.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert is_problem(again, 409, "rounds", "schedule-complete")


def test_a_double_elimination_of_nine_is_played_to_the_end_with_byes(director: Director):
    event = create(director, knockout="double")
    ids = enter_teams(director, event, 9)

    def upsets_in_the_second_round(key: str, first: int, second: int) -> int:
        return max(first, second) if key.startswith("W2-") else min(first, second)

    rounds = play_bracket(director, event, upsets_in_the_second_round)
    # A bracket of sixteen: seven byes, so only seeds 8 and 9 play in the first round.
    assert len(rounds[0]["tables"]) == 1 and len(rounds[0]["sit_outs"]) == 7
    body = bracket(director, event)
    lost = losses(body)
    champion = body["champion"]
    # T1 lost in the second round, came back through the losers' bracket, took the grand
    # final from the winners' champion and the reset too.
    assert champion == ids["T1"] and lost[champion] == 1
    assert all(lost[t] == 2 for t in ids.values() if t != champion)
    assert sum(1 for m in body["matches"] if m["status"] == "won") == 2 * 9 - 1
    assert next(m for m in body["matches"] if m["key"] == "GF2")["status"] == "won"
    assert sorted(t["place"] for t in body["teams"])[:3] == [1, 2, 3]


def test_a_single_elimination_with_a_match_for_third_place(director: Director):
    event = create(director, third_place=True)
    ids = enter_teams(director, event, 4)
    rounds = play_bracket(director, event, best_seed)
    assert [len(r["tables"]) for r in rounds] == [2, 2]  # the final beside the third-place match
    body = bracket(director, event)
    assert {t["name"]: t["place"] for t in body["teams"]} == {"T1": 1, "T2": 2, "T3": 3, "T4": 4}
    third = next(m for m in body["matches"] if m["key"] == "3P")
    assert third["winner"] == ids["T3"]
    assert [r["name"] for r in director.standings(event)["rows"][:1]] == ["T1"]


def test_a_best_of_three_match_is_won_by_the_first_to_two_games(director: Director):
    event = create(director, best_of=3)
    ids = enter_teams(director, event, 4)
    games: Counter[str] = Counter()

    def split(key: str, first: int, second: int) -> int:
        games[key] += 1
        # The semi-finals go to three games (the better seed losing the first); the final
        # is a sweep.
        return second if key != "W2-1" and games[key] == 1 else first

    rounds = play_bracket(director, event, split)
    assert [len(r["tables"]) for r in rounds] == [2, 2, 2, 1, 1]
    body = bracket(director, event)
    semi = next(m for m in body["matches"] if m["key"] == "W1-1")
    assert [s["wins"] for s in semi["sides"]] == [2, 1] and len(semi["games"]) == 3
    assert semi["games"][0]["winner"] == semi["sides"][1]["team"]
    final = next(m for m in body["matches"] if m["key"] == "W2-1")
    assert [s["wins"] for s in final["sides"]] == [2, 0]
    assert body["champion"] == ids["T1"]
    # The event planned for every match going the distance: two stages of three games.
    assert ok(director.client.get(f"/api/v1/events/{event}/"))["rounds_planned"] == 6


def test_seeds_are_the_directors_until_the_first_round_is_seated(director: Director, anon):
    event = create(director)
    ids = enter_teams(director, event, 4)
    order = [ids["T4"], ids["T3"], ids["T2"], ids["T1"]]
    url = f"/api/v1/events/{event}/seeds/"
    assert is_problem(anon.put(url, {"teams": order}, format="json"), 404, "id")  # unpublished
    director.publish(event)
    assert is_problem(anon.put(url, {"teams": order}, format="json"), 401)
    assert is_problem(
        director.client.put(url, {"teams": order[:3]}, format="json"), 400, "teams", "bad-seeds"
    )
    assert is_problem(
        director.client.put(url, {"teams": [*order[:3], order[0]]}, format="json"),
        400,
        "teams",
        "bad-seeds",
    )
    teams = ok(director.client.put(url, {"teams": order}, format="json"))
    assert [(t["name"], t["seed"]) for t in teams] == [("T4", 1), ("T3", 2), ("T2", 3), ("T1", 4)]
    assert bracket(director, event)["seeds_editable"] is True
    first = director.next_round(event)
    # Seed 1 (T4) meets seed 4 (T1); seed 2 (T3) meets seed 3 (T2).
    assert [t["team_names"] for t in first["tables"]] == [["T4", "T1"], ["T3", "T2"]]
    assert bracket(director, event)["seeds_editable"] is False
    later = director.client.put(url, {"teams": list(ids.values())}, format="json")
    assert is_problem(later, 409, "teams", "seeds-locked")
    options = director.client.patch(f"/api/v1/events/{event}/", {"best_of": 3}, format="json")
    assert is_problem(options, 409, "best_of", "bracket-drawn")


def test_the_seeds_are_logged_and_asked_against_the_order_the_director_read(
    director: Director,
):
    event = create(director)
    ids = enter_teams(director, event, 3)
    url = f"/api/v1/events/{event}/seeds/"
    version = ok(director.client.get(f"/api/v1/events/{event}/"))["version"]
    order = [ids["T3"], ids["T1"], ids["T2"]]
    body = {"teams": order, "reason": "T3 won the club cup"}
    ok(director.client.put(url, body, format="json", HTTP_IF_MATCH=f'"{version}"'))
    log = ok(director.client.get(f"/api/v1/events/{event}/log/"))
    (entry,) = [change for change in log if change["action"] == "seeds"]
    assert entry["before"] == {
        "teams": [ids["T1"], ids["T2"], ids["T3"]],
        "seeds": ["T1", "T2", "T3"],
    }
    assert entry["after"] == {"teams": order, "seeds": ["T3", "T1", "T2"]}
    assert (entry["reason"], entry["round"], entry["table"]) == ("T3 won the club cup", None, None)
    # A second director who read the order before it: shown what changed, nothing saved.
    stale = director.client.put(
        url, {"teams": list(reversed(order))}, format="json", HTTP_IF_MATCH=f'"{version}"'
    )
    assert is_problem(stale, 412, "If-Match", "changed-meanwhile")
    assert [change["action"] for change in stale.json()["changes"]] == ["seeds"]
    # The same order again changes nothing, and logs nothing.
    ok(director.client.put(url, {"teams": order}, format="json", HTTP_IF_MATCH=f'"{entry["id"]}"'))
    log = ok(director.client.get(f"/api/v1/events/{event}/log/"))
    assert [change["action"] for change in log].count("seeds") == 1


def test_the_chart_orders_seeds_for_a_director_and_then_shows_them_fixed(director: Director):
    event = create(director)
    ids = enter_teams(director, event, 3)
    page = f"/events/{event}/bracket/"
    form = director.client.get(page).content.decode()
    assert 'name="seed-' in form and "<script>" not in form
    body = {f"seed-{ids['T3']}": "1", f"seed-{ids['T1']}": "2", f"seed-{ids['T2']}": "3"}
    assert director.client.post(page, body).status_code == 302
    assert [
        t["name"] for t in sorted(bracket(director, event)["teams"], key=lambda t: t["seed"])
    ] == [
        "T3",
        "T1",
        "T2",
    ]
    twice = {f"seed-{ids['T3']}": "1", f"seed-{ids['T1']}": "1", f"seed-{ids['T2']}": "3"}
    assert director.client.post(page, twice).status_code == 400
    # The form says the version of the event it was drawn at: a change made since is shown.
    drawn = re.search(r'name="version" value="(\d+)"', director.client.get(page).content.decode())
    assert drawn is not None
    director.client.put(
        f"/api/v1/events/{event}/seeds/",
        {"teams": [ids["T1"], ids["T2"], ids["T3"]]},
        format="json",
    )
    stale = director.client.post(page, {**body, "version": drawn[1]})
    assert stale.status_code == 412
    assert "Changed since you read it" in stale.content.decode()
    director.next_round(event)
    chart = director.client.get(page).content.decode()
    assert 'name="seed-' not in chart
    # Three teams: the top seed's first-round bye is on the chart, where a printed one has it.
    assert chart.count("Through on a bye") == 1
    assert director.client.post(page, body).status_code == 409


def test_the_knockout_options_are_checked_by_name(director: Director):
    url = f"/api/v1/clubs/{director.club}/events/"
    cases = [
        ({"format": "bracket", "knockout": "double", "third_place": True}, "third_place"),
        ({"format": "bracket", "best_of": 2}, "best_of"),
        ({"format": "bracket", "knockout": "triple"}, "knockout"),
        ({"format": "round-robin", "knockout": "double"}, "knockout"),
        ({"format": "progressive", "rounds_planned": 3, "best_of": 3}, "best_of"),
    ]
    for options, field in cases:
        response = director.client.post(url, {"name": "K", **options}, format="json")
        assert is_problem(response, 400, field)
    event = create(director, knockout="double", best_of=3, grand_final_reset=False)
    body = ok(director.client.get(f"/api/v1/events/{event}/"))
    assert (body["knockout"], body["best_of"], body["third_place"], body["grand_final_reset"]) == (
        "double",
        3,
        False,
        False,
    )
    changed = director.client.patch(
        f"/api/v1/events/{event}/", {"knockout": "single", "third_place": True}, format="json"
    )
    assert ok(changed)["third_place"] is True
    # A double elimination has no match for third: the change of elimination is named.
    refused = director.client.patch(
        f"/api/v1/events/{event}/", {"knockout": "double"}, format="json"
    )
    assert is_problem(refused, 400, "knockout", "bad-third-place")


def test_the_bracket_is_public_as_the_standings_are(director: Director, anon):
    event = create(director)
    enter_teams(director, event, 5)
    assert anon.get(f"/api/v1/events/{event}/bracket/").status_code == 404
    assert anon.get(f"/events/{event}/bracket/").status_code == 404
    director.publish(event)
    body = ok(anon.get(f"/api/v1/events/{event}/bracket/"))
    # Seeds 2 and 3 could meet at once, but play in the second round, as on paper.
    assert [m["key"] for m in body["matches"] if m["status"] == "open"] == ["W1-2", "W2-2"]
    assert [m["key"] for m in body["matches"] if m["stage"] == body["stage"]] == [
        "W1-1",
        "W1-2",
        "W1-3",
        "W1-4",
    ]
    w2 = next(m for m in body["matches"] if m["key"] == "W2-1")
    assert [s["origin"] for s in w2["sides"]] == [
        {"kind": "winner", "ref": "W1-1"},
        {"kind": "winner", "ref": "W1-2"},
    ]
    assert next(m for m in body["matches"] if m["key"] == "W1-1")["next"] == {
        "winner": "W2-1",
        "loser": None,
    }
    page = anon.get(f"/events/{event}/bracket/")
    html = page.content.decode()
    assert page.status_code == 200 and "T1" in html and 'name="seed-' not in html
    results = anon.get(f"/events/{event}/results/").content.decode()
    assert f'href="/events/{event}/bracket/"' in results
    korean = anon.get(f"/events/{event}/bracket/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "승자" in korean or "부전승" in korean
    progressive = director.create_event(rounds_planned=2)
    director.publish(progressive)
    assert is_problem(anon.get(f"/api/v1/events/{progressive}/bracket/"), 409, "format")


def test_a_team_that_leaves_loses_its_next_match_by_walkover(director: Director):
    event = create(director)
    enter_teams(director, event, 4)
    play_bracket_rounds = play_event(
        director, event, lambda device, table: device.settle([10, 6]), rounds=1
    )
    assert [t["team_names"] for t in play_bracket_rounds[0]["tables"]] == [
        ["T1", "T4"],
        ["T2", "T3"],
    ]
    t2 = next(t for t in bracket(director, event)["teams"] if t["name"] == "T2")
    player = ok(director.client.get(f"/api/v1/events/{event}/players/"))
    leaving = next(p for p in player if p["name"] == "Ann 2")
    ok(director.client.delete(f"/api/v1/events/{event}/players/{leaving['player']}/"))
    body = bracket(director, event)
    match = next(m for m in body["matches"] if m["key"] == "W2-1")
    assert match["status"] == "walkover" and match["loser"] == t2["id"]
    # The final went by walkover: nothing is left to seat.
    again = director.client.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert is_problem(again, 409, "rounds", "schedule-complete")
    places = {t["name"]: t["place"] for t in body["teams"]}
    assert body["complete"] and (places["T1"], places["T2"]) == (1, 2)


def test_a_games_winner_stands_once_the_bracket_has_moved_on(director: Director):
    event = create(director)
    enter_teams(director, event, 4)
    first = play_event(director, event, lambda device, table: device.settle([10, 6]), rounds=1)
    table = first[0]["tables"][0]["id"]
    director.next_round(event)
    url = f"/api/v1/tables/{table}/result/"
    flipped = director.client.patch(
        url, {"points": [6, 10], "reason": "Wrong way round"}, format="json"
    )
    assert is_problem(flipped, 409, "points", "bracket-moved-on")
    # Nor may an assigned result or a forfeit turn the winner round (each refusal names the
    # field it was given).
    forfeit = {"forfeited_by": 0, "reason": "Left early"}
    refused = director.client.post(url + "forfeit/", forfeit, format="json")
    assert is_problem(refused, 409, "forfeited_by", "bracket-moved-on")
    assigned = {"sides": [3, 10], "reason": "Misread"}
    refused = director.client.post(url + "assign/", assigned, format="json")
    assert is_problem(refused, 409, "sides", "bracket-moved-on")
    score = director.client.patch(url, {"points": [10, 8], "reason": "It was 10-8"}, format="json")
    assert ok(score)["points"] == [10, 8]
    w1 = next(m for m in bracket(director, event)["matches"] if m["key"] == "W1-1")
    assert w1["games"][0]["points"] == [10, 8] and w1["winner"] == w1["sides"][0]["team"]


def test_a_watcher_polling_the_bracket_gets_304_until_a_result_moves_it(director: Director, anon):
    event = create(director)
    enter_teams(director, event, 4)
    director.publish(event)
    url = f"/api/v1/events/{event}/bracket/"
    tag = anon.get(url)["ETag"]
    assert anon.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    play_event(director, event, lambda device, table: device.settle([10, 6]), rounds=1)
    moved = anon.get(url, HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved["ETag"] != tag
    assert [m["status"] for m in moved.json()["matches"][:2]] == ["won", "won"]
