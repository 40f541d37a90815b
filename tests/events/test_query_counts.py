"""Standings, leaderboards and a player's page take the same few queries at any size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from event_helpers import club_founded, played_by_services

from scorekeeper.errors import Conflict
from scorekeeper.events import selectors, services

pytestmark = pytest.mark.django_db

AVERAGE = {"sit_out_credit": "average"}


@pytest.fixture
def club_and_actor(django_user_model):
    actor, club = club_founded(django_user_model.objects.create_user("dora"))
    return club, actor


def queries(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured)


def test_standings_take_the_same_queries_for_a_small_and_a_big_event(club_and_actor, anon):
    club, actor = club_and_actor
    small = played_by_services(actor, club, players=8, rounds=2, name="Small", **AVERAGE)
    big = played_by_services(actor, club, players=22, rounds=4, name="Big", **AVERAGE)
    assert len(selectors.standings(event=big).rows) == 22
    counts = {queries(lambda e=e: selectors.standings(event=e)) for e in (small, big)}
    assert len(counts) == 1 and counts.pop() <= 6
    # The first read of a version: the event's stamp, the cache's miss, the event, the
    # standings' queries (the absent players' seats among them), and keeping the answer in the
    # shared cache, in a transaction that asks the stamp again first (and on PostgreSQL takes
    # the lock an erasure holds alone: scorekeeper.kept); every later read of that version:
    # the stamp and the kept answer.
    first = {
        queries(lambda e=e: anon.get(f"/api/v1/events/{e.pk}/standings/")) for e in (small, big)
    }
    assert len(first) == 1 and first.pop() <= 18
    later = {
        queries(lambda e=e: anon.get(f"/api/v1/events/{e.pk}/standings/")) for e in (small, big)
    }
    assert later == {2}


def test_the_leaderboard_and_a_players_page_take_the_same_queries_however_many_games(
    club_and_actor, anon, django_assert_max_num_queries
):
    club, actor = club_and_actor
    played_by_services(actor, club, players=8, rounds=2, name="First", **AVERAGE)
    first = {
        "board": queries(lambda: anon.get(f"/api/v1/clubs/{club.pk}/leaderboard/")),
        "player": queries(lambda: anon.get(f"/api/v1/players/{_player(club).pk}/")),
    }
    for n in range(3):
        played_by_services(actor, club, players=12, rounds=3, name=f"Week {n}", **AVERAGE)
    board = anon.get(f"/api/v1/clubs/{club.pk}/leaderboard/?order=wins&limit=5").json()
    assert len(board) == 5 and board[0]["rank"] == 1
    with django_assert_max_num_queries(first["board"]):
        anon.get(f"/api/v1/clubs/{club.pk}/leaderboard/")
    with django_assert_max_num_queries(first["player"]):
        page = anon.get(f"/api/v1/players/{_player(club).pk}/").json()
    assert page["stats"]["events"] == 4 and len(page["history"]) == page["stats"]["games"]


def _player(club):
    from scorekeeper.models import Player

    return Player.objects.get(name="Player 000")


def _knockout(actor, club, teams: int, name: str):
    """A published double elimination of `teams` teams, played to the end by a director
    through the services (the better seed wins every game)."""
    event = services.event_create(
        club=club,
        actor=actor,
        name=name,
        format="bracket",
        entry="totals",
        knockout="double",
        best_of=3,
        published=True,
    )
    for n in range(teams):
        services.team_add(
            event=event, actor=actor, name=f"{name} {n}", players=[f"{name} A{n}", f"{name} B{n}"]
        )
    while True:
        try:
            rnd = services.round_generate(event=event, actor=actor)
        except Conflict:
            return event
        for table in rnd.tables.select_related("first_team", "second_team"):
            seat = table.seats.order_by("number").first()
            first_wins = table.first_team.seed < table.second_team.seed
            services.result_enter(
                table=table,
                actor=actor,
                entered_by=seat.player_id,
                points=[10, 4] if first_wins else [4, 10],
            )


def test_the_bracket_takes_the_same_queries_however_big(club_and_actor, anon):
    club, actor = club_and_actor
    small = _knockout(actor, club, 3, "Small")
    big = _knockout(actor, club, 11, "Big")
    body = anon.get(f"/api/v1/events/{big.pk}/bracket/").json()
    assert body["complete"] and len(body["matches"]) == 2 * 16 - 1
    api = {queries(lambda e=e: anon.get(f"/api/v1/events/{e.pk}/bracket/")) for e in (small, big)}
    page = {queries(lambda e=e: anon.get(f"/events/{e.pk}/bracket/")) for e in (small, big)}
    # The event, then the teams with their players (two), the draw's tables with results.
    assert len(api) == 1 and api.pop() <= 5
    assert len(page) == 1 and page.pop() <= 5


def test_a_phones_read_of_its_table_is_the_rounds_view_of_it_and_costs_the_same_at_any_size(
    club_and_actor,
):
    """A phone polls its table every 5 s: the read is made of that table's rows alone (not
    the whole round's), in the same queries at a night of two tables and one of twelve, and
    it shows the table as the round's view does (seats, names, result, phones)."""
    from scorekeeper.events.models import Table
    from scorekeeper.events.selectors.rounds import rounds_of, table_view

    club, actor = club_and_actor
    small = played_by_services(actor, club, players=8, rounds=2, name="Small", **AVERAGE)
    big = played_by_services(actor, club, players=48, rounds=2, name="Big", **AVERAGE)
    counts = set()
    for event in (small, big):
        for rnd in rounds_of(event=event):
            for shown in rnd.tables:
                table = Table.objects.select_related("round__event").get(pk=shown.id)
                with CaptureQueriesContext(connection) as captured:
                    view = table_view(table=table)
                counts.add(len(captured))
                assert view == shown
    assert counts == {4}
