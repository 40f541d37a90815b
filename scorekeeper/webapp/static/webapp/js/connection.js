// Service workers, the wake lock and the camera need a secure context: HTTPS, or this
// machine's own address. On a club's plain-HTTP network the app still scores, but online
// only; say so where a player starts rather than fail later without a word.

import { t } from "./i18n.js";
import { h } from "./ui.js";

/** A note that this address keeps nothing offline, or null where the browser allows it. */
export function onlineOnlyNote() {
  if (window.isSecureContext) return null;
  return h("p", { class: "panel warn-text online-only", role: "note" }, t("connection.online_only"));
}
