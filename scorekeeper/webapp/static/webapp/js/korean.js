// Korean particles, chosen by how the word before them is read aloud: the app's copy of the
// server's rules (referee/korean.py, their one home). A shared table of cases
// (tests/korean_particles.json) holds both to the same answers.
//
// A particle has two forms: 을/를, 이/가, 은/는, 과/와 take the first after a final consonant
// and the second after a vowel; (으)로 takes 으로 after a final consonant other than ㄹ, and 로
// after ㄹ or a vowel. Messages write both forms the usual way, "카드을(를)", and this picks one.
// How a word is read: a Hangul syllable by its final consonant, exactly; a digit (of any
// script: "７", "٣") as Korean reads the number's last digit (0 영/십, 3 삼, 6 육 a
// consonant; 1 일, 7 칠, 8 팔 ㄹ; 2, 4, 5, 9 a vowel); a single Latin letter, or capitals up to three letters long, by the last letter's
// Korean name (L 엘 ㄹ, M 엠 and N 엔 a consonant, the others a vowel); any other Latin word
// roughly as Korean writes English names (a final l ㄹ; m, n, ng a consonant; b, ck, k, p, t a
// consonant straight after one vowel letter, "Bob" 밥, "Matt" 맷, else a vowel, "Mark" 마크). A
// closing parenthesis and what it holds are skipped ("베니(조커)" is read as "베니"), and so is
// trailing punctuation. A word with nothing to read takes the form after a vowel.

const PAIRS = {
  "을(를)": ["을", "를"], "를(을)": ["을", "를"],
  "이(가)": ["이", "가"], "가(이)": ["이", "가"],
  "은(는)": ["은", "는"], "는(은)": ["은", "는"],
  "과(와)": ["과", "와"], "와(과)": ["과", "와"],
  "(으)로": ["으로", "로"],
};
const PARTICLE = /(\S?)(을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로)/g;
const DIGITS = {
  0: "consonant", 3: "consonant", 6: "consonant",
  1: "rieul", 7: "rieul", 8: "rieul",
  2: "vowel", 4: "vowel", 5: "vowel", 9: "vowel",
};
const DECIMAL = /^\p{Nd}$/u;
const LETTER_NAMES = { l: "rieul", m: "consonant", n: "consonant" };
const TRAILING = /(?:\s*\([^()]*\)|[\s.,!?;:'"’”»)\]])+$/;
const STOP_AFTER_ONE_VOWEL = /(?:^|[^aeiouy])[aeiouy](?:bb?|ck|k|pp?|tt?)$/;
// A silent final e after m or n, itself after a vowel or doubled ("Jane", "Anne").
const SILENT_E = /(?:[aeiouy]|[mn])[mn]e$/;

/** The value of the digit the text ends with, in any script ("7", "７", "٧", "𝟕"), or null:
 * Unicode's decimal digits come in runs of ten, 0 to 9, so its value is how many digits stand
 * before it in its run, counted to ten (runs that follow one another included). */
function digitValue(text) {
  const last = Array.from(text).at(-1);
  if (!DECIMAL.test(last)) return null;
  const code = last.codePointAt(0);
  let before = 0;
  while (DECIMAL.test(String.fromCodePoint(code - before - 1))) before += 1;
  return before % 10;
}

/** How the word ends when read aloud in Korean: "vowel", "consonant" or "rieul" (a final
 * ㄹ: a consonant, except before (으)로). */
export function ending(word) {
  const text = String(word).replace(TRAILING, "");
  if (!text) return "vowel";
  const last = text.at(-1);
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? "vowel" : final === 8 ? "rieul" : "consonant";
  }
  const digit = digitValue(text);
  if (digit !== null) return DIGITS[digit];
  const latin = text.match(/[A-Za-z]+$/)?.[0];
  if (!latin) return "vowel";
  if (latin.length === 1 || (latin.length <= 3 && latin === latin.toUpperCase())) {
    return LETTER_NAMES[latin.at(-1).toLowerCase()] || "vowel";
  }
  const lower = latin.toLowerCase();
  if (/le?$/.test(lower)) return "rieul";
  if (/(?:m|n|ng)$/.test(lower) || SILENT_E.test(lower) || STOP_AFTER_ONE_VOWEL.test(lower)) return "consonant";
  return "vowel";
}

/** The form of the particle that follows `word`: particleForm("에이스", "을(를)") is "를". */
export function particleForm(word, pair) {
  const [afterConsonant, afterVowel] = PAIRS[pair];
  const end = ending(word);
  return end === "vowel" || (end === "rieul" && pair === "(으)로") ? afterVowel : afterConsonant;
}

/** The word with the right form of a particle: particle("에이스", "을(를)") is "에이스를". */
export function particle(word, pair) {
  return word + particleForm(word, pair);
}

/** Korean text with every "X을(를)" resolved by how X ends. */
export function withParticles(text) {
  return text.replace(PARTICLE, (match, before, pair, offset, whole) => {
    if (!before) return match;
    return before + particleForm(whole.slice(0, offset + before.length), pair);
  });
}
