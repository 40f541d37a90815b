// Where a table's phone sits now: its table as the server has it (or as kept for offline), the
// game it scores there, and how the seating and the round's clock read on the table's screen
// (`table.js`).

import { api, Problem, Unreachable } from "../api.js";
import { forgetDevice, loadGame, recall, remember, saveLinks, saveToken } from "../db.js";
import { t } from "../i18n.js";
import { forgetNight, noteEpoch, readKept } from "../outbox.js";
import { STANDARD, seatLetters } from "../rules.js";
import { h } from "../ui.js";
import { unbroken } from "./describe.js";
import { HERE } from "./join.js";

/** A seat's letter as the server names it (N, E, S, W; six-handed N, NE, SE, S, SW, NW). A
 * seating kept on the phone by an earlier build, always the standard table's, names none. */
export function letterOf(seat) {
  return t(`seat.${seat.letter || seatLetters(STANDARD)[seat.seat]}`);
}

/** The phone is off its table (it left, or the director took it off): the device goes, and
 * what it kept of the night for a restore (its token no longer writes). */
export async function offTheTable() {
  await forgetDevice();
  await forgetNight();
}

/** This phone's table as the server has it now (kept for offline), or why it has none. */
export async function fetchHere(device) {
  try {
    const before = await recall(HERE);
    let here = await api.tableHere(device.token);
    // A confirming phone named after the backup a restore brought back is unnamed again: it
    // says who it is for once more before its night goes again (a confirmation needs it).
    if (here.player === null && before?.player != null && before.epoch !== here.epoch) {
      here = { ...here, ...(await api.nameDevice(device.token, before.player).catch(() => ({}))) };
    }
    await remember(HERE, here);
    await noteEpoch(here.epoch); // a restore since the last read: this phone sends its night again
    return { here };
  } catch (error) {
    if (error instanceof Problem && error.status === 401) {
      if (error.code === "night-closed") {
        await forgetNight({ closed: true }); // kept a day, for a restore from before the close
        return { here: await recall(HERE), closed: true };
      }
      return { gone: error.message };
    }
    if (!(error instanceof Unreachable)) throw error;
    // (the server up, on an empty database waiting for its backup: the phone keeps its night)
    return { here: await recall(HERE), offline: true, awaiting: error.code === "awaiting-restore" };
  }
}

export async function gameOf(table, device) {
  const id = table.game;
  await saveLinks(id, table.links);
  if (device.role === "scorer") await saveToken(id, device.token);
  let read = false;
  try {
    await readKept(table.links.read);
    read = true;
  } catch {
    // Shown from the copy on this phone until the next refresh.
  }
  return { game: await loadGame(id), read };
}

export function seatList(table) {
  const seats = [...table.seats].sort((a, b) => a.seat - b.seat);
  return h("ol", { class: "seating" }, seats.map((seat) => h("li", {},
    h("span", { class: "seat-letter" }, letterOf(seat)), " ",
    h("span", { class: "seat-name" }, seat.name))));
}

export function timeLine(table) {
  if (table.time_called_at) {
    return h("p", { class: "panel time-called", role: "status" }, h("strong", {}, t("table.time")), " ",
      // (The director's name whole with its particle: "Dora (demo director)가".)
      table.time_called_by ? `${unbroken(t("table.time.by", { name: table.time_called_by }))} ` : "",
      t(table.winner_required ? "table.time.bracket" : "table.time.body"));
  }
  if (!table.minutes) return null;
  const ends = new Date(table.round_started_at).getTime() + table.minutes * 60000;
  const left = Math.max(0, Math.ceil((ends - Date.now()) / 60000));
  return h("p", { class: "hint clock" }, t("table.clock", { minutes: table.minutes, left }));
}
