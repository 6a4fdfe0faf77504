"""``toolresult-lab diff A B`` and ``toolresult-lab lint --previous A B`` (issue 38): the
first change B makes to what A sent; one line on stderr for bad input, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_prefix_changed import _anthropic, _cut

from toolresult_lab.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return code, out, err


def _files(tmp_path: Path) -> tuple[str, str, str]:
    sent, later = _anthropic()
    cut: Any = json.loads(json.dumps(later))
    _cut("anthropic", cut)
    names = []
    for name, body in (("a.json", sent), ("b.json", later), ("c.json", cut)):
        (tmp_path / name).write_text(json.dumps(body), encoding="utf-8")
        names.append(str(tmp_path / name))
    return names[0], names[1], names[2]


def test_diff_of_an_append_only_pair_exits_0(tmp_path: Path, capsys) -> None:
    a, b, _ = _files(tmp_path)
    assert run(capsys, "diff", a, b, "--wire", "anthropic") == (
        0,
        "append-only: 3 kept, 2 appended\n",
        "",
    )


def test_diff_names_the_first_change_and_exits_1(tmp_path: Path, capsys) -> None:
    a, _, c = _files(tmp_path)
    assert run(capsys, "diff", a, c, "--wire", "anthropic") == (
        1,
        "messages[2].content[0]: The tool result for 'toolu_1' was cut from 400 to 100"
        " characters\nabout 85 input tokens from there on\n"
        "signed thinking after it: messages[3].content[0]\n",
        "",
    )
    code, out, _ = run(capsys, "diff", a, c, "--wire", "anthropic", "--format", "json")
    shown = json.loads(out)
    assert (code, shown["change"]["kind"], shown["tokens_after"], shown["bound"]) == (
        1,
        "result-shortened",
        85,
        ["messages[3].content[0]"],
    )


def test_lint_previous_reports_prefix_changed(tmp_path: Path, capsys) -> None:
    a, b, c = _files(tmp_path)
    code, out, _ = run(capsys, "lint", "--previous", a, b, "--wire", "anthropic")
    assert (code, out.splitlines()[0]) == (0, "no findings (0 error(s), 0 warning(s)).")
    code, out, _ = run(
        capsys, "lint", "--previous", a, c, "--wire", "anthropic", "--format", "json"
    )
    [finding] = json.loads(out)
    assert (code, finding["rule"], finding["severity"], finding["path"]) == (
        0,
        "prefix-changed",
        "warning",
        "messages[2].content[0]",
    )


def test_bad_input_is_one_line(tmp_path: Path, capsys) -> None:
    a, _, c = _files(tmp_path)
    missing = str(tmp_path / "nope.json")
    code, out, err = run(capsys, "diff", a, missing, "--wire", "anthropic")
    assert (code, out, err) == (
        2,
        "",
        f"toolresult-lab: error: cannot read {missing}: No such file or directory\n",
    )
    lines = tmp_path / "two.jsonl"
    lines.write_text('{"messages": []}\n{"messages": []}\n', encoding="utf-8")
    code, out, err = run(capsys, "lint", "--previous", str(lines), c, "--wire", "anthropic")
    assert (code, err) == (
        2,
        f"toolresult-lab: error: {lines} holds 2 requests: expected one (the request sent"
        " before)\n",
    )
    code, _, err = run(capsys, "lint", "--previous", a, "--log", c, "--wire", "anthropic")
    assert code == 2 and err.splitlines()[-1].endswith(
        "error: --previous is for one REQUEST, not --log (see toolresult-lab lint --help)"
    )
    code, _, err = run(capsys, "diff", "-", "-", "--wire", "anthropic")
    assert code == 2 and "only one of A and B can be - (stdin)" in err


def test_lint_previous_response(tmp_path: Path, capsys) -> None:
    sent, later = _anthropic()
    answer = {
        "role": "assistant",
        "content": json.loads(json.dumps(later["messages"][3]["content"])),
    }
    del later["messages"][3]["content"][0]
    paths = []
    for name, body in (("a.json", sent), ("b.json", later), ("r.json", answer)):
        (tmp_path / name).write_text(json.dumps(body), encoding="utf-8")
        paths.append(str(tmp_path / name))
    a, b, r = paths
    code, out, _ = run(
        capsys, "lint", "--previous", a, "--previous-response", r, b, "--wire", "anthropic",
        "--format", "json",
    )  # fmt: skip
    [finding] = json.loads(out)
    assert (code, finding["path"], finding["message"].split(",")[0]) == (
        0,
        "messages[3].content[0]",
        "The thinking block returned at content[0] is left out of messages[3]",
    )
    code, _, err = run(capsys, "lint", "--previous-response", r, b, "--wire", "anthropic")
    assert code == 2 and "--previous-response needs --previous" in err


def test_repair_previous_keeps_what_was_sent(tmp_path: Path, capsys) -> None:
    sent, later = _anthropic()
    for body in (sent, later):
        body["messages"][2]["content"].insert(0, {"type": "text", "text": "note"})
    (tmp_path / "a.json").write_text(json.dumps(sent), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps(later), encoding="utf-8")
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    code, out, err = run(capsys, "repair", b, "--previous", a, "--wire", "anthropic")
    assert json.loads(out) == later
    assert err.splitlines()[0] == (
        f"{b}: unfixed: messages[2].content[1]: [results-after-other-content] left as it is:"
        " moved the tool result blocks first (the previous request sent it: changing it would"
        " change the conversation's prefix)"
    )
    assert code == 1  # the error stays: repair does not fix it
    code, out, _ = run(capsys, "repair", b, "--wire", "anthropic")
    assert code == 0 and json.loads(out) != later
