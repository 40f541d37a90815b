// The director's console: the night's tables on a board, the players, the rounds, the change
// log, exports and standings, kept up every few seconds. A refresh draws only the parts that
// show data (the board, the players, the log, the standings); forms, the open table and the
// notes next to each control stay as they are until the director acts (the event's form follows
// the event only while the director is not changing it). A change is made on what the director
// saw as they began it, not on what a refresh read since.
import {
  $, api, ask, attempt, byHands, changeItem, clock, consoleReads, done, el, formData, options, resultLine, slot, t, tell, versions, writesAnswered,
} from "./console_kit.js";
import { openDesk, refreshDesk } from "./console_desk.js";
import {
  nightEntrants, nightShown, roundRepairs, safetyRefreshed,
  settingsChanged, settingsLookedAgain, settingsRefreshed, settingsSaved, settingsVersion,
} from "./console_night.js";
import { standingsTable } from "./standings_table.js";
import { newestOnly } from "../webapp/js/api.js";

const REFRESH_MS = 5000;
const SAFETY_MS = 20000; // backups come a minute apart; phones come back within seconds
const event = document.body.dataset.event;
const club = document.body.dataset.club;
const teams = document.body.dataset.teams === "1";
const base = `/api/v1/events/${event}/`;
let published = false;
let latest = null; // the newest round on the board
let closed = false; // the night is closed: its codes and phones work again only once reopened

// The board -----------------------------------------------------------------------------------

// A level table the format decides by the director's draw: who won the cut, side by side.
function cutButtons(table) {
  const box = el("p", { class: "actions cut" }, el("span", { text: `${t("level")} ` }));
  table.team_names.forEach((names, side) => {
    const button = el("button", { type: "button", class: "small", text: t("cut_for", { names }) });
    button.addEventListener("click", async () => {
      if ((await ask(t("cut_ask", { names, number: table.number }))) === null) return;
      await attempt(`table-${table.id}`, async () => {
        await api("POST", `/api/v1/tables/${table.id}/result/cut/`, { winner: side }, table.version);
        await done(`table-${table.id}`, t("cut_done", { number: table.number, names }));
      });
    });
    box.append(button);
  });
  return box;
}

function seatNames(table) {
  return table.seats
    .map((s) => (s.absent ? t("absent_short", { name: s.name })
      : s.substitute_for ? t("substitute_for", { name: s.name, absent: s.substitute_for }) : s.name))
    .join(", ");
}

function boardTable(table, rnd) {
  const item = el("li", { class: `board-table state-${table.state}`, "data-table": String(table.number) });
  item.append(
    el("h4", { text: t("table", { number: table.number }) }),
    el("p", { text: t("versus", { first: table.team_names[0], second: table.team_names[1] }) }),
    el("p", { class: "note", text: seatNames(table) }),
    el("p", { class: "result-state", text: resultLine(table) }),
    el("p", { class: "note", text: [
      byHands ? t("hands", { count: table.hands }) : null,
      table.last_activity ? t("last_activity", { time: clock(table.last_activity) }) : t("no_activity"),
    ].filter(Boolean).join(" · ") }),
  );
  if (table.cut_needed) item.append(cutButtons(table));
  const actions = el("p", { class: "actions" });
  const open = el("button", { type: "button", class: "small", text: t("open", { number: table.number }) });
  open.addEventListener("click", () => openDesk(table, rnd));
  actions.append(open);
  if (rnd.number === latest && !closed) {
    const phones = t("phones", {
      scoring: table.scoring_phone ? t("scoring_phone") : t("no_scoring_phone"),
      confirming: table.confirming_phones,
    });
    item.append(el("p", { class: "note" }, phones), el("p", { class: "note" }, t("join_code"), " ", el("code", { class: "code", text: table.join_code })));
    const over = el("button", { type: "button", class: "secondary small", text: t("hand_over") });
    over.addEventListener("click", () => handOver(table));
    actions.append(over);
    if (table.confirming_phones) {
      // Whoever has the table's code can fill its confirming places: the director frees them.
      const end = el("button", { type: "button", class: "secondary small", text: t("end_confirmers") });
      end.addEventListener("click", () => endConfirmers(table));
      actions.append(end);
    }
  }
  item.append(actions, slot(`table-${table.id}`));
  return item;
}

async function handOver(table) {
  if ((await ask(t("hand_over_ask", { number: table.number }))) === null) return;
  await attempt(`table-${table.id}`, async () => {
    const answer = await api("POST", `/api/v1/tables/${table.id}/takeover/`, undefined, table.version);
    await done(`table-${table.id}`, t("handed_over", { number: table.number, code: answer.join_code }));
  });
}

async function endConfirmers(table) {
  if ((await ask(t("end_confirmers_ask", { number: table.number }))) === null) return;
  await attempt(`table-${table.id}`, async () => {
    const answer = await api("POST", `/api/v1/tables/${table.id}/confirmers/end/`, undefined, table.version);
    await done(`table-${table.id}`, t("confirmers_ended", { number: table.number, code: answer.join_code }));
  });
}

function roundBlock(rnd) {
  const head = [t("round", { number: rnd.number })];
  // (Not while a level table waits for the director's cut: the next round waits for it too.)
  if (rnd.complete && !rnd.tables.some((table) => table.cut_needed)) head.push(t("complete"));
  if (rnd.minutes) head.push(t("minutes", { minutes: rnd.minutes }));
  if (rnd.time_called_at) head.push(t("time_called", { time: clock(rnd.time_called_at) }));
  const list = el("ul", { class: "board-tables" }, ...rnd.tables.map((table) => boardTable(table, rnd)));
  const body = [list];
  if (rnd.sit_outs.length) body.push(el("p", { class: "note", text: t(teams ? "byes" : "sit_outs", { names: rnd.sit_outs.join(", ") }) }));
  if (rnd.number === latest) {
    return el("div", { class: "round" }, el("h3", { text: head.join(" · ") }), ...body, roundRepairs(rnd));
  }
  // Earlier rounds fold away; they are still there to correct.
  return el("details", { class: "round" }, el("summary", { text: head.join(" · ") }), ...body);
}

// The players ---------------------------------------------------------------------------------

function entrantItem(entrant) {
  const label = teams ? `${entrant.seed}. ${entrant.name} (${entrant.players.join(" & ")})` : entrant.shown;
  const item = el("li", {}, label + (entrant.active ? "" : ` ${t("gone")}`));
  const key = teams ? `team-${entrant.id}` : `player-${entrant.player}`;
  // The note of their leaving stays here after it (until dismissed).
  // (A closed night's players stand as they are until it is reopened: nobody leaves it.)
  if (!entrant.active || closed) return el("li", {}, item.textContent, slot(key));
  const button = el("button", { type: "button", class: "secondary small", text: teams ? t("withdraw") : t("leaves") });
  button.addEventListener("click", async () => {
    const seen = versions.event; // (as the list showed it: a refresh under the question moves it)
    if (teams) {
      const reason = await ask(t("withdraw_ask", { name: entrant.name }), { reason: true });
      if (reason === null) return;
      await attempt(key, async () => {
        await api("POST", `${base}teams/${entrant.id}/withdraw/`, { reason }, seen);
        await done(key, t("withdrawn", { name: entrant.name }));
      });
      return;
    }
    const reason = await ask(t("leaves_ask", { name: entrant.shown }), { reason: true });
    if (reason === null) return;
    await attempt(key, async () => {
      await api("DELETE", `${base}players/${entrant.player}/`, { reason }, seen);
      await done(key, t("left", { name: entrant.shown }));
    });
  });
  item.append(" ", button, slot(key));
  return item;
}

// Who a name on the club's roster means. A name nobody has is someone new; a name somebody
// has asks the director: one of them, or someone new, told apart by a label. With
// `returning`, a name spelt exactly as one player of the roster is that player, unasked: a
// list of the regulars goes in with one tap.
async function choosePlayer(name, box, { returning = false } = {}) {
  const same = await api("GET", `/api/v1/clubs/${club}/players/?name=${encodeURIComponent(name)}`);
  if (!same.length) return { name };
  if (returning && same.length === 1 && same[0].shown === name) return { player: same[0].player };
  return new Promise((resolve) => {
    const played = (p) => (p.events ? t("played_events", { count: p.events, date: p.last_played }) : t("no_events"));
    const choices = same.map((p, i) =>
      el("label", { class: "inline" },
        el("input", { type: "radio", name: "who", value: String(p.player), checked: i === 0 }),
        `${p.shown}: ${played(p)}`),
    );
    const fresh = el("input", { type: "radio", name: "who", value: "new" });
    const label = el("input", { name: "label", maxlength: "30", autocomplete: "off" });
    label.addEventListener("input", () => { fresh.checked = true; });
    const skip = el("button", { type: "button", class: "secondary", text: t("skip") });
    const form = el("form", { class: "stack" },
      el("fieldset", { class: "stack" },
        el("legend", { text: t("on_roster", { name }) }),
        ...choices,
        el("label", { class: "inline" }, fresh, t("someone_new", { name })),
        el("label", {}, t("their_label"), label),
      ),
      el("p", { class: "actions" }, el("button", { type: "submit", text: t("add") }), skip),
    );
    function chosen(entry) {
      box.replaceChildren();
      box.hidden = true;
      resolve(entry);
    }
    skip.addEventListener("click", () => chosen(null));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const who = new FormData(form).get("who");
      chosen(who === "new" ? { name, new: true, label: label.value } : { player: Number(who) });
    });
    box.replaceChildren(form);
    box.hidden = false;
    form.querySelector("input").focus();
  });
}

// The change log ------------------------------------------------------------------------------

async function showLog() {
  const form = $(".log-filter");
  const query = new URLSearchParams(Object.entries(formData(form)).filter(([, v]) => v)).toString();
  const changes = await api("GET", `${base}log/${query ? `?${query}` : ""}`);
  const list = $(".change-log");
  list.replaceChildren(...changes.slice().reverse().map(changeItem));
  if (!changes.length) list.append(el("li", { class: "note", text: t("no_changes") }));
}

// Loading: only the parts that show data ------------------------------------------------------

// (A refresh under way as a change reads the night again may answer after it: what it brings
// is older, and not drawn, or the director's next change would be refused as made meanwhile.)
const readNight = newestOnly(() => Promise.all([
  api("GET", base),
  api("GET", base + (teams ? "teams/" : "players/")),
  api("GET", base + "board/"),
  api("GET", base + "standings/"),
]));

async function load() {
  // A read begun before a write of this console was answered may hold the night before it:
  // drawn by nobody, as an older read is (the read after the write draws it).
  const begun = writesAnswered();
  const night = await readNight();
  if (!night || begun !== writesAnswered()) return;
  const [info, entrants, tables, standings] = night;
  published = info.published;
  versions.event = info.version;
  nightEntrants(teams ? [] : entrants);
  nightShown(info, tables);
  $(".publish").textContent = published ? t("hide") : t("publish");
  // A finished or closed night can be opened again (its codes work again; phones join again).
  $(".closed-note").textContent = info.closed_at ? t("closed_note", { time: clock(info.closed_at) })
    : info.status === "finished" ? t("finished_note") : "";
  latest = tables.length ? tables[0].number : null;
  closed = info.status === "finished";
  // A closed night seats no round and enters no player until it is reopened (409 otherwise).
  for (const control of document.querySelectorAll(".next-round, .add-players, .add-team")) control.hidden = closed;
  // (Called already, calling it again changes nothing; every result in, nobody is playing.)
  $(".call-time").hidden = latest === null || !!tables[0].time_called_at || tables[0].complete;
  $(".entrants").replaceChildren(...entrants.map(entrantItem));
  $(".board").replaceChildren(...(tables.length ? tables.map(roundBlock) : [el("p", { class: "note", text: t("no_rounds") })]));
  $(".round-sheets").replaceChildren(
    ...tables.map((rnd) =>
      el(
        "li",
        {},
        el("a", { class: "button secondary", href: `/events/${event}/rounds/${rnd.number}/sheet/`, text: t("round_sheet", { number: rnd.number }) }),
        " ",
        el("a", { class: "button secondary", href: `/events/${event}/rounds/${rnd.number}/find/`, text: t("round_find", { number: rnd.number }) }),
      ),
    ),
  );
  const logForm = $(".log-filter");
  options(logForm.elements.round, tables.map((r) => [r.number, t("round", { number: r.number })]).reverse(), t("all_rounds"));
  const numbers = [...new Set(tables.flatMap((r) => r.tables.map((x) => x.number)))].sort((a, b) => a - b);
  options(logForm.elements.table, numbers.map((n) => [n, t("table", { number: n })]), t("all_tables"));
  $(".standings").replaceChildren(standingsTable(standings));
  await Promise.all([refreshDesk(tables), showLog(), settingsRefreshed(info.version)]);
  // How games are played and won is the night's once a round is seated (409 `rounds-seated`):
  // on the event's form (as it was just read) shown, not offered.
  const fixed = ["#event-preset", ".rule-options", "#event-round-length", "[name=hands_per_round]", "#event-entry"];
  for (const part of fixed.map((selector) => $(selector)).filter(Boolean)) part.disabled = latest !== null;
}

// The controls: drawn once, never by a refresh --------------------------------------------------

function on(selector, type, handler) {
  const node = $(selector);
  if (node) node.addEventListener(type, handler);
}

on(".publish", "click", () => attempt("publish", async () => {
  await api("PATCH", base, { published: !published }, versions.event);
  await done("publish", t("saved"));
}));

on(".next-round", "click", () => attempt("rounds", async () => {
  const round = await api("POST", base + "rounds/", undefined, versions.event);
  await done("rounds", t("seated", { number: round.number }));
}));

on(".call-time", "click", async () => {
  const seen = versions.event;
  if (latest === null || (await ask(t("time_ask", { number: latest }))) === null) return;
  await attempt("rounds", async () => {
    await api("POST", `${base}rounds/${latest}/time/`, undefined, seen);
    await done("rounds", t("time_done", { number: latest }));
  });
});

on(".add-players", "submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  const names = f.names.split(/[\n,]/).map((n) => n.trim()).filter(Boolean);
  const returning = f.returning === "on";
  // Seating waits until every name is in: a round seated meanwhile would leave the names
  // still being added out of it, as late arrivals.
  const waiting = [form.querySelector("button[type=submit]"), $(".next-round")].filter(Boolean);
  for (const button of waiting) button.disabled = true;
  attempt("players", async () => {
    const added = [];
    for (const [i, name] of names.entries()) {
      if (names.length > 1) tell("players", t("adding", { number: i + 1, count: names.length }));
      const entry = await choosePlayer(name, $(".who-is-it"), { returning });
      if (entry) {
        const answer = await api("POST", base + "players/", entry, versions.event);
        added.push(answer.matched === "new" ? t("new_to_club", { name: answer.shown }) : answer.shown);
      }
      // What is left to add stays in the box, should the next one fail.
      form.elements.names.value = names.slice(i + 1).join("\n");
      await load();
    }
    tell("players", added.length ? t("added", { names: added.join(", ") }) : t("nobody_added"));
  }).finally(() => {
    for (const button of waiting) button.disabled = false;
  });
});

on(".add-team", "submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  const returning = f.returning === "on";
  attempt("players", async () => {
    const first = await choosePlayer(f.first.trim(), $(".who-is-it"), { returning });
    const second = first && (await choosePlayer(f.second.trim(), $(".who-is-it"), { returning }));
    if (!second) return;
    await api("POST", base + "teams/", { name: f.name, players: [first, second] }, versions.event);
    form.reset();
    await done("players", t("added", { names: f.name }));
  });
});

on(".event-form", "submit", (e) => {
  e.preventDefault();
  const form = e.target;
  attempt("event-form", async () => {
    let changed;
    try {
      // Made on the event as the form was read, however often the console read it since.
      changed = await api("PATCH", base, settingsChanged(form), settingsVersion(form));
    } catch (error) {
      // (Not read again, the form keeps its version: a save again is refused again.)
      if (error.status === 412) await settingsLookedAgain(form).catch(() => {});
      throw error;
    }
    $(".event-date").textContent = changed.date;
    versions.event = changed.version; // (the event as this change left it)
    settingsSaved(form, changed.version, changed.ruleset);
    await done("event-form", t("saved"));
  });
});

on(".season-form", "submit", (e) => {
  e.preventDefault();
  const form = e.target;
  const f = formData(form);
  attempt("season-form", async () => {
    const season = await api("POST", `/api/v1/clubs/${club}/seasons/`, f);
    const select = $(".event-form").elements.season;
    select.append(el("option", { value: String(season.id), text: season.name }));
    select.value = String(season.id);
    form.reset();
    tell("season-form", t("season_made", { name: season.name }));
  });
});

on(".close-night", "click", async () => {
  const seen = versions.event; // (the night as the director asked to close it)
  let night;
  try {
    night = await api("GET", `${base}close/`);
  } catch (error) {
    tell("close", error.message, true);
    return;
  }
  if (night.level_tables.length) {
    const level = night.level_tables.map((o) => t("level_table", { round: o.round, number: o.number }));
    tell("close", t("close_cut_needed", { tables: level.join("; ") }), true);
    return;
  }
  const open = night.open_tables.map((o) => t(byHands ? "open_table" : "open_table_totals", { number: o.number, state: t(o.state === "no result" ? "playing" : o.state), hands: t("open_hands", { count: o.hands }), phones: t("open_phones", { count: o.phones }) }));
  const question = open.length ? t("close_ask_open", { tables: open.join("; ") }) : t("close_ask");
  if ((await ask(question)) === null) return;
  await attempt("close", async () => {
    await api("POST", `${base}close/`, { leave_open: open.length > 0 }, seen);
    await done("close", t("closed")); // (its time stands in the closed note)
  });
});

on(".log-filter", "change", () => attempt("log", showLog, { read: true }));
on(".log-filter", "submit", (e) => {
  e.preventDefault();
  attempt("log", showLog, { read: true });
});

// A refresh that fails says so by the board, and says no more once one works again.
async function refresh() {
  await load();
  tell("refresh", "");
}

consoleReads(refresh);
// Every form and button has its handler now: the console, inert as drawn, takes taps. It is
// busy until the night is read the first time (the page grows as its lists are drawn).
const main = document.querySelector("main");
main.inert = false;
attempt("refresh", refresh, { read: true }).finally(() => main.removeAttribute("aria-busy"));
setInterval(() => attempt("refresh", refresh, { read: true }), REFRESH_MS);
setInterval(() => attempt("refresh", safetyRefreshed, { read: true }), SAFETY_MS);
