"""``toolresult-lab lint REQUEST --wire W`` and ``lint --log FILES``: findings in a table, JSON
or CSV; exit 1 when an error finding is present, 0 otherwise, 2 for usage errors; bad input
is one line on stderr, never a traceback."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from toolresult_lab import lint, repair
from toolresult_lab.cli import main

CALL = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
CALL_2 = {"type": "tool_use", "id": "toolu_2", "name": "f", "input": {}}
#: Two parallel calls, one answered: anthropic rejects the request.
BROKEN = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1024,
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [CALL, CALL_2]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}],
        },
    ],
}
ADDED = "added an error result for toolu_2"
CLEAN = {"messages": [{"role": "user", "content": "hi"}]}
MISSING = (
    "No result answers the call 'toolu_2' (a tool_result in the very next message, a user message)."
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, name: str, data: Any, lines: bool = False) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    elif lines:
        path.write_text("\n".join(json.dumps(d) for d in data) + "\n", encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_table_names_each_finding_and_exits_1_on_an_error(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "lint", write(tmp_path, "r.json", BROKEN), "--wire", "anthropic")
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0].split() == ["rule", "severity", "path", "message"]
    assert lines[2].startswith("call-without-result  error       messages[1].content[1]  ")
    assert lines[2].endswith(MISSING)
    assert lines[-1] == "1 error(s), 0 warning(s)."
    assert "source" not in out  # the table leaves the long sources to json and csv


def test_a_clean_request_exits_0(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "lint", write(tmp_path, "r.json", CLEAN), "--wire", "anthropic")
    assert (code, out, err) == (0, "no findings (0 error(s), 0 warning(s)).\n", "")


def test_warnings_only_exit_0(capsys, tmp_path) -> None:
    ends_with_assistant = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Sure"},
    ]
    code, out, _ = run(
        capsys, "lint", write(tmp_path, "r.json", ends_with_assistant), "--wire", "anthropic"
    )
    assert code == 0
    assert "final-assistant  warning     messages[1]" in out
    assert out.splitlines()[-1] == "0 error(s), 1 warning(s)."


def test_json_and_csv_hold_every_field(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.json", BROKEN)
    expected = [
        {
            "rule": f.rule,
            "severity": f.severity,
            "path": f.path,
            "message": f.message,
            "source": f.source,
        }
        for f in lint("anthropic", BROKEN)
    ]
    assert [e["path"] for e in expected] == ["messages[1].content[1]"]
    code, out, _ = run(capsys, "lint", path, "--wire", "anthropic", "--format", "json")
    assert code == 1
    assert json.loads(out) == expected
    assert "(checked 2026-12-01)" in expected[0]["source"]
    code, out, _ = run(capsys, "lint", path, "--wire", "anthropic", "--format", "csv")
    assert code == 1
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows == expected


def test_a_bare_list_from_stdin(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(BROKEN["messages"])))
    code, out, _ = run(capsys, "lint", "-", "--wire", "anthropic", "--format", "json")
    assert code == 1
    assert [(f["rule"], f["path"]) for f in json.loads(out)] == [
        ("call-without-result", "messages[1].content[1]")
    ]


def test_json_lines_of_requests_name_their_line(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.jsonl", [CLEAN, BROKEN, BROKEN["messages"]], lines=True)
    code, out, _ = run(capsys, "lint", path, "--wire", "anthropic", "--format", "csv")
    assert code == 1
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["line"], r["rule"], r["path"]) for r in rows] == [
        ("2", "call-without-result", "messages[1].content[1]"),
        ("3", "call-without-result", "messages[1].content[1]"),
    ]
    code, out, _ = run(capsys, "lint", path, "--wire", "anthropic")
    assert out.splitlines()[-1] == "2 error(s), 0 warning(s) in 3 request(s)."


def test_profile_names_the_wire_and_its_rules(capsys, tmp_path) -> None:
    request = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_abcdefghij",
                    "type": "function",
                    "function": {"name": "f", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_abcdefghij", "content": "ok"},
    ]
    path = write(tmp_path, "r.json", request)
    code, out, _ = run(capsys, "lint", path, "--wire", "openai")
    assert (code, out.splitlines()[0]) == (0, "no findings (0 error(s), 0 warning(s)).")
    code, out, _ = run(capsys, "lint", path, "--profile", "mistral", "--format", "json")
    assert code == 1
    found = json.loads(out)
    assert [(f["rule"], f["path"]) for f in found] == [
        (f.rule, f.path) for f in lint("openai", request, profile="mistral")
    ]
    assert {f["rule"] for f in found} == {"call-id-format"}


def test_no_vision(capsys, tmp_path) -> None:
    image = {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}
    path = write(tmp_path, "r.json", [{"role": "user", "content": [image]}])
    code, out, _ = run(capsys, "lint", path, "--wire", "openai")
    assert code == 0
    code, out, _ = run(capsys, "lint", path, "--wire", "openai", "--no-vision", "--format", "json")
    assert [(f["rule"], f["path"]) for f in json.loads(out)] == [
        ("images-unsupported", "messages[0].content[0]")
    ]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["lint", "r.json"], "give --wire (or --profile)"),
        (["lint", "r.json", "--profile", "mistral", "--wire", "anthropic"], "is an openai profile"),
        (["lint", "r.json", "--wire", "openai", "--log", "r.json"], "give REQUEST or --log FILES"),
        (["lint", "--wire", "openai"], "give REQUEST or --log FILES"),
        (["lint", "r.json", "--wire", "openai", "--engine", "dask"], "--engine is for --log"),
        (["lint", "r.json", "--wire", "nope"], "invalid choice"),
        (["lint", "r.json", "--wire", "openai", "--format", "xml"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2_in_one_line(capsys, tmp_path, monkeypatch, argv, message) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "r.json", CLEAN)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"messages": [', "is neither JSON nor JSON lines (line 1: "),
        ('{"messages": []}\n{"messages": ', "is neither JSON nor JSON lines (line 2: "),
        (
            "42",
            "r.json: a request must be a JSON object (the body) or a list (its messages), not a"
            " number",
        ),
        ('{"messages": []}\n"hi"\n', "r.json:2: a request must be a JSON object"),
        ("", "r.json is empty"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (b"\xff\xfe".decode("latin-1"), "is not UTF-8 text"),
    ],
)
def test_bad_input_is_one_line(capsys, tmp_path, content, message) -> None:
    path = tmp_path / "r.json"
    if content == b"\xff\xfe".decode("latin-1"):
        path.write_bytes(b"\xff\xfe{")
    else:
        path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "lint", str(path), "--wire", "openai")
    assert (code, out) == (2, "")
    assert message in err
    assert err.startswith("toolresult-lab: error: ")
    assert len(err.strip().splitlines()) == 1


def test_a_missing_file(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "lint", str(tmp_path / "none.json"), "--wire", "openai")
    assert (code, out) == (2, "")
    assert "cannot read" in err


# -- --log ----------------------------------------------------------------------------------


def test_log_counts_by_wire_rule_and_severity(capsys, tmp_path) -> None:
    records = [
        BROKEN,
        CLEAN,
        BROKEN,
        "not a request",
        {"wire": "openai", "request": [{"role": "tool", "tool_call_id": "x", "content": "a"}]},
    ]
    path = write(tmp_path, "log.jsonl", records, lines=True)
    code, out, err = run(capsys, "lint", "--log", path, "--wire", "anthropic", "--format", "json")
    assert code == 1
    assert json.loads(out) == [
        {
            "wire": "openai",
            "profile": "",
            "rule": "result-without-call",
            "severity": "error",
            "findings": 1,
            "requests": 1,
            "example": f"{path}:5: messages[0]: The result for 'x' answers no call before it.",
        },
        {
            "wire": "anthropic",
            "profile": "",
            "rule": "call-without-result",
            "severity": "error",
            "findings": 2,
            "requests": 2,
            "example": f"{path}:1: messages[1].content[1]: {MISSING}",
        },
    ]
    assert err == (
        f"toolresult-lab: warning: 1 bad record skipped (first: {path}:4: not a request"
        " (an object or a list) but str)\n"
    )
    code, out, _ = run(capsys, "lint", "--log", path, "--wire", "anthropic")
    assert out.splitlines()[-1] == "4 requests checked, 1 without findings, 1 bad records skipped."


def test_a_clean_log_exits_0(capsys, tmp_path) -> None:
    path = write(tmp_path, "log.jsonl", [CLEAN, CLEAN], lines=True)
    code, out, _ = run(capsys, "lint", "--log", path, "--wire", "openai", "--format", "csv")
    assert (code, out) == (0, "wire,profile,rule,severity,findings,requests,example\n")


def test_log_bad_input_is_one_line(capsys, tmp_path) -> None:
    code, out, err = run(capsys, "lint", "--log", str(tmp_path / "*.jsonl"), "--wire", "openai")
    assert (code, out) == (2, "")
    assert err.strip() == f"toolresult-lab: error: no files match {tmp_path / '*.jsonl'}"


# -- repair ---------------------------------------------------------------------------------


def test_repair_writes_the_request_and_the_changes(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.json", BROKEN)
    code, out, err = run(capsys, "repair", path, "--wire", "anthropic")
    assert code == 0
    fixed = repair("anthropic", BROKEN)
    assert json.loads(out) == fixed.request
    assert json.loads(out)["messages"][2]["content"][1] == {
        "type": "tool_result",
        "tool_use_id": "toolu_2",
        "content": "No result was recorded for this call.",
        "is_error": True,
    }
    assert err == "".join(f"{path}: {change}\n" for change in fixed.changes)
    assert err == f"{path}: messages[1].content[1]: [call-without-result] {ADDED}\n"
    # the repaired request lints clean, and repairing it again changes nothing
    out_path = str(tmp_path / "fixed.json")
    code, out, err = run(capsys, "repair", path, "--wire", "anthropic", "-o", out_path)
    assert (code, out) == (0, "")
    code, out, _ = run(capsys, "lint", out_path, "--wire", "anthropic")
    assert (code, out) == (0, "no findings (0 error(s), 0 warning(s)).\n")
    code, out, err = run(capsys, "repair", out_path, "--wire", "anthropic")
    assert (json.loads(out), err) == (fixed.request, "")


def test_repair_says_what_it_left_to_keep_a_tool_output(capsys, tmp_path) -> None:
    """Issue 36: an audio block in a tool result (no placeholder may stand for its payload)
    stays, and standard error says so, beside the error it leaves."""
    audio = {
        "type": "audio",
        "source": {"type": "base64", "media_type": "audio/wav", "data": "UklGRg=="},
    }
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "go"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [audio]}],
            },
        ],
    }
    path = write(tmp_path, "audio.json", body)
    code, out, err = run(capsys, "repair", path, "--wire", "anthropic")
    fixed = repair("anthropic", body)
    assert json.loads(out) == body == fixed.request
    assert [str(c) for c in fixed.unfixed] == [
        "messages[2].content[0].content[0]: [tool-result-content] left as it is: its"
        " placeholder text would lose the payload it carries, and no text may hold a payload"
        " (a tool output is never removed)"
    ]
    assert err.splitlines()[0] == f"{path}: unfixed: {fixed.unfixed[0]}"
    assert code == 1  # the error it leaves


def test_repair_json_lines_and_what_it_leaves(capsys, tmp_path) -> None:
    bad_image = {
        "role": "user",
        "content": [
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": "%%%"},
            }
        ],
    }
    path = write(tmp_path, "r.jsonl", [CLEAN, BROKEN["messages"], [bad_image]], lines=True)
    code, out, err = run(capsys, "repair", path, "--wire", "anthropic")
    assert code == 1  # errors left that repair does not fix
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines == [
        CLEAN,
        repair("anthropic", BROKEN["messages"]).request,
        [bad_image],
    ]
    assert err.splitlines() == [
        f"{path}:2: messages[1].content[1]: [call-without-result] {ADDED}",
        f"toolresult-lab: warning: {path}:3: 1 error finding(s) left that repair does not fix"
        " (bad-base64)",
    ]


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["repair", "r.json"], 2, "give --wire (or --profile)"),
        (["repair", "r.json", "--wire", "openai", "-o", "no/such/dir/out.json"], 2, "cannot write"),
        (["repair", "none.json", "--wire", "openai"], 2, "cannot read"),
    ],
)
def test_repair_bad_input_is_one_line(capsys, tmp_path, monkeypatch, argv, code, message) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "r.json", CLEAN)
    got, out, err = run(capsys, *argv)
    assert (got, out) == (code, "")
    assert message in err
    assert len(err.strip().splitlines()) == 1


# -- repair: a lone surrogate is content ---------------------------------------------------

HALF = json.loads('"half an emoji: \\ud83d"')  # a UTF-16 stream cut in the middle of a pair


@pytest.mark.parametrize("lines", [False, True])
def test_repair_writes_a_lone_surrogate_as_its_escape(capsys, tmp_path, lines) -> None:
    """Issue 36: ``repair`` died with a UnicodeEncodeError traceback and wrote nothing
    (standard output and ``-o``). The request comes back the same JSON value, in text that
    encodes as UTF-8, with one warning line per string."""
    request = [{"role": "user", "content": HALF}, {"role": "assistant", "content": "\udfff ok"}]
    path = tmp_path / "req.json"
    text = json.dumps(request)  # ASCII: the escapes as a UTF-16 log writes them
    path.write_text(f"{text}\n{text}\n" if lines else text, encoding="ascii")
    code, out, err = run(capsys, "repair", str(path), "--wire", "openai")
    assert code == 0
    out.encode("utf-8")  # no lone surrogate in the text itself
    assert "\\ud83d" in out
    got = [json.loads(line) for line in out.splitlines()] if lines else [json.loads(out)]
    assert got == [request] * (2 if lines else 1)
    places = [f"{path}:{n}" for n in (1, 2)] if lines else [str(path)]
    assert err.splitlines() == [
        f"toolresult-lab: warning: {where}: [{n}].content: a lone"
        " surrogate (no UTF-8 encodes it): written as its \\u escape"
        for where in places
        for n in (0, 1)
    ]
    written = tmp_path / "out.json"
    code, out, err = run(capsys, "repair", str(path), "--wire", "openai", "-o", str(written))
    assert (code, out) == (0, "")
    back = written.read_text(encoding="utf-8")
    got = [json.loads(line) for line in back.splitlines()] if lines else [json.loads(back)]
    assert got == [request] * (2 if lines else 1)
