"""Figures the checks read beside the rule table: Gemini's media types, OpenAI's longest
string, Bedrock's document cap, and the call-id formats by wire or profile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ...wires import BEDROCK_MAX_DOCUMENTS, GEMINI_IMAGE_MIMES, GEMINI_RESPONSE_MIMES

__all__ = [
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "ID_FORMATS",
    "MAX_DOCUMENTS",
    "TEXT_LIMIT",
    "IdFormat",
    "id_format_for",
]

# GEMINI_IMAGE_MIMES and GEMINI_RESPONSE_MIMES are the gemini wire's own data
# (``wires/gemini/checks.py``), named here as before.
#: The longest string OpenAI takes in a request (Chat Completions and Responses).
TEXT_LIMIT: Final = 10_485_760


@dataclass(frozen=True)
class IdFormat:
    """The call ids a wire or profile takes (``call-id-format``): ``pattern`` the whole id
    must match (``None``: any characters), ``longest`` its most characters (``None``: no
    limit), ``warn_over`` a length over which only a warning is given (some gateways), and
    ``shown`` what a finding says of an id that does not match the pattern."""

    pattern: str | None
    longest: int | None
    shown: str
    warn_over: int | None = None


#: Documents per Bedrock request (the wire's own figure, ``wires/bedrock/``).
MAX_DOCUMENTS: Final = BEDROCK_MAX_DOCUMENTS

#: ``call-id-format``'s data, by profile or wire (a profile's entry wins over its wire's).
ID_FORMATS: Final[Mapping[str, IdFormat]] = MappingProxyType(
    {
        "mistral": IdFormat("[a-zA-Z0-9]{9}", None, "is not 9 characters of a-z, A-Z, 0-9"),
        "anthropic": IdFormat("[a-zA-Z0-9_-]+", None, "does not match ^[a-zA-Z0-9_-]+$"),
        "openai": IdFormat(None, 64, "", warn_over=40),
        "responses": IdFormat(None, 64, ""),
        # botocore 1.44.8's service model (bedrock-runtime 2023-09-30): ToolUseId, min 1,
        # max 64 (docs/research/bedrock-sources.md)
        "bedrock": IdFormat("[a-zA-Z0-9_.:-]+", 64, "does not match ^[a-zA-Z0-9_.:-]+$"),
    }
)


def id_format_for(wire: str, profile: str | None) -> IdFormat | None:
    """The id format that holds on ``wire`` with ``profile`` (``None``: any id)."""
    found = ID_FORMATS.get(profile) if profile else None
    return found if found is not None else ID_FORMATS.get(wire)
