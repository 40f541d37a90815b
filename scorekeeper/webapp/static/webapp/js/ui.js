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

let toastTimer = 0;
let toastSticky = false;

/** Hide a passing message (a sticky one, like "update available", stays). */
export function dismissToast() {
  if (toastSticky) return;
  clearTimeout(toastTimer);
  document.getElementById("toast").hidden = true;
}

/** A short message at the top of the screen, clear of the hand entry and its preview (also
 * read out by screen readers). */
export function toast(message, { action, onAction, ms = 4000 } = {}) {
  const el = document.getElementById("toast");
  replace(el, h("span", {}, message), action ? h("button", {
    type: "button",
    class: "link",
    onclick: () => {
      el.hidden = true;
      toastSticky = false;
      onAction();
    },
  }, action) : null);
  el.hidden = false;
  toastSticky = !ms;
  clearTimeout(toastTimer);
  if (ms) toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

/** A group of radio buttons that look like big buttons. */
export function choices({ name, legend, options, value, onchange, columns, hint }) {
  return h("fieldset", { class: `choices cols-${columns || options.length}` },
    h("legend", {}, legend),
    hint ? h("p", { class: "hint" }, hint) : null,
    h("div", { class: "choice-grid" },
      options.map((option) => h("label", { class: `choice ${option.class || ""}` },
        h("input", {
          type: "radio",
          name,
          value: String(option.value),
          checked: String(value) === String(option.value),
          "aria-label": option.label || null,
          onchange: () => onchange(option.value),
        }),
        h("span", { class: "choice-face" }, option.face ?? option.label,
          option.sub ? h("small", {}, option.sub) : null)))));
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
