"""``guard(target, mode)``: one line that puts ``lint`` (and ``repair``) in the path of
every request a client sends.

>>> import toolresult_lab
>>> toolresult_lab.guard(object())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
TypeError: guard takes an official client (...), an httpx / httpx2 client or a transport, not object
"""

from __future__ import annotations

from collections.abc import Callable
from os import PathLike
from typing import Any, TypeVar

from .botocore_hook import hook_botocore, is_bedrock_runtime
from .conversations import DEFAULT_CAPACITY
from .genai_hook import hook_genai, is_genai
from .http_transport import hook_http, is_http_client, is_transport
from .inspection import Guard, GuardReport, Mode, Slot
from .stainless_hook import hook_stainless, is_stainless

__all__ = ["guard"]

T = TypeVar("T")


def _is_ollama(target: object) -> bool:
    return type(target).__module__.startswith("ollama") and is_http_client(
        getattr(target, "_client", None)
    )


def guard(
    target: T,
    mode: Mode = "warn",
    *,
    on_findings: Callable[[GuardReport], object] | None = None,
    record: str | PathLike[str] | None = None,
    record_payloads: bool = False,
    profile: str | None = None,
    vision: bool | None = None,
    conversations: int = DEFAULT_CAPACITY,
) -> T:
    """Check every request ``target`` sends, in flight, and return ``target`` (changed in
    place, so ``client = guard(OpenAI())`` is the whole set-up).

    Each request's wire comes from its path (chat completions, responses, messages, Gemini
    ``generateContent`` and its stream, Ollama ``/api/chat``, Bedrock ``converse`` and its
    stream); ``lint`` gets its body, its model (the body's or the URL's), its headers
    (credentials left out) and the request sent before it in the same conversation. Any
    other request (another endpoint, a multipart upload) passes untouched. A guard that
    fails inside logs one line and sends the request as built.

    :param target: an official client instance (``openai.OpenAI`` / ``AsyncOpenAI``,
        Azure's too; ``anthropic.Anthropic`` / ``AsyncAnthropic`` and its Bedrock and Vertex
        clients; ``google.genai.Client``; ``ollama.Client`` / ``AsyncClient``; a boto3
        ``bedrock-runtime`` client), or an httpx / httpx2 ``Client``, ``AsyncClient`` or
        transport. Guarding it again replaces the settings (no second hook).
    :param mode: ``"warn"`` sends it unchanged and reports (logger
        ``toolresult_lab.guard``, and ``on_findings``); ``"raise"`` raises
        :class:`~toolresult_lab.guarding.inspection.GuardError` before anything is sent when
        ``lint`` finds an error; ``"repair"`` sends ``repair``'s body and reports the changes.
    :param on_findings: called with a ``GuardReport`` for each request with findings or
        changes; what it raises reaches the caller (a way to block on terms of one's own).
    :param record: append a JSON line per sent request to this file, readable as it is by
        ``toolresult-lab lint --log`` and ``audit(..., requests_of=WIRE)``.
    :param record_payloads: keep payloads (base64, texts) in the record; by default each
        is replaced by its length and hash.
    :param profile: a provider profile, applied to the requests of its wire.
    :param vision: as ``lint``'s.
    :param conversations: how many conversations to remember (least recently used
        forgotten first).
    :raises TypeError: a target of none of those kinds.
    :raises ValueError: an unknown mode or profile.
    """
    slot = Slot(
        Guard(
            mode,
            on_findings=on_findings,
            record=record,
            record_payloads=record_payloads,
            profile=profile,
            vision=vision,
            conversations=conversations,
        )
    )
    chosen: Any = target
    if is_stainless(chosen):
        hook_stainless(chosen, slot)
    elif is_genai(chosen):
        hook_genai(chosen, slot)
    elif is_bedrock_runtime(chosen):
        hook_botocore(chosen, slot)
    elif _is_ollama(chosen):
        hook_http(chosen._client, slot)
    elif is_http_client(chosen) or is_transport(chosen):
        hook_http(chosen, slot)
    else:
        raise TypeError(
            "guard takes an official client (openai, anthropic, google-genai, ollama, boto3"
            " bedrock-runtime), an httpx / httpx2 client or a transport,"
            f" not {type(target).__name__}"
        )
    return target
