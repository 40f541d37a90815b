"""Everything kept about one of a club's players, for them to take away (JSON or CSV): their
record on the roster, the events they entered (the team they played in, their PIN), the rounds
they sat out, each result line of theirs (every number the standings add up), the results they
entered, confirmed or disputed (with what they said), the phones that confirmed for them (with
the label each was given), the games they sat in with every hand of them, and the roster log's
changes to their record, before and after. Times are the club's clock (its time zone, named in
the export)."""

from __future__ import annotations

import csv
import io
from typing import Any, Final

from django.db.models import Q

from scorekeeper.events.exports.records import BOM, safe_cell
from scorekeeper.events.localized.club_time import club_time, club_zone
from scorekeeper.events.models import (
    Entrant,
    EventTeam,
    ResultChange,
    ResultLine,
    RosterChange,
    SitOut,
    TableToken,
)
from scorekeeper.events.services.privacy import names_them, records_of
from scorekeeper.models import Club, Hand, Player, Seat
from scorekeeper.services.hands import hand_snapshot

RESULT_COLUMNS: Final = (
    "event",
    "event_name",
    "date",
    "round",
    "table",
    "side",
    "confirmed",
    "points_for",
    "points_against",
    "won",
    "tied",
    "time_called",
    "hands",
    "made",
    "marched",
    "euchred",
    "euchres",
    "loners_tried",
    "loners_made",
    "provenance",
    "director",
)


#: What the player did to a result, by the change log's action, and the snapshot's field that
#: names who did it.
PART: Final = {
    ResultChange.Action.ENTER: ("entered", "entered_by"),
    ResultChange.Action.CONFIRM: ("confirmed", "confirmed_by"),
    ResultChange.Action.DISPUTE: ("disputed", "disputed_by"),
}


def player_data(*, player: Player) -> dict[str, Any]:
    """What is kept about the player (a club's), in a dozen queries whatever its length."""
    club = player.club
    assert club is not None  # access.player_for finds only a club's players
    entries = (
        Entrant.objects.filter(player=player).select_related("event", "team").order_by("event_id")
    )
    lines = (
        ResultLine.objects.filter(player=player)
        .select_related("event", "result")
        .order_by("event_id", "round_number", "table_number")
    )
    # Records merged into theirs (one person typed twice) were theirs too.
    ids = records_of(player)
    log = RosterChange.objects.filter(club=club).filter(Q(player__in=ids) | Q(other__in=ids))
    return {
        "time_zone": str(club_zone(club)),
        "player": {
            "id": player.pk,
            "name": player.name,
            "label": player.label,
            "shown": player.shown,
            "kind": player.kind,
            "club": club.name,
            "added": club_time(player.created_at, club),
        },
        "entries": [
            {
                "event": e.event_id,
                "event_name": e.event.name,
                "date": e.event.date.isoformat(),
                "team": e.team.name if e.team else None,
                "active": e.active,
                "pin": e.pin,
                "entered": club_time(e.created_at, club),
            }
            for e in entries
        ],
        "sit_outs": _sit_outs(player),
        "their_part_in_results": _parts(player, ids, club),
        "confirming_phones": _confirming_phones(player, club),
        "results": [
            {
                "event": line.event_id,
                "event_name": line.event.name,
                "date": line.event.date.isoformat(),
                "round": line.round_number,
                "table": line.table_number,
                **{column: getattr(line, column) for column in RESULT_COLUMNS[5:-2]},
                "provenance": line.result.provenance,
                "director": line.result.director,
            }
            for line in lines
        ],
        "roster_log": [
            {
                "action": change.action,
                "by": change.actor,
                "reason": change.reason,
                "before": change.before,
                "after": change.after,
                "at": club_time(change.created_at, club),
            }
            for change in log.order_by("id")
        ],
        "events_log": _events_log(player, ids, club),
        "games": _games(player, club),
    }


def _events_log(player: Player, ids: frozenset[int], club: Club) -> list[dict[str, Any]]:
    """What the events' change logs say of the player or a team of theirs (an arrival, a
    leaving, an absence, a substitute for them, a swap, a withdrawal), with the reasons given:
    what an erasure rewrites of them there."""
    teams = set(EventTeam.objects.filter(members__player=player).values_list("pk", flat=True))
    entries = (
        ResultChange.objects.filter(
            Q(event__entrants__player=player)
            | Q(event__club=club, action=ResultChange.Action.SUBSTITUTE)
        )
        .select_related("event")
        .distinct()
        .order_by("id")
    )
    return [
        {
            "event": entry.event_id,
            "event_name": entry.event.name,
            "round": entry.round_number,
            "table": entry.table_number,
            "action": entry.action,
            "by": entry.actor,
            "reason": entry.reason,
            "before": entry.before,
            "after": entry.after,
            "at": club_time(entry.created_at, club),
        }
        for entry in entries
        if any(names_them(entry.before, i, teams) or names_them(entry.after, i, teams) for i in ids)
    ]


def _sit_outs(player: Player) -> list[dict[str, Any]]:
    """The rounds the player sat out, alone or with their team."""
    sit_outs = (
        SitOut.objects.filter(Q(player=player) | Q(team__members__player=player))
        .select_related("round__event", "team")
        .order_by("round__event_id", "round__number")
        .distinct()
    )
    return [
        {
            "event": sit_out.round.event_id,
            "event_name": sit_out.round.event.name,
            "date": sit_out.round.event.date.isoformat(),
            "round": sit_out.round.number,
            "team": sit_out.team.name if sit_out.team else None,
        }
        for sit_out in sit_outs
    ]


def _confirming_phones(player: Player, club: Club) -> list[dict[str, Any]]:
    """The phones that joined a table to confirm for the player, with the label each was given
    (never the phone's token)."""
    phones = (
        TableToken.objects.filter(player=player)
        .select_related("event_table__event", "table__round")
        .order_by("id")
    )
    return [
        {
            "event": phone.event_table.event_id,
            "event_name": phone.event_table.event.name,
            "round": phone.table.round.number if phone.table else None,
            "table": phone.event_table.number,
            "label": phone.label,
            "joined": club_time(phone.created_at, club),
            "ended": club_time(phone.revoked_at, club) if phone.revoked_at else None,
            "why_ended": phone.ended or None,
        }
        for phone in phones
    ]


def _games(player: Player, club: Club) -> list[dict[str, Any]]:
    """The games the player sat in (an event's table, hand by hand), each with its hands."""
    seats = (
        Seat.objects.filter(player=player)
        .select_related("game__event_table__round__event")
        .prefetch_related("game__hands")
        .order_by("game__created_at", "game_id")
    )
    games = []
    for seat in seats:
        game = seat.game
        table = getattr(game, "event_table", None)
        games.append(
            {
                "event": table.round.event_id if table else None,
                "event_name": table.round.event.name if table else None,
                "round": table.round.number if table else None,
                "table": table.number if table else None,
                "seat": seat.number,
                "team": seat.team,
                "team_names": game.team_names,
                "ruleset": game.preset,
                "target": game.target,
                "score": game.score,
                "status": game.status,
                "winner": game.winner,
                "started": club_time(game.created_at, club),
                "hands": [_hand(hand, club) for hand in game.hands.all()],
            }
        )
    return games


def _hand(hand: Hand, club: Club) -> dict[str, Any]:
    """A hand as the game's change log keeps it, and when it was entered."""
    return {**hand_snapshot(hand), "entered": club_time(hand.created_at, club)}


def _parts(player: Player, ids: frozenset[int], club: Club) -> list[dict[str, Any]]:
    """The results the player entered, confirmed or disputed (a dispute with its words), from
    the events' change logs of the tables they sat at."""
    changes = (
        ResultChange.objects.filter(table__seats__player=player, action__in=list(PART))
        .select_related("event", "table__round")
        .order_by("id")
        .distinct()
    )
    parts = []
    for change in changes:
        did, by = PART[ResultChange.Action(change.action)]
        if (change.after or {}).get(by) not in ids:
            continue
        assert change.table is not None
        parts.append(
            {
                "event": change.event_id,
                "event_name": change.event.name,
                "round": change.table.round.number,
                "table": change.table.number,
                "did": did,
                "points": (change.after or {}).get("points"),
                "said": change.reason,
                "on": change.actor,
                "at": club_time(change.created_at, club),
            }
        )
    return parts


def player_csv(data: dict[str, Any]) -> str:
    """The player's result lines as CSV, one a line, each with who they are and the club's
    time zone (numbers as numbers; text that would start a formula quoted; a byte order mark
    for spreadsheets, as `scorekeeper.events.exports.records` writes)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    player = data["player"]
    who = (player["id"], player["name"], player["label"], player["club"], data["time_zone"])
    writer.writerow(("player", "name", "label", "club", "time_zone", *RESULT_COLUMNS))
    for row in data["results"]:
        writer.writerow([safe_cell(v) for v in (*who, *(row[c] for c in RESULT_COLUMNS))])
    return out.getvalue()
