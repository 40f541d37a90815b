// Bid Euchre's auction on the referee's screen, as the table said it: who dealt (where the
// screen does not know), then each seat's pass or bid in turn, with the last taken back. Asked
// alone, the referee rules on the bidding and says who bids next and what they may bid.

import { t } from "../i18n.js";
import { auctionBids } from "../rules.js";
import { h } from "../ui.js";

/** Who bids next in the auction told so far: clockwise from the dealer's left, past seats
 * that have passed where the bidding goes round until passed; null once every seat has had
 * its turn (bidding once) or one bidder is left. The referee rules on what was said. */
export function auctionTurn(rules, from, said) {
  if (from === null) return null;
  const top = auctionBids(rules).at(-1); // nothing outbids it: the auction ends there
  if (said.some((b) => b.bid === top)) return null;
  const { players } = rules;
  if (rules.bid_rounds !== "until-passed") {
    return said.length >= players ? null : (from + 1 + said.length) % players;
  }
  const passed = new Set(said.filter((b) => b.bid === "pass").map((b) => b.seat));
  if (passed.size >= players - 1 && said.some((b) => b.bid !== "pass")) return null;
  const last = said.length ? said[said.length - 1].seat : from;
  for (let step = 1; step <= players; step += 1) {
    const seat = (last + step) % players;
    if (!passed.has(seat)) return seat;
  }
  return null;
}

/** The highest bid told so far ({seat, bid}; null: none), a lone bid above every number and
 * a loner above a moon; the first of two equal ones (a second is no higher). */
export function highestBid(rules, said) {
  const rank = (bid) => auctionBids(rules).indexOf(bid);
  return said.reduce((best, b) => (b.bid !== "pass" && (!best || rank(b.bid) > rank(best.bid)) ? b : best), null);
}

/** A bid as this screen says it: "Pass", "3 tricks", "Moon". */
export function bidWord(bid) {
  if (bid === "pass") return t("ref.auction.pass");
  return typeof bid === "number" ? t("bid.tricks", { tricks: bid }) : t(`bid.${bid}`);
}

/** A legal bid of the referee's `next` ("pass", "bid:5", "moon"), in this screen's words. */
export function legalBidWord(bid) {
  const [action, tricks] = bid.split(":");
  return bidWord(action === "bid" ? Number(tricks) : action);
}

/** The auction told, as a hand record's bids. */
export function auctionRecord(said) {
  return said.map(({ seat, bid }) => (bid === "pass" ? { seat, action: "pass" }
    : typeof bid === "number" ? { seat, action: "bid", tricks: bid } : { seat, action: bid }));
}

/** The auction's panel: `said` so far ({seat, bid}), dealt by `from` (null: not known, and
 * `dealerChoice` asks); `say(seat, bid)` adds the next, `takeBack()` removes the last. */
export function auctionTold({ rules, said, from, dealerChoice, name, say, takeBack }) {
  const turn = auctionTurn(rules, from, said);
  return h("fieldset", { class: "panel auction" },
    h("legend", {}, t("ref.auction")),
    h("p", { class: "hint" }, t("ref.auction.hint")),
    dealerChoice,
    said.length ? h("ol", { class: "auction-said" }, said.map((bid) => h("li", {},
      t("ref.auction.said", { name: name(bid.seat), bid: bidWord(bid.bid) })))) : null,
    turn === null ? null : h("div", { class: "auction-turn", role: "group", "aria-labelledby": "auction-turn" },
      h("p", { id: "auction-turn", class: "field-label" }, t("ref.auction.turn", { name: name(turn) })),
      h("div", { class: "row" }, ["pass", ...auctionBids(rules)].map((bid) => h("button", {
        type: "button",
        class: "secondary",
        "aria-label": typeof bid === "number" ? t("bid.tricks", { tricks: bid }) : null,
        onclick: () => say(turn, bid),
      }, typeof bid === "number" ? String(bid) : bidWord(bid))))),
    said.length ? h("button", { type: "button", class: "quiet", onclick: takeBack }, t("ref.auction.undo")) : null);
}
