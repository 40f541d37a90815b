"""Everything that changes clubs, events, rounds, tables and results. Nothing else calls save().

Every operation takes an `Actor` (a signed-in user, or a table's device) and asks
`scorekeeper.events.access` what that actor may do before doing it, so the API, the screens
and scripts behave alike. One module a responsibility: clubs, their rosters, events, rounds,
tables, the hands at a table, results, and closing the night.

"""

from scorekeeper.events.access import Actor, is_director, require_director
from scorekeeper.events.formats.options import MAX_ROUNDS
from scorekeeper.events.services.accounts import (
    InviteMade,
    account_update,
    invite_accept,
    invite_answer,
    invite_create,
    invite_days,
    invite_for,
    invite_named,
    invites_waiting,
)
from scorekeeper.events.services.clubs import (
    DirectorMade,
    club_create,
    club_update,
    director_make,
    season_create,
)
from scorekeeper.events.services.confirmations import result_confirm, result_dispute
from scorekeeper.events.services.device_tokens import device_known_again, shaped_as_issued
from scorekeeper.events.services.events import (
    MAX_HANDS_PER_ROUND,
    entrant_add,
    entrant_leave,
    event_create,
    team_add,
)
from scorekeeper.events.services.knockouts import team_seeds_set
from scorekeeper.events.services.night import event_close, event_reopen
from scorekeeper.events.services.night_log import changes_json
from scorekeeper.events.services.pins import PIN_TRIES
from scorekeeper.events.services.privacy import (
    casual_games_purge,
    player_erase,
)
from scorekeeper.events.services.remedies import (
    result_assign,
    result_forfeit,
    seat_substitute,
    team_withdraw,
)
from scorekeeper.events.services.repairs import (
    event_delete,
    round_seat_late,
    round_undo,
    seats_swap,
)
from scorekeeper.events.services.restores import (
    awaiting_restore,
    device_seen,
    epoch_of,
    events_restored,
    night_epoch,
)
from scorekeeper.events.services.results import (
    result_correct,
    result_enter,
    result_snapshot,
)
from scorekeeper.events.services.roster import (
    Matched,
    PlayerRef,
    player_merge,
    player_split,
    player_update,
    roster_add,
)
from scorekeeper.events.services.rounds import NO_TARGET, round_generate, round_time_call
from scorekeeper.events.services.seasons import season_update
from scorekeeper.events.services.settings import event_update
from scorekeeper.events.services.table_hands import (
    table_hand_amend,
    table_hand_record,
    table_hand_replay_ended,
    table_hand_undo,
)
from scorekeeper.events.services.tables import (
    MAX_CONFIRMERS,
    device_for_token,
    device_name,
    join_limit_lifted,
    normalize_code,
    table_code_issue,
    table_confirmers_end,
    table_join,
    table_leave,
    table_takeover,
)

__all__ = [
    "MAX_CONFIRMERS",
    "MAX_HANDS_PER_ROUND",
    "MAX_ROUNDS",
    "NO_TARGET",
    "PIN_TRIES",
    "Actor",
    "DirectorMade",
    "InviteMade",
    "Matched",
    "PlayerRef",
    "account_update",
    "awaiting_restore",
    "casual_games_purge",
    "changes_json",
    "club_create",
    "club_update",
    "device_for_token",
    "device_known_again",
    "device_name",
    "device_seen",
    "director_add",
    "director_make",
    "entrant_add",
    "entrant_leave",
    "epoch_of",
    "event_close",
    "event_create",
    "event_delete",
    "event_reopen",
    "event_update",
    "events_restored",
    "invite_accept",
    "invite_answer",
    "invite_create",
    "invite_days",
    "invite_for",
    "invite_named",
    "invites_waiting",
    "is_director",
    "join_limit_lifted",
    "night_epoch",
    "normalize_code",
    "player_erase",
    "player_merge",
    "player_split",
    "player_update",
    "require_director",
    "result_assign",
    "result_confirm",
    "result_correct",
    "result_dispute",
    "result_enter",
    "result_forfeit",
    "result_snapshot",
    "roster_add",
    "round_generate",
    "round_seat_late",
    "round_time_call",
    "round_undo",
    "season_create",
    "season_update",
    "seat_substitute",
    "seats_swap",
    "shaped_as_issued",
    "table_code_issue",
    "table_confirmers_end",
    "table_hand_amend",
    "table_hand_record",
    "table_hand_replay_ended",
    "table_hand_undo",
    "table_join",
    "table_leave",
    "table_takeover",
    "team_add",
    "team_seeds_set",
    "team_withdraw",
]
