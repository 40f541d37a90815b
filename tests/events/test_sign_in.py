"""Signing in: wrong passwords slow further tries of that user name from that client only, never
for a browser that signed in as that name before, and never for longer than the longest wait."""

from __future__ import annotations

import pytest
from django.test import Client

from scorekeeper.api import sign_in
from tests.problems import is_problem

pytestmark = pytest.mark.django_db

RIGHT = "a long right password"


@pytest.fixture
def dora(django_user_model):
    return django_user_model.objects.create_user("dora", password=RIGHT)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch):
    """The sign-in's clock, moved on by hand: `clock.now += 5`."""

    class Clock:
        now = 1_900_000_000.0

    monkeypatch.setattr(sign_in.time, "time", lambda: Clock.now)
    return Clock


def try_password(password: str, address: str, client: Client | None = None):
    client = client or Client()
    form = {"username": "dora", "password": password}
    return client.post("/events/login/", form, REMOTE_ADDR=address)


def test_wrong_passwords_make_that_client_wait_longer_each_time(dora, clock):
    for _ in range(3):
        assert try_password("wrong", "10.9.0.1").status_code == 200  # the form again
    slowed = try_password(RIGHT, "10.9.0.1")
    assert slowed.status_code == 429
    assert slowed["Retry-After"] == "1"
    assert "no-store" in slowed["Cache-Control"]  # as the sign-in page it stands for
    assert "Too many tries" in slowed.content.decode()
    clock.now += 1
    assert try_password("wrong", "10.9.0.1").status_code == 200
    assert try_password("wrong", "10.9.0.1")["Retry-After"] == "2"
    clock.now += 2
    assert try_password(RIGHT, "10.9.0.1").status_code == 302


def test_another_client_is_not_slowed_by_a_few_wrong_passwords_elsewhere(dora, clock):
    for _ in range(4):
        try_password("wrong", "10.9.0.1")
    assert try_password(RIGHT, "10.9.0.2").status_code == 302


def test_a_right_password_never_counts(dora, clock):
    for _ in range(6):
        assert try_password(RIGHT, "10.9.0.1").status_code == 302
    for _ in range(3):
        assert try_password("wrong", "10.9.0.1").status_code == 200


def test_a_strangers_guessing_from_many_addresses_never_slows_a_fresh_client(dora, clock):
    for n in range(40):
        for _ in range(4):
            try_password("wrong", f"10.9.1.{n}")
    assert try_password(RIGHT, "10.9.2.1").status_code == 302


def test_guessing_from_many_addresses_is_slowed_address_by_address(dora, clock):
    for n in range(5):
        for _ in range(3):
            assert try_password("wrong", f"10.9.1.{n}").status_code == 200
        assert try_password("wrong", f"10.9.1.{n}").status_code == 429


def test_a_browser_that_signed_in_before_is_never_slowed(dora, clock):
    own = Client()
    assert try_password(RIGHT, "10.9.3.1", own).status_code == 302
    own.post("/events/logout/")
    for _ in range(5):
        try_password("wrong", "10.9.3.1")
    assert try_password(RIGHT, "10.9.3.1", own).status_code == 302
    assert try_password(RIGHT, "10.9.3.1").status_code == 429  # the same address, not the browser


def test_a_browser_that_signed_in_with_an_earlier_password_is_slowed_as_any(dora, clock):
    own = Client()
    assert try_password(RIGHT, "10.9.4.1", own).status_code == 302
    own.post("/events/logout/")
    dora.set_password("another long right password")
    dora.save()
    for _ in range(3):
        try_password("wrong", "10.9.4.1", own)
    assert try_password("wrong", "10.9.4.1", own).status_code == 429


def test_the_wait_doubles_and_never_grows_past_the_longest(dora, clock, settings):
    settings.SIGN_IN_LONGEST_WAIT = 60
    waits = []
    for _ in range(40):
        answer = try_password("wrong", "10.9.5.1")
        if answer.status_code == 429:
            waits.append(int(answer["Retry-After"]))
            clock.now += waits[-1]
    assert waits[:7] == [1, 2, 4, 8, 16, 32, 60]
    assert set(waits[6:]) == {60}
    assert try_password(RIGHT, "10.9.5.1").status_code == 302


def test_the_admin_sign_in_is_slowed_too(dora, clock):
    for _ in range(3):
        Client().post(
            "/admin/login/", {"username": "dora", "password": "x"}, REMOTE_ADDR="10.9.6.1"
        )
    slowed = Client().post(
        "/admin/login/", {"username": "dora", "password": RIGHT}, REMOTE_ADDR="10.9.6.1"
    )
    assert slowed.status_code == 429


def test_a_directors_write_without_its_csrf_token_is_refused_naming_the_header(dora):
    """A signed-in browser's API write must carry the CSRF token (a page of another site
    could otherwise write as the director): refused, naming where the token goes."""
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(dora)
    body = {"name": "Riverside Euchre Club"}
    refused = browser.post("/api/v1/clubs/", body, content_type="application/json")
    assert is_problem(refused, 403, "X-CSRFToken", "csrf")
