"""CSV a spreadsheet opens cleanly: UTF-8 with its mark, numbers as numbers, no text that a
spreadsheet would run as a formula; team standings with match points; the per-round tally,
and the same night as the printouts read it ("find your table", the crosstable)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from event_helpers import Director, join, ok, play_event, totals

from scorekeeper.events import selectors
from scorekeeper.events.exports.records import BOM, safe_cell, tally_csv
from scorekeeper.events.models import Event
from scorekeeper.events.selectors import TallyLine


def read_csv(body: str | bytes) -> list[list[str]]:
    text = body.decode("utf-8-sig") if isinstance(body, bytes) else body.removeprefix(BOM)
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1 555 0100", "'+1 555 0100"),
        ("-Ann-", "'-Ann-"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("Ann = the best", "Ann = the best"),  # only the first character matters
        ("Zoë", "Zoë"),
        ("", ""),
    ],
)
def test_text_that_a_spreadsheet_would_run_is_quoted(text, written):
    assert safe_cell(text) == written


@pytest.mark.parametrize("number", [0, 7, -3, -120])
def test_numbers_stay_numbers_negative_ones_too(number):
    assert safe_cell(number) == number


def test_a_tally_row_keeps_its_numbers_and_quotes_its_names():
    line = TallyLine(
        round=2,
        player_id=1,
        name="=cmd|'/c calc'!A1",
        table=3,
        seat="E",
        partner="@Bob",
        opponents=("-Cat", "Dan"),
        points_for=-2,
        points_against=4,
        outcome="lost",
        status="confirmed",
    )
    body = tally_csv([line])
    assert body.startswith(BOM + "round,player,table,seat,partner,opponents,points_for")
    (header, row) = read_csv(body)
    values = dict(zip(header, row, strict=True))
    assert values["player"] == "'=cmd|'/c calc'!A1"
    assert values["partner"] == "'@Bob" and values["opponents"] == "'-Cat & Dan"
    assert (values["points_for"], values["points_against"]) == ("-2", "4")
    assert body.endswith("\r\n")


@pytest.mark.django_db
def test_the_per_round_tally_has_a_row_a_player_a_round(director: Director, anon):
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "=Ann", "+Ben", "Cat", "Dan", "Eve")
    director.publish(event)
    seated = play_event(director, event, totals([7, 3], [2, 6]), rounds=2)
    response = anon.get(f"/api/v1/events/{event}/tally.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == f'attachment; filename="tally-{event}.csv"'
    header, *rows = read_csv(response.content)
    lines = [dict(zip(header, row, strict=True)) for row in rows]
    assert len(lines) == 2 * 5  # five players, two rounds: four at the table, one sits out
    for number, rnd in enumerate(seated, start=1):
        (table,) = rnd["tables"]
        mine = [line for line in lines if line["round"] == str(number)]
        (bye,) = [line for line in mine if line["outcome"] == "bye"]
        assert bye["player"].lstrip("'") == rnd["sit_outs"][0] and bye["table"] == ""
        for seat in table["seats"]:
            (line,) = [x for x in mine if x["player"].lstrip("'") == seat["name"]]
            partner = next(
                s["name"] for s in table["seats"] if s["side"] == seat["side"] and s != seat
            )
            assert line["table"] == "1" and line["seat"] == "NESW"[seat["seat"]]
            assert line["partner"].lstrip("'") == partner
            assert line["status"] == "confirmed"
            points = [7, 3] if number == 1 else [2, 6]
            assert (int(line["points_for"]), int(line["points_against"])) == (
                points[seat["side"]],
                points[1 - seat["side"]],
            )
    # The names that look like formulas are quoted in every CSV, and only there.
    assert {line["player"] for line in lines} >= {"'=Ann", "'+Ben"}
    standings = read_csv(anon.get(f"/api/v1/events/{event}/standings.csv").content)
    assert {row[1] for row in standings[1:]} >= {"'=Ann", "'+Ben"}
    names = {row["name"] for row in ok(anon.get(f"/api/v1/events/{event}/standings/"))["rows"]}
    assert {"=Ann", "+Ben"} <= names


@pytest.mark.django_db
def test_team_standings_have_a_match_points_column(director: Director, anon):
    event = director.create_event(format="round-robin", entry="totals", name="Pairs league")
    for name, players in {"Aces": ("Ann", "Abe"), "Bowers": ("Ben", "Bea")}.items():
        director.add_team(event, name, *players)
    director.publish(event)
    rnd = director.next_round(event)
    (table,) = rnd["tables"]
    device = join(table["join_code"])
    first, _ = table["team_names"]
    device.settle([10, 6])
    header, *rows = read_csv(anon.get(f"/api/v1/events/{event}/standings.csv").content)
    assert header.index("match_points") == header.index("ties") + 1  # before the points
    by_name: dict[str, Any] = {row[1]: dict(zip(header, row, strict=True)) for row in rows}
    assert by_name[first]["match_points"] == "2" and by_name[first]["rank"] == "1"
    progressive = director.create_event(rounds_planned=1)
    director.publish(progressive)
    header = read_csv(anon.get(f"/api/v1/events/{progressive}/standings.csv").content)[0]
    assert "match_points" not in header


@pytest.mark.django_db
def test_find_your_table_lists_a_round_by_name(director: Director):
    event = director.create_totals_night(rounds_planned=1)
    director.add_players(event, "eve", "Dan", "Cat", "ben", "Ann")
    rnd = director.next_round(event)
    lines = selectors.find_your_table(event=Event.objects.get(pk=event), number=1)
    assert [line.name for line in lines] == ["Ann", "ben", "Cat", "Dan", "eve"]
    (bye,) = [line for line in lines if line.table is None]
    assert bye.name == rnd["sit_outs"][0] and bye.outcome == "bye"
    seated = [line for line in lines if line.table is not None]
    assert sorted(line.seat for line in seated) == ["E", "N", "S", "W"]
    for line in seated:
        assert line.partner and len(line.opponents) == 2 and line.outcome == ""


@pytest.mark.django_db
def test_the_crosstable_of_a_round_robin(director: Director):
    event = director.create_event(format="round-robin", entry="totals", name="Pairs league")
    teams = {"Aces": ("Ann", "Abe"), "Bowers": ("Ben", "Bea"), "Callers": ("Cat", "Cal")}
    for name, players in teams.items():
        director.add_team(event, name, *players)
    play_event(director, event, totals([10, 4], [10, 8], [6, 10]))
    table = selectors.crosstable(event=Event.objects.get(pk=event))
    assert table.teams == ["Aces", "Bowers", "Callers"]
    assert len(table.cells) == 6  # each pair of teams, both ways
    for (row, column), (cell,) in table.cells.items():
        (back,) = table.cells[column, row]
        assert (cell.points_for, cell.points_against) == (back.points_against, back.points_for)
        assert cell.round == back.round and cell.status == "confirmed"
