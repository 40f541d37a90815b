"""Rulings in words a player understands, in English and Korean.

Each breach is reported under a message key with its facts (seat, card, suit, ...); the
language renders them. Unknown languages fall back to English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from .cards import Card, Suit
from .korean import fill

LANGUAGES: Final = ("en", "ko")

_Params = dict[str, Any]


# The numbered ranks read alike in every language (the T is the 10); the others have names.
_NUMBERS: Final = {"7": "7", "8": "8", "9": "9", "T": "10"}


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

    def seat(self, seat: int | None) -> str:
        return f"seat {seat}"

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

    def seat(self, seat: int | None) -> str:
        return f"{seat}번 자리"

    def points(self, points: dict[int, int]) -> str:
        if not points:
            return "점수 없음"
        return ", ".join(f"{t}팀 {p}점" for t, p in sorted(points.items()))


_EN: Final = _English()
_KO: Final = _Korean()

# Plain templates: {seat} {card} {suit} {other} {turn} {partner} {trick} {size} {upcard} {dealer}
_TEMPLATES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "not_in_deck": "{card_cap} is not in this game's {size}-card deck.",
        "upcard_in_hand": "{card_cap} is the upcard, so it cannot also be in {seat}'s hand.",
        "twice_in_hand": "{card_cap} is listed twice in {seat}'s hand.",
        "dealt_twice": "{card_cap} is reported in the hands of both {other} and {seat}.",
        "bid_after_throw_in": "{seat_cap} bid after the hand was thrown in.",
        "bid_sitting_out": (
            "{seat_cap} bid, but it sits out this hand because its partner, {partner}, is "
            "playing alone."
        ),
        "bid_after_trump": "{seat_cap} bid after trump had already been made.",
        "bid_turn": "{seat_cap} bid, but it was {turn}'s turn to bid.",
        "dealer_must_call": (
            "{seat_cap}, the dealer, passed in the second round, but with stick the dealer the "
            "dealer must name trump."
        ),
        "dealer_must_take": (
            "{seat_cap}, the dealer, passed in the second round, but under these rules a dealer "
            "left with no call must take the upcard and play its suit as trump."
        ),
        "no_going_alone": "{seat_cap} went alone, but these rules have no going alone.",
        "must_hold_order": (
            "{seat_cap} ordered up {suit} without holding a {suit_one}: under these rules you "
            "must hold the suit (the left bower counts) to order it up."
        ),
        "must_hold_call": (
            "{seat_cap} called {suit} without holding a {suit_one}: under these rules you must "
            "hold the suit (the left bower counts) to call it."
        ),
        "must_hold_unseen": (
            "{seat_cap} ordered up without holding a card of any suit the unreported upcard "
            "could be: under these rules you must hold the suit (the left bower counts) to "
            "order it up."
        ),
        "order_in_round_two": (
            "{seat_cap} ordered up in the second round; once the upcard is turned down a player "
            "can only name another suit or pass."
        ),
        "partner_must_go_alone": (
            "{seat_cap}, the dealer's partner, ordered up without going alone; under these rules "
            "the dealer's partner who orders up must play alone."
        ),
        "call_in_round_one": (
            "{seat_cap} called {suit} in the first round; in the first round a player can only "
            "order up the upcard or pass."
        ),
        "dealer_must_take_not_call": (
            "{seat_cap}, the dealer, called {suit}; under these rules a dealer left with no call "
            "must take the upcard ({upcard}) instead."
        ),
        "dealer_must_take_unseen_upcard": (
            "{seat_cap}, the dealer, called {suit}; under these rules a dealer left with no call "
            "must take the upcard instead."
        ),
        "turned_down_suit": (
            "{seat_cap} called {suit}, the suit of the upcard that was turned down; that suit "
            "cannot be named in the second round."
        ),
        "joker_dealer_first": (
            "{seat_cap} bid, but with the joker turned up the dealer, {turn}, names trump first."
        ),
        "joker_dealer_names": (
            "{seat_cap}, the dealer, must name a trump suit when the joker is turned up."
        ),
        "defend_before_trump": "{seat_cap} declared to defend alone before anyone made trump.",
        "no_defend_alone": (
            "{seat_cap} declared to defend alone, but these rules do not allow defending alone."
        ),
        "defend_by_maker": "{seat_cap} is on the making side, so it cannot defend alone.",
        "defend_needs_loner": (
            "{seat_cap} declared to defend alone, but only a lone maker can be defended alone "
            "under these rules."
        ),
        "defend_twice": "{seat_cap} declared to defend alone, but {other} already defends alone.",
        "defend_again": ("{seat_cap} declared to defend alone again; it already defends alone."),
        "contract_joker_makers": (
            "The reported contract has {maker} making trump, but with the joker turned up the "
            "dealer, {dealer}, names trump and the dealer's team are the makers."
        ),
        "contract_stuck_takes": (
            "The reported contract has the dealer, {maker}, make {suit} trump, but under these "
            "rules a dealer left with no call must take the upcard ({upcard}) instead."
        ),
        "contract_passed_upcard": (
            "The reported contract has {maker} make {suit} trump, the upcard's suit, but "
            "{maker} passed in the first round, and once the upcard is turned down its suit "
            "cannot be named."
        ),
        "contract_after_pass": (
            "The reported contract has {maker} making trump, but {maker} had already passed in "
            "the second round."
        ),
        "contract_turned_down": (
            "The reported contract makes {suit} trump, but by the bidding the upcard was turned "
            "down, and its suit cannot be named in the second round."
        ),
        "redeal_off": "{seat_cap} asked for a redeal, but these rules have no poor-hand redeal.",
        "redeal_late": "{seat_cap} asked for a redeal after the first round of bidding.",
        "redeal_face": (
            "{seat_cap} asked for a redeal while holding {spoiler}; a poor hand has no ace, king, "
            "queen, jack or joker."
        ),
        "redeal_trump": (
            "{seat_cap} asked for a redeal while holding {spoiler}, a card of the upcard's suit; "
            "under these rules a poor hand also has no card of that suit."
        ),
        "contract_after_throw_in": (
            "A contract was reported, but by the bidding the hand was thrown in."
        ),
        "play_before_trump": "{seat_cap} played {card} before trump was made.",
        "play_after_throw_in": "{seat_cap} played {card}, but the hand was thrown in.",
        "pickup_required": (
            "The record says the dealer left the upcard, but under these rules the dealer must "
            "take it."
        ),
        "discard_without_pickup": (
            "A discard ({card}) was reported, but the dealer did not take the upcard."
        ),
        "discard_before_trump": (
            "{seat_cap}, the dealer, discarded {card} while the bidding was still open; the "
            "dealer discards only after taking the upcard."
        ),
        "discard_after_throw_in": (
            "{seat_cap}, the dealer, discarded {card}, but the hand was thrown in, so the "
            "dealer took no upcard."
        ),
        "discard_upcard": (
            "{seat_cap}, the dealer, discarded the upcard, {card}; under these rules the dealer "
            "must keep the card that was ordered up."
        ),
        "discard_dealt_elsewhere": (
            "{seat_cap}, the dealer, discarded {card}, which was dealt to {other}."
        ),
        "discard_not_in_hand": (
            "{seat_cap}, the dealer, discarded {card}, which is not in the dealer's hand."
        ),
        "play_sitting_out": (
            "{seat_cap} played {card}, but it sits out this hand because its partner, "
            "{partner}, is playing alone."
        ),
        "play_twice": "{seat_cap} played twice to trick {trick}.",
        "wrong_lead_any_trump": (
            "{seat_cap} led trick {trick}, but the winner of the last trick leads, and whatever "
            "the unreported upcard was, {seat} did not win it."
        ),
        "trick_too_long": "Trick {trick} has more plays than there are players in the hand.",
        "hand_too_long": "{seat_cap} played more than five cards.",
        "play_turn": "{seat_cap} played {card}, but it was {turn}'s turn to play.",
        "trick_closed_early": "Trick {trick} was closed before {seat} played to it.",
        "played_twice": "{seat_cap} played {card}, which had already been played in this hand.",
        "upcard_turned_down": (
            "{seat_cap} played {card}, the upcard, which was turned down and is out of play."
        ),
        "upcard_taken": (
            "{seat_cap} played {card}, the upcard, which the dealer ({dealer}) took into hand."
        ),
        "discarded": "{seat_cap} played {card}, which the dealer had discarded.",
        "upcard_not_theirs": (
            "{seat_cap} played {card}, the upcard, which only the dealer could have taken."
        ),
        "wrong_lead_loner_unknown": (
            "{seat_cap} led the first trick, but whoever made trump and went alone, it was "
            "not {seat}'s lead."
        ),
        "dealt_elsewhere": "{seat_cap} played {card}, which was dealt to {other}.",
        "not_in_hand": "{seat_cap} played {card}, which is not among its cards ({hand}).",
    },
    "ko": {
        "not_in_deck": "{card}은(는) 이 게임의 {size}장 덱에 없는 카드입니다.",
        "upcard_in_hand": "{card}은(는) 업카드이므로 {seat}의 손패에 있을 수 없습니다.",
        "twice_in_hand": "{card}이(가) {seat}의 손패에 두 번 적혀 있습니다.",
        "dealt_twice": "{card}이(가) {other}와(과) {seat}의 손패에 모두 적혀 있습니다.",
        "bid_after_throw_in": "{seat}이(가) 판이 무효가 된 뒤에 비드했습니다.",
        "bid_sitting_out": (
            "{seat}이(가) 비드했지만, 파트너인 {partner}이(가) 혼자 플레이하므로 이번 판에서 빠져 "
            "있어야 합니다."
        ),
        "bid_after_trump": "{seat}이(가) 트럼프가 이미 정해진 뒤에 비드했습니다.",
        "bid_turn": "{seat}이(가) 비드했지만 {turn}의 차례였습니다.",
        "dealer_must_call": (
            "딜러인 {seat}이(가) 두 번째 라운드에서 패스했지만, '딜러 강제' 규칙에서는 딜러가 "
            "트럼프를 정해야 합니다."
        ),
        "dealer_must_take": (
            "딜러인 {seat}이(가) 두 번째 라운드에서 패스했지만, 이 규칙에서는 아무도 부르지 않으면 "
            "딜러가 업카드를 가져가고 그 무늬가 트럼프가 됩니다."
        ),
        "no_going_alone": "{seat}이(가) 혼자 하기를 선언했지만 이 규칙에는 혼자 하기가 없습니다.",
        "must_hold_order": (
            "{seat}이(가) {suit} 카드 없이 {suit}을(를) 오더 업했습니다. 이 규칙에서는 그 무늬(레프트 "
            "바우어 포함)를 가지고 있어야 오더 업할 수 있습니다."
        ),
        "must_hold_call": (
            "{seat}이(가) {suit} 카드 없이 {suit}을(를) 불렀습니다. 이 규칙에서는 그 무늬(레프트 "
            "바우어 포함)를 가지고 있어야 부를 수 있습니다."
        ),
        "must_hold_unseen": (
            "{seat}이(가) 적히지 않은 업카드가 될 수 있는 어느 무늬의 카드도 없이 오더 업했습니다. "
            "이 규칙에서는 그 무늬(레프트 바우어 포함)를 가지고 있어야 오더 업할 수 있습니다."
        ),
        "order_in_round_two": (
            "{seat}이(가) 두 번째 라운드에서 오더 업했습니다. 업카드가 엎어진 뒤에는 다른 무늬를 "
            "부르거나 패스만 할 수 있습니다."
        ),
        "partner_must_go_alone": (
            "딜러의 파트너인 {seat}이(가) 혼자 하기 없이 오더 업했습니다. 이 규칙에서는 딜러의 "
            "파트너가 오더 업하면 혼자 해야 합니다."
        ),
        "call_in_round_one": (
            "{seat}이(가) 첫 번째 라운드에서 {suit}을(를) 불렀습니다. 첫 번째 라운드에서는 업카드를 "
            "오더 업하거나 패스만 할 수 있습니다."
        ),
        "dealer_must_take_not_call": (
            "딜러인 {seat}이(가) {suit}을(를) 불렀지만, 이 규칙에서는 아무도 부르지 않으면 딜러가 "
            "업카드({upcard})를 가져가야 합니다."
        ),
        "dealer_must_take_unseen_upcard": (
            "딜러인 {seat}이(가) {suit}을(를) 불렀지만, 이 규칙에서는 아무도 부르지 않으면 딜러가 "
            "업카드를 가져가야 합니다."
        ),
        "turned_down_suit": (
            "{seat}이(가) 엎어진 업카드의 무늬인 {suit}을(를) 불렀습니다. 그 무늬는 두 번째 라운드에서 "
            "부를 수 없습니다."
        ),
        "joker_dealer_first": (
            "{seat}이(가) 비드했지만, 조커가 업카드이면 딜러인 {turn}이(가) 먼저 트럼프를 정합니다."
        ),
        "joker_dealer_names": "조커가 업카드이면 딜러인 {seat}이(가) 트럼프 무늬를 정해야 합니다.",
        "defend_before_trump": "{seat}이(가) 트럼프가 정해지기 전에 혼자 수비를 선언했습니다.",
        "no_defend_alone": "{seat}이(가) 혼자 수비를 선언했지만 이 규칙에서는 허용되지 않습니다.",
        "defend_by_maker": "{seat}은(는) 트럼프를 정한 편이므로 혼자 수비할 수 없습니다.",
        "defend_needs_loner": (
            "{seat}이(가) 혼자 수비를 선언했지만, 이 규칙에서는 혼자 하는 메이커를 상대로만 혼자 "
            "수비할 수 있습니다."
        ),
        "defend_twice": "{seat}이(가) 혼자 수비를 선언했지만 {other}이(가) 이미 혼자 수비합니다.",
        "defend_again": "{seat}이(가) 이미 단독 수비를 선언했는데 다시 선언했습니다.",
        "contract_joker_makers": (
            "적힌 계약에서는 {maker}이(가) 트럼프를 정했지만, 조커가 업카드이면 딜러인 "
            "{dealer}이(가) 트럼프를 정하고 딜러의 팀이 메이커가 됩니다."
        ),
        "contract_stuck_takes": (
            "적힌 계약에서는 딜러인 {maker}이(가) {suit}을(를) 트럼프로 정했지만, 이 규칙에서는 "
            "아무도 부르지 않으면 딜러가 업카드({upcard})를 가져가야 합니다."
        ),
        "contract_passed_upcard": (
            "적힌 계약에서는 {maker}이(가) 업카드의 무늬인 {suit}을(를) 트럼프로 정했지만, "
            "{maker}은(는) 첫 번째 라운드에서 패스했고 업카드가 엎어진 뒤에는 그 무늬를 부를 수 "
            "없습니다."
        ),
        "contract_after_pass": (
            "적힌 계약에서는 {maker}이(가) 트럼프를 정했지만, {maker}은(는) 두 번째 라운드에서 "
            "이미 패스했습니다."
        ),
        "contract_turned_down": (
            "적힌 계약에서는 {suit}이(가) 트럼프이지만, 비드 내용으로는 업카드가 엎어졌고 그 "
            "무늬는 두 번째 라운드에서 부를 수 없습니다."
        ),
        "redeal_off": "{seat}이(가) 다시 돌리기를 요청했지만 이 규칙에는 나쁜 패 다시 돌리기가 없습니다.",
        "redeal_late": "{seat}이(가) 첫 번째 비드 라운드가 끝난 뒤에 다시 돌리기를 요청했습니다.",
        "redeal_face": (
            "{seat}이(가) {spoiler}을(를) 가지고 다시 돌리기를 요청했습니다. 나쁜 패에는 에이스, 킹, "
            "퀸, 잭, 조커가 없어야 합니다."
        ),
        "redeal_trump": (
            "{seat}이(가) 업카드와 같은 무늬인 {spoiler}을(를) 가지고 다시 돌리기를 요청했습니다. 이 "
            "규칙에서는 나쁜 패에 그 무늬도 없어야 합니다."
        ),
        "contract_after_throw_in": "계약이 적혀 있지만 비드 내용으로는 판이 무효가 되었습니다.",
        "play_before_trump": "{seat}이(가) 트럼프가 정해지기 전에 {card}을(를) 냈습니다.",
        "play_after_throw_in": "{seat}이(가) {card}을(를) 냈지만 판은 무효가 되었습니다.",
        "pickup_required": (
            "딜러가 업카드를 가져가지 않았다고 적혀 있지만, 이 규칙에서는 딜러가 가져가야 합니다."
        ),
        "discard_without_pickup": (
            "버린 카드({card})가 적혀 있지만 딜러는 업카드를 가져가지 않았습니다."
        ),
        "discard_before_trump": (
            "딜러인 {seat}이(가) 비드가 끝나기 전에 {card}을(를) 버렸습니다. 딜러는 업카드를 "
            "가져간 뒤에만 카드를 버립니다."
        ),
        "discard_after_throw_in": (
            "딜러인 {seat}이(가) {card}을(를) 버렸지만 판이 무효가 되어 딜러는 업카드를 가져가지 "
            "않았습니다."
        ),
        "discard_upcard": (
            "딜러인 {seat}이(가) 업카드 {card}을(를) 버렸습니다. 이 규칙에서는 오더 업된 카드를 "
            "버릴 수 없습니다."
        ),
        "discard_dealt_elsewhere": "딜러인 {seat}이(가) {other}에게 돌려진 {card}을(를) 버렸습니다.",
        "discard_not_in_hand": "딜러인 {seat}이(가) 자기 손패에 없는 {card}을(를) 버렸습니다.",
        "play_sitting_out": (
            "{seat}이(가) {card}을(를) 냈지만, 파트너인 {partner}이(가) 혼자 플레이하므로 이번 판에서 "
            "빠져 있어야 합니다."
        ),
        "play_twice": "{seat}이(가) {trick}번째 트릭에 두 번 냈습니다.",
        "wrong_lead_any_trump": (
            "{seat}이(가) {trick}번째 트릭을 리드했지만, 앞 트릭을 이긴 자리가 리드하며 적히지 "
            "않은 업카드가 무엇이든 {seat}은(는) 앞 트릭을 이기지 못했습니다."
        ),
        "trick_too_long": "{trick}번째 트릭에 플레이하는 사람 수보다 많은 카드가 나왔습니다.",
        "hand_too_long": "{seat}이(가) 다섯 장보다 많은 카드를 냈습니다.",
        "play_turn": "{seat}이(가) {card}을(를) 냈지만 {turn}의 차례였습니다.",
        "trick_closed_early": "{trick}번째 트릭이 {seat}이(가) 내기 전에 끝났습니다.",
        "played_twice": "{seat}이(가) 이번 판에서 이미 나온 {card}을(를) 냈습니다.",
        "upcard_turned_down": "{seat}이(가) 엎어져서 쓰이지 않는 업카드 {card}을(를) 냈습니다.",
        "upcard_taken": "{seat}이(가) 딜러({dealer})가 가져간 업카드 {card}을(를) 냈습니다.",
        "discarded": "{seat}이(가) 딜러가 버린 {card}을(를) 냈습니다.",
        "upcard_not_theirs": "{seat}이(가) 딜러만 가져갈 수 있는 업카드 {card}을(를) 냈습니다.",
        "wrong_lead_loner_unknown": (
            "{seat}이(가) 첫 번째 트릭을 리드했지만, 누가 트럼프를 정하고 단독 플레이했든 "
            "{seat}의 리드가 아니었습니다."
        ),
        "dealt_elsewhere": "{seat}이(가) {other}에게 돌려진 {card}을(를) 냈습니다.",
        "not_in_hand": "{seat}이(가) 자기 카드({hand})에 없는 {card}을(를) 냈습니다.",
    },
}


def render(lang: str, key: str, params: _Params) -> str:
    lang = lang if lang in LANGUAGES else "en"
    words = _KO if lang == "ko" else _EN
    special = _SPECIAL.get(key)
    if special is not None:
        return special[lang](words, params)
    return fill(_TEMPLATES[lang][key], _words(words, params))


_SEAT_PARAMS: Final = frozenset(("seat", "other", "turn", "partner", "leader", "dealer", "maker"))


def _words(words: _English, params: _Params) -> dict[str, str]:
    values: dict[str, str] = {}
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
    text = fill(
        "{seat}이(가) {led}이(가) 리드된 트릭에 {card}을(를) 냈지만 {held}을(를) 가지고 있었습니다",
        v,
    )
    if params["shown_in"] is not None:
        text += f"({params['shown_in']}번째 트릭에서 냈습니다)"
    held: Card = params["held"]
    if (
        params["left_bower"]
        and held.suit is not trump
        and not held.is_joker
        and params["led"] is trump
    ):
        text += fill(
            ". {trump}이(가) 트럼프일 때 {held}은(는) 레프트 바우어로 {trump}이므로 그 카드를 "
            "내야 했습니다.",
            v,
        )
    elif params["played_left"]:
        text += fill(
            ". {trump}이(가) 트럼프일 때 {card}은(는) 레프트 바우어로 {trump}이므로 리드된 "
            "무늬를 따른 것이 아닙니다.",
            v,
        )
    elif params["held_joker"]:
        text += ". 조커는 가장 높은 트럼프이므로 그 카드를 내야 했습니다."
    else:
        text += ". 리드된 무늬를 따라야 했습니다."
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
                    f"({shown_in}번째 트릭에서 냈습니다)"
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
            which = "그 카드는" if len(names) == 1 else "그중 한 장은"
            return fill(
                "{seat}이(가) {lead}(으)로 리드된 트릭에 {card}을(를) 냈지만 {held}을(를) 가지고 "
                "있었습니다. 적히지 않은 업카드가 무엇이든 " + which + " 리드된 무늬이므로 "
                "무늬를 따라야 했습니다.",
                v,
            )
        v["held"] = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        which = "that card is" if len(names) == 1 else "one of them is"
        return (
            f"{v['seat_cap']} played {v['card']} on a trick led with {v['lead']}, while holding "
            f"{v['held']}: whatever the unreported upcard was, {which} of the led suit, so "
            f"{v['seat']} had to follow suit."
        )

    return build


def _wrong_lead(lang: str) -> Callable[[_English, _Params], str]:
    reasons = {
        "en": {
            "left_of_dealer": "the seat left of the dealer leads the first trick",
            "left_of_loner": "under these rules the seat left of the lone player leads",
            "canadian_loner": (
                "with the Canadian loner rule the seat left of a loner who ordered up leads"
            ),
            "won_last": "the winner of the last trick leads",
        },
        "ko": {
            "left_of_dealer": "첫 트릭은 딜러 왼쪽 자리가 리드합니다",
            "left_of_loner": "이 규칙에서는 혼자 하는 사람의 왼쪽 자리가 리드합니다",
            "canadian_loner": "캐나다식 론너 규칙에서는 오더 업하고 혼자 하는 사람의 왼쪽이 리드합니다",
            "won_last": "앞 트릭을 이긴 자리가 리드합니다",
        },
    }

    def build(words: _English, params: _Params) -> str:
        v = _words(words, params)
        why = reasons[lang][params["why"]]
        if lang == "ko":
            return fill(
                "{seat}이(가) {trick}번째 트릭을 리드했지만 {leader}의 리드였습니다({why}).",
                v | {"why": why},
            )
        return (
            f"{v['seat_cap']} led trick {params['trick']}, but {v['leader']} had the lead: {why}."
        )

    return build


def _contract_text(words: _English, lang: str, trump: Suit, maker: int, alone: bool | None) -> str:
    if lang == "ko":
        text = f"{words.seat(maker)}의 {words.suit(trump)}"
        return text + (" 혼자 하기" if alone else "")
    text = f"{words.suit(trump)} by {words.seat(maker)}"
    return text + (" alone" if alone else "")


def _contract_mismatch(lang: str) -> Callable[[_English, _Params], str]:
    def build(words: _English, params: _Params) -> str:
        given = params["given"]
        trump, maker, alone, _ = params["derived"]
        said = _contract_text(words, lang, given.trump, given.maker, given.alone)
        made = _contract_text(words, lang, trump, maker, alone)
        if lang == "ko":
            return f"적힌 계약({said})이 비드 내용({made})과 다릅니다."
        return f"The reported contract ({said}) does not match the bidding, which made {made}."

    return build


_REASON_WORDS: Final = {
    "en": {
        "make": "a make",
        "march": "a march",
        "lone-make": "a lone make",
        "lone-march": "a lone march",
        "euchre": "a euchre",
        "lone-euchre": "a euchred loner",
        "defend-alone-euchre": "a euchre by a lone defender",
        "renege": "a renege",
        "thrown-in": "a thrown-in hand",
    },
    "ko": {
        "make": "메이크",
        "march": "마치(다섯 트릭)",
        "lone-make": "혼자 하기 메이크",
        "lone-march": "혼자 하기 마치",
        "euchre": "유커",
        "lone-euchre": "혼자 하다 유커",
        "defend-alone-euchre": "혼자 수비로 유커",
        "renege": "리니그",
        "thrown-in": "무효 판",
    },
}


def _claim(lang: str) -> Callable[[_English, _Params], str]:
    def build(words: _English, params: _Params) -> str:
        award = params["award"]
        reason = _REASON_WORDS[lang][award.reason]
        claimed = words.points(params["claimed"])
        scored = words.points(award.points)
        if lang == "ko":
            return f"적힌 점수는 {claimed}이지만 {reason}의 점수는 {scored}입니다."
        return f"The table wrote {claimed}, but {reason} scores {scored}."

    return build


_SPECIAL: Final[dict[str, dict[str, Callable[[_English, _Params], str]]]] = {
    "renege": {"en": _renege_en, "ko": _renege_ko},
    "renege_any_trump": {"en": _renege_any_trump("en"), "ko": _renege_any_trump("ko")},
    "wrong_lead": {"en": _wrong_lead("en"), "ko": _wrong_lead("ko")},
    "contract_mismatch": {"en": _contract_mismatch("en"), "ko": _contract_mismatch("ko")},
    "claim": {"en": _claim("en"), "ko": _claim("ko")},
}


def reason_words(reason: str, lang: str = "en") -> str:
    """A result in words: "a lone march", "유커"."""
    return _REASON_WORDS["ko" if lang == "ko" else "en"].get(reason, reason)
