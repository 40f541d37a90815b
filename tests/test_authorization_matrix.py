"""Whoever can write something must be the one allowed to: every write operation of the API,
as the URL configuration publishes them (the OpenAPI schema), tried with each credential that
must not open it. Each is refused (401, 403 or 404) and changes nothing.

A new write endpoint fails here until it is given a valid body below, so none is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

#: Writes anyone may make: start a game, ask the referee, exchange a join code, start a club
#: (which makes you its director).
OPEN_TO_ALL = {"games_create", "referee_check", "tables_join", "clubs_create"}
#: A table's writes that are its director's, not its phone's.
DIRECTORS_AT_TABLES = {
    "tables_code",
    "tables_takeover",
    "tables_confirmers_end",
    "tables_result_correct",
    "tables_result_assign",
    "tables_result_forfeit",
    "tables_result_cut",
    "tables_seat_substitute",
    "tables_seat_absent",
}
#: Writes that act on the caller's own device, whoever it is.
OWN_DEVICE = {"tables_leave", "tables_device_name"}

HAND = {"maker": 0, "trump": "H", "maker_tricks": 3}


def write_operations() -> list[tuple[str, str, str]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        (op["operationId"], method.upper(), path)
        for path, ops in schema["paths"].items()
        for method, op in ops.items()
        if method in {"post", "put", "patch", "delete"}
    )


@dataclass
class World:
    """Two clubs' nights and two casual games, with the ids and tokens to aim at them."""

    ids: dict[str, Any]
    bodies: dict[str, Any]
    credentials: dict[str, Callable[[], APIClient]]
    own: dict[str, APIClient]  # the right credential: a table's phone, a game's, a director

    def owner(self, operation: str, path: str) -> APIClient:
        if operation in DIRECTORS_AT_TABLES:
            return self.own["director"]
        if operation == "tables_device_name":
            return self.own["confirmer"]
        for prefix in ("tables", "games", "invites"):
            if path.startswith(f"/api/v1/{prefix}/"):
                return self.own[prefix]
        return self.own["director"]


def api(method: str, client: APIClient, path: str, body: Any) -> Any:
    call = getattr(client, method.lower())
    return call(path, body, format="json") if body is not None else call(path)


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """Built once for the module and only read: each test's writes are rolled back to it, and
    it goes when the module is done."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def build_world() -> World:
    User = get_user_model()
    dora = User.objects.create_user("dora")
    mallory = User.objects.create_user("mallory")
    directors = {}
    for user, club in ((dora, "Riverside"), (mallory, "Hilltop")):
        client = APIClient()
        client.force_login(user)
        directors[club] = (client, client.post("/api/v1/clubs/", {"name": club}, format="json"))
    nights = {}
    for club, (client, made) in directors.items():
        club_id = made.json()["id"]
        event = client.post(
            f"/api/v1/clubs/{club_id}/events/",
            {"name": "Night", "format": "progressive", "round_length": "hands"}
            | {"hands_per_round": 8, "rounds_planned": 2, "published": True},
            format="json",
        ).json()["id"]
        for name in ("Ann", "Ben", "Cat", "Dan"):
            client.post(f"/api/v1/events/{event}/players/", {"name": name}, format="json")
        table = client.post(f"/api/v1/events/{event}/rounds/", format="json").json()["tables"][0]
        joined = APIClient().post(
            "/api/v1/tables/join/", {"code": table["join_code"]}, format="json"
        )
        token = joined.json()["token"]
        device = APIClient()
        device.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        device.post(f"/api/v1/tables/{table['id']}/hands/", HAND, format="json")
        nights[club] = {"club": club_id, "event": event, "table": table, "device": device}
    games = []
    for _ in range(2):
        body = {"ruleset": "standard", "players": ["Ann", "Ben", "Cat", "Dan"], "dealer": 0}
        game = APIClient().post("/api/v1/games/", body, format="json").json()
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {game['token']}")
        client.post(f"/api/v1/games/{game['id']}/hands/", HAND, format="json")
        games.append(game)
    ours = nights["Riverside"]
    season = (
        directors["Riverside"][0]
        .post(
            f"/api/v1/clubs/{ours['club']}/seasons/",
            {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31"},
            format="json",
        )
        .json()["id"]
    )
    seat = ours["table"]["seats"]
    player = seat[0]["player"]
    ed = User.objects.create_user("ed")
    directors["Riverside"][0].post(
        f"/api/v1/clubs/{ours['club']}/directors/", {"username": "ed"}, format="json"
    )
    invitee = APIClient()
    invitee.force_login(ed)
    (invite,) = invitee.get("/api/v1/invites/").json()
    ids = {
        "club_id": ours["club"],
        "event_id": ours["event"],
        "table_id": ours["table"]["id"],
        "game_id": games[0]["id"],
        "player_id": player,
        "number": 1,
        "season_id": season,
        "seat": 0,
        "team_id": 1,
        "invite_id": invite["id"],
    }

    def token_client(token: str) -> Callable[[], APIClient]:
        def make() -> APIClient:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
            return client

        return make

    def signed_in(user: Any) -> Callable[[], APIClient]:
        def make() -> APIClient:
            client = APIClient()
            client.force_login(user)
            return client

        return make

    hilltop = nights["Hilltop"]["device"]
    credentials = {
        "nobody (a watch-only link)": APIClient,
        "another game's token": token_client(games[1]["token"]),
        "another club's table's phone": lambda: hilltop,
        "a signed-in non-director": signed_in(mallory),
    }
    bodies = {
        "club_directors_invite": {"username": "mallory"},
        "invites_accept": None,
        "invites_decline": None,
        "clubs_update": {"time_zone": "Asia/Seoul"},
        "events_create": {"name": "X", "format": "progressive", "rounds_planned": 2},
        "club_players_add": {"name": "Zed"},
        "club_seasons_create": {"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-12-31"},
        "club_seasons_update": {"ladder": "placement", "min_nights": 2},
        "event_seeds_set": {"teams": [1, 2]},
        "events_update": {"name": "Renamed"},
        "event_close": {"leave_open": True},
        "event_players_add": {"name": "Zed"},
        "event_players_leave": None,
        "event_rounds_create": None,
        "event_rounds_time": None,
        "event_teams_add": {"name": "T", "players": ["Ann", "Ben"]},
        "games_token_renew": None,
        "hands_create": HAND,
        "hands_amend": {**HAND, "reason": "misread"},
        "hands_undo": None,
        "players_update": {"name": "Renamed"},
        "players_merge": {"absorb": seat[1]["player"]},
        "players_erase": {"reason": "they asked"},
        "players_split": {"events": [ours["event"]], "label": "the other"},
        "tables_code": None,
        "tables_takeover": None,
        "tables_confirmers_end": None,
        "tables_hands_create": HAND,
        "tables_hands_amend": {**HAND, "reason": "misread"},
        "tables_hands_undo": None,
        "tables_result_enter": {"entered_by": player, "time_called": True},
        "tables_result_correct": {"reason": "the hands were miscounted"},
        "tables_result_confirm": {"confirmed_by": seat[1]["player"]},
        "tables_result_dispute": {"player": seat[1]["player"], "reason": "wrong"},
        "tables_leave": None,
        "tables_device_name": {"player": seat[1]["player"]},
        "tables_result_assign": {"sides": [6, 2], "reason": "could not play"},
        "tables_result_forfeit": {"forfeited_by": 0, "reason": "left early"},
        "tables_result_cut": {"winner": 0},
        "tables_seat_substitute": {"player": "Zed", "reason": "called away"},
        "event_teams_withdraw": {"reason": "unwell"},
        "event_reopen": {"reason": "one more round"},
        "event_join_limit_lift": None,
        "event_rounds_undo": None,
        "event_rounds_swap": {"players": [player, seat[1]["player"]]},
        "event_rounds_seat_late": {"player": player},
        "events_delete": {"reason": "a mistake"},
        "tables_seat_absent": {"reason": "did not come"},
    }
    dora_client = directors["Riverside"][0]
    game_client = token_client(games[0]["token"])()
    confirming = APIClient().post(
        "/api/v1/tables/join/",
        {"code": ours["table"]["join_code"], "role": "confirmer"},
        format="json",
    )
    confirmer = APIClient()
    confirmer.credentials(HTTP_AUTHORIZATION=f"Bearer {confirming.json()['token']}")
    own = {
        "confirmer": confirmer,
        "tables": ours["device"],
        "games": game_client,
        "director": dora_client,
        "invites": invitee,
    }
    return World(ids=ids, bodies=bodies, credentials=credentials, own=own)


def fingerprint() -> tuple[object, ...]:
    """Every table's row count, every version and kept total, and the games' token digests:
    what any write would move."""
    counts: list[int] = []
    for model in apps.get_app_config("scorekeeper").get_models():
        counts.append(model._default_manager.count())
    for model in apps.get_app_config("events").get_models():
        counts.append(model._default_manager.count())
    versions = [
        apps.get_model("scorekeeper", "Game").objects.aggregate(v=Sum("version"))["v"],
        apps.get_model("events", "Event").objects.aggregate(v=Sum("version"))["v"],
        tuple(apps.get_model("events", "Season").objects.values_list("ladder", "min_nights")),
        apps.get_model("scorekeeper", "Player").objects.filter(name="Renamed").count(),
        tuple(
            apps.get_model("scorekeeper", "Game").objects.order_by("pk").values_list("token_hash")
        ),
    ]
    return (*counts, *versions)


def cases() -> list[Any]:
    return [
        pytest.param(operation, method, path, id=operation)
        for operation, method, path in write_operations()
        if operation not in OPEN_TO_ALL
    ]


@pytest.mark.parametrize(("operation", "method", "path"), cases())
def test_no_write_opens_to_a_credential_that_is_not_its_own(world, operation, method, path):
    assert operation in world.bodies, f"give {operation} a valid body in this test"
    url = path.format(**{k: v for k, v in world.ids.items() if "{" + k + "}" in path})
    for who, client in world.credentials.items():
        if operation in OWN_DEVICE and who == "another club's table's phone":
            continue
        before = fingerprint()
        response = api(method, client(), url, world.bodies[operation])
        assert response.status_code in (401, 403, 404), (who, response.status_code)
        assert response["Content-Type"] == "application/problem+json", who
        assert fingerprint() == before, f"{who} changed something"


@pytest.mark.parametrize(("operation", "method", "path"), cases())
def test_each_body_is_one_its_own_credential_may_send(world, operation, method, path):
    """The bodies above are valid: with the right credential they pass every check of who
    asks and of the input (a 409 is the night's state, as when there is no result yet to
    confirm, a 404 when there is none yet); the matrix would prove nothing if they were refused for another reason."""
    url = path.format(**{k: v for k, v in world.ids.items() if "{" + k + "}" in path})
    response = api(method, world.owner(operation, path), url, world.bodies[operation])
    state = response.status_code == 409 or (
        response.status_code == 404 and response.json()["code"] == "no-result"
    )
    assert response.status_code < 400 or state, response.content[:300]
