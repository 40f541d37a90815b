"""JSON bodies, bounded: no request body here is more than a few levels deep or 64 KB long
(a full hand record is about 2 KB)."""

from __future__ import annotations

import io
from typing import Any

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32
MAX_BYTES = 64 * 1024


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
        return data
