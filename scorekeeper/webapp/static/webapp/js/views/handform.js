// The taps that describe a hand: who called and how it ended, or in Bid Euchre the bid and
// the tricks (docs/webapp.md, "Scoring a hand").

import { t } from "../i18n.js";
import {
  OUTCOMES, RED, SUITS, SYMBOL, auctionBids, awardPoints, awardText, handSize, isAuction, previewAward,
  namesOneARow, seatLetter, seatName, seatsARow, teamOf,
} from "../rules.js";
import { choices, faceToggle, h, replace, toggle, wordsKept } from "../ui.js";

export const LONE_BIDS = ["moon", "loner"];

export function blankHand() {
  return {
    maker: null, trump: null, alone: false, defender_alone: null, outcome: null, maker_tricks: null, bid: null,
  };
}

/** What the makers bid, for an auction's hand: the numbers of tricks, then the lone bids.
 * `onchange` hears the bid and whether it was tapped (a choice made with the arrow keys only
 * moves through the bids: it saves nothing). */
export function bidChoice({ ruleset, values, prefix, onchange }) {
  let arrowed = false;
  const field = choices({
    name: `${prefix}bid`,
    legend: t("hand.bid"),
    columns: 4,
    value: values.bid ?? null,
    options: auctionBids(ruleset).map((bid) => (LONE_BIDS.includes(bid)
      ? { value: bid, face: t(`bid.${bid}`), class: "wide lone" }
      : { value: bid, face: String(bid), label: t("bid.tricks", { tricks: bid }) })),
    onchange: (bid) => {
      const lone = LONE_BIDS.includes(bid);
      values.bid = lone ? bid : Number(bid);
      onchange({ lone, tapped: !arrowed });
    },
  });
  field.addEventListener("keydown", (event) => {
    arrowed = event.key.startsWith("Arrow");
  });
  field.addEventListener("pointerdown", () => {
    arrowed = false;
  });
  return field;
}

/** Who called, and how it ended: by its tricks where they are asked or the game is an
 * auction (with its bid), else by its outcome. */
export function isComplete(values, { askTricks = false, auction = false } = {}) {
  if (values.maker === null) return false;
  if (auction) return (values.bid ?? null) !== null && values.maker_tricks !== null;
  return askTricks ? values.maker_tricks !== null : values.outcome !== null || values.maker_tricks !== null;
}

/** The API's quick entry for these values: the suit, the outcome, the tricks and the bid only
 * when given. */
export function quickEntry(values) {
  const entry = { maker: values.maker, defender_alone: values.defender_alone };
  // (A bid says itself whether it is played alone.)
  if (values.alone && values.bid == null) entry.alone = true;
  if (values.trump) entry.trump = values.trump;
  if (values.outcome) entry.outcome = values.outcome;
  if (values.maker_tricks !== null && values.maker_tricks !== undefined) entry.maker_tricks = values.maker_tricks;
  if ((values.bid ?? null) !== null) entry.bid = values.bid;
  return entry;
}

export function canDefendAlone(ruleset, values) {
  return ruleset.defend_alone && values.maker !== null
    && (values.alone || ruleset.defend_alone_vs_partnership);
}

/** The four suits to choose trump from, each by its symbol and name: the hand form's and the
 * referee's. `onchange` gets the suit (null when the chosen suit is tapped again, where the
 * suit is `optional`). */
export function trumpChoice({ name, value, onchange, optional = false }) {
  return choices({
    name,
    legend: optional ? t("hand.trump.optional") : t("hand.trump"),
    value,
    optional,
    options: SUITS.map((suit) => ({
      value: suit,
      face: h("span", { class: `suit-face${RED.has(suit) ? " red" : ""}`, "aria-hidden": "true" }, SYMBOL[suit]),
      label: t(`suit.${suit}`),
      class: "suit",
    })),
    onchange,
  });
}

/** The trump suit (optional: no award depends on it) and, where the rules have loners, "Went
 * alone", in one row. `values` is changed in place (`trump`, `alone`); `onchange` runs after
 * every change. */
export function trumpRow({ ruleset, values, prefix = "", onchange }) {
  return h("div", { class: "trump-row" },
    trumpChoice({
      name: `${prefix}trump`,
      value: values.trump,
      optional: true,
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

/** How a hand ended as the table says it: each outcome, or each count of tricks (`byTricks`:
 * where the event asks them, and always in an auction), with what it scores for the hand as
 * entered so far. */
function endings(game, values, byTricks) {
  const told = byTricks
    ? [...Array(handSize(game.ruleset) + 1).keys()].map((tricks) => ({
      key: String(tricks), entry: { maker_tricks: tricks }, face: String(tricks),
    }))
    : OUTCOMES.map((outcome) => ({ key: outcome, entry: { outcome }, face: t(`outcome.${outcome}`) }));
  const auction = isAuction(game.ruleset);
  return told.map((ending) => {
    if (values.maker === null || (auction && (values.bid ?? null) === null)) return { ...ending, award: null };
    const award = previewAward(game, { ...values, outcome: null, maker_tricks: null, ...ending.entry });
    return { ...ending, award };
  });
}

/** What a button or choice says an ending scores: its points, or the whole award where the
 * award is not what its name says (under Uka a loner who makes it short of five is euchred;
 * a count of tricks says its award when it is no plain make or euchre: a march, a set). */
function scores(ruleset, ending, byTricks) {
  const { award } = ending;
  if (!award) return null;
  const surprising = byTricks
    ? isAuction(ruleset)
    : (ending.key === "euchred") !== award.reason.includes("euchre");
  return surprising ? awardText(ruleset, award) : awardPoints(ruleset, award, { short: true });
}

/**
 * The inputs. `values` is changed in place; `onchange` runs after each change. With
 * `onEnding`, each ending is a button that saves the hand; without, a choice (amending).
 * `askTricks`: the makers' tricks instead of made, march, euchred (always in an auction).
 * `prefix` keeps radio names apart when two forms are on screen.
 */
export function handInputs({ game, values, onchange, prefix = "", askTricks = false, onEnding = null }) {
  const ruleset = game.ruleset;
  const seats = [...Array(ruleset.players).keys()];
  const defenderArea = h("div", { class: "defender-area" });
  // Where the screen's messages stand (a save's, with its Undo) until the next hand begins.
  const endingArea = h("div", { class: "ending-area", "data-messages": onEnding ? "" : null });
  const auction = isAuction(ruleset);
  const byTricks = askTricks || auction;

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
        changed();
      },
    }));
  }

  function choose(ending) {
    values.outcome = ending.entry.outcome ?? null;
    values.maker_tricks = ending.entry.maker_tricks ?? null;
  }

  // Told by its outcome, "Went alone" stands beside made, march and euchred (one row, one
  // more tap for a loner); told by its tricks, beside the suit; in an auction the bid says it.
  const aloneHere = !byTricks && ruleset.going_alone;
  const alone = () => (aloneHere ? faceToggle({
    label: t("hand.alone"),
    checked: values.alone,
    onchange: (checked) => {
      values.alone = checked;
      renderDefender();
      changed();
    },
  }) : null);

  function renderEndings() {
    const told = endings(game, values, byTricks);
    const legend = byTricks ? t("hand.tricks") : t("hand.ending");
    const columns = byTricks ? Math.min(told.length, 7) : told.length + (aloneHere ? 1 : 0);
    // In an auction a count of tricks may come before the bid: it waits for it, shown pressed.
    const waiting = auction && (values.bid ?? null) === null;
    if (onEnding) {
      replace(endingArea, h("div", { class: `choices endings cols-${columns}`, role: "group", "aria-labelledby": `${prefix}ending-legend` },
        h("p", { class: "legend", id: `${prefix}ending-legend` }, legend),
        told.map((ending) => h("button", {
          type: "button",
          class: `ending primary ${auction ? ending.award?.reason || "" : ending.key}`,
          disabled: values.maker === null,
          "aria-pressed": waiting ? String(values.maker_tricks === ending.entry.maker_tricks) : null,
          "data-key": ending.key,
          onclick: () => {
            choose(ending);
            if (!waiting) {
              onEnding(values);
              return;
            }
            changed();
            // (The row is drawn anew: the keyboard stays on the count it pressed.)
            endingArea.querySelector(`[data-key="${ending.key}"]`)?.focus();
          },
        }, h("span", { class: "ending-name" }, ending.face),
        // (Its line is kept before there is anything to say: the row's height never changes.)
        h("small", { class: "ending-points" }, ending.award ? wordsKept(scores(ruleset, ending, byTricks)) : "\u00a0"))), alone()));
      return;
    }
    const chosen = byTricks ? values.maker_tricks : values.outcome;
    const choice = choices({
      name: `${prefix}ending`,
      legend,
      // Worded endings three across, as the hand form's row has them ("Euchred" whole).
      columns: byTricks ? columns : Math.min(columns, 3),
      value: chosen,
      options: told.map((ending) => ({ value: ending.key, face: ending.face, sub: scores(ruleset, ending, byTricks) })),
      onchange: (key) => {
        choose(told.find((ending) => ending.key === String(key)));
        onchange();
      },
    });
    choice.querySelector(".choice-grid").append(...[alone()].filter(Boolean));
    replace(endingArea, choice);
  }

  function changed() {
    renderEndings();
    onchange();
  }

  const inputs = [
    choices({
      name: `${prefix}maker`,
      legend: t(auction ? "hand.maker.bid" : "hand.maker"),
      columns: seatsARow(ruleset, seats.map((seat) => game.players[seat])),
      // Six names two across, or long ones: at large text, one a row (they fit no half row).
      words: namesOneARow(ruleset, seats.map((seat) => game.players[seat])),
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
        changed();
      },
    }),
    // Bid Euchre's bid stands where the suit would (a moon or loner is the lone hand; no trump
    // is a bid's, not the score's). Told by its tricks, the suit and "alone" share a row: one
    // hand fits one screen.
    auction
      ? bidChoice({
        ruleset,
        values,
        prefix,
        onchange: ({ lone, tapped }) => {
          if (!onEnding) {
            // Amending: a lone bid is made by taking every trick, what a table enters most.
            // (It is played alone by the bid itself: the server says so, the entry need not.)
            if (lone && values.maker_tricks === null) values.maker_tricks = handSize(ruleset);
            changed();
            return;
          }
          // A new hand: the bid tapped after the tricks saves it, and a lone bid tapped
          // before any saves it made; with no maker yet, the tap only chooses.
          const told = values.maker_tricks !== null;
          if (tapped && values.maker !== null && (told || lone)) {
            if (!told) values.maker_tricks = handSize(ruleset);
            onEnding(values);
            return;
          }
          changed();
        },
      })
      : askTricks
        ? trumpRow({
          ruleset,
          values,
          prefix,
          onchange: () => {
            renderDefender();
            changed();
          },
        })
        : trumpChoice({
          name: `${prefix}trump`,
          value: values.trump,
          optional: true,
          onchange: (suit) => {
            values.trump = suit;
            changed();
          },
        }),
    defenderArea,
    endingArea,
  ];
  renderDefender();
  renderEndings();
  return inputs;
}
