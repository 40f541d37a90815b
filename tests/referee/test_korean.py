"""Korean particles: each chosen by how the word before it ends when read aloud.

The expected forms are written from the rule (referee/korean.py): 을/를, 이/가, 은/는, 과/와
by whether the word ends in a consonant, (으)로 the same except after ㄹ.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import referee
from referee import SUITS, Card, Contract, Suit, card_of, deck
from referee.input_words import KOREAN as INPUT_KOREAN
from referee.input_words import render_detail
from referee.korean import particle, with_particles
from referee.messages import _SPECIAL, _TEMPLATES, reason_words, render
from referee.record import GivenContract
from referee.scoring import Award
from referee.terms import RETIRED, TERMS

from .test_rulings import ISSUE_EXAMPLE, SEVEN_PASSES, options, record

REFEREE = Path(referee.__file__).parent

PAIRS = ("을(를)", "이(가)", "은(는)", "와(과)", "(으)로")
CONSONANT = ("을", "이", "은", "과", "으로")
VOWEL = ("를", "가", "는", "와", "로")
RIEUL = ("을", "이", "은", "과", "로")

# -- cards -----------------------------------------------------------------------------------
# A card's Korean name is its suit then its rank; the rank decides the particle: 7 칠 and 8 팔
# end in ㄹ, 10 십, 잭, 퀸 and 킹 in another consonant, 9 구 and 에이스 in a vowel; so does 조커.

SUIT_NAMES = {"C": "클럽", "D": "다이아몬드", "H": "하트", "S": "스페이드"}
RANK_NAMES = {
    "7": ("7", RIEUL),
    "8": ("8", RIEUL),
    "9": ("9", VOWEL),
    "T": ("10", CONSONANT),
    "J": ("잭", CONSONANT),
    "Q": ("퀸", CONSONANT),
    "K": ("킹", CONSONANT),
    "A": ("에이스", VOWEL),
}


def korean_name(card: Card) -> tuple[str, tuple[str, ...]]:
    if card.suit is None:
        return "조커", VOWEL
    rank, forms = RANK_NAMES[card.rank]
    return f"{SUIT_NAMES[card.suit.value]} {rank}", forms


EVERY_CARD_OF_EVERY_DECK = [
    pytest.param(size, card, id=f"{size}-{card.code}")
    for size in (24, 25, 32)
    for card in sorted(deck(size), key=lambda c: c.index)
]


@pytest.mark.parametrize(("size", "card"), EVERY_CARD_OF_EVERY_DECK)
def test_a_card_takes_the_particles_its_name_ends_with(size: int, card: Card) -> None:
    name, forms = korean_name(card)
    assert tuple(particle(name, pair) for pair in PAIRS) == forms  # type: ignore[arg-type]
    eul, i, eun = forms[:3]
    assert render("ko", "not_in_deck", {"card": card, "size": size}) == (
        f"{name}{eun} 이 게임의 {size}장 덱에 없는 카드입니다."
    )
    assert render("ko", "twice_in_hand", {"card": card, "seat": 2}) == (
        f"{name}{i} 2번 자리의 손패에 두 번 적혀 있습니다."
    )
    assert render("ko", "play_before_trump", {"card": card, "seat": 1, "trick": 1}) == (
        f"1번 자리가 트럼프가 정해지기 전에 {name}{eul} 냈습니다."
    )


def test_every_deck_is_in_the_table() -> None:
    assert {c for size in (24, 25, 32) for c in deck(size)} == {
        card for _, card in (p.values for p in EVERY_CARD_OF_EVERY_DECK)
    }


# -- names -----------------------------------------------------------------------------------
# Hangul exactly; digits as Korean reads the last one; a lone Latin letter or a short
# initialism by the letter's Korean name; other Latin words as Korean writes English names.

NAMES = [
    ("민수", VOWEL),
    ("지훈", CONSONANT),
    ("하늘", RIEUL),
    ("서연", CONSONANT),
    ("은결", RIEUL),
    ("1번 자리", VOWEL),
    ("0", CONSONANT),  # 영
    ("1", RIEUL),  # 일
    ("2", VOWEL),  # 이
    ("3", CONSONANT),  # 삼
    ("4", VOWEL),  # 사
    ("5", VOWEL),  # 오
    ("6", CONSONANT),  # 육
    ("7", RIEUL),  # 칠
    ("8", RIEUL),  # 팔
    ("9", VOWEL),  # 구
    ("10", CONSONANT),  # 십
    ("100", CONSONANT),  # 백
    ("Table 12", VOWEL),  # 십이
    ("\uff11", RIEUL),  # a full-width 1: 일
    ("\u0663", CONSONANT),  # an Arabic-Indic 3: 삼
    ("N", CONSONANT),  # 엔
    ("M", CONSONANT),  # 엠
    ("L", RIEUL),  # 엘
    ("E", VOWEL),  # 이
    ("R", VOWEL),  # 아르
    ("AJ", VOWEL),  # 에이제이
    ("DM", CONSONANT),  # 디엠
    ("Ann", CONSONANT),  # 앤
    ("Kim", CONSONANT),  # 킴
    ("Young", CONSONANT),  # 영
    ("Paul", RIEUL),  # 폴
    ("Bill", RIEUL),  # 빌
    ("Bob", CONSONANT),  # 밥
    ("Jack", CONSONANT),  # 잭
    ("Matt", CONSONANT),  # 맷
    ("Pat", CONSONANT),  # 팻
    ("Mark", VOWEL),  # 마크
    ("Kate", VOWEL),  # 케이트
    ("Max", VOWEL),  # 맥스
    ("Ed", VOWEL),  # 에드
    ("Gus", VOWEL),  # 거스
    ("Amy", VOWEL),  # 에이미
    ("Ann (N)", CONSONANT),  # the part in brackets is not read
    ("베니(조커)", VOWEL),
    ("Bob!", CONSONANT),
    ("さくら", VOWEL),  # nothing to read: the form after a vowel
    ("", VOWEL),
]


@pytest.mark.parametrize(("word", "forms"), NAMES, ids=[repr(n) for n, _ in NAMES])
def test_a_name_takes_the_particles_it_ends_with(word: str, forms: tuple[str, ...]) -> None:
    assert tuple(particle(word, pair) for pair in PAIRS) == forms  # type: ignore[arg-type]


# -- every message ---------------------------------------------------------------------------

BOTH_FORMS = re.compile(r"\((?:을|를|이|가|은|는|와|과|으)\)")


def message_params(card: Card, suit: Suit, seat: int) -> dict[str, Any]:
    """Every fact a message may name, with the given card, suit and seat."""
    other = (seat + 1) % 4
    return {
        "seat": seat,
        "other": other,
        "turn": other,
        "partner": (seat + 2) % 4,
        "leader": other,
        "dealer": 0,
        "maker": seat,
        "card": card,
        "spoiler": card,
        "upcard": card,
        "held": card,
        "suit": suit,
        "led": suit,
        "trump": suit,
        "trick": 3,
        "size": 24,
        "hand": [card],
        "shown_in": 4,
        "left_bower": True,
        "played_left": False,
        "played_joker": False,
        "held_joker": False,
        "why": "won_last",
        "given": GivenContract(suit, seat, False),
        "derived": Contract(suit, other, True, None),
        "claimed": {0: 1},
        "award": Award("euchre", {1: 2}),
        "action": "bid",
        "bid": {"action": "bid", "tricks": 4, "suit": suit, "no_trump": None},
        "high": {"action": "moon", "tricks": None, "suit": None, "no_trump": None},
        "least": 3,
        "no_trump": "low",
        "count": 2,
        "laid": 1,
        "wanted": 1,
    }


@pytest.mark.parametrize("key", sorted(_TEMPLATES["ko"]) + sorted(_SPECIAL))
def test_no_korean_message_keeps_both_forms_of_a_particle(key: str) -> None:
    assert set(_TEMPLATES["ko"]) == set(_TEMPLATES["en"])
    for code in ("9C", "TD", "7H", "JOKER", "AS", "KH"):
        card = card_of(code)
        for suit in SUITS:
            for seat in range(4):
                params = message_params(card, suit, seat)
                if key == "renege_any_trump":
                    params |= {"lead": card, "held": [(card, None), (card_of("QS"), 4)]}
                text = render("ko", key, params)
                assert not BOTH_FORMS.search(text), text
                if key == "renege_any_trump":
                    params["held"] = [(card, None)]
                    text = render("ko", key, params)
                    assert not BOTH_FORMS.search(text), text


@pytest.mark.parametrize(
    ("key", "suit", "said"),
    [
        ("call_in_round_one", Suit.CLUBS, "1번 자리가 첫 번째 라운드에서 클럽을 불렀습니다."),
        ("call_in_round_one", Suit.HEARTS, "1번 자리가 첫 번째 라운드에서 하트를 불렀습니다."),
        ("turned_down_suit", Suit.CLUBS, "1번 자리가 엎어진 업카드의 무늬인 클럽을 불렀습니다."),
    ],
)
def test_a_suit_takes_the_particle_its_name_ends_with(key: str, suit: Suit, said: str) -> None:
    assert render("ko", key, {"seat": 1, "suit": suit}).startswith(said)


def test_a_ruling_in_korean_reads_with_each_particle_in_its_form() -> None:
    message = referee.check(ISSUE_EXAMPLE, lang="ko").violations[0].message
    assert message == (
        "2번 자리가 하트가 리드된 트릭에 클럽 9를 냈지만 다이아몬드 잭을 가지고 있었습니다. "
        "하트가 트럼프이면 다이아몬드 잭은 레프트 바우어라서 하트에 속하므로 그 카드를 내야 "
        "했습니다."
    ), message


def test_the_guard_finds_both_forms() -> None:
    assert BOTH_FORMS.search("다이아몬드 잭을(를) 냈습니다")
    assert not BOTH_FORMS.search("다이아몬드 잭을 냈습니다 (3번째 트릭)")


# -- the game's terms: one table, no retired words ---------------------------------------------

TERMS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "terms.md"


def table_rows(section: str) -> list[list[str]]:
    """The rows of the Markdown table under a heading of docs/terms.md."""
    text = TERMS_PAGE.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1]
    text = text.split("\n## ", 1)[0]
    rows = [
        line.strip().strip("|").split(" | ") for line in text.splitlines() if line.startswith("|")
    ]
    return [[cell.strip() for cell in row] for row in rows[2:]]  # (no heading, no rule)


def test_the_referee_holds_the_table_of_terms_of_docs_terms_md() -> None:
    assert [[t.english, t.korean, t.used] for t in TERMS] == table_rows("Terms")
    assert [list(pair) for pair in RETIRED] == table_rows("Retired")
    assert len({t.name for t in TERMS}) == len(TERMS)


def every_korean_message() -> list[str]:
    """Every Korean message, for every card of the example hands and trick numbers 1 to 5."""
    texts = []
    for key in sorted(_TEMPLATES["ko"]) + sorted(_SPECIAL):
        for trick in range(1, 6):
            params = message_params(card_of("JD"), Suit.HEARTS, trick % 4) | {"trick": trick}
            params |= {"shown_in": trick, "lead": card_of("9C"), "given": GIVEN}
            params |= {"derived": Contract(Suit.HEARTS, 1, True, None), "claimed": {0: 1}}
            params |= {"award": Award("lone-euchre", {1: 2}), "why": LEADS[trick % len(LEADS)]}
            if key == "renege_any_trump":
                params["held"] = [(card_of("QC"), trick)]
            texts.append(render("ko", key, params))
            no_trump = "high" if trick % 2 else "low"
            for bid in (
                {"action": "loner"},
                {"action": "bid", "tricks": trick, "no_trump": no_trump},
            ):
                texts.append(render("ko", key, params | {"bid": bid}))
    facts = {"value": "x", "last": 3, "size": 5, "count": 6, "choices": "a, b", "most": 5}
    facts |= {"presets": "standard", "digits": 5000, "tricks": 5, "told": "march"}
    facts |= {"outcome": "made", "lone_bid": "moon", "least": 3, "lone": "moon"}
    facts |= {"first": 3, "second": 4, "expected": '"EGN"', "one": "A", "other": "B", "kind": "A"}
    facts |= {"path": "game.egn", "why": "Input/output error", "line": 1, "column": 6}
    refusals = [render_detail("ko", template, facts) for template in INPUT_KOREAN]
    return texts + refusals + [reason_words(reason, "ko") for reason in REASONS]


GIVEN = GivenContract(Suit.SPADES, 3, True)
LEADS = ["left_of_dealer", "left_of_loner", "canadian_loner", "won_last", "maker_leads"]
REASONS = ["make", "march", "lone-make", "lone-march", "euchre", "lone-euchre"]
REASONS += ["defend-alone-euchre", "renege", "thrown-in"]
REASONS += ["bid-made", "bid-set", "moon-made", "moon-set", "loner-made", "loner-set"]


def test_no_retired_term_is_left_in_the_referee() -> None:
    retired = [word for word, _ in RETIRED if "(" not in word]
    for path in REFEREE.glob("*.py"):
        if path.name != "terms.py":
            source = path.read_text(encoding="utf-8")
            assert not [word for word in retired if word in source], path.name
    for text in every_korean_message():
        assert not [word for word in retired if word in text], text
        assert not re.search(r"\d번째", text), text


def test_every_term_of_the_referee_is_in_its_korean_messages() -> None:
    said = " ".join(every_korean_message())
    for term in TERMS:
        if term.used.startswith("referee:") and not term.korean.endswith("다"):
            assert term.korean in said, term


# -- the six wordings the issue named ---------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "params", "said"),
    [
        ("no_going_alone", {"seat": 1}, "1번 자리가 단독 플레이를 선언했지만"),
        ("no_defend_alone", {"seat": 3}, "3번 자리가 단독 수비를 선언했지만"),
        ("dealer_must_call", {"seat": 0}, "스틱 더 딜러 규칙에서는 딜러가 트럼프를 정해야"),
        ("play_twice", {"seat": 2, "trick": 1}, "2번 자리가 첫 번째 트릭에 두 번 냈습니다."),
        ("trick_closed_early", {"seat": 2, "trick": 4}, "네 번째 트릭이 2번 자리가 내기 전에"),
        ("claim", {"claimed": {}, "award": Award("renege", {1: 2})}, "적힌 점수는 0점이지만"),
        ("dealt_elsewhere", {"seat": 1, "other": 2, "card": card_of("9H")}, "2번 자리에게 나눠 준"),
    ],
    ids=[
        "going-alone",
        "defending-alone",
        "stick-the-dealer",
        "first-trick",
        "fourth-trick",
        "no-points-claimed",
        "dealt-to",
    ],
)
def test_a_korean_message_speaks_as_korean_players_do(
    key: str, params: dict[str, Any], said: str
) -> None:
    assert said in render("ko", key, params)


def test_a_euchred_loner_is_a_lone_hand_euchred() -> None:
    assert reason_words("lone-euchre", "ko") == "단독 플레이 유커"
    assert reason_words("march", "ko") == "마치(5트릭)"
    assert reason_words("lone-march", "ko") == "단독 플레이 마치"


def test_a_stuck_uka_dealer_is_told_to_keep_the_upcard_it_took_not_one_ordered_up() -> None:
    stuck = record("uka", dealer=0, upcard="TH", bid=f"{SEVEN_PASSES} 0:order-up", discard="TH")
    english = referee.check(stuck).violations[0].message
    assert "ordered up" not in english and "keep the upcard it took" in english
    assert (
        "가져간 업카드를 버릴 수 없습니다" in referee.check(stuck, lang="ko").violations[0].message
    )


def test_a_repeated_defend_alone_is_told_as_a_repetition() -> None:
    again = record(
        options("standard", defend_alone=True),
        dealer=0,
        upcard="QH",
        bid="1:order-up-alone 2:defend-alone 2:defend-alone",
    )
    english = referee.check(again).violations[0].message
    assert english == "Seat 2 declared to defend alone again; they already defend alone."
    korean = referee.check(again, lang="ko").violations[0].message
    assert korean == "2번 자리는 이미 단독 수비를 선언했는데 다시 선언했습니다."


def test_a_lone_defenders_partner_is_told_its_partner_defends_alone() -> None:
    defended = record(
        options("standard", defend_alone=True),
        dealer=0,
        upcard="QH",
        bid="1:order-up-alone 2:defend-alone 0:pass",
        discard="9C",
        tricks=("1:AS 2:KS 0:QS",),
    )
    bid, play = (v.message for v in referee.check(defended).violations)
    assert (
        bid
        == "Seat 0 bid, but they sit out this hand because their partner, seat 2, defends alone."
    )
    assert play == (
        "Seat 0 played the queen of spades, but they sit out this hand because their partner, "
        "seat 2, defends alone."
    )
    bid, play = (v.message for v in referee.check(defended, lang="ko").violations)
    assert bid == (
        "0번 자리가 비드했지만, 파트너인 2번 자리가 단독 수비를 하므로 이번 판에서 빠져 있어야 "
        "합니다."
    )
    assert play.startswith(
        "0번 자리가 스페이드 퀸을 냈지만, 파트너인 2번 자리가 단독 수비를 하므로"
    )


MOON_LAID_AWAY = {
    "ruleset": "bid-euchre",
    "dealer": 0,
    "bids": [{"seat": 1, "action": "moon", "suit": "H"}],
    "exchange": {"passed": [{"seat": 3, "card": "AH"}], "discard": ["9D"]},
    "tricks": [[{"seat": 1, "card": "9D"}]],
}
BID_UNDECLARED = {
    "ruleset": "bid-euchre",
    "dealer": 0,
    "bids": [
        {"seat": 1, "action": "bid", "tricks": 3},
        *({"seat": seat, "action": "pass"} for seat in (2, 3, 0)),
    ],
}


@pytest.mark.parametrize(
    ("data", "english", "korean"),
    [
        pytest.param(
            MOON_LAID_AWAY,
            "Seat 1 played the 9 of diamonds, which they had laid away in the exchange.",
            "1번 자리가 카드 교환에서 자기가 내려놓은 다이아몬드 9를 냈습니다.",
            id="the moon bidder plays a card it laid away",
        ),
        pytest.param(
            {**BID_UNDECLARED, "tricks": [[{"seat": 1, "card": "AS"}]]},
            "Seat 1 played the ace of spades before naming trump.",
            "1번 자리가 트럼프를 선언하기 전에 스페이드 에이스를 냈습니다.",
            id="the maker leads before naming trump",
        ),
        pytest.param(
            {
                **BID_UNDECLARED,
                "bids": [
                    *BID_UNDECLARED["bids"],
                    {"seat": 1, "action": "declare", "no_trump": "low"},
                ],
            },
            "Seat 1 named low no-trump, which these rules do not allow.",
            "1번 자리가 이 규칙에서 허용하지 않는 로우 노트럼프를 선언했습니다.",
            id="a low no-trump declared where only high is played",
        ),
    ],
)
def test_a_seat_s_own_act_is_told_once_and_a_no_trump_by_its_name(
    data: dict[str, Any], english: str, korean: str
) -> None:
    """The seat that laid a card away, or must name trump, is the one that played: the message
    names it once (not "seat 1 played ..., which seat 1 laid away"), and a no-trump is named in
    the terms table's words (로우 노트럼프), not by the record's "low"."""
    assert [v.message for v in referee.check(data).violations] == [english]
    assert [v.message for v in referee.check(data, lang="ko").violations] == [korean]


# -- the particle rules' one home, and the app's copy of them ----------------------------------

SHARED_CASES = json.loads(
    (Path(__file__).resolve().parents[1] / "korean_particles.json").read_text(encoding="utf-8")
)["cases"]


@pytest.mark.parametrize(
    ("word", "pair", "form"),
    SHARED_CASES,
    ids=[f"{w or 'nothing'} {p}" for w, p, _ in SHARED_CASES],
)
def test_the_server_picks_the_particle_of_the_shared_table(word: str, pair: Any, form: str) -> None:
    # The table app keeps a copy of these rules; the same cases hold it to the same answers
    # (tests/browser/test_korean_words.py).
    assert particle(word, pair) == form


@pytest.mark.parametrize(
    ("filled", "said"),
    [
        ("디렉터 Dora (demo director)이(가) 확인함", "디렉터 Dora (demo director)가 확인함"),
        ("Ann을(를) 복원했습니다.", "Ann을 복원했습니다."),
        ("Ben와(과) Cat의 자리를 바꿨습니다.", "Ben과 Cat의 자리를 바꿨습니다."),
        ("ann@example.org(으)로 보냈습니다.", "ann@example.org로 보냈습니다."),
        ("Paul(으)로", "Paul로"),
        ("7–2(으)로 확인됐고", "7–2로 확인됐고"),
        ("이(가) 앞에 낱말이 없으면 그대로", "이(가) 앞에 낱말이 없으면 그대로"),
        ("괄호 없는 문장", "괄호 없는 문장"),
    ],
)
def test_text_filled_elsewhere_takes_each_particle_in_its_words_form(filled: str, said: str):
    """A message of the server's catalogue filled with `%` (a name, an address, a score), each
    particle after a word in the form that word takes, as `fill` does for the referee's own."""
    assert with_particles(filled) == said


def test_a_seat_key_in_other_digits_takes_the_particle_of_its_number() -> None:
    """A key refused for not being plain ASCII digits is echoed as written; its particle is
    the one the number takes, as a Korean reads "１" (일)."""
    with pytest.raises(referee.MalformedRecord) as refused:
        referee.check({"dealer": 0, "hands": {"\uff11": ["9H"]}})
    assert refused.value.detail_in("ko").startswith('"\uff11"은 이 테이블의 자리가 아닙니다')
