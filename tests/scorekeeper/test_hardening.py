"""A public deployment that holds: headers, HTTP answers under /api/, limits and sign-in."""

from __future__ import annotations

import json
import re
import secrets
import uuid

import pytest
from api_tables import Table
from csp.utils import build_policy
from rest_framework.test import APIClient

from tests.problems import is_problem

pytestmark = pytest.mark.django_db


# Headers -------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/api/v1/rulesets/", "/events/"])
def test_every_answer_carries_a_strict_content_security_policy(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_the_kept_policy_is_the_one_django_csp_builds_and_follows_the_settings(client, settings):
    """The site's header is built once and kept (scorekeeper.api.content_policy): it is
    django-csp's own, a view's own policy is still its own, and new settings make a new one."""
    for path in ("/", "/api/v1/rulesets/", "/events/"):
        assert client.get(path)["Content-Security-Policy"] == build_policy(), path
    assert "'unsafe-inline'" in client.get("/api/docs/")["Content-Security-Policy"]
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"img-src": ["'self'"]}}
    answer = client.get("/api/v1/rulesets/")
    assert answer["Content-Security-Policy"] == "default-src 'none'"
    assert answer["Content-Security-Policy-Report-Only"] == build_policy(report_only=True)
    assert "img-src 'self'" in answer["Content-Security-Policy-Report-Only"]


def test_the_app_may_hold_a_wake_lock_and_use_the_camera_and_nothing_more(client):
    response = client.get("/")
    policy = response["Permissions-Policy"]
    assert "camera=(self)" in policy and "screen-wake-lock=(self)" in policy
    assert "geolocation=()" in policy and "microphone=()" in policy
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_no_page_runs_an_inline_script(client):
    for path in ("/", "/events/", "/events/login/", "/api/docs/"):
        html = client.get(path).content.decode()
        inline = [tag for tag in re.findall(r"<script\b[^>]*>", html) if "src=" not in tag]
        assert inline == [], path


def test_the_swagger_page_loads_its_script_as_a_file(client):
    docs = client.get("/api/docs/")
    assert "script-src 'self';" in docs["Content-Security-Policy"] + ";"
    html = docs.content.decode()
    sources = re.findall(r'<script[^>]*src="([^"]+)"', html)
    own = [src for src in sources if "script" in src and "static" not in src]
    assert own, sources
    script = client.get(own[0].replace("&amp;", "&"))
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


# HTTP answers under /api/ --------------------------------------------------------------------


def test_a_401_says_how_to_authenticate(table: Table):
    anonymous = APIClient().post(
        f"/api/v1/games/{table.id}/hands/", {"thrown_in": True}, format="json"
    )
    assert is_problem(anonymous, 401, "Authorization")
    assert anonymous["WWW-Authenticate"].startswith("Bearer")


def test_a_401_of_the_events_api_says_how_to_authenticate_too():
    response = APIClient().post("/api/v1/clubs/", {"name": "Nobody's club"}, format="json")
    assert is_problem(response, 401, "Authorization")
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_a_host_not_allowed_is_a_problem_under_the_api(client):
    response = client.get("/api/v1/rulesets/", HTTP_HOST="evil.example")
    assert is_problem(response, 400, "Host")


def test_an_oversized_body_is_a_problem_naming_the_body(table: Table):
    huge = {"record": {"dealer": 0, "note": "x" * 70_000}}
    response = table.post_hand(huge)
    assert is_problem(response, 413, "body")
    assert table.read()["hands"] == []


def test_a_body_over_the_doors_limit_is_written_as_every_other_problem(client, settings):
    """Refused before the API reads it, the problem is still compact UTF-8 JSON, as DRF's:
    Korean words written as themselves, not escaped."""
    huge = b"x" * (settings.REQUEST_BODY_LIMIT + 1)
    response = client.post(
        "/api/v1/games/", huge, content_type="application/json", HTTP_ACCEPT_LANGUAGE="ko"
    )
    assert is_problem(response, 413, "body")
    text = response.content.decode()
    assert ", " not in text.split('"detail"')[0] and '":"' in text
    assert "\\u" not in text and response.json()["title"] in text


def test_a_field_written_twice_is_refused_by_name_not_read_as_the_last(table: Table):
    body = '{"maker": 0, "outcome": "made", "maker": 1}'
    response = table.client.post(
        table.url + "hands/", body, content_type="application/json", **table.auth
    )
    assert is_problem(response, 400, "maker")
    assert response.json()["detail"] == "a key given twice in one object"
    assert table.read()["hands"] == []


# Limits --------------------------------------------------------------------------------------


def test_games_started_without_an_account_are_limited_per_client(rates):
    rates(games="2/hour")
    phone = APIClient()
    body = {"ruleset": "standard", "players": ["A", "B", "C", "D"], "dealer": 0}
    for _ in range(2):
        assert phone.post("/api/v1/games/", body, format="json").status_code == 201
    assert is_problem(phone.post("/api/v1/games/", body, format="json"), 429, "path")


def test_a_start_refused_or_replayed_is_no_game_started(rates):
    rates(games="2/hour")
    phone = APIClient()
    body = {"ruleset": "standard", "players": ["A", "B", "C", "D"], "dealer": 0}
    for _ in range(3):  # refused: no game started
        assert (
            phone.post("/api/v1/games/", {"ruleset": "standard"}, format="json").status_code == 400
        )
    chosen = {**body, "id": str(uuid.uuid4()), "token": secrets.token_urlsafe(32)}
    # A phone sends its start again after a restore: the same game, answered again.
    statuses = [phone.post("/api/v1/games/", chosen, format="json").status_code for _ in range(3)]
    assert statuses == [201, 200, 200]
    assert phone.post("/api/v1/games/", body, format="json").status_code == 201
    assert is_problem(phone.post("/api/v1/games/", body, format="json"), 429)


# Problems ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body", "status", "title"),
    [
        ("/api/v1/games/", {"ruleset": "standard"}, 400, "Bad Request"),
        (f"/api/v1/games/{'0' * 8}-0000-4000-8000-{'0' * 12}/", None, 404, "Not Found"),
        ("/api/v1/referee/check", {"dealer": "north"}, 400, "Bad Request"),
    ],
)
def test_a_problems_title_is_its_status_phrase(path, body, status, title):
    client = APIClient()
    answer = client.post(path, body, format="json") if body else client.get(path)
    assert is_problem(answer, status)
    assert answer.json()["type"] == "about:blank" and answer.json()["title"] == title


def test_the_health_check_says_when_to_ask_again_while_the_database_is_down(monkeypatch):
    from django.db import OperationalError

    from scorekeeper.api import views

    def refused():
        raise OperationalError("connection refused")

    monkeypatch.setattr(views.connection, "cursor", refused)
    answer = APIClient().get("/api/v1/health/")
    assert is_problem(answer, 503)
    assert answer.json()["title"] == "Service Unavailable"
    assert int(answer["Retry-After"]) > 0
    korean = APIClient().get("/api/v1/health/", HTTP_ACCEPT_LANGUAGE="ko").json()
    assert (korean["title"], korean["detail"]) == (
        "서비스를 쓸 수 없음",
        "데이터베이스가 응답하지 않습니다.",
    )


@pytest.mark.parametrize("path", ["/api/v1/games/", "/events/"])
def test_an_outage_is_told_in_the_clients_language(rf, path):
    """Title and detail both (the outage may strike before the locale middleware has run)."""
    from django.db import OperationalError

    from scorekeeper.outage import outage_response

    answer = outage_response(rf.get(path, HTTP_ACCEPT_LANGUAGE="ko"), OperationalError("gone"))
    assert answer.status_code == 503 and int(answer["Retry-After"]) > 0
    text = answer.content.decode()
    if path.startswith("/api/"):
        text = " ".join(json.loads(text)[key] for key in ("title", "detail"))
    assert "데이터베이스가 응답하지 않습니다" in text and "does not answer" not in text
    assert (
        "서비스를 쓸 수 없음" if path.startswith("/api/") else "잠시 뒤에 다시 시도하세요"
    ) in text


# The schema ---------------------------------------------------------------------------------


@pytest.fixture
def schema_made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the schema is computed, from a process that has not made it yet."""
    from drf_spectacular.generators import SchemaGenerator

    from scorekeeper.api import schema
    from scorekeeper.api.limits import SchemaReads

    monkeypatch.setattr(schema, "_SENT", {})
    monkeypatch.setattr(SchemaReads, "windows", {})
    made: list[int] = []
    real = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        made.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    return made


def test_the_schema_is_computed_once_and_may_be_kept_an_hour(schema_made):
    first = APIClient().get("/api/schema/?format=json")
    again = APIClient().get("/api/schema/?format=json")
    assert first.status_code == again.status_code == 200
    assert first.content == again.content
    assert first["Cache-Control"] == "public, max-age=3600"
    assert len(schema_made) == 1
    kept = APIClient().get("/api/schema/?format=json", HTTP_IF_NONE_MATCH=first["ETag"])
    assert kept.status_code == 304
    APIClient().get("/api/schema/")  # YAML, made once more
    APIClient().get("/api/schema/?format=json", HTTP_ACCEPT_LANGUAGE="ko")
    assert len(schema_made) == 3


def test_reading_the_schema_without_signing_in_is_limited_per_client(
    rates, schema_made, django_user_model
):
    rates(schema="2/hour")
    for _ in range(2):
        assert APIClient().get("/api/schema/?format=json").status_code == 200
    refused = APIClient().get("/api/schema/?format=json")
    assert is_problem(refused, 429, "path")
    assert int(refused["Retry-After"]) > 0
    director = APIClient()
    director.force_login(django_user_model.objects.create_user("dora"))
    assert director.get("/api/schema/?format=json").status_code == 200


def test_a_refused_schema_read_is_a_json_problem_whatever_format_was_asked(rates):
    """The schema is YAML unless JSON is asked for; its refusal is JSON all the same (it was
    YAML under the problem+json content type)."""
    rates(schema="1/hour")
    assert APIClient().get("/api/schema/").status_code == 200
    for asked in ("", "?format=yaml", "?format=json"):
        refused = APIClient().get(f"/api/schema/{asked}")
        assert is_problem(refused, 429), asked
        assert json.loads(refused.content)["status"] == 429, asked


# The admin -----------------------------------------------------------------------------------


def test_the_admin_cannot_delete_hands_games_or_logs(admin_client, table: Table):
    table.quick(maker=0, tricks=3)
    for path in (
        f"/admin/scorekeeper/game/{table.id}/delete/",
        "/admin/scorekeeper/hand/1/delete/",
        "/admin/scorekeeper/changelogentry/1/delete/",
    ):
        assert admin_client.get(path).status_code in (403, 302), path
    assert len(table.read()["hands"]) == 1
