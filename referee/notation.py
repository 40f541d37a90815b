"""Tricks as a table writes them: ``"1:JH 2:9D 3:9S 0:9H"``, seat:card in play order.

Cards are read leniently, as everywhere in the referee (``"1:10♥"``, ``"2:jd"``), and
written canonically in the hand record's JSON (``{"seat": 1, "card": "TH"}``).
"""

from __future__ import annotations

from .cards import Card


def read_trick(text: str) -> list[tuple[int, Card]]:
    """The plays of one trick: ``read_trick("1:JH 2:9D")`` is ``[(1, JH), (2, 9D)]``.

    Raises ``ValueError`` naming the word that is not a seat, a colon and a card."""
    plays = []
    for word in text.split():
        seat, colon, spelled = word.partition(":")
        card = Card.parse(spelled)
        if not colon or not seat.isdigit() or card is None:
            raise ValueError(f"not a play (write seat:card, e.g. 1:JH): {word!r}")
        plays.append((int(seat), card))
    return plays


def trick(text: str) -> list[dict[str, int | str]]:
    """One trick as a hand record writes it: ``[{"seat": 1, "card": "JH"}, ...]``."""
    return [{"seat": seat, "card": card.code} for seat, card in read_trick(text)]


def tricks(*texts: str) -> list[list[dict[str, int | str]]]:
    """A hand record's ``tricks``, one text per trick."""
    return [trick(text) for text in texts]
