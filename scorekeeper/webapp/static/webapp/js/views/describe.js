// Hands in words, for the list of hands and the log.

import { t } from "../i18n.js";
import { SYMBOL, awardText, isAuction, seatName } from "../rules.js";

/** The kind of hand an entry makes: a record asking for a redeal is a poor-hand redeal; a
 * renege, or a ruling recorded from the referee's screen, is a penalty. */
export function kindOf(body) {
  if (body.thrown_in) return "thrown-in";
  if (body.renege !== undefined) return "penalty";
  if (body.record) return body.record.bids?.some((bid) => bid.action === "redeal") ? "redeal" : "penalty";
  return "played";
}

/** The seat that reneged in a penalty hand: the entry's, or the referee's ruling's. */
function reneger(hand) {
  if (hand.renege !== undefined && hand.renege !== null) return hand.renege;
  return hand.verdict?.violations?.find((v) => v.code === "renege")?.seat ?? null;
}

/** "Ann (N) called ♥ alone, took 4" or "Thrown in". */
export function handSummary(game, hand) {
  if (hand.kind === "thrown-in") return t("hand.kind.thrown-in");
  if (hand.kind === "redeal") return t("hand.kind.redeal");
  const contract = hand.record?.contract;
  const maker = hand.maker ?? contract?.maker;
  if (maker === null || maker === undefined) return t(`award.${hand.award?.reason || "thrown-in"}`);
  const bid = hand.bid ?? contract?.lone_bid ?? contract?.bid ?? null;
  const suit = SYMBOL[hand.trump || contract?.trump];
  // The suit is kept only where the table gave it; an auction's hand says its bid.
  const called = suit
    ? t("hand.called", { maker: seatName(game, maker), suit })
    : t(isAuction(game.ruleset) ? "hand.won_bid" : "hand.called.no_suit", { maker: seatName(game, maker) });
  const parts = [bid === null
    ? called
    : t("hand.bid.said", { maker: seatName(game, maker), bid: typeof bid === "number" ? bid : t(`bid.${bid}`) })];
  const offender = hand.kind === "penalty" ? reneger(hand) : null;
  if (offender !== null) {
    if (hand.alone) parts.push(t("hand.alone.word"));
    parts.push(t("hand.reneged", { seat: seatName(game, offender) }));
    return parts.join(" · ");
  }
  if (hand.alone) parts.push(t("hand.alone.word"));
  if (hand.defender_alone !== null && hand.defender_alone !== undefined) {
    parts.push(t("hand.defended", { seat: seatName(game, hand.defender_alone) }));
  }
  if (hand.maker_tricks !== null && hand.maker_tricks !== undefined) {
    parts.push(t("hand.took", { tricks: hand.maker_tricks }));
  }
  return parts.join(" · ");
}

/** Text where a team's seats ("N/S", "북/남") and a word with its brackets ("마치(5트릭)",
 * "(북)이") never split across two lines: a word joiner after each slash and between a bracket
 * and the word it touches (Korean text breaks only at spaces, and at a slash or a bracket
 * unless told). */
export const unbroken = (text) =>
  text.replaceAll("/", "/\u2060").replace(/(\S)\(/g, "$1\u2060(").replace(/\)(?=\S)/g, ")\u2060");

export function handAward(game, hand) {
  return hand.award ? awardText(game.ruleset, hand.award) : "";
}
