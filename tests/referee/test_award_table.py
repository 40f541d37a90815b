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
                alone=row["alone"],
                defender_alone=defenders[0] if row["defender_alone"] else None,
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
