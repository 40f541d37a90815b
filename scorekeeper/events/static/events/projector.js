// The projector fetches its own page again every few seconds (<body data-refresh>) and puts
// the new <main> in place of the old: no flash, no inline script. A failed fetch keeps what
// is shown and tries again next time.
const seconds = Number(document.body.dataset.refresh) || 15;

async function refresh() {
  try {
    const answer = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
    if (!answer.ok) return;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = page.querySelector("main");
    const shown = document.querySelector("main");
    if (fresh && shown) shown.replaceWith(fresh);
  } catch {
    // Offline for a moment: the wall keeps the last standings.
  }
}

setInterval(refresh, seconds * 1000);
