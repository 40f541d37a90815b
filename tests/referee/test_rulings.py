"""Rulings, preset by preset, written from the rules themselves in card notation.

Each case is one ruling, named after the rule it applies. A record is written the way a
table would say it: bids as ``"1:pass 2:order-up-alone 3:call:H"`` (the spec's legal-bid
words, after the seat), tricks as ``"1:AD 2:KD 3:9D 0:9H"`` (plays in order, read by
``referee.notation``), hands with ``cards("JH AH KH QD TC")``.
"""

from __future__ import annotations

from typing import Any

import pytest

import referee
from referee import MalformedRecord, Ruleset, cards
from referee.notation import trick

# -- writing records -------------------------------------------------------------------------


def hand(text: str) -> list[str]:
    return [card.code for card in cards(text)]


def bids(text: str) -> list[dict[str, Any]]:
    """``"1:pass 2:order-up-alone 3:call:H 1:defend-alone 0:redeal"``."""
    out: list[dict[str, Any]] = []
    for word in text.split():
        seat, _, said = word.partition(":")
        alone = said.endswith("-alone") and said != "defend-alone"
        said = said.removesuffix("-alone") if alone else said
        bid: dict[str, Any] = {"seat": int(seat), "action": said}
        if said.startswith("call:"):
            bid = {"seat": int(seat), "action": "call", "suit": said[5:]}
        if alone:
            bid["alone"] = True
        out.append(bid)
    return out


def record(
    ruleset: object = "standard",
    *,
    dealer: int,
    upcard: str | None = None,
    hands: dict[int, str] | None = None,
    bid: str | None = None,
    discard: str | None = None,
    tricks: tuple[str, ...] = (),
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {"ruleset": ruleset, "dealer": dealer}
    if upcard is not None:
        data["upcard"] = cards(upcard)[0].code
    if hands:
        data["hands"] = {str(seat): hand(text) for seat, text in hands.items()}
    if bid is not None:
        data["bids"] = bids(bid)
    if discard is not None:
        data["discard"] = cards(discard)[0].code
    if tricks:
        data["tricks"] = [trick(t) for t in tricks]
    return data | extra


def options(preset: str, **changes: object) -> dict[str, object]:
    return {"preset": preset, **changes}


Violation = tuple[str, int | None, int | None, str | None]


def case(
    name: str,
    data: dict[str, Any],
    violations: list[Violation] | None = None,
    *,
    bug: str | None = None,
    **expect: Any,
) -> Any:
    """One ruling; ``bug`` marks a reported referee bug (strict xfail: fix it, drop the mark)."""
    expect["violations"] = violations or []
    marks = [pytest.mark.xfail(strict=True, raises=AssertionError, reason=bug)] if bug else []
    return pytest.param(data, expect, id=name, marks=marks)


def rule_on(data: dict[str, Any], expect: dict[str, Any]) -> referee.Verdict:
    """Check the record and compare the fields the ruling states."""
    verdict = referee.check(data)
    got = verdict.to_json()
    violations = [(v["code"], v["seat"], v["trick"], v["card"]) for v in got["violations"]]
    assert violations == expect["violations"], [v["message"] for v in got["violations"]]
    assert got["ok"] is (not expect["violations"])
    if "award" in expect:
        want = expect["award"]
        if want is None:
            assert got["award"] is None
        else:
            reason, points = want
            assert got["award"] == {
                "reason": reason,
                "points": {str(t): p for t, p in points.items()},
            }
    if "complete" in expect:
        assert got["complete"] is expect["complete"]
    if "contract" in expect:
        want = expect["contract"]
        if want is None:
            assert got["contract"] is None
        else:
            trump, maker, alone, defender = want
            assert got["contract"] == {
                "trump": trump,
                "maker": maker,
                "alone": alone,
                "defender_alone": defender,
            }
    if "maker_tricks" in expect:
        assert got["maker_tricks"] == expect["maker_tricks"]
    if "winners" in expect:
        assert [t["winner"] for t in got["tricks"]] == expect["winners"]
    if "next" in expect:
        want = expect["next"]
        if want is None:
            assert got.get("next") is None
        else:
            seat, phase, legal = want
            upcoming = got["next"]
            assert (upcoming["seat"], upcoming["phase"]) == (seat, phase)
            if legal is None:
                assert upcoming["legal"] is None
            else:
                assert set(upcoming["legal"]) == set(legal)
                assert len(upcoming["legal"]) == len(set(upcoming["legal"]))
    return verdict


# -- deals -----------------------------------------------------------------------------------
# Dealer 0 turns the card, seat 1 orders it up: seat 1's team (1 and 3) are the makers.
HEARTS_BY_1 = {"dealer": 0, "upcard": "QH", "bid": "1:order-up"}
NINE_OF_HEARTS_BY_1 = {"dealer": 0, "upcard": "9H", "bid": "1:order-up"}
TEN_OF_HEARTS_BY_1 = {"dealer": 0, "upcard": "TH", "bid": "1:order-up"}
CLUBS_BY_1 = {"dealer": 0, "upcard": "9C", "bid": "1:order-up"}
ALONE_CLUBS_BY_1 = {"dealer": 0, "upcard": "9C", "bid": "1:order-up-alone"}


def poor_hand(held: str, **extra: Any) -> dict[str, Any]:
    """With no-ace-no-face redeals, dealer 0 turns the ace of spades and seat 1 holds `held`."""
    return record(
        options("standard", poor_hand_redeal="no-ace-no-face"),
        dealer=0,
        upcard="AS",
        hands={1: held},
        **extra,
    )


# Seat 0 holds the five top hearts, every other seat one suit: hearts made by seat 0 march.
ALL_FIVE = {0: "JH JD AH KH QH", 1: "9C TC JC QC KC", 2: "9S TS JS QS KS", 3: "9D TD QD KD AD"}
ALL_FIVE_TRICKS = (
    "0:JH 1:9C 2:9S 3:TH",
    "0:JD 1:TC 2:TS 3:TD",
    "0:AH 1:JC 2:JS 3:QD",
    "0:KH 1:QC 2:QS 3:KD",
    "0:QH 1:KC 2:KS 3:AD",
)


def all_five(ruleset: object, **extra: Any) -> dict[str, Any]:
    return record(
        ruleset,
        dealer=3,
        upcard="TH",
        hands=ALL_FIVE,
        bid="0:order-up",
        discard="9D",
        tricks=ALL_FIVE_TRICKS,
        **extra,
    )


def all_five_alone(ruleset: object) -> dict[str, Any]:
    return record(
        ruleset,
        dealer=3,
        upcard="TH",
        hands=ALL_FIVE,
        bid="0:order-up-alone",
        discard="9D",
        tricks=tuple(
            " ".join(w for w in t.split() if not w.startswith("2:")) for t in ALL_FIVE_TRICKS
        ),
    )


def loner_on_hearts(
    ruleset: object, held: str, partner: str, last_tricks: tuple[str, str]
) -> dict[str, Any]:
    """Dealer 3 turns the queen of hearts and seat 0, holding `held`, orders it up alone (its
    partner, seat 2, sits out holding `partner`); seat 1 holds the ace of spades. Seat 0 leads
    the right, the left and the ace of hearts, then `last_tricks` are played."""
    return record(
        ruleset,
        dealer=3,
        upcard="QH",
        hands={0: held, 1: "TC JC QC KC AS", 2: partner, 3: "9D TD QD KD AD"},
        bid="0:order-up-alone",
        discard="9D",
        tricks=("0:JH 1:TC 3:QH", "0:JD 1:JC 3:TD", "0:AH 1:QC 3:QD", *last_tricks),
    )


def loner_takes_four(ruleset: object) -> dict[str, Any]:
    """Seat 0 alone on hearts loses only the last trick, to seat 1's ace of spades."""
    return loner_on_hearts(
        ruleset, "JH JD AH KH 9S", "9C TS JS QS KS", ("0:KH 1:KC 3:KD", "0:9S 1:AS 3:AD")
    )


def loner_takes_three(ruleset: object) -> dict[str, Any]:
    """Seat 0 alone on hearts takes the first three tricks, then seat 1 takes two."""
    return loner_on_hearts(
        ruleset, "JH JD AH 9S TS", "9C KH JS QS KS", ("0:9S 1:AS 3:KD", "1:KC 3:AD 0:TS")
    )


# Three-handed: seat 1 holds both bowers and the ace of diamonds and takes all five tricks.
THREE_HANDS = {0: "9D 9C TC 9S TS", 1: "JD JH AD KC QC", 2: "KD QD AS KS QS"}
THREE_TRICKS = (
    "0:9D 1:JD 2:QD",
    "1:JH 2:KD 0:9C",
    "1:AD 2:AS 0:9S",
    "1:KC 2:QS 0:TC",
    "1:QC 2:KS 0:TS",
)


def three_handed(maker: int) -> dict[str, Any]:
    """Dealer 2 turns the 9 of hearts; ``maker`` calls diamonds in the second round."""
    passes = "0:pass 1:pass 2:pass"
    second = " ".join(f"{s}:pass" for s in (0, 1, 2)[:maker])
    return record(
        "three-handed",
        dealer=2,
        upcard="9H",
        hands=THREE_HANDS,
        bid=f"{passes} {second} {maker}:call:D".replace("  ", " "),
        tricks=THREE_TRICKS,
    )


ROUND_ONE_PASSES = "1:pass 2:pass 3:pass 0:pass"
SEVEN_PASSES = "1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass"

# -- scoring ---------------------------------------------------------------------------------

SCORING = [
    case("standard-march-2", all_five("standard"), award=("march", {0: 2}), maker_tricks=5),
    case("uka-march-3", all_five("uka"), award=("march", {0: 3}), complete=True),
    case("british-march-2", all_five("british"), award=("march", {0: 2})),
    case("standard-lone-march-4", all_five_alone("standard"), award=("lone-march", {0: 4})),
    case("uka-lone-march-4", all_five_alone("uka"), award=("lone-march", {0: 4})),
    case(
        "standard-loner-with-4-tricks-makes-1",
        loner_takes_four("standard"),
        award=("lone-make", {0: 1}),
        winners=[0, 0, 0, 0, 1],
        maker_tricks=4,
    ),
    case(
        "uka-loner-short-of-5-with-4-tricks-euchred-for-4",
        loner_takes_four("uka"),
        award=("lone-euchre", {1: 4}),
        maker_tricks=4,
        complete=True,
    ),
    case(
        "standard-loner-with-3-tricks-makes-1",
        loner_takes_three("standard"),
        award=("lone-make", {0: 1}),
        winners=[0, 0, 0, 1, 1],
    ),
    case(
        "uka-loner-short-of-5-with-3-tricks-euchred-for-4",
        loner_takes_three("uka"),
        award=("lone-euchre", {1: 4}),
        maker_tricks=3,
    ),
    case(
        "three-handed-euchre-pays-both-opponents-2",
        three_handed(maker=0),
        award=("euchre", {1: 2, 2: 2}),
        contract=("D", 0, False, None),
        winners=[1, 1, 1, 1, 1],
        maker_tricks=0,
    ),
    case("three-handed-march-3", three_handed(maker=1), award=("march", {1: 3}), maker_tricks=5),
    case(
        "defend-alone-euchre-scores-4",
        record(
            options("standard", defend_alone=True),
            dealer=0,
            upcard="QH",
            bid="1:order-up-alone 2:defend-alone",
            tricks=("1:9H 2:AH", "2:JH 1:TH", "2:KS 1:9S", "2:AC 1:9C", "2:AD 1:9D"),
        ),
        award=("defend-alone-euchre", {0: 4}),
        contract=("H", 1, True, 2),
        maker_tricks=0,
    ),
    case(
        "claim-matching-the-award-is-ok",
        all_five("uka", claim={"points": {"0": 3}}),
        award=("march", {0: 3}),
    ),
    case(
        "claim-mismatch-a-march-written-as-1",
        all_five("standard", claim={"points": {"0": 1}}),
        [("claim-mismatch", None, None, None)],
        award=("march", {0: 2}),
    ),
    case(
        "claim-mismatch-three-handed-euchre-paid-to-one-opponent",
        three_handed(maker=0) | {"claim": {"points": {"1": 2}}},
        [("claim-mismatch", None, None, None)],
    ),
]


@pytest.mark.parametrize(("data", "expect"), SCORING)
def test_scoring_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- bidding ---------------------------------------------------------------------------------

UKA_STUCK = "uka"
# Seat 0 orders up hearts and wins four tricks with no heart; its fifth card decides.
FIVE_CARDS_NO_HEART = (
    "0:AS 1:9S 2:TS 3:QS",
    "0:AC 1:9C 2:TC 3:QC",
    "0:AD 1:QD 2:TD 3:KD",
    "0:KS 1:8S 2:7S 3:JS",
)
CALLS_BUT_DIAMONDS = ["call:C", "call:C-alone", "call:H", "call:H-alone", "call:S", "call:S-alone"]
CALLS_BUT_HEARTS = ["call:C", "call:C-alone", "call:D", "call:D-alone", "call:S", "call:S-alone"]
JOKER_CALLS = [f"call:{s}{a}" for s in "CDHS" for a in ("", "-alone")]

BIDDING = [
    # Uka: must hold the suit.
    case(
        "uka-must-hold-suit-order-up-without-a-heart",
        record("uka", hands={1: "9C TC JC QC KC"}, **TEN_OF_HEARTS_BY_1),
        [("must-hold-suit", 1, None, None)],
    ),
    case(
        "uka-must-hold-suit-left-bower-counts",
        record("uka", hands={1: "JD TC JC QC KC"}, **TEN_OF_HEARTS_BY_1),
        contract=("H", 1, False, None),
        next=(0, "discard", None),
    ),
    case(
        "uka-must-hold-suit-call-without-a-heart",
        record(
            "uka",
            dealer=0,
            upcard="TD",
            hands={1: "9C TC JC QC KC"},
            bid=f"{ROUND_ONE_PASSES} 1:call:H",
        ),
        [("must-hold-suit", 1, None, None)],
    ),
    case(
        "uka-must-hold-suit-call-left-bower-counts",
        record(
            "uka",
            dealer=0,
            upcard="TD",
            hands={1: "9C TC JC QC KC"},
            bid=f"{ROUND_ONE_PASSES} 1:call:S",
        ),
        contract=("S", 1, False, None),
    ),
    case(
        "uka-must-hold-suit-not-offered-in-legal-bids",
        record("uka", dealer=0, upcard="TH", hands={1: "9C TC JC QC KC"}),
        next=(1, "bidding", ["pass"]),
    ),
    case(
        "uka-must-hold-suit-dealer-picking-up-exempt",
        record(
            "uka",
            dealer=0,
            upcard="TH",
            hands={0: "9C TC JC QC KC"},
            bid="1:pass 2:pass 3:pass 0:order-up",
        ),
        contract=("H", 0, False, None),
    ),
    case(
        "uka-dealer-takes-upcard-exempt-from-must-hold-suit",
        record(
            "uka",
            dealer=0,
            upcard="TH",
            hands={0: "9C TC JC QC KC"},
            bid=f"{SEVEN_PASSES} 0:order-up",
        ),
        contract=("H", 0, False, None),
        next=(0, "discard", hand("9C TC JC QC KC")),
    ),
    case(
        "uka-must-hold-suit-proven-by-the-five-cards-played",
        record(
            "uka", dealer=3, upcard="TH", bid="0:order-up", tricks=(*FIVE_CARDS_NO_HEART, "0:KC")
        ),
        [("must-hold-suit", 0, None, None)],
    ),
    case(
        "uka-must-hold-suit-not-proven-by-a-reused-card",
        record(
            "uka", dealer=3, upcard="TH", bid="0:order-up", tricks=(*FIVE_CARDS_NO_HEART, "0:QD")
        ),
        [("card-reused", 0, 5, "QD")],
    ),
    # Uka: the dealer takes the upcard.
    case(
        "uka-dealer-takes-upcard-next-is-order-up-only",
        record(UKA_STUCK, dealer=0, upcard="TH", hands={0: "9C TC JC QC KC"}, bid=SEVEN_PASSES),
        next=(0, "bidding", ["order-up", "order-up-alone"]),
    ),
    case(
        "uka-dealer-takes-upcard-dealer-pass-is-dealer-must-call",
        record(UKA_STUCK, dealer=0, upcard="TH", bid=f"{SEVEN_PASSES} 0:pass"),
        [("dealer-must-call", 0, None, None)],
    ),
    case(
        "uka-dealer-takes-upcard-calling-another-suit-not-allowed",
        record(UKA_STUCK, dealer=0, upcard="TH", bid=f"{SEVEN_PASSES} 0:call:S"),
        [("bid-not-allowed", 0, None, None)],
    ),
    case(
        "uka-dealer-takes-upcard-calling-the-upcards-own-suit-not-allowed",
        record(UKA_STUCK, dealer=0, upcard="TH", bid=f"{SEVEN_PASSES} 0:call:H"),
        [("bid-not-allowed", 0, None, None)],
        contract=("H", 0, False, None),
        next=(1, "play", None),
    ),
    case(
        "uka-dealer-takes-upcard-calling-not-allowed-with-the-upcard-unreported",
        record(UKA_STUCK, dealer=0, bid=f"{SEVEN_PASSES} 0:call:S"),
        [("bid-not-allowed", 0, None, None)],
        contract=("S", 0, False, None),
        next=(1, "play", None),
    ),
    case(
        "uka-dealer-takes-upcard-calling-alone-not-allowed-with-the-upcard-unreported",
        record(
            UKA_STUCK,
            dealer=1,
            bid="2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:pass 1:call:C-alone",
        ),
        [("bid-not-allowed", 1, None, None)],
        contract=("C", 1, True, None),
        next=(2, "play", None),
    ),
    case(
        "takes-upcard-option-calling-not-allowed-with-the-upcard-unreported",
        record(
            options("standard", stuck_dealer="takes-upcard"),
            dealer=0,
            bid=f"{SEVEN_PASSES} 0:call:D",
        ),
        [("bid-not-allowed", 0, None, None)],
    ),
    case(
        "uka-dealer-takes-upcard-next-is-order-up-only-with-the-upcard-unreported",
        record(UKA_STUCK, dealer=0, bid=SEVEN_PASSES),
        next=(0, "bidding", ["order-up", "order-up-alone"]),
    ),
    case(
        "uka-order-up-in-round-two-by-another-seat-not-allowed",
        record(UKA_STUCK, dealer=0, upcard="TH", bid=f"{ROUND_ONE_PASSES} 1:order-up"),
        [("bid-not-allowed", 1, None, None)],
    ),
    # Uka: the dealer keeps the upcard, in round 1 and when stuck in round 2.
    case(
        "uka-dealer-keeps-the-upcard-discarding-it-not-allowed",
        record("uka", discard="TH", **TEN_OF_HEARTS_BY_1),
        [("discard-not-allowed", 0, None, "TH")],
        contract=("H", 1, False, None),
        next=(1, "play", None),
    ),
    case(
        "uka-dealer-keeps-the-upcard-picked-up-by-the-dealer",
        record("uka", dealer=0, upcard="TH", bid="1:pass 2:pass 3:pass 0:order-up", discard="TH"),
        [("discard-not-allowed", 0, None, "TH")],
    ),
    case(
        "uka-dealer-keeps-the-upcard-when-stuck-in-round-two",
        record("uka", dealer=0, upcard="TH", bid=f"{SEVEN_PASSES} 0:order-up", discard="TH"),
        [("discard-not-allowed", 0, None, "TH")],
        contract=("H", 0, False, None),
    ),
    case(
        "uka-dealer-keeps-the-upcard-another-discard-is-fine",
        record(
            "uka",
            hands={0: "7C TC JC QC KC"},
            discard="7C",
            tricks=("1:AS 2:KS 3:9S 0:TH",),
            **TEN_OF_HEARTS_BY_1,
        ),
        winners=[0],
        next=(0, "play", hand("TC JC QC KC")),
    ),
    case(
        "uka-dealer-keeps-the-upcard-never-among-legal-discards",
        record("uka", hands={0: "7C TC JC QC KH"}, **TEN_OF_HEARTS_BY_1),
        next=(0, "discard", hand("7C TC JC QC KH")),
    ),
    case(
        "uka-dealer-keeps-the-upcard-stuck-dealer-legal-discards",
        record(
            "uka",
            dealer=0,
            upcard="7D",
            hands={0: "8C TC JC QH KH"},
            bid=SEVEN_PASSES + " 0:order-up",
        ),
        next=(0, "discard", hand("8C TC JC QH KH")),
    ),
    case(
        "uka-dealer-keeps-the-upcard-even-sitting-out",
        record("uka", dealer=0, upcard="TH", bid="1:pass 2:order-up-alone", discard="TH"),
        [("discard-not-allowed", 0, None, "TH")],
        next=(1, "play", None),
    ),
    case(
        "uka-option-switched-back-on-lets-the-dealer-discard-the-upcard",
        record(options("uka", dealer_may_discard_upcard=True), discard="TH", **TEN_OF_HEARTS_BY_1),
        next=(1, "play", None),
    ),
    # Stick the dealer.
    case(
        "stick-the-dealer-dealer-pass-is-dealer-must-call",
        record("standard", dealer=0, upcard="TD", bid=f"{SEVEN_PASSES} 0:pass"),
        [("dealer-must-call", 0, None, None)],
    ),
    case(
        "stick-the-dealer-next-is-a-call-never-a-pass",
        record("standard", dealer=0, upcard="TD", bid=SEVEN_PASSES),
        next=(0, "bidding", CALLS_BUT_DIAMONDS),
    ),
    case(
        "stick-the-dealer-calls-spades",
        record("standard", dealer=0, upcard="TD", bid=f"{SEVEN_PASSES} 0:call:S"),
        contract=("S", 0, False, None),
        next=(1, "play", None),
    ),
    case(
        "turned-down-suit-called-in-round-two",
        record("standard", dealer=0, upcard="TD", bid=f"{ROUND_ONE_PASSES} 1:call:D"),
        [("turned-down-suit", 1, None, None)],
    ),
    case(
        "turned-down-suit-callable-option",
        record(
            options("standard", turned_down_suit_callable=True),
            dealer=0,
            upcard="TD",
            bid=f"{ROUND_ONE_PASSES} 1:call:D",
        ),
        contract=("D", 1, False, None),
    ),
    case(
        "call-in-round-one-not-allowed",
        record("standard", dealer=0, upcard="TD", bid="1:call:S"),
        [("bid-not-allowed", 1, None, None)],
    ),
    case(
        "order-up-in-round-two-not-allowed",
        record("standard", dealer=0, upcard="TD", bid=f"{ROUND_ONE_PASSES} 1:order-up"),
        [("bid-not-allowed", 1, None, None)],
    ),
    # A stuck dealer who may pass: the hand is thrown in.
    case(
        "redeal-dealer-pass-throws-the-hand-in",
        record(
            options("standard", stuck_dealer="redeal"),
            dealer=0,
            upcard="TD",
            bid=f"{SEVEN_PASSES} 0:pass",
        ),
        award=("thrown-in", {}),
        complete=True,
        contract=None,
        next=None,
    ),
    case(
        "redeal-stuck-dealer-may-pass",
        record(options("standard", stuck_dealer="redeal"), dealer=0, upcard="TD", bid=SEVEN_PASSES),
        next=(0, "bidding", ["pass", *CALLS_BUT_DIAMONDS]),
    ),
    # Poor-hand redeal.
    case(
        "poor-hand-redeal-no-ace-no-face",
        poor_hand("9H TH 9C TC 9S", bid="1:redeal"),
        award=("thrown-in", {}),
        complete=True,
    ),
    case(
        "poor-hand-redeal-offered-in-legal-bids",
        poor_hand("9H TH 9C TC 9S"),
        next=(1, "bidding", ["pass", "order-up", "order-up-alone", "redeal"]),
    ),
    case(
        "poor-hand-redeal-refused-with-a-queen",
        poor_hand("9H TH 9C QC 9S", bid="1:redeal"),
        [("bad-redeal", 1, None, None)],
    ),
    case(
        "poor-hand-redeal-no-trump-without-the-upcard-suit",
        record(
            options("standard", poor_hand_redeal="no-ace-no-face-no-trump"),
            dealer=0,
            upcard="AS",
            hands={1: "9H TH 9C TC 9D"},
            bid="1:redeal",
        ),
        award=("thrown-in", {}),
    ),
    case(
        "poor-hand-redeal-no-trump-refused-with-the-upcard-suit",
        record(
            options("standard", poor_hand_redeal="no-ace-no-face-no-trump"),
            dealer=0,
            upcard="AS",
            hands={1: "9H TH 9C TC 9S"},
            bid="1:redeal",
        ),
        [("bad-redeal", 1, None, None)],
    ),
    case(
        "poor-hand-redeal-no-trump-refused-with-the-jack-of-its-colour",
        record(
            options("standard", poor_hand_redeal="no-ace-no-face-no-trump"),
            dealer=0,
            upcard="AS",
            hands={1: "9H TH 9C JC 9D"},
            bid="1:redeal",
        ),
        [("bad-redeal", 1, None, None)],
    ),
    case(
        "poor-hand-redeal-off",
        record("standard", dealer=0, upcard="AS", hands={1: "9H TH 9C TC 9D"}, bid="1:redeal"),
        [("bad-redeal", 1, None, None)],
    ),
    case(
        "poor-hand-redeal-after-the-first-round",
        poor_hand("9H TH 9C TC 9D", bid=f"{ROUND_ONE_PASSES} 1:redeal"),
        [("bad-redeal", 1, None, None)],
    ),
    case(
        "poor-hand-redeal-then-a-bid-is-out-of-turn",
        poor_hand("9H TH 9C TC 9D", bid="1:redeal 2:order-up"),
        [("out-of-turn", 2, None, None)],
        award=("thrown-in", {}),
    ),
    # Partner must go alone.
    case(
        "partner-must-go-alone-ordered-up-with-partner",
        record(
            options("standard", partner_must_go_alone=True),
            dealer=0,
            upcard="9H",
            bid="1:pass 2:order-up",
        ),
        [("partner-must-go-alone", 2, None, None)],
    ),
    case(
        "partner-must-go-alone-goes-alone",
        record(
            options("standard", partner_must_go_alone=True),
            dealer=0,
            upcard="9H",
            bid="1:pass 2:order-up-alone",
        ),
        contract=("H", 2, True, None),
        next=(1, "play", None),
    ),
    case(
        "partner-must-go-alone-legal-bids",
        record(
            options("standard", partner_must_go_alone=True), dealer=0, upcard="9H", bid="1:pass"
        ),
        next=(2, "bidding", ["pass", "order-up-alone"]),
    ),
    case(
        "partner-must-go-alone-round-two-call-with-partner",
        record(
            options("standard", partner_must_go_alone=True),
            dealer=0,
            upcard="9H",
            bid=f"{ROUND_ONE_PASSES} 1:pass 2:call:S",
        ),
        contract=("S", 2, False, None),
    ),
    # Two-handed.
    case(
        "two-handed-all-pass-thrown-in",
        record("two-handed", dealer=0, upcard="9H", bid="1:pass 0:pass 1:pass 0:pass"),
        award=("thrown-in", {}),
        complete=True,
        contract=None,
        next=None,
    ),
    case(
        "two-handed-going-alone-not-allowed",
        record("two-handed", dealer=0, upcard="9H", bid="1:order-up-alone"),
        [("alone-not-allowed", 1, None, None)],
    ),
    case(
        "two-handed-legal-bids-have-no-alone",
        record("two-handed", dealer=0, upcard="9H"),
        next=(1, "bidding", ["pass", "order-up"]),
    ),
    case(
        "two-handed-optional-pick-up-left",
        record("two-handed", pickup=False, **NINE_OF_HEARTS_BY_1),
        contract=("H", 1, False, None),
        next=(1, "play", None),
    ),
    case(
        "two-handed-discard-without-pick-up",
        record("two-handed", discard="9C", pickup=False, **NINE_OF_HEARTS_BY_1),
        [("discard-not-allowed", 0, None, "9C")],
    ),
    case(
        "two-handed-upcard-left-cannot-be-played",
        record("two-handed", pickup=False, tricks=("1:AS 0:9H",), **NINE_OF_HEARTS_BY_1),
        [("card-not-held", 0, 1, "9H")],
    ),
    case(
        "standard-dealer-must-pick-up",
        record("standard", pickup=False, **NINE_OF_HEARTS_BY_1),
        [("discard-not-allowed", 0, None, None)],
    ),
    case(
        "three-handed-going-alone-not-allowed",
        record("three-handed", dealer=0, upcard="9H", bid="1:order-up-alone"),
        [("alone-not-allowed", 1, None, None)],
    ),
    # The joker.
    case(
        "joker-upcard-dealer-names-trump-first",
        record("british", dealer=0, upcard="JOKER"),
        next=(0, "bidding", JOKER_CALLS),
    ),
    case(
        "joker-upcard-dealer-calls-and-takes-it",
        record("british", dealer=0, upcard="JOKER", bid="0:call:S"),
        contract=("S", 0, False, None),
        next=(0, "discard", None),
    ),
    case(
        "joker-upcard-another-seat-bids-first",
        record("british", dealer=0, upcard="B", bid="1:pass"),
        [("out-of-turn", 1, None, None)],
    ),
    case(
        "joker-upcard-dealer-passes",
        record("british", dealer=0, upcard="BENNY", bid="0:pass"),
        [("dealer-must-call", 0, None, None)],
    ),
    case(
        "openspiel-dealer-keeps-the-upcard",
        record("openspiel", discard="QH", **HEARTS_BY_1),
        [("discard-not-allowed", 0, None, "QH")],
    ),
    case(
        "standard-dealer-may-discard-the-upcard",
        record("standard", discard="QH", **HEARTS_BY_1),
        next=(1, "play", None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), BIDDING)
def test_bidding_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- going alone and who leads ---------------------------------------------------------------

CANADIAN = options("standard", canadian_loner=True)
LEFT_OF_LONER = options("standard", loner_lead="left-of-loner")
DEFEND = options("standard", defend_alone=True)
DEFEND_PARTNERSHIP = options("openspiel", defend_alone=True)

LEADS = [
    # Seat 1 orders up alone, dealer 0: the seat left of the dealer is the loner itself.
    case(
        "canadian-loner-ordered-up-left-of-loner-leads",
        record(CANADIAN, dealer=0, upcard="9H", bid="1:order-up-alone", discard="9C"),
        next=(2, "play", None),
    ),
    case(
        "canadian-loner-left-of-dealer-leading-is-wrong",
        record(CANADIAN, dealer=0, upcard="9H", bid="1:order-up-alone", tricks=("1:AS",)),
        [("wrong-lead", 1, 1, "AS")],
    ),
    case(
        "canadian-loner-called-in-round-two-left-of-dealer-leads",
        record(CANADIAN, dealer=0, upcard="9H", bid=f"{ROUND_ONE_PASSES} 1:call:S-alone"),
        next=(1, "play", None),
    ),
    case(
        "canadian-loner-called-in-round-two-left-of-loner-leading-is-wrong",
        record(
            CANADIAN,
            dealer=0,
            upcard="9H",
            bid=f"{ROUND_ONE_PASSES} 1:call:S-alone",
            tricks=("2:AD",),
        ),
        [("wrong-lead", 2, 1, "AD")],
    ),
    case(
        "standard-loner-left-of-dealer-leads",
        record("standard", dealer=0, upcard="9H", bid="1:order-up-alone", discard="9C"),
        next=(1, "play", None),
    ),
    # Seat 3 alone, dealer 0: seat 1 (left of the dealer) sits out.
    case(
        "loner-lead-left-of-dealer-skips-the-sitting-out-seat",
        record(
            "standard", dealer=0, upcard="9H", bid="1:pass 2:pass 3:order-up-alone", discard="9C"
        ),
        next=(2, "play", None),
    ),
    case(
        "loner-lead-left-of-dealer-sitting-out-seat-cannot-lead",
        record(
            "standard",
            dealer=0,
            upcard="9H",
            bid="1:pass 2:pass 3:order-up-alone",
            tricks=("1:AS",),
        ),
        [("sitting-out", 1, 1, "AS")],
    ),
    case(
        "loner-lead-left-of-dealer-dealer-leading-is-wrong",
        record(
            "standard",
            dealer=0,
            upcard="9H",
            bid="1:pass 2:pass 3:order-up-alone",
            tricks=("0:AS",),
        ),
        [("wrong-lead", 0, 1, "AS")],
    ),
    case(
        "loner-lead-left-of-loner",
        record(
            LEFT_OF_LONER, dealer=0, upcard="9H", bid="1:pass 2:pass 3:order-up-alone", discard="9C"
        ),
        next=(0, "play", None),
    ),
    case(
        "loner-lead-left-of-loner-left-of-dealer-leading-is-wrong",
        record(
            LEFT_OF_LONER,
            dealer=0,
            upcard="9H",
            bid="1:pass 2:pass 3:order-up-alone",
            tricks=("2:AS",),
        ),
        [("wrong-lead", 2, 1, "AS")],
    ),
    case(
        "loner-lead-left-of-loner-applies-to-round-two-calls",
        record(
            LEFT_OF_LONER, dealer=0, upcard="9H", bid=f"{ROUND_ONE_PASSES} 1:pass 2:call:S-alone"
        ),
        next=(3, "play", None),
    ),
    case(
        "partnership-make-left-of-dealer-leads",
        record(
            LEFT_OF_LONER, dealer=0, upcard="9H", bid="1:pass 2:pass 3:order-up", tricks=("0:AS",)
        ),
        [("wrong-lead", 0, 1, "AS")],
    ),
    case(
        "winner-of-a-trick-leads-the-next",
        record(
            "standard",
            dealer=0,
            contract={"trump": "H", "maker": 1},
            tricks=("1:AS 2:KS 3:9S 0:TS", "2:AD"),
        ),
        [("wrong-lead", 2, 2, "AD")],
        winners=[1, None],
    ),
    case(
        "two-handed-non-dealer-leads",
        record("two-handed", discard="9C", tricks=("1:AS 0:KS",), **NINE_OF_HEARTS_BY_1),
        winners=[1],
        next=(1, "play", None),
    ),
    case(
        "two-handed-dealer-leading-is-wrong",
        record("two-handed", discard="9C", tricks=("0:AS 1:KS",), **NINE_OF_HEARTS_BY_1),
        [("wrong-lead", 0, 1, "AS")],
    ),
    case(
        "dealers-partner-alone-dealer-sits-out-no-discard",
        record("standard", dealer=0, upcard="9C", bid="1:pass 2:order-up-alone"),
        next=(1, "play", None),
    ),
    # Defending alone.
    case(
        "defend-alone-partner-sits-out",
        record(
            DEFEND,
            dealer=0,
            upcard="QH",
            bid="1:order-up-alone 2:defend-alone",
            tricks=("1:9H 2:AH 0:TH",),
        ),
        [("sitting-out", 0, 1, "TH")],
        contract=("H", 1, True, 2),
    ),
    case(
        "defend-alone-not-in-these-rules",
        record("standard", dealer=0, upcard="QH", bid="1:order-up-alone 2:defend-alone"),
        [("alone-not-allowed", 2, None, None)],
    ),
    case(
        "defend-alone-against-partnership-not-allowed",
        record(DEFEND, dealer=0, upcard="QH", bid="1:order-up 2:defend-alone"),
        [("alone-not-allowed", 2, None, None)],
    ),
    case(
        "defend-alone-against-partnership-openspiel",
        record(DEFEND_PARTNERSHIP, dealer=0, upcard="QH", bid="1:order-up 2:defend-alone"),
        contract=("H", 1, False, 2),
    ),
    case(
        "defend-alone-by-the-makers-side",
        record(DEFEND_PARTNERSHIP, dealer=0, upcard="QH", bid="1:order-up 3:defend-alone"),
        [("alone-not-allowed", 3, None, None)],
    ),
    case(
        "defend-alone-before-trump",
        record(DEFEND, dealer=0, upcard="QH", bid="1:defend-alone"),
        [("alone-not-allowed", 1, None, None)],
    ),
    case(
        "defend-alone-twice",
        record(DEFEND, dealer=0, upcard="QH", bid="1:order-up-alone 2:defend-alone 2:defend-alone"),
        [("alone-not-allowed", 2, None, None)],
    ),
    case(
        "loners-partner-bids-after-the-lone-call",
        record("standard", dealer=0, upcard="QH", bid="1:order-up-alone 3:pass"),
        [("sitting-out", 3, None, None)],
    ),
]


@pytest.mark.parametrize(("data", "expect"), LEADS)
def test_lead_and_going_alone_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- reneges ---------------------------------------------------------------------------------


RENEGES = [
    case(
        "renege-by-a-defender-pays-the-makers-2",
        record(hands={2: "AH 9D TD QD KD"}, tricks=("1:KH 2:9D",), **CLUBS_BY_1),
        [("renege", 2, 1, "9D")],
        award=("renege", {1: 2}),
        complete=True,
        next=None,
    ),
    case(
        "renege-by-a-maker-pays-the-defenders-2",
        record(hands={3: "AH 9D TD QD KD"}, tricks=("1:KH 2:QH 3:9D",), **CLUBS_BY_1),
        [("renege", 3, 1, "9D")],
        award=("renege", {0: 2}),
    ),
    case(
        "renege-against-a-loner-pays-4",
        record(hands={2: "AH 9D TD QD KD"}, tricks=("1:KH 2:9D",), **ALONE_CLUBS_BY_1),
        [("renege", 2, 1, "9D")],
        award=("renege", {1: 4}),
    ),
    case(
        "renege-by-a-loner-pays-4",
        record(
            hands={1: "AH 9D TD QD KD"}, tricks=("1:9D 2:JD 0:AD", "0:KH 1:TD"), **ALONE_CLUBS_BY_1
        ),
        [("renege", 1, 2, "TD")],
        award=("renege", {0: 4}),
    ),
    case(
        "renege-with-a-lone-defender-pays-4",
        record(
            DEFEND,
            hands={2: "AH 9D TD QD KD"},
            tricks=("1:KH 2:9D",),
            dealer=0,
            upcard="9C",
            bid="1:order-up-alone 2:defend-alone",
        ),
        [("renege", 2, 1, "9D")],
        award=("renege", {1: 4}),
    ),
    case(
        "renege-penalty-three-handed-maker-pays-both-opponents",
        record(
            "three-handed",
            dealer=2,
            upcard="9C",
            hands={0: "AH 9D TD QD KD"},
            bid="0:order-up",
            tricks=("0:9D 1:JD 2:AD", "2:KH 0:TD"),
        ),
        [("renege", 0, 2, "TD")],
        award=("renege", {1: 2, 2: 2}),
    ),
    case(
        "renege-penalty-three-handed-defender-pays-the-maker",
        record(
            "three-handed",
            dealer=2,
            upcard="9C",
            hands={1: "AH 9D TD QD KD"},
            bid="0:order-up",
            tricks=("0:KH 1:9D",),
        ),
        [("renege", 1, 1, "9D")],
        award=("renege", {0: 2}),
    ),
    case(
        "renege-proven-by-a-later-play",
        record(tricks=("1:KH 2:9D 3:QH 0:TH", "1:AS 2:9H"), **CLUBS_BY_1),
        [("renege", 2, 1, "9D")],
        award=("renege", {1: 2}),
        complete=True,
    ),
    case(
        "renege-by-the-dealer-with-no-discard-proven-by-a-later-play",
        record(
            hands={0: "9S TS AD KD QD"},
            tricks=("1:AS 2:KS 3:JS 0:AD", "1:AC 2:KC 3:QC 0:9S"),
            **HEARTS_BY_1,
        ),
        [("renege", 0, 1, "AD")],
        award=("renege", {1: 2}),
    ),
    case(
        "no-renege-by-the-dealer-with-no-discard-from-dealt-cards-alone",
        record(hands={0: "9S TS AD KD QD"}, tricks=("1:AS 2:KS 3:JS 0:AD",), **HEARTS_BY_1),
        next=(1, "play", None),
    ),
    case(
        # The spec: with no discard reported only the dealer's later plays count, under Uka
        # too, where the dealer may not discard the upcard (a discard not reported may have
        # broken that rule as well).
        "no-renege-by-the-uka-dealer-with-no-discard-from-the-upcard-alone",
        record("uka", dealer=0, upcard="9C", bid="1:order-up", tricks=("1:AC 2:KD 3:QD 0:TS",)),
        next=(1, "play", None),
    ),
    case(
        "no-renege-without-proof",
        record(tricks=("1:KH 2:9D 3:QH 0:TH",), **CLUBS_BY_1),
        winners=[1],
        next=(1, "play", None),
    ),
    case(
        "first-renege-decides-the-award",
        record(tricks=("1:KH 2:9D 3:QS 0:TH", "1:AS 2:9H 3:QH 0:TS"), **CLUBS_BY_1),
        [("renege", 2, 1, "9D"), ("renege", 3, 1, "QS")],
        award=("renege", {1: 2}),
    ),
    case(
        "left-bower-belongs-to-trump-holding-it-is-holding-trump",
        record(hands={2: "JD 9C TC KS AS"}, tricks=("1:AH 2:9C",), **HEARTS_BY_1),
        [("renege", 2, 1, "9C")],
    ),
    case(
        "left-bower-is-not-its-printed-suit",
        record(hands={2: "JD 9D TC KS AS"}, tricks=("1:AD 2:JD",), **HEARTS_BY_1),
        [("renege", 2, 1, "JD")],
    ),
    case(
        "left-bower-played-on-a-trump-lead-follows",
        record(hands={2: "JD 9D TC KS AS"}, tricks=("1:AH 2:JD",), **HEARTS_BY_1),
    ),
    case(
        "joker-belongs-to-trump",
        record(
            "british",
            dealer=0,
            contract={"trump": "S", "maker": 1},
            hands={2: "JOKER 9H TH 9D TD"},
            tricks=("1:AS 2:9H",),
        ),
        [("renege", 2, 1, "9H")],
    ),
    case(
        "joker-outranks-the-right-bower",
        record(
            "british",
            dealer=0,
            contract={"trump": "H", "maker": 1},
            tricks=("1:JH 2:JOKER 3:JD 0:AH",),
        ),
        winners=[2],
        maker_tricks=0,
    ),
    case(
        "joker-not-in-a-24-card-deck",
        record("standard", dealer=0, contract={"trump": "H", "maker": 1}, tricks=("1:JOKER",)),
        [("card-not-in-deck", 1, 1, "JOKER")],
    ),
]


@pytest.mark.parametrize(("data", "expect"), RENEGES)
def test_renege_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


ISSUE_EXAMPLE = record(hands={2: "JD 9C TC KS AS"}, tricks=("1:AH 2:9C",), **HEARTS_BY_1)


def test_left_bower_renege_is_explained_in_table_language() -> None:
    message = referee.check(ISSUE_EXAMPLE).violations[0].message
    assert (
        "Seat 2 played the 9 of clubs on a heart lead while holding the jack of diamonds" in message
    )
    assert "with hearts trump the jack of diamonds is the left bower, a heart" in message
    assert "seat 2 had to play it" in message


def test_left_bower_renege_is_explained_in_korean() -> None:
    message = referee.check(ISSUE_EXAMPLE, lang="ko").violations[0].message
    assert "레프트 바우어" in message
    assert "다이아몬드 잭" in message and "클럽 9" in message


BOWER_LED = record(hands={2: "9H AD KC 9S TS"}, tricks=("1:JD 2:AD",), **HEARTS_BY_1)
JOKER_LED = record(
    "british",
    dealer=0,
    upcard="QH",
    bid="1:order-up",
    hands={2: "9H AD KC 9S TS"},
    tricks=("1:JOKER 2:AD",),
)


@pytest.mark.parametrize(
    ("data", "lang", "said"),
    [
        (
            BOWER_LED,
            "en",
            "on a heart lead (the jack of diamonds, the left bower with hearts trump)",
        ),
        (
            BOWER_LED,
            "ko",
            "리드된 다이아몬드 잭은 하트가 트럼프일 때 레프트 바우어라서 하트입니다.",
        ),
        (JOKER_LED, "en", "on a heart lead (the joker, the highest trump) while holding"),
        (JOKER_LED, "ko", "리드된 조커는 가장 높은 트럼프라서 하트입니다."),
    ],
    ids=["bower-en", "bower-ko", "joker-en", "joker-ko"],
)
def test_a_renege_on_a_bower_or_the_joker_led_says_it_was_a_trump_lead(
    data: dict[str, Any], lang: str, said: str
) -> None:
    """The offender thought the diamond jack led diamonds (or the joker led nothing): the
    ruling says the card led is a heart, as it says of a bower played or held."""
    (renege,) = referee.check(data, lang=lang).violations
    assert renege.code == "renege" and renege.seat == 2
    assert said in renege.message


def test_a_renege_proven_by_a_later_play_names_that_trick() -> None:
    data = record(tricks=("1:KH 2:9D 3:QH 0:TH", "1:AS 2:9H"), **CLUBS_BY_1)
    message = referee.check(data).violations[0].message
    assert "the 9 of diamonds" in message and "the 9 of hearts" in message
    assert "trick 2" in message


# -- records that break the one-deck and turn rules ------------------------------------------

RECORD_FAULTS = [
    case(
        "card-not-in-deck-a-7-dealt-in-a-24-card-game",
        record(hands={1: "7H 9C TC KS AS"}, **HEARTS_BY_1),
        [("card-not-in-deck", 1, None, "7H")],
    ),
    case(
        "card-not-in-deck-a-7-played-in-a-24-card-game",
        record(tricks=("1:7S",), **HEARTS_BY_1),
        [("card-not-in-deck", 1, 1, "7S")],
    ),
    case(
        "card-not-in-deck-a-7-is-fine-in-uka",
        record("uka", tricks=("1:7S",), **HEARTS_BY_1),
    ),
    case(
        "card-not-in-deck-a-7-upcard",
        record(dealer=0, upcard="7H"),
        [("card-not-in-deck", None, None, "7H")],
    ),
    case(
        "card-reused-played-twice",
        record(tricks=("1:AS 2:KS 3:9S 0:TS", "1:AS"), **HEARTS_BY_1),
        [("card-reused", 1, 2, "AS")],
    ),
    case(
        "card-reused-dealt-to-two-seats",
        record(hands={1: "AS", 2: "AS"}, **HEARTS_BY_1),
        [("card-reused", 2, None, "AS")],
    ),
    case(
        "card-reused-upcard-also-in-a-hand",
        record(hands={2: "QH"}, **HEARTS_BY_1),
        [("card-reused", 2, None, "QH")],
    ),
    case(
        "card-not-held-dealt-to-another-seat",
        record(hands={2: "AS 9C TC KS 9D"}, tricks=("1:AS",), **HEARTS_BY_1),
        [("card-not-held", 1, 1, "AS")],
    ),
    case(
        "card-not-held-not-in-a-known-hand",
        record(hands={1: "9S 9C TC KS 9D"}, tricks=("1:AS",), **HEARTS_BY_1),
        [("card-not-held", 1, 1, "AS")],
    ),
    case(
        "card-not-held-the-turned-down-upcard",
        record(dealer=0, upcard="QH", bid=f"{ROUND_ONE_PASSES} 1:call:S", tricks=("1:QH",)),
        [("card-not-held", 1, 1, "QH")],
    ),
    case(
        "card-not-held-the-upcard-the-dealer-took",
        record(tricks=("1:QH",), **HEARTS_BY_1),
        [("card-not-held", 1, 1, "QH")],
    ),
    case(
        "card-not-held-the-dealers-discard",
        record(discard="9S", tricks=("1:AS 2:KS 3:TS 0:9S",), **HEARTS_BY_1),
        [("card-not-held", 0, 1, "9S")],
    ),
    case(
        "the-dealer-plays-the-upcard-it-took",
        record(discard="9S", tricks=("1:AH 2:KH 3:TH 0:QH",), **HEARTS_BY_1),
        winners=[1],
    ),
    case(
        "out-of-turn-bid",
        record(dealer=0, upcard="QH", bid="2:pass"),
        [("out-of-turn", 2, None, None)],
    ),
    case(
        "out-of-turn-bid-after-trump-was-made",
        record(dealer=0, upcard="QH", bid="1:order-up 2:pass"),
        [("out-of-turn", 2, None, None)],
    ),
    case(
        "out-of-turn-play",
        record(tricks=("1:AS 3:KS",), **HEARTS_BY_1),
        [("out-of-turn", 3, 1, "KS")],
    ),
    case(
        "out-of-turn-seat-plays-twice-to-a-trick",
        record(tricks=("1:AS 2:KS 1:QS 3:9S 0:TS",), **HEARTS_BY_1),
        [("out-of-turn", 1, 1, "QS")],
        winners=[1],
    ),
    case(
        "out-of-turn-trick-closed-before-a-seat-played",
        record(tricks=("1:AS 2:KS 3:9S", "1:AD 2:KD 3:9D 0:TD"), **HEARTS_BY_1),
        [("out-of-turn", 0, 1, None)],
    ),
    case(
        "out-of-turn-play-before-trump",
        record(dealer=0, upcard="QH", bid="1:pass", tricks=("1:AS",)),
        [("out-of-turn", 1, 1, "AS")],
    ),
    # A trick has as many plays as seats play the hand; one more is too many.
    case(
        "too-many-cards-a-fifth-card-in-a-four-seat-trick",
        record(tricks=("1:AS 2:KS 3:9S 0:TS 1:QS",), **HEARTS_BY_1),
        [("too-many-cards", 1, 1, "QS")],
        winners=[1],
        next=(1, "play", None),
    ),
    case(
        "too-many-cards-a-fifth-card-by-the-last-seat-to-play",
        record(tricks=("1:AS 2:KS 3:9S 0:TS 0:QS", "1:AD 2:KD 3:9D 0:TD"), **HEARTS_BY_1),
        [("too-many-cards", 0, 1, "QS")],
        winners=[1, 1],
    ),
    case(
        "too-many-cards-a-fourth-card-against-a-loner",
        record(dealer=0, upcard="QH", bid="1:order-up-alone", tricks=("1:AS 2:KS 0:TS 1:QS",)),
        [("too-many-cards", 1, 1, "QS")],
        winners=[1],
    ),
    case(
        "too-many-cards-not-for-the-loners-partner-who-sits-out",
        record(dealer=0, upcard="QH", bid="1:order-up-alone", tricks=("1:AS 2:KS 0:TS 3:QS",)),
        [("sitting-out", 3, 1, "QS")],
        winners=[1],
    ),
    case(
        "too-many-cards-a-third-card-in-two-handed",
        record("two-handed", discard="9C", tricks=("1:AS 0:KS 1:QS",), **NINE_OF_HEARTS_BY_1),
        [("too-many-cards", 1, 1, "QS")],
        winners=[1],
        next=(1, "play", None),
    ),
    case(
        "too-many-cards-a-fourth-card-in-three-handed",
        record(
            "three-handed",
            dealer=2,
            upcard="9C",
            bid="0:order-up",
            discard="TD",
            tricks=("0:AS 1:KS 2:9S 0:QS",),
        ),
        [("too-many-cards", 0, 1, "QS")],
        winners=[0],
    ),
    case(
        "too-many-cards-a-sixth-card",
        all_five("standard")
        | {"hands": {}, "tricks": [trick(t) for t in (*ALL_FIVE_TRICKS, "0:9H")]},
        [("too-many-cards", 0, 6, "9H")],
    ),
    case(
        "contract-mismatch-other-trump",
        record(contract={"trump": "S", "maker": 1}, **HEARTS_BY_1),
        [("contract-mismatch", None, None, None)],
    ),
    case(
        "contract-mismatch-other-maker",
        record(contract={"trump": "H", "maker": 3}, **HEARTS_BY_1),
        [("contract-mismatch", None, None, None)],
    ),
    case(
        "contract-mismatch-alone",
        record(contract={"trump": "H", "maker": 1, "alone": True}, **HEARTS_BY_1),
        [("contract-mismatch", None, None, None)],
    ),
    case(
        "contract-mismatch-after-a-thrown-in-hand",
        record(
            options("standard", stuck_dealer="redeal"),
            dealer=0,
            upcard="TD",
            bid=f"{SEVEN_PASSES} 0:pass",
            contract={"trump": "S", "maker": 1},
        ),
        [("contract-mismatch", None, None, None)],
        award=("thrown-in", {}),
    ),
    case(
        "claim-of-points-for-a-thrown-in-hand",
        record(
            options("standard", stuck_dealer="redeal"),
            dealer=0,
            upcard="TD",
            bid=f"{SEVEN_PASSES} 0:pass",
            claim={"points": {"0": 1}},
        ),
        [("claim-mismatch", None, None, None)],
    ),
    # A discard with no pick-up, wherever the reported bids show none happened.
    case(
        "discard-not-allowed-after-a-round-two-call",
        record(dealer=0, upcard="TD", bid=f"{ROUND_ONE_PASSES} 1:call:S", discard="9C"),
        [("discard-not-allowed", 0, None, "9C")],
        next=(1, "play", None),
    ),
    case(
        "discard-not-allowed-after-the-stuck-dealer-calls",
        record(dealer=0, upcard="TD", bid=f"{SEVEN_PASSES} 0:call:S", discard="TD"),
        [("discard-not-allowed", 0, None, "TD")],
        contract=("S", 0, False, None),
    ),
    case(
        "discard-not-allowed-while-the-bidding-is-open",
        record(dealer=0, upcard="QH", bid="1:pass 2:pass", discard="9C"),
        [("discard-not-allowed", 0, None, "9C")],
        contract=None,
        next=(3, "bidding", ["pass", "order-up", "order-up-alone"]),
    ),
    case(
        "discard-not-allowed-before-the-first-bid",
        record(dealer=0, upcard="QH", bid="", discard="9C"),
        [("discard-not-allowed", 0, None, "9C")],
        next=(1, "bidding", ["pass", "order-up", "order-up-alone"]),
    ),
    case(
        "discard-not-allowed-in-round-two-before-a-call",
        record(dealer=0, upcard="QH", bid=f"{ROUND_ONE_PASSES} 1:pass", discard="QH"),
        [("discard-not-allowed", 0, None, "QH")],
        next=(2, "bidding", ["pass", *CALLS_BUT_HEARTS]),
    ),
    case(
        "discard-not-allowed-after-the-stuck-dealers-pass",
        record(dealer=0, upcard="TD", bid=f"{SEVEN_PASSES} 0:pass", discard="9C"),
        [("dealer-must-call", 0, None, None), ("discard-not-allowed", 0, None, "9C")],
        next=(0, "bidding", CALLS_BUT_DIAMONDS),
    ),
    case(
        "discard-not-allowed-under-a-joker-upcard-before-the-call",
        record("british", dealer=0, upcard="JOKER", bid="", discard="9C"),
        [("discard-not-allowed", 0, None, "9C")],
        next=(0, "bidding", JOKER_CALLS),
    ),
    case(
        "discard-not-allowed-after-a-throw-in",
        record(
            options("standard", stuck_dealer="redeal"),
            dealer=0,
            upcard="TD",
            bid=f"{SEVEN_PASSES} 0:pass",
            discard="9C",
        ),
        [("discard-not-allowed", 0, None, "9C")],
        award=("thrown-in", {}),
        complete=True,
        next=None,
    ),
    case(
        "discard-not-allowed-two-handed-thrown-in",
        record(
            "two-handed", dealer=1, upcard="9H", bid="0:pass 1:pass 0:pass 1:pass", discard="9H"
        ),
        [("discard-not-allowed", 1, None, "9H")],
        award=("thrown-in", {}),
    ),
    case(
        "discard-not-allowed-after-a-poor-hand-redeal",
        poor_hand("9H TH 9C TC 9S", bid="1:redeal", discard="9D"),
        [("discard-not-allowed", 0, None, "9D")],
        award=("thrown-in", {}),
    ),
    # Trump unreported, not unmade: the discard says the dealer took the upcard, so play comes
    # next, not bidding; its first lead is named only where no seat may be sitting out.
    case(
        "discard-without-bids-not-judged",
        record(dealer=0, upcard="QH", discard="9C"),
        next=None,
    ),
    case(
        "discard-without-bids-play-comes-next",
        record(options("standard", going_alone=False), dealer=0, upcard="QH", discard="9C"),
        next=(1, "play", None),
    ),
    case(
        "discard-without-bids-under-an-auction-is-refused-and-bidding-comes-next",
        record("bid-euchre", dealer=0, discard="9C"),
        [("discard-not-allowed", 0, None, "9C")],
        next=(1, "bidding", ["pass", "bid:3", "bid:4", "bid:5", "bid:6", "moon"]),
    ),
    case(
        "discard-after-an-order-up-is-fine",
        record(dealer=0, upcard="QH", bid="1:pass 2:order-up", discard="9C"),
        next=(1, "play", None),
    ),
    case(
        "contract-agreeing-with-the-bids",
        record(contract={"trump": "H", "maker": 1, "alone": False}, **HEARTS_BY_1),
        contract=("H", 1, False, None),
    ),
    case(
        "contract-without-bids",
        record(dealer=0, contract={"trump": "S", "maker": 2, "alone": True}),
        contract=("S", 2, True, None),
        next=(1, "play", None),
    ),
    case(
        "lenient-card-spellings",
        {
            "dealer": 0,
            "upcard": "Q♥",
            "hands": {"1": ["10♥", "jd", "9c", "Ks", " AS "]},
            "bids": [{"seat": 1, "action": "order-up"}],
            "tricks": [[{"seat": 1, "card": "10h"}]],
        },
        contract=("H", 1, False, None),
        next=(2, "play", None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), RECORD_FAULTS)
def test_record_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- the next seat's legal cards -------------------------------------------------------------
# A seat's cards are known from its reported dealt cards and the cards it plays; the dealer
# who took the upcard holds it, less the reported discard. A card the record disputes (played
# by another seat, played twice) is not known. Hearts are trump, ordered up by seat 1.

LEGAL_CARDS = [
    case(
        "legal-cards-known-from-dealt-cards-and-the-seats-own-plays",
        record(
            hands={2: "AH 9D TD"},
            discard="9S",
            tricks=("1:KS 2:QS 3:AS 0:TS", "3:9C 0:JC 1:AC 2:TC", "1:AD"),
            **HEARTS_BY_1,
        ),
        winners=[3, 1, None],
        maker_tricks=2,
        next=(2, "play", hand("9D TD")),
    ),
    case(
        "legal-cards-the-left-bower-must-follow-a-trump-lead",
        record(
            hands={2: "JD 9D AS"},
            discard="9C",
            tricks=("1:KC 2:QC 3:AC 0:TC", "3:9S 0:JS 1:KS 2:TS", "1:KH"),
            **HEARTS_BY_1,
        ),
        winners=[3, 1, None],
        next=(2, "play", hand("JD")),
    ),
    case(
        "legal-cards-a-full-reported-hand-follows-suit",
        record(hands={2: "AH 9D TD 9S KC"}, discard="9C", tricks=("1:KS",), **HEARTS_BY_1),
        next=(2, "play", hand("9S")),
    ),
    case(
        "legal-cards-a-full-reported-hand-void-in-the-led-suit",
        record(hands={2: "AH 9D TD JC KC"}, discard="9C", tricks=("1:AS",), **HEARTS_BY_1),
        next=(2, "play", hand("AH 9D TD JC KC")),
    ),
    case(
        "legal-cards-the-dealer-holds-the-upcard-it-kept",
        record(hands={0: "AH 9D TD KC"}, discard="9C", tricks=("1:9H 2:TH 3:KH",), **HEARTS_BY_1),
        next=(0, "play", hand("AH QH")),
    ),
    case(
        "legal-cards-the-dealer-void-in-the-led-suit-may-play-any",
        record(hands={0: "AH 9D TD KC"}, discard="9C", tricks=("1:KS 2:QS 3:AS",), **HEARTS_BY_1),
        next=(0, "play", hand("AH 9D TD KC QH")),
    ),
    case(
        "legal-cards-the-dealer-who-discarded-the-upcard-keeps-the-dealt-cards",
        record(
            hands={0: "AH 9D TD KC 9S"}, discard="QH", tricks=("1:KS 2:QS 3:AS",), **HEARTS_BY_1
        ),
        next=(0, "play", hand("9S")),
    ),
    case(
        "legal-cards-the-dealer-known-from-the-upcard-and-four-plays",
        record(
            discard="AH",
            tricks=(
                "1:AS 2:9S 3:TS 0:KS",
                "1:AC 2:9C 3:TC 0:KC",
                "1:AD 2:9D 3:TD 0:KD",
                "1:QS 2:JS 3:JC 0:QC",
                "1:QD 2:JD 3:9H",
            ),
            **HEARTS_BY_1,
        ),
        winners=[1, 1, 1, 1, None],
        maker_tricks=4,
        next=(0, "play", hand("QH")),
    ),
    case(
        "legal-cards-not-known-for-the-dealer-without-a-reported-discard",
        record(hands={0: "AH 9D TD KC 9S"}, tricks=("1:KS 2:QS 3:AS",), **HEARTS_BY_1),
        next=(0, "play", None),
    ),
    case(
        "legal-cards-not-known-when-another-seat-plays-a-dealt-card",
        record(
            hands={2: "AH 9D TD QD KD"},
            discard="9C",
            tricks=("1:AS 2:9D 3:KD 0:TS", "1:KS"),
            **HEARTS_BY_1,
        ),
        [("card-not-held", 3, 1, "KD")],
        next=(2, "play", None),
    ),
    case(
        "legal-cards-not-known-when-a-shown-card-is-played-twice",
        record(
            hands={2: "AH 9D TD"},
            discard="9S",
            tricks=("1:KS 2:QS 3:AS 0:TS", "3:9C 0:JC 1:AC 2:TC", "1:QS"),
            **HEARTS_BY_1,
        ),
        [("card-reused", 1, 3, "QS")],
        next=(2, "play", None),
    ),
    case(
        "legal-cards-not-known-from-four-cards",
        record(
            hands={2: "AH 9D TD"},
            discard="9S",
            tricks=("1:KS 2:QS 3:AS 0:TS", "3:9C"),
            **HEARTS_BY_1,
        ),
        next=(0, "play", None),
    ),
    case(
        "legal-cards-of-the-first-leader-known-from-the-dealt-hand",
        record(hands={1: "AS KS QS JS TS"}, discard="9C", **HEARTS_BY_1),
        next=(1, "play", hand("AS KS QS JS TS")),
    ),
    case(
        "legal-cards-two-handed-known-from-plays",
        record(
            "two-handed",
            hands={1: "AS KS QS"},
            discard="9C",
            tricks=("1:AD 0:KD", "1:TH 0:AH", "0:9S"),
            **NINE_OF_HEARTS_BY_1,
        ),
        winners=[1, 0, None],
        next=(1, "play", hand("AS KS QS")),
    ),
]


@pytest.mark.parametrize(("data", "expect"), LEGAL_CARDS)
def test_legal_cards_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- an upcard ordered up but not reported ---------------------------------------------------
# The order-up still makes trump: the bidder's side are the makers, the suit is the upcard's,
# unknown until a record reports it. The trump may be any suit with a card the record gives to
# no seat; a breach is ruled when it is one under every such suit, and a trick's winner, the
# next seat and its legal cards are reported when every such suit gives the same.

ORDERED_UNSEEN = {"dealer": 0, "bid": "1:order-up"}

UPCARD_UNREPORTED = [
    case(
        "upcard-unreported-order-up-makes-the-bidders-side-the-makers",
        record(**ORDERED_UNSEEN),
        contract=(None, 1, False, None),
        complete=False,
        award=None,
        maker_tricks=0,
        next=(0, "discard", None),
    ),
    case(
        "upcard-unreported-the-first-lead-is-in-turn",
        record(tricks=("1:AS",), **ORDERED_UNSEEN),
        contract=(None, 1, False, None),
        next=(2, "play", None),
    ),
    case(
        "upcard-unreported-a-wrong-first-lead-is-flagged",
        record(discard="9C", tricks=("2:AS",), **ORDERED_UNSEEN),
        [("wrong-lead", 2, 1, "AS")],
    ),
    case(
        "upcard-unreported-a-play-out-of-turn-is-flagged",
        record(discard="9C", tricks=("1:AS 3:KS",), **ORDERED_UNSEEN),
        [("out-of-turn", 3, 1, "KS")],
    ),
    case(
        "upcard-unreported-a-card-dealt-to-another-seat-is-flagged",
        record(hands={2: "AS 9C TC KS 9D"}, tricks=("1:AS",), **ORDERED_UNSEEN),
        [("card-not-held", 1, 1, "AS")],
    ),
    case(
        "upcard-unreported-the-dealers-discard-cannot-be-played",
        record(discard="9S", tricks=("1:AS 2:KS 3:TS 0:9S",), **ORDERED_UNSEEN),
        [("card-not-held", 0, 1, "9S")],
    ),
    case(
        "upcard-unreported-too-many-cards-is-flagged",
        record(discard="9C", tricks=("1:AS 2:KS 3:9S 0:TS 1:QS",), **ORDERED_UNSEEN),
        [("too-many-cards", 1, 1, "QS")],
    ),
    case(
        # Only with hearts trump is the jack of diamonds a heart.
        "upcard-unreported-a-renege-that-needs-a-left-bower-held-is-not-ruled",
        record(hands={2: "JD 9C TC KS AS"}, tricks=("1:AH 2:9C",), **ORDERED_UNSEEN),
        complete=False,
        next=(3, "play", None),
    ),
    case(
        # With hearts trump the jack of diamonds is a heart and follows the heart lead.
        "upcard-unreported-a-left-bower-played-that-follows-under-one-trump-is-not-a-renege",
        record(hands={2: "TH"}, tricks=("1:9H 2:JD",), **ORDERED_UNSEEN),
        complete=False,
        award=None,
        next=(3, "play", None),
    ),
    case(
        # A nine of clubs is a club, a queen of clubs too, a nine of hearts never one.
        "upcard-unreported-a-plain-suit-renege-is-a-renege-whatever-trump-is",
        record(hands={2: "QC 9H TH KS AS"}, discard="9D", tricks=("1:9C 2:9H",), **ORDERED_UNSEEN),
        [("renege", 2, 1, "9H")],
        contract=(None, 1, False, None),
        complete=True,
        award=("renege", {1: 2}),
        next=None,
    ),
    case(
        "upcard-unreported-a-heart-lead-renege-holding-a-plain-heart",
        record(hands={2: "KH 9C TC KS AS"}, tricks=("1:AH 2:9C",), **ORDERED_UNSEEN),
        [("renege", 2, 1, "9C")],
        complete=True,
        award=("renege", {1: 2}),
    ),
    case(
        "upcard-unreported-a-renege-proven-by-a-later-play-whatever-trump-is",
        record(discard="9D", tricks=("1:9C 2:9H 3:TC 0:AC", "2:QC"), **ORDERED_UNSEEN),
        [("renege", 2, 1, "9H")],
        complete=True,
        award=("renege", {1: 2}),
    ),
    case(
        # Every spade is given to a seat (dealt or played by someone other than the dealer), so
        # the upcard was no spade; under clubs, diamonds or hearts the jack of clubs is a club.
        "upcard-unreported-a-suit-whose-cards-all-show-elsewhere-is-not-trump",
        record(
            hands={2: "AS", 3: "TS JS QS KS 9H"},
            discard="9D",
            tricks=("1:9S 2:JC",),
            **ORDERED_UNSEEN,
        ),
        [("renege", 2, 1, "JC")],
        complete=True,
        award=("renege", {1: 2}),
    ),
    case(
        # The same play while a spade may be the upcard: with spades trump the jack of clubs
        # is the left bower and follows the spade lead.
        "upcard-unreported-a-left-bower-that-follows-if-spades-are-trump-is-not-a-renege",
        record(hands={2: "AS"}, discard="9D", tricks=("1:9S 2:JC",), **ORDERED_UNSEEN),
        complete=False,
        next=(3, "play", None),
    ),
    case(
        # With clubs trump seat 3 (a maker) reneges first, playing the left bower on a spade
        # lead while holding the ten of spades; under the other suits seat 0 (a defender) is
        # the first, on trick 2. Seat 0's renege is ruled; who scores it waits for the trump.
        "upcard-unreported-a-renege-whose-award-hinges-on-trump-waits-for-it",
        record(
            hands={0: "TD", 3: "TS"},
            discard="AH",
            tricks=("1:9S 2:QS 3:JS 0:KS", "3:9D 0:9C"),
            **ORDERED_UNSEEN,
        ),
        [("renege", 0, 2, "9C")],
        complete=False,
        award=None,
        next=(1, "play", None),
    ),
    case(
        # Seat 3 (a maker) reneges on trick 2 whatever trump is. But with hearts trump the
        # dealer (a defender) held the upcard, a heart, when it played a spade to the heart
        # lead of trick 1: that earlier renege, for the other side, would be proven by the
        # upcard. Who scores waits for it.
        "upcard-unreported-a-renege-the-upcard-may-show-an-earlier-one-for-waits-for-it",
        record(
            hands={0: "9S TS JS QS KS", 3: "KD"},
            discard="KS",
            tricks=("1:KH 2:9H 3:TH 0:9S", "1:9D 2:AD 3:QC"),
            **ORDERED_UNSEEN,
        ),
        [("renege", 3, 2, "QC")],
        complete=False,
        award=None,
    ),
    case(
        # The same, but the dealer followed the heart lead (its ace of hearts may be the
        # upcard): no earlier renege can hide, so seat 3's renege scores for the defenders.
        "upcard-unreported-a-renege-nothing-unreported-can-precede-fixes-the-award",
        record(
            hands={0: "9S TS JS QS KS", 3: "KD"},
            discard="KS",
            tricks=("1:KH 2:9H 3:TH 0:AH", "0:9D 1:TD 2:AD 3:QC"),
            **ORDERED_UNSEEN,
        ),
        [("renege", 3, 2, "QC")],
        winners=[0, None],
        complete=True,
        award=("renege", {0: 2}),
    ),
    case(
        "upcard-unreported-a-trick-won-by-the-same-seat-under-every-trump",
        record(discard="9C", tricks=("1:AS 2:KS 3:9S 0:TS",), **ORDERED_UNSEEN),
        winners=[1],
        maker_tricks=1,
        complete=False,
        next=(1, "play", None),
    ),
    case(
        # With hearts trump seat 2's nine of hearts takes the trick; otherwise seat 1's ace.
        "upcard-unreported-a-trick-won-by-a-trump-of-one-suit-waits-for-it",
        record(discard="9C", tricks=("1:AS 2:9H 3:9S 0:TS",), **ORDERED_UNSEEN),
        winners=[None],
        maker_tricks=None,
        complete=False,
        next=None,
    ),
    case(
        "upcard-unreported-the-next-lead-is-judged-when-every-trump-gives-the-same-winner",
        record(discard="9C", tricks=("1:AS 2:KS 3:9S 0:TS", "2:AD 3:KD"), **ORDERED_UNSEEN),
        [("wrong-lead", 2, 2, "AD")],
        winners=[1, None],
        next=(0, "play", None),
    ),
    case(
        "upcard-unreported-the-next-lead-is-not-judged-when-its-winner-needs-trump",
        record(discard="9C", tricks=("1:AS 2:9H 3:9S 0:TS", "2:AD 3:KD"), **ORDERED_UNSEEN),
        winners=[None, None],
        next=(0, "play", None),
    ),
    case(
        # Seat 1 or seat 2 took trick 1, whichever the trump; never seat 3.
        "upcard-unreported-a-lead-by-a-seat-that-won-under-no-trump-is-wrong",
        record(discard="9C", tricks=("1:AS 2:9H 3:9S 0:TS", "3:AD"), **ORDERED_UNSEEN),
        [("wrong-lead", 3, 2, "AD")],
        winners=[None, None],
        next=(0, "play", None),
    ),
    case(
        "upcard-unreported-five-tricks-played-still-wait-for-trump",
        all_five("standard") | {"upcard": None},
        contract=(None, 0, False, None),
        complete=False,
        award=None,
        maker_tricks=None,
        next=None,
    ),
    case(
        "upcard-unreported-the-leaders-cards-are-all-legal",
        record(hands={1: "AS KS QS JS TS"}, discard="9C", **ORDERED_UNSEEN),
        next=(1, "play", hand("AS KS QS JS TS")),
    ),
    case(
        # The nine of spades is seat 2's only spade, and no trump makes another card one.
        "upcard-unreported-a-followers-cards-when-every-trump-gives-the-same",
        record(hands={2: "AH 9D TD 9S KC"}, discard="9C", tricks=("1:KS",), **ORDERED_UNSEEN),
        next=(2, "play", hand("9S")),
    ),
    case(
        # With spades trump the jack of clubs is a spade and must follow; else anything goes.
        "upcard-unreported-a-followers-cards-wait-for-trump-when-a-bower-decides",
        record(hands={2: "JC 9D TD AH KC"}, discard="9C", tricks=("1:KS",), **ORDERED_UNSEEN),
        next=(2, "play", None),
    ),
    case(
        "upcard-unreported-the-dealers-card-beyond-its-hand-may-be-the-upcard",
        record(
            hands={0: "9C TC JC QC KC"},
            discard="9C",
            tricks=("1:AS 2:KS 3:QS 0:AH",),
            **ORDERED_UNSEEN,
        ),
    ),
    case(
        # The upcard is a heart or a diamond, not both: one of these is held, the other not.
        "upcard-unreported-one-card-of-each-suit-beyond-the-dealers-hand-names-neither",
        record(
            hands={0: "9C TC JC QC KC"},
            discard="9C",
            tricks=("1:AS 2:KS 3:QS 0:AH", "0:AD"),
            **ORDERED_UNSEEN,
        ),
    ),
    case(
        # Either may be the upcard: which card of its suit it was, the record does not say.
        "upcard-unreported-two-cards-of-a-suit-beyond-the-dealers-hand-names-neither",
        record(
            hands={0: "9C TC JC QC KC"},
            discard="9C",
            tricks=("1:AS 2:KS 3:QS 0:AH", "0:KH"),
            **ORDERED_UNSEEN,
        ),
    ),
    case(
        # With hearts trump the upcard was a heart: the ace of diamonds is not the dealer's.
        "upcard-unreported-with-the-contracts-trump-a-card-of-another-suit-is-not-the-upcard",
        record(
            hands={0: "9C TC JC QC KC"},
            discard="9C",
            contract={"trump": "H", "maker": 1},
            tricks=("1:AS 2:KS 3:QS 0:AH", "0:AD"),
            **ORDERED_UNSEEN,
        ),
        [("card-not-held", 0, 2, "AD")],
    ),
    case(
        "upcard-unreported-with-the-contracts-trump-a-discard-of-another-suit-is-not-held",
        record(
            hands={0: "9C TC JC QC KC"},
            discard="AD",
            contract={"trump": "H", "maker": 1},
            **ORDERED_UNSEEN,
        ),
        [("card-not-held", 0, None, "AD")],
    ),
    case(
        "upcard-unreported-a-discard-beyond-the-dealers-hand-may-be-the-upcard",
        record(hands={0: "9C TC JC QC KC"}, discard="AH", **ORDERED_UNSEEN),
        next=(1, "play", None),
    ),
    case(
        "upcard-unreported-alone",
        record(dealer=0, bid="1:order-up-alone", discard="9C"),
        contract=(None, 1, True, None),
        next=(1, "play", None),
    ),
    case(
        "upcard-unreported-the-dealers-partner-alone-dealer-sits-out",
        record(dealer=0, bid="1:pass 2:order-up-alone"),
        contract=(None, 2, True, None),
        next=(1, "play", None),
    ),
    case(
        "upcard-unreported-defend-alone",
        record(DEFEND, dealer=0, bid="1:order-up-alone 2:defend-alone"),
        contract=(None, 1, True, 2),
    ),
    case(
        "upcard-unreported-a-bid-after-the-order-up-is-out-of-turn",
        record(dealer=0, bid="1:order-up 2:pass"),
        [("out-of-turn", 2, None, None)],
        contract=(None, 1, False, None),
    ),
    case(
        "upcard-unreported-partner-must-go-alone-is-flagged",
        record(options("standard", partner_must_go_alone=True), dealer=0, bid="1:pass 2:order-up"),
        [("partner-must-go-alone", 2, None, None)],
        contract=(None, 2, False, None),
    ),
    case(
        "upcard-unreported-uka-must-hold-suit-waits-for-trump",
        record("uka", hands={1: "9C TC JC QC KC"}, **ORDERED_UNSEEN),
        contract=(None, 1, False, None),
    ),
    case(
        # Every club is dealt, so the upcard was no club, and seat 1 holds only clubs: no
        # diamond, heart or spade (the jack of clubs, a spade under spades, is seat 3's).
        "upcard-unreported-uka-must-hold-suit-when-no-possible-suit-is-held",
        record("uka", hands={1: "9C TC QC KC AC", 3: "7C 8C JC 7D 8D"}, **ORDERED_UNSEEN),
        [("must-hold-suit", 1, None, None)],
        contract=(None, 1, False, None),
    ),
    case(
        "upcard-unreported-uka-must-hold-suit-the-left-bower-of-a-possible-suit-counts",
        record("uka", hands={1: "9C TC JC KC AC", 3: "7C 8C QC 7D 8D"}, **ORDERED_UNSEEN),
        contract=(None, 1, False, None),
    ),
    case(
        # Only hearts are left for the upcard: every club, diamond and spade is dealt. So the
        # jack of diamonds is the left bower: seat 2, holding no heart, may play any card
        # (with diamonds trump it would have had to play a diamond), and it wins the trick.
        "upcard-unreported-the-record-leaves-one-suit-for-it",
        record(
            hands={
                0: "9C TC JC QC KC",
                1: "AC 9D TD JD QD",
                2: "KD AD 9S TS JS",
                3: "QS KS AS 9H TH",
            },
            discard="9C",
            tricks=("1:JD 2:9S 3:9H 0:TC",),
            **ORDERED_UNSEEN,
        ),
        contract=("H", 1, False, None),
        winners=[1],
        next=(1, "play", hand("AC 9D TD QD")),
    ),
    case(
        "upcard-unreported-uka-stuck-dealer-takes-it",
        record(UKA_STUCK, dealer=0, bid=f"{SEVEN_PASSES} 0:order-up"),
        contract=(None, 0, False, None),
        next=(0, "discard", None),
    ),
    case(
        "upcard-unreported-order-up-in-round-two-is-flagged-and-applied",
        record(dealer=0, bid=f"{ROUND_ONE_PASSES} 1:order-up"),
        [("bid-not-allowed", 1, None, None)],
        contract=(None, 1, False, None),
    ),
    case(
        "upcard-unreported-the-contract-gives-the-trump",
        record(contract={"trump": "H", "maker": 1}, **ORDERED_UNSEEN),
        contract=("H", 1, False, None),
        next=(0, "discard", None),
    ),
    case(
        "upcard-unreported-a-contract-for-another-maker-is-a-mismatch",
        record(contract={"trump": "H", "maker": 3}, **ORDERED_UNSEEN),
        [("contract-mismatch", None, None, None)],
        contract=("H", 1, False, None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), UPCARD_UNREPORTED)
def test_upcard_unreported_ruling(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


def test_a_renege_whatever_the_upcard_names_the_lead_and_the_proof() -> None:
    data = record(discard="9D", tricks=("1:9C 2:9H 3:TC 0:AC", "2:QC"), **ORDERED_UNSEEN)
    assert referee.check(data).violations[0].message == (
        "Seat 2 played the 9 of hearts on a trick led with the 9 of clubs, while holding the "
        "queen of clubs (they played it in trick 2): whatever the unreported upcard was, that card "
        "is of the led suit, so seat 2 had to follow suit."
    )
    assert (
        referee.check(data, lang="ko")
        .violations[0]
        .message.startswith(
            "2번 자리가 클럽 9로 리드된 트릭에 하트 9를 냈지만 클럽 퀸(두 번째 트릭에서 냈습니다)을 "
            "가지고 있었습니다."
        )
    )


def test_a_wrong_lead_whatever_the_upcard_names_no_rightful_leader() -> None:
    data = record(discard="9C", tricks=("1:AS 2:9H 3:9S 0:TS", "3:AD"), **ORDERED_UNSEEN)
    assert referee.check(data).violations[0].message == (
        "Seat 3 led trick 2, but the winner of the last trick leads, and whatever the unreported "
        "upcard was, seat 3 did not win it."
    )


def test_a_wrong_lead_with_the_same_winner_under_every_trump_names_it() -> None:
    data = record(discard="9C", tricks=("1:AS 2:KS 3:9S 0:TS", "2:AD"), **ORDERED_UNSEEN)
    message = referee.check(data).violations[0].message
    assert (
        message
        == "Seat 2 led trick 2, but seat 1 had the lead: the winner of the last trick leads."
    )


def test_the_guard_a_renege_under_one_trump_only_is_one_when_that_trump_is_reported() -> None:
    # The left bower case above is not ruled with the upcard unreported, but is with it.
    data = record(hands={2: "JD 9C TC KS AS"}, tricks=("1:AH 2:9C",), **ORDERED_UNSEEN)
    assert not referee.check(data).violations
    assert [v.code for v in referee.check(data | {"upcard": "QH"}).violations] == ["renege"]


# -- quick entry -----------------------------------------------------------------------------


def ruleset(preset: str, **changes: object) -> Ruleset:
    return Ruleset.parse({"preset": preset, **changes}) if changes else Ruleset.parse(preset)


QUICK = [
    # preset, options, maker, maker tricks, alone, lone defender -> reason, points
    ("standard", {}, 0, 3, False, None, "make", {0: 1}),
    ("standard", {}, 2, 4, False, None, "make", {0: 1}),
    ("standard", {}, 1, 5, False, None, "march", {1: 2}),
    ("standard", {}, 1, 2, False, None, "euchre", {0: 2}),
    ("standard", {}, 0, 0, False, None, "euchre", {1: 2}),
    ("standard", {}, 3, 3, True, None, "lone-make", {1: 1}),
    ("standard", {}, 3, 4, True, None, "lone-make", {1: 1}),
    ("standard", {}, 3, 5, True, None, "lone-march", {1: 4}),
    ("standard", {}, 3, 2, True, None, "lone-euchre", {0: 2}),
    ("standard", {"defend_alone": True}, 1, 2, True, 2, "defend-alone-euchre", {0: 4}),
    ("standard", {"defend_alone": True}, 1, 3, True, 0, "lone-make", {1: 1}),
    ("standard", {"defend_alone": True}, 1, 5, True, 0, "lone-march", {1: 4}),
    ("uka", {}, 0, 3, False, None, "make", {0: 1}),
    ("uka", {}, 0, 5, False, None, "march", {0: 3}),
    ("uka", {}, 1, 1, False, None, "euchre", {0: 2}),
    ("uka", {}, 1, 5, True, None, "lone-march", {1: 4}),
    ("uka", {}, 1, 4, True, None, "lone-euchre", {0: 4}),
    ("uka", {}, 1, 3, True, None, "lone-euchre", {0: 4}),
    ("uka", {}, 1, 0, True, None, "lone-euchre", {0: 4}),
    ("two-handed", {}, 0, 3, False, None, "make", {0: 1}),
    ("two-handed", {}, 0, 5, False, None, "march", {0: 2}),
    ("two-handed", {}, 1, 2, False, None, "euchre", {0: 2}),
    ("three-handed", {}, 2, 3, False, None, "make", {2: 1}),
    ("three-handed", {}, 0, 5, False, None, "march", {0: 3}),
    ("three-handed", {}, 1, 2, False, None, "euchre", {0: 2, 2: 2}),
    ("three-handed", {}, 2, 0, False, None, "euchre", {0: 2, 1: 2}),
    ("british", {}, 1, 3, False, None, "make", {1: 1}),
    ("british", {}, 1, 5, False, None, "march", {1: 2}),
    ("british", {}, 0, 5, True, None, "lone-march", {0: 4}),
    ("british", {}, 0, 1, True, None, "lone-euchre", {1: 2}),
    ("openspiel", {}, 2, 4, False, None, "make", {0: 1}),
    ("openspiel", {}, 2, 2, False, None, "euchre", {1: 2}),
    ("openspiel", {"defend_alone": True}, 2, 2, False, 1, "defend-alone-euchre", {1: 4}),
    ("openspiel", {"defend_alone": True}, 2, 5, False, 1, "march", {0: 2}),
]


@pytest.mark.parametrize(
    ("preset", "changes", "maker", "tricks", "alone", "defender", "reason", "points"),
    QUICK,
    ids=[
        f"{p}{'+' + '+'.join(c) if c else ''}-maker{m}-{t}-tricks{'-alone' if a else ''}"
        f"{'-lone-defender' if d is not None else ''}"
        for p, c, m, t, a, d, _, _ in QUICK
    ],
)
def test_quick_entry_score(
    preset: str,
    changes: dict[str, object],
    maker: int,
    tricks: int,
    alone: bool,
    defender: int | None,
    reason: str,
    points: dict[int, int],
) -> None:
    award = referee.score(
        ruleset(preset, **changes),
        maker=maker,
        maker_tricks=tricks,
        alone=alone,
        defender_alone=defender,
    )
    assert (award.reason, award.points) == (reason, points)


QUICK_MALFORMED = [
    ("standard", {}, {"maker": 0, "maker_tricks": 6}, "maker_tricks"),
    ("standard", {}, {"maker": 0, "maker_tricks": -1}, "maker_tricks"),
    ("three-handed", {}, {"maker": 3, "maker_tricks": 3}, "maker"),
    ("two-handed", {}, {"maker": 0, "maker_tricks": 3, "alone": True}, "alone"),
    (
        "standard",
        {},
        {"maker": 0, "maker_tricks": 3, "alone": True, "defender_alone": 1},
        "defender_alone",
    ),
    (
        "standard",
        {"defend_alone": True},
        {"maker": 0, "maker_tricks": 3, "alone": True, "defender_alone": 2},
        "defender_alone",
    ),
    (
        "standard",
        {"defend_alone": True},
        {"maker": 0, "maker_tricks": 3, "defender_alone": 1},
        "defender_alone",
    ),
    ("standard", {}, {"maker": True, "maker_tricks": 3}, "maker"),
]


@pytest.mark.parametrize(
    ("preset", "changes", "arguments", "field"),
    QUICK_MALFORMED,
    ids=[f"{p}-{f}-{'-'.join(f'{k}={v}' for k, v in a.items())}" for p, _, a, f in QUICK_MALFORMED],
)
def test_quick_entry_refuses_what_cannot_happen(
    preset: str, changes: dict[str, object], arguments: dict[str, Any], field: str
) -> None:
    with pytest.raises(MalformedRecord) as refused:
        referee.score(ruleset(preset, **changes), **arguments)
    assert refused.value.field == field


# -- the presets are the spec's table --------------------------------------------------------

PRESET_TABLE = {
    # option: standard, uka, two-handed, three-handed, british, openspiel
    "players": (4, 4, 2, 3, 4, 4),
    "deck": (24, 32, 24, 24, 25, 24),
    "target": (10, 10, 10, 10, 10, 10),
    "stuck_dealer": ("must-call", "takes-upcard", "redeal", "must-call", "must-call", "must-call"),
    "turned_down_suit_callable": (False,) * 6,
    "must_hold_suit": (False, True, False, False, False, False),
    "going_alone": (True, True, False, False, True, True),
    "defend_alone": (False,) * 6,
    "defend_alone_vs_partnership": (False, False, False, False, False, True),
    "loner_lead": ("left-of-dealer",) * 6,
    "canadian_loner": (False,) * 6,
    "partner_must_go_alone": (False,) * 6,
    "dealer_may_discard_upcard": (True, False, True, True, True, False),
    "dealer_pickup_optional": (False, False, True, False, False, False),
    "poor_hand_redeal": ("off",) * 6,
    "points.make": (1,) * 6,
    "points.march": (2, 3, 2, 3, 2, 2),
    "points.euchre": (2,) * 6,
    "points.renege": (2,) * 6,
}
PRESET_TABLE_FOUR_HANDED = {
    # Only where going alone exists: standard, uka, british, openspiel.
    "points.lone_make": (1, 1, 1, 1),
    "points.lone_march": (4, 4, 4, 4),
    "points.lone_euchre": (2, 4, 2, 2),
    "points.defend_alone_euchre": (4, 4, 4, 4),
    "points.lone_short_is_euchre": (False, True, False, False),
    "points.renege_alone": (4, 4, 4, 4),
}
PRESET_ORDER = ("standard", "uka", "two-handed", "three-handed", "british", "openspiel")


def option_of(preset: str, option: str) -> object:
    data = Ruleset.parse(preset).to_json()
    if option.startswith("points."):
        return data["points"][option.removeprefix("points.")]
    return data[option]


@pytest.mark.parametrize("option", sorted(PRESET_TABLE))
def test_preset_option_is_the_spec_table(option: str) -> None:
    assert tuple(option_of(p, option) for p in PRESET_ORDER) == PRESET_TABLE[option]


@pytest.mark.parametrize("option", sorted(PRESET_TABLE_FOUR_HANDED))
def test_preset_lone_points_are_the_spec_table(option: str) -> None:
    presets = ("standard", "uka", "british", "openspiel")
    assert tuple(option_of(p, option) for p in presets) == PRESET_TABLE_FOUR_HANDED[option]


def test_every_preset_is_in_the_table() -> None:
    from .test_variants import VARIANT_PRESETS

    assert set(referee.PRESETS) == set(PRESET_ORDER) | set(VARIANT_PRESETS)
