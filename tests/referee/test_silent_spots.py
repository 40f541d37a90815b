"""Rulings where the spec is silent, as decided for the referee (docs/rules.md, "Rulings where
the sources disagree or the spec is silent"), each in the card notation of ``test_rulings``.
"""

from __future__ import annotations

from typing import Any

import pytest

import referee
from referee import PRESETS, Bid, HandState, Ruleset, cards, egn

from .test_egn import load
from .test_rulings import (
    CALLS_BUT_HEARTS,
    FIVE_CARDS_NO_HEART,
    JOKER_CALLS,
    ROUND_ONE_PASSES,
    SEVEN_PASSES,
    all_five,
    case,
    options,
    record,
    rule_on,
)

# -- a contract with no bids is held to every rule the contract alone decides ----------------

UKA_TEN_OF_HEARTS = {"dealer": 0, "upcard": "TH"}
PARTNER_ALONE = options("standard", partner_must_go_alone=True)
BRITISH_JOKER = {"dealer": 0, "upcard": "JOKER"}

CONTRACT_WITHOUT_BIDS = [
    case(
        "uka-must-hold-suit-contract-without-bids-maker-hand-reported",
        record(
            "uka",
            hands={1: "9C TC JC QC KC"},
            contract={"trump": "H", "maker": 1},
            **UKA_TEN_OF_HEARTS,
        ),
        [("must-hold-suit", 1, None, None)],
    ),
    case(
        "uka-must-hold-suit-contract-without-bids-proven-by-the-five-cards-played",
        record(
            "uka",
            dealer=3,
            upcard="TH",
            contract={"trump": "H", "maker": 0},
            tricks=(*FIVE_CARDS_NO_HEART, "0:KC"),
        ),
        [("must-hold-suit", 0, None, None)],
    ),
    case(
        "uka-must-hold-suit-contract-without-bids-a-round-two-suit",
        record(
            "uka",
            hands={1: "9C TC JC QC KC"},
            contract={"trump": "D", "maker": 1},
            **UKA_TEN_OF_HEARTS,
        ),
        [("must-hold-suit", 1, None, None)],
    ),
    case(
        "uka-must-hold-suit-contract-without-bids-left-bower-counts",
        record(
            "uka",
            hands={1: "JD TC JC QC KC"},
            contract={"trump": "H", "maker": 1},
            **UKA_TEN_OF_HEARTS,
        ),
        contract=("H", 1, False, None),
    ),
    case(
        "uka-must-hold-suit-contract-without-bids-the-dealer-taking-the-upcard-exempt",
        record(
            "uka",
            hands={0: "9C TC JC QC KC"},
            contract={"trump": "H", "maker": 0},
            **UKA_TEN_OF_HEARTS,
        ),
        next=(0, "discard", ["9C", "TC", "JC", "QC", "KC"]),
    ),
    case(
        "uka-must-hold-suit-contract-without-bids-not-proven-by-part-of-a-hand",
        record("uka", hands={1: "9C TC"}, contract={"trump": "H", "maker": 1}, **UKA_TEN_OF_HEARTS),
    ),
    case(
        "uka-contract-without-bids-the-dealer-naming-another-suit-not-allowed",
        record("uka", contract={"trump": "S", "maker": 0}, **UKA_TEN_OF_HEARTS),
        [("bid-not-allowed", 0, None, None)],
        next=(1, "play", None),
    ),
    case(
        "partner-must-go-alone-contract-without-bids-ordered-up-with-a-partner",
        record(PARTNER_ALONE, dealer=0, upcard="QH", contract={"trump": "H", "maker": 2}),
        [("partner-must-go-alone", 2, None, None)],
    ),
    case(
        "partner-must-go-alone-contract-without-bids-alone-is-fine",
        record(
            PARTNER_ALONE,
            dealer=0,
            upcard="QH",
            contract={"trump": "H", "maker": 2, "alone": True},
        ),
        contract=("H", 2, True, None),
    ),
    case(
        "partner-must-go-alone-contract-without-bids-another-suit-is-a-round-two-call",
        record(PARTNER_ALONE, dealer=0, upcard="QH", contract={"trump": "S", "maker": 2}),
        contract=("S", 2, False, None),
    ),
    case(
        "joker-upcard-contract-without-bids-makers-not-the-dealers-team",
        record("british", contract={"trump": "H", "maker": 1}, **BRITISH_JOKER),
        [("out-of-turn", 1, None, None)],
    ),
    case(
        "joker-upcard-contract-without-bids-the-dealers-partner-makes",
        record("british", contract={"trump": "H", "maker": 2}, **BRITISH_JOKER),
        contract=("H", 2, False, None),
        next=(0, "discard", None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), CONTRACT_WITHOUT_BIDS)
def test_a_contract_without_bids(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- without bids and contract, trump is unreported, not unmade ------------------------------

QUEEN_OF_HEARTS = {"dealer": 0, "upcard": "QH"}

TRUMP_UNREPORTED = [
    case(
        "trump-unreported-no-play-is-before-trump",
        record(tricks=("1:AS 2:KS 3:QS 0:9S", "2:AC 3:KC 0:QC 1:9C"), **QUEEN_OF_HEARTS),
        contract=None,
        winners=[None, None],
        complete=False,
        award=None,
    ),
    case(
        "trump-unreported-no-discard-is-before-trump",
        record(discard="9C", tricks=("1:AS 2:KS 3:QS 0:9S", "2:AC"), **QUEEN_OF_HEARTS),
        next=(3, "play", None),
    ),
    case(
        "trump-unreported-card-not-held-missing-from-the-seats-hand",
        record(hands={2: "9H TH JH QD KH"}, tricks=("1:AS 2:KS",), **QUEEN_OF_HEARTS),
        [("card-not-held", 2, 1, "KS")],
    ),
    case(
        "trump-unreported-card-not-held-dealt-to-another-seat",
        record(hands={1: "AS 9D TD JD QD"}, tricks=("1:9D 2:AS",), **QUEEN_OF_HEARTS),
        [("card-not-held", 2, 1, "AS")],
    ),
    case(
        "trump-unreported-card-not-held-the-upcard-by-another-seat",
        record(tricks=("1:QH",), **QUEEN_OF_HEARTS),
        [("card-not-held", 1, 1, "QH")],
    ),
    case(
        "trump-unreported-the-dealer-may-play-the-upcard",
        record(tricks=("1:AS 2:KS 3:QS 0:QH",), **QUEEN_OF_HEARTS),
    ),
    case(
        "trump-unreported-card-not-held-the-discard",
        record(discard="9C", tricks=("1:9C",), **QUEEN_OF_HEARTS),
        [("card-not-held", 1, 1, "9C")],
    ),
    case(
        "trump-unreported-card-reused",
        record(tricks=("1:AS 2:KS 3:QS 0:9S", "1:AS"), **QUEEN_OF_HEARTS),
        [("card-reused", 1, 2, "AS")],
    ),
    case(
        "trump-unreported-out-of-turn-within-a-trick",
        record(tricks=("1:AS 3:KS 2:QS",), **QUEEN_OF_HEARTS),
        [("out-of-turn", 3, 1, "KS")],
    ),
    case(
        "trump-unreported-wrong-lead-of-the-first-trick",
        record(tricks=("2:AS 3:KS 0:QS 1:9S",), **QUEEN_OF_HEARTS),
        [("wrong-lead", 2, 1, "AS")],
    ),
    case(
        "trump-unreported-a-seat-that-never-plays-may-sit-out",
        record(tricks=("1:AS 3:KS 0:QS", "1:AC 3:KC 0:QC"), **QUEEN_OF_HEARTS),
    ),
    case(
        "trump-unreported-out-of-turn-a-trick-closed-after-one-play",
        record(tricks=("1:AS", "1:KS"), **QUEEN_OF_HEARTS),
        [("out-of-turn", 2, 1, None)],
    ),
    case(
        "trump-unreported-out-of-turn-a-trick-closed-without-either-partner",
        record(tricks=("1:AS 3:KS", "1:QS"), **QUEEN_OF_HEARTS),
        [("out-of-turn", 2, 1, None)],
    ),
    case(
        "trump-unreported-out-of-turn-a-lone-player-on-each-side-with-no-lone-defender",
        record(tricks=("1:AS 2:KS", "1:QS"), **QUEEN_OF_HEARTS),
        [("out-of-turn", 3, 1, None)],
    ),
    case(
        "trump-unreported-a-lone-maker-and-a-lone-defender-play-a-trick-of-two",
        record(
            options("standard", defend_alone=True), tricks=("1:AS 2:KS", "1:QS"), **QUEEN_OF_HEARTS
        ),
    ),
    case(
        "trump-unreported-out-of-turn-six-handed-a-side-with-one-seat-out",
        record("six-handed", tricks=("1:AS 2:KS 4:QS", "1:QD"), **QUEEN_OF_HEARTS),
        [("out-of-turn", 0, 1, None)],
    ),
    case(
        "trump-unreported-six-handed-a-lone-makers-two-partners-sit-out",
        record("six-handed", tricks=("1:AS 2:KS 4:QS 0:9S", "1:QD"), **QUEEN_OF_HEARTS),
    ),
    case(
        "trump-unreported-no-sitting-out-without-going-alone",
        record("two-handed", tricks=("1:AS", "1:KS"), **QUEEN_OF_HEARTS),
        [("out-of-turn", 0, 1, None)],
    ),
    # Seats passed by sit out only as a lone player's partners, on one side without a lone
    # defender: seat 3 leads the first trick only with seats 1 and 2 both out, and seat 0
    # plays right after seat 1 only with seats 2 and 3 both out, a lone player on each side.
    case(
        "trump-unreported-a-first-lead-only-a-lone-player-on-each-side-could-give",
        record(tricks=("3:AS",), **QUEEN_OF_HEARTS),
        [("wrong-lead", 3, 1, "AS")],
    ),
    case(
        "trump-unreported-a-play-only-a-lone-player-on-each-side-could-give",
        record(tricks=("1:AS 0:KS",), **QUEEN_OF_HEARTS),
        [("out-of-turn", 0, 1, "KS")],
    ),
    case(
        "trump-unreported-with-a-lone-defender-both-sides-may-be-alone",
        record(options("standard", defend_alone=True), tricks=("1:AS 0:KS",), **QUEEN_OF_HEARTS),
    ),
    # Seat 3 passed by says seat 1 plays alone: under left-of-loner seat 2 leads then, so seat
    # 1's lead says seat 3 plays; under left-of-dealer seat 1 leads a lone hand of its own.
    case(
        "trump-unreported-left-of-loner-no-lone-hand-fits-the-lead-and-the-seats-passed-by",
        record(
            options("standard", loner_lead="left-of-loner"),
            tricks=("1:AS 2:KS 0:QS",),
            **QUEEN_OF_HEARTS,
        ),
        [("out-of-turn", 0, 1, "QS")],
    ),
    case(
        "trump-unreported-left-of-dealer-seat-1-leads-its-own-lone-hand",
        record(tricks=("1:AS 2:KS 0:QS",), **QUEEN_OF_HEARTS),
    ),
    case(
        "trump-unreported-a-first-lead-past-a-lone-players-partner",
        record(tricks=("2:AS",), **QUEEN_OF_HEARTS),
    ),
]


@pytest.mark.parametrize(("data", "expect"), TRUMP_UNREPORTED)
def test_trump_unreported(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- the upcard, the stuck dealer, the poor hand, Uka's second round -------------------------

UKA_MUST_CALL = options("uka", stuck_dealer="must-call")
ALL_HEARTS_DEALER = {0: "7H 8H 9H TH QH"}
POOR_BRITISH = options("british", poor_hand_redeal="no-ace-no-face")
POOR = "9H TH 9C TC 9S"

ALL_SUITS_LED = (
    "1:AC 2:KC 3:QC 0:JC",
    "1:AD 2:KD 3:QD 0:JD",
    "1:AH 2:KH 3:QH 0:JH",
    "1:AS 2:KS 3:QS 0:JS",
    "1:TS 2:9S 3:TH 0:9H",
)

DEAL_AND_BIDDING = [
    case(
        "card-not-in-deck-an-upcard-the-deck-lacks-is-flagged-once",
        record(
            dealer=0,
            upcard="7H",
            bid="1:order-up",
            discard="9C",
            tricks=("1:AS 2:KS 3:QS 0:7H",),
        ),
        [("card-not-in-deck", None, None, "7H")],
        winners=[0],
    ),
    case(
        "card-not-in-deck-a-joker-upcard-without-a-joker-in-the-deck-has-no-joker-procedure",
        record(dealer=0, upcard="JOKER", bid="1:pass"),
        [("card-not-in-deck", None, None, "JOKER")],
        next=(2, "bidding", ["pass", "order-up", "order-up-alone"]),
    ),
    case(
        "card-not-in-deck-a-joker-ordered-up-where-the-deck-has-none-makes-an-untold-trump",
        record(dealer=0, upcard="JOKER", bid="1:order-up", discard="9C", tricks=ALL_SUITS_LED),
        [("card-not-in-deck", None, None, "JOKER")],
        # As with the upcard unreported: the makers take three tricks whatever trump is, but
        # who won each hangs on it, and so does the award.
        contract=(None, 1, False, None),
        maker_tricks=3,
        winners=[None] * 5,
        complete=False,
        award=None,
    ),
    case(
        "card-not-in-deck-a-joker-ordered-up-with-the-contracts-trump-is-judged-in-full",
        record(
            dealer=0,
            upcard="JOKER",
            bid="1:order-up",
            discard="9C",
            tricks=ALL_SUITS_LED,
            contract={"trump": "C", "maker": 1},
        ),
        [
            ("card-not-in-deck", None, None, "JOKER"),
            ("wrong-lead", 1, 2, "AD"),
            ("wrong-lead", 1, 5, "TS"),
        ],
        contract=("C", 1, False, None),
        complete=True,
        award=("make", {1: 1}),
    ),
    case(
        "must-call-stuck-dealer-with-no-suit-to-name-throws-the-deal-in",
        record(
            UKA_MUST_CALL,
            dealer=0,
            upcard="AH",
            hands=ALL_HEARTS_DEALER,
            bid=f"{SEVEN_PASSES} 0:pass",
        ),
        award=("thrown-in", {}),
        complete=True,
    ),
    case(
        "must-call-stuck-dealer-with-no-suit-to-name-is-thrown-in-as-the-bidding-reaches-them",
        record(UKA_MUST_CALL, dealer=0, upcard="AH", hands=ALL_HEARTS_DEALER, bid=SEVEN_PASSES),
        award=("thrown-in", {}),
        complete=True,
    ),
    case(
        "must-call-stuck-dealer-with-a-suit-to-name-may-not-pass",
        record(
            UKA_MUST_CALL,
            dealer=0,
            upcard="AH",
            hands={0: "7H 8H 9H TH 7D"},
            bid=f"{SEVEN_PASSES} 0:pass",
        ),
        [("dealer-must-call", 0, None, None)],
        next=(0, "bidding", ["call:D", "call:D-alone"]),
    ),
    case(
        "must-call-stuck-dealer-whose-hand-is-not-proven-may-not-pass",
        record(UKA_MUST_CALL, dealer=0, upcard="AH", bid=f"{SEVEN_PASSES} 0:pass"),
        [("dealer-must-call", 0, None, None)],
    ),
    case(
        "poor-hand-redeal-under-a-joker-upcard-before-the-dealer-names-trump",
        record(POOR_BRITISH, hands={1: POOR}, bid="1:redeal", **BRITISH_JOKER),
        award=("thrown-in", {}),
    ),
    case(
        "poor-hand-redeal-under-a-joker-upcard-offered-to-the-dealer",
        record(POOR_BRITISH, hands={0: POOR}, bid="", **BRITISH_JOKER),
        next=(0, "bidding", [*JOKER_CALLS, "redeal"]),
    ),
    case(
        "poor-hand-redeal-under-a-joker-upcard-after-the-dealer-names-trump",
        record(POOR_BRITISH, hands={1: POOR}, bid="0:call:S 1:redeal", **BRITISH_JOKER),
        [("out-of-turn", 1, None, None)],
        contract=("S", 0, False, None),
    ),
    case(
        "uka-round-two-the-turned-down-suit-stays-uncallable",
        record("uka", bid=f"{ROUND_ONE_PASSES} 1:call:H", **UKA_TEN_OF_HEARTS),
        [("turned-down-suit", 1, None, None)],
    ),
    case(
        "uka-round-two-the-turned-down-suit-is-not-offered",
        record("uka", bid=ROUND_ONE_PASSES, **UKA_TEN_OF_HEARTS),
        next=(1, "bidding", ["pass", *CALLS_BUT_HEARTS]),
    ),
    case(
        "uka-round-two-the-dealer-takes-the-upcard-when-it-comes-back",
        record("uka", bid=f"{SEVEN_PASSES} 0:order-up", **UKA_TEN_OF_HEARTS),
        contract=("H", 0, False, None),
        next=(0, "discard", None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), DEAL_AND_BIDDING)
def test_deal_and_bidding_silent_spots(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


def test_the_deal_is_thrown_in_as_the_bidding_reaches_a_stuck_dealer_with_no_suit() -> None:
    rules = Ruleset.parse(UKA_MUST_CALL)
    hands = {
        0: cards("7H 8H 9H TH QH"),
        1: cards("7C 8C 9C TC JC"),
        2: cards("7S 8S 9S TS JS"),
        3: cards("7D 8D 9D TD JD"),
    }
    state = HandState(rules, dealer=0, hands=hands, upcard=cards("AH")[0])
    for seat in (1, 2, 3, 0, 1, 2, 3):
        state.apply(Bid(seat, "pass"))
    # The note's ruling: no breach, and what comes next is the next deal.
    assert state.is_over and state.award == referee.THROWN_IN
    assert state.legal_actions() == []
    assert referee.check(state.to_json()).ok
    state.undo()  # the last pass taken back: the hand is open again, seat 3 to bid
    assert not state.is_over
    assert {action.seat for action in state.legal_actions()} == {3}


def test_under_a_joker_upcard_a_poor_hand_may_ask_before_the_dealer_names_trump() -> None:
    rules = Ruleset.parse(POOR_BRITISH)
    deck = sorted(referee.deck(25), key=lambda c: c.index)
    poor = cards(POOR)
    rest = [c for c in deck if c not in poor and not c.is_joker]
    hands = {1: poor, 0: rest[:5], 2: rest[5:10], 3: rest[10:15]}
    state = HandState(rules, dealer=0, hands=hands, upcard=referee.JOKER)
    assert Bid(1, "redeal") in state.optional_actions()
    assert {a.seat for a in state.legal_actions()} == {0}
    state.apply(Bid(1, "redeal"))
    assert state.award == referee.THROWN_IN


# -- what a hand and a game score -------------------------------------------------------------


def test_an_award_lists_only_the_teams_that_score() -> None:
    no_march_points = options("standard", points={"march": 0})
    verdict = rule_on(all_five(no_march_points), {"violations": [], "award": ("march", {})})
    assert verdict.to_json()["award"] == {"reason": "march", "points": {}}
    rule_on(
        all_five(no_march_points, claim={"points": {"0": 0}}),
        {"violations": [], "award": ("march", {})},
    )
    assert referee.score(PRESETS["standard"], maker=0, maker_tricks=3).points == {0: 1}
    zero = Ruleset.parse(options("standard", points={"make": 0}))
    assert referee.score(zero, maker=0, maker_tricks=3) == referee.Award("make", {})


@pytest.mark.parametrize(
    ("preset", "score", "winner"),
    [
        ("standard", [10, 9], 0),
        ("standard", [9, 11], 1),
        ("standard", [9, 9], None),
        ("standard", [10, 10], None),
        ("standard", [12, 10], 0),
        ("three-handed", [10, 10, 4], None),
        ("three-handed", [10, 11, 11], None),
        ("three-handed", [10, 11, 9], 1),
    ],
    ids=[
        "one-team-at-the-target-wins",
        "the-second-team-wins-by-its-score-not-its-place",
        "below-the-target-no-one-wins",
        "level-at-the-top-play-goes-on",
        "above-the-target-alone-on-top-wins",
        "three-handed-two-level-at-the-top-play-goes-on",
        "three-handed-two-level-above-a-third-at-the-target-play-goes-on",
        "three-handed-alone-on-top-wins",
    ],
)
def test_a_game_ends_with_one_team_alone_on_top_at_the_target(
    preset: str, score: list[int], winner: int | None
) -> None:
    assert referee.game_winner(PRESETS[preset], score) == winner


def test_an_egn_replay_never_names_a_winner_by_position() -> None:
    """Level at the target, nobody has won; the deal after it decides."""
    data = load("Me-and-Bears.egn")
    data["deals"] = [data["deals"][10]]  # team 1 +4
    data["metadata"]["initialScore"] = [10, 10]
    result = egn.replay(egn.read_game(data))
    assert [deal.score for deal in result.deals] == [(10, 14)]
    assert result.winner == 1
    data["deals"] = []
    assert egn.replay(egn.read_game(data)).winner is None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "No winner yet: level at the top with 10 points, play goes on"),
        ("ko", "아직 승리 팀 없음: 10점 동점으로 게임이 이어짐"),
    ],
)
def test_an_egn_replay_level_at_the_target_says_play_goes_on(lang: str, said: str) -> None:
    """Both teams have reached the target: the replay does not say that none has."""
    data = load("Me-and-Bears.egn")
    data["deals"] = []
    data["metadata"]["initialScore"] = [10, 10]
    text = egn.render(egn.replay(egn.read_game(data)), lang=lang)
    assert text.splitlines()[-1] == said
    data["metadata"]["initialScore"] = [9, 8]
    text = egn.render(egn.replay(egn.read_game(data)), lang=lang)
    assert text.splitlines()[-1] != said
