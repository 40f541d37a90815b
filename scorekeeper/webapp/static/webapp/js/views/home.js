// The first screen: start a game, join a club night's table, ask the referee, go back to a
// game on this phone, look at the demo games the server was loaded with, or the club events.

import { api } from "../api.js";
import { onlineOnlyNote } from "../connection.js";
import { deviceOf, kept, listGames, recall } from "../db.js";
import { t } from "../i18n.js";
import { installHint } from "../install.js";
import { pending } from "../outbox.js";
import { teamNames } from "../rules.js";
import { h, replace, wordsKept } from "../ui.js";
import { HERE } from "./join.js";
import { project } from "./projection.js";
import { allTeams, scoreWords } from "./score.js";

const SAID = { hand: "outbox.waiting", undo: "outbox.undos", result: "outbox.results" };

function gameRow({ game, token }, queued = [], here) {
  const mine = queued.filter((entry) => entry.gameId === game.id);
  const waiting = mine.filter((entry) => entry.state === "waiting" && entry.kind !== "create");
  const said = new Set(waiting.map((entry) => SAID[entry.kind]));
  // As this phone has it, as the game's screen shows it.
  const view = project(game, mine);
  const status = here ? t("table.heading", { number: here.event_table.number, round: here.table.round })
    : view.winner !== null
      ? t("home.won", { team: teamNames(game, view.winner) })
      : t("home.playing", { hands: view.hands.length });
  return h("li", {},
    h("a", { class: "game-link", href: here ? "/table/" : `/g/${game.id}/`, "data-nav": true },
      h("span", { class: "game-teams" }, allTeams(game)),
      h("span", { class: "game-score" }, wordsKept(scoreWords(game, view.score, " · "))),
      h("span", { class: "game-status" }, status,
        token ? h("span", { class: "badge" }, t("home.scoring")) : null,
        waiting.length ? h("span", { class: "badge warn" },
          t((said.size < 2 && [...said][0]) || "outbox.changes", { count: waiting.length })) : null)));
}

export async function showHome(main) {
  document.title = t("app.title");
  const [all, queued, device, here] = await Promise.all([listGames(), pending(), deviceOf(), recall(HERE)]);
  // A club table's game (its links have a result) is listed, as the table, while seated there.
  const seated = device && here?.table?.game;
  const games = all.filter(({ game, links }) => !links?.result || game.id === seated);
  const demo = h("div");
  // The server's demo games (the last list kept, when offline).
  kept("demo-games", api.demoGames).then((list) => {
    if (!list?.length || !demo.isConnected) return;
    replace(demo, h("section", { class: "panel", "aria-labelledby": "demo-title" },
      h("h2", { id: "demo-title" }, t("home.demo")),
      h("p", { class: "hint" }, t("home.demo.lead")),
      h("ul", { class: "games" }, list.map((game) => gameRow({ game })))));
  });
  replace(main,
    h("section", { class: "hero" },
      h("h1", {}, t("home.title")),
      h("p", { class: "lead" }, t("home.lead")),
      onlineOnlyNote(),
      h("div", { class: "stack" },
        h("a", { class: "button primary big", href: "/new/", "data-nav": true }, t("home.new")),
        h("a", { class: "button big", href: "/table/", "data-nav": true }, t("home.join")),
        h("a", { class: "button big", href: "/referee/", "data-nav": true }, t("home.referee"))),
      installHint()),
    h("section", { class: "panel" },
      h("h2", {}, t("home.games")),
      games.length
        ? h("ul", { class: "games" }, games.map((item) => gameRow(item, queued, item.game.id === seated && here)))
        : h("p", { class: "hint" }, t("home.none"))),
    demo,
    h("p", { class: "row" },
      h("a", { class: "more-link", href: "/rules/" }, t("home.rules")),
      h("a", { class: "more-link", href: "/events/" }, t("home.events"))));
}
