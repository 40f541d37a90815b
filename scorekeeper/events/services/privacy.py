"""A player's privacy: a director erases a player's name, and casual games nobody touched for a
while are deleted.

Erasing keeps the record and every number: seats, entries, results and games name a player by
id, so the name becomes a placeholder ("Erased player 17", unique in the club by the id), and
every copy of the name, in the same transaction, is rewritten (each name they had, those of
records merged into theirs too): the label; the roster log's records of them and their reasons
(a word of a name there goes too); the names of the hand-by-hand games they sat in (or left
before the first hand, for a substitute or a swap) and of the teams they played in; those
games' change logs (a game's first entry names its seats, and is rewritten wherever a seat
there is theirs by name in the events they entered); a substitute's seat in the events' logs;
where a name of theirs or a word of one appears, the free text kept about their tables (reasons
given, a dispute's words, the labels the phones there joined with) and what the logs of the
events they entered say of them or their team (an arrival, a leaving, a withdrawal); elsewhere
in those logs, and in the names of the club, its seasons and its events, their whole names
(and each word of them in a text that names them whole). The answers kept for pollers
(standings, rounds, leaderboards) are dropped from the cache, on SQLite deleted rows are
overwritten on the disk (`secure_delete`, settings) and the database is rewritten once the
erasure commits, so no old page keeps the name.

Every erasure is written, by ids only, to the erasure ledger beside the backups before it
commits (`scorekeeper.erasure_ledger`): a backup made before it still holds the name, and a
restore of one calls `erasures_reapply` to erase it again.
"""

from __future__ import annotations

import datetime
import logging
import re
import threading
import time
from collections.abc import Collection, Iterable
from typing import Any, Final

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.core.cache import caches
from django.db import OperationalError, connection, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import names
from scorekeeper.erasure_ledger import Erasure, erasure_record, erasures
from scorekeeper.errors import Conflict
from scorekeeper.events.access import Actor, require_director
from scorekeeper.events.models import (
    Event,
    EventTeam,
    Result,
    ResultChange,
    RosterChange,
    Season,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.services.changes import club_events_changed
from scorekeeper.kept import erasure_excludes_keeping
from scorekeeper.models import ChangeLogEntry, Club, Game, Player, Seat

PLACEHOLDER: Final = "Erased player {id}"
#: Who erases a name again after a restore, as the roster log says.
RESTORE_ACTOR: Final = "restore"
logger = logging.getLogger(__name__)


def placeholder(player_id: int) -> str:
    return PLACEHOLDER.format(id=player_id)


def is_erased(player: Player) -> bool:
    return player.name == placeholder(player.pk) and not player.label


def _of_records(value: dict[str, Any], ids: Collection[int]) -> bool:
    """Whether a log's record is of one of these records (by `id`, or by `player`)."""
    return any(
        isinstance(key, int) and not isinstance(key, bool) and key in ids
        for key in (value.get("id"), value.get("player"))
    )


def _scrubbed(value: Any, ids: Collection[int], shown: str) -> Any:
    """A log's before/after with the name and label of this player's records (`ids`) replaced
    (the roster log names them by `id`, the event's change log by `player`)."""
    if isinstance(value, list):
        return [_scrubbed(item, ids, shown) for item in value]
    if isinstance(value, dict):
        value = {key: _scrubbed(item, ids, shown) for key, item in value.items()}
        if _of_records(value, ids) and "name" in value:
            value = {**value, "name": shown, "label": ""}
            if "shown" in value:
                value["shown"] = shown
        return value
    return value


def _names_in(value: Any, ids: Collection[int]) -> set[str]:
    """Every name a log's before/after gives this player's records (`ids`)."""
    found: set[str] = set()
    if isinstance(value, list):
        for item in value:
            found |= _names_in(item, ids)
    elif isinstance(value, dict):
        for item in value.values():
            found |= _names_in(item, ids)
        if _of_records(value, ids) and value.get("name"):
            name, label = str(value["name"]), str(value.get("label") or "")
            found |= {name, names.name_shown(name, label), str(value.get("shown") or "")}
    return found - {""}


def _renamed_in(text: str, old: Iterable[str], new: str) -> str:
    """`text` with each of `old` as a whole name (not part of a longer word) replaced by
    `new`, the longest first (a name with its label before the name alone)."""
    for name in sorted(set(old), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", new, text)
    return text


def _said_renamed(text: str, old: set[str], spoken: set[str], shown: str, *, about: bool) -> str:
    """Free text with their names rewritten: each word of them too where it is about them (at
    their tables and games, or a text that names them whole: "Zeb Quack and Zeb saw it"),
    elsewhere only their whole names (another "Zeb" may be someone else)."""
    names_them_whole = _renamed_in(text, old, shown) != text
    return _renamed_in(text, spoken if about or names_them_whole else old, shown)


def _words_of(names: Iterable[str]) -> set[str]:
    """The words of the names that could name someone alone: three letters or more, not a
    number (a label's "2" or "Tue" aside, "Zeb" of "Zeb Quack")."""
    return {word for name in names for word in re.findall(r"\w{3,}", name) if not word.isdigit()}


def player_erase(*, player: Player, actor: Actor, reason: str = "") -> Player:
    """Erase a club's player's name everywhere it is kept; every number stays (logged)."""
    club = player.club
    if club is None:  # a casual game's player: never found by a director (access.player_for)
        raise Conflict(_("A casual game's player is not on a roster."), code="casual-player")
    require_director(actor, club)
    with transaction.atomic():
        # (FOR NO KEY UPDATE: a result written meanwhile checks its rows' player at its commit
        # with a key share, which this lock lets through, and so it never waits on the erasure
        # while the erasure waits for its event's row.)
        player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        if is_erased(player):
            raise Conflict(
                _("This player's name is erased already."), code="player-erased", field="player"
            )
        _erase(player, actor.label, reason)
    return player


def erasures_reapply() -> int:
    """Erase again, from the erasure ledger, every name a restored backup brought back (a
    backup made before its erasure); what a restore calls. Returns how many were erased."""
    erased = 0
    for erasure in erasures():
        with transaction.atomic():
            player = (
                Player.objects.select_for_update(no_key=True)
                .filter(pk=erasure.player, club_id=erasure.club, created_at=erasure.added)
                .first()
            )
            if player is None or is_erased(player):
                continue
            when = erasure.erased.date().isoformat()
            _erase(player, RESTORE_ACTOR, f"erased on {when}; erased again after a restore")
            erased += 1
    return erased


def _erase(player: Player, actor: str, reason: str) -> None:
    """Rewrite every copy of the player's name (locked by the caller, in its transaction)."""
    club = player.club
    assert club is not None
    shown = placeholder(player.pk)
    ids = records_of(player)
    mentions = RosterChange.objects.filter(club=club).filter(Q(player__in=ids) | Q(other__in=ids))
    old = {player.name, player.shown}
    for change in mentions:
        old |= _names_in(change.before, ids) | _names_in(change.after, ids)
    old.discard("")
    player.name, player.label = shown, ""
    player.save(update_fields=["name", "label"])
    # What was said of them names them by a part of a name too ("Zeb's phone", "Quack asked
    # for his full name"): in the roster log's entries about their records, at their own
    # tables and in their games each word of their names goes, where the events' logs keep to
    # whole names elsewhere.
    spoken = old | _words_of(old)
    # The roster log: every earlier record of them (rows are rewritten in place, the one
    # change an append-only log takes), and its reasons.
    for change in mentions:
        RosterChange.objects.filter(pk=change.pk).update(
            before=_scrubbed(change.before, ids, shown),
            after=_scrubbed(change.after, ids, shown),
            reason=_renamed_in(change.reason, spoken, shown),
        )
    teams = EventTeam.objects.filter(members__player=player).distinct()
    _tables_rewritten(player, ids, {team.pk for team in teams}, old, spoken, shown)
    _games_rewritten(player, old, spoken, shown)
    _club_names_rewritten(club, old, spoken, shown)
    for team in teams:
        EventTeam.objects.filter(pk=team.pk).update(name=_renamed_in(team.name, spoken, shown))
    RosterChange.objects.create(
        club=club,
        action=RosterChange.Action.ERASE,
        player=player.pk,
        actor=actor,
        reason=_renamed_in(reason, spoken, shown),  # "as Zeb Quack asked by email"
        before={"id": player.pk},
        after={"id": player.pk, "name": shown, "label": "", "kind": player.kind},
    )
    club_events_changed(club.pk)
    # A write that held one of those events meanwhile (a round seated, say) and copied the
    # name before this erasure's first pass saw its rows has committed now: once more.
    _tables_rewritten(player, ids, {team.pk for team in teams}, old, spoken, shown)
    _games_rewritten(player, old, spoken, shown)
    # The answers kept for pollers may hold the name: all of them go (they are made again on
    # the next read). The database's cache does this in this very transaction; an answer
    # made before it is kept before it or not at all (scorekeeper.kept).
    erasure_excludes_keeping()
    caches["default"].clear()
    erasure_record(
        Erasure(player=player.pk, club=club.pk, added=player.created_at, erased=timezone.now())
    )
    transaction.on_commit(_old_pages_overwritten)


def records_of(player: Player) -> frozenset[int]:
    """The player's id and those of the records merged into theirs (one person typed twice:
    those records' names were theirs too), however many merges ago."""
    ids = {player.pk}
    merges = RosterChange.objects.filter(club=player.club, action=RosterChange.Action.MERGE)
    while True:
        absorbed = {
            other
            for other in merges.filter(player__in=ids).values_list("other", flat=True)
            if other is not None
        }
        if absorbed <= ids:
            return frozenset(ids)
        ids |= absorbed


def names_them(value: Any, player_id: int, teams: set[int]) -> bool:
    """Whether a log's before/after names the player, or a team of theirs."""
    if isinstance(value, list):
        return any(names_them(item, player_id, teams) for item in value)
    if isinstance(value, dict):
        if value.get("player") == player_id or value.get("team") in teams:
            return True
        return any(names_them(item, player_id, teams) for item in value.values())
    return False


def _teams_renamed(value: Any, teams: set[int], old: set[str], shown: str) -> Any:
    """A log's before/after with the name of each team of the player's rewritten."""
    if isinstance(value, list):
        return [_teams_renamed(item, teams, old, shown) for item in value]
    if isinstance(value, dict):
        value = {key: _teams_renamed(item, teams, old, shown) for key, item in value.items()}
        if value.get("team") in teams and isinstance(value.get("name"), str):
            value = {**value, "name": _renamed_in(value["name"], old, shown)}
        return value
    return value


def _logged_names(
    action: str, value: Any, teams: set[int], old: set[str], spoken: set[str], shown: str
) -> Any:
    """A log's before/after with their names gone from the names it keeps as text: an event's
    name in a change of its settings ("Farewell to Zeb Quack"), where it names them whole, and
    a team of theirs in an order of seeds (kept by name beside the teams' ids)."""
    if not isinstance(value, dict):
        return value
    if action == ResultChange.Action.SETTINGS and isinstance(value.get("name"), str):
        value = {**value, "name": _said_renamed(value["name"], old, spoken, shown, about=False)}
    ids, seeds = value.get("teams"), value.get("seeds")
    if isinstance(ids, list) and isinstance(seeds, list) and len(ids) == len(seeds):
        seeds = [
            _renamed_in(name, spoken, shown) if team in teams and isinstance(name, str) else name
            for team, name in zip(ids, seeds, strict=True)
        ]
        value = {**value, "seeds": seeds}
    return value


def _club_names_rewritten(club: Club, old: set[str], spoken: set[str], shown: str) -> None:
    """What the club named after them, or where their name is whole ("Zeb Quack's farewell"):
    the club itself, its seasons and its events, and the site's history of its events deleted.
    A name that would then be another's of the same kind (two seasons named after two of their
    names) keeps itself apart by its id."""
    for model, rows in (
        (Club, Club.objects.filter(pk=club.pk)),
        (Season, club.seasons.all()),
        (Event, club.events.all()),
    ):
        for pk, name in rows.values_list("pk", "name"):
            renamed = _said_renamed(name, old, spoken, shown, about=False)[:100]
            if renamed == name:
                continue
            taken = (
                club.seasons.filter(name=renamed).exclude(pk=pk).exists()
                if model is Season
                else model is Club
                and Club.objects.filter(name_key=names.name_key(renamed)).exclude(pk=pk).exists()
            )
            if taken:
                renamed = f"{renamed[:90]} ({pk})"
            changes: dict[str, Any] = {"name": renamed}
            if model is Club:
                changes["name_key"] = names.name_key(renamed)
            model.objects.filter(pk=pk).update(**changes)
    deleted = LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(Event),
        object_repr__contains=f", club {club.pk}, id ",
    )
    for entry in deleted:
        said = [
            _said_renamed(text, old, spoken, shown, about=False)
            for text in (entry.object_repr, entry.change_message)
        ]
        if said != [entry.object_repr, entry.change_message]:
            LogEntry.objects.filter(pk=entry.pk).update(
                object_repr=said[0][:200], change_message=said[1]
            )


def _tables_rewritten(
    player: Player,
    ids: Collection[int],
    teams: set[int],
    old: set[str],
    spoken: set[str],
    shown: str,
) -> None:
    """The club's events' logs, results and phones. At the tables the player sat at, and in
    what is said about them or a team of theirs, each word of their names goes; elsewhere (a
    dispute at another table that names them, a phone labelled "Zeb Quack's spare"), their
    names whole."""
    mine = set(
        TableSeat.objects.filter(Q(player=player) | Q(substitute_for=player)).values_list(
            "table_id", flat=True
        )
    )
    for entry in ResultChange.objects.filter(event__club=player.club):
        before, after = (
            _logged_names(
                entry.action,
                _teams_renamed(_scrubbed(value, ids, shown), teams, spoken, shown),
                teams,
                old,
                spoken,
                shown,
            )
            for value in (entry.before, entry.after)
        )
        about = entry.table_id in mine or any(
            names_them(value, record, teams)
            for value in (entry.before, entry.after)
            for record in ids
        )
        said = _said_renamed(entry.reason, old, spoken, shown, about=about)
        if (before, after, said) != (entry.before, entry.after, entry.reason):
            ResultChange.objects.filter(pk=entry.pk).update(before=before, after=after, reason=said)
    disputes = Result.objects.filter(table__round__event__club=player.club)
    for result in disputes.exclude(dispute_reason=""):
        about = result.table_id in mine
        said = _said_renamed(result.dispute_reason, old, spoken, shown, about=about)
        if said != result.dispute_reason:
            Result.objects.filter(pk=result.pk).update(dispute_reason=said)
    theirs = set(
        TableToken.objects.filter(event_table__tables__in=mine).values_list("pk", flat=True)
    )
    for phone in TableToken.objects.filter(event_table__event__club=player.club).exclude(label=""):
        label = _said_renamed(phone.label, old, spoken, shown, about=phone.pk in theirs)[:60]
        if label != phone.label:
            TableToken.objects.filter(pk=phone.pk).update(label=label)


def _games_rewritten(player: Player, old: set[str], spoken: set[str], shown: str) -> None:
    """The games they sat in, their team names and their change logs (the first entry names
    every seat; reasons are free text): a game where they sit now, or sat until a substitute
    or a swap before its first hand took their seat (its first entry still names them); and in
    the club's events, any other game's entries that name them whole. Each of those
    games' reads are tagged anew (`Game.renamed`), so a phone holding the old name is sent the
    new one; the versions a write names stay as they were."""
    sat = set(Seat.objects.filter(player=player).values_list("game_id", flat=True))
    places = TableSeat.objects.filter(Q(player=player) | Q(substitute_for=player))
    sat |= set(
        Table.objects.filter(seats__in=places, game__isnull=False).values_list("game_id", flat=True)
    )
    club_games = Table.objects.filter(round__event__club=player.club, game__isnull=False)
    nearby = set(club_games.values_list("game_id", flat=True)) - sat
    for game in Game.objects.filter(pk__in=sat):
        team_names = [_renamed_in(name, spoken, shown) for name in game.team_names]
        if team_names != game.team_names:
            Game.objects.filter(pk=game.pk).update(team_names=team_names)
    renamed = set(sat)
    for entry in ChangeLogEntry.objects.filter(game_id__in=sat | nearby):
        # At their own games, what was said names them by a word of a name too ("Zeb's
        # phone"); at another game of the club's, by a name whole. A seat's name is theirs
        # only when it is one of their names whole ("Zeb Quack" is not "Zeb", "Ann (Wed)" not
        # "Ann").
        after = entry.after
        said = _said_renamed(entry.reason, old, spoken, shown, about=entry.game_id in sat)
        if entry.action == ChangeLogEntry.Action.CREATE_GAME and isinstance(after, dict):
            players = [shown if str(p) in old else p for p in after.get("players") or []]
            after = {**after, "players": players}
        if (after, said) != (entry.after, entry.reason):
            ChangeLogEntry.objects.filter(pk=entry.pk).update(after=after, reason=said)
            renamed.add(entry.game_id)
    Game.objects.filter(pk__in=renamed).update(renamed=F("renamed") + 1)


def _old_pages_overwritten() -> None:
    """On SQLite, once an erasure commits: the database is rewritten (VACUUM) and its
    write-ahead log emptied, so that no page freed before `secure_delete` was on, nor an old
    frame of the log, keeps the name; a backup made from now on holds none. (PostgreSQL never
    shows a row's old versions, and leaves them out of every backup.) A reader holding the
    log (a poll being answered) can keep it from being emptied for a moment: then it is
    tried again from a thread of its own until it is, for `REWRITE_SECONDS` at most."""
    if connection.vendor != "sqlite":
        return
    vacuumed = _vacuumed()
    if vacuumed and _log_emptied():
        return
    threading.Thread(
        target=_rewritten_soon, args=(vacuumed,), name="erasure-rewrite", daemon=True
    ).start()


#: How long an erasure's rewrite of the SQLite files is tried again, and how often.
REWRITE_SECONDS: Final = 120.0
REWRITE_EVERY: Final = 0.25


def _vacuumed() -> bool:
    """The database rewritten (VACUUM), this time."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("VACUUM")
    except OperationalError:
        return False
    return True


def _log_emptied() -> bool:
    """The write-ahead log emptied (no reader held it), this time."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            busy = cursor.fetchone()[0]
    except OperationalError:
        return False
    return not busy


def _rewritten_soon(vacuumed: bool) -> None:
    """Tried again: the rewrite until it is done once (each one writes the whole database
    into the log), then only the emptying of the log."""
    deadline = time.monotonic() + REWRITE_SECONDS
    try:
        while time.monotonic() < deadline:
            vacuumed = vacuumed or _vacuumed()
            if vacuumed and _log_emptied():
                return
            time.sleep(REWRITE_EVERY)
        logger.warning(
            "after an erasure the database or its write-ahead log could not be rewritten in "
            "%d s: readers kept it (the next erasure tries again)",
            REWRITE_SECONDS,
        )
    finally:
        connection.close()


def casual_game_days() -> int:
    return int(getattr(settings, "CASUAL_GAME_DAYS", 365))


def casual_games_purge(*, days: int | None = None, dry_run: bool = False) -> tuple[int, int]:
    """Delete the casual games (no club night's table) not touched for `days` days, with
    their hands, change log and players (a casual game's players belong to it alone). Returns
    how many games and players went (or would go)."""
    days = casual_game_days() if days is None else days
    cutoff = timezone.now() - datetime.timedelta(days=days)
    stale = Game.objects.filter(event_table__isnull=True, updated_at__lt=cutoff)
    with transaction.atomic():
        games = list(stale.values_list("pk", flat=True))
        players = list(
            Player.objects.filter(kind=Player.Kind.CASUAL, seats__game__in=games)
            .distinct()
            .values_list("pk", flat=True)
        )
        if dry_run:
            return len(games), len(players)
        Game.objects.filter(pk__in=games).delete()
        seated_elsewhere = Seat.objects.filter(player=OuterRef("pk"))
        gone = (
            Player.objects.filter(pk__in=players)
            .annotate(seated=Exists(seated_elsewhere))
            .filter(seated=False)
            .delete()
        )
    return len(games), gone[1].get("scorekeeper.Player", 0)
