"""The referee's answer about one hand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .cards import Card, Suit
from .scoring import Award


@dataclass(frozen=True, slots=True)
class Violation:
    code: str
    seat: int | None
    trick: int | None
    card: Card | None
    message: str
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "seat": self.seat,
            "trick": self.trick,
            "card": None if self.card is None else self.card.code,
            "message": self.message,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class Contract:
    """What the bidding made. ``trump`` is None when the upcard was ordered up but not
    reported: the makers are known, the suit is not yet. An auction's contract (``auction``)
    also says its no-trump (``high``, ``low``), the tricks bid and its lone bid (moon,
    loner); its ``trump`` is None for no trump, or while the maker has not named it."""

    trump: Suit | None
    maker: int
    alone: bool = False
    defender_alone: int | None = None
    no_trump: str | None = None
    bid: int | None = None
    lone_bid: str | None = None
    auction: bool = False

    def to_json(self) -> dict[str, Any]:
        trump = None if self.trump is None else self.trump.value
        if self.auction:
            return {
                "trump": trump,
                "no_trump": self.no_trump,
                "maker": self.maker,
                "bid": self.bid,
                "lone_bid": self.lone_bid,
                "alone": self.alone,
                "defender_alone": self.defender_alone,
            }
        return {
            "trump": trump,
            "maker": self.maker,
            "alone": self.alone,
            "defender_alone": self.defender_alone,
        }


class TrickResult(NamedTuple):
    """A trick as the referee reads it. ``winner`` is None while the trick is open or when
    trump is not known; ``leader`` is None only for an empty trick whose leader needs trump."""

    leader: int | None
    winner: int | None
    plays: list[tuple[int, Card]]

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "winner": self.winner,
            "plays": [{"seat": seat, "card": card.code} for seat, card in self.plays],
        }


class Phase(StrEnum):
    """What the hand waits for next; written as the spec's words."""

    BIDDING = "bidding"
    DECLARE = "declare"
    DISCARD = "discard"
    EXCHANGE = "exchange"
    PLAY = "play"


@dataclass(frozen=True, slots=True)
class Next:
    """Who acts next in an unfinished hand, and (when known) what they may do."""

    seat: int
    phase: Phase
    legal: list[str] | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "phase": self.phase.value, "legal": self.legal}


@dataclass(slots=True)
class Verdict:
    violations: list[Violation]
    contract: Contract | None
    tricks: list[TrickResult]
    maker_tricks: int | None
    complete: bool
    award: Award | None
    next: Next | None = None

    @property
    def ok(self) -> bool:
        return not self.violations

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ok": not self.violations,
            "violations": [v.to_json() for v in self.violations],
            "contract": None if self.contract is None else self.contract.to_json(),
            "tricks": [t.to_json() for t in self.tricks],
            "maker_tricks": self.maker_tricks,
            "complete": self.complete,
            "award": None if self.award is None else self.award.to_json(),
        }
        if self.next is not None:
            data["next"] = self.next.to_json()
        return data
