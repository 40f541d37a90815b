// Hands in words, for the list of hands and the log.

import { t } from "../i18n.js";
import { SYMBOL, awardText, seatName } from "../rules.js";

/** The kind of hand an entry makes: a record sent from this screen is a poor-hand redeal. */
export function kindOf(body) {
  if (body.thrown_in) return "thrown-in";
  return body.record ? "redeal" : "played";
}

/** "Ann (N) called ♥ alone, took 4" or "Thrown in". */
export function handSummary(game, hand) {
  if (hand.kind === "thrown-in") return t("hand.kind.thrown-in");
  if (hand.kind === "redeal") return t("hand.kind.redeal");
  if (hand.maker === null || hand.maker === undefined) return t(`award.${hand.award?.reason || "thrown-in"}`);
  const parts = [t("hand.called", { maker: seatName(game, hand.maker), suit: SYMBOL[hand.trump] || "?" })];
  if (hand.alone) parts.push(t("hand.alone.word"));
  if (hand.defender_alone !== null && hand.defender_alone !== undefined) {
    parts.push(t("hand.defended", { seat: seatName(game, hand.defender_alone) }));
  }
  if (hand.maker_tricks !== null && hand.maker_tricks !== undefined) {
    parts.push(t("hand.took", { tricks: hand.maker_tricks }));
  }
  return parts.join(" · ");
}

export function handAward(game, hand) {
  return hand.award ? awardText(game.ruleset, hand.award) : "";
}
