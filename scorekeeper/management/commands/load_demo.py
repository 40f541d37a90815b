"""Load a few players and finished games (standard, Uka, two-handed); safe to run again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from referee import notation
from scorekeeper.backups import backups_settled
from scorekeeper.events.services.demo import load_demo_event
from scorekeeper.models import Club, Game
from scorekeeper.selectors import DEMO_ACTOR, DEMO_CLUB
from scorekeeper.services import (
    HandEntry,
    QuickEntry,
    RecordEntry,
    ThrownInEntry,
    game_create,
    hand_record,
)

# Dealer 0; seat 1 calls hearts in round two and marches with both bowers.
MARCH_RECORD: dict[str, Any] = {
    "dealer": 0,
    "upcard": "9C",
    "hands": {
        "0": ["AS", "9H", "TH", "TC", "JC"],
        "1": ["JH", "JD", "AH", "KH", "QH"],
        "2": ["9D", "TD", "QD", "KD", "AD"],
        "3": ["9S", "TS", "JS", "QS", "KS"],
    },
    "bids": [
        {"seat": 1, "action": "pass"},
        {"seat": 2, "action": "pass"},
        {"seat": 3, "action": "pass"},
        {"seat": 0, "action": "pass"},
        {"seat": 1, "action": "call", "suit": "H"},
    ],
    "tricks": notation.tricks(
        "1:JH 2:9D 3:9S 0:9H",
        "1:JD 2:TD 3:TS 0:TH",
        "1:AH 2:QD 3:JS 0:AS",
        "1:KH 2:KD 3:QS 0:TC",
        "1:QH 2:AD 3:KS 0:JC",
    ),
}


def quick(maker: int, trump: str, tricks: int, alone: bool = False) -> QuickEntry:
    return QuickEntry(maker=maker, trump=trump, maker_tricks=tricks, alone=alone)


DEMO_GAMES: list[tuple[str, list[str], list[HandEntry]]] = [
    (
        "standard",
        ["Ann", "Ben", "Cat", "Dan"],
        [
            RecordEntry(record=MARCH_RECORD),
            quick(2, "S", 3),
            quick(0, "D", 2),
            quick(1, "C", 1),
            quick(3, "C", 5, alone=True),
            quick(1, "H", 4),
            quick(2, "H", 5),
            quick(1, "S", 3),
        ],
    ),
    (
        "uka",
        ["Eve", "Fay", "Gus", "Hal"],
        [
            quick(1, "H", 5),
            quick(0, "S", 3),
            quick(2, "D", 4, alone=True),
            quick(0, "H", 5),
            quick(3, "C", 3),
            quick(1, "S", 2),
            quick(0, "D", 5, alone=True),
        ],
    ),
    (
        "two-handed",
        ["Ann", "Eve"],
        [
            quick(0, "H", 3),
            ThrownInEntry(),
            quick(1, "S", 5),
            quick(0, "D", 1),
            quick(1, "C", 4),
            quick(0, "S", 5),
            quick(1, "H", 3),
            quick(1, "D", 2),
            quick(0, "C", 5),
            quick(0, "H", 5),
            quick(0, "S", 3),
        ],
    ),
]


class Command(BaseCommand):
    help = "Load demo players and finished games; games already loaded are left alone."

    def handle(self, *args: Any, **options: Any) -> None:
        club, _ = Club.objects.get_or_create(name=DEMO_CLUB)
        for preset, players, hands in DEMO_GAMES:
            if Game.objects.filter(club=club, preset=preset).exists():
                self.stdout.write(f"{preset}: already loaded")
                continue
            with transaction.atomic():
                game, _token = game_create(
                    ruleset=preset, players=players, dealer=0, club=club, actor=DEMO_ACTOR
                )
                for entry in hands:
                    game = hand_record(game_id=game.id, entry=entry, actor=DEMO_ACTOR).game
                if game.status != Game.Status.FINISHED:
                    raise CommandError(f"the {preset} demo game did not reach its target")
            self.stdout.write(f"{preset}: {game.status}, winner team {game.winner}, game {game.id}")
        load_demo_event(stdout=self.stdout)
        # The demo's rounds end, and back the night up, in the background: the command waits
        # for those backups, which its exit would otherwise cut off half-written.
        backups_settled()
