"""estimate_tokens(), explain().warnings and the measurements behind them (costs.py, measure.py,
pdfpages.py). Expected figures are worked out by hand from docs/costs-and-limits.md."""

from __future__ import annotations

import base64
import io
import json
import struct
from math import ceil

import pytest
from fpdf import FPDF
from helpers import jpeg_base64
from PIL import Image

from toolresult_lab import WIRES, ToolCall, ToolResult
from toolresult_lab.budgets.costs import (
    EntryTokens,
    TokenEstimate,
    estimate_explained,
    estimate_tokens,
    estimate_turn,
)
from toolresult_lab.budgets.measure import Carried, ProviderWarning, measure
from toolresult_lab.budgets.tokens import image_tokens
from toolresult_lab.conversion.encoding import json_encode, json_string, json_string_chars
from toolresult_lab.conversion.pdfpages import pdf_pages
from toolresult_lab.conversion.tool_turns import build_turn
from toolresult_lab.views.probes import PROBES, SAMPLE_IMAGES, SAMPLE_PDF

MIB = 1024 * 1024
TEXT_RULE = "≈ 4 characters per token (approximation; no offline tokenizer)"
REST_RULE = TEXT_RULE + ": the block's ids, name, keys and any structured_content"
PATCHES = "anthropic image: 28 px patches"


jpeg = jpeg_base64


def big_png(width: int, height: int, decoded: int) -> str:
    """Canonical base64 of ``decoded`` bytes that start with a PNG header of that size."""
    head = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + struct.pack(">II", width, height) + b"\0" * 3
    assert len(head) % 3 == 0
    return base64.b64encode(head).decode() + "A" * ((decoded - len(head)) // 3 * 4)


def pdf(pages: int) -> bytes:
    document = FPDF()
    for n in range(pages):
        document.add_page()
        document.set_font("Helvetica", size=12)
        document.cell(text=f"page {n + 1}")
    return bytes(document.output())


def image_result(data: str, mime: str = "image/jpeg", **fields: str) -> ToolResult:
    return ToolResult(content=[{"type": "image", "mimeType": mime, "data": data}], **fields)


def rest_tokens(block: object, *texts: str, payloads: tuple[str, ...] = ()) -> int:
    """The rest of a block by hand: its JSON without payloads, less the entries' texts."""
    shown = block if isinstance(block, str) else json_encode(block)
    for payload in payloads:
        shown = shown.replace(payload, "")
    return ceil((len(shown) - sum(len(t) for t in texts)) / 4)


# --- the check ------------------------------------------------------------------------


def test_a_1024x768_jpeg_on_anthropic_costs_what_the_documented_rule_says():
    data = jpeg(1024, 768)
    result = image_result(data, id="call_1")
    estimate = estimate_tokens(result, "anthropic", image_input=True)
    image, rest = estimate.entries
    assert image == EntryTokens(
        0,
        "image 1024x768 jpeg",
        1036,  # ceil(1024/28) x ceil(768/28) = 37 x 28
        "anthropic image: ceil(w/28) x ceil(h/28) visual tokens, after fitting 1568 px and"
        " 1568 visual tokens (standard tier)",
        PATCHES,
        image.source,
    )
    assert "platform.claude.com/docs/en/build-with-claude/vision" in image.source
    block = result.to("anthropic", image_input=True)
    assert rest == EntryTokens(
        None, "rest of the block", rest_tokens(block, payloads=(data,)), REST_RULE,
        "text: ≈ 4 characters per token", rest.source,
    )  # fmt: skip
    documented = 1024 * 768 / 750  # the 2025 rule: ~1,049
    assert abs(estimate.total - documented) / documented < 0.10
    assert estimate.total == 1036 + rest.tokens
    assert estimate.complete and estimate.label() == f"~{estimate.total:,} tokens"
    assert len(json_encode(block)) / 4 > 100 * estimate.total  # the old bytes/4 figure


def test_the_same_image_on_every_wire():
    data = jpeg(1024, 768)
    result = image_result(data, name="shot", id="c")
    figures = {
        wire: [e.tokens for e in estimate_tokens(result, wire, image_input=True).entries[:-1]]
        for wire in WIRES
    }
    placeholder = ceil(len(result.to("openai")["content"]) / 4)
    assert figures == {
        "openai": [placeholder],
        "anthropic": [1036],
        "gemini": [516],  # 2 x 1 tiles of 768 px, 258 each
        "ollama": [placeholder],
        "responses": [765],  # detail auto, high shown: 85 + 170 x 4 tiles (768x576)
        "hermes": [placeholder],
        "bedrock": [1036],  # Claude's rule, as on anthropic
    }
    low = estimate_tokens(result, "responses", image_input=True, detail="low")
    assert (low.entries[0].tokens, low.entries[0].name) == (85, "responses image: detail low, 85")
    capped = estimate_tokens(result, "gemini", image_input=True, media_resolution="high")
    assert capped.entries[0].tokens == 1120
    assert capped.entries[0].name == "gemini 3 image: media_resolution high cap"
    off = estimate_tokens(result, "anthropic")  # image_input not set: a placeholder line
    assert [e.what for e in off.entries] == ["text", "rest of the block"]
    assert off.entries[0].tokens == placeholder


def test_text_is_counted_by_its_characters_and_the_rest_of_the_block_too():
    result = ToolResult(
        id="c", content=[{"type": "text", "text": "Sunny"}, {"type": "text", "text": "22C"}]
    )
    estimate = estimate_tokens(result, "openai")
    block = result.to("openai")
    assert [(e.index, e.what, e.tokens, e.rule) for e in estimate.entries] == [
        (0, "text", 2, TEXT_RULE),
        (1, "text", 1, TEXT_RULE),
        (None, "rest of the block", rest_tokens(block, "Sunny", "22C"), REST_RULE),
    ]
    assert estimate.names == ("text: ≈ 4 characters per token",)
    hermes = estimate_tokens(result, "hermes")
    assert hermes.entries[-1].tokens == rest_tokens(result.to("hermes"), "Sunny", "22C")


def test_pdfs_where_a_per_page_rule_is_documented_and_where_not():
    data = base64.b64encode(pdf(3)).decode()
    result = ToolResult(
        id="c",
        name="r",
        content=[{"type": "resource", "resource": {"mimeType": "application/pdf", "blob": data}}],
    )
    gemini = estimate_tokens(result, "gemini", native_pdf=True)
    assert gemini.entries[0] == EntryTokens(
        0, "PDF, 3 pages", 774, "gemini PDF: 258 tokens per page", "gemini PDF: 258 per page",
        gemini.entries[0].source,
    )  # fmt: skip
    assert gemini.complete
    medium = estimate_tokens(result, "gemini", native_pdf=True, media_resolution="medium")
    assert medium.entries[0].tokens == 3 * 560
    for wire in ("anthropic", "responses"):
        estimate = estimate_tokens(result, wire, native_pdf=True)
        first = estimate.entries[0]
        assert (first.what, first.tokens, first.name) == (
            "PDF, 3 pages",
            None,
            f"{wire} PDF: no per-page figure",
        )
        assert "no per-page figure" in first.rule
        assert not estimate.complete
        assert estimate.total == estimate.entries[-1].tokens
        assert estimate.label() == f"≥ ~{estimate.total:,} tokens"


def test_a_pdf_whose_pages_cannot_be_read():
    fake = base64.b64encode(b"%PDF-1.4\nno page tree here\n").decode()
    result = ToolResult(
        name="r",
        content=[{"type": "resource", "resource": {"mimeType": "application/pdf", "blob": fake}}],
    )
    first = estimate_tokens(result, "gemini", native_pdf=True).entries[0]
    assert (first.what, first.tokens, first.name) == ("PDF", None, "PDF: pages unknown")


def test_anthropic_native_blocks_passed_through():
    native = estimate_tokens(PROBES["native_image_base64"].result(), "anthropic")
    assert [(e.what, e.tokens, e.name) for e in native.entries[:-1]] == [
        ("image 8x8 png", 1, PATCHES)
    ]
    by_url = estimate_tokens(PROBES["native_image_url"].result(), "anthropic")
    first = by_url.entries[0]
    assert (first.what, first.tokens) == ("image", None)
    assert (
        first.rule == "an image fetched from https://example.test/a.png: its size is not known here"
    )
    assert not by_url.complete
    mixed = estimate_tokens(PROBES["native_content_document"].result(), "anthropic")
    assert [(e.index, e.what, e.tokens) for e in mixed.entries[:-1]] == [
        (0, "text", ceil(len("part one\npart two") / 4)),
        (0, "image 8x8 png", 1),
    ]
    search = estimate_tokens(PROBES["search_result"].result(), "anthropic")
    texts = ["https://e.test/q", "Quelltown", "Population 12"]
    assert search.entries[0].tokens == ceil(len("\n".join(texts)) / 4)


def test_entries_not_sent_cost_nothing_and_say_why():
    result = ToolResult(
        name="w",
        content=[{"type": "text", "text": "{...}"}],
        structured_content={"temp_c": 22},
    )
    estimate = estimate_tokens(result, "gemini")
    first = estimate.entries[0]
    assert (first.what, first.tokens, first.name) == ("not sent", 0, "not sent")
    assert first.rule == result.explain("gemini")[0].reason
    block = result.to("gemini")
    assert estimate.entries[1].tokens == rest_tokens(block)  # structured content is the rest


def test_estimate_explained_reads_records_already_made():
    result = image_result(SAMPLE_IMAGES["image/png"], "image/png", id="c")
    explained = result.explain("anthropic", image_input=True)
    assert estimate_explained(explained) == estimate_tokens(result, "anthropic", image_input=True)
    assert isinstance(estimate_explained(explained), TokenEstimate)


def test_describe_is_one_line_per_figure():
    estimate = estimate_tokens(PROBES["native_image_base64"].result(), "anthropic")
    lines = estimate.describe().splitlines()
    assert lines[0].startswith("#0 image 8x8 png: 1 (anthropic image: ceil(w/28)")
    assert lines[1].startswith("rest of the block: ")


def test_bad_arguments():
    result = ToolResult()
    with pytest.raises(ValueError, match="known wires"):
        estimate_tokens(result, "bogus")
    with pytest.raises(TypeError, match="unknown option"):
        estimate_tokens(result, "openai", bogus=True)  # type: ignore[call-arg]
    image = image_result(SAMPLE_IMAGES["image/png"], "image/png")
    with pytest.raises(ValueError, match="unknown detail"):
        estimate_tokens(image, "responses", image_input=True, detail="medium")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown detail 'medium'; known: auto, low, high"):
        estimate_tokens(result, "openai", detail="medium")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown media_resolution 'max'"):
        estimate_tokens(result, "hermes", media_resolution="max")  # type: ignore[arg-type]


# --- warnings ----------------------------------------------------------------------------------


def test_a_37_mb_image_to_anthropic_draws_warnings():
    data = big_png(4000, 3000, int(37.5 * 1_000_000))
    result = image_result(data, "image/png", id="call_1")
    assert result.explain("anthropic").warnings == ()  # a placeholder: nothing goes natively
    warnings = result.explain("anthropic", image_input=True).warnings
    encoded = f"{len(data):,}"
    claude = "Images and vision - Claude Docs <https://platform.claude.com/docs/en/build-with-claude/vision>"
    assert [str(w) for w in warnings] == [
        f"#0: anthropic: image/png is {encoded} bytes base64-encoded; limit: 10 MB per image"
        f" (base64-encoded) on the Claude API ({claude})",
        f"#0: anthropic: image/png is {encoded} bytes base64-encoded; limit: 5 MB per image"
        " (base64-encoded) on Amazon Bedrock and Vertex AI, and on the API in the 2025 docs"
        f" ({claude})",
        f"#0: anthropic: this image/png alone is {encoded} bytes base64-encoded; limit: 32 MB"
        " per request on standard endpoints (lower on some platforms) (PDF support - Claude"
        " Docs <https://platform.claude.com/docs/en/build-with-claude/pdf-support>)",
    ]
    assert all(w.index == 0 for w in warnings)
    assert result.to("anthropic", image_input=True)["content"][0]["type"] == "image"  # advice only


def test_request_limits_are_held_against_the_whole_block_once():
    three = ToolResult(
        id="c",
        content=[
            {"type": "image", "mimeType": "image/png", "data": big_png(300, 300, 12 * MIB)}
            for _ in range(3)
        ],
    )
    warnings = three.explain("anthropic", image_input=True).warnings
    assert [w.index for w in warnings] == [0, 0, 1, 1, 2, 2, None]
    assert warnings[-1].text.startswith("anthropic: the request is ")
    assert "32 MB per request" in warnings[-1].text


def test_required_fields_left_empty():
    result = ToolResult(content=[{"type": "text", "text": "hi"}])
    found = {wire: [str(w) for w in result.explain(wire).warnings] for wire in WIRES}
    assert found == {
        "openai": [
            "openai: the call id is empty; the provider rejects a block without tool_call_id"
        ],
        "anthropic": [
            "anthropic: the call id is empty; the provider rejects a block without tool_use_id"
        ],
        "gemini": [
            "gemini: the tool name is empty; the provider rejects a block without"
            " functionResponse.name"
        ],
        "ollama": [],
        "responses": [
            "responses: the call id is empty; the provider rejects a block without call_id"
        ],
        "hermes": [],
        "bedrock": [
            "bedrock: the call id is empty; the provider rejects a block without"
            " toolResult.toolUseId"
        ],
    }
    named = ToolResult(name="t", id="c", content=[{"type": "text", "text": "hi"}])
    assert all(named.explain(wire).warnings == () for wire in WIRES)
    assert ProviderWarning(None, "x").__str__() == "x"


def test_pdf_pages_over_the_limits():
    data = base64.b64encode(pdf(101)).decode()
    result = ToolResult(
        id="c",
        name="r",
        content=[{"type": "resource", "resource": {"mimeType": "application/pdf", "blob": data}}],
    )
    [warning] = result.explain("anthropic").warnings
    assert warning.index == 0
    assert warning.text.startswith("anthropic: application/pdf has 101 pages; limit: 100 PDF pages")
    assert result.explain("gemini", native_pdf=True).warnings == ()


# --- measurements ------------------------------------------------------------------------------


def test_carried_and_texts_of_an_entry():
    result = PROBES["native_content_document"].result()
    [record] = result.explain("anthropic")
    [item] = record.carried
    assert (item.media, item.mime, item.how) == ("image", "image/png", "passthrough")
    assert item.data == SAMPLE_IMAGES["image/png"]
    assert item.data_path == "source.content[1].source.data"
    assert record.texts == ("part one", "part two")
    native = image_result(SAMPLE_IMAGES["image/png"], "image/png").explain(
        "responses", image_input=True
    )[0]
    assert native.texts == ()  # the data: URL is a payload, not text
    assert native.carried[0].how == "native"
    assert native.carried[0].data_path == "image_url"


def test_measure_is_kept_per_payload():
    item = Carried("image", "image/png", SAMPLE_IMAGES["image/png"], "native")
    first = measure(item)
    assert first is measure(item)
    assert first is not None and (first.decoded_bytes, first.size.width, first.pages) == (
        83,
        8,
        None,
    )
    assert measure(Carried("image", "image/png", None, "passthrough", "https://x")) is None


@pytest.mark.parametrize("pages", [1, 3, 120])
def test_pdf_pages_of_fpdf_documents(pages):
    raw = pdf(pages)
    assert pdf_pages(raw) == pages
    assert pdf_pages(base64.b64encode(raw).decode()) == pages


def test_pdf_pages_of_other_writers():
    assert pdf_pages(SAMPLE_PDF) == 1
    buffer = io.BytesIO()
    frame = Image.new("RGB", (10, 10))
    frame.save(buffer, "PDF", save_all=True, append_images=[frame] * 4)
    assert pdf_pages(buffer.getvalue()) == 5  # Pillow
    # More writers and shapes (incremental updates, object streams, linearised files), the
    # budgets and hostile input: tests/test_pdfpages.py.


def test_estimates_of_every_probe_on_every_wire_name_their_rules():
    for probe in PROBES.values():
        for wire in WIRES:
            estimate = estimate_tokens(probe.result(), wire, image_input=True, native_pdf=True)
            assert estimate.entries[-1].index is None
            assert all(e.rule and e.name for e in estimate.entries), (probe.id, wire)
            assert estimate.total >= 0
    json.dumps([e.__dict__ for e in estimate.entries])  # plain values


def test_measured_payloads_held_alive_are_bounded(monkeypatch):
    from toolresult_lab.budgets import measure as measure_module

    monkeypatch.setattr(measure_module, "_MAX_KEPT_CHARS", 150)
    measure_module._MEASURED.clear()
    first = Carried("image", "image/png", SAMPLE_IMAGES["image/png"], "native")  # 112 chars
    second = Carried("image", "image/gif", SAMPLE_IMAGES["image/gif"], "native")
    measure(first)
    assert list(measure_module._MEASURED) == [id(first.data)]
    measure(second)  # 112 + 88 > 150: the first is let go
    assert list(measure_module._MEASURED) == [id(second.data)]
    big = Carried("image", "image/png", SAMPLE_IMAGES["image/png"] * 2, "native")
    assert measure(big) is not None  # measured, but a payload over the cap is never kept
    assert list(measure_module._MEASURED) == [id(second.data)]


def test_the_package_exports_the_estimate():
    import toolresult_lab
    from toolresult_lab.budgets import costs

    assert toolresult_lab.estimate_tokens is costs.estimate_tokens
    assert toolresult_lab.TokenEstimate is TokenEstimate
    assert toolresult_lab.ProviderWarning is ProviderWarning


# --- a tool turn -------------------------------------------------------------------------------


def test_a_turn_costs_its_results_estimates_plus_the_echo():
    """The turn card's figure: each result priced as its result card prices it, the rest
    (the echo, the message around the blocks) as text; a native 1024x768 photo on anthropic
    costs about the same in the turn as in its result card (not bytes/4 of its base64)."""
    data = jpeg(1024, 768)
    call = ToolCall(id="call_1", name="snapshot")
    result = image_result(data)
    turn = build_turn("anthropic", [call], [result], image_input=True)
    single = estimate_tokens(turn.pairs[0][1], "anthropic", image_input=True)
    estimate = estimate_turn(turn)
    assert [e.what for e in estimate.entries] == [
        "call_1 image 1024x768 jpeg",
        "call_1 rest of the block",
        "echo and messages",
    ]
    assert [e.tokens for e in estimate.entries[:2]] == [e.tokens for e in single.entries]
    echo = len(json_encode(turn.messages)) - len(json_encode(turn.results[0]["content"][0]))
    rest = estimate.entries[2].tokens
    assert rest is not None and 0 < rest <= -(-echo // 4)
    assert single.total <= estimate.total <= single.total * 1.1
    assert estimate.total < 2000  # bytes/4 of the base64 would be ~75,000


def test_a_hoisted_image_is_priced_by_the_image_rule():
    data = jpeg(1024, 768)
    call = ToolCall(id="call_1", name="snapshot")
    turn = build_turn("openai", [call], [image_result(data)], image_input=True, hoist_images=True)
    estimate = estimate_turn(turn)
    hoisted = [e for e in estimate.entries if e.what.startswith("hoisted")]
    assert [(e.what, e.tokens) for e in hoisted] == [
        ("hoisted image 1024x768 jpeg", image_tokens("responses", 1024, 768).tokens)
    ]
    assert estimate.total < 3000
    turn = build_turn("ollama", [call], [image_result(data)], image_input=True, hoist_images=True)
    hoisted = [e for e in estimate_turn(turn).entries if e.what.startswith("hoisted")]
    assert [(e.what, e.tokens) for e in hoisted] == [("hoisted image 1024x768 jpeg", None)]
    assert not estimate_turn(turn).complete


def test_copying_a_payload_string_changes_no_figure_and_no_warning():
    """Figures and warnings come from what the wire reads back, not from which string
    object a block holds: the same conversion with every payload a fresh copy agrees."""
    from toolresult_lab.conversion.explain import Explanation, Explanations
    from toolresult_lab.conversion.items import Native
    from toolresult_lab.conversion.steps import Step
    from toolresult_lab.wires import converter

    def copy(text):
        return text[:1] + text[1:]

    def copied(value):
        if isinstance(value, str):
            return copy(value)
        if isinstance(value, dict):
            return {k: copied(v) for k, v in value.items()}
        if isinstance(value, list):
            return [copied(v) for v in value]
        return value

    big = big_png(9000, 100, 6 * MIB)  # over anthropic's 8000 px and 5 MB (Bedrock) limits
    probes = ("image_png", "pdf_resource", "native_image_base64", "native_content_document")
    for probe, result in [(p, PROBES[p].result()) for p in probes] + [("big", image_result(big))]:
        for wire in ("anthropic", "responses", "gemini"):
            options = {"image_input": True, "native_pdf": True}
            given = result.explain(wire, **options)
            made = converter(wire, options)
            records = []
            for e in given:
                native = e.native
                if native is not None:
                    native = Native(native.media, native.mime, copy(native.data))
                part = copied(e.part)
                step = Step(part, e.outcome, e.reason, native)
                records.append(
                    Explanation(
                        e.index, e.block_type, e.item_kind, e.outcome, e.reason, part,
                        native, made, step,
                    )
                )  # fmt: skip
            again = Explanations.of(
                records, given.notes, copied(given.block), wire, result.name, result.id
            )
            assert estimate_explained(again) == estimate_explained(given), (probe, wire)
            assert again.warnings == given.warnings, (probe, wire)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "short",
        "a" * 5000,
        '{"k": "v\\\\"}' * 10_000,  # quotes and backslashes across 64 KiB pieces
        "x" * 70_000 + "\n",  # one control character in the last piece
        "x" * 65_535 + "\x00" + "y" * 10,  # at the end of the first piece
        "é" * 5000 + '"',  # not ASCII: encoded
        "\ud800" + "z" * 9000,  # a lone surrogate, as json keeps it
        "\x7f" * 5000,  # DEL is no JSON escape
        '{\n  "k": [\n    1,\n\t2\r\n  ]\n}' * 5000,  # indented JSON: short escapes
        "\b\f\x01\x1f x" * 30_000,  # short escapes beside six-character ones
        "y" * 65_535 + "\x01\n" + "z" * 70_000,  # controls across a piece's edge
    ],
)
def test_json_string_chars_is_the_length_of_the_json_string(text: str) -> None:
    """The measure the estimates and ``payload_bytes`` share (a 10 MB text measured in
    64 KiB pieces) equals ``len(json_string(text)) - 2`` on every kind of text."""
    assert json_string_chars(text) == len(json_string(text)) - 2


@pytest.mark.parametrize(
    "text",
    [
        "",
        'plain "quoted" \\ text',
        "controls \x00\x08\t\n\x0c\r\x1f",
        "DEL \x7f stays itself",  # the ASCII encoder alone would write \u007f
        "é and \u2028 and 😀",
        "\ud800 lone",
        "</a>" * 1000,
    ],
)
def test_json_string_spells_what_json_encode_spells(text: str) -> None:
    """``json_string`` takes the faster ASCII encoder only where it spells the same literal."""
    assert json_string(text) == json.dumps(text, ensure_ascii=False)
    assert json_string(text) == json_encode([text])[1:-1]
