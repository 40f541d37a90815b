"""Domain errors. Each carries a stable `code`, the HTTP status it maps to, and the field; its
detail is in the language of the request (the `code` never changes). A problem document's title
is its status's phrase (RFC 9457 for `about:blank`), given by `scorekeeper.api.problems`."""

from __future__ import annotations

from typing import Any, ClassVar

from django.utils.translation import get_language

import referee


class DomainError(Exception):
    """The base of every domain error; a kind of error names its status once, in its class
    line (`class NotFound(DomainError, status=404)`)."""

    status: ClassVar[int] = 400

    def __init_subclass__(cls, *, status: int | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.status = status

    def __init__(self, detail: str, *, code: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.code = code
        self.field = field
        self.extra = extra


class Malformed(DomainError, status=400):
    """Input that cannot be read as asked: a missing or unknown field, a wrong type, too much."""


def referee_refusal(
    error: referee.MalformedRecord, *, code: str = "malformed", prefix: str = ""
) -> Malformed:
    """The referee's refusal of input it cannot judge, in the request's language."""
    return Malformed(error.detail_in(get_language() or "en"), code=code, field=prefix + error.field)


class SignInRequired(DomainError, status=401):
    """No credentials, or none that open anything (401, with `WWW-Authenticate: Bearer`)."""


class Forbidden(DomainError, status=403):
    """Credentials that do not open this: another game's token, another table's device, not a
    director of the club."""


class NotFound(DomainError, status=404):
    """Nothing by that id here."""


class Conflict(DomainError, status=409):
    """Well-formed, but not possible in the state the game or event is in (a finished game takes
    no new hand)."""


class StaleVersion(DomainError, status=412):
    """The version the client read (`If-Match`) is behind: read again, then retry."""


class ChangedMeanwhile(DomainError, status=412):
    """Someone changed what a director was changing since they read it (`If-Match`): the
    problem lists those changes (`changes`), to look at before saving again."""


class Unprocessable(DomainError, status=422):
    """Well-formed, but against the rules: the referee's ruling, or a score the game cannot have."""
