"""An upgrade while a phone holds queued hands: the previous build of the app and server (the
last commit before migration 0006 was added, taken from git) serves a game; the phone scores
two hands online and two offline; the server is stopped, upgraded to this build (migrating the
database across 0006, which fills in where each game stands from its hands) and started again.

The phone's service worker updates to the new build (the player taps "Update") with the
outbox untouched; the new app then sends the two hands the old one queued, and the new server
takes them: the game has four hands, each once, and a score that adds up. An entry in a format
the new server does not read is refused, and the phone says so beside it (never dropped
without a word).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from stack import REPO, Stack
from table import OUTBOX, Table, eventually

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.service_worker]
MIGRATION = "scorekeeper/migrations/0006_game_standing_kept.py"
# An entry as a build this server does not read would have queued it (format 99).
FOREIGN = """(entry) => new Promise((resolve, reject) => {
  const open = indexedDB.open("euchre-outbox");
  open.onsuccess = () => {
    const id = entry.id.replace(/-[^-]*$/, "-zzforeign");
    const put = open.result.transaction("entries", "readwrite").objectStore("entries").put(
      {...entry, id, key: "foreign-" + entry.key, format: 99, version: entry.version + 1,
       number: entry.number + 1}, id);
    put.onsuccess = () => resolve(id);
    put.onerror = () => reject(put.error);
  };
})"""


def previous_build(folder: Path) -> Path:
    """The code as it was just before migration 0006 was added, or a skip saying why not."""
    git = shutil.which("git")
    if git is None or not (REPO / ".git").exists():
        pytest.skip("the upgrade test takes the previous build from git: no git checkout here")
    found = subprocess.run(
        [git, "log", "--diff-filter=A", "--format=%H", "--", MIGRATION],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    if not found:
        pytest.skip("the history that adds migration 0006 is not in this checkout (shallow?)")
    target = folder / "previous"
    target.mkdir()
    archive = subprocess.run(
        [git, "archive", "--format=tar", f"{found[-1]}^"], cwd=REPO, capture_output=True
    )
    if archive.returncode != 0:
        pytest.skip("the build before migration 0006 is not in this checkout (shallow?)")
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    assert not (target / MIGRATION).exists()
    return target


def score(page: Page, maker: str, tricks: int, number: int) -> None:
    """A hand on the previous build's form: who called, the suit, the tricks, Save."""
    page.get_by_role("group", name="Who called trump?").get_by_role("radio", name=maker).check()
    page.get_by_role("group", name="Trump").get_by_role("radio", name="Hearts").check()
    page.get_by_role("group", name="Tricks the makers took").get_by_role(
        "radio", name=str(tricks), exact=True
    ).check()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name=f"Hand {number + 1}")).to_be_visible()


def test_hands_queued_under_the_previous_build_reach_the_upgraded_server(stack: Stack, phone):
    old = previous_build(stack.folder)
    database = stack.database("upgrade")
    stack.prepare(database, repo=old)
    assert "[ ] 0006_game_standing_kept" not in stack.manage(
        database, "showmigrations", "scorekeeper", repo=old
    )  # the previous build does not know it
    stack.start(database, repo=old)

    context = phone()
    page = context.new_page()
    table = Table(page, stack.base)
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    table.wait_until_controlled()
    game = table.game_id
    before = page.evaluate("() => document.querySelector('script[type=module]').src")
    score(page, "Ann", 3, 1)
    score(page, "Ben", 5, 2)
    eventually(page, lambda: len(stack.read(f"/api/v1/games/{game}/")["hands"]) == 2)
    context.set_offline(True)
    score(page, "Cat", 4, 3)
    score(page, "Dan", 3, 4)
    expect(page.locator("#status")).to_contain_text("2 hands not sent yet")
    queued = page.evaluate(OUTBOX)
    assert len(queued) == 2 and all("format" not in entry for entry in queued)

    # The upgrade: the new code, its migration across 0006, its static files, and a restart.
    stack.stop()
    stack.prepare(database)
    stack.manage(database, "migrate", "--check")  # nothing left to apply
    stack.start(database)

    # The old app must not send its queue before it is replaced: the API is out of reach
    # while the service worker updates.
    def unreachable(route: Route) -> None:
        route.abort()

    context.route("**/api/**", unreachable)
    context.set_offline(False)
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.get_by_text("A new version of the app is ready.")).to_be_visible(timeout=15_000)
    # The new worker takes over and the page reloads itself: wait for that reload, since the
    # old page shows the same heading until it happens.
    with page.expect_event("load", timeout=15_000):
        page.get_by_role("button", name="Update").click()
    expect(page.get_by_role("heading", name="Hand 5")).to_be_visible(timeout=15_000)
    after = page.evaluate("() => document.querySelector('script[type=module]').src")
    assert after != before  # the new build runs
    assert len(stack.read(f"/api/v1/games/{game}/")["hands"]) == 2
    assert page.evaluate(OUTBOX) == queued  # the outbox came through the update untouched
    page.evaluate(FOREIGN, queued[-1])

    context.unroute("**/api/**", unreachable)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    eventually(page, lambda: len(stack.read(f"/api/v1/games/{game}/")["hands"]) == 4)
    alert = page.locator("section.rejected[role=alert]")
    expect(alert).to_contain_text("format 99")
    expect(alert).to_contain_text("enter it again")
    hands = stack.read(f"/api/v1/games/{game}/")
    assert [h["number"] for h in hands["hands"]] == [1, 2, 3, 4]
    assert [h["maker"] for h in hands["hands"]] == [0, 1, 2, 3]
    awarded = [0, 0]
    for hand in hands["hands"]:
        for team, points in hand["award"]["points"].items():
            awarded[int(team)] += points
    assert hands["score"] == awarded  # what 0006 filled in, and the two hands since
    assert [entry["id"] for entry in page.evaluate(OUTBOX)] == [
        queued[-1]["id"].rsplit("-", 1)[0] + "-zzforeign"
    ]  # the refused one stays until the player has read it
