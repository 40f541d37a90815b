// The score tab: the scoreboard, the hand entry, the hands so far and the chart.

import { api, Problem, Unreachable } from "../api.js";
import { fiveAndSix, scoreChart } from "../chart.js";
import { loadGame, saveGame } from "../db.js";
import { t } from "../i18n.js";
import { go } from "../nav.js";
import { discard, enqueue, events, flush, pending, rebase } from "../outbox.js";
import {
  atGamePoint, awardText, leader, nextDealer, previewAward, seatName, teamCount, teamLabel,
  teamNames,
} from "../rules.js";
import { h, replace, s, toast } from "../ui.js";
import { openAmend } from "./amend.js";
import { handAward, handSummary } from "./describe.js";
import { blankHand, handInputs, isComplete, quickEntry } from "./handform.js";

const POLL_MS = 8000;

function trophy() {
  return s("svg", { viewBox: "0 0 64 64", class: "trophy", "aria-hidden": "true" },
    s("path", { d: "M16 8h32v10c0 10-7 17-16 17S16 28 16 18z" }),
    s("path", { d: "M16 12H9v5c0 6 4 10 9 11M48 12h7v5c0 6-4 10-9 11", fill: "none", "stroke-width": 4 }),
    s("rect", { x: 29, y: 34, width: 6, height: 11 }),
    s("rect", { x: 19, y: 45, width: 26, height: 8, rx: 2 }));
}

/** The game as the server has it, plus the hands still in the outbox (their points are
 * previews until the referee's award comes back). */
export function project(game, entries) {
  const ruleset = game.ruleset;
  const score = [...game.score];
  let dealer = game.dealer;
  let number = game.hands.length ? game.hands[game.hands.length - 1].number : 0;
  const queued = [];
  for (const entry of entries) {
    if (entry.state === "rejected") continue;
    number += 1;
    const award = previewAward(game, entry.body);
    const kind = entry.body.thrown_in ? "thrown-in" : entry.body.record ? "redeal" : "played";
    queued.push({ ...entry.body, number, dealer, kind, award, entry });
    for (const [team, points] of Object.entries(award.points)) score[team] += points;
    // A poor-hand redeal keeps the deal; every other hand passes it to the left.
    if (kind !== "redeal") dealer = nextDealer(ruleset, dealer);
  }
  const winner = queued.length ? leader(ruleset, score) : game.winner;
  return {
    score,
    dealer,
    winner,
    hands: [...game.hands, ...queued],
    queued,
    nextNumber: number + 1,
    conflicts: entries.filter((entry) => entry.state === "conflict"),
    rejected: entries.filter((entry) => entry.state === "rejected"),
  };
}

function scoreWords(game, score) {
  return [...Array(teamCount(game.ruleset)).keys()]
    .map((team) => `${teamLabel(game.ruleset, team)} ${score[team]}`)
    .join(" – ");
}

export function showScore(main, ctx) {
  const areas = {
    notices: h("div", { class: "notices" }),
    board: h("section", { class: "board", "aria-label": t("board.label") }),
    entry: h("div", { class: "entry-area" }),
    hands: h("section", { class: "panel hands", "aria-labelledby": "hands-title" }),
    chart: h("section", { class: "panel", "aria-labelledby": "chart-title" }),
  };
  replace(main, Object.values(areas));
  let view = project(ctx.game, ctx.entries);
  const values = blankHand();
  let undoArmed = 0;

  // ---- the hand entry ---------------------------------------------------------------
  const preview = h("div", { class: "preview", "aria-live": "polite" });
  const entryTitle = h("h2", { id: "entry-title" });
  const dealerLine = h("p", { class: "deal" });
  const saveButton = h("button", { type: "submit", class: "primary big", disabled: true }, t("hand.save"));
  let form = null;

  function buildForm() {
    const ruleset = ctx.game.ruleset;
    form = h("form", {
      class: "panel entry",
      "aria-labelledby": "entry-title",
      onsubmit: (event) => {
        event.preventDefault();
        if (isComplete(values)) record(quickEntry(values));
      },
    },
    entryTitle,
    dealerLine,
    handInputs({ game: ctx.game, values, onchange: updatePreview }),
    preview,
    saveButton,
    h("div", { class: "row" },
      h("button", { type: "button", class: "quiet", onclick: () => record({ thrown_in: true }) },
        t("hand.thrown_in")),
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
        : null));
  }

  function updatePreview() {
    const game = ctx.game;
    entryTitle.textContent = t("hand.title", { number: view.nextNumber });
    dealerLine.textContent = t("hand.dealt_by", { dealer: seatName(game, view.dealer) });
    saveButton.disabled = !isComplete(values);
    if (!isComplete(values)) {
      replace(preview, h("p", { class: "hint" }, t("hand.pick")));
      preview.className = "preview";
      return;
    }
    const award = previewAward(game, quickEntry(values));
    const after = [...view.score];
    for (const [team, points] of Object.entries(award.points)) after[team] += points;
    preview.className = `preview ${award.reason}`;
    replace(preview,
      h("p", { class: "preview-award" }, awardText(game.ruleset, award)),
      h("p", { class: "preview-after" }, t("hand.after", {
        score: scoreWords(game, after),
        dealer: seatName(game, nextDealer(game.ruleset, view.dealer)),
      })));
  }

  async function record(body) {
    const number = view.nextNumber;
    const version = ctx.game.version + view.queued.length;
    const entry = await enqueue(ctx.id, body, version);
    const award = awardText(ctx.game.ruleset, previewAward(ctx.game, body));
    Object.assign(values, blankHand());
    buildAndPlaceForm();
    // Back to the scoreboard: the new score, then the next hand's first question.
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: still ? "auto" : "smooth" });
    toast(t("hand.saved", { number, award }), {
      action: t("hand.undo"),
      onAction: () => undoQueued(entry.id),
    });
    flush();
  }

  async function undoQueued(entryId) {
    if (await discard(entryId)) toast(t("undo.done"));
    else toast(t("undo.too_late"));
  }

  function buildAndPlaceForm() {
    buildForm();
    renderEntry();
    updatePreview();
  }

  // ---- the parts of the screen --------------------------------------------------------
  function renderNotices() {
    const game = ctx.game;
    const parts = [];
    if (view.conflicts.length) {
      parts.push(h("section", { class: "panel conflict", role: "alert", "aria-labelledby": "conflict-title" },
        h("h2", { id: "conflict-title" }, t("conflict.title")),
        h("p", {}, t("conflict.body", { hands: game.hands.length, score: scoreWords(game, game.score) })),
        h("ul", { class: "plain" }, view.conflicts.map((entry) => h("li", { class: "held" },
          h("span", {}, `${handSummary(game, { ...entry.body, kind: entry.body.thrown_in ? "thrown-in" : "played" })} → ${awardText(game.ruleset, previewAward(game, entry.body))}`),
          h("button", { type: "button", class: "quiet small", onclick: () => discard(entry.id) }, t("conflict.drop"))))),
        h("div", { class: "row" },
          h("button", {
            type: "button",
            class: "primary",
            onclick: () => rebase(ctx.id, ctx.game.version),
          }, t("conflict.keep")),
          h("button", {
            type: "button",
            class: "quiet",
            onclick: async () => {
              for (const entry of view.conflicts) await discard(entry.id);
            },
          }, t("conflict.drop_all")))));
    }
    for (const entry of view.rejected) {
      parts.push(h("section", { class: "panel rejected", role: "alert" },
        h("p", {}, t("rejected.body", {
          hand: handSummary(game, { ...entry.body, kind: entry.body.thrown_in ? "thrown-in" : "played" }),
          reason: entry.problem?.detail || "",
        })),
        h("button", { type: "button", class: "quiet small", onclick: () => discard(entry.id) }, t("rejected.ok"))));
    }
    replace(areas.notices, parts);
  }

  function renderBoard() {
    const game = ctx.game;
    const ruleset = game.ruleset;
    const teams = [...Array(teamCount(ruleset)).keys()];
    replace(areas.board,
      h("div", { class: `teams cols-${teams.length}` }, teams.map((team) => {
        const score = view.score[team];
        return h("div", { class: `team t${team}${view.winner === team ? " winner" : ""}` },
          h("p", { class: "team-label" }, teamLabel(ruleset, team)),
          h("p", { class: "team-names" }, teamNames(game, team)),
          h("p", { class: "score", "aria-label": t("board.points", { team: teamLabel(ruleset, team), score }) }, String(score)),
          fiveAndSix(score, team),
          view.winner === null && atGamePoint(ruleset, score)
            ? h("p", { class: "badge gold" }, t("board.game_point"))
            : null);
      })),
      h("p", { class: "meta" },
        view.winner === null
          ? h("span", { class: "dealer-chip" }, t("board.dealer", { dealer: seatName(game, view.dealer) }))
          : null,
        h("span", {}, t("board.target", { target: ruleset.target })),
        view.queued.length ? h("span", { class: "badge warn" }, t("outbox.waiting", { count: view.queued.length })) : null));
  }

  function renderEntry() {
    const game = ctx.game;
    if (view.winner !== null) {
      const final = view.score;
      replace(areas.entry, h("section", { class: "panel won", "aria-labelledby": "won-title" },
        trophy(),
        h("h2", { id: "won-title" }, t("won.title", { team: teamLabel(game.ruleset, view.winner) })),
        h("p", { class: "won-names" }, teamNames(game, view.winner)),
        h("p", { class: "won-score" }, scoreWords(game, final)),
        view.queued.length ? h("p", { class: "hint" }, t("won.pending")) : null,
        h("div", { class: "row" },
          ctx.token ? h("button", { type: "button", class: "primary", onclick: rematch }, t("won.rematch")) : null,
          h("a", { class: "button", href: "/new/", "data-nav": true }, t("home.new")))));
      return;
    }
    if (!ctx.token) {
      replace(areas.entry, h("section", { class: "panel watching" },
        h("h2", {}, t("watch.title")),
        h("p", {}, t("watch.body"))));
      return;
    }
    if (!form) buildForm();
    if (form.parentNode !== areas.entry) replace(areas.entry, form);
    updatePreview();
  }

  function renderHands() {
    const game = ctx.game;
    const hands = [...view.hands].reverse();
    const last = view.hands[view.hands.length - 1];
    const canEdit = ctx.token && !view.queued.length;
    replace(areas.hands,
      h("h2", { id: "hands-title" }, t("hands.title"), " ", h("span", { class: "count" }, String(view.hands.length))),
      hands.length
        ? h("ol", { class: "hand-list", reversed: true }, hands.map((hand) => {
          const body = [
            h("span", { class: "hand-no" }, `#${hand.number}`),
            h("span", { class: "hand-text" },
              h("span", { class: `hand-award ${hand.award?.reason || ""}` }, handAward(game, hand)),
              h("span", { class: "hand-how" }, handSummary(game, hand), " · ",
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
      ctx.token && last ? h("button", { type: "button", class: "quiet undo", onclick: undo },
        undoArmed ? t("undo.confirm", { number: last.number }) : t("undo.button", { number: last.number })) : null);
  }

  function renderChart() {
    replace(areas.chart,
      h("h2", { id: "chart-title" }, t("chart.title")),
      view.hands.length ? scoreChart(ctx.game.ruleset, view.hands) : h("p", { class: "hint" }, t("hands.none")));
  }

  function refresh() {
    view = project(ctx.game, ctx.entries);
    renderNotices();
    renderBoard();
    renderEntry();
    renderHands();
    renderChart();
  }

  // ---- writes that need the server ----------------------------------------------------
  async function afterWrite() {
    try {
      await saveGame(await api.game(ctx.id));
    } catch {
      // Shown from the copy on this phone until the next refresh.
    }
    ctx.game = await loadGame(ctx.id);
    refresh();
  }

  async function undo() {
    const last = view.hands[view.hands.length - 1];
    if (!last) return;
    if (!undoArmed) {
      undoArmed = setTimeout(() => {
        undoArmed = 0;
        renderHands();
      }, 4000);
      renderHands();
      return;
    }
    clearTimeout(undoArmed);
    undoArmed = 0;
    if (last.entry) {
      await undoQueued(last.entry.id);
      return;
    }
    try {
      await api.undoHand(ctx.id, last.number, { token: ctx.token, version: ctx.game.version });
      toast(t("undo.done"));
    } catch (error) {
      if (error instanceof Unreachable) toast(t("offline.needed"));
      else if (error instanceof Problem && error.status === 412) toast(t("conflict.undo"), { ms: 8000 });
      else toast(error.message);
    }
    await afterWrite();
  }

  async function rematch() {
    const game = ctx.game;
    try {
      const created = await api.createGame({
        ruleset: game.ruleset,
        players: game.players,
        dealer: nextDealer(game.ruleset, game.hands.length ? game.hands[0].dealer : 0),
      });
      await saveGame(created);
      go(`/g/${created.id}/`);
    } catch (error) {
      toast(error instanceof Unreachable ? t("offline.needed") : error.message);
    }
  }

  // ---- keeping up with the outbox and the other phones -------------------------------
  async function reload() {
    ctx.entries = await pending(ctx.id);
    ctx.game = (await loadGame(ctx.id)) || ctx.game;
    refresh();
  }

  async function pull() {
    if (!navigator.onLine || document.visibilityState === "hidden") return;
    try {
      await saveGame(await api.game(ctx.id));
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
  events.addEventListener("change", onChange);
  document.addEventListener("visibilitychange", pull);
  const timer = setInterval(pull, POLL_MS);
  refresh();
  pull();
  return () => {
    events.removeEventListener("change", onChange);
    document.removeEventListener("visibilitychange", pull);
    clearInterval(timer);
    clearTimeout(undoArmed);
  };
}
