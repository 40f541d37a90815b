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

from .actions import (
    MAX_SEATS,
    PASS_SEATS,
    PLAYS_OF,
    Action,
    Bid,
    Discard,
    Exchange,
    Play,
    bid_of,
    is_bid_of_a_game,
    legal_plays_of,
    play_of,
)
from .bidding import may_ask_redeal, pass_in_turn, unpass
from .cards import Card
from .check import bid, legal_bids, next_bid, play_outcome, thrown_in_outcome, verdict_of
from .deal import check_deal, shuffled_deal
from .discard import check_discard, discard_bits, discard_due, legal_discards
from .errors import IllegalAction
from .evidence import Evidence
from .exchange import check_exchange, exchange_due, legal_exchanges
from .hand import Hand, Pending
from .messages import render
from .outcome import Outcome, results
from .play import Tricks
from .record import Record, ReportedExchange
from .rules import Ruleset
from .scoring import Award
from .verdict import Contract, Phase, Verdict

_WANTED: Final[dict[Phase, type]] = {
    Phase.BIDDING: Bid,
    Phase.DECLARE: Bid,
    Phase.DISCARD: Discard,
    Phase.EXCHANGE: Exchange,
    Phase.PLAY: Play,
}
_Saved = tuple[tuple[object, ...] | None, tuple[tuple[object, ...], int, int] | None] | None
#: What ``apply`` saves for a usual pass and a legal discard: their undoing needs nothing more.
_PASSED: Final[_Saved] = ((), None)
_DISCARDED: Final[_Saved] = ((None,), None)
#: Not worked out yet (the hand's next phase and seat are, once asked, until it changes).
_NOT_YET: Final = object()
#: The play phase's next turn, by seat: made once, not at every play.
_PLAY_AT: Final = tuple((Phase.PLAY, seat) for seat in range(MAX_SEATS))


def _refusal(breaches: list[Pending]) -> IllegalAction:
    first = min(breaches, key=lambda p: p.order)
    return IllegalAction(first.code, render("en", first.key, first.params))


class HandState:
    """One hand of Euchre from the deal on. Every seat's cards are known."""

    __slots__ = (
        "_hand",
        "_legal",
        "_legal_play_bits",
        "_live",
        "_play_seat",
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
        upcard: Card | None = None,
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
        # In the play phase, the seat to play and the play phase itself (-1, None: not known
        # to be playing): what a play already known legal needs, and nothing more.
        self._play_seat = -1
        self._live: Tricks | None = None
        self._verdict: Verdict | None = None
        hand = self._hand = Hand(ruleset, dealer, upcard, self.hands, Evidence([]))
        check_deal(hand)
        if hand.pending:
            raise _refusal(hand.pending)

    @classmethod
    def deal(cls, ruleset: Ruleset, *, dealer: int, rng: random.Random) -> HandState:
        """A shuffled deal: a hand to each seat and the next card turned up (every card dealt
        and none turned up, under an auction)."""
        hands, upcard = shuffled_deal(ruleset, rng)
        return cls(ruleset, dealer=dealer, hands=hands, upcard=upcard)

    # -- reading ---------------------------------------------------------------------------

    def _tricks(self) -> Tricks:
        """The play phase, begun once trump is made and the discard settled."""
        hand = self._hand
        tricks = hand.tricks
        if tricks is None:
            tricks = hand.tricks = Tricks(hand, hand.trump_order())
        return tricks

    def _next(self) -> tuple[Phase, int] | None:
        """The phase the hand is in and the seat to act (None once the hand is over)."""
        seat = self._play_seat
        if seat >= 0:  # (in the play phase, only the seat to play is kept up to date)
            return _PLAY_AT[seat]
        upcoming = self._upcoming
        if upcoming is _NOT_YET:
            upcoming = self._upcoming = self._next_now()
            if upcoming is not None and upcoming[0] is Phase.PLAY:
                self._play_seat = upcoming[1]
                self._live = self._hand.tricks
        return upcoming  # type: ignore[return-value]

    def _next_now(self) -> tuple[Phase, int] | None:
        hand = self._hand
        tricks = hand.tricks
        if tricks is None or not tricks.number:
            if hand.thrown_in:
                return None
            if hand.maker is None:
                return Phase.BIDDING, hand.dealer if hand.joker_call_due else hand.turn
            if hand.declare_due:
                return Phase.DECLARE, hand.maker
            if discard_due(hand):
                return Phase.DISCARD, hand.dealer
            if hand.tables.exchanges and exchange_due(hand):
                return Phase.EXCHANGE, hand.maker
            tricks = self._tricks()
        elif tricks.closed >= tricks.hand_size:
            return None
        return _PLAY_AT[tricks.next_seat()[0]]

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
        if hand.maker is None or hand.declare_due:
            return Outcome([], None, False, None, next_bid(hand))
        return play_outcome(hand, self._tricks())

    @property
    def verdict(self) -> Verdict:
        """What ``check`` says of the hand so far, read from the state (no replay)."""
        if self._verdict is None:
            self._verdict = verdict_of(self._hand, self._outcome(), "en")
        return self._verdict

    def legal_actions(self) -> list[Action]:
        """The legal moves of the seat to act (kept until the hand changes)."""
        legal = self._legal
        if legal is None:
            seat = self._play_seat
            if seat < 0:
                legal = self._legal = self._legal_now()
            else:  # (the play phase's usual case, worked out here at once)
                bits = self._legal_play_bits
                if bits < 0:
                    bits = self._legal_play_bits = self._play_bits(seat)
                legal = self._legal = PLAYS_OF[seat].get(bits) or legal_plays_of(seat, bits)
        return list(legal)

    def _legal_now(self) -> Sequence[Action]:
        seat = self._play_seat
        if seat < 0:
            upcoming = self._next()
            if upcoming is None:
                return ()
            phase, seat = upcoming
            if phase is Phase.BIDDING or phase is Phase.DECLARE:
                return legal_bids(self._hand, seat)
            if phase is Phase.EXCHANGE:
                return legal_exchanges(self._hand)
            if phase is Phase.DISCARD:
                return legal_discards(self._hand) or ()
        bits = self._legal_play_bits
        if bits < 0:
            bits = self._legal_play_bits = self._play_bits(seat)
        return legal_plays_of(seat, bits)

    def _play_bits(self, seat: int) -> int:
        """In the play phase, the cards the seat to play may play, as bits: what it holds less
        what it has played, of the suit led if it has one (every card is known, and nothing
        breaks a rule: ``apply`` refuses what would)."""
        tricks = self._live
        assert tricks is not None
        led = tricks.led if tricks.trick_open else None
        if not tricks.complete[seat]:
            return tricks.legal_bits(seat, led) or 0
        remaining = tricks.held[seat] & ~tricks.played
        if led is not None:
            following = remaining & tricks.members[led]
            if following:
                return following
        return remaining

    def defend_alone_options(self) -> list[Bid]:
        """Declarations to defend alone open now (optional, so not in ``legal_actions``)."""
        return [
            bid_of(seat, "defend-alone")
            for seat in range(self.ruleset.players)
            if self._may_defend_alone(seat)
        ]

    def _may_defend_alone(self, seat: int) -> bool:
        """Whether the seat may declare to defend alone now: trump is made, nothing but bids
        so far, the rules have it against these makers, and no one defends alone yet."""
        hand = self._hand
        rules = self.ruleset
        maker = hand.maker
        actions = self.actions
        return not (
            maker is None
            or not 0 <= seat < rules.players
            or not rules.defend_alone
            or hand.defender_alone is not None
            or (not hand.alone and not rules.defend_alone_vs_partnership)
            # (a bid after a discard, an exchange or a play is refused: the last one tells)
            or (actions and type(actions[-1]) is not Bid)
            or rules.team_of(seat) == rules.team_of(maker)
            or (hand.alone and seat in rules.partners_of(maker))
        )

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
        if type(action) is Play:
            seat, card = action
            if seat == self._play_seat:
                bits = self._legal_play_bits
                if bits < 0:
                    bits = self._legal_play_bits = self._play_bits(seat)
                if card.bit & bits:
                    # A legal play: pushed as python-chess pushes a move (``undo`` pops it):
                    # nothing is checked, saved or built.
                    following = self._live.push(seat, card)  # type: ignore[union-attr]
                    self.actions.append(action)
                    self._saved.append(None)
                    self._legal = None
                    self._legal_play_bits = -1
                    self._verdict = None
                    self._play_seat = following
                    if following < 0:
                        self._upcoming = None
                    return
        elif type(action) is Bid:
            hand = self._hand
            seat = PASS_SEATS.get(action, -1)
            if seat >= 0 and hand.auction is None and pass_in_turn(hand, seat):
                # The usual pass, pushed as a play is (``undo`` takes it back with ``unpass``).
                hand.bids_made += 1
                self._moved(action, _PASSED)
                return
        elif type(action) is Discard:
            hand = self._hand
            upcoming = self._next()
            if upcoming is not None and upcoming[0] is Phase.DISCARD:
                allowed = discard_bits(hand)
                if allowed is not None and action.card.bit & allowed:
                    hand.discard = action.card  # (a legal discard: nothing to check)
                    hand.tricks = None  # (the play phase begins from it)
                    self._moved(action, _DISCARDED)
                    return
        self._apply_checked(action)

    def _apply_checked(self, action: Action) -> None:
        """Any action but a legal play already known to be the next: checked by its phase."""
        upcoming = self._next()
        if upcoming is None:
            raise IllegalAction("out-of-turn", "The hand is over.")
        phase, seat = upcoming
        hand = self._hand
        if (
            phase is Phase.PLAY
            and isinstance(action, Play)
            and action.seat == seat
            and action.card.bit & self._play_bits(seat)
        ):
            self.apply(action)  # (known to be the next play now, and legal)
            return
        if isinstance(action, Bid) and not is_bid_of_a_game(action):
            raise IllegalAction("bid-not-allowed", f"No game has the bid {action!r}.")
        if isinstance(action, Bid) and action.action == "defend-alone":
            declared = bid_of(action.seat, "defend-alone")
            if (action is not declared and action != declared) or not self._may_defend_alone(
                action.seat
            ):
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
            elif isinstance(action, Exchange):
                if action.seat != seat:
                    raise IllegalAction(
                        "out-of-turn", f"The exchange is seat {seat}'s, not seat {action.seat}'s."
                    )
                check_exchange(hand, ReportedExchange(action.passed, action.discard), played=False)
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
        self._play_seat = -1
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
        if saved is _PASSED:
            passed = self.actions[-1]
            assert isinstance(passed, Bid)
            unpass(hand, passed.seat)
            hand.bids_made -= 1
            self._changed()
            return
        if saved is _DISCARDED:
            hand.discard = None
            hand.tricks = None  # (the play phase, if begun, begins again from the bidding)
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
        self._restore(self._saved.pop())  # (before the action is popped: a pass's seat is read)
        return self.actions.pop()

    # -- the record of it ----------------------------------------------------------------

    def record(self) -> Record:
        hand = self._hand
        bids = [a for a in self.actions if isinstance(a, Bid)]
        tricks: list[list[Play]] = []
        if hand.tricks is not None:
            tricks = [
                [play_of(seat, card) for seat, card in trick.plays]
                for trick in results(hand.tricks)
                if trick.plays
            ]
        return Record(
            ruleset=self.ruleset,
            dealer=self.dealer,
            upcard=self.upcard,
            hands=self.hands,
            bids=bids,
            discard=hand.discard,
            exchange=hand.exchange,
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


def _pick(options: list[Action], rng: random.Random) -> Action:
    """A random action: an auction's bids by their words first (a number, a moon), then the
    trump the bid names, so that numbers are bid as often as moons."""
    words = sorted({a.word for a in options if isinstance(a, Bid)})
    if len(words) < 2:
        return rng.choice(options)
    word = rng.choice(words)
    return rng.choice([a for a in options if isinstance(a, Bid) and a.word == word])


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
            state.apply(_pick(options, rng))
        if state.award is not None and state.award.reason != "thrown-in":
            return state
        if rng.random() < 0.2:
            return state
