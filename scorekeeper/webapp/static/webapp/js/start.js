// Starting a game: on the server when it answers; otherwise on this phone, under an id and a
// write token the phone makes, sent later by the outbox (once: the server takes a replay of
// the same id, token and game as the same game). Offline, a game can start only under rules
// whose award table the phone already has (the presets, and house rules used here before).

import { api, Unreachable } from "./api.js";
import { rulesFor, saveGame } from "./db.js";
import { enqueueGame, flush } from "./outbox.js";
import { teamCount } from "./rules.js";
import { randomId } from "./ui.js";

/** Offline, and these rules are new to this phone. */
export class NeedsConnection extends Error {}

/** 32 random bytes, url-safe base64 (43 characters): a game's write token. */
export function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The game as the server would answer it at version 1, made on this phone. */
function localGame(body, rules, known) {
  const now = new Date().toISOString();
  return {
    id: body.id,
    ruleset: rules,
    awards: known.awards,
    can_throw_in: known.can_throw_in,
    preset: rules.preset,
    target: rules.target,
    players: body.players,
    teams: [],
    dealer: body.dealer,
    score: new Array(teamCount(rules)).fill(0),
    status: "in-progress",
    winner: null,
    version: 1,
    hands: [],
    created_at: now,
    updated_at: now,
    local: true,
  };
}

/**
 * Start a game and keep it on this phone with its token. `rules` is the whole ruleset (as
 * the referee writes it), `ruleset` what is sent for it (a preset's name, or a preset with
 * changes). Answers the game's id and whether it started offline; a refusal from the server
 * is thrown as a `Problem`.
 */
export async function gameStart({ rules, ruleset, players, dealer }) {
  const body = { id: randomId(), token: randomToken(), ruleset, players, dealer };
  try {
    const { data } = await api.createGame(body);
    await saveGame(data);
    return { id: data.id, offline: false };
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
  }
  const known = await rulesFor(rules);
  if (!known) throw new NeedsConnection();
  await saveGame({ ...localGame(body, rules, known), token: body.token });
  await enqueueGame(body.id, body);
  flush();
  return { id: body.id, offline: true };
}
