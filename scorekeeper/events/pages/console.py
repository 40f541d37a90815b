"""The director's console for one event (/events/<id>/manage/): what its page is rendered
with. The page's script (static/events/console.js) does everything through the events API;
the words it shows are here, in the page's language, so they are translated with the rest."""

from __future__ import annotations

from typing import Any, Final

from django.utils.translation import gettext_lazy as _

from scorekeeper.events import selectors
from scorekeeper.events.models import Event

#: The script's words, by key; "{name}" is filled in by the script.
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
    "director": _("entered by a director"),
    "assigned": _("assigned by the director"),
    "forfeit": _("forfeited"),
    "corrected": _("corrected by the director"),
    "as_it_stood": _("as it stood when time was called"),
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
    "handed_over": _("Table {number} has a new join code: {code}"),
    "sit_outs": _("Sitting out: {names}"),
    "leaves": _("Leaves"),
    "leaves_ask": _("{name} leaves the event: not seated from the next round on?"),
    "left": _("{name} left the event."),
    "gone": _("(left)"),
    "withdraw": _("Withdraw"),
    "withdraw_ask": _("Withdraw {name}? Its table in play is forfeited, and it is seated no more."),
    "withdrawn": _("{name} is withdrawn."),
    "added": _("Added {names}."),
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
    "substitute_for": _("{name}, substitute for {absent}"),
    "substitute_done": _("{name} plays this round in seat {letter}."),
    "hand_line": _("Hand {number}: {what} ({points})"),
    "hand_called": _("{maker} called"),
    "hand_called_suit": _("{maker} called {trump}"),
    "hand_alone": _("alone"),
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
    "forfeit_ask": _("{side} forfeit table {number}? The other side wins."),
    "close_ask_open": _(
        "These tables have no confirmed result: {tables}. Close the night anyway? Their phones "
        "can send nothing more."
    ),
    "close_ask": _(
        "Close the night? Every join code and phone stops working, and the results are published."
    ),
    "open_table": _("table {number} ({state}, {hands} hand(s), {phones} phone(s))"),
    "closed": _("The night is closed at {time}: the results are published."),
    "closed_note": _("Closed at {time}."),
    "finished_note": _("The night is finished."),
    "reopened": _("The night is open again: its join codes and phones work."),
    "no_changes": _("No changes yet."),
    "change": _("Round {round}, table {table}: {actor} {action}"),
    "change_event": _("{actor} {action}"),
    "because": _("Reason: {reason}"),
    "before_after": _("{before} → {after}"),
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
    "level": _("Level: who won the cut?"),
    "cut_for": _("{names} won the cut"),
    "cut_ask": _("{names} won the cut at table {number}?"),
    "cut_done": _("Table {number}: {names} won the cut."),
    "level_won": _("level, won by {names}"),
    "waiting": _("{count} result(s) waiting for confirmation."),
    "none_yet": _("none yet"),
    "Player": _("Player"),
    "Team": _("Team"),
    "Played": _("Played"),
    "Won": _("Won"),
    "Total": _("Total"),
    "Byes": _("Byes"),
    "Credit": _("Credit"),
    "Per round": _("Per round"),
    "Buchholz": _("Buchholz"),
    "Median Buchholz": _("Median Buchholz"),
    "Match pts": _("Match pts"),
    "For": _("For"),
    "Against": _("Against"),
    "Euchres": _("Euchres"),
    "Tie-break": _("Tie-break"),
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


def console_context(event: Event) -> dict[str, Any]:
    """What the console page is rendered with: the event, the club's seasons for its form,
    the offered awards, and the script's words in the page's language."""
    return {
        "event": event,
        "seasons": selectors.seasons_of(club=event.club),
        "awards": [(key, str(label)) for key, label in AWARD_LABELS.items()],
        "words": {key: str(text) for key, text in WORDS.items()},
    }
