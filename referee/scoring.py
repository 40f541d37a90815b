"""What a hand scores: the award."""

from __future__ import annotations

from collections.abc import Sequence
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

#: The fewest tricks that make the contract: fewer are a euchre.
MAKING_TRICKS: Final = 3
#: How a table says a hand ended without counting tricks: the makers took three or more
#: tricks short of all (made), every trick (march), or fewer than three (euchred). Every count
#: of tricks within one outcome scores the same, so an outcome is scored as its fewest tricks.
OUTCOMES: Final = ("made", "march", "euchred")
#: The outcome an award says, for a hand played out (a renege or a thrown-in hand has none).
_AWARD_OUTCOMES: Final = {
    "make": "made",
    "lone-make": "made",
    "march": "march",
    "lone-march": "march",
    "euchre": "euchred",
    "lone-euchre": "euchred",
    "defend-alone-euchre": "euchred",
}


def _award(reason: str, teams: list[int], points: int) -> Award:
    """An award of ``points`` to each of ``teams``: only teams that score appear in it."""
    return Award(reason, dict.fromkeys(teams, points) if points else {})


def award_for(
    ruleset: Ruleset, *, maker: int, maker_tricks: int, alone: bool, defender_alone: int | None
) -> Award:
    """The award of a finished, renege-free hand (inputs trusted)."""
    points = ruleset.points
    maker_team = ruleset.team_of(maker)
    makers = [maker_team]
    if maker_tricks == ruleset.hand_size:
        if alone:
            return _award("lone-march", makers, points.lone_march)
        return _award("march", makers, points.march)
    if maker_tricks >= MAKING_TRICKS and not (alone and points.lone_short_is_euchre):
        if alone:
            return _award("lone-make", makers, points.lone_make)
        return _award("make", makers, points.make)
    defenders = [t for t in range(ruleset.team_count) if t != maker_team]
    if defender_alone is not None:
        return _award("defend-alone-euchre", defenders, points.defend_alone_euchre)
    if alone:
        return _award("lone-euchre", defenders, points.lone_euchre)
    return _award("euchre", defenders, points.euchre)


def game_winner(ruleset: Ruleset, score: Sequence[int]) -> int | None:
    """The team that has won at this score, if any: the one team alone on top at or above the
    target. A game ends after the first hand that leaves a team so; while teams are level at
    the top, play goes on. (Never a team named by its place in the score.)"""
    best = max(score)
    leaders = [team for team, points in enumerate(score) if points == best]
    return leaders[0] if best >= ruleset.target and len(leaders) == 1 else None


def outcome_of(ruleset: Ruleset, maker_tricks: int) -> str:
    """The outcome of a hand in which the makers took ``maker_tricks`` (inputs trusted)."""
    if maker_tricks == ruleset.hand_size:
        return "march"
    return "made" if maker_tricks >= MAKING_TRICKS else "euchred"


def _fewest_tricks(ruleset: Ruleset, outcome: str) -> int:
    """The fewest tricks the makers take in a hand with this outcome."""
    return {"euchred": 0, "made": MAKING_TRICKS, "march": ruleset.hand_size}[outcome]


def award_outcome(reason: str) -> str | None:
    """The outcome an award's reason says (a loner short of a march under
    ``lone_short_is_euchre`` was euchred); None for a renege or a thrown-in hand."""
    return _AWARD_OUTCOMES.get(reason)


def renege_award(ruleset: Ruleset, *, offender: int, maker: int, anyone_alone: bool) -> Award:
    """Points for the side that did not renege (makers against defenders)."""
    value = ruleset.points.renege_alone if anyone_alone else ruleset.points.renege
    maker_team = ruleset.team_of(maker)
    offender_is_maker = ruleset.team_of(offender) == maker_team
    if offender_is_maker:
        teams = [t for t in range(ruleset.team_count) if t != maker_team]
    else:
        teams = [maker_team]
    return _award("renege", teams, value)


def _check_contract(
    ruleset: Ruleset, *, maker: int, alone: bool, defender_alone: int | None
) -> None:
    """The contract of a quick entry is one these rules allow (else MalformedRecord)."""
    if isinstance(maker, bool) or not isinstance(maker, int):
        raise MalformedRecord("maker", "must be a whole number")
    if not 0 <= maker < ruleset.players:
        raise MalformedRecord("maker", "must be a seat from 0 to {last}", last=ruleset.players - 1)
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
                "defender_alone", "must be a seat from 0 to {last}", last=ruleset.players - 1
            )
        if ruleset.team_of(defender_alone) == ruleset.team_of(maker):
            raise MalformedRecord("defender_alone", "must be a seat of the defending team")
        if not alone and not ruleset.defend_alone_vs_partnership:
            raise MalformedRecord("defender_alone", "a lone defender needs a lone maker here")


def score(
    ruleset: Ruleset,
    *,
    maker: int,
    maker_tricks: int,
    alone: bool = False,
    defender_alone: int | None = None,
) -> Award:
    """Quick entry: what a hand scores from who made trump and how many tricks they took."""
    if isinstance(maker_tricks, bool) or not isinstance(maker_tricks, int):
        raise MalformedRecord("maker_tricks", "must be a whole number")
    _check_contract(ruleset, maker=maker, alone=alone, defender_alone=defender_alone)
    if not 0 <= maker_tricks <= ruleset.hand_size:
        raise MalformedRecord("maker_tricks", "must be from 0 to {most}", most=ruleset.hand_size)
    return award_for(
        ruleset, maker=maker, maker_tricks=maker_tricks, alone=alone, defender_alone=defender_alone
    )


def score_outcome(
    ruleset: Ruleset,
    *,
    maker: int,
    outcome: str,
    alone: bool = False,
    defender_alone: int | None = None,
    maker_tricks: int | None = None,
) -> Award:
    """Quick entry by how the hand ended (``made``, ``march``, ``euchred``), as a table says
    it without counting tricks; with ``maker_tricks`` too, the two must agree."""
    if outcome not in OUTCOMES:
        raise MalformedRecord("outcome", "must be made, march or euchred")
    if maker_tricks is None:
        maker_tricks = _fewest_tricks(ruleset, outcome)
    award = score(
        ruleset, maker=maker, maker_tricks=maker_tricks, alone=alone, defender_alone=defender_alone
    )
    told = outcome_of(ruleset, maker_tricks)
    if told != outcome:
        raise MalformedRecord(
            "outcome",
            "{tricks} tricks are {told}, not {outcome}",
            tricks=maker_tricks,
            told=told,
            outcome=outcome,
        )
    return award


def score_renege(
    ruleset: Ruleset,
    *,
    maker: int,
    offender: int,
    alone: bool = False,
    defender_alone: int | None = None,
) -> Award:
    """Quick entry of a renege: the hand ends with the penalty to the side that did not
    renege (``renege``, or ``renege_alone`` when anyone played alone), whatever the tricks."""
    _check_contract(ruleset, maker=maker, alone=alone, defender_alone=defender_alone)
    if isinstance(offender, bool) or not isinstance(offender, int):
        raise MalformedRecord("renege", "must be the seat that reneged")
    if not 0 <= offender < ruleset.players:
        raise MalformedRecord("renege", "must be a seat from 0 to {last}", last=ruleset.players - 1)
    if alone and offender != maker and ruleset.team_of(offender) == ruleset.team_of(maker):
        raise MalformedRecord("renege", "the loner's partner sat out and played no card")
    if (
        defender_alone is not None
        and offender != defender_alone
        and ruleset.team_of(offender) == ruleset.team_of(defender_alone)
    ):
        raise MalformedRecord("renege", "the lone defender's partner sat out and played no card")
    return renege_award(
        ruleset,
        offender=offender,
        maker=maker,
        anyone_alone=alone or defender_alone is not None,
    )


def _contracts(ruleset: Ruleset) -> list[tuple[bool, bool]]:
    """The (alone, defended alone) pairs the rules allow, for the tables below."""
    lone_calls = (False, True) if ruleset.going_alone else (False,)
    pairs = []
    for alone in lone_calls:
        pairs.append((alone, False))
        if (
            ruleset.defend_alone
            and ruleset.players == 4
            and (alone or ruleset.defend_alone_vs_partnership)
        ):
            pairs.append((alone, True))
    return pairs


def award_table(ruleset: Ruleset) -> list[dict[str, Any]]:
    """Every quick-entry result of a ruleset and what it scores, by side.

    One row per (alone, defender_alone, maker_tricks) the rules allow, with the outcome those
    tricks are: the award's reason, the points to the makers' team and to each defending team. Lets a client preview a hand,
    even offline, without knowing any scoring rule itself.
    """
    maker, defender = (0, 1) if ruleset.players == 4 else (0, None)
    maker_team = ruleset.team_of(maker)
    rows = []
    for alone, defender_alone in _contracts(ruleset):
        for maker_tricks in range(ruleset.hand_size + 1):
            award = award_for(
                ruleset,
                maker=maker,
                maker_tricks=maker_tricks,
                alone=alone,
                defender_alone=defender if defender_alone else None,
            )
            rows.append(
                {
                    "alone": alone,
                    "defender_alone": defender_alone,
                    "maker_tricks": maker_tricks,
                    "outcome": outcome_of(ruleset, maker_tricks),
                    **_by_side(award, maker_team),
                }
            )
    return rows


def penalty_table(ruleset: Ruleset) -> list[dict[str, Any]]:
    """What a renege scores under a ruleset, by side: one row per (alone, defender_alone,
    offender) the rules allow, ``offender`` being ``"makers"`` or ``"defenders"``. As
    ``award_table`` does for played hands, it lets a client preview a renege."""
    maker = 0
    maker_team = ruleset.team_of(maker)
    rows = []
    for alone, defender_alone in _contracts(ruleset):
        for offender in ("makers", "defenders"):
            award = renege_award(
                ruleset,
                offender=maker if offender == "makers" else (maker + 1) % ruleset.players,
                maker=maker,
                anyone_alone=alone or defender_alone,
            )
            rows.append(
                {
                    "alone": alone,
                    "defender_alone": defender_alone,
                    "offender": offender,
                    **_by_side(award, maker_team),
                }
            )
    return rows


def largest_award(ruleset: Ruleset) -> int:
    """The most points one side can score in one hand under these rules (a renege included):
    what bounds a score written down without its hands."""
    rows = award_table(ruleset) + penalty_table(ruleset)
    return max(max(int(row["makers"]), int(row["defenders"])) for row in rows)


def _by_side(award: Award, maker_team: int) -> dict[str, Any]:
    return {
        "reason": award.reason,
        "makers": award.points.get(maker_team, 0),
        "defenders": max((p for t, p in award.points.items() if t != maker_team), default=0),
    }
