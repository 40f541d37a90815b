"""Limits under concurrency, on PostgreSQL and on the laptop's SQLite: guesses, games and
passwords sent all at once meet each limit exactly, since every count is taken under its row's
lock (SQLite: the write lock) before the request is answered."""

from __future__ import annotations

import threading
from collections import Counter
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction
from django.test import Client
from rest_framework.test import APIClient

from scorekeeper.api import sign_in as slowing
from scorekeeper.counters import FORGOTTEN_AFTER, counted
from scorekeeper.models import LimitCount
from tests.concurrency import EITHER_DATABASE, all_at_once

pytestmark = EITHER_DATABASE

ADDRESS = "10.20.0.1"
NOW = 1_800_000_000.0


def test_fifty_wrong_codes_at_once_from_one_address_get_exactly_the_limit_answered(rates):
    rates(**{"join-codes": "20/hour"})

    def guess(index: int) -> int:
        body = {"code": f"WRONG{index:02d}"}
        answer = APIClient().post("/api/v1/tables/join/", body, format="json", REMOTE_ADDR=ADDRESS)
        return int(answer.status_code)

    assert Counter(all_at_once(50, guess)) == {404: 20, 429: 30}


def test_thirty_games_at_once_from_one_address_start_exactly_the_limit(rates):
    rates(games="12/hour")
    body = {"ruleset": "standard", "players": ["A", "B", "C", "D"], "dealer": 0}

    def start(index: int) -> int:
        answer = APIClient().post("/api/v1/games/", body, format="json", REMOTE_ADDR=ADDRESS)
        return int(answer.status_code)

    assert Counter(all_at_once(30, start)) == {201: 12, 429: 18}


def test_wrong_passwords_at_once_get_only_the_free_tries_checked(settings, monkeypatch):
    get_user_model().objects.create_user("dora", password="a long right password")
    # At once: every try reads the same moment (on two busy cores a thread may otherwise read
    # the clock a second after the third try, when a fourth is rightly allowed).
    monkeypatch.setattr(slowing, "time", SimpleNamespace(time=lambda: NOW))

    def sign_in(index: int) -> int:
        form = {"username": "dora", "password": f"wrong {index}"}
        return int(Client().post("/events/login/", form, REMOTE_ADDR=ADDRESS).status_code)

    answers = Counter(all_at_once(20, sign_in))
    assert answers == {200: settings.SIGN_IN_FREE_TRIES, 429: 20 - settings.SIGN_IN_FREE_TRIES}


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="SKIP LOCKED is PostgreSQL's")
def test_a_forgotten_row_another_request_holds_is_left_for_later_not_waited_on():
    forgotten = NOW - FORGOTTEN_AFTER - 5
    LimitCount.objects.create(key="games:10.0.0.1", count=3, since=forgotten, last=forgotten)
    holding, done = threading.Event(), threading.Event()

    def hold_the_forgotten_row() -> None:
        try:
            with transaction.atomic():
                LimitCount.objects.select_for_update().get(key="games:10.0.0.1")
                holding.set()
                done.wait(timeout=30)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_forgotten_row)
    holder.start()
    try:
        assert holding.wait(timeout=30)
        with connection.cursor() as cursor:  # a wait would fail the test, not hang it
            cursor.execute("SET lock_timeout = '5s'")
        with counted(("games:10.0.0.2", 3600), now=NOW) as (window,):
            window.add(NOW)
        assert set(LimitCount.objects.values_list("key", flat=True)) == {
            "games:10.0.0.1",
            "games:10.0.0.2",
        }
    finally:
        done.set()
        holder.join(timeout=30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
