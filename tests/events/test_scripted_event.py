"""A club night played through the API from start to finish, with its standings, tie-breaks
and side prizes worked out by hand below.

Four players, three rounds of four hands under standard rules where a hand nobody calls is
thrown in (make 1, march 2, lone march 4,
euchre 2, lone euchre 2). With four players the partnerships must differ each round, so the
three rounds are AB|CD, AC|BD and AD|BC in some order; the script says what each partnership
split played, whatever round it falls in.

    AB|CD  Ben alone takes 5 (AB +4); Cat marches (CD +2); Ann is euchred (CD +2, euchres for
           Cat and Dan); thrown in.                                            AB 4, CD 4
    AC|BD  Cat is euchred (BD +2, euchres for Ben and Dan); Ann makes 3 (AC +1); Cat makes 3
           (AC +1); thrown in. First entered with a made hand for Ben as the last hand:
           disputed by the opponents, fixed, entered again.                    AC 2, BD 2
    AD|BC  Ann marches (AD +2); Ben is euchred (AD +2, euchres for Ann and Dan); Dan makes 3
           (AD +1); Dan alone takes 2 (lone euchre: BC +2, euchres for Ben and Cat).
           First entered and confirmed with Cat as the maker of hand 3 (BC +1), which the
           director corrects.                                 AD 5, BC 2 (AD 4, BC 3 before)

    Ann 4+2+5 = 11 (against 4+2+2 = 8)    euchres 1   loners made 0   best game 5
    Ben 4+2+2 = 8  (against 4+2+5 = 11)   euchres 2   loners made 1   best game 4
    Cat 4+2+2 = 8  (against 11)           euchres 2   loners made 0   best game 4
    Dan 4+2+5 = 11 (against 8)            euchres 3   loners made 0   best game 5

Ann and Dan tie on 11: they were opponents in AB|CD and AC|BD, both level games, so head to
head is 0 each; difference (+3) and points for (11) are equal too; Dan's 3 euchres beat Ann's 1.
Ben and Cat tie on 8 through euchres (2 each): a coin flip orders them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok, partnerships, play_event

pytestmark = pytest.mark.django_db

AB_CD = frozenset({frozenset({"Ann", "Ben"}), frozenset({"Cat", "Dan"})})
AC_BD = frozenset({frozenset({"Ann", "Cat"}), frozenset({"Ben", "Dan"})})
AD_BC = frozenset({frozenset({"Ann", "Dan"}), frozenset({"Ben", "Cat"})})


def split_of(table: dict[str, Any]) -> frozenset[frozenset[str]]:
    return frozenset(partnerships(table))


def points_of(device: Device, result: dict[str, Any], name: str) -> int:
    return int(result["points"][device.side_of(name)])


def play_ab_cd(director: Director, device: Device) -> None:
    device.hand("Ben", 5, alone=True)
    device.hand("Cat", 5)
    device.hand("Ann", 2)
    device.thrown_in()
    # The partners of whoever entered it cannot confirm it; an opponent can, on the same phone.
    ok(device.enter(by="Ann"), 201)
    assert is_problem(device.confirm(by="Ben"), 422, "confirmed_by", "same-side")
    assert ok(device.confirm(by="Cat"))["status"] == "confirmed"


def play_ac_bd(director: Director, device: Device) -> None:
    device.hand("Cat", 2)
    device.hand("Ann", 3)
    device.hand("Cat", 3)
    device.hand("Ben", 3)  # wrong: this hand was thrown in
    ok(device.enter(by="Ben"), 201)
    # The opponents confirm on a phone of their own, with the same join code.
    code = ok(director.client.get(f"/api/v1/tables/{device.id}/"))["join_code"]
    theirs = join(code, role="confirmer")
    assert is_problem(
        theirs.post("hands/", {"thrown_in": True}), 403, "Authorization", "not-scorer"
    )
    disputed = ok(theirs.dispute(by="Ann", reason="The last hand was thrown in."))
    assert disputed["status"] == "disputed"
    ok(device.client.delete(device.url + "hands/4/"))
    device.thrown_in()
    ok(device.enter(by="Ben"), 201)
    assert ok(theirs.confirm(by="Cat"))["status"] == "confirmed"


def play_ad_bc(director: Director, device: Device) -> None:
    device.hand("Ann", 5)
    device.hand("Ben", 2)
    device.hand("Cat", 3)  # wrong: Dan made this one
    device.hand("Dan", 2, alone=True)
    result = ok(device.enter(by="Dan"), 201)
    assert (points_of(device, result, "Ann"), points_of(device, result, "Ben")) == (4, 3)
    ok(device.confirm(by="Ben"))
    # Once confirmed, the table can no longer change its hands.
    assert is_problem(device.post("hands/", {"thrown_in": True}), 409, "result", "result-entered")


SCRIPT = {AB_CD: play_ab_cd, AC_BD: play_ac_bd, AD_BC: play_ad_bc}


def rows_by_name(standings: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["name"]: row for row in standings["rows"]}


def test_a_progressive_night_from_seating_to_standings_and_prizes(director: Director, anon):
    event = director.create_event(
        name="Tuesday progressive",
        round_length="hands",
        hands_per_round=4,
        rounds_planned=3,
        seed=7,
        # Standard rules where the dealer may pass too, so a hand can be thrown in.
        ruleset={"preset": "standard", "stuck_dealer": "redeal"},
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")

    splits = {}
    devices = {}

    def play(device: Device, table: dict[str, Any]) -> None:
        split = split_of(table)
        splits[split] = len(splits) + 1
        devices[split] = device
        SCRIPT[split](director, device)

    rounds = play_event(director, event, play, rounds=3)
    assert [(r["number"], r["sit_outs"], len(r["tables"])) for r in rounds] == [
        (1, [], 1),
        (2, [], 1),
        (3, [], 1),
    ]
    assert set(splits) == {AB_CD, AC_BD, AD_BC}, "no two players partner twice"

    standings = director.standings(event)
    before = rows_by_name(standings)
    assert {name: row["total"] for name, row in before.items()} == {
        "Ann": 10,
        "Ben": 9,
        "Cat": 9,
        "Dan": 10,
    }

    # The director corrects hand 3 of the AD|BC table after it was confirmed.
    z = devices[AD_BC]
    correction = {
        "maker": z.seat_of("Dan"),
        "trump": "H",
        "maker_tricks": 3,
        "reason": "Dan made trump in hand 3, not Cat.",
    }
    response = director.client.patch(f"/api/v1/tables/{z.id}/hands/3/", correction, format="json")
    ok(response)
    result = ok(director.client.get(f"/api/v1/tables/{z.id}/result/"))
    assert (points_of(z, result, "Ann"), points_of(z, result, "Ben")) == (5, 2)
    assert result["status"] == "confirmed" and result["corrected"] is True

    standings = director.standings(event)
    assert standings["waiting"] == 0 and standings["rounds"] == 3
    rows = standings["rows"]
    assert [row["name"] for row in rows[:2]] == ["Dan", "Ann"]
    assert {rows[2]["name"], rows[3]["name"]} == {"Ben", "Cat"}
    assert [row["rank"] for row in rows] == [1, 2, 3, 4]
    assert [row["tie_break"] for row in rows] == ["euchres", "euchres", "coin-flip", "coin-flip"]
    # The results page names them in the reader's words, in Korean too.
    for language, words in (("en", ["euchres made", "a coin flip"]), ("ko", ["유커 수", "동전"])):
        page = director.client.get(f"/events/{event}/results/", HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200, page.status_code
        cells = re.findall(r'<td class="wide">([^<]*)</td>\s*</tr>', page.content.decode())
        assert len(cells) == 4 and all(any(w in cell for w in words) for cell in cells), cells
    by_name = rows_by_name(standings)
    expected = {
        # name: (total, for, against, wins, ties, losses, euchres, loners made, best game)
        "Ann": (11, 11, 8, 1, 2, 0, 1, 0, 5),
        "Ben": (8, 8, 11, 0, 2, 1, 2, 1, 4),
        "Cat": (8, 8, 11, 0, 2, 1, 2, 0, 4),
        "Dan": (11, 11, 8, 1, 2, 0, 3, 0, 5),
    }
    fields = (
        "total",
        "points_for",
        "points_against",
        "wins",
        "ties",
        "losses",
        "euchres",
        "loners_made",
        "best_game",
    )
    for name, values in expected.items():
        assert tuple(by_name[name][f] for f in fields) == values, name
    assert by_name["Ann"]["head_to_head"] == by_name["Dan"]["head_to_head"] == 0

    # The coin flip is drawn once: reading again gives the same order.
    assert [r["name"] for r in director.standings(event)["rows"]] == [r["name"] for r in rows]

    prizes = {prize["kind"]: prize["winners"] for prize in standings["side_prizes"]}
    assert prizes["most-loners"] == [{"name": "Ben", "value": 1, "round": None}]
    assert prizes["most-euchres"] == [{"name": "Dan", "value": 3, "round": None}]
    assert sorted(prizes["highest-game"], key=lambda w: w["name"]) == [
        {"name": "Ann", "value": 5, "round": splits[AD_BC]},
        {"name": "Dan", "value": 5, "round": splits[AD_BC]},
    ]
    # Ben and Cat tie for last on points: both share the booby prize, whatever the coin says.
    assert prizes["booby"] == [
        {"name": "Ben", "value": 8, "round": None},
        {"name": "Cat", "value": 8, "round": None},
    ]

    # Every entry, confirmation, dispute and correction is in the change log.
    director.publish(event)
    log = ok(anon.get(f"/api/v1/events/{event}/log/"))
    table_log = [c for c in log if c["table"] is not None]
    assert [(c["round"], c["action"]) for c in table_log if c["round"] == splits[AC_BD]] == [
        (splits[AC_BD], "enter"),
        (splits[AC_BD], "dispute"),
        (splits[AC_BD], "enter"),
        (splits[AC_BD], "confirm"),
    ]
    (corrected,) = [c for c in log if c["action"] == "correct"]
    assert corrected["reason"] == "Dan made trump in hand 3, not Cat."
    # The director by their display name: a user name is half of what signs them in.
    assert corrected["actor"] == "director Dora Lee"
    side = z.side_of("Dan")
    assert (corrected["before"]["points"][side], corrected["after"]["points"][side]) == (4, 5)

    # The players' records: made / marched / euchred as maker, euchres, loners.
    dan = ok(anon.get(f"/api/v1/players/{z.player('Dan')}/"))
    # One event of three games, four hands each (the thrown-in hands count, being dealt).
    assert {k: dan["stats"][k] for k in ("events", "points_against", "hands", "best_game")} == {
        "events": 1,
        "points_against": 8,
        "hands": 12,
        "best_game": 5,
    }
    assert {k: dan["stats"][k] for k in ("games", "wins", "points", "made", "marched")} == {
        "games": 3,
        "wins": 1,
        "points": 11,
        "made": 1,
        "marched": 0,
    }
    assert {k: dan["stats"][k] for k in ("euchred", "euchres", "loners_tried", "loners_made")} == {
        "euchred": 1,
        "euchres": 3,
        "loners_tried": 1,
        "loners_made": 0,
    }
    ben = ok(anon.get(f"/api/v1/players/{z.player('Ben')}/"))["stats"]
    assert (ben["marched"], ben["euchred"], ben["loners_tried"], ben["loners_made"]) == (1, 1, 1, 1)
    history = ok(anon.get(f"/api/v1/players/{z.player('Ann')}/"))["history"]
    assert len(history) == 3
    (last_round,) = [h for h in history if h["round"] == splits[AD_BC]]
    assert (last_round["partners"], sorted(last_round["opponents"])) == (["Dan"], ["Ben", "Cat"])
    assert (last_round["points_for"], last_round["points_against"], last_round["won"]) == (
        5,
        2,
        True,
    )


def test_a_round_waits_for_every_confirmation(director: Director):
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    response = director.client.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert is_problem(response, 409, "rounds", "round-open")
    said = "Round 1 has 1 table without a confirmed result: table 1."
    assert response.json()["detail"] == said
    response = director.client.post(
        f"/api/v1/events/{event}/rounds/", format="json", HTTP_ACCEPT_LANGUAGE="ko"
    )
    said = "1라운드에 확정된 결과가 없는 테이블이 1개 있습니다: 1번 테이블."
    assert response.json()["detail"] == said
    device = join(table["join_code"])
    names = device.by_seat
    assert is_problem(device.enter(by=names[0]), 409, "hands", "round-unfinished")
    device.hand(names[1], 4)
    ok(device.enter(by=names[0]), 201)
    assert director.standings(event)["waiting"] == 1
    assert all(row["total"] == 0 for row in director.standings(event)["rows"])
    ok(device.confirm(by=names[1]))
    totals = {row["name"]: row["total"] for row in director.standings(event)["rows"]}
    assert totals == {names[0]: 0, names[2]: 0, names[1]: 1, names[3]: 1}
    ok(director.client.post(f"/api/v1/events/{event}/rounds/", format="json"), 201)
