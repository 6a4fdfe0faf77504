"""Anthropic API version 2026-10-21, read from the anthropic-version header: lint, repair,
translate and the CLI take the headers, and each version rule has a failing request and its
near miss (the same request made valid)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolresult_lab import lint, translate
from toolresult_lab.cli import main
from toolresult_lab.requests.repairing import repair
from toolresult_lab.requests.rules import RULES

V2026: dict[str, str] = {"anthropic-version": "2026-10-21"}
V2023: dict[str, str] = {"anthropic-version": "2023-06-01"}
MIGRATION = "https://platform.claude.com/docs/en/api/migration-2026-10-21"


def _body(**extra: Any) -> dict[str, Any]:
    return {
        "model": "claude-sonnet-4-6",
        "max_tokens": 64,
        "messages": [{"role": "user", "content": "hi"}],
        **extra,
    }


def _found(request: Any, headers: dict[str, str] | None) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in lint("anthropic", request, headers=headers)]


@pytest.mark.parametrize("key", ["temperature", "top_p", "top_k"])
def test_sampling_parameters_are_errors_with_the_new_version_even_at_defaults(key: str) -> None:
    value = 1 if key != "top_k" else 40
    body = _body(**{key: value})
    assert _found(body, V2026) == [("version-sampling", "error", key)]
    message = lint("anthropic", body, headers={"Anthropic-Version": " 2026-10-21 "})[0].message
    assert message == (
        f"The request sets {key} with anthropic-version 2026-10-21, which takes no"
        " temperature, top_p or top_k (even at their defaults)."
    )
    # near misses: the same body under 2023-06-01, without any header, and without the key
    assert _found(body, V2023) == []
    assert _found(body, None) == []
    assert _found(_body(), V2026) == []


def test_version_finding_names_its_source_and_answer() -> None:
    found = lint("anthropic", _body(temperature=0.2), headers=V2026)[0]
    assert MIGRATION in found.source
    assert "(checked 2026-12-07)" in found.source
    assert RULES["version-sampling"].answer == "temperature: Extra inputs are not permitted"


DOC = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "d"}}


def _with_assistant(block: dict[str, Any]) -> dict[str, Any]:
    return _body(
        messages=[
            {"role": "user", "content": "read it"},
            {"role": "assistant", "content": [block]},
            {"role": "user", "content": "and?"},
        ]
    )


def test_a_document_in_an_assistant_message_is_an_error_with_the_new_version() -> None:
    body = _with_assistant(DOC)
    assert _found(body, V2026) == [
        ("version-assistant-document", "error", "messages[1].content[0]")
    ]
    assert _found(body, None) == []
    assert _found(body, V2023) == []
    # near miss: the document sent in the user message instead
    moved = _body(
        messages=[
            {"role": "user", "content": [DOC, {"type": "text", "text": "read it"}]},
            {"role": "assistant", "content": [{"type": "text", "text": "done"}]},
            {"role": "user", "content": "and?"},
        ]
    )
    assert _found(moved, V2026) == []


CITED = {
    "type": "text",
    "text": "the sky is blue",
    "citations": [
        {
            "type": "char_location",
            "cited_text": "blue",
            "document_index": 0,
            "start_char_index": 0,
            "end_char_index": 4,
        }
    ],
}


def test_citations_on_user_text_are_an_error_with_the_new_version() -> None:
    body = _body(messages=[{"role": "user", "content": [CITED]}])
    assert _found(body, V2026) == [("version-user-citations", "error", "messages[0].content[0]")]
    assert _found(body, None) == []
    # near misses: an empty citations list; the same cited text in an assistant message
    empty = _body(messages=[{"role": "user", "content": [{**CITED, "citations": []}]}])
    assert _found(empty, V2026) == []
    said = _body(
        messages=[
            {"role": "user", "content": "what colour?"},
            {"role": "assistant", "content": [CITED]},
            {"role": "user", "content": "thanks"},
        ]
    )
    assert _found(said, V2026) == []


def test_citations_inside_a_search_result_of_a_tool_result_are_found() -> None:
    result = {
        "type": "search_result",
        "source": "https://example.com",
        "title": "t",
        "content": [CITED],
        "citations": {"enabled": True},
    }
    body = _body(
        messages=[
            {"role": "user", "content": "look it up"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "toolu_1", "name": "s", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [result]}],
            },
        ]
    )
    assert _found(body, V2026) == [
        ("version-user-citations", "error", "messages[2].content[0].content[0].content[0]")
    ]
    # near miss: citations enabled on the search result, its text without citations
    plain = json.loads(json.dumps(body))
    del plain["messages"][2]["content"][0]["content"][0]["content"][0]["citations"]
    assert _found(plain, V2026) == []


def test_repair_takes_model_and_headers_and_leaves_the_version_errors() -> None:
    body = _body(temperature=0.5)
    fixed = repair("anthropic", body, model="claude-sonnet-4-6", headers=V2026)
    assert fixed.changes == ()
    assert fixed.request == body
    with pytest.raises(TypeError) as raised:
        repair("anthropic", body, headers=[("a", "b")])  # type: ignore[arg-type]
    assert str(raised.value) == (
        "headers must be a mapping of header names to values or None, not list"
    )
    with pytest.raises(TypeError) as raised:
        repair("anthropic", body, model=3)  # type: ignore[arg-type]
    assert str(raised.value) == "model must be a str or None, not int"


OPENAI = {
    "model": "gpt-4o",
    "temperature": 0.5,
    "top_p": 0.9,
    "messages": [{"role": "user", "content": "hi"}],
}


def test_translate_with_the_new_version_writes_no_sampling_parameter() -> None:
    out = translate("openai", "anthropic", OPENAI, headers=V2026)
    assert out.request == {
        "messages": [{"role": "user", "content": "hi"}],
        "model": "gpt-4o",
        "max_tokens": 4096,
    }
    assert [(loss.path, loss.what) for loss in out.losses] == [
        (
            "top_p",
            "anthropic: Claude Sonnet 4.5 and later reject temperature and top_p together (use"
            " only one): top_p dropped, temperature kept",
        ),
        (
            "temperature",
            "anthropic-version 2026-10-21 takes no temperature (400 even at its default): dropped",
        ),
    ]
    assert [f.rule for f in out.findings] == ["model-unknown"]  # gpt-4o names no Claude


def test_translate_to_anthropic_never_writes_temperature_and_top_p_together() -> None:
    out = translate("openai", "anthropic", OPENAI)
    assert out.request["temperature"] == 0.5
    assert "top_p" not in out.request
    assert [loss.path for loss in out.losses] == ["top_p"]
    # near miss: top_p alone is written
    only = {k: v for k, v in OPENAI.items() if k != "temperature"}
    alone = translate("openai", "anthropic", only)
    assert alone.request["top_p"] == 0.9
    assert alone.losses == ()


def test_translate_from_gemini_names_the_source_paths_of_the_dropped_sampling() -> None:
    gemini = {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "generationConfig": {"temperature": 0.5, "topK": 3},
    }
    out = translate("gemini", "anthropic", gemini, headers=V2026)
    assert "temperature" not in out.request and "top_k" not in out.request
    assert [loss.path for loss in out.losses] == [
        "generationConfig.temperature",
        "generationConfig.topK",
    ]
    kept = translate("gemini", "anthropic", gemini, headers=V2023)
    assert (kept.request["temperature"], kept.request["top_k"]) == (0.5, 3)


def test_translate_lints_with_the_destination_headers() -> None:
    doc = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 64,
        "messages": [
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": [DOC]},
            {"role": "user", "content": "and?"},
        ],
    }
    out = translate("anthropic", "anthropic", doc, headers=V2026)
    assert [(f.rule, f.path) for f in out.findings] == [
        ("version-assistant-document", "messages[1].content[0]")
    ]
    assert list(translate("anthropic", "anthropic", doc).findings) == []


def _write(tmp_path: Path, body: dict[str, Any]) -> str:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return str(path)


def test_cli_lint_takes_header_and_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _body(top_k=5))
    code = main(
        [
            "lint",
            path,
            "--wire",
            "anthropic",
            "--format",
            "json",
            "--model",
            "claude-sonnet-4-5",
            "--header",
            "anthropic-version: 2026-10-21",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 1
    assert [(f["rule"], f["path"]) for f in out] == [("version-sampling", "top_k")]
    assert main(["lint", path, "--wire", "anthropic", "--header", "x-other:1"]) == 0


@pytest.mark.parametrize("bad", ["no-colon", ":value", "  :v"])
def test_cli_malformed_header_is_one_line(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        main(["lint", "-", "--wire", "anthropic", "--header", bad])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"argument --header: expected NAME:VALUE, got {bad!r}" in err


def test_cli_translate_and_repair_take_headers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _body(temperature=1.0))
    code = main(
        [
            "translate",
            path,
            "--from",
            "anthropic",
            "--to",
            "anthropic",
            "--header",
            "anthropic-version:2026-10-21",
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert "temperature" not in json.loads(captured.out)
    assert captured.err == (
        f"{path}: temperature: anthropic-version 2026-10-21 takes no temperature (400 even"
        " at its default): dropped\n"
    )
    code = main(["repair", path, "--wire", "anthropic", "--header", "anthropic-version:2026-10-21"])
    captured = capsys.readouterr()
    assert code == 1
    assert "(version-sampling)" in captured.err


def test_cli_log_mode_refuses_model_and_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _body())
    code = main(["lint", "--log", path, "--wire", "anthropic", "--model", "m"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().endswith("--model and --header are for one request, not with --log")
