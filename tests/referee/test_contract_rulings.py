"""Rulings on a contract given with the bids reported only in part, or with none at all.

The contract must follow from the bids as one bid a seat could still make: a seat that has
passed where it cannot bid again is no maker, the turned-down suit is no trump after round 1,
and the dealer takes the upcard (and so discards) only when round 1 made trump. Written in
the card notation of ``test_rulings``.
"""

from __future__ import annotations

from typing import Any

import pytest

import referee

from .test_rulings import ROUND_ONE_PASSES, SEVEN_PASSES, case, options, record, rule_on

MISMATCH = ("contract-mismatch", None, None, None)
# Dealer 0 turns the nine of hearts.
NINE_OF_HEARTS = {"dealer": 0, "upcard": "9H"}
HEARTS_BY_1 = {"trump": "H", "maker": 1}
SPADES_BY_1 = {"trump": "S", "maker": 1}

# -- the six rulings of the issue: a contract that the reported bids cannot lead to ----------

SIX_RULINGS = [
    case(
        "contract-mismatch-a-maker-who-passed-in-both-rounds",
        record(bid=f"{ROUND_ONE_PASSES} 1:pass 2:pass", contract=SPADES_BY_1, **NINE_OF_HEARTS),
        [MISMATCH],
        contract=("S", 1, False, None),
    ),
    case(
        "contract-mismatch-the-turned-down-suit-after-round-one",
        record(bid=ROUND_ONE_PASSES, contract=HEARTS_BY_1, **NINE_OF_HEARTS),
        [MISMATCH],
        contract=("H", 1, False, None),
    ),
    case(
        "no-pick-up-and-no-discard-after-round-one-turned-the-upcard-down",
        record(bid=ROUND_ONE_PASSES, contract=HEARTS_BY_1, **NINE_OF_HEARTS),
        [MISMATCH],
        next=(1, "play", None),
    ),
    case(
        "card-not-held-the-dealer-plays-the-upcard-all-four-turned-down",
        record(
            bid=ROUND_ONE_PASSES,
            contract=HEARTS_BY_1,
            tricks=("1:AS 2:KS 3:QS 0:9H",),
            **NINE_OF_HEARTS,
        ),
        [MISMATCH, ("card-not-held", 0, 1, "9H")],
    ),
    case(
        "contract-mismatch-the-upcards-suit-by-a-seat-that-passed-round-one",
        record(bid="1:pass", contract=HEARTS_BY_1, **NINE_OF_HEARTS),
        [MISMATCH],
        next=(1, "play", None),
    ),
    case(
        "contract-mismatch-two-handed-both-passed-round-one",
        record("two-handed", bid="1:pass 0:pass", contract=HEARTS_BY_1, **NINE_OF_HEARTS),
        [MISMATCH],
        next=(1, "play", None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), SIX_RULINGS)
def test_a_contract_the_bids_cannot_lead_to(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


def test_the_same_hand_written_out_with_every_bid_gives_the_same_breaches_of_play() -> None:
    """The guard of the rulings above: the bids written out in full (seat 1 names the
    turned-down hearts) rule the same play of the upcard."""
    full = record(
        bid=f"{ROUND_ONE_PASSES} 1:call:H", tricks=("1:AS 2:KS 3:QS 0:9H",), **NINE_OF_HEARTS
    )
    rule_on(
        full,
        {"violations": [("turned-down-suit", 1, None, None), ("card-not-held", 0, 1, "9H")]},
    )


# -- contracts that do follow from the bids so far, preset by preset -------------------------

UKA = "uka"
CALLABLE = options("standard", turned_down_suit_callable=True)

FOLLOWING = [
    case(
        "contract-following-the-bids-an-order-up-by-a-seat-still-to-bid",
        record(bid="1:pass", contract={"trump": "H", "maker": 2}, **NINE_OF_HEARTS),
        contract=("H", 2, False, None),
        next=(0, "discard", None),
    ),
    case(
        "contract-following-the-bids-a-round-two-call-by-a-seat-that-passed-round-one",
        record(bid="1:pass", contract=SPADES_BY_1, **NINE_OF_HEARTS),
        contract=("S", 1, False, None),
        next=(1, "play", None),
    ),
    case(
        "contract-following-the-bids-a-round-two-call-by-a-seat-still-to-bid",
        record(
            bid=f"{ROUND_ONE_PASSES} 1:pass", contract={"trump": "S", "maker": 3}, **NINE_OF_HEARTS
        ),
        contract=("S", 3, False, None),
        next=(1, "play", None),
    ),
    case(
        "contract-following-the-bids-callable-turned-down-suit-named-in-round-two",
        record(CALLABLE, bid=ROUND_ONE_PASSES, contract=HEARTS_BY_1, **NINE_OF_HEARTS),
        next=(1, "play", None),
    ),
    case(
        "contract-following-the-bids-uka-stuck-dealer-takes-the-upcard",
        record(UKA, bid=SEVEN_PASSES, contract={"trump": "H", "maker": 0}, **NINE_OF_HEARTS),
        contract=("H", 0, False, None),
        next=(0, "discard", None),
    ),
    case(
        "contract-following-the-bids-three-handed-round-two-call",
        record(
            "three-handed",
            dealer=2,
            upcard="9H",
            bid="0:pass 1:pass 2:pass 0:pass",
            contract={"trump": "D", "maker": 1},
        ),
        contract=("D", 1, False, None),
        next=(0, "play", None),
    ),
    case(
        "contract-following-the-bids-british-joker-named-by-the-dealer",
        record("british", dealer=0, upcard="JOKER", bid="", contract={"trump": "C", "maker": 0}),
        contract=("C", 0, False, None),
        next=(0, "discard", None),
    ),
]

NOT_FOLLOWING = [
    case(
        "contract-mismatch-uka-stuck-dealer-naming-another-suit",
        record(UKA, bid=SEVEN_PASSES, contract={"trump": "S", "maker": 0}, **NINE_OF_HEARTS),
        [MISMATCH],
        next=(1, "play", None),
    ),
    case(
        "contract-mismatch-uka-turned-down-suit-in-round-two",
        record(
            UKA,
            bid=f"{ROUND_ONE_PASSES} 1:pass",
            contract={"trump": "H", "maker": 2},
            **NINE_OF_HEARTS,
        ),
        [MISMATCH],
    ),
    case(
        "contract-mismatch-three-handed-a-maker-who-passed-in-both-rounds",
        record(
            "three-handed",
            dealer=2,
            upcard="9H",
            bid="0:pass 1:pass 2:pass 0:pass",
            contract={"trump": "D", "maker": 0},
        ),
        [MISMATCH],
    ),
    case(
        "contract-mismatch-british-joker-upcard-made-by-the-other-team",
        record("british", dealer=0, upcard="JOKER", bid="", contract={"trump": "C", "maker": 1}),
        [MISMATCH],
        next=(0, "discard", None),
    ),
    case(
        "contract-mismatch-two-handed-the-dealer-passed-round-two",
        record(
            "two-handed",
            bid="1:pass 0:pass 1:pass 0:pass",
            contract={"trump": "S", "maker": 1},
            **NINE_OF_HEARTS,
        ),
        [MISMATCH],
        award=("thrown-in", {}),
    ),
    case(
        "discard-not-allowed-two-handed-after-a-contract-of-the-turned-down-suit",
        record(
            "two-handed", bid="1:pass 0:pass", contract=HEARTS_BY_1, discard="TS", **NINE_OF_HEARTS
        ),
        [MISMATCH, ("discard-not-allowed", 0, None, "TS")],
    ),
]


@pytest.mark.parametrize(("data", "expect"), FOLLOWING + NOT_FOLLOWING)
def test_a_contract_with_the_bids_so_far(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- a lone defender the bids have not declared yet ------------------------------------------

DEFENDING = options("standard", defend_alone=True)
LONE_HEARTS_BY_1 = {"trump": "H", "maker": 1, "alone": True}

LONE_DEFENDER = [
    case(
        "contract-following-the-bids-a-lone-defender-still-to-declare",
        record(
            DEFENDING,
            bid="1:order-up-alone",
            contract=LONE_HEARTS_BY_1 | {"defender_alone": 2},
            **NINE_OF_HEARTS,
        ),
        contract=("H", 1, True, 2),
        next=(1, "play", None),  # (the dealer, the lone defender's partner, sits out)
    ),
    case(
        "alone-not-allowed-a-lone-defender-still-to-declare-where-the-rules-have-none",
        record(
            bid="1:order-up-alone",
            contract=LONE_HEARTS_BY_1 | {"defender_alone": 2},
            **NINE_OF_HEARTS,
        ),
        [("alone-not-allowed", 2, None, None)],
        contract=("H", 1, True, None),
    ),
    case(
        "sitting-out-the-contract-names-the-lone-makers-partner-to-defend-alone",
        record(DEFENDING, contract=LONE_HEARTS_BY_1 | {"defender_alone": 3}, **NINE_OF_HEARTS),
        [("sitting-out", 3, None, None)],
        contract=("H", 1, True, None),
    ),
    case(
        "contract-mismatch-a-lone-defender-other-than-the-one-declared",
        record(
            DEFENDING,
            bid="1:order-up-alone 2:defend-alone",
            contract=LONE_HEARTS_BY_1 | {"defender_alone": 0},
            **NINE_OF_HEARTS,
        ),
        [MISMATCH],
        contract=("H", 1, True, 2),
    ),
    case(
        "alone-not-allowed-once-a-refused-declaration-the-contract-repeats",
        record(
            bid="1:order-up-alone 2:defend-alone",
            contract=LONE_HEARTS_BY_1 | {"defender_alone": 2},
            **NINE_OF_HEARTS,
        ),
        [("alone-not-allowed", 2, None, None)],
        contract=("H", 1, True, None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), LONE_DEFENDER)
def test_a_lone_defender_named_by_the_contract(
    data: dict[str, Any], expect: dict[str, Any]
) -> None:
    rule_on(data, expect)


def first_ruling(data: dict[str, Any]) -> tuple[str, str]:
    """The first violation's message, in English and in Korean."""
    english, korean = (
        referee.check(data, lang=lang).violations[0].message for lang in ("en", "ko")
    )
    return english, korean


def test_a_mismatch_on_the_lone_defender_names_it() -> None:
    declared = record(
        DEFENDING,
        bid="1:order-up-alone 2:defend-alone",
        contract=LONE_HEARTS_BY_1 | {"defender_alone": None},
        **NINE_OF_HEARTS,
    )
    english, korean = first_ruling(declared)
    assert english == (
        "The reported contract (hearts by seat 1 alone) does not match the bidding, which made"
        " hearts by seat 1 alone, seat 2 defending alone."
    )
    assert korean.endswith("(1번 자리의 하트 단독 플레이, 2번 자리의 단독 수비)과 다릅니다.")


def test_a_lone_defender_the_contract_names_from_the_sitting_out_side_is_told_as_named() -> None:
    # No seat bid: the ruling says the contract named them, as a bid's would say they bid.
    named = record(DEFENDING, contract=LONE_HEARTS_BY_1 | {"defender_alone": 3}, **NINE_OF_HEARTS)
    english, korean = first_ruling(named)
    assert english == (
        "The contract names seat 3 to defend alone, but they sit out this hand because their"
        " partner, seat 1, is playing alone."
    )
    assert korean.startswith("적힌 계약에서는 3번 자리가 단독 수비를 한다고 했지만")


def test_a_maker_whose_turn_a_bid_out_of_turn_skipped_is_not_said_to_have_passed() -> None:
    """A seat skipped by a later seat's bid out of turn lost its turn; it did not pass. The
    ruling says which (docs/rules.md, "A bid out of turn"), in either round, in either
    language."""
    skipped = record(bid="2:pass", contract=HEARTS_BY_1, **NINE_OF_HEARTS)
    verdict = referee.check(skipped)
    assert [v.code for v in verdict.violations] == ["out-of-turn", "contract-mismatch"]
    english, korean = (
        referee.check(skipped, lang=lang).violations[1].message for lang in ("en", "ko")
    )
    assert english == (
        "The reported contract has seat 1 make hearts trump, the upcard's suit, but seat 1's"
        " turn in the first round went by when a seat after it bid out of turn, and once the"
        " upcard is turned down its suit cannot be named."
    )
    assert "차례 없이" in korean and "패스했" not in korean
    passed = record(bid="1:pass", contract=HEARTS_BY_1, **NINE_OF_HEARTS)
    assert "seat 1 passed in the first round" in first_ruling(passed)[0]
    # Round 2: seat 1 passed in round 1, and seat 2's bid skips it in round 2.
    round_two = record(
        bid="1:pass 2:pass 3:pass 0:pass 2:pass", contract=SPADES_BY_1, **NINE_OF_HEARTS
    )
    assert referee.check(round_two).violations[1].message == (
        "The reported contract has seat 1 making trump, but seat 1's turn in the second round"
        " went by when a seat after it bid out of turn."
    )
    # A declaration the referee refuses (to defend alone before trump) moves no turn: seat 1
    # then passed in turn, and is told so.
    refused_first = record(bid="0:defend-alone 1:pass", contract=HEARTS_BY_1, **NINE_OF_HEARTS)
    assert "seat 1 passed in the first round" in referee.check(refused_first).violations[1].message
    passed_twice = record(
        bid="1:pass 2:pass 3:pass 0:pass 1:pass", contract=SPADES_BY_1, **NINE_OF_HEARTS
    )
    assert first_ruling(passed_twice)[0].endswith("seat 1 had already passed in the second round.")
