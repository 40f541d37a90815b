// Joining a club night's table: with the code on its card, typed, scanned with the camera,
// or opened from the card's /t/<code>; as the phone that keeps the score or the one that
// confirms for the opponents.

import { api, Problem, Unreachable } from "../api.js";
import { onlineOnlyNote } from "../connection.js";
import { remember, saveDevice } from "../db.js";
import { t } from "../i18n.js";
import { go } from "../nav.js";
import { h, replace } from "../ui.js";

/** Where this phone sits, as the server last said (kept for offline). */
export const HERE = "table-here";

function codeIn(text) {
  const found = String(text).match(/\/t\/([A-Za-z0-9]{1,12})/);
  return (found ? found[1] : String(text)).toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** The camera, where the browser reads QR codes (BarcodeDetector, a secure context). */
function canScan() {
  return window.isSecureContext && "BarcodeDetector" in window && !!navigator.mediaDevices?.getUserMedia;
}

async function scan(video, found) {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  video.srcObject = stream;
  video.hidden = false;
  await video.play();
  const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
  let stop = false;
  const end = () => {
    stop = true;
    stream.getTracks().forEach((track) => track.stop());
    video.hidden = true;
  };
  (async function look() {
    while (!stop) {
      const codes = await detector.detect(video).catch(() => []);
      if (codes.length) {
        end();
        found(codeIn(codes[0].rawValue));
        return;
      }
      await new Promise((resolve) => { setTimeout(resolve, 250); });
    }
  }());
  return end;
}

export function showJoin(main, { code = "", message = "" } = {}) {
  document.title = `${t("join.title")} · ${t("app.title")}`;
  document.getElementById("tabs").hidden = true;
  let stopCamera = () => {};
  const input = h("input", {
    name: "code", value: code, autocomplete: "off", autocapitalize: "characters", maxLength: 12, required: true,
    spellcheck: false, class: "code-input",
    // Another code typed: the refusal was for the last one.
    oninput: () => {
      if (!confirmer.hidden) return;
      confirmer.hidden = scorer.hidden = legend.hidden = false;
      replace(note);
    },
  });
  const note = h("div", { "aria-live": "assertive" }, message ? h("p", { class: "panel warn-text", role: "alert" }, message) : null);
  const video = h("video", { class: "scanner", hidden: true, playsInline: true, muted: true });
  const scorer = h("button", { type: "submit", class: "primary big", value: "scorer" }, t("join.scorer"));
  const confirmer = h("button", { type: "submit", class: "big", value: "confirmer" }, t("join.confirmer"));
  const legend = h("p", { class: "legend" }, t("join.as"));

  // The phone keeps the table's score, or confirms for the opponents: a button each, neither
  // chosen for the player. A table whose score is kept already offers the second. One join at
  // a time (a double tap).
  let joining = false;
  async function join(event, role = event?.submitter?.value || "scorer") {
    event?.preventDefault();
    const wanted = codeIn(input.value);
    if (!wanted) {
      input.focus();
      return;
    }
    if (joining) return;
    joining = true;
    stopCamera();
    try {
      const joined = await api.joinTable(wanted, role);
      await saveDevice({ token: joined.token, role: joined.role, eventTable: joined.event_table });
      await remember(HERE, { id: null, role: joined.role, event_table: joined.event_table, table: joined.table });
      go("/table/", { replace: true });
    } catch (error) {
      const taken = error instanceof Problem && error.code === "table-taken";
      // Too many wrong codes from this network (one guesser on the club's Wi-Fi counts for
      // every phone on it): the director's console lets them join again.
      const limited = error instanceof Unreachable && error.status === 429;
      const wait = limited && error.retryAfter ? Math.max(1, Math.ceil(error.retryAfter / 60)) : null;
      const text = taken ? t("join.taken")
        : limited ? `${t("join.limited")}${wait ? ` ${t("join.limited_wait", { minutes: wait })}` : ""}`
          : error instanceof Problem ? error.message : t("join.later");
      // Refused as the scorer, the way to join for the opponents is beside the refusal: one
      // button for it, and neither it nor keeping the score (refused) again in the form below.
      // (A table kept already is no error: said as news, its way in beside it.)
      confirmer.hidden = scorer.hidden = legend.hidden = taken;
      replace(note, h("div", { class: taken ? "panel warn-text" : "panel error", role: "alert" }, h("p", {}, text),
        taken ? h("button", { type: "button", class: "primary", onclick: () => join(null, "confirmer") }, t("join.confirmer")) : null));
    } finally {
      joining = false;
    }
  }

  replace(main,
    h("section", { class: "hero" },
      h("h1", {}, t("join.title")),
      h("p", { class: "lead" }, t("join.lead"))),
    onlineOnlyNote(),
    note,
    h("form", { class: "panel join-form", onsubmit: join },
      h("label", { class: "field" }, h("span", {}, t("join.code")), input),
      legend,
      scorer,
      confirmer),
    canScan()
      ? h("section", { class: "panel" },
        h("button", {
          type: "button",
          class: "big",
          onclick: async () => {
            try {
              // The code read, the player still chooses: keep the score, or confirm for the
              // opponents (as a typed code or the card's link asks).
              stopCamera = await scan(video, (found) => {
                input.value = found;
                scorer.scrollIntoView({ block: "center" });
                scorer.focus();
              });
            } catch {
              replace(note, h("p", { class: "panel error", role: "alert" }, t("join.camera_failed")));
            }
          },
        }, t("join.scan")),
        video)
      : h("p", { class: "hint" }, t("join.no_camera")),
    h("p", {}, h("a", { class: "more-link", href: "/events/" }, t("home.events"))));
  if (!code) input.focus();
  return () => stopCamera();
}
