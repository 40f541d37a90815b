"""Settings from the environment, and the demo data."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from api_tables import REPO_ROOT
from django.core.management import call_command

import referee
from scorekeeper import selectors
from scorekeeper.models import Game


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh interpreter with exactly this environment for Django."""
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DJANGO_DEBUG"}}
    code = "import scorekeeper.settings as s; print(s.DEBUG, s.DATABASES['default']['ENGINE'])"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = load_settings()
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_debug_is_on_only_when_asked():
    assert load_settings(DJANGO_DEBUG="1").stdout.startswith("True")
    assert load_settings(SECRET_KEY="x" * 50).stdout.startswith("False")


def test_the_database_comes_from_database_url():
    result = load_settings(DJANGO_DEBUG="1", DATABASE_URL="postgres://u:p@127.0.0.1:5432/e")
    assert result.stdout.split()[1] == "django.db.backends.postgresql"
    local = load_settings(DJANGO_DEBUG="1", DATABASE_URL="")
    assert local.stdout.split()[1] == "django.db.backends.sqlite3"


@pytest.mark.django_db
def test_the_demo_loads_finished_games_once(capsys):
    call_command("load_demo")
    call_command("load_demo")
    games = Game.objects.order_by("preset")
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
