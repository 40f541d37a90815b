"""Settings for the scorekeeper, read from the environment.

Local runs need nothing set: DEBUG is off unless DJANGO_DEBUG=1, and the database is a
SQLite file beside the code. Production sets DATABASE_URL, SECRET_KEY and ALLOWED_HOSTS.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

from scorekeeper.instance import secret_key_kept

BASE_DIR = Path(__file__).resolve().parent.parent
# Django's generic classes take type arguments at run time too (`ModelAdmin[Game]`).
django_stubs_ext.monkeypatch()


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)
# Under pytest nobody should have to invent a secret; the test run never serves anyone.
TESTING = "pytest" in sys.modules

# Unset, the laptop's own key, once `serve` has made it (scorekeeper.instance): a command typed
# at the laptop (`manage.py restore`) runs as its server does.
SECRET_KEY = os.environ.get("SECRET_KEY", "") or ("" if DEBUG or TESTING else secret_key_kept())
if not (DEBUG or TESTING):
    if not SECRET_KEY:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DJANGO_DEBUG is off (on a laptop, `make serve` makes"
            " its own once)."
        )
    if len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
        raise ImproperlyConfigured(
            "SECRET_KEY must be at least 50 random characters: "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
SECRET_KEY = SECRET_KEY or "insecure-local-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
# The address phones use to reach this server (http://192.168.1.20:8000, https://scores.club.org):
# what the table cards' QR codes and short URLs point to. Unset: the address the director's
# browser used.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip()
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
CSRF_FAILURE_VIEW = "scorekeeper.api.problems.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "scorekeeper",
    "scorekeeper.webapp",
    "scorekeeper.events",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # django-csp's policy header, kept once built (scorekeeper.api.content_policy).
    "scorekeeper.api.content_policy.SitePolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # A body larger than REQUEST_BODY_LIMIT is answered 413 before anything reads it.
    "scorekeeper.api.door.BodyLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Django's sessions, a browser's kept while the database waits for a backup to restore.
    "scorekeeper.events.pages.restore.SessionKeptForRestoreMiddleware",
    # Pages and server messages speak the visitor's language: the app's choice (a cookie),
    # else Accept-Language (English or Korean; a language it gives quality 0 is not asked for).
    "scorekeeper.languages.AcceptedLocaleMiddleware",
    # An entry a phone queued in a format this server cannot take is refused, saying so.
    "scorekeeper.api.entry_format.EntryFormatMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in director's pages are never cached; on a plain-HTTP LAN their session ends
    # after SESSION_IDLE_SECONDS without an action of theirs (scorekeeper.api.sessions).
    "scorekeeper.api.sessions.DirectorSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A database outage in a view answers 503 with Retry-After (scorekeeper.outage).
    "scorekeeper.outage.DatabaseOutageMiddleware",
    # A sign-in that came too soon after wrong passwords is answered 429 (scorekeeper.api.sign_in).
    "scorekeeper.api.sign_in.SignInSlowingMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A kept connection's health is asked of its socket, not by a `SELECT 1` round trip
    # before each request's first query (scorekeeper/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "scorekeeper.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A club night on the embedded default: readers never wait for writers (WAL), a write
    # transaction takes the write lock when it begins (IMMEDIATE), so two writers queue instead
    # of one failing on a lock upgrade, and a writer waits up to SQLITE_TIMEOUT seconds for
    # its turn instead of answering "database is locked". The threads of a server process
    # queue for it on a lock of their own, woken in turn (scorekeeper/sqlite/base.py).
    DATABASES["default"]["ENGINE"] = "scorekeeper.sqlite"
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": float(os.environ.get("SQLITE_TIMEOUT", "20")),
        # secure_delete: what is deleted or overwritten is zeroed on the disk, so an erased
        # name (scorekeeper.events.services.privacy) stays in no free page, nor in a backup.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
        "PRAGMA secure_delete=ON",
        **DATABASES["default"].get("OPTIONS", {}),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The largest request body the app takes: the admin's forms (the API's JSON bodies are held to
# 64 KB by its parser). The laptop's waitress and the shipped nginx refuse larger ones unread.
REQUEST_BODY_LIMIT = 256 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_BODY_LIMIT
# `manage.py backup` writes here and, when BACKUP_MIRROR names a second place (another disk,
# a USB stick), there too; every backup of an open night is kept, and the last of each closed
# one, and of the others the newest BACKUP_KEEP (scorekeeper.backups). `serve` makes one every
# BACKUP_INTERVAL seconds while a round is in play and something was written since (0: never).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR") or BASE_DIR / "backups")
BACKUP_MIRROR = Path(os.environ["BACKUP_MIRROR"]) if os.environ.get("BACKUP_MIRROR") else None
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "48"))
# The event formats a club may run, each a class of scorekeeper/events/formats/ by its dotted
# path (docs/architecture.md, "An event format"): registering one is a line here.
EVENT_FORMATS = [
    "scorekeeper.events.formats.progressive.Progressive",
    "scorekeeper.events.formats.round_robin.RoundRobin",
    "scorekeeper.events.formats.knockout.Knockout",
    "scorekeeper.events.formats.party.Party",
    "scorekeeper.events.formats.swiss.Swiss",
]
# The most players one event enters (a team event half as many teams), those who left included:
# seating a round takes a time bounded by it. A regional night of 400 raises it.
EVENT_MAX_ENTRANTS = int(os.environ.get("EVENT_MAX_ENTRANTS", "200"))
if EVENT_MAX_ENTRANTS < 4:
    raise ImproperlyConfigured("EVENT_MAX_ENTRANTS must be 4 or more: one table's players.")

AUTHENTICATION_BACKENDS = [
    # Django's own check of users and passwords, after refusing a try that comes too soon
    # after wrong passwords (SIGN_IN_* below).
    "scorekeeper.api.sign_in.SlowedSignIn",
]

# A director's password: 12 characters at least, not like their user name, not on the list of
# common passwords, not all digits.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ko", "한국어")]
# Korean for pages and server messages: `make messages` after changing a translatable string.
LOCALE_PATHS = [BASE_DIR / "scorekeeper" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest needs `collectstatic`, which a local run or a test run never does.
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            # WhiteNoise's manifest storage, also hashing ES module imports (the table app).
            else "scorekeeper.webapp.storage.StaticStorage"
        )
    },
}
# Locally and under test, serve static files from the apps without collectstatic.
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG or TESTING

# HTTPS. A hosted site is HTTPS only: plain HTTP is redirected, cookies are Secure, browsers are
# told to come back over HTTPS (HSTS). A club's laptop on the club's Wi-Fi serves plain HTTP
# (HTTPS=0, the LAN mode of docs/deployment.md): no redirect, cookies without Secure, no HSTS.
# A deployment behind a TLS proxy sets SECURE_PROXY_SSL_HEADER=1 so Django trusts
# X-Forwarded-Proto. HSTS for subdomains and the preload list bind a whole domain, so they are
# off unless asked for.
HTTPS = env_bool("HTTPS", not (DEBUG or TESTING))
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SECURE_REDIRECT_EXEMPT = [r"^api/v1/health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
# On a plain-HTTP LAN a director's session ends after two hours without an action of theirs
# (polls do not count), and after twelve hours at most; with HTTPS it lasts two weeks.
SESSION_IDLE_SECONDS = int(os.environ.get("SESSION_IDLE_SECONDS", "0" if HTTPS else "7200"))
SESSION_COOKIE_AGE = int(
    os.environ.get("SESSION_COOKIE_AGE", str(14 * 86400 if HTTPS else 12 * 3600))
)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The deploy checks warn about the two HSTS options left off above on purpose, and, in the
# LAN mode, about plain HTTP itself.
SILENCED_SYSTEM_CHECKS = env_list(
    "SILENCED_SYSTEM_CHECKS",
    ["security.W005", "security.W021"]
    + ([] if HTTPS else ["security.W004", "security.W008", "security.W012", "security.W016"]),
)
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy: scripts, styles and everything else from this site only, never
# inline; no framing. Tokens sit in the browser's storage, so no other origin may run script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# The table app holds a wake lock and reads QR codes with the camera; nothing else is needed.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "camera": ["self"],
    "screen-wake-lock": ["self"],
    "geolocation": [],
    "microphone": [],
    "payment": [],
    "usb": [],
}

# The standings computed for each version of an event (and the other answers kept for the
# watchers polling them) live in the database's own cache table (created by `migrate`), so every
# app server shares them. The limits count in a table of their own (scorekeeper.counters).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "cache",
    },
}
# Behind a proxy, the client is the address the proxy saw (X-Forwarded-For, NUM_PROXIES hops).
NUM_PROXIES = int(os.environ["NUM_PROXIES"]) if os.environ.get("NUM_PROXIES") else None
# Director sign-in: wrong passwords for a user name from one client make that client's next try
# of it wait (1 s, 2 s, 4 s ... up to SIGN_IN_LONGEST_WAIT seconds) after SIGN_IN_FREE_TRIES of
# them in an hour. Other clients' wrong passwords never slow it, and a browser that signed in as
# that name before is never slowed for it (scorekeeper.api.sign_in).
SIGN_IN_FREE_TRIES = int(os.environ.get("SIGN_IN_FREE_TRIES", "3"))
SIGN_IN_LONGEST_WAIT = int(os.environ.get("SIGN_IN_LONGEST_WAIT", "300"))

# Email (password resets, directors' invitations): SMTP when EMAIL_HOST is set, else the
# console backend, which prints each email in the server's output (development, a laptop).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", not env_bool("EMAIL_USE_SSL", False))
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "euchre@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# A password reset's link works for PASSWORD_RESET_DAYS days, a director's invitation for
# INVITE_DAYS; a client may ask for LIMIT_PASSWORD_RESETS resets an hour.
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_DAYS", "3")) * 86400
INVITE_DAYS = int(os.environ.get("INVITE_DAYS", "7"))
LIMIT_PASSWORD_RESETS = int(os.environ.get("LIMIT_PASSWORD_RESETS", "5"))
# An invitation's link tells a taken user name at most LIMIT_ACCOUNT_TRIES times an hour.
LIMIT_ACCOUNT_TRIES = int(os.environ.get("LIMIT_ACCOUNT_TRIES", "5"))
# `manage.py purge_casual_games` deletes casual games untouched for this many days.
CASUAL_GAME_DAYS = int(os.environ.get("CASUAL_GAME_DAYS", "365"))

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["scorekeeper.api.parsers.BoundedJSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "scorekeeper.api.problems.problem_exception_handler",
    "NUM_PROXIES": NUM_PROXIES,
    # Per client (address): games started without an account, wrong join codes (only the
    # wrong ones count) and the schema read without signing in; "join-codes-all" is the
    # ceiling on guessing across all clients, binding those with more wrong codes of their own
    # than LIMIT_JOIN_TYPOS (scorekeeper.api.limits).
    "DEFAULT_THROTTLE_RATES": {
        "games": os.environ.get("LIMIT_GAMES", "120/hour"),
        "join-codes": os.environ.get("LIMIT_WRONG_CODES", "60/hour"),
        "join-codes-all": os.environ.get("LIMIT_WRONG_CODES_ALL", "600/hour"),
        # A director forgiving their own network's wrong codes (the room's phones let join
        # again after a guesser there), per address.
        "join-limit-lifts": os.environ.get("LIMIT_JOIN_LIFTS", "2/hour"),
        "schema": os.environ.get("LIMIT_SCHEMA", "60/hour"),
    },
}
# The wrong join codes of its own an address may give before the ceiling binds it: a room's
# typos (its phones share the address) are not a guesser's.
LIMIT_JOIN_TYPOS = int(os.environ.get("LIMIT_JOIN_TYPOS", "3"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Euchre scorekeeper API",
    "DESCRIPTION": (
        "Keeps score for a Euchre table. Every point comes from the referee. "
        "Errors are RFC 9457 problem details (application/problem+json)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # An amend (PATCH) sends a whole hand entry, not a partial one.
    "COMPONENT_SPLIT_PATCH": False,
    # A hand's kind and a player's kind are two things: name their enums apart.
    "ENUM_NAME_OVERRIDES": {
        "HandKindEnum": ["played", "thrown-in", "redeal", "penalty"],
        "PlayerKindEnum": ["member", "guest"],
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "scorekeeper.api.schema.add_problem_responses",
        "scorekeeper.api.schema.exclusive_hand_shapes",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"not_logged_twice": {"()": "scorekeeper.outage.NotLoggedTwice"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # A client's 4xx is the client's business; server errors are still logged, but an
        # outage's 503 only once, by scorekeeper.outage.
        "django.request": {"level": "ERROR", "filters": ["not_logged_twice"]},
        # A bad Host header is the client's business too.
        "django.security.DisallowedHost": {"level": "CRITICAL"},
    },
}
