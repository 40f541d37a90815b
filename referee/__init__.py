"""The Euchre referee: every rule and every score of the product, in one pure-Python place.

``check(record)`` rules on a reported hand (never raising on rule breaches);
``HandState`` plays a hand action by action and raises ``IllegalAction`` on a breach;
``score(...)`` gives a quick-entry award (``score_outcome`` one told by how the hand ended,
``score_renege`` a renege's), ``award_table`` and
``penalty_table`` every one a ruleset allows, ``largest_award`` the most one side can score in a hand (``largest_hand`` both together). See docs/rules.md and the hand-record spec.
"""

from .actions import DISCARDS, Action, Bid, Discard, Play, bid_of, play_of
from .cards import ALL_CARDS, JOKER, SUITS, Card, Suit, TrumpOrder, card_of, cards, deck
from .check import check, judge
from .errors import IllegalAction, MalformedRecord
from .jsontext import read_json
from .record import RECORD_FIELDS, Record, canonical_record, parse_record, unknown_fields
from .rules import PLAYER_COUNTS, PRESETS, Points, Ruleset, options_schema
from .scoring import (
    OUTCOMES,
    THROWN_IN,
    Award,
    award_outcome,
    award_table,
    game_winner,
    largest_award,
    largest_hand,
    outcome_of,
    penalty_table,
    score,
    score_outcome,
    score_renege,
)
from .state import HandState, random_hand
from .verdict import Contract, Next, Phase, TrickResult, Verdict, Violation

__all__ = [
    "ALL_CARDS",
    "DISCARDS",
    "JOKER",
    "OUTCOMES",
    "PLAYER_COUNTS",
    "PRESETS",
    "RECORD_FIELDS",
    "SUITS",
    "THROWN_IN",
    "Action",
    "Award",
    "Bid",
    "Card",
    "Contract",
    "Discard",
    "HandState",
    "IllegalAction",
    "MalformedRecord",
    "Next",
    "Phase",
    "Play",
    "Points",
    "Record",
    "Ruleset",
    "Suit",
    "TrickResult",
    "TrumpOrder",
    "Verdict",
    "Violation",
    "award_outcome",
    "award_table",
    "bid_of",
    "canonical_record",
    "card_of",
    "cards",
    "check",
    "deck",
    "game_winner",
    "judge",
    "largest_award",
    "largest_hand",
    "options_schema",
    "outcome_of",
    "parse_record",
    "penalty_table",
    "play_of",
    "random_hand",
    "read_json",
    "score",
    "score_outcome",
    "score_renege",
    "unknown_fields",
]
