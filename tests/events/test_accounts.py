"""Directors' accounts: signing out, a new password, a reset by email that works once and is
limited per client, invitations by email or by a one-time link, and a display name where a
user name would have shown."""

from __future__ import annotations

import re
import time
from urllib.parse import quote, urlencode

import pytest
from django.core import mail
from django.core.mail.backends import locmem
from django.test import Client

from scorekeeper.events.models import Director, DirectorInvite
from scorekeeper.events.pages import accounts as account_pages
from scorekeeper.events.services import accounts
from tests.waiting import until

pytestmark = pytest.mark.django_db

PASSWORD = "deal-the-cards-42"
#: A write to the API with no body says it is JSON (the test client's default is a form's).
JSON = "application/json"


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


@pytest.mark.parametrize(
    ("new", "why"),
    [
        ("deal-cards-1", None),  # twelve characters
        ("deal-card-1", "at least 12 characters"),
        ("password1234", "too common"),
        ("314159265358979", "entirely numeric"),
    ],
)
def test_a_new_password_has_twelve_characters_and_is_not_a_common_one(signed_in, dora, new, why):
    answer = signed_in.post(
        "/events/account/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    dora.refresh_from_db()
    if why is None:
        assert answer.status_code == 302 and dora.check_password(new)
    else:
        assert answer.status_code == 200 and why in answer.content.decode()
        assert dora.check_password(PASSWORD)


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


class SlowMailServer(locmem.EmailBackend):
    def send_messages(self, messages):
        time.sleep(1.5)
        return super().send_messages(messages)


def test_a_reset_takes_as_long_whether_or_not_the_address_is_a_directors(
    dora, settings, monkeypatch
):
    monkeypatch.setattr(account_pages, "RESET_ANSWER_SECONDS", 0.3)
    settings.EMAIL_BACKEND = f"{__name__}.SlowMailServer"
    took = []
    for address in ("dora@example.org", "nobody@example.org"):
        started = time.monotonic()
        assert Client().post("/events/password-reset/", {"email": address}).status_code == 302
        took.append(time.monotonic() - started)
    assert all(0.3 <= each < 1.2 for each in took), took  # the mail server's 1.5 s not waited
    until(lambda: mail.outbox, within=30, what="the reset email sent in the background")
    (email,) = mail.outbox  # sent all the same, to the director alone
    assert email.to == ["dora@example.org"]


def test_password_resets_are_limited_per_client(dora, settings):
    settings.LIMIT_PASSWORD_RESETS = 2
    client = Client(REMOTE_ADDR="10.7.0.1")
    for _ in range(2):
        assert (
            client.post("/events/password-reset/", {"email": "dora@example.org"}).status_code == 302
        )
    refused = client.post("/events/password-reset/", {"email": "dora@example.org"})
    assert refused.status_code == 429
    assert 3590 <= int(refused["Retry-After"]) <= 3600  # the hour's window, as every 429 says
    assert "no-store" in refused["Cache-Control"]
    assert len(mail.outbox) == 2
    other = Client(REMOTE_ADDR="10.7.0.2")
    assert other.post("/events/password-reset/", {"email": "dora@example.org"}).status_code == 302


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


def test_an_invitations_link_tells_taken_user_names_a_few_times_only(
    signed_in, dora, settings, django_user_model
):
    """A sign-up says a user name is taken; a director could try names on a link of their
    own to find out which are. The link refuses LIMIT_ACCOUNT_TRIES accounts an hour, from
    any client, then answers 429 without saying why; a free name still makes the account."""
    settings.LIMIT_ACCOUNT_TRIES = 2
    club = dora.club_directorships.get().club
    made = signed_in.post("/events/invites/", {"club": club.pk, "email": ""})
    link = re.search(rb'value="https?://[^/"]+(/events/invite/[^"]+/)"', made.content).group(1)
    django_user_model.objects.create_user("ben", password=PASSWORD)
    account = {
        "display_name": "Ben",
        "password1": "bower-left-2027",
        "password2": "bower-left-2027",
    }
    for address in ("10.8.0.1", "10.8.0.2"):
        taken = Client(REMOTE_ADDR=address).post(link.decode(), {**account, "username": "ben"})
        assert taken.status_code == 200 and b"already exists" in taken.content
    refused = Client(REMOTE_ADDR="10.8.0.3").post(link.decode(), {**account, "username": "ben"})
    assert refused.status_code == 429 and b"already exists" not in refused.content
    assert 3590 <= int(refused["Retry-After"]) <= 3600 and "no-store" in refused["Cache-Control"]
    free = Client().post(link.decode(), {**account, "username": "sam"})
    assert free.status_code == 302
    assert Director.objects.filter(club=club, user__username="sam").exists()


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


# Invitations by user name ---------------------------------------------------------------------


def invite_by_name(client: Client, club: int, username: str):
    return client.post(
        f"/api/v1/clubs/{club}/directors/", {"username": username}, content_type="application/json"
    )


def test_a_user_named_by_a_director_directs_nothing_until_they_accept(
    signed_in, dora, django_user_model
):
    club = dora.club_directorships.get().club
    ed_user = django_user_model.objects.create_user("ed", first_name="Ed")
    assert invite_by_name(signed_in, club.pk, "ed").status_code == 202
    assert not Director.objects.filter(user=ed_user).exists()
    ed = Client()
    ed.force_login(ed_user)
    home = ed.get("/events/director/").content.decode()
    assert "You are invited to direct Riverside Euchre Club." in home
    (invite,) = ed.get("/api/v1/invites/").json()
    assert invite["invited_by"] == "Dora Lee" and "dora" not in str(invite)
    not_hers = signed_in.post(f"/api/v1/invites/{invite['id']}/accept/", content_type=JSON)
    assert not_hers.status_code == 404
    answered = ed.post(f"/events/invites/{invite['id']}/answer/", {"answer": "accept"})
    assert answered.status_code == 302
    assert Director.objects.filter(user=ed_user, club=club).exists()
    assert ed.get("/api/v1/invites/").json() == []


def test_a_declined_invitation_makes_no_director_and_is_gone(signed_in, dora, django_user_model):
    club = dora.club_directorships.get().club
    ed_user = django_user_model.objects.create_user("ed")
    invite_by_name(signed_in, club.pk, "ed")
    ed = Client()
    ed.force_login(ed_user)
    (invite,) = ed.get("/api/v1/invites/").json()
    assert ed.post(f"/api/v1/invites/{invite['id']}/decline/", content_type=JSON).status_code == 204
    assert ed.post(f"/api/v1/invites/{invite['id']}/accept/", content_type=JSON).status_code == 404
    assert not Director.objects.filter(user=ed_user).exists()


def test_naming_a_user_tells_a_director_nothing_about_who_has_an_account(
    signed_in, dora, django_user_model
):
    club = dora.club_directorships.get().club
    django_user_model.objects.create_user("ed")
    there = invite_by_name(signed_in, club.pk, "ed")
    nobody = invite_by_name(signed_in, club.pk, "nobody")
    again = invite_by_name(signed_in, club.pk, "ed")
    herself = invite_by_name(signed_in, club.pk, "dora")
    answers = [
        (a.status_code, {**a.json(), "username": None}) for a in (there, nobody, again, herself)
    ]
    assert len(set(map(str, answers))) == 1
    assert DirectorInvite.objects.filter(invitee__isnull=False).count() == 1


def test_naming_a_user_takes_as_long_whether_or_not_the_name_is_a_users(
    signed_in, dora, django_user_model, monkeypatch
):
    monkeypatch.setattr(accounts, "INVITE_NAMED_SECONDS", 0.3)
    club = dora.club_directorships.get().club
    django_user_model.objects.create_user("ed")
    took = []
    for name in ("ed", "nobody"):
        started = time.monotonic()
        assert invite_by_name(signed_in, club.pk, name).status_code == 202
        took.append(time.monotonic() - started)
    assert min(took) >= 0.3, took  # making the invitation, or finding no such user
    assert DirectorInvite.objects.filter(invitee__isnull=False).count() == 1


# A director's session --------------------------------------------------------------------------


def test_a_signed_in_directors_pages_and_api_reads_are_never_cached(signed_in, dora):
    club = dora.club_directorships.get().club
    for path in ("/events/director/", "/events/account/", f"/api/v1/clubs/{club.pk}/players/"):
        assert "no-store" in signed_in.get(path)["Cache-Control"], path
    assert "no-store" not in Client().get("/events/").get("Cache-Control", "")


@pytest.fixture
def lan_clock(settings, monkeypatch):
    """A plain-HTTP LAN's two hours without an action, on a clock moved by hand."""
    from scorekeeper.api import sessions

    settings.SESSION_IDLE_SECONDS = 7200

    class Clock:
        now = 1_900_000_000.0

    monkeypatch.setattr(sessions.time, "time", lambda: Clock.now)
    return Clock


def test_on_a_lan_a_session_ends_after_two_hours_without_an_action(signed_in, lan_clock):
    assert signed_in.get("/events/director/").status_code == 200
    for _ in range(3):  # the console's board polling does not keep the session alive
        lan_clock.now += 3000
        signed_in.get("/api/v1/invites/")
    assert signed_in.get("/events/director/").status_code == 302  # to the sign-in page


def test_on_a_lan_a_page_a_script_reads_in_the_background_is_no_action(signed_in, lan_clock, dora):
    from scorekeeper.events import services
    from scorekeeper.events.access import Actor

    club = dora.club_directorships.get().club
    event = services.event_create(
        club=club, actor=Actor(user=dora), name="Friday", format="progressive", rounds_planned=2
    )
    assert signed_in.get("/events/director/").status_code == 200
    for _ in range(3):  # the console's box on the night's safety, read every 20 s
        lan_clock.now += 3000
        signed_in.get(f"/events/{event.pk}/manage/safety/", HTTP_SEC_FETCH_MODE="cors")
    assert signed_in.get("/events/director/").status_code == 302


def test_on_a_lan_each_action_keeps_the_session_two_hours_more(signed_in, lan_clock, dora):
    club = dora.club_directorships.get().club
    for _ in range(4):
        lan_clock.now += 7000
        assert signed_in.get("/events/director/").status_code == 200
        settings = {"language": "ko", "time_zone": "Asia/Seoul"}
        assert signed_in.post(f"/events/clubs/{club.pk}/settings/", settings).status_code == 302


def test_on_a_lan_a_session_ends_at_its_age_however_busy(signed_in, lan_clock, settings):
    settings.SESSION_COOKIE_AGE = 12 * 3600
    for _ in range(6):  # an action every two hours less a minute, for ten hours
        assert signed_in.get("/events/director/").status_code == 200
        lan_clock.now += 7140
    assert signed_in.get("/events/director/").status_code == 200  # at 11.9 hours
    lan_clock.now += 7140
    assert signed_in.get("/events/director/").status_code == 302  # past 12 hours


def test_with_https_a_session_has_no_idle_end(signed_in, lan_clock, settings):
    settings.SESSION_IDLE_SECONDS = 0
    lan_clock.now += 86400
    assert signed_in.get("/events/director/").status_code == 200


def test_a_director_is_asked_for_a_display_name_at_their_first_sign_in(django_user_model):
    """Until they choose one, pages and logs show their user name; the first sign-in asks,
    on the way to where they were going."""
    from scorekeeper.events import services
    from scorekeeper.events.access import Actor, display_name

    user = django_user_model.objects.create_user("dan", "dan@example.org", PASSWORD)
    services.club_create(actor=Actor(user=user), name="Hilltop Euchre Club")
    assert display_name(user) == "dan"
    client = Client()
    going = "/events/director/?x=1"
    signed = client.post(
        f"/events/login/?next={quote(going)}", {"username": "dan", "password": PASSWORD}
    )
    assert signed.status_code == 302
    assert signed["Location"] == f"/events/account/?{urlencode({'next': going})}"
    asked = client.get(signed["Location"]).content.decode()
    assert "until you do, they show your user name" in asked
    assert f'name="next" value="{going}"' in asked.replace("&amp;", "&")
    # The director's home asks too, for one who signed in before this was asked.
    assert "Your name at the club" in client.get("/events/director/").content.decode()
    answer = client.post(
        "/events/account/", {"display_name": "Dan Cho", "email": "dan@example.org", "next": going}
    )
    assert answer.status_code == 302 and answer["Location"] == going
    # Saved where no `next` goes on: the page says so, and asks no more.
    eve = Client()
    eve.force_login(django_user_model.objects.create_user("eve", password=PASSWORD))
    saved = eve.post("/events/account/", {"display_name": "Eve Ng", "email": ""}).content
    assert "Saved." in saved.decode() and "until you do" not in saved.decode()
    again = client.get("/events/director/").content.decode()
    assert "Your name at the club" not in again and "Dan Cho" in again
    # Named, the next sign-in goes straight where it was going.
    client.post("/events/logout/")
    signed = client.post(
        f"/events/login/?next={quote(going)}", {"username": "dan", "password": PASSWORD}
    )
    assert signed["Location"] == going


def test_the_account_page_goes_back_only_to_this_site(signed_in):
    answer = signed_in.post(
        "/events/account/", {"display_name": "Dora Lee", "next": "https://elsewhere.example/"}
    )
    assert answer.status_code == 200
