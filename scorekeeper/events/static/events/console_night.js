// The console's repairs of the night: the latest round undone, two players' places swapped or
// a late arrival seated while nothing is entered there; the night reopened once closed; a
// mistaken event with no result deleted. Each asks first and is written against the event's
// version the console read (a change made meanwhile is shown, then read again). The room's
// phones let join again after a guesser on its network (no question: it changes no record).
// And the box on the night's safety, read again while the console is open.
import { $, api, ask, attempt, done, el, seatWord, slot, t, versions } from "./console_kit.js";
import { drawRuleOptions, isRuleOption, rulesetChanged } from "./console_rules.js";

const event = document.body.dataset.event;
const teams = document.body.dataset.teams === "1";
const base = `/api/v1/events/${event}/`;
let entrants = [];

/** The event's entrants as the console read them last (whose ids a sit-out's name means). */
export function nightEntrants(list) {
  entrants = list;
}

function untouched(rnd) {
  return rnd.tables.every((table) => table.hands === 0 && table.state === "playing");
}

function choice(name, items, said) {
  const select = el("select", { name, required: true, "aria-label": said });
  for (const [value, label] of items) select.append(el("option", { value: String(value), text: label }));
  return select;
}

/** The latest round's repairs, while nothing is entered there (else nothing). */
export function roundRepairs(rnd) {
  if (!untouched(rnd)) return null;
  const key = `round-${rnd.number}`;
  const undo = el("button", { type: "button", class: "secondary small undo-round", text: t("undo_round", { number: rnd.number }) });
  undo.addEventListener("click", async () => {
    // The event as the board showed it when the button was tapped: the console's refresh
    // under the question moves `versions.event`, never the version of a change begun.
    const seen = versions.event;
    const reason = await ask(t("undo_round_ask", { number: rnd.number }), { reason: true });
    if (reason === null) return;
    await attempt(key, async () => {
      await api("DELETE", `${base}rounds/${rnd.number}/`, { reason }, seen);
      await done("rounds", t("round_undone", { number: rnd.number }));
    });
  });
  const byName = new Map(entrants.map((e) => [e.shown, e.player]));
  // In a team event only partners swap (a bye is a team's): a player's seat, then a partner's.
  // A seat a remedy holds (a substitute's, an absent player's) is the remedy's: not offered.
  const free = (seat) => !seat.substitute_for && !seat.absent;
  const places = [
    ...rnd.tables.flatMap((table) => table.seats.filter(free).map((s) => [s.player, `${t("table", { number: table.number })} ${seatWord(s.letter)}: ${s.name}`])),
    ...(teams ? [] : rnd.sit_outs.filter((name) => byName.has(name)).map((name) => [byName.get(name), `${t("sit_outs", { names: name })}`])),
  ];
  const names = new Map(places.map(([player, label]) => [player, label.split(": ").pop()]));
  const partners = (player) => {
    const table = rnd.tables.find((tb) => tb.seats.some((s) => s.player === player));
    const side = table?.seats.find((s) => s.player === player).side;
    return new Set(table ? table.seats.filter((s) => free(s) && s.side === side && s.player !== player).map((s) => s.player) : []);
  };
  const first = choice("first", places, t("swap_first"));
  const second = choice("second", places, t("swap_second"));
  const offered = () => {
    if (!teams) return;
    const theirs = partners(Number(first.value));
    second.replaceChildren(...places.filter(([player]) => theirs.has(player))
      .map(([value, label]) => el("option", { value: String(value), text: label })));
  };
  first.addEventListener("change", offered);
  offered();
  const swap = el("form", { class: "actions swap-form" }, first, second,
    el("button", { type: "submit", class: "secondary small", text: t("swap") }));
  swap.addEventListener("submit", async (e) => {
    e.preventDefault();
    const seen = versions.event;
    const players = [Number(swap.elements.first.value), Number(swap.elements.second.value)];
    const [first, second] = players.map((p) => names.get(p));
    const reason = await ask(t("swap_ask", { first, second, number: rnd.number }), { reason: true });
    if (reason === null) return;
    await attempt(key, async () => {
      await api("POST", `${base}rounds/${rnd.number}/swap/`, { players, reason }, seen);
      await done(key, t("swapped", { first, second }));
    });
  });
  const box = el("div", { class: "round-repairs" }, el("p", { class: "actions" }, undo), swap);
  if (!teams) box.append(lateForm(rnd, key, new Set(places.map(([player]) => player))));
  box.append(slot(key));
  return box;
}

function lateForm(rnd, key, placed) {
  const waiting = entrants.filter((e) => e.active && !placed.has(e.player));
  const form = el("form", { class: "actions late-form" });
  if (!waiting.length) return el("p", { class: "note", text: t("nobody_late") });
  form.append(choice("player", waiting.map((e) => [e.player, e.shown]), t("late_who")),
    el("button", { type: "submit", class: "secondary small", text: t("late", { number: rnd.number }) }));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const player = Number(form.elements.player.value);
    const name = waiting.find((w) => w.player === player)?.shown;
    const size = Number(document.body.dataset.tableSize);
    const seen = versions.event;
    const reason = await ask(t("late_ask", { name, number: rnd.number, size }), { reason: true });
    if (reason === null) return;
    await attempt(key, async () => {
      const after = await api("POST", `${base}rounds/${rnd.number}/late/`, { player, reason }, seen);
      // A sit-out place, until as many wait as a table seats: then they make a new table.
      const seated = after.tables.some((table) => table.seats.some((seat) => seat.player === player));
      await done(key, t(seated ? "seated_late" : "late_sits_out", { name, number: rnd.number }));
    });
  });
  return form;
}

/** The night's own controls as the event stands: reopen once it is finished or closed,
 * delete while no table has a result or a hand. A night over keeps its seats, hands and
 * results until it is reopened: the table's desk then shows them with nothing to change. */
export function nightShown(info, rounds) {
  const over = Boolean(info.closed_at) || info.status === "finished";
  $(".reopen-night").hidden = !over;
  $(".close-night").hidden = over;
  $(".desk").classList.toggle("night-over", over);
  $(".desk-closed").hidden = !over;
  const results = rounds.some((rnd) => rnd.tables.some((table) => table.state !== "playing" || table.hands > 0));
  $(".delete-event").hidden = results;
}

$(".reopen-night").addEventListener("click", async () => {
  const seen = versions.event;
  const reason = await ask(t("reopen_ask"), { reason: true });
  if (reason === null) return;
  await attempt("close", async () => {
    await api("POST", `${base}reopen/`, { reason }, seen);
    await done("close", t("reopened"));
  });
});

// One guesser on the club's Wi-Fi uses up the wrong codes of the address every phone there
// shares: the director, on that Wi-Fi, forgives them (the server takes the address the
// request comes from: no other network's).
$(".lift-join-limit").addEventListener("click", async () => {
  await attempt("join-limit", async () => {
    const lifted = await api("POST", `${base}join-limit/lift/`, undefined, versions.event);
    await done("join-limit", lifted.wrong_codes
      ? t("join_limit_lifted", { count: lifted.wrong_codes })
      : t("join_limit_nothing", { address: lifted.address }));
  });
});

$(".delete-event").addEventListener("click", async () => {
  const seen = versions.event;
  const reason = await ask(t("delete_ask"), { reason: true, kept: t("delete_why") });
  if (reason === null) return;
  await attempt("close", async () => {
    await api("DELETE", base, { reason }, seen);
    window.location.assign("/events/director/");
  });
});

// The event's settings -------------------------------------------------------------------------
// The form is the server's own rendering (pages.screens.manage_settings), made with the version
// of the event its values were read at (`data-version`): a change of them is made on that. Where
// the director is not changing it, a refresh that finds the event changed reads the form again;
// once they begin, it stays as they began it until saved, or refused as changed meanwhile.

function isChanged(input) {
  if (input.type === "checkbox") return input.checked !== input.defaultChecked;
  if (input.tagName === "SELECT") {
    // As drawn, a choice none of whose options is marked (no season) shows its first.
    const drawn = [...input.options].find((o) => o.defaultSelected) || input.options[0];
    return input.selectedOptions[0] !== drawn;
  }
  return input.value !== input.defaultValue;
}

function valueOf(input) {
  if (input.dataset.kind === "bool") return input.checked;
  if (input.dataset.kind === "int") return Number(input.value);
  if (input.dataset.kind === "optional") return input.value ? Number(input.value) : null;
  if (input.name === "season") return input.value ? Number(input.value) : null;
  return input.value;
}

/** The settings the director changed on the event's form (only those: each is logged with
 * its old and new value, and a closed night refuses all but its name, date and season). */
export function settingsChanged(form) {
  const body = {};
  for (const input of form.elements) {
    if (!input.name || input.name === "side_prizes" || isRuleOption(input) || !isChanged(input)) continue;
    body[input.name] = valueOf(input);
  }
  const prizes = [...form.querySelectorAll("input[name=side_prizes]")];
  if (prizes.some(isChanged)) body.side_prizes = prizes.filter((p) => p.checked).map((p) => p.value);
  const ruleset = rulesetChanged(form, isChanged, valueOf);
  if (ruleset) body.ruleset = ruleset;
  return body;
}

/** The form's values are now the event's, at `version`: what a next change is told apart
 * from, and made on (the rules' options drawn from the event's `ruleset` when it is given: a
 * new preset's own). */
export function settingsSaved(form, version, ruleset = null) {
  for (const input of form.elements) {
    if (input.type === "checkbox") input.defaultChecked = input.checked;
    else if (input.tagName === "SELECT") for (const o of input.options) o.defaultSelected = o.selected;
    else if ("defaultValue" in input) input.defaultValue = input.value;
  }
  if (ruleset) drawRuleOptions(form, ruleset);
  form.dataset.version = String(version);
}

/** The version the form's values were read at: what a change of them is made on. */
export function settingsVersion(form) {
  return Number(form.dataset.version);
}

/** The director is changing the form: a setting differs from what was read, or a field of it
 * (not its button) has the focus. */
function settingsBegun(form) {
  const focused = document.activeElement;
  if (form.contains(focused) && focused.tagName !== "BUTTON") return true;
  return [...form.elements].some((input) => input.name && isChanged(input));
}

async function settingsRead(form) {
  const answer = await fetch(form.dataset.fresh, { headers: { Accept: "text/html" }, cache: "no-store" });
  if (!answer.ok) throw new Error(answer.statusText);
  return new DOMParser().parseFromString(await answer.text(), "text/html").querySelector(".event-form");
}

function settingsShown(form, fresh) {
  form.replaceChildren(...fresh.childNodes);
  form.dataset.version = fresh.dataset.version;
  drawRuleOptions(form);
  handPrizesShown(form);
}

/** The event was read again, at `version`: a form the director is not changing follows it. */
export async function settingsRefreshed(version) {
  const form = $(".event-form");
  if (!form || settingsVersion(form) === version || settingsBegun(form)) return;
  const fresh = await settingsRead(form);
  if (fresh && !settingsBegun(form)) settingsShown(form, fresh);
}

/** Another director's change refused the director's (412): the form as the event stands now,
 * with what the director changed kept as their change, so that saving again, once they have
 * looked, is made on what they see. */
export async function settingsLookedAgain(form) {
  const fresh = await settingsRead(form);
  if (!fresh) return;
  const theirs = [...form.elements].filter((input) => input.name && isChanged(input)).map((input) => ({
    name: input.name,
    value: input.value,
    checked: input.checked,
    box: input.type === "checkbox",
  }));
  settingsShown(form, fresh);
  for (const change of theirs) {
    const named = `[name="${CSS.escape(change.name)}"]`;
    const input = change.box && change.name === "side_prizes"
      ? form.querySelector(`input${named}[value="${CSS.escape(change.value)}"]`)
      : form.querySelector(named);
    if (!input) continue;
    if (change.box) input.checked = change.checked;
    else input.value = change.value;
  }
}

/** The prizes and the bonus counted from hands (most loners, most euchres, a loner bonus) are
 * offered only while the tables enter hands: final scores have none to count. */
function handPrizesShown(form) {
  const byHand = form.elements.entry?.value === "hands";
  for (const prize of form.querySelectorAll(".hand-prize")) prize.hidden = !byHand;
  // (A loner bonus hidden is none, as the server has it; shown again, it is as it was.)
  for (const bonus of form.querySelectorAll(".hand-prize input[type=number]")) {
    if (!byHand && bonus.value !== "0") [bonus.dataset.kept, bonus.value] = [bonus.value, "0"];
    if (byHand && bonus.dataset.kept) [bonus.value, bonus.dataset.kept] = [bonus.dataset.kept, ""];
  }
}

const settingsForm = $(".event-form");
if (settingsForm) {
  drawRuleOptions(settingsForm);
  settingsForm.addEventListener("change", (e) => { if (e.target.name === "entry") handPrizesShown(settingsForm); });
}

/** The box on the night's safety (the last backup and where it went; after a restore, what came
 * back to each table and which phones are unseen) as the server has it now: a backup made or a
 * phone heard from shows without a reload. Unchanged, the box is left alone (and so a focus in
 * it). */
export async function safetyRefreshed() {
  const box = $(".night-safety");
  if (!box) return;
  const answer = await fetch(box.dataset.fresh, { headers: { Accept: "text/html" }, cache: "no-store" });
  if (!answer.ok) return;
  const page = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = page.querySelector(".night-safety");
  if (fresh && fresh.innerHTML !== box.innerHTML) box.replaceChildren(...fresh.childNodes);
}
