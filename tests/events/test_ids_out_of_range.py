"""An id larger than any row's, in any address of the site: never a server error. Every route
with a whole-number part is asked with 2**63 there (one past the largest id a database column
holds) and its other parts at 1, by a signed-in director and by a visitor, with each method:
the answer is a 4xx (not found, a sign-in, a method not allowed) or a redirect to sign in."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from event_helpers import Director

pytestmark = pytest.mark.django_db

TOO_LARGE = 2**63
PART = re.compile(r"<(?:(\w+):)?(\w+)>")


def routes(patterns: list[URLPattern | URLResolver], prefix: str = "") -> Iterator[str]:
    """Each route's address pattern, its parts still as `<int:name>`."""
    for pattern in patterns:
        here = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, here)
        else:
            yield here


def with_ids(route: str) -> list[str]:
    """The route's addresses with one whole-number part at 2**63 and the others at 1 (a
    route with none of them is left out)."""
    parts = [m for m in PART.finditer(route) if m.group(1) == "int"]
    addresses = []
    for large in parts:

        def filled(m: re.Match[str], large: re.Match[str] = large) -> str:
            if m.group(1) != "int":
                return "x"
            return str(TOO_LARGE if m.start() == large.start() else 1)

        addresses.append("/" + PART.sub(filled, route).lstrip("^").rstrip("$"))
    return addresses


ADDRESSES = sorted({a for r in routes(get_resolver().url_patterns) for a in with_ids(r)})


def test_there_are_addresses_to_ask():
    assert len(ADDRESSES) > 40
    assert "/api/v1/events/9223372036854775808/" in ADDRESSES
    assert "/events/9223372036854775808/bracket/" in ADDRESSES


@pytest.mark.parametrize("method", ["get", "post", "patch", "delete"])
def test_an_id_past_the_largest_is_never_a_server_error(director: Director, anon, method):
    failed = []
    for client in (director.client, anon):
        for address in ADDRESSES:
            answer = getattr(client, method)(address)
            if not (400 <= answer.status_code < 500 or answer.status_code == 302):
                failed.append(f"{method.upper()} {address}: {answer.status_code}")
            elif answer.status_code == 302:
                assert "/login/" in answer["Location"], address
    assert failed == []
