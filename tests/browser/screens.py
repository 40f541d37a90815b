"""The directors' screens in the browser tests: Dora, a director who signs in with a password,
her club (made through the services, as the screens would, or on the director's screen), and
signing her in."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

DIRECTOR = "dora"
PASSWORD = "deal-the-cards-42"


def director_club(django_user_model: Any, name: str = "Riverside Euchre Club") -> tuple[Any, Any]:
    """Dora (an actor for the services) and her new club."""
    from scorekeeper.events import services
    from scorekeeper.events.access import Actor

    dora = Actor(user=django_user_model.objects.create_user(DIRECTOR, password=PASSWORD))
    return dora, services.club_create(actor=dora, name=name)


def sign_in(page: Page, base: str, path: str) -> None:
    """Dora signs in on the directors' door, then opens `path`."""
    page.goto(base + "/events/login/")
    # By the fields' names: the door speaks the phone's language (a Korean phone too).
    form = page.locator("form", has=page.locator("input[name=username]"))
    form.locator("input[name=username]").fill(DIRECTOR)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    page.wait_for_url(lambda url: "/events/login/" not in url)
    page.goto(base + path)
    console_ready(page)


def console_ready(page: Page) -> None:
    """The page takes taps: a console is drawn inert until its script has bound its forms
    (what is typed or tapped before then would be lost), and busy until it has read the night
    the first time (a tap while its lists are drawn may land on what moved under it); other
    pages at once."""
    expect(page.locator("main[inert], main[aria-busy=true]")).to_have_count(0)


def director_screen(page: Page, base: str) -> None:
    """Dora signs in on the director's screen, which opens on her clubs."""
    page.goto(base + "/events/director/")
    page.get_by_label("User name").fill(DIRECTOR)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    clubs = page.get_by_role("heading", name="Your clubs")
    asked = page.get_by_role("heading", name="Your account")
    expect(clubs.or_(asked)).to_be_visible()
    if asked.is_visible():  # her first sign-in asks the name pages show her by
        page.get_by_label("Display name", exact=False).fill("Dora")
        page.get_by_role("button", name="Save").click()
    expect(clubs).to_be_visible()


def club_on_screen(
    page: Page, base: str, django_user_model: Any, name: str = "Riverside Euchre Club"
) -> None:
    """Dora, a new director, signs in and makes her club on the director's screen."""
    django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    director_screen(page, base)
    page.get_by_label("Club name").fill(name)
    page.get_by_role("button", name="Create club").click()


def shot(page: Page, name: str, part: str | None = None, *, full_page: bool = True) -> None:
    """With SHOTS_DIR set, a screenshot of the page (the whole page, or what the screen
    shows; or only its ``part``, a CSS selector) as ``name``.png there, for a person to look
    at; without it, nothing."""
    folder = os.environ.get("SHOTS_DIR")
    if not folder:
        return
    path = str(Path(folder) / f"{name}.png")
    if part:
        page.locator(part).screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=full_page)


def new_event_form(page: Page, base: str, django_user_model: Any, name: str, kind: str) -> Any:
    """Dora makes her club on the director's screen and opens its new-event form, the event
    named and its format chosen (by the form's words for it); the form, to fill further. The
    console's refreshes are brought forward from here on (table.py: refreshed)."""
    page.clock.install()
    club_on_screen(page, base, django_user_model)
    club = page.locator("section[data-club]")
    club.get_by_text("New event", exact=True).click()
    form = club.locator("form.new-event")
    form.get_by_label("Name").fill(name)
    form.get_by_label("Format").select_option(label=kind)
    return form
