"""The screens poll conditionally: once they have the standings, they ask whether they
changed (If-None-Match) and an unchanged answer is a 304 with no body."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, Response
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
