"""The format of an entry a phone queued offline (its `Entry-Format` header).

The table app queues hands, results and new games while the network is away and sends them
later, perhaps to a newer server after an upgrade. Each entry says the format it was queued
in. A server takes the formats in ENTRY_FORMATS; an entry in another format is refused with a
problem naming the header, which the phone shows beside the entry (it is never dropped
without a word). A request without the header (a client other than the app) is not asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from scorekeeper.api.problems import problem, problem_response

#: The entry formats this server takes. Format 1: the body, Idempotency-Key and If-Match of
#: the write, as the API describes it, but for a quick entry's `alone: false` beside a lone
#: bid (a moon), which the app sent with every bid: read as the bid says. Format 2: as the API
#: describes it. A change that makes an older format unreadable adds a format here (and keeps
#: the old one while phones may still hold it: docs/deployment.md).
ENTRY_FORMATS: Final = frozenset({1, 2})
#: The format whose quick entries said `alone: false` beside a lone bid.
LONE_BID_NOT_ALONE: Final = 1
HEADER: Final = "Entry-Format"
_SAFE: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def queued_format(headers: Mapping[str, str]) -> int | None:
    """The format a queued entry was queued in; None for a write the app did not queue."""
    sent = headers.get(HEADER, "").strip()
    return int(sent) if sent.isdigit() else None


def entry_format_refusal(request: HttpRequest) -> HttpResponse | None:
    """The problem answer for an API write whose queued entry this server cannot take."""
    sent = request.headers.get(HEADER)
    if sent is None or request.method in _SAFE or not request.path.startswith("/api/"):
        return None
    number = int(sent) if sent.strip().isdigit() else None
    if number in ENTRY_FORMATS:
        return None
    taken = ", ".join(str(n) for n in sorted(ENTRY_FORMATS))
    detail = gettext(
        "This entry was saved by a version of the app this server no longer reads "
        "(format %(sent)s; it reads %(taken)s). Nothing was recorded: enter it again."
    ) % {"sent": sent.strip()[:20] or "?", "taken": taken}
    body = problem(
        400,
        title="Bad Request",
        detail=detail,
        code="entry-format-unsupported",
        field=HEADER,
        formats=sorted(ENTRY_FORMATS),
    )
    return problem_response(body)


class EntryFormatMiddleware:
    """Answers an API write in an entry format this server cannot take, before any view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return entry_format_refusal(request) or self.get_response(request)
