"""How the commands count things in their one-line answers: "1 event", "3 events"."""


def counted(number: int, noun: str, nouns: str | None = None) -> str:
    """The number and the noun agreeing with it (``nouns``, when it is not ``noun`` + "s")."""
    return f"{number} {noun if number == 1 else nouns or noun + 's'}"
