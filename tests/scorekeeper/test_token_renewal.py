"""A table takes back a keep-score link it shared: a new token, and the old one stops working."""

from __future__ import annotations

from api_tables import Table, is_problem


def renew(table: Table, token: str | None = None) -> object:
    headers = {} if token == "" else {"HTTP_AUTHORIZATION": f"Bearer {token or table.token}"}
    return table.client.post(table.url + "token/", **headers)


def test_the_new_token_opens_the_game_and_the_old_one_no_longer_does(table: Table):
    table.quick(maker=0, tricks=3)
    old = table.token
    response = renew(table)
    assert response.status_code == 200, response.content
    assert response["Cache-Control"] == "no-store"
    new = response.json()["token"]
    assert new != old and len(new) >= 43

    refused = table.client.post(
        table.url + "hands/",
        {"maker": 1, "trump": "S", "maker_tricks": 3},
        format="json",
        HTTP_AUTHORIZATION=f"Bearer {old}",
    )
    assert is_problem(refused, 403, field="Authorization", code="wrong-token")
    assert is_problem(renew(table, old), 403, code="wrong-token")

    table.token = new
    written = table.quick(maker=1, tricks=5)
    assert written["game"]["score"] == [1, 2]


def test_renewing_changes_nothing_a_watcher_sees(table: Table):
    table.quick(maker=0, tricks=3)
    before = table.read()
    assert renew(table).status_code == 200
    assert table.read() == before


def test_only_the_tokens_holder_may_renew_it(table: Table, new_table):
    other = new_table()
    assert is_problem(renew(table, ""), 401)
    assert is_problem(renew(table, other.token), 403, code="wrong-token")
    table.quick(maker=0, tricks=3)  # the right token still works: nothing was renewed
    missing = table.client.post(
        "/api/v1/games/00000000-0000-4000-8000-000000000000/token/",
        HTTP_AUTHORIZATION=f"Bearer {table.token}",
    )
    assert is_problem(missing, 404)


def test_a_refused_renewal_is_said_in_the_phones_language(table: Table, new_table):
    other = new_table()
    refused = table.client.post(
        table.url + "token/",
        HTTP_AUTHORIZATION=f"Bearer {other.token}",
        HTTP_ACCEPT_LANGUAGE="ko",
    )
    assert refused.json()["detail"] == "이 토큰으로는 이 게임을 열 수 없습니다."
    missing = table.client.post(
        "/api/v1/games/00000000-0000-4000-8000-000000000000/token/",
        HTTP_AUTHORIZATION=f"Bearer {table.token}",
        HTTP_ACCEPT_LANGUAGE="ko",
    )
    assert missing.json()["detail"] == "이 ID의 게임이 없습니다."
