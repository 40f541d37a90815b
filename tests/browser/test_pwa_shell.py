"""The app shell, its service worker and manifest as Django serves them (no browser)."""

from __future__ import annotations

import gzip
import json
import re
import uuid
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import AppDirectoriesFinder
from django.test import Client, override_settings

from scorekeeper.webapp import views
from scorekeeper.webapp.storage import StaticStorage

PRECACHE = re.compile(r"const PRECACHE = (\[.*?\]);")
VERSION = re.compile(r'const VERSION = "([0-9a-f]+)";')


def precache_of(body: str) -> list[str]:
    return json.loads(PRECACHE.search(body).group(1))


# A game's id of no game yet (the same in every test worker: the ids are in the test names).
SOME_GAME = uuid.UUID(int=0x5EED)


@pytest.mark.parametrize(
    "path", ["/", "/new/", "/referee/", f"/g/{SOME_GAME}/", f"/g/{SOME_GAME}/referee/"]
)
def test_every_screen_is_the_same_shell(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert '<script type="module" src="/static/webapp/js/main.js">' in body
    assert '<link rel="manifest" href="/manifest.webmanifest">' in body


def test_the_rules_document_is_a_page_with_a_link_to_every_section_and_option(
    client: Client,
) -> None:
    response = client.get("/rules/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "<title>The referee&#x27;s rules · Euchre Scorekeeper</title>" in body
    assert '<h3 id="following-suit">Following suit</h3>' in body
    assert '<p id="stuck_dealer">' in body
    assert '<table tabindex="0">' in body and "<code>must-call</code>" in body
    # The document's own markup is text, never markup of the page.
    assert "<script>" not in body.split('<main id="main"')[1]


def test_a_path_that_is_no_screen_is_not_found(client: Client) -> None:
    assert client.get("/g/not-a-game/").status_code == 404


def test_the_service_worker_precaches_every_shipped_file_and_is_never_cached(
    client: Client,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Type"].startswith("text/javascript")
    urls = precache_of(response.content.decode())
    assert urls[:3] == ["/", "/manifest.webmanifest", "/rules/"]
    shipped = [f"/static/{name}" for name in views.shipped_files()]
    assert urls[3:] == shipped
    assert "/static/webapp/js/main.js" in urls
    assert "/static/vendor/idb-keyval/index.js" in urls
    assert not [url for url in urls if "axe" in url], "axe-core is for the tests only"
    assert finders.find("vendor/axe-core/axe.min.js") is None, "and is never a static file"


def test_the_worker_version_changes_when_a_shipped_file_changes(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = VERSION.search(client.get("/sw.js").content.decode()).group(1)
    original = Path.read_bytes
    changed = views.STATIC_DIR / "webapp" / "css" / "app.css"
    monkeypatch.setattr(
        Path, "read_bytes", lambda self: original(self) + (b"/* new */" if self == changed else b"")
    )
    after = VERSION.search(client.get("/sw.js").content.decode()).group(1)
    assert before != after


def test_the_manifest_has_what_installing_needs(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert ("512x512", "maskable") in purposes
    assert ("192x192", "any") in purposes


def test_production_storage_hashes_module_imports_and_the_precache(
    client: Client, tmp_path: Path
) -> None:
    """With hashed names, an ES module must import its neighbours by their hashed names too,
    or the app would fetch files the service worker never cached and break offline."""
    storage = StaticStorage(location=str(tmp_path), base_url="/static/")
    found = {}
    for path, source in AppDirectoriesFinder(app_names=["scorekeeper.webapp"]).list([]):
        with source.open(path) as handle:
            storage.save(path, handle)
        found[path] = (source, path)
    for name, _hashed, processed in storage.post_process(found):
        assert not isinstance(processed, Exception), f"{name}: {processed}"

    main = (tmp_path / storage.stored_name("webapp/js/main.js")).read_text()
    imports = re.findall(r'from "([^"]+)";', main)
    assert imports, "main.js imports its modules"
    assert all(re.search(r"\.[0-9a-f]{12}\.js$", target) for target in imports), imports
    db = (tmp_path / storage.stored_name("webapp/js/db.js")).read_text()
    assert re.search(r'from "\.\./\.\./vendor/idb-keyval/index\.[0-9a-f]{12}\.js";', db)

    staticfiles = {"BACKEND": "scorekeeper.webapp.storage.StaticStorage"}
    with override_settings(
        STATIC_ROOT=tmp_path,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": staticfiles,
        },
    ):
        body = client.get("/sw.js").content.decode()
        shell = client.get("/").content.decode()
    urls = precache_of(body)
    static_urls = [url for url in urls if url.startswith("/static/")]
    assert static_urls and all(re.search(r"\.[0-9a-f]{12}\.\w+$", url) for url in static_urls)
    assert storage.url("webapp/js/main.js") in shell


FIRST_LOAD = re.compile(
    r'<(?:link rel="(?:stylesheet|modulepreload)" href|script type="module" src)="([^"]+)"'
)
BUDGET = 100 * 1024


def test_the_first_load_ships_under_100_kb_of_script_and_style_gzipped(client: Client) -> None:
    """Everything the shell makes the browser fetch as script or style, gzipped as served.
    (axe-core, loaded by the tests only, is not among it.)"""
    shell = client.get("/").content.decode()
    urls = sorted(set(FIRST_LOAD.findall(shell)))
    assert "/static/webapp/css/app.css" in urls and "/static/webapp/js/main.js" in urls
    # Every module the app imports is preloaded, so this is all of it, but those a screen
    # loads when it opens (the QR code's maker), which the service worker keeps all the same.
    assert {f"/static/{name}" for name in views.modules()} <= set(urls)
    on_demand = {f"/static/{name}" for name in views.ON_DEMAND}
    assert on_demand and on_demand.isdisjoint(urls) and on_demand <= set(views.precache()[0])
    sizes = {}
    for url in urls:
        path = finders.find(url.removeprefix("/static/"))
        sizes[url] = len(gzip.compress(Path(path).read_bytes(), compresslevel=9))
    total = sum(sizes.values())
    print(f"first load: {len(urls)} files, {total} bytes gzipped")
    assert total < BUDGET, sizes
