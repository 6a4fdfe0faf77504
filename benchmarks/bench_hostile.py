"""Each parser of bytes a tool or a log supplies, on adversarial input beside its normal case:
wall time and peak memory (printed, never asserted; issue 17).

Every case runs in a fresh subprocess, which makes its input, times the one call, and reports
its peak RSS (``ru_maxrss``); the first row prints what a process that only imports the
package and makes nothing peaks at, for scale. Inputs are made on the fly (nothing is
downloaded). The parsers: PDF page counts (``pdfpages``), image headers (``imagesize``),
the audit's JSON Lines, gzip and Parquet readers (``linereader``, ``logs``), the
command line's JSON reading, the fit's walk over a long JSON array (``json_array``), and
``repair(max_tokens=)`` of many tool results (``request_fit``).

Run: python benchmarks/bench_hostile.py [--quick] [--case NAME]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MIB = 1 << 20

# -- inputs --------------------------------------------------------------------------------


def _fpdf(pages: int) -> bytes:
    from fpdf import FPDF

    document = FPDF()
    for n in range(pages):
        document.add_page()
        document.set_font("Helvetica", size=12)
        document.cell(text=f"page {n + 1}")
    return bytes(document.output())


def _updated(document: bytes, added: int) -> bytes:
    import io

    from pypdf import PdfWriter

    writer = PdfWriter(io.BytesIO(document), incremental=True)
    for _ in range(added):
        writer.add_blank_page(100, 100)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _bombs(count: int) -> bytes:
    import zlib

    bomb = zlib.compress(bytes(16 * MIB), 9)
    marker = b" 0 obj << /Type /ObjStm /N 1 /First 0 /Filter /FlateDecode /Length %d >>\nstream\n"
    return b"%PDF-1.5\n" + b"".join(
        b"%d" % (n + 1) + marker % len(bomb) + bomb + b"\nendstream\nendobj\n" for n in range(count)
    )


def _object_streams(count: int) -> bytes:
    """``count`` object streams that each inflate to just under 16 MiB (issue 28, item 10:
    110-291 of them fit in 4 MiB)."""
    import zlib

    bomb = zlib.compress(bytes(16 * MIB - 4096), 9)
    marker = b" 0 obj << /Type /ObjStm /N 1 /First 0 /Filter /FlateDecode /Length %d >>\nstream\n"
    return b"%PDF-1.5\n" + b"".join(
        b"%d" % (n + 1) + marker % len(bomb) + bomb + b"\nendstream\nendobj\n" for n in range(count)
    )


def _explained_pdf(data: bytes) -> tuple[int, Callable[[], Any]]:
    """The PDF as a resource, timed where a user meets it: ``explain('anthropic').warnings``."""
    import base64

    from toolresult_lab import ToolResult

    blob = base64.b64encode(data).decode()
    resource = {"uri": "file:///x.pdf", "mimeType": "application/pdf", "blob": blob}
    result = ToolResult(id="c", content=[{"type": "resource", "resource": resource}])
    import pypdf  # noqa: F401 - imported before the clock starts, as in a warm process

    return len(data), lambda: [str(w)[:60] for w in result.explain("anthropic").warnings]


def _objects(count: int) -> bytes:
    return b"%PDF-1.4\n" + b"".join(
        b"%d 0 obj << /Type /Pages /Count 5 >> endobj\n" % n for n in range(count)
    )


def _jpeg(noise: bool, tiny_segments: int = 0, tail: int = 0) -> bytes:
    import io

    from PIL import Image

    image = Image.effect_noise((1600, 1200), 64).convert("RGB") if noise else None
    buffer = io.BytesIO()
    (image or Image.new("RGB", (320, 200))).save(buffer, "JPEG", quality=95)
    raw = buffer.getvalue()
    return raw[:2] + b"\xff\xfe\x00\x02" * tiny_segments + raw[2:] + bytes(tail)


def _png_header(width: int, height: int) -> bytes:
    import struct
    import zlib

    ihdr = struct.pack(">II", width, height) + b"\x08\x02\x00\x00\x00"
    crc = struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + crc


def _log(path: Path, records: int) -> None:
    from toolresult_lab.logs.synthetic import synthetic_log

    synthetic_log(path, records, seed=17)


def _zero_bomb(path: Path, mib: int) -> None:
    import zlib

    squeeze = zlib.compressobj(1, zlib.DEFLATED, 31)
    with open(path, "wb") as out:
        for _ in range(mib):
            out.write(squeeze.compress(bytes(MIB)))
        out.write(squeeze.flush())


# -- cases: each returns (input bytes, a call to time, what it found) ----------------------

Case = Callable[[Path, bool], tuple[int, Callable[[], Any]]]


def _pdf(data: bytes) -> tuple[int, Callable[[], Any]]:
    from toolresult_lab.conversion.pdfpages import count_pdf_pages

    return len(data), lambda: count_pdf_pages(data)


def _image(data: str) -> tuple[int, Callable[[], Any]]:
    from toolresult_lab.conversion.imagesize import image_size

    return len(data), lambda: image_size(data)


def _audit(path: Path, **kwargs: Any) -> tuple[int, Callable[[], Any]]:
    from toolresult_lab.logs.auditing import audit

    def run() -> Any:
        try:
            attrs = audit(path, wires="openai", progress=False, **kwargs).attrs
        except (OSError, ValueError) as error:
            return f"{type(error).__name__}: {error}"
        examples = attrs["bad_examples"][:1]
        return {"records": attrs["records"], "bad": attrs["bad_records"], "first": examples}

    size = path.stat().st_size if path.is_file() else 0
    return size, run


def _cli(path: Path) -> tuple[int, Callable[[], Any]]:
    def run() -> Any:
        done = subprocess.run(
            [sys.executable, "-m", "toolresult_lab.cli", "convert", "--wire", "openai", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        return f"exit {done.returncode}, {done.stderr.count(chr(10))} line(s): {done.stderr[:80]}"

    return path.stat().st_size, run


def case_pdf_normal(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(_fpdf(120))


def case_pdf_updated(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(_updated(_fpdf(1), 1499))


def case_pdf_pages_dicts_28k(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(b"%PDF-1.4\n" + b"<</Type/Pages " * 2000)


def case_pdf_pages_dicts_256k(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(b"%PDF-1.4\n" + b"<</Type/Pages " * (256 * 1024 // 14))


def case_pdf_bare_pages(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(b"%PDF-1.4\n" + b"/Type/Pages " * (4 * MIB // 12))


def case_pdf_objstm_bombs(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(_bombs(200))


def case_pdf_explained_normal(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _explained_pdf(_fpdf(120))


def case_pdf_object_streams_110(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _explained_pdf(_object_streams(110))


def case_pdf_object_streams_291(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _explained_pdf(_object_streams(291))


def case_pdf_many_objects(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _pdf(_objects(150_000 if quick else 1_400_000))


def case_image_jpeg_normal(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    import base64

    return _image(base64.b64encode(_jpeg(noise=True)).decode())


def case_image_jpeg_wrapped_tiny_segments(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    import base64

    return _image(base64.encodebytes(_jpeg(False, 4000, 1_000_000)).decode())


def case_image_png_absurd_header(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    import base64

    from toolresult_lab import ToolResult

    data = base64.b64encode(_png_header(4294967295, 4294967295)).decode()
    result = ToolResult(id="c", content=[{"type": "image", "mimeType": "image/png", "data": data}])
    return len(data), lambda: [
        len(result.explain(wire, image_input=True).warnings)
        for wire in ("anthropic", "responses", "gemini")
    ]


def case_text_200mb(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """A 200 MB text result (non-ASCII, with newlines: neither shortcut applies) on the
    five wires that measure it: the explanations are made first, the warnings timed (issue
    18: the text is counted, never copied whole; the input alone is about 400 MiB)."""
    from toolresult_lab import ToolResult

    chars = (20 if quick else 200) * 1_000_000 // 12  # "naïve text\n": 12 bytes of UTF-8
    text = "na\u00efve text\n" * chars
    result = ToolResult(id="c", content=[{"type": "text", "text": text}])
    made = [
        result.explain(wire) for wire in ("openai", "anthropic", "gemini", "ollama", "responses")
    ]
    return chars * 12, lambda: [len(records.warnings) for records in made]


def case_jsonl_normal(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "normal.jsonl.gz"
    _log(path, 2_000 if quick else 20_000)
    return _audit(path)


def case_jsonl_gzip_bomb(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "bomb.jsonl.gz"
    _zero_bomb(path, 256 if quick else 2048)  # 2 GiB of zeros in one line, ~9 MB of gzip
    return _audit(path)


def case_jsonl_one_long_line(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "long.jsonl"
    with open(path, "wb") as out:
        out.write(b'{"content": [{"type": "text", "text": "')
        for _ in range(30 if quick else 300):
            out.write(b"x" * MIB)
        out.write(b'"}]}\n')
    return _audit(path)


def case_jsonl_dev_zero(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _audit(Path("/dev/zero"))


def case_parquet_normal(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    import pandas as pd

    path = tmp / "normal.parquet"
    rows = 2_000 if quick else 20_000
    content = json.dumps([{"type": "text", "text": "hello"}])
    pd.DataFrame({"content": [content] * rows, "name": "t"}).to_parquet(path)
    return _audit(path)


def _parquet_bomb(path: Path, rows: int, value: int) -> None:
    """``rows`` rows of one ``value``-byte text entry, stored once (a dictionary page)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    text = json.dumps([{"type": "text", "text": "x" * value}])
    column = pa.DictionaryArray.from_arrays(pa.array([0] * rows, pa.int32()), pa.array([text]))
    pq.write_table(pa.table({"content": column}), path, compression="zstd")


def _lint_log(path: Path) -> tuple[int, Callable[[], Any]]:
    from toolresult_lab.logs.lint_logs import lint_log

    def run() -> Any:
        attrs = lint_log(path, "openai").attrs
        return {"requests": attrs["requests"], "bad": attrs["bad_records"]}

    return path.stat().st_size, run


def case_parquet_bomb_audit(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "bomb.parquet"
    _parquet_bomb(path, 1024, (1 if quick else 4) * MIB)  # the 651-byte file
    return _audit(path)


def case_parquet_bomb_lint_log(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "bomb.parquet"
    _parquet_bomb(path, 1024, (1 if quick else 4) * MIB)
    return _lint_log(path)


def case_parquet_bomb_over_budget(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "bomb.parquet"
    _parquet_bomb(path, 1024, 80 * MIB)  # each row past the 64 MiB budget
    return _audit(path)


def _list_bomb(path: Path, column: str, entries: int) -> None:
    """One row of a ``list<null>`` of ``entries`` entries: a few hundred bytes of file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    cells = pa.array([[None] * entries], type=pa.list_(pa.null()))
    pq.write_table(pa.table({column: cells}), path, compression="zstd")


def case_parquet_list_bomb_audit(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "list.parquet"
    _list_bomb(path, "content", 2_000_000 if quick else 12_000_000)
    return _audit(path)


def case_parquet_list_bomb_lint_log(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "list.parquet"
    _list_bomb(path, "messages", 2_000_000 if quick else 12_000_000)
    return _lint_log(path)


def case_parquet_broken_and_deep(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from toolresult_lab.logs.auditing import audit

    broken = tmp / "broken.parquet"
    broken.write_bytes(b"PAR1" + bytes(4096) + b"PAR1")
    deep = tmp / "deep.parquet"
    kind, value = pa.int64(), 1
    for _ in range(120):
        kind, value = pa.list_(kind), [value]
    pq.write_table(pa.table({"content": pa.array([value], type=kind)}), deep)

    def run() -> Any:
        attrs = audit([str(broken), str(deep)], wires="openai", progress=False).attrs
        return {"records": attrs["records"], "bad": attrs["bad_records"]}

    return broken.stat().st_size + deep.stat().st_size, run


def case_dataframe_deep_cell(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    import pandas as pd

    from toolresult_lab.logs.auditing import audit

    deep: Any = "x"
    for _ in range(5_000):
        deep = [deep]
    frame = pd.DataFrame({"content": pd.Series([[deep]], dtype=object)})

    def run() -> Any:
        attrs = audit(frame, wires="openai", progress=False).attrs
        return {"records": attrs["records"], "bad": attrs["bad_records"]}

    return 5_000, run


def case_cli_deep_json(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    path = tmp / "deep.json"
    path.write_text('{"content": ' + "[" * 10_000 + "]" * 10_000 + "}")
    return _cli(path)


def _fit(text: str) -> tuple[int, Callable[[], Any]]:
    from toolresult_lab import ToolResult

    result = ToolResult(id="c1", content=[{"type": "text", "text": text}])
    return len(text), lambda: len(result.to("anthropic", max_tokens=2000)["content"][0]["text"])


def _array_with_last(last: str) -> str:
    return json.dumps([*range(70_000), last])


def case_fit_array_normal(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """A long JSON array whose last item is a long plain string (the walk back's normal)."""
    return _fit(_array_with_last("x" * (10_000 if quick else 100_000) * 4))


def case_fit_array_hostile(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """Issue 36 (b05): the last item a string of ``[1, [1, ...``: each comma in it starts
    a scan that fails 1,000 levels deep, charged to the walk's budget since."""
    return _fit(_array_with_last("[1, " * (10_000 if quick else 100_000)))


def case_fit_array_hostile_flat(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """The same within the recursion limit: ``[1, `` 600 deep, repeated (each scan fails at
    the string's end)."""
    repeats = 4 if quick else 40
    return _fit(_array_with_last(("[1, " * 600 + "x") * repeats))


def _read_array(text: str) -> tuple[int, Callable[[], Any]]:
    from toolresult_lab.budgets.json_array import read_array

    def run() -> Any:
        array = read_array(text)
        if array is not None:
            return len([array.item(n) for n in (0, len(array) // 2, len(array) - 1)])
        return None

    return len(text), run


def case_read_array_commas(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """``read_array`` on a string of commas (each a candidate item end; tests/test_json_array's
    hostile arrays, timed here instead of asserted there)."""
    return _read_array('["' + "," * (200_000 if quick else 2_000_000) + '"]')


def case_read_array_deep(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """``read_array`` on unterminated nesting past the recursion limit."""
    return _read_array("[" * (20_000 if quick else 200_000))


def case_read_object_comma_tail(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    """``json_object.read_object`` on a long array followed by a string of commas (the walk
    back gives up after a bounded number; tests/test_json_object's hostile tails)."""
    from toolresult_lab.budgets.json_object import read_object

    array = json.dumps(list(range(20_000)))
    text = '{"r": ' + array + ', "s": "' + "," * (2_000 if quick else 20_000) + '"}'
    return len(text), lambda: read_object(text, 8)


def _repair_budget(results: int) -> tuple[int, Callable[[], Any]]:
    """``repair(max_tokens=)`` of ``results`` tool results to a third of their tokens."""
    from toolresult_lab import repair
    from toolresult_lab.budgets.request_tokens import request_tokens

    messages: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    for n in range(results):
        call = {"id": f"call_{n}", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append(
            {"role": "tool", "tool_call_id": f"call_{n}", "content": f"lorem ipsum {n} " * 40}
        )
    body = {"model": "gpt-4o", "messages": messages}
    budget = request_tokens("openai", body).total // 3
    return len(json.dumps(body)), lambda: len(repair("openai", body, max_tokens=budget).changes)


def case_repair_budget_150(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _repair_budget(150)


def case_repair_budget_600(tmp: Path, quick: bool) -> tuple[int, Callable[[], Any]]:
    return _repair_budget(600 if quick else 2_400)


CASES: dict[str, tuple[str, str, Case]] = {
    "idle": ("(a process that imports the package)", "normal", lambda t, q: (0, lambda: None)),
    "pdf-normal": ("PDF pages", "normal: fpdf2, 120 pages", case_pdf_normal),
    "pdf-updated": ("PDF pages", "normal: 1 page + an update of 1,499", case_pdf_updated),
    "pdf-pages-28k": ("PDF pages", "finding 1: <</Type/Pages x 2,000", case_pdf_pages_dicts_28k),
    "pdf-pages-256k": ("PDF pages", "finding 1: the same, more of it", case_pdf_pages_dicts_256k),
    "pdf-bare-4m": ("PDF pages", "finding 1: bare /Type/Pages repeated", case_pdf_bare_pages),
    "pdf-bombs": ("PDF pages", "finding 2: 200 object-stream bombs", case_pdf_objstm_bombs),
    "pdf-explain-normal": (
        "PDF (explain warnings)",
        "normal: fpdf2, 120 pages",
        case_pdf_explained_normal,
    ),
    "pdf-objstm-110": (
        "PDF (explain warnings)",
        "issue 28.10: 110 object streams of 16 MiB",
        case_pdf_object_streams_110,
    ),
    "pdf-objstm-291": (
        "PDF (explain warnings)",
        "issue 28.10: 291 object streams, 4 MiB",
        case_pdf_object_streams_291,
    ),
    "pdf-objects": ("PDF pages", "objects without a cross-reference table", case_pdf_many_objects),
    "image-normal": ("image header", "normal: 1600x1200 JPEG", case_image_jpeg_normal),
    "image-wrapped": (
        "image header",
        "finding 12: wrapped, 4,000 tiny segments",
        case_image_jpeg_wrapped_tiny_segments,
    ),
    "image-absurd": (
        "image header",
        "finding 11: PNG 2^32-1 px square",
        case_image_png_absurd_header,
    ),
    "text-200mb": (
        "text limits (warnings)",
        "issue 18: 200 MB of text, five wires",
        case_text_200mb,
    ),
    "jsonl-normal": ("JSON lines (audit)", "normal: synthetic log, gzip", case_jsonl_normal),
    "jsonl-bomb": (
        "JSON lines (audit)",
        "finding 4: zeros, gzip, no newline",
        case_jsonl_gzip_bomb,
    ),
    "jsonl-long": ("JSON lines (audit)", "finding 4: one long line", case_jsonl_one_long_line),
    "jsonl-dev-zero": ("JSON lines (audit)", "findings 4, 5: /dev/zero", case_jsonl_dev_zero),
    "parquet-normal": ("Parquet (audit)", "normal: one text entry a row", case_parquet_normal),
    "parquet-bomb": (
        "Parquet (audit)",
        "issue 28.9: 1,024 rows of one 4 MiB text",
        case_parquet_bomb_audit,
    ),
    "parquet-bomb-lint": (
        "Parquet (lint_log)",
        "issue 28.9: the same file",
        case_parquet_bomb_lint_log,
    ),
    "parquet-bomb-over": (
        "Parquet (audit)",
        "issue 28.9: 1,024 rows of 80 MiB",
        case_parquet_bomb_over_budget,
    ),
    "parquet-list-bomb": (
        "Parquet (audit)",
        "issue 36 b04: list<null> of 12 M in a row",
        case_parquet_list_bomb_audit,
    ),
    "parquet-list-bomb-lint": (
        "Parquet (lint_log)",
        "issue 36 b04: the same, as messages",
        case_parquet_list_bomb_lint_log,
    ),
    "parquet-bad": (
        "Parquet rows (audit)",
        "finding 7: broken + too deep",
        case_parquet_broken_and_deep,
    ),
    "frame-deep": (
        "DataFrame rows (audit)",
        "finding 8: a cell 5,000 deep",
        case_dataframe_deep_cell,
    ),
    "cli-deep": ("CLI JSON", "finding 17: 10,000 deep", case_cli_deep_json),
    "repair-budget-150": (
        "request budget (repair)",
        "normal: 150 results to a third",
        case_repair_budget_150,
    ),
    "repair-budget-large": (
        "request budget (repair)",
        "issue 36 b06: 2,400 (--quick 600) to a third",
        case_repair_budget_600,
    ),
    "fit-array-normal": (
        "JSON array (fit)",
        "normal: 70,000 items, a long last",
        case_fit_array_normal,
    ),
    "fit-array-hostile": (
        "JSON array (fit)",
        "issue 36 b05: last item '[1, ' x 100,000",
        case_fit_array_hostile,
    ),
    "fit-array-hostile-600": (
        "JSON array (fit)",
        "issue 36 b05: '[1, ' x 600, 40 times",
        case_fit_array_hostile_flat,
    ),
    "read-array-commas": (
        "JSON array (read_array)",
        "a string of 2,000,000 commas",
        case_read_array_commas,
    ),
    "read-array-deep": (
        "JSON array (read_array)",
        "'[' x 200,000, unterminated",
        case_read_array_deep,
    ),
    "read-object-tail": (
        "JSON object (read_object)",
        "20,000 items, then 20,000 commas in a string",
        case_read_object_comma_tail,
    ),
}


def run_case(name: str, quick: bool) -> None:
    """In the child: make the input, time the call, print one JSON line."""
    import toolresult_lab  # noqa: F401 - the baseline every case starts from

    with tempfile.TemporaryDirectory() as folder:
        size, call = CASES[name][2](Path(folder), quick)
        start = time.perf_counter()
        found = call()
        seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(json.dumps({"size": size, "seconds": seconds, "peak": peak, "found": repr(found)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs")
    parser.add_argument("--case", choices=list(CASES), help="run one case here (the child)")
    parser.add_argument("--only", nargs="*", choices=list(CASES), help="run these cases")
    args = parser.parse_args()
    if args.case:
        run_case(args.case, args.quick)
        return
    print(__doc__.splitlines()[0])
    print("peak RSS includes making the input (the child's own maximum); inputs in bytes;")
    print(
        "the audit's line (and Parquet row) limit is 64 MiB; the PDF budget 64 MiB, 2 s (checked"
        " at each read), 16 MiB inflated per stream and 256 MiB per file\n"
    )
    print(f"{'parser':24} {'case':42} {'input':>13} {'time':>9} {'peak':>9}  found")
    for name in args.only or list(CASES):
        parser_name, label, _ = CASES[name]
        command = [sys.executable, __file__, "--case", name] + (["--quick"] if args.quick else [])
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            print(f"{parser_name:24} {label:42} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"{parser_name:24} {label:42} {row['size']:>13,} {row['seconds']:>8.3f}s"
            f" {row['peak']:>6,} MiB  {row['found'][:90]}"
        )


if __name__ == "__main__":
    main()
