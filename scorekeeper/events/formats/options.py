"""A format's options: each a top-level field of an event in the API and a field of the
console's new-event form, checked by name (`OptionField`), and the rounds a night plans, the
option formats share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.errors import Malformed

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

#: The most rounds an event plays (and a progressive night plans): a round's seating weighs
#: every round before it, so a night stops here and each seating costs a bounded time.
MAX_ROUNDS: Final = 30

OptionKind = Literal["int", "bool", "choice"]


@dataclass(frozen=True)
class OptionField:
    """One option of a format: a top-level field of the event in the API and a field of the
    console's new-event form. A value outside ``choices``, ``values`` or ``minimum`` to
    ``maximum`` is a 400 with ``code``, naming the field and saying ``refusal``; the API's
    schema gives the same bounds (`OptionIntegerField`)."""

    name: str
    kind: OptionKind
    label: StrOrPromise  # the form's label, in the reader's language
    help: str  # the API schema's description
    default: int | bool | str | None = None  # None: the director must give it
    choices: tuple[tuple[str, StrOrPromise], ...] = ()  # a choice's values and labels
    values: tuple[int, ...] = ()  # the whole numbers allowed, when not a range
    minimum: int = 0
    maximum: int = 0
    code: str = ""
    refusal: StrOrPromise = ""
    locked: bool = False  # stays as it is once the first round is seated
    suggested: int | None = None  # what the form starts with, when there is no default
    by_hand: bool = False  # counted from hands: offered only where the tables enter them

    def checked(self, value: object) -> int | bool | str:
        """The value, if this option takes it; else the problem, naming the field."""
        ok = False
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "choice":
            ok = isinstance(value, str) and value in {v for v, _label in self.choices}
        elif isinstance(value, int) and not isinstance(value, bool):
            ok = value in self.values if self.values else self.minimum <= value <= self.maximum
        if not ok:
            raise Malformed(str(self.refusal), code=self.code, field=self.name)
        assert isinstance(value, (int, bool, str))
        return value

    def form_value(self) -> int | bool | str:
        """What the console's form starts with."""
        if self.default is not None:
            return self.default
        if self.suggested is not None:
            return self.suggested
        if self.kind == "int":
            return self.minimum if not self.values else self.values[0]
        return self.choices[0][0] if self.choices else False


def rounds_field(suggested: int = 8) -> OptionField:
    """The rounds a night plans: what the director chooses in a format whose schedule does
    not follow from its teams."""
    return OptionField(
        "rounds_planned",
        "int",
        pgettext_lazy("how many a night plans", "Rounds"),
        f"Rounds the night plans (1 to {MAX_ROUNDS}); a format whose schedule follows from its "
        "teams (a round robin, a bracket) takes none.",
        minimum=1,
        maximum=MAX_ROUNDS,
        code="bad-rounds",
        refusal=gettext_lazy("plan 1 to 30 rounds"),
        suggested=suggested,
    )
