// The outbox: every hand is kept here (IndexedDB) with its own Idempotency-Key until the
// server has recorded it, so nothing entered at the table is lost to a bad connection.
// Sent in order, one at a time; a hand based on a stale view of the game (412) is held
// back as a conflict for the player to resolve, never pushed over the other phone's work.

import { createStore, del, entries, get, set, update } from "../../vendor/idb-keyval/index.js";
import { api, Problem, Unreachable } from "./api.js";
import { mergeWritten, saveGame, tokenOf } from "./db.js";
import { randomId } from "./ui.js";

const store = createStore("euchre-outbox", "entries");
export const events = new EventTarget();
let sequence = 0;
let running = null;
let again = false;
let inFlight = null;

function changed(gameId) {
  events.dispatchEvent(new CustomEvent("change", { detail: { gameId } }));
}

/** Entries still to send (or to resolve), oldest first; for one game or all. */
export async function pending(gameId) {
  const all = (await entries(store)).map(([, entry]) => entry);
  return all
    .filter((entry) => !gameId || entry.gameId === gameId)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Queue a hand; `version` is the game version it was entered against (for If-Match). */
export async function enqueue(gameId, body, version) {
  const createdAt = Date.now();
  const order = `${String(createdAt).padStart(15, "0")}-${String(sequence++).padStart(6, "0")}`;
  const entry = {
    id: `${order}-${randomId()}`,
    key: randomId(),
    gameId,
    body,
    version,
    state: "waiting",
    createdAt,
  };
  await set(entry.id, entry, store);
  changed(gameId);
  return entry;
}

/** The next entry to send: the oldest waiting one whose game has no conflict before it. */
async function nextToSend() {
  const blocked = new Set();
  for (const entry of await pending()) {
    if (entry.state === "conflict") blocked.add(entry.gameId);
    if (entry.state === "waiting" && !blocked.has(entry.gameId)) return entry;
  }
  return null;
}

async function shiftLater(entry, delta) {
  for (const later of await pending(entry.gameId)) {
    if (later.id > entry.id && later.state === "waiting") {
      await set(later.id, { ...later, version: later.version + delta }, store);
    }
  }
}

async function sendOne(entry) {
  const token = await tokenOf(entry.gameId);
  inFlight = entry.id;
  try {
    const { status, data } = await api.recordHand(entry.gameId, entry.body, {
      token,
      key: entry.key,
      version: entry.version,
    });
    await del(entry.id, store);
    await mergeWritten(entry.gameId, data);
    events.dispatchEvent(new CustomEvent("sent", {
      detail: { entry, hand: data, replayed: status === 200 },
    }));
    return true;
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const problem = { status: error.status, code: error.code, detail: error.message };
    if (error.status === 412) {
      // Every hand still queued for this game was entered against the same stale view.
      for (const mine of await pending(entry.gameId)) {
        if (mine.state === "waiting") await set(mine.id, { ...mine, state: "conflict", problem }, store);
      }
      try {
        await saveGame(await api.game(entry.gameId));
      } catch {
        // The conflict stands; the game is read again on the next refresh.
      }
    } else {
      await update(entry.id, (old) => old && { ...old, state: "rejected", problem }, store);
      await shiftLater(entry, -1);
      events.dispatchEvent(new CustomEvent("rejected", { detail: { entry, problem } }));
    }
    return true;
  } finally {
    inFlight = null;
  }
}

async function flushOnce() {
  for (;;) {
    const entry = await nextToSend();
    if (!entry) return;
    try {
      await sendOne(entry);
    } catch (error) {
      if (error instanceof Unreachable) return;
      throw error;
    } finally {
      changed(entry.gameId);
    }
  }
}

/** Send what can be sent now. Safe to call often: one flush runs at a time (per browser). */
export function flush() {
  if (running) {
    again = true;
    return running;
  }
  const locked = navigator.locks
    ? () => navigator.locks.request("euchre-outbox", flushOnce)
    : flushOnce;
  running = (async () => {
    do {
      again = false;
      await locked();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Conflict resolved by "add mine after theirs": re-base every held hand on `version`. */
export async function rebase(gameId, version) {
  let next = version;
  for (const entry of await pending(gameId)) {
    if (entry.state === "rejected") continue;
    await set(entry.id, { ...entry, version: next, state: "waiting", problem: null }, store);
    next += 1;
  }
  changed(gameId);
  return flush();
}

/** Drop an entry: a rejected one the player has read, a held one, or an unsent last hand.
 * An entry being sent right now cannot be dropped (it may already be recorded). */
export async function discard(entryId) {
  if (inFlight === entryId) return false;
  const entry = await get(entryId, store);
  if (!entry) return false;
  await del(entryId, store);
  if (entry.state === "waiting") await shiftLater(entry, -1);
  changed(entry.gameId);
  return true;
}
