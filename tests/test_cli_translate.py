"""``toolresult-lab translate REQUEST --from W --to W2``: the request on stdout (or -o), the
losses on stderr, exit 1 when the translated request has lint errors, 2 for usage errors;
bad input is one line on stderr, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli
from turn_fixtures import PNG

from toolresult_lab import ToolCall, ToolResult, tool_turn, translate

CHART = ToolCall(id="call_c", name="get_chart", arguments={"city": "Köln"})
ANSWER = ToolResult(
    content=[
        {"type": "text", "text": "chart"},
        {"type": "image", "data": PNG, "mimeType": "image/png"},
    ]
)
REQUEST = {
    "messages": [
        {"role": "user", "content": "Chart for Köln?"},
        *tool_turn("anthropic", [CHART], [ANSWER], image_input=True),
    ]
}


def test_translate_writes_the_request_and_the_losses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    status, out, err = run_cli(
        capsys, "translate", str(path), "--from", "anthropic", "--to", "openai"
    )
    assert status == 0
    assert json.loads(out) == translate("anthropic", "openai", REQUEST).request
    assert (
        err == f"{path}: messages[2].content[0]: content[1]: openai has no native image form"
        " in a tool message (tool_turn's hoist_images sends images in a user message after it)\n"
    )
    target = tmp_path / "out.json"
    status, out, _ = run_cli(
        capsys,
        "translate",
        str(path),
        "--from",
        "anthropic",
        "--profile",
        "gemini-3",
        "-o",
        str(target),
    )
    assert (status, out) == (0, "")
    written = json.loads(target.read_text(encoding="utf-8"))
    assert (
        written["contents"][1]["parts"][0]["thoughtSignature"] == "skip_thought_signature_validator"
    )


def test_exit_1_when_the_translation_has_lint_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # an anthropic request with an unanswered call stays wrong on openai
    broken = {"messages": [REQUEST["messages"][0], REQUEST["messages"][1]]}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    status, out, err = run_cli(
        capsys, "translate", str(path), "--from", "anthropic", "--to", "openai"
    )
    assert status == 1
    assert json.loads(out)["messages"][1]["tool_calls"][0]["id"] == "call_c"
    assert "messages[1].content[0]: call 'call_c' has no result in the request" in err
    assert "lint error(s) (call-without-result)" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--from", "openai", "--to", "gemini"], "is neither JSON nor JSON lines"),
        (["--from", "openai"], "give --to (or --profile)"),
        (["--from", "openai", "--to", "openai", "--profile", "gemini-3"], "is a gemini profile"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    status, out, err = run_cli(capsys, "translate", str(path), *argv)
    assert status != 0 and out == ""
    assert message in err and "Traceback" not in err


def test_a_malformed_inside_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "inside.json"
    path.write_text(json.dumps({"messages": [5]}), encoding="utf-8")
    status, out, err = run_cli(capsys, "translate", str(path), "--from", "openai", "--to", "gemini")
    assert (status, out) == (2, "")  # EXIT_INPUT
    assert err.count("\n") == 1 and "messages[0]" in err and "Traceback" not in err
