"""The screens poll conditionally: once they have the standings, they ask whether they
changed (If-None-Match) and an unchanged answer is a 304 with no body."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, Response, expect
from rest_framework.test import APIClient
from table import eventually

from scorekeeper.events.models import Event

pytestmark = pytest.mark.browser


def test_the_players_screen_polls_the_standings_conditionally(live_server, page: Page):
    call_command("load_demo", stdout=io.StringIO())
    event = Event.objects.get(name="Demo progressive night")
    answers: list[Response] = []
    page.on("response", lambda r: answers.append(r) if "/standings/" in r.url else None)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    eventually(page, lambda: any(a.status == 304 for a in answers), timeout=30, what="a 304")
    unchanged = [a for a in answers if a.status == 304]
    assert unchanged, [a.status for a in answers]
    assert unchanged[0].request.headers.get("if-none-match") == answers[0].headers["etag"]
    assert page.get_by_role("cell", name="Ann").first.is_visible()


def test_a_games_screen_reads_the_game_once_as_it_opens_then_polls(live_server, page: Page):
    """Opened on a phone that does not hold it, a game is read once (not again at once by the
    screen's first poll); then the screen polls it every few seconds."""
    body = {"ruleset": "standard", "players": ["Ann", "Ben", "Cat", "Dan"], "dealer": 0}
    game = APIClient().post("/api/v1/games/", body, format="json").json()
    reads: list[str] = []
    page.on(
        "request",
        lambda r: reads.append(r.url) if r.url.endswith(f"/api/v1/games/{game['id']}/") else None,
    )
    page.clock.install()
    page.goto(f"{live_server.url}/g/{game['id']}/")
    expect(page.locator(".board")).to_contain_text("Ann")
    page.wait_for_load_state("networkidle")
    assert len(reads) == 1, reads
    page.clock.run_for(10_000)  # the poll's interval (score.js: 8 s) passes
    eventually(page, lambda: len(reads) == 2, timeout=10, what="the screen's poll")
