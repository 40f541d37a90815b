"""Erasure that erases: once a director erases a player, their name, every name they had and
the name with its label are found in no table of the database and no entry of the cache, and
in nothing the API answers; a restore of a backup made before puts the name back only until
the erasure ledger erases it again."""

from __future__ import annotations

import base64
import pickle
import re
from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from event_helpers import Director, join, ok
from rest_framework.test import APIClient

from scorekeeper.backups import SUFFIX, backup_create
from scorekeeper.erasure_ledger import erasures
from scorekeeper.events import selectors, services
from scorekeeper.events.access import Actor
from scorekeeper.events.selectors import holdings
from scorekeeper.events.services.privacy import erasures_reapply
from scorekeeper.models import Player

pytestmark = pytest.mark.django_db

OLD, NAME, LABEL = "Zeb Quack", "Zebediah Quackenbush", "Tuesday"
#: What must be found nowhere: each name, and the words that make them up.
GONE = ("Zeb Quack", "Zebediah", "Quackenbush")
OTHERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus")


@pytest.fixture
def backups(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def rows_of_every_table() -> list[str]:
    """Every row of every table, as text; the cache's entries unpickled."""
    rows = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(f'SELECT * FROM "{table}"')
            rows += [f"{table}: {row!r}" for row in cursor.fetchall()]
            if table == "cache":
                cursor.execute('SELECT cache_key, value FROM "cache"')
                rows += [
                    f"cache {key}: {pickle.loads(base64.b64decode(value))!r}"
                    for key, value in cursor.fetchall()
                ]
    return rows


def found(texts: list[str]) -> list[str]:
    return [text for text in texts if any(word.casefold() in text.casefold() for word in GONE)]


@pytest.fixture
def night(director: Director, director_user) -> dict[str, Any]:
    """A published hand-by-hand night the player played under two names (renamed for a
    reason naming them by a word of the name): they joined a phone labelled with their name
    and one labelled with a word of it, entered a result the other side disputed naming them
    (whole, and by a first name), and every answer the pollers read is in the cache."""
    event = director.create_event(
        round_length="hands", hands_per_round=2, rounds_planned=2, published=True
    )
    ids = director.add_players(event, OLD, *OTHERS)
    player = Player.objects.get(pk=ids[OLD])
    services.player_update(
        player=player,
        actor=Actor(user=director_user),
        name=NAME,
        label=LABEL,
        reason="Quackenbush asked for his full name",
    )
    seated = director.next_round(event)
    table = next(t for t in seated["tables"] if any(NAME in s["name"] for s in t["seats"]))
    phone = join(table["join_code"], label=f"{NAME}'s phone")
    me = next(name for name in phone.seats if NAME in name)
    phone.hand(maker=me, tricks=3)
    phone.hand(maker=me, tricks=5)
    ok(phone.enter(by=me), 201)
    them = next(name for name in phone.seats if phone.side_of(name) != phone.side_of(me))
    theirs = APIClient().post(
        "/api/v1/tables/join/",
        {"code": table["join_code"], "role": "confirmer", "label": "Quackenbush's tablet"},
        format="json",
    )
    ok(theirs, 201)
    ok(phone.dispute(by=them, reason=f"{me} counted a march twice, Zebediah knows"))
    ok(phone.enter(by=me), 201)
    ok(phone.confirm(by=them))
    anyone = APIClient()
    for path in (
        f"/api/v1/events/{event}/rounds/",
        f"/api/v1/events/{event}/standings/",
        f"/api/v1/events/{event}/log/",
        f"/api/v1/games/{table['game']}/log/",
        f"/api/v1/clubs/{director.club}/leaderboard/",
    ):
        ok(anyone.get(path))
    assert found(rows_of_every_table())  # the name is there to be erased
    return {"event": event, "player": player, "game": table["game"], "anyone": anyone}


def test_an_erased_name_is_in_no_table_no_cache_entry_and_no_answer(night, director, backups):
    player = night["player"]
    erased = director.client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json")
    assert ok(erased)["name"] == f"Erased player {player.pk}"
    assert found(rows_of_every_table()) == []
    event, anyone = night["event"], night["anyone"]
    for path in (
        f"/api/v1/events/{event}/rounds/",
        f"/api/v1/events/{event}/standings/",
        f"/api/v1/games/{night['game']}/log/",
        f"/api/v1/players/{player.pk}/",
        f"/api/v1/players/{player.pk}/export.json",
    ):
        for client in (anyone, director.client):
            assert not found([client.get(path).content.decode()]), path
    assert found(rows_of_every_table()) == []  # nor in what those reads cached again


def test_an_erased_name_typed_at_a_table_they_never_sat_at_goes_too(night, director, backups):
    """At the other table of the night a phone is labelled with the name, a dispute and a
    director's amendment name them whole (and the dispute a word of the name beside it):
    after the erasure none of it names them."""
    event = night["event"]
    (seated,) = ok(director.client.get(f"/api/v1/events/{event}/rounds/"))
    other = next(t for t in seated["tables"] if all(NAME not in s["name"] for s in t["seats"]))
    phone = join(other["join_code"], label=f"{NAME}'s spare phone")
    north = phone.by_seat[0]
    phone.hand(maker=north, tricks=3)
    phone.hand(maker=north, tricks=4)
    ok(phone.enter(by=north), 201)
    them = phone.by_seat[1]
    ok(phone.dispute(by=them, reason=f"{NAME} watched, Zebediah saw a march missed"))
    body = {"maker": 0, "maker_tricks": 5, "reason": f"as {NAME} saw it"}
    ok(director.client.patch(f"{phone.url}hands/2/", body, format="json"))
    rows = rows_of_every_table()
    for said in (f"{NAME}'s spare phone", f"{NAME} watched", f"as {NAME} saw it"):
        assert any(said in row for row in rows), said  # there to be erased

    ok(director.client.post(f"/api/v1/players/{night['player'].pk}/erase/", {}, format="json"))
    assert found(rows_of_every_table()) == []
    shown = f"Erased player {night['player'].pk}"
    for path in (f"/api/v1/events/{event}/log/", f"/api/v1/games/{other['game']}/log/"):
        said = APIClient().get(path).content.decode()
        assert not found([said]) and shown in said, path


def test_the_reason_given_for_an_erasure_loses_the_name_too(night, director):
    player = night["player"]
    why = {"reason": "Zebediah Quackenbush asked by email; Zeb wants no trace"}
    ok(director.client.post(f"/api/v1/players/{player.pk}/erase/", why, format="json"))
    assert found(rows_of_every_table()) == []
    log = ok(director.client.get(f"/api/v1/clubs/{director.club}/players/log/"))
    erasure = next(entry for entry in log if entry["action"] == "erase")
    shown = f"Erased player {player.pk}"
    assert erasure["reason"] == f"{shown} asked by email; {shown} wants no trace"


def test_a_read_held_from_before_the_erasure_is_sent_again_with_the_new_name(
    night, director, backups
):
    anyone, game = night["anyone"], night["game"]
    reads = (f"/api/v1/games/{game}/", f"/api/v1/games/{game}/log/")
    held = {path: anyone.get(path)["ETag"] for path in reads}
    ok(director.client.post(f"/api/v1/players/{night['player'].pk}/erase/", {}, format="json"))
    for path, tag in held.items():
        again = anyone.get(path, HTTP_IF_NONE_MATCH=tag)
        assert again.status_code == 200, path
        assert not found([again.content.decode()]), path
        assert anyone.get(path, HTTP_IF_NONE_MATCH=again["ETag"]).status_code == 304


@pytest.mark.parametrize("read", ["standings", "rounds"])
def test_an_answer_made_before_the_erasure_is_not_kept_after_it(
    night, director, director_user, backups, monkeypatch, read
):
    """A poll made its answer from the database before the erasure, which emptied the cache
    before the poll could keep it: the poll is answered, but its answer is not kept."""
    from scorekeeper.events.api import base

    caches["default"].clear()  # (the poll makes its answer again)
    player = night["player"]

    class ErasedMeanwhile(base.JSONRenderer):
        def render(self, *args: Any, **kwargs: Any) -> bytes:
            made = super().render(*args, **kwargs)
            services.player_erase(player=player, actor=Actor(user=director_user))
            return made

    monkeypatch.setattr(base, "JSONRenderer", ErasedMeanwhile)
    answered = night["anyone"].get(f"/api/v1/events/{night['event']}/{read}/")
    assert answered.status_code == 200 and found([answered.content.decode()])
    assert Player.objects.get(pk=player.pk).name == f"Erased player {player.pk}"
    assert found(rows_of_every_table()) == []


def test_an_erasure_is_in_the_ledger_by_ids_only(night, director, backups):
    player = night["player"]
    ok(director.client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json"))
    (erasure,) = erasures()
    assert (erasure.player, erasure.club, erasure.added) == (
        player.pk,
        player.club_id,
        player.created_at,
    )
    assert not found([(backups / "erasures.jsonl").read_text()])


def test_a_restore_from_before_the_erasure_erases_the_name_again(night, director, backups):
    player = night["player"]
    ok(director.client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json"))
    # As a backup made before the erasure would bring them back:
    Player.objects.filter(pk=player.pk).update(name=NAME, label=LABEL)
    caches["default"].clear()
    assert erasures_reapply() == 1
    assert Player.objects.get(pk=player.pk).name == f"Erased player {player.pk}"
    assert erasures_reapply() == 0


@pytest.mark.django_db(transaction=True)  # (a backup of SQLite reads the committed database)
def test_a_laptop_restored_from_the_mirror_alone_erases_the_name_again(
    night, director, backups, settings, tmp_path
):
    mirror = settings.BACKUP_MIRROR = tmp_path / "mirror"
    mirror.mkdir()
    player = night["player"]
    ok(director.client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json"))
    (first,) = (mirror / "erasures.jsonl").read_text().splitlines()
    assert not found([first])
    # The laptop is lost: a new one, its backup folder empty, restores from the mirror.
    settings.BACKUP_DIR = tmp_path / "new-laptop"
    Player.objects.filter(pk=player.pk).update(name=NAME, label=LABEL)
    assert erasures_reapply() == 1
    assert Player.objects.get(pk=player.pk).name == f"Erased player {player.pk}"
    # Its backups, mirrored, keep the mirror's ledger whole: the first laptop's line stays.
    settings.BACKUP_MIRROR = tmp_path / "unplugged"
    erasures_reapply()  # (nothing to erase: the new laptop's line is its own alone)
    settings.BACKUP_MIRROR = mirror
    backup_create(label="after", holds=holdings())
    mirrored = (mirror / "erasures.jsonl").read_text().splitlines()
    local = (tmp_path / "new-laptop" / "erasures.jsonl").read_text().splitlines()
    assert first in mirrored and set(local) <= set(mirrored)


def test_a_ledger_line_never_erases_someone_else_given_the_same_id(night, director, backups):
    player = night["player"]
    ok(director.client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json"))
    # A restored database that gave the id to a player added later, not the one erased:
    Player.objects.filter(pk=player.pk).update(name="Someone Else", created_at="2099-01-01T00:00Z")
    assert erasures_reapply() == 0
    assert Player.objects.get(pk=player.pk).name == "Someone Else"


def test_the_console_lists_the_backups_that_still_hold_an_erased_name(
    night, director, director_user, backups
):
    from django.test import Client

    backups.mkdir(parents=True, exist_ok=True)
    player = night["player"]
    Player.objects.filter(pk=player.pk).update(created_at="2020-01-01T00:00Z")
    # Made before the player was added: it never held the name.
    oldest = backups / f"euchre-20190101-000000-000000{SUFFIX[connection.vendor]}"
    oldest.write_bytes(b"")
    older = backups / f"euchre-20200101-000000-000001-round{SUFFIX[connection.vendor]}"
    older.write_bytes(b"")
    ok(director.client.post(f"/api/v1/players/{player.pk}/erase/", {}, format="json"))
    newer = backups / f"euchre-29990101-000000-000000{SUFFIX[connection.vendor]}"
    newer.write_bytes(b"")
    browser = Client()
    browser.force_login(director_user)
    page = browser.get(f"/events/players/{player.pk}/").content.decode()
    assert older.name in page and newer.name not in page and oldest.name not in page
    home = browser.get("/events/director/").content.decode()
    assert "1 backup still holds erased names" in home and older.name in home
    assert older.name not in Client().get(f"/events/players/{player.pk}/").content.decode()


def test_an_erased_name_leaves_the_event_wide_entries_of_the_log(director, backups):
    """A late arrival, a leaving with a reason naming them, a team of theirs arriving late and
    withdrawn, the reason naming them: the log keeps each act and none of their names."""
    night = director.create_event(rounds_planned=3, published=True)
    director.add_players(night, *OTHERS[:4])
    director.next_round(night)
    zeb = director.add_players(night, NAME)[NAME]  # late: after round 1 is seated
    director.add_players(night, "Zebediah Smith")  # a namesake, late too: their name stays
    body = {"reason": f"{NAME} went home early; Zebediah says sorry"}
    ok(director.client.delete(f"/api/v1/events/{night}/players/{zeb}/", body, format="json"))

    teams = director.create_event(format="swiss", rounds_planned=3, published=True)
    director.add_team(teams, "Ann and Ben", "Ann", "Ben")
    director.add_team(teams, "Cat and Dan", "Cat", "Dan")
    director.next_round(teams)
    late = director.add_team(teams, "Quackenbush Pair", NAME, "Eve")
    url = f"/api/v1/events/{teams}/teams/{late}/withdraw/"
    ok(director.client.post(url, {"reason": "Zebediah is ill"}, format="json"))
    assert found(rows_of_every_table())  # the name is there to be erased

    erased = director.client.post(f"/api/v1/players/{zeb}/erase/", {}, format="json")
    ok(erased)
    namesake = re.compile("Zebediah Smith", re.IGNORECASE)
    assert found([namesake.sub("", row) for row in rows_of_every_table()]) == []
    for event in (night, teams):
        log = repr(ok(APIClient().get(f"/api/v1/events/{event}/log/")))
        assert "arrive" in log and not found([namesake.sub("", log)])
    assert "Zebediah Smith" in repr(ok(APIClient().get(f"/api/v1/events/{night}/log/")))


def test_an_erasure_leaves_what_the_log_says_of_others_who_share_a_word_of_the_name(
    director, backups
):
    """Erasing Ann Lee: "Lee Park went home" and "as Dora Lee asked", said of the event as a
    whole, keep their words; what is said of Ann Lee herself goes."""
    night = director.create_event(rounds_planned=3, published=True)
    ann = director.add_players(night, "Ann Lee", *OTHERS[1:4])["Ann Lee"]
    director.next_round(night)
    park = director.add_players(night, "Lee Park")["Lee Park"]
    url = f"/api/v1/events/{night}/players/"
    ok(director.client.delete(f"{url}{park}/", {"reason": "Lee Park went home"}, format="json"))
    ok(director.client.delete(f"{url}{ann}/", {"reason": "Ann Lee went home"}, format="json"))
    body = {"name": "Club night, moved", "reason": "as Dora Lee asked"}
    ok(director.client.patch(f"/api/v1/events/{night}/", body, format="json"))
    ok(director.client.post(f"/api/v1/players/{ann}/erase/", {}, format="json"))
    log = repr(ok(director.client.get(f"/api/v1/events/{night}/log/")))
    assert "Ann Lee" not in log and f"Erased player {ann} went home" in log
    assert "Lee Park went home" in log and "as Dora Lee asked" in log
    assert "'name': 'Lee Park'" in log


def a_seated_night(director: Director) -> tuple[int, dict[str, int], dict[str, Any]]:
    """Zeb Quack and seven others at a night of hands, round 1 seated (each table a game)."""
    event = director.create_event(round_length="hands", hands_per_round=2, rounds_planned=2)
    # (Zeb is another player: erasing Zeb Quack leaves his name whole wherever it is.)
    ids = director.add_players(event, "Zeb Quack", "Zeb", "Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
    return event, ids, director.next_round(event)


def first_entries(game: str) -> list[Any]:
    """The players each `create-game` entry of the game's public log names."""
    log = ok(APIClient().get(f"/api/v1/games/{game}/log/"))
    return [entry["after"]["players"] for entry in log if entry["action"] == "create-game"]


@pytest.mark.parametrize("repair", ["a substitute", "a swap"])
def test_a_game_whose_seat_they_left_before_its_first_hand_is_rewritten_too(
    director: Director, repair: str
):
    event, ids, seated = a_seated_night(director)
    zeb = ids["Zeb Quack"]
    table, seat = next((t, s) for t in seated["tables"] for s in t["seats"] if s["player"] == zeb)
    other = next(t for t in seated["tables"] if t["id"] != table["id"])
    if repair == "a substitute":
        url = f"/api/v1/tables/{table['id']}/seats/{seat['seat']}/substitute/"
        ok(director.client.post(url, {"player": "Sam", "reason": "sick"}, format="json"))
    else:
        body = {"players": [zeb, other["seats"][0]["player"]], "reason": "asked to"}
        ok(director.client.post(f"/api/v1/events/{event}/rounds/1/swap/", body, format="json"))
    held = first_entries(table["game"]) + first_entries(other["game"])
    ok(director.client.post(f"/api/v1/players/{zeb}/erase/", {}, format="json"))
    shown = f"Erased player {zeb}"
    # Their name is gone from every game's first entry, and nobody else's went with it.
    assert first_entries(table["game"]) + first_entries(other["game"]) == [
        [shown if name == "Zeb Quack" else name for name in players] for players in held
    ]


def test_erasing_a_name_leaves_a_longer_name_that_holds_it_whole(director: Director):
    _event, ids, seated = a_seated_night(director)
    zeb = ids["Zeb"]
    games = [table["game"] for table in seated["tables"]]
    held = [players for game in games for players in first_entries(game)]
    ok(director.client.post(f"/api/v1/players/{zeb}/erase/", {}, format="json"))
    assert [players for game in games for players in first_entries(game)] == [
        [f"Erased player {zeb}" if name == "Zeb" else name for name in players] for players in held
    ]
    assert any("Zeb Quack" in players for players in held)


def test_the_name_of_a_record_merged_into_theirs_goes_too(director: Director, backups):
    """Zeb Quack played one night as "Zebediah Quackenbush", a second record a director
    merged into his: that name was his too, in the roster log, the game it sat in and its
    team's name."""
    first = director.create_event(round_length="hands", hands_per_round=2, rounds_planned=1)
    zeb = director.add_players(first, OLD, *OTHERS[:3])[OLD]
    director.next_round(first)
    second = director.create_event(
        round_length="hands", hands_per_round=2, rounds_planned=1, published=True
    )
    twin = director.add_players(second, NAME, *OTHERS[3:6])[NAME]
    (table,) = director.next_round(second)["tables"]
    body = {"absorb": twin, "reason": f"{NAME} is {OLD}"}
    ok(director.client.post(f"/api/v1/players/{zeb}/merge/", body, format="json"))
    assert any(NAME in row for row in rows_of_every_table())

    ok(director.client.post(f"/api/v1/players/{zeb}/erase/", {}, format="json"))
    assert found(rows_of_every_table()) == []
    assert f"Erased player {zeb}" in repr(first_entries(table["game"]))
    # A backup older than his own record may hold the name of one merged into it: listed.
    Player.objects.filter(pk=zeb).update(created_at="2099-01-01T00:00Z")
    backups.mkdir(parents=True, exist_ok=True)
    older = backups / f"euchre-20200101-000000-000000{SUFFIX[connection.vendor]}"
    older.write_bytes(b"")
    held = selectors.backups_holding_erased(club=Player.objects.get(pk=zeb).club)
    assert [backup.name for backup in held] == [older.name]


def test_an_event_or_season_named_after_them_is_renamed_and_so_is_its_old_name_in_the_log(
    director: Director, backups
):
    """A night named "Farewell to Zeb Quack" (renamed since: its log keeps the old name) in a
    season named after him: his whole name goes from both names and the log; a first name
    alone stays (another "Zebediah" may be meant)."""
    season = director.create_season(f"{OLD} cup", "2026-01-01", "2026-12-31")
    night = director.create_event(
        name=f"Farewell to {OLD}", season=season, rounds_planned=2, published=True
    )
    zeb = director.add_players(night, OLD, *OTHERS[:3])[OLD]
    director.next_round(night)
    body = {"name": "Farewell for Zebediah", "reason": f"{OLD} asked"}
    ok(director.client.patch(f"/api/v1/events/{night}/", body, format="json"))
    assert any(f"Farewell to {OLD}" in row for row in rows_of_every_table())

    ok(director.client.post(f"/api/v1/players/{zeb}/erase/", {}, format="json"))
    rows = rows_of_every_table()
    assert not [row for row in rows if OLD in row or NAME in row]
    log = repr(ok(APIClient().get(f"/api/v1/events/{night}/log/")))
    assert f"Farewell to Erased player {zeb}" in log and "Farewell for Zebediah" in log
    seasons = ok(director.client.get(f"/api/v1/clubs/{director.club}/seasons/"))
    assert [s["name"] for s in seasons] == [f"Erased player {zeb} cup"]


def test_seeds_seasons_and_a_deleted_night_lose_the_name_and_no_two_seasons_clash(
    director: Director, backups
):
    """Zeb Quack, and "Zebediah Quackenbush" merged into him: a season after each name, a
    bracket whose seeds name his team, and a night named after him and deleted (the site's
    history keeps deleted events). Erased: none of it names him, the two seasons stay two,
    and a seed of another team keeps its name."""
    for name in (OLD, NAME):
        director.create_season(f"{name} cup", "2026-01-01", "2026-12-31")
    bracket = director.create_event(format="bracket", entry="totals", name="Knockout")
    zebs = director.add_team(bracket, "Zeb & Ann", OLD, "Ann")
    others = director.add_team(bracket, "Zebediah Fans", "Ben", "Cat")
    body = {"teams": [others, zebs]}
    ok(director.client.put(f"/api/v1/events/{bracket}/seeds/", body, format="json"))
    twin = director.create_event(name=f"Farewell to {NAME}", rounds_planned=1)
    merged = director.add_players(twin, NAME)[NAME]
    zeb = int(Player.objects.get(name=OLD).pk)
    body = {"absorb": merged, "reason": "one man"}
    ok(director.client.post(f"/api/v1/players/{zeb}/merge/", body, format="json"))
    gone = {"reason": f"{NAME} moved away"}
    deleted = director.client.delete(f"/api/v1/events/{twin}/", gone, format="json")
    assert deleted.status_code == 204, deleted.content
    assert any(NAME in row for row in rows_of_every_table())

    ok(director.client.post(f"/api/v1/players/{zeb}/erase/", {}, format="json"))
    assert found([row.replace("Zebediah Fans", "") for row in rows_of_every_table()]) == []
    seasons = ok(director.client.get(f"/api/v1/clubs/{director.club}/seasons/"))
    assert len({season["name"] for season in seasons}) == 2
    log = repr(ok(director.client.get(f"/api/v1/events/{bracket}/log/")))
    assert "Zebediah Fans" in log and f"Erased player {zeb} & Ann" in log
