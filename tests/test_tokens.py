"""Token figures and limit warnings against the providers' documented worked examples."""

from __future__ import annotations

import json
from math import ceil
from pathlib import Path

import pytest
from helpers import jpeg_base64
from hypothesis import given
from hypothesis import strategies as st

from toolresult_lab.budgets import doc_pages
from toolresult_lab.budgets.provider_limits import (
    LIMITS,
    limits_for,
    media_warnings,
    request_warnings,
)
from toolresult_lab.budgets.tokens import (
    GEMINI_RESOLUTION_TOKENS,
    OPENAI_PATCH_MULTIPLIERS,
    TokenFigure,
    anthropic_pixel_tokens,
    image_tokens,
    openai_patch_tokens,
    pdf_note,
    pdf_tokens,
    text_tokens,
)
from toolresult_lab.conversion.facts import WIRES
from toolresult_lab.conversion.imagesize import ImageSize, image_size

DOC = Path(__file__).resolve().parents[1] / "docs" / "costs-and-limits.md"


# --- the specific check: a 1024x768 JPEG sent natively to anthropic --------------------------


def test_1024x768_jpeg_on_anthropic_is_within_ten_percent_of_the_documented_rule():
    data = jpeg_base64(1024, 768)
    size = image_size(data)
    assert size == ImageSize("jpeg", 1024, 768)
    figure = image_tokens("anthropic", size.width, size.height)
    documented = 1024 * 768 / 750  # ~1,049: the rule's own figure for this size
    assert abs(figure.tokens - documented) / documented < 0.10
    assert figure.tokens == 37 * 28  # ceil(1024/28) x ceil(768/28) visual tokens
    assert anthropic_pixel_tokens(1024, 768).tokens == 1049
    block = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/jpeg", "data": data},
    }
    bytes_over_four = len(json.dumps(block, separators=(",", ":"))) / 4
    assert bytes_over_four > 50 * figure.tokens  # what the old "~N tokens" showed


# --- Anthropic -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "tokens"),
    [(200, 200, 54), (1000, 1000, 1334), (1092, 1092, 1590)],
)
def test_anthropic_2025_table_of_image_sizes_to_tokens(width, height, tokens):
    figure = anthropic_pixel_tokens(width, height)
    assert figure.tokens == tokens
    assert "w*h/750" in figure.rule


@pytest.mark.parametrize(
    ("width", "height"), [(1092, 1092), (951, 1268), (896, 1344), (819, 1456), (784, 1568)]
)
def test_anthropic_2025_largest_unresized_sizes_use_about_1600_tokens(width, height):
    assert abs(anthropic_pixel_tokens(width, height).tokens - 1600) <= 0.025 * 1600


def test_anthropic_2025_rule_scales_big_images_down():
    assert anthropic_pixel_tokens(4000, 3000).tokens <= 1600
    assert anthropic_pixel_tokens(8000, 200).tokens == ceil(1568 * 39 / 750)


@pytest.mark.parametrize(
    ("width", "height", "tokens"),
    [
        (28, 28, 1),
        (29, 28, 2),
        (200, 200, 64),  # 8 x 8 patches
        (1000, 1000, 36 * 36),
        (1092, 1092, 39 * 39),
        (1568, 784, 56 * 28),  # exactly at both limits: not resized
    ],
)
def test_anthropic_patch_rule(width, height, tokens):
    figure = image_tokens("anthropic", width, height)
    assert figure.tokens == tokens
    assert "resized" not in figure.rule
    assert "28" in figure.rule


@pytest.mark.parametrize(
    ("width", "height"), [(4000, 3000), (3000, 4000), (1568, 1568), (8000, 100), (100, 8000)]
)
def test_anthropic_patch_rule_resizes_to_both_limits(width, height):
    figure = image_tokens("anthropic", width, height)
    assert figure.tokens <= 1568
    assert "resized" in figure.rule


@given(st.integers(1, 9000), st.integers(1, 9000))
def test_anthropic_patch_rule_never_exceeds_its_budget(width, height):
    assert 1 <= image_tokens("anthropic", width, height).tokens <= 1568


# --- OpenAI ----------------------------------------------------------------------------------


def test_openai_documented_tile_examples():
    assert image_tokens("responses", 1024, 1024, detail="high").tokens == 765
    assert image_tokens("responses", 2048, 4096, detail="high").tokens == 1105
    assert image_tokens("responses", 4096, 8192, detail="low").tokens == 85


def test_openai_auto_detail_shows_the_high_figure_and_says_so():
    auto = image_tokens("responses", 2048, 4096)
    assert auto.tokens == 1105
    assert "auto" in auto.rule


def test_openai_small_image_is_one_tile():
    assert image_tokens("responses", 512, 512, detail="high").tokens == 85 + 170


@pytest.mark.parametrize(("width", "height", "patches"), [(1024, 1024, 1024), (1800, 2400, 1452)])
def test_openai_documented_patch_examples(width, height, patches):
    assert openai_patch_tokens(width, height).tokens == patches


def test_openai_patch_multipliers():
    mini = OPENAI_PATCH_MULTIPLIERS["gpt-4.1-mini"]
    nano = OPENAI_PATCH_MULTIPLIERS["gpt-4.1-nano"]
    assert openai_patch_tokens(1024, 1024, multiplier=mini).tokens == round(1024 * 1.62)
    assert openai_patch_tokens(1024, 1024, multiplier=nano).tokens == round(1024 * 2.46)
    assert openai_patch_tokens(20000, 20000).tokens <= 1536


@pytest.mark.parametrize("wire", ["openai", "ollama", "hermes"])
def test_text_only_wires_carry_no_image_tokens(wire):
    figure = image_tokens(wire, 1024, 768)
    assert figure.tokens == 0
    assert "carries no image" in figure.rule
    assert "text_tokens" in figure.rule


# --- Gemini ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "tokens"),
    [(384, 384, 258), (600, 400, 258), (385, 100, 258), (1920, 1080, 6 * 258), (768, 769, 516)],
)
def test_gemini_tile_rule(width, height, tokens):
    assert image_tokens("gemini", width, height).tokens == tokens


@pytest.mark.parametrize("resolution", list(GEMINI_RESOLUTION_TOKENS))
def test_gemini_3_media_resolution_caps(resolution):
    figure = image_tokens("gemini", 4000, 3000, media_resolution=resolution)
    assert figure.tokens == GEMINI_RESOLUTION_TOKENS[resolution]
    assert "cap" in figure.rule


def test_gemini_resolution_values():
    assert GEMINI_RESOLUTION_TOKENS == {"low": 280, "medium": 560, "high": 1120, "ultra_high": 2240}


# --- PDFs ------------------------------------------------------------------------------------


def test_gemini_pdf_is_258_tokens_per_page():
    assert pdf_tokens("gemini", 10) == TokenFigure(
        2580,
        "gemini PDF: 258 tokens per page",
        doc_pages.GEMINI_DOCUMENTS.cite(),
        "gemini PDF: 258 per page",
    )
    assert pdf_tokens("gemini", 0).tokens == 0  # type: ignore[union-attr]
    assert pdf_tokens("gemini", 3, media_resolution="medium").tokens == 3 * 560  # type: ignore[union-attr]


@pytest.mark.parametrize("wire", ["anthropic", "responses", "openai", "ollama", "hermes"])
def test_no_documented_per_page_rule_gives_none_and_a_note(wire):
    assert pdf_tokens(wire, 5) is None
    assert pdf_note(wire)


def test_pdf_notes_say_what_is_documented():
    assert "extracted text" in pdf_note("anthropic")
    assert "extracted text" in pdf_note("responses")
    assert "258" in pdf_note("gemini")
    assert "carries no PDF" in pdf_note("openai")


# --- text ------------------------------------------------------------------------------------


@pytest.mark.parametrize("wire", WIRES)
def test_text_is_an_approximation_that_says_so(wire):
    figure = text_tokens("abcd" * 10 + "x", wire)
    assert figure.tokens == 11
    assert figure.rule == "≈ 4 characters per token (approximation; no offline tokenizer)"
    assert "https://" in figure.source
    assert text_tokens("", wire).tokens == 0


# --- argument checks -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: image_tokens("claude", 10, 10),
        lambda: text_tokens("x", "chatgpt"),
        lambda: pdf_tokens("bard", 1),
        lambda: pdf_note("nope"),
        lambda: limits_for("nope"),
        lambda: media_warnings("nope", "image", "image/png", 1, None, None),
        lambda: request_warnings("nope", 1, 1),
    ],
)
def test_unknown_wire_is_a_value_error_naming_the_wires(call):
    with pytest.raises(ValueError, match=r"unknown wire .*known wires: openai, anthropic"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: image_tokens("anthropic", 0, 10),
        lambda: image_tokens("responses", 10, -1),
        lambda: image_tokens("responses", 10, 10, detail="medium"),  # type: ignore[arg-type]
        lambda: image_tokens("gemini", 10, 10, media_resolution="huge"),  # type: ignore[arg-type]
        lambda: image_tokens("anthropic", 10, 10, media_resolution="huge"),  # type: ignore[arg-type]
        lambda: pdf_tokens("gemini", 2, media_resolution="huge"),  # type: ignore[arg-type]
        lambda: anthropic_pixel_tokens(0, 0),
        lambda: openai_patch_tokens(-1, 5),
        lambda: pdf_tokens("gemini", -1),
        lambda: media_warnings("anthropic", "video", "video/mp4", 1, None, None),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_value_errors(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("wire", WIRES)
def test_every_image_figure_names_its_source(wire):
    figure = image_tokens(wire, 640, 480)
    assert figure.rule.startswith(wire)
    assert figure.source


# --- limits ----------------------------------------------------------------------------------

MIB = 1024 * 1024


def test_text_only_wires_have_no_media_or_request_limits():
    assert [limit.scope for limit in limits_for("openai")] == ["string"]
    for wire in ("ollama", "hermes"):
        assert limits_for(wire) == ()
    for wire in ("openai", "ollama", "hermes"):
        assert (
            media_warnings(wire, "image", "image/png", 100 * MIB, ImageSize("png", 9999, 9), 9)
            == ()
        )
        assert request_warnings(wire, 10**9, 10**4, largest_edge=10**5) == ()


def test_a_small_image_draws_no_warning_anywhere():
    for wire in WIRES:
        assert (
            media_warnings(wire, "image", "image/jpeg", 200_000, ImageSize("jpeg", 1024, 768), None)
            == ()
        )


def test_anthropic_image_over_the_base64_limits():
    warnings = media_warnings(
        "anthropic", "image", "image/png", 6 * MIB, ImageSize("png", 800, 600), None
    )
    assert len(warnings) == 1  # 8 MiB base64: over 5 MB (Bedrock/Vertex, 2025 docs), under 10 MB
    assert "5 MB per image (base64-encoded)" in warnings[0]
    assert "8,388,608 bytes base64-encoded" in warnings[0]
    warnings = media_warnings("anthropic", "image", "image/png", 8 * MIB, None, None)
    assert any("10 MB per image" in w for w in warnings)


def test_anthropic_image_dimensions():
    big = media_warnings("anthropic", "image", "image/png", 1000, ImageSize("png", 8001, 10), None)
    assert any("8000x8000 px" in w and "8001x10 px" in w for w in big)
    assert any("under 200 px" in w for w in big)
    assert (
        media_warnings("anthropic", "image", "image/png", 1000, ImageSize("png", 8000, 200), None)
        == ()
    )


def test_anthropic_pdf_pages_and_request_size():
    warnings = media_warnings("anthropic", "pdf", "application/pdf", 30 * MIB, None, 700)
    assert any("100 PDF pages" in w for w in warnings)
    assert any("600 PDF pages" in w for w in warnings)
    assert any("32 MB per request" in w and "alone" in w for w in warnings)
    assert media_warnings("anthropic", "pdf", "application/pdf", MIB, None, 100) == ()


def test_gemini_pdf_pages_and_inline_request_size():
    warnings = media_warnings("gemini", "pdf", "application/pdf", 51_000_000, None, 1001)
    assert any("1,000 pages" in w for w in warnings)
    assert any("50 MB per PDF" in w for w in warnings)
    assert not any("100 MB per request" in w for w in warnings)
    warnings = media_warnings("gemini", "pdf", "application/pdf", 76_000_000, None, 10)
    assert any("100 MB per request" in w for w in warnings)  # base64 grows it past 100 MB


def test_responses_image_bytes():
    # no per-image byte cap on OpenAI (an oversized image is resized), only the request's
    assert media_warnings("responses", "image", "image/png", 21_000_000, None, None) == ()
    warnings = media_warnings("responses", "image", "image/png", 400_000_000, None, None)
    assert any("512 MB total payload per request" in w for w in warnings)


def test_anthropic_request_limits():
    assert request_warnings("anthropic", 1000, 20, largest_edge=4000) == ()
    many = request_warnings("anthropic", 1000, 21, largest_edge=2001)
    assert len(many) == 1 and "more than 20 images" in many[0]
    assert len(request_warnings("anthropic", 33 * MIB, 601)) == 3  # bytes, 100 and 600 images
    assert request_warnings("anthropic", 32 * MIB, 100) == ()


def test_openai_and_gemini_request_limits():
    assert request_warnings("responses", 51_000_000, 501) == ()
    assert len(request_warnings("responses", 512_000_001, 1501)) == 2
    assert request_warnings("gemini", 20_000_001, 1) == ()
    assert len(request_warnings("gemini", 100_000_001, 1)) == 1


def test_every_warning_is_one_line_naming_its_page():
    warnings = media_warnings(
        "anthropic", "image", "image/png", 20 * MIB, ImageSize("png", 9000, 5), None
    )
    warnings += request_warnings("anthropic", 99 * MIB, 700, largest_edge=3000)
    assert len(warnings) == 8
    for warning in warnings:
        assert "\n" not in warning
        assert "<https://" in warning


# --- the documentation names every page and every number -------------------------------------


def test_docs_list_every_page_and_every_limit():
    text = DOC.read_text(encoding="utf-8")
    for page in vars(doc_pages).values():
        if isinstance(page, doc_pages.DocPage):
            assert page.url in text, page.title
    for limit in LIMITS:
        assert limit.text in text, limit.text
