// The events screens' words in the page's language (<html lang>, which the server chose from
// the visitor's language, else the club's). English is the key; Korean beside it.
import { withParticles } from "../webapp/js/korean.js";
import { KO as TABLE_APP_KO } from "../webapp/js/words/ko.js";

const KO = {
  "#": "#",
  Team: "팀",
  Player: "선수",
  Played: "경기 수",
  Pl: "경기",
  Won: "이긴 경기",
  W: "승",
  "Match points": "승점",
  MP: "승점",
  Total: "합계",
  "Per round": "라운드당",
  For: "득점",
  Against: "실점",
  Byes: "쉼",
  Credit: "쉼 점수",
  Euchres: "유커",
  "Tie-break": "동점 처리",
  "1 result waiting for confirmation.": "확인을 기다리는 결과 1개.",
  "{count} results waiting for confirmation.": "확인을 기다리는 결과 {count}개.",
  "{title}: {who}": "{title}: {who}",
  "none yet": "아직 없음",
  "{name} ({value}, round {round})": "{name} ({value}, {round}라운드)",
  "(left)": "(떠남)",
  "(guest, substituting)": "(게스트, 대신 참가)",
  "Round {number}": "{number}라운드",
  "Round {number} (complete)": "{number}라운드 (완료)",
  "Table {number}": "{number}번 테이블",
  "{first} v {second}": "{first} 대 {second}",
  playing: "진행 중",
  entered: "확인 대기",
  confirmed: "확인됨",
  disputed: "이의 제기됨",
  "(confirmed on the scorer's phone)": "(점수 기록 폰에서 확인됨)",
  "Sitting out: {names}": "쉬는 선수: {names}",
  "Bye: {names}": "부전승: {names}",
  "choose your name": "이름을 고르세요",
  "Round {round}: table {table}, seat {seat}. Partner: {partner}. Against: {against}.":
    "{round}라운드: {table}번 테이블, {seat} 자리. 파트너: {partner}. 상대: {against}.",
  "{first} and {second}": "{first}, {second}",
  "Round {round}: you sit out this round.": "{round}라운드: 이번 라운드는 쉽니다.",
  "Round {round}: you are not seated.": "{round}라운드: 자리가 배정되지 않았습니다.",
};

// Side prizes in Korean, by kind (the API names them in English).
const KO_PRIZES = {
  "most-loners": "단독 플레이 최다 성공",
  "most-euchres": "유커 최다",
  "highest-game": "한 게임 최고 점수",
  booby: "꼴찌상",
};

const korean = document.documentElement.lang === "ko";

/** The text in the page's language, with {name} filled from `values` (in Korean, a name's
 * particle in the form the name takes). */
export function t(text, values = {}) {
  const template = (korean && KO[text]) || text;
  const filled = template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  return korean ? withParticles(filled) : filled;
}

/** A seat's compass letter as the API sends it (N, NE, ...) in the page's language: the
 * table app's word for it. */
export function seatWord(letter) {
  return (korean && TABLE_APP_KO[`seat.${letter}`]) || letter;
}

/** A side prize's title in the page's language. */
export function prizeTitle(prize) {
  return (korean && KO_PRIZES[prize.kind]) || prize.title;
}

/** Who won a side prize, each with their figure (and the round of a highest single game, as
 * the results page says it): "Aces (10, round 1), Bowers (10, round 2)"; `none` if nobody. */
export function prizeWinners(prize, none) {
  const each = (w) => (w.round
    ? t("{name} ({value}, round {round})", { name: w.name, value: w.value, round: w.round })
    : `${w.name} (${w.value})`);
  return prize.winners.map(each).join(", ") || none;
}
