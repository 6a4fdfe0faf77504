"""Exact OpenAI token counting offline: what the candidates cost (issue 27; figures only).

The token figures of ``costs``/``tokens`` count text at about 4 characters per token, a
labelled approximation. An exact o200k/cl100k count needs a tokenizer whose data works
offline. This script measures the candidates that are installed (it installs nothing):

- ``bpe-openai`` (PyPI; Rust, its wheels ship the o200k/cl100k data): import time, load
  time per encoding, tokens and speed on a ~0.56 MB JSON text, the size of its package;
- ``tiktoken``: the same, when its encodings are in ``TIKTOKEN_CACHE_DIR`` (it downloads
  them from openaipublic.blob.core.windows.net on first use; offline it fails).

Run with the interpreter that has them: python benchmarks/bench_tokenizers.py
"""

from __future__ import annotations

import importlib
import json
import time
from pathlib import Path

HITS = [
    {
        "id": i,
        "title": f"Result number {i} about something",
        "url": f"https://example.com/x/{i}",
        "snippet": "lorem ipsum dolor sit amet " * 8,
        "score": i * 0.5,
        "tags": ["a", "b"],
    }
    for i in range(1500)
]
TEXT = json.dumps(HITS) + " Köln — 東京 🙂 " * 1000  # under bpe-openai's 1,000,000-character cap
ENCODINGS = ("o200k_base", "cl100k_base")


def _size_mb(package: str) -> str:
    module = importlib.import_module(package)
    root = Path(module.__file__ or "").parent
    return f"{sum(p.stat().st_size for p in root.rglob('*') if p.is_file()) / 1e6:.1f} MB"


def measure(package: str) -> None:
    start = time.perf_counter()
    try:
        module = importlib.import_module(package)
    except ImportError:
        print(f"{package}: not installed")
        return
    imported = time.perf_counter() - start
    print(f"{package}: import {imported:.2f} s, package {_size_mb(package)}")
    for name in ENCODINGS:
        start = time.perf_counter()
        try:
            encoding = module.get_encoding(name)
        except Exception as error:  # offline tiktoken: a network error
            print(f"  {name}: cannot load offline ({type(error).__name__})")
            continue
        loaded = time.perf_counter() - start
        start = time.perf_counter()
        tokens = len(encoding.encode(TEXT))
        spent = time.perf_counter() - start
        print(
            f"  {name}: load {loaded:.2f} s; {tokens:,} tokens for {len(TEXT):,} characters"
            f" ({len(TEXT) / tokens:.2f} characters per token; the estimate says"
            f" {-(-len(TEXT) // 4):,}); {spent * 1000:.0f} ms, {len(TEXT) / spent / 1e6:.1f} MB/s"
        )


def main() -> None:
    for package in ("bpe_openai", "tiktoken"):
        measure(package)


if __name__ == "__main__":
    main()
