"""The command line: ``python -m referee check [FILE|-]`` and ``python -m referee egn FILE``.

Exit codes (the spec's): 0 every verdict is ok, 1 a verdict has violations, 2 malformed
input, with one line on stderr naming the field.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from .check import check
from .errors import MalformedRecord
from .jsontext import json_error, read_json, read_lines_file, undecodable
from .messages import LANGUAGES

EXIT_OK = 0
EXIT_VIOLATIONS = 1
EXIT_MALFORMED = 2
BYTE_ORDER_MARK: Final = "\ufeff"


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m referee", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    checking = commands.add_parser("check", help="rule on hand records (JSON or JSON Lines)")
    checking.add_argument("file", nargs="?", default="-", help="a file, or - for standard input")
    checking.add_argument("--lang", choices=LANGUAGES, default="en")
    replaying = commands.add_parser("egn", help="replay a game in Euchre Game Notation")
    replaying.add_argument("file")
    replaying.add_argument("--json", action="store_true", help="print one JSON object")
    replaying.add_argument("--lang", choices=LANGUAGES, default="en")
    args = parser.parse_args(argv)
    if args.command == "egn":
        from .egn import run

        return run(args.file, as_json=args.json, lang=args.lang, stdout=stdout, stderr=stderr)
    return check_command(args.file, lang=args.lang, stdin=stdin, stdout=stdout, stderr=stderr)


def _read(path: str, stdin: TextIO) -> str:
    """The text, without the byte order mark some editors put before UTF-8 (JSON's RFC lets a
    reader ignore it), bytes that are not UTF-8 kept for ``undecodable`` to find."""
    if path != "-":
        return read_lines_file(path)
    buffer = getattr(stdin, "buffer", None)
    if buffer is None:  # (a text stream with no bytes under it)
        return stdin.read().removeprefix(BYTE_ORDER_MARK)
    text: str = buffer.read().decode("utf-8", "surrogateescape")
    return text.removeprefix(BYTE_ORDER_MARK)


def _not_utf8(path: str) -> MalformedRecord:
    return MalformedRecord(
        "file", "{path} is not UTF-8 text", path="stdin" if path == "-" else path
    )


def check_command(path: str, *, lang: str, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        text = _read(path, stdin)
    except MalformedRecord as error:
        return _malformed(error, lang, stderr)
    numbered = list(enumerate(_json_lines(text), 1))
    held = sum(1 for _, line in numbered if not _blank(line))
    try:
        whole = read_json(text)
    except MalformedRecord as error:
        several = held > 1 and error.template in _NOT_ONE_DOCUMENT
        if several and not _opens_a_record(numbered):
            return _check_lines(numbered, lang=lang, stdout=stdout, stderr=stderr)
        if undecodable(text):
            error = _not_utf8(path)
        elif not held:
            error = MalformedRecord("record", "no hand record in the input")
        elif several:  # one record written over several lines: where it goes wrong
            error = _where_not_json(text) or error
        return _malformed(error, lang, stderr)
    if undecodable(text):
        return _malformed(_not_utf8(path), lang, stderr)
    try:
        verdict = check(whole, lang=lang)
    except MalformedRecord as error:
        return _malformed(error, lang, stderr)
    json.dump(verdict.to_json(), stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    return EXIT_OK if verdict.ok else EXIT_VIOLATIONS


#: Why text of several lines is not one JSON document: then it is read as JSON Lines, each
#: line answered in its place (a first line nested too deeply stops the whole text's reading
#: before its second line is reached).
_NOT_ONE_DOCUMENT: Final = frozenset(("not valid JSON", "nested too deeply to be read"))


def _json_lines(text: str) -> list[str]:
    """The lines of JSON Lines: cut at "\\n" only (U+2028, U+2029 and U+0085 may stand inside
    a JSON string), a "\\r" before it dropped; the newline that ends the text closes its last
    line and opens no other."""
    lines = text.removesuffix("\n").split("\n")
    return [line.removesuffix("\r") for line in lines]


def _opens_a_record(numbered: list[tuple[int, str]]) -> bool:
    """Whether the text's first line holds only the opening ``{`` (or ``[``) of a record
    written over several lines, as JSON is pretty-printed: no line of JSON Lines is that."""
    first = next(line for _, line in numbered if not _blank(line))
    return first.strip(_JSON_WHITESPACE) in ("{", "[")


def _where_not_json(text: str) -> MalformedRecord | None:
    """A record over several lines that is not JSON: said once, by line and column."""
    found = json_error(text)
    return None if found is None else found.at("record")


#: What JSON counts as white space (str.strip would take U+2028 and the like as well).
_JSON_WHITESPACE = " \t\r\n"


def _blank(line: str) -> bool:
    return not line.strip(_JSON_WHITESPACE)


def _malformed(error: MalformedRecord, lang: str, stderr: TextIO) -> int:
    print(f"{error.field}: {error.detail_in(lang)}", file=stderr)
    return EXIT_MALFORMED


def _check_lines(
    records: list[tuple[int, str]], *, lang: str, stdout: TextIO, stderr: TextIO
) -> int:
    """JSON Lines: one output line for each input line, its verdict or, for a line that is
    not a hand record (a blank one included), ``{"error": {"field": ..., "detail": ...}}``
    (named on stderr too)."""
    status = EXIT_OK
    for number, line in records:
        try:
            if _blank(line):
                raise MalformedRecord("record", "a blank line holds no hand record")
            if undecodable(line):
                raise MalformedRecord("record", "the line is not UTF-8 text")
            verdict = check(read_json(line), lang=lang)
        except MalformedRecord as error:
            detail = error.detail_in(lang)
            print(f"line {number}: {error.field}: {detail}", file=stderr)
            answer: dict[str, object] = {"error": {"field": error.field, "detail": detail}}
            status = EXIT_MALFORMED
        else:
            answer = verdict.to_json()
            if not verdict.ok and status == EXIT_OK:
                status = EXIT_VIOLATIONS
        stdout.write(json.dumps(answer, ensure_ascii=False))
        stdout.write("\n")
    return status
