"""The app shell, its service worker and its web app manifest.

The shell is one page for every screen; it holds no game data, so the service worker can
serve it from its cache and the app starts with the network off. Data comes only from the
REST API (`/api/v1/`).
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from markdown_it import MarkdownIt

from referee.terms import TERMS

STATIC_DIR = Path(__file__).resolve().parent / "static"
TEMPLATES_DIR = Path(__file__).resolve().parent / "templates" / "webapp"
# What the app needs at run time. The vendored axe-core is for the browser tests only.
SHIPPED = ("webapp/js", "webapp/css", "webapp/icons", "vendor/idb-keyval/index.js")
THEME_COLOR = "#146c43"
BACKGROUND_COLOR = "#f4f1e8"
NO_CACHE = "no-cache"
# The rules document the app links to, served as a page (and kept by the service worker).
RULES_DOC = Path(settings.BASE_DIR) / "docs" / "rules.md"
RULES_URL = "/rules/"
OPTION = re.compile(r"\*\*([a-z_]+)\*\*")


def shipped_files() -> list[str]:
    """Static names of every file the app loads, in a stable order."""
    names: list[str] = []
    for entry in SHIPPED:
        path = STATIC_DIR / entry
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        names.extend(file.relative_to(STATIC_DIR).as_posix() for file in files)
    return names


#: Modules a screen imports when it opens (`import()`), not preloaded with the shell: the
#: share screen (views/share.js, through views/later.js) and its QR code maker, and the
#: referee's screen with its auction's words, which only it imports. The service worker keeps them too, for offline use.
ON_DEMAND = frozenset(
    {
        "webapp/js/qr.js",
        "webapp/js/views/referee.js",
        "webapp/js/views/referee_auction.js",
        "webapp/js/views/share.js",
    }
)


def modules() -> list[str]:
    """The modules the shell preloads: every one the app ships but those loaded on demand."""
    return [name for name in shipped_files() if name.endswith(".js") and name not in ON_DEMAND]


def precache() -> tuple[list[str], str]:
    """The URLs the service worker caches on install, and a version that changes whenever
    one of those files or the shell changes (hashed names alone don't cover local runs)."""
    urls = ["/", "/manifest.webmanifest", RULES_URL]
    digest = hashlib.sha256()
    digest.update(RULES_DOC.read_bytes())
    for name in shipped_files():
        url = static(name)
        urls.append(url)
        digest.update(url.encode())
        digest.update((STATIC_DIR / name).read_bytes())
    for template in ("shell.html", "sw.js", "rules.html"):
        digest.update((TEMPLATES_DIR / template).read_bytes())
    return urls, digest.hexdigest()[:16]


def shell(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "webapp/shell.html",
        {"modules": [static(name) for name in modules()], "theme_color": THEME_COLOR},
    )
    response["Cache-Control"] = NO_CACHE
    return response


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@lru_cache(maxsize=4)
def _rules_html(modified: float) -> tuple[SafeString, str]:
    """docs/rules.md as HTML (its own markup escaped), with an id on every heading so the app
    can link to a section; and the document's title."""
    markdown = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = markdown.parse(RULES_DOC.read_text(encoding="utf-8"))
    title = ""
    for opening, inline in pairwise(tokens):
        if opening.type == "heading_open":
            opening.attrSet("id", _slug(inline.content))
            title = title or inline.content
        elif opening.type == "table_open":
            # A wide table scrolls sideways on a phone: reachable from the keyboard too.
            opening.attrSet("tabindex", "0")
        elif opening.type == "paragraph_open" and (option := OPTION.match(inline.content)):
            # "**stuck_dealer**: what happens ..." explains an option: link it by its name.
            opening.attrSet("id", option.group(1))
    return mark_safe(markdown.renderer.render(tokens, markdown.options, {})), title


def rules(request: HttpRequest) -> HttpResponse:
    """The rules page. It is written in English; a Korean reader is told so first, with the
    game's words as the referee and the app say them in Korean (the reviewed table)."""
    body, title = _rules_html(RULES_DOC.stat().st_mtime)
    terms = [(term.english, term.korean) for term in TERMS] if get_language() == "ko" else []
    response = render(
        request,
        "webapp/rules.html",
        {"body": body, "title": title, "theme_color": THEME_COLOR, "terms": terms},
    )
    response["Cache-Control"] = NO_CACHE
    return response


def service_worker(request: HttpRequest) -> HttpResponse:
    urls, version = precache()
    response = render(
        request,
        "webapp/sw.js",
        {"precache": _script_json(urls), "version": _script_json(version)},
        content_type="text/javascript; charset=utf-8",
    )
    # The browser checks for a new worker on every visit; it must never get a stale one.
    response["Cache-Control"] = NO_CACHE
    return response


def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {
            "src": static(f"webapp/icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any",
        }
        for size in (192, 512)
    ] + [
        {
            "src": static(f"webapp/icons/maskable-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in (192, 512)
    ]
    body = {
        "id": "/",
        "name": "Euchre Scorekeeper",
        "short_name": "Euchre",
        "description": "Keep score at the Euchre table and ask the referee for rulings.",
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "categories": ["games", "utilities"],
        "icons": icons,
        "shortcuts": [
            {"name": "New game", "url": "/new/"},
            {"name": "Ask the referee", "url": "/referee/"},
        ],
    }
    response = JsonResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = NO_CACHE
    return response


def _script_json(value: object) -> str:
    """JSON safe to place inside a script."""
    return json.dumps(value).replace("<", "\\u003c")
