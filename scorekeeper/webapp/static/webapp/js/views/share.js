// Share a game: a watch link for anyone, and a keep-score link that carries the game's
// token in the URL fragment (never sent to the server in a request line or a log).

import { api, Unreachable } from "../api.js";
import { saveToken } from "../db.js";
import { t } from "../i18n.js";
import { h, replace, sheetRow, showSheet, toast } from "../ui.js";

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("share.copied"));
  } catch {
    toast(text, { ms: 10000 });
  }
}

function linkCard({ id, title, body, url, warn }) {
  // The QR code's maker is loaded when a link is shared, not with the app (views.ON_DEMAND).
  const qr = h("div", { class: "qr" });
  import("../qr.js").then(({ qrSvg }) => { qr.innerHTML = qrSvg(url, t("share.qr", { title })); });
  return h("section", { class: "panel share", "aria-labelledby": id },
    h("h2", { id }, title),
    h("p", {}, body),
    warn ? h("p", { class: "warn-text" }, warn) : null,
    qr,
    h("input", { type: "text", readOnly: true, value: url, class: "link-text", "aria-label": title, onfocus: (e) => e.target.select() }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "primary", onclick: () => copy(url) }, t("share.copy")),
      navigator.share
        ? h("button", { type: "button", onclick: () => navigator.share({ title: t("app.title"), url }).catch(() => {}) }, t("share.share"))
        : null));
}

/** Ask first, then renew the game's token: every copy of the keep-score link stops working,
 * and this phone keeps the new token. */
function takeBack(main, ctx) {
  const message = h("p", { role: "status" });
  const yes = h("button", { type: "submit", class: "primary" }, t("share.take_back"));
  async function submit(event) {
    event.preventDefault();
    yes.disabled = true;
    try {
      const { token } = await api.renewToken(ctx.game.id, ctx.token);
      await saveToken(ctx.game.id, token);
      dialog.close();
      showShare(main, { ...ctx, token });
      toast(t("share.taken_back"));
    } catch (error) {
      replace(message, h("span", { class: "error" },
        error instanceof Unreachable ? t("offline.needed") : error.message));
      yes.disabled = false;
    }
  }
  const dialog = h("dialog", { class: "sheet", "aria-labelledby": "take-back-title" },
    h("form", { method: "dialog", onsubmit: submit },
      h("h2", { id: "take-back-title" }, t("share.take_back.title")),
      h("p", {}, t("share.take_back.body")),
      message,
      sheetRow(yes, t("cancel"))));
  showSheet(dialog);
}

export function showShare(main, ctx) {
  const { game, token } = ctx;
  const watch = `${location.origin}/g/${game.id}/`;
  replace(main,
    h("h1", { class: "screen-title" }, t("share.title")),
    game.local ? h("p", { class: "panel warn-text" }, t("share.not_yet")) : null,
    linkCard({ id: "watch-title", title: t("share.watch"), body: t("share.watch.body"), url: watch }),
    token
      ? linkCard({
        id: "keep-title",
        title: t("share.keep"),
        body: t("share.keep.body"),
        warn: t("share.keep.warn"),
        url: `${watch}#key=${token}`,
      })
      : h("p", { class: "panel hint" }, t("share.no_key")),
    token && !game.local
      ? h("section", { class: "panel" },
        h("p", { class: "hint" }, t("share.take_back.hint")),
        h("button", { type: "button", onclick: () => takeBack(main, ctx) }, t("share.take_back")))
      : null);
  return () => {};
}
