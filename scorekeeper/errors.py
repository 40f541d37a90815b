"""Domain errors. Each carries a stable `code`, the HTTP status it maps to, and the field; its
title and detail are in the language of the request (the `code` never changes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

import referee

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class DomainError(Exception):
    """The base of every domain error; a kind of error names its status and title once, in
    its class line (`class NotFound(DomainError, status=404, title=...)`)."""

    status: ClassVar[int] = 400
    title: ClassVar[StrOrPromise] = _("Bad request")

    def __init_subclass__(
        cls, *, status: int | None = None, title: StrOrPromise | None = None, **kwargs: Any
    ) -> None:
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.status = status
        if title is not None:
            cls.title = title

    def __init__(self, detail: str, *, code: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.code = code
        self.field = field
        self.extra = extra


class Malformed(DomainError, status=400, title=_("Malformed input")):
    """Input that cannot be read as asked: a missing or unknown field, a wrong type, too much."""


def referee_refusal(
    error: referee.MalformedRecord, *, code: str = "malformed", prefix: str = ""
) -> Malformed:
    """The referee's refusal of input it cannot judge, in the request's language."""
    return Malformed(error.detail_in(get_language() or "en"), code=code, field=prefix + error.field)


class SignInRequired(DomainError, status=401, title=_("Sign in first")):
    """No credentials, or none that open anything (401, with `WWW-Authenticate: Bearer`)."""


class Forbidden(DomainError, status=403, title=_("Not allowed for you")):
    """Credentials that do not open this: another game's token, another table's device, not a
    director of the club."""


class NotFound(DomainError, status=404, title=_("Not found")):
    """Nothing by that id here."""


class Conflict(DomainError, status=409, title=_("Conflict with the game's state")):
    """Well-formed, but not possible in the state the game or event is in (a finished game takes
    no new hand)."""


class StaleVersion(DomainError, status=412, title=_("The game has changed since you read it")):
    """The version the client read (`If-Match`) is behind: read again, then retry."""


class Unprocessable(DomainError, status=422, title=_("Not allowed by the rules or the game")):
    """Well-formed, but against the rules: the referee's ruling, or a score the game cannot have."""
