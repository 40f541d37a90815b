"""Six-handed Euchre and Bid Euchre kept through the games and hands API: the ruleset seats the
game, the referee scores every hand, Bid Euchre's scores go below zero, and its game ends only
on a made bid or a set."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from api_tables import Table, is_problem

import referee

pytestmark = pytest.mark.django_db

SIX = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
FOUR = SIX[:4]


@pytest.fixture
def six_handed(new_table: Callable[..., Table]) -> Table:
    return new_table("six-handed", SIX, dealer=5)


@pytest.fixture
def bid_euchre(new_table: Callable[..., Table]) -> Table:
    return new_table("bid-euchre", FOUR)


def bid(table: Table, maker: int, said: int | str, tricks: int, **more: Any) -> dict[str, Any]:
    """A Bid Euchre quick entry: who won the bid, what they bid, the tricks they took."""
    return table.hand({"maker": maker, "bid": said, "maker_tricks": tricks, **more})


def score(table: Table) -> tuple[list[int], str, int | None]:
    game = table.read()
    return game["score"], game["status"], game["winner"]


# -- six-handed ------------------------------------------------------------------------------


def test_a_six_handed_game_seats_two_teams_of_three_in_alternate_seats(six_handed: Table):
    game = six_handed.read()
    assert game["players"] == SIX and game["dealer"] == 5
    assert [team["seats"] for team in game["teams"]] == [[0, 2, 4], [1, 3, 5]]
    assert [team["name"] for team in game["teams"]] == ["Ann & Cat & Eve", "Ben & Dan & Fay"]
    assert game["ruleset"]["hand_size"] == 5 and game["ruleset"]["seats"][5] == "NW"


def test_a_six_handed_game_takes_team_names_of_its_own(new_table, api):
    body = {"ruleset": "six-handed", "players": SIX, "dealer": 0, "team_names": ["Odd", "Even"]}
    response = api.post("/api/v1/games/", body, format="json")
    assert response.status_code == 201, response.content
    assert [team["name"] for team in response.json()["teams"]] == ["Odd", "Even"]


def test_a_six_handed_game_with_four_names_is_refused_by_its_field(api):
    body = {"ruleset": "six-handed", "players": FOUR, "dealer": 0}
    assert is_problem(api.post("/api/v1/games/", body, format="json"), 400, "players")


@pytest.mark.parametrize(
    ("maker", "tricks", "more", "points"),
    [
        (5, 3, {}, {"1": 1}),
        (4, 5, {}, {"0": 2}),
        (3, 5, {"alone": True}, {"1": 5}),  # the lone march of six-handed Euchre
        (2, 2, {}, {"1": 2}),
    ],
)
def test_a_six_handed_quick_entry_is_scored_by_the_referee(
    six_handed: Table, maker: int, tricks: int, more: dict[str, Any], points: dict[str, int]
):
    hand = six_handed.quick(maker, tricks, **more)
    assert hand["award"]["points"] == points and hand["bid"] is None


def test_the_deal_passes_round_all_six_seats(six_handed: Table):
    dealers = [six_handed.quick(0, 3)["dealer"] for _ in range(3)]
    assert dealers == [5, 0, 1] and six_handed.read()["dealer"] == 2


def test_a_six_handed_game_ends_at_ten(six_handed: Table):
    for _ in range(2):
        six_handed.quick(1, 5, alone=True)
    assert score(six_handed) == ([0, 10], "finished", 1)


def test_a_six_handed_record_is_judged_and_kept(six_handed: Table):
    state = referee.random_hand(referee.PRESETS["six-handed"], random.Random(29), dealer=5)
    record = {k: v for k, v in state.to_json().items() if k != "ruleset"}
    hand = six_handed.hand({"record": record})
    assert hand["award"] == state.award.to_json()  # type: ignore[union-attr]
    assert len(hand["record"]["tricks"][0]) in (4, 6)


def test_a_seventh_seat_is_refused_by_the_referee_naming_the_field(six_handed: Table):
    response = six_handed.post_hand({"maker": 6, "trump": "H", "maker_tricks": 3})
    assert is_problem(response, 400, "maker")


# -- Bid Euchre ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("maker", "said", "tricks", "reason", "points"),
    [
        (0, 4, 5, "bid-made", {"0": 5, "1": 1}),
        (1, 3, 3, "bid-made", {"0": 3, "1": 3}),
        (2, 5, 3, "bid-set", {"0": -5, "1": 3}),
        (3, "moon", 6, "moon-made", {"1": 12}),
        (0, "moon", 5, "moon-set", {"0": -12, "1": 1}),
    ],
)
def test_a_bid_euchre_quick_entry_is_scored_from_the_bid_and_the_tricks(
    bid_euchre: Table, maker: int, said: int | str, tricks: int, reason: str, points: dict
):
    hand = bid(bid_euchre, maker, said, tricks)
    assert (hand["award"]["reason"], hand["award"]["points"]) == (reason, points)
    assert hand["bid"] == said and hand["trump"] is None


def test_a_moon_is_played_alone(bid_euchre: Table):
    assert bid(bid_euchre, 1, "moon", 6)["alone"] is True


def test_a_set_takes_the_makers_below_zero(bid_euchre: Table):
    bid(bid_euchre, 0, 5, 2)
    assert score(bid_euchre) == ([-5, 4], "in-progress", None)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"maker": 0, "maker_tricks": 4}, "bid"),  # no bid
        ({"maker": 0, "bid": 7, "maker_tricks": 4}, "bid"),  # more than the tricks of a hand
        ({"maker": 0, "bid": 2, "maker_tricks": 4}, "bid"),  # below the lowest bid
        ({"maker": 0, "bid": "loner", "maker_tricks": 6}, "bid"),  # not among its lone bids
        ({"maker": 0, "bid": 4, "maker_tricks": 7}, "maker_tricks"),
    ],
)
def test_a_bid_euchre_entry_the_rules_do_not_have_is_refused_by_its_field(
    bid_euchre: Table, body: dict[str, Any], field: str
):
    assert is_problem(bid_euchre.post_hand(body), 400, field)


PASSES = [{"seat": seat, "action": "pass"} for seat in (2, 3, 0)]


@pytest.mark.parametrize(
    ("record", "code", "said"),
    [
        pytest.param(
            {"bids": [{"seat": 2, "action": "bid", "tricks": 4, "suit": "H"}]},
            "out-of-turn",
            "2번 자리가 비드했지만 1번 자리의 차례였습니다.",
            id="a bid out of turn",
        ),
        pytest.param(
            {
                "bids": [{"seat": 1, "action": "bid", "tricks": 4, "suit": "H"}, *PASSES],
                "contract": {"maker": 1, "bid": 5, "trump": "H"},
            },
            "contract-mismatch",
            "적힌 계약(1번 자리의 하트 5트릭)이 비드 내용(1번 자리의 하트 4트릭)과 다릅니다.",
            id="a contract against the bids",
        ),
    ],
)
def test_a_bid_euchre_record_the_bids_rule_out_is_refused_in_korean(
    bid_euchre: Table, record: dict[str, Any], code: str, said: str
):
    response = bid_euchre.post_hand({"record": {"dealer": 0, **record}}, HTTP_ACCEPT_LANGUAGE="ko")
    assert is_problem(response, 422, "record")
    assert [(v["code"], v["message"]) for v in response.json()["violations"]] == [(code, said)]
    assert response.json()["detail"].endswith(said)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "No hand is thrown in here: with stick the dealer the dealer must bid."),
        ("ko", "여기서는 무효 판이 없습니다. 스틱 더 딜러 규칙에서는 딜러가 비드해야 합니다."),
    ],
)
def test_a_bid_euchre_hand_thrown_in_is_refused_as_the_stuck_dealer_must_bid(
    bid_euchre: Table, language: str, said: str
):
    """variants.md B.2: a stuck dealer in the auction must bid, not call a suit."""
    response = bid_euchre.post_hand({"thrown_in": True}, HTTP_ACCEPT_LANGUAGE=language)
    assert is_problem(response, 422, "thrown_in", "no-throw-in")
    assert response.json()["detail"] == said


def test_a_turn_up_game_takes_no_bid_and_no_trump_is_needed(table: Table):
    assert is_problem(
        table.post_hand({"maker": 0, "trump": "H", "bid": 3, "maker_tricks": 3}), 400, "bid"
    )
    # Told by its outcome, too: a moon would be kept as the hand's bid and scored as the
    # partnership's march.
    for bid in ("moon", 3):
        assert is_problem(table.post_hand({"maker": 2, "bid": bid, "outcome": "march"}), 400, "bid")
    assert table.post_hand({"maker": 0, "maker_tricks": 3}).json()["trump"] is None


def test_a_bid_euchre_hand_is_entered_by_its_bid_and_tricks_never_by_its_outcome(
    bid_euchre: Table,
):
    assert is_problem(bid_euchre.post_hand({"maker": 0, "outcome": "made"}), 400, "outcome")
    untold = bid_euchre.post_hand({"maker": 1, "bid": 4})  # asked for the tricks, not an outcome
    assert is_problem(untold, 400, "maker_tricks", "outcome-required")
    assert untold.json()["detail"] == "Say how many tricks the makers took: maker_tricks."
    made = bid_euchre.post_hand({"maker": 0, "bid": 3, "maker_tricks": 4}).json()
    assert (made["bid"], made["outcome"], made["award"]["reason"]) == (3, None, "bid-made")


def test_reaching_31_on_the_other_sides_made_bid_does_not_win(bid_euchre: Table):
    for _ in range(5):
        bid(bid_euchre, 0, 3, 3)  # each side scores its three tricks
    bid(bid_euchre, 0, 3, 3)
    assert score(bid_euchre) == ([18, 18], "in-progress", None)
    for _ in range(2):
        bid(bid_euchre, 1, "moon", 6)  # 18 + 24 = 42
    assert score(bid_euchre) == ([18, 42], "finished", 1)


def test_the_defenders_reaching_31_on_a_made_bid_play_on(bid_euchre: Table):
    for _ in range(6):
        bid(bid_euchre, 0, 3, 3)
    bid(bid_euchre, 1, "moon", 6)
    bid(bid_euchre, 0, 3, 3)  # team 1 reaches 33 as the defenders of a made bid
    assert score(bid_euchre) == ([21, 33], "in-progress", None)
    bid(bid_euchre, 0, 6, 4)  # a set wins it for the defenders
    assert score(bid_euchre) == ([15, 35], "finished", 1)


def test_undoing_the_winning_set_reopens_the_game_and_an_amend_rules_again(bid_euchre: Table):
    for _ in range(6):
        bid(bid_euchre, 0, 3, 3)
    bid(bid_euchre, 1, "moon", 6)
    last = bid(bid_euchre, 0, 6, 4)
    assert score(bid_euchre)[1:] == ("finished", 1)
    number = last["number"]
    response = bid_euchre.client.delete(f"{bid_euchre.url}hands/{number}/", **bid_euchre.auth)
    assert response.status_code in (200, 204), response.content
    assert score(bid_euchre) == ([18, 30], "in-progress", None)
    again = bid(bid_euchre, 0, 6, 4)
    response = bid_euchre.client.patch(
        f"{bid_euchre.url}hands/{again['number']}/",
        {"maker": 0, "bid": 4, "maker_tricks": 4, "reason": "they bid four"},
        format="json",
        **bid_euchre.auth,
    )
    assert response.status_code == 200, response.content
    assert response.json()["bid"] == 4
    assert score(bid_euchre) == ([22, 32], "in-progress", None)


def test_a_bid_euchre_record_is_judged_and_kept_with_its_bid(bid_euchre: Table):
    state = referee.random_hand(referee.PRESETS["bid-euchre"], random.Random(31), dealer=0)
    record = {k: v for k, v in state.to_json().items() if k != "ruleset"}
    hand = bid_euchre.hand({"record": record})
    contract = state.contract
    assert contract is not None and hand["award"] == state.award.to_json()  # type: ignore[union-attr]
    assert hand["bid"] == (contract.lone_bid or contract.bid)
    assert len(hand["record"]["tricks"]) == 6


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"no_trump": True}, "no_trump"),
        ({"maker_trick": 3}, "maker_trick"),
        ({"reason": "a hand, not an amendment"}, "reason"),
    ],
)
def test_a_quick_entry_with_a_field_it_does_not_have_is_refused_naming_it(
    bid_euchre: Table, extra: dict[str, Any], field: str
):
    """As an event refuses a misspelt setting: a field dropped unread is a hand kept wrong."""
    response = bid_euchre.post_hand({"maker": 0, "bid": 4, "maker_tricks": 4, **extra})
    assert is_problem(response, 400, field, "not-a-field")
    assert bid_euchre.read()["hands"] == []


def test_an_amendment_with_a_field_it_does_not_have_is_refused_naming_it(bid_euchre: Table):
    bid(bid_euchre, 0, 4, 4)
    amend = {"maker": 0, "bid": 4, "maker_tricks": 5, "reason": "five", "no_trump": "high"}
    response = bid_euchre.client.patch(
        bid_euchre.url + "hands/1/", amend, format="json", **bid_euchre.auth
    )
    assert is_problem(response, 400, "no_trump", "not-a-field")
    assert bid_euchre.read()["hands"][0]["maker_tricks"] == 4


@pytest.mark.parametrize(
    "body",
    [
        {"thrown_in": True, "note": "misdeal"},
        {"maker": 0, "renege": 1, "why": "led a club"},
    ],
)
def test_every_shape_of_hand_refuses_a_field_it_does_not_have(table: Table, body: dict):
    (extra,) = set(body) - {"thrown_in", "maker", "renege"}
    assert is_problem(table.post_hand(body), 400, extra, "not-a-field")


@pytest.mark.parametrize(
    "body",
    [
        {"maker": 1, "bid": "moon", "maker_tricks": 6, "alone": False},
        {"maker": 1, "bid": "moon", "renege": 0, "alone": False},
    ],
)
def test_a_moon_said_not_alone_is_refused_naming_alone(bid_euchre: Table, body: dict):
    """A moon is played alone: an entry saying otherwise says two things, and is refused as
    `{"outcome": "made", "maker_tricks": 5}` is, naming the field that restates the other."""
    assert is_problem(bid_euchre.post_hand(body), 400, "alone")
    assert bid_euchre.read()["hands"] == []
    # Said in the table's words: 슛 더 문, not the API's "moon".
    korean = bid_euchre.post_hand(body, HTTP_ACCEPT_LANGUAGE="ko").json()["detail"]
    assert "슛 더 문에서는 파트너가 빠집니다" in korean and "moon" not in korean


def test_a_moon_said_alone_or_not_said_is_played_alone(bid_euchre: Table):
    said = bid(bid_euchre, 1, "moon", 6, alone=True)
    untold = bid(bid_euchre, 3, "moon", 6)
    assert said["alone"] is untold["alone"] is True
    assert said["award"]["reason"] == untold["award"]["reason"] == "moon-made"


def test_a_bid_of_tricks_said_alone_is_refused_naming_alone(bid_euchre: Table):
    assert is_problem(
        bid_euchre.post_hand({"maker": 1, "bid": 4, "maker_tricks": 6, "alone": True}), 400, "alone"
    )


def test_an_amended_moon_said_not_alone_is_refused_and_said_alone_is_taken(bid_euchre: Table):
    bid(bid_euchre, 1, "moon", 6)

    def amend(alone: bool) -> Any:
        body = {"maker": 1, "bid": "moon", "maker_tricks": 5, "alone": alone, "reason": "five"}
        return bid_euchre.client.patch(
            bid_euchre.url + "hands/1/", body, format="json", **bid_euchre.auth
        )

    assert is_problem(amend(False), 400, "alone")
    # (As the table app amends a moon: the hand as it was kept, alone.)
    assert amend(True).json()["award"]["reason"] == "moon-set"


def test_a_moon_queued_by_an_older_app_is_read_as_its_bid_says(bid_euchre: Table):
    """Format 1 of a queued entry sent `alone: false` beside every bid: it is read as before."""
    body = {"maker": 1, "bid": "moon", "maker_tricks": 6, "alone": False, "defender_alone": None}
    response = bid_euchre.post_hand(body, HTTP_ENTRY_FORMAT="1")
    assert response.status_code == 201, response.content
    assert response.json()["alone"] is True
    assert is_problem(bid_euchre.post_hand(body, HTTP_ENTRY_FORMAT="2"), 400, "alone")


def test_every_lone_bid_has_its_words_when_told_not_alone():
    """A lone bid the referee adds gets its own words here, not a server error."""
    from referee.record import LONE_BIDS
    from scorekeeper.api.serializers import LONE_BID_PLAYED_ALONE

    assert set(LONE_BID_PLAYED_ALONE) == set(LONE_BIDS)
