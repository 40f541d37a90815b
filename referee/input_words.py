"""What the referee says about input it cannot judge, in English and Korean.

A ``MalformedRecord`` carries its detail as an English template and the facts that fill it;
the Korean is looked up here by the English words. ``value`` is the value at fault, shown
as JSON writes it (``null``, ``true``, ``"QX"``), cut to 40 characters, with every character
that would not print as itself escaped. EGN files, read by the command line only, are
answered in both too, as is what EGN cannot write of a club's game; EGN's own names
(``gameData``, ``LEFT_OF_DEALER``) and JSON's values stay as the file writes them.
"""

from __future__ import annotations

import json
import re
from typing import Final

from .korean import fill
from .terms import KOREAN_TERMS

#: How much of a value an answer shows before cutting it short with "…".
SHOWN_LENGTH: Final = 40


def shown(value: object) -> str:
    """A value as JSON writes it (``null``, ``true``, ``"QX"``), cut to 40 characters (and a
    string's closing quote)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        try:
            text = str(value)
        except ValueError:  # a number with more digits than Python writes out
            text = "…"
    # A string cut short keeps its closing quote: `"QQQ…" is not a card`.
    return _cut(text, '"' if isinstance(value, str) else "")


def shown_key(key: object) -> str:
    """A key of the input as it stands in a field's path (``hands.01``), cut to 40 characters."""
    return _cut(key if isinstance(key, str) else shown(key))


#: One character of JSON's text: an escape (``\n``, ``\u00e9``) or a character as itself.
_ONE_CHARACTER: Final = re.compile(r"\\u[0-9a-fA-F]{4}|\\.|.", re.DOTALL)


def _cut(text: str, closing: str = "") -> str:
    """Cut short (ending with `closing` after the "…"), and every character that is not
    printed as itself (a line or paragraph separator, a zero-width space, a control character)
    written as JSON escapes it: an answer stays one line and shows what was sent."""
    cut = text
    if len(text) > SHOWN_LENGTH:
        # Never half an escape (``\n``, ``\u00e9``) before the "…": it would not be JSON's.
        ends = (m.end() for m in _ONE_CHARACTER.finditer(text, 0, SHOWN_LENGTH + 6))
        kept = max((end for end in ends if end <= SHOWN_LENGTH), default=0)
        cut = text[:kept] + "…" + closing
    if cut.isprintable():
        return cut
    return "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in cut)


KOREAN: Final[dict[str, str]] = {
    # What EGN cannot write (a club's game exported on the server).
    "EGN has four seats and a turn-up": "EGN은 네 명이 업카드로 하는 게임만 적습니다",
    "EGN has no rule for a dealer taking the upcard": (
        "EGN에는 딜러가 업카드를 가져가는 규칙이 없습니다"
    ),
    "EGN has no rule for this option": "EGN에는 이 옵션의 규칙이 없습니다",
    "EGN has no rule for this point value": "EGN에는 이 점수 값의 규칙이 없습니다",
    "EGN records the calls, and this record gives only a contract": (
        "EGN은 콜을 적는데 이 기록에는 계약만 있습니다"
    ),
    "EGN has no call for a poor-hand redeal": "EGN에는 {t_poor_hand_redeal} 콜이 없습니다",
    "EGN lists calls in turn from the dealer's left": (
        "EGN은 콜을 {t_dealer}의 왼쪽부터 차례로 적습니다"
    ),
    "EGN has no empty tricks": "EGN에는 빈 {t_trick}이(가) 없습니다",
    "EGN has each trick led by the last one's winner": (
        "EGN에서는 앞 {t_trick}을(를) 이긴 자리가 다음 {t_trick}을(를) {t_lead}합니다"
    ),
    "EGN lists a trick clockwise from its leader": (
        "EGN은 {t_trick}을(를) {t_lead}한 자리부터 시계 방향으로 적습니다"
    ),
    "every hand of an EGN game is played under one ruleset": (
        "EGN 게임의 모든 {t_deal}은(는) 한 규칙으로 합니다"
    ),
    "EGN names the {count} players by seat": "EGN은 플레이어 {count}명을 자리 순서로 적습니다",
    # The record.
    "must be a JSON object": "JSON 객체여야 합니다",
    "is required": "꼭 있어야 합니다",
    "must be a seat number from 0 to {last}": "0부터 {last}까지의 자리 번호여야 합니다",
    "seat {value} is not at this table (seats 0 to {last})": (
        "{value}번 자리는 이 테이블에 없습니다(자리 0부터 {last})"
    ),
    "{value} is not a card (write rank then suit, e.g. JD, 10H)": (
        "{value}은(는) 카드가 아닙니다(끗수 다음에 무늬를 씁니다. 예: JD, 10H)"
    ),
    "must be an object from seat to a list of cards": (
        "자리 번호마다 카드 목록을 적은 객체여야 합니다"
    ),
    "{value} is not a seat at this table (seats 0 to {last})": (
        "{value}은(는) 이 테이블의 자리가 아닙니다(자리 0부터 {last})"
    ),
    "must be a list of cards": "카드 목록이어야 합니다",
    "a hand has at most {size} cards, not {count}": "손패는 많아야 {size}장인데 {count}장입니다",
    "must be a list of bids": "비드 목록이어야 합니다",
    "must be an object with seat and action": "seat와 action이 있는 객체여야 합니다",
    "must be one of {choices}": "다음 중 하나여야 합니다: {choices}",
    "a call needs a suit: C, D, H or S": "콜에는 무늬가 있어야 합니다: C, D, H, S",
    "must be true or false": "true 또는 false여야 합니다",
    "must be an object with trump and maker": "trump와 maker가 있는 객체여야 합니다",
    "must be a suit: C, D, H or S": "무늬여야 합니다: C, D, H, S",
    "must be a list of tricks": "트릭 목록이어야 합니다",
    "must be a list of plays": "플레이 목록이어야 합니다",
    "only the last trick may be empty": "마지막 트릭만 비어 있을 수 있습니다",
    "must be an object with seat and card": "seat와 card가 있는 객체여야 합니다",
    "must be an object from team to points": "팀마다 점수를 적은 객체여야 합니다",
    "{value} is not a team of this game (teams 0 to {last})": (
        "{value}은(는) 이 게임의 팀이 아닙니다(팀 0부터 {last})"
    ),
    "must be a whole number of points": "점수는 정수여야 합니다",
    "this ruleset turns no card up": "이 규칙에서는 {t_upcard}을(를) 뒤집지 않습니다",
    "a bid needs its number of tricks": "{t_bid}에는 {t_trick} 수가 있어야 합니다",
    "must be high or low": "high 또는 low여야 합니다",
    "names a suit or a no-trump, not both": (
        "{t_suit}와(과) {t_no_trump} 중 하나만 정할 수 있습니다"
    ),
    "names a suit (C, D, H or S) or a no_trump": (
        "{t_suit}(C, D, H, S)나 no_trump를 정해야 합니다"
    ),
    "must be moon, loner or null": "moon, loner 또는 null이어야 합니다",
    "is required (or a lone_bid)": "꼭 있어야 합니다(또는 lone_bid)",
    "a {lone_bid} is a bid of every trick ({size})": (
        "{lone_bid}은(는) {t_trick} {size}개를 모두 거는 {t_bid}입니다"
    ),
    "must be an object with passed (seats and cards) and discard (cards)": (
        "passed(자리와 카드)와 discard(카드)가 있는 객체여야 합니다"
    ),
    "must be a list of seats and cards": "자리와 카드의 목록이어야 합니다",
    # The ruleset.
    "unknown preset {value}; presets: {presets}": (
        "알 수 없는 프리셋 {value}입니다. 프리셋: {presets}"
    ),
    "must be a preset name or an object with a preset": (
        "프리셋 이름이거나 preset이 있는 객체여야 합니다"
    ),
    "must be plain JSON": "일반 JSON이어야 합니다",
    "must be a whole number": "정수여야 합니다",
    "must be a whole number, 0 or more": "0 이상의 정수여야 합니다",
    "must not be negative": "음수일 수 없습니다",
    "must be at most {most}": "{most} 이하여야 합니다",
    "must be a string": "문자열이어야 합니다",
    "must be an object of point values": "점수 값을 적은 객체여야 합니다",
    "must be at least 1": "1 이상이어야 합니다",
    "unknown option": "알 수 없는 옵션입니다",
    "only four or six players in partnerships can go alone: set it false": (
        "{t_partner}이(가) 있는 4인이나 6인 게임에서만 {t_lone}을(를) 할 수 있습니다: false로 "
        "두세요"
    ),
    "needs going_alone: a partner cannot be made to": (
        "going_alone이 필요합니다: {t_lone}이(가) 없으면 {t_partner}에게 시킬 수 없습니다"
    ),
    "needs four or six players in partnerships": (
        "{t_partner}이(가) 있는 4인이나 6인 게임이어야 합니다"
    ),
    "needs going_alone: only a lone maker calls for best": (
        "going_alone이 필요합니다: {t_call_for_best}은(는) 단독 {t_maker}만 합니다"
    ),
    "six hands of five and an upcard need 32 or 33 cards": (
        "다섯 장씩 여섯 손패와 {t_upcard}에는 32장이나 33장 덱이 필요합니다"
    ),
    "must be from 1 to the hand size ({size})": "1부터 손패 장수({size})까지여야 합니다",
    "follows from players, deck and bidding ({value} here): leave it out": (
        "players, deck, bidding에서 정해지는 값입니다(여기서는 {value}): 빼고 적으세요"
    ),
    "an auction is played by four players": "{t_auction}은(는) 네 명이 합니다",
    "an auction deals a deck of 24 or 32 cards": "{t_auction}에는 24장이나 32장 덱을 돌립니다",
    "an auction turns no card up: leave this turn-up rule out": (
        "{t_auction}에서는 {t_upcard}을(를) 뒤집지 않습니다: 이 규칙은 빼세요"
    ),
    "unknown point value": "알 수 없는 점수 값입니다",
    "given twice, as {first} and as {second}": "{first}와(과) {second}(으)로 두 번 적혀 있습니다",
    # A hand entered without its cards.
    "must be a seat from 0 to {last}": "0부터 {last}까지의 자리여야 합니다",
    "this ruleset has no going alone": "이 규칙에는 {t_lone}이(가) 없습니다",
    "must be a seat or null": "자리 번호 또는 null이어야 합니다",
    "this ruleset has no defending alone": "이 규칙에는 {t_defend_alone}이(가) 없습니다",
    "must be a seat of the defending team": "{t_defenders}의 {t_seat}여야 합니다",
    "a lone defender needs a lone maker here": (
        "이 규칙에서는 {t_maker}이(가) {t_lone}을(를) 할 때만 {t_defend_alone}을(를) 할 수 있습니다"
    ),
    "must be from 0 to {most}": "0부터 {most}까지여야 합니다",
    "must be made, march or euchred": "made, march, euchred 중 하나여야 합니다",
    "{tricks} tricks are {told}, not {outcome}": "{tricks}트릭은 {outcome}이(가) 아니라 {told}입니다",
    "an auction's hand is entered by its bid and tricks": (
        "{t_auction}의 {t_deal}은(는) {t_bid}와(과) {t_trick} 수로 입력합니다"
    ),
    "only an auction has bids": "{t_auction}에만 {t_bid}이(가) 있습니다",
    "is required: what the makers bid": "꼭 있어야 합니다: {t_maker}의 {t_bid}",
    "must be a number of tricks from {least} to {most}": (
        "{least}부터 {most}까지의 {t_trick} 수여야 합니다"
    ),
    "must be a number of tricks from {least} to {most}, or {lone}": (
        "{least}부터 {most}까지의 {t_trick} 수이거나 {lone} 값이어야 합니다"
    ),
    "must be a number of tricks from {least} to {most}, or one of {lone}": (
        "{least}부터 {most}까지의 {t_trick} 수이거나 다음 중 하나여야 합니다: {lone}"
    ),
    "must be the seat that reneged": "{t_renege}을(를) 한 자리여야 합니다",
    "the moon bidder's partner sat out and played no card": (
        "{t_moon}을(를) 부른 쪽의 {t_partner}은(는) 빠져 있어서 카드를 내지 않았습니다"
    ),
    "the loner's partner sat out and played no card": (
        "{t_loner}의 {t_partner}은(는) 빠져 있어서 카드를 내지 않았습니다"
    ),
    "the lone defender's partner sat out and played no card": (
        "{t_lone_defender}의 {t_partner}은(는) 빠져 있어서 카드를 내지 않았습니다"
    ),
    "the loner's two partners sat out and played no card": (
        "{t_loner}의 두 {t_partner}은(는) 모두 빠져 있어서 카드를 내지 않았습니다"
    ),
    "the lone defender's two partners sat out and played no card": (
        "{t_lone_defender}의 두 {t_partner}은(는) 모두 빠져 있어서 카드를 내지 않았습니다"
    ),
    # EGN files.
    "an EGN game must be a JSON object": "EGN 게임은 JSON 객체여야 합니다",
    "this is a match (EMN) file: replay its games one by one": (
        "매치(EMN) 파일입니다: 게임을 하나씩 재현하세요"
    ),
    "must be {expected}, not {value}": "{value}이(가) 아니라 {expected}이어야 합니다",
    "must be {expected}": "{expected}이어야 합니다",
    "must be an object": "객체여야 합니다",
    "must be a list of deals": "{t_deal} 목록이어야 합니다",
    "must be a list of games": "게임 목록이어야 합니다",
    "must be an object with gameData": "gameData가 있는 객체여야 합니다",
    "must be an object of EGN rules": "EGN 규칙을 적은 객체여야 합니다",
    "must be LEFT_OF_DEALER or LEFT_OF_LONER": "LEFT_OF_DEALER 또는 LEFT_OF_LONER여야 합니다",
    "must be 9 (24 cards) or 7 (32 cards)": "9(24장)나 7(32장)이어야 합니다",
    "games to a fixed number of deals are not supported": (
        "정해진 {t_deal} 수만큼 하는 게임은 지원하지 않습니다"
    ),
    "only four-player EGN games are supported": "4인 EGN 게임만 지원합니다",
    "this EGN rule is not supported by the referee": "심판은 이 EGN 규칙을 지원하지 않습니다",
    "unknown EGN rule": "알 수 없는 EGN 규칙입니다",
    "a joker with a 7-to-ace deck is not supported": (
        "7부터 에이스까지의 덱에 {t_joker}을(를) 넣는 규칙은 지원하지 않습니다"
    ),
    "must be a seat from 0 to {last}, not {value}": (
        "0부터 {last}까지의 자리여야 하는데 {value}입니다"
    ),
    "must list the {count} players by seat": "플레이어 {count}명을 자리 순서로 적어야 합니다",
    'must be a name or {"name": ...}': '이름이거나 {{"name": ...}}이어야 합니다',
    "must give the {count} teams' scores": "{count}개 팀의 점수를 모두 적어야 합니다",
    "{value} is not a card (EGN writes rank then suit: Jc, Th)": (
        "{value}은(는) 카드가 아닙니다(EGN은 끗수 다음에 무늬를 씁니다. 예: Jc, Th)"
    ),
    "{value} names a bower, but no call has made trump": (
        "{value}은(는) {t_right_bower}나 {t_left_bower}인데 {t_trump}을(를) 정한 콜이 없습니다"
    ),
    "{value} is an unknown card; a replay needs every card played": (
        "{value}은(는) 알 수 없는 카드입니다. 재현하려면 낸 카드가 모두 있어야 합니다"
    ),
    "{value} uses a generic suit (t, n, g), which cannot be replayed": (
        "{value}은(는) {t_suit} 대신 t, n, g로 적혀 있어 재현할 수 없습니다"
    ),
    "packed (binary) deals are not supported: unpack the file first": (
        "압축된(바이너리) {t_deal}은(는) 지원하지 않습니다: 먼저 파일을 푸세요"
    ),
    "must be a deal object": "{t_deal}을(를) 적은 객체여야 합니다",
    "is required: an object with the dealer": "꼭 있어야 합니다: dealer가 있는 객체",
    "must be a list of phases": "단계(phase) 목록이어야 합니다",
    "must be a phase object": "단계(phase)를 적은 객체여야 합니다",
    "must be {one} or {other}": "{one} 또는 {other}여야 합니다",
    "a deal has one {kind} phase": "한 {t_deal}에 {kind} 단계는 하나뿐입니다",
    "tricks need the bidding that made trump": (
        "{t_trick}이(가) 있으면 {t_trump}을(를) 정한 {t_bid} 단계도 있어야 합니다"
    ),
    "is required: a list of calls": "꼭 있어야 합니다: 콜 목록",
    "{value} is not an EGN call (Pass, Order, or c d h s)": (
        "{value}은(는) EGN의 콜이 아닙니다(Pass, Order 또는 c d h s)"
    ),
    "is true, but no call made trump": "true이지만 {t_trump}을(를) 정한 콜이 없습니다",
    "is set, but no call made trump": "적혀 있지만 {t_trump}을(를) 정한 콜이 없습니다",
    "must list the {count} seats' dealt cards": "자리 {count}개에 돌린 카드를 적어야 합니다",
    "is required: a list of tricks": "꼭 있어야 합니다: {t_trick} 목록",
    "cards were played, but no call made trump": (
        "카드를 냈지만 {t_trump}을(를) 정한 콜이 없습니다"
    ),
    "cards were played, but without the upcard the trump suit is unknown": (
        "카드를 냈지만 {t_upcard}이(가) 적혀 있지 않아 {t_trump} {t_suit}을(를) 알 수 없습니다"
    ),
    "must be a list of the cards played": "낸 카드의 목록이어야 합니다",
    "no card of this trick counts, so no one won it to lead next": (
        "이 {t_trick}에는 이긴 카드가 없어 다음에 {t_lead}할 자리를 알 수 없습니다"
    ),
    # Reading JSON and JSON Lines.
    "not valid JSON": "올바른 JSON이 아닙니다",
    "nested too deeply to be read": "너무 깊이 중첩되어 있어 읽을 수 없습니다",
    "a key given twice in one object": "한 객체에 같은 키가 두 번 있습니다",
    "a number of {digits} digits is longer than any field takes": (
        "{digits}자리 숫자는 어느 필드에도 너무 깁니다"
    ),
    "a number larger than any field takes": "어느 필드에도 너무 큰 숫자입니다",
    "no hand record in the input": "입력에 {t_deal} 기록이 없습니다",
    # Reading a file.
    "there is no file {path}": "{path} 파일이 없습니다",
    "{path} may not be read": "{path} 파일을 읽을 권한이 없습니다",
    "{path} is a folder, not a file": "{path}은(는) 파일이 아니라 폴더입니다",
    "cannot read {path}: {why}": "{path} 파일을 읽을 수 없습니다 ({why})",
    "{path} is not UTF-8 text": "{path}은(는) UTF-8 텍스트가 아닙니다",
    "not JSON: {why} (line {line}, column {column})": ("JSON이 아닙니다 ({line}행 {column}열)"),
    "a blank line holds no hand record": "빈 줄에는 {t_deal} 기록이 없습니다",
    "the line is not UTF-8 text": "이 줄은 UTF-8 텍스트가 아닙니다",
}


def render_detail(lang: str, template: str, facts: dict[str, object]) -> str:
    """The detail of a ``MalformedRecord`` in ``lang`` (English where no Korean is written)."""
    values = {name: shown(v) if name == "value" else str(v) for name, v in facts.items()}
    korean = KOREAN.get(template) if lang.startswith("ko") else None
    if korean is not None:
        return fill(korean, KOREAN_TERMS | values)
    if not facts:
        return template  # (as written: it may hold braces, as in 'a name or {"name": ...}')
    return fill(template, values)


def with_given(lang: str, detail: str, given: object) -> str:
    """A detail that does not show the value at fault, with the value said after it."""
    if lang.startswith("ko"):
        return fill("{detail} (받은 값: {value})", {"detail": detail, "value": shown(given)})
    return f"{detail} (got {shown(given)})"
