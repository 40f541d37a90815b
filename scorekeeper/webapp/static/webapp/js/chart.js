// Pictures of the score: the hand-by-hand chart and the five-and-six count.

import { t } from "./i18n.js";
import { scoreText, teamCount, teamLabel } from "./rules.js";
import { s } from "./ui.js";

/** Running totals per team after each hand (index 0 is the start, all zero). */
export function runningScores(ruleset, hands) {
  const teams = teamCount(ruleset);
  const rows = [new Array(teams).fill(0)];
  for (const hand of hands) {
    const next = [...rows[rows.length - 1]];
    for (const [team, points] of Object.entries(hand.award?.points || {})) next[team] += points;
    rows.push(next);
  }
  return rows;
}

/** Grid lines a few apart, never more than six of them, whatever the span of the score. */
function gridStep(span) {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100];
  return steps.find((step) => span / step <= 6) || Math.ceil(span / 6);
}

/** A line per team, hand by hand, with the target as a dashed line. `target: null` (a round
 * of a fixed number of hands) draws none and scales the chart to the points scored. */
export function scoreChart(ruleset, hands, { target = ruleset.target } = {}) {
  const rows = runningScores(ruleset, hands);
  const teams = teamCount(ruleset);
  const width = 320;
  const height = 170;
  const pad = { left: 28, right: 12, top: 12, bottom: 26 };
  const top = Math.max(target ?? 1, ...rows.flat());
  // Bid Euchre's scores can go below zero: the chart then reaches down to the lowest.
  const floor = Math.min(0, ...rows.flat());
  const steps = Math.max(rows.length - 1, 1);
  const x = (i) => pad.left + (i * (width - pad.left - pad.right)) / steps;
  const y = (v) => height - pad.bottom - ((v - floor) * (height - pad.top - pad.bottom)) / (top - floor);
  const described = [...Array(teams).keys()]
    .map((team) => `${teamLabel(ruleset, team)} ${rows[rows.length - 1][team]}`)
    .join(", ");
  const grid = [];
  const step = gridStep(top - floor);
  for (let v = Math.ceil(floor / step) * step; v <= top; v += step) {
    grid.push(s("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }));
    grid.push(s("text", { x: pad.left - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, scoreText(v)));
  }
  const lines = [...Array(teams).keys()].map((team) => {
    const points = rows.map((row, i) => `${x(i).toFixed(1)},${y(row[team]).toFixed(1)}`).join(" ");
    const last = rows[rows.length - 1][team];
    return s("g", { class: `series t${team}` },
      s("polyline", { points, fill: "none" }),
      s("circle", { cx: x(rows.length - 1), cy: y(last), r: 4 }));
  });
  return s("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart",
    role: "img",
    "aria-label": t("chart.label", { hands: rows.length - 1, score: described }),
  },
  grid,
  target === null ? null : [
    s("line", { x1: pad.left, x2: width - pad.right, y1: y(target), y2: y(target), class: "target" }),
    // (Said at the start of the line: where the game ends, a team's last point is on it.)
    s("text", { x: pad.left + 4, y: y(target) - 4, class: "axis", "text-anchor": "start" },
      t(ruleset.target_needs_contract ? "chart.target.contract" : "chart.target", { target })),
  ],
  s("text", { x: (width + pad.left) / 2, y: height - 6, class: "axis", "text-anchor": "middle" },
    t("chart.hands")),
  lines);
}

// Pip positions on a 40 x 56 card.
const FIVE = [[11, 12], [29, 12], [20, 28], [11, 44], [29, 44]];
const SIX = [[11, 12], [29, 12], [11, 28], [29, 28], [11, 44], [29, 44]];

/**
 * The traditional count: a five and a six of one suit, face up pips showing the score
 * (the five's pips count first, then the six's). Scores past eleven show all of them.
 */
export function fiveAndSix(score, team) {
  const lit = Math.max(0, Math.min(score, 11));
  let counted = 0;
  const card = (pips, dx) => s("g", { transform: `translate(${dx} 0)` },
    s("rect", { x: 0.5, y: 0.5, width: 39, height: 55, rx: 5, class: "card" }),
    pips.map(([cx, cy]) => {
      counted += 1;
      return s("circle", { cx, cy, r: 5, class: counted <= lit ? "pip on" : "pip" });
    }));
  return s("svg", {
    viewBox: "0 0 86 57",
    class: `count t${team}`,
    role: "img",
    "aria-label": t("count.label", { score }),
  }, card(FIVE, 0), card(SIX, 46));
}
