// The change log: every hand recorded, amended or undone, when and why.

import { api, Unreachable } from "../api.js";
import { t, locale } from "../i18n.js";
import { h, replace } from "../ui.js";
import { handAward, handSummary, unbroken } from "./describe.js";

function snapshot(game, hand) {
  if (!hand) return null;
  return h("span", { class: "snap" }, unbroken(handSummary(game, hand)), " → ", unbroken(handAward(game, hand)));
}

export async function showLog(main, { game, links }) {
  const say = (text) => replace(main, h("h1", { class: "screen-title" }, t("log.title")),
    h("p", { class: "panel" }, text));
  if (game.local) {
    say(t("log.not_yet"));
    return () => {};
  }
  say(t("loading"));
  const waiting = main.lastElementChild;
  let entries;
  try {
    entries = await api.read(links.log);
  } catch (error) {
    entries = error;
  }
  // Another screen took the place meanwhile (a tap on another tab): leave it be.
  if (!waiting.isConnected) return () => {};
  if (entries instanceof Error) {
    say(entries instanceof Unreachable ? t("log.offline") : entries.message);
    return () => {};
  }
  const when = new Intl.DateTimeFormat(locale(), { dateStyle: "short", timeStyle: "short" });
  replace(main,
    h("h1", { class: "screen-title" }, t("log.title")),
    h("ol", { class: "panel log", reversed: true }, [...entries].reverse().map((entry) => h("li", {},
      h("p", { class: "log-head" },
        h("strong", {}, t(`log.${entry.action}`, { number: entry.hand_number })),
        h("time", { datetime: entry.created_at }, when.format(new Date(entry.created_at)))),
      entry.reason ? h("p", { class: "log-reason" }, t("log.reason", { reason: entry.reason })) : null,
      entry.action === "amend"
        ? h("p", {}, snapshot(game, entry.before), h("br"), t("log.became"), " ", snapshot(game, entry.after))
        : entry.action === "record" ? h("p", {}, snapshot(game, entry.after))
          : entry.action === "undo" ? h("p", {}, snapshot(game, entry.before)) : null))));
  return () => {};
}
