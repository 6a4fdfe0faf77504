"""The shared corpus of real requests (``../shared/real-requests/``), read in place.

1,587 request bodies that pydantic-ai's HTTP cassettes recorded with the provider's answer
(the corpus README says what each record holds). It is never copied into this repository:
where the folder is absent (a user's clone), the tests that read it skip with a message
saying where it was looked for. CI has it beside the clone.

``records()`` loads it once per test session (about 2 s) with every blob put back.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

#: Where the corpus is looked for: ``TRL_REAL_REQUESTS``, else ``../shared/real-requests``
#: beside the repository.
CORPUS_DIR = Path(
    os.environ.get(
        "TRL_REAL_REQUESTS",
        Path(__file__).resolve().parent.parent.parent / "shared" / "real-requests",
    )
)
_BLOB = "\u0000blob:"


def available() -> bool:
    return (CORPUS_DIR / "corpus.jsonl").is_file() and (CORPUS_DIR / "blobs.jsonl.gz").is_file()


def require() -> None:
    """Skip the calling test, saying where the corpus was looked for, when it is absent;
    under CI (``CI`` set), where ``../shared`` is beside the clone, fail instead."""
    if available():
        return
    message = (
        f"the real-requests corpus is not at {CORPUS_DIR} (set TRL_REAL_REQUESTS to its"
        " folder; CI has it at ../shared/real-requests)"
    )
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(message + " and CI is set", pytrace=False)
    pytest.skip(message)


def _inflate(value: Any, blobs: dict[str, str]) -> Any:
    if isinstance(value, str):
        return blobs[value[len(_BLOB) :]] if value.startswith(_BLOB) else value
    if isinstance(value, dict):
        return {key: _inflate(item, blobs) for key, item in value.items()}
    if isinstance(value, list):
        return [_inflate(item, blobs) for item in value]
    return value


@cache
def records() -> tuple[dict[str, Any], ...]:
    """Every record, its ``request`` with the blobs put back (skips where absent)."""
    require()
    with gzip.open(CORPUS_DIR / "blobs.jsonl.gz", "rt", encoding="utf-8") as lines:
        blobs = {blob["sha256"]: blob["data"] for blob in map(json.loads, lines)}
    with open(CORPUS_DIR / "corpus.jsonl", encoding="utf-8") as lines:
        return tuple(
            dict(record, request=_inflate(record["request"], blobs))
            for record in map(json.loads, lines)
        )


def accepted() -> Iterator[dict[str, Any]]:
    """Requests an official endpoint answered 2xx: a check must not error on them."""
    return (r for r in records() if r["official"] and r["verdict"] == "accepted")


def rejected_in_scope() -> Iterator[dict[str, Any]]:
    """Requests an official endpoint rejected for their shape, content or a model capability."""
    return (
        r
        for r in records()
        if r["official"]
        and r["verdict"] == "rejected"
        and r["rejection"]["scope"] in ("shape", "content", "model-capability")
    )


def profile_of(record: dict[str, Any]) -> str | None:
    """The lint profile of the record's model family, where the corpus names one."""
    profile = record.get("lint_profile")
    return profile if isinstance(profile, str) else None
