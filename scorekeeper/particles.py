"""Korean particles in text the server's catalogue filled with `%`: a message says a name's
particle in both forms ("%(director)s이(가) 확인함"), and the reader sees the one the name
takes ("Dora가 확인함"), as the referee's messages and the app's words already do."""

from __future__ import annotations

from django.utils.translation import get_language

from referee.korean import with_particles


def particles_chosen(text: str) -> str:
    """The text with each particle written in both forms after a word in the form that word
    takes, where the reader's language is Korean; in any other, the text as it is."""
    return with_particles(text) if (get_language() or "").startswith("ko") else text
