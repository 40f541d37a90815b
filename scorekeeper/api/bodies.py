"""A request body takes the fields it names and no other: a misspelt field (`dealr`) is a 400
naming it (`not-a-field`), not a setting that silently never happens. The one home of that
rule, for every JSON body of both APIs (a hand entry and an event's settings say it in their
own words)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from referee.input_words import shown_key
from scorekeeper.errors import Malformed

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

NOT_A_FIELD = "not-a-field"
#: What a body says of a field it does not have, unless it says so in words of its own.
NO_SUCH_FIELD = gettext_lazy("this request has no field %(name)s")


def not_a_field(name: object, message: StrOrPromise) -> Malformed:
    """The refusal of a field the body does not have: `message` names it (`%(name)s`), as
    `field` does, cut short and escaped as it was sent."""
    shown = shown_key(name)
    return Malformed(str(message) % {"name": shown}, code=NOT_A_FIELD, field=shown)


def refuse_unknown_fields(
    data: Mapping[Any, Any], known: Collection[str], *, message: StrOrPromise
) -> None:
    """Refuses the first field of `data` that is not `known`, in the order sent."""
    for name in data:
        if name not in known:
            raise not_a_field(name, message)


class KnownFieldsOnly(serializers.Serializer[Any]):
    """A JSON body of the serializer's own fields only, checked before any of them: a field
    it does not know is a 400 naming it (which also explains a required field missing
    because it was misspelt)."""

    #: What the refusal says, with the field's name as `%(name)s`.
    not_a_field: ClassVar[StrOrPromise] = NO_SUCH_FIELD
    #: Fields taken though the serializer reads none of them (each with a comment saying why).
    also_taken: ClassVar[frozenset[str]] = frozenset()

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            for name in data:
                if name not in self.fields and name not in self.also_taken:
                    raise self.unknown_field(name)
        return super().to_internal_value(data)

    def unknown_field(self, name: object) -> Malformed:
        """The refusal of a field this body does not have (a body may refuse one it had once
        in words of its own)."""
        return not_a_field(name, self.not_a_field)


# drf-spectacular registers an extension in its untyped __init_subclass__.
class KnownFieldsOnlyScheme(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """The schema says it too: a request body of these serializers takes no other property
    (`additionalProperties: false`), so a client generated from it cannot send one."""

    target_class = KnownFieldsOnly
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer(
            self.target, direction, bypass_extensions=True
        )
        if direction == "request":
            schema["additionalProperties"] = False
        return schema
