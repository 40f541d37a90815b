// The events screens: each page names its screen on <body data-screen>; this script fills it
// from the events API and sends what the director or the table does. No build step: an ES
// module that borrows the web app's API wrapper and DOM helpers.
import { h as el } from "../webapp/js/ui.js";
import { $, $$, api, attempt, say, scoreLine } from "./screen.js";
import { standingsTable } from "./standings_table.js";
import { seatWord, t } from "./words.js";

const REFRESH_MS = 5000;

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

async function showStandings(event, root) {
  const data = await api("GET", `/api/v1/events/${event}/standings/`);
  root.replaceChildren(standingsTable(data, { playerPages: true }));
}

function roundBlock(round) {
  const block = el("div", { class: "round" });
  block.append(el("h3", { text: t(round.complete ? "Round {number} (complete)" : "Round {number}", { number: round.number }) }));
  const list = el("ul", { class: "list tables" });
  for (const table of round.tables) {
    const status = table.result
      ? `${scoreLine(table.result.points)} ${t(table.result.status)}`
      : t("playing");
    const item = el("li", { "data-table": String(table.number) });
    item.append(
      el("strong", { text: t("Table {number}", { number: table.number }) }),
      ` ${t("{first} v {second}", { first: table.team_names[0], second: table.team_names[1] })} `,
    );
    item.append(el("span", { class: "status", text: status }));
    if (table.result && table.result.confirmation === "same-device") {
      item.append(" ", el("span", { class: "same-device", text: t("(confirmed on the scorer's phone)") }));
    }
    list.append(item);
  }
  block.append(list);
  // A team event's teams without a table have a bye (a Swiss bye is a win), as its pages say.
  const byes = document.body.dataset.teams ? "Bye: {names}" : "Sitting out: {names}";
  if (round.sit_outs.length) block.append(el("p", { text: t(byes, { names: round.sit_outs.join(", ") }) }));
  return block;
}

// The director's home --------------------------------------------------------------------

// A season's ladder as its form gives it: placement points written "10-8-6", "10 8 6" or
// "10,8,6"; no best nights: every night counts.
function ladderOf(f) {
  const table = (f.placement_points || "").split(/[^0-9]+/).filter(Boolean).map(Number);
  return {
    ladder: f.ladder,
    placement_points: table,
    min_nights: Number(f.min_nights || 0),
    best_nights: f.best_nights ? Number(f.best_nights) : null,
  };
}

function director() {
  $(".new-club").addEventListener("submit", (e) => {
    e.preventDefault();
    attempt(async () => {
      await api("POST", "/api/v1/clubs/", { name: formData(e.target).name });
      location.reload();
    });
  });
  onClubForm(".new-season", async (club, f) => {
    const body = { name: f.name, starts_on: f.starts_on, ends_on: f.ends_on, ...ladderOf(f) };
    await api("POST", `/api/v1/clubs/${club}/seasons/`, body);
    location.reload();
  });
  onClubForm(".season-edit", async (club, f, form) => {
    await api("PATCH", `/api/v1/clubs/${club}/seasons/${form.dataset.season}/`, ladderOf(f));
    location.reload();
  });
  // The formats' options: each shown (and sent) for the formats that take it, a choice of
  // one for the formats that offer it (data-formats, as the formats declare them).
  for (const form of $$(".new-event")) {
    const chosen = () => {
      const format = form.elements.format.value;
      const takes = (node) => node.dataset.formats.split(" ").includes(format);
      for (const box of form.querySelectorAll(".format-option")) {
        box.hidden = !takes(box);
        for (const input of box.querySelectorAll("[data-kind]")) input.disabled = box.hidden;
        // A number the director has not typed starts at what this format suggests (a Swiss
        // night plans 5 rounds, a progressive one 8).
        for (const input of box.querySelectorAll("input[data-suggested]:not([data-typed])")) {
          const suggested = JSON.parse(input.dataset.suggested)[format];
          if (suggested !== undefined) input.value = suggested;
        }
        for (const choice of box.querySelectorAll("option[data-formats]")) {
          choice.hidden = choice.disabled = !takes(choice);
        }
        // A choice this format does not offer gives way to its default, else its first.
        const select = box.querySelector("select");
        if (select && !box.hidden && !(select.selectedOptions[0] && !select.selectedOptions[0].disabled)) {
          const offered = [...select.options].filter((o) => !o.disabled);
          select.value = (offered.find((o) => o.defaultSelected) || offered[0]).value;
        }
      }
      // Rules whose tables this format cannot seat (six-handed: a progressive night only), and
      // rounds of hands where every table needs a winner (a knockout plays games).
      for (const select of [form.elements.preset, form.elements.round_length]) {
        for (const choice of select.options) choice.hidden = choice.disabled = !takes(choice);
        if (select.selectedOptions[0]?.disabled) select.value = [...select.options].find((o) => !o.disabled).value;
      }
      handsARound();
      // Sitting out, where it earns something (a Swiss bye is a win): else none is sent.
      const sitOut = form.querySelector(".sit-out");
      sitOut.hidden = !takes(sitOut);
      if (sitOut.hidden) form.elements.sit_out_credit.value = "none";
      const any = form.querySelector(".format-options .format-option:not([hidden])");
      form.querySelector(".format-options").hidden = !any;
    };
    // The hands a round, asked only where a round is a number of hands.
    const handsARound = () => {
      form.querySelector(".hands-a-round").hidden = form.elements.round_length.value !== "hands";
    };
    // The prizes counted from hands (most loners, most euchres), offered only where the tables
    // enter them: final scores only have none to count (kept as chosen, in case the entry is
    // changed to hands before the night begins).
    const handPrizes = () => {
      for (const prize of form.querySelectorAll(".hand-prize")) prize.hidden = form.elements.entry.value !== "hands";
    };
    // Whether to ask the makers' tricks, asked of turn-up rules only: an auction's hands are
    // scored by their tricks, always asked (the box, hidden, is sent as off).
    const askTricks = () => {
      const box = form.querySelector(".ask-tricks");
      box.hidden = form.elements.preset.selectedOptions[0]?.hasAttribute("data-auction") ?? false;
    };
    form.elements.format.addEventListener("change", chosen);
    form.elements.format.addEventListener("change", askTricks);
    form.elements.preset.addEventListener("change", askTricks);
    form.elements.round_length.addEventListener("change", handsARound);
    form.elements.entry.addEventListener("change", handPrizes);
    handPrizes();
    for (const input of form.querySelectorAll("input[data-suggested]")) {
      input.addEventListener("input", () => { input.dataset.typed = ""; });
    }
    chosen();
    askTricks();
  }
  onClubForm(".new-event", async (club, f, form) => {
    const body = {
      name: f.name,
      format: f.format,
      ruleset: f.preset,
      round_length: f.round_length,
      entry: f.entry,
      sit_out_credit: f.sit_out_credit,
      sit_out_points: Number(f.sit_out_points || 0),
      confirm_with: f.confirm_with,
      ask_tricks: f.ask_tricks === "on" && !form.querySelector(".ask-tricks").hidden,
    };
    if (f.date) body.date = f.date;
    if (f.season) body.season = Number(f.season);
    if (f.round_length === "hands") body.hands_per_round = Number(f.hands_per_round);
    body.side_prizes = new FormData(form).getAll("side_prizes");
    for (const input of form.querySelectorAll(".format-option:not([hidden]) [data-kind]")) {
      const kind = input.dataset.kind;
      body[input.name] = kind === "bool" ? input.checked : kind === "int" ? Number(input.value) : input.value;
    }
    const event = await api("POST", `/api/v1/clubs/${club}/events/`, body);
    location.assign(`/events/${event.id}/manage/`);
  });
}

// Each form of one club's card on the director's home (the card's data-club) is sent by
// `send(club, fields, form)`; a problem is shown in the form, by the field it names.
function onClubForm(selector, send) {
  for (const form of $$(selector)) {
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const club = form.closest("[data-club]").dataset.club;
      attempt(() => send(club, formData(form), form), form);
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
      out.textContent = t("Round {round}: table {table}, seat {seat}. Partner: {partner}. Against: {against}.", {
        round: round.number,
        table: table.number,
        seat: seatWord(seat.letter),
        partner: partner.join(", "),
        against: t("{first} and {second}", { first: against[0], second: against[1] }),
      });
      return;
    }
    const name = me.options[me.selectedIndex].text;
    out.textContent = t(round.sit_outs.includes(name) ? "Round {round}: you sit out this round." : "Round {round}: you are not seated.", {
      round: round.number,
    });
  }

  async function load() {
    const [players, schedule] = await Promise.all([api("GET", base + "players/"), api("GET", base + "rounds/")]);
    rounds = schedule;
    options(me, players.map((p) => [p.player, p.shown]), t("choose your name"));
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
