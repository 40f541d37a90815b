"""Game write tokens: shown once, stored only as a digest."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

# A token a client makes: 32 random bytes or more, written url-safe (43+ characters).
CLIENT_TOKEN = re.compile(r"[A-Za-z0-9_-]{43,128}")
# Random text of that length uses about 30 different characters; fewer than this is a
# pattern, not chance.
MIN_DISTINCT = 16


def token_new() -> str:
    return secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(digest: str, token: str) -> bool:
    return hmac.compare_digest(digest, token_digest(token))


def token_weakness(token: str) -> str | None:
    """Why a token a client chose cannot guard a game, or None when it can."""
    if not CLIENT_TOKEN.fullmatch(token):
        return "a token is 43 to 128 url-safe characters (A-Z, a-z, 0-9, - and _): 32 random bytes or more"
    if len(set(token)) < MIN_DISTINCT:
        return "this token is not random enough: make it from 32 random bytes"
    return None
