"""The migration that moves players from one global list onto their clubs' rosters, run on
rows written the way the code before it wrote them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.migration_steps import migrate, models, standard_event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("empty_first")]

BEFORE = [("scorekeeper", "0003_cache_table"), ("events", "0001_initial")]


@pytest.fixture
def old_apps() -> Any:
    apps = migrate(BEFORE)
    yield apps
    migrate()


def test_players_move_onto_their_clubs_rosters_with_every_row(old_apps: Any):
    Club, Player, Game, Seat, Membership, Event, Entrant, Round, Table, TableSeat = models(
        old_apps,
        scorekeeper="Club Player Game Seat",
        events="Membership Event Entrant Round Table TableSeat",
    )

    riverside = Club.objects.create(name="Riverside")
    hilltop = Club.objects.create(name="Hilltop")
    Club.objects.create(name="HILLTOP")  # told apart by case only, before
    ann, shouty, casey, dot = (
        Player.objects.create(name=name) for name in ("Ann", "ANN", "Casey", "Dot")
    )
    Membership.objects.create(club=riverside, player=ann, kind="member")
    Membership.objects.create(club=hilltop, player=ann, kind="guest")
    Membership.objects.create(club=riverside, player=shouty, kind="guest")
    Membership.objects.create(club=riverside, player=dot, kind="member")

    def game(players: list[Any]) -> Any:
        made = Game.objects.create(
            ruleset={"preset": "standard"}, preset="standard", target=10, first_dealer=0
        )
        for number, player in enumerate(players):
            Seat.objects.create(game=made, number=number, player=player, team=number % 2)
        return made

    casual = game(
        [casey, dot, Player.objects.create(name="Eve"), Player.objects.create(name="Fay")]
    )
    night = standard_event(
        Event,
        club=hilltop,
        name="Hilltop night",
        date="2025-01-07",
        format="progressive",
        round_length="game",
        rounds_planned=2,
        plan={"roster": [ann.pk], "rounds": [{"tables": [[ann.pk, 0, 0, 0]], "byes": []}]},
    )
    Entrant.objects.create(event=night, player=ann)
    table = Table.objects.create(
        round=Round.objects.create(event=night, number=1), number=1, game=game([ann])
    )
    TableSeat.objects.create(table=table, number=0, player=ann, side=0)

    apps = migrate()
    Club, Player, Seat, Event = models(apps, scorekeeper="Club Player Seat", events="Event")

    assert sorted(Club.objects.values_list("name_key", flat=True)) == [
        "hilltop",
        f"hilltop #{hilltop.pk + 1}",
        "riverside",
    ]
    ours = Player.objects.get(pk=ann.pk)
    assert (ours.club_id, ours.kind, ours.match_key, ours.label) == (
        riverside.pk,
        "member",
        "ann",
        "",
    )
    theirs = Player.objects.get(club_id=hilltop.pk, match_key="ann")
    assert (theirs.name, theirs.kind) == ("Ann", "guest")
    # Hilltop's rows are Hilltop's Ann's, its plan too.
    assert apps.get_model("events", "Entrant").objects.get(event_id=night.pk).player_id == theirs.pk
    assert apps.get_model("events", "TableSeat").objects.get().player_id == theirs.pk
    assert Seat.objects.get(game_id=table.game_id, number=0).player_id == theirs.pk
    plan = Event.objects.get(pk=night.pk).plan
    assert plan["roster"] == [theirs.pk] and plan["rounds"][0]["tables"][0][0] == theirs.pk
    # "ANN" now matches Riverside's Ann: a label tells them apart.
    loud = Player.objects.get(pk=shouty.pk)
    assert (loud.club_id, loud.kind, loud.label) == (riverside.pk, "guest", str(shouty.pk))
    # Casey only ever played casual games; Dot's casual seat goes to a casual Dot.
    assert (Player.objects.get(pk=casey.pk).kind, Player.objects.get(pk=casey.pk).club_id) == (
        "casual",
        None,
    )
    casual_dot = Seat.objects.get(game_id=casual.pk, number=1).player
    assert (casual_dot.name, casual_dot.kind, casual_dot.club_id) == ("Dot", "casual", None)
    assert Player.objects.get(pk=dot.pk).club_id == riverside.pk
    assert not Player.objects.filter(club__isnull=True).exclude(kind="casual").exists()
