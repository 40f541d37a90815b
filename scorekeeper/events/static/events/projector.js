// The projector fetches its own page again every few seconds (<body data-refresh>) and puts
// the new <main> in place of the old: no flash, no inline script. A failed fetch keeps what
// is shown and tries again next time. Standings longer than the screen page by themselves:
// as many rows as fit below the table's head, each page for a few seconds
// (<table data-page-seconds>), its number shown; a refresh keeps the page shown.
const seconds = Number(document.body.dataset.refresh) || 15;
let page = 0;

function rowsThatFit(table, rows) {
  const top = rows[0].getBoundingClientRect().top;
  const height = rows[0].getBoundingClientRect().height || 1;
  const below = table.parentElement.querySelector(".note");
  const room = window.innerHeight - top - (below ? below.getBoundingClientRect().height : 0) - 8;
  return Math.max(5, Math.floor(room / height));
}

function showPage() {
  const table = document.querySelector(".board table.standings");
  const label = document.querySelector(".board .page-number");
  if (!table || !label) return;
  const rows = [...table.tBodies[0].rows];
  for (const row of rows) row.hidden = false;
  if (!rows.length) return;
  const size = rowsThatFit(table, rows);
  const pages = Math.ceil(rows.length / size);
  label.hidden = pages < 2;
  if (pages < 2) return;
  page %= pages;
  rows.forEach((row, i) => { row.hidden = Math.floor(i / size) !== page; });
  label.textContent = label.dataset.words.replace("{page}", page + 1).replace("{pages}", pages);
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
