"""What a hand scores: the award."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import MalformedRecord
from .rules import LONE_BIDS_TAKEN, Ruleset


@dataclass(frozen=True, slots=True)
class Award:
    """The points one hand gives: ``points`` maps a team to what it scores (only scorers)."""

    reason: str
    points: dict[int, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "points": {str(t): p for t, p in self.points.items()}}


THROWN_IN: Final = Award("thrown-in", {})

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


#: An auction's results: made and set, for a bid and for each lone bid.
MADE: Final = {None: "bid-made", "moon": "moon-made", "loner": "loner-made"}
SET: Final = {None: "bid-set", "moon": "moon-set", "loner": "loner-set"}


def award_for(
    ruleset: Ruleset,
    *,
    maker: int,
    maker_tricks: int,
    alone: bool,
    defender_alone: int | None,
    bid: int | None = None,
    lone_bid: str | None = None,
) -> Award:
    """The award of a finished, renege-free hand (inputs trusted). ``bid`` and ``lone_bid``
    are an auction's contract."""
    points = ruleset.points
    maker_team = ruleset.team_of(maker)
    if ruleset.auction:
        assert bid is not None
        return auction_award(ruleset, maker_team, maker_tricks, bid, lone_bid)
    makers = [maker_team]
    if maker_tricks == ruleset.hand_size:
        if alone:
            return _award("lone-march", makers, points.lone_march)
        return _award("march", makers, points.march)
    if maker_tricks >= ruleset.tricks_to_make and not (alone and points.lone_short_is_euchre):
        if alone:
            return _award("lone-make", makers, points.lone_make)
        return _award("make", makers, points.make)
    defenders = [t for t in range(ruleset.team_count) if t != maker_team]
    if defender_alone is not None:
        return _award("defend-alone-euchre", defenders, points.defend_alone_euchre)
    if alone:
        return _award("lone-euchre", defenders, points.lone_euchre)
    return _award("euchre", defenders, points.euchre)


def auction_award(
    ruleset: Ruleset, maker_team: int, maker_tricks: int, bid: int, lone_bid: str | None
) -> Award:
    """An auction's award (spec v1.1, B.5): a made bid scores each side its tricks (or the
    makers their bid), a set costs the makers what they bid, and a moon or loner scores its
    points, made or lost; the defenders keep their tricks, except against a made lone bid."""
    points = ruleset.points
    size = ruleset.hand_size
    defenders = 1 - maker_team
    defended = size - maker_tricks
    if lone_bid is not None:
        value = points.moon if lone_bid == "moon" else points.loner
        if maker_tricks == size:
            return _scored(MADE[lone_bid], {maker_team: value})
        return _scored(SET[lone_bid], {maker_team: -value, defenders: defended})
    if maker_tricks >= bid:
        made = bid if ruleset.bid_scoring == "bid" else maker_tricks
        return _scored(MADE[None], {maker_team: made, defenders: defended})
    return _scored(SET[None], {maker_team: -bid, defenders: defended})


def _scored(reason: str, points: dict[int, int]) -> Award:
    """An award of these points, team by team in order: only teams that score appear."""
    return Award(reason, {team: points[team] for team in sorted(points) if points[team]})


#: The results that let an auction's makers, or its defenders, win the game.
_MAKERS_WIN: Final = frozenset(MADE.values())
_DEFENDERS_WIN: Final = frozenset(SET.values())


def game_winner(
    ruleset: Ruleset,
    score: Sequence[int],
    *,
    award: Award | None = None,
    maker: int | None = None,
) -> int | None:
    """The team that has won at this score, if any, after a hand with this award (whose makers
    were ``maker``'s team).

    In turn-up games it is the one team alone on top at or above the target: a game ends after
    the first hand that leaves a team so; while teams are level at the top, play goes on
    (never a team named by its place in the score). An auction's game (spec v1.1, B.5) is won
    by a team at or above the target at the end of a hand in which, under
    ``target_needs_contract``, it made its bid, set the makers or was the other side of a
    renege; without that rule, by the first team to reach the target, the makers when both
    do."""
    target = ruleset.target
    if not ruleset.auction:
        best = max(score)
        leaders = [team for team, points in enumerate(score) if points == best]
        return leaders[0] if best >= target and len(leaders) == 1 else None
    if award is None or maker is None:
        return None
    makers = ruleset.team_of(maker)
    if ruleset.target_needs_contract:
        if award.reason in _MAKERS_WIN:
            team: int | None = makers
        elif award.reason in _DEFENDERS_WIN:
            team = 1 - makers
        else:  # a renege: the side that did not renege (scoring 0, it is the other team)
            team = next((t for t, p in award.points.items() if p > 0), None)
            offender = next((t for t, p in award.points.items() if p < 0), None)
            if team is None and offender is not None:
                team = 1 - offender
        return team if team is not None and score[team] >= target else None
    reached = [team for team, points in enumerate(score) if points >= target]
    if len(reached) > 1:
        return makers
    return reached[0] if reached else None


def outcome_of(ruleset: Ruleset, maker_tricks: int) -> str:
    """The outcome of a hand in which the makers took ``maker_tricks`` (inputs trusted)."""
    if maker_tricks == ruleset.hand_size:
        return "march"
    return "made" if maker_tricks >= ruleset.tricks_to_make else "euchred"


def _fewest_tricks(ruleset: Ruleset, outcome: str) -> int:
    """The fewest tricks the makers take in a hand with this outcome."""
    return {"euchred": 0, "made": ruleset.tricks_to_make, "march": ruleset.hand_size}[outcome]


def award_outcome(reason: str) -> str | None:
    """The outcome an award's reason says (a loner short of a march under
    ``lone_short_is_euchre`` was euchred); None for a renege or a thrown-in hand."""
    return _AWARD_OUTCOMES.get(reason)


def renege_award(ruleset: Ruleset, *, offender: int, maker: int, anyone_alone: bool) -> Award:
    """Points for the side that did not renege (makers against defenders), and the renege
    penalty taken from the offender's team. (In an auction a lone bid scores the plain
    renege points.)"""
    points = ruleset.points
    alone = anyone_alone and not ruleset.auction
    value = points.renege_alone if alone else points.renege
    maker_team = ruleset.team_of(maker)
    offender_team = ruleset.team_of(offender)
    if offender_team == maker_team:
        teams = [t for t in range(ruleset.team_count) if t != maker_team]
    else:
        teams = [maker_team]
    scored = dict.fromkeys(teams, value)
    scored[offender_team] = -points.renege_penalty
    return _scored("renege", scored)


def _check_contract(
    ruleset: Ruleset, *, maker: int, alone: bool, defender_alone: int | None
) -> None:
    """The contract of a quick entry is one these rules allow (else MalformedRecord)."""
    if isinstance(maker, bool) or not isinstance(maker, int):
        raise MalformedRecord("maker", "must be a whole number", given=maker)
    if not 0 <= maker < ruleset.players:
        raise MalformedRecord(
            "maker", "must be a seat from 0 to {last}", last=ruleset.players - 1, given=maker
        )
    if not isinstance(alone, bool):
        raise MalformedRecord("alone", "must be true or false", given=alone)
    if alone and not ruleset.going_alone:
        raise MalformedRecord("alone", "this ruleset has no going alone")
    if defender_alone is not None:
        if isinstance(defender_alone, bool) or not isinstance(defender_alone, int):
            raise MalformedRecord("defender_alone", "must be a seat or null", given=defender_alone)
        if not ruleset.defend_alone:
            raise MalformedRecord("defender_alone", "this ruleset has no defending alone")
        if not 0 <= defender_alone < ruleset.players:
            raise MalformedRecord(
                "defender_alone",
                "must be a seat from 0 to {last}",
                last=ruleset.players - 1,
                given=defender_alone,
            )
        if ruleset.team_of(defender_alone) == ruleset.team_of(maker):
            raise MalformedRecord(
                "defender_alone", "must be a seat of the defending team", given=defender_alone
            )
        if not alone and not ruleset.defend_alone_vs_partnership:
            raise MalformedRecord("defender_alone", "a lone defender needs a lone maker here")


def _check_bid(ruleset: Ruleset, bid: object) -> tuple[int | None, str | None]:
    """The bid of a quick entry: under an auction a number from min_bid to the hand size, or
    a lone bid the rules have; nothing in a turn-up game. Returns (tricks, lone bid)."""
    if bid is None:
        return None, None
    if not ruleset.auction:
        raise MalformedRecord("bid", "only an auction has bids")
    size = ruleset.hand_size
    lone = LONE_BIDS_TAKEN[ruleset.lone_bids]
    if bid in lone:
        return size, str(bid)
    if isinstance(bid, int) and not isinstance(bid, bool) and ruleset.min_bid <= bid <= size:
        return bid, None
    if not lone:
        raise MalformedRecord(
            "bid",
            "must be a number of tricks from {least} to {most}",
            least=ruleset.min_bid,
            most=size,
            given=bid,
        )
    if len(lone) == 1:
        raise MalformedRecord(
            "bid",
            "must be a number of tricks from {least} to {most}, or {lone}",
            least=ruleset.min_bid,
            most=size,
            lone=lone[0],
            given=bid,
        )
    raise MalformedRecord(
        "bid",
        "must be a number of tricks from {least} to {most}, or one of {lone}",
        least=ruleset.min_bid,
        most=size,
        lone=", ".join(lone),
        given=bid,
    )


def score(
    ruleset: Ruleset,
    *,
    maker: int,
    maker_tricks: int,
    alone: bool = False,
    defender_alone: int | None = None,
    bid: int | str | None = None,
) -> Award:
    """Quick entry: what a hand scores from who made trump and how many tricks they took, and
    under an auction what they bid (a number, ``moon`` or ``loner``)."""
    if isinstance(maker_tricks, bool) or not isinstance(maker_tricks, int):
        raise MalformedRecord("maker_tricks", "must be a whole number", given=maker_tricks)
    _check_contract(ruleset, maker=maker, alone=alone, defender_alone=defender_alone)
    tricks, lone_bid = _check_bid(ruleset, bid)
    if ruleset.auction and bid is None:
        raise MalformedRecord("bid", "is required: what the makers bid")
    if not 0 <= maker_tricks <= ruleset.hand_size:
        raise MalformedRecord(
            "maker_tricks", "must be from 0 to {most}", most=ruleset.hand_size, given=maker_tricks
        )
    return award_for(
        ruleset,
        maker=maker,
        maker_tricks=maker_tricks,
        alone=alone or lone_bid is not None,
        defender_alone=defender_alone,
        bid=tricks,
        lone_bid=lone_bid,
    )


def score_outcome(
    ruleset: Ruleset,
    *,
    maker: int,
    outcome: str,
    alone: bool = False,
    defender_alone: int | None = None,
    maker_tricks: int | None = None,
    bid: int | str | None = None,
) -> Award:
    """Quick entry by how the hand ended (``made``, ``march``, ``euchred``), as a table says
    it without counting tricks; with ``maker_tricks`` too, the two must agree. A turn-up
    game has no bid to give (only an auction has bids, and its hand is told by its tricks)."""
    if ruleset.auction:
        raise MalformedRecord("outcome", "an auction's hand is entered by its bid and tricks")
    _check_bid(ruleset, bid)
    if outcome not in OUTCOMES:
        raise MalformedRecord("outcome", "must be made, march or euchred", given=outcome)
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
    bid: int | str | None = None,
) -> Award:
    """Quick entry of a renege: the hand ends with the penalty to the side that did not
    renege (``renege``, or ``renege_alone`` when anyone played alone), and the renege penalty
    from the offender's team, whatever the tricks. Under an auction ``bid`` may say the makers
    bid a moon or loner (the partner sat out)."""
    _check_contract(ruleset, maker=maker, alone=alone, defender_alone=defender_alone)
    _, lone_bid = _check_bid(ruleset, bid)
    alone = alone or lone_bid is not None
    if isinstance(offender, bool) or not isinstance(offender, int):
        raise MalformedRecord("renege", "must be the seat that reneged", given=offender)
    if not 0 <= offender < ruleset.players:
        raise MalformedRecord(
            "renege", "must be a seat from 0 to {last}", last=ruleset.players - 1, given=offender
        )
    # Six-handed, both of a lone player's partners sit out: the words say so.
    if alone and offender in ruleset.partners_of(maker):
        if lone_bid == "moon":
            raise MalformedRecord("renege", "the moon bidder's partner sat out and played no card")
        if len(ruleset.partners_of(maker)) > 1:
            raise MalformedRecord("renege", "the loner's two partners sat out and played no card")
        raise MalformedRecord("renege", "the loner's partner sat out and played no card")
    if defender_alone is not None and offender in ruleset.partners_of(defender_alone):
        if len(ruleset.partners_of(defender_alone)) > 1:
            raise MalformedRecord(
                "renege", "the lone defender's two partners sat out and played no card"
            )
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
        if ruleset.defend_alone and (alone or ruleset.defend_alone_vs_partnership):
            pairs.append((alone, True))
    return pairs


def award_table(ruleset: Ruleset) -> list[dict[str, Any]]:
    """Every quick-entry result of a ruleset and what it scores, by side.

    One row per (alone, defender_alone, maker_tricks) the rules allow, with the outcome those
    tricks are, and under an auction per (bid, maker_tricks): the award's reason, the points to the makers' team and to each
    defending team (below zero for a set). Lets a client preview a hand, even offline,
    without knowing any scoring rule itself.
    """
    maker = 0
    defender = 1 if ruleset.partnerships else None
    maker_team = ruleset.team_of(maker)
    rows = []
    if ruleset.auction:
        for bid in ruleset.bids:
            for maker_tricks in range(ruleset.hand_size + 1):
                award = score(ruleset, maker=maker, maker_tricks=maker_tricks, bid=bid)
                rows.append(
                    {
                        "bid": bid,
                        "alone": isinstance(bid, str),
                        "defender_alone": False,
                        "maker_tricks": maker_tricks,
                        "outcome": None,
                        **_by_side(award, maker_team),
                    }
                )
        return rows
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
                    "bid": None,
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
    offender) the rules allow, ``offender`` being ``"makers"`` or ``"defenders"`` (under an
    auction, a row for a lone bid names it). As ``award_table`` does for played hands, it lets a
    client preview a renege."""
    maker = 0
    maker_team = ruleset.team_of(maker)
    contracts: list[tuple[bool, bool, int | str | None]] = [
        (alone, defended, None) for alone, defended in _contracts(ruleset)
    ]
    if ruleset.auction:
        contracts += [(True, False, bid) for bid in ruleset.bids if isinstance(bid, str)]
    rows = []
    for alone, defender_alone, bid in contracts:
        for offender in ("makers", "defenders"):
            award = renege_award(
                ruleset,
                offender=maker if offender == "makers" else (maker + 1) % ruleset.players,
                maker=maker,
                anyone_alone=alone or defender_alone,
            )
            rows.append(
                {
                    "bid": bid,
                    "alone": alone,
                    "defender_alone": defender_alone,
                    "offender": offender,
                    **_by_side(award, maker_team),
                }
            )
    return rows


def largest_award(ruleset: Ruleset) -> int:
    """The most points one side can score, or lose, in one hand under these rules (a renege
    included): what bounds a score written down without its hands."""
    rows = award_table(ruleset) + penalty_table(ruleset)
    return max(max(abs(int(row["makers"])), abs(int(row["defenders"]))) for row in rows)


def largest_hand(ruleset: Ruleset) -> int:
    """The most points both sides together score, or lose, in one hand: the largest award
    where one side scores a hand, more where both do (Bid Euchre: a set moon)."""
    rows = award_table(ruleset) + penalty_table(ruleset)
    return max(abs(int(row["makers"])) + abs(int(row["defenders"])) for row in rows)


def _by_side(award: Award, maker_team: int) -> dict[str, Any]:
    """The award's points to the makers' team and to a defending team (the one that lost
    points, if one did: in three-handed only the offender pays a renege penalty)."""
    defending = [p for t, p in award.points.items() if t != maker_team]
    return {
        "reason": award.reason,
        "makers": award.points.get(maker_team, 0),
        "defenders": min(defending) if any(p < 0 for p in defending) else max(defending, default=0),
    }
