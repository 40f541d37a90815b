"""Backups go to BACKUP_DIR and the mirror, each with a note of what it holds; the director's
screens say where the last one went and warn without a mirror; the operator restores one on
screen, which starts a new night epoch that every table phone's read says; the console shows
per table what came back since and which phones have not been seen."""

from __future__ import annotations

import datetime
import json
import re
import sqlite3
import stat
import zoneinfo
from pathlib import Path
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from event_helpers import Device, Director, join, ok
from rest_framework.test import APIClient

from scorekeeper import backups
from scorekeeper.events.models import Event, ResultChange, TableToken
from scorekeeper.events.selectors import holdings
from scorekeeper.events.services.device_tokens import device_known_again, made_at
from scorekeeper.management.commands.prepare_to_serve import described, restore_offered
from scorekeeper.models import Game, Restore
from scorekeeper.tokens import token_digest
from tests.problems import is_problem
from tests.waiting import until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def places(settings, tmp_path: Path) -> tuple[Path, Path]:
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_MIRROR = tmp_path / "stick"
    settings.BACKUP_MIRROR.mkdir()
    return settings.BACKUP_DIR, settings.BACKUP_MIRROR


def made_now(label: str = "") -> Path:
    """A backup as the laptop makes one (`manage.py backup`), with its note."""
    return backups.backup_create(label=label, holds=holdings())


def a_night_seated(director: Director, *names: str) -> tuple[int, dict[str, Any]]:
    """A night of rounds of eight hands, its first round seated: the event, and its table."""
    event = director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)
    director.add_players(event, *(names or ("Ann", "Ben", "Cat", "Dan")))
    return event, director.next_round(event)["tables"][0]


def a_night_in_play(director: Director) -> tuple[int, Device]:
    event, table = a_night_seated(director)
    phone = join(table["join_code"])
    phone.hand(phone.by_seat[0], 3)
    return event, phone


def sent_by_key(phone: Device, key: str, version: int) -> Any:
    """A hand as the phone's outbox sends it: with its Idempotency-Key, on the game's version."""
    body = {"maker": version % 4, "trump": "S", "maker_tricks": 3}
    return phone.client.post(
        f"{phone.url}hands/",
        body,
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
        HTTP_IF_MATCH=f'"{version}"',
    )


def test_a_backup_goes_to_both_places_with_a_note_of_what_it_holds(director, places):
    folder, stick = places
    event, _ = a_night_in_play(director)
    made = made_now(label="round")
    assert (stick / made.name).read_bytes() == made.read_bytes()
    # (it holds sessions, password hashes and PINs: only the server's own user reads it)
    assert {stat.S_IMODE(path.stat().st_mode) for path in (made, stick / made.name)} == {0o600}
    holds = json.loads(backups.note_of(stick / made.name).read_text())
    assert holds["events"] == 1 and holds["hands"] == 1
    assert holds["rounds"] == [{"id": event, "event": "Club night", "round": 1, "complete": False}]
    assert holds["last_write"]
    last = backups.last_backup()
    assert last is not None
    assert (last["file"], last["folder"], last["mirror"]) == (made.name, str(folder), str(stick))
    assert last["mirror_failed"] is None


def test_a_backups_last_write_is_its_last_result_entered_or_confirmed(director):
    """Two backups a confirmation apart read apart: the last write is the result's too (a
    table entering or confirming it writes no hand)."""
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    phone = join(director.next_round(event)["tables"][0]["join_code"])
    ok(phone.enter(by=phone.by_seat[0], points=[8, 3]), 201)
    entered = holdings()["last_write"]
    ok(phone.confirm(by=phone.by_seat[1]))
    confirmed = holdings()["last_write"]
    last = ResultChange.objects.latest("id")
    assert (last.action, confirmed) == ("confirm", last.created_at.isoformat())
    assert confirmed > entered


def test_an_unplugged_mirror_leaves_the_backup_on_the_laptop_and_the_console_says_so(
    director, places
):
    folder, stick = places
    event, _ = a_night_in_play(director)
    stick.rmdir()
    made = made_now()
    assert made.parent == folder and made.is_file()
    page = director.client.get(f"/events/{event}/manage/").content.decode()
    assert made.name in page and "could not be written" in page


def test_the_console_tells_the_last_backups_time_by_the_clubs_clock(director, places):
    event, _ = a_night_in_play(director)
    club = Event.objects.get(pk=event).club
    club.time_zone = "Asia/Seoul"
    club.save(update_fields=["time_zone"])
    made_now()
    at = datetime.datetime.fromisoformat(backups.last_backup()["at"])
    seoul = at.astimezone(zoneinfo.ZoneInfo("Asia/Seoul")).strftime("%Y-%m-%d %H:%M:%S")
    page = director.client.get(f"/events/{event}/manage/").content.decode()
    assert f'<time datetime="{at.isoformat()}">{seoul}</time>' in page
    folder, stick = places
    assert f"in {folder} and in the mirror, {stick}." in page
    korean = director.client.get(f"/events/{event}/manage/", HTTP_ACCEPT_LANGUAGE="ko")
    assert f"미러 {stick}에도 있습니다." in korean.content.decode()


def test_without_a_mirror_the_directors_screens_warn(director, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    settings.BACKUP_MIRROR = None
    event, _ = a_night_in_play(director)
    assert "No backup made yet." in director.client.get("/events/director/").content.decode()
    made_now()
    for page in (f"/events/{event}/manage/", "/events/director/"):
        shown = director.client.get(page).content.decode()
        assert "Last backup" in shown and "No mirror is set" in shown


def test_every_backup_of_the_open_night_is_kept_and_the_last_of_a_closed_one(
    director, places, settings
):
    folder, stick = places
    settings.BACKUP_KEEP = 2
    timer = [made_now(label="round").name for _ in range(4)]
    assert [p.name for p in backups.backups()] == timer  # the open night's, past BACKUP_KEEP
    closed = made_now(label="night-1-closed").name
    later = [made_now().name for _ in range(3)]
    for place in (folder, stick):
        assert [p.name for p in backups.backups(place)] == [closed, *later[-2:]]


def test_a_night_closing_keeps_the_backups_of_another_still_in_play(director, places, settings):
    folder, _ = places
    settings.BACKUP_KEEP = 1
    first, _ = a_night_in_play(director)
    second, _ = a_night_in_play(director)
    timer = [made_now(label="round").name for _ in range(3)]
    closed = made_now(label=f"night-{first}-closed").name
    assert [p.name for p in backups.backups(folder)] == [*timer, closed]  # the second plays on
    last = made_now(label=f"night-{second}-closed").name
    assert [p.name for p in backups.backups(folder)] == [closed, last]


def restore_on_screen(client: Client, name: str, **extra: Any) -> Any:
    return client.post("/events/restore/", {"backup": name, "sure": "yes"}, **extra)


def test_the_operator_picks_a_backup_on_screen_and_the_phones_learn_the_new_epoch(director, places):
    event, phone = a_night_in_play(director)
    assert ok(phone.here())["epoch"] == ""
    made = made_now(label="round")
    phone.hand(phone.by_seat[1], 4)  # lost with the laptop
    laptop = Client()  # at the laptop itself (127.0.0.1)
    listed = laptop.get("/events/restore/").content.decode()
    assert made.name in listed and "1 event, 1 hand" in listed and "round 1 in play" in listed
    # Its last write by the laptop's clock, to the second (as "Sun 06 Dec 2026, 21:33:50").
    assert re.search(
        r'<time datetime="[^"]+">\w{3} \d\d \w{3} \d{4}, \d\d:\d\d:\d\d</time>', listed
    )
    shown = restore_on_screen(laptop, made.name)
    assert shown.status_code == 200 and f"Restored {made.name}" in shown.content.decode()
    assert sorted(path.name for path in made.parent.iterdir() if made.name in path.name) == [
        made.name,
        f"{made.name}.json",
    ]  # (nothing left beside it by reading it: no -wal, no -shm)
    (restore,) = Restore.objects.all()
    assert restore.backup == made.name and len(restore.epoch) == 16
    log = ok(director.client.get(f"/api/v1/events/{event}/log/"))
    restored = [change for change in log if change["action"] == "restore"]
    assert [(c["actor"], c["after"]) for c in restored] == [("laptop", {"backup": made.name})]
    assert len(ok(phone.client.get(f"/api/v1/games/{phone.table['game']}/"))["hands"]) == 1
    console = director.client.get(f"/events/{event}/manage/").content.decode()
    assert (
        "Table 1: 0 hands recorded since (sent again or new)" in console
        and "the scoring phone" in console
    )
    # What the director did after the backup is theirs to do again: no phone holds it.
    assert re.search(r"The backup was made at \d\d:\d\d\. What a director did after", console)
    assert ok(phone.here())["epoch"] == restore.epoch
    assert ok(phone.client.get(phone.url))["epoch"] == restore.epoch  # the table's own read
    phone.hand(phone.by_seat[1], 4)  # sent again
    console = director.client.get(f"/events/{event}/manage/").content.decode()
    assert "Table 1: 1 hand recorded since (sent again or new); every phone seen" in console
    # What the phone kept besides hands comes back too, and the console names each kind.
    hand = f"/api/v1/tables/{phone.id}/hands/2/"
    amended = {"maker": 1, "trump": "S", "maker_tricks": 5, "reason": "misread"}
    ok(phone.client.patch(hand, amended, format="json"))
    ok(phone.client.delete(hand))
    phone.hand(phone.by_seat[1], 4)
    ok(director.client.post(f"/api/v1/events/{event}/rounds/1/time/", format="json"))
    at_time = {"entered_by": phone.player(phone.by_seat[0]), "time_called": True}
    ok(phone.post("result/", at_time), 201)
    ok(phone.dispute(by=phone.by_seat[1], reason="we had 4"))
    console = director.client.get(f"/events/{event}/manage/").content.decode()
    assert (
        "Table 1: 2 hands recorded since (sent again or new), 1 undo, 1 amendment, its result"
        " entered, its result"
        " disputed; every phone seen"
    ) in console


def test_a_page_kept_from_before_a_restore_is_never_answered_unchanged(director, places):
    _, phone = a_night_in_play(director)
    made = made_now()
    phone.hand(phone.by_seat[1], 4)  # lost with the laptop
    kept = director.client.get(phone.url)
    assert restore_on_screen(Client(), made.name).status_code == 200
    # The restored night reaches the kept page's versions again, with another hand: a tag
    # from before the restore names a state the restored night never had.
    phone.hand(phone.by_seat[2], 5)
    poll = director.client.get(phone.url, HTTP_IF_NONE_MATCH=kept["ETag"])
    assert poll.status_code == 200 and poll["ETag"] != kept["ETag"]


def test_a_director_signed_in_since_the_backup_restores_it_and_stays_signed_in(
    director, director_user, places
):
    a_night_in_play(director)
    made = made_now()
    signed_in = Client()  # at the laptop, signed in after the backup was made
    signed_in.force_login(director_user)
    shown = restore_on_screen(signed_in, made.name)
    assert shown.status_code == 200 and f"Restored {made.name}" in shown.content.decode()
    assert signed_in.session.get("_auth_user_id") == str(director_user.pk)
    # The change log, which the public reads, names the director as pages do, not by the
    # user name that signs them in.
    (restore,) = Restore.objects.all()
    assert restore.restored_by == "director Dora Lee"
    assert director_user.get_username() not in restore.restored_by


def test_a_director_signed_in_before_the_laptop_died_is_signed_in_after_the_restore(
    director, director_user, places, settings
):
    """The server starts on an empty database: the director's browser still holds its cookie,
    whose session is in the backup. The pages it opens before the restore keep the cookie
    (no session in the database is not a signed-out browser yet), and the restore brings the
    director back signed in, under a new key."""
    a_night_in_play(director)
    laptop = Client()
    laptop.force_login(director_user)
    before = laptop.cookies[settings.SESSION_COOKIE_NAME].value
    made = made_now()
    Event.objects.all().delete()  # (as the replacement database: no event, no session)
    Session.objects.all().delete()
    assert laptop.get("/events/restore/").status_code == 200
    assert laptop.cookies[settings.SESSION_COOKIE_NAME].value == before
    shown = restore_on_screen(laptop, made.name)
    assert shown.status_code == 200 and f"Restored {made.name}" in shown.content.decode()
    after = laptop.cookies[settings.SESSION_COOKIE_NAME].value
    assert after and after != before
    assert laptop.session.get("_auth_user_id") == str(director_user.pk)
    # A cookie whose session neither database holds is dropped once nothing waits a restore.
    stranger = Client()
    stranger.cookies[settings.SESSION_COOKIE_NAME] = "no-such-session"
    stranger.get("/events/restore/")
    assert stranger.cookies[settings.SESSION_COOKIE_NAME].value == ""


def test_signing_out_while_no_event_is_held_ends_the_browsers_session(
    director, director_user, places, settings
):
    """Backups beside a database with no event (a club that plays casual games, an event
    deleted) is also what waiting for a restore looks like: a director who signs out then
    still loses the cookie, so no backup restored later signs that browser in again."""
    a_night_in_play(director)
    made_now()
    Event.objects.all().delete()
    laptop = Client()
    laptop.force_login(director_user)
    assert laptop.post("/events/logout/").status_code == 302
    assert laptop.cookies[settings.SESSION_COOKIE_NAME].value == ""


@pytest.mark.parametrize(
    ("form", "says"),
    [
        ({"backup": "euchre-nowhere.sqlite3", "sure": "yes"}, "Pick one of the backups"),
        ({"sure": "yes"}, "Pick one of the backups"),
        ({"backup": "../settings.py", "sure": "yes"}, "Pick one of the backups"),
        ({}, "Pick one of the backups"),
    ],
)
def test_a_restore_on_screen_names_what_is_missing(places, form, says):
    made_now()
    answer = Client().post("/events/restore/", form)
    assert answer.status_code == 400 and says in answer.content.decode()
    assert not Restore.objects.exists()


def test_the_latest_backup_is_found_on_the_mirror_alone_and_the_laptops_copy_first(places):
    folder, stick = places
    first, second = made_now("first"), made_now("second")  # each copied to the stick too
    assert backups.backup_latest() == second
    for made in folder.iterdir():
        made.unlink()  # a replacement laptop: only the stick plugged in
    assert backups.backup_latest() == stick / second.name
    assert (stick / first.name).is_file()


def test_a_restore_on_screen_asks_to_be_sure(places):
    made = made_now()
    answer = Client().post("/events/restore/", {"backup": made.name})
    assert answer.status_code == 400 and "Tick the box" in answer.content.decode()


def test_only_the_servers_operator_restores(director, places):
    made = made_now()
    away = {"REMOTE_ADDR": "192.168.1.20"}
    assert Client().get("/events/restore/", **away).status_code == 403
    assert restore_on_screen(director.client, made.name, **away).status_code == 403
    assert (
        restore_on_screen(Client(), made.name, HTTP_X_FORWARDED_FOR="10.0.0.9").status_code == 403
    )
    assert not Restore.objects.exists()


def test_a_round_complete_is_backed_up_at_once(director, places):
    folder, _ = places
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    seated = director.next_round(event)
    join(seated["tables"][0]["join_code"]).settle([5, 3])
    until(
        lambda: list(folder.glob("euchre-*-round-1-done.*")),
        within=10,
        what="the round-complete backup",
    )


@pytest.mark.parametrize(
    ("act", "path", "body"),
    [
        ("keyed in", "result/", {"points": [7, 2], "reason": "paper tally"}),
        ("assigned", "result/assign/", {"sides": [5, 3], "reason": "the scorer lost the card"}),
        ("forfeited", "result/forfeit/", {"forfeited_by": 1, "reason": "left for home"}),
    ],
)
def test_a_round_a_director_finishes_is_backed_up_at_once(director, places, act, path, body):
    folder, _ = places
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    url = f"/api/v1/tables/{table['id']}/{path}"
    send = director.client.patch if path == "result/" else director.client.post
    ok(send(url, body, format="json"))
    until(lambda: list(folder.glob("euchre-*-round-1-done.*")), within=10, what=act)


def test_a_correction_of_a_complete_round_is_backed_up_at_once(director, places):
    folder, _ = places
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    join(table["join_code"]).settle([5, 3])
    backups.backups_settled()
    done = list(folder.glob("euchre-*-round-1-done.*"))
    assert done
    for made in done:
        made.unlink()  # (the backup, and the note beside it)
    correction = {"points": [6, 3], "reason": "a march missed"}
    ok(director.client.patch(f"/api/v1/tables/{table['id']}/result/", correction, format="json"))
    backups.backups_settled()
    assert list(folder.glob("euchre-*-round-1-done.*"))


def test_serve_sets_a_damaged_database_aside_and_keeps_a_healthy_one(tmp_path: Path):
    damaged = tmp_path / "db.sqlite3"
    damaged.write_bytes(b"SQLite format 3\0" + b"\xff" * 4000)
    (tmp_path / "db.sqlite3-wal").write_bytes(b"junk")
    aside = backups.damaged_set_aside(damaged)
    assert aside is not None and aside.name.startswith("db.sqlite3.damaged-")
    assert aside.read_bytes().endswith(b"\xff" * 10)
    assert not damaged.exists() and not (tmp_path / "db.sqlite3-wal").exists()
    healthy = tmp_path / "healthy.sqlite3"
    sqlite3.connect(healthy).execute("create table t (x)").connection.commit()
    assert backups.damaged_set_aside(healthy) is None and healthy.is_file()


def test_serve_offers_a_restore_on_an_empty_database_with_backups_there(director, places):
    assert restore_offered() == []  # no backup yet
    made = made_now()
    (offered,) = restore_offered()
    assert offered.name == made.name
    assert described(offered) == f"  {made.name} ({places[0]} and {places[1]}): 0 events, 0 hands"
    a_night_in_play(director)
    assert restore_offered() == []  # a database with a night in it is not offered one


def test_the_directors_door_offers_a_restore_on_an_empty_database_at_the_laptop(director, places):
    """Nobody can sign in to an empty database: its door and its events page lead to the
    restore, at the laptop itself only, and only while no event is there."""
    for path in ("/events/login/", "/events/"):
        assert "restore-offer" not in Client().get(path).content.decode(), path  # no backup
    made_now()
    made_now()
    for path in ("/events/login/", "/events/"):
        page = Client().get(path).content.decode()
        assert "2 backups are here to bring a night back from" in page, path
        assert 'href="/events/restore/"' in page, path
        away = Client().get(path, REMOTE_ADDR="192.168.1.20").content.decode()
        assert "restore-offer" not in away, path
    a_night_in_play(director)
    assert "restore-offer" not in Client().get("/events/login/").content.decode()


def test_serve_lists_what_each_backup_holds_in_the_terminal(director, places):
    a_night_in_play(director)
    made_now()
    newest = backups.backups_found()[0]
    assert newest.holds is not None
    assert described(newest) == (
        f"  {newest.name} ({places[0]} and {places[1]}): 1 event, 1 hand; "
        f"{newest.holds['rounds'][0]['event']}, round 1 in play; "
        f"last write {newest.holds['last_write']}"
    )


def test_a_backup_says_a_round_whose_results_are_all_confirmed_is_complete(director, places):
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    phone = join(director.next_round(event)["tables"][0]["join_code"])
    phone.settle([12, 9])  # (a round complete is backed up at once, in the background)
    backups.backups_settled()
    made = made_now()
    (found,) = [f for f in backups.backups_found() if f.name == made.name]
    assert "round 1 complete;" in described(found)
    listed = Client().get("/events/restore/").content.decode()
    assert "round 1 complete" in listed and "in play" not in listed


def test_a_hand_sent_again_after_its_tables_result_is_entered_answers_as_a_replay(director):
    _, phone = a_night_in_play(director)

    def send(key: str, version: int) -> Any:
        return sent_by_key(phone, key, version)

    for number in range(2, 9):
        assert send(f"k-{number}", number).status_code == 201
    ok(phone.enter(by=phone.by_seat[0]), 201)
    again = send("k-5", 5)  # a phone sending its night again after a restore
    assert again.status_code == 200 and again.json()["number"] == 5
    new = send("k-9", 9)
    assert new.status_code == 409 and new.json()["code"] == "result-entered"


def test_a_phone_that_joined_after_the_backup_is_known_again_and_sends_its_hands_once(
    director, places
):
    _, table = a_night_seated(director)
    made = made_now()  # before any phone joined the table
    phone = join(table["join_code"])
    assert ok(phone.here())["epoch"] == ""

    def send(key: str, version: int) -> Any:
        return sent_by_key(phone, key, version)

    assert [send(f"k-{n}", n).status_code for n in (1, 2)] == [201, 201]
    assert restore_on_screen(Client(), made.name).status_code == 200
    (restore,) = Restore.objects.all()
    # Its token is one the restored database never saw: signed by this server in the epoch
    # before the restore, it is known again, at its table, as its scorer.
    here = ok(phone.here())
    assert here["epoch"] == restore.epoch and here["table"]["id"] == phone.id
    # Its other request, sent at the same moment, waited and finds it known: the same token,
    # not "another phone took the table since the restore" (a 401 that sent it off the table).
    again = device_known_again(phone.token)
    assert again is not None and again.role == "scorer" and again.revoked_at is None
    assert [send(f"k-{n}", n).status_code for n in (1, 2)] == [201, 201]  # sent again
    assert [send(f"k-{n}", n).status_code for n in (1, 2)] == [200, 200]  # replays
    game = ok(phone.client.get(f"/api/v1/games/{phone.table['game']}/"))
    assert [hand["number"] for hand in game["hands"]] == [1, 2]
    # A token with its signature changed, or one never signed, stays unknown.
    for forged in (phone.token[:-2] + ("AA" if phone.token[-2:] != "AA" else "BB"), "x" * 43):
        stranger = APIClient()
        stranger.credentials(HTTP_AUTHORIZATION=f"Bearer {forged}")
        refused = stranger.get("/api/v1/tables/device/")
        assert refused.status_code == 401
        assert "does not know this phone's table" in refused.json()["detail"]


def test_a_phone_waits_while_an_empty_database_waits_for_its_backup(director, places):
    """The laptop died and the server starts on an empty database, its backups beside it. A
    table's phone that asks before the director restores one is told to wait (503, with
    Retry-After), never that its table is unknown: that would send it off the table, and it
    would forget the night it holds for the restore."""
    _, phone = a_night_in_play(director)
    made = made_now()
    Event.objects.all().delete()  # (as a new laptop's database: no event, no game)
    Game.objects.all().delete()
    waiting = phone.here()
    assert is_problem(waiting, 503, code="awaiting-restore") and int(waiting["Retry-After"]) > 0
    # A hand it sends meanwhile is told the same.
    sent = sent_by_key(phone, "after-the-crash", 2)
    assert is_problem(sent, 503, code="awaiting-restore") and int(sent["Retry-After"]) > 0
    assert restore_on_screen(Client(), made.name).status_code == 200
    assert ok(phone.here())["table"]["id"] == phone.id
    # With no backup to restore, a token the database does not know is unknown.
    Event.objects.all().delete()
    for place in places:
        for path in backups.backups(place):
            path.unlink()
    assert is_problem(phone.here(), 401, "Authorization")


def test_a_phone_that_joined_after_the_backup_is_known_again_on_a_replacement_laptop(
    director, places, settings
):
    """The laptop died: the backup is restored on another, whose own secret key is not the
    dead one's; a phone that joined after the backup is still known again at its table."""
    _, table = a_night_seated(director)
    made = made_now()
    phone = join(table["join_code"])
    assert sent_by_key(phone, "k-1", 1).status_code == 201
    settings.SECRET_KEY = "another-laptop-" + "k" * 50
    assert restore_on_screen(Client(), made.name).status_code == 200
    assert ok(phone.here())["table"]["id"] == phone.id
    assert sent_by_key(phone, "k-1", 1).status_code == 201  # sent again


def test_a_phone_known_again_after_a_restore_takes_the_table_from_the_restored_scorer(
    director, places
):
    code = a_night_seated(director)[1]["join_code"]
    before = join(code)  # the scoring phone the backup knows
    made = made_now()
    assert before.client.delete("/api/v1/tables/device/").status_code == 204
    after = join(code)  # the phone that took the table since
    assert restore_on_screen(Client(), made.name).status_code == 200
    assert ok(after.here())["table"]["id"] == after.id
    handed = before.here()  # (had it kept its token, it would hear why it stopped)
    assert handed.status_code == 401 and handed.json()["code"] == "device-handed-over"


def test_a_token_the_backup_would_have_held_is_not_known_again(director, places):
    event, table = a_night_seated(director)
    phone = join(table["join_code"])
    TableToken.objects.filter(event_table__event_id=event).delete()  # gone before the backup
    made = made_now()
    assert restore_on_screen(Client(), made.name).status_code == 200
    refused = phone.here()
    assert refused.status_code == 401 and "does not know" in refused.json()["detail"]
    assert not TableToken.objects.exists()


def test_a_phone_that_joined_since_the_restore_keeps_the_table(director, places):
    code = a_night_seated(director)[1]["join_code"]
    made = made_now()
    lost = join(code)  # joined after the backup, then silent through the restore
    assert restore_on_screen(Client(), made.name).status_code == 200
    since = join(code)  # the table's new scoring phone
    assert lost.here().status_code == 401
    assert ok(since.here())["table"]["id"] == since.id


def test_a_lost_token_never_opens_another_nights_table_that_took_its_number(director, places):
    made = made_now()  # before either night
    lost = join(a_night_seated(director)[1]["join_code"])
    assert restore_on_screen(Client(), made.name).status_code == 200
    # (numbered as the lost night's were, on SQLite)
    _, table = a_night_seated(director, "Eve", "Fay", "Gus", "Hal")
    refused = lost.here()
    assert refused.status_code == 401 and "does not know" in refused.json()["detail"]
    assert join(table["join_code"]).id == table["id"]


def handed_over(director: Director, event: int, table: dict[str, Any], phone: Device) -> None:
    ok(director.client.post(f"/api/v1/tables/{table['id']}/takeover/", format="json"))


def freed(director: Director, event: int, table: dict[str, Any], phone: Device) -> None:
    ok(director.client.post(f"/api/v1/tables/{table['id']}/confirmers/end/", format="json"))


def undone(director: Director, event: int, table: dict[str, Any], phone: Device) -> None:
    assert director.client.delete(f"/api/v1/events/{event}/rounds/1/").status_code == 204


def left(director: Director, event: int, table: dict[str, Any], phone: Device) -> None:
    assert phone.client.delete("/api/v1/tables/device/").status_code == 204


def revocations_in(place: Path) -> list[dict[str, Any]]:
    ledger = place / backups.REVOCATIONS
    return [json.loads(line) for line in ledger.read_text().splitlines()] if ledger.exists() else []


@pytest.mark.parametrize(
    ("role", "ended", "end"),
    [
        ("scorer", "handed-over", handed_over),
        ("confirmer", "freed", freed),
        ("confirmer", "undone", undone),
        ("scorer", "left", left),
    ],
)
def test_a_phone_ended_after_the_backup_is_not_known_again_after_restoring_it(
    director, places, role, ended, end
):
    """The director's act (or the phone's leaving) was lost with the database the restore
    replaced; the revocation ledger beside the backups keeps the token ended."""
    event, table = a_night_seated(director)
    made = made_now()
    phone = join(table["join_code"], role=role)
    end(director, event, table, phone)
    folder, stick = places
    (line,) = revocations_in(folder)
    assert revocations_in(stick) == [line]
    assert line["digest"] == token_digest(phone.token) and line["ended"] == ended
    (token,) = TableToken.objects.filter(token_hash=line["digest"])
    assert (line["event_table"], line["event_made"]) == (
        token.event_table_id,
        made_at(token.event_table.event.created_at),
    )
    text = (folder / backups.REVOCATIONS).read_text()
    assert phone.token not in text and not any(name in text for name in ("Ann", "Ben", "Cat"))
    assert restore_on_screen(Client(), made.name).status_code == 200
    refused = phone.here()
    assert refused.status_code == 401 and "does not know" in refused.json()["detail"]
    assert not TableToken.objects.exists()
    assert ok(join(table["join_code"], role=role).here())["role"] == role  # it joins again


def test_a_phone_handed_over_after_the_backup_never_takes_the_table_back(director, places):
    code = a_night_seated(director)[1]["join_code"]
    before = join(code)  # the scoring phone the backup knows
    made = made_now()
    ok(director.client.post(f"/api/v1/tables/{before.id}/takeover/", format="json"))
    handed = join(code)
    ok(director.client.post(f"/api/v1/tables/{handed.id}/takeover/", format="json"))
    after = join(code)  # the table's scoring phone when the laptop died
    assert restore_on_screen(Client(), made.name).status_code == 200
    assert handed.here().status_code == 401
    assert ok(before.here())["role"] == "scorer"  # the restored scorer keeps the table
    assert ok(after.here())["table"]["id"] == after.id  # until the phone that took it since
    assert before.here().json()["code"] == "device-handed-over"


def test_the_nights_close_lists_no_token_and_its_phones_come_back_with_the_open_night(
    director, places
):
    event, table = a_night_seated(director)
    made = made_now()
    phone = join(table["join_code"])
    body = {"leave_open": True}
    ok(director.client.post(f"/api/v1/events/{event}/close/", body, format="json"))
    backups.backups_settled()
    assert revocations_in(places[0]) == [] and revocations_in(places[1]) == []
    assert restore_on_screen(Client(), made.name).status_code == 200
    assert ok(phone.here())["table"]["id"] == phone.id


def test_a_revocation_the_mirror_missed_goes_there_with_the_next_backup(
    director, places, settings, tmp_path
):
    """Ended while the stick was out, merged into its ledger by the next backup mirrored: a
    new laptop restoring from the stick alone keeps the token ended."""
    folder, stick = places
    _, table = a_night_seated(director)
    made = made_now()
    phone = join(table["join_code"])
    settings.BACKUP_MIRROR = tmp_path / "unplugged"
    assert phone.client.delete("/api/v1/tables/device/").status_code == 204
    assert revocations_in(stick) == []
    settings.BACKUP_MIRROR = stick
    made_now(label="after")
    assert revocations_in(stick) == revocations_in(folder) != []
    settings.BACKUP_DIR = tmp_path / "new-laptop"
    assert restore_on_screen(Client(), made.name).status_code == 200
    assert phone.here().status_code == 401


def test_a_restore_in_korean_says_the_backups_name_with_its_particle(director, places):
    """The screen's Korean says "{name}을(를) 복원했습니다" in the form the name takes."""
    from referee.korean import particle

    a_night_in_play(director)
    made = made_now()
    shown = restore_on_screen(Client(), made.name, HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert f"{made.name}{particle(made.name, '을(를)')} 복원했습니다." in shown
    assert "을(를)" not in shown
    # Its last write's time as a Korean reads a date ("2026년 12월 7일 (월요일) 05:27:39").
    assert re.search(r"\d{4}년 \d{1,2}월 \d{1,2}일 \(\w+\) \d\d:\d\d:\d\d", shown), shown


def test_backups_ending_at_once_each_write_the_status_whole(places):
    """The timer's backup and one a closed night set off may end together: each writes the
    status (and its note) through a partial file of its own, so neither finds its partial
    file gone, and the status read after is one of theirs, whole."""
    import json
    import threading

    from scorekeeper.backups import STATUS_FILE, _write_atomically, folder

    folder().mkdir(parents=True, exist_ok=True)
    path = folder() / STATUS_FILE
    failed: list[BaseException] = []
    start = threading.Barrier(8)

    def write(n: int) -> None:
        start.wait()
        try:
            for _ in range(25):
                _write_atomically(path, json.dumps({"writer": n, "pad": "x" * 5000}))
        except BaseException as error:  # (collected, asserted below)
            failed.append(error)

    writers = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert failed == []
    assert json.loads(path.read_text())["writer"] in range(8)
    assert [p.name for p in folder().iterdir() if p.name.endswith(".partial")] == []
