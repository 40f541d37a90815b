"""What a hand scores: the award."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from .errors import MalformedRecord
from .rules import Ruleset


@dataclass(frozen=True, slots=True)
class Award:
    """The points one hand gives: ``points`` maps a team to what it scores (only scorers)."""

    reason: str
    points: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "points": {str(t): p for t, p in self.points.items()}}


THROWN_IN: Final = Award("thrown-in", {})


def award_for(
    ruleset: Ruleset, *, maker: int, maker_tricks: int, alone: bool, defender_alone: int | None
) -> Award:
    """The award of a finished, renege-free hand (inputs trusted)."""
    points = ruleset.points
    maker_team = ruleset.team_of(maker)
    if maker_tricks == 5:
        if alone:
            return Award("lone-march", {maker_team: points.lone_march})
        return Award("march", {maker_team: points.march})
    if maker_tricks >= 3 and not (alone and points.lone_short_is_euchre):
        if alone:
            return Award("lone-make", {maker_team: points.lone_make})
        return Award("make", {maker_team: points.make})
    defenders = [t for t in range(ruleset.team_count) if t != maker_team]
    if defender_alone is not None:
        return Award("defend-alone-euchre", {t: points.defend_alone_euchre for t in defenders})
    if alone:
        return Award("lone-euchre", {t: points.lone_euchre for t in defenders})
    return Award("euchre", {t: points.euchre for t in defenders})


def renege_award(ruleset: Ruleset, *, offender: int, maker: int, anyone_alone: bool) -> Award:
    """Points for the side that did not renege (makers against defenders)."""
    value = ruleset.points.renege_alone if anyone_alone else ruleset.points.renege
    maker_team = ruleset.team_of(maker)
    offender_is_maker = ruleset.team_of(offender) == maker_team
    if offender_is_maker:
        teams = [t for t in range(ruleset.team_count) if t != maker_team]
    else:
        teams = [maker_team]
    return Award("renege", {t: value for t in teams})


def score(
    ruleset: Ruleset,
    *,
    maker: int,
    maker_tricks: int,
    alone: bool = False,
    defender_alone: int | None = None,
) -> Award:
    """Quick entry: what a hand scores from who made trump and how many tricks they took."""
    for name, value in (("maker", maker), ("maker_tricks", maker_tricks)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedRecord(name, "must be a whole number")
    if not 0 <= maker < ruleset.players:
        raise MalformedRecord("maker", f"must be a seat from 0 to {ruleset.players - 1}")
    if not 0 <= maker_tricks <= 5:
        raise MalformedRecord("maker_tricks", "must be from 0 to 5")
    if not isinstance(alone, bool):
        raise MalformedRecord("alone", "must be true or false")
    if alone and not ruleset.going_alone:
        raise MalformedRecord("alone", "this ruleset has no going alone")
    if defender_alone is not None:
        if isinstance(defender_alone, bool) or not isinstance(defender_alone, int):
            raise MalformedRecord("defender_alone", "must be a seat or null")
        if not ruleset.defend_alone:
            raise MalformedRecord("defender_alone", "this ruleset has no defending alone")
        if not 0 <= defender_alone < ruleset.players:
            raise MalformedRecord(
                "defender_alone", f"must be a seat from 0 to {ruleset.players - 1}"
            )
        if ruleset.team_of(defender_alone) == ruleset.team_of(maker):
            raise MalformedRecord("defender_alone", "must be a seat of the defending team")
        if not alone and not ruleset.defend_alone_vs_partnership:
            raise MalformedRecord("defender_alone", "a lone defender needs a lone maker here")
    return award_for(
        ruleset, maker=maker, maker_tricks=maker_tricks, alone=alone, defender_alone=defender_alone
    )


def award_table(ruleset: Ruleset) -> list[dict[str, Any]]:
    """Every quick-entry result of a ruleset and what it scores, by side.

    One row per (alone, defender_alone, maker_tricks) the rules allow: the award's reason,
    the points to the makers' team and to each defending team. Lets a client preview a hand,
    even offline, without knowing any scoring rule itself.
    """
    if ruleset.players == 4:
        maker, defender = 0, 1
    else:
        maker, defender = 0, None
    lone_calls = (False, True) if ruleset.going_alone else (False,)
    rows = []
    for alone in lone_calls:
        defended = [False]
        if (
            ruleset.defend_alone
            and defender is not None
            and (alone or ruleset.defend_alone_vs_partnership)
        ):
            defended.append(True)
        for defender_alone in defended:
            for maker_tricks in range(6):
                award = award_for(
                    ruleset,
                    maker=maker,
                    maker_tricks=maker_tricks,
                    alone=alone,
                    defender_alone=defender if defender_alone else None,
                )
                maker_team = ruleset.team_of(maker)
                rows.append(
                    {
                        "alone": alone,
                        "defender_alone": defender_alone,
                        "maker_tricks": maker_tricks,
                        "reason": award.reason,
                        "makers": award.points.get(maker_team, 0),
                        "defenders": max(
                            (p for t, p in award.points.items() if t != maker_team), default=0
                        ),
                    }
                )
    return rows
