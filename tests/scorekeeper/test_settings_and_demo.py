"""Settings from the environment, and the demo data."""

from __future__ import annotations

import os
import subprocess

import pytest
from django.core.management import call_command

import referee
from scorekeeper import selectors
from tests.commands import run_python

SECRET = "k3y-" + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def load_settings(
    show: str = "s.DEBUG, s.DATABASES['default']['ENGINE']", **env: str
) -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh interpreter with exactly this environment for Django,
    and print what `show` says of them (`s` is the settings module)."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DJANGO_DEBUG", "HTTPS"} and not k.startswith("SECURE_")
    }
    code = f"import scorekeeper.settings as s; print({show})"
    return run_python("-c", code, env={**clean, **env})


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    result = load_settings(INSTANCE_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
    # A command typed at the terminal says so in one line.
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DJANGO_DEBUG"}}
    typed = run_python("manage.py", "check", env={**clean, "INSTANCE_DIR": str(tmp_path)})
    assert typed.returncode == 2 and "Traceback" not in typed.stderr
    assert typed.stderr.strip().splitlines() == [
        "manage.py: SECRET_KEY must be set when DJANGO_DEBUG is off (on a laptop, `make serve`"
        " makes its own once)."
    ]


def test_a_command_at_the_laptop_signs_with_the_key_serve_made(tmp_path):
    """`manage.py restore` typed at the laptop, with nothing set, runs as its server does."""
    key = "laptop-" + "".join(reversed(SECRET))
    (tmp_path / "secret_key").write_text(key + "\n")
    result = load_settings("s.SECRET_KEY == " + repr(key), INSTANCE_DIR=str(tmp_path))
    assert result.stdout.split() == ["True"], result.stderr


def test_debug_is_on_only_when_asked():
    assert load_settings(DJANGO_DEBUG="1").stdout.startswith("True")
    assert load_settings(SECRET_KEY=SECRET).stdout.startswith("False")


@pytest.mark.parametrize("key", ["short", "x" * 60, "abcd" * 12])
def test_production_refuses_a_secret_key_that_is_short_or_not_random(key):
    result = load_settings(SECRET_KEY=key)
    assert result.returncode != 0
    assert "SECRET_KEY must be at least 50 random characters" in result.stderr


def test_an_event_enters_200_players_unless_the_setting_raises_it():
    assert load_settings("s.EVENT_MAX_ENTRANTS", DJANGO_DEBUG="1").stdout.split() == ["200"]
    raised = load_settings("s.EVENT_MAX_ENTRANTS", DJANGO_DEBUG="1", EVENT_MAX_ENTRANTS="400")
    assert raised.stdout.split() == ["400"]
    refused = load_settings(DJANGO_DEBUG="1", EVENT_MAX_ENTRANTS="2")
    assert refused.returncode != 0 and "EVENT_MAX_ENTRANTS must be 4 or more" in refused.stderr


def test_a_hosted_site_is_https_only_without_binding_the_whole_domain():
    shown = "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, " + (
        "s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD"
    )
    assert load_settings(shown, SECRET_KEY=SECRET).stdout.split() == [
        *("True", "True", "True", "31536000", "False", "False")
    ]
    asked = load_settings(
        shown, SECRET_KEY=SECRET, SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1"
    )
    assert asked.stdout.split()[-2:] == ["True", "True"]


def test_the_lan_mode_serves_plain_http_with_cookies_that_work_there():
    shown = "s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, " + (
        "s.SECURE_HSTS_SECONDS"
    )
    lan = load_settings(shown, SECRET_KEY=SECRET, HTTPS="0")
    assert lan.stdout.split() == ["False", "False", "False", "0"]


def test_the_database_comes_from_database_url():
    result = load_settings(DJANGO_DEBUG="1", DATABASE_URL="postgres://u:p@127.0.0.1:5432/e")
    assert result.stdout.split()[1] == "scorekeeper.postgresql"  # Django's, checked by its socket
    local = load_settings(DJANGO_DEBUG="1", DATABASE_URL="")
    assert local.stdout.split()[1] == "scorekeeper.sqlite"  # Django's, writers queued


@pytest.mark.django_db
def test_the_demo_loads_finished_games_once(capsys):
    call_command("load_demo")
    call_command("load_demo")
    # (The demo night in play has games of its own, at its tables.)
    games = sorted(selectors.demo_games(), key=lambda game: game.preset)
    assert [game.preset for game in games] == ["standard", "two-handed", "uka"]
    for game in games:
        state = selectors.game_state(game=game)
        assert game.status == "finished"
        assert state.score[game.winner] >= referee.PRESETS[game.preset].target
        assert state.score == selectors.score_of(state.ruleset, (h.award for h in state.hands))
    assert "already loaded" in capsys.readouterr().out


@pytest.mark.django_db
def test_the_demo_games_are_listed_for_the_app_and_no_other_game_is(api, table):
    assert api.get("/api/v1/demo/games/").json() == []
    call_command("load_demo")
    listed = api.get("/api/v1/demo/games/").json()
    assert [game["preset"] for game in listed] == ["standard", "uka", "two-handed"]
    assert all(game["status"] == "finished" and game["hands"] for game in listed)
    assert table.body["id"] not in {game["id"] for game in listed}
    assert "token" not in listed[0]
