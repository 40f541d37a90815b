"""The events' choices as forms and lists name them, in the reader's language. The models'
TextChoices keep their English labels (a label changed there is a migration); pages and
forms take these names instead."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

#: What sitting out a round earns (`Event.SitOutCredit`).
CREDIT_NAMES = {
    "none": _("nothing"),
    "fixed": _("a fixed number of points"),
    "average": _("the player's own average per round played"),
}

#: How a season's leaderboard adds up its nights (`Season.Ladder`).
LADDER_NAMES = {
    "totals": _("the points of every night, added up"),
    "placement": _("placement points for each night's place"),
    "average": _("the average of a night's points"),
}

#: How the opponents confirm a table's result (`Event.ConfirmWith`).
CONFIRM_WITH_NAMES = {
    "table": _("on the table's scoring phone, or a phone of their own"),
    "opponent-device": _("only on a phone of their own, joined for their side"),
    "pin": _("by typing the confirming opponent's PIN (on their tally card)"),
}

#: Where an event stands (`Event.Status`), as the director's list of events says it.
EVENT_STATUS_NAMES = {
    "draft": _("draft"),
    "running": _("running"),
    "finished": _("finished"),
}

#: Where a table's result stands (`Result.Status`), as the room reads it.
RESULT_STATUS_NAMES = {
    "entered": _("waiting for confirmation"),
    "confirmed": _("confirmed"),
    "disputed": _("disputed"),
}

#: The tie-breaks (`standings.TIE_BREAKS`, `standings.SWISS_TIE_BREAKS`) as the results page
#: names them.
TIE_BREAK_NAMES = {
    "head-to-head": _("head to head"),
    "point-difference": _("point difference"),
    "points-for": _("points for"),
    "euchres": _("euchres made"),
    "buchholz": _("Buchholz (the opponents' match points)"),
    "median-buchholz": _("median Buchholz (less the best and the worst opponent)"),
    "coin-flip": _("a coin flip drawn once for the event"),
}

#: The side prizes (`standings.SIDE_PRIZES`) by kind, as pages and the API name them.
PRIZE_NAMES = {
    "most-loners": _("Most loners made"),
    "most-euchres": _("Most euchres"),
    "highest-game": _("Highest single game"),
    "booby": _("Booby prize"),
}


def prize_title(prize: Any) -> str:
    """A side prize's title in the reader's language (the standings name it in English)."""
    return str(PRIZE_NAMES.get(prize.kind, prize.title))


#: The seats' compass letters (`referee.rules.SEAT_LETTERS`, which the API sends) as the
#: room's pages write them: the table app's words for them, N, E, S, W in English and
#: 북, 동, 남, 서 in Korean.
SEAT_WORDS = {
    "N": pgettext_lazy("compass seat", "N"),
    "E": pgettext_lazy("compass seat", "E"),
    "S": pgettext_lazy("compass seat", "S"),
    "W": pgettext_lazy("compass seat", "W"),
    "NE": pgettext_lazy("compass seat", "NE"),
    "SE": pgettext_lazy("compass seat", "SE"),
    "SW": pgettext_lazy("compass seat", "SW"),
    "NW": pgettext_lazy("compass seat", "NW"),
}


def named(
    choices: Iterable[tuple[str, str]], names: Mapping[str, str | Promise]
) -> list[tuple[str, str]]:
    """The choices with their labels in the reader's language (the English label where a
    choice has no name here)."""
    return [(value, str(names.get(value, label))) for value, label in choices]
