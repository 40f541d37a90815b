"""How the events API writes rounds, tables, teams and standings: built directly as JSON where
they are read often and can be long."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any, Final

from django.utils.translation import gettext as _
from rest_framework.request import Request

import referee
from scorekeeper.errors import Malformed
from scorekeeper.events import selectors
from scorekeeper.events import serializers as s
from scorekeeper.events.formats import format_of
from scorekeeper.events.localized.choice_names import TIE_BREAK_NAMES, prize_title
from scorekeeper.events.services import PlayerRef

if TYPE_CHECKING:
    from scorekeeper.events.models import EventTable, EventTeam, Table, TableToken
    from scorekeeper.events.services import Matched
    from scorekeeper.models import Player


def table_json(view: selectors.TableView, *, show_code: bool) -> dict[str, Any]:
    """A table of a round; `show_code` (a director) adds its code and the phones at it."""
    return {
        "id": view.id,
        "number": view.number,
        "seats": view.seats,
        "team_names": view.team_names,
        "game_id": view.game_id,
        "join_code": view.join_code if show_code else None,
        "result": view.result,
        "devices": [asdict(d) for d in view.devices] if show_code else None,
    }


def round_json(view: selectors.RoundView, *, show_codes: bool) -> dict[str, Any]:
    return {
        "number": view.number,
        "complete": view.complete,
        "minutes": view.minutes,
        "time_called_at": view.time_called_at,
        "time_called_by": view.time_called_by,
        "sit_outs": view.sit_outs,
        "tables": [table_json(t, show_code=show_codes) for t in view.tables],
    }


def table_links(table: Table) -> dict[str, str]:
    """Where a table's phone reads and scores its game, and enters its result (API paths
    under /api/v1, as the table app keeps them)."""
    links = {"result": f"/tables/{table.pk}/result/"}
    if table.game_id is not None:
        links.update(
            read=f"/games/{table.game_id}/",
            hands=f"/tables/{table.pk}/hands/",
            log=f"/games/{table.game_id}/log/",
        )
    return links


def table_detail(table: Table, *, show_code: bool) -> dict[str, Any]:
    rnd = table.round
    event = rnd.event
    rules = referee.Ruleset.parse(event.ruleset)
    return {
        **table_json(selectors.table_view(table=table), show_code=show_code),
        "event": rnd.event_id,
        "event_name": event.name,
        "format": event.format,
        "winner_required": format_of(event).winner_required,
        "round": rnd.number,
        "round_started_at": rnd.created_at,
        "minutes": rnd.minutes,
        "time_called_at": rnd.time_called_at,
        "time_called_by": rnd.time_called_by,
        "reconfirm": event.reconfirm,
        "entry": event.entry,
        "round_length": event.round_length,
        "hands_per_round": event.hands_per_round,
        "target": rules.target,
        "confirm_with": event.confirm_with,
        "ask_tricks": event.ask_tricks,
        "negative_totals": rules.auction,
        "links": table_links(table),
    }


def event_table_json(event_table: EventTable) -> dict[str, Any]:
    return {
        "id": event_table.pk,
        "event": event_table.event_id,
        "event_name": event_table.event.name,
        "number": event_table.number,
    }


def device_json(device: TableToken, table: Table | None) -> dict[str, Any]:
    """A phone and where it sits now: its physical table, and this round's table there."""
    return {
        "id": device.pk,
        "role": device.role,
        "player": device.player_id,
        "event_table": event_table_json(device.event_table),
        "table": table_detail(table, show_code=False) if table is not None else None,
    }


STANDING_FIELDS: Final = tuple(s.StandingRowSerializer().fields)


def standings_json(table: selectors.Standings) -> dict[str, Any]:
    return {
        "event": table.event.pk,
        "teams": table.shown.teams,
        "hands": table.shown.hands,
        "credited": table.shown.credited,
        "ranked_by": table.shown.ranked_by,
        "tie_breaks": list(table.shown.tie_breaks),
        "tie_break_names": {
            key: str(TIE_BREAK_NAMES.get(key, key)) for key in table.shown.tie_breaks
        },
        "columns": [
            {
                "field": c.field,
                "heading": str(c.heading),
                "short": str(c.short),
                "meaning": str(c.meaning),
                "wide": c.wide,
            }
            for c in table.shown.columns
        ],
        "rounds": table.rounds,
        "waiting": table.waiting,
        "rows": [{name: getattr(row, name) for name in STANDING_FIELDS} for row in table.rows],
        "side_prizes": [
            {"kind": p.kind, "title": prize_title(p), "winners": [asdict(w) for w in p.winners]}
            for p in table.side_prizes
        ],
    }


def player_ref(value: str | int | dict[str, Any], field: str) -> PlayerRef:
    """A player as a request names them (see `PlayerRefField`), for the services."""
    if not isinstance(value, dict):
        return PlayerRef.of(value, field)
    return PlayerRef(
        player_id=value.get("player"),
        name=value.get("name"),
        label=value.get("label"),
        new=value.get("new", False),
        field=field,
    )


def player_json(player: Player) -> dict[str, Any]:
    return {"player": player.pk, "name": player.name, "label": player.label, "shown": player.shown}


def matched_json(found: Matched) -> dict[str, Any]:
    """The player an entry took, and whether they were on the roster already."""
    return {**player_json(found.player), "kind": found.player.kind, "matched": found.matched}


def team_json(team: EventTeam) -> dict[str, Any]:
    members = [e.player for e in team.members.all()]
    return {
        "id": team.pk,
        "name": team.name,
        "seed": team.seed,
        "active": team.active,
        "players": [player.shown for player in members],
        "members": [player_json(player) for player in members],
    }


def reason_of(request: Request) -> str:
    """The optional `reason` of a table's hand write (a director's correction says why)."""
    data = request.data
    value = data.get("reason", "") if isinstance(data, dict) else ""
    if not isinstance(value, str) or len(value) > 500:
        raise Malformed(
            _("a reason is text of up to 500 characters"), code="bad-reason", field="reason"
        )
    return value
