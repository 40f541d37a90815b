"""The night so far as an event's format sees it (`formats.base.Night`): who is in, every
round seated with its tables' seats, teams and results, and the byes; what the next round
is seated from, and what a party's moves are worked out from (six queries, and the
standings'). A seat a substitute played is its own player's here."""

from __future__ import annotations

from collections import defaultdict

from scorekeeper.events.formats import format_of
from scorekeeper.events.formats.base import Move, Night, PlayedRound, PlayedTable, Team
from scorekeeper.events.models import Entrant, Event, EventTeam, Result, SitOut, Table, TableSeat
from scorekeeper.events.planning.seating import TABLE_SIZES
from scorekeeper.events.selectors.ranking import standings


def night_of(*, event: Event, number: int | None = None) -> Night:
    """The night before round ``number`` (by default the round after the last seated)."""
    entrants = list(
        Entrant.objects.filter(event=event).order_by("id").values_list("player_id", "active")
    )
    players = tuple(player for player, active in entrants if active)
    members: dict[int, list[int]] = defaultdict(list)
    for team_id, player_id in (
        Entrant.objects.filter(event=event, team__isnull=False)
        .order_by("id")
        .values_list("team_id", "player_id")
    ):
        members[team_id].append(player_id)
    teams = tuple(
        Team(pk, seed, tuple(members[pk]), active)
        for pk, seed, active in EventTeam.objects.filter(event=event)
        .order_by("seed")
        .values_list("pk", "seed", "active")
    )
    # A substitute is a guest for one round: the seat stays its own player's, who moves on
    # from it as if they had played it; an entrant who came off a bye to substitute is, in
    # the movement, still sitting out the round as it was seated.
    entered: set[int] = set() if event.is_teams else {player for player, _active in entrants}
    seats: dict[int, list[int]] = defaultdict(list)
    stood_in: dict[int, list[int]] = defaultdict(list)
    for table_id, rnd, player_id, regular in (
        TableSeat.objects.filter(table__round__event=event)
        .order_by("number")
        .values_list("table_id", "table__round__number", "player_id", "substitute_for_id")
    ):
        seats[table_id].append(player_id if regular is None else regular)
        if regular is not None and player_id in entered:
            stood_in[rnd].append(player_id)
    tables: dict[int, list[PlayedTable]] = defaultdict(list)
    for row in (
        Table.objects.filter(round__event=event)
        .order_by("number")
        .values_list(
            "pk",
            "round__number",
            "number",
            "first_team_id",
            "second_team_id",
            "bracket_match",
            "result__pk",
            "result__points",
            "result__winner",
            "result__status",
            "result__time_called",
        )
    ):
        pk, rnd, table_number, first, second, match, result, points, winner, status, late = row
        seated = seats[pk]
        if len(seated) not in TABLE_SIZES:
            continue
        tables[rnd].append(
            PlayedTable(
                number=table_number,
                seats=tuple(seated),
                teams=(first, second) if first and second else None,
                match=match,
                result=result,
                points=(int(points[0]), int(points[1])) if isinstance(points, list) else None,
                winner=winner,
                confirmed=status == Result.Status.CONFIRMED,
                time_called=bool(late),
            )
        )
    byes: dict[int, list[int]] = defaultdict(list)
    for rnd, player_id, team_id in SitOut.objects.filter(round__event=event).values_list(
        "round__number", "player_id", "team_id"
    ):
        byes[rnd].append(team_id if team_id is not None else player_id)
    for rnd, players_in in stood_in.items():
        byes[rnd] += players_in
    numbers = sorted(set(event.rounds.values_list("number", flat=True)))
    return Night(
        number=(numbers[-1] + 1 if numbers else 1) if number is None else number,
        players=players,
        teams=teams,
        rounds=tuple(
            PlayedRound(n, tuple(tables[n]), tuple(byes[n]))
            for n in numbers
            if number is None or n < number
        ),
        standings=tuple(standings(event=event).rows),
        seed=event.seed,
        size=event.table_size,
    )


def moves_of(*, event: Event) -> list[Move]:
    """Who goes where (the projector's), where the format moves its players: after a round,
    to the next round's tables; while a round is played, from the last. A closed night seats
    no next round, so nobody moves there."""
    kind = format_of(event)
    if not kind.movement or event.status == Event.Status.FINISHED:
        return []
    return kind.moves(night_of(event=event), event)
