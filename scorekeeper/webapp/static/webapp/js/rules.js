// What the app shows about seats, teams, suits and cards. The rules themselves live in the
// referee on the server: the preview before a hand is saved is looked up in the award table
// the referee made for the game's ruleset (sent with the game), and is replaced by the
// referee's award as soon as the hand is recorded.

import { t } from "./i18n.js";

export const SUITS = ["C", "D", "H", "S"];
export const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const RED = new Set(["D", "H"]);
export const PRESETS = ["standard", "uka", "two-handed", "three-handed", "british"];
/** How a table says a hand ended, as the API's quick entry takes it (the referee's words). */
export const OUTCOMES = ["made", "march", "euchred"];

/** Compass letters for the seats, clockwise (play passes to the left). */
export function seatLetters(players) {
  if (players === 2) return ["N", "S"];
  if (players === 3) return ["N", "E", "W"];
  return ["N", "E", "S", "W"];
}

export function seatLetter(players, seat) {
  return t(`seat.${seatLetters(players)[seat]}`);
}

export function teamCount(ruleset) {
  return ruleset.players === 4 ? 2 : ruleset.players;
}

export function teamOf(ruleset, seat) {
  return ruleset.players === 4 ? seat % 2 : seat;
}

export function teamSeats(ruleset, team) {
  return [...Array(ruleset.players).keys()].filter((seat) => teamOf(ruleset, seat) === team);
}

/** "N/S" for a partnership, or the seat letter where every player is on their own. */
export function teamLabel(ruleset, team) {
  return teamSeats(ruleset, team).map((seat) => seatLetter(ruleset.players, seat)).join("/");
}

/** A player's name with their seat, "Ann (N)". */
export function seatName(game, seat) {
  return `${game.players[seat]} (${seatLetter(game.ruleset.players, seat)})`;
}

export function teamNames(game, team) {
  return teamSeats(game.ruleset, team).map((seat) => game.players[seat]).join(" & ");
}

export function nextDealer(ruleset, dealer) {
  return (dealer + 1) % ruleset.players;
}

/**
 * The points a quick entry would score: looked up in the game's award table, which the
 * referee computed for this ruleset (no scoring rule lives here). Only a preview: the saved
 * hand carries the referee's own award.
 */
export function previewAward(game, entry) {
  if (entry.thrown_in || entry.record) return { reason: "thrown-in", points: {} };
  const ruleset = game.ruleset;
  const defended = entry.defender_alone !== null && entry.defender_alone !== undefined;
  if (entry.renege !== undefined && entry.renege !== null) return previewPenalty(game, entry, defended);
  const told = entry.maker_tricks === null || entry.maker_tricks === undefined
    ? (candidate) => candidate.outcome === entry.outcome
    : (candidate) => candidate.maker_tricks === entry.maker_tricks;
  const row = (game.awards || []).find((candidate) => candidate.alone === Boolean(entry.alone)
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
  const row = (game.penalties || []).find((candidate) => candidate.alone === Boolean(entry.alone)
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
  return scorers.map(([team, value]) => t(short ? "award.points.short" : "award.points", {
    points: value,
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
  const ranks = deck === 32 ? ["7", "8", "9", "T", "J", "Q", "K", "A"] : ["9", "T", "J", "Q", "K", "A"];
  const cards = SUITS.flatMap((suit) => ranks.map((rank) => rank + suit));
  if (deck === 25) cards.push("JOKER");
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
  return score < ruleset.target && score + ruleset.points.make >= ruleset.target;
}

/** The projected winner of a score list: the one team alone at the top, at the target. */
export function leader(ruleset, score) {
  const best = Math.max(...score);
  if (best < ruleset.target || score.filter((value) => value === best).length > 1) return null;
  return score.indexOf(best);
}
