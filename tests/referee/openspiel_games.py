"""DeepMind OpenSpiel's ``euchre`` game, read and written as hand records (v1).

OpenSpiel encodes a hand as a list of integer actions: the dealer (0-3), twenty dealt cards
(the first to the dealer, then round the table), the upcard, the bids (pass, or a suit: the
upcard's suit in round 1 is an order-up), the dealer's discard after an order-up, the maker's
"alone or with partner" choice, each defender's choice when lone defenders are allowed, and
the plays. A card is ``rank * 4 + suit`` with ranks 9 T J Q K A and suits C D H S.

This module turns a running OpenSpiel game into the hand record a table would report
(``HandRecorder``), turns a hand record back into OpenSpiel's actions (``actions_from_record``),
and plays random legal hands (``random_hand``). The mapping is the one
``shared/corpus/openspiel/cases.jsonl`` was made with.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pyspiel  # type: ignore[import-not-found]

Record = dict[str, Any]

_EUCHRE = pyspiel.euchre
_PHASE = _EUCHRE.Phase
PASS: int = _EUCHRE.PASS_ACTION
FIRST_SUIT_CALL: int = _EUCHRE.CLUBS_TRUMP_ACTION
ALONE: int = _EUCHRE.GO_ALONE_ACTION
WITH_PARTNER: int = _EUCHRE.PLAY_WITH_PARTNER_ACTION

RANKS = "9TJQKA"
SUITS = "CDHS"
SEATS = 4
HAND_SIZE = 5
TRICKS = 5


def card_name(action: int) -> str:
    """OpenSpiel's card number as the referee's canonical card: 22 -> ``"AH"``."""
    return RANKS[action // 4] + SUITS[action % 4]


def card_action(name: str) -> int:
    """A canonical card as OpenSpiel's card number: ``"AH"`` -> 22."""
    return RANKS.index(name[0]) * 4 + SUITS.index(name[1])


def suit_of_call(action: int) -> str:
    return SUITS[action - FIRST_SUIT_CALL]


def call_of_suit(suit: str) -> int:
    return FIRST_SUIT_CALL + SUITS.index(suit)


@dataclass(frozen=True)
class Variant:
    """One of OpenSpiel's four parameter combinations and the ruleset that matches it."""

    name: str
    allow_lone_defender: bool
    stick_the_dealer: bool

    @property
    def ruleset(self) -> dict[str, Any]:
        ruleset: dict[str, Any] = {"preset": "openspiel"}
        if self.allow_lone_defender:
            ruleset["defend_alone"] = True
        if not self.stick_the_dealer:
            ruleset["stuck_dealer"] = "redeal"
        return ruleset

    def game(self) -> Any:
        return _load_game(self.allow_lone_defender, self.stick_the_dealer)


@cache
def _load_game(allow_lone_defender: bool, stick_the_dealer: bool) -> Any:
    return pyspiel.load_game(
        "euchre",
        {"allow_lone_defender": allow_lone_defender, "stick_the_dealer": stick_the_dealer},
    )


VARIANTS = (
    Variant("default", allow_lone_defender=False, stick_the_dealer=True),
    Variant("lone_defender", allow_lone_defender=True, stick_the_dealer=True),
    Variant("no_stick", allow_lone_defender=False, stick_the_dealer=False),
    Variant("lone_defender_no_stick", allow_lone_defender=True, stick_the_dealer=False),
)


_VARIANT_OF: dict[tuple[tuple[str, Any], ...], Variant] = {
    tuple(sorted(variant.ruleset.items())): variant for variant in VARIANTS
}


def variant_of_ruleset(ruleset: object) -> Variant:
    """The OpenSpiel parameters a corpus record's ruleset stands for."""
    if isinstance(ruleset, dict):
        try:
            variant = _VARIANT_OF.get(tuple(sorted(ruleset.items())))
        except TypeError:  # an unhashable option value: not one of these rulesets
            variant = None
        if variant is not None:
            return variant
    raise ValueError(f"not an OpenSpiel ruleset: {ruleset!r}")


class HandRecorder:
    """Writes down an OpenSpiel hand as it is played, the way a table reports it.

    Call ``apply(state, action)`` instead of ``state.apply_action(action)``; ``snapshot()`` is
    the hand record so far (all four dealt hands are known from the start).
    """

    def __init__(self, variant: Variant) -> None:
        self.record: Record = {"ruleset": variant.ruleset}
        self._making_bid: dict[str, Any] | None = None
        self._plays_in_trick = 0

    def apply(self, state: Any, action: int) -> None:
        phase = state.current_phase()
        seat = state.current_player()
        record = self.record
        if phase == _PHASE.DEALER_SELECTION:
            record["dealer"] = action
        elif phase == _PHASE.DEAL:
            dealt = state.num_cards_dealt()
            if dealt < SEATS * HAND_SIZE:
                hands = record.setdefault("hands", {str(s): [] for s in range(SEATS)})
                hands[str((record["dealer"] + dealt) % SEATS)].append(card_name(action))
            else:
                record["upcard"] = card_name(action)
                record["bids"] = []
                record["tricks"] = []
        elif phase == _PHASE.BIDDING:
            if action == PASS:
                record["bids"].append({"seat": seat, "action": "pass"})
            elif state.num_passes() < SEATS:
                self._making_bid = {"seat": seat, "action": "order-up"}
                record["bids"].append(self._making_bid)
            else:
                self._making_bid = {"seat": seat, "action": "call", "suit": suit_of_call(action)}
                record["bids"].append(self._making_bid)
        elif phase == _PHASE.DISCARD:
            record["discard"] = card_name(action)
        elif phase == _PHASE.GO_ALONE:
            if state.declarer_go_alone() is None:
                if action == ALONE:
                    assert self._making_bid is not None
                    self._making_bid["alone"] = True
            elif action == ALONE:
                record["bids"].append({"seat": seat, "action": "defend-alone"})
        elif phase == _PHASE.PLAY:
            active = sum(state.active_players())
            if self._plays_in_trick == 0:
                record["tricks"].append([])
            record["tricks"][-1].append({"seat": seat, "card": card_name(action)})
            self._plays_in_trick = (self._plays_in_trick + 1) % active
        else:
            raise ValueError(f"no action is possible in phase {phase}")
        state.apply_action(action)

    def snapshot(self) -> Record:
        return copy.deepcopy(self.record)


def actions_from_record(record: Record) -> list[int]:
    """OpenSpiel's action list for a complete, legal hand record of an OpenSpiel variant."""
    variant = variant_of_ruleset(record["ruleset"])
    dealer: int = record["dealer"]
    hands = record["hands"]
    upcard: str = record["upcard"]
    actions = [dealer]
    actions += [
        card_action(hands[str((dealer + i) % SEATS)][i // SEATS]) for i in range(SEATS * HAND_SIZE)
    ]
    actions.append(card_action(upcard))
    maker: int | None = None
    lone_defender: int | None = None
    alone = False
    for bid in record["bids"]:
        kind = bid["action"]
        if kind == "pass":
            actions.append(PASS)
        elif kind == "defend-alone":
            lone_defender = bid["seat"]
        else:
            maker = bid["seat"]
            alone = bool(bid.get("alone", False))
            actions.append(call_of_suit(upcard[1] if kind == "order-up" else bid["suit"]))
            if kind == "order-up":
                actions.append(card_action(record["discard"]))
    if maker is not None:
        actions.append(ALONE if alone else WITH_PARTNER)
        if variant.allow_lone_defender:
            for defender in defenders_in_asking_order(dealer, maker):
                actions.append(ALONE if defender == lone_defender else WITH_PARTNER)
                if defender == lone_defender:
                    break
    actions += [card_action(play["card"]) for trick in record["tricks"] for play in trick]
    return actions


def defenders_in_asking_order(dealer: int, maker: int) -> list[int]:
    """OpenSpiel asks the defenders whether to go alone starting left of the dealer."""
    first = (dealer + 1) % SEATS
    if first % 2 == maker % 2:
        first = (first + 1) % SEATS
    return [first, (first + 2) % SEATS]


def team_points(returns: list[float]) -> dict[str, int]:
    """OpenSpiel's returns (per seat, zero-sum) as the points each team scores."""
    return {str(team): int(returns[team]) for team in range(2) if returns[team] > 0}


def award_reason(state: Any) -> str:
    """The spec's award reason for a finished OpenSpiel hand, from its own bookkeeping."""
    declarer: int = state.declarer()
    if declarer < 0:
        return "thrown-in"
    maker_points = state.returns()[declarer]
    alone = bool(state.declarer_go_alone())
    if maker_points < 0:
        if state.lone_defender() >= 0:
            return "defend-alone-euchre"
        return "lone-euchre" if alone else "euchre"
    if maker_points == 1:
        return "lone-make" if alone else "make"
    return "lone-march" if alone else "march"


@dataclass
class Decision:
    """A point of a random hand where a seat chose: OpenSpiel's options and the record so far."""

    phase: Any
    seat: int
    legal: list[int]
    round_one: bool
    record: Record


def random_hand(
    variant: Variant,
    rng: random.Random,
    *,
    on_decision: Callable[[Any, Decision], None] | None = None,
) -> tuple[Any, HandRecorder]:
    """Deals and plays one hand with random legal actions; returns the final state.

    Bids lean towards passing so that round 2, the stuck dealer and thrown-in hands come up
    often. ``on_decision(state, decision)`` sees every choice before it is made.
    """
    state = variant.game().new_initial_state()
    recorder = HandRecorder(variant)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            recorder.apply(state, outcomes[rng.randrange(len(outcomes))][0])
            continue
        legal = state.legal_actions()
        phase = state.current_phase()
        if on_decision is not None:
            decision = Decision(
                phase=phase,
                seat=state.current_player(),
                legal=legal,
                round_one=state.num_passes() < SEATS,
                record=recorder.snapshot(),
            )
            on_decision(state, decision)
        recorder.apply(state, _choose(legal, phase, state, rng))
    return state, recorder


def _choose(legal: list[int], phase: Any, state: Any, rng: random.Random) -> int:
    if phase == _PHASE.BIDDING and PASS in legal:
        keep_passing = 0.8 if state.num_passes() < SEATS else 0.6
        if rng.random() < keep_passing:
            return PASS
        return rng.choice([action for action in legal if action != PASS])
    return rng.choice(legal)


class IllegalInOpenSpiel(ValueError):
    pass


def replay(record: Record) -> tuple[Any, HandRecorder]:
    """Replays a record's actions in OpenSpiel, checking each choice is legal there."""
    variant = variant_of_ruleset(record["ruleset"])
    state = variant.game().new_initial_state()
    recorder = HandRecorder(variant)
    for action in actions_from_record(record):
        if not state.is_chance_node() and action not in state.legal_actions():
            raise IllegalInOpenSpiel(
                f"{state.action_to_string(state.current_player(), action)} "
                f"by seat {state.current_player()} in phase {state.current_phase()}"
            )
        recorder.apply(state, action)
    return state, recorder


BIDDING = _PHASE.BIDDING
DISCARD = _PHASE.DISCARD
GO_ALONE = _PHASE.GO_ALONE
PLAY = _PHASE.PLAY
