// A night's standings as the events screens draw them: the players' night page and the
// director's console show the one table, with the results still waiting and the side prizes
// under it. Its words are the screens' (words.js), in the page's language.
import { scoreText } from "../webapp/js/rules.js";
import { h as el } from "../webapp/js/ui.js";
import { prizeTitle, prizeWinners, t } from "./words.js";

/** The standings the API gives (`GET /api/v1/events/{id}/standings/`) as a table.
 *
 * The figure that ranks (the total, match points, or the total per round) comes right after
 * the name, where a phone shows it at any text size before the table scrolls. On a phone
 * (below 40em, screens.css), the players' page and the director's console alike: short
 * headings, their full names in <abbr title>, and the columns that matter there (rank, name,
 * the ranking figure, played, won, byes, credit where a bye earns it, a format's figures it
 * does not call wide); from 40em up every column, each heading written out.
 * `playerPages`: in an individual event a player's name opens their page. */
export function standingsTable(data, { playerPages = false } = {}) {
  const teams = data.teams;
  // Ranked per round played (late arrivals, early leavers): the figure that ranks is shown.
  const perRound = data.ranked_by === "points per round counted";
  // Each column's heading: written out, its short form and what it means.
  const head = [
    { text: "#" },
    { text: teams ? t("Team") : t("Player") },
    ...(perRound ? [{ text: t("Per round") }] : []),
    teams ? { text: t("Match points"), short: t("MP") } : { text: t("Total") },
    { text: t("Played"), short: t("Pl") },
    { text: t("Won"), short: t("W") },
    { text: t("Byes") },
    // What byes earned: only where a bye earns credit.
    ...(data.credited ? [{ text: t("Credit") }] : []),
    // The figures only the event's format shows (a Swiss event's Buchholz), named by the API.
    ...data.columns.map((column) => ({ text: column.heading, short: column.short, meaning: column.meaning, wide: column.wide })),
    { text: t("For"), wide: true },
    { text: t("Against"), wide: true },
    // Counted from hands: none where the tables enter final scores.
    ...(data.hands ? [{ text: t("Euchres"), wide: true }] : []),
    { text: t("Tie-break"), wide: true },
  ];
  const wide = (column) => (column.wide ? { class: "wide" } : {});
  const heading = (column) => {
    if (!column.short) return el("th", wide(column), column.text);
    return el("th", wide(column),
      el("span", { class: "long", text: column.text }),
      el("abbr", { class: "short", title: column.meaning || column.text, text: column.short }));
  };
  const table = el("table", { class: "standings-table" }, el("thead", {}, el("tr", {}, ...head.map(heading))));
  const body = el("tbody");
  for (const row of data.rows) {
    const name = !teams && playerPages
      ? el("td", {}, el("a", { href: `/events/players/${row.key}/`, text: row.name }))
      : el("td", { text: row.name });
    // One who left, and a substitute's own row (listed last, unranked), say so.
    if (!row.active) name.append(" ", el("small", { text: t("(left)") }));
    if (row.guest) name.append(" ", el("small", { text: t("(guest, substituting)") }));
    const figures = [
      ...(perRound ? [row.per_round === null ? "" : row.per_round.toFixed(2)] : []),
      teams ? row.match_points : scoreText(row.total),
      row.played,
      row.wins,
      row.byes,
      ...(data.credited ? [row.credit] : []),
      ...data.columns.map((column) => row[column.field]),
      scoreText(row.points_for),
      scoreText(row.points_against),
      ...(data.hands ? [row.euchres] : []),
      // The tie-break that placed the row, named by the API in the reader's language.
      row.tie_break ? data.tie_break_names[row.tie_break] || row.tie_break : "",
    ];
    body.append(
      el("tr", {},
        el("td", { text: row.rank === null ? "" : String(row.rank) }),
        name,
        // The figures stand under their headings, from the third on.
        ...figures.map((value, i) => el("td", { ...wide(head[i + 2]), text: String(value) })),
      ),
    );
  }
  table.append(body);
  const box = el("div", {}, table);
  if (data.waiting) {
    const waiting = data.waiting === 1 ? "1 result waiting for confirmation." : "{count} results waiting for confirmation.";
    box.append(el("p", { class: "note", text: t(waiting, { count: data.waiting }) }));
  }
  const prizes = el("ul", { class: "prizes" });
  for (const prize of data.side_prizes) {
    const who = prizeWinners(prize, t("none yet"));
    prizes.append(el("li", { text: t("{title}: {who}", { title: prizeTitle(prize), who }) }));
  }
  box.append(prizes);
  return box;
}
