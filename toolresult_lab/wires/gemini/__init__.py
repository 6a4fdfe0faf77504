"""The gemini wire: a ``functionResponse`` part; native images and PDFs ride in its ``parts``.

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .checks import CHECKS
from .convert import FACTS, GeminiConverter
from .data import ALTERATIONS, CLIENT, PATHS, TOKENS
from .edits import EDITS
from .limits import LIMITS
from .read import read_block, read_call, read_part, read_request
from .reading import READING
from .request import REQUEST, GeminiRequest
from .settings import SETTINGS, TOOL_DEFS
from .signatures import SKIP_SIGNATURE
from .turn import PART_FIELDS, TURN, GeminiTurn

__all__ = [
    "FACTS",
    "PART_FIELDS",
    "REQUEST",
    "SKIP_SIGNATURE",
    "TURN",
    "WIRE",
    "GeminiConverter",
    "GeminiRequest",
    "GeminiTurn",
    "read_block",
    "read_call",
    "read_part",
    "read_request",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=GeminiConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    tokens=TOKENS,
    client_alterations=ALTERATIONS,
    edits=EDITS,
    settings=SETTINGS,
    reading=READING,
    tool_defs=TOOL_DEFS,
    checks=CHECKS,
    client=CLIENT,
    paths=PATHS,
    limits=LIMITS,
)
