"""The actions of a hand, typed: a bid, the dealer's discard, a play.

The legal-move functions of each phase answer with these objects, never with words to be read
back. Each possible action exists once (``bid_of``, ``DISCARDS``, ``PLAYS``), so listing the
legal moves builds nothing; an action a caller builds itself is equal to the listed one.
A verdict's ``next.legal`` is the same moves as words: ``Action.word``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from .cards import ALL_CARDS, SUITS, Card, Suit

#: The most seats any ruleset has; the tables below hold an action for each.
MAX_SEATS: Final = 6

BID_WORDS: Final = ("pass", "order-up", "call", "defend-alone", "redeal")


class BidLike(Protocol):
    """What a bid says, whether reported in a record or made through ``HandState``."""

    @property
    def seat(self) -> int: ...
    @property
    def action(self) -> str: ...
    @property
    def suit(self) -> Suit | None: ...
    @property
    def alone(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    action: str
    suit: Suit | None = None
    alone: bool = False

    @property
    def word(self) -> str:
        """The bid as a verdict's legal bids write it: ``pass``, ``order-up-alone``, ``call:H``."""
        text = f"call:{self.suit.value}" if self.action == "call" and self.suit else self.action
        return f"{text}-alone" if self.alone else text

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    @property
    def word(self) -> str:
        return self.card.code

    def __str__(self) -> str:
        return f"discard:{self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card

    @property
    def word(self) -> str:
        return self.card.code

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"


Action = Bid | Discard | Play

_BIDS: Final[dict[tuple[int, str, Suit | None, bool], Bid]] = {}
for _seat in range(MAX_SEATS):
    for _alone in (False, True):
        for _word in ("pass", "order-up", "defend-alone", "redeal"):
            _BIDS[_seat, _word, None, _alone] = Bid(_seat, _word, None, _alone)
        for _suit in SUITS:
            _BIDS[_seat, "call", _suit, _alone] = Bid(_seat, "call", _suit, _alone)


def bid_of(seat: int, action: str, suit: Suit | None = None, alone: bool = False) -> Bid:
    """The one ``Bid`` for these words."""
    return _BIDS[seat, action, suit, alone]


DISCARDS: Final = {card: Discard(card) for card in ALL_CARDS}
#: Each seat's plays, by the card's bit.
PLAYS_BY_BIT: Final = tuple(
    {card.bit: Play(seat, card) for card in ALL_CARDS} for seat in range(MAX_SEATS)
)


def play_of(seat: int, card: Card) -> Play:
    """The one ``Play`` of this card by this seat."""
    return PLAYS_BY_BIT[seat][card.bit]


def plays_of(seat: int, bits: int) -> list[Play]:
    """The seat's plays of a set of cards held as bits, sorted by card code."""
    return list(legal_plays_of(seat, bits))


def legal_plays_of(seat: int, bits: int) -> tuple[Play, ...]:
    """``plays_of`` as a tuple kept for the next time the same cards are asked for."""
    key = (seat, bits)
    found = _PLAYS_OF.get(key)
    if found is None:
        table = PLAYS_BY_BIT[seat]
        plays = []
        while bits:
            low = bits & -bits
            plays.append(table[low])
            bits ^= low
        if len(_PLAYS_OF) >= 1 << 16:
            _PLAYS_OF.clear()
        found = _PLAYS_OF[key] = tuple(plays)
    return found


#: The plays of each set of cards asked for, kept (hands repeat): a legal-move list costs one
#: look-up.
_PLAYS_OF: Final[dict[tuple[int, int], tuple[Play, ...]]] = {}
