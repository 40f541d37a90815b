"""The director's console page: its words (the script's too) in the visitor's language."""

from __future__ import annotations

import json
import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_console_speaks_korean_to_a_korean_browser(director):
    event = director.create_event(rounds_planned=2)
    page = director.client.get(f"/events/{event}/manage/", HTTP_ACCEPT_LANGUAGE="ko")
    html = page.content.decode()
    assert "디렉터 콘솔" in html and "결과 부여" in html
    words = json.loads(re.search(r'id="console-words"[^>]*>(.*?)</script>', html, re.S)[1])
    assert words["hand_over"] == "넘겨주기"
    assert words["time_ask"].startswith("{number}라운드")


def test_the_console_offers_the_clubs_seasons_on_the_event_form(director):
    season = director.create_season("Spring", "2027-03-01", "2027-05-31")
    event = director.create_event(rounds_planned=2)
    html = director.client.get(f"/events/{event}/manage/").content.decode()
    assert f'<option value="{season}">Spring</option>' in html
