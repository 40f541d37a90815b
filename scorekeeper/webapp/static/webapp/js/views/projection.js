// The game as this phone shows it: the server's, with what waits in the outbox on top (a
// hand by its preview's points, an undo taking its hand off), so the score moves at once.

import { isHand, isUndo } from "../outbox.js";
import { leader, nextDealer, previewAward } from "../rules.js";
import { kindOf } from "./describe.js";

export function project(game, entries) {
  const ruleset = game.ruleset;
  const score = [...game.score];
  let dealer = game.dealer;
  const shown = [...game.hands];
  const queued = [];
  const held = [];
  let moves = 0;
  for (const entry of entries) {
    if (entry.state === "rejected" || !(isHand(entry) || isUndo(entry))) continue;
    // Held by a clash (a 412): listed, counted once the player has chosen.
    if (entry.state === "conflict") {
      if (isHand(entry)) {
        const award = entry.preview || previewAward(game, entry.body);
        held.push({ ...entry.body, number: entry.number, dealer, kind: kindOf(entry.body), award, entry });
      }
      continue;
    }
    moves += 1;
    if (isUndo(entry)) {
      const last = shown[shown.length - 1];
      // Its hand: still queued here (by its key), or on the server (by its number).
      const mine = last?.entry ? last.entry.key === entry.handKey : last?.number === entry.number;
      if (!mine) continue;
      shown.pop();
      if (last.entry) queued.pop();
      for (const [team, points] of Object.entries(last.award?.points || {})) score[team] -= points;
      dealer = last.dealer;
      continue;
    }
    const number = (shown.length ? shown[shown.length - 1].number : 0) + 1;
    const award = entry.preview || previewAward(game, entry.body);
    const kind = kindOf(entry.body);
    const hand = { ...entry.body, number, dealer, kind, award, entry };
    shown.push(hand);
    queued.push(hand);
    for (const [team, points] of Object.entries(award.points)) score[team] += points;
    // A poor-hand redeal keeps the deal; every other hand passes it to the left.
    if (kind !== "redeal") dealer = nextDealer(ruleset, dealer);
  }
  const changed = moves > 0;
  return {
    score,
    dealer,
    // Bid Euchre ends on how the last hand went, not on the score alone.
    winner: changed ? leader(ruleset, score, shown[shown.length - 1] ?? null) : game.winner,
    hands: shown,
    held,
    queued,
    // Writes waiting to be made, each moving the game's version by one when it is.
    moves,
    // A poor-hand redeal is dealt again: it is no hand of a club night's round.
    counted: shown.filter((hand) => hand.kind !== "redeal").length,
    nextNumber: (shown.length ? shown[shown.length - 1].number : 0) + 1,
    conflicts: entries.filter((entry) => isHand(entry) && entry.state === "conflict"),
    rejected: entries.filter((entry) => entry.state === "rejected"),
  };
}
