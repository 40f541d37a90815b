"""An answer many phones poll for is made once however many ask for it at once."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import override_settings

from scorekeeper.kept import asking, kept
from tests.waiting import until

# The process's own cache: what is tested here is who makes the answer, not where it is kept.
pytestmark = pytest.mark.usefixtures("local_cache")


@pytest.fixture
def local_cache():
    with override_settings(
        CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    ):
        yield


def test_requests_asking_while_the_first_makes_it_wait_for_its_answer():
    made: list[str] = []
    release = threading.Event()

    def make() -> dict[str, int]:
        made.append("standings")
        assert release.wait(timeout=30)
        return {"rows": len(made)}

    with ThreadPoolExecutor(max_workers=5) as pool:
        first = pool.submit(kept, "standings:1:7:en", 60, make)
        until(lambda: made, within=10, what="the first request making the answer")
        others = [pool.submit(kept, "standings:1:7:en", 60, make) for _ in range(4)]
        until(lambda: asking("standings:1:7:en") == 5, within=10, what="four requests waiting")
        release.set()
        answers = [first.result(timeout=30)] + [f.result(timeout=30) for f in others]
    assert made == ["standings"]
    assert answers == [{"rows": 1}] * 5
    assert asking("standings:1:7:en") == 0
    assert kept("standings:1:7:en", 60, lambda: {"rows": 99}) == {"rows": 1}


def test_another_key_is_made_meanwhile_not_after():
    release = threading.Event()

    def slow() -> str:
        assert release.wait(timeout=30)
        return "rounds of event 1"

    with ThreadPoolExecutor(max_workers=2) as pool:
        blocked = pool.submit(kept, "rounds:e1", 60, slow)
        until(lambda: asking("rounds:e1") == 1, within=10, what="the first key being made")
        assert kept("rounds:e2", 60, lambda: "rounds of event 2") == "rounds of event 2"
        assert not blocked.done()
        release.set()
        assert blocked.result(timeout=30) == "rounds of event 1"


def test_a_failed_making_is_not_kept_and_the_next_request_makes_it_again():
    def broken() -> str:
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        kept("standings:2:1:ko", 60, broken)
    assert asking("standings:2:1:ko") == 0
    assert kept("standings:2:1:ko", 60, lambda: "made again") == "made again"
