"""Exact OpenAI token counts, offline, where the optional ``exact`` extra is installed.

OpenAI's encodings (``o200k_base``: gpt-4o, gpt-4.1, gpt-4.5, gpt-5, the o-series;
``cl100k_base``: gpt-4, gpt-3.5) are public, so their text can be counted, not guessed. The
counting package is ``toktok-rs`` (the ``exact`` extra): its wheels carry both vocabularies,
so it counts with no network at first use, unlike ``tiktoken``, which downloads them; its
counts equal tiktoken's on the project's corpus (docs/costs-and-limits.md, "Text"). Without
it, :func:`count` returns ``None`` and every text figure stays the labelled estimate; so
does it with the environment variable ``TOOLRESULT_LAB_EXACT=0`` (figures that do not
depend on what is installed: a test's expected values, two machines compared).

This module only counts; ``tokens.text_tokens`` decides where a count applies and labels it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib.metadata import PackageNotFoundError, version
from types import MappingProxyType
from typing import Final

from ..conversion.encoding import strict_text

__all__ = [
    "ENCODINGS",
    "MAX_TOKEN_BYTES",
    "MODEL_ENCODINGS",
    "MODEL_ENCODINGS_SOURCE",
    "MODEL_PREFIX_ENCODINGS",
    "SWITCH",
    "count",
    "counter_name",
    "lower_bound",
    "model_encoding",
]

#: The encodings counted exactly.
ENCODINGS: Final = ("o200k_base", "cl100k_base")

#: Where the model → encoding table comes from, and when it was read.
MODEL_ENCODINGS_SOURCE: Final = (
    "tiktoken 0.14.0, tiktoken/model.py (MODEL_TO_ENCODING, MODEL_PREFIX_TO_ENCODING; "
    "OpenAI's own table), read 2026-12-02"
)
#: OpenAI model ids and the encoding each uses (o200k and cl100k only; the source above).
MODEL_ENCODINGS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "o1": "o200k_base",
        "o3": "o200k_base",
        "o4-mini": "o200k_base",
        "gpt-5": "o200k_base",
        "gpt-4.1": "o200k_base",
        "gpt-4o": "o200k_base",
        "gpt-4": "cl100k_base",
        "gpt-3.5-turbo": "cl100k_base",
        "gpt-3.5": "cl100k_base",
        "gpt-35-turbo": "cl100k_base",
    }
)
#: Model id prefixes and their encoding, tried in order after :data:`MODEL_ENCODINGS`.
MODEL_PREFIX_ENCODINGS: Final[tuple[tuple[str, str], ...]] = (
    ("o1-", "o200k_base"),
    ("o3-", "o200k_base"),
    ("o4-mini-", "o200k_base"),
    ("gpt-5", "o200k_base"),
    ("gpt-4.5-", "o200k_base"),
    ("gpt-4.1-", "o200k_base"),
    ("chatgpt-4o-", "o200k_base"),
    ("gpt-4o-", "o200k_base"),
    ("gpt-4-", "cl100k_base"),
    ("gpt-3.5-turbo-", "cl100k_base"),
    ("gpt-35-turbo-", "cl100k_base"),
    ("ft:gpt-4o", "o200k_base"),
    ("ft:gpt-4", "cl100k_base"),
    ("ft:gpt-3.5-turbo", "cl100k_base"),
)

#: The longest token of either encoding, in UTF-8 bytes (128 in both vocabularies): a text
#: of ``n`` bytes is at least ``ceil(n / 128)`` tokens, whatever it holds.
MAX_TOKEN_BYTES: Final = 128

_PACKAGE: Final = "toktok-rs"
#: ``TOOLRESULT_LAB_EXACT=0``: estimate even where the ``exact`` extra is installed.
SWITCH: Final = "TOOLRESULT_LAB_EXACT"
#: The counting function once looked up (``[None]``: the extra is not installed); imported on
#: first use, as importing the package imports no optional dependency.
_BACKEND: list[Callable[[list[str], str], list[int]] | None] = []


def model_encoding(model: str) -> str | None:
    """The encoding of the OpenAI model ``model`` (``None``: not an OpenAI model with an
    o200k or cl100k encoding in :data:`MODEL_ENCODINGS_SOURCE`)."""
    found = MODEL_ENCODINGS.get(model)
    if found is not None:
        return found
    for prefix, encoding in MODEL_PREFIX_ENCODINGS:
        if model.startswith(prefix):
            return encoding
    return None


#: Set inside :func:`estimates_only`: count by the estimate in this context.
_ESTIMATES_ONLY: Final[ContextVar[bool]] = ContextVar(
    "toolresult_lab_estimates_only", default=False
)


@contextmanager
def estimates_only() -> Iterator[None]:
    """Estimate text tokens (about 4 characters a token) inside the block even where the
    ``exact`` extra is installed: a generated document (``docs/provider-differences.md``)
    then reads the same on every machine. Only this context (thread, task) is affected."""
    token = _ESTIMATES_ONLY.set(True)
    try:
        yield
    finally:
        _ESTIMATES_ONLY.reset(token)


def _backend() -> Callable[[list[str], str], list[int]] | None:
    """``toktok.batch_count`` where the ``exact`` extra is installed (and not switched
    off by :data:`SWITCH` or :func:`estimates_only`), else ``None``."""
    if _ESTIMATES_ONLY.get() or os.environ.get(SWITCH, "").strip() == "0":
        return None
    if not _BACKEND:
        try:
            from toktok import batch_count
        except ImportError:
            _BACKEND.append(None)
        else:

            def counts(texts: list[str], encoding: str) -> list[int]:
                # one thread: the caller's process may share its cores with others
                return [int(n) for n in batch_count(texts, encoding, threads=1)]

            _BACKEND.append(counts)
    return _BACKEND[0]


def count(text: str, encoding: str) -> int | None:
    """The exact number of tokens of ``text`` in ``encoding`` (special-token text counted as
    ordinary text, as an API counts a tool result's; a lone surrogate, which no UTF-8 body
    carries, as U+FFFD); ``None`` without the ``exact`` extra or with :data:`SWITCH` set to
    ``0``.

    :raises ValueError: an encoding not in :data:`ENCODINGS`.
    """
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    backend = _backend()
    if backend is None:
        return None
    if not text:
        return 0
    try:
        return backend([text], encoding)[0]
    except UnicodeEncodeError:  # a lone surrogate: counted as the U+FFFD that replaces it
        return backend([strict_text(text)], encoding)[0]


def counter_name() -> str:
    """``toktok-rs 0.3.0``: the package that counts (named in each exact figure's rule)."""
    try:
        return f"{_PACKAGE} {version(_PACKAGE)}"
    except PackageNotFoundError:  # pragma: no cover - imported from a source tree
        return _PACKAGE


def lower_bound(text: str) -> int:
    """The fewest tokens ``text`` can be in either encoding (no token is longer than
    :data:`MAX_TOKEN_BYTES`), from its length alone: a caller that only needs to know a text
    is over a figure learns it without counting."""
    chars = len(text)
    return -(-chars // MAX_TOKEN_BYTES)  # one UTF-8 byte per character at the least
