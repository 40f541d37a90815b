// A printable page's Print button (no inline handler: the site's CSP allows none).
for (const button of document.querySelectorAll("button.print")) {
  button.addEventListener("click", () => window.print());
}
