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
