"""The one way the events tests play an event: through the API, as a club night runs (a
director seats each round, each table joins by its code and plays, the opponents confirm),
or, where only the volume matters (query counts), the same night through the services.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from rest_framework.test import APIClient

from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.events.models import Event, Season
from scorekeeper.models import Club
from tests.problems import is_problem as is_problem


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, (response.status_code, response.content[:500])
    return response.json()


@dataclass
class Seat:
    seat: int
    side: int
    player: int
    name: str


class Device:
    """A phone at a table, holding the device token its join code was exchanged for."""

    def __init__(self, table: dict[str, Any], token: str, role: str) -> None:
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        self.token = token
        self.role = role
        self.at(table)

    def at(self, table: dict[str, Any]) -> Device:
        """The phone stays at its physical table: this is the round's table there now."""
        self.table = table
        self.id: int = table["id"]
        self.seats = {
            s["name"]: Seat(s["seat"], s["side"], s["player"], s["name"]) for s in table["seats"]
        }
        return self

    def here(self) -> Any:
        """Where the phone sits now, as the server says (`GET /api/v1/tables/device/`)."""
        return self.client.get("/api/v1/tables/device/")

    @property
    def url(self) -> str:
        return f"/api/v1/tables/{self.id}/"

    @property
    def by_seat(self) -> list[str]:
        """The players' names, seat 0 first (seats 0 and 2 partner against 1 and 3)."""
        return sorted(self.seats, key=self.seat_of)

    def seat_of(self, name: str) -> int:
        return self.seats[name].seat

    def player(self, name: str) -> int:
        return self.seats[name].player

    def side_of(self, name: str) -> int:
        return self.seats[name].side

    def post(self, path: str, body: Any, table_id: int | None = None) -> Any:
        url = f"/api/v1/tables/{table_id or self.id}/{path}"
        return self.client.post(url, body, format="json")

    def hand(
        self, maker: str, tricks: int, alone: bool = False, trump: str = "H"
    ) -> dict[str, Any]:
        body = {
            "maker": self.seat_of(maker),
            "trump": trump,
            "maker_tricks": tricks,
            "alone": alone,
        }
        return ok(self.post("hands/", body), 201)

    def thrown_in(self) -> dict[str, Any]:
        return ok(self.post("hands/", {"thrown_in": True}), 201)

    def enter(self, by: str, points: list[int] | None = None) -> Any:
        body: dict[str, Any] = {"entered_by": self.player(by)}
        if points is not None:
            body["points"] = points
        return self.post("result/", body)

    def confirm(self, by: str) -> Any:
        return self.post("result/confirm/", {"confirmed_by": self.player(by)})

    def dispute(self, by: str, reason: str) -> Any:
        return self.post("result/dispute/", {"player": self.player(by), "reason": reason})

    def settle(self, points: list[int] | None = None) -> None:
        """Seat 0 enters the result (the totals, in a totals event); seat 1 confirms it."""
        ok(self.enter(by=self.by_seat[0], points=points), 201)
        ok(self.confirm(by=self.by_seat[1]))


def join(code: str, role: str = "scorer", label: str = "") -> Device:
    """A phone joins the table of the code, as `role`, labelled `label` (if given)."""
    body = {"code": code, "role": role, **({"label": label} if label else {})}
    response = APIClient().post("/api/v1/tables/join/", body, format="json")
    body = ok(response, 201)
    return Device(body["table"], body["token"], body["role"])


class Director:
    """A signed-in director of a club, working through the API. `phones` are the scoring
    phones of the night's tables, by join code: each stays with its table all night."""

    def __init__(self, client: APIClient, club: int) -> None:
        self.client = client
        self.club = club
        self.phones: dict[str, Device] = {}

    def create_event(self, **options: Any) -> int:
        body = {"name": "Club night", "format": "progressive", **options}
        return int(
            ok(self.client.post(f"/api/v1/clubs/{self.club}/events/", body, format="json"), 201)[
                "id"
            ]
        )

    def create_totals_night(self, **options: Any) -> int:
        """A night of rounds of eight hands where each table enters only its final score."""
        return self.create_event(entry="totals", round_length="hands", hands_per_round=8, **options)

    def create_season(self, name: str, starts_on: str, ends_on: str) -> int:
        body = {"name": name, "starts_on": starts_on, "ends_on": ends_on}
        return int(
            ok(self.client.post(f"/api/v1/clubs/{self.club}/seasons/", body, format="json"), 201)[
                "id"
            ]
        )

    def add_players(self, event: int, *names: str) -> dict[str, int]:
        ids = {}
        for name in names:
            body = ok(
                self.client.post(f"/api/v1/events/{event}/players/", {"name": name}, format="json"),
                201,
            )
            ids[name] = body["player"]
        return ids

    def add_team(self, event: int, name: str, *players: str) -> int:
        body = {"name": name, "players": list(players)}
        return int(
            ok(self.client.post(f"/api/v1/events/{event}/teams/", body, format="json"), 201)["id"]
        )

    def next_round(self, event: int) -> dict[str, Any]:
        return ok(self.client.post(f"/api/v1/events/{event}/rounds/", format="json"), 201)

    def standings(self, event: int) -> dict[str, Any]:
        return ok(self.client.get(f"/api/v1/events/{event}/standings/"))

    def publish(self, event: int) -> None:
        ok(self.client.patch(f"/api/v1/events/{event}/", {"published": True}, format="json"))

    def mark_absent(self, phone: Device, name: str, reason: str = "did not come back") -> None:
        """The player `name`, seated at the phone's table, did not play its round."""
        url = f"{phone.url}seats/{phone.seat_of(name)}/absent/"
        ok(self.client.post(url, {"reason": reason}, format="json"))

    def no_show_assigned(self, phone: Device, name: str, sides: list[str]) -> None:
        """The player `name` marked absent, and the table's result assigned by `sides`."""
        self.mark_absent(phone, name)
        body = {"sides": sides, "reason": "a no-show at the table"}
        ok(self.client.post(f"{phone.url}result/assign/", body, format="json"))


#: How a table plays its round: what it enters, given its device and the table as seated.
Play = Callable[[Device, dict[str, Any]], None]


@dataclass
class Played:
    round: dict[str, Any]
    devices: list[Device]  # table by table


#: A Bid Euchre game (4 players) won by side 1 at a level score, 33-33, hand by hand: the
#: game ends on a made bid or a set, not on the points.
LEVEL_BID_EUCHRE_GAME: Final = (
    *[{"maker": 1, "bid": 3, "maker_tricks": 3}] * 5,  # three to each side: 15-15
    *[{"maker": 1, "bid": 6, "maker_tricks": 0}] * 2,  # set twice: 27-3
    {"maker": 1, "bid": 3, "maker_tricks": 3},  # 30-6
    {"maker": 1, "bid": "moon", "maker_tricks": 6},  # 30-18
    {"maker": 1, "bid": 3, "maker_tricks": 3},  # 33-21: the defenders past 32 play on
    {"maker": 3, "bid": "moon", "maker_tricks": 6},  # 33-33: the makers' moon wins it
)


def play_round(director: Director, event: int, play: Play) -> Played | None:
    """Seat the next round and play each table on its own device; None once the schedule
    is complete (a round robin or a bracket played out)."""
    response = director.client.post(f"/api/v1/events/{event}/rounds/", format="json")
    if response.status_code == 409 and response.json()["code"] == "schedule-complete":
        return None
    played = Played(ok(response, 201), [])
    for table in played.round["tables"]:
        code = table["join_code"]
        # The same phone (its token) at the same physical table; one Device a round, so a
        # round's tables can still be told apart afterwards.
        phone = director.phones.get(code)
        device = Device(table, phone.token, phone.role) if phone else join(code)
        director.phones[code] = device
        play(device, table)
        played.devices.append(device)
    return played


def settle_round(director: Director, rnd: dict[str, Any], scores: Sequence[list[int]]) -> None:
    """Each table of the round seated (`rnd`, as seating it answered) enters these totals in
    turn (seats 0 and 2 first) on its phone, the same one all night, and has them confirmed."""
    for table, points in zip(rnd["tables"], scores, strict=True):
        phone = director.phones.get(table["join_code"])
        phone = phone.at(table) if phone else join(table["join_code"])
        director.phones[table["join_code"]] = phone
        phone.settle(points)


def play_event(
    director: Director, event: int, play: Play, rounds: int | None = None
) -> list[dict[str, Any]]:
    """Play round after round (`rounds` of them, or until the schedule is complete)."""
    seated: list[dict[str, Any]] = []
    while rounds is None or len(seated) < rounds:
        played = play_round(director, event, play)
        if played is None:
            break
        seated.append(played.round)
    return seated


def totals(*scores: list[int]) -> Play:
    """Each table in turn enters these totals (seats 0 and 2 first) and has them confirmed."""
    left = list(scores)

    def play(device: Device, table: dict[str, Any]) -> None:
        device.settle(left.pop(0))

    return play


def club_founded(user: Any, name: str = "Riverside") -> tuple[Actor, Club]:
    """The user founds a club through the services and so directs it: (the director, the
    club)."""
    director = Actor(user=user)
    return director, services.club_create(actor=director, name=name)


def event_founded(user: Any, *, club: str = "Riverside", **options: Any) -> tuple[Actor, Event]:
    """A new club's first event, created through the services by the user who founded the
    club: (the director, the event; `event.club` is the club). `options` are the event's."""
    director, founded = club_founded(user, club)
    return director, services.event_create(club=founded, actor=director, **options)


def winter_season(actor: Actor, club: Club, year: int, **options: Any) -> Season:
    """The club's Winter season of `year`, January to March, through the services."""
    return services.season_create(
        club=club,
        actor=actor,
        name="Winter",
        starts_on=datetime.date(year, 1, 1),
        ends_on=datetime.date(year, 3, 31),
        **options,
    )


def played_by_services(
    actor: Actor,
    club: Club,
    *,
    players: int | Sequence[str],
    rounds: int,
    name: str,
    **options: Any,
) -> Event:
    """A published progressive night of totals entered by a director, through the services
    (no HTTP): for tests that need many games quickly. `players` is how many ("Player 000"
    on), or their names."""
    if isinstance(players, int):
        players = [f"Player {i:03}" for i in range(players)]
    event = services.event_create(
        club=club,
        actor=actor,
        name=name,
        format="progressive",
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        rounds_planned=rounds,
        published=True,
        seed=len(players),
        **options,
    )
    for player in players:
        services.entrant_add(event=event, actor=actor, name=player)
    rounds_entered(event, actor, rounds, lambda r, table: [(r + table) % 9, (r * table) % 7])
    return event


def rounds_entered(
    event: Event,
    actor: Actor,
    rounds: int,
    points: Sequence[int] | Callable[[int, int], Sequence[int]],
) -> None:
    """The director seats `rounds` rounds through the services and enters every table's
    totals for its first seat: `points`, or `points(round index, table number)`."""
    for r in range(rounds):
        rnd = services.round_generate(event=event, actor=actor)
        for table in rnd.tables.order_by("number"):
            seat = table.seats.order_by("number").first()
            assert seat is not None
            services.result_enter(
                table=table,
                actor=actor,
                entered_by=seat.player_id,
                points=list(points(r, table.number) if callable(points) else points),
            )


def partnerships(table: dict[str, Any]) -> tuple[frozenset[str], frozenset[str]]:
    """A table's two partnerships, by name: (seats 0 and 2, seats 1 and 3)."""
    sides: list[set[str]] = [set(), set()]
    for seat in table["seats"]:
        sides[seat["side"]].add(seat["name"])
    return frozenset(sides[0]), frozenset(sides[1])
