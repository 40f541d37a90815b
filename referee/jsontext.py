"""JSON text read as the command line reads it: every failure a ``MalformedRecord`` that names
where it is, never Python's own words."""

from __future__ import annotations

import errno
import json
import math
import re
from collections.abc import Callable
from typing import Final

from .errors import MalformedRecord, shown_key


class _LongNumber:
    """A number with more digits than Python reads, or too large for a float (``digits`` None):
    its place is looked for, then named."""

    __slots__ = ("digits",)

    def __init__(self, digits: int | None) -> None:
        self.digits = digits


def read_file(path: str) -> str:
    """A file's text (UTF-8, without the byte order mark some editors put first). Refused as
    ``file``, naming the path: a file that cannot be read, or is not UTF-8 text."""
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise MalformedRecord("file", "{path} is not UTF-8 text", path=path) from None
    except OSError as error:
        raise _unreadable(path, error) from None


def read_lines_file(path: str) -> str:
    """A file's text as ``read_file`` reads it, but bytes that are not UTF-8 kept as Python's
    lone surrogates (``surrogateescape``): JSON Lines refuses only the lines that hold them
    (``undecodable``)."""
    try:
        with open(path, encoding="utf-8-sig", errors="surrogateescape") as handle:
            return handle.read()
    except OSError as error:
        raise _unreadable(path, error) from None


def undecodable(text: str) -> bool:
    """Whether text read by ``read_lines_file`` holds bytes that are not UTF-8."""
    return _SURROGATE.search(text) is not None


_SURROGATE: Final = re.compile("[\udc80-\udcff]")


def _unreadable(path: str, error: OSError) -> MalformedRecord:
    """Why a file could not be read, in words the referee has Korean for (else the system's)."""
    if error.errno == errno.ENOENT:
        return MalformedRecord("file", "there is no file {path}", path=path)
    if error.errno == errno.EACCES:
        return MalformedRecord("file", "{path} may not be read", path=path)
    if error.errno == errno.EISDIR:
        return MalformedRecord("file", "{path} is a folder, not a file", path=path)
    why = error.strerror or str(error)
    return MalformedRecord("file", "cannot read {path}: {why}", path=path, why=why)


def json_error(text: str) -> MalformedRecord | None:
    """Where text that is not JSON goes wrong, by line and column (None: Python reads it)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return MalformedRecord(
            "file",
            "not JSON: {why} (line {line}, column {column})",
            why=error.msg,
            line=error.lineno,
            column=error.colno,
        )
    except (ValueError, RecursionError):
        pass
    return None


#: Python reads whole numbers of at most this many digits (``sys.get_int_max_str_digits``).
_MOST_DIGITS: Final = 4300


def _whole_number(text: str) -> int | _LongNumber:
    digits = len(text.lstrip("-"))
    return _LongNumber(digits) if digits > _MOST_DIGITS else int(text)


class _TooLarge(ValueError):
    """A number with a fraction or exponent too large for a float (``1e999``): Python reads it
    as ``inf``, which no JSON writes."""


def _real_number(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _TooLarge(text)
    return value


def _real_or_large(text: str) -> float | _LongNumber:
    try:
        return _real_number(text)
    except _TooLarge:
        return _LongNumber(None)


class _NotJson(ValueError):
    """NaN or Infinity: numbers Python writes but JSON has not."""


def _no_constant(name: str) -> object:
    raise _NotJson(name)


class _KeyTwice(Exception):
    """A key written twice in one object: which of the two was meant is not for us to guess."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, object]]) -> dict[str, object]:
    value = dict(pairs)
    if len(value) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _KeyTwice(key)
            seen.add(key)
    return value


class _Twice(dict[str, object]):
    """An object with a key written twice (``key``), read again to say where it stands."""

    key = ""


def _marked(pairs: list[tuple[str, object]]) -> dict[str, object]:
    try:
        return _once(pairs)
    except _KeyTwice as twice:
        value = _Twice(pairs)
        value.key = twice.key
        return value


def read_json(text: str, field: str = "record") -> object:
    """The JSON value of ``text``. Refused as ``field``: text that is not JSON (``NaN`` is
    not), or nested too deeply; a number too long to read, or too large (``1e999``), is
    refused where it stands (``dealer``), and so is a key written twice in one object of a
    text that is otherwise one JSON value."""
    try:
        return json.loads(
            text, parse_float=_real_number, parse_constant=_no_constant, object_pairs_hook=_once
        )
    except _KeyTwice:
        _read_all(text, field)  # (what else is wrong with the text is said first)
        value = json.loads(
            text, parse_float=_real_number, parse_constant=_no_constant, object_pairs_hook=_marked
        )
        path, twice = _found(value, field, lambda item: isinstance(item, _Twice))
        assert isinstance(twice, _Twice)
        key = shown_key(twice.key)
        where = key if twice is value else f"{path}.{key}"
        raise MalformedRecord(where, "a key given twice in one object") from None
    except (RecursionError, ValueError):
        return _read_all(text, field)


def _read_all(text: str, field: str) -> object:
    try:
        return json.loads(text, parse_float=_real_number, parse_constant=_no_constant)
    except RecursionError:
        raise MalformedRecord(field, "nested too deeply to be read") from None
    except (json.JSONDecodeError, _NotJson):
        raise MalformedRecord(field, "not valid JSON") from None
    except ValueError:
        pass  # a number longer than Python reads: find where it is
    try:
        value = json.loads(
            text,
            parse_int=_whole_number,
            parse_float=_real_or_large,
            parse_constant=_no_constant,
        )
    except ValueError:  # (more than one JSON value: JSON Lines, say)
        raise MalformedRecord(field, "not valid JSON") from None
    path, found = _found(value, field, lambda item: isinstance(item, _LongNumber))
    digits = found.digits if isinstance(found, _LongNumber) else 0
    if digits is None:
        raise MalformedRecord(path, "a number larger than any field takes")
    raise MalformedRecord(
        path, "a number of {digits} digits is longer than any field takes", digits=digits
    )


def _found(value: object, field: str, sought: Callable[[object], bool]) -> tuple[str, object]:
    """The first item of ``value`` (in the text's order) that is ``sought``, and where it
    stands: a path from the top of ``value``, which is ``field`` (a key at the top is named
    alone: ``dealer``, not ``record.dealer``)."""
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if sought(item):
            return path or field, item
        if isinstance(item, dict):
            stack.extend(
                (v, f"{path}.{shown_key(k)}" if path else shown_key(k))
                for k, v in reversed(item.items())
            )
        elif isinstance(item, list):
            stack.extend((v, f"{path or field}[{i}]") for i, v in reversed(list(enumerate(item))))
    return field, None
