"""A club's roster: who a player is.

A player belongs to one club's roster, where names are matched by the rule of
`scorekeeper.names`, never across clubs. Entering someone by name takes the club's one player
of that name, or adds a new one, and says which (`Matched`). A name that several players
share, or a new player whose name and label are taken, is a 409 listing the candidates; a
label ("Tuesday") tells two players of one name apart.

A director renames, merges and splits records; each change goes into the roster's append-only
log. Merging and splitting move rows from one record to another: no number changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from django.db import IntegrityError, transaction
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _

from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events.access import Actor, require_director
from scorekeeper.events.formats import format_of
from scorekeeper.events.models import (
    Entrant,
    Event,
    Result,
    ResultLine,
    RosterChange,
    SitOut,
    TableSeat,
    TableToken,
)
from scorekeeper.events.services.changes import club_events_changed
from scorekeeper.models import Club, Player, Seat

EXISTING: Final = "existing"
NEW: Final = "new"

# Every row that names a club's player, and the way from it to its event: a merge moves them
# all to the record kept, a split the chosen events' to the new record. (A test checks that
# every reference to a player is here.)
HELD_BY_EVENT: Final[tuple[tuple[type[Model], str, str], ...]] = (
    (Entrant, "player", "event"),
    (TableSeat, "player", "table__round__event"),
    (TableSeat, "substitute_for", "table__round__event"),
    (SitOut, "player", "round__event"),
    (ResultLine, "player", "event"),
    (Result, "entered_by", "table__round__event"),
    (Result, "confirmed_by", "table__round__event"),
    (Result, "disputed_by", "table__round__event"),
    (Seat, "player", "game__event_table__round__event"),
    (TableToken, "player", "event_table__event"),
)


@dataclass(frozen=True)
class PlayerRef:
    """Who is meant: a player of the club by id, or by name (and label), or someone `new`.
    `field` is where the reference sits in the request ("players[1]"; "" for the body);
    `whole`: it is the id or the name itself there, not an object holding them."""

    player_id: int | None = None
    name: str | None = None
    label: str | None = None
    new: bool = False
    field: str = ""
    whole: bool = False

    @classmethod
    def of(cls, value: str | int | PlayerRef, field: str) -> PlayerRef:
        if isinstance(value, PlayerRef):
            return value
        if isinstance(value, int):
            return cls(player_id=value, field=field, whole=True)
        return cls(name=value, field=field, whole=True)

    def at(self, part: str) -> str:
        """Where `part` of the reference ("player", "name") sits in the request."""
        if self.whole and self.field:
            return self.field
        return f"{self.field}.{part}" if self.field else part


@dataclass(frozen=True)
class Matched:
    """The player an entry took, and whether it was an `existing` one or a `new` one."""

    player: Player
    matched: str


def candidates(players: Iterable[Player]) -> list[dict[str, Any]]:
    return [{"player": p.pk, "name": p.name, "label": p.label, "shown": p.shown} for p in players]


def _club_player(club: Club, player_id: int, field: str) -> Player:
    player = (
        Player.objects.filter(club=club, pk=player_id).first() if 0 < player_id < 2**63 else None
    )
    if player is None:
        raise NotFound(
            _("This club has no player with this id."), code="no-such-player", field=field
        )
    return player


def _added(club: Club, name: str, label: str, kind: str, field: str) -> Player:
    """A new player on the roster; the same one added at the same moment elsewhere is a 409."""
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, label=label, kind=kind)
    except IntegrityError:
        raise Conflict(
            _("%(value)s was added to %(club)s at this very moment: look again and choose them.")
            % {"value": names.name_shown(name, label), "club": club.name},
            code="added-at-once",
            field=field,
        ) from None


def roster_match(*, club: Club, ref: PlayerRef, kind: str = Player.Kind.GUEST) -> Matched:
    """The club's player that `ref` means, found or added (as `kind`). The services that
    enter players call it inside their transaction, after checking the actor."""
    if ref.player_id is not None:
        if ref.name is not None or ref.label is not None or ref.new:
            raise Malformed(
                _("give a player's id alone, or a name (with a label)"),
                code="bad-player",
                field=ref.at("player"),
            )
        return Matched(_club_player(club, ref.player_id, ref.at("player")), EXISTING)
    if ref.name is None:
        raise Malformed(
            _("give a player's name or id (one of them)"), code="bad-player", field=ref.at("name")
        )
    name = names.name_clean(ref.name, field=ref.at("name"), limit=names.PERSON)
    label = names.name_clean(ref.label or "", field=ref.at("label"), limit=names.LABEL, blank=True)
    same = list(Player.objects.filter(club=club, match_key=names.name_key(name)).order_by("id"))
    exact = [p for p in same if p.label_key == names.name_key(label)]
    if ref.new and exact:
        raise Conflict(
            _(
                "%(club)s has a player named %(exact)s already: give the new one a label to tell them apart."
            )
            % {"club": club.name, "exact": exact[0].shown},
            code="player-exists",
            field=ref.at("label"),
            candidates=candidates(same),
        )
    if ref.label is not None and exact:
        return Matched(exact[0], EXISTING)
    if ref.new or ref.label is not None or not same:
        return Matched(_added(club, name, label, kind, ref.at("name")), NEW)
    if len(same) == 1:
        return Matched(same[0], EXISTING)
    raise Conflict(
        _(
            "%(club)s has %(count)s players named %(name)s: choose one by id, or add someone new with a label."
        )
        % {"club": club.name, "count": len(same), "name": name},
        code="name-ambiguous",
        field=ref.at("name"),
        candidates=candidates(same),
    )


def _check_kind(kind: str | None) -> None:
    """A club's player is a member or a guest (None: as they are)."""
    if kind is not None and kind not in (Player.Kind.MEMBER, Player.Kind.GUEST):
        raise Malformed(_("a member or a guest"), code="bad-kind", field="kind")


def roster_add(*, club: Club, actor: Actor, ref: PlayerRef, kind: str | None = None) -> Matched:
    """Put someone on the club's roster (or find them there), as a member (the default for
    someone new) or a guest; `kind` changes an existing player's."""
    require_director(actor, club)
    _check_kind(kind)
    with transaction.atomic():
        found = roster_match(club=club, ref=ref, kind=kind or Player.Kind.MEMBER)
        player = found.player
        if kind is not None and player.kind != kind:
            player.kind = kind
            player.save(update_fields=["kind"])
    return found


def _record(player: Player) -> dict[str, Any]:
    """A player record as the roster's log keeps it."""
    return {"id": player.pk, "name": player.name, "label": player.label, "kind": player.kind}


def _events_of(player: Player) -> list[int]:
    return sorted(Entrant.objects.filter(player=player).values_list("event_id", flat=True))


def _log(
    club: Club,
    actor: Actor,
    action: str,
    player: Player,
    before: dict[str, Any],
    after: dict[str, Any],
    reason: str,
    other: int | None = None,
) -> None:
    """Log a change to the roster; every event of the club shows its players, so each
    event's version moves too."""
    club_events_changed(club.pk)
    RosterChange.objects.create(
        club=club,
        action=action,
        player=player.pk,
        other=other,
        actor=actor.label,
        reason=reason,
        before=before,
        after=after,
    )


def _renamed(club: Club, player: Player, field: str) -> None:
    """Save the player's new name or label; one that another player has is a 409."""
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        raise Conflict(
            _("%(club)s has a player named %(player)s already: choose another label.")
            % {"club": club.name, "player": player.shown},
            code="player-exists",
            field=field,
        ) from None


def player_update(
    *,
    player: Player,
    actor: Actor,
    name: str | None = None,
    label: str | None = None,
    kind: str | None = None,
    reason: str = "",
) -> Player:
    """Rename a club's player or change their label (logged), or make them a member or a
    guest."""
    club = _club_of(player)
    require_director(actor, club)
    _check_kind(kind)
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        before = _record(player)
        if name is not None:
            player.name = names.name_clean(name, field="name", limit=names.PERSON)
        if label is not None:
            player.label = names.name_clean(label, field="label", limit=names.LABEL, blank=True)
        if kind is not None:
            player.kind = kind
        _renamed(club, player, "label" if label is not None else "name")
        if (player.name, player.label) != (before["name"], before["label"]):
            _log(club, actor, RosterChange.Action.RENAME, player, before, _record(player), reason)
    return player


def _club_of(player: Player) -> Club:
    if player.club is None:
        # A casual game's player is never on a roster, so never found for a director.
        raise NotFound(_("There is no player with this id."), code="no-such-player", field="player")
    return player.club


def _plans_renumbered(events: Iterable[Event], old: int, new: int) -> None:
    """Where an event's format keeps players by id in its plan, the moved rows' new id."""
    for event in events:
        plan = format_of(event).plan_renumbered(event, old, new)
        if plan != event.plan:
            event.plan = plan
            event.save(update_fields=["plan"])


def kept_confirmations_renumbered(results: QuerySet[Result], old: int, new: int) -> None:
    """A confirmation kept through a director's correction (`Result.kept_confirmation`)
    names its player by id: among `results` it names player `new` where it named `old` (a
    record merged into another, a substitute in the absent player's seat)."""
    for result in results.filter(kept_confirmation__by=old):
        result.kept_confirmation = {**(result.kept_confirmation or {}), "by": new}
        result.save(update_fields=["kept_confirmation"])


def player_merge(*, player: Player, actor: Actor, absorb: Player, reason: str = "") -> Player:
    """One person with two records: every seat, entry, bye and result line of `absorb` moves
    to `player`, whose record stays (a member if either was); `absorb` is deleted. Both must
    be the club's, and never in one event together."""
    club = _club_of(player)
    require_director(actor, club)
    if absorb.club_id != club.pk:
        raise NotFound(
            _("This club has no player with this id."), code="no-such-player", field="absorb"
        )
    if absorb.pk == player.pk:
        raise Malformed(_("a record cannot absorb itself"), code="same-player", field="absorb")
    with transaction.atomic():
        locked = {
            p.pk: p
            for p in Player.objects.select_for_update()
            .filter(pk__in=[player.pk, absorb.pk])
            .order_by("pk")
        }
        if len(locked) != 2:
            raise Conflict(
                _("One of the records was merged away at this very moment: look again."),
                code="merged-at-once",
                field="absorb",
            )
        player, absorb = locked[player.pk], locked[absorb.pk]
        both = sorted(set(_events_of(player)) & set(_events_of(absorb)))
        if both:
            raise Conflict(
                _("%(player)s and %(absorb)s both played in event %(both)s: they are two people.")
                % {"player": player.shown, "absorb": absorb.shown, "both": both[0]},
                code="both-entered",
                field="absorb",
                events=both,
            )
        moved = _events_of(absorb)
        before = {"player": _record(player), "absorbed": {**_record(absorb), "events": moved}}
        events = list(Event.objects.select_for_update().filter(pk__in=moved).order_by("pk"))
        for model, field, _path in HELD_BY_EVENT:
            model._default_manager.filter(**{field: absorb}).update(**{field: player})
        _plans_renumbered(events, absorb.pk, player.pk)
        results = Result.objects.filter(table__round__event__in=events)
        kept_confirmations_renumbered(results, absorb.pk, player.pk)
        if Player.Kind.MEMBER in (player.kind, absorb.kind):
            player.kind = Player.Kind.MEMBER
        absorbed = absorb.pk
        absorb.delete()
        player.save(update_fields=["kind"])
        after = {"player": {**_record(player), "events": _events_of(player)}, "moved": moved}
        _log(club, actor, RosterChange.Action.MERGE, player, before, after, reason, absorbed)
    return player


def player_split(
    *,
    player: Player,
    actor: Actor,
    events: Sequence[int],
    label: str,
    name: str | None = None,
    kind: str = Player.Kind.GUEST,
    reason: str = "",
) -> Player:
    """One record that is two people: a new record (the same name unless another is given,
    with a label to tell them apart) takes the seats, entries, byes and result lines of the
    chosen events, which must be events this player entered."""
    club = _club_of(player)
    require_director(actor, club)
    _check_kind(kind)
    if not events:
        raise Malformed(
            _("choose the events of the other person"), code="no-events", field="events"
        )
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        entered = set(_events_of(player))
        for i, event_id in enumerate(events):
            if event_id not in entered:
                raise Malformed(
                    _("%(player)s did not play in event %(event_id)s")
                    % {"player": player.shown, "event_id": event_id},
                    code="not-entered",
                    field=f"events[{i}]",
                )
        chosen = sorted(set(events))
        new_name = (
            player.name
            if name is None
            else names.name_clean(name, field="name", limit=names.PERSON)
        )
        new_label = names.name_clean(label, field="label", limit=names.LABEL, blank=True)
        split_off = Player(club=club, name=new_name, label=new_label, kind=kind)
        _renamed(club, split_off, "label")
        before = {"player": {**_record(player), "events": sorted(entered)}}
        moving = list(Event.objects.select_for_update().filter(pk__in=chosen).order_by("pk"))
        for model, field, path in HELD_BY_EVENT:
            rows = model._default_manager.filter(**{field: player, f"{path}__in": chosen})
            rows.update(**{field: split_off})
        _plans_renumbered(moving, player.pk, split_off.pk)
        in_moving = Result.objects.filter(table__round__event__in=moving)
        kept_confirmations_renumbered(in_moving, player.pk, split_off.pk)
        after = {
            "player": {**_record(player), "events": _events_of(player)},
            "split_off": {**_record(split_off), "events": chosen},
        }
        _log(club, actor, RosterChange.Action.SPLIT, player, before, after, reason, split_off.pk)
    return split_off
