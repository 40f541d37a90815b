"""The languages a visitor's `Accept-Language` accepts: one reading for the pages, the API and
the laptop server's own refusals.

A language with quality 0 is one the visitor does not accept (RFC 9110 §12.4.2), so it is
left out; Django's own reading keeps it (``ko;q=0`` would get Korean)."""

from __future__ import annotations

from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils.translation.trans_real import parse_accept_lang_header


def acceptable(header: str) -> list[str]:
    """The language ranges the header accepts, best first, as written (``ko-KR``, ``*``)."""
    return [code for code, quality in parse_accept_lang_header(header) if quality > 0]


def first_spoken(header: str, spoken: frozenset[str] | tuple[str, ...]) -> str | None:
    """The first accepted language we speak, by its base code (``ko`` for ``ko-KR``)."""
    for code in acceptable(header):
        base = code.split("-")[0].lower()
        if base in spoken:
            return base
    return None


def accepted_only(request: HttpRequest) -> None:
    """The request's `Accept-Language` as what it accepts (for Django's own reading of it)."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE")
    if header:
        request.META["HTTP_ACCEPT_LANGUAGE"] = ",".join(acceptable(header))


class AcceptedLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, reading only what the header accepts."""

    def process_request(self, request: HttpRequest) -> None:
        accepted_only(request)
        super().process_request(request)
