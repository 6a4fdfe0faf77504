"""Issue 28, items 1-8: what the command line promises every subcommand: one exit-status
scheme (0 clean, 1 findings, 2 usage or unreadable input) shown in each ``--help``; a tool
result is a tool result; ``lint --log`` on nothing; hints for the wrong format; bounded
reads of single files; wording."""

from __future__ import annotations

import gzip
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from toolresult_lab.cli import _parser
from toolresult_lab.cli._shared import MAX_INPUT_BYTES

GOOD = {"content": [{"type": "text", "text": "hi"}]}
CALLS = {"role": "assistant", "tool_calls": [
    {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
]}  # fmt: skip
CLEAN = {"messages": [{"role": "user", "content": "hi"}]}


def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def one_error(err: str) -> str:
    assert err.startswith("toolresult-lab"), err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# -- item 2: one exit-status scheme ----------------------------------------------------------

COMMANDS = ("matrix", "convert", "explain", "turn", "profiles", "docs", "audit", "lint",
            "diff", "repair", "translate")  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_shows_the_exit_status_scheme(capsys, command) -> None:
    code, out, _ = run_cli(capsys, command, "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "exit status: 0 done and clean; 1 " in text
    assert "2 a usage error or an unreadable input." in text


def test_the_findings_each_help_names() -> None:
    commands = _parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert commands["lint"].epilog == (
        "exit status: 0 done and clean; 1 an error finding is present; 2 a usage error or an"
        " unreadable input."
    )
    assert commands["matrix"].epilog == (
        "exit status: 0 done and clean; 1 is not used; 2 a usage error or an unreadable input."
    )


def _unreadable(tmp_path: Path) -> list[tuple[str, str]]:
    return [
        (str(tmp_path / "missing.json"), "cannot read"),
        (str(tmp_path), "is a directory"),
        (write(tmp_path, "bad.json", "{not json"), "JSON"),  # "not valid JSON", "neither JSON nor"
        (write(tmp_path, "junk.bin", bytes(range(256)) * 4), "is not UTF-8 text"),
        (write(tmp_path, "empty.json", ""), "is empty"),
    ]


@pytest.mark.parametrize("command", ["convert", "explain", "lint", "repair", "translate"])
def test_an_unreadable_input_exits_2(capsys, tmp_path, command) -> None:
    wire = {"translate": ["--from", "openai", "--to", "anthropic"]}.get(
        command, ["--wire", "openai"]
    )
    for path, message in _unreadable(tmp_path):
        code, out, err = run_cli(capsys, command, path, *wire)
        assert (code, out) == (2, ""), (path, err)
        assert message in one_error(err), (path, err)


def test_turn_with_an_unreadable_input_exits_2(capsys, tmp_path) -> None:
    results = write(tmp_path, "r.json", GOOD)
    for path, message in _unreadable(tmp_path):
        code, out, err = run_cli(capsys, "turn", path, results, "--wire", "openai")
        assert (code, out) == (2, ""), (path, err)
        assert message in one_error(err)


def test_usage_errors_exit_2_alike(capsys, tmp_path) -> None:
    calls, results = write(tmp_path, "c.json", CALLS), write(tmp_path, "r.json", GOOD)
    code, _, err = run_cli(capsys, "turn", calls, results, "--wire", "openai", "--hoist-images")
    assert code == 2 and "--hoist-images needs --image-input" in one_error(err)
    code, _, err = run_cli(capsys, "convert", results, "--wire", "hermes", "--response-tag", "<x>")
    assert code == 2 and one_error(err)
    code, _, err = run_cli(capsys, "turn", "-", "-", "--wire", "openai")
    assert code == 2 and "cannot both be read from stdin" in one_error(err)


def test_findings_exit_1(capsys, tmp_path) -> None:
    nameless = write(tmp_path, "r.json", GOOD)
    code, out, err = run_cli(capsys, "convert", nameless, "--wire", "anthropic", "--strict")
    assert (code, out) == (1, "")
    assert "the result has no call id" in one_error(err)


def test_repair_exits_0_when_nothing_is_left(capsys, tmp_path) -> None:
    code, out, err = run_cli(capsys, "repair", write(tmp_path, "r.json", CLEAN), "--wire", "openai")
    assert (code, err) == (0, "")
    assert json.loads(out) == CLEAN


# -- item 1: a result is a tool result -------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "text", "text": "hi"},
            "no content or structuredContent: not a tool result (this looks like one content"
            " block, of type 'text': wrap it as {\"content\": [...]})",
        ),
        ({"foo": 1}, "no content or structuredContent: not a tool result"),
        ({"name": "f", "id": "c"}, "no content or structuredContent: not a tool result"),
    ],
)
def test_convert_refuses_what_is_not_a_tool_result(capsys, tmp_path, data, message) -> None:
    path = write(tmp_path, "r.json", data)
    code, out, err = run_cli(capsys, "convert", path, "--wire", "openai")
    assert (code, out) == (2, "")
    assert one_error(err) == f"toolresult-lab: error: {path}: {message}\n"


def test_turn_refuses_what_is_not_a_tool_result(capsys, tmp_path) -> None:
    calls = write(tmp_path, "c.json", CALLS)
    results = write(tmp_path, "r.json", [{"foo": 1}])
    code, out, err = run_cli(capsys, "turn", calls, results, "--wire", "openai")
    assert (code, out) == (2, "")
    assert one_error(err) == (
        f"toolresult-lab: error: {results}: result 1: no content or structuredContent:"
        " not a tool result\n"
    )


def test_structured_content_alone_is_a_result(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.json", {"structuredContent": [1, 2], "id": "c", "name": "f"})
    code, out, err = run_cli(capsys, "convert", path, "--wire", "openai")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"role": "tool", "tool_call_id": "c", "content": "[1,2]"}


# -- item 3 and 4: lint --log ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "no request was read from {path}: no records"),
        (b"\x00\xff\xfe junk \x80" * 64, "no request was read from {path}: 1 bad record (first:"),
        (
            json.dumps(CLEAN, indent=2),
            "; {path} is one JSON value over many lines, but logs are read as JSON Lines (one"
            " record a line): for one value use `toolresult-lab lint FILE --wire WIRE`",
        ),
    ],
)
def test_lint_log_that_read_nothing_exits_2(capsys, tmp_path, content, message) -> None:
    path = write(tmp_path, "log.jsonl", content)
    code, out, err = run_cli(capsys, "lint", "--log", path, "--wire", "openai")
    assert (code, out) == (2, "")
    assert message.format(path=path) in one_error(err)


def test_lint_log_takes_each_record_wire_without_wire(capsys, tmp_path) -> None:
    records = [
        {"request": CLEAN, "wire": "openai"},
        {"request": {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}, "wire": "gemini"},
    ]
    path = write(tmp_path, "log.jsonl", "\n".join(json.dumps(r) for r in records) + "\n")
    code, out, err = run_cli(capsys, "lint", "--log", path, "--format", "json", "--no-progress")
    assert (code, err) == (0, "")
    assert json.loads(out) == []


def test_lint_log_flags_are_for_the_log_only(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.json", CLEAN)
    for flags, message in (
        (["--progress"], "--progress is for --log"),
        (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler is for --log"),
    ):
        code, _, err = run_cli(capsys, "lint", path, "--wire", "openai", *flags)
        assert code == 2 and message in one_error(err)
    code, _, err = run_cli(
        capsys, "lint", "--log", path, "--scheduler", "tcp://127.0.0.1:1", "--wire", "openai"
    )
    assert code == 2 and "--scheduler needs --engine dask" in one_error(err)


# -- item 6: hints for the wrong format ------------------------------------------------------


def test_audit_of_a_pretty_printed_result_says_it_reads_json_lines(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.json", json.dumps(GOOD, indent=2))
    code, out, err = run_cli(capsys, "audit", path, "--no-progress")
    assert (code, out) == (2, "")
    assert one_error(err).endswith(
        f"; {path} is one JSON value over many lines, but logs are read as JSON Lines (one record"
        " a line): for one value use `toolresult-lab explain FILE --wire all`\n"
    )


def test_lint_of_a_log_suggests_log(capsys, tmp_path) -> None:
    lines = "".join(json.dumps({"request": CLEAN, "wire": "openai"}) + "\n" for _ in range(3))
    path = write(tmp_path, "log.jsonl", lines)
    code, out, err = run_cli(capsys, "lint", path, "--wire", "openai")
    assert (code, out) == (2, "")
    assert one_error(err) == (
        f'toolresult-lab: error: {path} holds log records ({{"request": ..., "wire": ...}}),'
        " not requests: `toolresult-lab lint --log FILE` reads such logs\n"
    )


def test_a_gzip_log_given_as_one_file_is_named(capsys, tmp_path) -> None:
    path = write(tmp_path, "log.jsonl.gz", gzip.compress(json.dumps(CLEAN).encode()))
    code, out, err = run_cli(capsys, "lint", path, "--wire", "openai")
    assert (code, out) == (2, "")
    assert one_error(err) == (
        f"toolresult-lab: error: {path} is a gzip file, not UTF-8 text: a log?"
        " `toolresult-lab audit` (results) and `toolresult-lab lint --log` (requests) read gzip"
        " and Parquet logs\n"
    )


# -- item 8: bounded reads of single files ---------------------------------------------------


@pytest.mark.parametrize("command", ["convert", "lint", "translate", "turn"])
def test_a_device_is_refused_before_it_is_read(capsys, command) -> None:
    argv = {
        "convert": ["convert", "/dev/zero", "--wire", "openai"],
        "lint": ["lint", "/dev/zero", "--wire", "openai"],
        "translate": ["translate", "/dev/zero", "--from", "openai", "--to", "gemini"],
        "turn": ["turn", "/dev/zero", "/dev/zero", "--wire", "openai"],
    }[command]
    code, out, err = run_cli(capsys, *argv)
    assert (code, out) == (2, "")
    assert one_error(err) == (
        "toolresult-lab: error: /dev/zero is a device: give a regular file, or - for standard"
        " input\n"
    )


def test_a_fifo_is_refused_without_blocking(capsys, tmp_path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = run_cli(capsys, "convert", str(fifo), "--wire", "openai")
    assert (code, out) == (2, "")
    assert f"{fifo} is a FIFO: give a regular file" in one_error(err)


class _Endless(io.RawIOBase):
    """An endless stream of zero bytes that counts what was read from it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = len(buffer)
        buffer[:size] = bytes(size)
        self.given += size
        return size


def test_an_endless_stdin_stops_at_the_cap(capsys, monkeypatch) -> None:
    endless = _Endless()
    stdin = io.TextIOWrapper(io.BufferedReader(endless))
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, err = run_cli(capsys, "convert", "-", "--wire", "openai")
    assert (code, out) == (2, "")
    assert one_error(err) == (
        "toolresult-lab: error: standard input holds more than 128 MiB, the most one input may"
        " hold (logs of any size: `toolresult-lab audit` or `toolresult-lab lint --log`)\n"
    )
    assert MAX_INPUT_BYTES < endless.given <= MAX_INPUT_BYTES + 2 * io.DEFAULT_BUFFER_SIZE


def test_a_file_over_the_cap_is_refused(capsys, tmp_path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as file:
        file.truncate(MAX_INPUT_BYTES + 1)  # sparse: no disk used
    code, out, err = run_cli(capsys, "lint", str(path), "--wire", "openai")
    assert (code, out) == (2, "")
    assert f"{path} holds more than 128 MiB" in one_error(err)


# -- item 7: wording -------------------------------------------------------------------------


def test_help_lines_are_alike() -> None:
    """Every short help (the command list) starts in lower case, as argparse's own; every
    description is a sentence: a capital first, a full stop last."""
    commands = _parser()._subparsers._group_actions[0]  # type: ignore[union-attr]
    for action in commands._choices_actions:
        assert action.help and action.help[0].islower(), action.dest
    for name, sub in commands.choices.items():
        assert sub.description[0].isupper(), name
        assert sub.description.rstrip().endswith("."), name


def test_a_profile_of_another_wire_reads_well(capsys, tmp_path) -> None:
    path = write(tmp_path, "r.json", CLEAN)
    code, _, err = run_cli(capsys, "lint", path, "--profile", "mistral", "--wire", "anthropic")
    assert code == 2
    assert "--profile mistral is an openai profile, not anthropic" in one_error(err)


def test_a_result_note_prints_as_a_sentence() -> None:
    from toolresult_lab import ToolResult

    [note] = [n for n in ToolResult(content=[], is_error=True).explain("openai").notes
              if n.field == "is_error"]  # fmt: skip
    assert str(note) == "is_error omitted: openai has no error field"


def test_a_shape_error_guesses_the_real_wire(capsys, tmp_path) -> None:
    call = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
    answer = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}
    request = {"model": "claude", "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": [answer]},
    ]}  # fmt: skip
    path = write(tmp_path, "r.json", request)
    code, out, err = run_cli(capsys, "lint", path, "--wire", "gemini")
    assert code == 1 and "the body has no contents list" in out
    assert err == (
        f"toolresult-lab: warning: {path}: the request does not have the gemini shape; it reads"
        " as anthropic without a problem (--wire anthropic?)\n"
    )
