"""The director's home speaks the reader's language: its headings, the new event's form and
its choices (formats, sit-out credits, rankings, side prizes, ladders), and the list of the
club's events with their format and status."""

from __future__ import annotations

import re
from html import unescape

from event_helpers import Director


def shown_text(html: str) -> str:
    """What a reader sees: the page's text without its tags, scripts or attributes."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_the_directors_home_speaks_korean(director: Director):
    director.create_event(name="Friday night", format="bracket", knockout="double")
    english = shown_text(
        director.client.get("/events/director/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    korean = shown_text(
        director.client.get("/events/director/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    )
    # The same page in both: the club and its event are there whatever the language.
    for page in (english, korean):
        assert "Riverside Euchre Club" in page and "Friday night" in page
    pairs = {
        "Your clubs": "내 클럽",
        "New event": "새 이벤트",
        "Create event": "이벤트 만들기",
        "New club": "새 클럽",
        "Club name": "클럽 이름",
        "Scores entered": "점수 입력 방식",
        "Sitting out earns": "쉬는 라운드에 받는 점수",
        "Points for sitting out (fixed)": "쉬는 라운드당 점수 (고정)",
        "The format's own options": "이 형식만의 옵션",
        "double: two losses and out": "더블: 두 번 지면 탈락",
        "the best of three games": "3판 2선승제",
        # The models' choices, named for the reader rather than by their English labels.
        "progressive (individual)": "프로그레시브 (개인전)",
        "fixed partners, knockout": "고정 파트너, 토너먼트",
        "the player's own average per round played": "선수 본인의 치른 라운드당 평균 점수",
        "games won, then points": "이긴 게임 수, 그다음 점수",
        "placement points for each night's place": "밤마다 순위에 따른 순위 점수",
        "Booby prize": "꼴찌상",
        # The event in the list: a draft, until its first round is seated.
        "draft": "준비 중",
    }
    for words, korean_words in pairs.items():
        assert words in english and korean_words not in english, words
        assert korean_words in korean and words not in korean, words


def test_a_director_without_a_club_is_told_so_in_korean(django_user_model, client):
    client.force_login(django_user_model.objects.create_user("newcomer"))
    page = shown_text(client.get("/events/director/", HTTP_ACCEPT_LANGUAGE="ko").content.decode())
    assert "아직 디렉터로 맡은 클럽이 없습니다." in page
    assert "You do not direct a club yet." not in page
