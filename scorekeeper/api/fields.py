"""Fields that take JSON as it is: no turning "3" into 3 or 1 into true."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import referee


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


@extend_schema_field({"type": "object", "additionalProperties": True})
class JSONObjectField(serializers.JSONField):
    default_error_messages = {"not_object": "Must be a JSON object."}

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            self.fail("not_object")
        return super().to_internal_value(data)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": list(referee.PRESETS)},
            {
                "type": "object",
                "properties": {"preset": {"type": "string", "enum": list(referee.PRESETS)}},
                "required": ["preset"],
                "additionalProperties": True,
            },
        ],
        "description": "A preset name, or a preset with options overridden (see the spec).",
        "example": "standard",
    }
)
class RulesetField(serializers.Field[Any, Any, Any, Any]):
    default_error_messages = {"invalid": "Must be a preset name or an object with a preset."}

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str | dict):
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


#: A card as the referee reads one (`referee.cards`): rank then suit, letters in either case,
#: a suit's letter or symbol ("TH", "10♥", "jd"), or the joker ("JOKER", "B", "Benny", "🃏").
CARD_PATTERN = (
    r"^\s*(([7-9TtJjQqKkAa]|10)[CcDdHhSs♣♧♦♢♥♡♠♤]"
    r"|[Bb]|[Bb][Ee][Nn][Nn][Yy]|[Jj][Oo][Kk][Ee][Rr]|🃏)\s*$"
)


@extend_schema_field({"type": "string", "pattern": CARD_PATTERN, "example": "JD"})
class CardField(serializers.CharField):
    """A card in the schema; the referee reads it (and names a text that is no card)."""


@extend_schema_field({"type": "string", "pattern": r"^[A-Za-z0-9_-]{43,128}$"})
class ClientTokenField(StrictCharField):
    """A write token a client made (`scorekeeper.tokens.CLIENT_TOKEN`)."""


@extend_schema_field({"type": "boolean", "enum": [True]})
class TrueField(StrictBooleanField):
    """A flag that is true or absent (`{"thrown_in": true}`)."""
