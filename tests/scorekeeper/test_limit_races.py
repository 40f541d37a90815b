"""Limits under concurrency, on PostgreSQL: guesses and games sent all at once meet each limit
exactly, since every count is taken under its row's lock before the request is answered."""

from __future__ import annotations

from collections import Counter

from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from tests.concurrency import POSTGRES_ONLY, all_at_once

pytestmark = POSTGRES_ONLY

ADDRESS = "10.20.0.1"


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


def test_wrong_passwords_at_once_get_only_the_free_tries_checked(settings):
    get_user_model().objects.create_user("dora", password="a long right password")

    def sign_in(index: int) -> int:
        form = {"username": "dora", "password": f"wrong {index}"}
        return int(Client().post("/events/login/", form, REMOTE_ADDR=ADDRESS).status_code)

    answers = Counter(all_at_once(20, sign_in))
    assert answers == {200: settings.SIGN_IN_FREE_TRIES, 429: 20 - settings.SIGN_IN_FREE_TRIES}
