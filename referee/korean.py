"""Korean particles, chosen by how the word before them is read aloud.

A Korean particle has two forms: 을/를, 이/가, 은/는, 과/와 take the first after a final
consonant (batchim) and the second after a vowel; (으)로 takes 으로 after a final consonant
other than ㄹ, and 로 after ㄹ or a vowel. Messages write both forms the usual way
("{card}을(를)") and ``particle`` picks the one the substituted word takes.

How a word is read:

- a Hangul syllable by its final consonant, exactly ("잭" has one, "에이스" none, "하늘" ㄹ);
- a digit as Korean reads the number's last digit: 0 (영, 십, 백, 천), 3 (삼) and 6 (육)
  end in a consonant, 1 (일), 7 (칠) and 8 (팔) in ㄹ, 2 (이), 4 (사), 5 (오), 9 (구) in a vowel;
  a digit of another script reads as its number (a full-width "１" as 일);
- a single Latin letter, or capitals up to three letters long (an initialism: "AJ"), by the
  last letter's Korean name: L (엘) ends in ㄹ, M (엠) and N (엔) in a consonant, the others
  (에이, 비, ..., 아르, ...) in a vowel;
- any other Latin word roughly as Korean writes English names: a final l or le is ㄹ ("Paul"
  폴, "Annabelle" 애너벨), a final m, n or ng a consonant ("Kim" 킴, "Ann" 앤), and so is an m
  or n before a silent e ("Catherine" 캐서린, "Jerome" 제롬), a final b, ck, k, p or t a consonant
  straight after one vowel letter ("Bob" 밥, "Jack" 잭, "Matt" 맷) and a vowel otherwise
  ("Mark" 마크, "Kate" 케이트); every other ending is read as a vowel ("Max" 맥스, "Ed" 에드).

A closing parenthesis and what it holds are skipped ("베니(조커)" is read as "베니"), and so is
trailing punctuation. A word with nothing to read (another script, no letters) takes the form
after a vowel.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum
from typing import Final, Literal

Pair = Literal["을(를)", "이(가)", "은(는)", "와(과)", "(으)로"]

#: Each pair's form after a final consonant, then after a vowel.
FORMS: Final[dict[Pair, tuple[str, str]]] = {
    "을(를)": ("을", "를"),
    "이(가)": ("이", "가"),
    "은(는)": ("은", "는"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
}


class Ending(Enum):
    VOWEL = "vowel"
    CONSONANT = "consonant"
    RIEUL = "rieul"  # a final ㄹ: a consonant, except before (으)로


_HANGUL_FIRST: Final = 0xAC00
_HANGUL_LAST: Final = 0xD7A3
_RIEUL_FINAL: Final = 8  # ㄹ's place among the 28 finals (0 is none)
_DIGITS: Final = {
    **dict.fromkeys("036", Ending.CONSONANT),
    **dict.fromkeys("178", Ending.RIEUL),
    **dict.fromkeys("2459", Ending.VOWEL),
}
_LETTER_NAMES: Final = {"l": Ending.RIEUL, "m": Ending.CONSONANT, "n": Ending.CONSONANT}
_TRAILING: Final = re.compile(r"(?:\s*\([^()]*\)|[\s.,!?;:'\"’”»)\]])+$")
_LAST_WORD: Final = re.compile(r"[A-Za-z]+$")
_STOP_AFTER_ONE_VOWEL: Final = re.compile(r"(?:^|[^aeiouy])[aeiouy](?:bb?|ck|k|pp?|tt?)$")
#: A silent final e after m or n, itself after a vowel or doubled ("Jane" 제인, "Anne" 앤).
_SILENT_E: Final = re.compile(r"(?:[aeiouy]|[mn])[mn]e$")


def ending(word: str) -> Ending:
    """How the word ends when read aloud in Korean."""
    text = _TRAILING.sub("", word)
    if not text:
        return Ending.VOWEL
    last = text[-1]
    code = ord(last)
    if _HANGUL_FIRST <= code <= _HANGUL_LAST:
        final = (code - _HANGUL_FIRST) % 28
        if final == 0:
            return Ending.VOWEL
        return Ending.RIEUL if final == _RIEUL_FINAL else Ending.CONSONANT
    if last.isdecimal():
        return _DIGITS[str(unicodedata.decimal(last))]
    found = _LAST_WORD.search(text)
    if found is None:
        return Ending.VOWEL
    latin = found.group()
    if len(latin) == 1 or (len(latin) <= 3 and latin.isupper()):
        return _LETTER_NAMES.get(latin[-1].lower(), Ending.VOWEL)
    lower = latin.lower()
    if lower.endswith(("l", "le")):
        return Ending.RIEUL
    if (
        lower.endswith(("m", "n", "ng"))
        or _SILENT_E.search(lower)
        or _STOP_AFTER_ONE_VOWEL.search(lower)
    ):
        return Ending.CONSONANT
    return Ending.VOWEL


def particle(word: str, pair: Pair) -> str:
    """The form of the particle that follows ``word``: ``particle("에이스", "을(를)")`` is "를"."""
    after_consonant, after_vowel = FORMS[pair]
    end = ending(word)
    if end is Ending.VOWEL or (end is Ending.RIEUL and pair == "(으)로"):
        return after_vowel
    return after_consonant


# A particle written in both forms straight after a placeholder: "{card}을(를)".
_PARTICLE_AFTER: Final = re.compile(r"\{(\w+)\}(을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)")
_PAIRS: Final[dict[str, Pair]] = {pair: pair for pair in FORMS}


def fill(template: str, values: dict[str, str]) -> str:
    """The template with its placeholders filled, and each particle after one in the form
    that the word put there takes ("클럽 9를", "하트 잭을")."""

    def resolve(found: re.Match[str]) -> str:
        name = found[1]
        return f"{{{name}}}{particle(values[name], _PAIRS[found[2]])}"

    if "(" in template:
        template = _PARTICLE_AFTER.sub(resolve, template)
    return template.format(**values)


# A particle written in both forms straight after a word of text already filled: "Ann이(가)".
_PARTICLE_IN_TEXT: Final = re.compile(r"(?<=\S)(을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)")


def with_particles(text: str) -> str:
    """Text already filled (a message of a catalogue kept elsewhere, a name put in by
    ``%``-formatting), each particle written in both forms after a word in the form that
    word takes: "디렉터 Dora이(가) 확인함" is "디렉터 Dora가 확인함"."""
    if "(" not in text:
        return text
    return _PARTICLE_IN_TEXT.sub(
        lambda found: particle(text[: found.start()], _PAIRS[found[1]]), text
    )
