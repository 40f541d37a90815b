"""The command line: ``python -m referee check`` and ``python -m referee egn``.

Exit 0 when every verdict is ok, 1 when any has violations, 2 for malformed input with
exactly one line on stderr naming the field, and never a traceback.
"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

import referee
from referee.cli import main
from referee.notation import trick
from tests.commands import run_python
from tests.referee.shared import shared_path

REPO = Path(__file__).resolve().parents[2]

# Seat 1 orders up the dealer's queen of hearts.
HEARTS_BY_1 = {"dealer": 0, "upcard": "QH", "bids": [{"seat": 1, "action": "order-up"}]}
CLEAN = {
    **HEARTS_BY_1,
    "hands": {"1": ["9H", "TH", "KS", "QS", "AD"]},
    "tricks": [trick("1:AD 2:KD")],
}
RENEGE = {
    **HEARTS_BY_1,
    "hands": {"2": ["JD", "9C", "TC", "KS", "AS"]},
    "tricks": [trick("1:AH 2:9C")],
}


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def lines(text: str) -> list[str]:
    """Lines as JSON Lines has them: cut at "\\n" only, the last one ended by it."""
    return text.removesuffix("\n").split("\n") if text else []


# -- check: JSON and JSON Lines --------------------------------------------------------------


def test_a_clean_record_exits_0_with_its_verdict() -> None:
    code, out, err = run(["check", "-"], json.dumps(CLEAN))
    assert (code, err) == (0, "")
    assert json.loads(out) == referee.check(CLEAN).to_json()
    assert json.loads(out)["ok"] is True


def test_a_record_with_a_violation_exits_1() -> None:
    code, out, err = run(["check"], json.dumps(RENEGE))
    assert (code, err) == (1, "")
    verdict = json.loads(out)
    assert [v["code"] for v in verdict["violations"]] == ["renege"]
    assert "left bower" in verdict["violations"][0]["message"]


def test_a_record_spread_over_several_lines_is_one_json_record() -> None:
    code, out, _ = run(["check", "-"], json.dumps(CLEAN, indent=2))
    assert code == 0
    assert json.loads(out) == referee.check(CLEAN).to_json()


def test_a_record_over_several_lines_with_a_typo_is_refused_once_saying_where() -> None:
    """One record written over several lines, wrong at one place (a comma too many): no line
    of it is JSON alone, so it is not JSON Lines: one refusal, naming the line and column."""
    text = json.dumps(CLEAN, indent=2).removesuffix("\n}") + ",\n}"
    code, out, err = run(["check", "-"], text)
    assert (code, out) == (2, "")
    last = len(lines(text))
    assert lines(err) == [
        f"record: not JSON: Expecting property name enclosed in double quotes "
        f"(line {last}, column 1)"
    ]
    code, _, err = run(["check", "--lang", "ko", "-"], text)
    assert (code, lines(err)) == (2, [f"record: JSON이 아닙니다 ({last}행 1열)"])


def test_json_lines_give_one_verdict_line_each_and_exit_1_if_any_breaks_a_rule() -> None:
    code, out, err = run(["check", "-"], f"{json.dumps(CLEAN)}\n{json.dumps(RENEGE)}\n")
    assert (code, err) == (1, "")
    verdicts = [json.loads(line) for line in lines(out)]
    assert [v["ok"] for v in verdicts] == [True, False]


def test_json_lines_all_clean_exit_0() -> None:
    code, out, _ = run(["check", "-"], "\n".join(json.dumps(CLEAN) for _ in range(3)))
    assert code == 0
    assert len(lines(out)) == 3


def test_a_file_argument(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(RENEGE), encoding="utf-8")
    code, out, _ = run(["check", str(path)])
    assert code == 1
    assert json.loads(out)["award"] == {"reason": "renege", "points": {"1": 2}}


def test_korean_messages() -> None:
    code, out, _ = run(["check", "--lang", "ko", "-"], json.dumps(RENEGE))
    assert code == 1
    message = json.loads(out)["violations"][0]["message"]
    assert any("\uac00" <= ch <= "\ud7a3" for ch in message), message
    assert "레프트 바우어" in message


# -- check: malformed input ------------------------------------------------------------------


def with_(**changes: Any) -> str:
    return json.dumps({**CLEAN, **changes})


def without(key: str) -> str:
    return json.dumps({k: v for k, v in CLEAN.items() if k != key})


MALFORMED = [
    pytest.param("{not json", "record", id="not-json"),
    pytest.param("", "record", id="empty-input"),
    pytest.param("[1, 2]", "record", id="not-an-object"),
    pytest.param(without("dealer"), "dealer", id="missing-dealer"),
    pytest.param(with_(dealer=4), "dealer", id="dealer-outside-the-table"),
    pytest.param(with_(dealer="0"), "dealer", id="dealer-wrong-type"),
    pytest.param(
        with_(ruleset="two-handed", dealer=2), "dealer", id="dealer-outside-a-two-handed-table"
    ),
    pytest.param(
        with_(bids=[{"seat": 7, "action": "pass"}]), "bids[0].seat", id="bid-seat-outside-table"
    ),
    pytest.param(with_(hands={"5": ["9H"]}), "hands.5", id="hand-of-a-seat-outside-table"),
    pytest.param(with_(upcard="XX"), "upcard", id="bad-upcard"),
    pytest.param(
        with_(tricks=[[{"seat": 1, "card": "11H"}]]), "tricks[0][0].card", id="bad-played-card"
    ),
    pytest.param(with_(hands={"1": ["9H", 9]}), "hands.1[1]", id="card-of-wrong-type"),
    pytest.param(with_(ruleset="euchre-deluxe"), "ruleset", id="unknown-preset"),
    pytest.param(with_(ruleset={"preset": "nope"}), "ruleset.preset", id="unknown-preset-object"),
    pytest.param(
        with_(ruleset={"preset": "standard", "bogus": True}), "ruleset.bogus", id="unknown-option"
    ),
    pytest.param(
        with_(ruleset={"preset": "standard", "defend_alone": "yes"}),
        "ruleset.defend_alone",
        id="option-of-wrong-type",
    ),
    pytest.param(
        with_(ruleset={"preset": "standard", "stuck_dealer": "shrug"}),
        "ruleset.stuck_dealer",
        id="option-not-a-choice",
    ),
    pytest.param(
        with_(ruleset={"preset": "bid-euchre", "players": 6}),
        "ruleset.players",
        id="an-auction-of-six-players",
    ),
    pytest.param(
        with_(bids=[{"seat": 1, "action": "bid-high"}]), "bids[0].action", id="unknown-bid"
    ),
    pytest.param(with_(bids=[{"seat": 1, "action": "call"}]), "bids[0].suit", id="call-no-suit"),
    pytest.param(with_(tricks="AD KD"), "tricks", id="tricks-wrong-type"),
    pytest.param(with_(claim={"points": {"0": "two"}}), "claim.points.0", id="claim-wrong-type"),
]


def assert_one_line_naming(err: str, field: str) -> None:
    assert len(lines(err)) == 1, err
    assert "Traceback" not in err
    assert field in err, err


@pytest.mark.parametrize(("text", "field"), MALFORMED)
def test_malformed_input_exits_2_with_one_line_naming_the_field(text: str, field: str) -> None:
    code, out, err = run(["check", "-"], text)
    assert code == 2
    assert out == ""
    assert_one_line_naming(err, field)


def test_deeply_nested_json_is_malformed_input() -> None:
    code, out, err = run(["check", "-"], "[" * 100_000 + "]" * 100_000)
    assert code == 2
    assert out == ""
    assert_one_line_naming(err, "record")


def test_a_malformed_line_among_json_lines_exits_2_and_names_its_line() -> None:
    text = "\n".join([json.dumps(CLEAN), without("dealer"), json.dumps(RENEGE)])
    code, out, err = run(["check", "-"], text)
    assert code == 2
    assert_one_line_naming(err, "dealer")
    assert "line 2" in err
    answers = [json.loads(line) for line in lines(out)]
    assert [answer.get("ok") for answer in answers] == [True, None, False]
    assert answers[1] == {"error": {"field": "dealer", "detail": "is required"}}


@pytest.mark.parametrize(
    "separator", ["\u2028", "\u2029", "\u0085"], ids=["U+2028", "U+2029", "U+0085"]
)
def test_a_line_separator_inside_a_json_string_does_not_end_the_line(separator: str) -> None:
    bad_upcard = json.dumps({**CLEAN, "upcard": f"Q{separator}H"}, ensure_ascii=False)
    assert separator in bad_upcard  # (written as it is, not as \\u2028)
    code, out, err = run(["check", "-"], f"{json.dumps(CLEAN)}\n{bad_upcard}\n{json.dumps(RENEGE)}")
    assert code == 2
    assert_one_line_naming(err, "line 2: upcard")
    answers = [json.loads(line) for line in lines(out)]
    assert [answer.get("ok") for answer in answers] == [True, None, False]
    assert answers[1]["error"]["field"] == "upcard"


def test_a_blank_line_among_json_lines_gets_its_own_error_line() -> None:
    code, out, err = run(["check", "-"], f"{json.dumps(CLEAN)}\n \n{json.dumps(RENEGE)}\n")
    assert code == 2
    assert err == "line 2: record: a blank line holds no hand record\n"
    answers = [json.loads(line) for line in lines(out)]
    assert [answer.get("ok") for answer in answers] == [True, None, False]
    assert answers[1] == {
        "error": {"field": "record", "detail": "a blank line holds no hand record"}
    }


NOT_UTF8 = b'{"dealer": 0, "upcard": "Q\xffH"}'


def bytes_in(data: bytes) -> io.TextIOWrapper:
    """Standard input as a process has it: text over bytes."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


def test_a_line_that_is_not_utf8_among_json_lines_gets_its_own_error_line(
    tmp_path: Path,
) -> None:
    data = b"\n".join([json.dumps(CLEAN).encode(), NOT_UTF8, json.dumps(RENEGE).encode(), b""])
    path = tmp_path / "hands.jsonl"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", str(path), "--lang", "ko"], stdout=out, stderr=err) == 2
    assert err.getvalue() == "line 2: record: 이 줄은 UTF-8 텍스트가 아닙니다\n"
    answers = [json.loads(line) for line in lines(out.getvalue())]
    assert [answer.get("ok") for answer in answers] == [True, None, False]
    assert answers[1] == {"error": {"field": "record", "detail": "이 줄은 UTF-8 텍스트가 아닙니다"}}
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-"], stdin=bytes_in(data), stdout=out, stderr=err) == 2
    assert [json.loads(line).get("ok") for line in lines(out.getvalue())] == [True, None, False]


@pytest.mark.parametrize(
    "data",
    [NOT_UTF8, b'{"dealer": 0,\n "upcard": "Q\xffH"}', b'{"dealer": 0, \xff}'],
    ids=["in-a-string", "a-record-of-two-lines", "outside-a-string"],
)
def test_one_record_that_is_not_utf8_is_refused_as_a_file(data: bytes) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-"], stdin=bytes_in(data), stdout=out, stderr=err) == 2
    assert (out.getvalue(), err.getvalue()) == ("", "file: stdin is not UTF-8 text\n")


@pytest.mark.parametrize(
    ("newline", "end", "answers"),
    [
        pytest.param("\n", "\n", [True, False], id="one-final-newline-ends-the-last-line"),
        pytest.param("\n", "", [True, False], id="no-final-newline"),
        pytest.param("\r\n", "\r\n", [True, False], id="crlf-line-ends"),
        pytest.param("\n", "\n\n", [True, False, None], id="a-second-final-newline-is-a-line"),
    ],
)
def test_json_lines_give_one_answer_line_per_input_line(
    newline: str, end: str, answers: list[bool | None]
) -> None:
    text = f"{json.dumps(CLEAN)}{newline}{json.dumps(RENEGE)}{end}"
    _, out, _ = run(["check", "-"], text)
    assert [json.loads(line).get("ok") for line in lines(out)] == answers


def test_a_byte_order_mark_before_the_json_is_passed_over(tmp_path: Path) -> None:
    """Some editors start UTF-8 with a byte order mark; JSON's RFC lets a reader ignore it."""
    text = f"\ufeff{json.dumps(CLEAN)}\n{json.dumps(RENEGE)}\n"
    code, out, err = run(["check", "-"], text)
    assert (code, err) == (1, "")
    assert [json.loads(line)["ok"] for line in lines(out)] == [True, False]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(CLEAN), encoding="utf-8-sig")
    assert run(["check", str(path)]) == (
        0,
        json.dumps(referee.check(CLEAN).to_json(), indent=2) + "\n",
        "",
    )
    egn = tmp_path / "game.egn"
    egn.write_text(
        shared_path("corpus", "egn", "Custom-Scenario.egn").read_text(), encoding="utf-8-sig"
    )
    code, out, err = run(["egn", str(egn)])
    assert (code, err) == (0, "") and out.endswith("No team has reached 10 yet\n")


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run(["check", str(tmp_path / "absent.json")])
    assert code == 2
    assert_one_line_naming(err, "absent.json")


# -- the real command ------------------------------------------------------------------------


def python_m_referee(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_python("-m", "referee", *args, stdin=stdin, timeout=120)


def test_python_m_referee_check_reads_standard_input() -> None:
    result = python_m_referee("check", "-", stdin=json.dumps(CLEAN))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == referee.check(CLEAN).to_json()


def test_python_m_referee_check_reads_a_file_of_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(f"{json.dumps(CLEAN)}\n{json.dumps(RENEGE)}\n", encoding="utf-8")
    result = python_m_referee("check", str(path), "--lang", "ko")
    assert result.returncode == 1, result.stderr
    verdicts = [json.loads(line) for line in lines(result.stdout)]
    assert [v["ok"] for v in verdicts] == [True, False]
    assert "레프트 바우어" in verdicts[1]["violations"][0]["message"]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        pytest.param("{not json", "record", id="not-json"),
        pytest.param(without("dealer"), "dealer", id="missing-dealer"),
        pytest.param(with_(ruleset={"preset": "standard", "nope": 1}), "ruleset.nope", id="option"),
    ],
)
def test_python_m_referee_check_malformed_has_no_traceback(text: str, field: str) -> None:
    result = python_m_referee("check", stdin=text)
    assert result.returncode == 2
    assert result.stdout == ""
    assert_one_line_naming(result.stderr, field)


def test_python_m_referee_egn_json_replays_a_corpus_game() -> None:
    path = shared_path("corpus", "egn", "VWEC-Finals.egn")
    expected = json.loads(shared_path("corpus", "egn", "expected.json").read_text("utf-8"))
    result = python_m_referee("egn", str(path), "--json")
    assert result.returncode == 0, result.stderr
    replay = json.loads(result.stdout)
    want = expected["VWEC-Finals.egn"]
    assert replay["final_score"] == want["final_score"]
    assert replay["winner"] == want["winner"]
    assert [deal["score"] for deal in replay["deals"]] == [d["score"] for d in want["deals"]]
    assert all(deal["verdict"]["ok"] for deal in replay["deals"])


def test_python_m_referee_egn_on_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.egn"
    path.write_text("{", encoding="utf-8")
    result = python_m_referee("egn", str(path), "--json")
    assert result.returncode == 2
    assert_one_line_naming(result.stderr, "broken.egn")


def test_python_m_referee_check_gives_the_six_handed_and_bid_euchre_examples_verdicts(
    tmp_path: Path,
) -> None:
    examples = [json.loads(line) for line in shared_path("spec", "examples-variants.jsonl").open()]
    path = tmp_path / "variants.jsonl"
    path.write_text("".join(json.dumps(case["record"]) + "\n" for case in examples), "utf-8")
    result = python_m_referee("check", str(path))
    assert result.returncode == 1, result.stderr  # (some examples rule breaches)
    verdicts = [json.loads(line) for line in lines(result.stdout)]
    assert len(verdicts) == len(examples) == 10
    for case, verdict in zip(examples, verdicts, strict=True):
        for key, want in case["verdict"].items():
            if key == "violations":
                fields = ("code", "seat", "trick", "card")
                assert [{f: v[f] for f in fields} for v in verdict[key]] == want, case["id"]
            elif key == "next":
                assert {**verdict[key], "legal": None} == {**want, "legal": None}, case["id"]
                assert set(verdict[key]["legal"] or ()) == set(want["legal"] or ()), case["id"]
            else:
                assert verdict[key] == want, (case["id"], key)
