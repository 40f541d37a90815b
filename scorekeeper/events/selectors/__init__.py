"""Reads that shape events' data: look-ups by id, rounds as the tables see them, standings,
leaderboards and a player's record. Each takes a constant number of queries, whatever the size
of the event or the season: rows are fetched flat and added up in the database or by
`scorekeeper.events.ranking.standings` (the tournament arithmetic, in plain Python).

Standings count confirmed results only; the points themselves are the referee's (see services).
Who may read what is not decided here but in `scorekeeper.events.access`.

The reads live by what they read: `lookups` (one row by id), `events` (an event's lists),
`roster` (clubs, players, seasons), `rounds` (rounds, tallies, the crosstable), `ranking`
(live standings), `records` (leaderboards and a player's record) and `history` (the night so
far, as an event's format seats the next round from it). This package names them
all, so callers say `selectors.standings(...)` wherever the read lives.
"""

from scorekeeper.events.selectors.events import (
    LevelTable,
    OpenTable,
    a_round_is_in_play,
    entrants_of,
    event_form_choices,
    event_tables_of,
    events_of,
    paired_on,
    pins_of,
    round_undone,
    rounds_seated,
    tables_level,
    tables_open,
    teams_of,
)
from scorekeeper.events.selectors.history import moves_of, night_of
from scorekeeper.events.selectors.lookups import (
    EventStamp,
    club_get,
    device_table,
    event_get,
    event_stamp,
    player_get,
    result_answered,
    result_of,
    result_version,
    round_get,
    season_get,
    table_get,
    table_now,
)
from scorekeeper.events.selectors.ranking import (
    RoundsDone,
    Standings,
    complete_rounds,
    standings,
)
from scorekeeper.events.selectors.records import (
    LEADERBOARD_ORDER,
    PlayerRecord,
    leaderboard,
    player_record,
    season_state,
)
from scorekeeper.events.selectors.restores import (
    SinceRestore,
    TableSince,
    holdings,
    since_restore,
)
from scorekeeper.events.selectors.roster import (
    Arrival,
    backups_holding_erased,
    clubs,
    clubs_directed_by,
    door_list,
    roster_entry,
    roster_log,
    roster_of,
    seasons_of,
)
from scorekeeper.events.selectors.rounds import (
    CrossCell,
    Crosstable,
    DeviceView,
    RoundView,
    SeatView,
    TableView,
    TallyLine,
    crosstable,
    find_your_table,
    rounds_of,
    table_view,
    tally,
)

__all__ = [
    "LEADERBOARD_ORDER",
    "Arrival",
    "CrossCell",
    "Crosstable",
    "DeviceView",
    "EventStamp",
    "LevelTable",
    "OpenTable",
    "PlayerRecord",
    "RoundView",
    "RoundsDone",
    "SeatView",
    "SinceRestore",
    "Standings",
    "TableSince",
    "TableView",
    "TallyLine",
    "a_round_is_in_play",
    "backups_holding_erased",
    "club_get",
    "clubs",
    "clubs_directed_by",
    "complete_rounds",
    "crosstable",
    "device_table",
    "door_list",
    "entrants_of",
    "event_form_choices",
    "event_get",
    "event_stamp",
    "event_tables_of",
    "events_of",
    "find_your_table",
    "holdings",
    "leaderboard",
    "moves_of",
    "night_of",
    "paired_on",
    "pins_of",
    "player_get",
    "player_record",
    "result_answered",
    "result_of",
    "result_version",
    "roster_entry",
    "roster_log",
    "roster_of",
    "round_get",
    "round_undone",
    "rounds_of",
    "rounds_seated",
    "season_get",
    "season_state",
    "seasons_of",
    "since_restore",
    "standings",
    "table_get",
    "table_now",
    "table_view",
    "tables_level",
    "tables_open",
    "tally",
    "teams_of",
]
