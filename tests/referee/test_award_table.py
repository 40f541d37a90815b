"""The award table a client previews hands with says exactly what ``score`` says."""

from __future__ import annotations

import pytest

import referee

RULESETS = {
    **referee.PRESETS,
    "defend-alone": referee.Ruleset.parse({"preset": "standard", "defend_alone": True}),
    "openspiel-defend-alone": referee.Ruleset.parse({"preset": "openspiel", "defend_alone": True}),
}


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_row_is_what_the_referee_scores(name: str) -> None:
    ruleset = RULESETS[name]
    rows = referee.award_table(ruleset)
    assert rows
    for row in rows:
        for maker in range(ruleset.players):
            defenders = [
                s for s in range(ruleset.players) if ruleset.team_of(s) != ruleset.team_of(maker)
            ]
            award = referee.score(
                ruleset,
                maker=maker,
                maker_tricks=row["maker_tricks"],
                alone=row["alone"] and row["bid"] is None,
                defender_alone=defenders[0] if row["defender_alone"] else None,
                bid=row["bid"],
            )
            expected = {
                team: row["makers"] if team == ruleset.team_of(maker) else row["defenders"]
                for team in range(ruleset.team_count)
            }
            assert award.reason == row["reason"]
            assert award.points == {t: p for t, p in expected.items() if p}


def test_it_lists_only_what_the_rules_allow() -> None:
    two_handed = referee.award_table(referee.PRESETS["two-handed"])
    assert {(r["alone"], r["defender_alone"]) for r in two_handed} == {(False, False)}
    standard = referee.award_table(RULESETS["defend-alone"])
    assert {(r["alone"], r["defender_alone"]) for r in standard} == {
        (False, False),
        (True, False),
        (True, True),
    }
    openspiel = referee.award_table(RULESETS["openspiel-defend-alone"])
    assert (False, True) in {(r["alone"], r["defender_alone"]) for r in openspiel}


def test_uka_lone_short_of_five_is_euchred_for_four() -> None:
    rows = referee.award_table(referee.PRESETS["uka"])
    lone_four = next(r for r in rows if r["alone"] and r["maker_tricks"] == 4)
    assert (lone_four["reason"], lone_four["makers"], lone_four["defenders"]) == (
        "lone-euchre",
        0,
        4,
    )


# Reneges entered by who reneged, and the largest award ---------------------------------------


def test_the_penalty_table_has_a_row_for_each_lone_bid_an_auction_allows() -> None:
    ruleset = referee.Ruleset.parse({"preset": "bid-euchre", "lone_bids": "moon-loner"})
    bids = {row["bid"] for row in referee.penalty_table(ruleset)}
    assert bids == {None, "moon", "loner"}


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_penalty_row_is_what_the_referee_scores_for_a_renege(name: str) -> None:
    ruleset = RULESETS[name]
    for row in referee.penalty_table(ruleset):
        for maker in range(ruleset.players):
            makers = ruleset.team_of(maker)
            defenders = [s for s in range(ruleset.players) if ruleset.team_of(s) != makers]
            offender = maker if row["offender"] == "makers" else defenders[0]
            award = referee.score_renege(
                ruleset,
                maker=maker,
                offender=offender,
                alone=row["alone"] and row["bid"] is None,
                defender_alone=defenders[0] if row["defender_alone"] else None,
                bid=row["bid"],
            )
            expected = {
                team: row["makers"] if team == makers else row["defenders"]
                for team in range(ruleset.team_count)
            }
            assert award.reason == row["reason"] == "renege"
            assert award.points == {t: p for t, p in expected.items() if p}


@pytest.mark.parametrize(
    ("who", "alone", "defender_alone", "points"),
    [
        pytest.param(1, False, None, {0: 2}, id="a defender reneges: the makers score renege"),
        pytest.param(2, False, None, {1: 2}, id="a maker reneges: the defenders score renege"),
        pytest.param(1, True, None, {0: 4}, id="against a loner: renege_alone"),
        pytest.param(0, True, None, {1: 4}, id="the loner reneges: renege_alone"),
        pytest.param(1, True, 1, {0: 4}, id="the lone defender reneges: renege_alone"),
    ],
)
def test_a_renege_by_a_player_scores_the_penalty(who, alone, defender_alone, points) -> None:
    ruleset = RULESETS["defend-alone"]
    award = referee.score_renege(
        ruleset, maker=0, offender=who, alone=alone, defender_alone=defender_alone
    )
    assert (award.reason, award.points) == ("renege", points)


@pytest.mark.parametrize(
    ("offender", "alone", "defender_alone", "field"),
    [
        pytest.param(2, True, None, "renege", id="the loner's partner sat out"),
        pytest.param(3, True, 1, "renege", id="the lone defender's partner sat out"),
        pytest.param(4, False, None, "renege", id="no such seat"),
        pytest.param(True, False, None, "renege", id="a seat is a number"),
        pytest.param(1, True, None, "alone", id="two-handed has no loners"),
    ],
)
def test_a_renege_nobody_could_make_is_malformed(offender, alone, defender_alone, field) -> None:
    ruleset = RULESETS["two-handed"] if field == "alone" else RULESETS["defend-alone"]
    maker = 0
    if field == "alone":
        offender = 1
    with pytest.raises(referee.MalformedRecord) as caught:
        referee.score_renege(
            ruleset, maker=maker, offender=offender, alone=alone, defender_alone=defender_alone
        )
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("preset", "offender", "en", "ko"),
    [
        pytest.param(
            "standard",
            2,
            "the loner's partner sat out and played no card",
            "단독 플레이어의 파트너는 빠져 있어서",
            id="four-handed: one partner",
        ),
        pytest.param(
            "six-handed",
            4,
            "the loner's two partners sat out and played no card",
            "단독 플레이어의 두 파트너는 모두 빠져 있어서",
            id="six-handed: both partners",
        ),
    ],
)
def test_a_loners_partners_are_named_as_many_as_the_table_seats(preset, offender, en, ko) -> None:
    ruleset = referee.Ruleset.parse(preset)
    with pytest.raises(referee.MalformedRecord) as caught:
        referee.score_renege(ruleset, maker=0, offender=offender, alone=True)
    assert caught.value.detail == en
    assert caught.value.detail_in("ko").startswith(ko)


def test_a_moons_partner_is_named_as_the_moon_bidders() -> None:
    ruleset = referee.Ruleset.parse("bid-euchre")
    with pytest.raises(referee.MalformedRecord) as caught:
        referee.score_renege(ruleset, maker=0, offender=2, bid="moon")
    assert caught.value.detail == "the moon bidder's partner sat out and played no card"
    assert caught.value.detail_in("ko").startswith("슛 더 문을 부른 쪽의 파트너는 빠져 있어서")


@pytest.mark.parametrize(
    ("rules", "largest"),
    [
        pytest.param({"preset": "standard"}, 4, id="standard: a lone march or a lone renege"),
        pytest.param({"preset": "standard", "going_alone": False}, 2, id="no loners: a march"),
        pytest.param({"preset": "standard", "points": {"renege_alone": 6}}, 6, id="house renege"),
        pytest.param({"preset": "uka"}, 4, id="uka"),
    ],
)
def test_the_largest_award_is_the_most_one_hand_can_score(rules, largest) -> None:
    ruleset = referee.Ruleset.parse(rules)
    assert referee.largest_award(ruleset) == largest
    every = [
        max(row["makers"], row["defenders"])
        for row in referee.award_table(ruleset) + referee.penalty_table(ruleset)
    ]
    assert largest in every and all(value <= largest for value in every)


# How the hand ended, told without counting tricks --------------------------------------------


TURN_UP = [name for name, ruleset in RULESETS.items() if not ruleset.auction]


@pytest.mark.parametrize("name", TURN_UP)
def test_every_count_of_tricks_in_one_outcome_scores_the_same(name: str) -> None:
    ruleset = RULESETS[name]
    rows = referee.award_table(ruleset)
    by_outcome: dict[tuple[bool, bool, str], set[tuple[str, int, int]]] = {}
    for row in rows:
        assert row["outcome"] == referee.outcome_of(ruleset, row["maker_tricks"])
        key = (row["alone"], row["defender_alone"], row["outcome"])
        by_outcome.setdefault(key, set()).add((row["reason"], row["makers"], row["defenders"]))
    assert all(len(awards) == 1 for awards in by_outcome.values()), by_outcome
    assert {key[2] for key in by_outcome} == set(referee.OUTCOMES)


@pytest.mark.parametrize(
    ("tricks", "outcome"),
    [
        pytest.param(0, "euchred", id="no trick: euchred"),
        pytest.param(2, "euchred", id="two tricks: euchred"),
        pytest.param(3, "made", id="three tricks: made"),
        pytest.param(4, "made", id="four tricks: made"),
        pytest.param(5, "march", id="all five: a march"),
    ],
)
def test_the_makers_tricks_tell_the_outcome(tricks: int, outcome: str) -> None:
    assert referee.outcome_of(referee.PRESETS["standard"], tricks) == outcome


@pytest.mark.parametrize(
    ("rules", "outcome", "alone", "reason", "points"),
    [
        pytest.param("standard", "made", False, "make", {0: 1}, id="made: 1 to the makers"),
        pytest.param("standard", "march", False, "march", {0: 2}, id="a march: 2"),
        pytest.param("standard", "euchred", False, "euchre", {1: 2}, id="euchred: 2 to E/W"),
        pytest.param("standard", "march", True, "lone-march", {0: 4}, id="a loner marches: 4"),
        pytest.param("standard", "made", True, "lone-make", {0: 1}, id="a loner makes it: 1"),
        pytest.param("uka", "made", True, "lone-euchre", {1: 4}, id="uka: a loner short of five"),
    ],
)
def test_an_outcome_scores_what_its_tricks_score(rules, outcome, alone, reason, points) -> None:
    award = referee.score_outcome(referee.PRESETS[rules], maker=2, outcome=outcome, alone=alone)
    assert (award.reason, award.points) == (reason, points)
    assert referee.award_outcome(award.reason) == ("euchred" if "euchre" in reason else outcome)


@pytest.mark.parametrize(
    ("outcome", "tricks", "field"),
    [
        pytest.param("won", None, "outcome", id="no such outcome"),
        pytest.param("made", 5, "outcome", id="five tricks are a march, not made"),
        pytest.param("euchred", 3, "outcome", id="three tricks make it"),
        pytest.param("march", 6, "maker_tricks", id="a hand has five tricks"),
    ],
)
def test_an_outcome_the_tricks_deny_is_malformed(outcome, tricks, field) -> None:
    with pytest.raises(referee.MalformedRecord) as caught:
        referee.score_outcome(
            referee.PRESETS["standard"], maker=0, outcome=outcome, maker_tricks=tricks
        )
    assert caught.value.field == field


@pytest.mark.parametrize("bid", [3, "moon", "loner"])
@pytest.mark.parametrize("rules", ["standard", "six-handed"])
def test_a_turn_up_games_outcome_with_a_bid_is_malformed(rules, bid) -> None:
    """Only an auction has bids: a moon told with a turn-up game's outcome would be kept as
    the hand's bid and scored as the partnership's march."""
    with pytest.raises(referee.MalformedRecord) as caught:
        referee.score_outcome(referee.PRESETS[rules], maker=2, outcome="march", bid=bid)
    assert caught.value.field == "bid"


def test_an_outcome_agreeing_with_the_tricks_scores_them() -> None:
    award = referee.score_outcome(
        referee.PRESETS["standard"], maker=1, outcome="made", maker_tricks=4
    )
    assert (award.reason, award.points) == ("make", {1: 1})
    assert referee.award_outcome("renege") is None and referee.award_outcome("thrown-in") is None


def test_an_auctions_rows_say_no_outcome_and_an_outcome_is_refused() -> None:
    ruleset = referee.PRESETS["bid-euchre"]
    assert {row["outcome"] for row in referee.award_table(ruleset)} == {None}
    with pytest.raises(referee.MalformedRecord) as refused:
        referee.score_outcome(ruleset, maker=0, outcome="made")
    assert refused.value.field == "outcome"
