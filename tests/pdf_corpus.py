"""Real PDFs of several writers and shapes, with their true page counts (tests and
``benchmarks/bench_hostile.py`` read them): fpdf2, reportlab and Pillow output, incremental
updates (pypdf's incremental writer), object streams and linearised files (qpdf, through
pikepdf)."""

from __future__ import annotations

import io

import pikepdf
from fpdf import FPDF
from PIL import Image
from pypdf import PdfWriter
from reportlab.pdfgen import canvas


def fpdf_document(pages: int) -> bytes:
    document = FPDF()
    for n in range(pages):
        document.add_page()
        document.set_font("Helvetica", size=12)
        document.cell(text=f"page {n + 1}")
    return bytes(document.output())


def reportlab_document(pages: int, *, compress: bool = True) -> bytes:
    """Each page's text holds what a scan for the page tree would trip on."""
    buffer = io.BytesIO()
    drawing = canvas.Canvas(buffer, pageCompression=int(compress))
    for n in range(pages):
        drawing.drawString(72, 720, f"page {n + 1} (/Count 99) >> << /Type /Pages /Count 7")
        drawing.showPage()
    drawing.save()
    return buffer.getvalue()


def pillow_document(pages: int) -> bytes:
    buffer = io.BytesIO()
    frame = Image.new("RGB", (10, 10))
    frame.save(buffer, "PDF", save_all=True, append_images=[frame] * (pages - 1))
    return buffer.getvalue()


def updated(document: bytes, added: int) -> bytes:
    """``document`` with ``added`` pages appended as an incremental update (the original
    bytes first, then the new objects, a new page tree and a new trailer)."""
    writer = PdfWriter(io.BytesIO(document), incremental=True)
    for _ in range(added):
        writer.add_blank_page(100, 100)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def rewritten(document: bytes, *, object_streams: bool = False, linearize: bool = False) -> bytes:
    """``document`` saved again by qpdf: in object streams and/or linearised."""
    out = io.BytesIO()
    modes = pikepdf.ObjectStreamMode
    mode = modes.generate if object_streams else modes.preserve
    with pikepdf.open(io.BytesIO(document)) as pdf:
        pdf.save(out, object_stream_mode=mode, linearize=linearize)
    return out.getvalue()


def corpus() -> dict[str, tuple[bytes, int]]:
    """Name -> (the PDF, its page count)."""
    return {
        "fpdf2, 1 page": (fpdf_document(1), 1),
        "fpdf2, 120 pages": (fpdf_document(120), 120),
        "reportlab, 5 pages": (reportlab_document(5), 5),
        "reportlab, 40 pages, uncompressed": (reportlab_document(40, compress=False), 40),
        "Pillow, 5 pages": (pillow_document(5), 5),
        "fpdf2 1 page + update of 1499": (updated(fpdf_document(1), 1499), 1500),
        "reportlab 3 pages + update of 2": (updated(reportlab_document(3), 2), 5),
        "object streams, 120 pages": (rewritten(fpdf_document(120), object_streams=True), 120),
        "object streams, 5 pages": (rewritten(reportlab_document(5), object_streams=True), 5),
        "linearised, 120 pages": (rewritten(fpdf_document(120), linearize=True), 120),
        "linearised + object streams, 40 pages": (
            rewritten(reportlab_document(40), object_streams=True, linearize=True),
            40,
        ),
        "linearised, then 3 + update of 4": (
            updated(rewritten(fpdf_document(3), linearize=True), 4),
            7,
        ),
    }
