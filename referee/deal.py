"""The deal: its check, and a shuffled deal (the deal's moves are the cards' chance)."""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Final

from .cards import DECK_BITS, Card, deck
from .hand import DEAL, Hand
from .rules import Ruleset

_BIT: Final = attrgetter("bit")


def check_deal(hand: Hand) -> None:
    """The usual deal: cards of the deck, each reported once, the upcard in no hand. Anything
    else is flagged card by card. An upcard outside the deck is flagged once, at the deal."""
    upcard = hand.upcard
    if upcard is not None and upcard not in hand.deck:
        hand.flag(
            (DEAL, 0, 0), "card-not-in-deck", "not_in_deck", card=upcard, size=hand.rules.deck
        )
    owned = hand.owned
    seen = 0
    for seat, cards in hand.dealt.items():
        bits = sum(map(_BIT, cards))
        if bits.bit_count() != len(cards) or bits & seen:
            break
        seen |= bits
        owned[seat] = bits
    else:
        if not seen & ~DECK_BITS[hand.rules.deck] and (upcard is None or not seen & upcard.bit):
            return
    hand.owned = [0] * hand.players
    _check_unusual_deal(hand)


def _check_unusual_deal(hand: Hand) -> None:
    """A deal with a card outside the deck or reported twice: each is flagged, and a card
    belongs to the first seat (in seat order) it was reported for."""
    upcard = hand.upcard
    in_deck = hand.deck
    dealt_to: dict[Card, int] = {}
    hand.dealt_to = dealt_to
    owned = hand.owned
    for seat in sorted(hand.dealt):
        for i, card in enumerate(hand.dealt[seat]):
            if card in in_deck and card is not upcard and card not in dealt_to:
                dealt_to[card] = seat
                owned[seat] |= card.bit
                continue
            order = (DEAL, 1 + seat, i)
            if card not in in_deck:
                hand.flag(
                    order,
                    "card-not-in-deck",
                    "not_in_deck",
                    seat=seat,
                    card=card,
                    size=hand.rules.deck,
                )
            if card is upcard:
                hand.flag(order, "card-reused", "upcard_in_hand", seat=seat, card=card)
            elif card in dealt_to:
                other = dealt_to[card]
                key = "twice_in_hand" if other == seat else "dealt_twice"
                hand.flag(order, "card-reused", key, seat=seat, card=card, other=other)
            else:
                dealt_to[card] = seat


def shuffled_deal(
    ruleset: Ruleset, rng: random.Random
) -> tuple[dict[int, list[Card]], Card | None]:
    """A shuffled deal: a hand to each seat and the next card turned up (none under an
    auction, which deals every card)."""
    cards = sorted(deck(ruleset.deck), key=lambda c: c.index)
    rng.shuffle(cards)
    size = ruleset.hand_size
    hands = {seat: cards[seat * size : (seat + 1) * size] for seat in range(ruleset.players)}
    return hands, None if ruleset.auction else cards[ruleset.players * size]
