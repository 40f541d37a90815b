// In-app navigation: links marked data-nav change the screen without a page load.

let onChange = () => {};

export function onNavigate(handler) {
  onChange = handler;
}

/** Show the screen at `path`; the promise is kept once it is drawn. */
export function go(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  return onChange();
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-nav]");
  if (!link || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go(link.getAttribute("href"));
});

window.addEventListener("popstate", () => onChange());

/** The tab bar at the bottom: `tabs` are {tab, href, icon, text}; `current` is marked. */
export function showTabs(label, tabs, current, h) {
  const nav = document.getElementById("tabs");
  nav.setAttribute("aria-label", label);
  nav.replaceChildren(...tabs.map(({ tab, href, icon, text }) => h("a", {
    href,
    "data-nav": true,
    class: `tab tab-${tab}`,
    "aria-current": tab === current ? "page" : null,
  }, h("span", { class: "tab-icon", "aria-hidden": "true" }, icon), h("span", { class: "tab-text" }, text))));
  nav.hidden = false;
}
