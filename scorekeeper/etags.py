"""A game's version as an HTTP entity tag, and If-Match against it."""

from __future__ import annotations


def etag_of(version: int) -> str:
    return f'"{version}"'


def if_match_allows(header: str, version: int) -> bool:
    """True when any listed tag (weak or strong) names this version, or the header is `*`."""
    tags = [tag.strip() for tag in header.split(",") if tag.strip()]
    if "*" in tags:
        return True
    wanted = etag_of(version)
    return any(tag.removeprefix("W/") == wanted for tag in tags)
