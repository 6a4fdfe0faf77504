"""A realistic synthetic log of MCP tool results, for the audit's demos, tests and benchmarks.

Real logs cannot ship with the project, so :func:`synthetic_log` writes one: a seeded
mix of what agents' tools return (text, screenshots and charts, PDFs, audio, embedded
resources, resource links, structured content, errors, empty results), some lines
wrapped as JSON-RPC responses, and a few bad lines of every sort the audit must survive.
The same seed always writes the same file. Standard library only (the MCP text entry with
Anthropic's ``cache_control`` comes from ``items``, where MCP input is read).
"""

from __future__ import annotations

import base64
import gzip
import json
import math
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

from ..conversion.items import text_entry

__all__ = ["LogStats", "synthetic_log"]

_MAGIC: Final = {
    "image/png": b"\x89PNG\r\n\x1a\n",
    "image/jpeg": b"\xff\xd8\xff\xe0",
    "image/webp": b"RIFF\x00\x00\x00\x00WEBP",
    "image/gif": b"GIF89a",
    "image/tiff": b"II*\x00",
    "application/pdf": b"%PDF-1.7\n",
    "audio/wav": b"RIFF\x00\x00\x00\x00WAVE",
    "audio/mpeg": b"ID3\x03",
    "application/zip": b"PK\x03\x04",
}
_MODELS: Final = ("claude-sonnet-4-5", "gpt-4.1", "gemini-2.5-pro", "llama3.1:70b")
_WORDS: Final = (
    "the",
    "report",
    "shows",
    "revenue",
    "growth",
    "in",
    "the",
    "third",
    "quarter",
    "while",
    "costs",
    "stayed",
    "flat",
    "and",
    "the",
    "forecast",
    "for",
    "next",
    "year",
    "depends",
    "on",
    "supply",
    "prices",
    "weather",
    "demand",
    "and",
    "the",
    "new",
    "product",
    "line",
    "that",
    "launches",
    "in",
    "spring",
    "Köln",
    "Zürich",
    "São",
    "Paulo",
)
# rng.choice(_WORDS) draws getrandbits(_WORD_BITS) until it is below len(_WORDS) (CPython's
# Random._randbelow_with_getrandbits, the same in 3.10 to 3.13); _Maker.words does that
# inline: the same words from the same seed, 3x faster per word (writing a log spent a third
# of its time in rng.choice). tests/test_synthetic.py checks it against rng.choice.
_WORD_BITS: Final = len(_WORDS).bit_length()


@dataclass(frozen=True)
class LogStats:
    """What :func:`synthetic_log` wrote (the figures an audit of the file must find)."""

    path: str
    results: int
    """Lines that are tool results."""
    bad_lines: int
    """Lines that are not (invalid JSON, not an object, a field of the wrong type, ...)."""
    entries: int
    """Content entries over all results."""
    empty: int
    """Results without content entries."""
    file_bytes: int


class _Maker:
    """Builds one record at a time from one seeded random source."""

    def __init__(self, rng: random.Random, payload_bytes: int) -> None:
        self.rng = rng
        self.payload_bytes = payload_bytes
        self.calls = 0

    # -- pieces ---------------------------------------------------------------------

    def words(self, low: int, high: int) -> str:
        """``low`` to ``high`` words: ``rng.choice(_WORDS)`` for each, inline (see _WORD_BITS)."""
        rng = self.rng
        bits, count = rng.getrandbits, len(_WORDS)
        drawn = []
        for _ in range(rng.randint(low, high)):
            r = bits(_WORD_BITS)
            while r >= count:
                r = bits(_WORD_BITS)
            drawn.append(_WORDS[r])
        return " ".join(drawn)

    def payload(self, mime: str, scale: float = 1.0) -> str:
        """Base64 of a seeded payload of a lognormal size, now and then wrapped at 76
        columns (as some servers send it) or not base64 at all (a broken server)."""
        rng = self.rng
        size = int(self.payload_bytes * scale * math.exp(rng.gauss(0.0, 0.8)))
        size = max(48, min(size, int(self.payload_bytes * scale * 32)))
        magic = _MAGIC.get(mime, b"")
        data = base64.b64encode(magic + rng.randbytes(max(0, size - len(magic)))).decode()
        roll = rng.random()
        if roll < 0.03:
            return "\n".join(data[i : i + 76] for i in range(0, len(data), 76))
        if roll < 0.04:
            return data[:-3] + "!" * 3  # not canonical base64: degraded on native wires
        return data

    def text(self, text: str) -> dict[str, Any]:
        return {"type": "text", "text": text}

    def image(self) -> dict[str, Any]:
        mime = self.rng.choices(
            ("image/png", "image/jpeg", "image/webp", "image/gif", "image/tiff"),
            (60, 25, 9, 5, 1),
        )[0]
        return {"type": "image", "mimeType": mime, "data": self.payload(mime)}

    def resource(self, **resource: Any) -> dict[str, Any]:
        return {"type": "resource", "resource": resource}

    def file(self) -> dict[str, Any]:
        rng = self.rng
        n = rng.randrange(1000)
        kind = rng.choices(
            ("md", "json", "csv", "pdf", "png", "zip", "xml"), (30, 20, 15, 15, 8, 7, 5)
        )[0]
        uri = f"file:///srv/data/{kind}/doc-{n}.{kind}"
        if kind == "md":
            return self.resource(uri=uri, mimeType="text/markdown", text="# " + self.words(8, 60))
        if kind == "json":
            body = json.dumps({"id": n, "summary": self.words(3, 12)}, ensure_ascii=False)
            return self.resource(uri=uri, mimeType="application/json", text=body)
        if kind == "xml":
            return self.resource(uri=uri, mimeType="application/xml", text=f"<doc id='{n}'/>")
        if kind == "csv":
            rows = "\n".join(f"{rng.choice(_WORDS)},{rng.randint(0, 99)}" for _ in range(8))
            blob = base64.b64encode(("city,temp\n" + rows).encode()).decode()
            return self.resource(uri=uri, mimeType="text/csv", blob=blob)
        if kind == "pdf":
            mime = "application/pdf"
            return self.resource(uri=uri, mimeType=mime, blob=self.payload(mime, 3.0))
        if kind == "png":
            mime = "image/png"
            return self.resource(uri=uri, mimeType=mime, blob=self.payload(mime))
        mime = "application/zip"
        return self.resource(uri=uri, mimeType=mime, blob=self.payload(mime, 2.0))

    def link(self) -> dict[str, Any]:
        n = self.rng.randrange(10_000)
        return {
            "type": "resource_link",
            "name": f"part-{n}.parquet",
            "uri": f"s3://lake/events/part-{n}.parquet",
            "mimeType": "application/vnd.apache.parquet",
        }

    def oddity(self) -> Any:
        """Entries a careless server sends now and then."""
        rng = self.rng
        return rng.choice(
            (
                {"type": "video", "mimeType": "video/mp4", "data": self.payload("video/mp4")},
                text_entry("cached context", {"type": "ephemeral"}, has_cache_control=True),
                {"mimeType": "application/octet-stream", "data": self.payload("")},
                rng.randint(0, 9),
                {"type": "text", "text": " "},
            )
        )

    # -- tools ----------------------------------------------------------------------

    def tool(self) -> tuple[str, str, dict[str, Any]]:
        """(server, tool name, CallToolResult fields) of one call."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.13:
            content = [self.text("Screenshot of https://shop.example/checkout"), self.image()]
            content.append(self.text(f"Viewport 1280x{rng.choice((720, 800, 1024))}"))
            return "browser", "screenshot", {"content": content}
        if roll < 0.21:
            image = self.image()
            if rng.random() < 0.1:
                image = {"type": "image", "mimeType": "image/svg+xml", "data": self.payload("")}
            return "charts", "plot", {"content": [image, self.text("Figure: " + self.words(4, 9))]}
        if roll < 0.36:
            content = [self.file() for _ in range(rng.randint(1, 6))]
            if rng.random() < 0.2:
                content.append(self.link())
            return "files", "read_file", {"content": content}
        if roll < 0.41:
            content = [self.link() for _ in range(rng.randint(3, 10))]
            return "files", "list_dir", {"content": [self.text("Directory listing"), *content]}
        if roll < 0.56:
            hits = [self.text(self.words(12, 80)) for _ in range(rng.randint(3, 8))]
            return "search", "web_search", {"content": hits}
        if roll < 0.63:
            pdf = self.resource(
                uri=f"https://docs.example/reports/q{rng.randint(1, 4)}%20report.pdf",
                mimeType="application/pdf",
                blob=self.payload("application/pdf", 3.0),
            )
            content = [self.text("Fetched the report."), pdf, self.link()]
            return "docs", "fetch_pdf", {"content": content}
        if roll < 0.67:
            mime = rng.choice(("audio/wav", "audio/mpeg"))
            audio = {"type": "audio", "mimeType": mime, "data": self.payload(mime, 2.0)}
            return "voice", "speak", {"content": [self.text("Synthesised speech."), audio]}
        if roll < 0.77:
            weather = {
                "city": rng.choice(("Köln", "Quelltown", "Oslo")),
                "temp_c": rng.randint(-9, 35),
            }
            fields: dict[str, Any] = {"structuredContent": weather}
            if rng.random() < 0.7:  # servers SHOULD also send it as text
                fields["content"] = [self.text(json.dumps(weather, ensure_ascii=False))]
            else:
                fields["content"] = []
            return "weather", "get_weather", fields
        if roll < 0.85:
            rows = [{"id": i, "total": rng.randint(0, 999)} for i in range(rng.randint(0, 4))]
            fields = {
                "content": [self.text(f"{len(rows)} rows")],
                "structuredContent": {"rows": rows},
            }
            if rng.random() < 0.4:
                fields["content"] = []
            return "db", "query", fields
        if roll < 0.92:
            message = rng.choice(("permission denied", "timeout after 30 s", "no such table"))
            return "db", "query", {"content": [self.text(f"Error: {message}")], "isError": True}
        if roll < 0.94:
            return "search", "web_search", {"content": []}
        content = [self.text(self.words(3, 10)), self.oddity(), self.text(self.words(3, 10))]
        return "misc", "inspect", {"content": content}

    def record(self) -> dict[str, Any]:
        """One log line: a result with its call's metadata, or a raw JSON-RPC response."""
        rng = self.rng
        server, name, fields = self.tool()
        self.calls += 1
        stamp = (
            f"2025-03-{1 + self.calls // 50_000 % 28:02d}T{self.calls % 86_400 // 3600:02d}:00:00Z"
        )
        if rng.random() < 0.1:  # a proxy that logs the JSON-RPC response as is: no tool name
            return {"jsonrpc": "2.0", "id": self.calls, "result": fields, "server": server}
        return {
            "ts": stamp,
            "server": server,
            "model": rng.choice(_MODELS),
            "name": name,
            "id": f"call_{rng.getrandbits(48):012x}",
            **fields,
        }

    def bad_line(self, good: str) -> str:
        """A line the audit must count and skip."""
        rng = self.rng
        return rng.choice(
            (
                good[: max(1, len(good) // 2)],  # truncated: invalid JSON
                "[1, 2, 3]",  # not an object
                '"done"',
                '{"name": "plot", "content": "an image was here"}',  # content not a list
                '{"name": "plot", "content": [], "isError": "false"}',  # isError not a bool
                '{"name": 7, "content": []}',  # name not a str
                '{"jsonrpc": "2.0", "id": 9, "error": {"code": -32603, "message": "boom"}}',
                '{"ts": "2025-03-01T00:00:00Z", "event": "session started"}',  # not a result
            )
        )


def _lines(
    results: int, seed: int, bad_every: int, payload_bytes: int
) -> Iterator[tuple[str, int, bool]]:
    """(line, entries, is_result) for each line of the log."""
    maker = _Maker(random.Random(seed), payload_bytes)
    for index in range(results):
        record = maker.record()
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        fields = record.get("result", record)
        yield line, len(fields.get("content") or ()), True
        if bad_every and maker.rng.randrange(bad_every) == 0 and index < results - 1:
            yield maker.bad_line(line), 0, False


def synthetic_log(
    path: str | os.PathLike[str],
    results: int = 10_000,
    *,
    seed: int = 0,
    bad_every: int = 200,
    payload_bytes: int = 1024,
    progress: Callable[[int], object] | None = None,
    compresslevel: int = 6,
) -> LogStats:
    """Write a JSON Lines log of ``results`` MCP tool results (gzip when ``path`` ends in
    ``.gz``) and say what is in it.

    :param seed: the same seed writes the same file.
    :param bad_every: about one bad line per this many results (0: none).
    :param payload_bytes: median decoded size of an image payload (PDFs are about 3x,
        audio 2x; sizes vary lognormally).
    :param progress: called with the number of results written so far, every 1,000.
    :param compresslevel: gzip's level for a ``.gz`` path. The lines are the same at any
        level; 1 writes them a fifth faster than 6, into a fifth more bytes (the memory
        benchmark's million results: it measures the reader, not the file).
    """
    if results < 0:
        raise ValueError(f"results must be >= 0, not {results}")
    path = os.fspath(path)
    written = bad = entries = empty = 0
    out: IO[bytes] = (
        gzip.GzipFile(path, "wb", compresslevel=compresslevel)  # type: ignore[assignment]
        if path.endswith(".gz")
        else open(path, "wb")  # noqa: SIM115 - closed by the with below
    )
    with out:
        for line, count, is_result in _lines(results, seed, bad_every, payload_bytes):
            out.write(line.encode("utf-8") + b"\n")
            if not is_result:
                bad += 1
                continue
            written += 1
            entries += count
            empty += count == 0
            if progress is not None and written % 1000 == 0:
                progress(written)
    if progress is not None:
        progress(written)
    return LogStats(path, written, bad, entries, empty, os.path.getsize(path))
