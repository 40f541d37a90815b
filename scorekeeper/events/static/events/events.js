// The events screens: each page names its screen on <body data-screen>; this script fills it
// from the events API and sends what the director or the table does. No build step: an ES
// module that borrows the web app's API wrapper and DOM helpers.
import { call } from "../webapp/js/api.js";
import { h as el } from "../webapp/js/ui.js";

const REFRESH_MS = 5000;
const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

// The web app's API wrapper: a director's session sends the CSRF token on writes. A table's
// phone scores in the table app (/table/), never here.
async function api(method, url, body) {
  const headers = {};
  if (method !== "GET") headers["X-CSRFToken"] = cookie("csrftoken");
  const answer = await call(method, url.replace(/^\/api\/v1/, ""), { body, headers });
  return answer.data;
}

function say(text, bad = false) {
  const box = $(".message");
  box.textContent = text;
  box.classList.toggle("bad", bad);
  box.hidden = !text;
}

// Run an action from a button or form; a problem is shown, not thrown.
async function attempt(action) {
  try {
    say("");
    await action();
  } catch (error) {
    say(error.message, true);
  }
}

function options(select, items, placeholder) {
  const keep = select.value;
  select.replaceChildren();
  if (placeholder) select.append(el("option", { value: "", text: placeholder }));
  for (const [value, label] of items) select.append(el("option", { value: String(value), text: label }));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

// Standings --------------------------------------------------------------------------------

function standingsTable(data) {
  const teams = data.ranked_by === "match points";
  const head = ["#", teams ? "Team" : "Player", "Played", "Won", teams ? "Match pts" : "Total", "For", "Against", "Euchres", "Tie-break"];
  const table = el("table", { class: "standings-table" });
  table.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { text: h })))));
  const body = el("tbody");
  for (const row of data.rows) {
    // In an individual event a row is a player: their name opens their page.
    const name = teams
      ? el("td", { text: row.name })
      : el("td", {}, el("a", { href: `/events/players/${row.key}/`, text: row.name }));
    body.append(
      el(
        "tr",
        {},
        el("td", { text: String(row.rank) }),
        name,
        ...[
          row.played,
          row.wins,
          teams ? row.match_points : row.total,
          row.points_for,
          row.points_against,
          row.euchres,
          row.tie_break || "",
        ].map((v) => el("td", { text: String(v) })),
      ),
    );
  }
  table.append(body);
  const box = el("div");
  box.append(table);
  if (data.waiting) box.append(el("p", { class: "note", text: `${data.waiting} result(s) waiting for confirmation.` }));
  const prizes = el("ul", { class: "prizes" });
  for (const prize of data.side_prizes) {
    const who = prize.winners.map((w) => `${w.name} (${w.value})`).join(", ") || "none yet";
    prizes.append(el("li", { text: `${prize.title}: ${who}` }));
  }
  box.append(prizes);
  return box;
}

async function showStandings(event, root) {
  const data = await api("GET", `/api/v1/events/${event}/standings/`);
  root.replaceChildren(standingsTable(data));
}

function roundBlock(round) {
  const block = el("div", { class: "round" });
  block.append(el("h3", { text: `Round ${round.number}${round.complete ? " (complete)" : ""}` }));
  const list = el("ul", { class: "list tables" });
  for (const table of round.tables) {
    const status = table.result
      ? `${table.result.points[0]}-${table.result.points[1]} ${table.result.status}`
      : "playing";
    const item = el("li", { "data-table": String(table.number) });
    item.append(el("strong", { text: `Table ${table.number}` }), ` ${table.team_names[0]} v ${table.team_names[1]} `);
    item.append(el("span", { class: "status", text: status }));
    if (table.result && table.result.confirmation === "same-device") {
      item.append(" ", el("span", { class: "same-device", text: "(confirmed on the scorer's phone)" }));
    }
    list.append(item);
  }
  block.append(list);
  if (round.sit_outs.length) block.append(el("p", { text: `Sitting out: ${round.sit_outs.join(", ")}` }));
  return block;
}

// The director's home --------------------------------------------------------------------

function director() {
  $(".new-club").addEventListener("submit", (e) => {
    e.preventDefault();
    attempt(async () => {
      await api("POST", "/api/v1/clubs/", { name: formData(e.target).name });
      location.reload();
    });
  });
  for (const form of $$(".new-season")) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const club = form.closest("[data-club]").dataset.club;
      attempt(async () => {
        // The season joins the list and the new event's choices in place: no reload.
        const season = await api("POST", `/api/v1/clubs/${club}/seasons/`, formData(form));
        const box = form.closest("[data-club]");
        const list = box.querySelector(".seasons");
        list.querySelector(".no-seasons")?.remove();
        list.append(el("li", { text: `${season.name} ${season.starts_on} – ${season.ends_on}` }));
        box.querySelector("select[name=season]").append(el("option", { value: String(season.id), text: season.name }));
        form.reset();
      });
    });
  }
  for (const form of $$(".new-event")) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const club = form.closest("[data-club]").dataset.club;
      const f = formData(form);
      const body = {
        name: f.name,
        format: f.format,
        ruleset: f.preset,
        round_length: f.round_length,
        entry: f.entry,
        sit_out_credit: f.sit_out_credit,
        sit_out_points: Number(f.sit_out_points || 0),
      };
      if (f.date) body.date = f.date;
      if (f.season) body.season = Number(f.season);
      if (f.round_length === "hands") body.hands_per_round = Number(f.hands_per_round);
      if (f.format === "progressive") body.rounds_planned = Number(f.rounds_planned);
      attempt(async () => {
        const event = await api("POST", `/api/v1/clubs/${club}/events/`, body);
        location.assign(`/events/${event.id}/manage/`);
      });
    });
  }
}

// The players' event screen --------------------------------------------------------------

function eventScreen() {
  const event = document.body.dataset.event;
  const base = `/api/v1/events/${event}/`;
  const me = $(".me");
  const remembered = `events.me.${event}`;
  let rounds = [];

  function myTable() {
    const player = Number(me.value);
    const out = $(".my-table");
    if (!player || !rounds.length) {
      out.textContent = "";
      return;
    }
    const round = rounds[rounds.length - 1];
    for (const table of round.tables) {
      const seat = table.seats.find((s) => s.player === player);
      if (!seat) continue;
      const partner = table.seats.filter((s) => s.side === seat.side && s.player !== player).map((s) => s.name);
      const against = table.seats.filter((s) => s.side !== seat.side).map((s) => s.name);
      out.textContent = `Round ${round.number}: table ${table.number}, seat ${seat.seat}. Partner: ${partner.join(", ")}. Against: ${against.join(" and ")}.`;
      return;
    }
    const name = me.options[me.selectedIndex].text;
    out.textContent = round.sit_outs.includes(name)
      ? `Round ${round.number}: you sit out this round.`
      : `Round ${round.number}: you are not seated.`;
  }

  async function load() {
    const [players, schedule] = await Promise.all([api("GET", base + "players/"), api("GET", base + "rounds/")]);
    rounds = schedule;
    options(me, players.map((p) => [p.player, p.shown]), "choose your name");
    if (!me.value && localStorage.getItem(remembered)) me.value = localStorage.getItem(remembered);
    $(".rounds").replaceChildren(...rounds.slice().reverse().map((round) => roundBlock(round)));
    myTable();
    await showStandings(event, $(".standings"));
  }

  me.addEventListener("change", () => {
    localStorage.setItem(remembered, me.value);
    myTable();
  });
  attempt(load);
  setInterval(() => attempt(load), REFRESH_MS);
}

// The director's console for one event is console.js.
const SCREENS = { director, event: eventScreen };
const start = SCREENS[document.body.dataset.screen];
if (start) start();
