"""Movement cards: the whole night's seating as planned, printed before it starts (a card a
player, every round: table, seat and partner, or sitting out), so a room without its network
can still run the night on paper. The rounds seated are as seated; the rest as the format
plans them now (as a round's sheet before the round is seated, `shown.planned_round`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.api.problems import pages_not_found
from scorekeeper.events import access, selectors
from scorekeeper.events.access import Actor
from scorekeeper.events.formats import format_of
from scorekeeper.events.localized.club_language import club_language_use
from scorekeeper.events.planning.seating import partners_of, seat_name
from scorekeeper.events.ranking.standings import name_order


@dataclass(frozen=True)
class Place:
    round: int
    table: int | None  # None: sits out
    seat: str = ""
    partner: str = ""
    seated: bool = True  # False: as planned, not seated yet


@dataclass
class MovementCard:
    name: str
    places: list[Place] = field(default_factory=list)


@pages_not_found
def movement_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id)
    club_language_use(request, event.club)
    night = selectors.night_of(event=event)
    shape = format_of(event)
    planned = shape.planned_rounds(night, event)
    cards: list[MovementCard] = []
    if planned is not None:
        # A team event's rounds name the team that sat out: its players' cards say so.
        members = {team.id: team.members for team in night.teams} if shape.teams else {}
        played = [
            {
                "tables": [list(t.seats) for t in rnd.tables],
                "byes": [player for bye in rnd.byes for player in members.get(bye, (bye,))],
                "seated": True,
            }
            for rnd in night.rounds
        ]
        rounds = played + [{**rnd, "seated": False} for rnd in planned]
        names = {e.player_id: e.player.shown for e in selectors.entrants_of(event=event)}
        by_player = {
            player: MovementCard(name)
            for player, name in sorted(
                names.items(), key=lambda item: (name_order(item[1]), item[0])
            )
        }
        for number, rnd in enumerate(rounds, start=1):
            for t, seats in enumerate(rnd["tables"], start=1):
                for s, player in enumerate(seats):
                    if player in by_player:
                        partner = " & ".join(names.get(p, "") for p in partners_of(seats, s))
                        by_player[player].places.append(
                            Place(number, t, seat_name(s, len(seats)), partner, rnd["seated"])
                        )
            for player in rnd["byes"]:
                if player in by_player:
                    by_player[player].places.append(Place(number, None, seated=rnd["seated"]))
        cards = [card for card in by_player.values() if card.places]
    return render(
        request,
        "events/movement_cards.html",
        {"event": event, "cards": cards, "planned": planned is not None},
    )
