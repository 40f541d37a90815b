"""Request and response shapes. Serializers parse and render; services decide."""

from __future__ import annotations

import dataclasses
from typing import Any, Final, NamedTuple

from rest_framework import serializers

import referee
from scorekeeper.api.fields import (
    JSONObjectField,
    RulesetField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from scorekeeper.services import HandEntry, QuickEntry, RecordEntry, RenegeEntry, ThrownInEntry
from scorekeeper.services.hands import hand_snapshot

SUITS = ["C", "D", "H", "S"]


# Problems -----------------------------------------------------------------------------


class ProblemErrorSerializer(serializers.Serializer[Any]):
    field = serializers.CharField()
    detail = serializers.CharField()


class ProblemSerializer(serializers.Serializer[Any]):
    """RFC 9457 problem details, with the field at fault."""

    type = serializers.CharField()
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    code = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    # A field named like Serializer.errors: DRF's metaclass takes it off the class.
    errors = ProblemErrorSerializer(many=True)  # type: ignore[assignment]


# Rulesets -----------------------------------------------------------------------------


class PenaltyRowSerializer(serializers.Serializer[Any]):
    alone = serializers.BooleanField()
    defender_alone = serializers.BooleanField()
    offender = serializers.ChoiceField(choices=["makers", "defenders"], help_text="Who reneged.")
    reason = serializers.CharField()
    makers = serializers.IntegerField(help_text="Points to the makers' team.")
    defenders = serializers.IntegerField(help_text="Points to each defending team.")


class AwardRowSerializer(serializers.Serializer[Any]):
    alone = serializers.BooleanField()
    defender_alone = serializers.BooleanField()
    maker_tricks = serializers.IntegerField(min_value=0, max_value=5)
    outcome = serializers.ChoiceField(
        choices=list(referee.OUTCOMES),
        help_text="How a hand with these tricks ended, as a quick entry may say it instead.",
    )
    reason = serializers.CharField()
    makers = serializers.IntegerField(help_text="Points to the makers' team.")
    defenders = serializers.IntegerField(help_text="Points to each defending team.")


def award_table_field() -> AwardRowSerializer:
    return AwardRowSerializer(
        many=True,
        help_text="What each quick-entry result scores under this ruleset, from the referee: "
        "a client previews a hand (also offline) by looking it up here.",
    )


def can_throw_in_field() -> serializers.BooleanField:
    return serializers.BooleanField(
        help_text="Whether a hand nobody calls is thrown in (only where the stuck dealer may "
        "pass): elsewhere `thrown_in` is refused."
    )


class PresetSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    ruleset = serializers.JSONField(help_text="Every option of the preset, as the referee has it.")
    awards = award_table_field()
    can_throw_in = can_throw_in_field()


# Games --------------------------------------------------------------------------------


class GameCreateSerializer(serializers.Serializer[Any]):
    ruleset = RulesetField()
    players = serializers.ListField(
        child=StrictCharField(max_length=60),
        min_length=2,
        max_length=4,
        help_text="One name per seat, in seat order.",
    )
    dealer = StrictIntegerField(min_value=0, max_value=3, help_text="The seat dealing first.")
    team_names = serializers.ListField(
        child=StrictCharField(max_length=100),
        min_length=2,
        max_length=4,
        required=False,
        help_text="One name per team; by default the players' names.",
    )
    id = serializers.UUIDField(
        required=False,
        help_text="The game's id, chosen by the client (a random UUID), so that a game started "
        "offline can be sent later; give `token` with it. The same id, token and game again "
        "answer 200 with the game; the same id with another token or game is 409.",
    )
    token = StrictCharField(
        required=False,
        trim_whitespace=False,
        help_text="The game's write token, chosen by the client with `id`: 43 to 128 url-safe "
        "characters from 32 or more random bytes. Only its digest is stored.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        for given, needed in (("id", "token"), ("token", "id")):
            if given in attrs and needed not in attrs:
                raise serializers.ValidationError({needed: [f"Give `{needed}` with `{given}`."]})
        return attrs


class AwardSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField()
    points = serializers.DictField(child=serializers.IntegerField(), help_text="team -> points")


class HandSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["played", "thrown-in", "redeal", "penalty"])
    trump = serializers.ChoiceField(choices=SUITS, allow_null=True)
    maker = serializers.IntegerField(allow_null=True)
    alone = serializers.BooleanField()
    defender_alone = serializers.IntegerField(allow_null=True)
    maker_tricks = serializers.IntegerField(allow_null=True)
    outcome = serializers.ChoiceField(
        choices=list(referee.OUTCOMES),
        allow_null=True,
        help_text="How the hand ended, as its award says (null for a renege or a hand with no "
        "maker).",
    )
    award = AwardSerializer()
    record = serializers.JSONField(allow_null=True)
    verdict = serializers.JSONField(
        allow_null=True, help_text="The referee's verdict on the record."
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()

    def to_representation(self, instance: Any) -> Any:
        return hand_json(instance)


def hand_json(hand: Any) -> dict[str, Any]:
    """A hand as `HandSerializer` declares it, built directly: every write answers with one.
    What the hand says is what the change log keeps of it; the verdict and times follow."""
    return {
        **hand_snapshot(hand),
        "outcome": referee.award_outcome(str(hand.award.get("reason", ""))),
        "verdict": hand.verdict,
        "created_at": _timestamp(hand.created_at),
        "updated_at": _timestamp(hand.updated_at),
    }


_DATETIME = serializers.DateTimeField()


def _timestamp(value: Any) -> Any:
    return _DATETIME.to_representation(value)


class TeamSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    name = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())


class GameSummarySerializer(serializers.Serializer[Any]):
    score = serializers.ListField(child=serializers.IntegerField(), help_text="Indexed by team.")
    dealer = serializers.IntegerField(help_text="The seat dealing the next hand.")
    status = serializers.ChoiceField(choices=["in-progress", "finished"])
    winner = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField()


class GameSerializer(GameSummarySerializer):
    id = serializers.UUIDField()
    ruleset = serializers.JSONField()
    awards = award_table_field()
    penalties = PenaltyRowSerializer(
        many=True,
        help_text="What a renege scores under this ruleset, from the referee (for a preview).",
    )
    can_throw_in = can_throw_in_field()
    preset = serializers.CharField()
    target = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    teams = TeamSerializer(many=True)
    hands = HandSerializer(many=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class GameCreatedSerializer(GameSerializer):
    token = serializers.CharField(help_text="Send as `Authorization: Bearer <token>`. Shown once.")


class GameTokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="The game's new write token. Shown once.")


class HandWrittenSerializer(HandSerializer):
    game = GameSummarySerializer()


class LogEntrySerializer(serializers.Serializer[Any]):
    hand_number = serializers.IntegerField(allow_null=True)
    action = serializers.CharField()
    actor = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()


# Hand entries -------------------------------------------------------------------------


# The contract a hand entered without cards names: who made trump (a loner: the seat that went
# alone), which suit if the table says, and who went alone; a quick entry and a renege add how
# the hand ended. (A comment, not a docstring: the schema would show a docstring as the
# description of both.)
class _EnteredContractSerializer(serializers.Serializer[Any]):
    maker = StrictIntegerField(min_value=0, max_value=3)
    trump = serializers.ChoiceField(
        choices=SUITS,
        required=False,
        allow_null=True,
        default=None,
        help_text="Optional: the points never depend on it; kept in the record when given.",
    )
    alone = StrictBooleanField(required=False, default=False)
    defender_alone = StrictIntegerField(
        min_value=0, max_value=3, allow_null=True, required=False, default=None
    )


class QuickHandSerializer(_EnteredContractSerializer):
    outcome = serializers.ChoiceField(
        choices=list(referee.OUTCOMES),
        required=False,
        allow_null=True,
        default=None,
        help_text="How the hand ended: made (3 or 4 tricks), march (all 5) or euchred. Give "
        "it, maker_tricks, or both when they agree.",
    )
    maker_tricks = StrictIntegerField(
        min_value=0,
        max_value=5,
        required=False,
        allow_null=True,
        default=None,
        help_text="The makers' tricks, where the table counts them (null: not asked).",
    )


class RenegeHandSerializer(_EnteredContractSerializer):
    renege = StrictIntegerField(
        min_value=0, max_value=3, help_text="The seat that reneged: the referee scores the penalty."
    )


class RecordHandSerializer(serializers.Serializer[Any]):
    record = JSONObjectField(
        help_text="A hand record as in the spec; the game's ruleset applies. Only the spec's "
        "fields (others are refused by name), within the limits of docs/api.md; it is kept as "
        "the referee read it (canonical cards, no ruleset)."
    )


class ThrownInHandSerializer(serializers.Serializer[Any]):
    thrown_in = StrictBooleanField(help_text="Always true: the hand was thrown in, no points.")


class AmendQuickHandSerializer(QuickHandSerializer):
    reason = StrictCharField(max_length=500)


class AmendRenegeHandSerializer(RenegeHandSerializer):
    reason = StrictCharField(max_length=500)


class AmendRecordHandSerializer(RecordHandSerializer):
    reason = StrictCharField(max_length=500)


class AmendThrownInHandSerializer(ThrownInHandSerializer):
    reason = StrictCharField(max_length=500)


class HandShape(NamedTuple):
    """One shape a hand can be entered in: its serializer, the same with an amendment's
    reason, and the entry it becomes."""

    serializer: type[serializers.Serializer[Any]]
    amend_serializer: type[serializers.Serializer[Any]]
    entry: type[HandEntry]


#: The shapes of a hand entry, by the field that tells each apart (in the schema's order).
HAND_SHAPES: Final = {
    "maker": HandShape(QuickHandSerializer, AmendQuickHandSerializer, QuickEntry),
    "renege": HandShape(RenegeHandSerializer, AmendRenegeHandSerializer, RenegeEntry),
    "record": HandShape(RecordHandSerializer, AmendRecordHandSerializer, RecordEntry),
    "thrown_in": HandShape(ThrownInHandSerializer, AmendThrownInHandSerializer, ThrownInEntry),
}
QUICK_FIELDS = frozenset(QuickHandSerializer().fields)
ENTRY_SHAPES = (
    "a quick entry (maker, outcome or maker_tricks), a renege (maker, renege), a record, "
    "or thrown_in"
)


def parse_hand_entry(data: Any, *, amend: bool = False) -> tuple[HandEntry, str]:
    """Read one of the three shapes of a hand; with `amend`, also the required reason."""
    if not isinstance(data, dict):
        raise serializers.ValidationError({"body": ["Must be a JSON object."]})
    shapes = [name for name in ("record", "thrown_in") if name in data]
    if "renege" in data:
        shapes.append("renege")
    elif any(name in data for name in QUICK_FIELDS):
        shapes.append("maker")
    if len(shapes) != 1:
        field = shapes[1] if len(shapes) > 1 else "maker"
        message = "Give only one of " if shapes else "Give "
        raise serializers.ValidationError({field: [message + ENTRY_SHAPES + "."]})
    shape = HAND_SHAPES[shapes[0]]
    serializer = (shape.amend_serializer if amend else shape.serializer)(data=data)
    serializer.is_valid(raise_exception=True)
    values = serializer.validated_data
    if shape.entry is ThrownInEntry and values["thrown_in"] is not True:
        raise serializers.ValidationError({"thrown_in": ["Must be true."]})
    # The serializer gives every field of the entry (the optional ones their defaults).
    entry = shape.entry(
        **{part.name: values[part.name] for part in dataclasses.fields(shape.entry)}
    )
    return entry, str(values.get("reason", ""))


# The referee --------------------------------------------------------------------------


class HandRecordSerializer(serializers.Serializer[Any]):
    """Documents the record for the schema; the referee itself reads and checks it."""

    dealer = serializers.IntegerField(min_value=0, max_value=3)
    ruleset = RulesetField(required=False)
    upcard = serializers.CharField(required=False)
    hands = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False
    )
    bids = serializers.ListField(child=serializers.DictField(), required=False)
    discard = serializers.CharField(required=False)
    pickup = serializers.BooleanField(required=False)
    contract = serializers.DictField(required=False)
    tricks = serializers.ListField(
        child=serializers.ListField(child=serializers.DictField()), required=False
    )
    claim = serializers.DictField(required=False)


class PlaySerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    card = serializers.CharField()


class TrickSerializer(serializers.Serializer[Any]):
    leader = serializers.IntegerField(
        allow_null=True, help_text="Null only for an empty trick whose leader needs the trump."
    )
    winner = serializers.IntegerField(allow_null=True)
    plays = PlaySerializer(many=True)


class ViolationSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True)
    trick = serializers.IntegerField(allow_null=True)
    card = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    rule = serializers.CharField()


class ContractSerializer(serializers.Serializer[Any]):
    trump = serializers.CharField(
        allow_null=True, help_text="Null when the upcard was ordered up but not reported."
    )
    maker = serializers.IntegerField()
    alone = serializers.BooleanField()
    defender_alone = serializers.IntegerField(allow_null=True)


class NextSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    phase = serializers.ChoiceField(choices=["bidding", "discard", "play"])
    legal = serializers.ListField(child=serializers.CharField(), allow_null=True)


class VerdictSerializer(serializers.Serializer[Any]):
    ok = serializers.BooleanField()
    violations = ViolationSerializer(many=True)
    contract = ContractSerializer(allow_null=True)
    tricks = TrickSerializer(many=True)
    maker_tricks = serializers.IntegerField(allow_null=True)
    complete = serializers.BooleanField()
    award = AwardSerializer(allow_null=True)
    next = NextSerializer(required=False, help_text="Only for an unfinished hand.")


class HealthSerializer(serializers.Serializer[Any]):
    status = serializers.CharField()
