// The score tab (docs/webapp.md, "Scoring a hand", "Undo"); at a club night's table
// (`ctx.table`) the same screen counts the round's hands and stops once the result is entered.

import { api, Problem, Unreachable } from "../api.js";
import { fiveAndSix, scoreChart } from "../chart.js";
import { loadGame, saveGame } from "../db.js";
import { t } from "../i18n.js";
import { go } from "../nav.js";
import {
  discard, enqueue, events, flush, isHand, isResult, isUndo, pending, readKept, undoHand,
} from "../outbox.js";
import {
  atGamePoint, awardText, nextDealer, previewAward, scoreText, seatName, teamCount, teamLabel, teamNames, teamSeats,
} from "../rules.js";
import { gameStart, NeedsConnection } from "../start.js";
import { colonHeld, dismissToast, draft, h, partnersFit, partnersKept, replace, s, toast, toastShownIn } from "../ui.js";
import { openAmend } from "./amend.js";
import { clashDialog } from "./clash.js";
import { handAward, handSummary, kindOf, unbroken } from "./describe.js";
import { blankHand, handInputs, quickEntry } from "./handform.js";
import { project } from "./projection.js";
import { openRenege } from "./renege.js";

const POLL_MS = 8000;
const UNDO_ARMED_MS = 4000;

function trophy() {
  return s("svg", { viewBox: "0 0 64 64", class: "trophy", "aria-hidden": "true" },
    s("path", { d: "M16 8h32v10c0 10-7 17-16 17S16 28 16 18z" }),
    s("path", { d: "M16 12H9v5c0 6 4 10 9 11M48 12h7v5c0 6-4 10-9 11", fill: "none", "stroke-width": 4 }),
    s("rect", { x: 29, y: 34, width: 6, height: 11 }),
    s("rect", { x: 19, y: 45, width: 26, height: 8, rx: 2 }));
}

export function scoreWords(game, score = game.score, between = " – ") {
  return [...Array(teamCount(game.ruleset)).keys()]
    .map((team) => `${teamLabel(game.ruleset, team)} ${scoreText(score[team])}`)
    .join(between);
}

export function allTeams(game) {
  return [...Array(teamCount(game.ruleset)).keys()].map((team) => teamNames(game, team)).join(t("teams.between"));
}

/** How far down the screen the sticky parts (the status line, the score) reach once stuck. */
function stickyBottom() {
  return [".status.shown", ".board"].reduce((sum, selector) => {
    const el = document.querySelector(selector);
    return sum + (el && getComputedStyle(el).position === "sticky" ? el.offsetHeight : 0);
  }, 0);
}

/** A team's label ("N/S"), kept on one line; three seats' ("N/SE/SW") may wrap after a
 * slash, never inside a seat's letters. */
function labelOf(ruleset, team) {
  const label = teamLabel(ruleset, team);
  const parts = label.split("/");
  if (parts.length < 3) return h("span", { class: "team-label" }, label);
  return h("span", { class: "team-label wraps" }, parts.flatMap((part, i) => (i ? ["/", h("wbr"), part] : [part])));
}

/** "N/S win!", or a player's own, "Ann wins!" (a seat playing for itself). */
function wonTitle(game, team) {
  const seats = teamSeats(game.ruleset, team);
  return t("won.title", { team: seats[1] === undefined ? game.players[seats[0]] : teamLabel(game.ruleset, team), count: seats.length });
}

/** Scroll the least that brings the hand's outcome row into view above the tab bar, keeping
 * the entry's top clear of the score (large text, time called, offline: still one screen).
 * Once who called is chosen (`chosen`), the top may go under the score, up to the outcome
 * row, where the next tap is (the makers' tricks at large text are below a screen). */
export function keepEntryInView({ chosen = false } = {}) {
  const form = document.querySelector("form.entry");
  const endings = form?.querySelector(".ending-area");
  if (endings) scrollToShow(endings, chosen ? endings : form);
}

/** The hand's message back from under the score (at large text, the round's result below it
 * scrolled into view): its Undo stays where the hand was tapped. */
export function messageInView() {
  const top = document.querySelector(".entry-area #toast:not([hidden])")?.getBoundingClientRect().top;
  if (top < stickyBottom()) window.scrollBy(0, top - stickyBottom());
}

/** Scroll the least that brings `target` into view above the tab bar, as far as `kept`'s
 * top stays clear of the score. */
function scrollToShow(target, kept) {
  const tabs = document.getElementById("tabs");
  const low = tabs && !tabs.hidden && getComputedStyle(tabs).position === "fixed"
    ? tabs.getBoundingClientRect().top : window.innerHeight;
  const below = target.getBoundingClientRect().bottom + 8 - low;
  if (below <= 0) return;
  const room = kept.getBoundingClientRect().top - stickyBottom();
  if (room > 0) window.scrollBy(0, Math.min(below, room));
}

/** Undo a hand of the game (the last): waiting here, on its way, or on the server, it goes at
 * once, made against the game as this phone has it. */
export async function undoGameHand(ctx, { number, entryId = null }) {
  const { moves } = project(ctx.game, await pending(ctx.id));
  return undoHand(ctx.id, { entryId, path: ctx.links.hands, number, version: ctx.game.version + moves });
}

export function showScore(main, ctx) {
  const areas = {
    title: h("h1", { class: "visually-hidden" }),
    board: h("section", { class: "board", "aria-label": t("board.label") }),
    meta: h("p", { class: "meta" }),
    notices: h("div", { class: "notices" }),
    entry: h("div", { class: "entry-area" }),
    after: ctx.table?.after || null,
    hands: h("section", { class: "panel hands", "aria-labelledby": "hands-title" }),
    chart: h("section", { class: "panel", "aria-labelledby": "chart-title" }),
  };
  replace(main, Object.values(areas).filter(Boolean));
  // The score sticks to the top: what scrolls into view stops below it (app.css).
  const root = document.documentElement;
  const boardHeight = new ResizeObserver(() => {
    const stuck = getComputedStyle(areas.board).position === "sticky";
    root.style.setProperty("--board-h", `${stuck ? areas.board.offsetHeight : 0}px`);
  });
  boardHeight.observe(areas.board);
  let view = project(ctx.game, ctx.entries);
  // The hand being entered survives a redraw (a language switch, another tab and back).
  const values = draft(`hand:${ctx.id}`, blankHand);
  // The list's "Undo hand N" after one tap: its timer, and the hand it is armed for.
  let undoArmed = 0;
  let undoArmedFor = 0;
  const armedFor = (hand) => Boolean(undoArmed) && undoArmedFor === hand.number;
  const clash = clashDialog(ctx, scoreWords);

  // ---- the hand entry
  const entryTitle = h("h2", { id: "entry-title", tabindex: "-1" });
  const dealerLine = h("span", { class: "deal" });
  // Time called at a club table: said beside the hand, which stays in view (at large text the
  // table's notice is above the screen).
  const timeSlot = h("span");
  let form = null;
  let saving = false;
  const limit = ctx.table?.limit || null;
  const askTricks = !!ctx.table?.askTricks;

  function buildForm() {
    const game = ctx.game;
    const ruleset = game.ruleset;
    const others = [
      game.can_throw_in
        ? h("button", { type: "button", class: "quiet", onclick: () => record({ thrown_in: true }) },
          t("hand.thrown_in"))
        : null,
      game.penalties?.length
        ? h("button", {
          type: "button",
          class: "quiet",
          onclick: () => openRenege(ctx, { values, onsave: record }),
        }, t("hand.renege"))
        : null,
      ruleset.poor_hand_redeal && ruleset.poor_hand_redeal !== "off"
        ? h("button", {
          type: "button",
          class: "quiet",
          onclick: () => record({
            record: {
              dealer: view.dealer,
              bids: [{ seat: nextDealer(ruleset, view.dealer), action: "redeal" }],
            },
          }),
        }, t("hand.redeal"))
        : null,
    ].filter(Boolean);
    form = h("form", {
      class: "panel entry",
      "aria-labelledby": "entry-title",
      onsubmit: (event) => event.preventDefault(),
    },
    h("div", { class: "entry-head" }, entryTitle, dealerLine, timeSlot),
    handInputs({
      game,
      values,
      askTricks,
      onchange: () => {
        // The next hand is begun: the last one's message (and its Undo) gives way to it.
        if (values.maker !== null && toastShownIn(form)) dismissToast();
        if (values.maker !== null) keepEntryInView({ chosen: true });
      },
      onEnding: () => record(quickEntry(values)),
    }),
    others.length ? h("div", { class: "row others" }, others) : null);
  }

  function updateHeading(shown = view) {
    const game = ctx.game;
    entryTitle.textContent = limit
      ? t("hand.title_of", { number: shown.counted + 1, limit })
      : t("hand.title", { number: shown.nextNumber });
    dealerLine.textContent = t("hand.dealt_by", { dealer: seatName(game, shown.dealer) });
    replace(timeSlot, ctx.table?.timeCalled() ? h("span", { class: "badge warn" }, t("table.time")) : null);
  }

  /** Say in the outcome row's place what just happened, with its action: the row comes back
   * at the next hand's first tap. */
  function say(message, options = {}) {
    const place = form?.querySelector("[data-messages]") || areas.entry;
    toast(message, { ...options, into: place, ms: 0 });
  }

  /** The entry area drawn anew (the game won, the round over, or back after an undo) keeps
   * the message shown in it, in the new form's place for messages: an Undo stays within
   * reach, and "Hand N undone." is seen. */
  function replaceEntry(...children) {
    const message = toastShownIn(areas.entry) ? document.getElementById("toast") : null;
    replace(areas.entry, ...children);
    if (!message) return;
    // In the new form's place for messages; else (the game won) above what is drawn, where
    // the hand was just tapped: at large text the card it draws is a screen tall.
    const place = areas.entry.querySelector("[data-messages]");
    if (place) place.append(message);
    else areas.entry.prepend(message);
  }

  async function record(body, { preview } = {}) {
    // A double tap saves one hand: the second tap finds the first one still being kept.
    if (saving) return;
    saving = true;
    const tapped = { ...values };
    const number = view.nextNumber;
    const version = ctx.game.version + view.moves;
    let entry;
    try {
      entry = await enqueue(ctx.id, body, { path: ctx.links.hands, version, number, preview });
    } finally {
      saving = false;
    }
    const award = awardText(ctx.game.ruleset, preview || previewAward(ctx.game, body));
    // A fresh form where the last one was: the screen does not move, the next hand starts.
    const place = window.scrollY;
    // A tap on the form while this hand was being kept (a slow phone) began the next hand:
    // the fresh form keeps it.
    const begun = Object.entries(values).filter(([key, value]) => value !== tapped[key]);
    Object.assign(values, blankHand(), Object.fromEntries(begun));
    const old = form;
    buildForm();
    old?.replaceWith(form);
    renderEntry();
    // (The next hand's heading now, not once the outbox's redraw has moved what is placed below.)
    const queued = ctx.entries.some((other) => other.id === entry.id) ? ctx.entries : [...ctx.entries, entry];
    const ahead = project(ctx.game, queued);
    if (form && ahead.winner === null && !(limit && ahead.counted >= limit)) updateHeading(ahead);
    entryTitle.focus({ preventScroll: true });
    // (The next hand begun already, the message would give way to it at once: it is not shown.)
    const told = values.maker === null;
    if (told) {
      say(t("hand.saved", { number, award }), {
        action: t("hand.undo"),
        onAction: () => undo({ number, entryId: entry.id }),
      });
    }
    // (Its top back from under the score, where the last hand's tap had scrolled it.)
    window.scrollTo(0, Math.min(place, place + form.getBoundingClientRect().top - stickyBottom()));
    // Its Undo within reach, with who called in view if both can be (docs/webapp.md).
    const undoButton = told && form.querySelector("#toast button");
    if (undoButton) {
      scrollToShow(undoButton, form.querySelector(".choice-grid") || form);
      scrollToShow(undoButton, form.querySelector("#toast"));
      undoKeptUntil = performance.now() + 2000;
    }
    flush();
  }

  // (docs/webapp.md: the save's Undo kept in reach as the score is drawn again.)
  let undoKeptUntil = 0;
  function keepUndoInReach() {
    const undoButton = performance.now() < undoKeptUntil && form?.querySelector("#toast:not([hidden]) button");
    if (undoButton) scrollToShow(undoButton, form.querySelector("#toast"));
  }

  async function undo(hand) {
    if (await undoGameHand(ctx, hand)) say(t("undo.done_hand", { number: hand.number }));
    else dismissToast(); // (a hand dropped: nothing to take back)
  }

  // ---- the parts of the screen
  function renderNotices() {
    const game = ctx.game;
    replace(areas.notices, view.rejected.map((entry) => h("section", { class: "panel rejected", role: "alert" },
      h("p", {}, t(isUndo(entry) ? "rejected.undone" : "rejected.body", {
        number: entry.number,
        hand: isHand(entry) ? handSummary(game, { ...entry.body, kind: kindOf(entry.body) })
          : isResult(entry) ? t("rejected.result") : t("rejected.game"),
        reason: entry.problem?.detail || "",
      })),
      entry.kind !== "create"
        ? h("button", { type: "button", class: "quiet small", onclick: () => discard(entry.id) }, t("rejected.ok"))
        : null)));
  }

  function roundOver() {
    return limit && view.counted >= limit;
  }

  /** At a club night's table, why it takes no more hands (the table decides), or null. */
  const closed = () => ctx.table?.closed(ctx.entries) || null;

  function renderBoard() {
    const game = ctx.game;
    const ruleset = game.ruleset;
    const teams = [...Array(teamCount(ruleset)).keys()];
    areas.title.textContent = t("game.heading", { teams: allTeams(game) });
    replace(areas.board,
      h("div", { class: `teams cols-${teams.length}` }, teams.map((team) => {
        const score = view.score[team];
        return h("div", { class: `team t${team}${view.winner === team ? " winner" : ""}` },
          h("p", { class: "team-head" },
            labelOf(ruleset, team), " ",
            h("span", { class: "team-names" }, partnersKept(teamNames(game, team)))),
          h("p", { class: "score", "aria-label": t("board.points", { team: teamLabel(ruleset, team), score: scoreText(score), count: score }) }, scoreText(score)),
          view.winner === null && !limit && atGamePoint(ruleset, score)
            ? h("p", { class: "badge gold" }, t("board.game_point"))
            : null);
      })));
    partnersFit(areas.board);
    // Who deals is in the hand entry's heading when this phone keeps score.
    const dealing = view.winner === null && !roundOver();
    replace(areas.meta,
      dealing && !ctx.token
        ? h("span", { class: "dealer-chip" }, t("board.dealer", { dealer: seatName(game, view.dealer) }))
        : null,
      limit
        ? h("span", {}, t("board.round_of", { count: view.counted, limit }))
        : h("span", {}, t("board.target", { target: ruleset.target })));
    // (What waits to be sent is said on the status line and in the list of hands, not here: a
    // line that came and went above the hand entry would move it under the player's thumb.)
  }

  /** The hand entry stopped: why, and what to do. Said in a line (its heading alone, no
   * panel) where the table's result panel right below says the rest: that panel and its
   * buttons then stand on the first screen. */
  function stopped(title, body) {
    form = null;
    replaceEntry(h("section", { class: body ? "panel stopped" : "stopped bare", "aria-labelledby": "stopped-title" },
      h("h2", { id: "stopped-title", tabindex: "-1" }, colonHeld(title)),
      body ? h("p", { class: "hint" }, body) : null));
  }

  function renderEntry() {
    const game = ctx.game;
    if (ctx.table && ctx.token) {
      // At a club night's table: the round's last hand, or a result entered, ends the entry.
      const why = closed();
      if (why) {
        // (the last hand's Undo, refused from now on)
        if (toastShownIn(areas.entry)) dismissToast();
        return stopped(why, null);
      }
      // (Where the result's panel stands right below, it says the rest.)
      const enter = ctx.table.after ? null : t("table.enter_result");
      if (roundOver()) return stopped(t("table.last_hand", { limit }), enter);
      if (view.winner !== null) return stopped(wonTitle(game, view.winner), enter);
    }
    if (view.winner !== null) {
      form = null;
      replaceEntry(h("section", { class: "panel won", "aria-labelledby": "won-title" },
        trophy(),
        h("h2", { id: "won-title" }, wonTitle(game, view.winner)),
        teamSeats(game.ruleset, view.winner)[1] === undefined ? null : h("p", { class: "won-names" }, teamNames(game, view.winner)),
        h("p", { class: "won-score" }, scoreWords(game, view.score)),
        view.queued.length ? h("p", { class: "hint" }, t("won.pending")) : null,
        h("div", { class: "row" },
          ctx.token ? h("button", { type: "button", class: "primary", onclick: rematch }, t("won.rematch")) : null,
          h("a", { class: "button", href: "/new/", "data-nav": true }, t("home.new")))));
      return;
    }
    if (!ctx.token) {
      // At a table whose hands are over, the result to confirm, below, is all there is to do.
      if (ctx.table && (roundOver() || closed())) {
        replace(areas.entry);
        return;
      }
      replace(areas.entry, h("section", { class: "panel watching" },
        h("h2", {}, t("watch.title")),
        h("p", {}, ctx.table ? t("table.watch") : t("watch.body"))));
      return;
    }
    if (!form) buildForm();
    if (form.parentNode !== areas.entry) replaceEntry(form);
    updateHeading();
  }

  function renderHands() {
    const game = ctx.game;
    const hands = [...view.hands, ...view.held].reverse();
    const last = view.hands[view.hands.length - 1];
    // A hand is changed against the game as the server has it: not while writes wait here.
    const canEdit = ctx.token && !view.moves && !closed();
    replace(areas.hands,
      h("h2", { id: "hands-title" }, t("hands.title"), " ", h("span", { class: "hand-count" }, String(view.hands.length))),
      hands.length
        ? h("ol", { class: "hand-list", reversed: true }, hands.map((hand) => {
          const body = [
            h("span", { class: "hand-no" }, `#${hand.number}`),
            h("span", { class: "hand-text" },
              h("span", { class: `hand-award ${hand.award?.reason || ""}` }, unbroken(handAward(game, hand))),
              h("span", { class: "hand-how" }, unbroken(handSummary(game, hand)), " · ",
                t("hand.dealt", { dealer: game.players[hand.dealer] }))),
            hand.entry ? h("span", { class: `badge ${hand.entry.state === "conflict" ? "bad" : "warn"}` },
              t(`outbox.state.${hand.entry.state}`)) : null,
          ];
          return h("li", {}, canEdit && !hand.entry
            ? h("button", {
              type: "button",
              class: "hand-row",
              onclick: () => openAmend(ctx, hand, afterWrite),
            }, h("span", { class: "visually-hidden" }, t("amend.open", { number: hand.number })), body)
            : h("div", { class: "hand-row" }, body));
        }))
        : h("p", { class: "hint" }, t("hands.none")),
      ctx.token && last && !closed() ? h("button", { type: "button", class: "quiet undo", onclick: undoLast },
        armedFor(last) ? t("undo.confirm", { number: last.number }) : t("undo.button", { number: last.number })) : null);
  }

  function renderChart() {
    const ruleset = ctx.game.ruleset;
    const teams = [...Array(teamCount(ruleset)).keys()];
    // A round of a fixed number of hands has no target: no five-and-six count (docs/webapp.md).
    const counted = !limit && ruleset.target <= 11;
    replace(areas.chart,
      h("h2", { id: "chart-title" }, t("chart.title")),
      !counted ? null : h("div", { class: "counts" }, teams.map((team) => h("div", { class: `count-of t${team}` },
        labelOf(ruleset, team), fiveAndSix(view.score[team], team)))),
      view.hands.length
        ? scoreChart(ruleset, view.hands, { target: limit ? null : ruleset.target })
        : h("p", { class: "hint" }, t("hands.none")));
  }

  function refresh() {
    view = project(ctx.game, ctx.entries);
    ctx.table?.onview?.(view);
    renderBoard();
    renderNotices();
    renderEntry();
    renderHands();
    renderChart();
    clash.render(view);
    keepUndoInReach();
  }

  // ---- writes that need the server
  async function afterWrite() {
    try {
      await saveGame(await api.read(ctx.links.read));
    } catch {
      // Shown from the copy on this phone until the next refresh.
    }
    ctx.game = await loadGame(ctx.id);
    refresh();
  }

  /** The list's "Undo hand N": tapped twice, it undoes the last hand the way the toast does. */
  async function undoLast() {
    const last = view.hands[view.hands.length - 1];
    if (!last) return;
    if (!armedFor(last)) {
      clearTimeout(undoArmed);
      undoArmedFor = last.number;
      undoArmed = setTimeout(() => {
        undoArmed = 0;
        renderHands();
      }, UNDO_ARMED_MS);
      renderHands();
      return;
    }
    clearTimeout(undoArmed);
    undoArmed = 0;
    await undo({ number: last.number, entryId: last.entry?.id || null });
  }

  async function rematch(event) {
    const game = ctx.game;
    // One game however often it is tapped while it starts (a slow network, a double tap).
    const button = event?.currentTarget;
    if (button) button.disabled = true;
    try {
      const { id, offline } = await gameStart({
        rules: game.ruleset,
        ruleset: game.ruleset,
        players: game.players,
        dealer: nextDealer(game.ruleset, game.hands.length ? game.hands[0].dealer : game.dealer),
      });
      await go(`/g/${id}/`);
      if (offline) toast(t("new.started_offline"));
    } catch (error) {
      if (button) button.disabled = false;
      toast(error instanceof NeedsConnection || error instanceof Unreachable ? t("offline.needed") : error.message);
    }
  }

  // ---- keeping up with the outbox and the other phones
  async function reload() {
    ctx.entries = await pending(ctx.id);
    ctx.game = (await loadGame(ctx.id)) || ctx.game;
    refresh();
  }

  async function pull() {
    if (!navigator.onLine || document.visibilityState === "hidden" || ctx.game.local) return;
    try {
      await readKept(ctx.links.read);
      const fresh = await loadGame(ctx.id);
      if (fresh && fresh.version !== ctx.game.version) {
        ctx.game = fresh;
        refresh();
      }
    } catch (error) {
      if (!(error instanceof Unreachable) && !(error instanceof Problem)) throw error;
    }
  }

  const onChange = (event) => {
    if (!event.detail.gameId || event.detail.gameId === ctx.id) reload();
  };
  if (ctx.table) ctx.table.refresh = refresh;
  events.addEventListener("change", onChange);
  document.addEventListener("visibilitychange", pull);
  const timer = setInterval(pull, POLL_MS);
  refresh();
  keepEntryInView();
  // A game read from the server as its screen opened is not read again at once (one request,
  // not two, a phone opening it); one kept on the phone is.
  if (!ctx.justRead) pull();
  ctx.justRead = false;
  return () => {
    events.removeEventListener("change", onChange);
    document.removeEventListener("visibilitychange", pull);
    clearInterval(timer);
    clearTimeout(undoArmed);
    clash.close();
    boardHeight.disconnect();
    root.style.removeProperty("--board-h");
  };
}
