"""The table app's Korean, as the phone has it: each term where the reviewed table
(docs/terms.md) says the app uses it, none of the retired words, and the particles of the
shared table of cases (tests/korean_particles.json), which the server's rules answer too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.test_terms import table_rows, used_in

pytestmark = pytest.mark.browser

CASES = json.loads(
    (Path(__file__).resolve().parents[1] / "korean_particles.json").read_text(encoding="utf-8")
)["cases"]
KOREAN_WORDS = """async () => (await import("/static/webapp/js/words/ko.js")).KO"""
FORMS = """async (cases) => {
  const { particleForm } = await import("/static/webapp/js/korean.js");
  return cases.map(([word, pair]) => particleForm(word, pair));
}"""


def test_the_apps_korean_takes_its_terms_from_the_table(page: Page, live_server) -> None:
    page.goto(live_server.url + "/rules/")
    korean = page.evaluate(KOREAN_WORDS)
    for english, term, used in table_rows("Terms"):
        if term.endswith("다"):
            continue  # a verb: the app says it conjugated ("무늬 따르기")
        for key in used_in(used, "app"):
            assert term in korean[key], (english, key, korean.get(key))
    retired = [word for word, _ in table_rows("Retired") if "(" not in word]
    for key, text in korean.items():
        assert not [word for word in retired if word in text], (key, text)
        assert not re.search(r"\d번째", text), (key, text)


def test_the_app_picks_the_particles_the_server_picks(page: Page, live_server) -> None:
    page.goto(live_server.url + "/rules/")
    chosen = page.evaluate(FORMS, [case[:2] for case in CASES])
    assert [(word, pair, form) for (word, pair, _), form in zip(CASES, chosen, strict=True)] == [
        tuple(case) for case in CASES
    ]


def test_the_header_names_the_game_in_the_language_chosen(page: Page, live_server) -> None:
    page.goto(live_server.url + "/")
    brand = page.locator("header .brand-word")
    expect(brand).to_have_text("Euchre")
    page.get_by_role("button", name="한국어").click()
    expect(brand).to_have_text("유커")
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("[가-힣]"))
    page.get_by_role("button", name="English").click()
    expect(brand).to_have_text("Euchre")
