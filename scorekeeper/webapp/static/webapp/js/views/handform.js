// The few taps that describe a hand: who called, which suit, alone?, lone defender?, tricks.
// In Bid Euchre: who won the bid, what they bid, the tricks they took (a moon is two taps:
// the maker and "moon", the tricks then standing at all of them). Used to enter a new hand
// and to amend one.

import { t } from "../i18n.js";
import {
  RED, SUITS, SYMBOL, auctionBids, handSize, isAuction, seatLetter, seatName, teamOf,
} from "../rules.js";
import { choices, h, replace, toggle } from "../ui.js";

const LONE_BIDS = ["moon", "loner"];

export function blankHand() {
  return { maker: null, trump: null, alone: false, defender_alone: null, maker_tricks: null, bid: null };
}

/** A turn-up hand names its trump; a Bid Euchre hand its bid instead. */
export function isComplete(values) {
  return values.maker !== null && values.maker_tricks !== null
    && (values.trump !== null || (values.bid ?? null) !== null);
}

/** The API's quick entry for these values. */
export function quickEntry(values) {
  const entry = {
    maker: values.maker,
    alone: values.alone,
    defender_alone: values.defender_alone,
    maker_tricks: values.maker_tricks,
  };
  if (values.trump !== null) entry.trump = values.trump;
  if ((values.bid ?? null) !== null) entry.bid = values.bid;
  return entry;
}

/** What the makers bid, for an auction's hand: the numbers of tricks, then the lone bids. */
function bidChoice({ ruleset, values, prefix, onchange }) {
  return choices({
    name: `${prefix}bid`,
    legend: t("hand.bid"),
    columns: 4,
    value: values.bid ?? null,
    options: auctionBids(ruleset).map((bid) => (LONE_BIDS.includes(bid)
      ? { value: bid, face: t(`bid.${bid}`), class: "wide" }
      : { value: bid, face: String(bid), label: t("bid.tricks", { tricks: bid }) })),
    onchange: (bid) => {
      const lone = LONE_BIDS.includes(bid);
      values.bid = lone ? bid : Number(bid);
      // A lone bid is made by taking every trick: that is what a table enters most. (It is
      // played alone by the bid itself: the server says so, the entry need not.)
      if (lone && values.maker_tricks === null) values.maker_tricks = handSize(ruleset);
      onchange();
    },
  });
}

function canDefendAlone(ruleset, values) {
  return ruleset.defend_alone && values.maker !== null
    && (values.alone || ruleset.defend_alone_vs_partnership);
}

/** The four suits to choose trump from, each by its symbol and name: the hand form's and the
 * referee's. `onchange` gets the suit. */
export function trumpChoice({ name, value, onchange }) {
  return choices({
    name,
    legend: t("hand.trump"),
    value,
    options: SUITS.map((suit) => ({
      value: suit,
      face: h("span", { class: `suit-face${RED.has(suit) ? " red" : ""}`, "aria-hidden": "true" }, SYMBOL[suit]),
      label: t(`suit.${suit}`),
      class: "suit",
    })),
    onchange,
  });
}

/** The trump suit and, where the rules have loners, "Went alone", in one row. `values` is
 * changed in place (`trump`, `alone`); `onchange` runs after every change. */
export function trumpRow({ ruleset, values, prefix = "", onchange }) {
  return h("div", { class: "trump-row" },
    trumpChoice({
      name: `${prefix}trump`,
      value: values.trump,
      onchange: (suit) => {
        values.trump = suit;
        onchange();
      },
    }),
    ruleset.going_alone
      ? toggle({
        label: t("hand.alone"),
        checked: values.alone,
        compact: true,
        onchange: (alone) => {
          values.alone = alone;
          onchange();
        },
      })
      : null);
}

/**
 * The inputs, as a list of elements. `values` is changed in place; `onchange` runs after
 * every change. `prefix` keeps radio names apart when two forms are on screen.
 */
export function handInputs({ game, values, onchange, prefix = "" }) {
  const ruleset = game.ruleset;
  const seats = [...Array(ruleset.players).keys()];
  const defenderArea = h("div", { class: "defender-area" });
  const tricksArea = h("div", { class: "tricks-area" });

  function renderTricks() {
    const size = handSize(ruleset);
    replace(tricksArea, choices({
      name: `${prefix}tricks`,
      legend: t("hand.tricks"),
      columns: Math.min(size + 1, 7),
      value: values.maker_tricks,
      options: [...Array(size + 1).keys()].map((n) => ({ value: n, face: String(n) })),
      onchange: (n) => {
        values.maker_tricks = Number(n);
        onchange();
      },
    }));
  }

  function renderDefender() {
    if (!canDefendAlone(ruleset, values)) {
      values.defender_alone = null;
      replace(defenderArea);
      return;
    }
    const makers = teamOf(ruleset, values.maker);
    const defenders = seats.filter((seat) => teamOf(ruleset, seat) !== makers);
    if (!defenders.includes(values.defender_alone)) values.defender_alone = null;
    replace(defenderArea, choices({
      name: `${prefix}defender`,
      legend: t("hand.defender"),
      value: values.defender_alone === null ? "none" : values.defender_alone,
      options: [
        { value: "none", face: t("hand.defender.none") },
        ...defenders.map((seat) => ({
          value: seat, face: game.players[seat], sub: seatLetter(ruleset, seat), label: seatName(game, seat),
        })),
      ],
      onchange: (value) => {
        values.defender_alone = value === "none" ? null : Number(value);
        onchange();
      },
    }));
  }

  const inputs = [
    choices({
      name: `${prefix}maker`,
      legend: t(isAuction(ruleset) ? "hand.maker.bid" : "hand.maker"),
      columns: ruleset.players,
      value: values.maker,
      options: seats.map((seat) => ({
        value: seat,
        face: game.players[seat],
        sub: seatLetter(ruleset, seat),
        label: seatName(game, seat),
        class: `t${teamOf(ruleset, seat)}`,
      })),
      onchange: (seat) => {
        values.maker = Number(seat);
        renderDefender();
        onchange();
      },
    }),
    // The suit and "alone" share a row: one hand fits one screen. Bid Euchre's bid replaces
    // them (a moon or loner is the lone hand; no trump is a bid's, not the score's).
    isAuction(ruleset)
      ? bidChoice({
        ruleset,
        values,
        prefix,
        onchange: () => {
          renderTricks();
          onchange();
        },
      })
      : trumpRow({
        ruleset,
        values,
        prefix,
        onchange: () => {
          renderDefender();
          onchange();
        },
      }),
    defenderArea,
    tricksArea,
  ];
  renderDefender();
  renderTricks();
  return inputs;
}
