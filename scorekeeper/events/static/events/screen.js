// What the events screens' scripts share: DOM look-ups, the director's session calling the
// events API through the web app's wrapper, and the screen's message line.
import { call } from "../webapp/js/api.js";
import { scoreText } from "../webapp/js/rules.js";

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(name + "="));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

// The web app's API wrapper: a director's session sends the CSRF token on writes. A path is
// the API's own (`/events/1/`); a link the API gave (`/api/v1/events/1/`) works as well. A
// table's phone scores in the table app (/table/), never here. A director's write names the
// version it was made on (`If-Match`): a change made since is a 412.
export async function api(method, url, body, version) {
  const headers = {};
  if (method !== "GET") headers["X-CSRFToken"] = cookie("csrftoken");
  const answer = await call(method, url.replace(/^\/api\/v1/, ""), { body, headers, version });
  if (method !== "GET") written += 1;
  return answer.data;
}

let written = 0;

/** How many writes of this screen have been answered: a read begun before the last of them
 * may hold what stood before it. */
export function writesAnswered() {
  return written;
}

export function say(text, bad = false) {
  const box = $(".message");
  box.textContent = text;
  box.classList.toggle("bad", bad);
  box.hidden = !text;
}

// Run an action from a button or form; a problem is shown, not thrown: on the screen's message
// line, or, for a `form`, in it, where the director is looking (a long form on a phone puts the
// page's top screens away), by the field it names.
export async function attempt(action, form = null) {
  try {
    say("");
    if (form) formProblem(form, null);
    await action();
  } catch (error) {
    if (form) formProblem(form, error);
    else say(error.message, true);
  }
}

function formProblem(form, error) {
  form.querySelector(".form-problem")?.remove();
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  if (!error) return;
  const problem = document.createElement("p");
  problem.className = "form-problem bad";
  problem.setAttribute("role", "alert");
  problem.textContent = error.message;
  const field = error.field ? form.elements.namedItem(error.field) : null;
  if (field instanceof HTMLElement && !field.closest("[hidden]")) {
    field.setAttribute("aria-invalid", "true");
    (field.closest(".field, label") || field).after(problem);
    field.focus();
  } else {
    const button = form.querySelector("button[type=submit], button:not([type])");
    form.insertBefore(problem, button && button.parentElement === form ? button : null);
    problem.scrollIntoView({ block: "center" });
  }
}

/** The sides' scores, a minus sign below zero as the table app writes it, and the dashes
 * set apart then ("40 – −5", as the pages write it), the console's and the night page's. */
export function scoreLine(points) {
  return points.map(scoreText).join(points.some((p) => p < 0) ? "\u202f–\u202f" : "–");
}
