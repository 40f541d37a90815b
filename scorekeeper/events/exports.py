"""Standings and results as CSV; a table's game, or an event's games, in Euchre Game Notation.

EGN records calls and cards, so only hands entered as full hand records can be written; the
referee's EGN writer says when it cannot write one. A game whose first hands were entered as
scores only starts its EGN at the score those hands made (EGN's `initialScore`), so a replay
of the file ends at the game's score; the description says which hands were left out.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import referee
from referee import egn
from scorekeeper.events.models import Event, Result, Table
from scorekeeper.events.selectors import RoundView, Standings, rounds_of
from scorekeeper.models import Game
from scorekeeper.selectors import score_of

STANDINGS_COLUMNS: Final = (
    "rank",
    "name",
    "players",
    "played",
    "wins",
    "losses",
    "ties",
    "points_for",
    "points_against",
    "byes",
    "sit_out_credit",
    "total",
    "euchres",
    "loners_made",
    "best_game",
    "tie_break",
    "time_called",
)
RESULTS_COLUMNS: Final = (
    "round",
    "table",
    "side_0",
    "side_1",
    "points_0",
    "points_1",
    "winner",
    "hands",
    "status",
    "entered_by",
    "confirmed_by",
    "corrected",
    "time_called",
    "confirmation",
)


def _csv(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def standings_csv(table: Standings) -> str:
    return _csv(
        STANDINGS_COLUMNS,
        [
            (
                row.rank,
                row.name,
                " & ".join(row.players),
                row.played,
                row.wins,
                row.losses,
                row.ties,
                row.points_for,
                row.points_against,
                row.byes,
                row.credit,
                row.total,
                row.euchres,
                row.loners_made,
                row.best_game,
                row.tie_break or "",
                row.time_called,
            )
            for row in table.rows
        ],
    )


def results_csv(rounds: Sequence[RoundView], names: dict[int, str]) -> str:
    rows = []
    for rnd in rounds:
        for table in rnd.tables:
            result = table.result
            rows.append(
                (
                    rnd.number,
                    table.number,
                    table.team_names[0],
                    table.team_names[1],
                    result.points[0] if result else "",
                    result.points[1] if result else "",
                    ("" if result.winner is None else table.team_names[result.winner])
                    if result
                    else "",
                    result.hands if result else "",
                    result.status if result else "waiting",
                    names.get(result.entered_by_id, "") if result else "",
                    names.get(result.confirmed_by_id or 0, "") if result else "",
                    "yes" if result and result.corrected else "",
                    "yes" if result and result.time_called else "",
                    (result.confirmation or "") if result else "",
                )
            )
    return _csv(RESULTS_COLUMNS, rows)


def event_results_csv(event: Event) -> str:
    rounds = rounds_of(event=event)
    names = {seat.player_id: seat.name for r in rounds for t in r.tables for seat in t.seats}
    return results_csv(rounds, names)


# ---------------------------------------------------------------------------------------------
# EGN


@dataclass(frozen=True)
class EgnGame:
    table: Table
    data: dict[str, Any] | None  # None: nothing of this game can be written in EGN
    left_out: str  # why hands (or the whole game) were left out, or ""


def game_egn(table: Table, *, title: str, date: str | None = None) -> EgnGame:
    """One table's game in EGN, as far as its hands were entered with their cards."""
    game: Game | None = table.game
    if game is None:
        return EgnGame(table, None, "final scores only: no hands were entered")
    ruleset = referee.Ruleset.parse(game.ruleset)
    try:
        egn.egn_ruleset(ruleset)
    except referee.MalformedRecord as error:
        return EgnGame(table, None, f"EGN cannot write this ruleset: {error}")
    hands = sorted(game.hands.all(), key=lambda hand: hand.number)
    written: list[tuple[dict[str, Any], referee.Verdict]] = []
    start = 0  # the first hand of the longest run of writable hands that ends the game
    for i, hand in enumerate(hands):
        if hand.record is None:
            written, start = [], i + 1
            continue
        record = {**hand.record, "ruleset": game.ruleset}
        verdict = referee.check(record)
        try:
            egn.hand_to_egn(record, verdict, deal_number=0)
        except referee.MalformedRecord:
            written, start = [], i + 1
            continue
        written.append((record, verdict))
    if not written:
        return EgnGame(table, None, "no hand that ends the game was entered with its cards")
    seats = sorted(game.seats.all(), key=lambda seat: seat.number)
    initial = score_of(ruleset, (hand.award for hand in hands[:start]))
    left_out = ""
    if start:
        left_out = (
            f"hands 1 to {start} were entered without their cards; the game starts at their score"
        )
    data = egn.game_to_egn(
        written,
        players=[seat.player.name for seat in seats],
        initial_score=initial,
        title=title,
        description=left_out,
        date=date,
    )
    return EgnGame(table, data, left_out)


def event_egn(event: Event) -> dict[str, Any]:
    """The event's games as an EGN match file (EMN): each table's game in `games[i].gameData`."""
    tables = (
        Table.objects.filter(round__event=event, game__isnull=False)
        .select_related("round", "game", "result")
        .prefetch_related("game__hands", "game__seats__player")
        .order_by("round__number", "number")
    )
    games = []
    skipped = []
    for table in tables:
        title = f"{event.name}, round {table.round.number}, table {table.number}"
        exported = game_egn(table, title=title, date=event.date.isoformat())
        if exported.data is None:
            skipped.append(
                {"round": table.round.number, "table": table.number, "why": exported.left_out}
            )
            continue
        status = getattr(table, "result", None)
        games.append(
            {
                "round": table.round.number,
                "table": table.number,
                "result": status.status if isinstance(status, Result) else None,
                "gameData": exported.data,
            }
        )
    return {
        "fileType": egn.MATCH_FILE_TYPE,
        "version": egn.EGN_VERSION,
        "metadata": {"title": event.name, "date": event.date.isoformat(), "skipped": skipped},
        "games": games,
    }
