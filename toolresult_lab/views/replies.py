"""A provider's response in which the model calls tools, for a loopback recorder to answer.

A tool loop (MCP tools -> the provider -> ``call_tools`` -> ``tool_turn`` -> the next
request) can only be run end to end, without a real model, against a server that answers
like the provider with a tool call. :func:`tool_call_reply` writes that answer: the wire's
minimal valid response (what :class:`~toolresult_lab.views.roundtrip.RecordingServer`
answers) with the assistant's calls in it, written by the same code as ``tool_turn``'s echo,
so the official client parses it as it would the provider's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from ..conversion.calls import ToolCall
from ..conversion.tool_turns import tool_echo
from ..wires import wire_module
from .roundtrip import MODELS, ROUNDTRIP_WIRES

__all__ = ["tool_call_reply"]

#: A wire whose responses another wire's API writes: hermes answers through the OpenAI chat
#: API (as ``roundtrip`` sends it), its calls that message's ``<tool_call>`` text.
_ANSWERED_BY: Final[Mapping[str, str]] = MappingProxyType({"hermes": "openai"})


def tool_call_reply(
    wire: str, calls: Sequence[ToolCall], *, model: str | None = None
) -> dict[str, Any]:
    """The response of ``wire``'s API in which ``model`` (default: ``roundtrip.MODELS``'s)
    calls ``calls``: for ``RecordingServer(replies=[...])``.

    hermes answers through the OpenAI chat API, its calls as ``<tool_call>`` text; on
    responses each call is an output item with an ``fc_`` id, as the API gives.

    >>> call = ToolCall(id="toolu_1", name="weather", arguments={"city": "Köln"})
    >>> reply = tool_call_reply("anthropic", [call])
    >>> reply["stop_reason"], reply["content"][0]["id"]
    ('tool_use', 'toolu_1')

    :raises ValueError: ``wire`` is none of ``roundtrip.ROUNDTRIP_WIRES``; no calls.
    :raises TypeError: a call that is not a ``ToolCall``.
    """
    if wire not in ROUNDTRIP_WIRES:
        raise ValueError(f"wire: expected one of {', '.join(ROUNDTRIP_WIRES)}, got {wire!r}")
    if not calls:
        raise ValueError("calls: a reply that calls tools needs at least one call")
    echo = tool_echo(wire, calls)  # also checks each call's type, naming it
    writer = wire_module(_ANSWERED_BY.get(wire, wire)).recorded_call_reply
    if writer is None:  # pragma: no cover (every round-trip wire has one)
        raise ValueError(f"wire: {wire!r} has no recorded reply")
    return writer(model or MODELS[wire], echo)
