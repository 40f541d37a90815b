"""Who a player is: a club's roster, names matched within a club by one rule, labels for two
people of one name, merges and splits that keep every number, casual players kept apart, and
player records that are public only once the player entered a published event."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from event_helpers import Device, Director, is_problem, join, ok, play_round
from rest_framework.test import APIClient

from scorekeeper.events.models import RosterChange
from scorekeeper.events.services.roster import HELD_BY_EVENT
from scorekeeper.models import Player, Seat

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def entry(director: Director, event: int, status: int = 201, **body: Any) -> Any:
    response = director.client.post(f"/api/v1/events/{event}/players/", body, format="json")
    return ok(response, status) if status < 400 else response


def post(client: APIClient, url: str, body: Any) -> Any:
    return client.post(url, body, format="json")


def other_director(django_user_model, name: str, club: str) -> Director:
    client = APIClient()
    client.force_login(django_user_model.objects.create_user(name))
    body = ok(client.post("/api/v1/clubs/", {"name": club}, format="json"), 201)
    return Director(client, body["id"])


# Matching names within a club ------------------------------------------------------------------


def test_a_name_entered_again_in_the_club_takes_the_same_player_and_says_so(director: Director):
    first = director.create_event(rounds_planned=1)
    second = director.create_event(rounds_planned=1)
    ann = entry(director, first, name="Ann Smith")
    assert (ann["matched"], ann["name"], ann["label"], ann["shown"]) == (
        "new",
        "Ann Smith",
        "",
        "Ann Smith",
    )
    again = entry(director, second, name="  ANN   smith\u200b")
    assert (again["matched"], again["player"], again["shown"]) == (
        "existing",
        ann["player"],
        "Ann Smith",
    )


def test_the_same_name_in_two_clubs_is_two_players(director: Director, django_user_model):
    """Adding "p1" to an event must not pick up another club's "P1"."""
    theirs = other_director(django_user_model, "olga", "Hilltop Euchre")
    p1 = entry(theirs, theirs.create_event(rounds_planned=1), name="P1")
    ours = entry(director, director.create_event(rounds_planned=1), name="p1")
    assert ours["matched"] == "new" and ours["player"] != p1["player"]
    assert ours["shown"] == "p1"
    # Nor does another club's player join by id.
    response = entry(director, director.create_event(rounds_planned=1), 404, player=p1["player"])
    assert is_problem(response, 404, "player", "no-such-player")


def test_a_second_person_of_one_name_gets_a_label(director: Director):
    monday = director.create_event(rounds_planned=1, name="Monday")
    tuesday = director.create_event(rounds_planned=1, name="Tuesday")
    john = entry(director, monday, name="John Smith")
    # "new" for a name that is taken needs a label to tell the two apart.
    taken = entry(director, tuesday, 409, name="John Smith", new=True)
    assert is_problem(taken, 409, "label", "player-exists")
    assert [c["player"] for c in taken.json()["candidates"]] == [john["player"]]
    other = entry(director, tuesday, name="john smith", new=True, label="Tuesday")
    assert (other["matched"], other["shown"]) == ("new", "john smith (Tuesday)")
    assert other["player"] != john["player"]
    # Now the bare name is ambiguous: the answer lists both and takes neither.
    ambiguous = entry(director, director.create_event(rounds_planned=1), 409, name="John Smith")
    assert is_problem(ambiguous, 409, "name", "name-ambiguous")
    assert [c["shown"] for c in ambiguous.json()["candidates"]] == [
        "John Smith",
        "john smith (Tuesday)",
    ]
    # A label picks one (by the same rule for case and spacing), as does an id.
    third = director.create_event(rounds_planned=1)
    picked = entry(director, third, name="JOHN SMITH", label=" tuesday ")
    assert (picked["matched"], picked["player"]) == ("existing", other["player"])
    by_id = entry(director, third, player=john["player"])
    assert by_id["matched"] == "existing"
    # The standings tell them apart.
    rows = director.standings(third)["rows"]
    assert sorted(r["name"] for r in rows) == ["John Smith", "john smith (Tuesday)"]


def test_a_player_already_in_the_event_is_a_conflict_not_a_second_entry(director: Director):
    event = director.create_event(rounds_planned=1)
    entry(director, event, name="Ann")
    assert is_problem(entry(director, event, 409, name="ann"), 409, "name", "already-entered")
    players = ok(director.client.get(f"/api/v1/events/{event}/players/"))
    assert [p["shown"] for p in players] == ["Ann"]


def test_a_team_says_which_player_each_entry_took(director: Director):
    league = director.create_event(format="round-robin", entry="totals", name="League")
    ann = entry(director, director.create_event(rounds_planned=1), name="Ann")
    body = {"name": "Aces", "players": ["ann", {"name": "Ann", "new": True, "label": "Jr"}]}
    team = ok(director.client.post(f"/api/v1/events/{league}/teams/", body, format="json"), 201)
    assert [(m["matched"], m["shown"]) for m in team["matched"]] == [
        ("existing", "Ann"),
        ("new", "Ann (Jr)"),
    ]
    assert team["matched"][0]["player"] == ann["player"]
    assert team["players"] == ["Ann", "Ann (Jr)"]
    again = {"name": "Bowers", "players": [{"name": "Ann", "label": "jr"}, "Ben"]}
    response = director.client.post(f"/api/v1/events/{league}/teams/", again, format="json")
    assert is_problem(response, 409, "players[0]", "already-entered")
    bad = {"name": "Callers", "players": [{"name": "Cat", "player": 3}, "Dan"]}
    response = director.client.post(f"/api/v1/events/{league}/teams/", bad, format="json")
    assert is_problem(response, 400, "players[0].player", "bad-player")
    # A player named by their id alone is named where the id stands.
    unknown = {"name": "Callers", "players": ["Dan", 999999]}
    response = director.client.post(f"/api/v1/events/{league}/teams/", unknown, format="json")
    assert is_problem(response, 404, "players[1]", "no-such-player")
    unknown = {"name": "Callers", "players": ["Dan", {"player": 999999}]}
    response = director.client.post(f"/api/v1/events/{league}/teams/", unknown, format="json")
    assert is_problem(response, 404, "players[1].player", "no-such-player")


def test_the_roster_finds_the_players_of_a_name(director: Director):
    url = f"/api/v1/clubs/{director.club}/players/"
    event = director.create_event(rounds_planned=1, date="2025-03-04")
    john = entry(director, event, name="John Smith")
    ok(post(director.client, url, {"name": "John Smith", "new": True, "label": "Tue"}), 201)
    ok(post(director.client, url, {"name": "Jane Smith"}), 201)
    found = ok(director.client.get(url, {"name": "john  SMITH"}))
    assert [(p["shown"], p["events"], p["last_played"]) for p in found] == [
        ("John Smith", 1, "2025-03-04"),
        ("John Smith (Tue)", 0, None),
    ]
    assert found[0]["player"] == john["player"]
    assert ok(director.client.get(url, {"name": "Nobody"})) == []
    assert is_problem(director.client.get(url, {"name": "\u200b"}), 400, "name", "bad-name")


def test_club_event_and_team_names_are_cleaned_by_the_same_rule(director: Director):
    club = ok(post(director.client, "/api/v1/clubs/", {"name": "Hill\u202etop  Club\x07"}), 201)
    assert club["name"] == "Hilltop Club"
    again = director.client.post("/api/v1/clubs/", {"name": "HILLTOP CLUB"}, format="json")
    assert is_problem(again, 409, "name", "club-exists")
    event = director.create_event(rounds_planned=1, name="\u2066Club\u2069 night")
    assert ok(director.client.get(f"/api/v1/events/{event}/"))["name"] == "Club night"
    league = director.create_event(format="round-robin", entry="totals")
    body = {"name": "Ac\u200bes", "players": ["Ann", "Ben"]}
    team = ok(director.client.post(f"/api/v1/events/{league}/teams/", body, format="json"), 201)
    assert team["name"] == "Aces"
    body = {"name": "aces", "players": ["Cat", "Dan"]}
    response = director.client.post(f"/api/v1/events/{league}/teams/", body, format="json")
    assert is_problem(response, 409, "name", "team-exists")
    nothing = post(director.client, f"/api/v1/events/{event}/players/", {"name": "\u200b\u202e"})
    assert is_problem(nothing, 400, "name", "bad-name")


def test_a_director_relabels_a_player_and_the_log_says_so(director: Director):
    url = f"/api/v1/clubs/{director.club}/players/"
    john = ok(post(director.client, url, {"name": "John Smith"}), 201)
    other = ok(post(director.client, url, {"name": "John Smith", "new": True, "label": "Tue"}), 201)
    player_url = f"/api/v1/players/{john['player']}/"
    body = {"label": "Monday", "reason": "two Johns"}
    changed = ok(director.client.patch(player_url, body, format="json"))
    assert changed["shown"] == "John Smith (Monday)"
    taken = director.client.patch(player_url, {"label": "tue"}, format="json")
    assert is_problem(taken, 409, "label", "player-exists")
    log = ok(director.client.get(url + "log/"))
    assert [(c["action"], c["player"], c["reason"]) for c in log] == [
        ("rename", john["player"], "two Johns")
    ]
    assert log[0]["before"]["label"] == "" and log[0]["after"]["label"] == "Monday"
    assert other["player"] != john["player"]


# Casual players ------------------------------------------------------------------------------------


def casual_game(players: list[str]) -> dict[str, Any]:
    body = {"ruleset": "standard", "players": players, "dealer": 0}
    return ok(APIClient().post("/api/v1/games/", body, format="json"), 201)


def test_casual_games_make_players_of_their_own_never_matched_nor_listed(director: Director, anon):
    first = casual_game(["Ann", "Ben", "Cat", "Dan"])
    second = casual_game(["Ann", "Ben", "Cat", "Dan"])
    seated = Player.objects.filter(seats__game_id__in=[first["id"], second["id"]])
    assert seated.count() == 8 and {p.kind for p in seated} == {"casual"}
    assert not seated.filter(club__isnull=False).exists()
    # A club's Ann is someone new to the club; the casual Anns stay out of its roster.
    ann = entry(director, director.create_event(rounds_planned=1, published=True), name="Ann")
    assert ann["matched"] == "new" and not seated.filter(pk=ann["player"]).exists()
    roster = ok(director.client.get(f"/api/v1/clubs/{director.club}/players/"))
    assert [p["player"] for p in roster] == [ann["player"]]
    # Nobody finds a casual player's record, a director included.
    for player in seated:
        assert is_problem(anon.get(f"/api/v1/players/{player.pk}/"), 404)
        assert is_problem(director.client.get(f"/api/v1/players/{player.pk}/"), 404)
        assert director.client.get(f"/events/players/{player.pk}/").status_code == 404


def test_an_event_tables_game_seats_the_clubs_players(director: Director):
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=1)
    ids = director.add_players(event, *EIGHT)
    director.next_round(event)
    seated = set(Seat.objects.values_list("player_id", flat=True))
    assert seated == set(ids.values())
    assert not Player.objects.filter(kind="casual").exists()


# Privacy ------------------------------------------------------------------------------------------


def test_a_player_is_found_only_once_they_entered_a_published_event(
    director: Director, anon, django_user_model
):
    event = director.create_event(rounds_planned=1)
    zed = director.add_players(event, "Zed")["Zed"]
    stranger = other_director(django_user_model, "olga", "Hilltop Euchre")
    for client in (anon, stranger.client):
        assert is_problem(client.get(f"/api/v1/players/{zed}/"), 404, "id", "no-such-player")
        assert client.get(f"/events/players/{zed}/").status_code == 404
    # Their club's director sees the record.
    assert ok(director.client.get(f"/api/v1/players/{zed}/"))["shown"] == "Zed"
    assert director.client.get(f"/events/players/{zed}/").status_code == 200
    director.publish(event)
    assert ok(anon.get(f"/api/v1/players/{zed}/"))["shown"] == "Zed"
    assert anon.get(f"/events/players/{zed}/").status_code == 200
    # Changing a record is for the club's directors: others do not find it.
    rename = {"label": "X"}
    assert is_problem(anon.patch(f"/api/v1/players/{zed}/", rename, format="json"), 401)
    response = stranger.client.patch(f"/api/v1/players/{zed}/", rename, format="json")
    assert is_problem(response, 404, "id", "no-such-player")


def test_the_roster_and_its_log_are_the_directors_only(director: Director, anon, django_user_model):
    stranger = other_director(django_user_model, "olga", "Hilltop Euchre")
    for path in ("players/", "players/log/"):
        url = f"/api/v1/clubs/{director.club}/{path}"
        assert is_problem(anon.get(url), 401)
        assert is_problem(stranger.client.get(url), 403)


def test_a_players_page_and_record_take_the_same_queries_for_a_director_and_the_public(
    director: Director, anon
):
    event = director.create_event(rounds_planned=1, published=True)
    zed = director.add_players(event, "Zed")["Zed"]

    def queries(client: APIClient, url: str) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    for url in (f"/api/v1/players/{zed}/", f"/events/players/{zed}/"):
        assert queries(anon, url) <= 4
    roster = f"/api/v1/clubs/{director.club}/players/"
    before = queries(director.client, roster)
    director.add_players(director.create_event(rounds_planned=1), *EIGHT)
    assert queries(director.client, roster) == before


# Merging and splitting -----------------------------------------------------------------------------


def hands_night(director: Director, name: str, players: list[str]) -> int:
    """A published night of one round of two hands a table, entered hand by hand."""
    event = director.create_event(
        name=name, round_length="hands", hands_per_round=2, rounds_planned=1, seed=3
    )
    director.add_players(event, *players)

    def play(device: Device, table: dict[str, Any]) -> None:
        device.hand(device.by_seat[0], 5)
        device.hand(device.by_seat[1], 3, alone=True)
        device.settle()

    assert play_round(director, event, play) is not None
    director.publish(event)
    return event


def numbers(director: Director, event: int, player: int) -> dict[str, Any]:
    """A player's row of an event's standings, without the row's key."""
    (row,) = [r for r in director.standings(event)["rows"] if r["key"] == player]
    return {k: v for k, v in row.items() if k not in ("key", "name", "players")}


def record(director: Director, player: int) -> dict[str, Any]:
    return ok(director.client.get(f"/api/v1/players/{player}/"))


def games_of(event: int) -> dict[str, list[int]]:
    from scorekeeper.events.models import Table

    scores = {}
    for table in Table.objects.filter(round__event_id=event):
        scores[str(table.game_id)] = ok(APIClient().get(f"/api/v1/games/{table.game_id}/"))["score"]
    return scores


def test_a_merge_and_a_split_move_every_game_and_change_no_number(director: Director):
    monday = hands_night(director, "Monday", ["Jon Smith", *EIGHT[1:]])
    thursday = hands_night(director, "Thursday", ["John Smith", *EIGHT[1:]])
    jon = ok(director.client.get(f"/api/v1/clubs/{director.club}/players/", {"name": "Jon Smith"}))
    john = ok(
        director.client.get(f"/api/v1/clubs/{director.club}/players/", {"name": "John Smith"})
    )
    jon_id, john_id = jon[0]["player"], john[0]["player"]
    before = {
        "rows": (numbers(director, monday, jon_id), numbers(director, thursday, john_id)),
        "stats": (record(director, jon_id)["stats"], record(director, john_id)["stats"]),
        "games": (games_of(monday), games_of(thursday)),
    }
    assert before["stats"][0]["games"] == before["stats"][1]["games"] == 1

    merged = director.client.post(
        f"/api/v1/players/{jon_id}/merge/", {"absorb": john_id, "reason": "typo"}, format="json"
    )
    assert ok(merged)["events"] == 2
    assert is_problem(director.client.get(f"/api/v1/players/{john_id}/"), 404)
    assert numbers(director, monday, jon_id) == before["rows"][0]
    assert numbers(director, thursday, jon_id) == before["rows"][1]
    assert (games_of(monday), games_of(thursday)) == before["games"]
    both = record(director, jon_id)["stats"]
    for stat, value in both.items():
        if stat == "best_game":
            assert value == max(s[stat] for s in before["stats"])
        else:
            assert value == sum(s[stat] for s in before["stats"]), stat
    assert not any(
        model._default_manager.filter(**{field: john_id}).exists()
        for model, field, _ in HELD_BY_EVENT
    )

    # Split Thursday off again: a new record with a label takes its games back.
    split = director.client.post(
        f"/api/v1/players/{jon_id}/split/",
        {"events": [thursday], "name": "John Smith", "label": "", "reason": "two people"},
        format="json",
    )
    again = ok(split, 201)
    assert (again["shown"], again["events"]) == ("John Smith", 1)
    assert numbers(director, monday, jon_id) == before["rows"][0]
    assert numbers(director, thursday, again["player"]) == before["rows"][1]
    assert record(director, jon_id)["stats"] == before["stats"][0]
    assert record(director, again["player"])["stats"] == before["stats"][1]
    assert (games_of(monday), games_of(thursday)) == before["games"]

    log = ok(director.client.get(f"/api/v1/clubs/{director.club}/players/log/"))
    assert [(c["action"], c["player"], c["other"], c["reason"]) for c in log] == [
        ("merge", jon_id, john_id, "typo"),
        ("split", jon_id, again["player"], "two people"),
    ]
    assert log[0]["after"]["moved"] == [thursday]
    assert log[1]["after"]["split_off"]["events"] == [thursday]
    assert RosterChange.objects.count() == 2


def test_a_merge_keeps_a_progressive_plan_and_seats_the_kept_record(director: Director):
    first = director.create_event(rounds_planned=1)
    ann = director.add_players(first, "Ann")["Ann"]
    later = director.create_event(rounds_planned=3, entry="totals")
    ids = director.add_players(later, "Annie", *EIGHT[1:])
    round_one = director.next_round(later)
    for table in round_one["tables"]:
        join(table["join_code"]).settle([10, 5])
    ok(post(director.client, f"/api/v1/players/{ann}/merge/", {"absorb": ids["Annie"]}))
    round_two = director.next_round(later)
    seated = {s["player"] for t in round_two["tables"] for s in t["seats"]}
    assert ann in seated and ids["Annie"] not in seated


def test_two_records_of_one_event_are_two_people(director: Director, django_user_model):
    event = director.create_event(rounds_planned=1)
    ids = director.add_players(event, "Ann", "Ben")
    response = post(director.client, f"/api/v1/players/{ids['Ann']}/merge/", {"absorb": ids["Ben"]})
    assert is_problem(response, 409, "absorb", "both-entered")
    same = post(director.client, f"/api/v1/players/{ids['Ann']}/merge/", {"absorb": ids["Ann"]})
    assert is_problem(same, 400, "absorb", "same-player")
    theirs = other_director(django_user_model, "olga", "Hilltop Euchre")
    p1 = entry(theirs, theirs.create_event(rounds_planned=1), name="Ann")["player"]
    across = post(director.client, f"/api/v1/players/{ids['Ann']}/merge/", {"absorb": p1})
    assert is_problem(across, 404, "absorb", "no-such-player")
    split = post(
        director.client,
        f"/api/v1/players/{ids['Ann']}/split/",
        {"events": [event + 1000], "label": "B"},
    )
    assert is_problem(split, 400, "events[0]", "not-entered")
    split = post(
        director.client, f"/api/v1/players/{ids['Ann']}/split/", {"events": [event], "label": ""}
    )
    assert is_problem(split, 409, "label", "player-exists")
    assert RosterChange.objects.count() == 0


def test_every_reference_to_a_player_moves_in_a_merge_and_a_split():
    """A new link to a player must join HELD_BY_EVENT, or merges and splits would leave it
    behind (and a merge could not delete the record it absorbed)."""
    linked = {
        (rel.related_model, rel.field.name)
        for rel in Player._meta.get_fields(include_hidden=True)
        if rel.auto_created and not rel.concrete and (rel.one_to_many or rel.one_to_one)
    }
    assert linked == {(model, field) for model, field, _ in HELD_BY_EVENT}
