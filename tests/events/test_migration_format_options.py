"""Events made before formats kept their options in one field of their own (their rounds
planned, ranking, loner bonus and a bracket's options were columns of every event) read,
rank and export the same after the upgrade: rows written as earlier builds wrote them, and
whole nights played, taken back to that schema and brought forward again."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from event_helpers import Director, ok, play_event, totals
from rest_framework.test import APIClient

from scorekeeper.events.planning import knockout
from tests.migration_steps import migrate, models, standard_event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("empty_first")]

BEFORE = [("events", "0012_directors_remedies")]
NOW = datetime.datetime(2026, 11, 3, 20, 0, tzinfo=datetime.UTC)


@pytest.fixture(autouse=True)
def _latest_after():
    """Every test leaves the database migrated to the latest, whatever it asserted."""
    yield
    migrate()


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def test_events_written_by_earlier_builds_read_rank_and_export_the_same():
    old = migrate(BEFORE)
    Club, Player, Event, EventTeam, Entrant, EventTable, Round, Table, TableSeat = models(
        old,
        scorekeeper="Club Player",
        events="Event EventTeam Entrant EventTable Round Table TableSeat",
    )
    Result, ResultLine = models(old, events="Result ResultLine")
    club = Club.objects.create(name="Riverside", name_key="riverside")
    ann, ben, cat, dan = (
        Player.objects.create(club=club, kind="member", name=n, match_key=n.lower())
        for n in ("Ann", "Ben", "Cat", "Dan")
    )
    night = standard_event(
        Event,
        club=club,
        name="Old night",
        date=datetime.date(2026, 11, 3),
        format="progressive",
        round_length="hands",
        hands_per_round=8,
        rounds_planned=4,
        rank_by="wins",
        loner_bonus=1,
        published=True,
        status="running",
        plan={"roster": [ann.pk, ben.pk, cat.pk, dan.pk], "rounds": []},
    )
    for player in (ann, ben, cat, dan):
        Entrant.objects.create(event=night, player=player)
    desk = EventTable.objects.create(event=night, number=1, join_code="OLD1", code_issued_at=NOW)
    # Round 1: Ann and Cat beat Ben and Dan 10-6 (Ann made a loner); round 2: Cat and Dan
    # beat Ann and Ben 10-5.
    for number, seats, points, loner in (
        (1, (ann, ben, cat, dan), (10, 6), ann),
        (2, (ann, cat, ben, dan), (5, 10), None),
    ):
        rnd = Round.objects.create(event=night, number=number)
        table = Table.objects.create(round=rnd, number=1, event_table=desk)
        result = Result.objects.create(
            table=table,
            status="confirmed",
            points=list(points),
            winner=0 if points[0] > points[1] else 1,
            hands=8,
            entered_by=seats[0],
            entered_at=NOW,
            confirmed_by=seats[1],
            confirmed_at=NOW,
        )
        for seat, player in enumerate(seats):
            TableSeat.objects.create(table=table, number=seat, player=player, side=seat % 2)
            mine, theirs = points[seat % 2], points[1 - seat % 2]
            ResultLine.objects.create(
                result=result,
                event=night,
                round_number=number,
                table_number=1,
                player=player,
                side=seat % 2,
                confirmed=True,
                points_for=mine,
                points_against=theirs,
                won=mine > theirs,
                tied=False,
                hands=8,
                loners_tried=int(player == loner),
                loners_made=int(player == loner),
            )
    knockout_night = standard_event(
        Event,
        club=club,
        name="Old knockout",
        date=datetime.date(2026, 11, 4),
        format="bracket",
        round_length="game",
        published=True,
        rounds_planned=0,
        knockout="double",
        best_of=3,
        grand_final_reset=False,
    )
    teams = [
        EventTeam.objects.create(event=knockout_night, name=f"T{n}", seed=n) for n in (1, 2, 3, 4)
    ]
    drawn = [team.pk for team in teams]
    # Its draw, and its rounds as the build that drew it counted them.
    knockout_night.plan = {"bracket": drawn}
    knockout_night.rounds_planned = knockout.stages(
        4, knockout.Options(kind="double", best_of=3, reset=False)
    )
    knockout_night.save()
    league = standard_event(
        Event,
        club=club,
        name="Old league",
        date=datetime.date(2026, 11, 5),
        format="round-robin",
        round_length="game",
        published=True,
        rounds_planned=3,
        plan={"rounds": [{"matches": [], "byes": []}] * 3},
    )

    migrate()
    anon = APIClient()
    event = ok(anon.get(f"/api/v1/events/{night.pk}/"))
    assert (event["format"], event["rounds_planned"], event["rank_by"], event["loner_bonus"]) == (
        "progressive",
        4,
        "wins",
        1,
    )
    assert (event["knockout"], event["best_of"], event["third_place"]) == ("single", 1, False)
    standings = ok(anon.get(f"/api/v1/events/{night.pk}/standings/"))
    assert standings["ranked_by"] == "games won, then points"
    # Cat won twice; Ann and Dan once each with 16 (Ann's 15 and a loner's point; Dan's 16),
    # Dan ahead head to head (10-5 against Ann's 10-6); Ben last.
    ranked = [
        (r["rank"], r["name"], r["wins"], r["total"], r["tie_break"]) for r in standings["rows"]
    ]
    assert ranked == [
        (1, "Cat", 2, 20, None),
        (2, "Dan", 1, 16, "head-to-head"),
        (3, "Ann", 1, 16, "head-to-head"),
        (4, "Ben", 0, 11, None),
    ]
    exported = rows_of(anon.get(f"/api/v1/events/{night.pk}/standings.csv").content.decode())
    assert [(r["rank"], r["name"], r["loner_bonus"], r["total"]) for r in exported] == [
        ("1", "Cat", "0", "20"),
        ("2", "Dan", "0", "16"),
        ("3", "Ann", "1", "16"),
        ("4", "Ben", "0", "11"),
    ]
    bracket = ok(anon.get(f"/api/v1/events/{knockout_night.pk}/"))
    assert (bracket["knockout"], bracket["best_of"], bracket["grand_final_reset"]) == (
        "double",
        3,
        False,
    )
    assert bracket["rounds_planned"] == knockout_night.rounds_planned
    assert ok(anon.get(f"/api/v1/events/{league.pk}/"))["rounds_planned"] == 3


def answers(client: APIClient, event: int) -> dict[str, object]:
    """What an event reads as, ranks as and exports as."""
    base = f"/api/v1/events/{event}/"
    return {
        "event": {k: v for k, v in ok(client.get(base)).items() if k != "updated_at"},
        "standings": ok(client.get(base + "standings/")),
        "rounds": ok(client.get(base + "rounds/")),
        "standings.csv": client.get(base + "standings.csv").content,
        "results.csv": client.get(base + "results.csv").content,
        "tally.csv": client.get(base + "tally.csv").content,
    }


def test_whole_nights_taken_back_before_the_change_and_forward_again_read_the_same(
    director: Director,
):
    progressive = director.create_event(
        name="Progressive",
        rounds_planned=3,
        rank_by="per-round",
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        sit_out_credit="average",
    )
    director.add_players(progressive, *(f"Player {n}" for n in range(9)))
    play_event(director, progressive, totals(*[[6, 2], [3, 5], [4, 4], [8, 0]] * 3), rounds=3)
    bracket = director.create_event(
        name="Knockout", format="bracket", entry="totals", knockout="double", best_of=1
    )
    for n in range(5):
        director.add_team(bracket, f"Team {n}", f"Left {n}", f"Right {n}")
    play_event(director, bracket, totals(*[[10, 4 + n % 5] for n in range(20)]))
    league = director.create_event(name="League", format="round-robin", entry="totals")
    for n in range(4):
        director.add_team(league, f"Pair {n}", f"East {n}", f"West {n}")
    play_event(director, league, totals(*[[10, 7], [5, 10]] * 6))
    for event in (progressive, bracket, league):
        director.publish(event)
    anon = APIClient()
    before = {event: answers(anon, event) for event in (progressive, bracket, league)}

    migrate(BEFORE)
    migrate()
    for event, answer in before.items():
        assert answers(anon, event) == answer, event
    # The night goes on as it was: a round past its plan is seated.
    assert director.next_round(progressive)["number"] == 4
