"""The audit of logs of requests in any wire's shape (``audit(..., requests_of=W)``,
``toolresult-lab audit --from W``): every tool result inside each request is read back with
``ToolResult.from_wire`` and audited as a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_cli
from turn_fixtures import PNG

from toolresult_lab import ToolCall, ToolResult, audit, tool_turn

CALLS = [ToolCall(id="call_a", name="weather"), ToolCall(id="call_b", name="chart")]
RESULTS = [
    ToolResult(content=[{"type": "text", "text": "Sunny"}]),
    ToolResult(content=[{"type": "image", "data": PNG, "mimeType": "image/png"}]),
]


def openai_request(team: str) -> dict:
    return {
        "team": team,
        "messages": [{"role": "user", "content": "hi"}, *tool_turn("openai", CALLS, RESULTS)],
    }


def anthropic_request() -> dict:
    turn = tool_turn("anthropic", CALLS, RESULTS, image_input=True)
    return {"messages": [{"role": "user", "content": "hi"}, *turn]}


def test_openai_request_log_counts_each_result(tmp_path: Path) -> None:
    log = tmp_path / "requests.jsonl"
    rows = [openai_request("a"), openai_request("b"), 5]
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    df = audit(str(log), wires="gemini", requests_of="openai", by="team", image_input=True)
    assert df.attrs["records"] == 4  # two results in each of two requests
    assert df.attrs["bad_records"] == 1
    # openai carried the image as a placeholder: gemini reads back the text it became
    texts = df[(df["kind"] == "text") & (df["team"] == "a")]
    assert int(texts["entries"].sum()) == 2


def test_anthropic_images_are_read_back_as_images(tmp_path: Path) -> None:
    log = tmp_path / "requests.jsonl"
    log.write_text(json.dumps(anthropic_request()) + "\n", encoding="utf-8")
    df = audit(str(log), wires="openai", requests_of="anthropic")
    kinds = dict(zip(df["kind"], df["outcome"], strict=True))
    assert kinds == {"text": "text", "image_png": "placeholder"}


def test_cli_audit_from(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "requests.jsonl"
    log.write_text(json.dumps(anthropic_request()) + "\n", encoding="utf-8")
    status, out, _ = run_cli(
        capsys, "audit", str(log), "--from", "anthropic", "--wire", "ollama", "--format", "json"
    )
    assert status == 0
    rows = json.loads(out)
    assert {(r["kind"], r["outcome"]) for r in rows} == {
        ("text", "text"),
        ("image_png", "placeholder"),
    }
