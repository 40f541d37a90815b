"""The director's console for one event (/events/<id>/manage/): what its page is rendered
with. The page's script (static/events/console.js) does everything through the events API;
the words it shows are here, in the page's language, so they are translated with the rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from django.utils.translation import gettext_lazy as _

import referee
from scorekeeper.events import selectors
from scorekeeper.events.formats import format_of, has_page
from scorekeeper.events.localized.choice_names import SEAT_WORDS
from scorekeeper.events.models import Event
from scorekeeper.rule_names import preset_choices

#: The script's words, by key; "{name}" is filled in by the script.
#: The lone bids of an auction as the hand form names them.
LONE_BID_NAMES: Final = {
    "moon": _("shoot the moon"),
    "loner": _("a loner (no exchange)"),
}

WORDS: Final = {
    "round": _("Round {number}"),
    "table": _("Table {number}"),
    "complete": _("complete"),
    "time_called": _("time called at {time}"),
    "minutes": _("{minutes} minutes"),
    "hands.one": _("1 hand entered"),
    "hands": _("{count} hands entered"),
    "playing": _("playing"),
    "entered": _("entered, waiting for the opponents"),
    "confirmed": _("confirmed"),
    "disputed": _("disputed: {reason}"),
    "same-device": _("confirmed on the scorer's phone (same device)"),
    "second-device": _("confirmed on the opponents' own phone (second device)"),
    "pin": _("confirmed with the opponent's PIN"),
    "director": _("entered by a director"),
    "phones": _("phones: {scoring}, {confirming} confirming"),
    "join_code": _("Join code:"),
    "scoring_phone": _("a scoring phone"),
    "no_scoring_phone": _("no scoring phone"),
    "last_activity": _("last activity {time}"),
    "no_activity": _("nothing entered yet"),
    "open": _("Open table {number}"),
    "hand_over": _("Hand over"),
    "hand_over_ask": _(
        "Hand table {number} to another phone? The scoring phone there stops working; the next "
        "phone joins with the table's code."
    ),
    "handed_over": _(
        "Table {number} is free for another phone: it joins with the table's code {code}"
    ),
    "end_confirmers": _("End confirming phones"),
    "end_confirmers_ask": _(
        "End table {number}'s confirming phones? They stop working; the opponents join again "
        "with the table's code."
    ),
    "confirmers_ended": _(
        "Table {number}'s confirming phones are ended: the opponents join again with the code {code}"
    ),
    "sit_outs": _("Sitting out: {names}"),
    "byes": _("Bye: {names}"),
    "placed_at": _("{name} (table {number} {seat})"),
    "placed_out": _("{name} (sitting out)"),
    "leaves": _("Leaves"),
    "leaves_ask": _("{name} leaves the event: not seated from the next round on?"),
    "left": _("{name} left the event."),
    "gone": _("(left)"),
    "withdraw": _("Withdraw"),
    "withdraw_ask": _("Withdraw {name}? Its table in play is forfeited, and it is seated no more."),
    "withdrawn": _("{name} is withdrawn."),
    "added": _("Added {names}."),
    "adding": _("Adding {number} of {count}: seat the round once all are in."),
    "nobody_added": _("Nobody added."),
    "new_to_club": _("{name} (new to the club)"),
    "on_roster": _("“{name}” is on the club's roster. Who is this?"),
    "played_events.one": _("1 event, last on {date}"),
    "played_events": _("{count} events, last on {date}"),
    "no_events": _("no events yet"),
    "someone_new": _("Someone new called {name}"),
    "their_label": _("Their label, to tell them apart"),
    "add": _("Add"),
    "skip": _("Skip"),
    "seated": _("Round {number} is seated."),
    "time_ask": _("Call time on round {number}? Every table then enters its result as it stands."),
    "time_done": _("Time is called on round {number}."),
    "publish": _("Publish"),
    "hide": _("Hide from the public"),
    "saved": _("Saved."),
    "season_made": _("Season {name} is added."),
    "seat": _("{letter}: {name}"),
    "versus": _("{first} v {second}"),
    "substitute_for": _("{name}, substitute for {absent}"),
    "absent_short": _("{name} (absent)"),
    "substitute_done": _("{name} plays this round in seat {letter}."),
    "hand_line": _("Hand {number}: {what} ({points})"),
    "hand_called": _("{maker} called"),
    "hand_called_suit": _("{maker} called {trump}"),
    "hand_alone": _("alone"),
    "hand_bid": _("{maker} bid {bid}"),
    "hand_won_bid": _("{maker} won the bid"),
    "hand_penalty": _("a renege (penalty)"),
    "hand_took": _("took {tricks}"),
    "outcome_made": _("made"),
    "outcome_march": _("march (all five tricks)"),
    "outcome_euchred": _("euchred"),
    "thrown_in": _("thrown in"),
    "no_hands": _("No hands entered yet."),
    "amend": _("Amend"),
    "undo": _("Undo"),
    "undo_ask": _("Undo hand {number} of table {table}? The change log keeps it."),
    "hand_saved": _("Hand {number} is saved."),
    "hand_undone": _("Hand {number} is undone."),
    "result_saved": _("Table {number}'s result is now {points}."),
    "paired_before": _(
        "Round {number} was already paired: if this moved the standings, its pairings page "
        "says so, and while nothing is entered there the round can be undone and paired again."
    ),
    "forfeit_ask": _("{side} forfeit table {number}? The other side wins."),
    "close_ask_open": _(
        "These tables have no confirmed result: {tables}. Close the night anyway? Their phones "
        "can send nothing more."
    ),
    "close_ask": _(
        "Close the night? Every join code and phone stops working, and the results are published."
    ),
    "close_cut_needed": _(
        "Level with no cut entered: {tables}. Enter who won the cut there (“Level: who won "
        "the cut?”) before closing the night."
    ),
    "level_table": _("round {round}, table {number}"),
    "open_table": _("table {number} ({state}, {hands}, {phones})"),
    "open_table_totals": _("table {number} ({state}, {phones})"),
    "open_hands.one": _("1 hand"),
    "open_hands": _("{count} hands"),
    "open_phones.one": _("1 phone"),
    "open_phones": _("{count} phones"),
    "closed": _("The night is closed: the results are published."),
    "closed_note": _("Closed at {time}."),
    "finished_note": _("The night is finished."),
    "reopened": _(
        "The night is open again: its join codes work, and each table's phone joins again with its code."
    ),
    "join_limit_lifted": _(
        "This network's phones can join again ({count} wrong codes forgiven). If the codes "
        "keep coming, find the phone that guesses."
    ),
    "join_limit_nothing": _(
        "No wrong codes were counted against this console's network ({address}): is it on "
        "the phones' Wi-Fi?"
    ),
    "join_limit_lifted.one": _(
        "This network's phones can join again (1 wrong code forgiven). If the codes keep "
        "coming, find the phone that guesses."
    ),
    "no_changes": _("No changes yet."),
    "change": _("Round {round}, table {table}: {actor} {action}"),
    "change_event": _("{actor} {action}"),
    "because": _("Reason: {reason}"),
    "before_after": _("{before} → {after}"),
    "after_only": _("({after})"),
    "setting_changed": _("{setting}: {before} → {after}"),
    "setting_on": _("on"),
    "setting_off": _("off"),
    "dismiss": _("Dismiss"),
    "no_rounds": _("No round is seated yet."),
    "all_rounds": _("every round"),
    "all_tables": _("every table"),
    "round_sheet": _("Round {number} sheet"),
    "round_find": _("Round {number}: find your table"),
    "enter": _("entered the result"),
    "confirm": _("confirmed the result"),
    "dispute": _("disputed the result"),
    "correct": _("corrected the result"),
    "assign": _("assigned a result"),
    "forfeit_action": _("recorded a forfeit"),
    "substitute_action": _("seated a substitute"),
    "withdraw_action": _("withdrew a team"),
    "cut_action": _("decided a level table by a cut"),
    "absent_action": _("recorded a player absent"),
    "key_in_action": _("keyed in a paper tally"),
    "arrive_action": _("entered a late arrival"),
    "leave_action": _("recorded a player leaving"),
    "seat_action": _("seated the round"),
    "unseat_action": _("undid the seated round"),
    "swap_action": _("swapped two players' places"),
    "seat_late_action": _("seated a late arrival in the round"),
    "time_action": _("called time"),
    "close_action": _("closed the night"),
    "reopen_action": _("reopened the night"),
    "restore_action": _("restored the database from a backup"),
    "settings_action": _("changed the event's settings"),
    "code_action": _("issued the table a new join code"),
    "hand_over_action": _("handed the table to another phone"),
    "confirmers_action": _("ended the table's confirming phones"),
    "join_limit_action": _("let the phones on their network join again"),
    "seeds_action": _("ordered the teams' seeds"),
    "hand_action": _("changed the table's hands"),
    "status_entered": _("waiting for confirmation"),
    "status_confirmed": _("confirmed"),
    "status_disputed": _("disputed"),
    "status_draft": _("draft"),
    "status_running": _("running"),
    "status_finished": _("finished"),
    "tables_seated": _("{count} tables"),
    "tables_seated.one": _("1 table"),
    "scorer_device": _("table {number}'s scoring phone"),
    "confirmer_device": _("table {number}'s confirming phone"),
    "director_named": _("director {name}"),
    "actor_laptop": _("someone at the laptop"),
    "actor_terminal": _("someone at the server's terminal"),
    "actor_restore": _("the restore"),
    "player_on": _("{name} (on {device})"),
    "phones_ended": _("{count} phones ended"),
    "phones_ended.one": _("1 phone ended"),
    "wrong_codes": _("{count} wrong codes forgiven"),
    "wrong_codes.one": _("1 wrong code forgiven"),
    "change_round": _("Round {round}: {actor} {action}"),
    "hand_changed": _("hand {number}: {action}"),
    "hand_record": _("entered"),
    "hand_amend": _("amended"),
    "hand_undo": _("undone"),
    "hand_followed": _("(hand {number} {action}: {before} → {after})"),
    "absent_seat": _("{name} (absent: the partner scores the round's average)"),
    "absent_seat.partners": _("{name} (absent: the partners score the round's average)"),
    "absent_ask": _(
        "{name} is absent at table {number} this round, and nobody plays for them? Then set the table's result; the partner scores the round's average."
    ),
    "absent_ask.partners": _(
        "{name} is absent at table {number} this round, and nobody plays for them? Then set the table's result; the partners score the round's average."
    ),
    "absent_done": _("{name} is recorded absent: now assign the table's result."),
    "stale_note": _("Someone changed this meanwhile: look at it as it is now, then save again."),
    "stale_game": _("The table's hands changed since you read them."),
    "why_needed": _("Say why first, in the box “Why (kept in the change log)”."),
    "undo_round": _("Undo round {number}"),
    "undo_round_ask": _(
        "Undo round {number}? Nothing is entered there yet; its tables go, and seating it again seats the same unless someone arrives or leaves first."
    ),
    "round_undone": _("Round {number} is undone."),
    "swap": _("Swap"),
    "swap_ask": _("Swap {first} and {second} in round {number}?"),
    "swapped": _("{first} and {second} swapped places."),
    "late": _("Seat in round {number}"),
    "late_ask": _(
        "Seat {name} in round {number}? They take a sit-out place; {size} sitting out make a new table."
    ),
    "seated_late": _("{name} is seated in round {number}."),
    "late_sits_out": _("{name} takes a sit-out place in round {number}."),
    "swap_first": _("Whose place"),
    "swap_second": _("Swapped with"),
    "late_who": _("The late arrival"),
    "nobody_late": _("everyone has a place"),
    "reopen_ask": _(
        "Reopen the night? It runs again, its join codes work again and the phones join again."
    ),
    "delete_ask": _(
        "Delete this event? Nothing of it is kept but the server's note of who deleted it."
    ),
    # (The event's change log goes with it: the reason is kept in that note.)
    "delete_why": _("Why (kept in the server's note)"),
    "level": _("Level: who won the cut?"),
    "cut_for": _("{names} won the cut"),
    "cut_ask": _("{names} won the cut at table {number}?"),
    "cut_done": _("Table {number}: {names} won the cut."),
    "level_won": _("level, won by {names}"),
}

#: What a side may be assigned, as the console's form offers it.
AWARD_LABELS: Final = {
    "average": _("average"),
    # xgettext:no-python-format
    "average-plus": _("average-plus (120% of the average)"),
    # xgettext:no-python-format
    "average-minus": _("average-minus (80% of the average)"),
    "points": _("points"),
}


#: A correction's confirmation and an absent player's credit, as the event's form offers them.
RECONFIRM_LABELS: Final = {
    "shown": _("shown to the opponents with what they confirmed"),
    "required": _("confirmed again by the opponents"),
}
ABSENT_LABELS: Final = {"sit-out": _("a sit-out's credit"), "none": _("nothing")}


@dataclass(frozen=True)
class SettingField:
    """One of the format's own options on the event's form, with the event's value."""

    name: str
    kind: str  # bool, choice, int
    label: str
    value: Any
    choices: list[tuple[str, str]]
    minimum: int
    maximum: int
    by_hand: bool = False  # counted from hands: offered only while the tables enter them


def settings_fields(event: Event) -> list[SettingField]:
    """The event's format's options, each with the value the event has now."""
    kind = format_of(event)
    values = kind.option_values(event)
    return [
        SettingField(
            field.name,
            field.kind,
            str(field.label),
            values.get(field.name, field.form_value()),
            [(value, str(label)) for value, label in field.choices],
            min(field.values) if field.values else field.minimum,
            max(field.values) if field.values else field.maximum,
            field.by_hand,
        )
        for field in kind.fields
    ]


def settings_context(event: Event, *, version: int) -> dict[str, Any]:
    """What the event's form is rendered with: every setting with the event's value (the
    club's seasons, the presets, the credits and side prizes offered, its format's options),
    and `version`, the event's as a whole (`selectors.board.version_of`) read no later than
    those values: what a change of them is asked against."""
    choices = selectors.event_form_choices()
    return {
        "event": event,
        "version": version,
        "seasons": selectors.seasons_of(club=event.club),
        "confirm_with": choices["confirm_with"],
        "presets": preset_choices(format_of(event).table_sizes),
        # (An auction's hands are scored by their tricks, always asked: no choice to offer.)
        "auction": referee.Ruleset.parse(event.ruleset).auction,
        "credits": choices["credits"],
        "side_prizes": choices["side_prizes"],
        "hand_prizes": choices["hand_prizes"],
        "prizes_given": set(
            event.side_prizes or [value for value, _label in choices["side_prizes"]]
        ),
        "reconfirms": [(key, str(label)) for key, label in RECONFIRM_LABELS.items()],
        "absent_credits": [(key, str(label)) for key, label in ABSENT_LABELS.items()],
        "format_fields": settings_fields(event),
        # Only where match points rank; a value stored before shows, to be cleared.
        "time_called_win": format_of(event).time_called_win_taken
        or event.time_called_win_points is not None,
        # Where sitting out earns credit (a Swiss bye is a win); one stored before shows.
        "sit_out_credited": format_of(event).sit_out_refusal is None
        or event.sit_out_credit != Event.SitOutCredit.NONE,
        # A round of hands, where a table may end level (a knockout's need a winner).
        "by_hands": not format_of(event).winner_required,
    }


def console_context(event: Event, *, version: int) -> dict[str, Any]:
    """What the console page is rendered with: the event's form (`settings_context`), the
    offered awards, and the script's words in the page's language."""
    rules = referee.Ruleset.parse(event.ruleset)
    return {
        **settings_context(event, version=version),
        # The hand form's: an auction's bids (none in a turn-up game), the makers' tricks.
        "bids": [(str(bid), str(LONE_BID_NAMES.get(str(bid), bid))) for bid in rules.bids],
        "tricks": range(rules.hand_size + 1),
        # The movement cards print a night planned ahead; one seated from each round's results
        # has nothing to print before it.
        "plans_ahead": format_of(event).plans_ahead,
        # A round paired from the standings: a result corrected before it is told so.
        "paired": has_page(event, "pairings"),
        "awards": [(key, str(label)) for key, label in AWARD_LABELS.items()],
        "words": {
            **{key: str(text) for key, text in WORDS.items()},
            **{f"seat.{letter}": str(word) for letter, word in SEAT_WORDS.items()},
        },
    }
