"""What every API test asks of an error: an RFC 9457 problem, naming the field at fault."""

from __future__ import annotations

from typing import Any


def is_problem(
    response: Any, status: int, field: str | None = None, code: str | None = None
) -> bool:
    """The response is an RFC 9457 problem with this status (naming this field and code)."""
    assert response.status_code == status, (response.status_code, response.content[:500])
    assert response["Content-Type"] == "application/problem+json", response["Content-Type"]
    body = response.json()
    assert body["status"] == status and body["title"] and body["detail"], body
    if field is not None:
        assert body["field"] == field, body
    if code is not None:
        assert body["code"] == code, body
    return True
