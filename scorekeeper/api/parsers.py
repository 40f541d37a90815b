"""JSON bodies, bounded and storable: no request body here is more than a few levels deep or
64 KB long (a full hand record is about 2 KB), and none holds text that PostgreSQL cannot
store (a NUL character, or half of a UTF-16 surrogate pair, which JSON's \\u escapes can
spell): such text is refused by its field, before anything reaches the database."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

import referee

MAX_DEPTH = 32
MAX_BYTES = 64 * 1024


class UnreadableBody(ParseError):
    """A body that is not JSON the API reads, named by where it is (``body``, or where a
    number too long to read stands)."""

    def __init__(self, detail: str, field: str = "body") -> None:
        super().__init__(detail)
        self.field = field


class UnstorableText(ParseError):
    """Text no column can hold, named by where it is in the body (``players[1]``,
    ``record.bids[0].action``)."""

    default_code = "unstorable-text"

    def __init__(self, field: str) -> None:
        super().__init__(
            _("Text with a NUL character or a lone surrogate (\\u0000, \\ud800) cannot be stored.")
        )
        self.field = field


# A NUL, or a surrogate code point: in a str from JSON, always one without its pair.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _unstorable(value: Any) -> str | None:
    """Where the first text that cannot be stored is, as a field path, or None."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if _UNSTORABLE.search(item):
                return path or "body"
        elif isinstance(item, dict):
            children = []
            for key, child in item.items():
                name = _UNSTORABLE.sub(_escape, key)
                inner = f"{path}.{name}" if path else name
                if name != key:
                    return inner  # (named with the bad character written as its escape)
                children.append((child, inner))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in reversed(list(enumerate(item))))
    return None


def _escape(found: re.Match[str]) -> str:
    return f"\\u{ord(found[0]):04x}"


class BodyTooLarge(APIException):
    """A body over the API's limit, however it arrives (debug or not)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body-too-large"

    def __init__(self) -> None:
        super().__init__(
            _("A request body here is at most %(size)s KB.") % {"size": MAX_BYTES // 1024}
        )


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                break
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


class BoundedJSONParser(JSONParser):
    """JSON as the referee reads it: what is refused is named, in the request's language."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        body = stream.read(MAX_BYTES + 1)
        if len(body) > MAX_BYTES:
            raise BodyTooLarge()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = body.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            detail = _("The body is not %(encoding)s text.") % {"encoding": encoding.upper()}
            raise UnreadableBody(detail) from None
        try:
            data = referee.read_json(text, "body")
        except referee.MalformedRecord as error:
            raise UnreadableBody(error.detail_in(get_language() or "en"), error.field) from None
        if _depth(data) > MAX_DEPTH:
            raise UnreadableBody(
                _("The body is nested more than %(depth)s levels deep.") % {"depth": MAX_DEPTH}
            )
        where = _unstorable(data)
        if where is not None:
            raise UnstorableText(where)
        return data
