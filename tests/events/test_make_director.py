"""A director from the start: `manage.py make_director`, and the demo's director in DEBUG."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command
from django.test import RequestFactory

from scorekeeper.events.access import is_director
from scorekeeper.events.services.demo import DEMO_DIRECTOR, DEMO_PASSWORD
from scorekeeper.models import Club

pytestmark = pytest.mark.django_db

# Sign-in is slowed per client after wrong passwords (scorekeeper.api.sign_in): it needs the request.
REQUEST = RequestFactory().post("/events/login/")


def make_director(*args: str) -> str:
    out = StringIO()
    call_command("make_director", *args, stdout=out)
    return out.getvalue()


def test_it_makes_the_user_and_the_club_and_prints_a_generated_password():
    out = make_director("dora", "--club", "Riverside Euchre Club")
    first, second = out.splitlines()
    assert first == "dora directs Riverside Euchre Club (new user and club)"
    password = second.removeprefix("password: ")
    assert len(password) == 16 and password.isalnum()
    user = authenticate(REQUEST, username="dora", password=password)
    assert user is not None
    assert is_director(user, Club.objects.get(name="Riverside Euchre Club"))


def test_a_known_user_and_club_are_found_and_the_password_is_left_alone():
    Club.objects.create(name="Riverside Euchre Club")
    get_user_model().objects.create_user("dora", password="her own password")
    out = make_director("dora", "--club", "riverside euchre club")
    assert out == "dora directs Riverside Euchre Club\n"
    assert authenticate(REQUEST, username="dora", password="her own password") is not None
    assert Club.objects.count() == 1


def test_a_password_given_is_set():
    make_director("dora", "--club", "Riverside", "--password", "trump-is-hearts")
    assert authenticate(REQUEST, username="dora", password="trump-is-hearts") is not None


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["bad name", "--club", "Riverside"], "username: give a user name of 1 to 150"),
        (["dora", "--club", "   "], "club: give a name of 1 to 100 characters"),
        (["dora", "--club", "Riverside", "--password", "123"], "password: This password is"),
        (
            ["dora", "--club", "Riverside", "--password", "trump-heart"],
            "password: This password is too short. It must contain at least 12",
        ),
        (["dora"], "club: give --club NAME"),
        (["--club", "Riverside"], "username: give the user name"),
    ],
)
def test_bad_input_exits_with_2_and_one_line(args, line):
    with pytest.raises(CommandError) as raised:
        make_director(*args)
    assert raised.value.returncode == 2
    assert str(raised.value).startswith(line) and "\n" not in str(raised.value)
    assert not get_user_model().objects.filter(username="dora").exists()


def test_the_demo_director_signs_in_with_the_demo_password_in_debug_only(settings, capsys):
    settings.DEBUG = True
    call_command("load_demo")
    out = capsys.readouterr().out
    assert f"{DEMO_DIRECTOR}, password {DEMO_PASSWORD}" in out
    user = authenticate(REQUEST, username=DEMO_DIRECTOR, password=DEMO_PASSWORD)
    assert user is not None and is_director(user, Club.objects.get(name="Demo club"))
    settings.DEBUG = False
    call_command("load_demo")
    out = capsys.readouterr().out
    assert DEMO_PASSWORD not in out and "manage.py make_director USERNAME" in out
    assert authenticate(REQUEST, username=DEMO_DIRECTOR, password=DEMO_PASSWORD) is None
