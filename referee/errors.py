"""The referee's two error types."""

from __future__ import annotations


class MalformedRecord(ValueError):
    """Input that cannot be judged at all: not JSON, a missing field, a string that is no card.

    ``field`` names where the problem is, as a path into the input (``bids[2].suit``).
    """

    def __init__(self, field: str, detail: str) -> None:
        super().__init__(f"{field}: {detail}")
        self.field = field
        self.detail = detail


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state of a hand.

    ``code`` is one of the spec's violation codes, ``message`` says why in table language.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
