"""The Korean catalogue (scorekeeper/locale): complete, compiled, and covering every string.

`make messages` gathers new strings and compiles; these checks fail until each has Korean.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html import escape
from pathlib import Path

import polib
import pytest

from referee.terms import TERMS

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "scorekeeper" / "locale" / "ko" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+\}")


def entries() -> list[polib.POEntry]:
    return [entry for entry in polib.pofile(str(CATALOGUE)) if not entry.obsolete]


def test_every_entry_has_korean_and_keeps_its_placeholders():
    for entry in entries():
        assert "fuzzy" not in entry.flags, entry.msgid
        forms = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for form in forms:
            assert form.strip(), f"no Korean for {entry.msgid!r}"
            assert sorted(PLACEHOLDER.findall(form)) == sorted(PLACEHOLDER.findall(entry.msgid)), (
                entry.msgid
            )


def test_the_compiled_catalogue_is_the_current_one():
    compiled = {
        (entry.msgctxt, entry.msgid): entry.msgstr or dict(entry.msgstr_plural)
        for entry in polib.mofile(str(CATALOGUE.with_suffix(".mo")))
        if entry.msgid
    }
    written = {
        (entry.msgctxt, entry.msgid): entry.msgstr or dict(entry.msgstr_plural)
        for entry in entries()
    }
    assert compiled == written, "run `make messages` to compile the catalogue"


@pytest.mark.skipif(
    shutil.which("xgettext") is None,
    reason="gathering strings needs GNU gettext (apt-get install gettext)",
)
def test_every_translatable_string_is_in_the_catalogue(tmp_path):
    tree = tmp_path / "scorekeeper"
    shutil.copytree(
        ROOT / "scorekeeper", tree, ignore=shutil.ignore_patterns("__pycache__", "vendor")
    )
    shutil.rmtree(tree / "locale")
    (tree / "locale").mkdir()
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "manage.py"),
            "makemessages",
            "-l",
            "ko",
            "--no-location",
            "--no-wrap",
        ],
        cwd=tree,
        check=True,
        capture_output=True,
        env={"DJANGO_DEBUG": "1", "PATH": "/usr/bin:/bin"},
    )
    gathered = {
        (entry.msgctxt, entry.msgid)
        for entry in polib.pofile(str(tree / "locale/ko/LC_MESSAGES/django.po"))
        if entry.msgid
    }
    written = {(entry.msgctxt, entry.msgid) for entry in entries()}
    assert gathered - written == set(), "run `make messages` and translate what it adds"


@pytest.mark.django_db
def test_a_page_answers_in_the_language_asked_for(client):
    assert (
        client.get("/rules/", HTTP_ACCEPT_LANGUAGE="ko-KR,ko;q=0.9").headers["Content-Language"]
        == "ko"
    )
    assert client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr").headers["Content-Language"] == "en"
    client.cookies["django_language"] = "ko"
    assert client.get("/rules/").headers["Content-Language"] == "ko"


@pytest.mark.django_db
def test_the_rules_page_tells_a_korean_reader_it_is_english_and_gives_the_games_words(client):
    korean = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "이 페이지는 영어로 되어 있습니다" in korean
    preface = korean[korean.index('class="in-your-words"') : korean.index('<div lang="en">')]
    for term in TERMS:  # the reviewed table, every term of it, English beside Korean
        assert f'<td lang="en">{escape(term.english)}</td><td>{term.korean}</td>' in preface
    assert "The referee&#x27;s rules" in korean  # (then the page itself, in English)
    english = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "in-your-words" not in english and '<div lang="en">' not in english


def test_the_events_screens_name_each_tie_break_as_the_api_does():
    """The screens drawn in the browser name a row's tie-break as the standings API names it
    (`tie_break_names`, from choice_names.TIE_BREAK_NAMES, in the reader's language): they
    keep no names of their own, so a format's own tie-break needs no words in the scripts."""
    events = ROOT / "scorekeeper" / "events" / "static" / "events"
    assert "TIE_BREAKS" not in (events / "words.js").read_text()
    assert "data.tie_break_names[row.tie_break]" in (events / "standings_table.js").read_text()
