"""The ollama wire: a ``tool`` message keyed by tool name; ``tool_call_id`` only when there is one.

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .checks import CHECKS
from .convert import FACTS, OllamaConverter
from .data import ALTERATIONS, CLIENT, PATHS
from .edits import EDITS
from .read import read_block, read_request
from .reading import READING
from .request import REQUEST, OllamaRequest
from .settings import SETTINGS, TOOL_DEFS
from .turn import TURN, OllamaTurn

__all__ = [
    "FACTS",
    "REQUEST",
    "TURN",
    "WIRE",
    "OllamaConverter",
    "OllamaRequest",
    "OllamaTurn",
    "read_block",
    "read_request",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=OllamaConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    client_alterations=ALTERATIONS,
    edits=EDITS,
    settings=SETTINGS,
    reading=READING,
    tool_defs=TOOL_DEFS,
    checks=CHECKS,
    client=CLIENT,
    paths=PATHS,
)
