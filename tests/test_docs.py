"""docs/provider-differences.md is generated from the code and must not go stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolresult_lab import WIRES
from toolresult_lab.conversion.profiles import PROFILES
from toolresult_lab.views.docs import provider_differences
from toolresult_lab.views.probes import PROBES

DOC = Path(__file__).resolve().parent.parent / "docs" / "provider-differences.md"
REGENERATE = "run `toolresult-lab docs -o docs/provider-differences.md` and commit the result"


@pytest.fixture(scope="module")
def generated() -> str:
    return provider_differences()


def test_committed_document_is_current(generated):
    assert DOC.is_file(), f"{DOC} is missing: {REGENERATE}"
    committed = DOC.read_text(encoding="utf-8")
    if committed != generated:
        pytest.fail(f"docs/provider-differences.md is stale: {REGENERATE}", pytrace=False)


def test_generation_is_deterministic(generated):
    assert provider_differences() == generated


def test_sections(generated):
    headings = [line for line in generated.splitlines() if line.startswith("#")]
    assert headings == [
        "# Provider differences",
        "## Wires",
        "## Options",
        "## Provider profiles",
        "## Probe kinds",
        "## What each provider receives: model that sees images",
        "## What each provider receives: text-only model",
        "## Why (model that sees images; every outcome other than text)",
        "## What the official client sends",
        "## Token estimates (image_input and native_pdf on)",
    ]
    assert generated.endswith("\n")
    assert "do not edit by hand" in generated


def _table_row(text: str, first_cell: str) -> list[str]:
    """The cells of the first Markdown table row whose first cell is ``first_cell``."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no table row {first_cell!r}")


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start:] if end < 0 else text[start:end]


def test_facts_in_the_document(generated):
    # every profile and every probe kind is listed
    for profile in PROFILES.values():
        assert f"| {profile.id} " in generated
        assert f"**{profile.id}** ({profile.label})" in generated
    for kind, probe in PROBES.items():
        assert f"| {probe.label} | `{kind}` | {probe.description} |" in generated

    vision = _section(generated, "## What each provider receives: model that sees images")
    text_only = _section(generated, "## What each provider receives: text-only model")
    header = _table_row(vision, "kind")
    assert header == ["kind", *PROFILES]

    def cell(section: str, kind: str, profile: str) -> str:
        return _table_row(section, kind)[header.index(profile)]

    assert cell(text_only, "PDF resource", "anthropic") == "native"
    assert cell(text_only, "PDF resource", "minimax") == "native"
    assert cell(text_only, "PDF resource", "openai-responses") == "placeholder"
    assert cell(vision, "PDF resource", "openai-responses") == "native"
    assert cell(vision, "PDF resource", "perplexity") == "placeholder"
    assert cell(vision, "image/png", "akiio") == "placeholder"
    assert cell(vision, "image/gif", "gemini-3") == "placeholder"
    assert cell(vision, "image/png", "gemini-2.5") == "placeholder"
    assert cell(vision, "image/png", "gemini-3") == "native"

    why = _section(generated, "## Why")
    assert "- image/gif: placeholder — image/gif is not an image type gemini carries" in why
    assert "- PDF resource: placeholder — native_pdf off" in why
    assert "- audio/wav: placeholder — no wire carries audio natively" in why
    assert "- unknown block type: degraded — unknown block type 'video'" in why

    wires = _section(generated, "## Wires")
    anthropic = _table_row(wires, "anthropic")
    # native image, native pdf, image needs vision, pdf needs vision
    assert anthropic[2:6] == ["True", "True", "True", "False"]
    assert _table_row(wires, "openai")[2:6] == ["False"] * 4
    assert _table_row(wires, "gemini")[2:6] == ["True"] * 4


def test_markdown_escapes_angle_brackets_so_renderers_keep_them():
    text = provider_differences()
    assert "<tool_response>" not in text
    assert "Hermes &lt;tool_response&gt; text" in text


def test_what_the_official_client_sends(generated):
    clients = _section(generated, "## What the official client sends")
    assert _table_row(clients, "openai") == [
        "openai",
        "openai: client.chat.completions.create",
        "5",
        "exactly the turn as built",
    ]
    assert _table_row(clients, "responses")[3] == "exactly the turn as built"
    assert _table_row(clients, "anthropic")[3] == "exactly the turn as built"
    assert _table_row(clients, "hermes")[3] == "exactly the turn as built"
    assert _table_row(clients, "gemini")[3] == (
        "the turn, changed by the client: snake_case_response_parts, urlsafe_base64_bytes"
    )
    assert _table_row(clients, "ollama")[3] == (
        "the turn, changed by the client: drop_empty_fields, drop_tool_call_id, drop_tool_call_ids"
    )
    assert "- **ollama: drop_tool_call_ids**: An echoed tool call's id is left out" in clients
    assert "`thought`, `thoughtSignature` and `partMetadata`" in clients


def test_docs_command_without_the_clients_is_one_line(monkeypatch, capsys):
    import toolresult_lab.views.docs
    from toolresult_lab.cli import main

    def missing() -> str:
        raise ImportError("No module named 'google.genai'", name="google.genai")

    monkeypatch.setattr(toolresult_lab.views.docs, "provider_differences", missing)
    assert main(["docs"]) == 2  # an input the command cannot make: exit 2, as any
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "toolresult-lab: error: the document needs the official clients (google.genai is"
        " missing): pip install 'toolresult_lab[docs]'\n"
    )


def test_the_docs_extra_holds_the_clients_the_document_imports():
    """``pip install 'toolresult_lab[docs]'`` is enough for ``toolresult-lab docs``: its
    extra names the distribution of every client the wires' round trips import (the module
    of each ``OfficialClient.send``), and no test tool."""
    import inspect
    import re
    import sys

    from toolresult_lab.views.roundtrip import ROUNDTRIP_WIRES
    from toolresult_lab.wires import wire_module

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    root = Path(__file__).resolve().parents[1]
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    names = {re.split(r"[<>=\[; ]", spec, maxsplit=1)[0] for spec in extras["docs"]}
    assert names == {"anthropic", "openai", "google-genai", "ollama", "boto3"}
    sending = {wire_module(wire).client for wire in ROUNDTRIP_WIRES}
    files = {inspect.getsourcefile(client.send) for client in sending if client is not None}
    source = "".join(Path(file).read_text() for file in sorted(f for f in files if f))
    imported = set(re.findall(r"^[ \t]+(?:import|from) (\w+)", source, flags=re.M))
    assert imported == {"openai", "anthropic", "google", "ollama", "boto3", "botocore"}
    assert "toolresult_lab[docs]" in extras["test"]


def test_token_section_names_its_rules_and_links_the_sources(generated):
    tokens = _section(generated, "## Token estimates")
    assert "[costs-and-limits.md](costs-and-limits.md)" in tokens
    header = _table_row(tokens, "kind")
    assert header == ["kind", *WIRES]
    png = _table_row(tokens, "image/png")
    assert png[header.index("gemini")].startswith("~")
    assert _table_row(tokens, "PDF resource")[header.index("anthropic")].startswith("≥ ~")
    for name in (
        "anthropic image: 28 px patches",
        "gemini image: 258 per 768 px tile",
        "responses image: 512 px tiles, detail auto",
        "gemini PDF: 258 per page",
        "text: ≈ 4 characters per token",
    ):
        assert f"- {name}" in tokens, name


RULES_DOC = DOC.parent / "request-rules.md"


def test_request_rules_page_is_current_and_lists_every_rule():
    from toolresult_lab.requests.rules import RULES, wires_of
    from toolresult_lab.views.docs import request_rules

    generated = request_rules()
    assert request_rules() == generated
    assert RULES_DOC.is_file()
    if RULES_DOC.read_text(encoding="utf-8") != generated:
        pytest.fail(
            "docs/request-rules.md is stale: run `toolresult-lab docs --page request-rules"
            " -o docs/request-rules.md` and commit the result",
            pytrace=False,
        )
    for rule in RULES.values():
        row = _table_row(generated, f"`{rule.id}`")
        assert row[1] == ", ".join(wires_of(rule.id, rule.profiles))
        assert row[-1] == rule.checked
        assert row[5].count("](") == len([s for s in rule.sources if s.url])
    assert "- `too-much-media`: SPEC 8 counts images plus PDF pages" in generated


def test_options_section_lists_every_option(generated):
    section = generated.split("## Options\n", 1)[1].split("\n## ", 1)[0]
    assert (
        "| `audience` | assistant: leave out entries whose annotations.audience leaves out the"
        " model |"
    ) in section
    assert [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")] == [
        "image_input",
        "native_pdf",
        "source_blocks",
        "response_tag",
        "audience",
    ]


@pytest.mark.exact  # the exact extra counting (installed on 3.11+): the document must not change
def test_the_document_is_the_same_where_text_is_counted_exactly(generated):
    from toolresult_lab.budgets import tokenizer
    from toolresult_lab.budgets.costs import estimate_tokens
    from toolresult_lab.conversion.result import ToolResult

    text = ToolResult(id="c", content=[{"type": "text", "text": "Sunny and 22 degrees"}])
    counted = estimate_tokens(text, "openai").entries[0]
    with tokenizer.estimates_only():
        estimated = estimate_tokens(text, "openai").entries[0]
    assert estimated.exact is False
    assert counted.exact is (tokenizer.count("x", "o200k_base") is not None)
    assert provider_differences() == generated
