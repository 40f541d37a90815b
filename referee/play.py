"""The play phase under one trump suit: turn order, the lead, following suit, who wins each
trick, the renege rule, and the cards the seat to play may play.

``Tricks`` is the phase's state. ``play_tricks`` plays tricks as a table reports them,
judging every card (a hand played action by action plays one card at a time this way);
``push`` takes a card already known to be legal, with no check. Sets of cards are integers, one bit per card
(``Card.bit``): what each seat may play without a closer look, what it is proven to hold,
what has been played.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from operator import attrgetter
from typing import Final

from .actions import Discard, Exchange, Play, plays_of
from .cards import DECK_BITS, Card, Suit, TrumpOrder
from .discard import discard_due, legal_discards
from .exchange import exchange_due
from .hand import PLAY, Hand
from .holdings import check_card, check_follow, flag_out_of_turn, known_hand, not_counted
from .record import PlayEntry
from .scoring import Award
from .verdict import Phase, TrickResult

_STATE: Final = (
    "leader",
    "number",
    "seats_in_order",
    "plays",
    "led",
    "following",
    "power",
    "best",
    "winner",
    "regular",
    "position",
    "played",
    "maker_tricks",
    "closed",
    "renege",
    "renege_at",
    "trick_open",
)
_save_state: Final = attrgetter(*_STATE)
#: What a hand's first trick starts from, shared (never changed: each trick makes its own).
_NONE: Final[list[int]] = []
_NO_POWERS: Final[dict[Card, int]] = {}
#: A trick's result made as a tuple is (NamedTuple's own constructor is Python code).
_trick: Final = functools.partial(tuple.__new__, TrickResult)


class Tricks:
    __slots__ = (
        "active_count",
        "best",
        "beyond_hand",
        "closed",
        "complete",
        "discard",
        "following",
        "hand",
        "hand_size",
        "held",
        "leader",
        "led",
        "maker",
        "maker_tricks",
        "members",
        "number",
        "order",
        "orders",
        "out",
        "playable",
        "played",
        "plays",
        "position",
        "power",
        "powers",
        "regular",
        "renege",
        "renege_at",
        "results",
        "seating",
        "seats_in_order",
        "suit_of",
        "took",
        "trick_open",
        "trump",
        "upcard",
        "upcard_unseen",
        "winner",
    )

    def __init__(self, hand: Hand, order: TrumpOrder) -> None:
        self.hand = hand
        rules = hand.rules
        maker = hand.maker
        assert maker is not None
        self.trump = order.trump
        self.order = order
        self.suit_of, self.members, self.powers = order.suit_of, order.members, order.powers
        self.maker: int = maker
        self.hand_size = size = hand.hand_size
        self.seating = seating = hand.tables.seating(
            hand.dealer, maker, hand.alone, hand.defender_alone, hand.round_one
        )
        self.out, self.orders = seating.out, seating.orders
        self.active_count = len(seating.active)
        self.took = took = hand.picked_up and hand.pickup_reported is not False
        self.upcard = upcard = hand.upcard
        self.discard = discard = hand.discard if took else None
        # The dealer who took an unreported upcard may play cards beyond its reported hand:
        # any of them of the trump suit may be the upcard.
        self.upcard_unseen = took and upcard is None
        self.beyond_hand: int | None = None
        # What each seat is proven to hold when play starts, as bits (the cards as a list:
        # ``holding``): the cards of the deck dealt to it; the dealer who took the upcard
        # keeps the upcard and loses the discard.
        owned = hand.owned
        self.held = held = list(owned)
        dealer = hand.dealer
        if took:
            if discard is None:
                held[dealer] = 0
            else:
                held[dealer] &= ~discard.bit
                if upcard is not None and upcard is not discard:
                    held[dealer] |= upcard.bit
        # Seats whose whole dealt hand is reported, and those whose cards at the start of
        # play are all proven (a later play proves nothing more): not the dealer who took the
        # upcard and reported no discard.
        players = rules.players
        every = len(hand.dealt) == players
        if every:
            for cards in hand.dealt.values():
                if len(cards) != size:
                    every = False
                    break
        if every:
            whole: list[bool] | None = None
            self.complete = complete = [True] * players
        else:
            dealt = hand.dealt
            whole = [len(dealt.get(seat, ())) == size for seat in range(players)]
            self.complete = complete = whole.copy()
        if took and discard is None:
            complete[dealer] = False
        # What each seat may play with no card check: a card of the deck dealt to it, and,
        # for a seat whose hand is not fully reported, any card of the deck dealt to no one;
        # never the upcard or the discard, except the upcard for the dealer who kept it (and
        # never an upcard the deck lacks: it was flagged at the deal, and is checked again).
        keep = ~(
            ((0 if upcard is None else upcard.bit) | (0 if discard is None else discard.bit))
            & ~hand.passed_in
            | hand.laid_away
        )
        deck_bits = DECK_BITS[rules.deck]
        if whole is None:
            self.playable = playable = [mine & keep for mine in owned]
        else:
            anyones = deck_bits & keep & ~sum(owned)
            self.playable = playable = [
                (mine if reported else mine | anyones) & keep
                for mine, reported in zip(owned, whole, strict=True)
            ]
        if took and upcard is not None and upcard is not discard and upcard.bit & deck_bits:
            playable[dealer] |= upcard.bit & ~hand.laid_away
        if hand.laid_away:
            held[maker] &= ~hand.laid_away
        if hand.exchange_unreported:
            # Its exchange not reported, the lone player may hold cards its partners were
            # dealt or that were dealt to no one reported, and any of its own may have been
            # laid away: its dealt cards prove nothing. With its dealt cards all reported, a
            # card beyond them is checked one by one (no more than the exchange brings).
            held[maker] = 0
            complete[maker] = False
            if len(hand.dealt.get(maker, ())) != size:
                anyones = deck_bits & keep & ~sum(owned)
                for partner in rules.partners_of(maker):
                    playable[maker] |= owned[partner] & keep
                playable[maker] |= anyones
        # The tricks so far.
        self.results: list[TrickResult] = []
        self.leader = seating.first_leader
        self.number = 0  # tricks begun
        self.closed = 0  # tricks closed
        self.position = 0  # plays so far
        self.played = 0
        self.maker_tricks = 0
        self.renege: Award | None = None
        self.renege_at = -1  # the first renege's place in the hand
        # The trick in play (none yet: each trick makes its own list of plays).
        self.trick_open = False
        self.seats_in_order: list[int] = _NONE
        self.plays: list[PlayEntry] = _NONE  # type: ignore[assignment]
        self.led: Suit | None = None
        self.following = 0
        self.power: dict[Card, int] = _NO_POWERS
        self.best = -1
        self.winner = -1
        self.regular = True

    # -- taking back a play ---------------------------------------------------------------

    def save(self) -> tuple[tuple[object, ...], int, int]:
        """What a play may change (the trick in play grows in place: its length is kept)."""
        return (_save_state(self), len(self.plays), len(self.results))

    def restore(self, saved: tuple[tuple[object, ...], int, int]) -> None:
        state, plays, results = saved
        for name, value in zip(_STATE, state, strict=True):
            setattr(self, name, value)
        del self.plays[plays:]
        del self.results[results:]

    # -- the tricks -----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.closed >= self.hand_size

    def begin_trick(self) -> None:
        """A new trick, led by the winner of the last (or the first leader)."""
        self.number += 1
        self.trick_open = True
        self.seats_in_order = self.orders[self.leader]
        self.plays = []
        self.led = None
        self.following = 0
        self.power = {}
        self.best = -1
        self.winner = -1
        self.regular = self.number <= self.hand_size

    def play_tricks(self, reported: Sequence[Sequence[PlayEntry]]) -> None:
        """Play tricks as a table reports them, judging every card: the first continues the
        trick in play, if there is one; each is closed when the next one begins, or once every
        seat in play has played to it; the last may stay open. (A hand played action by
        action plays one card at a time this way.)"""
        suit_of = self.suit_of
        members = self.members
        powers = self.powers
        playable = self.playable
        held = self.held
        complete = self.complete
        active_count = self.active_count
        hand_size = self.hand_size
        orders = self.orders
        makers = self.seating.makers
        results = self.results
        position = self.position
        played = self.played
        # The trick in play, and the tricks so far.
        trick_open = self.trick_open
        number = self.number
        leader = self.leader
        closed = self.closed
        maker_tricks = self.maker_tricks
        seats_in_order = self.seats_in_order
        plays = self.plays
        led = self.led
        following = self.following
        power = self.power
        best = self.best
        winner = self.winner
        regular = self.regular
        last = len(reported) - 1
        for t, cards in enumerate(reported):
            if t or not trick_open:
                number += 1
                trick_open = True
                seats_in_order = orders[leader]
                plays = []
                led = None
                following = 0
                power = {}
                best = winner = -1
                regular = number <= hand_size
            count = len(plays)
            for play in cards:
                seat, card = play
                position += 1
                bit = card.bit
                if (
                    regular
                    and count < active_count
                    and seats_in_order[count] == seat
                    and playable[seat] & bit
                    and not played & bit
                ):
                    # The usual case: the right seat plays a card it may hold, not yet played.
                    if led is None:
                        led = suit_of[card]
                        following = members[led]
                        power = powers[led]
                    elif not bit & following and (
                        held[seat] & following & ~played or not complete[seat]
                    ):
                        check_follow(
                            self, seat, card, led, number, position - 1, played, plays[0][1]
                        )
                    strength = power[card]
                    if strength > best:
                        best, winner = strength, seat
                    played |= bit
                    plays.append(play)
                    count += 1
                    continue
                regular = False
                self.number, self.plays, self.played = number, plays, played
                seats_in_order, led, played = self._irregular_play(
                    position - 1, seat, card, seats_in_order, led
                )
                count = len(plays)
            if plays and (count == active_count or t < last):
                if regular and count == active_count:
                    # A trick played in order: its winner is known, it goes to its side.
                    if makers[winner]:
                        maker_tricks += 1
                    closed += 1
                    leader = winner
                    results.append(_trick((plays[0][0], winner, plays)))
                    trick_open = False
                    continue
                self.number, self.plays, self.seats_in_order = number, plays, seats_in_order
                self.position, self.winner, self.regular = position, winner, regular
                self.leader, self.closed, self.maker_tricks = leader, closed, maker_tricks
                self.close_trick()
                leader, closed, maker_tricks = self.leader, self.closed, self.maker_tricks
                trick_open = False
            elif t < last:
                results.append(TrickResult(leader, None, plays))
                trick_open = False
        self.position = position
        self.played = played
        self.trick_open = trick_open
        self.number = number
        self.leader = leader
        self.closed = closed
        self.maker_tricks = maker_tricks
        self.seats_in_order = seats_in_order
        self.plays = plays
        self.led = led
        self.following = following
        self.power = power
        self.best = best
        self.winner = winner
        self.regular = regular

    def _irregular_play(
        self,
        position: int,
        seat: int,
        card: Card,
        seats_in_order: list[int],
        led: Suit | None,
    ) -> tuple[list[int], Suit | None, int]:
        """A play off the usual path: judge its seat, its turn and its card, and count it in
        the trick unless it cannot be part of one. Returns the trick's seat order (a wrong
        lead restarts it from the seat that led), its led suit and the cards played."""
        hand = self.hand
        order = (PLAY, position, 0)
        number = self.number
        played = self.played
        plays = self.plays
        done = [s for s, _ in plays]
        if seat in self.out:
            hand.flag_sitting_out(order, seat, "play_sitting_out", trick=number, card=card)
            return seats_in_order, led, played
        if not_counted(
            hand, order, seat, card, number, plays, self.active_count, self.cards_played(seat)
        ):
            return seats_in_order, led, played
        expected = next(s for s in seats_in_order if s not in done)
        if seat != expected:
            if not plays:
                hand.flag(
                    order,
                    "wrong-lead",
                    "wrong_lead",
                    seat=seat,
                    trick=number,
                    card=card,
                    leader=expected,
                    why=self.seating.why if number == 1 else "won_last",
                )
                # Play goes on clockwise from the seat that did lead.
                seats_in_order = self.orders[seat]
            else:
                flag_out_of_turn(hand, order, seat, card, number, expected)
        check_card(
            hand,
            order,
            seat,
            card,
            number,
            played,
            took=self.took,
            discard=self.discard,
            upcard_suits=(self.trump,) if self.upcard_unseen and self.trump else (),
        )
        if led is None:
            led = self.suit_of[card]
        elif self.suit_of[card] is not led:
            check_follow(self, seat, card, led, number, position, played, plays[0][1])
        plays.append((seat, card))
        return seats_in_order, led, played | card.bit

    def cards_played(self, seat: int) -> int:
        """The seat's cards in the closed tricks."""
        return sum(1 for trick in self.results for s, _ in trick.plays if s == seat)

    def close_trick(self) -> None:
        """Close the trick in play: a seat that did not play to it is out of turn; its winner
        (already found for a regular trick) takes it for its side and leads next."""
        plays = self.plays
        number = self.number
        if len(plays) < self.active_count:
            done = [s for s, _ in plays]
            for seat in self.seats_in_order:
                if seat not in done:
                    self.hand.flag(
                        (PLAY, self.position - 1, 1 + seat),
                        "out-of-turn",
                        "trick_closed_early",
                        seat=seat,
                        trick=number,
                    )
        winner = self.winner
        if not self.regular:
            power = self.powers[self.suit_of[plays[0][1]]]
            winner, best = plays[0][0], -1
            for seat, card in plays:
                if power[card] > best:
                    winner, best = seat, power[card]
        if self.seating.makers[winner]:
            self.maker_tricks += 1
        self.closed += 1
        self.leader = winner
        self.results.append(TrickResult(plays[0][0], winner, plays))
        self.trick_open = False

    def open_trick(self) -> TrickResult | None:
        if not self.trick_open:
            return None
        plays = list(self.plays)
        return TrickResult(plays[0][0] if plays else self.leader, None, plays)

    # -- who plays next, and what ---------------------------------------------------------

    def next_seat(self) -> tuple[int, Suit | None]:
        """Who plays next, and the suit led to the trick in play (None: it is to be led)."""
        plays = self.plays
        if self.trick_open and plays:
            if self.regular:  # (every seat so far in its turn: the next one in order)
                return self.seats_in_order[len(plays)], self.led
            done = {s for s, _ in plays}
            start = plays[0][0]
            seat = next((s for s in self.orders[start] if s not in done), start)
            return seat, self.suit_of[plays[0][1]]
        return self.leader, None

    def legal_plays(self, seat: int, led: Suit | None) -> list[Play] | None:
        """The cards the seat may play now, or None when they are not all known."""
        bits = self.legal_bits(seat, led)
        return None if bits is None else plays_of(seat, bits)

    def legal_bits(self, seat: int, led: Suit | None) -> int | None:
        """The cards the seat may play now, as bits; None when they are not all known."""
        if self.complete[seat] and not self.hand.breached and not self.upcard_unseen:
            # Nothing irregular so far: what the seat holds, less what was played, is exact.
            remaining = self.held[seat] & ~self.played
        else:
            cards = known_hand(self, seat)
            if cards is None:
                return None
            own = [c for trick in self.results for s, c in trick.plays if s == seat]
            if self.trick_open:
                own += [c for s, c in self.plays if s == seat]
            held = [c for c in cards if c not in own]
            if len(held) != self.hand_size - len(own):
                return None  # the record plays cards this seat's known hand does not have
            remaining = sum(c.bit for c in held)
        if led is not None:
            following = remaining & self.members[led]
            if following:
                return following
        return remaining

    def push(self, seat: int, card: Card) -> int:
        """Play a card already known to be legal (``legal_bits``), with no check: python-chess's
        ``push`` to ``play_tricks``' ``push_san``. The trick closes when every seat has played.
        Returns the seat to play next (-1 once the last trick is closed); ``pop`` takes it back."""
        self.played |= card.bit
        self.position += 1
        if not self.trick_open or not self.plays:
            # A lead: the trick begins, led in the card's suit.
            if not self.trick_open:
                self.number += 1
                self.trick_open = True
                self.regular = self.number <= self.hand_size
            order = self.seats_in_order = self.orders[self.leader]
            self.plays = [(seat, card)]
            led = self.led = self.suit_of[card]
            self.following = self.members[led]
            power = self.power = self.powers[led]
            self.best, self.winner = power[card], seat
            return order[1]
        strength = self.power[card]
        if strength > self.best:
            self.best, self.winner = strength, seat
        plays = self.plays
        plays.append((seat, card))
        count = len(plays)
        if count < self.active_count:
            return self.seats_in_order[count]
        if not self.regular:
            self.close_trick()
        else:  # (close_trick's usual case: the winner is known, every seat played)
            winner = self.leader = self.winner
            self.maker_tricks += self.seating.makers[winner]
            self.closed += 1
            self.results.append(_trick((plays[0][0], winner, plays)))
            self.trick_open = False
        return self.leader if self.closed < self.hand_size else -1

    def pop(self) -> None:
        """Take back the last card ``push`` played."""
        if not self.trick_open:  # it closed a trick: open it again
            leader, winner, plays = self.results.pop()
            assert leader is not None and winner is not None
            self.closed -= 1
            self.maker_tricks -= self.seating.makers[winner]
            self.leader = leader
            self.seats_in_order = self.orders[leader]
            self.plays = plays
            self.trick_open = True
        plays = self.plays
        _, card = plays.pop()
        self.played &= ~card.bit
        self.position -= 1
        self.led = None
        self.best = self.winner = -1
        if not plays:
            self.trick_open = False
            self.number -= 1
            return
        self.led = led = self.suit_of[plays[0][1]]
        self.following = self.members[led]
        power = self.power = self.powers[led]
        for seat, played in plays:
            if power[played] > self.best:
                self.best, self.winner = power[played], seat


def next_action(
    tricks: Tricks,
) -> tuple[Phase, int, list[Discard] | list[Exchange] | list[Play] | None]:
    """Who acts next once trump is made, in which phase, and (when known) the legal moves. A
    verdict lists no exchanges: the lone player's choice of cards is not the referee's."""
    hand = tricks.hand
    if tricks.number == 0 and discard_due(hand):
        return Phase.DISCARD, hand.dealer, legal_discards(hand)
    if tricks.number == 0 and exchange_due(hand):
        assert hand.maker is not None
        return Phase.EXCHANGE, hand.maker, None
    seat, led = tricks.next_seat()
    return Phase.PLAY, seat, tricks.legal_plays(seat, led)
