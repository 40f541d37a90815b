"""Event formats are plug-ins: a format only the tests have (`rotation_format.py`, one line in
`tests/settings.py`) runs a night end to end through the API, the console's form, the pages
and the exports with nothing else changed; the recipe for a new format names every file it
touches; and nothing outside the formats branches on a format's name."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from event_helpers import Director, is_problem, ok, play_event, totals

from scorekeeper import settings as shipped
from scorekeeper.events.formats import format_named, option_fields, registered
from scorekeeper.events.serializers.standings import StandingRowSerializer
from tests.events import rotation_format

ROOT = Path(__file__).resolve().parents[2]
ROTATION = "tests.events.rotation_format.Rotation"


def create(director: Director, **options) -> dict:
    body = {"name": "Turning night", "format": "rotation", **options}
    return director.client.post(f"/api/v1/clubs/{director.club}/events/", body, format="json")


def test_a_format_only_the_tests_have_runs_a_night_from_its_module_and_its_line(
    director: Director, anon
):
    event = ok(
        create(
            director,
            rounds_planned=3,
            step=2,
            entry="totals",
            round_length="hands",
            hands_per_round=8,
        ),
        201,
    )
    assert (event["format"], event["step"], event["rounds_planned"]) == ("rotation", 2, 3)
    # Every other format's options read as they always did: at their defaults.
    assert (event["knockout"], event["best_of"], event["rank_by"]) == ("single", 1, "total")
    names = [f"Player {n}" for n in range(9)]
    ids = list(director.add_players(event["id"], *names).values())
    seated = play_event(
        director, event["id"], totals([6, 2], [3, 5], [4, 4], [8, 0], [1, 7], [2, 6]), rounds=3
    )
    # Its plan: the order entered, turned two places a round, the last one sitting out.
    for number, rnd in enumerate(seated, start=1):
        turn = 2 * (number - 1) % 9
        order = ids[turn:] + ids[:turn]
        tables = [
            [s["player"] for s in sorted(t["seats"], key=lambda s: s["seat"])]
            for t in rnd["tables"]
        ]
        assert tables == [order[0:4], order[4:8]]
    standings = director.standings(event["id"])
    assert (standings["teams"], standings["ranked_by"]) == (False, "points with sit-out credit")
    assert [row["rank"] for row in standings["rows"]] == list(range(1, 10))
    assert sum(row["points_for"] for row in standings["rows"]) == 2 * 2 * (8 + 8 + 8)
    # Its own column, the best game: named in the API, shown by the pages and the CSV.
    (column,) = standings["columns"]
    assert column == {
        "field": "best_game",
        "heading": "Best game",
        "short": "Best",
        "meaning": "The best single game",
        "wide": False,
    }
    best = [row["best_game"] for row in standings["rows"]]
    director.publish(event["id"])
    pages = ["results", "projector", "tally-cards", "rounds/2/sheet", "rounds/2/find"]
    for page in pages:
        assert anon.get(f"/events/{event['id']}/{page}/").status_code == 200, page
    for page in ("results", "projector"):
        shown = anon.get(f"/events/{event['id']}/{page}/").content.decode()
        assert '<abbr title="The best single game">Best</abbr>' in shown, page
        assert [int(figure) for figure in standings_column(shown, "Best")] == best, page
    assert director.client.get(f"/events/{event['id']}/cards/").status_code == 200
    assert director.client.get(f"/events/{event['id']}/manage/").status_code == 200
    for export in ("standings.csv", "results.csv", "tally.csv"):
        assert anon.get(f"/api/v1/events/{event['id']}/{export}").status_code == 200, export
    exported = anon.get(f"/api/v1/events/{event['id']}/standings.csv").content.decode("utf-8-sig")
    assert exported.splitlines()[0].split(",").count("best_game") == 1  # a column it has already
    home = director.client.get("/events/director/").content.decode()
    assert 'data-formats="rotation"' in home and "Places turned a round" in home
    assert 'value="rotation"' in home


def standings_column(page: str, short: str) -> list[str]:
    """The figures under the heading `short` of a page's standings table, row by row."""
    table = page[page.index('<table class="standings"') :]
    table = table[: table.index("</table>")]
    head, body = table.split("</thead>")
    headings = re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)
    at = next(i for i, heading in enumerate(headings) if f">{short}</abbr>" in heading)
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[at] for row in rows]


def test_a_formats_options_are_its_own_and_checked_by_it(director: Director):
    assert is_problem(create(director, rounds_planned=3, step=4), 400, "step", "bad-step")
    assert is_problem(create(director, step=2), 400, "rounds_planned", "bad-rounds")
    assert is_problem(
        create(director, rounds_planned=3, knockout="single"), 400, "knockout", "not-an-option"
    )
    event = ok(create(director, rounds_planned=3), 201)
    url = f"/api/v1/events/{event['id']}/"
    # Named as the console names the format, not by its code, in either language.
    swiss = {"name": "Swiss", "format": "swiss", "rounds_planned": 3, "tie_rule": "cut"}
    made = f"/api/v1/clubs/{director.club}/events/"
    for language, said in [
        ("en", "An event of this format (fixed partners, Swiss) has no option tie_rule"),
        ("ko", "이 방식(고정 파트너, 스위스 방식)의 이벤트에는 tie_rule 옵션이 없습니다"),
    ]:
        refused = director.client.post(made, swiss, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert is_problem(refused, 400, "tie_rule", "not-an-option")
        assert said in refused.json()["detail"]
    assert ok(director.client.patch(url, {"step": 3}, format="json"))["step"] == 3
    assert is_problem(
        director.client.patch(url, {"rank_by": "wins"}, format="json"), 400, "rank_by"
    )
    progressive = ok(
        director.client.post(
            f"/api/v1/clubs/{director.club}/events/",
            {"name": "Night", "format": "progressive", "rounds_planned": 2, "step": 1},
            format="json",
        ),
        400,
    )
    assert progressive["field"] == "step"


def test_a_setting_no_event_has_is_named_and_the_format_stays_as_made(director: Director):
    assert is_problem(create(director, rounds_planned=3, steps=2), 400, "steps", "not-a-field")
    event = ok(create(director, rounds_planned=3), 201)
    url = f"/api/v1/events/{event['id']}/"
    misspelt = director.client.patch(url, {"rounds_planed": 4}, format="json")
    assert is_problem(misspelt, 400, "rounds_planed", "not-a-field")
    long_name = director.client.patch(url, {"x" * 5000: 1}, format="json")
    assert is_problem(long_name, 400, "x" * 40 + "…", "not-a-field")
    changed = director.client.patch(url, {"format": "swiss"}, format="json")
    assert is_problem(changed, 400, "format", "format-fixed")
    assert ok(director.client.get(url))["format"] == "rotation"
    assert ok(director.client.get(url))["rounds_planned"] == 3


def test_every_formats_own_columns_name_a_field_of_the_standings_rows():
    fields = set(StandingRowSerializer().fields)
    own = {name: [c.field for c in f.columns] for name, f in registered().items() if f.columns}
    assert own == {"swiss": ["buchholz", "median_buchholz"], "rotation": ["best_game"]}
    assert {field for named in own.values() for field in named} <= fields


def test_the_test_format_is_registered_by_the_test_settings_alone():
    assert [*shipped.EVENT_FORMATS, ROTATION] == settings.EVENT_FORMATS
    assert ROTATION not in shipped.EVENT_FORMATS
    assert registered()["rotation"].title == rotation_format.Rotation.title
    assert format_named("rotation").fields[1].name in option_fields()


#: What the recipe for a new format says it touches (docs/architecture.md, "An event format").
RECIPE_FILES = {
    "scorekeeper/events/formats/",  # its module: options, plan, result rules, ranking, pages
    "scorekeeper/settings.py",  # its registration, in EVENT_FORMATS
    "scorekeeper/events/planning/",  # its engine, when it needs one of its own
    "scorekeeper/events/ranking/",  # a tie-break of its own
    "scorekeeper/events/localized/choice_names.py",  # and its name
    "scorekeeper/events/ranking/standings.py",  # a figure no format showed before: its row
    "scorekeeper/events/serializers/standings.py",  # and its field in the API
    "scorekeeper/events/pages/",  # a page of its own, with its template
    "scorekeeper/events/templates/events/",
    "scorekeeper/events/urls.py",
    "scorekeeper/locale/",  # its words in Korean
    "docs/tournaments.md",
    "docs/rules.md",
    "docs/architecture.md",  # its module in the list of modules
}


def recipe() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    start = text.index("- **An event format**")
    ends = [text.find(mark, start + 1) for mark in ("\n- **", "\n## ")]
    return text[start : min((end for end in ends if end > 0), default=len(text))]


def test_the_recipe_for_a_format_names_every_file_a_format_touches():
    named = set(re.findall(r"`((?:scorekeeper|docs)/[\w/.]*)`", recipe()))
    assert named == RECIPE_FILES
    # The test's own format touched exactly two files, both in tests/: its module and its
    # registration; nothing of the scorekeeper names it.
    assert Path(rotation_format.__file__).name == "rotation_format.py"
    shipped_source = [
        path
        for path in (ROOT / "scorekeeper").rglob("*")
        if path.suffix in {".py", ".html", ".js"} and "migrations" not in path.parts
    ]
    mentions = re.compile(r"[\"']rotation[\"']|rotation_format")
    assert not [p for p in shipped_source if mentions.search(p.read_text(encoding="utf-8"))]


#: What would be a format's branch outside its module: its name compared, or asked for.
BRANCHES = re.compile(
    r"format\s*(?:==|!=|===|!==|\bin\b)|Format\.[A-Z]|is_bracket|"
    r"(?:==|!=|===|!==)\s*[\"'](?:progressive|round-robin|bracket|party|swiss)[\"']"
)


def test_nothing_outside_the_formats_branches_on_a_formats_name():
    found = []
    for path in (ROOT / "scorekeeper").rglob("*"):
        if path.suffix not in {".py", ".html", ".js"} or {"migrations", "formats"} & set(
            path.parts
        ):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BRANCHES.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, found


def test_the_branch_check_can_fail():
    for line in (
        'if event.format == "swiss":',
        "{% if event.is_bracket %}",
        'table.format === "bracket"',
        "Event.Format.PROGRESSIVE",
    ):
        assert BRANCHES.search(line), line
