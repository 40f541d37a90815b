"""The ruleset owns the table's shape: seats, teams, partners, seat letters and the cards in a
hand come from `Ruleset` (and its JSON in the app), never worked out again from the number of
players or a five-card hand. These rulings grep the referee, the games and hands code, the
events and the table app for the old forms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import referee

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "scorekeeper" / "webapp" / "static" / "webapp" / "js"

#: Where the shape may be written out: the referee's ruleset, and the app's reading of
#: rulesets kept on a phone from before the server sent the shape.
HOMES = {ROOT / "referee" / "rules.py", APP / "rules.js"}

OLD_FORMS = {
    "a team worked out from the seat": re.compile(r"seat\s*%\s*2"),
    "four players assumed": re.compile(r"players\s*(?:[!=]==?|:)\s*4\b"),
    "seat letters written out": re.compile(r"""\[\s*["']N["'],\s*["']E["']"""),
    "a five-card hand assumed": re.compile(
        r"\[0, 1, 2, 3, 4, 5\]|length\s*>=\s*5\b|max_value=5\b|hand\w* has 5 cards"
    ),
    "the last seat taken as 3": re.compile(r"max_value=3\b"),
    "partners by every other seat": re.compile(r"\[[01]::2\]|\(\w+ - \w+\) % 2 == 0"),
}


def sources() -> list[Path]:
    python = [*(ROOT / "referee").glob("*.py")]
    games = ROOT / "scorekeeper"
    python += [*(games / "api").glob("*.py"), *(games / "services").glob("*.py")]
    python += [games / "selectors.py", games / "models.py", *(games / "events").rglob("*.py")]
    scripts = [*APP.glob("*.js"), *(APP / "views").glob("*.js")]
    scripts += [*(games / "events" / "static").rglob("*.js"), *games.rglob("templates/**/*.html")]
    return [path for path in python + scripts if path not in HOMES]


@pytest.mark.parametrize("form", OLD_FORMS)
def test_no_old_form_of_the_table_s_shape_is_left(form: str):
    pattern = OLD_FORMS[form]
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == [], f"{form}: {found}"


#: The app's words for a hand or a loner's partner that hold at one table shape only.
OLD_WORDS = re.compile(r"[Ff]ive cards|다섯 장|the partner sits out|their partner\b")


def test_the_app_s_words_name_no_hand_size_or_partner_count():
    words = sorted((APP / "words").glob("*.js"))
    assert {path.name for path in words} >= {"en.js", "ko.js"}
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in words
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OLD_WORDS.search(line)
    ]
    assert found == []


def test_the_sources_are_where_the_ruling_looks():
    names = {path.name for path in sources()}
    assert {"handform.js", "referee.js", "hands.py", "serializers.py", "play.py"} <= names
    assert {"rounds.py", "tally.py", "seating.py"} <= names
    assert {"console_desk.js", "shell.html", "manage.html"} <= names


@pytest.mark.parametrize(
    ("preset", "seats", "teams", "hand_size"),
    [
        ("standard", ["N", "E", "S", "W"], [[0, 2], [1, 3]], 5),
        ("two-handed", ["N", "S"], [[0], [1]], 5),
        ("three-handed", ["N", "E", "W"], [[0], [1], [2]], 5),
        ("six-handed", ["N", "NE", "SE", "S", "SW", "NW"], [[0, 2, 4], [1, 3, 5]], 5),
        ("bid-euchre", ["N", "E", "S", "W"], [[0, 2], [1, 3]], 6),
    ],
)
def test_the_ruleset_s_json_carries_the_table_s_shape(
    preset: str, seats: list[str], teams: list[list[int]], hand_size: int
):
    shape = referee.PRESETS[preset].to_json()
    assert (shape["seats"], shape["teams"], shape["hand_size"]) == (seats, teams, hand_size)


def test_the_app_s_shape_for_old_rulesets_is_the_referee_s():
    """The app reads rulesets kept before the shape was sent with the referee's shapes of
    the two-, three- and four-seat tables (all there were then)."""
    text = (APP / "rules.js").read_text(encoding="utf-8")
    block = text[text.index("const SHAPE_BEFORE") : text.index("};", text.index("SHAPE_BEFORE"))]
    for players in (2, 3, 4):
        rules = referee.Ruleset(players=players)
        seats = ", ".join(f'"{letter}"' for letter in rules.seat_letters)
        teams = ", ".join("[" + ", ".join(map(str, team)) + "]" for team in rules.teams)
        assert f"{players}: {{ seats: [{seats}], teams: [{teams}] }}" in block
