"""Domain errors. Each carries a stable `code`, the HTTP status it maps to, and the field; its
title and detail are in the language of the request (the `code` never changes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class DomainError(Exception):
    status: ClassVar[int] = 400
    title: ClassVar[StrOrPromise] = _("Bad request")

    def __init__(self, detail: str, *, code: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.code = code
        self.field = field
        self.extra = extra


class Malformed(DomainError):
    status = 400
    title = _("Malformed input")


class SignInRequired(DomainError):
    """No credentials, or none that open anything (401, with `WWW-Authenticate: Bearer`)."""

    status = 401
    title = _("Sign in first")


class Forbidden(DomainError):
    status = 403
    title = _("Not allowed for you")


class NotFound(DomainError):
    status = 404
    title = _("Not found")


class Conflict(DomainError):
    status = 409
    title = _("Conflict with the game's state")


class StaleVersion(DomainError):
    status = 412
    title = _("The game has changed since you read it")


class Unprocessable(DomainError):
    status = 422
    title = _("Not allowed by the rules or the game")
