"""Errors of the events app beyond the scorekeeper's: who may do what."""

from __future__ import annotations

from scorekeeper.errors import DomainError


class SignInRequired(DomainError):
    status = 401
    title = "Sign in first"


class Forbidden(DomainError):
    status = 403
    title = "Not allowed for you"
