"""The filename an OpenAI Responses ``input_file`` gets for a PDF (SPEC section 4)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final
from urllib.parse import unquote, urlsplit

from .encoding import text_field

__all__ = ["DEFAULT_PDF_NAME", "pdf_filename"]

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
    try:
        parts = urlsplit(uri)
    except ValueError:
        return DEFAULT_PDF_NAME
    scheme = parts.scheme.lower()
    if scheme in _OPAQUE_SCHEMES or (scheme and not parts.path.startswith("/")):
        return DEFAULT_PDF_NAME
    name = unquote(parts.path.rsplit("/", 1)[-1], encoding="utf-8", errors="replace")
    if not name:
        return DEFAULT_PDF_NAME
    return name if name.lower().endswith(".pdf") else name + ".pdf"
