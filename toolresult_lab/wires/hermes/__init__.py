"""The hermes wire: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .checks import CHECKS
from .convert import FACTS, HermesConverter, text_chars, unclosable
from .data import CLIENT
from .edits import EDITS, with_result_text
from .read import RESULT_BLOCK, read_block, read_request
from .reading import READING
from .request import REQUEST, HermesRequest
from .settings import SETTINGS, TOOL_DEFS
from .turn import TURN, HermesTurn

__all__ = [
    "FACTS",
    "REQUEST",
    "RESULT_BLOCK",
    "TURN",
    "WIRE",
    "HermesConverter",
    "HermesRequest",
    "HermesTurn",
    "read_block",
    "read_request",
    "text_chars",
    "unclosable",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=HermesConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    readback="tagged_text",
    bare_text=True,
    edits=EDITS,
    settings=SETTINGS,
    tool_defs=TOOL_DEFS,
    reading=READING,
    client=CLIENT,
    checks=CHECKS,
    text_chars=text_chars,
    result_text_inside=with_result_text,
)
