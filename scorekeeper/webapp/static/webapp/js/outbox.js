// The outbox: every write made at the table, kept (IndexedDB) until the server has it and sent
// in order; docs/webapp.md, "Offline, and many phones" and "After a restore".

import { createStore, del, entries, get, set, update } from "../../vendor/idb-keyval/index.js";
import { api, Problem, Unreachable } from "./api.js";
import {
  deviceOf, linksOf, loadGame, mergeUndone, mergeWritten, recall, remember, saveGame, savedAtOf, tokenOf,
} from "./db.js";
import { randomId } from "./ui.js";

const store = createStore("euchre-outbox", "entries");
const sentStore = createStore("euchre-sent", "hands");
/** What an entry queued now looks like, sent as `Entry-Format` (docs/api.md, "Queued entries"). */
export const FORMAT = 2;
/** How long a sent hand of a casual game is kept for a server that comes back without it. */
const KEEP_SENT_MS = 2 * 24 * 3600 * 1000;
/** How long a club night's is kept when the phone never hears that the night closed. */
const KEEP_NIGHT_MS = 7 * 24 * 3600 * 1000;
/** How long a club night's is kept at least, closed or not: a backup from before the close,
 * restored and reopened, still gets the night's last writes back from the phones. */
const KEEP_CLOSED_NIGHT_MS = 24 * 3600 * 1000;
/** How long a confirmation sent again waits before it tries again, while its table's result
 * has not come back yet (the scorer's phone sends it). */
const RETRY_MS = 5000;
export const events = new EventTarget();
let sequence = 0;
let running = null;
let again = false;
let inFlight = null;
// Entries dropped (never recorded): an Undo of one takes nothing back.
const dropped = new Set();

function changed(gameId) {
  events.dispatchEvent(new CustomEvent("change", { detail: { gameId } }));
}

/** Entries still to send (or to settle), oldest first; for one game or all. */
export async function pending(gameId) {
  const all = (await entries(store)).map(([, entry]) => entry);
  return all
    .filter((entry) => !gameId || entry.gameId === gameId)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

export const isHand = (entry) => entry.kind === "hand";
export const isUndo = (entry) => entry.kind === "undo";
export const isResult = (entry) => entry.kind === "result";
export const isCreation = (entry) => entry.kind === "create";
const isAmend = (entry) => entry.kind === "amend";
/** A confirmation or a dispute sent straight from the table, kept for a restore. */
const isTableWrite = (entry) => entry.kind === "table-write";

let persistAsked = false;

/** Ask once to keep this site's storage (docs/webapp.md, "Offline, and many phones"). */
function keepStorage() {
  if (persistAsked || !navigator.storage?.persist) return;
  persistAsked = true;
  navigator.storage.persisted()
    .then((kept) => kept || navigator.storage.persist())
    .catch(() => {});
}

/** A new entry's own fields: an id that sorts in the order entries were made, and its key. */
function fresh() {
  const createdAt = Date.now();
  const order = `${String(createdAt).padStart(15, "0")}-${String(sequence++).padStart(6, "0")}`;
  return { id: `${order}-${randomId()}`, key: randomId(), createdAt, format: FORMAT };
}

async function add(fields) {
  keepStorage();
  const entry = { ...fresh(), state: "waiting", ...fields };
  await set(entry.id, entry, store);
  changed(entry.gameId);
  return entry;
}

/** Queue a game started on this phone: the creation goes before any of its hands. */
export function enqueueGame(gameId, body) {
  return add({ kind: "create", gameId, body });
}

/** Queue a hand for `path`, as hand `number` of the game at `version` (sent as If-Match).
 * `preview` is the award shown until the referee's comes back (a ruling's). */
export function enqueue(gameId, body, { path, version, number, preview }) {
  return add({ kind: "hand", gameId, body, path, version, number, preview });
}

/** Undo hand `number` of the game (its hands at `path`), made against `version`; `handKey`
 * names the hand when this phone sent it (its answer's version is then the one to match). */
function enqueueUndo(gameId, { path, number, version, handKey = null }) {
  return add({ kind: "undo", gameId, path, number, version, handKey });
}

/** Queue an event table's result for `path`, after the hands queued before it. */
export function enqueueResult(gameId, body, { path }) {
  return add({ kind: "result", gameId, body, path });
}

/** The next entry to send: the oldest waiting one whose game has nothing held before it (a
 * clash, or a creation the server refused). */
async function nextToSend() {
  const blocked = new Set();
  for (const entry of await pending()) {
    if (entry.state === "conflict" || (entry.kind === "create" && entry.state !== "waiting")) {
      blocked.add(entry.gameId);
    }
    const due = entry.state === "later" && entry.retryAt <= Date.now();
    if ((entry.state === "waiting" || due) && !blocked.has(entry.gameId)) return entry;
  }
  return null;
}

async function shiftLater(entry, delta) {
  for (const later of await pending(entry.gameId)) {
    if (later.id > entry.id && later.state === "waiting" && isHand(later)) {
      await set(later.id, { ...later, version: later.version + delta, number: later.number + delta }, store);
    }
  }
}

async function refreshGame(gameId) {
  try {
    await saveGame(await api.read((await linksOf(gameId)).read));
  } catch {
    // The clash stands; the game is read again on the next refresh.
  }
}

/** The format an entry was queued in: entries from before formats were named are format 1. */
const formatOf = (entry) => entry.format || 1;

/** A write the server took, kept for a while (see the top). */
async function keepSent(entry, written) {
  const now = Date.now();
  const { state, problem, resent, retryAt, ...kept } = entry;
  // A club night's writes go to its table's paths (/tables/...); a casual game's to its own.
  const night = /\/tables\//.test(kept.path || "");
  await set(entry.id, { ...kept, night, sentAt: now, recorded: written?.game?.version ?? null }, sentStore);
  for (const [id, old] of await entries(sentStore)) {
    if (now - (old.sentAt || 0) > keptFor(old)) await del(id, sentStore);
  }
}

function keptFor(sent) {
  if (sent.night === "closed") return KEEP_CLOSED_NIGHT_MS;
  return sent.night ? KEEP_NIGHT_MS : KEEP_SENT_MS;
}

/** This phone left its table (or was taken off it): what it kept of the night goes, as its
 * token no longer writes. The night closed (`closed`): what it sent in the last day stays a
 * day after it was sent, then goes. */
export async function forgetNight({ closed = false } = {}) {
  const now = Date.now();
  for (const [id, old] of await entries(sentStore)) {
    if (!old.night) continue;
    if (closed && now - (old.sentAt || 0) < KEEP_CLOSED_NIGHT_MS) {
      if (old.night !== "closed") await set(id, { ...old, night: "closed" }, sentStore);
    } else {
      await del(id, sentStore);
    }
  }
}


/** Whether a sent hand was undone by an undo this phone sent since (kept beside it). */
function undoneBy(undos, hand) {
  return undos.some((undo) => (undo.handKey
    ? undo.handKey === hand.key
    : undo.number === hand.number && undo.version > hand.version));
}

/** The server has this game at `version`, behind what this phone sent: the sent hands it
 * lost go back in the outbox, in order (not one undone since), and an undo it lost while its
 * hand is the server's last. How many did. */
export async function catchUp(gameId, version) {
  const queued = new Set((await pending(gameId)).map((entry) => entry.key));
  const kept = (await entries(sentStore)).filter(([, old]) => old.gameId === gameId);
  const undos = kept.map(([, old]) => old).filter(isUndo);
  let back = 0;
  for (const [id, old] of kept) {
    if (queued.has(old.key)) continue;
    const lostHand = isHand(old) && old.version >= version && !undoneBy(undos, old);
    if (!lostHand && !(isUndo(old) && (await undoneAt(old)) === version)) continue;
    await set(id, { ...old, state: "waiting", resent: true }, store);
    await del(id, sentStore);
    back += 1;
  }
  if (back) changed(gameId);
  return back;
}

/** A confirmation or dispute the server took from this table (sent straight, with its `key`
 * and the result's `version`): kept like a sent entry for a restore; sent again, the server
 * finds it by its key, and a result changed since is not answered by it. */
export async function keepWritten(gameId, path, body, { key, version }) {
  await keepSent({ ...fresh(), kind: "table-write", gameId, path, body, key, version }, null);
}

/** An amendment the server took (sent straight, with the version it was made on): kept like
 * a sent entry, so that a restore sends it again after the hands before it. */
export async function keepAmended(gameId, { path, number, body, version }) {
  await keepSent({ ...fresh(), kind: "amend", gameId, path, number, body, version }, null);
}

const EPOCH = "night-epoch";

/** The night's epoch a table read said (its `epoch`). When it moved since the last read (the
 * server was restored), everything this phone kept of the night goes back in the outbox, in
 * the order it was first sent, and is sent again. How many entries did. */
export async function noteEpoch(epoch) {
  if (typeof epoch !== "string") return 0;
  const known = await recall(EPOCH);
  if (known === epoch) return 0;
  await remember(EPOCH, epoch);
  if (known === undefined || known === null) return 0;
  const queued = new Set((await pending()).map((entry) => entry.key));
  const kept = (await entries(sentStore)).sort(([a], [b]) => (a < b ? -1 : 1));
  let back = 0;
  for (const [id, old] of kept) {
    if (!queued.has(old.key)) {
      await set(id, { ...old, state: "waiting", resent: true }, store);
      back += 1;
    }
    await del(id, sentStore);
  }
  if (back) {
    changed(null);
    flush();
  }
  return back;
}

/** Read a game at `url` and keep it as the server has it; if the server is behind this phone,
 * send it what it lost (catchUp). When nothing kept here can bring it up and nothing waits,
 * the server's copy stands (else every next hand would clash), unless the read was asked
 * before this phone last kept the game (an answer overtaken by an undo). What waits goes now. */
export async function readKept(url) {
  const askedAt = Date.now();
  const game = await api.read(url);
  const mine = await loadGame(game.id);
  const kept = await savedAtOf(game.id);
  await saveGame(game);
  if (mine && mine.version > game.version) {
    const back = await catchUp(game.id, game.version);
    const overtaken = askedAt <= kept;
    if (!back && !overtaken && !(await pending(game.id)).length) await saveGame(game, { replace: true });
  }
  if ((await pending(game.id)).some((entry) => entry.state === "waiting")) flush();
}

/** Whether a hand of this game waits to go before `entry`: one put back by a catch-up that
 * ran while `entry` was on its way (a read found the server behind meanwhile). */
async function waitingBefore(entry) {
  return (await pending(entry.gameId)).some((other) => other.id < entry.id && other.state === "waiting");
}

/** The hand this phone sent with `key`, as kept among the sent ones. */
async function sentHand(gameId, key) {
  for (const [, old] of await entries(sentStore)) {
    if (old.gameId === gameId && old.key === key) return old;
  }
  return null;
}

/** The version an undo is sent against: its hand's as recorded, else the undo's own. */
async function undoneAt(entry) {
  const sent = entry.handKey ? await sentHand(entry.gameId, entry.handKey) : null;
  return sent?.recorded ?? entry.version;
}

async function sendUndo(entry) {
  const sent = entry.handKey ? await sentHand(entry.gameId, entry.handKey) : null;
  const version = await undoneAt(entry);
  const number = sent?.number ?? entry.number;
  try {
    const data = await api.undoHand(entry.path, number, { token: await tokenOf(entry.gameId), version });
    await mergeUndone(entry.gameId, number, data);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    // An undo whose answer was lost finds its own work done when sent again: the hand is gone.
    const game = await api.read((await linksOf(entry.gameId)).read).catch(() => null);
    if (!game || game.hands.some((hand) => hand.number === number)) throw error;
    await saveGame(game);
  }
  // The undo is kept among the sent entries after its hand: a restore sends both again, in
  // order, and a catch-up never brings the undone hand back.
  return { replayed: false, data: null };
}

async function send(entry) {
  if (isUndo(entry)) return sendUndo(entry);
  if (entry.kind === "create") {
    const { data } = await api.createGame(entry.body, formatOf(entry));
    await saveGame(data);
    return { replayed: false, data };
  }
  if (isResult(entry)) {
    const token = await tokenOf(entry.gameId);
    const data = await api.tableWrite(entry.path, entry.body, token, { format: formatOf(entry), key: entry.key });
    return { replayed: false, data };
  }
  if (isTableWrite(entry)) {
    const { key, version } = entry;
    const data = await api.tableWrite(entry.path, entry.body, (await deviceOf())?.token, { format: formatOf(entry), key, version });
    return { replayed: false, data };
  }
  if (isAmend(entry)) {
    const token = await tokenOf(entry.gameId);
    const data = await api.amendHand(entry.path, entry.number, entry.body, { token, version: entry.version });
    return { replayed: false, data };
  }
  // An entry queued by an older version of the app has no path: it was a game's hand.
  const path = entry.path || (await linksOf(entry.gameId)).hands;
  const { status, data } = await api.recordHand(path, entry.body, {
    token: await tokenOf(entry.gameId),
    key: entry.key,
    version: entry.version,
    format: formatOf(entry),
  });
  await mergeWritten(entry.gameId, data);
  return { replayed: status === 200, data };
}

async function sendOne(entry) {
  inFlight = entry.id;
  try {
    // Dropped (undone on the phone) since it was picked: nothing to send.
    if (!(await get(entry.id, store))) return;
    const { replayed, data } = await send(entry);
    await keepSent(entry, data);
    await del(entry.id, store);
    events.dispatchEvent(new CustomEvent("sent", { detail: { entry, hand: data, replayed } }));
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const problem = { status: error.status, code: error.code, detail: error.message, version: error.body.version };
    const behind = error.status === 412 && isHand(entry) && Number.isInteger(error.body.version)
      && error.body.version < entry.version;
    if (behind && ((await catchUp(entry.gameId, error.body.version)) || (await waitingBefore(entry)))) {
      // The server lost hands this phone sent: they go first, then this one as it was.
    } else if (behind && (await serverStands(entry.gameId, error.body.version))) {
      // The server lost hands this phone can no longer give back: this one goes after its last.
    } else if (entry.resent && isTableWrite(entry) && ["no-result", "device-unnamed"].includes(error.code)) {
      // A confirmation sent again before its result came back, or before the phone says again
      // who it is for (named after the backup): it waits for that.
      const retryAt = Date.now() + RETRY_MS;
      await set(entry.id, { ...entry, state: "later", retryAt }, store);
      setTimeout(flush, RETRY_MS);
    } else if (entry.resent && error.code === "hand-undone") {
      // A sent hand that was undone since: the server has it as the player left it.
      await del(entry.id, store);
    } else if (isHand(entry) && (await undoneMeanwhile(entry))) {
      // The player undid this hand while it was on its way: it is gone, and so is the undo.
    } else if (entry.resent && !isHand(entry)) {
      // A result, undo, confirmation or dispute sent again after a restore that the server
      // answers with its own word (the result stands confirmed, the night is closed): its word
      // stands.
      await del(entry.id, store);
    } else if (error.status === 412 && isHand(entry)) {
      // Every hand still queued for this game was entered against the same stale view; an
      // undo made against that view is void.
      for (const mine of await pending(entry.gameId)) {
        if (isUndo(mine)) await del(mine.id, store);
        else if (mine.state === "waiting") await set(mine.id, { ...mine, state: "conflict", problem }, store);
      }
      await refreshGame(entry.gameId);
    } else {
      await update(entry.id, (old) => old && { ...old, state: "rejected", problem }, store);
      if (isHand(entry)) await shiftLater(entry, -1);
      events.dispatchEvent(new CustomEvent("rejected", { detail: { entry, problem } }));
    }
  } finally {
    inFlight = null;
  }
}

/** A hand the server refused, which the player had asked to undo meanwhile: both go. */
async function undoneMeanwhile(entry) {
  const undo = (await pending(entry.gameId)).find((other) => isUndo(other) && other.handKey === entry.key);
  if (!undo) return false;
  await del(undo.id, store);
  await del(entry.id, store);
  return true;
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

/** A clash settled as "a new hand": every held hand goes after theirs, from `version` and
 * hand `number` on. */
export async function rebase(gameId, { version, number }) {
  await heldAfter(gameId, { version, number });
  return flush();
}

async function heldAfter(gameId, { version, number }) {
  let next = 0;
  for (const entry of await pending(gameId)) {
    if (entry.state === "rejected" || !isHand(entry)) continue;
    await set(entry.id, {
      ...entry, version: version + next, number: number + next, state: "waiting", problem: null,
    }, store);
    next += 1;
  }
  changed(gameId);
}

/** The server is behind this phone's copy (at `seen`, its refusal said) and nothing kept here
 * brings it up: its copy stands, the hands held here go after its last. Not when another
 * phone wrote since (the clash is shown), nor unread: whether it stood. */
async function serverStands(gameId, seen) {
  const game = await api.read((await linksOf(gameId)).read).catch(() => null);
  if (!game || game.version !== seen) return false;
  await saveGame(game, { replace: true });
  const last = Math.max(0, ...game.hands.map((hand) => hand.number));
  await heldAfter(gameId, { version: game.version, number: last + 1 });
  return true;
}

/** Undo a hand. A hand still waiting here is dropped at once; one being sent now, or already
 * sent by this phone (`entryId`, its outbox entry), or recorded before (`number` and the game
 * `version` it is in), is undone on the server through the outbox, after whatever is queued
 * before it. Works offline: the undo waits like a hand. False: it was dropped before. */
export async function undoHand(gameId, { entryId = null, path, number, version }) {
  if (entryId && dropped.has(entryId)) return false;
  if (entryId && (await discard(entryId))) return true;
  const entry = entryId ? await get(entryId, store) : null;
  const sent = entry ? null : entryId && (await get(entryId, sentStore));
  const hand = entry || sent;
  await enqueueUndo(gameId, {
    path: hand?.path || path,
    number: hand?.number ?? number,
    version: hand ? hand.version + 1 : version,
    handKey: hand?.key || null,
  });
  flush();
  return true;
}

/** Drop an entry: a rejected one the player has read, a held one, or an unsent last hand.
 * An entry being sent right now cannot be dropped (it may already be recorded). */
export async function discard(entryId) {
  if (inFlight === entryId) return false;
  const entry = await get(entryId, store);
  // (Picked for sending meanwhile: the sender finds it gone only if it goes before that.)
  if (!entry || inFlight === entryId) return false;
  await del(entryId, store);
  dropped.add(entryId);
  if (entry.state === "waiting" && isHand(entry)) await shiftLater(entry, -1);
  changed(entry.gameId);
  return true;
}
