"""The names a PDF gets from its URI: an OpenAI Responses ``input_file`` filename (SPEC
section 4) and a Bedrock ``document.name`` (SPEC 10)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final
from urllib.parse import unquote, urlsplit

from .encoding import text_field

__all__ = [
    "DEFAULT_DOCUMENT_NAME",
    "DEFAULT_PDF_NAME",
    "MAX_DOCUMENT_NAME",
    "document_name",
    "document_name_fault",
    "pdf_filename",
    "safe_document_name",
]

DEFAULT_PDF_NAME: Final = "document.pdf"
_OPAQUE_SCHEMES: Final = frozenset({"urn", "data", "mailto"})


def pdf_filename(uri: Any) -> str:
    """The percent-decoded last segment of a hierarchical URI's path, ending in ``.pdf``.

    Missing, empty or opaque URIs (``urn:``, ``data:``, ``foo:bar``) and an empty last
    segment give ``document.pdf``.
    """
    return DEFAULT_PDF_NAME if uri is None else _filename(text_field(uri))


@lru_cache(maxsize=1024)
def _filename(uri: str) -> str:
    name = _last_segment(uri)
    if not name:
        return DEFAULT_PDF_NAME
    return name if name.lower().endswith(".pdf") else name + ".pdf"


def _last_segment(uri: str) -> str:
    """The percent-decoded last segment of a hierarchical URI's path; ``""`` for an
    opaque or unsplittable URI."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return ""
    scheme = parts.scheme.lower()
    if scheme in _OPAQUE_SCHEMES or (scheme and not parts.path.startswith("/")):
        return ""
    return unquote(parts.path.rsplit("/", 1)[-1], encoding="utf-8", errors="replace")


DEFAULT_DOCUMENT_NAME: Final = "document"
#: Bedrock's document-name length limit (service model ``DocumentBlockNameString``).
MAX_DOCUMENT_NAME: Final = 200
#: The characters of a Bedrock ``document.name``: the API reference's DocumentBlock list
#: (alphanumeric characters, whitespace, hyphens, parentheses, square brackets; checked
#: 2026-12-01), read as ASCII letters and digits and the space: non-ASCII letters and a
#: full-width space are rejected live (docs/request-rules.md, ``document-name``).
_NAME_ALLOWED: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-()[] "
)
#: A name :func:`safe_document_name` leaves as it is: allowed characters only, words
#: of them joined by single spaces (linear: every space ends a word).
_CLEAN_NAME: Final = re.compile(r"[a-zA-Z0-9()\[\]-]+(?: [a-zA-Z0-9()\[\]-]+)*")
_WORD: Final = re.compile("[^ ]+")
_NOT_ALLOWED: Final = re.compile(r"[^a-zA-Z0-9()\[\]-]+")  # a word holds no space


def document_name(uri: Any) -> str:
    """A Bedrock ``document.name`` (SPEC 10): the URI's file name (as :func:`pdf_filename`
    finds it) without its extension, keeping only what Bedrock allows (ASCII letters and
    digits, hyphens, parentheses, square brackets, single spaces), trimmed, at most 200
    characters; ``document`` when nothing is left.
    """
    if uri is None:
        return DEFAULT_DOCUMENT_NAME
    return _document_name(text_field(uri))


@lru_cache(maxsize=1024)
def _document_name(uri: str) -> str:
    name = _last_segment(uri)
    dot = name.rfind(".")
    if dot > 0:
        name = name[:dot]
    return safe_document_name(name)


def safe_document_name(name: str, limit: int = MAX_DOCUMENT_NAME) -> str:
    """``name`` with only Bedrock's allowed characters, space runs collapsed, trimmed,
    at most ``limit`` characters; ``document`` when nothing is left."""
    if len(name) <= limit and _CLEAN_NAME.fullmatch(name):
        return name  # the common case (the converter's own names): nothing to drop
    # the words between spaces, each without the characters Bedrock refuses, until
    # ``limit`` characters are kept: no list per character or word of a huge name
    words: list[str] = []
    size = 0
    for found in _WORD.finditer(name):
        word = _NOT_ALLOWED.sub("", found.group())
        if word:
            words.append(word)
            size += len(word) + 1
            if size > limit:
                break
    return " ".join(words)[:limit].rstrip(" ") or DEFAULT_DOCUMENT_NAME


def document_name_fault(name: str) -> tuple[str, str]:
    """Why Bedrock rejects ``name`` as a ``document.name``, and the characters at fault:
    ``("", "")`` when it takes it (a single leading or trailing space included, as the
    documented rule allows); ``"empty"``; ``"too-long"`` (over 200); ``"characters"``
    (outside :data:`_NAME_ALLOWED`); ``"whitespace"`` (two in a row); ``"underscore"``
    (outside the documented list but accepted live, the only such fault). Bounded: a
    name over 200 characters is not walked."""
    if not name:
        return "empty", ""
    if len(name) > MAX_DOCUMENT_NAME:
        return "too-long", ""
    if _CLEAN_NAME.fullmatch(name):
        return "", ""
    stray = "".join(sorted({c for c in name if c not in _NAME_ALLOWED}))
    if stray.replace("_", ""):
        return "characters", stray
    if "  " in name:
        return "whitespace", ""
    return ("underscore", stray) if stray else ("", "")
