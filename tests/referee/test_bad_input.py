"""Input the referee cannot judge gets a clear answer naming the field, in JSON's words, short,
and in Korean when asked; JSON Lines keep one answer line for each record line."""

from __future__ import annotations

import ast
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

import referee
from referee.cli import main
from referee.input_words import KOREAN
from tests.referee.test_rulings import all_five

REFEREE = Path(referee.__file__).parent
CLEAN = {"dealer": 0, "upcard": "QH", "bids": [{"seat": 1, "action": "order-up"}]}
BREACH = {"dealer": 0, "upcard": "QH", "bids": [{"seat": 2, "action": "order-up"}]}


def refusal(record: Any, lang: str = "en") -> tuple[str, str]:
    with pytest.raises(referee.MalformedRecord) as error:
        referee.check(record)
    return error.value.field, error.value.detail_in(lang)


def run(argv: list[str], stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# -- values shown as JSON writes them, and cut short -----------------------------------------


@pytest.mark.parametrize(
    ("record", "field", "detail"),
    [
        ({"dealer": 0, "discard": True}, "discard", "true is not a card"),
        ({"dealer": 0, "hands": {"1": [None]}}, "hands.1[0]", "null is not a card"),
        ({"dealer": 0, "upcard": 3.5}, "upcard", "3.5 is not a card"),
        ({"dealer": 0, "upcard": "QX"}, "upcard", '"QX" is not a card'),
        ({"ruleset": None, "dealer": 0}, "ruleset", "must be a preset name"),
        ({"ruleset": "whist", "dealer": 0}, "ruleset", 'unknown preset "whist"'),
    ],
    ids=["true", "null", "a-float", "a-string", "no-ruleset", "unknown-preset"],
)
def test_a_value_is_shown_as_json_writes_it(record: Any, field: str, detail: str) -> None:
    got_field, got_detail = refusal(record)
    assert got_field == field
    assert got_detail.startswith(detail), got_detail
    assert "None" not in got_detail and "True" not in got_detail


def test_a_long_value_is_cut_to_forty_characters() -> None:
    _, detail = refusal({"dealer": 0, "upcard": "Q" * 100_000})
    assert detail.startswith('"' + "Q" * 39 + '…" is not a card')
    field, detail = refusal({"dealer": 0, "ruleset": {"preset": "standard", "x" * 1000: 1}})
    assert field == "ruleset." + "x" * 40 + "…" and detail == "unknown option"
    _, detail = refusal({"dealer": 10**4000})
    assert len(detail) < 100
    # Never half an escape: the cut ends before a "\n" or "\u00e9" it would split.
    for before in range(36, 41):
        _, detail = refusal({"dealer": 0, "upcard": "Q" * before + "\n" * 30})
        shown = detail.partition(" is not a card")[0].removesuffix('…"')
        assert json.loads(shown + '"').count("Q") == min(before, 39), detail
        _, detail = refusal({"dealer": 0, "upcard": "Q" * before + "\x01" * 30})
        assert json.loads(detail.partition("…")[0] + '"').count("Q") == min(before, 39), detail


@pytest.mark.parametrize(
    "unseen", ["\u2028", "\u2029", "\u0085", "\u200b", "\x1b", "\U000e0001"], ids=ascii
)
def test_a_character_that_does_not_print_as_itself_is_shown_escaped(unseen: str) -> None:
    escaped = json.dumps(unseen)[1:-1]
    _, detail = refusal({"dealer": 0, "upcard": f"Q{unseen}H"})
    assert detail.startswith(f'"Q{escaped}H" is not a card'), detail
    field, _ = refusal({"dealer": 0, "ruleset": {"preset": "standard", f"a{unseen}b": 1}})
    assert field == f"ruleset.a{escaped}b"
    code, _, err = run(["check", "-"], json.dumps({"ruleset": f"uka{unseen}", "dealer": 0}))
    assert code == 2 and len(err.splitlines()) == 1 and unseen not in err, err


@pytest.mark.parametrize(
    "key", ["01", "\u0661", "\uff11", "1.0", "-0", " 1"], ids=lambda key: key.encode().hex()
)
def test_a_seat_or_team_key_must_be_plain_ascii_digits(key: str) -> None:
    field, detail = refusal({"dealer": 0, "hands": {key: ["9H", "TH", "JH", "QH", "KH"]}})
    assert (field, detail) == (
        f"hands.{key}",
        f"{json.dumps(key, ensure_ascii=False)} is not a seat at this table (seats 0 to 3)",
    )
    field, detail = refusal({"dealer": 0, "claim": {"points": {key: 1}}})
    assert field == f"claim.points.{key}" and "is not a team of this game" in detail


def test_a_negative_claim_is_refused_where_no_hand_takes_points_away() -> None:
    claim = {"dealer": 0, "claim": {"points": {"1": -2}}}
    assert refusal(claim) == ("claim.points.1", "must not be negative (got -2)")
    assert refusal(claim, "ko") == ("claim.points.1", "음수일 수 없습니다 (받은 값: -2)")
    referee.check({**claim, "ruleset": "bid-euchre"})  # (a set takes points away there)


def test_a_contract_without_its_trump_is_said_to_need_one_not_to_hold_null() -> None:
    record = {"dealer": 0, "contract": {"maker": 1}}
    assert refusal(record) == ("contract.trump", "is required")
    assert refusal(record, "ko") == ("contract.trump", "꼭 있어야 합니다")


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"dealer": 0, "contract": {"trump": "H", "maker": 1, "alone": None}}, "contract.alone"),
        (
            {"dealer": 0, "bids": [{"seat": 1, "action": "order-up", "alone": None}]},
            "bids[0].alone",
        ),
    ],
    ids=["contract", "bid"],
)
def test_alone_is_true_or_false_in_a_contract_as_in_a_bid(record: Any, field: str) -> None:
    assert refusal(record) == (field, "must be true or false (got null)")


@pytest.mark.parametrize("option", ["target", "points.make", "points.renege_penalty"])
def test_a_rulesets_number_larger_than_any_game_is_refused(option: str) -> None:
    """A number no client could hold exactly (10**29) is refused, not scored."""
    record = {"dealer": 0, "ruleset": {"preset": "standard", option: 10**29}}
    assert refusal(record) == (f"ruleset.{option}", f"must be at most 999999 (got {10**29})")
    assert refusal(record, "ko") == (
        f"ruleset.{option}",
        f"999999 이하여야 합니다 (받은 값: {10**29})",
    )
    referee.check({"dealer": 0, "ruleset": {"preset": "standard", option: 999_999}})


@pytest.mark.parametrize(
    ("record", "field", "english", "korean"),
    [
        (
            {"dealer": None},
            "dealer",
            "must be a seat number from 0 to 3 (got null)",
            "0부터 3까지의 자리 번호여야 합니다 (받은 값: null)",
        ),
        (
            {"dealer": True},
            "dealer",
            "must be a seat number from 0 to 3 (got true)",
            "0부터 3까지의 자리 번호여야 합니다 (받은 값: true)",
        ),
        (
            {"dealer": 0, "bids": [{"seat": 1, "action": "pass", "alone": 1}]},
            "bids[0].alone",
            "must be true or false (got 1)",
            "true 또는 false여야 합니다 (받은 값: 1)",
        ),
        (
            {"dealer": 0, "ruleset": {"preset": "standard", "target": "10"}},
            "ruleset.target",
            'must be a whole number (got "10")',
            '정수여야 합니다 (받은 값: "10")',
        ),
        (
            {"dealer": 0, "ruleset": {"stuck_dealer": "Q" * 50}},
            "ruleset.stuck_dealer",
            'must be one of must-call, redeal, takes-upcard (got "' + "Q" * 39 + '…")',
            '다음 중 하나여야 합니다: must-call, redeal, takes-upcard (받은 값: "'
            + "Q" * 39
            + '…")',
        ),
        (
            {"dealer": 0, "contract": {"trump": None, "maker": 1}},
            "contract.trump",
            "must be a suit: C, D, H or S (got null)",
            "무늬여야 합니다: C, D, H, S (받은 값: null)",
        ),
        (
            {"dealer": 0, "pickup": "no"},
            "pickup",
            'must be true or false (got "no")',
            'true 또는 false여야 합니다 (받은 값: "no")',
        ),
        (
            {"dealer": 0, "tricks": {"1": []}},
            "tricks",
            'must be a list of tricks (got {"1": []})',
            '트릭 목록이어야 합니다 (받은 값: {"1": []})',
        ),
        (
            {"dealer": 0, "claim": {"points": {"1": -2}}},
            "claim.points.1",
            "must not be negative (got -2)",
            "음수일 수 없습니다 (받은 값: -2)",
        ),
    ],
    ids=["null", "true", "alone", "target", "long", "trump", "pickup", "tricks", "claim"],
)
def test_a_refusal_says_the_value_it_refuses_as_json_writes_it(
    record: dict[str, Any], field: str, english: str, korean: str
) -> None:
    """docs/rules.md: a refusal shows the value at fault as JSON writes it, cut to 40
    characters: after the detail, in brackets, where the detail does not already hold it."""
    assert refusal(record) == (field, english)
    assert refusal(record, "ko") == (field, korean)


def test_a_point_given_twice_with_two_values_is_refused() -> None:
    twice = {"preset": "standard", "points.march": 3, "points": {"march": 4}}
    assert refusal({"dealer": 0, "ruleset": twice}) == (
        "ruleset.points.march",
        "given twice, as 3 and as 4",
    )
    assert refusal({"dealer": 0, "ruleset": twice}, "ko")[1] == "3과 4로 두 번 적혀 있습니다"
    flags = {"points.lone_short_is_euchre": True, "points": {"lone_short_is_euchre": False}}
    assert refusal({"dealer": 0, "ruleset": flags})[1] == "given twice, as true and as false"
    agreeing = {"preset": "standard", "points.march": 3, "points": {"march": 3}}
    assert referee.check({"dealer": 0, "ruleset": agreeing}).ok


MOON = {"ruleset": "bid-euchre", "dealer": 0, "bids": [{"seat": 1, "action": "moon"}]}


@pytest.mark.parametrize(
    ("exchange", "field", "detail", "korean"),
    [
        ([], "exchange", "must be an object with passed", "passed(자리와 카드)와"),
        ({"passed": "AH", "discard": []}, "exchange.passed", "must be a list of seats", "자리와"),
        ({"passed": [{"seat": 3, "card": "AH"}]}, "exchange.discard", "must be a list of", "카드"),
        ({"passed": ["AH"], "discard": ["9C"]}, "exchange.passed[0]", "must be an object", "seat"),
    ],
    ids=["not-an-object", "passed-not-a-list", "no-discard", "a-card-without-its-seat"],
)
def test_a_bad_exchange_names_the_part_that_is_wrong(
    exchange: Any, field: str, detail: str, korean: str
) -> None:
    """variants.md 0.4: any shape of `exchange` but lists of passes and of cards is malformed."""
    record = {**MOON, "exchange": exchange}
    got_field, got_detail = refusal(record)
    assert (got_field, got_detail[: len(detail)]) == (field, detail)
    assert refusal(record, "ko")[1].startswith(korean)


def test_a_hand_of_too_many_cards_says_how_many() -> None:
    field, detail = refusal({"dealer": 0, "hands": {"1": ["9H"] * 6}})
    assert (field, detail) == ("hands.1", "a hand has at most 5 cards, not 6")


# -- Korean -----------------------------------------------------------------------------------


def test_a_refusal_reads_in_korean_with_each_particle_in_its_form() -> None:
    assert refusal({"dealer": 0, "upcard": "QX"}, "ko") == (
        "upcard",
        '"QX"는 카드가 아닙니다(끗수 다음에 무늬를 씁니다. 예: JD, 10H)',
    )
    assert refusal({"dealer": 7}, "ko") == (
        "dealer",
        "7번 자리는 이 테이블에 없습니다(자리 0부터 3)",
    )
    assert refusal({"dealer": 0, "hands": {"01": []}}, "ko")[1] == (
        '"01"은 이 테이블의 자리가 아닙니다(자리 0부터 3)'
    )


# A bad EGN file: a field EGN names, a value at fault, and a fact that is no value.
BAD_EGN = [
    (
        {"metadata": {"ruleset": {"loner_lead": "LEFT"}}, "deals": []},
        "metadata.ruleset.loner_lead",
        'must be LEFT_OF_DEALER or LEFT_OF_LONER (got "LEFT")',
        'LEFT_OF_DEALER 또는 LEFT_OF_LONER여야 합니다 (받은 값: "LEFT")',
    ),
    (
        {"deals": [{"initialState": {"dealer": 0, "upCard": "Zz"}}]},
        "deals[0].initialState.upCard",
        '"Zz" is not a card (EGN writes rank then suit: Jc, Th)',
        '"Zz"는 카드가 아닙니다(EGN은 끗수 다음에 무늬를 씁니다. 예: Jc, Th)',
    ),
    (
        {"metadata": {"initialScore": [0]}, "deals": []},
        "metadata.initialScore",
        "must give the 2 teams' scores",
        "2개 팀의 점수를 모두 적어야 합니다",
    ),
    (
        {"metadata": {"players": ["Ann", None, "Cy", "Di"]}, "deals": []},
        "metadata.players[1]",
        'must be a name or {"name": ...} (got null)',
        '이름이거나 {"name": ...}이어야 합니다 (받은 값: null)',
    ),
]


@pytest.mark.parametrize(
    ("game", "field", "english", "korean"),
    BAD_EGN,
    ids=["an-egn-word", "a-card", "a-count", "braces-as-written"],
)
def test_a_bad_egn_file_is_refused_in_korean_when_asked(
    tmp_path: Path, game: Any, field: str, english: str, korean: str
) -> None:
    path = tmp_path / "bad.egn"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, out, err = run(["egn", str(path), "--lang", "ko"], "")
    assert (code, out) == (2, "")
    assert err == f"{path}: {field}: {korean}\n"
    assert re.search("[\uac00-\ud7a3]", err)
    assert run(["egn", str(path), "--lang", "en"], "") == (2, "", f"{path}: {field}: {english}\n")


def test_a_file_that_cannot_be_read_is_refused_in_korean_when_asked(tmp_path: Path) -> None:
    """Not there, a folder, not UTF-8, not JSON: one line each, the file named, in the language
    asked for (never Python's own English words under --lang ko)."""
    binary, broken = tmp_path / "binary.egn", tmp_path / "broken.egn"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    broken.write_text('{"deals": [', encoding="utf-8")
    absent = tmp_path / "absent.egn"
    expected = {
        ("check", absent): f"file: {absent} 파일이 없습니다\n",
        ("egn", absent): f"{absent} 파일이 없습니다\n",
        ("check", tmp_path): f"file: {tmp_path}은 파일이 아니라 폴더입니다\n",
        ("egn", binary): f"{binary}은 UTF-8 텍스트가 아닙니다\n",
        ("check", binary): f"file: {binary}은 UTF-8 텍스트가 아닙니다\n",
        ("egn", broken): f"{broken}: JSON이 아닙니다 (1행 12열)\n",
    }
    for (command, path), said in expected.items():
        assert run([command, str(path), "--lang", "ko"], "") == (2, "", said)
    code, _, english = run(["egn", str(broken)], "")
    assert (code, english) == (2, f"{broken}: not JSON: Expecting value (line 1, column 12)\n")


def _templates(path: Path) -> set[str]:
    """The details a module refuses input with: the second argument of MalformedRecord(...)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "MalformedRecord":
            detail = node.args[1]
            assert isinstance(detail, ast.Constant), f"{path.name}:{node.lineno}: a template"
            found.add(detail.value)
    return found


# The modules whose refusals reach the API or the command line, EGN files' included.
ANSWERED_IN_KOREAN = ["record.py", "rules.py", "scoring.py", "jsontext.py", "cli.py"]
ANSWERED_IN_KOREAN += ["egn.py", "egn_write.py"]


def test_every_refusal_the_referee_can_give_has_korean_and_every_korean_is_used() -> None:
    used = set().union(*(_templates(REFEREE / name) for name in ANSWERED_IN_KOREAN))
    assert used - set(KOREAN) == set()
    every = set().union(
        *(_templates(path) for path in REFEREE.glob("*.py") if path.name != "errors.py")
    )
    assert set(KOREAN) - every == set()


def test_every_refusal_in_the_referee_is_a_template() -> None:
    for path in REFEREE.glob("*.py"):
        if path.name != "errors.py":  # (where a refusal is moved to another field)
            _templates(path)


# -- numbers too long to read -----------------------------------------------------------------

LONG = "9" * 5000


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"dealer": ' + LONG + "}", "dealer"),
        ('{"dealer": 0, "hands": {"1": [' + LONG + "]}}", "hands.1[0]"),
        ("[" + LONG + "]", "record[0]"),
    ],
    ids=["dealer", "in-a-hand", "in-a-list"],
)
def test_a_number_too_long_to_read_is_named_without_pythons_words(text: str, field: str) -> None:
    code, out, err = run(["check", "-"], text)
    assert (code, out) == (2, "")
    assert err == f"{field}: a number of 5000 digits is longer than any field takes\n"


@pytest.mark.parametrize("number", ["1e999", "-1e999", "9" * 400 + ".5"])
def test_a_number_too_large_for_a_float_is_named_not_read_as_infinity(number: str) -> None:
    code, out, err = run(["check", "-"], '{"dealer": 0, "upcard": ' + number + "}")
    assert (code, out) == (2, "")
    assert err == "upcard: a number larger than any field takes\n"


def test_a_claim_too_long_to_show_is_cut_in_the_ruling() -> None:
    verdict = referee.check(all_five("standard", claim={"points": {"0": int("9" * 4000)}}))
    (mismatch,) = [v for v in verdict.violations if v.code == "claim-mismatch"]
    assert "9" * 40 + "…" in mismatch.message
    assert len(mismatch.message) < 200


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (
            '{"dealer": 0, "tricks": [[{"seat": 1, "card": "9C", "card": "TC"}]]}',
            "tricks[0][0].card",
        ),
        ('{"dealer": 0, "ruleset": {"target": 5, "target": 6}}', "ruleset.target"),
        ('[{"dealer": 0}, {"dealer": 1, "dealer": 2}]', "record[1].dealer"),
    ],
    ids=["in-a-play", "in-the-ruleset", "in-a-list"],
)
def test_a_key_written_twice_inside_the_record_is_named_where_it_stands(
    text: str, field: str
) -> None:
    code, out, err = run(["check", "-"], text)
    assert (code, out, err) == (2, "", f"{field}: a key given twice in one object\n")


def test_nan_is_not_json() -> None:
    code, _, err = run(["check", "-"], '{"dealer": NaN}')
    assert (code, err) == (2, "record: not valid JSON\n")


def test_a_key_written_twice_is_refused_by_name() -> None:
    code, out, err = run(["check", "-"], '{"dealer": 0, "upcard": "QH", "dealer": 1}')
    assert (code, out) == (2, "")
    assert err == "dealer: a key given twice in one object\n"
    code, _, err = run(["check", "--lang", "ko", "-"], '{"dealer": 0, "dealer": 1}')
    assert (code, err) == (2, "dealer: 한 객체에 같은 키가 두 번 있습니다\n")


# -- JSON Lines: one line out for each line in -------------------------------------------------


def test_json_lines_answer_every_line_in_its_place() -> None:
    lines = [
        json.dumps(CLEAN),
        "{not json",
        json.dumps(BREACH),
        json.dumps({"upcard": "QH"}),
        '{"dealer": ' + LONG + "}",
        json.dumps(CLEAN),
    ]
    code, out, err = run(["check", "-"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(lines)
    assert [a.get("ok") for a in answers] == [True, None, False, None, None, True]
    assert answers[1] == {"error": {"field": "record", "detail": "not valid JSON"}}
    assert answers[3] == {"error": {"field": "dealer", "detail": "is required"}}
    assert answers[4]["error"]["field"] == "dealer"
    assert err.splitlines() == [
        "line 2: record: not valid JSON",
        "line 4: dealer: is required",
        "line 5: dealer: a number of 5000 digits is longer than any field takes",
    ]
    assert code == 2


def test_json_lines_nested_too_deeply_on_the_first_line_still_answer_every_line() -> None:
    deep = "[" * 5000 + "]" * 5000
    code, out, err = run(["check", "-"], "\n".join([deep, json.dumps(CLEAN), "{}"]) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers == [
        {"error": {"field": "record", "detail": "nested too deeply to be read"}},
        answers[1],
        {"error": {"field": "dealer", "detail": "is required"}},
    ]
    assert answers[1]["ok"] is True
    assert err.splitlines() == [
        "line 1: record: nested too deeply to be read",
        "line 3: dealer: is required",
    ]
    assert code == 2


def test_json_lines_with_a_key_written_twice_on_the_first_line_answer_every_line() -> None:
    code, out, err = run(["check", "-"], '{"dealer": 0, "dealer": 1}\n' + json.dumps(CLEAN))
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0] == {"error": {"field": "dealer", "detail": "a key given twice in one object"}}
    assert answers[1]["ok"] is True
    assert (code, err) == (2, "line 1: dealer: a key given twice in one object\n")


def test_json_lines_answer_in_korean_when_asked() -> None:
    code, out, err = run(["check", "--lang", "ko", "-"], json.dumps(CLEAN) + "\n{}\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[1] == {"error": {"field": "dealer", "detail": "꼭 있어야 합니다"}}
    assert (code, err) == (2, "line 2: dealer: 꼭 있어야 합니다\n")


def test_an_egn_file_with_a_number_too_long_to_read_is_named(tmp_path: Path) -> None:
    path = tmp_path / "long.egn"
    path.write_text('{"deals": [{"initialState": {"dealer": ' + LONG + "}}]}", encoding="utf-8")
    code, out, err = run(["egn", str(path)], "")
    assert (code, out) == (2, "")
    assert err == (
        f"{path}: deals[0].initialState.dealer: a number of 5000 digits is longer than any "
        "field takes\n"
    )
