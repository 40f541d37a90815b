"""The reviewed table of terms (docs/terms.md) and the words that take their Korean from it:
the table app holds the table in one module (its terms.js, as the referee does in
referee/terms.py), and the server's catalogue says each term where the table says it is used,
with none of the retired words left."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
TERMS_PAGE = ROOT / "docs" / "terms.md"
APP_TERMS = ROOT / "scorekeeper" / "webapp" / "static" / "webapp" / "js" / "terms.js"
CATALOGUE = ROOT / "scorekeeper" / "locale" / "ko" / "LC_MESSAGES" / "django.po"


def table_rows(section: str) -> list[list[str]]:
    """The rows of the Markdown table under a heading of docs/terms.md."""
    text = TERMS_PAGE.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1]
    text = text.split("\n## ", 1)[0]
    rows = [
        line.strip().strip("|").split(" | ") for line in text.splitlines() if line.startswith("|")
    ]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def app_module(name: str) -> object:
    """A frozen constant of the app's terms.js, written there as JSON."""
    source = APP_TERMS.read_text(encoding="utf-8")
    found = re.search(rf"export const {name} = Object\.freeze\((.*?)\);\n", source, re.S)
    assert found, name
    return json.loads(found.group(1))


def used_in(used: str, where: str) -> list[str]:
    """What a row's "Where used" names in one place ("app", "server")."""
    for part in used.split("; "):
        if part.startswith(f"{where}: "):
            return part[len(where) + 2 :].split(", ")
    return []


def test_the_app_holds_the_table_of_terms_of_docs_terms_md() -> None:
    terms = app_module("TERMS")
    assert [[t["english"], t["korean"]] for t in terms.values()] == [
        row[:2] for row in table_rows("Terms")
    ]
    assert app_module("RETIRED") == table_rows("Retired")


def test_the_servers_korean_says_each_term_where_the_table_says_it_is_used() -> None:
    said = {entry.msgid.lower(): entry for entry in polib.pofile(str(CATALOGUE))}
    for english, korean, used in table_rows("Terms"):
        for msgid in used_in(used, "server"):
            entry = said[msgid.lower()]
            forms = [entry.msgstr, *entry.msgstr_plural.values()]
            assert all(korean in form for form in forms), (english, msgid, forms)


def test_no_retired_term_is_left_in_the_servers_korean() -> None:
    retired = [word for word, _ in table_rows("Retired") if "(" not in word]
    for entry in polib.pofile(str(CATALOGUE)):
        for form in [entry.msgstr, *entry.msgstr_plural.values()]:
            assert not [word for word in retired if word in form], (entry.msgid, form)
            assert not re.search(r"\d번째", form), (entry.msgid, form)


def test_no_retired_term_is_left_in_the_events_screens_korean() -> None:
    """The events' own screens keep their Korean in JavaScript (static/events/*.js)."""
    retired = [word for word, _ in table_rows("Retired") if "(" not in word]
    for script in sorted((ROOT / "scorekeeper" / "events" / "static" / "events").glob("*.js")):
        text = script.read_text(encoding="utf-8")
        assert not [word for word in retired if word in text], script.name


#: Where 핸드 may stay: the poor-hand redeal's English name, in brackets after its Korean.
RULE_NAME = "(파머스 핸드)"


def test_a_deal_is_판_in_every_korean_word_never_핸드() -> None:
    """The table says a hand (one deal, played out) is 판, and the cards a seat holds 손패: no
    Korean of the server's catalogue, the table app's words, the events' screens or the
    referee says 핸드, but for the name of the poor-hand redeal ("Farmer's hand")."""
    assert [now for word, now in table_rows("Retired") if word.startswith("핸드 ")] == ["판"]
    for entry in polib.pofile(str(CATALOGUE)):
        for form in [entry.msgstr, *entry.msgstr_plural.values()]:
            assert "핸드" not in form, (entry.msgid, form)
    app_words = ROOT / "scorekeeper" / "webapp" / "static" / "webapp" / "js" / "words" / "ko.js"
    scripts = [app_words, *(ROOT / "scorekeeper" / "events" / "static" / "events").glob("*.js")]
    sources = [p for p in (ROOT / "referee").glob("*.py") if p.name != "terms.py"]
    for path in sorted(scripts) + sorted(sources):
        lines = path.read_text(encoding="utf-8").replace(RULE_NAME, "").splitlines()
        assert not [line for line in lines if "핸드" in line], path.name
