"""The actions of a hand, typed: a bid, the dealer's discard, a lone player's exchange, a play.

The legal-move functions of each phase answer with these objects, never with words to be read
back. Each possible action exists once (``bid_of``, ``DISCARDS``, ``play_of``), so listing the
legal moves builds nothing; an action a caller builds itself is equal to the listed one. A
parsed record's bids and plays are these same objects: its actions, ready for ``HandState``.
A verdict's ``next.legal`` is the same moves as words: ``Action.word``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from .cards import ALL_CARDS, SUITS, Card, Suit, cards_of_bits

#: The most seats any ruleset has; the tables below hold an action for each.
MAX_SEATS: Final = 6

BID_WORDS: Final = ("pass", "order-up", "call", "defend-alone", "redeal")
#: The actions of an auction (Bid Euchre): a number of tricks, the lone bids, naming trump.
AUCTION_WORDS: Final = ("bid", "moon", "loner", "declare")
#: The most tricks any ruleset's hand has (a 32-card deck dealt to four).
MAX_TRICKS: Final = 8
NO_TRUMP_KINDS: Final = ("high", "low")


class Bid(NamedTuple):
    """A bid. In an auction ``tricks`` is a ``bid``'s number, and ``suit`` or ``no_trump``
    (``high``, ``low``) the trump a bid or a ``declare`` names. A record's bids are these."""

    seat: int
    action: str
    suit: Suit | None = None
    alone: bool = False
    tricks: int | None = None
    no_trump: str | None = None

    @property
    def word(self) -> str:
        """The bid as a verdict's legal bids write it: ``pass``, ``order-up-alone``, ``call:H``,
        ``bid:4``, ``moon``, ``declare:S``, ``declare:high`` (an auction's bid whatever trump
        it names)."""
        action = self.action
        if action == "bid":
            return f"bid:{self.tricks}"
        if action == "declare":
            return f"declare:{self.suit.value if self.suit else self.no_trump}"
        text = f"call:{self.suit.value}" if action == "call" and self.suit else action
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
class Exchange:
    """A lone player's exchange: the cards its partners pass it, as (seat, card), and the
    cards it lays away, chosen before it sees them (spec v1.1, 0.4)."""

    seat: int
    passed: tuple[tuple[int, Card], ...] = ()
    discard: tuple[Card, ...] = ()

    @property
    def word(self) -> str:
        passed = " ".join(f"{seat}:{card}" for seat, card in self.passed)
        return f"passed {passed or '-'} laid away {' '.join(map(str, self.discard)) or '-'}"

    def __str__(self) -> str:
        return f"exchange:{self.word}"


class Play(NamedTuple):
    """A card played by a seat: a (seat, card) pair, as a record's tricks hold them."""

    seat: int
    card: Card

    @property
    def word(self) -> str:
        return self.card.code

    def __str__(self) -> str:
        return f"{self.seat}:{self.card}"


Action = Bid | Discard | Exchange | Play

_BidKey = tuple[int, str, Suit | None, bool, int | None, str | None]
_BIDS: Final[dict[_BidKey, Bid]] = {}
#: What a bid of an auction may name as trump: nothing (declared later), a suit, a no-trump.
NAMINGS: Final[tuple[tuple[Suit | None, str | None], ...]] = (
    (None, None),
    *((suit, None) for suit in SUITS),
    *((None, kind) for kind in NO_TRUMP_KINDS),
)
for _seat in range(MAX_SEATS):
    for _alone in (False, True):
        for _word in ("pass", "order-up", "defend-alone", "redeal"):
            _BIDS[_seat, _word, None, _alone, None, None] = Bid(_seat, _word, None, _alone)
        for _suit in SUITS:
            _BIDS[_seat, "call", _suit, _alone, None, None] = Bid(_seat, "call", _suit, _alone)
        for _named, _kind in NAMINGS:
            for _tricks in range(1, MAX_TRICKS + 1):
                _BIDS[_seat, "bid", _named, _alone, _tricks, _kind] = Bid(
                    _seat, "bid", _named, _alone, _tricks, _kind
                )
            for _word in ("moon", "loner"):
                _BIDS[_seat, _word, _named, _alone, None, _kind] = Bid(
                    _seat, _word, _named, _alone, None, _kind
                )
            if _named is not None or _kind is not None:
                _BIDS[_seat, "declare", _named, False, None, _kind] = Bid(
                    _seat, "declare", _named, False, None, _kind
                )


#: Each seat's pass, by the bid (a ``Bid`` a caller builds itself finds its seat too).
PASS_SEATS: Final = {
    _BIDS[seat, "pass", None, False, None, None]: seat for seat in range(MAX_SEATS)
}


def is_bid_of_a_game(said: Bid) -> bool:
    """Whether some game has this bid: the fields its action takes, and no others."""
    return said in _BIDS


def bid_of(
    seat: int,
    action: str,
    suit: Suit | None = None,
    alone: bool = False,
    tricks: int | None = None,
    no_trump: str | None = None,
) -> Bid:
    """The one ``Bid`` for these words (a new one for words no bid has, as a table's record
    may have: checked, it is refused)."""
    key = (seat, action, suit, alone, tricks, no_trump)
    found = _BIDS.get(key)
    return Bid(*key) if found is None else found


DISCARDS: Final = {card: Discard(card) for card in ALL_CARDS}
#: The discards of each set of cards asked for, by the set's bits, kept as ``PLAYS_OF``.
_DISCARDS_OF: Final[dict[int, tuple[Discard, ...]]] = {}


def discards_of(bits: int) -> tuple[Discard, ...]:
    """The discards of a set of cards held as bits, sorted by card code (kept, as plays are)."""
    found = _DISCARDS_OF.get(bits)
    if found is None:
        if len(_DISCARDS_OF) >= 1 << 14:
            _DISCARDS_OF.clear()
        found = _DISCARDS_OF[bits] = tuple(DISCARDS[card] for card in cards_of_bits(bits))
    return found


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
    kept = PLAYS_OF[seat]
    found = kept.get(bits)
    if found is None:
        table = PLAYS_BY_BIT[seat]
        plays = []
        remaining = bits
        while remaining:
            low = remaining & -remaining
            plays.append(table[low])
            remaining ^= low
        if len(kept) >= 1 << 14:
            kept.clear()
        found = kept[bits] = tuple(plays)
    return found


#: Each seat's plays of each set of cards asked for, by the set's bits, kept (hands repeat): a
#: legal-move list costs one look-up.
PLAYS_OF: Final[tuple[dict[int, tuple[Play, ...]], ...]] = tuple({} for _ in range(MAX_SEATS))
