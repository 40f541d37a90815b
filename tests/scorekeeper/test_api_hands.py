"""Recording hands through the API: every point is the referee's."""

from __future__ import annotations

import pytest
from api_tables import Table, is_problem, march_record

from referee.notation import tricks

pytestmark = pytest.mark.django_db


def test_a_quick_hand_scores_what_the_referee_awards(table: Table):
    hand = table.quick(maker=1, tricks=5)
    assert hand["number"] == 1 and hand["dealer"] == 0
    assert hand["kind"] == "played"
    assert hand["award"] == {"reason": "march", "points": {"1": 2}}
    assert hand["game"]["score"] == [0, 2]
    assert table.read()["score"] == [0, 2]


def test_the_deal_passes_left_after_each_hand(table: Table):
    dealers = [table.quick(maker=0, tricks=3)["dealer"] for _ in range(5)]
    assert dealers == [0, 1, 2, 3, 0]
    assert table.read()["dealer"] == 1


def test_a_euchre_scores_for_the_defenders(table: Table):
    assert table.quick(maker=2, tricks=2)["award"] == {"reason": "euchre", "points": {"1": 2}}


def test_a_lone_march_scores_four(table: Table):
    hand = table.quick(maker=3, tricks=5, alone=True)
    assert hand["award"] == {"reason": "lone-march", "points": {"1": 4}}
    assert hand["alone"] is True


def test_a_lone_defender_is_recorded_where_the_ruleset_allows_it(new_table):
    table = new_table({"preset": "standard", "defend_alone": True})
    hand = table.quick(maker=1, tricks=2, alone=True, defender_alone=0)
    assert hand["award"] == {"reason": "defend-alone-euchre", "points": {"0": 4}}
    assert hand["defender_alone"] == 0


@pytest.mark.parametrize(
    ("entry", "award", "outcome"),
    [
        pytest.param(
            {"outcome": "made"}, {"reason": "make", "points": {"0": 1}}, "made", id="made"
        ),
        pytest.param(
            {"outcome": "march"}, {"reason": "march", "points": {"0": 2}}, "march", id="march"
        ),
        pytest.param(
            {"outcome": "euchred"},
            {"reason": "euchre", "points": {"1": 2}},
            "euchred",
            id="euchred",
        ),
        pytest.param(
            {"outcome": "march", "alone": True},
            {"reason": "lone-march", "points": {"0": 4}},
            "march",
            id="a loner, named by the seat that went alone, marches",
        ),
    ],
)
def test_a_hand_told_by_how_it_ended_scores_the_referees_award(table: Table, entry, award, outcome):
    hand = table.hand({"maker": 2, **entry})
    assert hand["award"] == award and hand["outcome"] == outcome
    # Neither the suit nor the tricks were asked: both are kept as unknown.
    assert (hand["maker"], hand["trump"], hand["maker_tricks"]) == (2, None, None)
    assert table.read()["hands"][0]["outcome"] == outcome


def test_a_hand_told_by_its_outcome_and_tricks_keeps_both(table: Table):
    hand = table.hand({"maker": 1, "trump": "S", "outcome": "made", "maker_tricks": 4})
    assert (hand["trump"], hand["maker_tricks"], hand["outcome"]) == ("S", 4, "made")
    assert hand["award"] == {"reason": "make", "points": {"1": 1}}


def test_a_hand_told_by_tricks_alone_still_says_its_outcome(table: Table):
    assert table.quick(maker=0, tricks=2)["outcome"] == "euchred"


def test_an_outcome_under_uka_scores_a_short_loner_as_euchred(new_table):
    table = new_table("uka")
    hand = table.hand({"maker": 0, "outcome": "made", "alone": True})
    assert hand["award"] == {"reason": "lone-euchre", "points": {"1": 4}}
    assert hand["outcome"] == "euchred"


def test_every_award_row_says_its_outcome(table: Table):
    rows = table.read()["awards"]
    assert {(row["maker_tricks"], row["outcome"]) for row in rows} == {
        (0, "euchred"),
        (1, "euchred"),
        (2, "euchred"),
        (3, "made"),
        (4, "made"),
        (5, "march"),
    }


def test_a_renege_needs_no_suit(table: Table):
    hand = table.hand({"maker": 0, "renege": 1})
    assert hand["award"] == {"reason": "renege", "points": {"0": 2}}
    assert (hand["trump"], hand["outcome"]) == (None, None)


def test_a_full_record_is_refereed_and_keeps_its_verdict(table: Table):
    hand = table.hand({"record": march_record(dealer=0)})
    assert hand["award"] == {"reason": "march", "points": {"1": 2}}
    assert hand["verdict"]["ok"] is True and hand["verdict"]["complete"] is True
    assert (hand["trump"], hand["maker"], hand["maker_tricks"]) == ("H", 1, 5)
    assert hand["record"]["dealer"] == 0


def test_a_full_record_must_be_dealt_by_the_seat_whose_deal_it_is(table: Table):
    table.quick(maker=0, tricks=3)
    response = table.post_hand({"record": march_record(dealer=0)})
    assert is_problem(response, 422, "record.dealer")
    assert table.hand({"record": march_record(dealer=1)})["dealer"] == 1


def test_a_record_under_another_ruleset_is_refused(table: Table):
    record = {**march_record(dealer=0), "ruleset": "uka"}
    assert is_problem(table.post_hand({"record": record}), 422, "record.ruleset")


def test_a_record_may_repeat_the_games_ruleset(table: Table):
    record = {**march_record(dealer=0), "ruleset": "standard"}
    assert table.hand({"record": record})["award"]["reason"] == "march"


def test_an_unfinished_record_cannot_be_scored(table: Table):
    record = march_record(dealer=0)
    record["tricks"] = record["tricks"][:3]
    response = table.post_hand({"record": record})
    assert is_problem(response, 422, "record")
    assert response.json()["code"] == "hand-unfinished"


def test_an_impossible_record_is_refused_with_the_violations(table: Table):
    record = march_record(dealer=0)
    first = record["tricks"][0]
    first[0], first[1] = first[1], first[0]
    response = table.post_hand({"record": record})
    assert is_problem(response, 422, "record")
    codes = {violation["code"] for violation in response.json()["violations"]}
    assert "out-of-turn" in codes or "wrong-lead" in codes
    assert table.read()["hands"] == []


def test_an_impossible_record_is_refused_in_the_readers_language(table: Table):
    record = {"dealer": 0, "upcard": "9H", "bids": [{"seat": 2, "action": "pass"}]}
    response = table.post_hand({"record": record}, HTTP_ACCEPT_LANGUAGE="ko")
    assert is_problem(response, 422, "record")
    (violation,) = response.json()["violations"]
    assert violation["code"] == "out-of-turn"
    assert violation["message"] == "2번 자리가 비드했지만 1번 자리의 차례였습니다."
    assert violation["message"] in response.json()["detail"]
    assert "Seat" not in response.json()["detail"]


def test_a_renege_is_recorded_as_a_penalty(table: Table):
    record = {
        "dealer": 0,
        "contract": {"trump": "H", "maker": 1},
        "hands": {"2": ["9D", "TD", "QD", "KD", "AC"]},
        "tricks": tricks("1:AS 2:9D 3:9S 0:TS", "1:KC 2:TD 3:9C 0:TC"),
    }
    hand = table.hand({"record": record})
    assert hand["kind"] == "penalty"
    assert hand["award"] == {"reason": "renege", "points": {"1": 2}}
    assert hand["verdict"]["violations"][0]["code"] == "renege"


def test_a_malformed_record_names_the_field_inside_it(table: Table):
    record = {**march_record(dealer=0), "upcard": "QX"}
    assert is_problem(table.post_hand({"record": record}), 400, "record.upcard")


REDEAL = {"preset": "standard", "stuck_dealer": "redeal"}


def test_a_thrown_in_hand_scores_nothing_and_passes_the_deal(new_table):
    table = new_table(REDEAL)
    hand = table.hand({"thrown_in": True})
    assert hand["kind"] == "thrown-in"
    assert hand["award"] == {"reason": "thrown-in", "points": {}}
    assert hand["game"]["dealer"] == 1
    assert table.read()["score"] == [0, 0]


@pytest.mark.parametrize(
    "ruleset", ["standard", "uka", {"preset": "two-handed", "stuck_dealer": "must-call"}]
)
def test_it_refuses_a_thrown_in_hand_where_the_dealer_must_call(new_table, ruleset):
    players = ["Ann", "Ben"] if isinstance(ruleset, dict) else None
    table = new_table(ruleset, players=players)
    assert is_problem(table.post_hand({"thrown_in": True}), 422, "thrown_in", "no-throw-in")
    table.quick(maker=0, tricks=3)
    amend = {"thrown_in": True, "reason": "nobody called"}
    response = table.client.patch(table.url + "hands/1/", amend, format="json", **table.auth)
    assert is_problem(response, 422, "thrown_in", "no-throw-in")
    assert [hand["kind"] for hand in table.read()["hands"]] == ["played"]


UKA_MUST_CALL = {"preset": "uka", "stuck_dealer": "must-call"}


def test_a_stuck_dealer_with_no_suit_to_name_can_have_the_hand_thrown_in(new_table):
    """Under must-call with Uka's must-hold rule the dealer may hold no suit they may name:
    the deal is thrown in (docs/rules.md), by the quick entry as by the whole record."""
    table = new_table(UKA_MUST_CALL)
    assert table.body["can_throw_in"] is True
    hand = table.hand({"thrown_in": True})
    assert hand["kind"] == "thrown-in"
    assert hand["game"]["dealer"] == 1
    passes = [{"seat": seat, "action": "pass"} for seat in (2, 3, 0, 1, 2, 3, 0)]
    record = {"dealer": 1, "upcard": "AH", "hands": {"1": ["7H", "8H", "9H", "TH", "QH"]}}
    hand = table.hand({"record": {**record, "bids": passes}})
    assert hand["kind"] == "thrown-in"
    callable_turned_down = {**UKA_MUST_CALL, "turned_down_suit_callable": True}
    assert new_table(callable_turned_down).body["can_throw_in"] is False


def test_a_game_says_whether_its_hands_can_be_thrown_in(new_table, api):
    assert new_table().body["can_throw_in"] is False
    assert new_table(REDEAL).body["can_throw_in"] is True
    assert new_table(REDEAL).read()["can_throw_in"] is True
    presets = {item["name"]: item["can_throw_in"] for item in api.get("/api/v1/rulesets/").json()}
    assert presets == {
        "standard": False,
        "uka": False,
        "two-handed": True,
        "three-handed": False,
        "british": False,
        "openspiel": False,
        "six-handed": False,
        "bid-euchre": False,
    }


def test_a_two_handed_hand_passed_out_is_thrown_in_and_passes_the_deal(new_table):
    table = new_table("two-handed", players=["Ann", "Ben"])
    passes = [{"seat": seat, "action": "pass"} for seat in (1, 0, 1, 0)]
    hand = table.hand({"record": {"dealer": 0, "upcard": "QH", "bids": passes}})
    assert hand["kind"] == "thrown-in"
    assert hand["game"]["dealer"] == 1


def test_a_poor_hand_redeal_keeps_the_same_dealer(new_table):
    table = new_table({"preset": "standard", "poor_hand_redeal": "no-ace-no-face"}, dealer=2)
    record = {
        "dealer": 2,
        "upcard": "QH",
        "hands": {"3": ["9H", "TH", "9S", "TS", "9C"]},
        "bids": [{"seat": 3, "action": "redeal"}],
    }
    hand = table.hand({"record": record})
    assert hand["kind"] == "redeal"
    assert hand["game"]["dealer"] == 2
    assert table.quick(maker=0, tricks=3)["dealer"] == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "maker"),
        ({"maker": 0, "trump": "H"}, "outcome"),
        ({"maker": 0, "outcome": "won"}, "outcome"),
        ({"maker": 0, "outcome": "made", "maker_tricks": 5}, "outcome"),
        ({"maker": "0", "trump": "H", "maker_tricks": 3}, "maker"),
        ({"maker": 0, "trump": "X", "maker_tricks": 3}, "trump"),
        ({"maker": 0, "trump": "H", "maker_tricks": 6}, "maker_tricks"),
        ({"maker": 0, "trump": "H", "maker_tricks": 3, "alone": "yes"}, "alone"),
        ({"maker": 0, "trump": "H", "maker_tricks": 3, "defender_alone": 1}, "defender_alone"),
        ({"maker": 0, "trump": "H", "maker_tricks": 3, "thrown_in": True}, "maker"),
        ({"record": march_record(0), "thrown_in": True}, "thrown_in"),
        ({"record": "QH"}, "record"),
        ({"record": {"upcard": "QH"}}, "record.dealer"),
        ({"thrown_in": False}, "thrown_in"),
    ],
)
def test_a_malformed_hand_is_refused_naming_the_field(table: Table, body, field):
    assert is_problem(table.post_hand(body), 400, field)


def test_a_seat_beyond_a_two_handed_table_is_malformed(new_table):
    table = new_table("two-handed", players=["Ann", "Ben"])
    assert is_problem(table.post_hand({"maker": 2, "trump": "H", "maker_tricks": 3}), 400, "maker")
    body = {"maker": 0, "trump": "H", "maker_tricks": 3, "alone": True}
    assert is_problem(table.post_hand(body), 400, "alone")


def test_it_wants_the_games_token_to_record(table: Table, new_table):
    url = table.url + "hands/"
    body = {"maker": 0, "trump": "H", "maker_tricks": 3}
    anonymous = table.client.post(url, body, format="json")
    assert is_problem(anonymous, 401, "Authorization")
    assert anonymous["WWW-Authenticate"].startswith("Bearer")
    wrong = table.client.post(url, body, format="json", HTTP_AUTHORIZATION="Bearer nope")
    assert is_problem(wrong, 403, "Authorization")
    other = new_table()
    stolen = table.client.post(url, body, format="json", **other.auth)
    assert is_problem(stolen, 403, "Authorization")
    assert table.read()["hands"] == []


def test_a_replay_with_the_same_idempotency_key_returns_the_same_hand(table: Table):
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    first = table.post_hand(body, HTTP_IDEMPOTENCY_KEY="hand-one")
    table.quick(maker=0, tricks=3)
    again = table.post_hand(body, HTTP_IDEMPOTENCY_KEY="hand-one")
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["number"] == first.json()["number"] == 1
    assert len(table.read()["hands"]) == 2


def test_the_same_idempotency_key_with_another_hand_is_refused(table: Table):
    table.post_hand({"maker": 1, "trump": "S", "maker_tricks": 4}, HTTP_IDEMPOTENCY_KEY="k")
    response = table.post_hand(
        {"maker": 1, "trump": "S", "maker_tricks": 5}, HTTP_IDEMPOTENCY_KEY="k"
    )
    assert is_problem(response, 422, "Idempotency-Key")
    assert len(table.read()["hands"]) == 1


def test_an_idempotency_key_belongs_to_one_game(table: Table, new_table):
    other = new_table()
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    assert table.post_hand(body, HTTP_IDEMPOTENCY_KEY="k").status_code == 201
    assert other.post_hand(body, HTTP_IDEMPOTENCY_KEY="k").status_code == 201


def test_an_overlong_idempotency_key_is_malformed(table: Table):
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    response = table.post_hand(body, HTTP_IDEMPOTENCY_KEY="k" * 256)
    assert is_problem(response, 400, "Idempotency-Key")


def test_it_rejects_a_stale_version(table: Table):
    version = table.read()["version"]
    table.quick(maker=0, tricks=3)
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    stale = table.post_hand(body, HTTP_IF_MATCH=f'"{version}"')
    assert is_problem(stale, 412, "If-Match")
    current = table.read()["version"]
    fresh = table.post_hand(body, HTTP_IF_MATCH=f'"{current}"')
    assert fresh.status_code == 201
    assert fresh["ETag"] == f'"{current + 1}"'


def test_a_weak_tag_never_satisfies_if_match(table: Table):
    current = table.read()["version"]
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    weak = table.post_hand(body, HTTP_IF_MATCH=f'W/"{current}"')
    assert is_problem(weak, 412, "If-Match")
    assert table.read()["version"] == current


def test_a_renamed_games_tag_still_names_its_version_for_if_match(table: Table):
    from scorekeeper.models import Game

    Game.objects.filter(pk=table.body["id"]).update(renamed=1)
    read = table.client.get(table.url)
    version = read.json()["version"]
    assert read["ETag"] == f'"{version}.1"'
    body = {"maker": 1, "trump": "S", "maker_tricks": 4}
    fresh = table.post_hand(body, HTTP_IF_MATCH=read["ETag"])
    assert fresh.status_code == 201
    assert fresh["ETag"] == f'"{version + 1}.1"'
    assert is_problem(table.post_hand(body, HTTP_IF_MATCH=read["ETag"]), 412, "If-Match")


def test_every_write_moves_the_version_and_etag(table: Table):
    before = table.client.get(table.url)
    table.quick(maker=0, tricks=3)
    after = table.client.get(table.url)
    assert after.json()["version"] == before.json()["version"] + 1
    assert after["ETag"] != before["ETag"]


def play_to_the_end(table: Table, makers: list[int], tricks: int) -> dict:
    """Post hands, cycling through the makers, until the game is over."""
    for count in range(40):
        hand = table.quick(maker=makers[count % len(makers)], tricks=tricks)
        if hand["game"]["status"] == "finished":
            return hand
    raise AssertionError("the game never ended")


def test_a_finished_game_refuses_more_hands(table: Table):
    play_to_the_end(table, makers=[1], tricks=5)
    game = table.read()
    assert (game["status"], game["winner"], game["score"]) == ("finished", 1, [0, 10])
    response = table.post_hand({"thrown_in": True})
    assert is_problem(response, 409)


def test_undo_reopens_a_finished_game(table: Table):
    last = play_to_the_end(table, makers=[1], tricks=5)
    response = table.client.delete(table.url + f"hands/{last['number']}/", **table.auth)
    assert response.status_code == 200
    assert response.json()["status"] == "in-progress"
    game = table.read()
    assert game["score"] == [0, 8] and game["winner"] is None
    assert len(game["hands"]) == 4


def test_only_the_last_hand_can_be_undone(table: Table):
    table.quick(maker=0, tricks=3)
    table.quick(maker=1, tricks=3)
    response = table.client.delete(table.url + "hands/1/", **table.auth)
    assert is_problem(response, 409, "number")
    assert is_problem(table.client.delete(table.url + "hands/9/", **table.auth), 404, "number")


def test_undo_gives_the_deal_back(table: Table):
    table.quick(maker=0, tricks=3)
    table.client.delete(table.url + "hands/1/", **table.auth)
    assert table.read()["dealer"] == 0


def test_an_amend_needs_a_reason(table: Table):
    table.quick(maker=0, tricks=3)
    body = {"maker": 0, "trump": "H", "maker_tricks": 5}
    response = table.client.patch(table.url + "hands/1/", body, format="json", **table.auth)
    assert is_problem(response, 400, "reason")
    blank = {**body, "reason": "  "}
    response = table.client.patch(table.url + "hands/1/", blank, format="json", **table.auth)
    assert is_problem(response, 400, "reason")


def test_an_amend_rescores_the_hand_and_the_game(table: Table):
    table.quick(maker=0, tricks=3)
    table.quick(maker=1, tricks=3)
    body = {"maker": 0, "trump": "H", "maker_tricks": 5, "reason": "they took all five"}
    response = table.client.patch(table.url + "hands/1/", body, format="json", **table.auth)
    assert response.status_code == 200
    assert response.json()["award"] == {"reason": "march", "points": {"0": 2}}
    game = table.read()
    assert game["score"] == [2, 1]
    assert [hand["dealer"] for hand in game["hands"]] == [0, 1]


def test_an_amend_can_end_or_reopen_a_game(table: Table):
    for _ in range(4):
        table.quick(maker=1, tricks=5)
    table.quick(maker=1, tricks=3)
    assert table.read()["score"] == [0, 9]
    win = {"maker": 1, "trump": "H", "maker_tricks": 5, "reason": "miscounted"}
    table.client.patch(table.url + "hands/5/", win, format="json", **table.auth)
    assert table.read()["status"] == "finished"
    lose = {"maker": 1, "trump": "H", "maker_tricks": 2, "reason": "they were euchred"}
    response = table.client.patch(table.url + "hands/5/", lose, format="json", **table.auth)
    assert response.status_code == 200
    game = table.read()
    assert (game["status"], game["winner"], game["score"]) == ("in-progress", None, [2, 8])


def test_an_amend_cannot_turn_an_earlier_hand_into_a_redeal(new_table):
    table = new_table({"preset": "standard", "poor_hand_redeal": "no-ace-no-face"})
    table.quick(maker=0, tricks=3)
    table.quick(maker=0, tricks=3)
    record = {
        "dealer": 0,
        "upcard": "QH",
        "hands": {"1": ["9H", "TH", "9S", "TS", "9C"]},
        "bids": [{"seat": 1, "action": "redeal"}],
    }
    body = {"record": record, "reason": "it was a redeal"}
    response = table.client.patch(table.url + "hands/1/", body, format="json", **table.auth)
    assert is_problem(response, 409)


def test_amend_and_undo_want_the_token_and_a_fresh_version(table: Table):
    table.quick(maker=0, tricks=3)
    url = table.url + "hands/1/"
    body = {"thrown_in": True, "reason": "misdeal"}
    assert is_problem(table.client.patch(url, body, format="json"), 401)
    assert is_problem(table.client.delete(url), 401)
    stale = {"HTTP_IF_MATCH": '"1"', **table.auth}
    assert is_problem(table.client.patch(url, body, format="json", **stale), 412)
    assert is_problem(table.client.delete(url, **stale), 412)


def test_the_log_tells_who_changed_what_and_why(table: Table):
    table.quick(maker=0, tricks=3)
    body = {"maker": 0, "trump": "H", "maker_tricks": 4, "reason": "fixed the trick count"}
    table.client.patch(table.url + "hands/1/", body, format="json", **table.auth)
    table.client.delete(table.url + "hands/1/", **table.auth)
    log = table.client.get(table.url + "log/").json()
    assert [entry["action"] for entry in log] == ["create-game", "record", "amend", "undo"]
    amend = log[2]
    assert amend["reason"] == "fixed the trick count"
    assert amend["before"]["maker_tricks"] == 3 and amend["after"]["maker_tricks"] == 4
    assert log[3]["before"]["number"] == 1 and log[3]["after"] is None
    assert [entry["version"] for entry in log] == [1, 2, 3, 4]


def test_the_log_says_how_each_hand_it_kept_ended_as_the_games_hands_do(table: Table):
    """A hand entered by how it ended (no tricks) is said the same way in the log: a console
    showing another director's change names the outcome from there."""
    table.client.post(
        table.url + "hands/", {"maker": 0, "outcome": "made"}, format="json", **table.auth
    )
    body = {"maker": 0, "outcome": "march", "reason": "they took all five"}
    table.client.patch(table.url + "hands/1/", body, format="json", **table.auth)
    amend = table.client.get(table.url + "log/").json()[-1]
    assert (amend["before"]["outcome"], amend["after"]["outcome"]) == ("made", "march")
    assert amend["after"]["outcome"] == table.read()["hands"][0]["outcome"]


def test_hands_can_be_read_one_by_one(table: Table):
    table.quick(maker=0, tricks=3)
    assert table.client.get(table.url + "hands/1/").json()["award"]["reason"] == "make"
    assert len(table.client.get(table.url + "hands/").json()) == 1
    huge = table.client.get(table.url + "hands/99999999999999999999999/")
    assert is_problem(huge, 404, "number")


@pytest.mark.parametrize(
    ("ruleset", "players", "makers", "tricks", "winner", "score"),
    [
        ("standard", ["Ann", "Ben", "Cat", "Dan"], [0, 2], 5, 0, [10, 0]),
        ("uka", ["Ann", "Ben", "Cat", "Dan"], [1, 3], 5, 1, [0, 12]),
        ("two-handed", ["Ann", "Ben"], [1], 4, 1, [0, 10]),
    ],
)
def test_a_whole_game_is_played_through_the_api(
    new_table, ruleset, players, makers, tricks, winner, score
):
    table = new_table(ruleset, players=players)
    last = play_to_the_end(table, makers=makers, tricks=tricks)
    game = table.read()
    assert (game["status"], game["winner"], game["score"]) == ("finished", winner, score)
    assert last["game"]["score"] == score
    totals = [0] * len(score)
    for hand in game["hands"]:
        for team, points in hand["award"]["points"].items():
            totals[int(team)] += points
    assert totals == score
    assert [hand["number"] for hand in game["hands"]] == list(range(1, len(game["hands"]) + 1))


@pytest.mark.parametrize(
    ("entry", "points"),
    [
        pytest.param({"maker": 0, "renege": 1}, {"0": 2}, id="a defender reneges"),
        pytest.param({"maker": 0, "renege": 2}, {"1": 2}, id="the maker's partner reneges"),
        pytest.param({"maker": 1, "alone": True, "renege": 0}, {"1": 4}, id="against a loner"),
    ],
)
def test_a_renege_entered_by_who_reneged_scores_the_referees_penalty(table: Table, entry, points):
    hand = table.hand({"trump": "S", **entry})
    assert (hand["kind"], hand["award"]) == ("penalty", {"reason": "renege", "points": points})
    assert hand["maker_tricks"] is None
    assert hand["verdict"]["violations"][0]["seat"] == entry["renege"]
    penalties = table.read()["penalties"]
    assert {(p["alone"], p["offender"], p["makers"], p["defenders"]) for p in penalties} >= {
        (False, "defenders", 2, 0),
        (True, "makers", 0, 4),
    }


def test_a_renege_by_a_loners_partner_is_refused(table: Table):
    response = table.post_hand({"maker": 0, "trump": "S", "alone": True, "renege": 2})
    assert is_problem(response, 400, "renege")
