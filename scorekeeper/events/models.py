"""Clubs' directors, roster changes and seasons, events, rounds, tables, verified results and
their change log.

A club is the scorekeeper's `Club`, and a player of its roster (a member or a guest) its
`Player`, so one identity keeps its record across the club's events. A table's game, when hands are entered one by one, is a scorekeeper `Game`:
the referee scores every hand there. What a table reports and the opponents confirm is kept
here as a `Result` with one `ResultLine` per seated player; standings add those lines up.
Only `scorekeeper.events.services` writes these rows.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models

# The change log and the clubs' directors are modules of their own; they are of these models.
from scorekeeper.events.change_log import ResultChange as ResultChange
from scorekeeper.events.directors import Director as Director
from scorekeeper.events.directors import DirectorInvite as DirectorInvite
from scorekeeper.events.formats import format_of, option_defaults
from scorekeeper.events.formats.base import Page
from scorekeeper.events.localized.choice_names import EVENT_STATUS_NAMES
from scorekeeper.events.planning.seating import SEATS
from scorekeeper.models import AppendOnly, Club, Game, Player
from scorekeeper.rule_names import ruleset_name


class RosterChange(AppendOnly):
    """Append-only: a director merged two of a club's player records, split one, renamed one
    or erased a player's name (the one change that rewrites the log's earlier copies of it). `player` is the record kept (or split, or renamed); `other` the record absorbed (or
    split off). Ids, not links: an absorbed record is gone, and the log outlives it."""

    class Action(models.TextChoices):
        MERGE = "merge", "merged two records"
        SPLIT = "split", "split a record in two"
        RENAME = "rename", "renamed a record"
        ERASE = "erase", "erased a player's name"

    club = models.ForeignKey(Club, related_name="roster_changes", on_delete=models.CASCADE)
    action = models.CharField(max_length=6, choices=Action.choices)
    player = models.PositiveBigIntegerField()
    other = models.PositiveBigIntegerField(null=True, blank=True)
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True)
    # The records before and after, and the events whose rows moved.
    before = models.JSONField()
    after = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "id"]

    def __str__(self) -> str:
        return f"{self.actor} {self.action} player {self.player}"


class Season(models.Model):
    """A club's run of nights, ranked on its leaderboard as its ladder says
    (`scorekeeper.events.ranking.ladders`, docs/tournaments.md "Seasons and ladders")."""

    class Ladder(models.TextChoices):
        TOTALS = "totals", "the points of every night, added up"
        PLACEMENT = "placement", "placement points for each night's place"
        AVERAGE = "average", "the average of a night's points"

    club = models.ForeignKey(Club, related_name="seasons", on_delete=models.CASCADE)
    name = models.CharField(max_length=100)
    starts_on = models.DateField()
    ends_on = models.DateField()
    ladder = models.CharField(max_length=9, choices=Ladder.choices, default=Ladder.TOTALS)
    # A night's first place earns the first number, the second the next; places past the
    # end earn nothing. Players level on a night share the points of the places they cover.
    placement_points = models.JSONField(default=list, blank=True)
    # Who has played fewer nights is listed, not ranked.
    min_nights = models.PositiveSmallIntegerField(default=1)
    # Only a player's best this many nights count (null: every night).
    best_nights = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-starts_on"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_once_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


def device_key_new() -> str:
    return secrets.token_urlsafe(32)


class Event(models.Model):
    class RoundLength(models.TextChoices):
        HANDS = "hands", "a fixed number of hands"
        GAME = "game", "a game to the ruleset's target"

    class Entry(models.TextChoices):
        HANDS = "hands", "hand by hand with the scorekeeper"
        TOTALS = "totals", "final scores only"

    class SitOutCredit(models.TextChoices):
        NONE = "none", "nothing"
        FIXED = "fixed", "a fixed number of points"
        AVERAGE = "average", "the player's own average per round played"

    class Reconfirm(models.TextChoices):
        SHOWN = "shown", "the correction is shown with what was confirmed"
        REQUIRED = "required", "the opponents confirm a correction again"

    class AbsentCredit(models.TextChoices):
        SIT_OUT = "sit-out", "a sit-out's credit"
        NONE = "none", "nothing"

    class Status(models.TextChoices):
        DRAFT = "draft", "draft"
        RUNNING = "running", "running"
        FINISHED = "finished", "finished"

    class ConfirmWith(models.TextChoices):
        """How the opponents confirm a table's result (docs/tournaments.md, "Confirmation")."""

        TABLE = "table", "on the table's scoring phone, or a phone of their own"
        OPPONENT_DEVICE = "opponent-device", "on a phone of their own, joined for their side"
        PIN = "pin", "by typing the confirming opponent's PIN"

    club = models.ForeignKey(Club, related_name="events", on_delete=models.CASCADE)
    season = models.ForeignKey(
        Season, related_name="events", null=True, blank=True, on_delete=models.SET_NULL
    )
    name = models.CharField(max_length=100)
    date = models.DateField()
    # Its format's name (`scorekeeper.events.formats`: progressive, round-robin, bracket, party,
    # swiss); what differs from format to format is asked of the format.
    format = models.CharField(max_length=12)
    # The ruleset as the referee writes it (`Ruleset.to_json()`).
    ruleset = models.JSONField()
    preset = models.CharField(max_length=30)
    round_length = models.CharField(max_length=5, choices=RoundLength.choices)
    hands_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    entry = models.CharField(max_length=6, choices=Entry.choices, default=Entry.HANDS)
    sit_out_credit = models.CharField(
        max_length=7, choices=SitOutCredit.choices, default=SitOutCredit.NONE
    )
    sit_out_points = models.PositiveSmallIntegerField(default=0)
    # The side prizes given, by kind (`standings.SIDE_PRIZES`); null: all the format has.
    side_prizes = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.DRAFT)
    # Moved by every write that changes what is shown of the event (services.changes), and
    # by those that change its standings.
    version = models.PositiveIntegerField(default=1)
    standings_version = models.PositiveIntegerField(default=1)
    published = models.BooleanField(default=False)
    # A timed round: its length in minutes, shown on the tables' phones (null: untimed).
    round_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    # How the opponents confirm (`second_device_required` of earlier builds became
    # `opponent-device`); defaults in the database, here and below, serve a build from before.
    confirm_with = models.CharField(
        max_length=15, choices=ConfirmWith.choices, default="table", db_default="table"
    )
    # A confirmed result the director changes: shown as corrected with what was confirmed
    # (shown), or back to entered until the opponents confirm it again (required).
    reconfirm = models.CharField(
        max_length=8, choices=Reconfirm.choices, default=Reconfirm.SHOWN, db_default="shown"
    )
    # Individuals: what a player absent from a round they were seated in (a no-show, or gone
    # mid-round) earns for it: a sit-out's credit, or nothing.
    absent_credit = models.CharField(
        max_length=7,
        choices=AbsentCredit.choices,
        default=AbsentCredit.SIT_OUT,
        db_default="sit-out",
    )
    # The tables' phones ask the tricks the makers took (3 or 4 kept apart, as some clubs
    # record them), not only how the hand ended.
    ask_tricks = models.BooleanField(default=False, db_default=False)
    # Team events: the match points of a win decided when time was called (null: a win is a
    # win, the score stands).
    time_called_win_points = models.PositiveSmallIntegerField(null=True, blank=True)
    # The options of its format, as the format checks and reads them (a progressive night's
    # rounds planned and ranking, a bracket's knockout, ...).
    options = models.JSONField(default=dict, blank=True)
    # The director closed the night: join codes and device tokens no longer work.
    closed_at = models.DateTimeField(null=True, blank=True)
    # Seeds the seating search and the tie-breaking coin flip, so both can be re-run.
    seed = models.PositiveIntegerField()
    # What its format keeps from round to round: a progressive night's rounds planned ahead
    # (by player id, while the roster stays the same), a round robin's schedule, a bracket's
    # draw, a party's cuts.
    plan = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Signs its table phones' device tokens (services.device_tokens). Kept in the database, so
    # every backup holds it: a replacement laptop knows again a phone that joined since. (An
    # event a build from before writes has none: its phones' tokens are signed as they were.)
    device_key = models.CharField(
        max_length=64, blank=True, default=device_key_new, db_default="", editable=False
    )

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def is_teams(self) -> bool:
        """Its format seats fixed partnerships (teams), not individuals."""
        return format_of(self).teams

    @property
    def rounds_planned(self) -> int:
        """The rounds the night plans: the director's, or as many as its teams make."""
        return format_of(self).rounds_planned(self)

    @property
    def option_values(self) -> dict[str, Any]:
        """Every format's options as the event's API fields show them: its own format's
        values, the others' defaults (as earlier builds showed every option)."""
        return {**option_defaults(), **format_of(self).option_values(self)}

    @property
    def format_pages(self) -> tuple[Page, ...]:
        """The pages its format has beside every format's (a crosstable, a bracket, ...)."""
        return format_of(self).pages

    @property
    def table_size(self) -> int:
        """How many its tables seat: the ruleset's players (four, or six six-handed)."""
        players = self.ruleset.get("players") if isinstance(self.ruleset, dict) else None
        return players if isinstance(players, int) else SEATS

    @property
    def rules_name(self) -> str:
        """The ruleset as people call it ("Standard rules"), never its preset key."""
        return ruleset_name(self.preset, self.ruleset)

    @property
    def format_name(self) -> str:
        return str(format_of(self).title)

    @property
    def status_name(self) -> str:
        """Draft, running or finished, in the reader's language."""
        return str(EVENT_STATUS_NAMES.get(self.status, self.get_status_display()))


class EventTeam(models.Model):
    """A fixed partnership in a round robin or a bracket; ``seed`` 1 is the best."""

    event = models.ForeignKey(Event, related_name="teams", on_delete=models.CASCADE)
    name = models.CharField(max_length=100)
    seed = models.PositiveSmallIntegerField()
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="team_name_once_per_event"),
            models.UniqueConstraint(fields=["event", "seed"], name="team_seed_once_per_event"),
        ]

    def __str__(self) -> str:
        return self.name


def pin_new() -> str:
    """A player's PIN for one event: four random digits."""
    return f"{secrets.randbelow(10_000):04d}"


class Entrant(models.Model):
    """A player in an event; ``active`` is off after a departure."""

    event = models.ForeignKey(Event, related_name="entrants", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, related_name="entries", on_delete=models.PROTECT)
    team = models.ForeignKey(
        EventTeam, related_name="members", null=True, blank=True, on_delete=models.CASCADE
    )
    active = models.BooleanField(default=True)
    # Four digits on the player's tally card and "find your table" slip (never a public page):
    # typed to confirm a result as their side's (`confirm_with` pin). "": the director confirms.
    pin = models.CharField(max_length=4, default=pin_new, db_default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entrant_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Round(models.Model):
    event = models.ForeignKey(Event, related_name="rounds", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    # A timed round's length (the event's when it was seated); null: untimed.
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    # The director called time: every table's result is what it has; who called it (their
    # display name).
    time_called_at = models.DateTimeField(null=True, blank=True)
    time_called_by = models.CharField(max_length=100, blank=True, default="", db_default="")
    # The event's plan as it was before this round was seated: undoing the round puts it back,
    # so the round seated again is the same.
    plan_before = models.JSONField(null=True, blank=True)
    # A Swiss round's teams as paired, for its pairings: {team id: [place, match points]}.
    paired_on = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event}"


class SitOut(models.Model):
    """A bye: a player (progressive) or a team (fixed partners) sits this round out."""

    round = models.ForeignKey(Round, related_name="sit_outs", on_delete=models.CASCADE)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT)
    team = models.ForeignKey(EventTeam, null=True, blank=True, on_delete=models.CASCADE)

    class Meta:
        ordering = ["round", "id"]

    def __str__(self) -> str:
        return f"{self.player or self.team} sits out {self.round}"


class EventTable(models.Model):
    """A physical table of an event's night: table 1, table 2, ... It has one join code for
    the whole night, printed on its table card; the phone that joins it stays with it from
    round to round. Each round's `Table` at this number is played here."""

    event = models.ForeignKey(Event, related_name="event_tables", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    join_code = models.CharField(max_length=12, unique=True)
    code_issued_at = models.DateTimeField()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="event_table_once"),
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.event}"


class Table(models.Model):
    """One round at one physical table: its seats, its game and its result."""

    round = models.ForeignKey(Round, related_name="tables", on_delete=models.CASCADE)
    event_table = models.ForeignKey(EventTable, related_name="tables", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    # Hand-by-hand events: the scorekeeper game this table plays.
    game = models.OneToOneField(
        Game, null=True, blank=True, related_name="event_table", on_delete=models.PROTECT
    )
    # Fixed partners: the team in seats 0 and 2, and the team in seats 1 and 3.
    first_team = models.ForeignKey(
        EventTeam, null=True, blank=True, related_name="+", on_delete=models.CASCADE
    )
    second_team = models.ForeignKey(
        EventTeam, null=True, blank=True, related_name="+", on_delete=models.CASCADE
    )
    # Brackets: the match this table's game belongs to (a key of `knockout.plan`: "W1-2").
    bracket_match = models.CharField(max_length=8, blank=True, default="")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"table {self.number}, {self.round}"


class TableSeat(models.Model):
    """The even seats are side 0, the odd seats side 1 (the referee's teams: 0 and 2 against
    1 and 3, six-handed 0, 2 and 4 against 1, 3 and 5)."""

    table = models.ForeignKey(Table, related_name="seats", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, related_name="event_seats", on_delete=models.PROTECT)
    side = models.PositiveSmallIntegerField()
    # A substitute plays this round in the seat: the player seated here at first.
    substitute_for = models.ForeignKey(
        Player, null=True, blank=True, related_name="+", on_delete=models.PROTECT
    )
    # The seat's player is absent for the round (a no-show, or gone mid-round) and nobody
    # finished it for them: they have no share of the table's result.
    absent = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="table_seat_once"),
            models.UniqueConstraint(fields=["table", "player"], name="table_player_once"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number}: {self.player}"


class TableToken(models.Model):
    """A device's token for one physical table, got by exchanging the table's join code.

    A scorer device enters hands and results, round after round; one is active per table at a
    time: it leaves the table itself, or the director hands the table over. A confirming
    device (the opponents' own phone) can only confirm or dispute this round's result, and a
    table takes at most `MAX_CONFIRMERS` of them a round. Every token stops working when the
    director closes the night.
    """

    class Role(models.TextChoices):
        SCORER = "scorer", "enters hands and the result"
        CONFIRMER = "confirmer", "confirms or disputes the result"

    class Ended(models.TextChoices):
        LEFT = "left", "left the table"
        HANDED_OVER = "handed-over", "the director handed the table over"
        CLOSED = "closed", "the director closed the night"
        UNDONE = "undone", "the director undid the round it confirmed for"
        FREED = "freed", "the director ended the table's confirming phones"

    event_table = models.ForeignKey(EventTable, related_name="tokens", on_delete=models.CASCADE)
    # The round's table it joined at; a confirmer answers for this one only.
    table = models.ForeignKey(
        Table, null=True, blank=True, related_name="tokens", on_delete=models.CASCADE
    )
    role = models.CharField(max_length=9, choices=Role.choices)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    label = models.CharField(max_length=60, blank=True)
    # The player a confirming phone is for (named once): it confirms for their side alone.
    player = models.ForeignKey(
        Player, null=True, blank=True, related_name="+", on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    ended = models.CharField(max_length=11, choices=Ended.choices, blank=True)

    class Meta:
        ordering = ["event_table", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["event_table"],
                condition=models.Q(role="scorer", revoked_at__isnull=True),
                name="one_active_scorer_per_event_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.role} device of {self.event_table}"


class Result(models.Model):
    """What a table reports for its round, and who confirmed it."""

    class Status(models.TextChoices):
        ENTERED = "entered", "entered, waiting for the opponents"
        CONFIRMED = "confirmed", "confirmed by the opponents"
        DISPUTED = "disputed", "disputed: the table enters it again"

    table = models.OneToOneField(Table, related_name="result", on_delete=models.CASCADE)
    status = models.CharField(max_length=9, choices=Status.choices)
    # Each side's points: the sum of the referee's awards, or the totals the table entered.
    points = models.JSONField()
    winner = models.PositiveSmallIntegerField(null=True, blank=True)  # a side; null: a tie
    hands = models.PositiveSmallIntegerField(default=0)
    # The player who entered it at the table; null when a director set it (`director`).
    entered_by = models.ForeignKey(
        Player, null=True, blank=True, related_name="+", on_delete=models.PROTECT
    )
    entered_at = models.DateTimeField()
    confirmed_by = models.ForeignKey(
        Player, null=True, blank=True, related_name="+", on_delete=models.PROTECT
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # A director changed it after the table had confirmed it: `confirmed_points` is what the
    # opponents confirmed (kept through later corrections), `points` what it became.
    corrected = models.BooleanField(default=False)
    confirmed_points = models.JSONField(null=True, blank=True)
    # Who confirmed `confirmed_points`, on which phone, how and when, kept while a correction
    # stands: the director who goes back to those points gives the confirmation back.
    kept_confirmation = models.JSONField(null=True, blank=True)
    # The director (their display name) who last set, changed or confirmed it; "" when only
    # the table's players did.
    director = models.CharField(max_length=100, blank=True, default="", db_default="")
    # Entered as it stood when the director called time (the round unfinished).
    time_called = models.BooleanField(default=False)
    # The devices that entered and confirmed it (null: a director). A confirmation on the
    # table's scoring phone is "same device"; on the opponents' own phone, "second device".
    entered_device = models.ForeignKey(
        TableToken, null=True, blank=True, related_name="+", on_delete=models.SET_NULL
    )
    confirmed_device = models.ForeignKey(
        TableToken, null=True, blank=True, related_name="+", on_delete=models.SET_NULL
    )
    same_device = models.BooleanField(default=False)
    # Confirmed by the opponent's PIN, and the wrong PINs typed (after `PIN_TRIES`: the director).
    by_pin = models.BooleanField(default=False, db_default=False)
    pin_misses = models.PositiveSmallIntegerField(default=0, db_default=0)
    # The last dispute, shown on the scorer's phone until the result is entered again.
    disputed_by = models.ForeignKey(
        Player, null=True, blank=True, related_name="+", on_delete=models.PROTECT
    )
    dispute_reason = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=1)
    # A result the director assigned to a table that could not play (services.remedies):
    # each side's award ({"sides": ["average-plus", "average-minus"]}, a side may be a
    # number of points) or a forfeit ({"forfeit": side}); null for a result played.
    assigned = models.JSONField(null=True, blank=True)

    def __str__(self) -> str:
        return f"result of {self.table}: {self.points} ({self.status})"

    @property
    def confirmation(self) -> str | None:
        """How it was confirmed: "pin" (the opponent typed their PIN), "same-device" (on the
        scorer's phone), "second-device" (on the opponents' own), "director" (entered by one);
        None while unconfirmed."""
        if self.status != self.Status.CONFIRMED:
            return None
        if self.confirmed_device_id is None:
            return "director"
        if self.by_pin:
            return "pin"
        return "same-device" if self.same_device else "second-device"

    @property
    def provenance(self) -> str:
        """How it came about, as every page and export says it (with `director`, who did it):
        "forfeited" or "assigned" by the director, "corrected" by the director (changed
        after the table had entered or confirmed it), "entered-by-director" (no phone
        entered it: keyed in from a paper tally, or from the table's hands),
        "confirmed-by-director" (entered on the table's phone, confirmed by a director), or
        "played" (entered and confirmed at the table; or still waiting)."""
        if self.assigned:
            return "forfeited" if "forfeit" in self.assigned else "assigned"
        if self.corrected:
            return "corrected"
        if self.entered_device_id is None and self.status == self.Status.CONFIRMED:
            return "entered-by-director"
        if self.status == self.Status.CONFIRMED and self.confirmed_device_id is None:
            return "confirmed-by-director"
        return "played"


class ResultLine(models.Model):
    """One seated player's share of a result: what standings and records add up."""

    result = models.ForeignKey(Result, related_name="lines", on_delete=models.CASCADE)
    event = models.ForeignKey(Event, related_name="lines", on_delete=models.CASCADE)
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, related_name="result_lines", on_delete=models.PROTECT)
    team = models.ForeignKey(
        EventTeam, null=True, blank=True, related_name="lines", on_delete=models.CASCADE
    )
    side = models.PositiveSmallIntegerField()
    confirmed = models.BooleanField(default=False)
    points_for = models.IntegerField()
    points_against = models.IntegerField()
    won = models.BooleanField()
    tied = models.BooleanField()
    time_called = models.BooleanField(default=False)
    # From the referee's awards of hand-by-hand games (zero for totals-only entries).
    hands = models.PositiveSmallIntegerField(default=0)
    made = models.PositiveSmallIntegerField(default=0)  # as maker: made 3 or 4
    marched = models.PositiveSmallIntegerField(default=0)  # as maker: took all 5
    euchred = models.PositiveSmallIntegerField(default=0)  # as maker: euchred
    euchres = models.PositiveSmallIntegerField(default=0)  # as a defender: euchred the makers
    loners_tried = models.PositiveSmallIntegerField(default=0)
    loners_made = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["event", "round_number", "table_number", "side", "player_id"]
        indexes = [
            models.Index(fields=["event", "confirmed"], name="line_event_confirmed"),
            models.Index(fields=["player", "confirmed"], name="line_player_confirmed"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points_for}-{self.points_against}"
