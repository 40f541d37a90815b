// The console's small parts: the API with the director's session, the page's words, notes that
// stay next to the control that caused them until dismissed, and a question before anything
// that cannot be taken back. No inline handlers anywhere: the site's CSP allows none.
import { has as isTableWord, t as tableWord, useLanguage } from "../webapp/js/i18n.js";
import { withParticles } from "../webapp/js/korean.js";
import { h as el } from "../webapp/js/ui.js";
import { $, $$, api, scoreLine, writesAnswered } from "./screen.js";

// The DOM look-ups, the director's API session and the line of scores are the events screens'
// own (screen.js).
export { $, $$, api, el, scoreLine, writesAnswered };

const WORDS = JSON.parse(document.getElementById("console-words")?.textContent || "{}");
const korean = document.documentElement.lang === "ko";
/** Whether the night's tables enter hands (not final scores only: then there are none to count). */
export const byHands = document.body.dataset.entry !== "totals";

/** The page's phrase for `key`, its {names} filled in (in Korean, a name's particle in the
 * form the name takes: "Ann이(가)" is "Ann이"); a `count` of 1 takes the phrase's ".one" form
 * where it has one ("1 hand entered"). */
export function t(key, values = {}) {
  const phrase = (values.count === 1 && WORDS[`${key}.one`]) || WORDS[key] || key;
  const text = phrase.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  return korean ? withParticles(text) : text;
}

/** The server's words with a name in them kept whole where they break: a closing bracket
 * never ends a line before what touches it ("Dora (demo director)가": Korean text may break
 * after a bracket, which leaves the particle alone at the start of the next line). */
export function unbroken(text) {
  return text.replace(/\)(?=\S)/g, ")\u2060");
}

/** A table's result as the board and the open table say it: its score, where it stands, and
 * how it came about and who made it so, in the server's words (the results page's too). */
export function resultLine(table) {
  const parts = [];
  if (table.state === "playing") parts.push(t("playing"));
  else if (table.state === "disputed") parts.push(t("disputed", { reason: table.dispute_reason }));
  else if (table.state === "entered") parts.push(t("entered"));
  if (table.points) parts.unshift(scoreLine(table.points));
  if (table.story) parts.push(unbroken(table.story));
  else if (table.state === "confirmed") parts.push(t(table.confirmation || "confirmed"));
  if (table.points && table.points[0] === table.points[1] && table.winner !== null) {
    parts.push(t("level_won", { names: table.team_names[table.winner] }));
  }
  return parts.join(" · ");
}

/** A seat's compass letter as the API sends it (N, NE, ...) in the page's language. */
export function seatWord(letter) {
  return WORDS[`seat.${letter}`] || letter;
}

export function clock(when) {
  return when ? new Date(when).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
}

// Notes --------------------------------------------------------------------------------------
// A note belongs to a slot (`data-note-slot`), usually right after the control that caused it.
// Notes are kept here, not in the page: a slot that a refresh draws again gets its note back.

const notes = new Map();

function drawNote(slot) {
  const note = notes.get(slot.dataset.noteSlot);
  if (!note) {
    slot.replaceChildren();
    return;
  }
  const dismiss = el("button", { type: "button", class: "secondary small", text: t("dismiss") });
  dismiss.addEventListener("click", () => {
    notes.delete(slot.dataset.noteSlot);
    drawNote(slot);
  });
  slot.replaceChildren(
    el("p", { class: `said${note.bad ? " bad" : ""}`, role: note.bad ? "alert" : "status" }, el("span", { text: note.text }), " ", dismiss),
  );
}

/** Say something next to the slot named `key` (until the director dismisses it). */
export function tell(key, text, bad = false) {
  if (text) notes.set(key, { text, bad });
  else notes.delete(key);
  for (const slot of $$(`[data-note-slot="${CSS.escape(key)}"]`)) drawNote(slot);
}

/** A slot for notes, for a part of the page that is drawn again on refresh. */
export function slot(key) {
  const box = el("div", { class: "note-slot", "data-note-slot": key });
  drawNote(box);
  return box;
}

/** The button pressed last. A change's button is off while the change is on its way, until
 * the console has read the night as it left it: a double click on "Seat the next round" seats
 * one round, and its second click is not refused as made on what the first changed (which
 * would show the director's own change as another's). */
let pressed = null;
document.addEventListener("click", (event) => {
  pressed = event.target instanceof Element ? event.target.closest("button") : null;
}, true);

/** Run an action; a problem is told at `key`, not thrown. A change refused because someone
 * changed the same thing meanwhile (412) shows what they changed, then the console reads
 * everything again: the director looks, and saves again if it still needs saving. A `read`
 * (the night read again, the log as filtered now) holds no button. */
export async function attempt(key, action, { read = false } = {}) {
  const button = !read && pressed && !pressed.disabled ? pressed : null;
  pressed = null;
  if (button) button.disabled = true;
  try {
    await told(key, action);
  } finally {
    if (button) button.disabled = false;
  }
}

async function told(key, action) {
  try {
    await action();
  } catch (error) {
    const why = error.field === "reason" && $(".desk-reason");
    if (why && !why.closest("[hidden]")) {
      // The open table's one "why" box may be scrolled out of sight: it is brought to the
      // director, marked, and the note naming it stands right above it (the desk's own
      // slot), not by the button far below (the server's words name a field).
      why.setAttribute("aria-invalid", "true");
      why.addEventListener("input", () => why.removeAttribute("aria-invalid"), { once: true });
      tell("desk", t("why_needed"), true);
      why.scrollIntoView({ block: "center" });
      why.focus();
      return;
    }
    if (error.status !== 412) {
      tell(key, error.message, true);
      return;
    }
    await changedMeanwhile(error.body?.changes || []);
    tell(key, t("stale_note"), true);
    await readAgain();
  }
}

// Changed meanwhile ----------------------------------------------------------------------------

/** What the console's buttons write against: the version of the event as a whole it read
 * last, with the board they were drawn on. (A form's change is made on what its form was read
 * at, as the director began it: console_desk.js, console_night.js.) */
export const versions = { event: undefined };
let readAgain = async () => {};

/** What the console calls to read everything again: after a change, and after a 412. */
export function consoleReads(load) {
  readAgain = load;
}

/** A change made: the console reads the night again, then says so at `key`. In this order,
 * so that no note stands beside controls drawn from before the change: the next change made
 * there would be asked against the version read before this one, and refused as made
 * meanwhile (by this very change). A read that fails says so where the refresh does; the
 * change stands, and is told all the same. */
export async function done(key, message) {
  await attempt("refresh", readAgain, { read: true });
  tell(key, message);
}

/** Who changed what meanwhile (a 412's `changes`), in the page's dialog; resolved once the
 * director has looked and closed it. */
export function changedMeanwhile(changes) {
  const dialog = $("dialog.stale");
  const list = $(".stale-changes", dialog);
  list.replaceChildren(...changes.map(changeItem));
  if (!changes.length) list.append(el("li", { text: t("stale_game") }));
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(), { once: true });
    dialog.showModal();
    $("button", dialog).focus();
  });
}

// Asking first ------------------------------------------------------------------------------

/** Ask before acting: the page's dialog, answered Confirm or Cancel. With `reason`, the
 * director also says why (given back; "" when not asked; null when cancelled), in a box
 * labelled where it is kept (`kept`: other than the change log). */
export function ask(text, { reason = false, kept = "" } = {}) {
  const dialog = $("dialog.ask");
  const why = $(".ask-reason", dialog);
  const label = $(".ask-why", why);
  label.dataset.usual ??= label.textContent;
  label.textContent = kept || label.dataset.usual;
  $(".ask-text", dialog).textContent = text;
  why.hidden = !reason;
  const input = $("input", why);
  input.value = "";
  input.required = reason;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener(
      "close",
      () => resolve(dialog.returnValue === "yes" ? (reason ? input.value.trim() : "") : null),
      { once: true },
    );
    dialog.showModal();
    (reason ? input : $("button[value=no]", dialog)).focus();
  });
}

export function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

export function options(select, items, placeholder) {
  const keep = select.value;
  select.replaceChildren();
  if (placeholder !== undefined) select.append(el("option", { value: "", text: placeholder }));
  for (const [value, label] of items) select.append(el("option", { value: String(value), text: label }));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

// The change log ------------------------------------------------------------------------------

const ACTIONS = Object.fromEntries(
  ["forfeit", "substitute", "withdraw", "cut", "absent", "key-in", "arrive", "leave", "seat", "unseat", "swap",
    "seat-late", "time", "close", "reopen", "settings", "restore", "code", "hand-over", "confirmers", "join-limit",
    "seeds", "hand"]
    .map((action) => [action, `${action.replace("-", "_")}_action`]),
);
// The player a result's entry, confirmation or dispute names, by id (the log keeps ids only).
const BY = { enter: "entered_by", confirm: "confirmed_by", dispute: "disputed_by" };

/** Who did it, in the page's words: the server logs "table 1 scorer device", "director Dora",
 * "laptop" and "terminal" (a restore on the laptop's own screen, or `manage.py restore`) and
 * "restore" (an erasure made again after one). */
function actorSaid(actor) {
  if (["laptop", "terminal", "restore"].includes(actor)) return t(`actor_${actor}`);
  const device = /^table (\d+) (scorer|confirmer) device$/.exec(actor);
  if (device) return t(`${device[2]}_device`, { number: device[1] });
  const director = /^director (.+)$/.exec(actor);
  return director ? t("director_named", { name: director[1] }) : actor;
}

/** A hand's change as the log names it: "(hand 8 amended: 0–2 → 1–0)", its points by side. */
function handFollowed(hand, sides) {
  const points = (award) => (award ? scoreLine([...Array(sides).keys()].map((side) => award[side] || 0)) : "—");
  return t("hand_followed", { number: hand.number, action: handAction(hand.action), before: points(hand.before), after: points(hand.after) });
}

/** What was done to a hand (the game's log: record, amend, undo), in the page's words. */
export function handAction(action) {
  return ["record", "amend", "undo"].includes(action) ? t(`hand_${action}`) : action;
}

/** A player's place in a swap: a table's seat (by its letter, where the log keeps it), or
 * sitting out. */
function placed(name, place) {
  if (!place) return name;
  if (place.table === null) return t("placed_out", { name });
  return place.letter ? t("placed_at", { name, number: place.table, seat: seatWord(place.letter) })
    : atTable(name, place.table);
}

/** A name, and the table it was at where the log says ("Ann (Table 2)"). */
function atTable(name, table) {
  return `${name}${table ? ` (${t("table", { number: table })})` : ""}`;
}

function shown(snapshot, names) {
  if (!snapshot) return "—";
  if (typeof snapshot === "string") return snapshot; // (already in words: a hand, say)
  if (snapshot.points) {
    const line = `${scoreLine(snapshot.points)} ${snapshot.status ? t(`status_${snapshot.status}`) : ""}`.trim();
    // (A cut: who won it, so that a cut entered again reads apart from the first.)
    if (!snapshot.won_by) return line;
    return `${line} · ${t("level_won", { names: snapshot.won_by.map((id) => names[id] || id).join(" & ") })}`;
  }
  if (snapshot.seeds) return snapshot.seeds.map((name, i) => `${i + 1}. ${name}`).join(", ");
  if (snapshot.name) return snapshot.absent ? t("absent_short", { name: snapshot.name }) : snapshot.name;
  if (snapshot.status) return t(`status_${snapshot.status}`); // the night closed or reopened
  if ("time_called_at" in snapshot) return clock(snapshot.time_called_at) || "—";
  // (A round's seating undone: who sat at each table, by seat; a round seated: how many tables.)
  if (Array.isArray(snapshot.tables)) {
    return snapshot.tables.map((seats, i) => `${t("table", { number: i + 1 })}: ${seats.map((id) => names[id] || id).join(", ")}`).join("; ");
  }
  if ("tables" in snapshot) return t("tables_seated", { count: snapshot.tables });
  if (snapshot.backup) return snapshot.backup;
  if ("phones_ended" in snapshot) return t("phones_ended", { count: snapshot.phones_ended });
  if ("wrong_codes" in snapshot) return t("wrong_codes", { count: snapshot.wrong_codes });
  if (snapshot.player in names) return atTable(names[snapshot.player], snapshot.table);
  if (snapshot.players) return snapshot.players.map((id, i) => placed(names[id] || id, snapshot.places?.[i])).join(", ");
  return JSON.stringify(snapshot);
}

// A settings change in the event form's own words: each field by its label, each value as the
// form offers it ("Round timer (minutes; empty: untimed): — → 25"); a rule by the table app's
// words for it. The log keeps the API's names and values.
useLanguage(document.documentElement.lang);

function controlsNamed(name) {
  return [...document.querySelectorAll("form.event-form [name]")].filter((input) => input.name === name);
}

function labelOf(name) {
  const [control] = controlsNamed(name);
  if (!control) return name;
  if (name === "side_prizes") return control.closest("fieldset")?.querySelector("legend")?.textContent.trim() || name;
  return control.labels?.[0]?.textContent.trim() || name;
}

function settingValue(name, value) {
  if (value === null || value === undefined || value === "") {
    return name === "side_prizes" ? controlsNamed(name).map((box) => box.labels?.[0]?.textContent.trim()).join(", ") : "—";
  }
  const controls = controlsNamed(name);
  if (Array.isArray(value)) {
    const said = (item) => controls.find((box) => box.value === String(item))?.labels?.[0]?.textContent.trim() || item;
    return value.length ? value.map(said).join(", ") : "—";
  }
  if (typeof value === "boolean") return t(value ? "setting_on" : "setting_off");
  const option = controls[0]?.tagName === "SELECT" && [...controls[0].options].find((o) => o.value === String(value));
  return option ? option.textContent.trim() : String(value);
}

function ruleValue(key, value) {
  if (typeof value === "boolean") return t(value ? "setting_on" : "setting_off");
  if (value === null || value === undefined) return "—";
  return isTableWord(`opt.${key}.${value}`) ? tableWord(`opt.${key}.${value}`) : String(value);
}

function settingsSaid(before, after) {
  const lines = [];
  const line = (setting, old, now) => lines.push(t("setting_changed", { setting, before: old, after: now }));
  for (const name of Object.keys({ ...before, ...after })) {
    const [old, now] = [before?.[name], after?.[name]];
    if (name !== "ruleset") {
      line(labelOf(name), settingValue(name, old), settingValue(name, now));
      continue;
    }
    for (const key of Object.keys({ ...old, ...now })) {
      if (JSON.stringify(old?.[key]) === JSON.stringify(now?.[key])) continue;
      if (key === "preset") line(labelOf("ruleset"), settingValue("ruleset", old?.[key]), settingValue("ruleset", now?.[key]));
      else line(isTableWord(`opt.${key}`) ? tableWord(`opt.${key}`) : key, ruleValue(key, old?.[key]), ruleValue(key, now?.[key]));
    }
  }
  return lines.join("; ");
}

/** One change of the log, as the console lists it. */
export function changeItem(change) {
  const action = t(ACTIONS[change.action] || change.action);
  const names = change.players || {};
  let actor = actorSaid(change.actor);
  const player = names[change.after?.[BY[change.action]]];
  if (player) actor = t("player_on", { name: player, device: actor });
  let head = t("change", { round: change.round, table: change.table, actor, action });
  if (change.table === null) {
    head = change.round === null
      ? t("change_event", { actor, action })
      : t("change_round", { round: change.round, actor, action });
  }
  const item = el("li", {}, el("strong", { text: `${clock(change.created_at)} ` }), head);
  if (change.action === "settings") item.append(el("span", { class: "note", text: ` ${settingsSaid(change.before, change.after)}` }));
  else if (change.action !== "hand" && (change.before || change.after)) {
    // (Nothing before, as for time called or a round seated: only what it made.)
    const [before, after] = [shown(change.before, names), shown(change.after, names)];
    const said = before === "—" ? t("after_only", { after }) : t("before_after", { before, after });
    item.append(el("span", { class: "note", text: ` ${said}` }));
  }
  // A director's hand, or a result that followed one: which hand, its points by side.
  const hand = change.after?.hand;
  if (hand) item.append(el("span", { class: "note", text: ` ${handFollowed(hand, change.after.points?.length ?? change.after.sides)}` }));
  if (change.reason) item.append(el("div", { class: "note", text: t("because", { reason: change.reason }) }));
  return item;
}

