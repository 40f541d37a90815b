// English and Korean. The browser's choice first; the player can switch (kept on this phone).
// The referee's own explanations come from the server in the same language. Korean particles
// are chosen by korean.js.

import { withParticles } from "./korean.js";
import { EN } from "./words/en.js";
import { KO } from "./words/ko.js";

const DICTIONARIES = { en: EN, ko: KO };
let current = "en";

/** The player's saved choice, else the browser's first English or Korean preference. */
export function pickLanguage() {
  const saved = localStorage.getItem("lang");
  if (saved && DICTIONARIES[saved]) {
    current = saved;
    return current;
  }
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    if (DICTIONARIES[base]) {
      current = base;
      return current;
    }
  }
  current = "en";
  return current;
}

export function setLang(code) {
  current = DICTIONARIES[code] ? code : "en";
  localStorage.setItem("lang", current);
  // The club's pages (standings, events, the director's console) follow the same choice.
  document.cookie = `django_language=${current}; path=/; max-age=31536000; samesite=lax`;
}

/** A club's page borrowing these words: its language, not kept as the player's choice. */
export function useLanguage(code) {
  current = DICTIONARIES[code] ? code : "en";
}

export function lang() {
  return current;
}

export function locale() {
  return current === "ko" ? "ko-KR" : "en";
}

/** A message with its {placeholders} filled; `count` picks a ".one" form where there is one. */
export function t(key, vars = {}) {
  const dict = DICTIONARIES[current];
  const count = vars.count ?? vars.hands ?? vars.tricks ?? vars.score;
  let text = (count === 1 && dict[`${key}.one`]) || dict[key] || EN[key];
  if (text === undefined) return key;
  for (const [name, value] of Object.entries(vars)) text = text.replaceAll(`{${name}}`, String(value));
  return current === "ko" ? withParticles(text) : text;
}

/** Whether there is a message for this key (in English at least). */
export function has(key) {
  return key in EN;
}

export { ending, particle, withParticles } from "./korean.js";
