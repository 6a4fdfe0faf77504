"""``toolresult-lab turn CALLS RESULTS --wire W``: a provider's assistant turn and MCP results
as a wire's tool turn; bad input is one line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from turn_fixtures import PNG

from toolresult_lab import ToolCall, ToolResult, tool_turn

OPENAI_MESSAGE = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {
            "id": "call_w",
            "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city":"Köln"}'},
        },
        {"id": "call_c", "type": "function", "function": {"name": "chart", "arguments": "{}"}},
    ],
}
WEATHER = {"content": [{"type": "text", "text": "Sunny"}], "isError": False}
CHART = {
    "content": [
        {"type": "text", "text": "Chart:"},
        {"type": "image", "mimeType": "image/png", "data": PNG},
    ],
    "structuredContent": None,
}
CALLS = ToolCall.from_wire("openai", OPENAI_MESSAGE)
RESULTS = [ToolResult.from_mcp(WEATHER), ToolResult.from_mcp(CHART)]


run = run_cli


def write(tmp_path: Path, name: str, data: Any, lines: bool = False) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    elif lines:
        path.write_text("\n".join(json.dumps(d) for d in data) + "\n", encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    return write(tmp_path, "calls.json", OPENAI_MESSAGE), write(
        tmp_path, "r.json", [WEATHER, CHART]
    )


@pytest.mark.parametrize("wire", ["openai", "anthropic", "gemini", "ollama", "responses", "hermes"])
def test_turn_on_every_wire(capsys: Any, files: tuple[str, str], wire: str) -> None:
    code, out, err = run(capsys, "turn", *files, "--wire", wire, "--from-wire", "openai")
    assert (code, err) == (0, "")
    assert json.loads(out) == tool_turn(wire, CALLS, RESULTS)


def test_options_echo_and_hoisting(capsys: Any, files: tuple[str, str]) -> None:
    argv = ["turn", *files, "--wire", "openai", "--image-input", "--hoist-images", "--no-echo"]
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    expected = tool_turn("openai", CALLS, RESULTS, echo=False, image_input=True, hoist_images=True)
    assert json.loads(out) == expected
    assert (
        expected[-1]["content"][0]["text"]
        == "Images from the tool results above: call_c content[1]"
    )
    code, out, _ = run(capsys, "turn", *files, "--wire", "hermes", "--from-wire", "openai",
                       "--response-tag", "fn")  # fmt: skip
    assert json.loads(out)[1]["content"].startswith("<fn>\n")
    code, out, _ = run(capsys, "turn", *files, "--wire", "anthropic", "--from-wire", "openai",
                       "--native-pdf", "off", "--source-blocks", "off")  # fmt: skip
    assert json.loads(out) == tool_turn(
        "anthropic", CALLS, RESULTS, native_pdf=False, source_blocks=False
    )


def test_results_as_json_lines_with_ids_in_any_order(capsys: Any, tmp_path: Path) -> None:
    calls = write(tmp_path, "calls.json", OPENAI_MESSAGE)
    named = [{**CHART, "name": "chart", "id": "call_c"}, {**WEATHER, "id": "call_w"}]
    results = write(tmp_path, "r.jsonl", named, lines=True)
    code, out, err = run(
        capsys, "turn", calls, results, "--wire", "responses", "--from-wire", "openai"
    )
    assert (code, err) == (0, "")
    assert [m.get("call_id") for m in json.loads(out)] == ["call_w", "call_c", "call_w", "call_c"]


def test_a_single_result_object_and_hermes_text(capsys: Any, tmp_path: Path) -> None:
    text = (
        'Sure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Köln"}}\n</tool_call>'
    )
    calls = write(tmp_path, "calls.txt", text)
    results = write(tmp_path, "r.json", WEATHER)
    code, out, err = run(capsys, "turn", calls, results, "--wire", "hermes")
    assert (code, err) == (0, "")
    assert json.loads(out) == [
        {
            "role": "assistant",
            "content": '<tool_call>\n{"name":"get_weather","arguments":{"city":"Köln"}}'
            "\n</tool_call>",
        },
        {
            "role": "tool",
            "content": '<tool_response>\n{"content":"Sunny","name":"get_weather"}'
            "\n</tool_response>",
        },
    ]


@pytest.mark.parametrize(
    ("calls", "results", "extra", "message"),
    [
        ("missing.json", [WEATHER, CHART], [], "cannot read"),
        ("{not json", [WEATHER, CHART], [], "calls.json is not valid JSON"),
        (
            {"role": "assistant", "content": "hi"},
            [WEATHER],
            [],
            "the openai message holds no tool calls",
        ),
        (
            {"tool_calls": [{"id": "c", "function": {}}]},
            [WEATHER],
            [],
            "openai: tool_calls[0].function.name: the call has no name",
        ),
        (OPENAI_MESSAGE, "{", [], "is neither JSON nor JSON lines (line 1:"),
        (OPENAI_MESSAGE, [WEATHER, 3], [], "result 2: expected a JSON object, got a number"),
        (OPENAI_MESSAGE, [{**WEATHER, "id": 5}], [], "result 1: name and id must be strings"),
        (OPENAI_MESSAGE, [{"content": "x"}], [], "result 1: ToolResult.content must be a list"),
        (OPENAI_MESSAGE, [WEATHER], [], "2 call(s) but 1 result(s)"),
        (
            OPENAI_MESSAGE,
            [{**WEATHER, "id": "call_x"}, {**CHART, "id": "call_c"}],
            [],
            "results[0] answers call id 'call_x', which no call has",
        ),
        (
            OPENAI_MESSAGE,
            [WEATHER, CHART],
            ["--hoist-images"],
            "--hoist-images needs --image-input",
        ),
        (
            OPENAI_MESSAGE,
            [WEATHER, CHART],
            ["--from-wire", "anthropic"],
            "calls.json: the anthropic message holds no tool calls",
        ),
    ],
)
def test_bad_input_is_one_line(
    capsys: Any, tmp_path: Path, calls: Any, results: Any, extra: list[str], message: str
) -> None:
    calls_path = (
        str(tmp_path / calls) if calls == "missing.json" else write(tmp_path, "calls.json", calls)
    )
    results_path = write(tmp_path, "r.json", results)
    code, out, err = run(capsys, "turn", calls_path, results_path, "--wire", "openai", *extra)
    assert code == 2 and out == ""
    assert err.startswith("toolresult-lab: error: ") and err.count("\n") == 1, err
    assert message in err


def test_usage_errors(capsys: Any, files: tuple[str, str]) -> None:
    code, _, err = run(capsys, "turn", *files)
    assert code == 2 and "--wire" in err and err.count("\n") == 1
    code, _, err = run(capsys, "turn", *files, "--wire", "vertex")
    assert code == 2 and "vertex" in err
    code, _, err = run(capsys, "turn", "-", "-", "--wire", "openai")
    assert code == 2 and "cannot both be read from stdin" in err


def test_the_installed_command_reads_stdin(files: tuple[str, str]) -> None:
    _, results = files
    done = subprocess.run(
        [sys.executable, "-m", "toolresult_lab.cli", "turn", "-", results, "--wire", "gemini",
         "--from-wire", "openai"],
        input=json.dumps(OPENAI_MESSAGE),
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == tool_turn("gemini", CALLS, RESULTS)
