// The projector fetches its own page again every few seconds (<body data-refresh>) and puts
// the new <main> in place of the old: no flash, no inline script. A failed fetch keeps what
// is shown and tries again next time. Standings longer than the screen page by themselves:
// as many rows as fit below the table's head, each page for a few seconds
// (<table data-page-seconds>), its number shown; a refresh keeps the page shown. Beside them
// on a wide screen, the seating of a big room pages the same way, as many tables as fit
// above who sits out and the seats' note.
const seconds = Number(document.body.dataset.refresh) || 15;
let page = 0;

function rowsThatFit(table, rows) {
  const top = rows[0].getBoundingClientRect().top;
  const height = rows[0].getBoundingClientRect().height || 1;
  const below = table.parentElement.querySelector(".note");
  const padding = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
  const room = window.innerHeight - top - (below ? below.getBoundingClientRect().height : 0) - padding - 8;
  return Math.max(5, Math.floor(room / height));
}

/** How many of the seating's tables fit the screen, whole rows of the grid, with what is
 * said under them (who sits out, the seats' note, a party's moves) still in view; null where
 * the seating is not beside the standings (a phone: the page scrolls). */
function tablesThatFit(list, items) {
  const board = document.querySelector(".board");
  const seating = list.parentElement;
  if (!board || board.getBoundingClientRect().top !== seating.getBoundingClientRect().top) {
    list.style.removeProperty("--card");
    return null;
  }
  // Narrow cards, more across, or wide ones, whose long names take a line each: whichever
  // shows more tables a page.
  let best = null;
  for (const width of CARD_WIDTHS) {
    list.style.setProperty("--card", width);
    const fit = tablesInRoom(list, seating, items);
    if (!best || fit > best.fit) best = { width, fit };
  }
  list.style.setProperty("--card", best.width);
  return best.fit;
}

const CARD_WIDTHS = ["13em", "18em"];

function tablesInRoom(list, seating, items) {
  const after = (part) => part.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_PRECEDING;
  const below = [...seating.children, ...seating.parentElement.children].filter(after);
  const bottom = list.lastElementChild.getBoundingClientRect().bottom;
  const under = below.length ? Math.max(...below.map((part) => part.getBoundingClientRect().bottom)) - bottom : 0;
  const padding = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
  const room = window.innerHeight - list.getBoundingClientRect().top - under - padding - 8;
  const first = items[0].getBoundingClientRect();
  const across = items.filter((item) => item.getBoundingClientRect().top === first.top).length;
  const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
  const tall = Math.max(...items.map((item) => item.getBoundingClientRect().height)) + gap;
  return across * Math.max(1, Math.floor((room + gap) / tall));
}

/** Of `items`, only this page's shown (`size` a page), its number in `label`; one page: all,
 * and no number. */
function paged(items, size, label) {
  const pages = size ? Math.ceil(items.length / size) : 1;
  label.hidden = pages < 2;
  if (pages < 2) return;
  const shown = page % pages;
  items.forEach((item, i) => { item.hidden = Math.floor(i / size) !== shown; });
  label.textContent = label.dataset.words.replace("{page}", shown + 1).replace("{pages}", pages);
}

function showPage() {
  const table = document.querySelector(".board table.standings");
  const list = document.querySelector(".seating .tables");
  const parts = [
    [table ? [...table.tBodies[0].rows] : [], document.querySelector(".board .page-number"), (rows) => rowsThatFit(table, rows)],
    [list ? [...list.children] : [], document.querySelector(".seating .page-number"), (items) => tablesThatFit(list, items)],
  ];
  for (const [items, label, fit] of parts) {
    if (!label || !items.length) continue;
    for (const item of items) item.hidden = false;
    paged(items, fit(items), label);
  }
}

function turnPage() {
  page += 1;
  showPage();
}

async function refresh() {
  try {
    const answer = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
    if (!answer.ok) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html").querySelector("main");
    const shown = document.querySelector("main");
    if (fresh && shown) shown.replaceWith(fresh);
    showPage();
  } catch {
    // Offline for a moment: the wall keeps the last standings.
  }
}

const turning = Number(document.querySelector(".board table.standings")?.dataset.pageSeconds) || 8;
showPage();
window.addEventListener("resize", showPage);
setInterval(turnPage, turning * 1000);
setInterval(refresh, seconds * 1000);
