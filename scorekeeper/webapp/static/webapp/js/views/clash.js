// Two phones, one hand: when hands waiting on this phone meet another phone's work (412), a
// dialog shows both sides, each hand numbered as it was entered, and asks whether they are
// the same hand. Only an answer closes it: the held hands wait for a decision.

import { t } from "../i18n.js";
import { discard, rebase } from "../outbox.js";
import { awardText, previewAward } from "../rules.js";
import { dismissToast, h, replace } from "../ui.js";
import { handSummary, kindOf, unbroken } from "./describe.js";

/** The clash dialog of a game's screen: `render(view)` shows it while the view has held hands
 * (and closes it once none are left), `close()` when the screen goes. */
export function clashDialog(ctx, scoreWords) {
  let clash = null;

  function sideList(items) {
    return h("ul", { class: "plain" }, items.map(({ number, hand, award }) => h("li", {},
      h("strong", {}, `#${number} `), unbroken(handSummary(ctx.game, hand)),
      h("br"), h("span", { class: `hand-award ${award?.reason || ""}` }, awardText(ctx.game.ruleset, award || {})))));
  }

  function render(view) {
    const game = ctx.game;
    if (!view.conflicts.length) {
      clash?.close();
      return;
    }
    const lastNumber = game.hands.length ? game.hands[game.hands.length - 1].number : 0;
    const held = Math.min(...view.conflicts.map((entry) => entry.number ?? Infinity));
    const first = Number.isFinite(held) ? held : lastNumber + 1;
    const theirs = game.hands.filter((hand) => hand.number >= first);
    // Each numbered as it was entered, so the same hand shows the same number on both sides.
    const mine = view.conflicts.map((entry, i) => ({
      number: entry.number ?? first + i,
      hand: { ...entry.body, kind: kindOf(entry.body) },
      award: previewAward(game, entry.body),
    }));
    const one = theirs.length === 1 && mine.length === 1;
    const count = one ? 1 : 2;
    const keepTheirs = async () => {
      for (const entry of view.conflicts) await discard(entry.id);
      dismissToast(); // (the dropped hand's Undo would take back theirs)
    };
    const addMine = () => rebase(ctx.id, { version: game.version, number: lastNumber + 1 });
    if (!clash) {
      clash = h("dialog", { class: "sheet clash", "aria-labelledby": "clash-title" });
      clash.addEventListener("cancel", (event) => event.preventDefault());
      clash.addEventListener("close", () => {
        clash.remove();
        clash = null;
      });
      document.body.append(clash);
    }
    replace(clash,
      h("h2", { id: "clash-title" }, theirs.length
        ? t("clash.title", { count, number: theirs[0].number })
        : t("conflict.title")),
      theirs.length
        ? h("div", { class: "clash-sides" },
          h("section", { class: "side theirs", "aria-labelledby": "clash-theirs" },
            h("h3", { id: "clash-theirs" }, t("clash.theirs")),
            sideList(theirs.map((hand) => ({ number: hand.number, hand, award: hand.award })))),
          h("section", { class: "side mine", "aria-labelledby": "clash-mine" },
            h("h3", { id: "clash-mine" }, t("clash.mine")),
            sideList(mine)))
        : [
          h("p", {}, t("clash.changed", { hands: game.hands.length, score: scoreWords(game, game.score) })),
          h("section", { class: "side mine", "aria-labelledby": "clash-mine" },
            h("h3", { id: "clash-mine" }, t("clash.mine")), sideList(mine)),
        ],
      theirs.length ? h("p", { class: "clash-question" }, t("clash.question", { count })) : null,
      h("div", { class: "row" },
        h("button", { type: "button", class: "primary", onclick: theirs.length ? keepTheirs : addMine },
          theirs.length ? t(one ? "clash.same" : "clash.same.many") : t("clash.add")),
        h("button", { type: "button", onclick: theirs.length ? addMine : keepTheirs },
          theirs.length ? t(one ? "clash.new" : "clash.new.many") : t("clash.drop"))));
    if (!clash.open) clash.showModal();
  }

  return { render, close: () => clash?.close() };
}
