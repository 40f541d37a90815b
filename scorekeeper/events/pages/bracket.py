"""A bracket event's chart: every match by part and round, server-rendered and printable, public
as the results page is; and, for the club's directors until the first round is seated, a form
that orders the seeds (no script: the site's CSP is strict)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scorekeeper.api.problems import pages_not_found
from scorekeeper.errors import DomainError
from scorekeeper.events import access, services
from scorekeeper.events.access import Actor
from scorekeeper.events.localized.club_language import club_language_use
from scorekeeper.events.planning import knockout
from scorekeeper.events.selectors import board, brackets


@dataclass
class Column:
    title: str
    matches: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Part:
    title: str
    columns: list[Column]


def _part_titles() -> dict[str, str]:
    return {
        knockout.WINNERS: _("Winners' bracket"),
        knockout.LOSERS: _("Losers' bracket"),
        knockout.GRAND_FINAL: _("Grand final"),
        knockout.RESET: _("Grand final reset"),
        knockout.THIRD_PLACE: _("Third place"),
    }


def _side_label(side: dict[str, Any]) -> str:
    if side["team"] is not None:
        return str(side["name"])
    if side["bye"]:
        return _("bye")
    source = side["origin"]
    if source["kind"] == "seed":
        return _("seed %(seed)s") % {"seed": source["ref"]}
    if source["kind"] == "winner":
        return _("winner of %(match)s") % {"match": source["ref"]}
    return _("loser of %(match)s") % {"match": source["ref"]}


def _rows(match: dict[str, Any], best_of: int) -> list[dict[str, Any]]:
    """Each side's line in the match's box: seed, name (or where it comes from), and its
    games won (best of three) or its points (one game)."""
    rows = []
    for i, side in enumerate(match["sides"]):
        if not match["games"]:
            score = ""
        elif best_of > 1:
            score = str(side["wins"])
        else:
            score = str(match["games"][-1]["points"][i])
        won = side["team"] is not None and side["team"] == match["winner"]
        rows.append(
            {
                "seed": side["seed"] or "",
                "label": _side_label(side),
                "score": score,
                "won": won,
                "empty": side["team"] is None,
            }
        )
    return rows


def _chart(body: dict[str, Any], single: bool) -> list[Part]:
    """The matches as the chart lays them out: the bracket's parts, each in columns by round
    (a single elimination's last round is its final; a double's finals share a column)."""
    titles = _part_titles()
    parts: dict[str, dict[int, Column]] = {}
    for match in body["matches"]:
        first_bye = match["part"] == knockout.WINNERS and match["round"] == 1
        if match["status"] == "not-needed" or (match["status"] == "bye" and not first_bye):
            # The chart shows the games played and to play, and where each seed starts: a
            # top seed's first-round bye (later byes only pass a team on).
            continue
        match["rows"] = _rows(match, body["best_of"])
        part = match["part"]
        if part in (knockout.WINNERS, knockout.LOSERS):
            heading = _("Round %(number)s") % {"number": match["round"]}
        else:
            part, heading = "finals", titles[match["part"]]
        column = parts.setdefault(part, {}).setdefault(match["round"], Column(heading))
        if part == "finals":
            column.title = _("Finals")
        column.matches.append(match)
    winners = parts.get(knockout.WINNERS, {})
    if single and winners:
        last = max(winners)
        winners[last].title = _("Final")
        if third := parts.pop("finals", {}).get(1):
            winners[last].matches += third.matches
    named = {
        knockout.WINNERS: _("Bracket") if single else titles[knockout.WINNERS],
        knockout.LOSERS: titles[knockout.LOSERS],
        "finals": _("Finals"),
    }
    return [
        Part(named[key], [parts[key][n] for n in sorted(parts[key])])
        for key in (knockout.WINNERS, knockout.LOSERS, "finals")
        if key in parts
    ]


def _seeds_from(request: HttpRequest, teams: list[dict[str, Any]]) -> list[int]:
    """The teams in the order of the seed numbers the form gave them (a number left out or
    given twice leaves the order for the service to refuse)."""
    numbered = []
    for team in teams:
        raw = request.POST.get(f"seed-{team['id']}", "")
        number = int(raw) if raw.strip().isascii() and raw.strip().isdigit() else len(teams) + 1
        numbered.append((number, team["id"]))
    numbers = [n for n, _team in numbered]
    if len(set(numbers)) != len(numbers) or sorted(numbers) != list(range(1, len(teams) + 1)):
        return []
    return [team for _n, team in sorted(numbered)]


def _read_at(request: HttpRequest) -> int | None:
    """The version of the event the form was drawn at (None: not said, any will do)."""
    raw = request.POST.get("version", "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() else None


@pages_not_found
def bracket_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The bracket chart; a director's POST orders the seeds before the first round."""
    actor = Actor(user=request.user)
    # Read before the event: a change made between the two reads is refused, never unseen.
    version = board.version_of(event_id)
    event = access.event_for(actor=actor, event_id=event_id)
    if not brackets.has_bracket(event):
        raise Http404("This event is not a bracket.")
    club_language_use(request, event.club)
    directs = access.directs(actor, event.club)
    view = brackets.bracket_of(event=event)
    body = brackets.bracket_json(view, seeds_editable=not view.drawn)
    problem, status = "", 200
    if request.method == "POST":
        if not directs:
            raise Http404("This event is not a bracket.")
        try:
            order = _seeds_from(request, body["teams"])
            services.team_seeds_set(
                event=event,
                actor=actor,
                teams=order,
                reason=request.POST.get("reason", "")[:500],
                expected_version=_read_at(request),
            )
            return redirect("event-bracket-page", event_id=event.pk)
        except DomainError as error:
            problem, status = error.detail, error.status
    teams = {team["id"]: team for team in body["teams"]}
    champion = teams.get(body["champion"]) if body["champion"] else None
    places = sorted((t for t in body["teams"] if t["place"]), key=lambda t: (t["place"], t["seed"]))
    return render(
        request,
        "events/bracket.html",
        {
            "event": event,
            "body": body,
            "parts": _chart(body, body["knockout"] == knockout.SINGLE),
            "champion": champion,
            "places": places,
            "edit_seeds": directs and body["seeds_editable"],
            "version": version,
            "problem": problem,
        },
        status=status,
    )
