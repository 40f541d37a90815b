// "Renege…": a hand that ended in a renege (docs/webapp.md, "A ruling becomes a score").

import { t } from "../i18n.js";
import { awardText, isAuction, namesOneARow, previewAward, seatLetter, seatName, seatsARow, teamOf } from "../rules.js";
import { choices, h, replace, sheetRow, showSheet } from "../ui.js";
import { bidChoice, canDefendAlone, LONE_BIDS, trumpRow } from "./handform.js";

export function openRenege(ctx, { values, onsave }) {
  const game = ctx.game;
  const ruleset = game.ruleset;
  const seats = [...Array(ruleset.players).keys()];
  // Bid Euchre asks the bid (kept in the record), not trump: a renege costs the same.
  const auction = isAuction(ruleset);
  const entry = {
    maker: values.maker,
    trump: auction ? null : values.trump,
    bid: auction ? values.bid ?? null : null,
    alone: !!values.alone,
    defender_alone: auction ? null : values.defender_alone ?? null,
    renege: null,
  };
  const lone = () => entry.alone || LONE_BIDS.includes(entry.bid);
  const partnerOf = (seat, loner) => loner !== null && seat !== loner && teamOf(ruleset, seat) === teamOf(ruleset, loner);
  const preview = h("div", { class: "preview", "aria-live": "polite" });
  const offenders = h("div");
  const save = h("button", { type: "submit", class: "primary", disabled: true }, t("hand.save"));

  const body = () => (auction
    ? { maker: entry.maker, bid: entry.bid, defender_alone: null, renege: entry.renege }
    : {
      maker: entry.maker, ...(entry.trump ? { trump: entry.trump } : {}), alone: entry.alone,
      defender_alone: entry.defender_alone, renege: entry.renege,
    });
  // The suit is optional: a renege's penalty does not depend on it.
  const ready = () => entry.maker !== null && entry.renege !== null && !(auction && entry.bid === null);
  // A loner's partner (a lone defender's too) sat out: they played no card.
  const played = (seat) => !(lone() && partnerOf(seat, entry.maker)) && !partnerOf(seat, entry.defender_alone);

  function update() {
    if (entry.defender_alone !== null && (!canDefendAlone(ruleset, entry)
      || teamOf(ruleset, entry.defender_alone) === teamOf(ruleset, entry.maker))) entry.defender_alone = null;
    if (entry.renege !== null && !played(entry.renege)) entry.renege = null;
    replace(offenders, choices({
      name: "renege-by",
      legend: t("renege.who"),
      columns: seatsARow(ruleset, seats.map((seat) => game.players[seat])),
      words: namesOneARow(ruleset, seats.map((seat) => game.players[seat])),
      value: entry.renege,
      options: seats.filter(played).map((seat) => ({
        value: seat, face: game.players[seat], sub: seatLetter(ruleset, seat), label: seatName(game, seat),
      })),
      onchange: (seat) => {
        entry.renege = Number(seat);
        update();
      },
    }));
    save.disabled = !ready();
    const award = ready() ? previewAward(game, body()) : null;
    preview.className = `preview ${award ? award.reason : ""}`;
    replace(preview, award ? h("p", { class: "preview-award" }, awardText(ruleset, award)) : h("p", { class: "hint" }, t(auction ? "renege.pick.bid" : "renege.pick")));
  }

  const dialog = h("dialog", { class: "sheet", "aria-labelledby": "renege-title" },
    h("form", {
      method: "dialog",
      onsubmit: (event) => {
        event.preventDefault();
        if (!ready()) return;
        dialog.close();
        onsave(body());
      },
    },
    h("h2", { id: "renege-title" }, t("renege.title")),
    h("p", { class: "hint" }, t(auction ? "renege.lead.bid" : "renege.lead")),
    choices({
      name: "renege-maker",
      legend: t(auction ? "hand.maker.bid" : "hand.maker"),
      columns: seatsARow(ruleset, seats.map((seat) => game.players[seat])),
      words: namesOneARow(ruleset, seats.map((seat) => game.players[seat])),
      value: entry.maker,
      options: seats.map((seat) => ({
        value: seat, face: game.players[seat], sub: seatLetter(ruleset, seat), label: seatName(game, seat),
      })),
      onchange: (seat) => {
        entry.maker = Number(seat);
        update();
      },
    }),
    auction ? bidChoice({ ruleset, values: entry, prefix: "renege-", onchange: update })
      : trumpRow({ ruleset, values: entry, prefix: "renege-", onchange: update }),
    offenders,
    preview,
    sheetRow(save, t("cancel"))));
  update();
  showSheet(dialog);
}
