"""Fields that take JSON as it is: no turning "3" into 3 or 1 into true."""

from __future__ import annotations

from typing import Any, Final

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import referee
from referee.record import BID_ACTIONS, LONE_BIDS
from referee.rules import AUCTION_DECKS


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
    default_error_messages = {"not_object": gettext_lazy("Must be a JSON object.")}

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            self.fail("not_object")
        return super().to_internal_value(data)


#: A ruleset object as the referee reads it: every option with its type and choices (the
#: referee's own list, `referee.options_schema`).
RULESET_OPTIONS: Final = referee.options_schema()


@extend_schema_field(
    {
        "oneOf": [{"type": "string", "enum": list(referee.PRESETS)}, RULESET_OPTIONS],
        "description": "A preset name, or a preset (`standard` if none is named) with options "
        "overridden: every option, its type and its choices are listed; options that cannot go "
        "together are refused naming one (see the spec).",
        "example": "standard",
    }
)
class RulesetField(serializers.Field[Any, Any, Any, Any]):
    default_error_messages = {
        "invalid": gettext_lazy("Must be a preset name or an object with a preset.")
    }

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str | dict):
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(
    {
        **RULESET_OPTIONS,
        "description": "Every option, as the referee has it, with what follows for the table: "
        "`hand_size`, `teams` (the seats of each) and `seats` (each seat's letter).",
    }
)
class RulesetOptionsField(serializers.JSONField):
    """A whole ruleset as an answer gives it (`Ruleset.to_json`)."""


#: One bid of a hand record's `bids`, as the referee reads it (the spec's actions; what a bid
#: of another action carries besides is ignored, so only `seat`, `action` and `alone` are
#: typed for every bid).
BID_ACTION: Final = {
    "type": "object",
    "required": ["seat", "action"],
    "properties": {
        "seat": {"type": "integer", "minimum": 0},
        "action": {"type": "string", "enum": list(BID_ACTIONS)},
        "alone": {"type": "boolean", "description": "A lone hand, declared with the bid."},
        "suit": {
            "description": "`call`: the suit called; an auction's `bid`, `moon`, `loner` "
            "or `declare`: the trump it names (C, D, H or S)."
        },
        "tricks": {"description": "`bid`: the tricks bid, a whole number."},
        "no_trump": {
            "description": "An auction's `bid`, `moon`, `loner` or `declare`: `high` "
            "or `low`, named in place of a suit."
        },
    },
}


@extend_schema_field({"type": "array", "items": BID_ACTION})
class BidsField(serializers.ListField):
    """A hand record's bids, in order (documented; the referee reads them)."""


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


#: The most tricks a bid can name: a hand of the largest deck an auction deals.
MOST_TRICKS_BID: Final = max(
    referee.Ruleset.parse({"preset": "bid-euchre", "deck": deck}).hand_size
    for deck in AUCTION_DECKS
)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 1, "maximum": MOST_TRICKS_BID},
            {"type": "string", "enum": list(LONE_BIDS)},
        ],
        "example": 4,
    }
)
class BidField(serializers.JSONField):
    """What the makers bid under an auction: a number of tricks or a lone bid (`moon`,
    `loner`). What no auction has is refused here; whether the game's ruleset allows the bid
    (its `min_bid`, hand size and lone bids) the services rule."""

    default_error_messages = {
        "not_a_bid": gettext_lazy("Must be a number of tricks from 1 to {most}, `moon` or `loner`.")
    }

    def to_internal_value(self, data: Any) -> Any:
        tricks = isinstance(data, int) and not isinstance(data, bool)
        if not ((tricks and 1 <= data <= MOST_TRICKS_BID) or data in LONE_BIDS):
            self.fail("not_a_bid", most=MOST_TRICKS_BID)
        return data
