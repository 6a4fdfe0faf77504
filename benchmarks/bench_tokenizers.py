"""Exact OpenAI token counting offline: what the candidates cost (issue 27; figures only).

The project counts OpenAI text exactly through the ``exact`` extra (toktok-rs, see
``toolresult_lab.budgets.tokenizer``); docs/costs-and-limits.md, "Text", holds the table this script
printed on 2026-12-02 and the reasons for the choice. It measures the candidates that are
installed (it installs nothing), each on the real corpus (``../shared/real-requests``, the
request bodies as compact JSON) and on bench_fit's 10 MB JSON listing: import and load time,
the count and its speed in one thread, and the package's size on disk:

- ``toktok`` (toktok-rs; the vocabularies are compiled in);
- ``bpe_openai`` (ships OpenAI's .tiktoken files gzipped);
- ``quicktok`` (quicktok-v1; ships its own vocabulary files);
- ``tiktoken``: only when its encodings are in ``TIKTOKEN_CACHE_DIR`` (it downloads them from
  openaipublic.blob.core.windows.net on first use; offline it fails).

Run with the interpreter that has them: python benchmarks/bench_tokenizers.py
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "real-requests" / "corpus.jsonl"
HITS = [
    {
        "id": i,
        "title": f"Result number {i} about something",
        "url": f"https://example.com/x/{i}",
        "snippet": "lorem ipsum dolor sit amet " * 8,
        "score": i * 0.5,
        "tags": ["a", "b"],
    }
    for i in range(30_000)
]
BIG = json.dumps(HITS)
ENCODINGS = ("o200k_base", "cl100k_base")


def _corpus() -> str:
    if not CORPUS.exists():
        return ""
    bodies = (json.loads(line)["request"] for line in CORPUS.open(encoding="utf-8"))
    return "\n".join(json.dumps(b, ensure_ascii=False, separators=(",", ":")) for b in bodies)


def _size_mb(module: Any) -> str:
    root = Path(module.__file__ or "").parent
    return f"{sum(p.stat().st_size for p in root.rglob('*') if p.is_file()) / 1e6:.1f} MB"


def _counter(package: str, module: Any, name: str) -> Callable[[str], int]:
    """A function counting a text's tokens in ``name`` with ``package`` (loads it)."""
    if package == "toktok":
        module.batch_count(["x"], name, threads=1)
        return lambda text: int(module.batch_count([text], name, threads=1)[0])
    if package == "bpe_openai":
        from bpe_openai import _bindings

        counter = _bindings.tokenizer_for_encoding(name)  # no 1M-character cap here
        return lambda text: int(counter.count(text))
    encoding = module.get_encoding(name)
    if package == "tiktoken":
        return lambda text: len(encoding.encode_ordinary(text))
    return lambda text: len(encoding.encode(text))


def _best(run: Callable[[], int], runs: int = 3) -> tuple[int, float]:
    times, found = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        found = run()
        times.append(time.perf_counter() - start)
    return found, min(times)


def measure(package: str, texts: dict[str, str]) -> None:
    start = time.perf_counter()
    try:
        module = importlib.import_module(package)
    except ImportError:
        print(f"{package}: not installed")
        return
    imported = time.perf_counter() - start
    print(f"{package}: import {imported:.2f} s, package {_size_mb(module)}")
    for name in ENCODINGS:
        start = time.perf_counter()
        try:
            count = _counter(package, module, name)
        except Exception as error:  # offline tiktoken: a network error
            print(f"  {name}: cannot load offline ({type(error).__name__})")
            continue
        loaded = time.perf_counter() - start
        shown = []
        for label, text in texts.items():
            tokens, spent = _best(lambda text=text, count=count: count(text))
            shown.append(
                f"{label} {tokens:,} tokens, {spent * 1000:.0f} ms ({len(text) / spent / 1e6:.1f}"
                f" M chars/s; {len(text) / max(1, tokens):.2f} chars/token)"
            )
        print(f"  {name}: load {loaded:.2f} s; " + "; ".join(shown))


def main() -> None:
    texts = {"corpus": _corpus(), "10 MB JSON": BIG}
    texts = {label: text for label, text in texts.items() if text}
    sizes = ", ".join(f"{label} {len(text):,} characters" for label, text in texts.items())
    print(f"texts: {sizes}")
    for package in ("toktok", "bpe_openai", "quicktok", "tiktoken"):
        measure(package, texts)


if __name__ == "__main__":
    main()
