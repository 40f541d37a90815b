"""Cards, suits and how a card ranks once trump is known.

Cards are interned value objects: there is exactly one ``Card`` per card of the largest deck
(7 to ace in four suits, plus the joker), so identity, equality and hashing are cheap and a
parsed card can be compared with ``is``. Reading is lenient (``"10♥"``, ``"jd"``, ``"B"``);
writing is canonical (``"TH"``, ``"JD"``, ``"JOKER"``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

#: The variation selectors a phone's keyboard may put after a suit symbol ("♦️": text or emoji
#: style): the same suit.
_EMOJI_STYLE: Final = "\ufe0e\ufe0f"


class Suit(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    # Hash as the letter does: it agrees with ``==`` ("H" == Suit.HEARTS) and runs in C,
    # where Enum's own hash is Python code run on every dictionary look-up by suit.
    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour: the suit the left bower comes from."""
        return _SAME_COLOUR[self]

    @classmethod
    def parse(cls, text: object) -> Suit | None:
        """The suit a table wrote (``"H"``, ``"h"``, ``"♥"``, ``"hearts"``), or None."""
        if not isinstance(text, str):
            return None
        return _SUIT_SPELLINGS.get(text.strip().lower().rstrip(_EMOJI_STYLE))


_SUIT_NAMES: Final = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}
_SAME_COLOUR: Final = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
_SUIT_SPELLINGS: Final[dict[str, Suit]] = {}
for _suit, _symbols in (
    (Suit.CLUBS, "♣♧"),
    (Suit.DIAMONDS, "♦♢"),
    (Suit.HEARTS, "♥♡"),
    (Suit.SPADES, "♠♤"),
):
    _SUIT_SPELLINGS[_suit.value.lower()] = _suit
    _SUIT_SPELLINGS[_SUIT_NAMES[_suit]] = _suit
    for _symbol in _symbols:
        _SUIT_SPELLINGS[_symbol] = _suit

SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

#: Ranks from low to high, as written in card codes.
RANKS: Final = ("7", "8", "9", "T", "J", "Q", "K", "A")
JOKER_CODE: Final = "JOKER"


class Card:
    """One playing card. Never build one directly: use ``Card.parse`` or ``card_of``."""

    __slots__ = ("bit", "code", "index", "rank", "suit")

    code: str
    rank: str
    suit: Suit | None
    index: int
    #: The card in a set of cards held as an integer's bits. Bits run in the order of the
    #: canonical codes ("7C" lowest), so a set read from its lowest bit up is sorted by code.
    bit: int

    def __init__(self, code: str, rank: str, suit: Suit | None, index: int) -> None:
        self.code = code
        self.rank = rank
        self.suit = suit
        self.index = index
        self.bit = 0

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (card_of, (self.code,))

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_face(self) -> bool:
        """An ace, king, queen, jack or the joker (what a poor hand has none of)."""
        return self.suit is None or self.rank in "AKQJ"

    @classmethod
    def parse(cls, text: object) -> Card | None:
        """The card a table wrote, or None when the text is not a card at all."""
        if not isinstance(text, str):
            return None
        return _SPELLINGS.get(text) or _SPELLINGS.get(text.strip().upper()) or _parse_slow(text)


def _parse_slow(text: str) -> Card | None:
    cleaned = text.strip().upper().rstrip(_EMOJI_STYLE)
    if cleaned in ("B", "BENNY", "JOKER", "🃏"):
        return JOKER
    if len(cleaned) < 2:
        return None
    rank, suit_text = cleaned[:-1], cleaned[-1:]
    if rank == "10":
        rank = "T"
    suit = Suit.parse(suit_text)
    if suit is None or rank not in RANKS:
        return None
    return _BY_CODE[rank + suit.value]


_BY_CODE: Final[dict[str, Card]] = {}
ALL_CARDS: Final[list[Card]] = []
for _suit in SUITS:
    for _rank in RANKS:
        _card = Card(_rank + _suit.value, _rank, _suit, len(ALL_CARDS))
        _BY_CODE[_card.code] = _card
        ALL_CARDS.append(_card)
JOKER: Final = Card(JOKER_CODE, "JOKER", None, len(ALL_CARDS))
ALL_CARDS.append(JOKER)
_BY_CODE[JOKER_CODE] = JOKER
for _place, _code in enumerate(sorted(_BY_CODE)):
    _BY_CODE[_code].bit = 1 << _place
#: Each card by its bit.
CARD_OF_BIT: Final = {card.bit: card for card in ALL_CARDS}
_SPELLINGS: Final[dict[str, Card]] = dict(_BY_CODE)
for _card in ALL_CARDS[:-1]:
    assert _card.suit is not None
    for _rank_text in {_card.rank, _card.rank.lower(), "10" if _card.rank == "T" else _card.rank}:
        for _suit_text in (_card.suit.value, _card.suit.value.lower()):
            _SPELLINGS[_rank_text + _suit_text] = _card
#: Exact spellings read without any cleaning (the common forms); others go through ``parse``.
SPELLINGS: Final[dict[object, Card]] = {k: v for k, v in _SPELLINGS.items()}


def card_of(code: str) -> Card:
    """The card with this canonical code (for code and tests; raises KeyError otherwise)."""
    return _BY_CODE[code]


def cards(text: str) -> list[Card]:
    """Cards written with spaces between them: ``cards("JH AH 10♥ qd")``."""
    result = []
    for word in text.split():
        card = Card.parse(word)
        if card is None:
            raise ValueError(f"not a card: {word!r}")
        result.append(card)
    return result


def cards_of_bits(bits: int) -> list[Card]:
    """The cards of a set held as bits, sorted by code."""
    found = []
    while bits:
        low = bits & -bits
        found.append(CARD_OF_BIT[low])
        bits ^= low
    return found


def deck(size: int) -> frozenset[Card]:
    """The cards of a 24 (9 to ace), 25 (24 and the joker), 32 (7 to ace) or 33 (32 and the
    joker) card deck."""
    return _DECKS[size]


_LOW_RANKS_OUT: Final = {24: ("7", "8"), 25: ("7", "8"), 32: (), 33: ()}
_DECKS: Final = {
    size: frozenset(
        c
        for c in ALL_CARDS
        if (c.is_joker and size % 2) or (not c.is_joker and c.rank not in _LOW_RANKS_OUT[size])
    )
    for size in (24, 25, 32, 33)
}
#: Each deck as card bits, and the cards printed with each suit.
DECK_BITS: Final = {size: sum(c.bit for c in cards) for size, cards in _DECKS.items()}
PRINTED: Final = {suit: sum(c.bit for c in ALL_CARDS if c.suit is suit) for suit in SUITS}


class TrumpOrder:
    """How every card ranks once trump is known: a trump suit, or no trump (Bid Euchre).

    ``suit_of[card]`` is the suit a card belongs to in play: the left bower and the joker
    belong to trump; ``members[suit]`` is the same as a set of card bits. ``powers[led][card]``
    orders cards within a trick led in ``led``: trumps above everything, then the led suit; a
    card of another suit cannot win (-1). Under no trump (``trump`` None) every card belongs to
    its printed suit and jacks are plain cards: aces high (``high``), or nines, the lowest rank
    of the deck, high (``low``).
    """

    __slots__ = (
        "left_bower",
        "members",
        "no_trump",
        "powers",
        "right_bower",
        "suit_of",
        "trump",
        "trump_rank",
    )

    def __init__(self, trump: Suit | None, no_trump: str | None = None) -> None:
        self.trump = trump
        self.no_trump = no_trump
        self.suit_of: dict[Card, Suit] = {}
        self.trump_rank: dict[Card, int] = {}
        self.right_bower: Card | None = None
        self.left_bower: Card | None = None
        if trump is None:
            for card in ALL_CARDS:
                # (The joker is in no deck an auction deals: flagged wherever it appears, it
                # is read as a spade that never wins.)
                self.suit_of[card] = card.suit or Suit.SPADES
        else:
            self.right_bower = _BY_CODE["J" + trump.value]
            self.left_bower = _BY_CODE["J" + trump.partner.value]
            for card in ALL_CARDS:
                self.suit_of[card] = (
                    trump if card.suit is None or card is self.left_bower else card.suit
                )
            ordinary = [c for c in ALL_CARDS if c.suit is trump and c is not self.right_bower]
            for rank, card in enumerate(ordinary):
                self.trump_rank[card] = rank
            top = len(ordinary)
            self.trump_rank[self.left_bower] = top
            self.trump_rank[self.right_bower] = top + 1
            self.trump_rank[JOKER] = top + 2
        self.members: dict[Suit, int] = dict.fromkeys(SUITS, 0)
        for card, suit in self.suit_of.items():
            self.members[suit] |= card.bit
        self.powers: dict[Suit, dict[Card, int]] = {
            led: {card: self._rank_in_trick(card, led) for card in ALL_CARDS} for led in SUITS
        }

    def _rank_in_trick(self, card: Card, led: Suit) -> int:
        rank = self.trump_rank.get(card)
        if rank is not None:
            return 100 + rank
        if self.suit_of[card] is not led or card.is_joker:
            return -1
        if self.no_trump == "low":
            return len(RANKS) - 1 - RANKS.index(card.rank)
        return RANKS.index(card.rank)


TRUMP_ORDERS: Final = {suit: TrumpOrder(suit) for suit in SUITS}
#: The orders of a no-trump contract: ``high`` (aces high) and ``low`` (nines high).
NO_TRUMP_ORDERS: Final = {kind: TrumpOrder(None, kind) for kind in ("high", "low")}
