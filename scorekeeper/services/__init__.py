"""Business operations. Nothing else writes the scorekeeper's rows."""

from scorekeeper.services.games import (
    game_create,
    game_create_idempotent,
    game_token_renew,
    ruleset_checked,
)
from scorekeeper.services.hands import (
    HandResult,
    hand_amend,
    hand_record,
    hand_replay,
    hand_undo,
)
from scorekeeper.services.rulings import (
    HandEntry,
    QuickEntry,
    RecordEntry,
    RenegeEntry,
    ThrownInEntry,
)

__all__ = [
    "HandEntry",
    "HandResult",
    "QuickEntry",
    "RecordEntry",
    "RenegeEntry",
    "ThrownInEntry",
    "game_create",
    "game_create_idempotent",
    "game_token_renew",
    "hand_amend",
    "hand_record",
    "hand_replay",
    "hand_undo",
    "ruleset_checked",
]
