"""The shapes every part of the events API shares: ids, a player as an entry names them
(by id, by name, or both with a label), and a player as the roster shows them.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from scorekeeper import names
from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from scorekeeper.errors import Malformed

MAX_ID = 2**63 - 1


def IdField(**kwargs: Any) -> StrictIntegerField:
    return StrictIntegerField(min_value=1, max_value=MAX_ID, **kwargs)


class PlayerEntrySerializer(KnownFieldsOnly):
    """Who is meant: a player of the club by id, or by name. By name, the club's one player
    of that name is taken, or someone new is added; a `label` picks one of several players of
    that name (or adds one); `new` adds someone new even when the name is taken (with a label
    to tell them apart)."""

    player = IdField(required=False)
    name = StrictCharField(max_length=names.PERSON, required=False)
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=names.LABEL, required=False, allow_blank=True
    )
    new = StrictBooleanField(required=False, default=False)


_ENTRY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "player": {"type": "integer", "minimum": 1, "maximum": MAX_ID},
        "name": {"type": "string", "maxLength": names.PERSON},
        "label": {"type": "string", "maxLength": names.LABEL},
        "new": {"type": "boolean"},
    },
    "additionalProperties": False,
}


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "maxLength": names.PERSON, "pattern": r"\S"},
            {"type": "integer", "minimum": 1, "maximum": MAX_ID},
            _ENTRY_SCHEMA,
        ]
    }
)
class PlayerRefField(serializers.Field[Any, Any, Any, Any]):
    """A player by name (the club's player of that name, or someone new), by id, or as an
    object like a single entry's body (`{"name": ..., "label": ..., "new": true}`)."""

    default_error_messages = {
        "invalid": gettext_lazy("Give a player's name, id, or name and label.")
    }

    def to_internal_value(self, data: Any) -> str | int | dict[str, Any]:
        if isinstance(data, dict):
            entry = PlayerEntrySerializer(data=data)
            try:
                entry.is_valid(raise_exception=True)
            except Malformed as refused:
                # A field the entry does not have, named by its path in the body (DRF's to
                # give: `players[1].nmae`), still `not-a-field`.
                error = ErrorDetail(refused.detail, code=refused.code)
                raise serializers.ValidationError({str(refused.field): [error]}) from None
            return dict(entry.validated_data)
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("invalid")
        if isinstance(data, int) and not 1 <= data <= MAX_ID:
            self.fail("invalid")
        if isinstance(data, str) and not 0 < len(data.strip()) <= names.PERSON:
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class PlayerSerializer(serializers.Serializer[Any]):
    """A player of a club's roster: the name as stored, the label that tells them apart from
    another of that name, and both as shown."""

    player = serializers.IntegerField()
    name = serializers.CharField()
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = serializers.CharField(allow_blank=True)  # type: ignore[assignment]
    shown = serializers.CharField(help_text='The name with its label: "John Smith (Tuesday)".')


class MatchedSerializer(PlayerSerializer):
    """The player an entry took: `existing` (found on the roster) or `new` (added to it)."""

    kind = serializers.CharField()
    matched = serializers.ChoiceField(choices=["existing", "new"])
