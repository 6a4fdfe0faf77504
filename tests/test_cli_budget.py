"""``--max-tokens`` and ``--keep`` on convert, explain and turn (issue 27)."""

from __future__ import annotations

import json

import pytest
from helpers import run_cli

HITS = [{"id": i, "t": f"hit {i}"} for i in range(200)]
RESULT = {"name": "search", "id": "c1", "content": [{"type": "text", "text": json.dumps(HITS)}]}
CUT = (
    '[{"id":0,"t":"hit 0"},{"id":1,"t":"hit 1"},"[… 196 items left out …]",'
    '{"id":198,"t":"hit 198"},{"id":199,"t":"hit 199"}]'
)


@pytest.fixture
def result_file(tmp_path):
    path = tmp_path / "result.json"
    path.write_text(json.dumps(RESULT), encoding="utf-8")
    return str(path)


def test_convert_cuts_to_the_budget(capsys, result_file):
    code, out, _ = run_cli(capsys, "convert", result_file, "--wire", "openai", "--max-tokens", "60")
    assert code == 0
    assert json.loads(out) == {"role": "tool", "tool_call_id": "c1", "content": CUT}


def test_explain_reports_the_cut(capsys, result_file):
    code, out, _ = run_cli(
        capsys, "explain", result_file, "--wire", "openai", "--max-tokens", "60", "--format", "json"
    )
    assert code == 0
    (record,) = json.loads(out)["openai"]["entries"]
    assert record["outcome"] == "truncated"
    assert record["reason"] == (
        "cut to fit max_tokens=60 (≈ 1,707 tokens before): kept 120 of 5,580 characters as "
        "valid JSON, left out 196 array items (≈ 1,395 → 30 tokens)"
    )


def test_an_impossible_budget_is_one_line(capsys, result_file):
    code, out, err = run_cli(
        capsys, "convert", result_file, "--wire", "openai", "--max-tokens", "2"
    )
    assert code != 0 and out == ""
    assert err.strip().count("\n") == 0
    assert "max_tokens=2 is below the minimum of 20 tokens" in err


@pytest.mark.parametrize("value", ["x", "-1", "1.5"])
def test_a_bad_budget_is_a_usage_error(capsys, result_file, value):
    code, _, err = run_cli(
        capsys, "convert", result_file, "--wire", "openai", "--max-tokens", value
    )
    assert code == 2
    assert "--max-tokens" in err


def test_turn_shares_the_budget(capsys, tmp_path):
    calls = tmp_path / "calls.json"
    calls.write_text(
        json.dumps(
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "search", "arguments": "{}"},
                    }
                ],
            }
        ),
        encoding="utf-8",
    )
    results = tmp_path / "results.json"
    results.write_text(json.dumps(RESULT), encoding="utf-8")
    code, out, _ = run_cli(
        capsys, "turn", str(calls), str(results), "--wire", "openai", "--max-tokens", "60"
    )
    assert code == 0
    assert json.loads(out)[1] == {"role": "tool", "tool_call_id": "c1", "content": CUT}


def _request_file(tmp_path, text: str) -> str:
    body = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": text},
    ]
    path = tmp_path / "request.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return str(path)


def test_repair_cuts_the_request_to_the_budget(capsys, tmp_path):
    path = _request_file(tmp_path, "abc " * 2000)
    code, out, err = run_cli(capsys, "repair", path, "--wire", "openai", "--max-tokens", "300")
    assert code == 0
    marker = "\n[… 7,041 characters left out …]\n"
    assert json.loads(out)[2]["content"] == ("abc " * 2000)[:480] + marker + ("abc " * 2000)[-479:]
    assert err == (
        f"{path}: messages[2].content: [context-window] cut the tool result's text to fit"
        " max_tokens=300 (≈ 2,051 tokens before): kept the first 480 and last 479 of 8,000"
        " characters around a marker, left out 7,041\n"
    )


def test_repair_without_max_tokens_cuts_nothing(capsys, tmp_path):
    path = _request_file(tmp_path, "abc " * 2000)
    code, out, err = run_cli(capsys, "repair", path, "--wire", "openai")
    assert (code, err) == (0, "")
    assert json.loads(out)[2]["content"] == "abc " * 2000


def test_repair_says_an_impossible_budget_in_one_line(capsys, tmp_path):
    path = _request_file(tmp_path, "abc " * 2000)
    code, out, err = run_cli(capsys, "repair", path, "--wire", "openai", "--max-tokens", "5")
    assert (code, out) == (2, "")
    assert err == (
        f"toolresult-lab: error: {path}: max_tokens=5 is below the minimum of 60 tokens this"
        " request takes on openai (≈ 2,051 now) with every tool result's text cut to its marker:"
        " repair cuts only tool results, never a message, an image or a PDF\n"
    )
