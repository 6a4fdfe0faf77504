"""Figures the checks read beside the rule table: Gemini's media types, OpenAI's longest
string, Bedrock's document cap, and the call-id formats of a profile (a wire declares its
own: ``WireChecks.id_format``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ...wires import (
    BEDROCK_MAX_DOCUMENTS,
    GEMINI_IMAGE_MIMES,
    GEMINI_RESPONSE_MIMES,
    WIRES,
    IdFormat,
    wire_module,
)

__all__ = [
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "ID_FORMATS",
    "MAX_DOCUMENTS",
    "PROFILE_ID_FORMATS",
    "TEXT_LIMIT",
    "IdFormat",
    "id_format_for",
]

# GEMINI_IMAGE_MIMES and GEMINI_RESPONSE_MIMES are the gemini wire's own data
# (``wires/gemini/checks.py``), named here as before.
#: The longest string OpenAI takes in a request (Chat Completions and Responses).
TEXT_LIMIT: Final = 10_485_760


#: Documents per Bedrock request (the wire's own figure, ``wires/bedrock/``).
MAX_DOCUMENTS: Final = BEDROCK_MAX_DOCUMENTS

#: ``call-id-format``'s data of a profile, which wins over its wire's (``WireChecks.id_format``,
#: declared in each wire's package).
PROFILE_ID_FORMATS: Final[Mapping[str, IdFormat]] = MappingProxyType(
    {"mistral": IdFormat("[a-zA-Z0-9]{9}", None, "is not 9 characters of a-z, A-Z, 0-9")}
)

#: ``call-id-format``'s data by profile, and by each of the package's wires that declares one.
ID_FORMATS: Final[Mapping[str, IdFormat]] = MappingProxyType(
    {
        **PROFILE_ID_FORMATS,
        **{
            wire: found
            for wire in WIRES
            if (found := wire_module(wire).checks.id_format) is not None
        },
    }
)


def id_format_for(wire: str, profile: str | None) -> IdFormat | None:
    """The id format that holds on ``wire`` with ``profile`` (``None``: any id)."""
    found = PROFILE_ID_FORMATS.get(profile) if profile else None
    if found is not None:
        return found
    try:
        return wire_module(wire).checks.id_format
    except ValueError:  # a wire not registered declares none
        return None
