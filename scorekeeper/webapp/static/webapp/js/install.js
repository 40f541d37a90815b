// Putting the app on the home screen. Chromium offers to install it (`beforeinstallprompt`):
// the offer is kept until the player taps "Install the app" on the first screen. Safari on an
// iPhone or iPad makes no offer: the first screen says how (Share, then Add to Home Screen).
// Neither shows once the app runs installed.

import { t } from "./i18n.js";
import { h } from "./ui.js";

let offer = null;
const listeners = new Set();

function offered(event) {
  offer = event;
  for (const listener of [...listeners]) listener();
}

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  offered(event);
});
window.addEventListener("appinstalled", () => offered(null));

function installed() {
  return window.matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
}

function onApple() {
  // iPadOS says it is a Mac; a Mac with a touch screen is an iPad.
  return /iPhone|iPad|iPod/.test(navigator.userAgent)
    || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
}

/** What the first screen offers: an install button, how to add the app on iOS, or nothing. */
function hintNow() {
  if (installed()) return null;
  if (offer) {
    return h("button", {
      type: "button",
      class: "big",
      onclick: async () => {
        // The browser's offer is good for one prompt.
        const asked = offer;
        offered(null);
        await asked.prompt();
      },
    }, t("install.button"));
  }
  return onApple() ? h("p", { class: "hint install-hint" }, t("install.ios")) : null;
}

/** A place on the first screen for the install hint, kept up to date while it is shown. */
export function installHint() {
  const place = h("div", { class: "install" });
  const draw = () => place.replaceChildren(...[hintNow()].filter(Boolean));
  // (Once the first screen is gone, its place stops listening.)
  const redraw = () => (place.isConnected ? draw() : listeners.delete(redraw));
  listeners.add(redraw);
  draw();
  return place;
}
