"""The language a club's pages, server messages and emails speak.

The visitor's own choice comes first: the app's language cookie, else a language we speak
in their `Accept-Language` (LocaleMiddleware has activated it). A visitor who asks for none we
speak (or for nothing) gets the club's language, a club setting ("" leaves it to the site's
default, English). Emails a club sends go out in the club's language.
"""

from __future__ import annotations

from typing import Final

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

from scorekeeper.languages import first_spoken
from scorekeeper.models import Club

SPOKEN: Final = frozenset(code for code, _name in settings.LANGUAGES)


def asked_for(request: HttpRequest) -> str | None:
    """The language the visitor chose or asked for, when we speak it."""
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if chosen.split("-")[0].lower() in SPOKEN:
        return chosen.split("-")[0].lower()
    return first_spoken(request.headers.get("Accept-Language", ""), SPOKEN)


def club_language_use(request: HttpRequest, club: Club | str) -> str:
    """Speak the club's language (or this club language) to a visitor who asked for none we
    speak; the language in use either way."""
    language = club if isinstance(club, str) else club.language
    if asked_for(request) is None and language in SPOKEN:
        translation.activate(language)
        request.LANGUAGE_CODE = language
    return translation.get_language() or settings.LANGUAGE_CODE
