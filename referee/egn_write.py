"""Writing checked hands as Euchre Game Notation (EGN, JSON form)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from .cards import JOKER, Card
from .egn_format import (
    BIDDING,
    EGN_VERSION,
    FILE_TYPE,
    LONER_LEADS,
    NO_LONE_DEFENDER,
    SEATS,
    TRICK_PLAY,
    play_order,
    sitting_out,
)
from .errors import MalformedRecord
from .record import Record, parse_record
from .rules import OPTIONS, Ruleset
from .verdict import Verdict

# ---------------------------------------------------------------------------------------------
# Writing


def egn_card(card: Card) -> str:
    """A card as EGN writes it: rank, then the suit in lower case (``Th``); the joker is ``B``."""
    if card.suit is None:
        return "B"
    return card.rank + card.suit.value.lower()


def hand_to_egn(record: Mapping[str, Any], verdict: Verdict, *, deal_number: int) -> dict[str, Any]:
    """One EGN deal from a checked hand record. Raises ``MalformedRecord`` for a hand EGN
    cannot write down: bidding or plays out of turn, a redeal request, a table other than four."""
    hand = parse_record(dict(record))
    check_egn_table(hand.ruleset)
    state: dict[str, Any] = {"dealer": hand.dealer}
    if hand.upcard is not None:
        state["upCard"] = egn_card(hand.upcard)
    if hand.hands:
        state["playerCards"] = [
            [egn_card(card) for card in hand.hands.get(seat, [])] for seat in range(SEATS)
        ]
    phases: list[dict[str, Any]] = []
    if hand.bids is not None:
        phases.append(_bidding_phase(hand, verdict))
    elif hand.contract is not None:
        raise MalformedRecord(
            "bids", "EGN records the calls, and this record gives only a contract"
        )
    if hand.tricks:
        phases.append(_trick_phase(hand, verdict))
    for number, phase in enumerate(phases):
        phase["phaseNumber"] = number
    return {"dealNumber": deal_number, "initialState": state, "phases": phases}


def _bidding_phase(hand: Record, verdict: Verdict) -> dict[str, Any]:
    assert hand.bids is not None
    calls: list[str] = []
    alone = False
    defender = NO_LONE_DEFENDER
    for i, bid in enumerate(hand.bids):
        field = f"bids[{i}]"
        if bid.action == "defend-alone":
            defender = bid.seat
            continue
        if bid.action == "redeal":
            raise MalformedRecord(field, "EGN has no call for a poor-hand redeal")
        joker_naming = not calls and hand.upcard is JOKER and bid.action == "call"
        if bid.seat != (hand.dealer + 1 + len(calls)) % SEATS and not joker_naming:
            raise MalformedRecord(f"{field}.seat", "EGN lists calls in turn from the dealer's left")
        if bid.action == "pass":
            calls.append("Pass")
        elif bid.action == "order-up":
            calls.append("Order")
        else:
            assert bid.suit is not None
            calls.append(bid.suit.value.lower())
        alone = alone or bid.alone
    phase: dict[str, Any] = {"type": BIDDING, "calls": calls, "isAlone": alone}
    contract = verdict.contract
    if contract is not None and contract.defender_alone is not None:
        defender = contract.defender_alone
    if defender != NO_LONE_DEFENDER:
        phase["aloneDefender"] = defender
    if hand.discard is not None:
        phase["discard"] = egn_card(hand.discard)
    return phase


def _trick_phase(hand: Record, verdict: Verdict) -> dict[str, Any]:
    """The reported plays in EGN order; EGN cannot say who played, so the seats must be the
    ones a replay will give them: each trick clockwise from the last one's winner."""
    out = sitting_out(verdict.contract) if verdict.contract else frozenset()
    for t, trick in enumerate(hand.tricks):
        if not trick:
            raise MalformedRecord(f"tricks[{t}]", "EGN has no empty tricks")
        leader = trick[0][0]
        if t > 0 and leader != verdict.tricks[t - 1].winner:
            raise MalformedRecord(f"tricks[{t}]", "EGN has each trick led by the last one's winner")
        order = play_order(leader, out)
        if [seat for seat, _ in trick] != order[: len(trick)]:
            raise MalformedRecord(f"tricks[{t}]", "EGN lists a trick clockwise from its leader")
    return {
        "type": TRICK_PLAY,
        "initialLead": hand.tricks[0][0][0],
        "tricks": [[egn_card(card) for _, card in trick] for trick in hand.tricks],
    }


def game_to_egn(
    hands: Sequence[tuple[Mapping[str, Any], Verdict]],
    *,
    players: Sequence[str] = ("", "", "", ""),
    initial_score: Sequence[int] = (0, 0),
    title: str = "",
    description: str = "",
    date: str | None = None,
) -> dict[str, Any]:
    """A whole EGN game from checked hands (all under one ruleset) and the game's metadata."""
    rulesets = {Ruleset.parse(record.get("ruleset", "standard")) for record, _ in hands}
    if len(rulesets) > 1:
        raise MalformedRecord("ruleset", "every hand of an EGN game is played under one ruleset")
    ruleset = rulesets.pop() if rulesets else Ruleset.parse("standard")
    if len(players) != SEATS:
        raise MalformedRecord("players", "EGN names the {count} players by seat", count=SEATS)
    metadata: dict[str, Any] = {"title": title, "description": description}
    if date is not None:
        metadata["date"] = date
    metadata |= {
        "players": list(players),
        "initialScore": list(initial_score),
        "ruleset": egn_ruleset(ruleset),
    }
    return {
        "fileType": FILE_TYPE,
        "version": EGN_VERSION,
        "metadata": metadata,
        "deals": [
            hand_to_egn(record, verdict, deal_number=n) for n, (record, verdict) in enumerate(hands)
        ],
    }


def check_egn_table(ruleset: Ruleset) -> None:
    """EGN writes down four players and a turn-up: no six-handed game, no auction."""
    if ruleset.players != SEATS or ruleset.auction:
        raise MalformedRecord("ruleset", "EGN has four seats and a turn-up")


def egn_ruleset(ruleset: Ruleset) -> dict[str, Any]:
    """A referee ruleset as EGN's rule flags; raises ``MalformedRecord`` for what EGN cannot say."""
    standard = Ruleset.parse("standard")
    check_egn_table(ruleset)
    if ruleset.stuck_dealer == "takes-upcard":
        raise MalformedRecord(
            "ruleset.stuck_dealer", "EGN has no rule for a dealer taking the upcard"
        )
    expressible = {
        "players",
        "deck",
        "target",
        "stuck_dealer",
        "defend_alone",
        "loner_lead",
        "partner_must_go_alone",
        "preset",
        "points",
    }
    for option in OPTIONS:
        if option not in expressible and getattr(ruleset, option) != getattr(standard, option):
            raise MalformedRecord(f"ruleset.{option}", "EGN has no rule for this option")
    for point in (f.name for f in fields(ruleset.points)):
        if point in ("lone_march", "lone_euchre"):
            continue
        if getattr(ruleset.points, point) != getattr(standard.points, point):
            raise MalformedRecord(f"ruleset.points.{point}", "EGN has no rule for this point value")
    flags: dict[str, Any] = {
        "std": ruleset.stuck_dealer == "must-call",
        "canadian": ruleset.partner_must_go_alone,
        "loner_lead": {v: k for k, v in LONER_LEADS.items()}[ruleset.loner_lead],
    }
    if ruleset.deck == 32:
        flags["min_rank"] = 7
    if ruleset.deck == 25:
        flags["joker"] = True
    if ruleset.defend_alone:
        flags["defend_alone"] = True
    if ruleset.target != standard.target:
        flags["winning_score"] = ruleset.target
    if ruleset.points.lone_march != standard.points.lone_march:
        flags["loner_march_score"] = ruleset.points.lone_march
    if ruleset.points.lone_euchre != standard.points.lone_euchre:
        flags["loner_euchred_score"] = ruleset.points.lone_euchre
    return flags
