"""``HandState``: a hand played action by action, with every card known.

The strict counterpart of ``check``: ``apply`` refuses an action the rules don't allow by
raising ``IllegalAction`` with the violation code ``check`` would report, so the two can
never disagree: ``apply`` asks the same referee about the hand with the action added.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import Card, Suit, deck
from .check import judge
from .errors import IllegalAction
from .record import HAND_SIZE, BidEntry, PlayEntry, Record
from .rules import Ruleset
from .scoring import Award
from .verdict import Phase, Verdict


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    action: str
    suit: Suit | None = None
    alone: bool = False

    def __str__(self) -> str:
        if self.action == "call" and self.suit is not None:
            text = f"call:{self.suit.value}"
        else:
            text = self.action
        return f"{text}-alone" if self.alone else text


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"discard:{self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"


Action = Bid | Discard | Play


def bid_from_legal(seat: int, text: str) -> Bid:
    """The bid a legal-bid string of a verdict's ``next`` stands for (``call:H-alone``)."""
    alone = text.endswith("-alone")
    name = text.removesuffix("-alone")
    if name.startswith("call:"):
        return Bid(seat, "call", Suit(name[5:]), alone)
    return Bid(seat, name, None, alone)


class HandState:
    """One hand of Euchre from the deal on. Every seat's five cards are known."""

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        dealer: int,
        hands: Mapping[int, Sequence[Card]],
        upcard: Card,
    ) -> None:
        self.ruleset = ruleset
        self.dealer = dealer
        self.hands = {seat: list(cards) for seat, cards in hands.items()}
        self.upcard = upcard
        self.actions: list[Action] = []
        self._verdict: Verdict | None = None
        problems = judge(self._record([])).violations
        if problems:
            raise IllegalAction(problems[0].code, problems[0].message)

    @classmethod
    def deal(cls, ruleset: Ruleset, *, dealer: int, rng: random.Random) -> HandState:
        """A shuffled deal: five cards to each seat and the next card turned up."""
        cards = sorted(deck(ruleset.deck), key=lambda c: c.index)
        rng.shuffle(cards)
        hands = {
            seat: cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]
            for seat in range(ruleset.players)
        }
        return cls(ruleset, dealer=dealer, hands=hands, upcard=cards[ruleset.players * HAND_SIZE])

    # -- reading ---------------------------------------------------------------------------

    @property
    def verdict(self) -> Verdict:
        if self._verdict is None:
            self._verdict = judge(self.record())
        return self._verdict

    @property
    def is_over(self) -> bool:
        return self.verdict.complete

    @property
    def award(self) -> Award | None:
        return self.verdict.award

    def record(self) -> Record:
        return self._record(self.actions)

    def to_json(self) -> dict[str, object]:
        """The hand as a hand record (spec v1) for ``check``."""
        record = self.record()
        data: dict[str, object] = {
            "ruleset": self.ruleset.to_json(),
            "dealer": self.dealer,
            "upcard": self.upcard.code,
            "hands": {str(s): [c.code for c in cards] for s, cards in self.hands.items()},
            "bids": [
                {"seat": b.seat, "action": b.action}
                | ({"suit": b.suit.value} if b.suit is not None else {})
                | ({"alone": True} if b.alone else {})
                for b in record.bids or ()
            ],
            "tricks": [
                [{"seat": seat, "card": card.code} for seat, card in t] for t in record.tricks
            ],
        }
        if record.discard is not None:
            data["discard"] = record.discard.code
        if record.pickup is not None:
            data["pickup"] = record.pickup
        return data

    def legal_actions(self) -> list[Action]:
        verdict = self.verdict
        upcoming = verdict.next
        if verdict.complete or upcoming is None or upcoming.legal is None:
            return []
        if upcoming.phase is Phase.BIDDING:
            actions: list[Action] = [bid_from_legal(upcoming.seat, t) for t in upcoming.legal]
            return actions
        if upcoming.phase is Phase.DISCARD:
            return [Discard(Card.parse(code) or self.upcard) for code in upcoming.legal]
        moves: list[Action] = [
            Play(upcoming.seat, Card.parse(c) or self.upcard) for c in upcoming.legal
        ]
        return moves

    def defend_alone_options(self) -> list[Bid]:
        """Declarations to defend alone open now (optional, so not in ``legal_actions``)."""
        verdict = self.verdict
        contract = verdict.contract
        rules = self.ruleset
        if (
            contract is None
            or not rules.defend_alone
            or contract.defender_alone is not None
            or (not contract.alone and not rules.defend_alone_vs_partnership)
            or any(not isinstance(a, Bid) for a in self.actions)
        ):
            return []
        out = {rules.partner_of(contract.maker)} if contract.alone else set()
        return [
            Bid(seat, "defend-alone")
            for seat in range(rules.players)
            if rules.team_of(seat) != rules.team_of(contract.maker) and seat not in out
        ]

    # -- changing ------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play one action, or raise ``IllegalAction`` (with its violation code) and change nothing."""
        upcoming = self.verdict.next
        if self.verdict.complete or upcoming is None:
            raise IllegalAction("out-of-turn", "The hand is over.")
        wanted = {Phase.BIDDING: Bid, Phase.DISCARD: Discard, Phase.PLAY: Play}[upcoming.phase]
        if isinstance(action, Bid) and action.action == "defend-alone":
            if action not in self.defend_alone_options():
                raise IllegalAction(
                    "alone-not-allowed", f"Seat {action.seat} cannot defend alone now."
                )
        elif not isinstance(action, wanted):
            raise IllegalAction(
                "out-of-turn", f"The next action is a {upcoming.phase} by seat {upcoming.seat}."
            )
        before = len(self.verdict.violations)
        after = judge(self._record([*self.actions, action]))
        if len(after.violations) > before:
            first = after.violations[before]
            raise IllegalAction(first.code, first.message)
        self.actions.append(action)
        self._verdict = after

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.actions:
            raise IndexError("nothing to undo")
        self._verdict = None
        return self.actions.pop()

    # -- the record behind it ------------------------------------------------------------

    def _record(self, actions: Sequence[Action]) -> Record:
        bids = [BidEntry(a.seat, a.action, a.suit, a.alone) for a in actions if isinstance(a, Bid)]
        discard = next((a.card for a in actions if isinstance(a, Discard)), None)
        plays = [a for a in actions if isinstance(a, Play)]
        tricks: list[list[PlayEntry]] = []
        if plays:
            size = self._active_count(bids)
            for start in range(0, len(plays), size):
                tricks.append([(p.seat, p.card) for p in plays[start : start + size]])
        return Record(
            ruleset=self.ruleset,
            dealer=self.dealer,
            upcard=self.upcard,
            hands=self.hands,
            bids=bids,
            discard=discard,
            tricks=tricks,
        )

    def _active_count(self, bids: list[BidEntry]) -> int:
        contract = judge(
            Record(
                ruleset=self.ruleset,
                dealer=self.dealer,
                upcard=self.upcard,
                hands=self.hands,
                bids=bids,
            )
        ).contract
        players = self.ruleset.players
        if contract is None or players != 4:
            return players
        return players - int(contract.alone) - int(contract.defender_alone is not None)


def random_hand(ruleset: Ruleset, rng: random.Random, *, dealer: int | None = None) -> HandState:
    """A complete hand of random legal actions (for tests and benchmarks)."""
    seat = rng.randrange(ruleset.players) if dealer is None else dealer
    while True:
        state = HandState.deal(ruleset, dealer=seat, rng=rng)
        while not state.is_over:
            options: list[Action] = list(state.legal_actions())
            defend = state.defend_alone_options()
            if defend and rng.random() < 0.3:
                options = list(defend)
            state.apply(rng.choice(options))
        if state.award is not None and state.award.reason != "thrown-in":
            return state
        if rng.random() < 0.2:
            return state
