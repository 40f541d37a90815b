"""The referee's two error types, and how a bad value is shown back to whoever sent it."""

from __future__ import annotations

from typing import Final

from .input_words import render_detail, shown, shown_key, with_given

__all__ = ["IllegalAction", "MalformedRecord", "shown", "shown_key"]

#: A refusal that names no value at fault (``None`` is one: JSON's ``null``).
NOT_GIVEN: Final = object()


class MalformedRecord(ValueError):
    """Input that cannot be judged at all: not JSON, a missing field, a string that is no card.

    ``field`` names where the problem is, as a path into the input (``bids[2].suit``);
    ``detail`` says what is wrong, in English, and ``detail_in(lang)`` in the language asked
    for. The detail is a template of the English words and the facts that fill it: ``value``
    is the value at fault, shown as JSON writes it and cut short (``shown``).
    """

    def __init__(
        self,
        field: str,
        detail: str,
        /,
        *,
        within: str = "",
        given: object = NOT_GIVEN,
        **facts: object,
    ) -> None:
        self.field = field
        self.template = detail
        self.facts = facts
        # The place inside the field's value (a deal's record) that the detail is about.
        self.within = within
        # The value at fault, where the detail does not show it: said after it (", not null").
        self.given = given
        self.detail = self.detail_in("en")
        super().__init__(f"{field}: {self.detail}")

    def detail_in(self, lang: str) -> str:
        detail = render_detail(lang, self.template, self.facts)
        if self.given is not NOT_GIVEN:
            detail = with_given(lang, detail, self.given)
        return f"{self.within}: {detail}" if self.within else detail

    def at(self, field: str) -> MalformedRecord:
        """The same refusal, of input found at ``field``."""
        return MalformedRecord(
            field, self.template, within=self.within, given=self.given, **self.facts
        )

    def inside(self, field: str) -> MalformedRecord:
        """The same refusal, of the value at ``field`` (its own field named in the detail)."""
        return MalformedRecord(
            field, self.template, within=self.field, given=self.given, **self.facts
        )


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state of a hand.

    ``code`` is one of the spec's violation codes, ``message`` says why in table language.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
