"""JSON bodies, bounded and storable: no request body here is more than a few levels deep or
64 KB long (a full hand record is about 2 KB), and none holds text that PostgreSQL cannot
store (a NUL character, or half of a UTF-16 surrogate pair, which JSON's \\u escapes can
spell): such text is refused by its field, before anything reaches the database."""

from __future__ import annotations

import io
import re
from typing import Any

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32
MAX_BYTES = 64 * 1024


class UnstorableText(ParseError):
    """Text no column can hold, named by where it is in the body (``players[1]``,
    ``record.bids[0].action``)."""

    default_code = "unstorable-text"

    def __init__(self, field: str) -> None:
        super().__init__(
            f"{field}: text with a NUL character or a lone surrogate (\\u0000, \\ud800) "
            "cannot be stored."
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
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = f"A request body here is at most {MAX_BYTES // 1024} KB."
    default_code = "body-too-large"


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
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        body = stream.read(MAX_BYTES + 1)
        if len(body) > MAX_BYTES:
            raise BodyTooLarge()
        try:
            data = super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply") from None
        if _depth(data) > MAX_DEPTH:
            raise ParseError(f"JSON parse error - nested more than {MAX_DEPTH} levels deep")
        where = _unstorable(data)
        if where is not None:
            raise UnstorableText(where)
        return data
