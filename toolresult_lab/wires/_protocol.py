"""What a wire is: one package under ``wires/`` that hands the registry one :class:`WireModule`.

Everything a wire knows about its own shapes sits in its package (``wires/<wire>/``): how it
writes a tool-result block and a tool turn, how it reads blocks and whole requests back, how
it writes a request around its turns, and (as they move in) its request edits, its checks and
its settings. The registry (``wires/__init__.py``) only collects these objects; code above the
wires asks the object of a wire instead of comparing wire names. A wire that lacks a
capability says so (``None`` or an exception), and nothing falls back to another wire's shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._check import WireChecks
from ._common import Converter, WireFacts
from ._data import (
    NO_PATHS,
    NO_TOKEN_RULES,
    Alteration,
    ApiPaths,
    OfficialClient,
    ReadBack,
    TokenRules,
)
from ._edit import RequestEdits
from ._limits import Limit
from ._read import ReadRequest, ResultPart
from ._settings import SettingsShape
from ._tool_defs import ToolDefs
from ._transcript import PLAIN, TranscriptReading
from ._turn import TurnShape
from ._write import RequestShape

__all__ = ["WireModule"]


@dataclass(frozen=True)
class WireModule:
    """One wire, whole: its facts, its block converter, its turn and request shapes, its
    readers, and its checks (``lint``: the checks of its own shapes and the data the
    generic checks read). Each ``wires/<wire>/__init__.py`` defines one as ``WIRE``."""

    facts: WireFacts
    converter: type[Converter]
    turn: TurnShape
    read_block: Callable[[Any], ResultPart]
    read_request: Callable[[Any], ReadRequest]
    request: RequestShape
    edits: RequestEdits
    """What lint and repair write or recognise in its requests (``repair``)."""
    checks: WireChecks
    """Its own checks and the data the generic checks read (``lint``)."""
    tokens: TokenRules = NO_TOKEN_RULES
    """The documented token rules for its images, PDFs and text (``tokens``)."""
    text_chars: Callable[[str], int] | None = None
    """The characters an entry's text takes in its block (escapes included), where the
    block writes each text whole: the fit then measures a 10 MB text instead of building
    the block around it (``fitting``). None: the fit builds the block and measures it."""
    result_text_inside: Callable[[str, str, str], str | None] | None = None
    """Where the wire writes a result's text inside a string (hermes: the JSON of a
    ``<tool_response>``): ``(held, text, new)`` to ``held`` with ``new`` written in place
    of ``text`` (``None``: ``held`` holds no such text); None: a result's text is the
    string itself (the fit cuts it there, ``fitting``)."""
    readback: ReadBack = "parts"
    """How its tool-result blocks read back as MCP content (``readback``)."""
    bare_text: bool = False
    """Its messages may be bare text, not JSON (a hermes turn)."""
    client_alterations: tuple[Alteration, ...] = ()
    """What its official client changes in the messages it sends (``roundtrip``)."""
    paths: ApiPaths = NO_PATHS
    """The request paths of its API, which tell its requests from another wire's
    (``guarding.wire_paths``; none: no path does)."""
    client: OfficialClient | None = None
    """How its official client takes part in a round trip and what the loopback recorder
    answers it (``roundtrip``, ``views.replies``; None: it has no round trip)."""
    #: How the wire holds a request's settings beside its conversation (SPEC 9; None: none).
    settings: SettingsShape | None = None
    #: How its requests read as a transcript where wires differ (SPEC 9).
    reading: TranscriptReading = PLAIN
    #: What MCP tools become here beside its settings shape's definitions (issue 40:
    #: ``tools_for``; None: the wire writes no tool definitions).
    tool_defs: ToolDefs | None = None
    #: Its documented size and count limits (issue 35: ``wires/<wire>/limits.py``): what
    #: ``budgets.provider_limits`` warns against and where the size rules apply (a rule on a
    #: limit applies on the wires that declare one of its scope and measure). Empty: none.
    limits: tuple[Limit, ...] = ()

    @property
    def name(self) -> str:
        return self.facts.wire
