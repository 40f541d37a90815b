"""Korean particles in text the server's catalogue filled with `%`: a message says a name's
particle in both forms ("%(director)s이(가) 확인함"), and the reader sees the one the name
takes ("Dora가 확인함"), as the referee's messages and the app's words already do."""

from __future__ import annotations

import re
from typing import Final

from django.utils.translation import get_language

from referee.korean import with_particles


def particles_chosen(text: str) -> str:
    """The text with each particle written in both forms after a word in the form that word
    takes, where the reader's language is Korean; in any other, the text as it is."""
    return with_particles(text) if (get_language() or "").startswith("ko") else text


# Where Korean text may end a line inside a word: before a bracket that follows a letter
# ("북" over "(★)이"), after a bracket a particle follows ("Dora (demo director)" over "가"),
# at a middle dot between two words written as one ("선수·" over "라운드마다").
_BREAKS_INSIDE_A_WORD: Final = re.compile(
    r"(?<=\w)(?=\()|(?<=\))(?=\w)|(?<=\w)(?=·\w)|(?<=\w·)(?=\w)"
)


def unbroken(text: str) -> str:
    """The text with a word joiner (U+2060) wherever a line would break inside a word:
    between a word and a bracket or a middle dot it touches. Text that puts a space there,
    as English does ("N (★)"), is left as it is."""
    return _BREAKS_INSIDE_A_WORD.sub("\u2060", text)
