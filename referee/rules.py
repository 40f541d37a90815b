"""Rulesets: the presets of the spec and their options, as immutable value objects."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final

from .errors import MalformedRecord, shown_key

STUCK_DEALER_CHOICES: Final = ("must-call", "redeal", "takes-upcard")
LONER_LEAD_CHOICES: Final = ("left-of-dealer", "left-of-loner")
POOR_HAND_CHOICES: Final = ("off", "no-ace-no-face", "no-ace-no-face-no-trump")
PLAYER_COUNTS: Final = (2, 3, 4)
DECK_SIZES: Final = (24, 25, 32)


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


@dataclass(frozen=True, slots=True)
class Ruleset:
    preset: str = "standard"
    players: int = 4
    deck: int = 24
    target: int = 10
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
    points: Points = Points()

    # The table's shape: every count of seats, teams, partners and cards comes from here.

    @property
    def team_count(self) -> int:
        return 2 if self.players == 4 else self.players

    def team_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of the seat's team (none when every seat is its own team)."""
        team = self.team_of(seat)
        return tuple(s for s in range(self.players) if s != seat and self.team_of(s) == team)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat, and so tricks in a hand: five in every turn-up game."""
        return 5

    def next_dealer(self, dealer: int) -> int:
        return (dealer + 1) % self.players

    @property
    def can_throw_in(self) -> bool:
        """Whether a hand nobody calls is thrown in: only where the stuck dealer may pass too.
        (A poor-hand redeal is a request, not a hand passed out.)"""
        return self.stuck_dealer == "redeal"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
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
            raise MalformedRecord(field, "must be a preset name or an object with a preset")
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

_OPTION_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "players": PLAYER_COUNTS,
    "deck": DECK_SIZES,
    "stuck_dealer": STUCK_DEALER_CHOICES,
    "loner_lead": LONER_LEAD_CHOICES,
    "poor_hand_redeal": POOR_HAND_CHOICES,
}
_RULESET_TYPES: Final = {f.name: f.type for f in fields(Ruleset)}
_POINTS_TYPES: Final = {f.name: f.type for f in fields(Points)}


def _preset_list() -> str:
    return ", ".join(PRESETS)


def _check_value(field: str, expected: object, value: object) -> object:
    if expected == "bool":
        if not isinstance(value, bool):
            raise MalformedRecord(field, "must be true or false")
    elif expected == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedRecord(field, "must be a whole number")
        if value < 0:
            raise MalformedRecord(field, "must not be negative")
    elif expected == "str" and not isinstance(value, str):
        raise MalformedRecord(field, "must be a string")
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
    for option, option_value in value.items():
        if option == "preset":
            continue
        path = f"{field}.{shown_key(option)}"
        if option == "points":
            if not isinstance(option_value, dict):
                raise MalformedRecord(path, "must be an object of point values")
            for point, point_value in option_value.items():
                _take_point(f"{path}.{shown_key(point)}", point, point_value, point_changes)
        elif option.startswith("points."):
            _take_point(path, option[len("points.") :], option_value, point_changes)
        elif option in _RULESET_TYPES and option != "points":
            _check_value(path, _RULESET_TYPES[option], option_value)
            choices = _OPTION_CHOICES.get(option)
            if choices is not None and option_value not in choices:
                allowed = ", ".join(str(c) for c in choices)
                raise MalformedRecord(path, "must be one of {choices}", choices=allowed)
            if option == "target" and option_value < 1:
                raise MalformedRecord(path, "must be at least 1")
            changes[option] = option_value
        else:
            raise MalformedRecord(path, "unknown option")
    if point_changes:
        changes["points"] = replace(base.points, **point_changes)
    ruleset = replace(base, **changes)
    if ruleset.players != 4 and ruleset.going_alone:
        raise MalformedRecord(
            f"{field}.going_alone", "only four players in partnerships can go alone: set it false"
        )
    if ruleset.partner_must_go_alone and not ruleset.going_alone:
        raise MalformedRecord(
            f"{field}.partner_must_go_alone", "needs going_alone: a partner cannot be made to"
        )
    if ruleset.players != 4 and (ruleset.defend_alone or ruleset.defend_alone_vs_partnership):
        raise MalformedRecord(f"{field}.defend_alone", "needs four players in partnerships")
    return ruleset


def _take_point(path: str, point: str, value: object, into: dict[str, Any]) -> None:
    expected = _POINTS_TYPES.get(point)
    if expected is None:
        raise MalformedRecord(path, "unknown point value")
    into[point] = _check_value(path, expected, value)


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
}
