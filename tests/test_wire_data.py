"""What a wire declares as data for the layers above it (``wires/_data.py``): its token
rules, its read-back kind, bare-text turns and its client's alterations; and the provider
rules kept as documented but not checked (``rules.UNCHECKED``)."""

from __future__ import annotations

import dataclasses

import pytest

from toolresult_lab import wires
from toolresult_lab.budgets.provider_limits import request_warnings
from toolresult_lab.budgets.tokens import image_rule_tokens, image_tokens, pdf_note, pdf_page_tokens
from toolresult_lab.requests.rules import RULES, UNCHECKED
from toolresult_lab.views import roundtrip
from toolresult_lab.views.docs import request_rules
from toolresult_lab.wires import WIRES, TokenRules, wire_module


def test_every_wire_that_carries_media_declares_its_rules() -> None:
    for wire in WIRES:
        module = wire_module(wire)
        assert module.name == wire
        if module.facts.carries_image:
            assert module.tokens.image is not None, wire
        else:
            assert module.tokens.image is None, wire
        assert bool(module.tokens.pdf_note) == module.facts.carries_pdf, wire


def test_wire_module_names_an_unknown_wire() -> None:
    with pytest.raises(ValueError, match="unknown wire 'nope'; known wires: openai"):
        wire_module("nope")


def test_a_rule_kind_prices_as_the_wire_that_declares_it() -> None:
    for wire in ("anthropic", "bedrock", "gemini", "responses"):
        kind = wire_module(wire).tokens.image
        assert kind is not None
        assert image_rule_tokens(kind, 1024, 768) == image_tokens(wire, 1024, 768)
    figure = image_rule_tokens("openai_tiles", 1024, 768)
    assert (figure.tokens, figure.name) == (765, "responses image: 512 px tiles, detail auto")
    with pytest.raises(ValueError, match="unknown image token rule 'tiles'"):
        image_rule_tokens("tiles", 10, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="image size must be positive"):
        image_rule_tokens("gemini_tiles", 0, 10)


def test_only_gemini_documents_a_pdf_page_figure() -> None:
    assert {wire: pdf_page_tokens(wire) for wire in WIRES} == {
        "openai": None,
        "anthropic": None,
        "gemini": 258,
        "ollama": None,
        "responses": None,
        "hermes": None,
        "bedrock": None,
    }


def test_a_wire_without_a_declared_rule_gets_none_of_another_wire(monkeypatch) -> None:
    """A wire that carries images and PDFs but documents no rule: ``image_tokens`` says so,
    ``pdf_note`` says so, and nothing falls back to another wire's rule."""
    bare = dataclasses.replace(wire_module("gemini"), tokens=TokenRules())
    monkeypatch.setitem(wires._MODULES, "gemini", bare)
    with pytest.raises(ValueError, match=r"gemini: .* declares no documented image token rule"):
        image_tokens("gemini", 100, 100)
    assert pdf_note("gemini").startswith("gemini: ")
    assert "documents no PDF rule" in pdf_note("gemini")
    assert pdf_page_tokens("gemini") is None


def test_the_clients_alterations_are_the_wires_own() -> None:
    for wire in roundtrip.ROUNDTRIP_WIRES:
        assert roundtrip.ALTERATIONS[wire] == wire_module(wire).client_alterations
    assert [a.name for a in roundtrip.ALTERATIONS["ollama"]] == [
        "drop_empty_fields",
        "drop_tool_call_id",
        "drop_tool_call_ids",
    ]
    assert roundtrip.Alteration is wires.Alteration


def test_read_back_kinds_and_bare_text() -> None:
    assert {wire: wire_module(wire).readback for wire in WIRES} == {
        "openai": "parts",
        "anthropic": "native_blocks",
        "gemini": "parts",
        "ollama": "parts",
        "responses": "parts",
        "hermes": "tagged_text",
        "bedrock": "parts",
    }
    assert [wire for wire in WIRES if wire_module(wire).bare_text] == ["hermes"]


# -- re-checked figures and rules (rule-recheck.md, 2026-12-02) ---------------------------------


def test_claude_on_bedrock_20_mb_per_request() -> None:
    assert not any("20 MB per request" in w for w in request_warnings("bedrock", 20_000_000, 1))
    over = request_warnings("bedrock", 20_000_001, 1)
    assert len(over) == 1
    assert over[0] == (
        "bedrock: the request is 20,000,001 bytes; limit: 20 MB per request for Claude on"
        " Amazon Bedrock (API overview: request size limits - Claude Docs"
        " <https://platform.claude.com/docs/en/api/overview#request-size-limits>)"
    )


def test_unchecked_rules_are_dated_sourced_and_listed() -> None:
    ids = [gap.id for gap in UNCHECKED]
    assert ids == [
        "replayed-thinking",
        "foreign-thought-signature",
        "foreign-encrypted-reasoning",
        "oversized-image-error",
        "call-without-reasoning",
    ]
    assert "files-too-large" in RULES  # checked since 2026-12-02
    page = request_rules()
    listed = page.split("## Documented, not checked yet\n", 1)[1]
    for gap in UNCHECKED:
        assert gap.id not in RULES
        assert gap.checked == "2026-12-02"
        assert gap.sources and all(source.url.startswith("https://") for source in gap.sources)
        assert gap.why
        assert f"| `{gap.id}`: " in listed
    assert (
        "see replayed-thinking under Documented, not checked yet" in RULES["thinking-first"].notes
    )
