"""Demo MCP server for the toolresult_lab notebooks.

Each tool returns one kind of MCP tool-result content (image, PDF resource, audio, text
resource, CSV blob, resource link, structured content, error), all generated locally and
deterministically, so a notebook can convert real ``CallToolResult`` objects into every
provider's tool-result block. Run it over stdio with ``python demo_server.py``.

Runs on the ``mcp`` SDK the ``notebooks`` extra installs (2.x, whose server class is
``MCPServer``) and on 1.x (``FastMCP``): the content types are built with their JSON field
names (``mimeType``), which both generations accept, and the tools that return content
blocks say ``structured_output=False`` (1.x would also send that content, payloads included,
as ``structuredContent``). A missing dependency stops it with one line naming the package and
the command that installs it.
"""

from __future__ import annotations

import base64
import datetime as dt
import io
import math
import struct
import sys
import wave
from typing import TypedDict

#: The package that provides each module this server imports (for the one-line error).
PACKAGES = {"fpdf": "fpdf2", "PIL": "pillow", "mcp": "mcp"}
INSTALL = "pip install 'toolresult_lab[notebooks]'"

try:
    from fpdf import FPDF
    from mcp.types import (
        AudioContent,
        BlobResourceContents,
        EmbeddedResource,
        ImageContent,
        ResourceLink,
        TextContent,
        TextResourceContents,
    )
    from PIL import Image, ImageDraw
except ImportError as error:  # one line, not a traceback
    missing = (error.name or "").split(".")[0]
    sys.exit(
        f"demo_server.py needs {PACKAGES.get(missing, missing)} ({error}); install it with"
        f" {INSTALL}"
    )

try:  # mcp 2.x
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import FastMCP as MCPServer
    from mcp.server.fastmcp.exceptions import ToolError

PDF_URI = "file:///reports/quarterly%20report.pdf"
README_URI = "file:///docs/README.md"
CSV_URI = "file:///data/cities.csv"
CSV_TEXT = "city,temp_c\nKöln,18\nQuelltown,22\n"
README_TEXT = "# Demo data\n\nSmall files made by `demo_server.py` for the *toolresult_lab* demo.\n"
BAR_HEIGHTS = (12, 30, 22, 40, 18)

mcp = MCPServer("toolresult-lab-demo")


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def make_png() -> bytes:
    """A 64x48 RGB bar chart: five blue bars on white with a grey baseline."""
    img = Image.new("RGB", (64, 48), "white")
    draw = ImageDraw.Draw(img)
    for i, height in enumerate(BAR_HEIGHTS):
        x = 4 + i * 12
        draw.rectangle((x, 44 - height, x + 8, 44), fill=(40, 90, 200))
    draw.line((0, 45, 63, 45), fill=(128, 128, 128))
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def make_pdf() -> bytes:
    """A one-page A4 PDF with core-font text; fixed creation date keeps the bytes stable."""
    pdf = FPDF()
    pdf.set_creation_date(dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc))
    pdf.add_page()
    pdf.set_font("Helvetica", style="B", size=16)
    pdf.cell(text="Quarterly report", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=11)
    pdf.multi_cell(0, 6, "Revenue: 1,234 EUR\nCosts: 987 EUR\nProfit: 247 EUR")
    return bytes(pdf.output())


def make_wav() -> bytes:
    """0.1 s of a 440 Hz sine: mono, 8 kHz, 16-bit PCM (800 frames)."""
    rate, n = 8000, 800
    samples = [round(12000 * math.sin(2 * math.pi * 440 * i / rate)) for i in range(n)]
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(struct.pack(f"<{n}h", *samples))
    return buf.getvalue()


@mcp.tool(structured_output=False)
def chart_png() -> list[ImageContent | TextContent]:
    """A small PNG bar chart plus a text description of it."""
    return [
        ImageContent(type="image", data=b64(make_png()), mimeType="image/png"),
        TextContent(type="text", text=f"Bar chart, 64x48 px, 5 bars: {list(BAR_HEIGHTS)}."),
    ]


@mcp.tool(structured_output=False)
def report_pdf() -> EmbeddedResource:
    """A one-page PDF report as an embedded blob resource."""
    blob = BlobResourceContents(uri=PDF_URI, mimeType="application/pdf", blob=b64(make_pdf()))
    return EmbeddedResource(type="resource", resource=blob)


@mcp.tool(structured_output=False)
def beep_wav() -> AudioContent:
    """A 0.1 s 440 Hz beep as WAV audio."""
    return AudioContent(type="audio", data=b64(make_wav()), mimeType="audio/wav")


@mcp.tool(structured_output=False)
def readme_resource() -> EmbeddedResource:
    """A markdown README as an embedded text resource."""
    res = TextResourceContents(uri=README_URI, mimeType="text/markdown", text=README_TEXT)
    return EmbeddedResource(type="resource", resource=res)


@mcp.tool(structured_output=False)
def csv_blob() -> EmbeddedResource:
    """A small UTF-8 CSV (with a non-ASCII city name) as an embedded blob resource."""
    blob = BlobResourceContents(uri=CSV_URI, mimeType="text/csv", blob=b64(CSV_TEXT.encode()))
    return EmbeddedResource(type="resource", resource=blob)


@mcp.tool(structured_output=False)
def find_file() -> ResourceLink:
    """A link to a (large, not inlined) file instead of its content."""
    return ResourceLink(
        type="resource_link",
        name="large.parquet",
        uri="file:///data/large.parquet",
        mimeType="application/vnd.apache.parquet",
        description="A large Parquet file, linked rather than embedded.",
        size=123_456_789,
    )


class Weather(TypedDict):
    city: str
    temp_c: int
    sky: str


@mcp.tool()
def weather(city: str = "Quelltown") -> Weather:
    """Current weather: structured content (output schema from the return type) plus text."""
    return Weather(city=city, temp_c=22, sky="sunny")


@mcp.tool(structured_output=False)  # a `-> str` tool would otherwise get an output schema
def fail() -> str:
    """Always fails; the SDK turns the ToolError into a result with isError=true."""
    raise ToolError("the demo tool failed on purpose")


if __name__ == "__main__":
    mcp.run()
