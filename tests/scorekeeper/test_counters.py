"""The limits' counts (`scorekeeper.counters`): windows going on or renewed, and the rows a day
past their last count deleted (what happens when others hold them: test_limit_races.py)."""

from __future__ import annotations

import pytest

from scorekeeper.api.sign_in import SignInTry
from scorekeeper.counters import FORGOTTEN_AFTER, counted
from scorekeeper.models import LimitCount

NOW = 1_800_000_000.0


def a_count(key: str, *, last: float, count: int = 3) -> None:
    LimitCount.objects.create(key=key, count=count, since=last, last=last)


@pytest.mark.django_db
def test_a_new_window_deletes_the_rows_a_day_past_their_last_count_and_keeps_the_rest():
    a_count("games:10.0.0.1", last=NOW - FORGOTTEN_AFTER - 5)
    a_count("games:10.0.0.2", last=NOW - 60)
    with counted(("games:10.0.0.3", 3600), now=NOW) as (window,):
        assert (window.count, window.since) == (0, NOW)
        window.add(NOW)
    assert dict(LimitCount.objects.values_list("key", "count")) == {
        "games:10.0.0.2": 3,
        "games:10.0.0.3": 1,
    }


@pytest.mark.django_db
def test_a_count_within_its_window_goes_on_from_where_it_was():
    a_count("games:10.0.0.1", last=NOW - 60)
    with counted(("games:10.0.0.1", 3600), now=NOW) as (window,):
        assert (window.count, window.since) == (3, NOW - 60)
        window.add(NOW)
    assert LimitCount.objects.get(key="games:10.0.0.1").count == 4


@pytest.mark.django_db
def test_a_count_whose_clock_was_read_before_the_last_ones_keeps_the_later_time():
    a_count("games:10.0.0.1", last=NOW)
    with counted(("games:10.0.0.1", 3600), now=NOW - 0.2) as (window,):
        window.add(NOW - 0.2)
    assert LimitCount.objects.get(key="games:10.0.0.1").last == NOW


@pytest.mark.django_db
def test_a_free_sign_in_try_is_counted_though_it_read_the_clock_before_the_last_one(settings):
    """Tries sent together read the clock before they wait for the row: one counted after a
    later one is still free, and the first try past the free ones waits from the latest."""
    settings.SIGN_IN_FREE_TRIES = 3
    attempt = SignInTry("digest", "10.0.0.1", known=False)
    assert [attempt.begin(at) for at in (NOW, NOW + 0.3, NOW + 0.1)] == [0, 0, 0]
    assert attempt.begin(NOW + 0.2) == 2
    assert LimitCount.objects.get(key=attempt.key).count == 3
