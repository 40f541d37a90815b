// The score tab: a compact score that stays in view, the hand entry (one hand, one screen,
// Save in reach), the hands so far, the count and the chart. Everything it writes goes to the
// paths in `ctx.links` with the token in `ctx.token`. At a club night's table (`ctx.table`)
// the same screen counts the round's hands ("Hand 3 of 8"), takes none past the last, and
// stops taking hands once the result is entered (`ctx.table.closed`).

import { api, Problem, Unreachable } from "../api.js";
import { fiveAndSix, scoreChart } from "../chart.js";
import { loadGame, saveGame } from "../db.js";
import { t } from "../i18n.js";
import { go } from "../nav.js";
import {
  discard, enqueue, events, flush, forgetSent, isHand, isResult, keepRead, pending, rebase,
} from "../outbox.js";
import {
  atGamePoint, awardText, leader, nextDealer, previewAward, seatName, teamCount, teamLabel,
  teamNames,
} from "../rules.js";
import { gameStart, NeedsConnection } from "../start.js";
import { draft, h, replace, s, toast } from "../ui.js";
import { openAmend } from "./amend.js";
import { openRenege } from "./renege.js";
import { handAward, handSummary, kindOf } from "./describe.js";
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
  const hands = entries.filter(isHand);
  for (const entry of hands) {
    if (entry.state === "rejected") continue;
    number += 1;
    const award = entry.preview || previewAward(game, entry.body);
    const kind = kindOf(entry.body);
    queued.push({ ...entry.body, number, dealer, kind, award, entry });
    for (const [team, points] of Object.entries(award.points)) score[team] += points;
    // A poor-hand redeal keeps the deal; every other hand passes it to the left.
    if (kind !== "redeal") dealer = nextDealer(ruleset, dealer);
  }
  const winner = queued.length ? leader(ruleset, score, queued[queued.length - 1]) : game.winner;
  const all = [...game.hands, ...queued];
  return {
    score,
    dealer,
    winner,
    hands: all,
    queued,
    // A poor-hand redeal is dealt again: it is no hand of a club night's round.
    counted: all.filter((hand) => hand.kind !== "redeal").length,
    nextNumber: number + 1,
    conflicts: hands.filter((entry) => entry.state === "conflict"),
    rejected: entries.filter((entry) => entry.state === "rejected"),
  };
}

function scoreWords(game, score) {
  return [...Array(teamCount(game.ruleset)).keys()]
    .map((team) => `${teamLabel(game.ruleset, team)} ${score[team]}`)
    .join(" – ");
}

function allTeams(game) {
  return [...Array(teamCount(game.ruleset)).keys()].map((team) => teamNames(game, team)).join(" v ");
}

export function showScore(main, ctx) {
  const areas = {
    title: h("h1", { class: "visually-hidden" }),
    board: h("section", { class: "board", "aria-label": t("board.label") }),
    meta: h("p", { class: "meta" }),
    notices: h("div", { class: "notices" }),
    entry: h("div", { class: "entry-area" }),
    hands: h("section", { class: "panel hands", "aria-labelledby": "hands-title" }),
    chart: h("section", { class: "panel", "aria-labelledby": "chart-title" }),
  };
  replace(main, Object.values(areas));
  let view = project(ctx.game, ctx.entries);
  // The hand being entered survives a redraw (a language switch, another tab and back).
  const values = draft(`hand:${ctx.id}`, blankHand);
  let undoArmed = 0;
  let clash = null;

  // ---- the hand entry ---------------------------------------------------------------
  const preview = h("div", { class: "preview", "aria-live": "polite" });
  const entryTitle = h("h2", { id: "entry-title", tabindex: "-1" });
  const dealerLine = h("span", { class: "deal" });
  const saveButton = h("button", { type: "submit", class: "primary big", disabled: true }, t("hand.save"));
  let form = null;
  let saving = false;
  const limit = ctx.table?.limit || null;

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
          onclick: () => openRenege(ctx, { dealer: view.dealer, values, onsave: record }),
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
      onsubmit: (event) => {
        event.preventDefault();
        if (isComplete(values)) record(quickEntry(values));
      },
    },
    h("div", { class: "entry-head" }, entryTitle, dealerLine),
    handInputs({ game, values, onchange: updatePreview }),
    preview,
    h("div", { class: "save-bar" }, saveButton),
    others.length ? h("div", { class: "row" }, others) : null);
  }

  function updatePreview() {
    const game = ctx.game;
    entryTitle.textContent = limit
      ? t("hand.title_of", { number: view.counted + 1, limit })
      : t("hand.title", { number: view.nextNumber });
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

  async function record(body, { preview } = {}) {
    // A double tap saves one hand: the second tap finds the first one still being kept.
    if (saving) return;
    saving = true;
    saveButton.disabled = true;
    const number = view.nextNumber;
    const version = ctx.game.version + view.queued.length;
    let entry;
    try {
      entry = await enqueue(ctx.id, body, { path: ctx.links.hands, version, number, preview });
    } finally {
      saving = false;
    }
    const award = awardText(ctx.game.ruleset, preview || previewAward(ctx.game, body));
    // A fresh form where the last one was: the screen does not move, the next hand starts.
    const place = window.scrollY;
    Object.assign(values, blankHand());
    const old = form;
    buildForm();
    old?.replaceWith(form);
    renderEntry();
    entryTitle.focus({ preventScroll: true });
    window.scrollTo(0, place);
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

  // ---- two phones, one hand ---------------------------------------------------------
  function sideList(items) {
    return h("ul", { class: "plain" }, items.map(({ number, hand, award }) => h("li", {},
      h("strong", {}, `#${number} `), handSummary(ctx.game, hand),
      h("br"), h("span", { class: `hand-award ${award?.reason || ""}` }, awardText(ctx.game.ruleset, award || {})))));
  }

  function renderClash() {
    const game = ctx.game;
    if (!view.conflicts.length) {
      clash?.close();
      return;
    }
    const lastNumber = game.hands.length ? game.hands[game.hands.length - 1].number : 0;
    const held = Math.min(...view.conflicts.map((entry) => entry.number ?? Infinity));
    const first = Number.isFinite(held) ? held : lastNumber + 1;
    const theirs = game.hands.filter((hand) => hand.number >= first);
    // Each numbered as it was entered, so the same hand shows the same number on both sides.
    const mine = view.conflicts.map((entry, i) => ({
      number: entry.number ?? first + i,
      hand: { ...entry.body, kind: kindOf(entry.body) },
      award: previewAward(game, entry.body),
    }));
    const one = theirs.length === 1 && mine.length === 1;
    const count = one ? 1 : 2;
    const keepTheirs = async () => {
      for (const entry of view.conflicts) await discard(entry.id);
    };
    const addMine = () => rebase(ctx.id, { version: game.version, number: lastNumber + 1 });
    if (!clash) {
      clash = h("dialog", { class: "sheet clash", "aria-labelledby": "clash-title" });
      // Only an answer closes it: the held hands wait for a decision.
      clash.addEventListener("cancel", (event) => event.preventDefault());
      clash.addEventListener("close", () => {
        clash.remove();
        clash = null;
      });
      document.body.append(clash);
    }
    replace(clash,
      h("h2", { id: "clash-title" }, theirs.length
        ? t("clash.title", { count, number: theirs[0].number })
        : t("conflict.title")),
      theirs.length
        ? h("div", { class: "clash-sides" },
          h("section", { class: "side theirs", "aria-labelledby": "clash-theirs" },
            h("h3", { id: "clash-theirs" }, t("clash.theirs")),
            sideList(theirs.map((hand) => ({ number: hand.number, hand, award: hand.award })))),
          h("section", { class: "side mine", "aria-labelledby": "clash-mine" },
            h("h3", { id: "clash-mine" }, t("clash.mine")),
            sideList(mine)))
        : [
          h("p", {}, t("clash.changed", { hands: game.hands.length, score: scoreWords(game, game.score) })),
          h("section", { class: "side mine", "aria-labelledby": "clash-mine" },
            h("h3", { id: "clash-mine" }, t("clash.mine")), sideList(mine)),
        ],
      theirs.length ? h("p", { class: "clash-question" }, t("clash.question", { count })) : null,
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", onclick: theirs.length ? keepTheirs : addMine },
          theirs.length ? t(one ? "clash.same" : "clash.same.many") : t("clash.add")),
        h("button", { type: "button", onclick: theirs.length ? addMine : keepTheirs },
          theirs.length ? t(one ? "clash.new" : "clash.new.many") : t("clash.drop"))));
    if (!clash.open) clash.showModal();
  }

  // ---- the parts of the screen --------------------------------------------------------
  function renderNotices() {
    const game = ctx.game;
    replace(areas.notices, view.rejected.map((entry) => h("section", { class: "panel rejected", role: "alert" },
      h("p", {}, t("rejected.body", {
        hand: isHand(entry) ? handSummary(game, { ...entry.body, kind: kindOf(entry.body) })
          : isResult(entry) ? t("rejected.result") : t("rejected.game"),
        reason: entry.problem?.detail || "",
      })),
      entry.kind !== "create"
        ? h("button", { type: "button", class: "quiet small", onclick: () => discard(entry.id) }, t("rejected.ok"))
        : null)));
  }

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
            h("span", { class: "team-label" }, teamLabel(ruleset, team)), " ",
            h("span", { class: "team-names" }, teamNames(game, team))),
          h("p", { class: "score", "aria-label": t("board.points", { team: teamLabel(ruleset, team), score }) }, String(score)),
          view.winner === null && atGamePoint(ruleset, score)
            ? h("p", { class: "badge gold" }, t("board.game_point"))
            : null);
      })));
    // Who deals is in the hand entry's heading when this phone keeps score.
    replace(areas.meta,
      view.winner === null && !ctx.token
        ? h("span", { class: "dealer-chip" }, t("board.dealer", { dealer: seatName(game, view.dealer) }))
        : null,
      limit
        ? h("span", {}, t("board.round_of", { count: view.counted, limit }))
        : h("span", {}, t("board.target", { target: ruleset.target })),
      view.queued.length ? h("span", { class: "badge warn" }, t("outbox.waiting", { count: view.queued.length })) : null);
  }

  function stopped(title, body) {
    form = null;
    replace(areas.entry, h("section", { class: "panel stopped", "aria-labelledby": "stopped-title" },
      h("h2", { id: "stopped-title", tabindex: "-1" }, title),
      body ? h("p", { class: "hint" }, body) : null));
  }

  function renderEntry() {
    const game = ctx.game;
    if (ctx.table && ctx.token) {
      // At a club night's table: the round's last hand, or a result entered, ends the entry.
      if (ctx.table.closed) return stopped(ctx.table.closed, null);
      if (limit && view.counted >= limit) {
        return stopped(t("table.last_hand", { limit }), t("table.enter_result"));
      }
      if (view.winner !== null) {
        return stopped(t("won.title", { team: teamLabel(game.ruleset, view.winner) }), t("table.enter_result"));
      }
    }
    if (view.winner !== null) {
      form = null;
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
        h("p", {}, ctx.table ? t("table.watch") : t("watch.body"))));
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
    const canEdit = ctx.token && !view.queued.length && !ctx.table?.closed;
    replace(areas.hands,
      h("h2", { id: "hands-title" }, t("hands.title"), " ", h("span", { class: "hand-count" }, String(view.hands.length))),
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
      ctx.token && last && !ctx.table?.closed ? h("button", { type: "button", class: "quiet undo", onclick: undo },
        undoArmed ? t("undo.confirm", { number: last.number }) : t("undo.button", { number: last.number })) : null);
  }

  function renderChart() {
    const ruleset = ctx.game.ruleset;
    const teams = [...Array(teamCount(ruleset)).keys()];
    replace(areas.chart,
      h("h2", { id: "chart-title" }, t("chart.title")),
      h("div", { class: "counts" }, teams.map((team) => h("div", { class: `count-of t${team}` },
        h("span", { class: "team-label" }, teamLabel(ruleset, team)), fiveAndSix(view.score[team], team)))),
      view.hands.length ? scoreChart(ruleset, view.hands) : h("p", { class: "hint" }, t("hands.none")));
  }

  function refresh() {
    view = project(ctx.game, ctx.entries);
    ctx.table?.onview?.(view);
    renderBoard();
    renderNotices();
    renderEntry();
    renderHands();
    renderChart();
    renderClash();
  }

  // ---- writes that need the server ----------------------------------------------------
  async function afterWrite() {
    try {
      await saveGame(await api.read(ctx.links.read));
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
      await api.undoHand(ctx.links.hands, last.number, { token: ctx.token, version: ctx.game.version });
      // The hands this phone sent are the server's to keep now: none is sent again.
      await forgetSent(ctx.id);
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
      const { id, offline } = await gameStart({
        rules: game.ruleset,
        ruleset: game.ruleset,
        players: game.players,
        dealer: nextDealer(game.ruleset, game.hands.length ? game.hands[0].dealer : game.dealer),
      });
      go(`/g/${id}/`);
      if (offline) toast(t("new.started_offline"));
    } catch (error) {
      toast(error instanceof NeedsConnection || error instanceof Unreachable ? t("offline.needed") : error.message);
    }
  }

  // ---- keeping up with the outbox and the other phones -------------------------------
  async function reload() {
    ctx.entries = await pending(ctx.id);
    ctx.game = (await loadGame(ctx.id)) || ctx.game;
    refresh();
  }

  async function pull() {
    if (!navigator.onLine || document.visibilityState === "hidden" || ctx.game.local) return;
    try {
      await keepRead(await api.read(ctx.links.read));
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
  pull();
  return () => {
    events.removeEventListener("change", onChange);
    document.removeEventListener("visibilitychange", pull);
    clearInterval(timer);
    clearTimeout(undoArmed);
    clash?.close();
  };
}
