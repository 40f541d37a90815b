"""A director who forgot their password asks for a reset on their phone; the email (Django's
in-memory backend: the live server runs in this process) brings them back signed in, and the
new password signs them in again after they sign out."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from playwright.sync_api import Page, expect

from scorekeeper.events import services
from scorekeeper.events.access import Actor

pytestmark = pytest.mark.browser


def test_a_reset_email_signs_a_director_back_in(page: Page, live_server, django_user_model):
    base = live_server.url
    user = django_user_model.objects.create_user(
        "dora", "dora@example.org", "forgotten-long-ago-17", first_name="Dora Lee"
    )
    services.club_create(actor=Actor(user=user), name="Riverside Euchre Club")
    mail.outbox.clear()

    page.goto(base + "/events/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email").fill("dora@example.org")
    page.get_by_role("button", name="Send the link").click()
    expect(page.get_by_role("heading", name="Look in your email")).to_be_visible()

    (email,) = mail.outbox
    assert email.to == ["dora@example.org"]
    assert "dora" not in email.subject.lower()
    link = re.search(r"https?://\S+/events/password-reset/\S+/", email.body).group(0)
    page.goto(link)
    page.get_by_label("New password:", exact=True).fill("a-fresh-start-2026")
    page.get_by_label("New password confirmation").fill("a-fresh-start-2026")
    page.get_by_role("button", name="Set the password and sign in").click()
    # Signed in: the director's clubs, under their display name, never the user name.
    expect(page.get_by_role("heading", name="Your clubs")).to_be_visible()
    expect(page.locator(".bar")).to_contain_text("Dora Lee")
    expect(page.locator(".bar")).not_to_contain_text("dora")
    # The link works once.
    page.goto(link)
    expect(page.get_by_text("This link has been used already or has expired.")).to_be_visible()

    page.goto(base + "/events/director/")
    page.get_by_role("button", name="Sign out").click()
    page.goto(base + "/events/director/")
    expect(page.get_by_role("heading", name="Directors sign in")).to_be_visible()
    page.get_by_label("User name").fill("dora")
    page.get_by_label("Password").fill("a-fresh-start-2026")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Your clubs")).to_be_visible()
