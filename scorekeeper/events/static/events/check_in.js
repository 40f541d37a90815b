// Check-in at the door: tap a player of the club's roster in as they arrive (tap again to
// take them out), find them by the first letters of any of their names, add a new guest
// inline. Checking in is entering the event; after round 1 it is a late arrival, seated from
// the next round. Each write names the event's version the door read (`If-Match`), as the
// console's do: a round seated meanwhile on the console is shown, never seated twice.
import { h as el } from "../webapp/js/ui.js";
import { changedMeanwhile } from "./console_kit.js";
import { $, $$, api, attempt, say } from "./screen.js";

const event = document.body.dataset.event;
const base = `/events/${event}/`;
let version = Number(document.body.dataset.version);

// A write made on the version the door read; then where the event stands, the door's own
// write included, is what its next write is made on.
async function write(method, url, body) {
  const answer = await api(method, url, body, version);
  version = (await api("GET", base)).version;
  return answer;
}

// Run a tap or the seating; another director's change meanwhile (412) is shown, and the door
// read again to be looked at before the director taps again.
function guarded(action) {
  return attempt(async () => {
    try {
      await action();
    } catch (error) {
      if (error.status !== 412) throw error;
      await changedMeanwhile(error.body?.changes || []);
      location.reload();
    }
  });
}

// The page's words, in its language: "{name} is checked in." with the names filled in.
function t(key, values = {}) {
  const phrase = $(".door").dataset[`t${key[0].toUpperCase()}${key.slice(1)}`] || key;
  return phrase.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

// The same folding for the search and the names: case and accents aside.
const fold = (text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase().trim();

function matches(name, typed) {
  if (!typed) return true;
  const folded = fold(name);
  return folded.startsWith(typed) || folded.split(/[\s\-'.()]+/).some((word) => word.startsWith(typed));
}

function count() {
  $(".checked-count").textContent = String($$(".door-player.in").length);
}

function mark(button, checkedIn) {
  button.classList.toggle("in", checkedIn);
  button.setAttribute("aria-pressed", checkedIn ? "true" : "false");
  count();
}

function filter() {
  const typed = fold($(".door-search").value);
  let shown = 0;
  for (const item of $$(".door-list li")) {
    item.hidden = !matches(item.dataset.name, typed);
    if (!item.hidden) shown += 1;
  }
  $(".door-none").hidden = shown > 0;
  const guest = $(".door-guest").elements.name;
  if (!shown && !guest.dataset.typed) guest.value = $(".door-search").value.trim();
}

function tap(button) {
  const item = button.closest("li");
  const player = Number(item.dataset.player);
  const checkedIn = button.classList.contains("in");
  guarded(async () => {
    if (checkedIn) {
      await write("DELETE", `/events/${event}/players/${player}/`);
      mark(button, false);
      say(t("out", { name: item.dataset.name }));
    } else {
      await write("POST", `/events/${event}/players/`, { player });
      mark(button, true);
      say(t("in", { name: item.dataset.name }));
      const search = $(".door-search");
      if (search.value) {
        search.value = "";
        filter();
        search.focus();
      }
    }
  });
}

function rosterItem(answer) {
  const button = el("button", { type: "button", class: "door-player in", "aria-pressed": "true" },
    el("span", { class: "door-name", text: answer.shown }), " ", el("small", { text: t("guest") }),
    el("span", { class: "door-mark", "aria-hidden": "true" }));
  button.addEventListener("click", () => tap(button));
  const item = el("li", { "data-player": String(answer.player), "data-name": answer.shown }, button);
  const after = $$(".door-list li").find((li) => fold(li.dataset.name) > fold(answer.shown));
  $(".door-list").insertBefore(item, after || null);
}

function addGuest(form) {
  const name = form.elements.name.value.trim();
  const label = form.elements.label.value.trim();
  guarded(async () => {
    const body = { name, new: true };
    if (label) body.label = label;
    const answer = await write("POST", `/events/${event}/players/`, body);
    rosterItem(answer);
    count();
    form.reset();
    delete form.elements.name.dataset.typed;
    $(".door-search").value = "";
    filter();
    say(t("added", { name: answer.shown }));
  });
}

function seat() {
  guarded(async () => {
    const round = await write("POST", `/events/${event}/rounds/`);
    document.body.dataset.rounds = String(round.number);
    const tables = round.tables.map((table) =>
      el("li", {}, el("strong", { text: t("table", { number: table.number }) }), ` ${table.seats.map((s) => s.name).join(", ")}`));
    const block = el("section", { class: "card" },
      el("h2", { text: t("round", { number: round.number }) }),
      el("ul", { class: "list tables" }, ...tables),
      round.sit_outs.length ? el("p", { text: t("sitting", { names: round.sit_outs.join(", ") }) }) : null);
    $(".door-round").replaceChildren(block);
    say(t("seated", { number: round.number }));
  });
}

if ($(".door")) {
  for (const button of $$(".door-player")) button.addEventListener("click", () => tap(button));
  $(".door-search").addEventListener("input", filter);
  $(".door-guest").elements.name.addEventListener("input", (e) => { e.target.dataset.typed = "1"; });
  $(".door-guest").addEventListener("submit", (e) => {
    e.preventDefault();
    addGuest(e.target);
  });
  $(".door-seat").addEventListener("click", seat);
  count();
}
