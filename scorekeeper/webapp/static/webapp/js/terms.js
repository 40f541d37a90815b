// The game's words in Korean: the one reviewed table of terms (docs/terms.md; a test keeps
// this module the same as that table, as referee/terms.py is). The app's Korean words take
// their terms from here by name (words/ko.js: `${T.lone}` where the term for going alone
// stands); nothing reads docs/ while the app runs.

export const TERMS = Object.freeze({
  "lone": {
    "english": "going alone, a lone hand",
    "korean": "단독 플레이"
  },
  "loner": {
    "english": "a lone player (the loner)",
    "korean": "단독 플레이어"
  },
  "defend_alone": {
    "english": "defending alone",
    "korean": "단독 수비"
  },
  "lone_defender": {
    "english": "a lone defender",
    "korean": "단독 수비수"
  },
  "canadian_loner": {
    "english": "Canadian loner",
    "korean": "캐나다식 단독 플레이"
  },
  "stick_the_dealer": {
    "english": "stick the dealer",
    "korean": "스틱 더 딜러"
  },
  "euchre": {
    "english": "euchre, euchred",
    "korean": "유커"
  },
  "trump": {
    "english": "trump",
    "korean": "트럼프"
  },
  "order_up": {
    "english": "order up",
    "korean": "오더 업"
  },
  "upcard": {
    "english": "upcard",
    "korean": "업카드"
  },
  "left_bower": {
    "english": "left bower",
    "korean": "레프트 바우어"
  },
  "right_bower": {
    "english": "right bower",
    "korean": "라이트 바우어"
  },
  "joker": {
    "english": "joker (Benny)",
    "korean": "조커"
  },
  "maker": {
    "english": "maker, the makers",
    "korean": "메이커"
  },
  "defenders": {
    "english": "defenders",
    "korean": "수비 팀"
  },
  "make": {
    "english": "make (three or four tricks)",
    "korean": "성공"
  },
  "march": {
    "english": "march (all five tricks)",
    "korean": "마치"
  },
  "march_alone": {
    "english": "march, standing alone",
    "korean": "마치(5트릭)"
  },
  "renege": {
    "english": "renege",
    "korean": "무늬 안 따르기"
  },
  "follow_suit": {
    "english": "follow suit",
    "korean": "무늬를 따르다"
  },
  "suit": {
    "english": "suit",
    "korean": "무늬"
  },
  "dealer": {
    "english": "dealer",
    "korean": "딜러"
  },
  "bid": {
    "english": "bid",
    "korean": "비드"
  },
  "pass": {
    "english": "pass",
    "korean": "패스"
  },
  "call": {
    "english": "call (name a suit in round 2)",
    "korean": "부르다"
  },
  "round": {
    "english": "round (of bidding)",
    "korean": "라운드"
  },
  "trick": {
    "english": "trick",
    "korean": "트릭"
  },
  "lead": {
    "english": "lead",
    "korean": "리드"
  },
  "sit_out": {
    "english": "sit out",
    "korean": "빠지다"
  },
  "discard": {
    "english": "discard",
    "korean": "버리다"
  },
  "thrown_in": {
    "english": "thrown-in hand",
    "korean": "무효 판"
  },
  "poor_hand_redeal": {
    "english": "poor-hand redeal",
    "korean": "나쁜 패 다시 돌리기"
  },
  "cards_held": {
    "english": "hand (the cards a seat holds)",
    "korean": "손패"
  },
  "deal": {
    "english": "hand (one deal, played out)",
    "korean": "판"
  },
  "seat": {
    "english": "seat",
    "korean": "자리"
  },
  "partner": {
    "english": "partner",
    "korean": "파트너"
  },
  "six_handed": {
    "english": "six-handed Euchre",
    "korean": "6인 유커"
  },
  "bid_euchre": {
    "english": "Bid Euchre",
    "korean": "비드 유커"
  },
  "auction": {
    "english": "auction (Bid Euchre's bidding)",
    "korean": "비딩"
  },
  "no_trump": {
    "english": "no-trump",
    "korean": "노트럼프"
  },
  "high_no_trump": {
    "english": "high no-trump (aces high)",
    "korean": "하이 노트럼프"
  },
  "low_no_trump": {
    "english": "low no-trump (nines high)",
    "korean": "로우 노트럼프"
  },
  "moon": {
    "english": "shoot the moon (a moon)",
    "korean": "슛 더 문"
  },
  "loner_bid": {
    "english": "a loner (a lone bid with no exchange)",
    "korean": "교환 없는 단독 플레이"
  },
  "declare": {
    "english": "name trump after the auction (declare)",
    "korean": "선언하다"
  },
  "exchange": {
    "english": "the exchange (cards passed to a lone player)",
    "korean": "카드 교환"
  },
  "call_for_best": {
    "english": "calling for a partner's best card",
    "korean": "베스트 카드 요청"
  },
  "lay_away": {
    "english": "lay away (a lone player's cards out of play)",
    "korean": "내려놓다"
  },
  "bid_made": {
    "english": "a made bid",
    "korean": "비드 성공"
  },
  "bid_set": {
    "english": "a set (the makers short of their bid)",
    "korean": "비드 실패"
  },
  "set": {
    "english": "set (a lone bid short)",
    "korean": "실패"
  }
});

/** Each term's Korean, by name. */
export const T = Object.freeze(Object.fromEntries(Object.entries(TERMS).map(([name, term]) => [name, term.korean])));

/** Words used before the table, and what replaced them (a test keeps them out of the app). */
export const RETIRED = Object.freeze([
  [
    "혼자 하기",
    "단독 플레이"
  ],
  [
    "혼자 하다 유커",
    "단독 플레이 유커"
  ],
  [
    "혼자 수비",
    "단독 수비"
  ],
  [
    "혼자 플레이",
    "단독 플레이"
  ],
  [
    "혼자 하는",
    "단독 플레이하는"
  ],
  [
    "딜러 강제",
    "스틱 더 딜러"
  ],
  [
    "리니그",
    "무늬 안 따르기"
  ],
  [
    "메이크",
    "성공"
  ],
  [
    "1번째 (a number before 번째)",
    "첫 번째, 두 번째, …"
  ],
  [
    "핸드 (a deal; 파머스 핸드, the rule's English name, stays)",
    "판"
  ],
  [
    "매치 포인트",
    "승점"
  ]
]);
