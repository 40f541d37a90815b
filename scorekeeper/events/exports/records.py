"""Standings, results and the per-round tally as CSV; a table's game, or an event's games, in
Euchre Game Notation.

CSV is written for spreadsheets: UTF-8 with a byte order mark (so Excel reads names such as
"Zoë" or "김" right; LibreOffice and Numbers skip the mark), CRLF line ends, and no text cell
a spreadsheet would run as a formula: a name or other text beginning with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is written with a single quote before it (the OWASP
advice). Numbers, negative ones too, are written as numbers.

EGN records calls and cards, so only hands entered as full hand records can be written; the
referee's EGN writer says when it cannot write one. A game whose first hands were entered as
scores only starts its EGN at the score those hands made (EGN's `initialScore`), so a replay
of the file ends at the game's score; the description says which hands were left out.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from django.utils.translation import get_language
from django.utils.translation import gettext as _

import referee
from referee import egn
from scorekeeper.events.localized.club_time import club_time, club_zone
from scorekeeper.events.models import Event, Result, Table
from scorekeeper.events.selectors import RoundView, Standings, TallyLine, rounds_of, tally
from scorekeeper.models import Club, Game
from scorekeeper.selectors import score_of

#: Written first in every CSV: the byte order mark that tells a spreadsheet it is UTF-8.
BOM: Final = "\ufeff"
#: What a text cell may not begin with, or a spreadsheet would read a formula.
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")

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
    "loner_bonus",
    "total",
    "per_round",
    "euchres",
    "loners_made",
    "best_game",
    "tie_break",
    "time_called",
    "guest",
)
#: Team standings rank by match points: the column goes before the points.
TEAM_STANDINGS_COLUMNS: Final = (
    *STANDINGS_COLUMNS[:7],
    "match_points",
    *STANDINGS_COLUMNS[7:],
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
    "how",
    "director",
    "confirmed_points_0",
    "confirmed_points_1",
    "time_called_by",
    "entered_at",
    "confirmed_at",
    "time_zone",
)
TALLY_COLUMNS: Final = (
    "round",
    "player",
    "table",
    "seat",
    "partner",
    "opponents",
    "points_for",
    "points_against",
    "outcome",
    "status",
    "how",
    "director",
    "confirmed_points_for",
    "confirmed_points_against",
    "time_called_by",
    "hands",
    "euchres",
    "loners_made",
    "substitute_for",
    "substituted_by",
)


def safe_cell(value: Any) -> Any:
    """A cell as a spreadsheet should see it: text that would start a formula gets a quote
    before it; numbers (and empty cells) are left as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([safe_cell(value) for value in row] for row in rows)
    return out.getvalue()


def standings_csv(table: Standings) -> str:
    teams = table.shown.teams
    header = list(TEAM_STANDINGS_COLUMNS if teams else STANDINGS_COLUMNS)
    # The figures only the format shows, named by their fields, before the tie-break.
    columns = [column for column in table.shown.columns if column.field not in header]
    at = header.index("tie_break")
    header[at:at] = [column.field for column in columns]
    return _csv(
        header,
        [
            (
                "" if row.rank is None else row.rank,
                row.name,
                " & ".join(row.players),
                row.played,
                row.wins,
                row.losses,
                row.ties,
                *((row.match_points,) if teams else ()),
                row.points_for,
                row.points_against,
                row.byes,
                row.credit,
                row.bonus,
                row.total,
                "" if row.per_round is None else Decimal(f"{row.per_round:.2f}"),
                row.euchres,
                row.loners_made,
                row.best_game,
                *(getattr(row, column.field) for column in columns),
                row.tie_break or "",
                row.time_called,
                "yes" if row.guest else "",
            )
            for row in table.rows
        ],
    )


LEADERBOARD_COLUMNS: Final = (
    "rank",
    "name",
    "nights",
    "counted",
    "ladder_points",
    "per_night",
    "qualifies",
    "games",
    "wins",
    "points",
    "points_against",
    "euchres",
    "loners_made",
    "best_game",
)


def leaderboard_csv(rows: Sequence[dict[str, Any]]) -> str:
    """A club's leaderboard as its API gives it: a blank rank is a player who has not
    played the nights the season asks for; ``qualifies`` is yes or no."""
    shown = {True: "yes", False: "no", None: ""}
    return _csv(
        LEADERBOARD_COLUMNS,
        (
            [
                shown[row[column]] if column == "qualifies" else row[column]
                for column in LEADERBOARD_COLUMNS
            ]
            for row in rows
        ),
    )


def results_csv(rounds: Sequence[RoundView], names: dict[int, str], club: Club) -> str:
    """Every table's result; its times on the club's clock, the zone named on each row."""
    zone = str(club_zone(club))
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
                    names.get(result.entered_by_id or 0, "") if result else "",
                    names.get(result.confirmed_by_id or 0, "") if result else "",
                    "yes" if result and result.corrected else "",
                    "yes" if result and result.time_called else "",
                    (result.confirmation or "") if result else "",
                    result.provenance if result else "",
                    result.director if result else "",
                    *(confirmed if result and (confirmed := result.confirmed_points) else ("", "")),
                    rnd.time_called_by if result and result.time_called else "",
                    club_time(result.entered_at, club) if result else "",
                    club_time(result.confirmed_at, club) if result else "",
                    zone,
                )
            )
    return _csv(RESULTS_COLUMNS, rows)


def event_results_csv(event: Event) -> str:
    rounds = rounds_of(event=event)
    names = {seat.player_id: seat.name for r in rounds for t in r.tables for seat in t.seats}
    return results_csv(rounds, names, event.club)


def tally_csv(lines: Sequence[TallyLine]) -> str:
    """One row a player a round: table, seat, partner, opponents, points for and against,
    won / lost / tied (or bye), the result's status and the feats from the hands; a
    substitute's row names whom they played for, and that player's row who played for them."""
    return _csv(
        TALLY_COLUMNS,
        [
            (
                line.round,
                line.name,
                "" if line.table is None else line.table,
                line.seat,
                line.partner,
                " & ".join(line.opponents),
                "" if line.points_for is None else line.points_for,
                "" if line.points_against is None else line.points_against,
                line.outcome,
                line.status,
                line.how,
                line.director,
                *(line.confirmed or ("", "")),
                line.time_called_by,
                line.hands,
                line.euchres,
                line.loners_made,
                line.substitute_for,
                line.substituted_by,
            )
            for line in lines
        ],
    )


def event_tally_csv(event: Event) -> str:
    return tally_csv(tally(event=event))


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
        return EgnGame(table, None, _("final scores only: no hands were entered"))
    ruleset = referee.Ruleset.parse(game.ruleset)
    try:
        egn.egn_ruleset(ruleset)
    except referee.MalformedRecord as error:
        why = error.detail_in(get_language() or "en")
        return EgnGame(table, None, _("EGN cannot write this ruleset: %(why)s") % {"why": why})
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
        return EgnGame(table, None, _("no hand that ends the game was entered with its cards"))
    seats = sorted(game.seats.all(), key=lambda seat: seat.number)
    initial = score_of(ruleset, (hand.award for hand in hands[:start]))
    left_out = ""
    if start:
        left_out = (
            f"hands 1 to {start} were entered without their cards; the game starts at their score"
        )
    data = egn.game_to_egn(
        written,
        players=[seat.player.shown for seat in seats],
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
