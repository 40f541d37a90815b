"""Rulings in words a player understands, in English and Korean.

Each breach is reported under a message key with its facts (seat, card, suit, ...); the
language renders them (``messages_en``, ``messages_ko``, the Korean taking the game's terms
from ``terms``). Unknown languages fall back to English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from . import messages_en, messages_ko
from .cards import Card, Suit
from .korean import fill
from .terms import KOREAN_TERMS

LANGUAGES: Final = ("en", "ko")

_Params = dict[str, Any]


# The numbered ranks read alike in every language (the T is the 10); the others have names.
_NUMBERS: Final = {"7": "7", "8": "8", "9": "9", "T": "10"}
_ORDINALS: Final = ("첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열")


class _English:
    SUITS: ClassVar[dict[str, str]] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    SUIT_ONE: ClassVar[dict[str, str]] = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
    RANKS: ClassVar[dict[str, str]] = {
        **_NUMBERS,
        "J": "jack",
        "Q": "queen",
        "K": "king",
        "A": "ace",
    }

    def card(self, card: Card) -> str:
        if card.suit is None:
            return "the joker"
        return f"the {self.RANKS[card.rank]} of {self.SUITS[card.suit.value]}"

    def suit(self, suit: Suit) -> str:
        return self.SUITS[suit.value]

    #: The game's terms, by their placeholder in a template (English writes them out).
    TERMS: ClassVar[dict[str, str]] = {}
    TEMPLATES: ClassVar[dict[str, str]] = messages_en.TEMPLATES
    REASONS: ClassVar[dict[str, str]] = messages_en.REASONS

    def seat(self, seat: int | None) -> str:
        return f"seat {seat}"

    def nth(self, number: int) -> str:
        """A trick's number as a sentence counts it: "2" (trick 2)."""
        return str(number)

    def points(self, points: dict[int, int]) -> str:
        if not points:
            return "no points"
        return ", ".join(f"{p} to team {t}" for t, p in sorted(points.items()))


class _Korean(_English):
    SUITS: ClassVar[dict[str, str]] = {"C": "클럽", "D": "다이아몬드", "H": "하트", "S": "스페이드"}
    SUIT_ONE: ClassVar[dict[str, str]] = SUITS
    RANKS: ClassVar[dict[str, str]] = {**_NUMBERS, "J": "잭", "Q": "퀸", "K": "킹", "A": "에이스"}

    def card(self, card: Card) -> str:
        if card.suit is None:
            return "조커"
        return f"{self.SUITS[card.suit.value]} {self.RANKS[card.rank]}"

    TERMS: ClassVar[dict[str, str]] = KOREAN_TERMS
    TEMPLATES: ClassVar[dict[str, str]] = messages_ko.TEMPLATES
    REASONS: ClassVar[dict[str, str]] = messages_ko.REASONS

    def seat(self, seat: int | None) -> str:
        return f"{seat}번 자리"

    def nth(self, number: int) -> str:
        """The Korean ordinal: 첫 번째, 두 번째, ..., 열 번째, then 11번째."""
        if 1 <= number <= len(_ORDINALS):
            return f"{_ORDINALS[number - 1]} 번째"
        return f"{number}번째"

    def points(self, points: dict[int, int]) -> str:
        if not points:
            return "점수 없음"
        return ", ".join(f"{t}팀 {p}점" for t, p in sorted(points.items()))


_EN: Final = _English()
_KO: Final = _Korean()

_TEMPLATES: Final[dict[str, dict[str, str]]] = {"en": _EN.TEMPLATES, "ko": _KO.TEMPLATES}
_KO_PARTS: Final = messages_ko.RENEGE


def render(lang: str, key: str, params: _Params) -> str:
    lang = lang if lang in LANGUAGES else "en"
    words = _KO if lang == "ko" else _EN
    special = _SPECIAL.get(key)
    if special is not None:
        return special[lang](words, params)
    return fill(words.TEMPLATES[key], _words(words, params))


_SEAT_PARAMS: Final = frozenset(("seat", "other", "turn", "partner", "leader", "dealer", "maker"))
_NUMBERED: Final = frozenset(("trick", "shown_in"))


def _words(words: _English, params: _Params) -> dict[str, str]:
    values: dict[str, str] = dict(words.TERMS)
    for name, value in params.items():
        if isinstance(value, Card):
            text = words.card(value)
        elif isinstance(value, Suit):
            text = words.suit(value)
            values[f"{name}_one"] = words.SUIT_ONE[value.value]
        elif isinstance(value, list):
            text = " ".join(str(c) for c in value)
        elif name in _SEAT_PARAMS and isinstance(value, int):
            text = words.seat(value)
        else:
            text = "" if value is None else str(value)
        if name in _NUMBERED and isinstance(value, int):
            values[f"{name}_nth"] = words.nth(value)
        values[name] = text
        values[f"{name}_cap"] = text[:1].upper() + text[1:]
    return values


def _renege_en(words: _English, params: _Params) -> str:
    v = _words(words, params)
    led_one = words.SUIT_ONE[params["led"].value]
    trump: Suit = params["trump"]
    text = f"{v['seat_cap']} played {v['card']} on a {led_one} lead while holding {v['held']}"
    if params["shown_in"] is not None:
        text += f" (it played it in trick {params['shown_in']})"
    held: Card = params["held"]
    card: Card = params["card"]
    trump_one = words.SUIT_ONE[trump.value]
    if (
        params["left_bower"]
        and held.suit is not trump
        and not held.is_joker
        and led_one == trump_one
    ):
        text += (
            f": with {words.suit(trump)} trump {v['held']} is the left bower, a {trump_one}, "
            f"so {v['seat']} had to play it."
        )
    elif params["played_left"]:
        text += (
            f": with {words.suit(trump)} trump {v['card']} is the left bower, a {trump_one}, "
            f"not a {words.SUIT_ONE[card.suit.value] if card.suit else ''}, so it does not "
            f"follow suit."
        )
    elif params["held_joker"]:
        text += f": the joker is the highest trump, so {v['seat']} had to play it."
    else:
        text += f", so {v['seat']} had to follow suit."
    return text


def _renege_ko(words: _English, params: _Params) -> str:
    v = _words(words, params)
    v["led"] = words.suit(params["led"])
    trump: Suit = params["trump"]
    v["trump"] = words.suit(trump)
    text = fill(_KO_PARTS["played"], v)
    if params["shown_in"] is not None:
        text += fill(_KO_PARTS["shown_in"], v)
    held: Card = params["held"]
    if (
        params["left_bower"]
        and held.suit is not trump
        and not held.is_joker
        and params["led"] is trump
    ):
        text += fill(_KO_PARTS["held_left"], v)
    elif params["played_left"]:
        text += fill(_KO_PARTS["played_left"], v)
    elif params["held_joker"]:
        text += fill(_KO_PARTS["held_joker"], v)
    else:
        text += fill(_KO_PARTS["follow"], v)
    return text


def _renege_any_trump(lang: str) -> Callable[[_English, _Params], str]:
    """A renege under every suit the unreported upcard may have: the card led, and each card
    that proves it under one suit or another."""

    def build(words: _English, params: _Params) -> str:
        v = _words(words, params)
        held: list[tuple[Card, int | None]] = params["held"]
        names = []
        for card, shown_in in held:
            name = words.card(card)
            if shown_in is not None:
                name += (
                    fill(_KO_PARTS["shown_in"], v | {"shown_in_nth": words.nth(shown_in)})
                    if lang == "ko"
                    else f" (it played it in trick {shown_in})"
                )
            names.append(name)
        v["lead"] = words.card(params["lead"])
        if lang == "ko":
            v["held"] = names[0]
            if len(names) > 1:
                v["held"] = fill(
                    "{rest}와(과) {last}", {"rest": ", ".join(names[:-1]), "last": names[-1]}
                )
            v["which"] = _KO_PARTS["that_card" if len(names) == 1 else "one_of_them"]
            return fill(_KO_PARTS["any_trump"], v)
        v["held"] = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        which = "that card is" if len(names) == 1 else "one of them is"
        return (
            f"{v['seat_cap']} played {v['card']} on a trick led with {v['lead']}, while holding "
            f"{v['held']}: whatever the unreported upcard was, {which} of the led suit, so "
            f"{v['seat']} had to follow suit."
        )

    return build


def _wrong_lead(lang: str) -> Callable[[_English, _Params], str]:
    def build(words: _English, params: _Params) -> str:
        v = _words(words, params)
        if lang == "ko":
            why = fill(messages_ko.LEADS[params["why"]], v)
            return fill(_KO_PARTS["wrong_lead"], v | {"why": why})
        why = messages_en.LEADS[params["why"]]
        return (
            f"{v['seat_cap']} led trick {params['trick']}, but {v['leader']} had the lead: {why}."
        )

    return build


def _contract_text(words: _English, lang: str, trump: Suit, maker: int, alone: bool | None) -> str:
    if lang == "ko":
        text = f"{words.seat(maker)}의 {words.suit(trump)}"
        return text + (f" {words.TERMS['t_lone']}" if alone else "")
    text = f"{words.suit(trump)} by {words.seat(maker)}"
    return text + (" alone" if alone else "")


def _contract_mismatch(lang: str) -> Callable[[_English, _Params], str]:
    def build(words: _English, params: _Params) -> str:
        given = params["given"]
        trump, maker, alone, _ = params["derived"]
        said = _contract_text(words, lang, given.trump, given.maker, given.alone)
        made = _contract_text(words, lang, trump, maker, alone)
        if lang == "ko":
            return fill(_KO_PARTS["contract"], _words(words, {}) | {"said": said, "made": made})
        return f"The reported contract ({said}) does not match the bidding, which made {made}."

    return build


def _claim(lang: str) -> Callable[[_English, _Params], str]:
    def build(words: _English, params: _Params) -> str:
        award = params["award"]
        reason = reason_words(award.reason, lang)
        claimed = words.points(params["claimed"])
        scored = words.points(award.points)
        if lang == "ko":
            values = _words(words, {}) | {"claimed": claimed, "reason": reason, "scored": scored}
            return fill(_KO_PARTS["claim"], values)
        return f"The table wrote {claimed}, but {reason} scores {scored}."

    return build


_SPECIAL: Final[dict[str, dict[str, Callable[[_English, _Params], str]]]] = {
    "renege": {"en": _renege_en, "ko": _renege_ko},
    "renege_any_trump": {"en": _renege_any_trump("en"), "ko": _renege_any_trump("ko")},
    "wrong_lead": {"en": _wrong_lead("en"), "ko": _wrong_lead("ko")},
    "contract_mismatch": {"en": _contract_mismatch("en"), "ko": _contract_mismatch("ko")},
    "claim": {"en": _claim("en"), "ko": _claim("ko")},
}


def ordinal(number: int, lang: str = "en") -> str:
    """A count in order: "2" in English (trick 2), "두 번째" in Korean."""
    return (_KO if lang == "ko" else _EN).nth(number)


def reason_words(reason: str, lang: str = "en") -> str:
    """A result in words: "a lone march", "단독 플레이 마치"."""
    words = _KO if lang == "ko" else _EN
    template = words.REASONS.get(reason)
    return reason if template is None else fill(template, dict(words.TERMS))
