"""``HandState``: a hand played action by action, with every card known.

The strict counterpart of ``check``, built on the same phases: ``apply`` moves the hand on by
one action, as python-chess's ``push`` does, and refuses an action the rules don't allow by
raising ``IllegalAction`` with the violation code ``check`` would report (the phase's own
check finds it, then the hand is put back as it was). A play already known to be legal is
pushed with no check, and ``undo`` pops it; any other action is taken back from what
``apply`` saved. Nothing replays the hand. ``legal_actions`` asks the phase's legal-move
function, which answers with typed actions (kept until the hand changes).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from .actions import Action, Bid, Discard, Play, bid_of, legal_plays_of
from .bidding import bid, legal_bids, may_ask_redeal, next_bid
from .cards import Card
from .check import play_outcome, thrown_in_outcome, verdict_of
from .deal import check_deal, shuffled_deal
from .discard import check_discard, discard_due, legal_discards
from .errors import IllegalAction
from .evidence import Evidence
from .hand import Hand, Pending
from .messages import render
from .outcome import Outcome, results
from .play import Tricks
from .record import BidEntry, PlayEntry, Record
from .rules import Ruleset
from .scoring import Award
from .verdict import Contract, Phase, Verdict

_WANTED: Final[dict[Phase, type]] = {Phase.BIDDING: Bid, Phase.DISCARD: Discard, Phase.PLAY: Play}
_Saved = tuple[tuple[object, ...] | None, tuple[tuple[object, ...], int, int] | None] | None
#: Not worked out yet (the hand's next phase and seat are, once asked, until it changes).
_NOT_YET: Final = object()


def _refusal(breaches: list[Pending]) -> IllegalAction:
    first = min(breaches, key=lambda p: p.order)
    return IllegalAction(first.code, render("en", first.key, first.params))


class HandState:
    """One hand of Euchre from the deal on. Every seat's cards are known."""

    __slots__ = (
        "_hand",
        "_legal",
        "_legal_play_bits",
        "_saved",
        "_upcoming",
        "_verdict",
        "actions",
        "dealer",
        "hands",
        "ruleset",
        "upcard",
    )

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
        self._saved: list[_Saved] = []
        self._legal: Sequence[Action] | None = None
        self._legal_play_bits = -1
        self._upcoming: object = _NOT_YET
        self._verdict: Verdict | None = None
        hand = self._hand = Hand(ruleset, dealer, upcard, self.hands, Evidence([]))
        check_deal(hand)
        if hand.pending:
            raise _refusal(hand.pending)

    @classmethod
    def deal(cls, ruleset: Ruleset, *, dealer: int, rng: random.Random) -> HandState:
        """A shuffled deal: a hand to each seat and the next card turned up."""
        hands, upcard = shuffled_deal(ruleset, rng)
        return cls(ruleset, dealer=dealer, hands=hands, upcard=upcard)

    # -- reading ---------------------------------------------------------------------------

    def _tricks(self) -> Tricks:
        """The play phase, begun once trump is made and the discard settled."""
        hand = self._hand
        tricks = hand.tricks
        if tricks is None:
            assert hand.trump is not None
            tricks = hand.tricks = Tricks(hand, hand.trump)
        return tricks

    def _next(self) -> tuple[Phase, int] | None:
        """The phase the hand is in and the seat to act (None once the hand is over)."""
        upcoming = self._upcoming
        if upcoming is _NOT_YET:
            upcoming = self._upcoming = self._next_now()
        return upcoming  # type: ignore[return-value]

    def _next_now(self) -> tuple[Phase, int] | None:
        hand = self._hand
        tricks = hand.tricks
        if tricks is None or not tricks.number:
            if hand.thrown_in:
                return None
            if hand.maker is None:
                return Phase.BIDDING, hand.dealer if hand.joker_call_due else hand.turn
            if discard_due(hand):
                return Phase.DISCARD, hand.dealer
            tricks = self._tricks()
        elif tricks.closed >= tricks.hand_size:
            return None
        return Phase.PLAY, tricks.next_seat()[0]

    @property
    def phase(self) -> Phase | None:
        """What the hand waits for (None once it is over)."""
        upcoming = self._next()
        return None if upcoming is None else upcoming[0]

    @property
    def to_act(self) -> int | None:
        """The seat to act next (None once the hand is over)."""
        upcoming = self._next()
        return None if upcoming is None else upcoming[1]

    @property
    def is_over(self) -> bool:
        return self._next() is None

    @property
    def contract(self) -> Contract | None:
        return self.verdict.contract

    @property
    def award(self) -> Award | None:
        return self._outcome().award

    def _outcome(self) -> Outcome:
        hand = self._hand
        if hand.thrown_in:
            return thrown_in_outcome()
        if hand.maker is None:
            return Outcome([], None, False, None, next_bid(hand))
        return play_outcome(hand, self._tricks())

    @property
    def verdict(self) -> Verdict:
        """What ``check`` says of the hand so far, read from the state (no replay)."""
        if self._verdict is None:
            self._verdict = verdict_of(self._hand, self._outcome(), "en")
        return self._verdict

    def legal_actions(self) -> list[Action]:
        """The legal moves of the seat to act."""
        legal = self._legal
        if legal is None:
            upcoming = self._next()
            if upcoming is None:
                legal = ()
            elif upcoming[0] is Phase.PLAY:
                seat = upcoming[1]
                bits = self._legal_play_bits
                if bits < 0:
                    bits = self._legal_play_bits = self._legal_bits_of(seat)
                legal = legal_plays_of(seat, bits)
            elif upcoming[0] is Phase.BIDDING:
                legal = legal_bids(self._hand, upcoming[1])
            else:
                legal = legal_discards(self._hand) or ()
            self._legal = legal
        return list(legal)

    def _legal_bits_of(self, seat: int) -> int:
        """In the play phase, the cards the seat to play may play (every card is known)."""
        tricks = self._hand.tricks
        assert tricks is not None
        return tricks.legal_bits(seat, tricks.led if tricks.trick_open else None) or 0

    def defend_alone_options(self) -> list[Bid]:
        """Declarations to defend alone open now (optional, so not in ``legal_actions``)."""
        hand = self._hand
        rules = self.ruleset
        maker = hand.maker
        if (
            maker is None
            or not rules.defend_alone
            or hand.defender_alone is not None
            or (not hand.alone and not rules.defend_alone_vs_partnership)
            or any(not isinstance(a, Bid) for a in self.actions)
        ):
            return []
        out = set(rules.partners_of(maker)) if hand.alone else set()
        return [
            bid_of(seat, "defend-alone")
            for seat in range(rules.players)
            if rules.team_of(seat) != rules.team_of(maker) and seat not in out
        ]

    def optional_actions(self) -> list[Bid]:
        """What a seat other than the one to act may declare now: to defend alone, or, under
        a joker upcard, a poor-hand redeal before the dealer names trump."""
        hand = self._hand
        redeals = []
        if hand.joker_call_due:
            redeals = [
                bid_of(seat, "redeal")
                for seat in range(self.ruleset.players)
                if seat != hand.dealer and may_ask_redeal(hand, seat)
            ]
        return self.defend_alone_options() + redeals

    # -- changing ------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play one action, or raise ``IllegalAction`` (with its violation code) and change
        nothing."""
        upcoming = self._next()
        if upcoming is None:
            raise IllegalAction("out-of-turn", "The hand is over.")
        phase, seat = upcoming
        hand = self._hand
        if phase is Phase.PLAY and isinstance(action, Play) and action.seat == seat:
            bits = self._legal_play_bits
            if bits < 0:
                bits = self._legal_play_bits = self._legal_bits_of(seat)
            legal_card = action.card if action.card.bit & bits else None
        else:
            legal_card = None
        if legal_card is not None:
            # A legal play: pushed as python-chess pushes a move (``undo`` pops it).
            tricks = hand.tricks
            assert tricks is not None
            following = tricks.push(seat, legal_card)
            self.actions.append(action)
            self._saved.append(None)
            self._upcoming = None if following < 0 else (Phase.PLAY, following)
            self._legal = None
            self._legal_play_bits = -1
            self._verdict = None
            return
        if isinstance(action, Bid) and action.action == "defend-alone":
            if action not in self.defend_alone_options():
                raise IllegalAction(
                    "alone-not-allowed", f"Seat {action.seat} cannot defend alone now."
                )
        elif not isinstance(action, _WANTED[phase]):
            raise IllegalAction("out-of-turn", f"The next action is a {phase} by seat {seat}.")
        breaches = len(hand.pending)
        if isinstance(action, Play):
            tricks = self._tricks()
            saved: _Saved = (hand.save(), tricks.save())
            tricks.play_tricks((((action.seat, action.card),),))
        else:
            saved = (hand.save(), None)
            if isinstance(action, Bid):
                bid(hand, hand.bids_made, action)
            else:
                hand.discard = action.card
                check_discard(hand)
            hand.tricks = None  # the play phase begins from what the bidding and discard made
        if len(hand.pending) > breaches:
            refusal = _refusal(hand.pending[breaches:])
            self._restore(saved)
            raise refusal
        self._moved(action, saved)

    def _moved(self, action: Action, saved: _Saved) -> None:
        self.actions.append(action)
        self._saved.append(saved)
        self._changed()

    def _changed(self) -> None:
        self._upcoming = _NOT_YET
        self._legal = None
        self._legal_play_bits = -1
        self._verdict = None

    def _restore(self, saved: _Saved) -> None:
        hand = self._hand
        if saved is None:  # a pushed play
            assert hand.tricks is not None
            hand.tricks.pop()
            self._changed()
            return
        state, tricks_state = saved
        if state is not None:
            hand.restore(state)
        if tricks_state is not None:
            assert hand.tricks is not None
            hand.tricks.restore(tricks_state)
        self._changed()

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.actions:
            raise IndexError("nothing to undo")
        self._restore(self._saved.pop())
        return self.actions.pop()

    # -- the record of it ----------------------------------------------------------------

    def record(self) -> Record:
        hand = self._hand
        bids = [
            BidEntry(a.seat, a.action, a.suit, a.alone) for a in self.actions if isinstance(a, Bid)
        ]
        tricks: list[list[PlayEntry]] = []
        if hand.tricks is not None:
            tricks = [list(trick.plays) for trick in results(hand.tricks) if trick.plays]
        return Record(
            ruleset=self.ruleset,
            dealer=self.dealer,
            upcard=self.upcard,
            hands=self.hands,
            bids=bids,
            discard=hand.discard,
            tricks=tricks,
        )

    def to_json(self) -> dict[str, object]:
        """The hand as a hand record (spec v1) for ``check``: every field but the contract
        and the claim, the bids and tricks even when there are none."""
        record = self.record()
        data = record.to_json()
        data["hands"] = {str(s): [c.code for c in cards] for s, cards in self.hands.items()}
        data["tricks"] = [
            [{"seat": seat, "card": card.code} for seat, card in trick] for trick in record.tricks
        ]
        return data


def random_hand(ruleset: Ruleset, rng: random.Random, *, dealer: int | None = None) -> HandState:
    """A complete hand of random legal actions (for tests and benchmarks)."""
    seat = rng.randrange(ruleset.players) if dealer is None else dealer
    while True:
        state = HandState.deal(ruleset, dealer=seat, rng=rng)
        while not state.is_over:
            options: list[Action] = state.legal_actions()
            defend = state.defend_alone_options()
            if defend and rng.random() < 0.3:
                options = list(defend)
            state.apply(rng.choice(options))
        if state.award is not None and state.award.reason != "thrown-in":
            return state
        if rng.random() < 0.2:
            return state
