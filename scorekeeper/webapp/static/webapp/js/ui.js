// Small DOM helpers: no framework, just elements.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, props, children) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "html") el.innerHTML = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key in el && !key.includes("-") && el.namespaceURI !== SVG_NS) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** h("button", {class: "big", onclick}, "Save") */
export function h(tag, props, ...children) {
  return fill(document.createElement(tag), props, children);
}

export function s(tag, props, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), props, children);
}

export function replace(el, ...children) {
  el.replaceChildren();
  return fill(el, {}, children);
}

/** Partners' names, "Ann & Bob", that never leave the "&" alone at a line's end: "Ann" over
 * "& Bob". */
export const partnersKept = (names) => names.replaceAll(" & ", " &\u00a0");

/** Once drawn: an "& Bob" wider than a line keeps the name whole, the "&" ending the line before. */
export function partnersFit(root) {
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    text.data = text.data.replace(/&\u00a0[^\s-]+/g, (kept, at) => {
      range.setStart(text, at);
      range.setEnd(text, at + kept.length);
      return range.getClientRects().length > 1 ? kept.replace("\u00a0", " ") : kept;
    });
  }
}

/** A heading's colon held to the letter before it: Korean breaks a phrase wider than the line
 * anywhere, before its colon too (a word joiner does not stop that). */
export const colonHeld = (text) => text.split(/(\S:)/).map((part, i) => (i % 2 ? h("span", { class: "keep" }, part) : part));

/** A side's label ("N/S", "북/남") is one word, and so is a word with its brackets
 * ("마치(5트릭)"): no line breaks at its slash or bracket (Korean breaks there otherwise). */
export const wordsKept = (text) => String(text).split(/(\S*[/(]\S*)/).map((part, i) => (i % 2 ? h("span", { class: "keep" }, part) : part));

let toastTimer = 0;
let toastSticky = false;
let toastElement = null;

/** The one message element: found once, as it may be moved into (and away with) a screen. */
function toastEl() {
  toastElement ||= document.getElementById("toast");
  return toastElement;
}

/** Hide a passing message (a sticky one, like "update available", stays). */
export function dismissToast() {
  if (toastSticky) return;
  clearTimeout(toastTimer);
  toastEl().hidden = true;
}

/** Whether a message stands inside `place` now. */
export function toastShownIn(place) {
  const el = toastEl();
  return !el.hidden && place.contains(el);
}

/** A short message (also read out by screen readers). It stands in the screen's own place for
 * messages where it has one (`data-messages`: the hand's outcome row, which is not needed
 * until the next hand's first tap), or `into` another place; else (or `into: null`) at the
 * top of the screen, over the header. `ms: 0` keeps it until it is dismissed. */
export function toast(message, { action, onAction, ms = 4000, into } = {}) {
  const el = toastEl();
  const place = into === undefined ? document.querySelector("[data-messages]") : into;
  const home = place || document.body;
  if (el.parentNode !== home) home.append(el);
  el.classList.toggle("inline", !!place);
  replace(el, h("span", { "data-action": action || null }, wordsKept(message)), action ? h("button", {
    type: "button",
    class: "link",
    onclick: () => {
      el.hidden = true;
      toastSticky = false;
      onAction();
    },
  }, action) : null);
  el.hidden = false;
  toastSticky = !ms && !place;
  clearTimeout(toastTimer);
  if (ms) toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

let pressed = null;
let pressedBy = "";
let pressedAt = 0;
let pressedXY = [0, 0];
let held = false; // (a burst's: counted 1, 2, 3, 1, …)

/** A double tap's two taps come within this many milliseconds (a phone counts taps up to
 * 300 ms apart as one double tap); a tap later than that on what has just appeared is the
 * player's own (a browser may still count it the second tap). */
const DOUBLE_TAP_MS = 350;

/** A double tap is one tap. Its second tap lands where the first one's control was; when
 * that control has gone (a new screen, a closed sheet, the next hand's fresh form), what
 * stands there now (a tab, a choice, the toast's Undo) is not pressed. Two quick taps on
 * two controls that both stay are two taps, and so are a click and then a tap (the browser
 * counts a tap's taps apart from a mouse's clicks: a click between two taps is no part of a
 * double tap; so is the toast's Undo tapped a moment after the save, a player's own). */
export function oneTapPerDoubleTap() {
  document.addEventListener("click", (event) => {
    if (event.detail < 1) return; // a label passing its click on, or a key press
    // (A closed sheet leaves the page a moment after it stops showing.)
    const gone = pressed && (!pressed.isConnected || !pressed.getClientRects().length);
    const by = event.pointerType || "";
    const soon = event.timeStamp - pressedAt < DOUBLE_TAP_MS;
    const near = Math.hypot(event.clientX - pressedXY[0], event.clientY - pressedXY[1]) < 24;
    held = (event.detail > 1 || (held && near)) && gone && by === pressedBy && soon;
    if (held) {
      event.preventDefault();
      event.stopImmediatePropagation();
      pressedAt = event.timeStamp; // (a third tap is measured from this one)
      return;
    }
    pressed = event.target;
    pressedXY = [event.clientX, event.clientY];
    pressedBy = by;
    pressedAt = event.timeStamp;
  }, true);
}

/** A group of radio buttons that look like big buttons. An `optional` choice is taken back
 * by tapping it again (`onchange(null)`). `words`: the faces are long words (a variant's
 * name), one to a row where the screen is narrow. */
export function choices({
  name, legend, options, value, onchange, columns, hint, optional = false, words = false,
}) {
  let chosen = value === null || value === undefined ? null : String(value);
  const set = h("fieldset", { class: `choices cols-${columns || options.length}${words ? " words" : ""}` },
    h("legend", {}, legend),
    hint ? h("p", { class: "hint" }, hint) : null,
    h("div", { class: "choice-grid" },
      options.map((option) => h("label", { class: `choice ${option.class || ""}` },
        h("input", {
          type: "radio",
          name,
          value: String(option.value),
          checked: chosen === String(option.value),
          "aria-label": option.label || null,
          onclick: (event) => {
            // A click on the chosen one changes nothing by itself (no change event follows).
            if (!optional || chosen !== String(option.value)) return;
            event.target.checked = false;
            chosen = null;
            onchange(null);
          },
          onchange: () => {
            chosen = String(option.value);
            onchange(option.value);
          },
        }),
        h("span", { class: "choice-face" }, option.face ?? option.label,
          option.sub ? h("small", {}, option.sub) : null)))));
  // Once drawn: a name the face breaks inside a word ("Sout/h", a font wider than reckoned
  // with) puts the names one a row where text is large (app.css, `.narrow .choices.words`),
  // and the same faces drawn again (the next hand's) start so.
  const faces = `${innerWidth} ${getComputedStyle(document.documentElement).fontSize} ${set.textContent}`;
  if (!words && wordyFaces.has(faces)) set.classList.add("words");
  else if (!words) {
    requestAnimationFrame(() => {
      if (!set.isConnected || ![...set.querySelectorAll(".choice-face")].some(breaksAWord)) return;
      set.classList.add("words");
      wordyFaces.add(faces);
    });
  }
  return set;
}

// Faces gone one a row, by the screen's width and text size.
const wordyFaces = new Set();

/** Whether a word of the element's own text runs onto a second line. */
function breaksAWord(el) {
  const range = document.createRange();
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    for (const word of node.data.matchAll(/\S+/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      if (lines.size > 1) return true;
    }
  }
  return false;
}

/** A switch that looks like a choice's face, to stand in a row of them ("Went alone" beside
 * how the hand ended): pressed, it shows as chosen. */
export function faceToggle({ label, checked, onchange }) {
  return h("label", { class: "choice toggle" },
    h("input", {
      type: "checkbox",
      role: "switch",
      checked: !!checked,
      onchange: (event) => onchange(event.target.checked),
    }),
    h("span", { class: "choice-face" }, label));
}

/** A switch: a checkbox with a label (`compact`: a button-like face, for a row of choices). */
export function toggle({ label, checked, onchange, hint, compact = false }) {
  return h("label", { class: compact ? "switch compact" : "switch" },
    h("span", { class: "switch-text" }, label, hint ? h("small", {}, hint) : null),
    h("input", {
      type: "checkbox",
      role: "switch",
      checked: !!checked,
      onchange: (event) => onchange(event.target.checked),
    }));
}

/** A sheet's last row: its action, then a quiet button (`cancel`) that closes the sheet. */
export function sheetRow(action, cancel) {
  const close = (event) => event.currentTarget.closest("dialog").close();
  return h("div", { class: "row" }, action, h("button", { type: "button", class: "quiet", onclick: close }, cancel));
}

/** Show a sheet (a `<dialog>`) over the screen; once closed it leaves the page. */
export function showSheet(dialog) {
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

export function randomId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const drafts = new Map();

/** What the player has entered on a screen so far, kept while the app is open: switching
 * the language (or a tab) redraws the screen, and must not lose a half-built hand. */
export function draft(key, make) {
  if (!drafts.has(key)) drafts.set(key, make());
  return drafts.get(key);
}

export function dropDraft(key) {
  drafts.delete(key);
}
