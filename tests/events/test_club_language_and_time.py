"""The club's language and time: problem details follow Accept-Language, else the club's
language (a club setting); `type` and `code` stay English; times in pages and exports are
on the club's clock, its time zone (validated against zoneinfo) named in the export."""

from __future__ import annotations

import csv
import io

import pytest
from django.core import mail
from event_helpers import Director, ok

pytestmark = pytest.mark.django_db

KO = {"HTTP_ACCEPT_LANGUAGE": "ko-KR,ko;q=0.9"}


def test_a_korean_accept_language_gets_korean_problem_details(director: Director, anon):
    event = director.create_event(rounds_planned=2)
    director.publish(event)  # (an unpublished one is not found by a visitor)
    answer = anon.post(f"/api/v1/events/{event}/rounds/", format="json", **KO)
    assert answer.status_code == 401
    body = answer.json()
    assert body["title"] == "인증 필요"
    assert body["detail"] == "이 작업은 디렉터로 로그인해야 합니다."
    assert (body["type"], body["code"]) == ("about:blank", "sign-in-required")
    assert answer["Content-Language"] == "ko"
    # A detail with a name in it, from the events API.
    club = director.club
    director.client.post(f"/api/v1/clubs/{club}/players/", {"name": "Ann"}, format="json")
    taken = director.client.post(
        f"/api/v1/clubs/{club}/players/", {"name": "ann", "new": True}, format="json", **KO
    )
    assert taken.status_code == 409
    assert taken.json()["detail"] == (
        "Riverside Euchre Club에는 Ann라는 선수가 이미 있습니다. 새 선수에게 구분 표시를 붙이세요."
    )
    assert taken.json()["code"] == "player-exists"
    # The same in English without the header; a general 404 in Korean too.
    english = anon.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert english.json()["detail"] == "Sign in as a director to do this."
    missing = anon.get("/api/v1/nowhere/", **KO).json()
    assert (missing["title"], missing["code"]) == ("찾을 수 없음", "not_found")


def test_the_clubs_language_speaks_to_a_visitor_who_asks_for_none_we_speak(
    director: Director, anon
):
    event = director.create_event(rounds_planned=2)
    ok(director.client.patch(f"/api/v1/clubs/{director.club}/", {"language": "ko"}, format="json"))
    # Unpublished, the event is not found in the visitor's language, as an id that never was:
    # its club's language would tell it is there.
    hidden = anon.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert hidden.json() == anon.post("/api/v1/events/999999/rounds/", format="json").json()
    assert hidden.json()["title"] == "Not Found"
    director.publish(event)
    answer = anon.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert answer.json()["title"] == "인증 필요"
    french = anon.post(f"/api/v1/events/{event}/rounds/", format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.json()["title"] == "인증 필요"
    # Asking for English still gets English.
    asked = anon.post(
        f"/api/v1/events/{event}/rounds/", format="json", HTTP_ACCEPT_LANGUAGE="en-US"
    )
    assert asked.json()["title"] == "Unauthorized"


def test_the_time_zone_is_a_zone_zoneinfo_knows_and_only_directors_set_it(director: Director, anon):
    club = director.club
    bad = director.client.patch(
        f"/api/v1/clubs/{club}/", {"time_zone": "Mars/Olympus"}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["field"] == "time_zone"
    assert bad.json()["code"] == "bad-time-zone"
    bad_language = director.client.patch(
        f"/api/v1/clubs/{club}/", {"language": "fr"}, format="json"
    )
    assert bad_language.status_code == 400 and bad_language.json()["field"] == "language"
    assert (
        anon.patch(f"/api/v1/clubs/{club}/", {"time_zone": "UTC"}, format="json").status_code == 401
    )
    good = ok(
        director.client.patch(f"/api/v1/clubs/{club}/", {"time_zone": "Asia/Seoul"}, format="json")
    )
    assert (good["time_zone"], good["language"]) == ("Asia/Seoul", "")


def test_exports_carry_the_clubs_zone(director: Director, anon):
    ok(
        director.client.patch(
            f"/api/v1/clubs/{director.club}/", {"time_zone": "Asia/Seoul"}, format="json"
        )
    )
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    table = director.next_round(event)["tables"][0]
    ok(
        director.client.post(
            f"/api/v1/tables/{table['id']}/result/",
            {"entered_by": table["seats"][0]["player"], "points": [7, 5]},
            format="json",
        ),
        201,
    )
    director.publish(event)
    rows = list(
        csv.DictReader(
            io.StringIO(anon.get(f"/api/v1/events/{event}/results.csv").content.decode("utf-8-sig"))
        )
    )
    assert rows[0]["time_zone"] == "Asia/Seoul"
    assert rows[0]["entered_at"].endswith("+09:00")
    # The API's times are on the club's clock too, and the printout names the zone.
    rounds = ok(anon.get(f"/api/v1/events/{event}/rounds/"))
    page = anon.get(f"/events/{event}/results/").content.decode()
    assert "(Asia/Seoul)" in page
    assert rounds


def test_an_invitation_email_speaks_the_clubs_language(director: Director):
    ok(director.client.patch(f"/api/v1/clubs/{director.club}/", {"language": "ko"}, format="json"))
    director.client.post("/events/invites/", {"club": director.club, "email": "sam@example.org"})
    (email,) = mail.outbox
    assert "디렉터로 초대했습니다" in email.body
    assert email.subject == "유커 점수 기록기에서 Riverside Euchre Club 디렉터 맡기"


def test_a_director_sets_the_clubs_language_and_zone_on_their_page(director: Director):
    url = f"/events/clubs/{director.club}/settings/"
    page = director.client.get("/events/director/").content.decode()
    assert url in page and 'value="UTC"' in page
    bad = director.client.post(url, {"language": "ko", "time_zone": "Nowhere/Town"})
    assert bad.status_code == 400
    assert (
        director.client.post(url, {"language": "ko", "time_zone": "Asia/Seoul"}).status_code == 302
    )
    club = ok(director.client.get(f"/api/v1/clubs/{director.club}/"))
    assert (club["language"], club["time_zone"]) == ("ko", "Asia/Seoul")
