"""Domain errors. Each carries a stable `code`, the HTTP status it maps to, and the field."""

from __future__ import annotations

from typing import Any, ClassVar


class DomainError(Exception):
    status: ClassVar[int] = 400
    title: ClassVar[str] = "Bad request"

    def __init__(self, detail: str, *, code: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.code = code
        self.field = field
        self.extra = extra


class Malformed(DomainError):
    status = 400
    title = "Malformed input"


class SignInRequired(DomainError):
    """No credentials, or none that open anything (401, with `WWW-Authenticate: Bearer`)."""

    status = 401
    title = "Sign in first"


class Forbidden(DomainError):
    status = 403
    title = "Not allowed for you"


class NotFound(DomainError):
    status = 404
    title = "Not found"


class Conflict(DomainError):
    status = 409
    title = "Conflict with the game's state"


class StaleVersion(DomainError):
    status = 412
    title = "The game has changed since you read it"


class Unprocessable(DomainError):
    status = 422
    title = "Not allowed by the rules or the game"
