"""Who may read or run what in events: decided here once, asked by the API, the pages, the
screens and the services alike.

- A published event is public: its rounds, standings, results and exports. An unpublished one
  is its club's directors' and its own tables' devices'.
- Join codes (and the devices at each table) are shown to the club's directors only (never
  to a device).
- A player's record is public once they entered a published event; before that it is their
  club's directors'. A casual game's player has no record anyone can find.
- Running an event (creating it, seating rounds, calling time, handing tables over,
  correcting results, closing the night) needs a signed-in director of the club; a table's
  writes need that table's own device: its scoring phone, which stays with the physical table
  from round to round, or a confirming phone of this round.

What an actor may not read is not found, exactly like an id that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _

from scorekeeper.errors import Forbidden, NotFound, SignInRequired
from scorekeeper.events import selectors
from scorekeeper.events.models import Director, Event, Table, TableToken
from scorekeeper.models import Club, Player


@dataclass(frozen=True)
class Actor:
    """Who asks: a signed-in user (a director, maybe) or a table's device."""

    user: AbstractBaseUser | AnonymousUser | None = None
    device: TableToken | None = None
    #: The clubs this actor is known to direct (True) or not (False), asked once a request.
    known: dict[int, bool] = field(default_factory=dict, compare=False, repr=False)

    @property
    def signed_in(self) -> bool:
        return self.user is not None and bool(self.user.is_authenticated)

    @property
    def label(self) -> str:
        if self.device is not None:
            return f"table {self.device.event_table.number} {self.device.role} device"
        if self.signed_in and self.user is not None:
            return f"director {display_name(self.user)}"
        return "anonymous"

    @property
    def name(self) -> str:
        """Who did it, as pages and exports show it: a director's display name (never a
        seat; their user name until they choose one), else what `label` says."""
        if self.device is None and self.signed_in and self.user is not None:
            return display_name(self.user)
        return self.label


def display_name(user: AbstractBaseUser | AnonymousUser) -> str:
    """How a director is shown on pages and in logs: the display name they chose (kept as
    the user's first name; asked at their first sign-in), else their user name."""
    return _chosen(user) or str(user.get_username()) or f"no. {user.pk}"


def named(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether the director has chosen the name pages show them by."""
    return bool(_chosen(user))


def _chosen(user: AbstractBaseUser | AnonymousUser) -> str:
    return str(getattr(user, "first_name", "") or "").strip()


def is_director(user: AbstractBaseUser | AnonymousUser | None, club: Club | int) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    club_id = club if isinstance(club, int) else club.pk
    return Director.objects.filter(club_id=club_id, user_id=user.pk).exists()


def directs(actor: Actor, club: Club | int) -> bool:
    """The actor is a signed-in director of the club (or the club with this id; a device
    never is); asked once."""
    if actor.device is not None:
        return False
    club_id = club if isinstance(club, int) else club.pk
    if club_id not in actor.known:
        actor.known[club_id] = is_director(actor.user, club)
    return actor.known[club_id]


def _director(actor: Actor | None) -> AbstractBaseUser | None:
    """Who a look-up asks about directing in the same query (a signed-in user, not a device)."""
    if actor is None or actor.device is not None or not actor.signed_in:
        return None
    return actor.user if isinstance(actor.user, AbstractBaseUser) else None


def _learn(actor: Actor | None, club_id: int, directed: bool | None) -> None:
    if actor is not None and directed is not None:
        actor.known[club_id] = directed


# Reading --------------------------------------------------------------------------------------


def reads_event(actor: Actor, event: Event | selectors.EventStamp) -> bool:
    if event.published:
        return True
    if actor.device is not None:
        return actor.device.event_table.event_id == event.pk
    return directs(actor, event.club_id)


def sees_join_codes(actor: Actor, event: Event) -> bool:
    return directs(actor, event.club)


def sees_pins(actor: Actor, event: Event) -> bool:
    """The players' PINs (an event that confirms with them) are printed for the club's
    directors only: never on a public page."""
    return event.confirm_with == Event.ConfirmWith.PIN and directs(actor, event.club)


def sees_drafts(actor: Actor, club: Club) -> bool:
    """The club's unpublished events are listed for its directors."""
    return directs(actor, club)


def event_for(*, actor: Actor | None, event_id: int, to_run: bool = False) -> Event:
    """The event, if the actor may read it (or run it, `to_run`); otherwise not found.
    Without an actor it is only looked up: a service then checks who changes it."""
    event = selectors.event_get(event_id=event_id, director=_director(actor))
    _learn(actor, event.club_id, getattr(event, "directed", None))
    if actor is None:
        return event
    allowed = directs(actor, event.club) if to_run else reads_event(actor, event)
    if not allowed:
        raise no_event()
    return event


def event_stamp_for(*, actor: Actor, event_id: int) -> selectors.EventStamp:
    """What a poll of the event is tagged with, if the actor may read it; otherwise not found
    (as `event_for`, in one narrower query)."""
    stamp = selectors.event_stamp(event_id=event_id, director=_director(actor))
    _learn(actor, stamp.club_id, stamp.directed)
    if not reads_event(actor, stamp):
        raise no_event()
    return stamp


def table_for(*, actor: Actor | None, table_id: int) -> Table:
    """The table, if the actor may read its event; otherwise not found (without an actor, as
    `event_for`: for a write, which reads the table's game under its lock)."""
    table = selectors.table_get(
        table_id=table_id, director=_director(actor), game=actor is not None
    )
    _learn(actor, table.round.event.club_id, getattr(table, "directed", None))
    if actor is not None and not reads_event(actor, table.round.event):
        raise selectors.no_table()
    return table


def player_for(
    *, actor: Actor, player_id: int, to_run: bool = False, field: str = "id", page: bool = False
) -> Player:
    """The player, if the actor may read their record (or change it, `to_run`): anyone may
    once they entered a published event, a director of their club always. Otherwise, and
    for a casual game's player, not found: ids do not tell who plays here. A page (`page`)
    has no sign-in challenge to answer with, so there a signed-out visitor who asks to
    change a player is not found either; the API asks them to sign in."""
    if to_run and page and not actor.signed_in:
        raise _no_player(field)
    if to_run:
        require_signed_in(actor)
    player = selectors.player_get(player_id=player_id, field=field)
    public = bool(getattr(player, "public", False)) and not to_run
    if not public and (player.club is None or not directs(actor, player.club)):
        raise _no_player(field)
    return player


def no_event() -> NotFound:
    return NotFound(_("There is no event with this id."), code="no-such-event", field="id")


def _no_player(field: str) -> NotFound:
    return NotFound(_("There is no player with this id."), code="no-such-player", field=field)


def clubs_directed(actor: Actor) -> list[Club]:
    """The clubs the actor was made a director of (a director's home lists them; a device
    directs none). Each is remembered as directed, so later asks need no query."""
    if actor.device is not None or actor.user is None:
        return []
    clubs = selectors.clubs_directed_by(user=actor.user)
    for club in clubs:
        actor.known[club.pk] = True
    return clubs


# Running --------------------------------------------------------------------------------------


def require_signed_in(actor: Actor) -> AbstractBaseUser:
    if not actor.signed_in or not isinstance(actor.user, AbstractBaseUser):
        raise SignInRequired(
            _("Sign in as a director to do this."), code="sign-in-required", field="Authorization"
        )
    return actor.user


def require_director(actor: Actor, club: Club) -> AbstractBaseUser:
    user = require_signed_in(actor)
    if not is_director(user, club):
        raise Forbidden(
            _("Only a director of %(club)s can do this.") % {"club": club.name},
            code="not-director",
            field="club",
        )
    return user


def require_seen(actor: Actor, event: Event, *, table: bool = False) -> None:
    """To anyone who cannot read the event (an unpublished event of another club), it, or its
    table (`table`), is not found: a write tells no more than a read of the same id."""
    if not reads_event(actor, event):
        if table:
            raise selectors.no_table()
        raise no_event()


def require_event_director(actor: Actor, event: Event, *, table: bool = False) -> AbstractBaseUser:
    """A director of the event's club; to anyone who cannot read the event, not found."""
    require_seen(actor, event, table=table)
    return require_director(actor, event.club)


def at_table(device: TableToken, table: Table) -> bool:
    """The device sits at this table: a scoring phone at its physical table, whatever the
    round; a confirming phone at the round's table it joined."""
    if device.role == TableToken.Role.SCORER:
        return device.event_table_id == table.event_table_id
    return device.table_id == table.pk


def require_any_device(actor: Actor) -> TableToken:
    """The actor is a table's phone (a device token), at whatever table."""
    if actor.device is None:
        raise SignInRequired(
            _("Send the table's device token: `Authorization: Bearer <token>`."),
            code="device-token-required",
            field="Authorization",
        )
    return actor.device


def require_device(actor: Actor, table: Table, *, scorer: bool) -> TableToken:
    """The actor's device token must be for this table (a confirmer's, for this round)."""
    device = require_any_device(actor)
    if not at_table(device, table):
        raise Forbidden(
            _("This device's token is for another table or round."),
            code="wrong-table",
            field="Authorization",
        )
    if scorer and device.role != TableToken.Role.SCORER:
        raise Forbidden(
            _("Only the table's scoring device can enter hands and results."),
            code="not-scorer",
            field="Authorization",
        )
    return device
