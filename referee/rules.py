"""Rulesets: the presets of the spec and their options, as immutable value objects."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Final

from .errors import MalformedRecord, shown, shown_key

STUCK_DEALER_CHOICES: Final = ("must-call", "redeal", "takes-upcard")
LONER_LEAD_CHOICES: Final = ("left-of-dealer", "left-of-loner")
POOR_HAND_CHOICES: Final = ("off", "no-ace-no-face", "no-ace-no-face-no-trump")
PLAYER_COUNTS: Final = (2, 3, 4, 6)
#: The decks an auction deals (every card, among its four players).
AUCTION_DECKS: Final = (24, 32)
DECK_SIZES: Final = (24, 25, 32, 33)
BIDDING_CHOICES: Final = ("turn-up", "auction")
CALL_FOR_BEST_CHOICES: Final = ("off", "one", "each")
BID_ROUNDS_CHOICES: Final = ("once", "until-passed")
NO_TRUMP_CHOICES: Final = ("off", "high", "high-low")
LONE_BIDS_CHOICES: Final = ("none", "moon", "moon-loner")
#: The lone bids an auction takes under each `lone_bids` choice, lowest first.
LONE_BIDS_TAKEN: Final = {"none": (), "moon": ("moon",), "moon-loner": ("moon", "loner")}
MOON_EXCHANGE_CHOICES: Final = (0, 1, 2)
BID_SCORING_CHOICES: Final = ("tricks", "bid")

#: The table's shape, the one home of these numbers. With four or six players the seats
#: alternate between two teams; with two or three every seat is its own team.
PARTNERSHIP_TABLES: Final = (4, 6)
#: Cards dealt to each seat in a turn-up game (an auction deals the whole deck), and the tricks
#: of them the makers need.
TURN_UP_HAND: Final = 5
TURN_UP_TRICKS_TO_MAKE: Final = 3
#: Each seat's letter, clockwise from seat 0: the compass for four (North and South against
#: East and West), two (North and South) and three (North, East, West); for six, the compass
#: of a hexagon, North, Northeast, Southeast, South, Southwest, Northwest (North, Southeast
#: and Southwest against Northeast, South and Northwest).
SEAT_LETTERS: Final = {
    2: ("N", "S"),
    3: ("N", "E", "W"),
    4: ("N", "E", "S", "W"),
    6: ("N", "NE", "SE", "S", "SW", "NW"),
}


@dataclass(frozen=True, slots=True)
class Points:
    """What each result scores. See the spec's "Award" section and docs/rules.md."""

    make: int = 1
    march: int = 2
    lone_make: int = 1
    lone_march: int = 4
    euchre: int = 2
    lone_euchre: int = 2
    defend_alone_euchre: int = 4
    lone_short_is_euchre: bool = False
    renege: int = 2
    renege_alone: int = 4
    renege_penalty: int = 0
    moon: int = 12
    loner: int = 14


@dataclass(frozen=True, slots=True)
class Ruleset:
    preset: str = "standard"
    players: int = 4
    deck: int = 24
    target: int = 10
    bidding: str = "turn-up"
    stuck_dealer: str = "must-call"
    turned_down_suit_callable: bool = False
    must_hold_suit: bool = False
    going_alone: bool = True
    defend_alone: bool = False
    defend_alone_vs_partnership: bool = False
    loner_lead: str = "left-of-dealer"
    canadian_loner: bool = False
    partner_must_go_alone: bool = False
    dealer_may_discard_upcard: bool = True
    dealer_pickup_optional: bool = False
    poor_hand_redeal: str = "off"
    call_for_best: str = "off"
    min_bid: int = 3
    bid_rounds: str = "once"
    no_trump: str = "high"
    lone_bids: str = "moon"
    moon_exchange: int = 1
    bid_scoring: str = "tricks"
    target_needs_contract: bool = False
    points: Points = Points()

    # The table's shape: every count of seats, teams, partners and cards comes from here.
    # Worked out once, when the ruleset is made (they are read for every hand judged).

    #: Whether seats play in teams (alternate seats), rather than each for itself.
    partnerships: bool = field(init=False, repr=False, compare=False)
    team_count: int = field(init=False, repr=False, compare=False)
    #: Whether the makers and trump are decided by an auction for tricks (Bid Euchre).
    auction: bool = field(init=False, repr=False, compare=False)
    #: Cards dealt to each seat, and so tricks in a hand: five in every turn-up game; an
    #: auction deals every card.
    hand_size: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        partnerships = self.players in PARTNERSHIP_TABLES
        auction = self.bidding == "auction"
        object.__setattr__(self, "partnerships", partnerships)
        object.__setattr__(self, "team_count", 2 if partnerships else self.players)
        object.__setattr__(self, "auction", auction)
        hand_size = self.deck // self.players if auction else TURN_UP_HAND
        object.__setattr__(self, "hand_size", hand_size)

    def team_of(self, seat: int) -> int:
        return seat % self.team_count

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team, by team number."""
        count = self.team_count
        return tuple(tuple(range(team, self.players, count)) for team in range(count))

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of the seat's team, clockwise from it (none when every seat is its
        own team)."""
        count = self.team_count
        return tuple((seat + k) % self.players for k in range(count, self.players, count))

    @property
    def bids(self) -> tuple[int | str, ...]:
        """An auction's bids, lowest first: each number of tricks from ``min_bid`` to the hand
        size, then the lone bids the rules take (``LONE_BIDS_TAKEN``); none in a turn-up game."""
        if not self.auction:
            return ()
        return (*range(self.min_bid, self.hand_size + 1), *LONE_BIDS_TAKEN[self.lone_bids])

    @property
    def seat_letters(self) -> tuple[str, ...]:
        """Each seat's letter, clockwise from seat 0 (``SEAT_LETTERS``)."""
        return SEAT_LETTERS[self.players]

    @property
    def tricks_to_make(self) -> int:
        """The tricks the makers of a turn-up game need (three of the five)."""
        return TURN_UP_TRICKS_TO_MAKE

    @property
    def negative_scores(self) -> bool:
        """Whether a hand can take points from a team: an auction's set, or a renege penalty."""
        return self.auction or self.points.renege_penalty > 0

    def next_dealer(self, dealer: int) -> int:
        return (dealer + 1) % self.players

    @property
    def can_throw_in(self) -> bool:
        """Whether a hand nobody calls can be thrown in: where the stuck dealer may pass too,
        and under stick the dealer where a bidder must hold the suit it names and the dealer
        may hold none it may name (the turned-down suit uncallable; docs/rules.md). (A
        poor-hand redeal is a request, not a hand passed out.)"""
        if self.stuck_dealer == "redeal":
            return True
        return (
            self.stuck_dealer == "must-call"
            and self.must_hold_suit
            and not self.turned_down_suit_callable
        )

    def to_json(self) -> dict[str, Any]:
        """Every option, then what follows from them for a table: ``hand_size``, the seats of
        each team (``teams``) and each seat's letter (``seats``). Read back, those three must
        agree with the options (they change nothing)."""
        data: dict[str, Any] = {name: getattr(self, name) for name in OPTIONS}
        data["points"] = asdict(self.points)
        data.update(_shape(self))
        return data

    @classmethod
    def parse(cls, value: object, field: str = "ruleset") -> Ruleset:
        """A preset name or ``{"preset": NAME, OPTION: VALUE, ...}``; cached by content."""
        if isinstance(value, str):
            preset = PRESETS.get(value)
            if preset is None:
                raise MalformedRecord(
                    field,
                    "unknown preset {value}; presets: {presets}",
                    value=value,
                    presets=_preset_list(),
                )
            return preset
        if not isinstance(value, dict):
            raise MalformedRecord(
                field, "must be a preset name or an object with a preset", given=value
            )
        try:
            # Types are part of the key: true and 1 are equal in Python but not here.
            key: object = (*value.items(), *map(type, value.values()))
            cached = _PARSED.get(key)
        except TypeError:  # a nested object (points): fall back to its JSON text
            try:
                key = json.dumps(value, sort_keys=True)
            except (TypeError, ValueError):
                raise MalformedRecord(field, "must be plain JSON") from None
            cached = _PARSED.get(key)
        if cached is None:
            cached = _parse_object(value, field)
            if len(_PARSED) < 4096:
                _PARSED[key] = cached
        return cached


_PARSED: dict[object, Ruleset] = {}


def _shape(rules: Ruleset) -> dict[str, Any]:
    return {
        "hand_size": rules.hand_size,
        "teams": [list(seats) for seats in rules.teams],
        "seats": list(rules.seat_letters),
    }


#: What ``to_json`` adds to the options: read back, each must agree with them.
SHAPE_KEYS: Final = ("hand_size", "teams", "seats")

_OPTION_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "players": PLAYER_COUNTS,
    "deck": DECK_SIZES,
    "bidding": BIDDING_CHOICES,
    "stuck_dealer": STUCK_DEALER_CHOICES,
    "loner_lead": LONER_LEAD_CHOICES,
    "poor_hand_redeal": POOR_HAND_CHOICES,
    "call_for_best": CALL_FOR_BEST_CHOICES,
    "bid_rounds": BID_ROUNDS_CHOICES,
    "no_trump": NO_TRUMP_CHOICES,
    "lone_bids": LONE_BIDS_CHOICES,
    "moon_exchange": MOON_EXCHANGE_CHOICES,
    "bid_scoring": BID_SCORING_CHOICES,
}
#: The options of a ruleset, in the spec's order (``points`` last): what a table may set.
OPTIONS: Final = tuple(f.name for f in fields(Ruleset) if f.init)
_RULESET_TYPES: Final = {f.name: f.type for f in fields(Ruleset) if f.init}
_POINTS_TYPES: Final = {f.name: f.type for f in fields(Points)}


def _preset_list() -> str:
    return ", ".join(PRESETS)


#: The largest whole number a ruleset's option takes (a target, a point value): more than any
#: game has, and a number every client holds exactly.
MOST_OPTION: Final = 999_999


def _check_value(field: str, expected: object, value: object) -> object:
    if expected == "bool":
        if not isinstance(value, bool):
            raise MalformedRecord(field, "must be true or false", given=value)
    elif expected == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedRecord(field, "must be a whole number", given=value)
        if value < 0:
            raise MalformedRecord(field, "must not be negative", given=value)
        if value > MOST_OPTION:
            raise MalformedRecord(field, "must be at most {most}", most=MOST_OPTION, given=value)
    elif expected == "str" and not isinstance(value, str):
        raise MalformedRecord(field, "must be a string", given=value)
    return value


def _parse_object(value: dict[str, Any], field: str) -> Ruleset:
    name = value.get("preset", "standard")
    if not isinstance(name, str) or name not in PRESETS:
        raise MalformedRecord(
            f"{field}.preset",
            "unknown preset {value}; presets: {presets}",
            value=name,
            presets=_preset_list(),
        )
    base = PRESETS[name]
    changes: dict[str, Any] = {}
    point_changes: dict[str, Any] = {}
    shape: dict[str, tuple[str, object]] = {}
    for option, option_value in value.items():
        if option == "preset":
            continue
        path = f"{field}.{shown_key(option)}"
        if option == "points":
            if not isinstance(option_value, dict):
                raise MalformedRecord(path, "must be an object of point values", given=option_value)
            for point, point_value in option_value.items():
                _take_point(f"{path}.{shown_key(point)}", point, point_value, point_changes)
        elif option.startswith("points."):
            _take_point(path, option[len("points.") :], option_value, point_changes)
        elif option in SHAPE_KEYS:
            shape[option] = (path, option_value)
        elif option in _RULESET_TYPES and option != "points":
            _check_value(path, _RULESET_TYPES[option], option_value)
            choices = _OPTION_CHOICES.get(option)
            if choices is not None and option_value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise MalformedRecord(
                    path, "must be one of {choices}", choices=allowed, given=option_value
                )
            if option == "target" and option_value < 1:
                raise MalformedRecord(path, "must be at least 1", given=option_value)
            changes[option] = option_value
        else:
            raise MalformedRecord(path, "unknown option")
    if point_changes:
        changes["points"] = replace(base.points, **point_changes)
    ruleset = replace(base, **changes)
    _check_combination(ruleset, field)
    derived = _shape(ruleset)
    for option, (path, given) in shape.items():
        if given != derived[option]:
            raise MalformedRecord(
                path,
                "follows from players, deck and bidding ({value} here): leave it out",
                value=derived[option],
            )
    return ruleset


def _check_combination(ruleset: Ruleset, field: str) -> None:
    """Options that cannot go together (v1's and the spec v1.1's list), each naming one. An
    auction's table comes first: six players bidding are refused for their number, not for
    a deck that only a turn-up deal would be short of."""
    if ruleset.auction:
        if ruleset.players != 4:
            raise MalformedRecord(f"{field}.players", "an auction is played by four players")
        if ruleset.deck not in AUCTION_DECKS:
            raise MalformedRecord(f"{field}.deck", "an auction deals a deck of 24 or 32 cards")
        for option, turn_up in _TURN_UP_CHOICES.items():
            value = getattr(ruleset, option)
            if value == turn_up or (turn_up == "any but off" and value != "off"):
                raise MalformedRecord(
                    f"{field}.{option}", "an auction turns no card up: leave this turn-up rule out"
                )
    if ruleset.players == 6 and ruleset.deck < 31:
        raise MalformedRecord(
            f"{field}.deck", "six hands of five and an upcard need 32 or 33 cards"
        )
    if not ruleset.partnerships and ruleset.going_alone:
        raise MalformedRecord(
            f"{field}.going_alone",
            "only four or six players in partnerships can go alone: set it false",
        )
    if ruleset.partner_must_go_alone and not ruleset.going_alone:
        raise MalformedRecord(
            f"{field}.partner_must_go_alone", "needs going_alone: a partner cannot be made to"
        )
    if ruleset.call_for_best != "off" and not ruleset.going_alone:
        raise MalformedRecord(
            f"{field}.call_for_best", "needs going_alone: only a lone maker calls for best"
        )
    if not ruleset.partnerships and (ruleset.defend_alone or ruleset.defend_alone_vs_partnership):
        raise MalformedRecord(f"{field}.defend_alone", "needs four or six players in partnerships")
    if not 1 <= ruleset.min_bid <= ruleset.hand_size:
        raise MalformedRecord(
            f"{field}.min_bid", "must be from 1 to the hand size ({size})", size=ruleset.hand_size
        )


#: The turn-up rules an auction cannot have, with the value that would turn them on.
_TURN_UP_CHOICES: Final[dict[str, object]] = {
    "stuck_dealer": "takes-upcard",
    "going_alone": True,
    "defend_alone": True,
    "defend_alone_vs_partnership": True,
    "must_hold_suit": True,
    "canadian_loner": True,
    "partner_must_go_alone": True,
    "dealer_pickup_optional": True,
    "poor_hand_redeal": "any but off",
    "call_for_best": "any but off",
}


def _take_point(path: str, point: str, value: object, into: dict[str, Any]) -> None:
    expected = _POINTS_TYPES.get(point)
    if expected is None:
        raise MalformedRecord(path, "unknown point value")
    taken = _check_value(path, expected, value)
    if point in into and into[point] != taken:
        # Both forms (a nested `points` and `points.march`) name it: which one is meant?
        raise MalformedRecord(
            path,
            "given twice, as {first} and as {second}",
            first=shown(into[point]),
            second=shown(taken),
        )
    into[point] = taken


_STANDARD: Final = Ruleset()
PRESETS: Final[dict[str, Ruleset]] = {
    "standard": _STANDARD,
    "uka": replace(
        _STANDARD,
        preset="uka",
        deck=32,
        stuck_dealer="takes-upcard",
        must_hold_suit=True,
        dealer_may_discard_upcard=False,
        points=Points(march=3, lone_euchre=4, lone_short_is_euchre=True),
    ),
    "two-handed": replace(
        _STANDARD,
        preset="two-handed",
        players=2,
        stuck_dealer="redeal",
        going_alone=False,
        dealer_pickup_optional=True,
    ),
    "three-handed": replace(
        _STANDARD,
        preset="three-handed",
        players=3,
        going_alone=False,
        points=Points(march=3),
    ),
    "british": replace(_STANDARD, preset="british", deck=25),
    "openspiel": replace(
        _STANDARD,
        preset="openspiel",
        defend_alone_vs_partnership=True,
        dealer_may_discard_upcard=False,
    ),
    "six-handed": replace(
        _STANDARD, preset="six-handed", players=6, deck=32, points=Points(lone_march=5)
    ),
    "bid-euchre": replace(
        _STANDARD,
        preset="bid-euchre",
        target=31,
        bidding="auction",
        going_alone=False,
        target_needs_contract=True,
        points=Points(renege=4, renege_penalty=4),
    ),
}

#: The table of two partnerships in alternate seats, by its number of players: the shape an
#: event seats at a table of four or of six.
PARTNERSHIP_SHAPES: Final[dict[int, Ruleset]] = {4: _STANDARD, 6: PRESETS["six-handed"]}


def options_schema() -> dict[str, Any]:
    """What a ruleset object may hold, as a JSON Schema (the API's documents): each option
    with its type and choices, the point values (nested or as `points.NAME`), and the table's
    shape, which is accepted only where it agrees with what players, deck and bidding make."""
    kinds: dict[str, dict[str, Any]] = {
        "bool": {"type": "boolean"},
        "int": {"type": "integer", "minimum": 0, "maximum": MOST_OPTION},
        "str": {"type": "string"},
    }

    def one(name: str, kind: object) -> dict[str, Any]:
        schema = dict(kinds[str(kind)])
        if name in _OPTION_CHOICES:
            schema["enum"] = list(_OPTION_CHOICES[name])
        if name == "target":
            schema["minimum"] = 1
        return schema

    points = {name: one(name, kind) for name, kind in _POINTS_TYPES.items()}
    properties: dict[str, Any] = {
        "preset": {"type": "string", "enum": list(PRESETS), "default": "standard"},
        **{
            name: one(name, kind)
            for name, kind in _RULESET_TYPES.items()
            if name not in ("preset", "points")
        },
        "points": {"type": "object", "properties": points, "additionalProperties": False},
        **{f"points.{name}": schema for name, schema in points.items()},
        "hand_size": {"type": "integer", "description": "follows from the options"},
        "teams": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        "seats": {"type": "array", "items": {"type": "string"}},
    }
    return {"type": "object", "properties": properties, "additionalProperties": False}
