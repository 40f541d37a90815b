"""Game write tokens: shown once, stored only as a digest."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def token_new() -> str:
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(digest: str, token: str) -> bool:
    return hmac.compare_digest(digest, token_digest(token))
