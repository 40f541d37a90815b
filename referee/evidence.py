"""What a record proves about a seat's cards beyond the action being judged.

A table reports only part of a hand, so the referee reads ahead: a card a seat plays later
shows that it held that card all along, unless the record disputes it. Only a whole record
has such evidence; a hand played through ``HandState`` has every card known and none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import DECK_BITS, PRINTED, SUITS, TRUMP_ORDERS, Card, Suit

if TYPE_CHECKING:
    from .hand import Hand
    from .record import PlayEntry


class Evidence:
    """The record's plays, read once when first needed: by seat with their place in the hand,
    and who played each card."""

    __slots__ = ("_by_seat", "_players_of", "_possible_trumps", "tricks")

    def __init__(self, tricks: Sequence[Sequence[PlayEntry]]) -> None:
        self.tricks = tricks
        self._by_seat: dict[int, list[tuple[int, Card]]] | None = None
        self._players_of: dict[Card, list[int]] = {}
        self._possible_trumps: tuple[Suit, ...] | None = None

    def plays_by_seat(self) -> dict[int, list[tuple[int, Card]]]:
        """Every reported play by seat, with its position in the hand (0-based)."""
        if self._by_seat is None:
            by_seat: dict[int, list[tuple[int, Card]]] = {}
            players_of = self._players_of
            position = 0
            for trick in self.tricks:
                for seat, card in trick:
                    by_seat.setdefault(seat, []).append((position, card))
                    players_of.setdefault(card, []).append(seat)
                    position += 1
            self._by_seat = by_seat
        return self._by_seat

    def players_of(self, card: Card) -> list[int]:
        self.plays_by_seat()
        return self._players_of.get(card, [])

    def players_by_card(self) -> dict[Card, list[int]]:
        """Who played each card that was played."""
        self.plays_by_seat()
        return self._players_of

    def trick_of(self, position: int) -> int:
        """The (1-based) trick of the play at this position in the hand."""
        count = 0
        for t, trick in enumerate(self.tricks):
            count += len(trick)
            if position < count:
                return t + 1
        return len(self.tricks)


def shown_by_play(hand: Hand, seat: int, card: Card) -> bool:
    """Whether the seat's play of this card proves that it held the card: nothing else in the
    record disputes it. A card played twice (by anyone), dealt to another seat, the upcard
    (unless the seat is the dealer who took it) or the dealer's discard proves nothing."""
    if len(hand.evidence.players_of(card)) != 1 or card.bit & hand.laid_away:
        return False
    if hand.owner_of(card) not in (None, seat):
        return False
    if card.bit & hand.passed_in:
        return seat == hand.maker
    if card is hand.upcard:
        return seat == hand.dealer and hand.pickup_happens()
    if card is hand.discard:
        return seat == hand.dealer and not hand.pickup_happens()
    return True


def played_by_another(hand: Hand, seat: int, card: Card) -> bool:
    return any(player != seat for player in hand.evidence.players_of(card))


def proven_cards(hand: Hand, seat: int) -> list[Card] | None:
    """The seat's whole dealt hand, when the record proves every card of it."""
    full = hand.known_full_hand(seat)
    if full is not None:
        return full
    if seat == hand.dealer:
        return None
    known = list(hand.dealt.get(seat, ()))
    for _, card in hand.evidence.plays_by_seat().get(seat, ()):
        if card not in known and shown_by_play(hand, seat, card):
            known.append(card)
    return known if len(known) >= hand.rules.hand_size else None


def holds_suit(cards: list[Card], trump: Suit) -> bool:
    """Whether any of the cards would be a trump (the left bower and the joker count)."""
    suit_of = TRUMP_ORDERS[trump].suit_of
    return any(suit_of[c] is trump for c in cards)


def possible_trumps(hand: Hand) -> tuple[Suit, ...]:
    """The suits an unreported upcard may have: those with a card of the deck that the record
    gives to no seat, that is, deals to nobody and nobody but the dealer plays. The joker is
    not among them (turned up, it has the dealer name trump, and nobody orders it up). A record
    that gives every card away contradicts itself: all four suits stay possible."""
    evidence = hand.evidence
    if evidence._possible_trumps is None:
        given = 0
        for cards in hand.dealt.values():
            for card in cards:
                given |= card.bit
        for card, seats in evidence.players_by_card().items():
            if hand.dealer not in seats:
                given |= card.bit
        free = DECK_BITS[hand.rules.deck] & ~given
        possible = tuple(suit for suit in SUITS if free & PRINTED[suit])
        evidence._possible_trumps = possible or SUITS
    return evidence._possible_trumps
