// The REST API, and what can go wrong talking to it.

const BASE = "/api/v1";

/** The server answered with a problem (RFC 9457): it will answer the same way again. */
export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code || null;
    this.field = body?.field || null;
    this.body = body || {};
  }
}

/** No answer, or one worth retrying later (5xx, 429: its `status`, and the seconds to wait
 * where the server said): nothing was decided. */
export class Unreachable extends Error {
  constructor(message, { status = null, retryAfter = null, code = null } = {}) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
    this.code = code; // (the problem's, where the server said one: "awaiting-restore")
  }
}

/** One request to the API (the events screens call it too, with their own headers). */
/** The last answer to each read, with its ETag (at most READS_KEPT of them, oldest out). */
const readsKept = new Map();
const READS_KEPT = 50;

export async function call(method, path, { body, token, key, version, lang, format, headers: extra } = {}) {
  const headers = { Accept: "application/json", ...extra };
  // A queued entry says the format it was queued in (outbox.js); the server refuses one it
  // cannot take, saying so.
  if (format) headers["Entry-Format"] = String(format);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  if (version !== undefined && version !== null) headers["If-Match"] = `"${version}"`;
  if (lang) headers["Accept-Language"] = lang;
  // A read asks "changed since?" (If-None-Match) and keeps what it got: a poll of something
  // unchanged costs the server one query and sends no body.
  const known = method === "GET" ? `${path}|${lang || ""}|${token || ""}|${JSON.stringify(extra || {})}` : null;
  const kept = known && readsKept.get(known);
  if (kept) headers["If-None-Match"] = kept.etag;
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (error) {
    throw new Unreachable(error.message);
  }
  if (response.status === 304 && kept) return { status: 200, data: kept.data, unchanged: true };
  if (response.status >= 500 || response.status === 429) {
    const wait = Number.parseInt(response.headers.get("Retry-After") || "", 10);
    const said = await response.json().catch(() => null);
    throw new Unreachable(`HTTP ${response.status}`, {
      status: response.status, retryAfter: Number.isNaN(wait) ? null : wait, code: said?.code || null,
    });
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new Problem(response.status, data);
  const etag = response.headers.get("ETag");
  if (known && etag) {
    if (readsKept.size >= READS_KEPT) readsKept.delete(readsKept.keys().next().value);
    readsKept.set(known, { etag, data });
  }
  return { status: response.status, data };
}

/** A read that is drawn, made into one whose answers never go back in time: reads overlap
 * (a poll under way as a change reads again), and one that answers after a later one was
 * drawn brings something older. It answers `undefined` then, to be drawn by nobody: else a
 * screen would go back to before the change, and write against its older version. */
export function newestOnly(read) {
  let begun = 0;
  let answered = 0;
  return async (...args) => {
    const mine = ++begun;
    const got = await read(...args);
    if (mine < answered) return undefined;
    answered = mine;
    return got;
  };
}

/**
 * Where a scored game lives on the server. The screens and the outbox only ever use these
 * paths (and the token kept with them), never a path of their own, so anything scored the
 * same way can hand them its own.
 */
export function gameLinks(id) {
  return { read: `/games/${id}/`, hands: `/games/${id}/hands/`, log: `/games/${id}/log/` };
}

export const api = {
  rulesets: () => call("GET", "/rulesets/").then((r) => r.data),
  demoGames: () => call("GET", "/demo/games/").then((r) => r.data),
  /** Also a replay of a creation queued on the phone: 201 made, 200 already there. */
  createGame: (body, format) => call("POST", "/games/", { body, format }),
  read: (path) => call("GET", path).then((r) => r.data),
  recordHand: (path, body, { token, key, version, format }) =>
    call("POST", path, { body, token, key, version, format }),
  amendHand: (path, number, body, { token, version }) =>
    call("PATCH", `${path}${number}/`, { body, token, version }).then((r) => r.data),
  undoHand: (path, number, { token, version }) =>
    call("DELETE", `${path}${number}/`, { token, version }).then((r) => r.data),
  /** A new write token for the game; the one sent (and every link carrying it) stops working. */
  renewToken: (id, token) => call("POST", `/games/${id}/token/`, { token }).then((r) => r.data),
  check: (record, lang) =>
    call("POST", "/referee/check", { body: record, lang }).then((r) => r.data),
  // A club night's table: join with its code, where this phone sits now, leave it.
  joinTable: (code, role) => call("POST", "/tables/join/", { body: { code, role } }).then((r) => r.data),
  tableHere: (token) => call("GET", "/tables/device/", { token }).then((r) => r.data),
  leaveTable: (token) => call("DELETE", "/tables/device/", { token }),
  nameDevice: (token, player) => call("PATCH", "/tables/device/", { token, body: { player } }).then((r) => r.data),
  /** A table's write to its result, with its Idempotency-Key (`key`: sent again, it changes
   * nothing) and, for an answer to the result, the result's version the phone showed. */
  tableWrite: (path, body, token, { format, key, version } = {}) =>
    call("POST", path, { body, token, format, key, version }).then((r) => r.data),
};
