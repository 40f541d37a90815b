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
from .input_words import shown
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
        return ", ".join(f"{shown(p)} to team {t}" for t, p in sorted(points.items()))

    NO_TRUMPS: ClassVar[dict[str, str]] = {"high": "high no-trump", "low": "low no-trump"}
    LONE_BIDS: ClassVar[dict[str, str]] = {"moon": "a moon", "loner": "a loner"}

    def bid(self, facts: dict[str, Any]) -> str:
        """An auction's bid: "4 in hearts", "5 in high no-trump", "a moon"."""
        action = facts["action"]
        text = str(facts["tricks"]) if action == "bid" else self.LONE_BIDS.get(action, action)
        return text + self.naming(facts.get("suit"), facts.get("no_trump"), " in ")

    def naming(self, suit: Suit | None, no_trump: str | None, joint: str) -> str:
        if suit is not None:
            return joint + self.suit(suit)
        if no_trump is not None:
            return joint + self.NO_TRUMPS[no_trump]
        return ""


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
            return "0점"
        return ", ".join(f"{t}팀 {shown(p)}점" for t, p in sorted(points.items()))

    NO_TRUMPS: ClassVar[dict[str, str]] = {
        "high": KOREAN_TERMS["t_high_no_trump"],
        "low": KOREAN_TERMS["t_low_no_trump"],
    }
    LONE_BIDS: ClassVar[dict[str, str]] = {
        "moon": KOREAN_TERMS["t_moon"],
        "loner": KOREAN_TERMS["t_loner_bid"],
    }

    def bid(self, facts: dict[str, Any]) -> str:
        """비드: "하트 4트릭", "하이 노트럼프 5트릭", "슛 더 문"."""
        action = facts["action"]
        text = f"{facts['tricks']}트릭" if action == "bid" else self.LONE_BIDS.get(action, action)
        named = self.naming(facts.get("suit"), facts.get("no_trump"), "")
        return f"{named} {text}" if named else text


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
        elif isinstance(value, dict) and name in ("bid", "high"):
            text = words.bid(value)
        elif name == "no_trump" and isinstance(value, str):
            text = words.NO_TRUMPS.get(value, value)
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
    trump: Suit | None = params["trump"]
    text = f"{v['seat_cap']} played {v['card']} on a {led_one} lead"
    if trump is not None and params.get("led_left"):
        text += f" ({v['led_card']}, the left bower with {words.suit(trump)} trump)"
    elif params.get("led_joker"):
        text += " (the joker, the highest trump)"
    text += f" while holding {v['held']}"
    if params["shown_in"] is not None:
        text += f" (they played it in trick {params['shown_in']})"
    held: Card = params["held"]
    card: Card = params["card"]
    if trump is None:  # (no trump: every card follows its printed suit)
        return text + f", so {v['seat']} had to follow suit."
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
    trump: Suit | None = params["trump"]
    v["trump"] = "" if trump is None else words.suit(trump)
    text = fill(_KO_PARTS["played"], v)
    if params["shown_in"] is not None:
        text += fill(_KO_PARTS["shown_in"], v)
    if trump is not None and params.get("led_left"):
        text += fill(_KO_PARTS["led_left"], v)
    elif params.get("led_joker"):
        text += fill(_KO_PARTS["led_joker"], v)
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
                    else f" (they played it in trick {shown_in})"
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


def _contract_text(words: _English, lang: str, contract: Any) -> str:
    """A contract, given or made: its trump and maker, alone, and an auction's bid."""
    trump, maker, alone = contract.trump, contract.maker, contract.alone
    bid = getattr(contract, "bid", None)
    if bid is not None:
        lone = contract.lone_bid
        facts = {
            "action": lone or "bid",
            "tricks": bid,
            "suit": trump,
            "no_trump": contract.no_trump,
        }
        if lang == "ko":
            return f"{words.seat(maker)}의 {words.bid(facts)}"
        return f"{words.bid(facts)} by {words.seat(maker)}"
    named = "?" if trump is None else words.suit(trump)
    defender = getattr(contract, "defender_alone", None)
    if lang == "ko":
        text = f"{words.seat(maker)}의 {named}"
        text += f" {words.TERMS['t_lone']}" if alone else ""
        if defender is not None:
            text += f", {words.seat(defender)}의 {words.TERMS['t_defend_alone']}"
        return text
    text = f"{named} by {words.seat(maker)}"
    text += " alone" if alone else ""
    if defender is not None:
        text += f", {words.seat(defender)} defending alone"
    return text


def _contract_mismatch(lang: str) -> Callable[[_English, _Params], str]:
    def build(words: _English, params: _Params) -> str:
        said = _contract_text(words, lang, params["given"])
        made = _contract_text(words, lang, params["derived"])
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
