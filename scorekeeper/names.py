"""Names of people, teams, clubs, seasons and events: one rule to clean them, one to match them.

Cleaning: a name is kept as typed, in Unicode's composed form (NFC), less what cannot be seen
or changes how the text around it reads: control characters, format characters (bidi
overrides, isolates and marks, zero-width spaces and joiners, soft hyphens) and lone
surrogates, and the blank Hangul fillers. Any run of white space becomes one space and the
ends are trimmed. What is left must have 1 to `limit` characters.

Matching: two names are the same when their keys are equal. A key is the cleaned name
NFKC-normalised and casefolded, with white space collapsed again, so "ANN  smith",
"Ann Smith" and "ａｎｎ ｓｍｉｔｈ" are one name, while "Zoë" and "Zoe" are two.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from django.utils.translation import gettext as _

from scorekeeper.errors import Malformed

PERSON: Final = 60  # a player's name
LABEL: Final = 30  # what tells two players of one name apart in a club ("Tuesday")
TITLE: Final = 100  # a club's, a season's, an event's or a team's name

# Control, format and surrogate code points: unseen, or they reorder the text around them.
_UNSEEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs"})
# Letters that draw nothing: the Hangul fillers.
_BLANK_LETTERS: Final = frozenset("\u115f\u1160\u3164\uffa0")


def _visible(value: str) -> str:
    kept = []
    for char in value:
        if char.isspace():
            kept.append(" ")
        elif char not in _BLANK_LETTERS and unicodedata.category(char) not in _UNSEEN_CATEGORIES:
            kept.append(char)
    return " ".join("".join(kept).split())


def name_clean(value: str, *, field: str, limit: int = TITLE, blank: bool = False) -> str:
    """The name as stored, or a 400 naming the field when nothing is left of it (unless
    `blank` allows that) or it is longer than `limit`."""
    name = unicodedata.normalize("NFC", _visible(value))
    if not (blank or name) or len(name) > limit:
        raise Malformed(
            _("give a name of %(least)s to %(limit)s characters")
            % {"least": 0 if blank else 1, "limit": limit},
            code="bad-name",
            field=field,
        )
    return name


def name_key(name: str) -> str:
    """What two names must share to be the same name."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def name_shown(name: str, label: str) -> str:
    """A player's name as shown: with the label that tells them apart, when they have one."""
    return f"{name} ({label})" if label else name
