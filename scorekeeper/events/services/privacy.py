"""A player's privacy: a director erases a player's name, and casual games nobody touched for
a while are deleted.

Erasing keeps the record and every number: seats, entries, results and games name a player by
id, so the name becomes a placeholder ("Erased player 17", unique in the club by the id) and
every copy of the name is rewritten: the label, the roster log's records of them, the names of
the hand-by-hand games they sat in and of the teams they played in. The erasure itself is
logged without the name.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, Final

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.errors import Conflict
from scorekeeper.events.access import Actor, require_director
from scorekeeper.events.models import EventTeam, ResultChange, RosterChange
from scorekeeper.events.services.changes import club_events_changed
from scorekeeper.models import Game, Player, Seat

PLACEHOLDER: Final = "Erased player {id}"


def placeholder(player_id: int) -> str:
    return PLACEHOLDER.format(id=player_id)


def is_erased(player: Player) -> bool:
    return player.name == placeholder(player.pk) and not player.label


def _scrubbed(value: Any, player_id: int, shown: str) -> Any:
    """A log's before/after with this player's name and label replaced (the roster log names
    them by `id`, the event's change log by `player`)."""
    if isinstance(value, list):
        return [_scrubbed(item, player_id, shown) for item in value]
    if isinstance(value, dict):
        value = {key: _scrubbed(item, player_id, shown) for key, item in value.items()}
        if player_id in (value.get("id"), value.get("player")) and "name" in value:
            value = {**value, "name": shown, "label": ""}
        return value
    return value


def _renamed_in(text: str, old: str, new: str) -> str:
    """`text` with `old` as a whole name (not part of a longer word) replaced by `new`."""
    return re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, text)


def player_erase(*, player: Player, actor: Actor, reason: str = "") -> Player:
    """Erase a club's player's name everywhere it is kept; every number stays (logged)."""
    club = player.club
    if club is None:  # a casual game's player: never found by a director (access.player_for)
        raise Conflict(_("A casual game's player is not on a roster."), code="casual-player")
    require_director(actor, club)
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if is_erased(player):
            raise Conflict(
                _("This player's name is erased already."), code="player-erased", field="player"
            )
        old = [name for name in {player.name, player.shown} if name]
        shown = placeholder(player.pk)
        player.name, player.label = shown, ""
        player.save(update_fields=["name", "label"])
        # The roster log: every earlier record of them (rows are rewritten in place, the one
        # change an append-only log takes).
        mentions = RosterChange.objects.filter(club=club).filter(
            Q(player=player.pk) | Q(other=player.pk)
        )
        for change in mentions:
            RosterChange.objects.filter(pk=change.pk).update(
                before=_scrubbed(change.before, player.pk, shown),
                after=_scrubbed(change.after, player.pk, shown),
            )
        # The events' change logs: a substitute's seat names who sat there before and after.
        for entry in ResultChange.objects.filter(
            event__club=club, action=ResultChange.Action.SUBSTITUTE
        ):
            before = _scrubbed(entry.before, player.pk, shown)
            after = _scrubbed(entry.after, player.pk, shown)
            if (before, after) != (entry.before, entry.after):
                ResultChange.objects.filter(pk=entry.pk).update(before=before, after=after)
        # Names made of players' names: the games they sat in, the teams they played in.
        for game in Game.objects.filter(seats__player=player).distinct():
            names = list(game.team_names)
            for name in sorted(old, key=len, reverse=True):
                names = [_renamed_in(n, name, shown) for n in names]
            Game.objects.filter(pk=game.pk).update(team_names=names)
        for team in EventTeam.objects.filter(members__player=player).distinct():
            name = team.name
            for each in sorted(old, key=len, reverse=True):
                name = _renamed_in(name, each, shown)
            EventTeam.objects.filter(pk=team.pk).update(name=name)
        RosterChange.objects.create(
            club=club,
            action=RosterChange.Action.ERASE,
            player=player.pk,
            actor=actor.label,
            reason=reason,
            before={"id": player.pk},
            after={"id": player.pk, "name": shown, "label": "", "kind": player.kind},
        )
        club_events_changed(club.pk)
    return player


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
