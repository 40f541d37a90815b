"""A word's bracket, middle dot or particle kept on the word's line in the night's pages
(`unbroken`): a word joiner where Korean text would break inside a word, nothing where the
text puts a space, as English does."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from scorekeeper.particles import unbroken

WJ = "\u2060"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("첫 딜러는 북(★).", f"첫 딜러는 북{WJ}(★)."),
        ("첫 판은 북(★)이 돌립니다.", f"첫 판은 북{WJ}(★){WJ}이 돌립니다."),
        ("디렉터 Dora (demo director)가 입력함", f"디렉터 Dora (demo director){WJ}가 입력함"),
        ("기록, 선수·라운드마다 한 줄 (CSV)", f"기록, 선수{WJ}·{WJ}라운드마다 한 줄 (CSV)"),
        ("N and S partner against E and W. N (★) deals first.", None),
        ("entered by the director, Dora (demo director)", None),
        ("Demo club · 2026년 12월 5일", None),
    ],
    ids=[
        "bracket after a word",
        "particle after a bracket",
        "particle after a name's bracket",
        "middle dot inside a word",
        "english seat",
        "english story",
        "dot between words",
    ],
)
def test_a_word_keeps_what_touches_it(text: str, kept: str | None) -> None:
    assert unbroken(text) == (text if kept is None else kept)


def test_the_pages_filter_keeps_the_text_escaped() -> None:
    shown = Template("{% load particles %}{{ story|unbroken }}").render(
        Context({"story": "<b>Dora (x)가"})
    )
    assert shown == f"&lt;b&gt;Dora (x){WJ}가"
