// Start-up: language, theme, the screen for the address, the outbox and the service worker.

import { presetRules, saveToken } from "./db.js";
import { lang, pickLanguage, setLang, t } from "./i18n.js";
import "./install.js";
import { onNavigate } from "./nav.js";
import { events, flush, isCreation, isHand, isResult, isUndo, pending } from "./outbox.js";
import { dismissToast, h, oneTapPerDoubleTap, replace, toast } from "./ui.js";
import { showGame } from "./views/game.js";
import { showHome } from "./views/home.js";
import { showNewGame } from "./views/newgame.js";
import { showReferee } from "./views/later.js";
import { showTable } from "./views/table.js";
import { keepAwake } from "./wakelock.js";

const GAME = /^\/g\/([0-9a-f-]{36})\/(?:(referee|log|share)\/)?$/;
const TABLE = /^\/table\/(?:(referee|log)\/)?$/;
const JOIN = /^\/t\/([A-Za-z0-9]{1,12})\/?$/;
const RETRY_MS = 30000;
// Online, a hand is sent in a moment: the line saying what waits appears only for what still
// waits after this long, so a save does not push the screen down under the player's thumb.
const SETTLE_MS = 3000;
let statusTimer = 0;
const main = document.getElementById("main");
let cleanup = () => {};
// Screens load asynchronously: one opened later can be drawn before an earlier one ends
// loading (a tab tapped while the table still loads). Each draws into a place of its own,
// which is on the page only while it is the latest; the earlier one then stops.
let routes = 0;

async function route() {
  const mine = ++routes;
  dismissToast();
  cleanup();
  cleanup = () => {};
  const path = location.pathname;
  const match = path.match(GAME);
  const table = path.match(TABLE);
  const join = path.match(JOIN);
  if (!match && !table) document.getElementById("tabs").hidden = true;
  keepAwake(!!match || !!table);
  window.scrollTo(0, 0);
  const screen = h("div", { class: "screen" });
  main.replaceChildren(screen);
  let done;
  if (match) done = await showGame(screen, { id: match[1], tab: match[2] || "score" });
  else if (table) done = await showTable(screen, { tab: table[1] || "score" });
  else if (join) done = await showTable(screen, { code: join[1] });
  else if (path === "/new/") done = await showNewGame(screen);
  else if (path === "/referee/") done = await showReferee(screen, {});
  else done = await showHome(screen);
  const stop = typeof done === "function" ? done : () => {};
  if (mine !== routes) {
    stop(); // a later screen was asked for while this one loaded: its polls and listeners end
    return;
  }
  cleanup = stop;
}

// ---- theme and language
const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

function isDark() {
  const chosen = localStorage.getItem("theme");
  return chosen ? chosen === "dark" : darkQuery.matches;
}

// The dark palette is a sheet of its own that follows the phone (its media query) until the
// player picks a theme here.
const DARK_PALETTE_MEDIA = { dark: "all", light: "not all" };

function applyTheme() {
  const chosen = localStorage.getItem("theme");
  if (chosen) document.documentElement.dataset.theme = chosen;
  else delete document.documentElement.dataset.theme;
  document.getElementById("dark-palette").media = DARK_PALETTE_MEDIA[chosen] ?? darkQuery.media;
}

function renderChrome() {
  document.documentElement.lang = lang();
  document.querySelector(".skip").textContent = t("skip");
  document.querySelector(".brand-word").textContent = t("app.brand");
  const other = lang() === "ko" ? "en" : "ko";
  replace(document.getElementById("tools"),
    h("button", {
      type: "button",
      class: "tool",
      lang: other,
      title: t("lang.switch"),
      onclick: () => {
        setLang(other);
        renderChrome();
        renderStatus();
        route();
      },
    }, other === "ko" ? "한국어" : "English"),
    h("button", {
      type: "button",
      class: "tool",
      "aria-label": isDark() ? t("theme.light") : t("theme.dark"),
      onclick: () => {
        localStorage.setItem("theme", isDark() ? "light" : "dark");
        applyTheme();
        renderChrome();
      },
    }, isDark() ? "☀" : "☾"));
}

// ---- what is not sent yet
async function renderStatus() {
  const el = document.getElementById("status");
  const online = navigator.onLine;
  const now = Date.now();
  const all = (await pending()).filter((entry) => entry.state === "waiting");
  const waiting = online ? all.filter((entry) => now - entry.createdAt >= SETTLE_MS) : all;
  clearTimeout(statusTimer);
  if (waiting.length < all.length) statusTimer = setTimeout(renderStatus, SETTLE_MS);
  const hands = waiting.filter(isHand).length;
  const results = waiting.filter(isResult).length;
  const games = waiting.filter(isCreation).length;
  const undos = waiting.filter(isUndo).length;
  const parts = [];
  // Narrow: one word over the score (the sentence for a screen reader).
  if (!online) {
    parts.push(h("span", { class: "status-long" }, t("status.offline")),
      h("span", { class: "status-short", "aria-hidden": "true" }, t("status.offline.short")));
  }
  if (games) parts.push(h("span", { class: "status-count" }, t("outbox.games", { count: games })));
  if (hands) parts.push(h("span", { class: "status-count" }, t("outbox.waiting", { count: hands })));
  if (results) parts.push(h("span", { class: "status-count" }, t("outbox.results", { count: results })));
  if (undos) parts.push(h("span", { class: "status-count" }, t("outbox.undos", { count: undos })));
  if (waiting.length) {
    if (online) parts.push(h("button", { type: "button", class: "link", onclick: () => flush() }, t("status.send")));
  }
  el.className = `status${online ? "" : " off"}${parts.length ? " shown" : ""}`;
  replace(el, parts);
}

// "Narrow": fewer than 20em across, in the page's own em, however the text got large (the
// browser's text size, a larger root font size, page zoom): the layout for a small phone or
// large text (app.css, `.narrow`). A box 20rem wide, kept out of sight, is wider than the
// screen exactly then; it is measured again whenever it or the screen changes size.
function trackNarrow() {
  const probe = h("div", { "aria-hidden": "true", class: "narrow-probe" });
  document.body.append(probe);
  const set = () => {
    const narrow = probe.getBoundingClientRect().width > document.documentElement.getBoundingClientRect().width;
    document.documentElement.classList.toggle("narrow", narrow);
  };
  new ResizeObserver(set).observe(probe);
  new ResizeObserver(set).observe(document.documentElement);
  set();
}

// The score sticks below the status line: the page is told its height, and moves as it comes in
// over a hand half entered (offline), so what was about to be tapped stays put.
function trackStatusHeight() {
  const el = document.getElementById("status");
  let height = el.offsetHeight;
  const set = () => {
    const now = el.offsetHeight;
    document.documentElement.style.setProperty("--status-h", `${now}px`);
    // (Only as it comes in over a hand half entered: as it goes, the browser moves the page.)
    if (now > height && document.querySelector("form.entry .choice input:checked")) window.scrollBy(0, now - height);
    height = now;
  };
  new ResizeObserver(set).observe(el);
  set();
}

// ---- the keep-score link: #key=<token>
async function takeKeyFromLink() {
  const match = location.pathname.match(GAME);
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (!match || !key) return false;
  await saveToken(match[1], key);
  // Out of the address bar, so a screenshot or a copied address doesn't give it away.
  history.replaceState(null, "", location.pathname);
  return true;
}

// ---- updates
async function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  const registration = await navigator.serviceWorker.register("/sw.js", {
    scope: "/",
    updateViaCache: "none",
  });
  const offer = (worker) => toast(t("update.ready"), {
    action: t("update.reload"),
    ms: 0,
    into: null,
    onAction: () => {
      reloading = true;
      worker.postMessage({ type: "skip-waiting" });
    },
  });
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

async function start() {
  pickLanguage();
  applyTheme();
  oneTapPerDoubleTap();
  darkQuery.addEventListener("change", renderChrome);
  trackNarrow();
  renderChrome();
  trackStatusHeight();
  const tookKey = await takeKeyFromLink();
  onNavigate(route);
  await route();
  if (tookKey) toast(t("share.key_taken"));
  renderStatus();
  events.addEventListener("change", renderStatus);
  events.addEventListener("rejected", ({ detail: { entry, problem } }) => {
    // (An undo on a game another phone has moved on from: said in the player's words.)
    const reason = isUndo(entry) && problem.version > entry.version ? t("undo.moved_on") : problem.detail;
    const words = t(isUndo(entry) ? "rejected.undone" : "rejected.toast", { number: entry.number, reason });
    if (problem.code !== "round-undone") return toast(words, { ms: 8000 });
    // A hand of a round undone since: the table's screen moves on to the round as it is now,
    // and this stays over it until the player has read it.
    const told = h("div", { class: "toast standing", role: "alert" }, h("span", {}, words),
      h("button", { type: "button", class: "link", onclick: () => told.remove() }, t("rejected.ok")));
    document.body.append(told);
  });
  window.addEventListener("online", () => {
    renderStatus();
    flush();
  });
  window.addEventListener("offline", renderStatus);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(() => {
    if (navigator.onLine) flush();
  }, RETRY_MS);
  flush();
  // The presets and their award tables, kept so that a game can start offline later.
  if (navigator.onLine) presetRules();
  registerWorker().catch(() => {});
}

start();
