// The rules' options a club may change, in the order players weigh them: the main ones, more,
// and the points. The table app's new game and the director's console offer the same ones, in
// the same words (opt.<key>, opt.<key>.<value>, pts.<key>). `when` says whether an option
// means anything under a ruleset.

import { isAuction, partnerships } from "./rules.js";

// A turn-up game's options; Bid Euchre's auction has none of them but its points.
export const TURN_UP = (r) => !isAuction(r);
export const ALONE = (r) => TURN_UP(r) && partnerships(r) && r.going_alone;
export const MAIN_OPTIONS = [
  { key: "stuck_dealer", values: ["must-call", "redeal", "takes-upcard"], when: TURN_UP },
  { key: "going_alone", when: (r) => TURN_UP(r) && partnerships(r) },
  { key: "defend_alone", when: ALONE },
  { key: "canadian_loner", when: ALONE },
  { key: "must_hold_suit", when: TURN_UP },
  { key: "turned_down_suit_callable", when: TURN_UP },
];
export const MORE_OPTIONS = [
  { key: "loner_lead", values: ["left-of-dealer", "left-of-loner"], when: ALONE },
  { key: "partner_must_go_alone", when: ALONE },
  { key: "defend_alone_vs_partnership", when: (r) => ALONE(r) && r.defend_alone },
  { key: "poor_hand_redeal", values: ["off", "no-ace-no-face", "no-ace-no-face-no-trump"], when: TURN_UP },
  { key: "dealer_may_discard_upcard", when: TURN_UP },
  { key: "dealer_pickup_optional", when: (r) => TURN_UP(r) && r.players === 2 },
];
export const POINTS = [
  { key: "make", when: TURN_UP },
  { key: "march", when: TURN_UP },
  { key: "euchre", when: TURN_UP },
  { key: "moon", when: (r) => isAuction(r) && r.lone_bids !== "none" },
  { key: "loner", when: (r) => isAuction(r) && r.lone_bids === "moon-loner" },
  { key: "lone_make", when: ALONE },
  { key: "lone_march", when: ALONE },
  { key: "lone_euchre", when: ALONE },
  { key: "lone_short_is_euchre", when: ALONE },
  { key: "defend_alone_euchre", when: (r) => ALONE(r) && r.defend_alone },
  { key: "renege" },
  { key: "renege_alone", when: ALONE },
];
