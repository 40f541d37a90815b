"""The limits' counts (`scorekeeper.counters`): windows going on or renewed, and the rows a day
past their last count deleted (what happens when others hold them: test_limit_races.py)."""

from __future__ import annotations

import pytest

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
