// A game's screens: load it (from this phone first, then the server) and show a tab.

import { api, Problem, Unreachable } from "../api.js";
import { linksOf, loadGame, saveGame, tokenOf } from "../db.js";
import { t } from "../i18n.js";
import { pending } from "../outbox.js";
import { go, showTabs } from "../nav.js";
import { h, replace } from "../ui.js";
import { showLog } from "./log.js";
import { showReferee, showShare } from "./later.js";
import { scoreWords, showScore } from "./score.js";

const TABS = [
  { tab: "score", path: "" },
  { tab: "referee", path: "referee/" },
  { tab: "log", path: "log/" },
  { tab: "share", path: "share/" },
];

function renderTabs(id, current) {
  showTabs(t("tabs.label"), TABS.map(({ tab, path }) => ({
    tab, href: `/g/${id}/${path}`, icon: t(`tabs.${tab}.icon`), text: t(`tabs.${tab}`),
  })), current, h);
}

export async function showGame(main, { id, tab }) {
  const links = await linksOf(id);
  if (links.result) return go("/table/", { replace: true }); // a club table's game: at its table only
  renderTabs(id, tab);
  let game = await loadGame(id);
  let justRead = false;
  if (!game) {
    replace(main, h("p", { class: "panel hint" }, t("loading")));
    try {
      game = await api.read(links.read);
      await saveGame(game);
      game = await loadGame(id);
      justRead = true;
    } catch (error) {
      const text = error instanceof Unreachable ? t("game.offline")
        : error instanceof Problem && error.status === 404 ? t("game.missing") : error.message;
      replace(main, h("section", { class: "panel" }, h("h1", {}, t("game.title")), h("p", {}, text),
        h("a", { class: "button", href: "/", "data-nav": true }, t("home.back"))));
      return () => {};
    }
  }
  if (!main.isConnected) return () => {}; // another screen was opened meanwhile (main.js)
  document.title = `${scoreWords(game)} · ${t("app.title")}`;
  const ctx = { id, game, links, token: await tokenOf(id), entries: await pending(id), justRead };
  if (tab === "referee") return showReferee(main, { game, ctx });
  if (tab === "log") return showLog(main, ctx);
  if (tab === "share") return showShare(main, ctx);
  return showScore(main, ctx);
}
