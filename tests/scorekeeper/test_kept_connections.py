"""A kept PostgreSQL connection is checked by its socket before a request uses it: a quiet
one is used without the `SELECT 1` round trip, one the server ended is replaced
(scorekeeper/postgresql/base.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.postgresql import base as django_postgresql

from tests.waiting import until

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL (set DATABASE_URL); .ci/run has it"
)


@pytest.fixture
def kept() -> Iterator[BaseDatabaseWrapper]:
    """A connection of its own, as a server process keeps one between requests."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    yield wrapper
    wrapper.close()


@pytest.fixture
def round_trips(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each `SELECT 1` health check Django's backend makes."""
    made: list[str] = []
    asked = django_postgresql.DatabaseWrapper.is_usable

    def counted(self: django_postgresql.DatabaseWrapper) -> bool:
        made.append("SELECT 1")
        return bool(asked(self))

    monkeypatch.setattr(django_postgresql.DatabaseWrapper, "is_usable", counted)
    return made


@pytest.mark.django_db
def test_a_quiet_connection_is_used_without_a_round_trip(kept, round_trips):
    kept.close_at = None  # (kept, as CONN_MAX_AGE keeps it)
    assert kept.settings_dict["ENGINE"] == "scorekeeper.postgresql"
    for _ in range(3):
        kept.close_if_health_check_failed()
        assert kept.connection is not None and kept.is_usable()
    assert round_trips == []


@pytest.mark.django_db
def test_a_connection_the_server_ended_is_replaced_before_the_request_uses_it(kept, round_trips):
    pid = kept.connection.info.backend_pid
    ended = kept.connection
    with connections.create_connection("default").cursor() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    until(lambda: not kept.is_usable(), within=10, what="the ended connection found unusable")
    assert round_trips  # (something waited on its socket: Django's own check confirmed it)
    kept.health_check_done = False
    kept.close_if_health_check_failed()
    with kept.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid
    assert kept.connection is not ended


@pytest.mark.django_db
def test_a_connection_left_in_a_transaction_gets_the_round_trip(kept, round_trips):
    kept.connection.execute("BEGIN")
    assert kept.is_usable() and round_trips == ["SELECT 1"]
    kept.connection.execute("ROLLBACK")
    assert kept.is_usable() and round_trips == ["SELECT 1"]
