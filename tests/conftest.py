"""Fixtures every test folder may use."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection, connections, transaction
from django.test import TransactionTestCase
from django.utils import translation
from rest_framework.throttling import SimpleRateThrottle

from scorekeeper.api.limits import SchemaReads
from scorekeeper.backups import backups_settled
from tests.prepared import Prepared
from tests.seeds import run_seed


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis draws from the run's seed too (before its own plugin reads the option)."""
    if config.getoption("hypothesis_seed", None) is None:
        config.option.hypothesis_seed = str(run_seed())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that start processes or move a database along its migrations (tens of
    seconds each), then the browser's (seconds), then the rest (milliseconds), dealt out to
    the test workers: pytest-xdist starts each worker on one run of the list and lets an idle
    one take the end of another's, so each run begins with its share of the long tests and
    ends on short ones. (Sorted alone, the long tests would all fall in the first worker's
    run, and the others would wait for it at the end.) A file's browser and quick tests stay
    together, where their module's fixtures are made once."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    runs: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for kind in (_LONG, _BROWSER, _QUICK):
        share = [item for item in items if _kind(item) == kind]
        if kind == _LONG:
            groups = [[item] for item in share]
        else:
            by_file: dict[Path, list[pytest.Item]] = {}
            for item in share:
                by_file.setdefault(item.path, []).append(item)
            groups = sorted(by_file.values(), key=len, reverse=True)
        dealt = [0] * workers
        for group in groups:
            hand = dealt.index(min(dealt))
            runs[hand] += group
            dealt[hand] += len(group)
    items[:] = [item for run in runs for item in run]


_LONG, _BROWSER, _QUICK = range(3)


def _kind(item: pytest.Item) -> int:
    migrates = "empty_first" in getattr(item, "fixturenames", ())
    if migrates or item.get_closest_marker("slow") is not None:
        return _LONG
    return _BROWSER if BROWSER in item.path.parents else _QUICK


BROWSER = Path(__file__).parent / "browser"


def pytest_report_header(config: pytest.Config) -> str:
    return _SEED_LINE.format(seed=run_seed())


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The seed again at the end, where it is printed under -q too (the header is not)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    terminalreporter.write_line(_SEED_LINE.format(seed=run_seed()))


_SEED_LINE = "TEST_SEED={seed} (Hypothesis and every random draw; set it to replay a run)"


def run_folder(factory: pytest.TempPathFactory) -> Prepared:
    """The folder this run's test workers share (each worker has its own below it)."""
    own = factory.getbasetemp()
    return Prepared(own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own)


@pytest.fixture(scope="session")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Prepared:
    """A migrated database to copy and the static files collected, made once a run
    (tests/prepared.py)."""
    return run_folder(tmp_path_factory)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Once every worker has finished, the run's PostgreSQL template goes."""
    if not hasattr(session.config, "workerinput"):
        run_folder(session.config._tmp_path_factory).remove()  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The test database, made (pytest-django's), with the connections its making opened
    closed. Django keeps a connection per thread and per context (asgiref's Local), and the
    database is made in a context of its own: the browser tests run in Playwright's, where that
    connection is never seen again, so it stayed open until the end of the run (a test waiting
    for the other sessions of the database to end waited on it). For the same reason the
    tests' own connection is not the one the database's removal closes: on PostgreSQL, which
    removes no database in use, the sessions left are ended first: the tests' own (an
    autovacuum worker on the database is the server's, which the removal ends itself)."""
    with django_db_blocker.unblock():
        connections.close_all()
    yield
    with django_db_blocker.unblock():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    " AND usename = current_user AND backend_type = 'client backend'"
                )
        connections.close_all()


@pytest.fixture
def rates(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set low limits for one test: `rates(games="2/hour")` (the real ones are in settings)."""

    def set_rates(**scopes: str) -> None:
        table = {**SimpleRateThrottle.THROTTLE_RATES, **scopes}
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", table)
        # The counters start afresh: a test that commits (transaction=True) leaves its own in
        # the cache table, which no rollback takes back; the schema's reads count in the
        # process, where an earlier test of this worker left its own.
        cache.clear()
        monkeypatch.setattr(SchemaReads, "windows", {})

    return set_rates


@pytest.fixture(autouse=True)
def _default_language_after_each_test() -> Iterator[None]:
    """A request in Korean leaves Korean active in the thread (the locale middleware sets it
    at the start of the next request, not at the end of this one): the next test starts in
    the default language, as a new request or command would."""
    yield
    translation.deactivate()


def _commits(item: pytest.Item) -> bool:
    """Whether a test writes to the database for good: it leaves no rollback behind it."""
    marker = item.get_closest_marker("django_db")
    names = getattr(item, "fixturenames", ())
    return bool(
        (marker is not None and marker.kwargs.get("transaction"))
        or "transactional_db" in names
        or "live_server" in names
    )


@pytest.fixture(autouse=True)
def _committing_tests_leave_nothing_behind(
    request: pytest.FixtureRequest,
) -> Iterator[None]:
    """A test that commits leaves nothing running or counted for the next test of its worker:
    its background backups finish before the flush (which would otherwise deadlock with a
    dump still reading the tables), and the cache, a table the flush leaves alone, goes too
    (else the next test meets a limit counter it never reached)."""
    yield
    if _commits(request.node):
        # A backup the test set off (a round completed, a night closed) still reads the
        # database: it finishes before the flush empties the tables under it.
        backups_settled()
        with request.getfixturevalue("django_db_blocker").unblock():
            cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _a_committing_test_is_emptied_by_delete() -> Iterator[None]:
    """After a test that commits, its rows are deleted, table by table in one transaction
    (every foreign key is deferred to its commit), instead of Django's flush: that truncates
    every table on PostgreSQL, about 45 ms where deleting a test's few rows takes 4, and then
    writes the content types and permissions again, which migrating made and no test changes,
    so they are kept (20 ms more a test on either database)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TransactionTestCase, "_fixture_teardown", _delete_every_row)
        yield


def _delete_every_row(case: TransactionTestCase) -> None:
    for alias in case._databases_names(include_mirrors=False):  # type: ignore[attr-defined]
        connection = connections[alias]
        tables = connection.introspection.django_table_names(
            only_existing=True, include_views=False
        )
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            for table in sorted(set(tables) - MADE_BY_MIGRATING):
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")


MADE_BY_MIGRATING = {"django_content_type", "auth_permission"}


@pytest.fixture
def empty_first(transactional_db: None) -> None:
    """A migration test starts from an empty database, whatever an earlier test of its worker
    left committed: one row it did not write (an event-wide change, whose table is empty)
    would stop the way back where an older schema required that column."""
    call_command("flush", interactive=False, verbosity=0)
