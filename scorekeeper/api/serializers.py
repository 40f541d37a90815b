"""Request and response shapes. Serializers parse and render; services decide."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any, Final, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers

import referee
from referee.record import LONE_BIDS
from scorekeeper.api.bodies import KnownFieldsOnly, refuse_unknown_fields
from scorekeeper.api.entry_format import LONE_BID_NOT_ALONE
from scorekeeper.api.fields import (
    BidField,
    BidsField,
    CardField,
    ClientTokenField,
    JSONObjectField,
    RulesetField,
    RulesetOptionsField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    TrueField,
)
from scorekeeper.services import HandEntry, QuickEntry, RecordEntry, RenegeEntry, ThrownInEntry
from scorekeeper.services.hands import hand_snapshot

#: A lone bid told `alone: false`: what the bid is, said in the table's words.
LONE_BID_PLAYED_ALONE: Final = {
    "moon": gettext_lazy(
        "A moon is played alone (the partner sits out): alone true, or leave it out."
    ),
    "loner": gettext_lazy(
        "A loner bid is played alone (the partner sits out): alone true, or leave it out."
    ),
}


SUITS = ["C", "D", "H", "S"]
#: The most seats a ruleset has, and so the last seat any request can name: the game's own
#: ruleset then says which seats it has (the referee answers for a seat it does not have).
MOST_SEATS: Final = max(referee.PLAYER_COUNTS)
LAST_SEAT: Final = MOST_SEATS - 1


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


def bid_field(help_text: str) -> BidField:
    return BidField(
        allow_null=True,
        help_text=help_text + " Under an auction (Bid Euchre) a number of tricks, `moon` or "
        "`loner`; null in a turn-up game.",
    )


class PenaltyRowSerializer(serializers.Serializer[Any]):
    bid = bid_field("The makers' bid, where it changes who could renege.")
    alone = serializers.BooleanField()
    defender_alone = serializers.BooleanField()
    offender = serializers.ChoiceField(choices=["makers", "defenders"], help_text="Who reneged.")
    reason = serializers.CharField()
    makers = serializers.IntegerField(help_text="Points to the makers' team (below 0: taken).")
    defenders = serializers.IntegerField(help_text="Points to each defending team.")


class AwardRowSerializer(serializers.Serializer[Any]):
    bid = bid_field("The makers' bid.")
    alone = serializers.BooleanField()
    defender_alone = serializers.BooleanField()
    maker_tricks = serializers.IntegerField(
        min_value=0, max_value=8, help_text="From 0 to the ruleset's hand size."
    )
    outcome = serializers.ChoiceField(
        choices=list(referee.OUTCOMES),
        allow_null=True,
        help_text="How a hand with these tricks ended, as a quick entry may say it instead "
        "(null under an auction, where a hand is entered by its bid and tricks).",
    )
    reason = serializers.CharField()
    makers = serializers.IntegerField(help_text="Points to the makers' team (below 0: a set).")
    defenders = serializers.IntegerField(help_text="Points to each defending team.")


def award_table_field() -> AwardRowSerializer:
    return AwardRowSerializer(
        many=True,
        help_text="What each quick-entry result scores under this ruleset, from the referee: "
        "a client previews a hand (also offline) by looking it up here.",
    )


def can_throw_in_field() -> serializers.BooleanField:
    return serializers.BooleanField(
        help_text="Whether a hand nobody calls can be thrown in (where the stuck dealer may "
        "pass, or must call but may hold no suit to name): elsewhere `thrown_in` is refused."
    )


class PresetSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    ruleset = RulesetOptionsField()
    hand_size = serializers.IntegerField(help_text="Cards dealt to each seat, and tricks a hand.")
    teams = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="The seats of each team, by team number.",
    )
    seats = serializers.ListField(
        child=serializers.CharField(), help_text="Each seat's letter, clockwise from seat 0."
    )
    awards = award_table_field()
    penalties = PenaltyRowSerializer(
        many=True, help_text="What a renege scores under this ruleset, from the referee."
    )
    largest_award = serializers.IntegerField(
        help_text="The most points one side can score, or lose, in one hand."
    )
    can_throw_in = can_throw_in_field()


# Games --------------------------------------------------------------------------------


class GameCreateSerializer(KnownFieldsOnly):
    ruleset = RulesetField()
    players = serializers.ListField(
        child=StrictCharField(max_length=60),
        min_length=2,
        max_length=MOST_SEATS,
        help_text="One name per seat, in seat order: as many as the ruleset seats (six "
        "six-handed, where the alternate seats 0, 2, 4 and 1, 3, 5 are the two teams).",
    )
    dealer = StrictIntegerField(
        min_value=0, max_value=LAST_SEAT, help_text="The seat dealing first."
    )
    team_names = serializers.ListField(
        child=StrictCharField(max_length=100),
        min_length=2,
        max_length=MOST_SEATS,
        required=False,
        help_text="One name per team; by default the players' names.",
    )
    id = serializers.UUIDField(
        required=False,
        help_text="The game's id, chosen by the client (a random UUID), so that a game started "
        "offline can be sent later; give `token` with it. The same id, token and game again "
        "answer 200 with the game; the same id with another token or game is 409.",
    )
    token = ClientTokenField(
        required=False,
        trim_whitespace=False,
        help_text="The game's write token, chosen by the client with `id`: 43 to 128 url-safe "
        "characters from 32 or more random bytes (at least 16 different ones). Only its digest "
        "is stored.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        for given, needed in (("id", "token"), ("token", "id")):
            if given in attrs and needed not in attrs:
                raise serializers.ValidationError(
                    {
                        needed: [
                            _("Give `%(needed)s` with `%(given)s`.")
                            % {"needed": needed, "given": given}
                        ]
                    }
                )
        return attrs


class AwardSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField()
    points = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="team -> points, only the teams that score; negative where a side loses "
        "points (Bid Euchre's sets, a renege penalty).",
    )


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
        help_text="How the hand ended, as its award says (null for a renege, a hand with no "
        "maker, or a hand bid under an auction).",
    )
    bid = bid_field("What the makers bid.")
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
        "outcome": hand_outcome(hand.award),
        "verdict": hand.verdict,
        "created_at": _timestamp(hand.created_at),
        "updated_at": _timestamp(hand.updated_at),
    }


def hand_outcome(award: dict[str, Any]) -> str | None:
    """How a hand ended, as its award's reason says (`referee.OUTCOMES`)."""
    return referee.award_outcome(str(award.get("reason", "")))


_DATETIME = serializers.DateTimeField()


def _timestamp(value: Any) -> Any:
    return _DATETIME.to_representation(value)


class TeamSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField()
    name = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField())


class GameSummarySerializer(serializers.Serializer[Any]):
    score = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Each team's points, by team number; below zero where a hand takes points "
        "away (a set bid in Bid Euchre, a renege penalty).",
    )
    dealer = serializers.IntegerField(help_text="The seat dealing the next hand.")
    status = serializers.ChoiceField(choices=["in-progress", "finished"])
    winner = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField()


class GameSerializer(GameSummarySerializer):
    id = serializers.UUIDField()
    ruleset = RulesetOptionsField(
        help_text="The game's rules: every option, as the referee has it, with what follows "
        "for the table (`hand_size`, `teams`, `seats`), as a preset's `ruleset` has them."
    )
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


class LoggedHandField(serializers.JSONField):
    """A hand as the change log kept it, with how it ended (`outcome`) as the game's hands say
    it: the log keeps the award, which tells."""

    def to_representation(self, value: Any) -> Any:
        if isinstance(value, dict) and isinstance(value.get("award"), dict):
            value = {**value, "outcome": hand_outcome(value["award"])}
        return super().to_representation(value)


class LogEntrySerializer(serializers.Serializer[Any]):
    hand_number = serializers.IntegerField(allow_null=True)
    action = serializers.CharField()
    actor = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    before = LoggedHandField(allow_null=True)
    after = LoggedHandField(allow_null=True)
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()


# Hand entries -------------------------------------------------------------------------


# The contract a hand entered without cards names: who made trump (a loner: the seat that went
# alone), which suit if the table says, and who went alone; a quick entry and a renege add how
# the hand ended. (A comment, not a docstring: the schema would show a docstring as the
# description of both.)
class _EnteredContractSerializer(serializers.Serializer[Any]):
    maker = StrictIntegerField(
        min_value=0, max_value=LAST_SEAT, help_text="A seat of the game's ruleset."
    )
    trump = serializers.ChoiceField(
        choices=SUITS,
        required=False,
        allow_null=True,
        default=None,
        help_text="Optional in a turn-up game: the points never depend on it; kept in the "
        "record when given. Under an auction, left out for no trump.",
    )
    alone = StrictBooleanField(
        required=False,
        default=False,
        help_text="The maker went alone. Under an auction the bid says it (a moon or loner is "
        "played alone): left out, or agreeing with the bid.",
    )
    defender_alone = StrictIntegerField(
        min_value=0, max_value=LAST_SEAT, allow_null=True, required=False, default=None
    )
    bid = BidField(
        required=False,
        default=None,
        help_text="Under an auction (Bid Euchre), required: the tricks bid (from the ruleset's "
        "`min_bid` to its hand size), `moon` or `loner` (played alone). Never in a turn-up game.",
    )


class QuickHandSerializer(_EnteredContractSerializer):
    outcome = serializers.ChoiceField(
        choices=list(referee.OUTCOMES),
        required=False,
        allow_null=True,
        default=None,
        help_text="In a turn-up game, how the hand ended: made (3 or 4 tricks), march (all 5) "
        "or euchred. Give it, maker_tricks, or both when they agree. Never under an auction.",
    )
    maker_tricks = StrictIntegerField(
        min_value=0,
        max_value=8,
        required=False,
        allow_null=True,
        default=None,
        help_text="The makers' tricks, from 0 to the ruleset's hand size, where the table "
        "counts them (null: not asked); required under an auction.",
    )


class RenegeHandSerializer(_EnteredContractSerializer):
    renege = StrictIntegerField(
        min_value=0,
        max_value=LAST_SEAT,
        help_text="The seat that reneged: the referee scores the penalty.",
    )


class RecordHandSerializer(serializers.Serializer[Any]):
    record = JSONObjectField(
        help_text="A hand record as in the spec; the game's ruleset applies. Only the spec's "
        "fields (others are refused by name), within the limits of docs/api.md; it is kept as "
        "the referee read it (canonical cards, no ruleset)."
    )


class ThrownInHandSerializer(serializers.Serializer[Any]):
    thrown_in = TrueField(help_text="Always true: the hand was thrown in, no points.")


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
HAND_ENTRY_HAS_NO: Final = gettext_lazy("a hand entry has no field %(name)s")


def fields_ruled_out(shape: str) -> frozenset[str]:
    """The fields a hand entry of this shape (a key of `HAND_SHAPES`) cannot hold, as
    `parse_hand_entry` tells the shapes apart: `renege` makes a quick entry a renege, and a
    record or a thrown-in hand holds nothing of another shape."""
    others = {"record", "thrown_in", "renege"} - {shape}
    if shape in ("record", "thrown_in"):
        return frozenset(others | QUICK_FIELDS)
    return frozenset(others)


def parse_hand_entry(
    data: Any,
    *,
    amend: bool = False,
    also: Collection[str] = (),
    queued_in: int | None = None,
) -> tuple[HandEntry, str]:
    """Read one of the three shapes of a hand; with `amend`, also the required reason. A field
    neither its shape nor the endpoint (`also`) has is refused by name, as an event's is. A
    lone bid (a moon) is played alone: `alone: false` beside one is refused by name, as
    `outcome` is where the tricks say otherwise, but in an entry the app queued in the format
    that said so of every bid (`queued_in`, entry_format.py)."""
    if not isinstance(data, dict):
        raise serializers.ValidationError({"body": [_("Must be a JSON object.")]})
    shapes = [name for name in ("record", "thrown_in") if name in data]
    if "renege" in data:
        shapes.append("renege")
    elif any(name in data for name in QUICK_FIELDS):
        shapes.append("maker")
    if len(shapes) != 1:
        field = shapes[1] if len(shapes) > 1 else "maker"
        message = (
            _(
                "Give only one of a quick entry (maker, outcome or maker_tricks), a renege "
                "(maker, renege), a record, or thrown_in."
            )
            if shapes
            else _(
                "Give a quick entry (maker, outcome or maker_tricks), a renege (maker, renege), "
                "a record, or thrown_in."
            )
        )
        raise serializers.ValidationError({field: [message]})
    shape = HAND_SHAPES[shapes[0]]
    serializer = (shape.amend_serializer if amend else shape.serializer)(data=data)
    refuse_unknown_fields(data, {*serializer.fields, *also}, message=HAND_ENTRY_HAS_NO)
    serializer.is_valid(raise_exception=True)
    values = serializer.validated_data
    if shape.entry is ThrownInEntry and values["thrown_in"] is not True:
        raise serializers.ValidationError({"thrown_in": [_("Must be true.")]})
    lone_bid = values.get("bid") in LONE_BIDS
    if lone_bid and data.get("alone") is False and queued_in != LONE_BID_NOT_ALONE:
        raise serializers.ValidationError({"alone": [LONE_BID_PLAYED_ALONE[values["bid"]]]})
    # The serializer gives every field of the entry (the optional ones their defaults).
    entry = shape.entry(
        **{part.name: values[part.name] for part in dataclasses.fields(shape.entry)}
    )
    return entry, str(values.get("reason", ""))


# The referee --------------------------------------------------------------------------


class HandRecordSerializer(serializers.Serializer[Any]):
    """Documents the record for the schema; the referee itself reads and checks it."""

    dealer = serializers.IntegerField(min_value=0, max_value=LAST_SEAT)
    ruleset = RulesetField(required=False)
    upcard = CardField(required=False)
    hands = serializers.DictField(child=serializers.ListField(child=CardField()), required=False)
    bids = BidsField(child=serializers.DictField(), required=False)
    discard = CardField(required=False)
    pickup = serializers.BooleanField(required=False)
    exchange = serializers.DictField(
        required=False,
        help_text="A lone player's exchange: `passed` ({seat, card}, by its partners) and "
        "`discard` (the cards it laid away).",
    )
    contract = serializers.DictField(
        required=False,
        help_text="`trump`, `maker`, `alone`, `defender_alone`; under an auction also the `bid` "
        "(tricks) or `lone_bid` (`moon`, `loner`), and `no_trump` (`high`, `low`) in place of "
        "`trump`. Where bids are given too, the two must agree.",
    )
    tricks = serializers.ListField(
        child=serializers.ListField(child=serializers.DictField()), required=False
    )
    claim = serializers.DictField(required=False)


class PlaySerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    card = CardField()


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
        allow_null=True,
        help_text="Null when the upcard was ordered up but not reported; under an auction, for "
        "no trump or until the maker names it.",
    )
    no_trump = serializers.ChoiceField(
        choices=["high", "low"], allow_null=True, required=False, help_text="Auctions only."
    )
    maker = serializers.IntegerField()
    bid = serializers.IntegerField(
        required=False, help_text="Auctions only: the tricks bid (the hand size for a moon)."
    )
    lone_bid = serializers.ChoiceField(
        choices=["moon", "loner"], allow_null=True, required=False, help_text="Auctions only."
    )
    alone = serializers.BooleanField()
    defender_alone = serializers.IntegerField(allow_null=True)


class NextSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    phase = serializers.ChoiceField(choices=["bidding", "declare", "discard", "exchange", "play"])
    legal = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="Legal bids (`pass`, `order-up`, `call:H`, `bid:4`, `moon`, `declare:S`...) "
        "or cards; null when not all known, and always for an exchange.",
    )


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
