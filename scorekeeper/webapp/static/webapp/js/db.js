// What this phone keeps: games it has seen (and the keys to keep score in them), the award
// tables of the rules it has met, cached API answers for offline use. The outbox has its own
// store (outbox.js).

import { createStore, get, set, update, values } from "../../vendor/idb-keyval/index.js";
import { api, gameLinks } from "./api.js";

const games = createStore("euchre-games", "games");
const cache = createStore("euchre-cache", "answers");

/** Keep the latest copy of a game (its token is kept apart); an older answer that arrives
 * late never replaces a newer one, unless the server's older copy is to stand (`replace`). */
export async function saveGame(game, { replace = false } = {}) {
  const { token, ...copy } = game;
  await update(game.id, (old) => {
    const newer = !replace && old?.game && old.game.version > copy.version;
    return { ...(old || {}), game: newer ? old.game : copy, savedAt: Date.now() };
  }, games);
  if (token) await saveToken(game.id, token);
  await rememberRules(copy);
}

export async function loadGame(id) {
  return (await get(id, games))?.game || null;
}

/** When this phone last kept a copy of the game (0: never). */
export async function savedAtOf(id) {
  return (await get(id, games))?.savedAt || 0;
}

export async function saveToken(id, token) {
  await update(id, (old) => ({ ...(old || {}), token }), games);
}

export async function tokenOf(id) {
  return (await get(id, games))?.token || null;
}

/** Where this game is read and scored on the server (see api.js). */
export async function linksOf(id) {
  return (await get(id, games))?.links || gameLinks(id);
}

/** Keep where a game is read and scored: an event table's game is scored at the table's
 * paths with its device token. */
export async function saveLinks(id, links) {
  await update(id, (old) => ({ ...(old || {}), links }), games);
}

// The club-night table this phone sits at (one at a time): its device token and role, and
// the physical table it joined, kept until the phone leaves.
const DEVICE = "table-device";

export async function saveDevice(device) {
  await set(DEVICE, device, cache);
}

export async function deviceOf() {
  return (await get(DEVICE, cache)) || null;
}

export async function forgetDevice() {
  await set(DEVICE, null, cache);
}

/** Games on this phone, most recently seen first. */
export async function listGames() {
  const all = await values(games);
  return all.filter((entry) => entry.game).sort((a, b) => b.savedAt - a.savedAt);
}

/** The hand just written, merged into the stored game with where the game now stands. */
export async function mergeWritten(id, written) {
  const { game: summary, ...hand } = written;
  let merged = null;
  await update(id, (old) => {
    if (!old?.game || old.game.version >= summary.version) return old;
    const hands = old.game.hands.filter((other) => other.number !== hand.number);
    hands.push(hand);
    hands.sort((a, b) => a.number - b.number);
    merged = { ...old.game, ...summary, hands };
    return { ...old, game: merged, savedAt: Date.now() };
  }, games);
  return merged;
}

/** Hand `number` undone on the server: gone from the stored game, which stands as `summary`
 * (the undo's answer) says. */
export async function mergeUndone(id, number, summary) {
  await update(id, (old) => {
    if (!old?.game || old.game.version >= summary.version) return old;
    const hands = old.game.hands.filter((hand) => hand.number !== number);
    return { ...old, game: { ...old.game, ...summary, hands }, savedAt: Date.now() };
  }, games);
}

export async function remember(key, value) {
  await set(key, value, cache);
}

export async function recall(key) {
  return get(key, cache);
}

/** JSON with its keys in order, so that equal rulesets give equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Keep what the referee said of a ruleset (a game's or a preset's): its award table and
 * whether hands can be thrown in. With it, a game under these rules can start offline. */
export async function rememberRules({ ruleset, awards, can_throw_in: canThrowIn }) {
  if (!ruleset || !awards) return;
  await set(`rules:${canonical(ruleset)}`, { awards, can_throw_in: !!canThrowIn }, cache);
}

/** The referee's word on a ruleset this phone has met, or null. */
export async function rulesFor(ruleset) {
  return (await get(`rules:${canonical(ruleset)}`, cache)) || null;
}

/** An API answer, kept for when the phone is offline: a fresh one, else the last one kept. */
export async function kept(key, load) {
  try {
    const value = await load();
    await remember(key, value);
    return value;
  } catch {
    return (await recall(key)) ?? null;
  }
}

/** The presets with their options and award tables (fresh, else kept); each is remembered so
 * that a game under it can start offline. */
export async function presetRules() {
  const list = (await kept("rulesets", api.rulesets)) || [];
  for (const item of list) await rememberRules(item);
  return list;
}
