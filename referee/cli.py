"""The command line: ``python -m referee check [FILE|-]`` and ``python -m referee egn FILE``.

Exit codes (the spec's): 0 every verdict is ok, 1 a verdict has violations, 2 malformed
input, with one line on stderr naming the field.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .check import check
from .errors import MalformedRecord
from .messages import LANGUAGES

EXIT_OK = 0
EXIT_VIOLATIONS = 1
EXIT_MALFORMED = 2


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
    if path == "-":
        return stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def check_command(path: str, *, lang: str, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        text = _read(path, stdin)
    except (OSError, UnicodeDecodeError) as error:
        print(f"file: cannot read {path}: {getattr(error, 'strerror', None) or error}", file=stderr)
        return EXIT_MALFORMED
    try:
        whole = json.loads(text)
    except RecursionError:
        print("record: nested too deeply to be a hand record", file=stderr)
        return EXIT_MALFORMED
    except ValueError:
        return _check_lines(text, lang=lang, stdout=stdout, stderr=stderr)
    try:
        verdict = check(whole, lang=lang)
    except MalformedRecord as error:
        print(str(error), file=stderr)
        return EXIT_MALFORMED
    json.dump(verdict.to_json(), stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    return EXIT_OK if verdict.ok else EXIT_VIOLATIONS


def _check_lines(text: str, *, lang: str, stdout: TextIO, stderr: TextIO) -> int:
    status = EXIT_OK
    malformed = False
    seen_any = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        seen_any = True
        try:
            verdict = check(json.loads(line), lang=lang)
        except (ValueError, RecursionError) as error:
            field = error.field if isinstance(error, MalformedRecord) else "record"
            detail = error.detail if isinstance(error, MalformedRecord) else "not valid JSON"
            print(f"line {number}: {field}: {detail}", file=stderr)
            malformed = True
            continue
        stdout.write(json.dumps(verdict.to_json(), ensure_ascii=False))
        stdout.write("\n")
        if not verdict.ok:
            status = EXIT_VIOLATIONS
    if not seen_any:
        print("record: no hand record in the input", file=stderr)
        return EXIT_MALFORMED
    return EXIT_MALFORMED if malformed else status
