"""Euchre Game Notation (EGN, JSON form): its words and what a game becomes when read and
replayed. (Reading and replaying: ``egn``; writing: ``egn_write``; reading aloud:
``egn_words``.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .cards import Suit
from .rules import Ruleset
from .verdict import Contract, Verdict

FILE_TYPE: Final = "Euchre Game Notation"
MATCH_FILE_TYPE: Final = "Euchre Match Notation"
EGN_VERSION: Final = "1.4"
#: EGN records four-player turn-up games: four seats, five cards a hand.
SEATS: Final = 4
HAND_SIZE: Final = 5
BIDDING: Final = "EUCHRE_BIDDING"
TRICK_PLAY: Final = "TRICK_PLAY"
NO_LONE_DEFENDER: Final = -1

#: Round-1 words that make the upcard's suit trump; "Alone" also declares a lone hand.
ORDER_WORDS: Final = {"order": False, "pickup": False, "call": False, "alone": True}
SUIT_LETTERS: Final = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
LONER_LEADS: Final = {"LEFT_OF_DEALER": "left-of-dealer", "LEFT_OF_LONER": "left-of-loner"}
#: EGN rules the referee does not play; accepted only when switched off.
UNSUPPORTED_SWITCHES: Final = (
    "farmers",
    "partners_best",
    "go_under",
    "allow_no_trump",
    "fast_break",
    "four_trick_tokens",
)


# ---------------------------------------------------------------------------------------------
# Games as the referee sees them


@dataclass(frozen=True, slots=True)
class EgnDeal:
    """One EGN deal turned into a hand record; ``path`` locates it in the file."""

    number: int
    path: str
    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EgnGame:
    title: str
    players: tuple[str, ...]
    initial_score: tuple[int, ...]
    ruleset: Ruleset
    deals: tuple[EgnDeal, ...]


@dataclass(frozen=True, slots=True)
class DealReplay:
    deal: EgnDeal
    verdict: Verdict
    score: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameReplay:
    game: EgnGame
    deals: tuple[DealReplay, ...]
    final_score: tuple[int, ...]
    winner: int | None

    @property
    def ok(self) -> bool:
        return all(deal.verdict.ok for deal in self.deals)

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": [
                {"verdict": deal.verdict.to_json(), "score": list(deal.score)}
                for deal in self.deals
            ],
            "final_score": list(self.final_score),
            "winner": self.winner,
        }


# ---------------------------------------------------------------------------------------------
# Seats in play


def sitting_out(contract: Contract) -> frozenset[int]:
    seats = set()
    if contract.alone:
        seats.add((contract.maker + 2) % SEATS)
    if contract.defender_alone is not None:
        seats.add((contract.defender_alone + 2) % SEATS)
    return frozenset(seats)


def play_order(leader: int, sitting_out: frozenset[int]) -> list[int]:
    """The leader, then each seat that plays, clockwise."""
    others = [(leader + k) % SEATS for k in range(1, SEATS)]
    return [leader, *(seat for seat in others if seat not in sitting_out)]
