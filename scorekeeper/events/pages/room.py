"""What a room sees of the night: the projector on the wall, and the printouts the tables use
("find your table" for a round, each player's tally card, a round robin's crosstable, a
Swiss round's pairings).

Each page reads what the results page reads (`access.event_for`: public once published), in a
fixed number of queries however many players came, and speaks the reader's language (else the
club's). Seats are named N, E, S and W: N deals the first hand of every round.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from scorekeeper.api.problems import pages_not_found
from scorekeeper.events import access, selectors
from scorekeeper.events.access import Actor
from scorekeeper.events.formats import format_of, has_page
from scorekeeper.events.localized.choice_names import RESULT_STATUS_NAMES
from scorekeeper.events.localized.club_language import club_language_use
from scorekeeper.events.localized.club_time import club_zone
from scorekeeper.events.localized.stories import result_story
from scorekeeper.events.pages.shown import moves_by_table, seated_tables
from scorekeeper.events.ranking.standings import StandingRow, name_order

if TYPE_CHECKING:
    from scorekeeper.events.models import Event

#: How often the projector fetches itself again, in seconds.
PROJECTOR_REFRESH = 15
#: How long the projector shows each page of long standings, in seconds.
PROJECTOR_PAGE_SECONDS = 8


def _event(request: HttpRequest, event_id: int) -> Event:
    """The event if this visitor may read it, with the club's language for those who asked
    for none we speak."""
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id)
    club_language_use(request, event.club)
    return event


@pages_not_found
def projector(request: HttpRequest, event_id: int) -> HttpResponse:
    """The wall: standings in big type, the current round's seating and, where players move
    from table to table (a party), who goes where after the round, fetching itself again
    every few seconds (static/events/projector.js; no inline script)."""
    event = _event(request, event_id)
    seated = selectors.complete_rounds(event=event).count
    rounds = selectors.rounds_of(event=event, numbers=[seated]) if seated else []
    current = rounds[0] if rounds else None
    standings = selectors.standings(event=event)
    moves = selectors.moves_of(event=event)
    names = {row.key: row.name for row in standings.rows}
    with timezone.override(club_zone(event.club)):
        return render(
            request,
            "events/projector.html",
            {
                "event": event,
                "standings": standings,
                "round": current,
                "tables": seated_tables(current) if current else [],
                "moves": moves_by_table(moves, names),
                "moves_after": moves[0].after if moves else None,
                "now": timezone.localtime(),
                "refresh": PROJECTOR_REFRESH,
                "page_seconds": PROJECTOR_PAGE_SECONDS,
            },
        )


@pages_not_found
def find_your_table(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """A round's wall list in alphabetical order: each player's table, seat and partner."""
    event = _event(request, event_id)
    numbers = range(1, selectors.complete_rounds(event=event).count + 1)
    if number not in numbers:
        raise Http404("This event has no round with this number.")
    lines = selectors.find_your_table(event=event, number=number)
    return render(
        request,
        "events/find_your_table.html",
        {
            "event": event,
            "number": number,
            "lines": lines,
            "numbers": numbers,
            # The club's directors print it to pin by the door (never with the players' PINs,
            # which each reads on their own tally card only); a player reads it on a phone.
            "printed": access.directs(Actor(user=request.user), event.club),
        },
    )


def _pins(request: HttpRequest, event: Event) -> dict[int, str]:
    """The players' PINs, where the event confirms with them and a director of the club reads
    the page (to print each player's own card): never on a public page, nor on a list that
    others read (the wall list)."""
    if not access.sees_pins(Actor(user=request.user), event):
        return {}
    return selectors.pins_of(event=event)


@dataclass
class TallyCard:
    """One player's night, round by round, with the running total of points scored."""

    player_id: int
    name: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    standing: Any = None  # their standings row (rank, total with credit), if ranked
    pin: str = ""  # their PIN, on a director's printout of an event that confirms with one


def tally_cards_of(event: Event) -> list[TallyCard]:
    cards: dict[int, TallyCard] = {}
    running: dict[int, int] = defaultdict(int)
    for line in selectors.tally(event=event):
        card = cards.setdefault(line.player_id, TallyCard(line.player_id, line.name))
        # Only what counts in the standings adds up: a result still waiting or disputed
        # shows its points, marked, and its total stays where the confirmed ones put it.
        waiting = line.table is not None and line.status != "confirmed"
        if not waiting:
            running[line.player_id] += line.points_for or 0
        played = (
            None
            if line.points_for is None or line.points_against is None
            else (line.points_for, line.points_against)
        )
        card.rows.append(
            {
                "line": line,
                "opponents": " & ".join(line.opponents),
                "status": RESULT_STATUS_NAMES.get(line.status, line.status),
                "waiting": waiting and line.points_for is not None,
                "total": running[line.player_id],
                "story": result_story(
                    line.how,
                    line.director,
                    points=played,
                    confirmed=line.confirmed,
                    again=line.confirmed_again_by,
                    called_by=line.time_called_by or None,
                ),
            }
        )
    rows = selectors.standings(event=event).rows
    # A player's line in the standings: their own, or their team's (a team event ranks teams).
    members = (
        {team.id: team.members for team in selectors.night_of(event=event).teams}
        if event.is_teams
        else {row.key: (row.key,) for row in rows}
    )
    for row in rows:
        for player in members.get(row.key, ()):
            if player in cards:
                cards[player].standing = row
    return sorted(cards.values(), key=lambda card: (name_order(card.name), card.player_id))


@pages_not_found
def tally_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    """Each player's tally card for the night, several to a printed page."""
    event = _event(request, event_id)
    cards, pins = tally_cards_of(event), _pins(request, event)
    for card in cards:
        card.pin = pins.get(card.player_id, "")
    # A player's total says what byes added only where a bye earns credit.
    credited = format_of(event).shown(event).credited
    context = {"event": event, "cards": cards, "credited": credited}
    return render(request, "events/tally_cards.html", context)


@dataclass(frozen=True)
class CrossRow:
    seed: int
    name: str
    cells: list[list[selectors.CrossCell] | None]  # None: the team itself
    standing: Any


@pages_not_found
def crosstable(request: HttpRequest, event_id: int) -> HttpResponse:
    """A fixed-partner round robin as a grid: each team's games against each other team,
    with its record, match points and rank."""
    event = _event(request, event_id)
    if not has_page(event, "crosstable"):
        raise Http404("This event is not a round robin.")
    grid = selectors.crosstable(event=event)
    by_name = {row.name: row for row in selectors.standings(event=event).rows}
    size = len(grid.teams)
    rows = [
        CrossRow(
            seed=i + 1,
            name=name,
            cells=[None if i == j else grid.cells.get((i, j), []) for j in range(size)],
            standing=by_name.get(name),
        )
        for i, name in enumerate(grid.teams)
    ]
    return render(
        request,
        "events/crosstable.html",
        {"event": event, "rows": rows, "seeds": range(1, size + 1)},
    )


@dataclass(frozen=True)
class Paired:
    """A table of the round: each side's team by name, with its standings row before the
    round (None for a team that has none)."""

    table: int
    sides: list[tuple[str, Standing | StandingRow | None]]
    met_in: int | None = None  # the round the two met in before (a rematch none could avoid)


@dataclass(frozen=True)
class Standing:
    """A team's place and match points as its round was paired."""

    rank: int | None
    match_points: int


def _placed_as_paired(event: Event, number: int) -> tuple[dict[str, Standing | StandingRow], bool]:
    """Each team's place and match points as round ``number`` was paired: as the round kept
    them (a result corrected since changes the standings, not the pairings printed), else the
    standings after the round before (a round seated before rounds kept them); and whether a
    correction since has moved those standings from what the round was paired on."""
    kept = selectors.paired_on(event=event, number=number)
    rows = selectors.standings(event=event, through=number - 1).rows
    if kept is None:
        return {row.name: row for row in rows}, False
    now = {row.name: (row.rank, row.match_points) for row in rows if row.rank}
    placed: dict[str, Standing | StandingRow] = {
        name: Standing(rank, points) for name, (rank, points) in kept.items()
    }
    return placed, _moved(kept, now)


def _moved(kept: dict[str, tuple[int, int]], now: dict[str, tuple[int, int]]) -> bool:
    """Whether a team the round was paired on now stands otherwise: other match points, or
    another place among those teams. A team that joined (or left) the night since is no
    correction: it moves nobody's place among the others, though it may number them apart."""
    both = [name for name in kept if name in now]

    def order(places: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
        ranks = sorted({places[name][0] for name in both})
        return {name: (ranks.index(places[name][0]), places[name][1]) for name in both}

    return order(kept) != order(now)


@pages_not_found
def pairings_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """A Swiss round's pairings, printable before play: the latest round's (``?round=`` for
    another's), each team with its place and match points as the round was paired from them
    (the standings after the round before), and the bye."""
    event = _event(request, event_id)
    if not has_page(event, "pairings"):
        raise Http404("This event has no pairings.")
    seated = selectors.rounds_seated(event=event)
    asked = request.GET.get("round", "")
    number = int(asked) if asked.isascii() and asked.isdigit() else 0 if asked else seated
    views = selectors.rounds_of(event=event, numbers=[number]) if number else []
    if asked and not views:
        raise Http404("This event has no round with this number.")
    view = views[0] if views else None
    rows, moved = _placed_as_paired(event, number) if view else ({}, False)
    earlier = selectors.rounds_of(event=event, numbers=list(range(1, number))) if view else []
    met = {frozenset(t.team_names): rnd.number for rnd in earlier for t in rnd.tables}
    tables = [
        Paired(
            table.number,
            [(name, rows.get(name)) for name in table.team_names],
            met.get(frozenset(table.team_names)),
        )
        for table in (view.tables if view else [])
    ]
    return render(
        request,
        "events/pairings.html",
        {
            "event": event,
            "round": view,
            "tables": tables,
            "byes": [(name, rows.get(name)) for name in (view.sit_outs if view else [])],
            "moved": moved,
            "numbers": range(1, seated + 1),
        },
    )
