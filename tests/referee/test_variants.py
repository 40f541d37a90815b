"""Six-handed Euchre and Bid Euchre (the hand-record spec v1.1): rulings in card notation, the
presets and their options, the quick entry and the game's end.

Bids of an auction are written ``"1:bid:4:H 2:pass 3:moon 1:declare:high"``: the seat, then the
action, the tricks of a ``bid`` and the trump it names (a suit letter, ``high`` or ``low``).
"""

from __future__ import annotations

from typing import Any

import pytest

import referee
from referee import MalformedRecord, Ruleset
from tests.referee.test_rulings import bids, case, options, record, rule_on

# -- writing auctions ------------------------------------------------------------------------


def auction(text: str) -> list[dict[str, Any]]:
    """``"1:bid:4:H 2:pass 3:moon:low 1:declare:S"``; turn-up words as ``bids`` reads them."""
    out: list[dict[str, Any]] = []
    for word in text.split():
        seat, action, *rest = word.split(":")
        if action not in ("bid", "moon", "loner", "declare"):
            out += bids(word)
            continue
        said: dict[str, Any] = {"seat": int(seat), "action": action}
        if rest and rest[-1].endswith("-alone"):
            rest[-1] = rest[-1].removesuffix("-alone")
            said["alone"] = True
        if action == "bid":
            said["tricks"] = int(rest.pop(0))
        if rest:
            named = rest[0]
            said["no_trump" if named in ("high", "low") else "suit"] = named
        out.append(said)
    return out


def bid_record(ruleset: object = "bid-euchre", *, bid: str = "", **rest: Any) -> dict[str, Any]:
    data = record(ruleset, **rest)
    if bid:
        data["bids"] = auction(bid)
    return data


def contract_of(verdict: referee.Verdict) -> dict[str, Any] | None:
    return None if verdict.contract is None else verdict.contract.to_json()


# Bid Euchre, dealer 3, every hand reported: seat 1 holds the spades and can win every trick.
DEALT = {
    0: "TS KH QH JH 9C AD",
    1: "JS JC AS KS AH 9D",
    2: "9S TH JD KD TD QC",
    3: "QS AC KC QD 9H TC",
}
SPADES_BY_1 = (
    "1:JS 2:9S 3:QS 0:TS",
    "1:JC 2:QC 3:TC 0:9C",
    "1:AS 2:TD 3:9H 0:AD",
    "1:KS 2:JD 3:KC 0:JH",
    "1:AH 2:TH 3:AC 0:KH",
    "1:9D 2:KD 3:QD 0:QH",
)


def spades_by_1(ruleset: object = "bid-euchre", *, bid: str, **rest: Any) -> dict[str, Any]:
    return bid_record(ruleset, dealer=3, hands=DEALT, bid=bid, tricks=SPADES_BY_1, **rest)


# Six-handed, dealer 0, nine of spades turned and turned down: seat 2 calls diamonds alone.
SIX_ALONE = "1:pass 2:pass 3:pass 4:pass 5:pass 0:pass 1:pass 2:call:D-alone"


# -- six-handed: seats, partners, the bidding round of six ----------------------------------

SIX_HANDED = [
    case(
        "both-partners-of-a-loner-sit-out: a bid from either after the call",
        record("six-handed", dealer=0, upcard="9S", bid="1:order-up-alone 2:pass 3:pass"),
        [("out-of-turn", 2, None, None), ("sitting-out", 3, None, None)],
        contract=("S", 1, True, None),
        next=(0, "discard", None),
    ),
    case(
        "the-dealer-sits-out-when-either-partner-goes-alone: no discard, play begins",
        record("six-handed", dealer=0, upcard="9S", bid="1:pass 2:pass 3:pass 4:order-up-alone"),
        next=(1, "play", None),
    ),
    case(
        "stick-the-dealer-after-eleven-passes: the twelfth pass is not applied",
        record(
            "six-handed",
            dealer=0,
            upcard="9S",
            bid=" ".join(["1:pass 2:pass 3:pass 4:pass 5:pass 0:pass"] * 2),
        ),
        [("dealer-must-call", 0, None, None)],
        next=(0, "bidding", [f"call:{s}{a}" for s in "CDH" for a in ("", "-alone")]),
    ),
    case(
        "twelve-passes-throw-the-hand-in-under-redeal",
        record(
            options("six-handed", stuck_dealer="redeal"),
            dealer=0,
            upcard="9S",
            bid=" ".join(["1:pass 2:pass 3:pass 4:pass 5:pass 0:pass"] * 2),
        ),
        award=("thrown-in", {}),
        complete=True,
    ),
    case(
        "partner-must-go-alone-binds-either-partner-of-the-dealer",
        record(
            options("six-handed", partner_must_go_alone=True),
            dealer=0,
            upcard="9S",
            bid="1:pass 2:pass 3:pass 4:order-up",
        ),
        [("partner-must-go-alone", 4, None, None)],
    ),
    case(
        "a-lone-defender-s-two-partners-sit-out: a trick of two",
        record(
            options("six-handed", defend_alone=True),
            dealer=0,
            upcard="9S",
            bid="1:order-up-alone 2:defend-alone",
            discard="9D",
            tricks=("1:JS 2:TS", "1:JC 2:AS"),
        ),
        winners=[1, 1],
        maker_tricks=2,
        next=(1, "play", None),
    ),
    case(
        "a-seventh-card-in-a-trick-is-too-many-cards",
        record(
            "six-handed",
            dealer=5,
            upcard="9H",
            bid="0:order-up",
            discard="7C",
            tricks=("0:QC 1:7D 2:8S 3:7S 4:9D 5:AC 0:KC",),
        ),
        [("too-many-cards", 0, 1, "KC")],
        winners=[5],
    ),
    case(
        "seven-and-eight-rank-below-the-nine-in-a-plain-suit",
        record(
            "six-handed",
            dealer=5,
            upcard="9H",
            bid="0:order-up",
            discard="TC",
            tricks=("0:8C 1:7C 2:9C 3:7D 4:8D 5:7S",),
        ),
        winners=[2],
    ),
    case(
        "the-joker-of-a-33-card-deck-is-the-highest-trump",
        record(
            options("six-handed", deck=33),
            dealer=5,
            upcard="9H",
            bid="0:order-up",
            discard="TC",
            tricks=("0:JH 1:JOKER 2:JD 3:AH 4:KH 5:QH",),
        ),
        winners=[1],
    ),
    case(
        "a-joker-turned-up-has-the-dealer-name-trump-first",
        record(options("six-handed", deck=33), dealer=5, upcard="JOKER", bid="0:pass"),
        [("out-of-turn", 0, None, None)],
        next=(5, "bidding", [f"call:{s}{a}" for s in "CDHS" for a in ("", "-alone")]),
    ),
    case(
        "a-lone-march-scores-five",
        record(
            "six-handed",
            dealer=0,
            upcard="9S",
            bid=SIX_ALONE,
            tricks=(
                "1:AS 2:KD 3:KS 5:TS",
                "2:JD 3:9D 5:7D 1:8D",
                "2:JH 3:TD 5:QD 1:QC",
                "2:AD 3:7C 5:8C 1:9C",
                "2:AC 3:KC 5:TC 1:JC",
            ),
        ),
        award=("lone-march", {0: 5}),
        complete=True,
    ),
]


@pytest.mark.parametrize(("data", "expect"), SIX_HANDED)
def test_six_handed(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# -- six-handed: calling for best (the exchange) ---------------------------------------------


def called_for_best(choice: str, exchange: dict[str, Any] | None, *tricks: str) -> dict[str, Any]:
    """Seat 2, dealt ``JD JH AD 8S 7C``, calls diamonds alone; its partners are 4 and 0."""
    data = record(
        options("six-handed", call_for_best=choice),
        dealer=0,
        upcard="9S",
        hands={2: "JD JH AD 8S 7C"},
        bid=SIX_ALONE,
        tricks=tricks,
    )
    if exchange is not None:
        data["exchange"] = exchange
    return data


def passed(*words: str) -> list[dict[str, Any]]:
    return [{"seat": int(w[0]), "card": w[2:]} for w in words]


CALLING_FOR_BEST = [
    case(
        "the-exchange-is-due-after-a-lone-call",
        called_for_best("one", None),
        next=(2, "exchange", None),
        maker_tricks=0,
    ),
    case(
        "one: a card from the partner named, one laid away",
        called_for_best(
            "one", {"passed": passed("4:KD"), "discard": ["8S"]}, "1:AS 2:KD 3:KS 5:TS"
        ),
        winners=[2],
    ),
    case(
        "one: two cards passed is a bad exchange, not applied",
        called_for_best(
            "one", {"passed": passed("4:KD", "0:QD"), "discard": ["7C", "8S"]}, "1:AH 2:KD"
        ),
        [("bad-exchange", 2, None, None), ("card-not-held", 2, 1, "KD")],
    ),
    case(
        "each: two cards from one partner is a bad exchange",
        called_for_best("each", {"passed": passed("4:KD", "4:QD"), "discard": ["7C", "8S"]}),
        [("bad-exchange", 2, None, None)],
    ),
    case(
        "a card passed by a defender is a bad exchange",
        called_for_best("each", {"passed": passed("3:KD"), "discard": ["7C"]}),
        [("bad-exchange", 2, None, None)],
    ),
    case(
        "as-many-laid-away-as-passed",
        called_for_best("each", {"passed": passed("4:KD", "0:QD"), "discard": ["7C"]}),
        [("bad-exchange", 2, None, None)],
    ),
    case(
        "a-passed-card-laid-away-is-named",
        called_for_best("each", {"passed": passed("4:KD"), "discard": ["KD"]}),
        [("bad-exchange", 2, None, "KD")],
    ),
    case(
        "a-card-laid-away-is-out-of-play: playing it is card-not-held",
        called_for_best("one", {"passed": passed("4:KD"), "discard": ["7C"]}, "1:AC 2:7C"),
        [("card-not-held", 2, 1, "7C")],
    ),
    case(
        "laying-away-a-card-the-lone-player-does-not-hold",
        called_for_best("one", {"passed": passed("4:KD"), "discard": ["8C"]}),
        [("card-not-held", 2, None, "8C")],
    ),
    case(
        "passing-a-card-dealt-to-a-defender",
        called_for_best("one", {"passed": passed("4:AD"), "discard": ["7C"]}),
        [("card-not-held", 4, None, "AD")],
    ),
    case(
        "an-empty-exchange-says-none-took-place",
        called_for_best("each", {"passed": [], "discard": []}, "1:AS 2:8S 3:KS 5:TS"),
        winners=[1],
    ),
    case(
        "with-no-exchange-reported-the-dealt-cards-prove-no-renege",
        called_for_best("one", None, "1:AS 2:KD 3:KS 5:TS"),
        winners=[2],
    ),
    case(
        "one: with no exchange reported, a second card beyond the dealt ones is not held",
        called_for_best("one", None, "1:AS 2:KD 3:KS 5:TS", "2:QD 3:9H 5:9C 1:TD"),
        [("card-not-held", 2, 2, "QD")],
    ),
    case(
        "each: with no exchange reported, a card from each partner, and no third",
        called_for_best(
            "each", None, "1:AS 2:KD 3:KS 5:TS", "2:QD 3:9H 5:9C 1:TD", "2:KH 3:QH 5:QS 1:AC"
        ),
        [("card-not-held", 2, 3, "KH")],
    ),
    case(
        "an-exchange-without-call-for-best-is-bad",
        called_for_best("off", {"passed": passed("4:KD"), "discard": ["7C"]}),
        [("bad-exchange", 2, None, None)],
        next=(1, "play", None),
    ),
]


@pytest.mark.parametrize(("data", "expect"), CALLING_FOR_BEST)
def test_calling_for_best(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


# Neither bids nor a contract: nothing says who made trump or who is alone, so an exchange is
# not judged, with play reported or not; bids that have made no trump yet rule one out.
AN_EXCHANGE = {"passed": passed("3:KD"), "discard": ["AD"]}
CALL_FOR_ONE = options("six-handed", call_for_best="one")
EXCHANGE_UNJUDGED = [
    case(
        "bid-euchre: an exchange with neither bids nor a contract is not judged",
        bid_record(dealer=0, exchange=AN_EXCHANGE),
        next=(1, "bidding", ["pass", "bid:3", "bid:4", "bid:5", "bid:6", "moon"]),
    ),
    case(
        "bid-euchre: nor with a trick reported",
        bid_record(dealer=0, exchange=AN_EXCHANGE, tricks=("1:9H",)),
    ),
    case(
        "six-handed: an exchange with neither bids nor a contract is not judged",
        record(CALL_FOR_ONE, dealer=0, upcard="9S", exchange=AN_EXCHANGE),
        next=(1, "bidding", ["order-up", "order-up-alone", "pass"]),
    ),
    case(
        "bid-euchre: an exchange while the reported bids have made no trump is bad",
        bid_record(dealer=0, bid="1:pass", exchange=AN_EXCHANGE),
        [("bad-exchange", None, None, None)],
    ),
]


@pytest.mark.parametrize(("data", "expect"), EXCHANGE_UNJUDGED)
def test_an_exchange_where_nothing_says_who_made_trump(
    data: dict[str, Any], expect: dict[str, Any]
) -> None:
    rule_on(data, expect)


def test_a_bad_exchange_names_its_rule() -> None:
    data = called_for_best("one", {"passed": passed("4:KD", "0:QD"), "discard": ["7C", "8S"]})
    violation = referee.check(data).violations[0]
    assert (violation.code, violation.rule) == ("bad-exchange", "call_for_best")
    moon = bid_record(dealer=0, bid="1:moon:H", exchange={"passed": [], "discard": []})
    assert [(v.code, v.rule) for v in referee.check(moon).violations] == [
        ("bad-exchange", "moon_exchange")
    ]


# -- Bid Euchre: the auction -----------------------------------------------------------------

THE_AUCTION = [
    case(
        "the-highest-bid-makes-and-the-maker-names-trump",
        bid_record(dealer=3, bid="0:bid:3 1:bid:4 2:pass 3:pass"),
        next=(1, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S", "high")]),
        maker_tricks=None,
    ),
    case(
        "a-bid-not-higher-is-refused-and-counts-as-a-pass",
        bid_record(dealer=3, bid="0:bid:4 1:bid:4:H 2:pass 3:pass"),
        [("bid-not-allowed", 1, None, None)],
        next=(0, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S", "high")]),
    ),
    case(
        "a-bid-below-min-bid",
        bid_record(dealer=3, bid="0:bid:2"),
        [("bid-not-allowed", 0, None, None)],
        next=(1, "bidding", ["pass", "bid:3", "bid:4", "bid:5", "bid:6", "moon"]),
    ),
    case(
        "more-tricks-than-a-hand-has",
        bid_record(dealer=3, bid="0:bid:7"),
        [("bid-not-allowed", 0, None, None)],
    ),
    case(
        "a-moon-ends-the-auction: a later bid is out of turn",
        bid_record(dealer=3, bid="0:moon:H 1:bid:5"),
        [("out-of-turn", 1, None, None)],
        next=(0, "exchange", None),
    ),
    case(
        "the-moons-partner-bidding-after-it-is-out-of-turn: it sits out of the play only",
        bid_record(dealer=3, bid="0:moon:H 2:pass"),
        [("out-of-turn", 2, None, None)],
        next=(0, "exchange", None),
    ),
    case(
        "a-loner-outbids-a-moon-under-moon-loner",
        bid_record(
            options("bid-euchre", lone_bids="moon-loner"), dealer=3, bid="0:moon:H 1:loner:S"
        ),
        next=(1, "play", None),
    ),
    case(
        "a-moon-where-lone-bids-are-off",
        bid_record(options("bid-euchre", lone_bids="none"), dealer=3, bid="0:moon:H"),
        [("bid-not-allowed", 0, None, None)],
        next=(1, "bidding", ["pass", "bid:3", "bid:4", "bid:5", "bid:6"]),
    ),
    case(
        "low-no-trump-where-only-high-is-allowed",
        bid_record(dealer=3, bid="0:bid:3:low"),
        [("bid-not-allowed", 0, None, None)],
    ),
    case(
        "an-order-up-in-an-auction",
        bid_record(dealer=3, bid="0:order-up"),
        [("bid-not-allowed", 0, None, None)],
    ),
    case(
        "an-auction-bid-in-a-turn-up-game",
        bid_record("standard", dealer=0, upcard="QH", bid="1:bid:3"),
        [("bid-not-allowed", 1, None, None)],
        next=(2, "bidding", ["pass", "order-up", "order-up-alone"]),
    ),
    case(
        "alone-on-a-bid-stands-as-a-partnership-bid",
        bid_record(dealer=3, bid="0:bid:3-alone 1:pass 2:pass 3:pass"),
        [("alone-not-allowed", 0, None, None)],
    ),
    case(
        "a-declaration-by-another-seat-is-out-of-turn",
        bid_record(dealer=3, bid="0:bid:3 1:pass 2:pass 3:pass 2:declare:S"),
        [("out-of-turn", 2, None, None)],
        next=(0, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S", "high")]),
    ),
    case(
        "a-declaration-before-the-auction-ends",
        bid_record(dealer=3, bid="0:bid:3 0:declare:S"),
        [("bid-not-allowed", 0, None, None)],
    ),
    case(
        "a-declaration-after-a-bid-that-named-trump",
        bid_record(dealer=3, bid="0:bid:3:H 1:pass 2:pass 3:pass 0:declare:S"),
        [("bid-not-allowed", 0, None, None)],
        next=(0, "play", None),
    ),
    case(
        "low-no-trump-declared-under-high-low",
        bid_record(
            options("bid-euchre", no_trump="high-low"),
            dealer=3,
            bid="0:bid:3 1:pass 2:pass 3:pass",
        ),
        next=(0, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S", "high", "low")]),
    ),
    case(
        "with-no-trump-off-only-suits-are-declared",
        bid_record(
            options("bid-euchre", no_trump="off"), dealer=3, bid="0:bid:3 1:pass 2:pass 3:pass"
        ),
        next=(0, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S")]),
    ),
    case(
        "four-passes-throw-the-hand-in-under-redeal",
        bid_record(
            options("bid-euchre", stuck_dealer="redeal"),
            dealer=3,
            bid="0:pass 1:pass 2:pass 3:pass",
        ),
        award=("thrown-in", {}),
        complete=True,
    ),
    case(
        "a-bid-refused-to-the-stuck-dealer-is-asked-again",
        bid_record(dealer=3, bid="0:pass 1:pass 2:pass 3:bid:2"),
        [("bid-not-allowed", 3, None, None)],
        next=(3, "bidding", ["bid:3", "bid:4", "bid:5", "bid:6", "moon"]),
    ),
    case(
        "until-passed: round again until the other three pass",
        bid_record(
            options("bid-euchre", bid_rounds="until-passed"),
            dealer=3,
            bid="0:bid:3 1:bid:4 2:pass 3:pass 0:bid:5 1:pass",
        ),
        next=(0, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S", "high")]),
    ),
    case(
        "until-passed: a seat that passed is skipped",
        bid_record(
            options("bid-euchre", bid_rounds="until-passed"),
            dealer=3,
            bid="0:bid:3 1:pass 2:bid:4 3:pass",
        ),
        next=(0, "bidding", ["pass", "bid:5", "bid:6", "moon"]),
    ),
    case(
        "a-discard-is-not-allowed: nothing is picked up",
        bid_record(dealer=3, bid="0:bid:3:S 1:pass 2:pass 3:pass", discard="9D"),
        [("discard-not-allowed", 3, None, "9D")],
    ),
    case(
        "a-discard-is-not-allowed-in-a-record-without-bids",
        bid_record(dealer=3, discard="9D"),
        [("discard-not-allowed", 3, None, "9D")],
    ),
    case(
        "a-discard-is-not-allowed-where-bids-and-contract-are-unreported-and-cards-are-played",
        bid_record(dealer=3, discard="9D", tricks=("0:AS",)),
        [("discard-not-allowed", 3, None, "9D")],
    ),
    case(
        "play-before-trump-is-named-is-out-of-turn",
        bid_record(dealer=3, bid="0:bid:3 1:pass 2:pass 3:pass", tricks=("0:AS",)),
        [("out-of-turn", 0, 1, "AS")],
        next=(0, "declare", [f"declare:{s}" for s in ("C", "D", "H", "S", "high")]),
    ),
]


@pytest.mark.parametrize(("data", "expect"), THE_AUCTION)
def test_the_auction(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


def test_the_rules_of_a_refused_bid_are_named() -> None:
    cases = {
        "0:bid:2": "min_bid",
        "0:bid:7": "auction",
        "0:bid:3:low": "no_trump",
        "0:order-up": "bidding",
        "0:bid:3 1:bid:3": "auction",
    }
    for said, rule in cases.items():
        verdict = referee.check(bid_record(dealer=3, bid=said))
        assert [(v.code, v.rule) for v in verdict.violations] == [("bid-not-allowed", rule)]
    lone = bid_record(options("bid-euchre", lone_bids="none"), dealer=3, bid="0:moon")
    assert referee.check(lone).violations[0].rule == "lone_bids"
    # A contract reported without bids is refused under the rule its bid would be.
    for tricks, rule in ((2, "min_bid"), (7, "auction")):
        given = bid_record(dealer=3, contract={"trump": "S", "maker": 1, "bid": tricks})
        verdict = referee.check(given)
        assert [(v.code, v.rule) for v in verdict.violations] == [("bid-not-allowed", rule)]


# -- Bid Euchre: play and scoring ------------------------------------------------------------

PLAY_AND_SCORING = [
    case(
        "made: each side scores its tricks",
        spades_by_1(bid="0:bid:3 1:bid:4 2:pass 3:pass 1:declare:S"),
        award=("bid-made", {0: 1, 1: 5}),
        maker_tricks=5,
    ),
    case(
        "made, scoring the bid: the makers score what they bid",
        spades_by_1(
            options("bid-euchre", bid_scoring="bid"), bid="0:bid:3 1:bid:4:S 2:pass 3:pass"
        ),
        award=("bid-made", {0: 1, 1: 4}),
    ),
    case(
        "set: the makers lose what they bid, the defenders keep their tricks",
        spades_by_1(bid="0:pass 1:bid:6:S 2:pass 3:pass"),
        award=("bid-set", {0: 1, 1: -6}),
    ),
    case(
        "the-maker-leads-the-first-trick",
        bid_record(dealer=3, hands=DEALT, bid="0:pass 1:bid:3:S 2:pass 3:pass", tricks=("0:TS",)),
        [("wrong-lead", 0, 1, "TS")],
    ),
    case(
        "the-partner-of-a-moon-sits-out",
        bid_record(
            options("bid-euchre", moon_exchange=0),
            dealer=3,
            bid="0:pass 1:moon:S",
            tricks=("1:JS 2:9S 3:QS 0:TS",),
        ),
        [("sitting-out", 3, 1, "QS")],
        winners=[1],
        next=(1, "play", None),
    ),
    case(
        "a-moon-with-no-exchange-reported-brings-one-card-beyond-the-dealt-ones",
        bid_record(
            dealer=0,
            hands={1: "JH JD KH QH AS 9C"},
            bid="1:moon:H",
            tricks=("1:AH 2:9H 0:TH", "1:TC 2:9D 0:9S", "1:KC 2:AD 0:KD"),
        ),
        [("card-not-held", 1, 2, "TC"), ("card-not-held", 1, 3, "KC")],
    ),
    case(
        "a-moon-exchange-of-two-where-one-is-passed",
        bid_record(
            dealer=3,
            bid="0:pass 1:moon:S",
            exchange={"passed": passed("3:AC", "3:KC"), "discard": ["9D", "AH"]},
        ),
        [("bad-exchange", 1, None, None)],
    ),
    case(
        "a-renege-by-the-makers: the defenders +4, the makers -4",
        bid_record(
            dealer=3,
            hands={1: "JS JC AS KS AH 9D"},
            bid="0:pass 1:bid:3:H 2:pass 3:pass",
            tricks=("1:9D 2:KD 3:QD 0:AD", "0:TS 1:AH"),
        ),
        [("renege", 1, 2, "AH")],
        award=("renege", {0: 4, 1: -4}),
        complete=True,
    ),
    case(
        "the-left-bower-belongs-to-trump-in-a-suit-contract",
        bid_record(
            dealer=3,
            hands={2: "9S TH JD KD TD QC"},
            bid="0:pass 1:bid:3:S 2:pass 3:pass",
            tricks=("1:AC 2:QC", "1:JC 2:TH"),
        ),
        [("out-of-turn", 0, 1, None), ("out-of-turn", 3, 1, None), ("renege", 2, 2, "TH")],
    ),
    case(
        "a-claim-may-be-negative-and-is-compared-with-the-award",
        spades_by_1(bid="0:pass 1:bid:6:S 2:pass 3:pass", claim={"points": {"0": 1, "1": -6}}),
        award=("bid-set", {0: 1, 1: -6}),
    ),
]


@pytest.mark.parametrize(("data", "expect"), PLAY_AND_SCORING)
def test_bid_euchre_play_and_scoring(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


def test_an_auction_contract_says_its_bid_no_trump_and_lone_bid() -> None:
    verdict = referee.check(bid_record(dealer=3, bid="0:bid:5:high 1:pass 2:pass 3:pass"))
    assert contract_of(verdict) == {
        "trump": None,
        "no_trump": "high",
        "maker": 0,
        "bid": 5,
        "lone_bid": None,
        "alone": False,
        "defender_alone": None,
    }
    moon = referee.check(bid_record(dealer=3, bid="0:pass 1:moon"))
    assert contract_of(moon) == {
        "trump": None,
        "no_trump": None,
        "maker": 1,
        "bid": 6,
        "lone_bid": "moon",
        "alone": True,
        "defender_alone": None,
    }
    assert moon.next is not None and moon.next.phase == "declare"
    open_auction = referee.check(bid_record(dealer=3, bid="0:bid:3"))
    assert open_auction.contract is None and open_auction.maker_tricks is None


# -- Bid Euchre: a contract given with the record --------------------------------------------

UNTIL_PASSED = options("bid-euchre", bid_rounds="until-passed")

CONTRACTS = [
    case(
        "a-contract-without-bids-is-played-as-it-stands",
        bid_record(
            dealer=3,
            hands=DEALT,
            contract={"trump": "S", "maker": 1, "bid": 4},
            tricks=SPADES_BY_1,
        ),
        award=("bid-made", {0: 1, 1: 5}),
    ),
    case(
        "a-contract-without-bids-below-min-bid",
        bid_record(dealer=3, contract={"trump": "S", "maker": 1, "bid": 2}),
        [("bid-not-allowed", 1, None, None)],
    ),
    case(
        "a-contract-the-bids-did-not-make",
        bid_record(
            dealer=3,
            bid="0:bid:3:S 1:pass 2:pass 3:pass",
            contract={"trump": "S", "maker": 1, "bid": 3},
        ),
        [("contract-mismatch", None, None, None)],
    ),
    case(
        "a-contract-names-the-trump-the-maker-has-not-declared",
        bid_record(
            dealer=3,
            hands=DEALT,
            bid="0:bid:3 1:bid:4 2:pass 3:pass",
            contract={"trump": "S", "maker": 1, "bid": 4},
            tricks=SPADES_BY_1,
        ),
        award=("bid-made", {0: 1, 1: 5}),
    ),
    case(
        "a-contract-still-possible-after-part-of-the-auction",
        bid_record(dealer=3, bid="0:bid:3", contract={"no_trump": "high", "maker": 2, "bid": 4}),
        next=(2, "play", None),
    ),
    case(
        "a-contract-from-a-seat-that-passed",
        bid_record(dealer=3, bid="0:pass 1:bid:3", contract={"trump": "H", "maker": 0, "bid": 4}),
        [("contract-mismatch", None, None, None)],
    ),
    case(
        "a-contract-until-passed-the-highest-bidder-over-another-seats-bid-in-between",
        bid_record(
            UNTIL_PASSED, dealer=3, bid="0:bid:3", contract={"trump": "H", "maker": 0, "bid": 5}
        ),
        next=(0, "play", None),
    ),
    case(
        "contract-mismatch-until-passed-the-highest-bidder-outbidding-itself-by-one",
        bid_record(
            UNTIL_PASSED, dealer=3, bid="0:bid:3", contract={"trump": "H", "maker": 0, "bid": 4}
        ),
        [("contract-mismatch", None, None, None)],
    ),
    case(
        "contract-mismatch-until-passed-the-highest-bidder-a-moon-over-its-own-six",
        bid_record(
            UNTIL_PASSED,
            dealer=3,
            bid="0:bid:3 1:bid:6",
            contract={"trump": "H", "maker": 1, "lone_bid": "moon"},
        ),
        [("contract-mismatch", None, None, None)],
    ),
]


@pytest.mark.parametrize(("data", "expect"), CONTRACTS)
def test_an_auction_and_its_contract(data: dict[str, Any], expect: dict[str, Any]) -> None:
    rule_on(data, expect)


def test_a_contract_from_a_seat_with_no_bid_left_is_told_in_the_auctions_words() -> None:
    """Not "passed in the second round": an auction has no rounds of the turn-up kind."""
    passed = bid_record(
        dealer=3, bid="0:pass 1:bid:3", contract={"trump": "H", "maker": 0, "bid": 4}
    )
    english, korean = (
        referee.check(passed, lang=lang).violations[0].message for lang in ("en", "ko")
    )
    assert english == (
        "The reported contract has seat 0 winning the auction, but seat 0 has no bid left in it."
    )
    assert "라운드" not in korean and korean.endswith("더 비드할 차례가 없습니다.")


def test_a_card_passed_to_the_lone_maker_and_played_by_another_is_told_as_passed_not_dealt() -> (
    None
):
    """The card was dealt to a partner and passed in the exchange: the seat that holds it now
    is the maker, and it came there by the exchange."""
    passed = record(
        options("six-handed", call_for_best="one"),
        dealer=0,
        upcard="9C",
        discard="TD",
        exchange={"passed": [{"seat": 3, "card": "AH"}], "discard": ["9S"]},
        tricks=("1:AS 2:AH",),
    )
    passed["bids"] = [{"seat": 1, "action": "order-up", "alone": True}]
    (english, korean) = (
        [(v.code, v.seat, v.message) for v in referee.check(passed, lang=lang).violations]
        for lang in ("en", "ko")
    )
    assert english == [
        ("card-not-held", 2, "Seat 2 played the ace of hearts, which was passed to seat 1.")
    ]
    assert "건네진" in korean[0][2]


# -- the presets and their options ------------------------------------------------------------

VARIANT_PRESETS = ("six-handed", "bid-euchre")
V11_TABLE = {
    # option: six-handed, bid-euchre
    "players": (6, 4),
    "deck": (32, 24),
    "target": (10, 31),
    "bidding": ("turn-up", "auction"),
    "stuck_dealer": ("must-call", "must-call"),
    "turned_down_suit_callable": (False, False),
    "must_hold_suit": (False, False),
    "going_alone": (True, False),
    "defend_alone": (False, False),
    "defend_alone_vs_partnership": (False, False),
    "loner_lead": ("left-of-dealer", "left-of-dealer"),
    "canadian_loner": (False, False),
    "partner_must_go_alone": (False, False),
    "dealer_may_discard_upcard": (True, True),
    "dealer_pickup_optional": (False, False),
    "poor_hand_redeal": ("off", "off"),
    "call_for_best": ("off", "off"),
    "min_bid": (3, 3),
    "bid_rounds": ("once", "once"),
    "no_trump": ("high", "high"),
    "lone_bids": ("moon", "moon"),
    "moon_exchange": (1, 1),
    "bid_scoring": ("tricks", "tricks"),
    "target_needs_contract": (False, True),
    "points.make": (1, 1),
    "points.march": (2, 2),
    "points.lone_make": (1, 1),
    "points.lone_march": (5, 4),
    "points.euchre": (2, 2),
    "points.lone_euchre": (2, 2),
    "points.defend_alone_euchre": (4, 4),
    "points.lone_short_is_euchre": (False, False),
    "points.renege": (2, 4),
    "points.renege_alone": (4, 4),
    "points.renege_penalty": (0, 4),
    "points.moon": (12, 12),
    "points.loner": (14, 14),
}
#: The new options in the six presets of v1, where they change nothing.
V1_VALUES = {
    "bidding": "turn-up",
    "call_for_best": "off",
    "min_bid": 3,
    "bid_rounds": "once",
    "no_trump": "high",
    "lone_bids": "moon",
    "moon_exchange": 1,
    "bid_scoring": "tricks",
    "target_needs_contract": False,
    "points.renege_penalty": 0,
    "points.moon": 12,
    "points.loner": 14,
}


def option_value(preset: str, option: str) -> object:
    data = Ruleset.parse(preset).to_json()
    if option.startswith("points."):
        return data["points"][option.removeprefix("points.")]
    return data[option]


@pytest.mark.parametrize("option", sorted(V11_TABLE))
def test_the_new_presets_are_the_spec_table(option: str) -> None:
    assert tuple(option_value(p, option) for p in VARIANT_PRESETS) == V11_TABLE[option]


@pytest.mark.parametrize("option", sorted(V1_VALUES))
def test_the_new_options_change_nothing_in_the_v1_presets(option: str) -> None:
    v1 = [name for name in referee.PRESETS if name not in VARIANT_PRESETS]
    assert {option_value(p, option) for p in v1} == {V1_VALUES[option]}


@pytest.mark.parametrize(
    ("preset", "hand_size", "teams", "seats"),
    [
        ("standard", 5, [[0, 2], [1, 3]], ["N", "E", "S", "W"]),
        ("two-handed", 5, [[0], [1]], ["N", "S"]),
        ("three-handed", 5, [[0], [1], [2]], ["N", "E", "W"]),
        ("six-handed", 5, [[0, 2, 4], [1, 3, 5]], ["N", "NE", "SE", "S", "SW", "NW"]),
        ("bid-euchre", 6, [[0, 2], [1, 3]], ["N", "E", "S", "W"]),
        ({"preset": "bid-euchre", "deck": 32}, 8, [[0, 2], [1, 3]], ["N", "E", "S", "W"]),
    ],
)
def test_a_ruleset_says_the_table_s_shape(preset: object, hand_size, teams, seats) -> None:
    ruleset = Ruleset.parse(preset)
    data = ruleset.to_json()
    assert (data["hand_size"], data["teams"], data["seats"]) == (hand_size, teams, seats)
    assert Ruleset.parse(data) == ruleset
    for team, members in enumerate(teams):
        for seat in members:
            assert ruleset.team_of(seat) == team
            assert set(ruleset.partners_of(seat)) == set(members) - {seat}


def test_the_table_s_shape_read_back_must_agree_with_the_options() -> None:
    data = Ruleset.parse("six-handed").to_json() | {"hand_size": 6}
    with pytest.raises(MalformedRecord) as refused:
        Ruleset.parse(data)
    assert refused.value.field == "ruleset.hand_size"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"preset": "six-handed", "deck": 24}, "ruleset.deck"),
        ({"preset": "six-handed", "deck": 25}, "ruleset.deck"),
        ({"preset": "bid-euchre", "players": 6, "deck": 32}, "ruleset.players"),
        ({"preset": "bid-euchre", "players": 6}, "ruleset.players"),
        ({"preset": "bid-euchre", "players": 6, "deck": 24}, "ruleset.players"),
        ({"preset": "bid-euchre", "players": 3}, "ruleset.players"),
        ({"preset": "bid-euchre", "deck": 25}, "ruleset.deck"),
        ({"preset": "bid-euchre", "stuck_dealer": "takes-upcard"}, "ruleset.stuck_dealer"),
        ({"preset": "bid-euchre", "going_alone": True}, "ruleset.going_alone"),
        ({"preset": "bid-euchre", "must_hold_suit": True}, "ruleset.must_hold_suit"),
        (
            {"preset": "bid-euchre", "poor_hand_redeal": "no-ace-no-face"},
            "ruleset.poor_hand_redeal",
        ),
        ({"preset": "standard", "bidding": "auction"}, "ruleset.going_alone"),
        (
            {"preset": "six-handed", "going_alone": False, "call_for_best": "one"},
            "ruleset.call_for_best",
        ),
        ({"preset": "bid-euchre", "min_bid": 7}, "ruleset.min_bid"),
        ({"preset": "bid-euchre", "min_bid": 0}, "ruleset.min_bid"),
        ({"preset": "bid-euchre", "moon_exchange": 3}, "ruleset.moon_exchange"),
        ({"preset": "bid-euchre", "no_trump": "low"}, "ruleset.no_trump"),
        ({"preset": "three-handed", "defend_alone": True}, "ruleset.defend_alone"),
    ],
)
def test_options_that_cannot_go_together_are_malformed(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(MalformedRecord) as refused:
        Ruleset.parse(changes)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("record_", "field"),
    [
        ({"ruleset": "bid-euchre", "dealer": 0, "upcard": "9H"}, "upcard"),
        ({"ruleset": "bid-euchre", "dealer": 0, "pickup": False}, "pickup"),
        (
            {"ruleset": "bid-euchre", "dealer": 0, "bids": [{"seat": 1, "action": "bid"}]},
            "bids[0].tricks",
        ),
        (
            {
                "ruleset": "bid-euchre",
                "dealer": 0,
                "bids": [{"seat": 1, "action": "bid", "tricks": 3.5}],
            },
            "bids[0].tricks",
        ),
        (
            {
                "ruleset": "bid-euchre",
                "dealer": 0,
                "bids": [
                    {"seat": 1, "action": "bid", "tricks": 3, "suit": "H", "no_trump": "high"}
                ],
            },
            "bids[0].no_trump",
        ),
        (
            {"ruleset": "bid-euchre", "dealer": 0, "bids": [{"seat": 1, "action": "declare"}]},
            "bids[0].suit",
        ),
        ({"ruleset": "bid-euchre", "dealer": 0, "hands": {"1": ["9H"] * 7}}, "hands.1"),
        ({"ruleset": "six-handed", "dealer": 6}, "dealer"),
        (
            {"ruleset": "bid-euchre", "dealer": 0, "contract": {"trump": "H", "maker": 1}},
            "contract.bid",
        ),
        (
            {
                "ruleset": "bid-euchre",
                "dealer": 0,
                "contract": {"maker": 1, "lone_bid": "moon", "bid": 4},
            },
            "contract.trump",
        ),
        (
            {
                "ruleset": "bid-euchre",
                "dealer": 0,
                "contract": {"trump": "H", "maker": 1, "lone_bid": "moon", "bid": 4},
            },
            "contract.bid",
        ),
        (
            {
                "ruleset": "bid-euchre",
                "dealer": 0,
                "exchange": {"passed": [{"seat": 1}], "discard": []},
            },
            "exchange.passed[0].card",
        ),
        ({"ruleset": "bid-euchre", "dealer": 0, "exchange": ["9H"]}, "exchange"),
        ({"dealer": 0, "claim": {"points": {"0": -2}}}, "claim.points.0"),
    ],
)
def test_a_variant_record_that_cannot_be_judged(record_: dict[str, Any], field: str) -> None:
    with pytest.raises(MalformedRecord) as refused:
        referee.check(record_)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("record_", "field"),
    [
        ({"bids": [{"seat": 1, "action": "bid", "tricks": -1, "suit": "S"}]}, "bids[0].tricks"),
        ({"contract": {"maker": 1, "bid": -1, "trump": "S"}}, "contract.bid"),
    ],
)
def test_a_negative_bid_is_refused_as_below_zero(record_: dict[str, Any], field: str) -> None:
    with pytest.raises(MalformedRecord) as refused:
        referee.check({"ruleset": "bid-euchre", "dealer": 0, **record_})
    assert (refused.value.field, str(refused.value)) == (
        field,
        f"{field}: must be a whole number, 0 or more (got -1)",
    )


def test_an_upcard_of_null_under_an_auction_is_no_upcard() -> None:
    assert referee.check({"ruleset": "bid-euchre", "dealer": 0, "upcard": None}).ok


def test_egn_has_four_seats_and_a_turn_up() -> None:
    from referee import egn

    for name in VARIANT_PRESETS:
        with pytest.raises(MalformedRecord) as refused:
            egn.egn_ruleset(Ruleset.parse(name))
        assert refused.value.field == "ruleset"


# -- the quick entry and the game's end -------------------------------------------------------

BID = Ruleset.parse("bid-euchre")


@pytest.mark.parametrize(
    ("arguments", "reason", "points"),
    [
        ({"maker": 1, "bid": 4, "maker_tricks": 5}, "bid-made", {0: 1, 1: 5}),
        ({"maker": 1, "bid": 4, "maker_tricks": 3}, "bid-set", {0: 3, 1: -4}),
        ({"maker": 0, "bid": 6, "maker_tricks": 6}, "bid-made", {0: 6}),
        ({"maker": 2, "bid": "moon", "maker_tricks": 6}, "moon-made", {0: 12}),
        ({"maker": 2, "bid": "moon", "maker_tricks": 5}, "moon-set", {0: -12, 1: 1}),
    ],
)
def test_a_bid_euchre_hand_entered_quickly(arguments: dict[str, Any], reason, points) -> None:
    award = referee.score(BID, **arguments)
    assert (award.reason, award.points) == (reason, points)


@pytest.mark.parametrize(
    ("ruleset", "arguments", "field"),
    [
        (BID, {"maker": 1, "maker_tricks": 3}, "bid"),
        (BID, {"maker": 1, "maker_tricks": 3, "bid": 2}, "bid"),
        (BID, {"maker": 1, "maker_tricks": 3, "bid": "loner"}, "bid"),
        (BID, {"maker": 1, "maker_tricks": 7, "bid": 3}, "maker_tricks"),
        (BID, {"maker": 1, "maker_tricks": 3, "bid": 3, "alone": True}, "alone"),
        (Ruleset.parse("standard"), {"maker": 1, "maker_tricks": 3, "bid": 3}, "bid"),
        (Ruleset.parse("six-handed"), {"maker": 6, "maker_tricks": 3}, "maker"),
    ],
)
def test_a_quick_entry_that_cannot_happen(ruleset: Ruleset, arguments, field: str) -> None:
    with pytest.raises(MalformedRecord) as refused:
        referee.score(ruleset, **arguments)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("lone_bids", "said"),
    [
        ("moon", "must be a number of tricks from 3 to 6, or moon (got 2)"),
        ("moon-loner", "must be a number of tricks from 3 to 6, or one of moon, loner (got 2)"),
        ("none", "must be a number of tricks from 3 to 6 (got 2)"),
    ],
)
def test_a_refused_bid_names_the_lone_bids_the_rules_take(lone_bids: str, said: str) -> None:
    rules = Ruleset.parse({"preset": "bid-euchre", "lone_bids": lone_bids})
    with pytest.raises(MalformedRecord) as refused:
        referee.score(rules, maker=1, maker_tricks=3, bid=2)
    assert str(refused.value.detail) == said


def test_a_six_handed_renege_entry_refuses_either_partner_of_a_loner() -> None:
    six = Ruleset.parse("six-handed")
    for partner in (3, 5):
        with pytest.raises(MalformedRecord):
            referee.score_renege(six, maker=1, offender=partner, alone=True)
    assert referee.score_renege(six, maker=1, offender=2, alone=True).points == {1: 4}
    with pytest.raises(MalformedRecord):
        referee.score_renege(BID, maker=1, offender=3, bid="moon")
    assert referee.score_renege(BID, maker=1, offender=2, bid="moon").points == {0: -4, 1: 4}


def test_the_award_tables_of_the_new_presets() -> None:
    rows = referee.award_table(BID)
    assert {row["bid"] for row in rows} == {3, 4, 5, 6, "moon"}
    assert referee.largest_award(BID) == 12
    loners = Ruleset.parse({"preset": "bid-euchre", "lone_bids": "moon-loner"})
    assert referee.largest_award(loners) == 14
    assert referee.largest_award(Ruleset.parse("six-handed")) == 5


@pytest.mark.parametrize(
    ("score", "reason", "maker", "winner"),
    [
        pytest.param([31, 5], "bid-made", 0, 0, id="the makers made their bid at the target"),
        pytest.param([33, 25], "bid-made", 1, None, id="defenders past the target do not win"),
        pytest.param([33, 25], "bid-set", 1, 0, id="the defenders set the makers"),
        pytest.param([-4, 31], "renege", 0, 1, id="the other side of a renege"),
        pytest.param([29, 25], "bid-made", 0, None, id="short of the target"),
    ],
)
def test_a_bid_euchre_game_is_won_only_on_a_contract(score, reason, maker, winner) -> None:
    points = {"renege": {0: -4, 1: 4}}.get(reason, {0: 1})
    award = referee.Award(reason, points)
    assert referee.game_winner(BID, score, award=award, maker=maker) == winner


def test_the_other_side_of_a_renege_that_scores_it_nothing_may_still_win() -> None:
    free_renege = Ruleset.parse({"preset": "bid-euchre", "points": {"renege": 0}})
    award = referee.score_renege(free_renege, maker=1, offender=2, bid=4)
    assert award.points == {0: -4}
    assert referee.game_winner(free_renege, [27, 31], award=award, maker=1) == 1


def test_without_the_contract_rule_the_first_to_the_target_wins_and_the_makers_on_a_tie() -> None:
    free = Ruleset.parse({"preset": "bid-euchre", "target_needs_contract": False})
    made = referee.Award("bid-made", {0: 2, 1: 4})
    assert referee.game_winner(free, [31, 20], award=made, maker=1) == 0
    assert referee.game_winner(free, [31, 32], award=made, maker=1) == 1
    assert referee.game_winner(free, [31, 32], award=made, maker=0) == 0
    assert referee.game_winner(free, [30, 12], award=made, maker=1) is None


def test_a_moon_under_rules_that_pass_no_cards_says_so_of_its_exchange() -> None:
    """variants.md B.7: with `moon_exchange` 0 a moon's exchange is bad, and the words say
    why (a moon passes nothing here), not that only a moon exchanges cards."""
    rules = options("bid-euchre", moon_exchange=0)
    data = bid_record(rules, dealer=3, hands=DEALT, bid="0:pass 1:moon:S")
    data["exchange"] = {"passed": [], "discard": []}
    english = referee.check(data).violations
    korean = referee.check(data, lang="ko").violations
    assert [v.code for v in english] == ["bad-exchange"] == [v.code for v in korean]
    assert english[0].message == (
        "An exchange was reported, but under these rules a moon passes no cards"
        " (moon_exchange is 0)."
    )
    assert "슛 더 문에서 카드를 넘기지 않습니다" in korean[0].message
