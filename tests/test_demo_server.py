"""End-to-end tests of notebooks/demo_server.py through notebooks/demo_client.py (real stdio)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import importlib
import io
import os
import re
import subprocess
import sys
import wave
from pathlib import Path
from types import ModuleType

import mcp.types
import pytest
from PIL import Image

if sys.version_info >= (3, 11):
    import tomllib
else:  # the test extra installs tomli there
    import tomli as tomllib

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def load(name: str) -> ModuleType:
    """Import notebooks/<name>.py by path, whatever the current working directory."""
    if str(NOTEBOOKS) not in sys.path:
        sys.path.insert(0, str(NOTEBOOKS))
    return importlib.import_module(name)


demo_client = load("demo_client")
demo_server = load("demo_server")

TOOLS = {
    "chart_png", "report_pdf", "beep_wav", "readme_resource",
    "csv_blob", "find_file", "weather", "fail",
}  # fmt: skip

Results = dict[str, mcp.types.CallToolResult]


@pytest.fixture(scope="module")
def results() -> Results:
    return demo_client.call_all_sync()


def only_block(result: mcp.types.CallToolResult) -> mcp.types.ContentBlock:
    assert result.is_error is False
    assert len(result.content) == 1
    return result.content[0]


def test_tool_names(results: Results) -> None:
    assert set(results) == TOOLS
    assert all(isinstance(r, mcp.types.CallToolResult) for r in results.values())


def test_chart_png(results: Results) -> None:
    result = results["chart_png"]
    assert result.is_error is False
    image, text = result.content
    assert isinstance(image, mcp.types.ImageContent)
    assert image.mime_type == "image/png"
    png = base64.b64decode(image.data, validate=True)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert png == demo_server.make_png()  # deterministic
    with Image.open(io.BytesIO(png)) as img:
        assert (img.format, img.size, img.mode) == ("PNG", (64, 48), "RGB")
    assert isinstance(text, mcp.types.TextContent)
    assert text.text == "Bar chart, 64x48 px, 5 bars: [12, 30, 22, 40, 18]."
    assert result.structured_content is None


def test_report_pdf(results: Results) -> None:
    block = only_block(results["report_pdf"])
    assert isinstance(block, mcp.types.EmbeddedResource)
    res = block.resource
    assert isinstance(res, mcp.types.BlobResourceContents)
    assert res.uri == "file:///reports/quarterly%20report.pdf"
    assert res.mime_type == "application/pdf"
    pdf = base64.b64decode(res.blob, validate=True)
    assert pdf.startswith(b"%PDF-")
    assert pdf.rstrip().endswith(b"%%EOF")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1
    assert re.search(rb"/Count 1\b", pdf)
    assert 500 < len(pdf) < 5 * 1024
    assert pdf == demo_server.make_pdf()  # deterministic (fixed creation date)


def test_beep_wav(results: Results) -> None:
    block = only_block(results["beep_wav"])
    assert isinstance(block, mcp.types.AudioContent)
    assert block.mime_type == "audio/wav"
    data = base64.b64decode(block.data, validate=True)
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    assert len(data) == 44 + 800 * 2
    with wave.open(io.BytesIO(data)) as w:
        assert w.getparams()[:5] == (1, 2, 8000, 800, "NONE")
        frames = w.readframes(800)
    assert len(frames) == 1600
    assert frames[:2] == b"\x00\x00"  # sin(0)
    assert data == demo_server.make_wav()


def test_readme_resource(results: Results) -> None:
    block = only_block(results["readme_resource"])
    assert isinstance(block, mcp.types.EmbeddedResource)
    res = block.resource
    assert isinstance(res, mcp.types.TextResourceContents)
    assert (res.uri, res.mime_type) == ("file:///docs/README.md", "text/markdown")
    assert res.text == demo_server.README_TEXT
    assert res.text.startswith("# Demo data\n")


def test_csv_blob(results: Results) -> None:
    block = only_block(results["csv_blob"])
    assert isinstance(block, mcp.types.EmbeddedResource)
    res = block.resource
    assert isinstance(res, mcp.types.BlobResourceContents)
    assert (res.uri, res.mime_type) == ("file:///data/cities.csv", "text/csv")
    raw = base64.b64decode(res.blob, validate=True)
    assert raw.decode("utf-8") == "city,temp_c\nKöln,18\nQuelltown,22\n"
    assert "Köln".encode() in raw and len(raw) == 34


def test_find_file(results: Results) -> None:
    block = only_block(results["find_file"])
    assert isinstance(block, mcp.types.ResourceLink)
    assert block.type == "resource_link"
    assert block.name == "large.parquet"
    assert block.uri == "file:///data/large.parquet"
    assert block.mime_type == "application/vnd.apache.parquet"
    assert block.size == 123_456_789


def test_weather_structured(results: Results) -> None:
    result = results["weather"]
    expected = {"city": "Quelltown", "temp_c": 22, "sky": "sunny"}
    assert result.is_error is False
    assert result.structured_content == expected
    block = only_block(result)
    assert isinstance(block, mcp.types.TextContent)
    assert block.text == '{\n  "city": "Quelltown",\n  "temp_c": 22,\n  "sky": "sunny"\n}'


def test_fail_is_error(results: Results) -> None:
    result = results["fail"]
    assert result.is_error is True
    assert result.structured_content is None
    (block,) = result.content
    assert isinstance(block, mcp.types.TextContent)
    assert block.text == "Error executing tool fail: the demo tool failed on purpose"


def test_call_all_sync_inside_running_loop(results: Results) -> None:
    """As in Jupyter: a loop is already running when call_all_sync() is called."""

    async def main() -> Results:
        return demo_client.call_all_sync()

    again = asyncio.run(main())
    assert again == results  # same tools, same bytes on a fresh server


def test_server_subprocess_is_gone(results: Results) -> None:
    """No demo_server.py child of this process outlives call_all_sync() (Linux /proc)."""
    me = str(os.getpid())
    leftovers = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc / "cmdline").read_bytes()
            ppid = (proc / "stat").read_text().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue
        if ppid == me and b"demo_server.py" in cmdline:
            leftovers.append(proc.name)
    assert leftovers == []


# -- a missing dependency is one clear line -------------------------------------------------


def test_server_with_a_missing_dependency_says_so_in_one_line() -> None:
    block_fpdf = (
        "import runpy, sys; sys.modules['fpdf'] = None;"
        " runpy.run_path(sys.argv[1], run_name='__main__')"
    )
    proc = subprocess.run(
        [sys.executable, "-c", block_fpdf, str(NOTEBOOKS / "demo_server.py")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == (
        "demo_server.py needs fpdf2 (import of fpdf halted; None in sys.modules); install it"
        " with pip install 'toolresult_lab[notebooks]'\n"
    )


def test_client_reports_a_server_that_stops_in_one_line(tmp_path: Path) -> None:
    server = tmp_path / "broken_server.py"
    server.write_text("import sys\nsys.exit('demo_server.py needs fpdf2 (say so)')\n")
    with pytest.raises(demo_client.DemoServerError) as caught:
        demo_client.call_all_sync(str(server))
    assert str(caught.value) == "the demo server stopped: demo_server.py needs fpdf2 (say so)"
    assert caught.value._render_traceback_() == [
        "DemoServerError: the demo server stopped: demo_server.py needs fpdf2 (say so)"
    ]


def test_client_checks_what_the_demo_needs_before_starting_it(monkeypatch) -> None:
    needs = {**demo_client.REQUIREMENTS, "trl_no_such_module": "trl-no-such-package"}
    monkeypatch.setattr(demo_client, "REQUIREMENTS", needs)
    with pytest.raises(demo_client.DemoServerError) as caught:
        demo_client.call_all_sync()
    assert str(caught.value) == (
        f"the demo server needs trl-no-such-package, not installed for {sys.executable};"
        " install it with pip install 'toolresult_lab[notebooks]'"
    )


def test_ipython_shows_the_error_as_one_line() -> None:
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(shown):
        outcome = shell.run_cell(
            "import demo_client\nraise demo_client.DemoServerError('the demo needs fpdf2')"
        )
    assert not outcome.success
    assert shown.getvalue() == "DemoServerError: the demo needs fpdf2\n"


def test_the_notebooks_extra_installs_what_the_demo_imports() -> None:
    pyproject = tomllib.loads((NOTEBOOKS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    extra = pyproject["project"]["optional-dependencies"]["notebooks"]
    names = {re.split(r"[<>=!~\[ ]", spec, maxsplit=1)[0].lower() for spec in extra}
    assert set(demo_client.REQUIREMENTS.values()) | {"jupyterlab", "ipykernel"} <= names
    assert set(demo_server.PACKAGES.values()) <= names
    assert any(spec.startswith("mcp>=2") for spec in extra)  # the generation the demo targets
