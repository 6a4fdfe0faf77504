"""Figures the checks read beside the rule table: Gemini's media types, OpenAI's longest
string, Bedrock's document cap, and the call-id formats by wire or profile."""

from __future__ import annotations

from typing import Final

from ...wires import (
    BEDROCK_MAX_DOCUMENTS,
    GEMINI_IMAGE_MIMES,
    GEMINI_RESPONSE_MIMES,
    ID_FORMATS,
    IdFormat,
    id_format_for,
)

__all__ = [
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "ID_FORMATS",
    "MAX_DOCUMENTS",
    "IdFormat",
    "id_format_for",
]

# GEMINI_IMAGE_MIMES and GEMINI_RESPONSE_MIMES are the gemini wire's own data
# (``wires/gemini/checks.py``), named here as before; so are ID_FORMATS, IdFormat and
# id_format_for (each wire declares its ids' format beside the IdStyle that makes them).
#: Documents per Bedrock request (the wire's own figure, ``wires/bedrock/``).
MAX_DOCUMENTS: Final = BEDROCK_MAX_DOCUMENTS
