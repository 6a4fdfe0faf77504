"""The notebook view of a :class:`~toolresult_lab.transcript.Transcript`: turn by turn.

Registered as ``Transcript.html_view`` by the package ``__init__`` (the values never import a
view). Everything from the conversation is escaped; payloads are shown by their size only.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..conversion.b64 import decoded_size
from ..conversion.calls import ToolCall
from ..conversion.facts import wire_facts
from ..requests.transcripts import (
    AssistantTurn,
    CacheMark,
    Document,
    Image,
    Loss,
    Opaque,
    Part,
    Text,
    Thinking,
    ToolResults,
    Transcript,
    Turn,
)
from ..wires import exhausted
from .render import elide_base64, json_html, style_html

__all__ = ["transcript_card_html", "transcript_html"]


def _part_html(part: Part) -> str:
    if isinstance(part, Text):
        return f'<div class="trl-text">{escape(part.text)}</div>'
    if isinstance(part, (Image, Document)):
        kind = "image" if isinstance(part, Image) else "document"
        where = (
            f"{decoded_size(part.data):,} bytes inline" if part.data is not None else part.url or ""
        )
        name = f" {part.name}" if isinstance(part, Document) and part.name else ""
        shown = f"[{kind}{name}] {part.mime or ''} {where}"
        return f'<div class="trl-media">{escape(shown)}</div>'
    if isinstance(part, Opaque):
        shown = f"[{part.kind or 'block'}: {part.wire} only]"
        return f'<div class="trl-opaque">{escape(shown)}</div>'
    if isinstance(part, Thinking):
        signed = " (signed)" if part.signature else ""
        shown = f"[thinking{signed}] {part.text}" if not part.redacted else "[redacted thinking]"
        return f'<div class="trl-opaque">{escape(shown)}</div>'
    if isinstance(part, CacheMark):
        return f'<div class="trl-opaque">{escape(f"[cache mark: {part.name}]")}</div>'
    exhausted(part)


def _call_html(call: ToolCall) -> str:
    shown = {"id": call.id, "name": call.name, "arguments": call.arguments}
    if call.extra:
        shown["extra"] = {wire: sorted(fields) for wire, fields in call.extra.items()}
    return f'<pre class="trl-json">{json_html(elide_base64(shown))}</pre>'


def _turn_html(index: int, turn: Turn) -> str:
    if isinstance(turn, ToolResults):
        role = "tool results"
        body = "".join(
            f'<pre class="trl-json">{json_html(elide_base64(result.to_dict()))}</pre>'
            for result in turn.results
        )
    else:
        role = "assistant" if isinstance(turn, AssistantTurn) else "user"
        body = "".join(_part_html(part) for part in turn.parts)
        if isinstance(turn, AssistantTurn):
            body += "".join(_call_html(call) for call in turn.calls)
    return (
        f'<div class="trl-message" data-turn="{index}"><div class="trl-outcomes">'
        f'<span class="trl-part">turn {index}</span><span class="trl-role">{role}</span></div>'
        f"{body}</div>"
    )


def transcript_html(transcript: Transcript) -> str:
    """The system text, then each turn: its parts, calls or results (payloads as sizes)."""
    system = (
        f'<div class="trl-message"><span class="trl-role">system</span>'
        f'<div class="trl-text">{escape(transcript.system)}</div></div>'
        if transcript.system is not None
        else ""
    )
    turns = "".join(_turn_html(index, turn) for index, turn in enumerate(transcript.turns))
    return f'{style_html()}<div class="trl-transcript">{system}{turns}</div>'


def transcript_card_html(
    transcript: Transcript, wire: str, *, hoist_images: bool = False, **options: Any
) -> str:
    """One wire's card of ``compare(transcript)``: the request ``Transcript.to`` writes, its
    losses badged (each with the source path), payloads elided, everything escaped."""
    facts = wire_facts(wire)
    head = (
        f'<div class="trl-card" data-wire="{escape(facts.wire)}">'
        f'<div><span class="trl-wire">{escape(facts.wire)}</span>'
        f'<span class="trl-title">conversation</span></div>'
    )
    try:
        body, losses = transcript.written(facts.wire, hoist_images=hoist_images, **options)
    except (TypeError, ValueError) as error:
        return head + f'<div class="trl-error">{escape(str(error))}</div></div>'
    count = f"{len(losses)} loss(es)" if losses else "nothing lost"
    return (
        f'{head}<div class="trl-size">{escape(count)}</div>{_losses_html(losses)}'
        f'<pre class="trl-json">{json_html(elide_base64(body))}</pre></div>'
    )


def _losses_html(losses: list[Loss]) -> str:
    """Each loss in words, where the card shows it (a tooltip is missed and cannot be
    copied): a badge with the source path, then what became of it."""
    if not losses:
        return ""
    items = "".join(
        f'<li><span class="trl-badge trl-outcome-placeholder">'
        f"loss: {escape(loss.path or '(the request)')}</span> {escape(loss.what)}</li>"
        for loss in losses
    )
    return f'<ul class="trl-losses">{items}</ul>'
