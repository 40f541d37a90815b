"""Euchre Game Notation: the corpus games replay to the published scores, EGN reads and
writes back faithfully, and bad EGN gets one clear line naming the field."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from referee import egn

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
EGN_CORPUS = SHARED / "corpus" / "egn"


def corpus_files(pattern: str) -> list[str]:
    if not EGN_CORPUS.is_dir():
        raise FileNotFoundError(f"the EGN corpus is missing: expected {EGN_CORPUS}")
    return sorted(p.relative_to(EGN_CORPUS).as_posix() for p in EGN_CORPUS.glob(pattern))


GAME_FILES = corpus_files("**/*.egn")
MATCH_FILES = corpus_files("**/*.emn")


def load(name: str) -> Any:
    return json.loads((EGN_CORPUS / name).read_text(encoding="utf-8"))


EXPECTED: dict[str, Any] = load("expected.json")


def test_the_corpus_is_all_here() -> None:
    assert sorted(EXPECTED) == GAME_FILES, "every EGN game has expected results, and vice versa"
    assert len(GAME_FILES) >= 13
    assert MATCH_FILES, "the match file (.emn) is part of the corpus"
    others = (
        {p.relative_to(EGN_CORPUS).as_posix() for p in EGN_CORPUS.rglob("*") if p.is_file()}
        - set(GAME_FILES)
        - set(MATCH_FILES)
    )
    assert others == {"expected.json"}


# ---------------------------------------------------------------------------------------------
# The corpus: every game replays clean, to the published figures


def assert_replays_as_expected(result: egn.GameReplay, expected: dict[str, Any]) -> None:
    assert result.game.initial_score == tuple(expected["initial_score"])
    assert len(result.deals) == len(expected["deals"])
    for deal, want in zip(result.deals, expected["deals"], strict=True):
        verdict = deal.verdict
        where = f"deal {want['deal']}"
        assert deal.deal.number == want["deal"]
        assert verdict.violations == [], where
        assert verdict.complete, where
        assert verdict.award is not None, where
        assert verdict.award.to_json()["points"] == want["points"], where
        assert verdict.maker_tricks == want["maker_tricks"], where
        assert list(deal.score) == want["score"], where
    assert list(result.final_score) == expected["final_score"]
    assert result.winner == expected["winner"]


@pytest.mark.parametrize("name", GAME_FILES)
def test_corpus_game_replays_with_the_published_scores(name: str) -> None:
    result = egn.replay(egn.read_game(load(name)))
    assert result.ok
    assert_replays_as_expected(result, EXPECTED[name])


@pytest.mark.parametrize("name", MATCH_FILES)
def test_each_game_of_the_match_file_replays_like_its_own_file(name: str) -> None:
    """The match file's copies carry no initialLead: the lead rules must find the leaders."""
    by_title = {load(f)["metadata"]["title"]: f for f in GAME_FILES}
    games = egn.read_match(load(name))
    assert len(games) == len(load(name)["games"]) == 6
    for game in games:
        assert_replays_as_expected(egn.replay(game), EXPECTED[by_title[game.title]])


# ---------------------------------------------------------------------------------------------
# Round trip: EGN -> hand records -> EGN


def normal_card(text: str) -> str:
    return egn.read_card(text, "card").code


def meaningful(deal: dict[str, Any]) -> dict[str, Any]:
    """What an EGN deal says about the game, in one spelling (no annotations, no kitty)."""
    state = deal["initialState"]
    phases = {phase["type"]: phase for phase in deal["phases"]}
    bidding, play = phases[egn.BIDDING], phases.get(egn.TRICK_PLAY, {})
    hands = state.get("playerCards", state.get("player_cards")) or [[]] * 4
    known = [[normal_card(c) for c in hand if c] for hand in hands]
    return {
        "dealNumber": deal["dealNumber"],
        "dealer": state["dealer"],
        "upCard": normal_card(state["upCard"]),
        "playerCards": known if any(known) else None,
        "calls": [c if c in ("Pass", "Order") else c.lower() for c in bidding["calls"]],
        "isAlone": bidding.get("isAlone", False),
        "aloneDefender": bidding.get("aloneDefender", -1),
        "discard": normal_card(bidding["discard"]) if "discard" in bidding else None,
        "tricks": [[normal_card(c) for c in trick] for trick in play.get("tricks", [])],
    }


@pytest.mark.parametrize("name", GAME_FILES)
def test_each_deal_writes_back_to_the_same_egn(name: str) -> None:
    original = load(name)
    game = egn.read_game(original)
    for deal, source in zip(game.deals, original["deals"], strict=True):
        verdict = referee.check(deal.record)
        written = egn.hand_to_egn(deal.record, verdict, deal_number=deal.number)
        assert meaningful(written) == meaningful(source), deal.path
        play = next(p for p in written["phases"] if p["type"] == egn.TRICK_PLAY)
        source_play = next(p for p in source["phases"] if p["type"] == egn.TRICK_PLAY)
        assert play["initialLead"] == source_play.get("initialLead", verdict.tricks[0].leader)
        assert play["initialLead"] == deal.record["tricks"][0][0]["seat"]


@pytest.mark.parametrize("name", GAME_FILES)
def test_a_written_game_reads_back_to_the_same_replay(name: str) -> None:
    original = load(name)
    game = egn.read_game(original)
    hands = [(deal.record, referee.check(deal.record)) for deal in game.deals]
    written = egn.game_to_egn(
        hands,
        players=game.players,
        initial_score=game.initial_score,
        title=game.title,
        date=original["metadata"]["date"],
    )
    assert written["metadata"]["ruleset"] == original["metadata"]["ruleset"]
    assert written["metadata"]["initialScore"] == original["metadata"]["initialScore"]
    again = egn.read_game(json.loads(json.dumps(written)))
    assert [d.record for d in again.deals] == [d.record for d in game.deals]
    assert egn.replay(again).to_json() == egn.replay(game).to_json()


# ---------------------------------------------------------------------------------------------
# Reading EGN: hand-made games


def game(*deals: dict[str, Any], ruleset: dict[str, Any] | None = None, **metadata: Any) -> Any:
    return {
        "fileType": "Euchre Game Notation",
        "version": "1.4",
        "metadata": {
            "title": "hand-made",
            "players": ["North", "East", "South", "West"],
            "initialScore": [0, 0],
            "ruleset": {"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER"}
            | (ruleset or {}),
        }
        | metadata,
        "deals": list(deals),
    }


def deal(
    dealer: int,
    upcard: str,
    calls: list[str],
    tricks: list[list[str]] | None = None,
    *,
    hands: list[list[str]] | None = None,
    initial_lead: int | None = None,
    **bidding: Any,
) -> dict[str, Any]:
    state: dict[str, Any] = {"dealer": dealer, "upCard": upcard}
    if hands is not None:
        state["playerCards"] = hands
    phases: list[dict[str, Any]] = [
        {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": False} | bidding
    ]
    if tricks is not None:
        play: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
        if initial_lead is not None:
            play["initialLead"] = initial_lead
        phases.append(play)
    return {"dealNumber": 0, "initialState": state, "phases": phases}


def only_record(data: Any) -> dict[str, Any]:
    (read,) = egn.read_game(data).deals
    return read.record


def seats(record: dict[str, Any]) -> list[list[int]]:
    return [[play["seat"] for play in trick] for trick in record["tricks"]]


# A lone maker (seat 1) against a lone defender (seat 2): seats 3 and 0 sit out, and the
# defender takes four tricks. Each trick is led by the last one's winner.
DEFEND_ALONE = deal(
    0,
    "9h",
    ["Order"],
    [["Jh", "Kh"], ["9s", "As"], ["Ac", "9c"], ["Jd", "Ts"], ["Ah", "Tc"]],
    hands=[[], ["Jh", "9s", "Ts", "9c", "Tc"], ["Jd", "Ah", "Kh", "As", "Ac"], []],
    isAlone=True,
    aloneDefender=2,
)


def test_a_lone_defender_sits_their_partner_out_and_leads_after_winning() -> None:
    record = only_record(game(DEFEND_ALONE, ruleset={"defend_alone": True}))
    assert record["bids"] == [
        {"seat": 1, "action": "order-up", "alone": True},
        {"seat": 2, "action": "defend-alone"},
    ]
    assert seats(record) == [[1, 2], [1, 2], [2, 1], [2, 1], [2, 1]]
    verdict = referee.check(record)
    assert verdict.violations == []
    assert verdict.contract == referee.Contract(referee.Suit.HEARTS, 1, True, 2)
    assert verdict.maker_tricks == 1
    assert verdict.award == referee.Award("defend-alone-euchre", {0: 4})


def test_the_lone_defender_writes_back_as_alone_defender() -> None:
    record = only_record(game(DEFEND_ALONE, ruleset={"defend_alone": True}))
    written = egn.hand_to_egn(record, referee.check(record), deal_number=0)
    assert meaningful(written) == meaningful(DEFEND_ALONE)
    assert written["phases"][0]["aloneDefender"] == 2


@pytest.mark.parametrize(
    ("calls", "loner_lead", "first_seat"),
    [
        pytest.param(["Pass", "Order"], "LEFT_OF_DEALER", 1, id="partner-alone-left-of-dealer"),
        pytest.param(["Pass", "Order"], "LEFT_OF_LONER", 3, id="partner-alone-left-of-loner"),
        pytest.param(["Pass", "Pass", "Order"], "LEFT_OF_DEALER", 2, id="left-of-dealer-sits-out"),
        pytest.param(["Order"], "LEFT_OF_LONER", 2, id="left-of-loner-is-left-of-dealer"),
    ],
)
def test_the_first_leader_follows_the_loner_lead_rule(
    calls: list[str], loner_lead: str, first_seat: int
) -> None:
    data = game(deal(0, "9h", calls, [["As"]], isAlone=True), ruleset={"loner_lead": loner_lead})
    record = only_record(data)
    assert seats(record) == [[first_seat]]
    assert referee.check(record).violations == []


def test_without_a_loner_the_seat_left_of_the_dealer_leads_and_all_four_play() -> None:
    record = only_record(game(deal(2, "9h", ["Order"], [["As", "Ks", "Qs", "Js"]])))
    assert seats(record) == [[3, 0, 1, 2]]


def test_initial_lead_names_the_first_leader() -> None:
    record = only_record(game(deal(0, "9h", ["Order"], [["As", "Ks"]], initial_lead=3)))
    assert seats(record) == [[3, 0]]
    first = referee.check(record).violations[0]
    assert (first.code, first.seat, first.trick) == ("wrong-lead", 3, 1)


@pytest.mark.parametrize(
    ("call", "action", "alone"),
    [
        ("Order", "order-up", False),
        ("PickUp", "order-up", False),
        ("Call", "order-up", False),
        ("Alone", "order-up", True),
        ("order", "order-up", False),
    ],
)
def test_round_one_calls(call: str, action: str, alone: bool) -> None:
    record = only_record(game(deal(3, "Qd", ["Pass", call])))
    expected: dict[str, Any] = {"seat": 1, "action": action} | ({"alone": True} if alone else {})
    assert record["bids"] == [{"seat": 0, "action": "pass"}, expected]
    contract = referee.check(record).contract
    assert contract is not None
    assert (contract.trump, contract.maker, contract.alone) == (referee.Suit.DIAMONDS, 1, alone)


def test_round_two_starts_after_four_passes_at_the_dealers_left() -> None:
    record = only_record(game(deal(1, "Qd", ["Pass"] * 5 + ["S"])))
    assert record["bids"][-2:] == [
        {"seat": 2, "action": "pass"},
        {"seat": 3, "action": "call", "suit": "S"},
    ]
    contract = referee.check(record).contract
    assert contract == referee.Contract(referee.Suit.SPADES, 3, False, None)


def test_a_suit_called_in_round_one_is_left_to_the_referee() -> None:
    record = only_record(game(deal(0, "Qd", ["h"])))
    assert record["bids"] == [{"seat": 1, "action": "call", "suit": "H"}]
    assert [v.code for v in referee.check(record).violations] == ["bid-not-allowed"]


def test_card_spellings_all_read_as_the_same_cards() -> None:
    plain = deal(0, "9h", ["Order"], [["As", "Ks", "Qs", "9d"]], hands=[[], ["Ac"], [], []])
    spelled = deal(0, "9H", ["Order"], [["AS", "ks", "Q♠", "Nd"]], hands=[[], ["AC"], [], []])
    tens = deal(
        0,
        "10h",
        ["Order"],
        [["As", "Ks", "Qs", "9d"]],
        hands=[[], ["Ac", "", "Xx", "Jx", "Xd"], [], []],
    )
    assert only_record(game(spelled)) == only_record(game(plain))
    assert only_record(game(tens))["upcard"] == "TH"
    assert only_record(game(tens))["hands"] == {"1": ["AC"]}


def test_the_bowers_may_be_written_r_and_l_once_trump_is_made() -> None:
    record = only_record(game(deal(0, "9h", ["Order"], [["R", "L", "Ah", "Kh"]])))
    assert [play["card"] for play in record["tricks"][0]] == ["JH", "JD", "AH", "KH"]


def test_with_the_joker_turned_the_dealer_names_trump_and_the_joker_wins() -> None:
    joker_up = deal(2, "B", ["h"], [["Jh", "Ah", "Kh", "B"]], discard="9c")
    record = only_record(game(joker_up, ruleset={"joker": True}))
    assert record["bids"] == [{"seat": 2, "action": "call", "suit": "H"}]
    verdict = referee.check(record)
    assert verdict.violations == []
    assert [trick.winner for trick in verdict.tricks] == [2]
    assert meaningful(egn.hand_to_egn(record, verdict, deal_number=0)) == meaningful(joker_up)


def test_a_seven_to_ace_deck_plays_its_sevens_and_eights() -> None:
    low = deal(2, "7h", ["Order"], [["8h", "Nh", "Ah", "Kh"]])
    record = only_record(game(low, ruleset={"min_rank": 7}))
    assert [play["card"] for play in record["tricks"][0]] == ["8H", "9H", "AH", "KH"]
    assert referee.check(record).violations == []
    in_a_short_deck = referee.check(only_record(game(low))).violations
    assert {v.code for v in in_a_short_deck} == {"card-not-in-deck"}


def test_the_dealers_discard_is_reported() -> None:
    record = only_record(game(deal(0, "9h", ["Pass", "Pass", "Pass", "Order"], discard="tc")))
    assert record["discard"] == "TC"
    assert record["bids"][-1] == {"seat": 0, "action": "order-up"}


@pytest.mark.parametrize(
    ("rules", "option", "value"),
    [
        ({"std": True}, "stuck_dealer", "must-call"),
        ({"std": False}, "stuck_dealer", "redeal"),
        ({"canadian": True}, "partner_must_go_alone", True),
        ({"canadian": False}, "partner_must_go_alone", False),
        ({"loner_lead": "LEFT_OF_LONER"}, "loner_lead", "left-of-loner"),
        ({"min_rank": 7}, "deck", 32),
        ({"min_rank": 9}, "deck", 24),
        ({"joker": True}, "deck", 25),
        ({"defend_alone": True}, "defend_alone", True),
        ({"winning_score": 11}, "target", 11),
        ({"loner_march_score": 5}, "points.lone_march", 5),
        ({"loner_euchred_score": 4}, "points.lone_euchre", 4),
        ({"farmers": False, "num_players": 4, "num_deals": 0}, "preset", "standard"),
    ],
)
def test_egn_rules_map_onto_the_referees_options(
    rules: dict[str, Any], option: str, value: object
) -> None:
    ruleset = egn.read_game({"metadata": {"ruleset": rules}, "deals": []}).ruleset
    found: object = ruleset
    for part in option.split("."):
        found = getattr(found, part)
    assert found == value
    assert ruleset.preset == "standard"


def test_the_canadian_rule_makes_the_dealers_partner_go_alone() -> None:
    record = only_record(game(deal(0, "9h", ["Pass", "Order"]), ruleset={"canadian": True}))
    assert [v.code for v in referee.check(record).violations] == ["partner-must-go-alone"]


def test_without_stick_the_dealer_eight_passes_throw_the_hand_in() -> None:
    data = game(deal(0, "9h", ["Pass"] * 8), ruleset={"std": False}, initialScore=[3, 4])
    result = egn.replay(egn.read_game(data))
    (only,) = result.deals
    assert only.verdict.violations == []
    assert only.verdict.award == referee.THROWN_IN
    assert result.final_score == (3, 4)
    assert result.winner is None


def test_with_stick_the_dealer_the_dealer_may_not_pass_the_second_round() -> None:
    result = egn.replay(egn.read_game(game(deal(0, "9h", ["Pass"] * 8))))
    assert [v.code for v in result.deals[0].verdict.violations] == ["dealer-must-call"]
    assert not result.ok


def test_a_partial_game_starts_from_its_initial_score_and_may_stop_mid_hand() -> None:
    unfinished = deal(1, "Qd", ["Order"], [["Jd", "Ts", "Jh", "9d"], ["Ad"]])
    result = egn.replay(egn.read_game(game(unfinished, initialScore=[8, 9])))
    (only,) = result.deals
    assert only.verdict.violations == []
    assert not only.verdict.complete
    assert only.verdict.award is None
    assert only.verdict.maker_tricks == 1
    assert result.final_score == (8, 9)
    assert result.winner is None


def test_the_winner_is_the_first_team_to_reach_the_games_target() -> None:
    data = load("Custom-Scenario.egn")
    data["metadata"]["initialScore"] = [0, 4]
    data["metadata"]["ruleset"]["winning_score"] = 5
    result = egn.replay(egn.read_game(data))
    assert (result.final_score, result.winner) == ((0, 5), 1)
    data["metadata"]["ruleset"]["winning_score"] = 6
    assert egn.replay(egn.read_game(data)).winner is None


def test_a_game_played_on_past_its_target_keeps_the_team_that_got_there_first() -> None:
    data = load("Me-and-Bears.egn")
    data["deals"] = [data["deals"][0], data["deals"][10]]  # team 0 +2, then team 1 +4
    data["metadata"]["initialScore"] = [8, 7]
    result = egn.replay(egn.read_game(data))
    assert [deal.score for deal in result.deals] == [(10, 7), (10, 11)]
    assert result.winner == 0


# Seat 2 shows out of spades in the first trick, then trumps with a spade: a proven renege.
RENEGE = deal(
    0,
    "9h",
    ["Pass", "Pass", "Pass", "Pass", "s"],
    [["As", "9c", "Ks", "Qs"], ["Ad", "Ts", "Kd", "Qd"]],
)


def test_a_renege_is_found_and_scored_for_the_other_side() -> None:
    result = egn.replay(egn.read_game(game(RENEGE)))
    verdict = result.deals[0].verdict
    assert [(v.code, v.seat, v.trick) for v in verdict.violations] == [("renege", 2, 1)]
    assert verdict.award == referee.Award("renege", {1: 2})
    assert result.final_score == (0, 2)


def test_the_replay_json_has_exactly_the_specified_shape() -> None:
    result = egn.replay(egn.read_game(game(RENEGE)))
    data = result.to_json()
    assert set(data) == {"deals", "final_score", "winner"}
    assert data["deals"] == [
        {"verdict": result.deals[0].verdict.to_json(), "score": [0, 2]},
    ]
    assert (data["final_score"], data["winner"]) == ([0, 2], None)


# ---------------------------------------------------------------------------------------------
# Malformed EGN


def six_points() -> Any:
    return copy.deepcopy(load("Six-Points-in-Two-Hands.egn"))


def without(data: dict[str, Any], key: str) -> None:
    del data[key]


BREAKAGES: list[Any] = [
    pytest.param(lambda d: without(d, "deals"), "deals", id="missing-deals"),
    pytest.param(
        lambda d: without(d["deals"][1]["initialState"], "dealer"),
        "deals[1].initialState.dealer",
        id="missing-dealer",
    ),
    pytest.param(
        lambda d: d["deals"][0]["initialState"].update(dealer=4),
        "deals[0].initialState.dealer",
        id="dealer-off-the-table",
    ),
    pytest.param(
        lambda d: d["deals"][0]["initialState"].update(upCard="Zz"),
        "deals[0].initialState.upCard",
        id="bad-upcard",
    ),
    pytest.param(
        lambda d: d["deals"][1]["phases"][1]["tricks"][2].__setitem__(1, "Qx"),
        "deals[1].phases[1].tricks[2][1]",
        id="unknown-card-in-a-trick",
    ),
    pytest.param(
        lambda d: d["deals"][1]["phases"][1]["tricks"][2].__setitem__(1, "1h"),
        "deals[1].phases[1].tricks[2][1]",
        id="bad-card-in-a-trick",
    ),
    pytest.param(
        lambda d: d["deals"][1]["phases"][1]["tricks"][3].__setitem__(0, 7),
        "deals[1].phases[1].tricks[3][0]",
        id="a-number-for-a-card",
    ),
    pytest.param(
        lambda d: d["deals"][0]["phases"][0]["calls"].__setitem__(2, "Bid"),
        "deals[0].phases[0].calls[2]",
        id="bad-call",
    ),
    pytest.param(
        lambda d: d["deals"][0]["phases"][0].update(isAlone="yes"),
        "deals[0].phases[0].isAlone",
        id="isalone-not-a-flag",
    ),
    pytest.param(
        lambda d: d["deals"][0]["phases"][0].update(aloneDefender=5),
        "deals[0].phases[0].aloneDefender",
        id="alone-defender-off-the-table",
    ),
    pytest.param(
        lambda d: d["deals"][0]["phases"][1].update(initialLead="left"),
        "deals[0].phases[1].initialLead",
        id="initial-lead-not-a-seat",
    ),
    pytest.param(
        lambda d: d["deals"][0]["phases"][1].update(type="BIDDING_AGAIN"),
        "deals[0].phases[1].type",
        id="unknown-phase",
    ),
    pytest.param(
        lambda d: d["deals"][1]["phases"][0].update(calls=["Pass"]),
        "deals[1].phases[1].tricks",
        id="tricks-without-trump",
    ),
    pytest.param(lambda d: d["deals"].__setitem__(0, "CgQIABAB"), "deals[0]", id="packed-deal"),
    pytest.param(
        lambda d: d["metadata"].update(initialScore=[4]),
        "metadata.initialScore",
        id="score-for-one-team",
    ),
    pytest.param(
        lambda d: d["metadata"]["ruleset"].update(loner_lead="LEFT_OF_PARTNER"),
        "metadata.ruleset.loner_lead",
        id="bad-loner-lead",
    ),
    pytest.param(
        lambda d: d["metadata"]["ruleset"].update(std="yes"),
        "metadata.ruleset.std",
        id="std-not-a-flag",
    ),
    pytest.param(
        lambda d: d["metadata"]["ruleset"].update(farmers=True),
        "metadata.ruleset.farmers",
        id="unsupported-rule",
    ),
    pytest.param(
        lambda d: d["metadata"]["ruleset"].update(house_rule=1),
        "metadata.ruleset.house_rule",
        id="unknown-rule",
    ),
    pytest.param(
        lambda d: d.update(fileType="Bridge Game Notation"), "fileType", id="not-an-egn-file"
    ),
]


@pytest.mark.parametrize(("breakage", "field"), BREAKAGES)
def test_malformed_egn_names_the_field(breakage: Any, field: str) -> None:
    data = six_points()
    breakage(data)
    with pytest.raises(referee.MalformedRecord) as caught:
        egn.read_game(data)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("breakage", "field"),
    [
        (lambda d: d["metadata"].update(initialScore=[-1, 9]), "metadata.initialScore[0]"),
        (lambda d: d["metadata"]["ruleset"].update(winning_score=-5), "winning_score"),
    ],
    ids=["initial-score", "winning-score"],
)
def test_a_number_below_zero_is_refused_as_one(breakage: Any, field: str) -> None:
    data = six_points()
    breakage(data)
    with pytest.raises(referee.MalformedRecord) as caught:
        egn.read_game(data)
    assert caught.value.field.endswith(field)
    assert caught.value.detail_in("en").startswith("must be a whole number, 0 or more (got -")


def test_an_unknown_rule_with_a_long_name_is_named_cut_short() -> None:
    data = six_points()
    data["metadata"]["ruleset"]["Z" * 5000] = True
    with pytest.raises(referee.MalformedRecord) as caught:
        egn.read_game(data)
    assert caught.value.field == "metadata.ruleset." + "Z" * 40 + "…"


def test_a_short_trick_before_the_last_is_ruled_on_not_rejected() -> None:
    data = six_points()
    data["deals"][1]["phases"][1]["tricks"][0].pop()
    verdict = egn.replay(egn.read_game(data)).deals[1].verdict
    assert ("out-of-turn", 1, 1) in [(v.code, v.seat, v.trick) for v in verdict.violations]


JUNK: list[Any] = [
    None,
    True,
    0,
    -1,
    4,
    2.5,
    "",
    "Pass",
    "Order",
    "h",
    "Jc",
    "R",
    "Xx",
    "10h",
    [],
    {},
    [[]],
]


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and index in a JSON value, as paths."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_to_a_game_is_replayed_or_named_never_a_crash(data: st.DataObject) -> None:
    damaged = copy.deepcopy(load(data.draw(st.sampled_from(GAME_FILES), label="file")))
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from(places(damaged)), label="where")
        parent = damaged
        for step in path[:-1]:
            parent = parent[step]
        if data.draw(st.booleans(), label="delete"):
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(JUNK), label="junk"))
    try:
        result = egn.replay(egn.read_game(damaged))
    except referee.MalformedRecord as error:
        assert error.field and error.detail
        assert "\n" not in str(error)
    else:
        json.dumps(result.to_json())
        assert egn.render(result, lang="ko").endswith("\n")


# ---------------------------------------------------------------------------------------------
# The command line: python -m referee egn FILE [--json] [--lang ko]


def run(path: Path, *, as_json: bool = False, lang: str = "en") -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = egn.run(str(path), as_json=as_json, lang=lang, stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


def write(tmp_path: Path, data: Any, name: str = "game.egn") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_a_clean_game_exits_0_and_reads_each_deal_aloud() -> None:
    code, out, err = run(EGN_CORPUS / "Six-Points-in-Two-Hands.egn")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Deal 1, dealt by seat 0 (Florida)"
    assert "seat 2 (Brownsbacke®07) called hearts, alone" in out
    assert "makers took 5 tricks" in out
    assert "  a lone march: team 0 (Florida & Brownsbacke®07) +4" in lines
    assert "score 8 - 9" in out
    assert lines[-2:] == ["Final score 10 - 9", "Winner: team 0 (Florida & Brownsbacke®07)"]


def test_json_output_is_the_replay() -> None:
    path = EGN_CORPUS / "match" / "MotE-W5-G2.egn"
    code, out, err = run(path, as_json=True)
    assert (code, err) == (0, "")
    assert json.loads(out) == egn.replay(egn.read_game(load("match/MotE-W5-G2.egn"))).to_json()
    assert out.count("\n") == 1


def test_korean_output(tmp_path: Path) -> None:
    code, out, _ = run(write(tmp_path, game(RENEGE)), lang="ko")
    assert code == 1
    record = only_record(game(RENEGE))
    message = referee.check(record, lang="ko").violations[0].message
    assert f"  위반: {message}" in out.splitlines()
    assert "최종 점수 0 - 2" in out
    assert "  1번 자리(East): 스페이드 부름" in out.splitlines()


def test_a_game_with_a_violation_exits_1(tmp_path: Path) -> None:
    code, out, err = run(write(tmp_path, game(RENEGE)))
    assert (code, err) == (1, "")
    violation = referee.check(only_record(game(RENEGE))).violations[0]
    assert f"  violation: {violation.message}" in out.splitlines()
    assert json.loads(run(write(tmp_path, game(RENEGE)), as_json=True)[1])["deals"][0]["score"] == [
        0,
        2,
    ]


@pytest.mark.parametrize(
    ("content", "named"),
    [
        pytest.param(
            json.dumps(game(deal(0, "9h", ["Order"], [["As", "Kz"]]))),
            "deals[0].phases[1].tricks[0][1]",
            id="bad-card",
        ),
        pytest.param(json.dumps({"metadata": {}}), ": deals:", id="missing-deals"),
        pytest.param('{"deals": [', "not JSON", id="not-json"),
        pytest.param("[1, 2]", "egn:", id="not-an-object"),
        pytest.param(
            json.dumps(game(deal(0, "9h", ["Order"], []))).replace('"dealer": 0', '"dealer": NaN'),
            "egn: not valid JSON",
            id="nan-is-no-json-number",
        ),
        pytest.param(
            json.dumps(game(deal(0, "9h", ["Order"], []))).replace(
                '"dealer": 0', '"dealer": 1e999'
            ),
            "deals[0].initialState.dealer: a number larger than any field takes",
            id="a-number-too-large",
        ),
    ],
)
def test_malformed_input_exits_2_with_one_line_naming_the_field(
    tmp_path: Path, content: str, named: str
) -> None:
    code, out, err = run(write(tmp_path, content))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert named in err
    assert "Traceback" not in err


def test_an_unreadable_file_exits_2_with_one_line(tmp_path: Path) -> None:
    code, out, err = run(tmp_path / "no-such-game.egn")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "no-such-game.egn" in err
    binary = tmp_path / "binary.egn"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run(binary)
    assert code == 2 and err.count("\n") == 1


# ---------------------------------------------------------------------------------------------
# Writing EGN


def test_calls_out_of_turn_cannot_be_written_in_egn() -> None:
    record = {"dealer": 0, "upcard": "9H", "bids": [{"seat": 2, "action": "order-up"}]}
    with pytest.raises(referee.MalformedRecord) as caught:
        egn.hand_to_egn(record, referee.check(record), deal_number=0)
    assert caught.value.field == "bids[0].seat"


def test_a_trick_led_by_the_wrong_seat_cannot_be_written_in_egn() -> None:
    record = only_record(game(deal(0, "9h", ["Order"], [["As", "Ks", "Qs", "Js"], ["Ah"]])))
    record["tricks"][1][0]["seat"] = 3
    with pytest.raises(referee.MalformedRecord) as caught:
        egn.hand_to_egn(record, referee.check(record), deal_number=0)
    assert caught.value.field == "tricks[1]"


@pytest.mark.parametrize(
    ("ruleset", "field"),
    [
        ("uka", "ruleset.stuck_dealer"),
        ("openspiel", "ruleset.defend_alone_vs_partnership"),
        ({"preset": "standard", "must_hold_suit": True}, "ruleset.must_hold_suit"),
        ({"preset": "standard", "points": {"march": 3}}, "ruleset.points.march"),
    ],
)
def test_rules_egn_has_no_flag_for_cannot_be_written(ruleset: object, field: str) -> None:
    record = {"ruleset": ruleset, "dealer": 0}
    with pytest.raises(referee.MalformedRecord) as caught:
        egn.game_to_egn([(record, referee.check(record))])
    assert caught.value.field == field


def test_rule_options_write_out_as_egn_flags() -> None:
    ruleset = referee.Ruleset.parse(
        {
            "preset": "british",
            "stuck_dealer": "redeal",
            "partner_must_go_alone": True,
            "defend_alone": True,
            "target": 11,
            "points": {"lone_march": 5, "lone_euchre": 4},
        }
    )
    flags = egn.egn_ruleset(ruleset)
    assert flags == {
        "std": False,
        "canadian": True,
        "loner_lead": "LEFT_OF_DEALER",
        "joker": True,
        "defend_alone": True,
        "winning_score": 11,
        "loner_march_score": 5,
        "loner_euchred_score": 4,
    }
    back = egn.read_game({"metadata": {"ruleset": flags}, "deals": []}).ruleset
    assert back.to_json() | {"preset": "british"} == ruleset.to_json()
