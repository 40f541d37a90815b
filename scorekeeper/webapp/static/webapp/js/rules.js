// What the app shows about seats, teams, suits and cards; the rules are the referee's (a
// preview is looked up in the award table it made for the game's ruleset).

import { t } from "./i18n.js";

export const SUITS = ["C", "D", "H", "S"];
export const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const RED = new Set(["D", "H"]);
export const PRESETS = ["standard", "uka", "two-handed", "three-handed", "british", "six-handed", "bid-euchre"];
/** How a table says a hand ended in a turn-up game, as the API's quick entry takes it (the
 * referee's words). An auction's hand is said by its bid and tricks instead. */
export const OUTCOMES = ["made", "march", "euchred"];

/** The standard game (four seats, 24 cards) as a ruleset: what the referee's screen judges
 * before the presets have come, and the table of a seating kept by an earlier build, whose
 * seats named no letter (the events seated four then). */
export const STANDARD = { preset: "standard", players: 4, deck: 24, points: {} };

/** The table's shape of rulesets kept on a phone from before the server sent it with every
 * ruleset: they had two, three or four seats, five cards each. */
const SHAPE_BEFORE = {
  2: { seats: ["N", "S"], teams: [[0], [1]] },
  3: { seats: ["N", "E", "W"], teams: [[0], [1], [2]] },
  4: { seats: ["N", "E", "S", "W"], teams: [[0, 2], [1, 3]] },
};

/**
 * The table's shape: the seats' letters clockwise (`seats`), the seats of each team
 * (`teams`) and the cards in a hand (`hand_size`), as the referee sends them with the
 * ruleset. Nothing here works them out from the number of players (but an auction's cards
 * a hand, from a deck changed on a form, as the referee's `hand_size` does).
 */
export function tableShape(ruleset) {
  const shape = ruleset.seats && ruleset.teams && ruleset.hand_size
    ? ruleset : { ...SHAPE_BEFORE[ruleset.players], hand_size: 5 };
  // An auction deals every card: a deck changed on a form (a new game's, the console's) deals
  // more to each before the server has said so.
  if (ruleset.bidding !== "auction" || shape.hand_size * ruleset.players === ruleset.deck) return shape;
  return { ...shape, hand_size: ruleset.deck / ruleset.players };
}

/** Compass letters for the seats, clockwise (play passes to the left). */
export function seatLetters(ruleset) {
  return tableShape(ruleset).seats;
}

export function seatLetter(ruleset, seat) {
  return t(`seat.${seatLetters(ruleset)[seat]}`);
}

export function teamCount(ruleset) {
  return tableShape(ruleset).teams.length;
}

export function teamOf(ruleset, seat) {
  return tableShape(ruleset).teams.findIndex((seats) => seats.includes(seat));
}

export function teamSeats(ruleset, team) {
  return tableShape(ruleset).teams[team];
}

/** Cards dealt to each seat, and so tricks in a hand. */
export function handSize(ruleset) {
  return tableShape(ruleset).hand_size;
}

/** How many seats a row of the players' names holds: every seat up to four while the names
 * are short; two where one is longer than a quarter of a phone's row takes, and at a table of
 * six (each column is then one team). A name never breaks inside a word. */
export function seatsARow(ruleset, names = []) {
  if (ruleset.players > 4) return 2;
  return names.some((name) => nameEms(name) > QUARTER_ROW_EMS) ? 2 : ruleset.players;
}

/** Whether the names go one a row where text is large (two across hold none of them whole). */
export function namesOneARow(ruleset, names = []) {
  return ruleset.players > 4 || names.some((name) => nameEms(name) > HALF_ROW_EMS_LARGE);
}

/** How many of these choices go across (`most` at most, two at least), each name whole. */
export function namesAcross(names, most) {
  let across = most;
  while (across > 2 && names.some((name) => nameEms(name) > ROW_EMS / across)) across -= 1;
  return across;
}

// What a choice's face holds on a 360 px phone, in ems of its bold text: a quarter of the row
// at the usual size, half of it at 200%.
const ROW_EMS = 12;
const QUARTER_ROW_EMS = ROW_EMS / 4;
const HALF_ROW_EMS_LARGE = 4;

/** About how wide a name is, in ems: a Hangul or other wide character about one, any other
 * about 0.62 (enough to tell whether a row of names fits). */
function nameEms(name) {
  let ems = 0;
  for (const char of String(name || "")) ems += /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(char) ? 1 : 0.62;
  return ems;
}

/** Whether seats play in teams (partners), rather than each for itself. */
export function partnerships(ruleset) {
  return tableShape(ruleset).teams[0].length > 1;
}

/** Whether the makers win an auction and bid tricks (Bid Euchre), not turn up a card. */
export function isAuction(ruleset) {
  return ruleset.bidding === "auction";
}

/** An auction's bids, lowest first: the numbers of tricks from the lowest bid to the hand
 * size, then the lone bids the rules have (a moon, a loner). */
export function auctionBids(ruleset) {
  const numbers = [];
  for (let n = ruleset.min_bid; n <= handSize(ruleset); n += 1) numbers.push(n);
  const lone = { moon: ["moon"], "moon-loner": ["moon", "loner"] }[ruleset.lone_bids] || [];
  return [...numbers, ...lone];
}

/** "N/S" for a partnership, or the seat letter where every player is on their own. */
export function teamLabel(ruleset, team) {
  return teamSeats(ruleset, team).map((seat) => seatLetter(ruleset, seat)).join("/");
}

/** A player's name with their seat, "Ann (N)". */
export function seatName(game, seat) {
  return `${game.players[seat]} (${seatLetter(game.ruleset, seat)})`;
}

export function teamNames(game, team) {
  return teamSeats(game.ruleset, team).map((seat) => game.players[seat]).join(" & ");
}

/** Who leads a hand's first trick, as the referee rules it (`referee/seating.py`; a test holds
 * the two together): here only to tick who led before the referee is asked. */
export function firstLeader(ruleset, { dealer, maker = null, alone = false, orderedUp = false }) {
  if (isAuction(ruleset)) return maker;
  const players = ruleset.players;
  const lone = alone && maker !== null;
  const out = lone && partnerships(ruleset) ? teamSeats(ruleset, teamOf(ruleset, maker)).filter((seat) => seat !== maker) : [];
  const leftOf = (seat) => [...Array(players).keys()].map((i) => (seat + i + 1) % players).find((s) => !out.includes(s));
  const fromLoner = lone && ((ruleset.canadian_loner && orderedUp) || ruleset.loner_lead === "left-of-loner");
  return leftOf(fromLoner ? maker : dealer);
}

export function nextDealer(ruleset, dealer) {
  return (dealer + 1) % ruleset.players;
}

/** The points a quick entry would score: a preview looked up in the game's award table (the
 * referee's; no scoring rule lives here). The saved hand carries the referee's award. */
export function previewAward(game, entry) {
  if (entry.thrown_in || entry.record) return { reason: "thrown-in", points: {} };
  const ruleset = game.ruleset;
  const defended = entry.defender_alone !== null && entry.defender_alone !== undefined;
  if (entry.renege !== undefined && entry.renege !== null) return previewPenalty(game, entry, defended);
  const told = entry.maker_tricks === null || entry.maker_tricks === undefined
    ? (candidate) => candidate.outcome === entry.outcome
    : (candidate) => candidate.maker_tricks === entry.maker_tricks;
  const bid = entry.bid ?? null;
  const row = (game.awards || []).find((candidate) => (candidate.bid ?? null) === bid
    && (bid !== null || candidate.alone === Boolean(entry.alone))
    && candidate.defender_alone === defended && told(candidate));
  if (!row) return { reason: "thrown-in", points: {} };
  const makers = teamOf(ruleset, entry.maker);
  const points = {};
  for (let team = 0; team < teamCount(ruleset); team += 1) {
    const value = team === makers ? row.makers : row.defenders;
    if (value) points[String(team)] = value;
  }
  return { reason: row.reason, points };
}

/** A renege's points, looked up in the game's penalty table (the referee's). */
function previewPenalty(game, entry, defended) {
  const ruleset = game.ruleset;
  const makers = teamOf(ruleset, entry.maker);
  const offender = teamOf(ruleset, entry.renege) === makers ? "makers" : "defenders";
  const alone = Boolean(entry.alone) || entry.bid === "moon" || entry.bid === "loner";
  const row = (game.penalties || []).find((candidate) => candidate.alone === alone
    && candidate.defender_alone === defended && candidate.offender === offender);
  if (!row) return { reason: "renege", points: {} };
  const points = {};
  for (let team = 0; team < teamCount(ruleset); team += 1) {
    const value = team === makers ? row.makers : row.defenders;
    if (value) points[String(team)] = value;
  }
  return { reason: "renege", points };
}

/** "+2 to E/W" (or "no points"); `short`, "+2 E/W" (on a button). */
export function awardPoints(ruleset, award, { short = false } = {}) {
  const scorers = Object.entries(award.points || {}).filter(([, value]) => value);
  if (!scorers.length) return t("award.no_points");
  // A set in Bid Euchre takes points away: said as a loss, never "+-5".
  const said = (value) => (value < 0 ? "award.points_lost" : "award.points") + (short ? ".short" : "");
  return scorers.map(([team, value]) => t(said(value), {
    points: Math.abs(value),
    team: teamLabel(ruleset, Number(team)),
  })).join(", ");
}

/** "Euchred! +2 to E/W" */
export function awardText(ruleset, award) {
  const headline = t(`award.${award.reason}`);
  if (!Object.values(award.points || {}).some(Boolean)) return headline;
  return `${headline} ${awardPoints(ruleset, award)}`;
}

/** The cards of a ruleset's deck, by suit then rank. */
export function deckCards(deck) {
  const ranks = deck >= 32 ? ["7", "8", "9", "T", "J", "Q", "K", "A"] : ["9", "T", "J", "Q", "K", "A"];
  const cards = SUITS.flatMap((suit) => ranks.map((rank) => rank + suit));
  if (cards.length < deck) cards.push("JOKER"); // a joker deck: 25 cards, or 33 six-handed
  return cards;
}

export function cardFace(card) {
  if (card === "JOKER") return "★";
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SYMBOL[card[1]];
}

export function cardName(card) {
  if (card === "JOKER") return t("card.joker");
  // A suit inside a card's name is a common noun, as the referee writes it: "ace of spades".
  return t("card.name", { rank: t(`rank.${card[0]}`), suit: t(`suit.${card[1]}`).toLowerCase() });
}

/** The score a team needs to be "at game point": one made hand from the target. */
export function atGamePoint(ruleset, score) {
  if (isAuction(ruleset)) {
    // One made bid from winning: the least one scores `min_bid`. Where only a contract wins
    // the game, a side at the target already wins on the next bid it makes or sets.
    if (score >= ruleset.target && !ruleset.target_needs_contract) return false;
    return score + (ruleset.min_bid ?? 3) >= ruleset.target;
  }
  return score < ruleset.target && score + ruleset.points.make >= ruleset.target;
}

/** A score as it is shown: below zero with a minus sign ("−4"), not a hyphen. */
export function scoreText(points) {
  return points < 0 ? `\u2212${-points}` : String(points);
}

/** The projected winner (`referee.game_winner`, until the server answers): the one team alone
 * at the top at the target; in Bid Euchre (`target_needs_contract`) the team the last hand
 * (`last`) made or set for, then at the target; another auction's, the team at the target,
 * the makers when both are. A turn-up game is won by the score alone, whatever
 * `target_needs_contract` says. */
export function leader(ruleset, score, last = null) {
  if (isAuction(ruleset) && !ruleset.target_needs_contract) {
    if (!last || last.maker === null || last.maker === undefined) return null;
    const reached = score.map((points, team) => (points >= ruleset.target ? team : -1)).filter((team) => team >= 0);
    if (reached.length > 1) return teamOf(ruleset, last.maker);
    return reached.length ? reached[0] : null;
  }
  if (isAuction(ruleset) && ruleset.target_needs_contract) {
    if (!last || last.maker === null || last.maker === undefined) return null;
    const makers = teamOf(ruleset, last.maker);
    const reason = last.award.reason || "";
    const points = last.award.points || {};
    // A renege: the side that did not renege (scoring 0, it is the other team).
    const scored = Object.keys(points).find((key) => points[key] > 0);
    const offender = Object.keys(points).find((key) => points[key] < 0);
    const team = reason.endsWith("-made") ? makers
      : reason.endsWith("-set") ? 1 - makers
        : scored !== undefined ? Number(scored) : offender !== undefined ? 1 - Number(offender) : -1;
    return team >= 0 && score[team] >= ruleset.target ? team : null;
  }
  const best = Math.max(...score);
  if (best < ruleset.target || score.filter((value) => value === best).length > 1) return null;
  return score.indexOf(best);
}

// The rules' options a club may change (a new game's and the console's); `when`: where it means
// anything. A turn-up game's options; Bid Euchre's auction has none of them but its points.
// An option is a switch, a choice of `values` (numbers are sent as numbers), or a whole number
// from `range(r)` ([lowest, highest]); `words`: the key of its words where one option reads
// differently for an auction (`opt.<words>`, else `opt.<key>`).
export const TURN_UP = (r) => !isAuction(r);
export const ALONE = (r) => TURN_UP(r) && partnerships(r) && r.going_alone;
const MOONS = (r) => isAuction(r) && r.lone_bids !== "none";
/** The key of an option's words (`opt.<it>`, `opt.<it>.hint`, `opt.<it>.<value>`). */
export const optionWords = (option) => option.words || option.key;
export const MAIN_OPTIONS = [
  { key: "stuck_dealer", values: ["must-call", "redeal", "takes-upcard"], when: TURN_UP },
  { key: "going_alone", when: (r) => TURN_UP(r) && partnerships(r) },
  { key: "defend_alone", when: ALONE },
  { key: "canadian_loner", when: ALONE },
  { key: "must_hold_suit", when: TURN_UP },
  { key: "turned_down_suit_callable", when: TURN_UP },
  { key: "min_bid", range: (r) => [1, handSize(r)], when: isAuction },
  { key: "no_trump", values: ["off", "high", "high-low"], when: isAuction },
  { key: "lone_bids", values: ["none", "moon", "moon-loner"], when: isAuction },
  { key: "stuck_dealer", words: "stuck_dealer_auction", values: ["must-call", "redeal"], when: isAuction },
];
export const MORE_OPTIONS = [
  { key: "loner_lead", values: ["left-of-dealer", "left-of-loner"], when: ALONE },
  { key: "partner_must_go_alone", when: ALONE },
  { key: "defend_alone_vs_partnership", when: (r) => ALONE(r) && r.defend_alone },
  { key: "call_for_best", values: ["off", "one", "each"], when: ALONE },
  { key: "deck", values: [32, 33], when: (r) => TURN_UP(r) && r.players === 6 },
  { key: "poor_hand_redeal", values: ["off", "no-ace-no-face", "no-ace-no-face-no-trump"], when: TURN_UP },
  { key: "dealer_may_discard_upcard", when: TURN_UP },
  { key: "dealer_pickup_optional", when: (r) => TURN_UP(r) && r.players === 2 },
  { key: "bid_rounds", values: ["once", "until-passed"], when: isAuction },
  { key: "deck", words: "deck_auction", values: [24, 32], when: isAuction },
  { key: "moon_exchange", values: [0, 1, 2], when: MOONS },
  { key: "bid_scoring", values: ["tricks", "bid"], when: isAuction },
  { key: "target_needs_contract", when: isAuction },
];
export const POINTS = [
  { key: "make", when: TURN_UP },
  { key: "march", when: TURN_UP },
  { key: "euchre", when: TURN_UP },
  { key: "moon", when: MOONS },
  { key: "loner", when: (r) => isAuction(r) && r.lone_bids === "moon-loner" },
  { key: "lone_make", when: ALONE },
  { key: "lone_march", when: ALONE },
  { key: "lone_euchre", when: ALONE },
  { key: "lone_short_is_euchre", when: ALONE },
  { key: "defend_alone_euchre", when: (r) => ALONE(r) && r.defend_alone },
  { key: "renege" },
  { key: "renege_alone", when: ALONE },
  { key: "renege_penalty" },
];
