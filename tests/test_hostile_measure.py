"""Issue 17, findings 10-14: what a payload's bytes say against its block, on every wire that
carries it, and a payload cache that many threads can share."""

from __future__ import annotations

import base64
import io
import struct
import threading
import zlib

import pytest
from PIL import Image

from toolresult_lab import ToolResult
from toolresult_lab.budgets import measure as measure_module
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.budgets.doc_pages import PNG_SPEC, ZLIB_TECH
from toolresult_lab.budgets.measure import Carried, measure
from toolresult_lab.budgets.provider_limits import sanity_warnings
from toolresult_lab.conversion.pdfpages import PdfCount

NATIVE = {
    "anthropic": {"image_input": True},
    "responses": {"image_input": True},
    "gemini": {"image_input": True},
}
PDF_NATIVE = {
    "anthropic": {"native_pdf": True},
    "responses": {"native_pdf": True},
    "gemini": {"native_pdf": True},
}


def png_header(width: int, height: int) -> bytes:
    """A 33-byte PNG: signature and IHDR only."""
    ihdr = struct.pack(">II", width, height) + b"\x08\x02\x00\x00\x00"
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + crc


def encoded(width: int, height: int, fmt: str) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(buffer, fmt)
    return base64.b64encode(buffer.getvalue()).decode()


def image(data: str, mime: str) -> ToolResult:
    return ToolResult(id="c", name="t", content=[{"type": "image", "mimeType": mime, "data": data}])


def pdf_resource(data: str) -> ToolResult:
    resource = {"uri": "file:///x.pdf", "mimeType": "application/pdf", "blob": data}
    return ToolResult(id="c", name="t", content=[{"type": "resource", "resource": resource}])


def texts(result: ToolResult, wire: str, options: dict[str, bool]) -> list[str]:
    return [str(w) for w in result.explain(wire, **options).warnings]


# -- finding 11: absurd image headers ------------------------------------------------


@pytest.mark.parametrize("wire", list(NATIVE))
def test_a_png_header_past_the_format_is_said_to_be_so_on_every_wire(wire):
    result = image(base64.b64encode(png_header(4294967295, 4294967295)).decode(), "image/png")
    expected = (
        f"#0: {wire}: image/png: its PNG header claims 4294967295x4294967295 px, past the"
        f" 2,147,483,647 px the PNG format allows ({PNG_SPEC.cite()}); the figures read from it"
        " are not real"
    )
    assert expected in texts(result, wire, NATIVE[wire])


@pytest.mark.parametrize("wire", list(NATIVE))
def test_a_png_claiming_more_than_its_bytes_hold_is_said_to_be_so(wire):
    result = image(base64.b64encode(png_header(100_000, 100_000)).decode(), "image/png")
    least = -(-100_000 * (1 + 12_500) // 1032)  # 1,211,338 bytes
    expected = (
        f"#0: {wire}: image/png: its PNG header claims 100000x100000 px, which takes at least"
        f" {least:,} bytes of PNG and it has 33 (deflate compresses at most 1032:1,"
        f" {ZLIB_TECH.cite()}); the figures read from it are not real"
    )
    assert expected in texts(result, wire, NATIVE[wire])
    # the figure stays what the provider's rule gives for the header, now with the warning
    [figure] = [e for e in estimate_tokens(result, wire, **NATIVE[wire]).entries if e.index == 0]
    assert figure.what == "image 100000x100000 png"


def test_real_images_draw_no_sanity_warning():
    for fmt, mime in (("PNG", "image/png"), ("JPEG", "image/jpeg"), ("GIF", "image/gif")):
        result = image(encoded(640, 480, fmt), mime)
        for wire, options in NATIVE.items():
            assert texts(result, wire, options) == [], (fmt, wire)
    blank = Image.new("1", (20_000, 20_000))  # a real, very compressible PNG: 400 Mpx
    buffer = io.BytesIO()
    blank.save(buffer, "PNG", optimize=True)
    data = base64.b64encode(buffer.getvalue()).decode()
    size = measure(Carried("image", "image/png", data, "native"))
    assert size is not None and size.size is not None
    warned = sanity_warnings("gemini", "image", "image/png", size.decoded_bytes, size.size, None)
    assert warned == ()


# -- finding 13: a declared type the bytes contradict -----------------------------------


@pytest.mark.parametrize("wire", list(NATIVE))
def test_a_png_declared_jpeg_is_reported(wire):
    result = image(encoded(300, 300, "PNG"), "image/jpeg")
    assert texts(result, wire, NATIVE[wire]) == [
        f"#0: {wire}: declared image/jpeg but the bytes are a PNG image (image/png); a provider"
        ' may reject the mismatch (anthropic: "Image does not match the provided media type")'
    ]
    assert texts(image(encoded(300, 300, "JPEG"), "image/jpg"), wire, NATIVE[wire]) == []


def test_image_bytes_of_no_known_format_are_reported():
    data = base64.b64encode(b"not an image at all, just text").decode()
    assert texts(image(data, "image/png"), "anthropic", NATIVE["anthropic"]) == [
        "#0: anthropic: declared image/png but the bytes are no PNG, JPEG, GIF or WebP image"
        " whose header can be read"
    ]
    assert texts(image(data, "image/png"), "openai", {}) == []  # openai chat sends text only


# -- finding 14: bytes that are no PDF ----------------------------------------------------


@pytest.mark.parametrize("wire", list(PDF_NATIVE))
def test_bytes_that_are_no_pdf_are_reported(wire):
    random = pdf_resource(base64.b64encode(bytes(range(256)) * 4).decode())
    assert texts(random, wire, PDF_NATIVE[wire]) == [
        f"#0: {wire}: declared application/pdf but the bytes are no PDF (no %PDF- header)"
    ]
    garbage = pdf_resource(base64.b64encode(b"%PDF-1.7 garbage").decode())
    [text] = texts(garbage, wire, PDF_NATIVE[wire])
    assert text.startswith(
        f"#0: {wire}: declared application/pdf but no page tree can be read from the bytes ("
    )


def test_a_pdf_past_the_budget_says_its_pages_are_not_checked():
    over = PdfCount("over_budget", reason="not read within 2 s")
    assert sanity_warnings("gemini", "pdf", "application/pdf", 10, None, over) == (
        "gemini: the PDF's page count was not read (not read within 2 s; the budget is"
        " 67,108,864 bytes and 2 s), so its page limits are not checked",
    )
    counted = PdfCount("counted", 3)
    assert sanity_warnings("gemini", "pdf", "application/pdf", 10, None, counted) == ()


# -- finding 10: the payload cache under threads --------------------------------------------


def test_the_payload_cache_is_shared_by_threads_and_stays_bounded(monkeypatch):
    monkeypatch.setattr(measure_module, "_MAX_MEASURED", 8)
    payloads = [encoded(8 + n % 50, 8 + n // 50, "PNG") for n in range(400)]
    errors: list[BaseException] = []
    sizes: dict[int, tuple[int, int]] = {}

    def work(offset: int) -> None:
        try:
            for n in range(offset, len(payloads), 8):
                for _ in range(3):
                    found = measure(Carried("image", "image/png", payloads[n], "native"))
                    assert found is not None and found.size is not None
                    sizes[n] = (found.size.width, found.size.height)
                    assert len(measure_module._MEASURED) <= 8
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(offset,)) for offset in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sizes == {n: (8 + n % 50, 8 + n // 50) for n in range(400)}
    kept = sum(len(text) for text, _ in measure_module._MEASURED.values())
    assert kept == measure_module._kept_chars <= measure_module._MAX_KEPT_CHARS


# -- finding 12: base64 with line breaks is stripped once ------------------------------------


def test_line_wrapped_base64_of_a_jpeg_of_tiny_segments_is_stripped_once(monkeypatch):
    from toolresult_lab.conversion import imagesize

    buffer = io.BytesIO()
    Image.new("RGB", (320, 200)).save(buffer, "JPEG")
    small = buffer.getvalue()
    raw = small[:2] + b"\xff\xfe\x00\x02" * 4000 + small[2:] + bytes(1_000_000)
    wrapped = base64.encodebytes(raw).decode()
    stripped = []
    pattern = imagesize._NOT_SYMBOL_RE

    class Counting:
        def sub(self, replacement, text):
            stripped.append(len(text))
            return pattern.sub(replacement, text)

    monkeypatch.setattr(imagesize, "_NOT_SYMBOL_RE", Counting())
    assert imagesize.image_size(wrapped) == imagesize.ImageSize("jpeg", 320, 200)
    # the 4,000 segments sit in the first 22 KB of text: a couple of chunks, each once
    # (each segment re-stripped its 16 KB chunk before: 4,000 x 16 KB)
    assert sum(stripped) <= 3 * imagesize._SLOW_CHUNK
    assert imagesize.image_size(base64.b64encode(raw).decode()) == imagesize.ImageSize(
        "jpeg", 320, 200
    )
