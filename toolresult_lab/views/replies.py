"""A provider's response in which the model calls tools, for a loopback recorder to answer.

A tool loop (MCP tools -> the provider -> ``call_tools`` -> ``tool_turn`` -> the next
request) can only be run end to end, without a real model, against a server that answers
like the provider with a tool call. :func:`tool_call_reply` writes that answer: the wire's
minimal valid response (what :class:`~toolresult_lab.views.roundtrip.RecordingServer`
answers) with the assistant's calls in it, written by the same code as ``tool_turn``'s echo,
so the official client parses it as it would the provider's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..conversion.calls import ToolCall
from ..conversion.tool_turns import tool_echo
from ..wires import wire_module
from .roundtrip import ROUNDTRIP_WIRES

__all__ = ["tool_call_reply"]


def tool_call_reply(
    wire: str, calls: Sequence[ToolCall], *, model: str | None = None
) -> dict[str, Any]:
    """The response of ``wire``'s API in which ``model`` (default: ``roundtrip.MODELS``'s)
    calls ``calls``: for ``RecordingServer(replies=[...])``. The wire's official client
    declares it (``OfficialClient.call_reply``, or its ``answered_by`` wire's).

    hermes answers through the OpenAI chat API, its calls as ``<tool_call>`` text; on
    responses each call is an output item with an ``fc_`` id, as the API gives.

    >>> call = ToolCall(id="toolu_1", name="weather", arguments={"city": "Köln"})
    >>> reply = tool_call_reply("anthropic", [call])
    >>> reply["stop_reason"], reply["content"][0]["id"]
    ('tool_use', 'toolu_1')

    :raises ValueError: ``wire`` is none of ``roundtrip.ROUNDTRIP_WIRES``; no calls.
    :raises TypeError: a call that is not a ``ToolCall``.
    """
    client = wire_module(wire).client if wire in ROUNDTRIP_WIRES else None
    if client is None:
        raise ValueError(f"wire: expected one of {', '.join(ROUNDTRIP_WIRES)}, got {wire!r}")
    if not calls:
        raise ValueError("calls: a reply that calls tools needs at least one call")
    echo = tool_echo(wire, calls)  # also checks each call's type, naming it
    # A wire answered by another's API (hermes: the OpenAI chat API) gets that API's reply.
    answering = client if client.answered_by is None else wire_module(client.answered_by).client
    writer = None if answering is None else answering.call_reply
    if writer is None:
        raise ValueError(f"wire: {wire!r} declares no reply that calls tools")
    return writer(model or client.model, echo)
