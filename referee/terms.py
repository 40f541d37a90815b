"""The game's words in Korean: the one reviewed table of terms (docs/terms.md, which a test
keeps the same as this module). The referee's Korean messages take their terms from here, by
name: a template writes ``{t_lone}`` where the term for going alone stands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Term:
    name: str
    english: str
    korean: str
    used: str


TERMS: Final = (
    Term(
        "lone",
        "going alone, a lone hand",
        "단독 플레이",
        "referee: going alone, loner's partner sits out, contracts, awards; app: opt.going_alone, opt.partner_must_go_alone, hand.alone, rule.going-alone; server: Loners made, Loners tried",
    ),
    Term(
        "loner",
        "a lone player (the loner)",
        "단독 플레이어",
        "referee: who leads against a loner, a loner's partner; "
        "app: opt.loner_lead.left-of-loner, ref.exchange.hint",
    ),
    Term(
        "defend_alone",
        "defending alone",
        "단독 수비",
        "referee: defend-alone declarations, awards; app: opt.defend_alone, opt.defend_alone_vs_partnership, hand.defender, hand.defended",
    ),
    Term(
        "lone_defender",
        "a lone defender",
        "단독 수비수",
        "referee: a lone defender's partner",
    ),
    Term(
        "canadian_loner",
        "Canadian loner",
        "캐나다식 단독 플레이",
        "referee: who leads; app: opt.canadian_loner",
    ),
    Term(
        "stick_the_dealer",
        "stick the dealer",
        "스틱 더 딜러",
        "referee: the stuck dealer passes; app: opt.stuck_dealer.must-call; server: No hand is thrown in here: with stick the dealer the dealer must call.",
    ),
    Term(
        "euchre",
        "euchre, euchred",
        "유커",
        "referee: awards; app: award.euchre, pts.euchre, outcome.euchred; server: Euchres, euchres made",
    ),
    Term(
        "trump",
        "trump",
        "트럼프",
        "referee: bidding, renege, contracts; app: hand.trump, hand.trump.optional, hand.maker",
    ),
    Term(
        "order_up",
        "order up",
        "오더 업",
        "referee: bidding; app: opt.partner_must_go_alone, opt.dealer_pickup_optional.hint",
    ),
    Term(
        "upcard",
        "upcard",
        "업카드",
        "referee: bidding, discard, cards held; app: opt.dealer_may_discard_upcard, opt.stuck_dealer.takes-upcard",
    ),
    Term(
        "left_bower",
        "left bower",
        "레프트 바우어",
        "referee: renege; app: opt.must_hold_suit.hint",
    ),
    Term(
        "right_bower",
        "right bower",
        "라이트 바우어",
        "rules pages: how the cards rank",
    ),
    Term(
        "joker",
        "joker (Benny)",
        "조커",
        "referee: joker upcard, renege",
    ),
    Term(
        "maker",
        "maker, the makers",
        "메이커",
        "referee: contracts, awards, lone defence; app: hand.tricks; server: Marched as maker, Euchred as maker",
    ),
    Term(
        "defenders",
        "defenders",
        "수비 팀",
        "referee: awards; server: Euchres made as a defender",
    ),
    Term(
        "make",
        "make (three or four tricks)",
        "성공",
        "referee: awards; app: award.make, pts.make, outcome.made",
    ),
    Term(
        "march",
        "march (all five tricks)",
        "마치",
        "referee: awards in a phrase (단독 플레이 마치); app: award.lone-march, pts.lone_march",
    ),
    Term(
        "march_alone",
        "march, standing alone",
        "마치(5트릭)",
        "referee: awards; app: award.march, pts.march, outcome.march",
    ),
    Term(
        "renege",
        "renege",
        "무늬 안 따르기",
        "referee: renege rulings, awards; app: award.renege, pts.renege, hand.renege, renege.title, ref.renege",
    ),
    Term(
        "follow_suit",
        "follow suit",
        "무늬를 따르다",
        "referee: renege; app: rule.follow-suit",
    ),
    Term(
        "suit",
        "suit",
        "무늬",
        "referee: bidding, renege",
    ),
    Term(
        "dealer",
        "dealer",
        "딜러",
        "referee: bidding, discard; app: hand.dealt_by",
    ),
    Term(
        "bid",
        "bid",
        "비드",
        "referee: bidding",
    ),
    Term(
        "pass",
        "pass",
        "패스",
        "referee: bidding",
    ),
    Term(
        "call",
        "call (name a suit in round 2)",
        "부르다",
        "referee: bidding",
    ),
    Term(
        "round",
        "round (of bidding)",
        "라운드",
        "referee: bidding",
    ),
    Term(
        "trick",
        "trick",
        "트릭",
        "referee: play; app: hand.tricks, ref.trick",
    ),
    Term(
        "lead",
        "lead",
        "리드",
        "referee: play; app: ref.leader, rule.lead",
    ),
    Term(
        "sit_out",
        "sit out",
        "빠지다",
        "referee: a loner's partner; app: rule.going-alone",
    ),
    Term(
        "discard",
        "discard",
        "버리다",
        "referee: the dealer's discard",
    ),
    Term(
        "thrown_in",
        "thrown-in hand",
        "무효 판",
        "referee: awards, thrown-in hands; app: award.thrown-in, hand.thrown_in, hand.kind.thrown-in",
    ),
    Term(
        "poor_hand_redeal",
        "poor-hand redeal",
        "나쁜 패 다시 돌리기",
        "referee: redeal requests; app: hand.redeal",
    ),
    Term(
        "cards_held",
        "hand (the cards a seat holds)",
        "손패",
        "referee: cards held",
    ),
    Term(
        "deal",
        "hand (one deal, played out)",
        "판",
        "referee: thrown-in hands; app: hand.title, hands.title",
    ),
    Term(
        "seat",
        "seat",
        "자리",
        "referee: every ruling",
    ),
    Term(
        "partner",
        "partner",
        "파트너",
        "referee: sitting out; app: rule.going-alone",
    ),
    Term(
        "six_handed",
        "six-handed Euchre",
        "6인 유커",
        "rules pages: the presets; app: preset.six-handed",
    ),
    Term(
        "bid_euchre",
        "Bid Euchre",
        "비드 유커",
        "rules pages: the presets; app: preset.bid-euchre",
    ),
    Term(
        "auction",
        "auction (Bid Euchre's bidding)",
        "비딩",
        "referee: the auction, contracts; app: hand.maker.bid",
    ),
    Term(
        "no_trump",
        "no-trump",
        "노트럼프",
        "referee: bids, naming trump; app: bid.no_trump",
    ),
    Term(
        "high_no_trump",
        "high no-trump (aces high)",
        "하이 노트럼프",
        "referee: bids; app: bid.no_trump.high",
    ),
    Term(
        "low_no_trump",
        "low no-trump (nines high)",
        "로우 노트럼프",
        "referee: bids; app: bid.no_trump.low",
    ),
    Term(
        "moon",
        "shoot the moon (a moon)",
        "슛 더 문",
        "referee: bids, the exchange, awards; app: bid.moon, award.moon-made, award.moon-set",
    ),
    Term(
        "loner_bid",
        "a loner (a lone bid with no exchange)",
        "교환 없는 단독 플레이",
        "referee: bids, awards; app: bid.loner, award.loner-made, award.loner-set",
    ),
    Term(
        "declare",
        "name trump after the auction (declare)",
        "선언하다",
        "referee: naming trump",
    ),
    Term(
        "exchange",
        "the exchange (cards passed to a lone player)",
        "카드 교환",
        "referee: the exchange; app: ref.exchange",
    ),
    Term(
        "call_for_best",
        "calling for a partner's best card",
        "베스트 카드 요청",
        "referee: the exchange",
    ),
    Term(
        "lay_away",
        "lay away (a lone player's cards out of play)",
        "내려놓다",
        "referee: the exchange",
    ),
    Term(
        "bid_made",
        "a made bid",
        "비드 성공",
        "referee: awards; app: award.bid-made",
    ),
    Term(
        "bid_set",
        "a set (the makers short of their bid)",
        "비드 실패",
        "referee: awards; app: award.bid-set",
    ),
    Term(
        "set",
        "set (a lone bid short)",
        "실패",
        "referee: awards in a phrase (슛 더 문 실패); app: award.moon-set, award.loner-set",
    ),
)

#: Words the referee used before the table, and what replaced them (a test keeps them out).
RETIRED: Final = (
    ("혼자 하기", "단독 플레이"),
    ("혼자 하다 유커", "단독 플레이 유커"),
    ("혼자 수비", "단독 수비"),
    ("혼자 플레이", "단독 플레이"),
    ("혼자 하는", "단독 플레이하는"),
    ("딜러 강제", "스틱 더 딜러"),
    ("리니그", "무늬 안 따르기"),
    ("메이크", "성공"),
    ("1번째 (a number before 번째)", "첫 번째, 두 번째, …"),
    ("핸드 (a deal; 파머스 핸드, the rule's English name, stays)", "판"),
    ("매치 포인트", "승점"),
)

#: Each term by its placeholder in a Korean template: ``t_`` and its name.
KOREAN_TERMS: Final = {f"t_{term.name}": term.korean for term in TERMS}
