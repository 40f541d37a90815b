// Amend a recorded hand, saying why. A change made meanwhile on another phone (412) is
// shown, and the player decides whether to amend on top of it.

import { api, Problem, Unreachable } from "../api.js";
import { keepAmended } from "../outbox.js";
import { t } from "../i18n.js";
import { awardText, isAuction, previewAward } from "../rules.js";
import { h, replace, sheetRow, showSheet, toast, toggle } from "../ui.js";
import { handAward, handSummary, unbroken } from "./describe.js";
import { blankHand, handInputs, isComplete, quickEntry } from "./handform.js";

export function openAmend(ctx, hand, afterWrite) {
  const game = ctx.game;
  const values = hand.kind === "played" || hand.kind === "penalty"
    ? {
      maker: hand.maker,
      trump: hand.trump,
      alone: !!hand.alone,
      defender_alone: hand.defender_alone ?? null,
      outcome: hand.outcome ?? null,
      maker_tricks: hand.maker_tricks ?? null,
      bid: hand.bid ?? null,
    }
    : blankHand();
  const askTricks = !!ctx.table?.askTricks;
  let thrownIn = hand.kind === "thrown-in";
  let version = game.version;
  const preview = h("div", { class: "preview", "aria-live": "polite" });
  const message = h("div", { "aria-live": "assertive" });
  const reason = h("textarea", { required: true, rows: 2, maxLength: 500, name: "reason" });
  const fields = h("div", {}, handInputs({ game, values, onchange: update, prefix: "amend-", askTricks }));
  const save = h("button", { type: "submit", class: "primary" }, t("amend.save"));

  function body() {
    return thrownIn ? { thrown_in: true } : quickEntry(values);
  }

  function update() {
    fields.hidden = thrownIn;
    const ready = thrownIn || isComplete(values, { askTricks, auction: isAuction(game.ruleset) });
    save.disabled = !ready;
    const award = ready ? previewAward(game, body()) : null;
    preview.className = `preview ${award ? award.reason : ""}`;
    replace(preview, award ? h("p", { class: "preview-award" }, awardText(game.ruleset, award)) : null);
  }

  async function submit(event) {
    event.preventDefault();
    if (!reason.value.trim()) {
      reason.focus();
      return;
    }
    save.disabled = true;
    try {
      const amended = { ...body(), reason: reason.value.trim() };
      await api.amendHand(ctx.links.hands, hand.number, amended, { token: ctx.token, version });
      // Kept with the version it was made on: a restored server gets it back, once.
      await keepAmended(game.id, { path: ctx.links.hands, number: hand.number, body: amended, version });
      // The screen shows the change before the sheet goes: the next tap is on its version.
      await afterWrite().catch(() => {});
      dialog.close();
      toast(t("amend.done", { number: hand.number }));
    } catch (error) {
      if (error instanceof Problem && error.status === 412) {
        const fresh = await api.read(ctx.links.read).catch(() => null);
        const now = fresh?.hands.find((other) => other.number === hand.number);
        version = fresh ? fresh.version : version;
        replace(message, h("div", { class: "conflict panel", role: "alert" },
          h("p", {}, t("amend.conflict")),
          now ? h("p", {}, h("strong", {}, `#${now.number}: `), unbroken(handSummary(fresh, now)), " → ", unbroken(handAward(fresh, now))) : h("p", {}, t("amend.gone")),
          h("p", { class: "hint" }, t("amend.again"))));
        save.textContent = t("amend.anyway");
        save.disabled = !now;
      } else {
        replace(message, h("p", { class: "error", role: "alert" },
          error instanceof Unreachable ? t("offline.needed") : error.message));
        save.disabled = false;
      }
    }
  }

  const dialog = h("dialog", { class: "sheet", "aria-labelledby": "amend-title" },
    h("form", { method: "dialog", onsubmit: submit },
      h("h2", { id: "amend-title" }, t("amend.title", { number: hand.number })),
      h("p", { class: "hint" }, t("amend.now"), " ", unbroken(handSummary(game, hand)), " → ", unbroken(handAward(game, hand))),
      // Only where the rules let a hand be thrown in (or to undo a mistaken one).
      game.can_throw_in || thrownIn
        ? toggle({
          label: t("hand.kind.thrown-in"),
          checked: thrownIn,
          onchange: (checked) => {
            thrownIn = checked;
            update();
          },
        })
        : null,
      fields,
      preview,
      h("label", { class: "field" }, h("span", {}, t("amend.reason")), reason),
      message,
      sheetRow(save, t("cancel"))));
  update();
  showSheet(dialog);
}
