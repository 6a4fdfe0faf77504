"""render.py: base64 elision, payload sizes, the JSON view, cards and the static view."""

from __future__ import annotations

import base64
import io
import json
import re
from html import escape, unescape

import pytest
from PIL import Image

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.conversion.encoding import json_encode
from toolresult_lab.conversion.facts import FACTS
from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF
from toolresult_lab.views.render import (
    COPY_MAX,
    card_html,
    elide_base64,
    json_html,
    options_caption,
    payload_bytes,
    result_html,
    style_html,
)

PNG = SAMPLE_IMAGES["image/png"]
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
QUOTE = '" onmouseover="alert(2)'
EVIL = SCRIPT + IMG + QUOTE


# -- elide_base64 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"data": "QUJD" * 16}, {"data": "<48 bytes base64>"}),
        ({"type": "audio", "data": "QUJD"}, {"type": "audio", "data": "<3 bytes base64>"}),
        ({"blob": "QUJD" * 15 + "QUI="}, {"blob": "<47 bytes base64>"}),
        (
            {"file_data": "data:application/pdf;base64,JVBERg=="},
            {"file_data": "data:application/pdf;base64,<4 bytes base64>"},
        ),
        (
            {"image_url": "data:image/png;base64,QUJD"},
            {"image_url": "data:image/png;base64,<3 bytes base64>"},
        ),
        # '=' in the data URL's header does not count against the payload
        (
            {"data": "data:text/plain;charset=utf-8;base64,QUI="},
            {"data": "data:text/plain;charset=utf-8;base64,<2 bytes base64>"},
        ),
        # line breaks inside a payload are allowed and not counted
        ({"data": ("QUJD" * 16 + "\n") * 2}, {"data": "<96 bytes base64>"}),
        # nested, in lists, other keys untouched
        (
            {"content": [{"type": "image", "source": {"data": "QUJD" * 16}}], "n": 1},
            {"content": [{"type": "image", "source": {"data": "<48 bytes base64>"}}], "n": 1},
        ),
    ],
)
def test_elide_base64_replaces_payloads(value: object, expected: object) -> None:
    assert elide_base64(value) == expected


@pytest.mark.parametrize(
    "value",
    [
        {"type": "text", "media_type": "text/plain", "data": "QUJD"},  # a text source's data
        {"data": ""},  # nothing to elide
        {"text": "QUJD" * 16},  # not a payload key
        {"data": "Clause 4: the tenant pays. " * 5},  # a text source's data
        {"data": "é" * 80},  # not ASCII
        {"image_url": "data:text/plain,hello"},  # a data URL that is not base64
        {"image_url": "https://example.test/a.png"},
        {"data": 12345},
        "QUJD" * 100,  # not under a key
        [1, None, True, "x"],
    ],
)
def test_elide_base64_leaves_other_values(value: object) -> None:
    assert elide_base64(value) == value


def test_elide_base64_copies_and_keeps_input() -> None:
    block = {"source": {"data": "QUJD" * 16}, "list": [{"a": 1}]}
    elided = elide_base64(block)
    assert block == {"source": {"data": "QUJD" * 16}, "list": [{"a": 1}]}
    elided["list"][0]["a"] = 2
    assert block["list"][0]["a"] == 1


def test_elide_base64_50_mib() -> None:
    """A 50 MiB payload is elided to its size (how long it takes is a benchmark's business,
    never a test's: a timed assertion fails on a loaded machine)."""
    payload = "QUJD" * (50 * (1 << 20) // 4)  # 52,428,800 base64 characters
    block = {
        "type": "input_image",
        "image_url": "data:image/png;base64," + payload,
        "inlineData": {"data": payload},
    }
    elided = elide_base64(block)
    assert elided == {
        "type": "input_image",
        "image_url": "data:image/png;base64,<39,321,600 bytes base64>",
        "inlineData": {"data": "<39,321,600 bytes base64>"},
    }


# -- payload_bytes and the JSON view -----------------------------------------------------


@pytest.mark.parametrize(
    "block",
    [
        {"type": "text", "text": 'quote " back \\ é ☃ \n'},
        {"data": "A" * 70000 + '"\\'},  # a big string measured without encoding it
        {"data": "A" * 70000 + "\x01"},  # control character: falls back to real JSON
        {"b": [1, 2.5, None, True, {"z": "é" * 70000}], "a": ""},
        [],
    ],
)
def test_payload_bytes_is_compact_json_size(block: object) -> None:
    assert payload_bytes(block) == len(json_encode(block).encode())


def test_payload_bytes_of_hermes_text() -> None:
    text = ToolResult(name="t", content=[{"type": "text", "text": "Köln"}]).to("hermes")
    assert payload_bytes(text) == len(text.encode())


def test_json_html_highlights_and_escapes() -> None:
    out = json_html({"k<": ["<b>", 1, 2.5, None, True, {}]})
    assert '<span class="trl-k">&quot;k&lt;&quot;</span>: [' in out
    assert '<span class="trl-s">&quot;&lt;b&gt;&quot;</span>' in out
    assert '<span class="trl-n">1</span>' in out and '<span class="trl-n">2.5</span>' in out
    assert '<span class="trl-l">null</span>' in out and '<span class="trl-l">true</span>' in out
    assert "<b>" not in out


def test_json_html_clips_long_strings() -> None:
    out = json_html({"text": "x" * 10_000})
    assert "6,000 more characters" in out and len(out) < 5_000


# -- cards ----------------------------------------------------------------------------------


def _badges(html: str) -> list[str]:
    return re.findall(r'class="trl-badge trl-outcome-([a-z]+)"', html)


def test_card_structure() -> None:
    r = ToolResult(
        name="w",
        id="c1",
        content=[
            {"type": "text", "text": "Sunny"},
            {"type": "image", "mimeType": "image/png", "data": PNG},
        ],
    )
    html = card_html(r, "anthropic", image_input=True)
    assert html.startswith('<div class="trl-card" data-wire="anthropic">')
    assert '<span class="trl-wire">anthropic</span>' in html
    assert f'<span class="trl-title">{escape(FACTS["anthropic"].title)}</span>' in html
    assert (
        '<span class="trl-badge trl-outcome-text" title="text block (only text and'
        ' cache_control are kept)">#0 text: text</span>'
    ) in html
    assert "#1 image: native</span>" in html
    block = r.to("anthropic", image_input=True)
    size = len(json_encode(block).encode())
    estimate = estimate_tokens(r, "anthropic", image_input=True)
    assert estimate.entries[1].tokens == 1  # an 8x8 PNG: one 28 px patch
    assert f"{size:,} bytes · ~{estimate.total:,} tokens</div>" in html
    assert f'title="{escape("tokens: " + estimate.describe())}' in html
    assert (
        '<div class="trl-options">options: image_input on, native_pdf default (on),'
        " source_blocks default (on)</div>"
    ) in html
    assert f'<img class="trl-thumb" src="data:image/png;base64,{PNG}"' in html
    assert '<pre class="trl-json">' in html and PNG not in html.split("trl-json")[1]
    assert "<style" not in html  # emitted once per view, not per card
    assert (
        '<ul class="trl-notes"><li><b>name</b>: omitted — anthropic has no field for the tool'
        " name</li></ul>"
    ) in html
    assert (
        '<ul class="trl-warnings"><li>⚠ #1: anthropic: image/png is only 8x8 px; limit: images'
        " under 200 px on an edge may degrade performance"
    ) in html
    # the copy button holds the real block, payload whole, in a hidden textarea
    copied = re.search(
        r'<textarea class="trl-copy-data" hidden readonly>(.*?)</textarea>', html, re.S
    )
    assert copied is not None
    assert json.loads(unescape(copied.group(1))) == block
    assert '<button class="trl-copy" type="button" onclick="' in html


_VISIBLE_JSON = re.compile(r'<pre class="trl-json">(.*?)</pre>', re.S)


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("image_input", [False, True])
def test_every_card_shows_a_payload_only_as_its_elision(wire: str, image_input: bool) -> None:
    """Issue 29.1: the Bedrock card printed the PNG's base64 whole (its ``source.bytes`` is
    no MCP payload key); every card elides what its wire's reader finds."""
    result = ToolResult(
        name="snap",
        id="call_1",
        content=[
            {"type": "image", "mimeType": "image/png", "data": PNG},
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///q3.pdf",
                    "blob": SAMPLE_PDF,
                    "mimeType": "application/pdf",
                },
            },
        ],
    )
    html = card_html(result, wire, image_input=image_input)
    (shown,) = _VISIBLE_JSON.findall(html)
    assert PNG[:24] not in shown and SAMPLE_PDF[:24] not in shown
    native = [
        e.index for e in result.explain(wire, image_input=image_input) if e.outcome == "native"
    ]
    # each native payload is in the card as its size, where the block holds it
    assert unescape(shown).count("bytes base64>") == len(native)


def test_card_tokens_for_a_1024x768_jpeg_follow_the_provider_rule() -> None:
    buffer = io.BytesIO()
    Image.effect_noise((1024, 768), 64).convert("RGB").save(buffer, "JPEG", quality=90)
    data = base64.b64encode(buffer.getvalue()).decode()
    r = ToolResult(id="c", content=[{"type": "image", "mimeType": "image/jpeg", "data": data}])
    html = card_html(r, "anthropic", image_input=True)
    total = estimate_tokens(r, "anthropic", image_input=True).total
    assert 1036 < total < 1049 * 1.1
    assert f" bytes · ~{total:,} tokens</div>" in html
    assert "image 1024x768 jpeg: 1,036 (anthropic image: ceil(w/28) x ceil(h/28)" in html


def test_card_shows_notes_and_warnings() -> None:
    r = ToolResult(name="t", content=[{"type": "text", "text": "boom"}], is_error=True)
    html = card_html(r, "openai")
    assert (
        '<ul class="trl-notes"><li><b>is_error</b>: omitted — openai has no error field</li>'
        "<li><b>name</b>: omitted — openai has no field for the tool name</li></ul>"
    ) in html
    assert (
        '<ul class="trl-warnings"><li>⚠ openai: the call id is empty; the provider rejects a'
        " block without tool_call_id</li></ul>"
    ) in html
    assert "trl-warnings" not in card_html(r, "ollama")


def test_card_of_a_block_too_large_to_copy() -> None:
    data = "QUJD" * (COPY_MAX // 4 + 1)
    r = ToolResult(id="c", content=[{"type": "image", "mimeType": "image/png", "data": data}])
    html = card_html(r, "anthropic", image_input=True)
    size = len(json_encode(r.to("anthropic", image_input=True)))
    assert (
        f'<div class="trl-copy-off">the block is {size:,} bytes, too large to copy from this'
        ' page: use result.to("anthropic", ...)</div>'
    ) in html
    assert "trl-copy-data" not in html and data not in html
    assert "trl-copy-data" in card_html(r, "openai")  # the placeholder block is small


def test_options_caption() -> None:
    assert options_caption("openai", {"image_input": True}) == (
        "options: none (this wire reads none)"
    )
    assert options_caption("gemini", {"image_input": True, "native_pdf": None}) == (
        "options: image_input on, native_pdf default (off)"
    )
    assert options_caption("hermes", {}) == "options: response_tag tool_response (default)"
    assert options_caption("hermes", {"response_tag": "x"}) == "options: response_tag x"
    assert (
        card_html(ToolResult(), "openai", caption="profile X").count(
            '<div class="trl-options">profile X</div>'
        )
        == 1
    )


@pytest.mark.parametrize("wire", ["anthropic", "responses", "gemini"])
def test_thumbnail_only_for_native_images(wire: str) -> None:
    r = ToolResult(
        content=[
            {"type": "image", "mimeType": "image/png", "data": PNG},
            {"type": "resource", "resource": {"mimeType": "application/pdf", "blob": SAMPLE_PDF}},
        ]
    )
    assert "trl-thumb" not in card_html(r, wire, native_pdf=True)
    html = card_html(r, wire, image_input=True, native_pdf=True)
    assert html.count('class="trl-thumb"') == 1
    assert f'src="data:image/png;base64,{PNG}"' in html


def test_card_unknown_wire_and_option() -> None:
    r = ToolResult()
    with pytest.raises(ValueError, match="known wires"):
        card_html(r, "bogus")
    with pytest.raises(TypeError):
        card_html(r, "openai", bogus=True)


def test_empty_result_card() -> None:
    html = card_html(ToolResult(), "openai")
    assert "trl-badge" not in html
    assert (
        '<span class="trl-empty" title="no content and no structured_content: an empty'
        ' string is sent">no content entries: omitted</span>'
    ) in html


# -- escaping ----------------------------------------------------------------------------------


def evil_result() -> ToolResult:
    """Every field a tool controls carries markup."""
    return ToolResult(
        name=EVIL,
        id=EVIL,
        content=[
            {"type": "text", "text": EVIL},
            {"type": "image", "mimeType": "image/png" + EVIL, "data": PNG},
            {"type": "image", "mimeType": EVIL, "uri": EVIL},
            {"type": "resource", "resource": {"uri": EVIL, "mimeType": EVIL, "text": EVIL}},
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///" + EVIL,
                    "blob": SAMPLE_PDF,
                    "mimeType": "application/pdf",
                },
            },
            {"type": "resource_link", "name": EVIL, "uri": EVIL, "mimeType": EVIL},
            {"type": EVIL, "data": EVIL},
            {"type": "image", "source": {"type": "base64", "media_type": EVIL, "data": PNG}},
            {
                "type": "search_result",
                "source": EVIL,
                "title": EVIL,
                "content": [{"type": "text", "text": EVIL}],
            },
        ],
        structured_content={EVIL: [EVIL, {"x": EVIL}]},
        is_error=True,
    )


def assert_no_markup_from_tool(html: str) -> None:
    lowered = html.lower()
    assert "<script" not in lowered
    assert "<img src=x" not in lowered
    assert 'onmouseover="' not in lowered  # no attribute broken out of


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize(
    "options",
    [{}, {"image_input": True, "native_pdf": True, "source_blocks": False, "response_tag": "fn"}],
)
def test_cards_escape_everything_from_the_tool(wire: str, options: dict[str, object]) -> None:
    html = card_html(evil_result(), wire, **options)
    assert_no_markup_from_tool(html)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_a_tag_with_markup_never_reaches_a_card() -> None:
    with pytest.raises(ValueError, match="response_tag must be a plain tag name"):
        card_html(evil_result(), "hermes", response_tag=EVIL)


def test_static_view_escapes_everything_from_the_tool() -> None:
    html = result_html(evil_result(), image_input=True, native_pdf=True)
    assert_no_markup_from_tool(html)
    assert evil_result()._repr_html_().lower().count("<script") == 0


# -- the static view ------------------------------------------------------------------------------


def test_result_html_has_table_and_six_cards() -> None:
    r = ToolResult(
        name="snap",
        id="call_1",
        content=[
            {"type": "text", "text": "line one\nline two"},
            {"type": "image", "mimeType": "image/png", "data": PNG},
        ],
        structured_content={"ok": True},
    )
    html = result_html(r)
    assert html.count(style_html()) == 1
    assert re.findall(r'class="trl-card" data-wire="([a-z]+)"', html) == list(WIRES)
    assert '<table class="trl-content">' in html
    assert "<td>line one ⏎ line two</td>" in html
    assert "<td>[image] image/png (83 bytes)</td>" in html
    table = html.split('<div class="trl-grid">')[0]
    assert PNG not in table
    assert html == r._repr_html_()


def test_repr_html_hook() -> None:
    html = ToolResult(content=[{"type": "text", "text": "hi"}])._repr_html_()
    assert html.startswith('<div class="trl-view"><style>')
    assert html.count('class="trl-card"') == len(WIRES)


def test_50_mib_image_renders_small() -> None:
    data = base64.b64encode(bytes(range(256)) * (50 * (1 << 20) // 256)).decode()
    r = ToolResult(
        name="shot",
        id="c",
        content=[
            {"type": "image", "mimeType": "image/png", "data": data},
            {
                "type": "resource",
                "resource": {"uri": "file:///big.pdf", "mimeType": "application/pdf", "blob": data},
            },
        ],
    )
    sizes = {}
    for wire in WIRES:
        html = card_html(r, wire, image_input=True, native_pdf=True)
        sizes[wire] = len(html.encode())
        assert sizes[wire] < 200_000, (wire, sizes[wire])
    for wire in ("anthropic", "responses", "gemini"):
        html = card_html(r, wire, image_input=True)
        assert "image too large to preview (52,428,800 bytes)" in html
        assert 'class="trl-thumb"' not in html
    page = result_html(r, image_input=True, native_pdf=True)
    assert len(page.encode()) < 200_000
    print(f"\n50 MiB image + PDF: card HTML bytes {sizes}; static view {len(page.encode()):,}")


def test_cards_and_matrix_share_one_palette_covering_every_outcome():
    from toolresult_lab.conversion.explain import OUTCOME_COLOURS, OUTCOMES
    from toolresult_lab.views.render import STYLE

    assert set(OUTCOME_COLOURS) == set(OUTCOMES)
    for outcome, colour in OUTCOME_COLOURS.items():
        assert f".trl-outcome-{outcome}{{background:{colour}}}" in STYLE
