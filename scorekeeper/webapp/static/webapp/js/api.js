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

/** No answer, or one worth retrying later (5xx, 429): nothing was decided. */
export class Unreachable extends Error {}

/** One request to the API (the events screens call it too, with their own headers). */
export async function call(method, path, { body, token, key, version, lang, headers: extra } = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  if (version !== undefined && version !== null) headers["If-Match"] = `"${version}"`;
  if (lang) headers["Accept-Language"] = lang;
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
  if (response.status >= 500 || response.status === 429) {
    throw new Unreachable(`HTTP ${response.status}`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new Problem(response.status, data);
  return { status: response.status, data };
}

export const api = {
  rulesets: () => call("GET", "/rulesets/").then((r) => r.data),
  createGame: (body) => call("POST", "/games/", { body }).then((r) => r.data),
  game: (id) => call("GET", `/games/${id}/`).then((r) => r.data),
  log: (id) => call("GET", `/games/${id}/log/`).then((r) => r.data),
  recordHand: (id, body, { token, key, version }) =>
    call("POST", `/games/${id}/hands/`, { body, token, key, version }),
  amendHand: (id, number, body, { token, version }) =>
    call("PATCH", `/games/${id}/hands/${number}/`, { body, token, version }).then((r) => r.data),
  undoHand: (id, number, { token, version }) =>
    call("DELETE", `/games/${id}/hands/${number}/`, { token, version }).then((r) => r.data),
  check: (record, lang) =>
    call("POST", "/referee/check", { body: record, lang }).then((r) => r.data),
};
