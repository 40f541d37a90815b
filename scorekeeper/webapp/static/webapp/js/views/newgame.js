// A new game: the rules in words players use, who sits where, who deals first.

import { Problem } from "../api.js";
import { presetRules } from "../db.js";
import { t } from "../i18n.js";
import { go } from "../nav.js";
import { MAIN_OPTIONS, MORE_OPTIONS, POINTS, PRESETS, optionWords, partnerships, seatLetters, teamOf, teamSeats } from "../rules.js";
import { gameStart, NeedsConnection } from "../start.js";
import { choices, draft, dropDraft, h, replace, toast, toggle, wordsKept } from "../ui.js";

export async function showNewGame(main) {
  document.title = `${t("new.title")} · ${t("app.title")}`;
  replace(main, h("p", { class: "panel hint" }, t("loading")));
  const list = (await presetRules()).filter((item) => PRESETS.includes(item.name));
  if (!list.length) {
    replace(main, h("section", { class: "panel" }, h("h1", {}, t("new.title")),
      h("p", {}, t("new.offline"))));
    return;
  }
  const base = Object.fromEntries(list.map((item) => [item.name, item.ruleset]));
  // Kept while the app is open: switching the language redraws the form, not a blank one.
  const state = draft("new", () => ({
    preset: "standard", options: {}, points: {}, names: ["", "", "", "", "", ""], dealer: 0, error: "", moreOpen: false,
  }));
  if (!base[state.preset]) state.preset = "standard";

  const rules = () => {
    const preset = base[state.preset];
    return { ...preset, ...state.options, points: { ...preset.points, ...state.points } };
  };

  function setOption(key, value) {
    if (value === base[state.preset][key]) delete state.options[key];
    else state.options[key] = value;
    // An option the form no longer shows (calling for a partner's best card once going alone
    // is off) is the preset's again: nothing hidden is sent.
    // (An option shown under another form for an auction, the stuck dealer's, stays.)
    const options = [...MAIN_OPTIONS, ...MORE_OPTIONS];
    const shown = new Set(options.filter((o) => !o.when || o.when(rules())).map((o) => o.key));
    for (const option of options) {
      if (!shown.has(option.key)) delete state.options[option.key];
    }
    render(key);
  }

  function setPoints(key, value) {
    if (value === base[state.preset].points[key]) delete state.points[key];
    else state.points[key] = value;
  }

  function optionControl(option, ruleset) {
    const words = optionWords(option);
    const label = t(`opt.${words}`);
    const hint = t(`opt.${words}.hint`);
    if (option.range) {
      const [low, high] = option.range(ruleset);
      const input = h("input", {
        type: "number", name: option.key, min: low, max: high, inputMode: "numeric", value: ruleset[option.key],
        onchange: () => setOption(option.key, Math.max(low, Math.min(high, Math.round(Number(input.value)) || low))),
      });
      input.dataset.key = option.key;
      const control = h("label", { class: "field inline" },
        h("span", {}, label, h("small", { class: "hint" }, hint)), input);
      control.dataset.option = option.key;
      return control;
    }
    if (option.values) {
      const group = choices({
        name: option.key,
        legend: label,
        hint,
        columns: 1,
        value: ruleset[option.key],
        options: option.values.map((value) => ({
          value, label: t(`opt.${words}.${value}`), class: "wide",
        })),
        onchange: (value) => setOption(option.key, value),
      });
      group.dataset.option = option.key;
      return group;
    }
    const control = toggle({
      label,
      hint,
      checked: ruleset[option.key],
      onchange: (value) => setOption(option.key, value),
    });
    control.querySelector("input").dataset.key = option.key;
    control.dataset.option = option.key;
    return control;
  }

  function pointsControl(option, ruleset) {
    const value = ruleset.points[option.key];
    if (typeof value === "boolean") {
      return toggle({
        label: wordsKept(t(`pts.${option.key}`)),
        checked: value,
        onchange: (checked) => setPoints(option.key, checked),
      });
    }
    return h("label", { class: "field inline" },
      h("span", {}, wordsKept(t(`pts.${option.key}`))),
      h("input", {
        type: "number", min: 0, max: 20, inputMode: "numeric", value,
        onchange: (event) => setPoints(option.key, Number(event.target.value)),
      }));
  }

  function targetControl(ruleset) {
    const input = h("input", {
      type: "number", min: 1, max: 100, inputMode: "numeric", value: ruleset.target,
      "aria-label": t("opt.target"),
      onchange: () => setOption("target", Math.max(1, Math.min(100, Number(input.value) || 10))),
    });
    const step = (delta) => () => setOption("target", Math.max(1, Math.min(100, rules().target + delta)));
    return h("div", { class: "field stepper" },
      h("span", { class: "field-label", id: "target-label" }, t("opt.target")),
      h("small", { class: "hint" }, t(ruleset.target_needs_contract ? "opt.target.hint.contract" : "opt.target.hint")),
      h("div", { class: "stepper-row" },
        h("button", { type: "button", class: "round", onclick: step(-1), "aria-label": t("opt.target.less") }, "−"),
        input,
        h("button", { type: "button", class: "round", onclick: step(1), "aria-label": t("opt.target.more") }, "+")));
  }

  function partnershipHint(ruleset) {
    if (!partnerships(ruleset)) return t("new.own_team");
    return teamSeats(ruleset, 0).length === 3 ? t("new.partners6") : t("new.partners");
  }

  function playersSection(ruleset) {
    const letters = seatLetters(ruleset);
    // Partners' seats share their team's colour (at six, alternate seats).
    const team = (seat) => (partnerships(ruleset) ? ` t${teamOf(ruleset, seat)}` : "");
    const inputs = letters.map((letter, seat) => h("label", { class: `field seat${team(seat)}` },
      h("span", { class: "seat-letter", "aria-hidden": "true" }, t(`seat.${letter}`)),
      h("span", { class: "visually-hidden" }, t(`seat.full.${letter}`)),
      h("input", {
        type: "text",
        value: state.names[seat] ?? "",
        placeholder: t(`seat.full.${letter}`),
        autocomplete: "off",
        maxLength: 60,
        oninput: (event) => { state.names[seat] = event.target.value; },
      })));
    return h("fieldset", { class: "panel" },
      h("legend", {}, t("new.players")),
      h("p", { class: "hint" }, partnershipHint(ruleset)),
      h("div", { class: `seats seats-${ruleset.players}` }, inputs),
      choices({
        name: "dealer",
        legend: t("new.dealer"),
        // At most four letters a row, the rows even: six seats go three and three (six in a
        // row left each under 44 px).
        columns: Math.ceil(letters.length / Math.ceil(letters.length / 4)),
        value: state.dealer,
        options: letters.map((letter, seat) => ({ value: seat, face: t(`seat.${letter}`), label: t(`seat.full.${letter}`) })),
        onchange: (seat) => { state.dealer = seat; },
      }));
  }

  async function start(event) {
    event.preventDefault();
    const ruleset = rules();
    const letters = seatLetters(ruleset);
    const players = letters.map((letter, seat) => (state.names[seat] ?? "").trim() || t(`seat.full.${letter}`));
    const twice = players.find((name, seat) => players.findIndex(
      (other) => other.toLowerCase() === name.toLowerCase()) !== seat);
    if (twice) {
      state.error = t("new.same_player", { name: twice });
      render();
      return;
    }
    const changed = Object.keys(state.options).length || Object.keys(state.points).length;
    const button = event.submitter;
    if (button) button.disabled = true;
    try {
      const { id, offline } = await gameStart({
        rules: ruleset,
        ruleset: changed
          ? { preset: state.preset, ...state.options, ...(Object.keys(state.points).length ? { points: state.points } : {}) }
          : state.preset,
        players,
        dealer: Math.min(state.dealer, ruleset.players - 1),
      });
      dropDraft("new");
      await go(`/g/${id}/`, { replace: true });
      toast(t(offline ? "new.started_offline" : "new.started"));
    } catch (error) {
      if (!(error instanceof Problem) && !(error instanceof NeedsConnection)) throw error;
      state.error = error instanceof NeedsConnection
        ? t("new.new_rules")
        : `${error.field ? `${error.field}: ` : ""}${error.message}`;
      render();
    } finally {
      if (button) button.disabled = false;
    }
  }

  function render(focusKey) {
    const ruleset = rules();
    const shown = (option) => !option.when || option.when(ruleset);
    replace(main, h("form", { class: "new-game", onsubmit: start },
      h("h1", {}, t("new.title")),
      h("section", { class: "panel" },
        choices({
          name: "preset",
          legend: t("new.variant"),
          columns: 1,
          value: state.preset,
          options: list.map((item) => ({
            value: item.name,
            label: t(`preset.${item.name}`),
            face: t(`preset.${item.name}`),
            sub: t(`preset.${item.name}.sub`),
            class: "wide",
          })),
          onchange: (name) => {
            state.preset = name;
            state.options = {};
            state.points = {};
            state.dealer = Math.min(state.dealer, base[name].players - 1);
            render();
          },
        })),
      playersSection(ruleset),
      h("section", { class: "panel" },
        h("h2", {}, t("new.rules")),
        h("a", { class: "more-link", href: "/rules/#options" }, t("new.rules_link")),
        targetControl(ruleset),
        MAIN_OPTIONS.filter(shown).map((option) => optionControl(option, ruleset)),
        h("details", {
          class: "more",
          open: state.moreOpen,
          ontoggle: (event) => { state.moreOpen = event.target.open; },
        },
          h("summary", {}, t("new.more")),
          MORE_OPTIONS.filter(shown).map((option) => optionControl(option, ruleset)),
          h("h3", {}, t("new.points")),
          POINTS.filter(shown).map((option) => pointsControl(option, ruleset)))),
      state.error ? h("p", { class: "error", role: "alert" }, state.error) : null,
      h("div", { class: "sticky-actions" },
        h("button", { type: "submit", class: "primary big" }, t("new.start")))));
    if (focusKey) main.querySelector(`[data-key="${focusKey}"], input[name="${focusKey}"]:checked`)?.focus();
  }

  render();
}
