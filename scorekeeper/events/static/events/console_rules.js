// The rules' options on the console's event form, until the first round is seated: the ones a
// new game on the table app offers (webapp/js/rules.js), in its words, as plain
// controls. A changed option is sent with the event's whole ruleset (its points and all), so
// nothing else of it changes; a new preset is sent alone and starts from its own options.
import { t, useLanguage } from "../webapp/js/i18n.js";
import { MAIN_OPTIONS, MORE_OPTIONS, optionWords } from "../webapp/js/rules.js";
import { el } from "./console_kit.js";

useLanguage(document.documentElement.lang);

const PREFIX = "rules.";
let current = null;

function control(option, ruleset) {
  const name = PREFIX + option.key;
  const value = ruleset[option.key];
  const words = optionWords(option);
  if (option.range) {
    const [low, high] = option.range(ruleset);
    const input = el("input", { type: "number", name, id: `event-${name}`, min: String(low), max: String(high), "data-kind": "int", required: true });
    input.value = input.defaultValue = String(value);
    return el("div", { class: "field" }, el("label", { for: `event-${name}`, text: t(`opt.${words}`) }), input);
  }
  if (option.values) {
    // A choice of numbers (the cards passed for a moon) is sent as a number.
    const numbers = option.values.every((choice) => typeof choice === "number");
    const select = el("select", { name, id: `event-${name}`, ...(numbers ? { "data-kind": "int" } : {}) });
    for (const choice of option.values) {
      const item = el("option", { value: choice, text: t(`opt.${words}.${choice}`) });
      item.selected = item.defaultSelected = choice === value;
      select.append(item);
    }
    return el("div", { class: "field" }, el("label", { for: `event-${name}`, text: t(`opt.${words}`) }), select);
  }
  const box = el("input", { type: "checkbox", name, "data-kind": "bool" });
  box.checked = box.defaultChecked = Boolean(value);
  return el("label", { class: "inline", title: t(`opt.${words}.hint`) }, box, ` ${t(`opt.${words}`)}`);
}

/** The event's ruleset drawn as controls in the form's fieldset: the one given (as the API
 * gives it), else the one the form was rendered with (its JSON inside the fieldset). */
export function drawRuleOptions(form, ruleset = null) {
  const fieldset = form.querySelector(".rule-options");
  const rendered = fieldset && fieldset.querySelector("script[type='application/json']");
  if (ruleset && rendered) rendered.textContent = JSON.stringify(ruleset);
  current = ruleset || (rendered ? JSON.parse(rendered.textContent) : current);
  if (!fieldset || !current) return;
  ruleset = current;
  const target = el("input", {
    name: `${PREFIX}target`, type: "number", min: "1", max: "100", "data-kind": "int", required: true,
  });
  target.value = target.defaultValue = String(ruleset.target);
  const shown = [...MAIN_OPTIONS, ...MORE_OPTIONS].filter((option) => !option.when || option.when(ruleset));
  fieldset.replaceChildren(
    fieldset.querySelector("legend"),
    ...(rendered ? [rendered] : []),
    el("label", {}, `${t("opt.target")} `, target),
    ...shown.map((option) => control(option, ruleset)),
  );
}

/** The ruleset to send when an option was changed and the preset was not: the event's own,
 * with the form's options over it; else null (nothing, or the new preset's name alone). */
export function rulesetChanged(form, isChanged, valueOf) {
  const inputs = [...form.elements].filter((input) => input.name && input.name.startsWith(PREFIX));
  const preset = form.elements.ruleset;
  if (!current || (preset && isChanged(preset)) || !inputs.some(isChanged)) return null;
  const options = Object.fromEntries(inputs.map((input) => [input.name.slice(PREFIX.length), valueOf(input)]));
  // The table's shape follows from the options (a new deck deals more): it is not sent.
  const { hand_size: _cards, teams: _teams, seats: _seats, ...rules } = current;
  return { ...rules, ...options };
}

/** Whether a form control is one of the rules' options (sent with the ruleset, not alone). */
export function isRuleOption(input) {
  return Boolean(input.name && input.name.startsWith(PREFIX));
}
