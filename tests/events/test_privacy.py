"""Privacy: a director erases a player's name everywhere it is kept while every number stays
(logged, without the name); a player's data comes out as JSON and CSV in the club's time
zone; casual games untouched for a while are deleted by a management command."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from event_helpers import club_founded, event_founded, played_by_services
from rest_framework.test import APIClient

from scorekeeper import services as core
from scorekeeper.events import services
from scorekeeper.events.models import RosterChange, SitOut
from scorekeeper.models import Game, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def dora(django_user_model):
    return django_user_model.objects.create_user("dora", first_name="Dora Lee")


@pytest.fixture
def club_night(dora):
    actor, club = club_founded(dora)
    event = played_by_services(actor, club, players=8, rounds=3, name="Thursday")
    return club, event, actor


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def numbers(client: APIClient, event_id: int, player_id: int) -> tuple:
    standings = client.get(f"/api/v1/events/{event_id}/standings/").json()
    record = client.get(f"/api/v1/players/{player_id}/").json()
    rows = [
        {k: v for k, v in row.items() if k not in {"name", "players"}} for row in standings["rows"]
    ]
    return (
        rows,
        record["stats"],
        [
            {k: v for k, v in game.items() if k not in {"partners", "opponents"}}
            for game in record["history"]
        ],
    )


def test_erasing_a_player_keeps_every_number_and_leaves_no_name(club_night, dora):
    club, event, actor = club_night
    player = Player.objects.get(club=club, name="Player 003")
    services.player_update(player=player, actor=actor, name="Zoë Quill", reason="typo")
    client = signed_in(dora)
    before = numbers(client, event.pk, player.pk)
    tally_before = client.get(f"/api/v1/events/{event.pk}/tally.csv").content.decode()

    erased = client.post(f"/api/v1/players/{player.pk}/erase/", {"reason": "asked"}, format="json")
    assert erased.status_code == 200
    assert erased.json()["name"] == f"Erased player {player.pk}"
    assert numbers(client, event.pk, player.pk) == before
    tally_after = client.get(f"/api/v1/events/{event.pk}/tally.csv").content.decode()
    assert tally_after == tally_before.replace("Zoë Quill", f"Erased player {player.pk}")
    for path in ("standings/", "standings.csv", "results.csv", "tally.csv", "log/"):
        assert "Zoë" not in client.get(f"/api/v1/events/{event.pk}/{path}").content.decode()
    log = client.get(f"/api/v1/clubs/{club.pk}/players/log/").content.decode()
    assert "Zoë" not in log and "Player 003" not in log
    erase = RosterChange.objects.get(action="erase")
    assert (erase.player, erase.reason, erase.actor) == (player.pk, "asked", "director Dora Lee")
    # Once is enough; only the club's directors may.
    again = client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "player-erased"


def test_only_a_director_of_the_club_erases(club_night, django_user_model):
    club, _event, _ = club_night
    player = Player.objects.get(club=club, name="Player 001")
    assert (
        APIClient().post(f"/api/v1/players/{player.pk}/erase/", {}, format="json").status_code
        == 401
    )
    eve = signed_in(django_user_model.objects.create_user("eve"))
    assert eve.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json").status_code == 404
    assert Player.objects.get(pk=player.pk).name == "Player 001"


def test_the_player_page_erases_for_a_director_and_is_not_found_for_anyone_else(
    club_night, dora, django_user_model
):
    club, _event, _ = club_night
    player = Player.objects.get(club=club, name="Player 001")
    page = f"/events/players/{player.pk}/erase/"
    ticked = {"confirm": "on", "reason": "asked"}
    assert Client().post(page, ticked).status_code == 404
    eve = Client()
    eve.force_login(django_user_model.objects.create_user("eve"))
    assert eve.post(page, ticked).status_code == 404
    assert Player.objects.get(pk=player.pk).name == "Player 001"
    director = Client()
    director.force_login(dora)
    erased = director.post(page, ticked)
    assert erased.status_code == 302 and erased["Location"] == f"/events/players/{player.pk}/"
    assert Player.objects.get(pk=player.pk).name == f"Erased player {player.pk}"


def test_a_hand_by_hand_games_team_names_lose_the_name(dora):
    actor, event = event_founded(
        dora,
        name="Hands",
        format="progressive",
        round_length="hands",
        hands_per_round=4,
        rounds_planned=1,
    )
    for name in ("Ann", "Ben", "Cat", "Dan"):
        services.entrant_add(event=event, actor=actor, name=name)
    rnd = services.round_generate(event=event, actor=actor)
    game = rnd.tables.get().game
    ann = Player.objects.get(club=event.club, name="Ann")
    assert any("Ann" in name for name in game.team_names)
    services.player_erase(player=ann, actor=actor)
    game.refresh_from_db()
    assert not any("Ann" in name for name in game.team_names)
    assert any(f"Erased player {ann.pk}" in name for name in game.team_names)


def test_a_players_data_exports_as_json_and_csv_in_the_clubs_time_zone(club_night, dora):
    club, event, _ = club_night
    club.time_zone = "Asia/Seoul"
    club.save()
    player = Player.objects.get(club=club, name="Player 002")
    client = signed_in(dora)
    answer = client.get(f"/api/v1/players/{player.pk}/export.json")
    assert answer.status_code == 200
    data = answer.json()
    assert data["time_zone"] == "Asia/Seoul"
    assert data["player"]["added"].endswith("+09:00")
    assert [e["event"] for e in data["entries"]] == [event.pk]
    assert len(data["results"]) == 3 - sum(
        1 for r in event.rounds.all() if r.sit_outs.filter(player=player).exists()
    )
    sheet = client.get(f"/api/v1/players/{player.pk}/export.csv")
    assert sheet["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(sheet.content.decode("utf-8-sig"))))
    assert len(rows) == len(data["results"])
    assert {row["time_zone"] for row in rows} == {"Asia/Seoul"}
    assert [int(r["points_for"]) for r in rows] == [r["points_for"] for r in data["results"]]
    assert APIClient().get(f"/api/v1/players/{player.pk}/export.json").status_code == 401


def test_casual_games_untouched_for_long_are_deleted_with_their_players(club_night):
    _, _event, _ = club_night
    old, _token = core.game_create(
        ruleset="standard", players=["Ann", "Ben", "Cat", "Dan"], dealer=0
    )
    fresh, _token = core.game_create(
        ruleset="standard", players=["Eve", "Fay", "Gus", "Hal"], dealer=0
    )
    Game.objects.filter(pk=old.pk).update(updated_at=timezone.now() - datetime.timedelta(days=40))
    event_games = Game.objects.filter(event_table__isnull=False).count()
    out = io.StringIO()
    call_command("purge_casual_games", "--days", "30", "--dry-run", stdout=out)
    assert "would delete 1 casual game" in out.getvalue()
    assert Game.objects.filter(pk=old.pk).exists()
    out = io.StringIO()
    call_command("purge_casual_games", "--days", "30", stdout=out)
    assert "deleted 1 casual game untouched for 30 days, and 4 players" in out.getvalue()
    assert not Game.objects.filter(pk=old.pk).exists()
    assert Game.objects.filter(pk=fresh.pk).exists()
    assert Game.objects.filter(event_table__isnull=False).count() == event_games
    assert not Player.objects.filter(name="Ann", kind="casual").exists()
    assert Player.objects.filter(name="Eve", kind="casual").exists()


def test_a_players_data_says_which_results_they_entered_confirmed_or_disputed(director):
    from event_helpers import join, ok

    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=1)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    ann, ben = phone.by_seat[0], phone.by_seat[1]
    phone.hand(maker=ann, tricks=3)
    ok(phone.enter(by=ann), 201)
    ok(phone.dispute(by=ben, reason="We had a march in hand 1"))
    ok(phone.enter(by=ann), 201)
    ok(phone.confirm(by=ben))

    def parts(name: str) -> list[tuple[str, str]]:
        data = ok(director.client.get(f"/api/v1/players/{phone.player(name)}/export.json"))
        return [(part["did"], part["said"]) for part in data["their_part_in_results"]]

    assert parts(ann) == [("entered", ""), ("entered", "")]
    assert parts(ben) == [("disputed", "We had a march in hand 1"), ("confirmed", "")]
    assert parts(phone.by_seat[2]) == []


def test_a_players_data_holds_their_sit_outs_confirming_phones_and_the_hands_they_sat_in(
    director,
):
    from event_helpers import join, ok

    event = director.create_event(round_length="hands", hands_per_round=2, rounds_planned=1)
    players = director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve")
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    ann, ben = phone.by_seat[0], phone.by_seat[1]
    phone.hand(maker=ann, tricks=5, alone=True, trump="S")
    phone.hand(maker=ben, tricks=3, trump="D")
    confirmer = {
        "code": table["join_code"],
        "role": "confirmer",
        "player": phone.player(ben),
        "label": "Ben's blue phone",
    }
    ok(APIClient().post("/api/v1/tables/join/", confirmer, format="json"), 201)

    def export(player: int) -> dict:
        return ok(director.client.get(f"/api/v1/players/{player}/export.json"))

    (sat_out,) = set(players) - set(phone.seats)
    assert [(s["event"], s["round"]) for s in export(players[sat_out])["sit_outs"]] == [(event, 1)]
    assert export(phone.player(ann))["sit_outs"] == []

    phones = export(phone.player(ben))["confirming_phones"]
    assert [(p["event"], p["round"], p["label"]) for p in phones] == [
        (event, 1, "Ben's blue phone")
    ]
    assert export(phone.player(ann))["confirming_phones"] == []

    (game,) = export(phone.player(ann))["games"]
    assert (game["event"], game["round"], game["seat"]) == (event, 1, 0)
    played = [(h["maker"], h["trump"], h["alone"], h["maker_tricks"]) for h in game["hands"]]
    assert played == [(0, "S", True, 5), (1, "D", False, 3)]
    assert game["hands"][0]["award"]["points"] == {"0": 4}
    assert export(players[sat_out])["games"] == []


def test_a_players_data_holds_what_the_events_logs_say_of_them(director):
    from event_helpers import ok

    event = director.create_totals_night(rounds_planned=2)
    players = director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    seat = next(s for s in table["seats"] if s["player"] == players["Ann"])
    url = f"/api/v1/tables/{table['id']}/seats/{seat['seat']}/substitute/"
    ok(director.client.post(url, {"player": "Sam", "reason": "Ann felt unwell"}, format="json"))
    answer = director.client.get(f"/api/v1/players/{players['Ann']}/export.json")
    assert "no-store" in answer["Cache-Control"]  # their PINs are in it
    (said,) = ok(answer)["events_log"]
    assert (said["action"], said["round"], said["reason"]) == ("substitute", 1, "Ann felt unwell")
    ben = ok(director.client.get(f"/api/v1/players/{players['Ben']}/export.json"))
    assert ben["events_log"] == []


def test_a_players_data_holds_the_rounds_their_team_sat_out(director):
    from event_helpers import ok

    event = director.create_event(format="round-robin", entry="totals", rounds_planned=0)
    for n, pair in enumerate((("Ann", "Ben"), ("Cat", "Dan"), ("Eve", "Fay")), start=1):
        director.add_team(event, f"Team {n}", *pair)
    director.next_round(event)
    (sit_out,) = SitOut.objects.filter(round__event=event)
    assert sit_out.team is not None and sit_out.player is None
    for member in sit_out.team.members.all():
        data = ok(director.client.get(f"/api/v1/players/{member.player_id}/export.json"))
        assert [(s["round"], s["team"]) for s in data["sit_outs"]] == [(1, sit_out.team.name)]


def test_a_players_data_holds_what_a_record_merged_into_theirs_did(director):
    """Ann played a night as "Annie", a record a director merged into hers: the result she
    entered that night and the roster's changes to "Annie" are hers."""
    from event_helpers import join, ok

    first = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=1)
    ann = director.add_players(first, "Ann", "Ben", "Cat", "Dan")["Ann"]
    night = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=1)
    annie = director.add_players(night, "Annie", "Eve", "Fay", "Gus")["Annie"]
    (table,) = director.next_round(night)["tables"]
    phone = join(table["join_code"])
    me = next(name for name in phone.seats if phone.player(name) == annie)
    phone.hand(maker=me, tricks=3)
    ok(phone.enter(by=me), 201)
    rename = {"name": "Annie", "label": "Tue", "reason": "two of them"}
    ok(director.client.patch(f"/api/v1/players/{annie}/", rename, format="json"))
    ok(director.client.post(f"/api/v1/players/{ann}/merge/", {"absorb": annie}, format="json"))

    data = ok(director.client.get(f"/api/v1/players/{ann}/export.json"))
    assert [(p["event"], p["did"]) for p in data["their_part_in_results"]] == [(night, "entered")]
    assert [c["reason"] for c in data["roster_log"]] == ["two of them", ""]
