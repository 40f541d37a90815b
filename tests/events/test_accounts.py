"""Directors' accounts: signing out, a new password, a reset by email that works once and is
limited per client, invitations by email or by a one-time link, and a display name where a
user name would have shown."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from scorekeeper.events.models import Director, DirectorInvite

pytestmark = pytest.mark.django_db

PASSWORD = "deal-the-cards-42"


@pytest.fixture
def dora(django_user_model):
    from scorekeeper.events import services
    from scorekeeper.events.access import Actor

    user = django_user_model.objects.create_user(
        "dora", "dora@example.org", PASSWORD, first_name="Dora Lee"
    )
    services.club_create(actor=Actor(user=user), name="Riverside Euchre Club")
    return user


@pytest.fixture
def signed_in(dora) -> Client:
    client = Client()
    client.force_login(dora)
    return client


def link_in(body: str) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", body).group(1)


def test_signing_out_ends_the_session(signed_in):
    assert signed_in.get("/events/director/").status_code == 200
    assert signed_in.post("/events/logout/").status_code == 302
    assert signed_in.get("/events/director/").status_code == 302


def test_a_director_changes_their_password(signed_in, dora):
    answer = signed_in.post(
        "/events/account/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "shuffle-up-2027",
            "new_password2": "shuffle-up-2027",
        },
    )
    assert answer.status_code == 302
    dora.refresh_from_db()
    assert dora.check_password("shuffle-up-2027")
    assert signed_in.get("/events/director/").status_code == 200  # still signed in


def test_a_reset_email_works_once_and_signs_the_director_in(dora):
    browser = Client()
    assert browser.post("/events/password-reset/", {"email": "dora@example.org"}).status_code == 302
    (email,) = mail.outbox
    link = link_in(email.body)
    form = browser.get(link, follow=True)
    assert form.status_code == 200
    done = browser.post(
        form.redirect_chain[-1][0],
        {"new_password1": "new-deal-2027", "new_password2": "new-deal-2027"},
    )
    assert done.status_code == 302 and done["Location"] == "/events/director/"
    assert browser.get("/events/director/").status_code == 200
    again = Client().get(link, follow=True)
    assert b"used already or has expired" in again.content


def test_an_unknown_address_gets_the_same_answer_and_no_email(dora):
    answer = Client().post("/events/password-reset/", {"email": "nobody@example.org"})
    assert answer.status_code == 302
    assert mail.outbox == []


def test_password_resets_are_limited_per_client(dora, settings):
    settings.LIMIT_PASSWORD_RESETS = 2
    client = Client(REMOTE_ADDR="10.7.0.1")
    for _ in range(2):
        assert (
            client.post("/events/password-reset/", {"email": "dora@example.org"}).status_code == 302
        )
    assert client.post("/events/password-reset/", {"email": "dora@example.org"}).status_code == 429
    assert len(mail.outbox) == 2
    other = Client(REMOTE_ADDR="10.7.0.2")
    assert other.post("/events/password-reset/", {"email": "dora@example.org"}).status_code == 302


def test_sign_in_is_still_counted_by_axes(dora):
    client = Client(REMOTE_ADDR="10.8.0.1")
    for _ in range(4):
        answer = client.post("/events/login/", {"username": "dora", "password": "wrong"})
        assert answer.status_code == 200
    assert (
        client.post("/events/login/", {"username": "dora", "password": "wrong"}).status_code == 429
    )


def test_an_emailed_invitation_makes_a_new_director_once(signed_in, dora):
    club = dora.club_directorships.get().club
    made = signed_in.post("/events/invites/", {"club": club.pk, "email": "sam@example.org"})
    assert made.status_code == 200
    (email,) = mail.outbox
    assert email.to == ["sam@example.org"]
    assert "Dora Lee invites you to direct Riverside Euchre Club" in email.body
    assert "dora" not in email.body.replace("Dora Lee", "")
    link = link_in(email.body)
    assert link.encode() in made.content  # the same link, shown once to the director
    invite = DirectorInvite.objects.get()
    assert link.rsplit("/", 2)[-2] not in invite.token_hash  # only its digest is kept

    sam = Client()
    assert b"Make the account and join" in sam.get(link).content
    joined = sam.post(
        link,
        {
            "username": "sam",
            "display_name": "Sam Park",
            "password1": "bower-left-2027",
            "password2": "bower-left-2027",
        },
    )
    assert joined.status_code == 302
    assert Director.objects.filter(club=club, user__username="sam").exists()
    assert sam.get("/events/director/").status_code == 200
    # Used once: a second person gets nothing.
    again = Client().get(link)
    assert again.status_code == 409
    assert b"used already" in again.content


def test_a_one_time_link_lets_a_signed_in_user_direct_the_club(signed_in, dora, django_user_model):
    club = dora.club_directorships.get().club
    made = signed_in.post("/events/invites/", {"club": club.pk, "email": ""})
    assert mail.outbox == []
    link = re.search(rb'value="https?://[^/"]+(/events/invite/[^"]+/)"', made.content).group(1)
    ben = django_user_model.objects.create_user("ben", password=PASSWORD)
    client = Client()
    client.force_login(ben)
    assert client.post(link.decode()).status_code == 302
    assert Director.objects.filter(club=club, user=ben).exists()
    assert client.post(link.decode()).status_code == 409


def test_only_a_clubs_director_invites(django_user_model, dora):
    club = dora.club_directorships.get().club
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("eve"))
    assert stranger.post("/events/invites/", {"club": club.pk, "email": ""}).status_code == 403
    assert not DirectorInvite.objects.exists()


def test_an_expired_or_unknown_invitation_is_refused(signed_in, dora, settings):
    settings.INVITE_DAYS = 0
    club = dora.club_directorships.get().club
    made = signed_in.post("/events/invites/", {"club": club.pk, "email": ""})
    link = re.search(rb'value="https?://[^/"]+(/events/invite/[^"]+/)"', made.content).group(1)
    assert Client().get(link.decode()).status_code == 404
    assert Client().get("/events/invite/not-a-token/").status_code == 404


def test_the_display_name_is_what_pages_and_logs_show(signed_in, dora):
    answer = signed_in.post(
        "/events/account/", {"display_name": "  Dora  L. ", "email": "d@example.org"}
    )
    assert answer.status_code == 200
    dora.refresh_from_db()
    assert (dora.first_name, dora.email) == ("Dora L.", "d@example.org")
    page = signed_in.get("/events/director/").content.decode()
    assert "Dora L." in page
    assert ">dora<" not in page


def test_a_director_without_a_display_name_is_asked_for_one_on_the_first_screen(
    django_user_model,
):
    from scorekeeper.events import services
    from scorekeeper.events.access import Actor

    user = django_user_model.objects.create_user("dan", "dan@example.org", PASSWORD)
    services.club_create(actor=Actor(user=user), name="Hilltop Euchre Club")
    client = Client()
    client.force_login(user)
    first = client.get("/events/director/").content.decode()
    assert "Your name at the club" in first and "dan" not in re.sub(r"<[^>]*>", " ", first)
    answer = client.post(
        "/events/account/",
        {"display_name": "Dan Cho", "email": "dan@example.org", "next": "/events/director/"},
    )
    assert answer.status_code == 302 and answer["Location"] == "/events/director/"
    again = client.get("/events/director/").content.decode()
    assert "Your name at the club" not in again and "Dan Cho" in again


def test_the_account_page_goes_back_only_to_this_site(signed_in):
    answer = signed_in.post(
        "/events/account/", {"display_name": "Dora Lee", "next": "https://elsewhere.example/"}
    )
    assert answer.status_code == 200
