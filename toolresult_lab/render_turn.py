"""HTML views of a tool turn on every wire: pure functions, shared by ``compare()`` and notebooks.

A turn card shows each message of the turn :func:`~toolresult_lab.turns.build_turn` made on
one wire, labelled ``echo``, ``result`` or ``hoisted``, with a badge per content entry of the
results (the outcome ``explain()`` reports) and a ``hoisted`` badge on each entry that also
went out in the hoisting user message. Nothing here decides how a turn is built. Everything
from a tool or a model is escaped, and base64 payloads are elided (``render.elide_base64``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from .calls import ToolCall
from .facts import WIRES, wire_facts
from .options import ConvertOptions
from .render import elide_base64, json_html, payload_bytes, style_html
from .result import ToolResult
from .turns import Turn, build_turn

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["TURN_STYLE", "elide_turn", "turn_card_html", "turn_html"]

#: What turn cards add to :data:`toolresult_lab.render.STYLE` (scoped to ``trl-`` classes).
TURN_STYLE = (
    ".trl-outcome-hoisted{background:#0969da}"
    ".trl-message{border-top:1px dashed #d0d7de;margin-top:6px;padding-top:4px}"
    ".trl-part{font-family:monospace;font-weight:700;margin-right:6px}"
    ".trl-error{color:#c62828;white-space:pre-wrap}"
)


def _badge(label: str, outcome: str, reason: str) -> str:
    return (
        f'<span class="trl-badge trl-outcome-{escape(outcome)}" title="{escape(reason)}">'
        f"{escape(label)}</span>"
    )


def _label(call: ToolCall, position: int) -> str:
    return call.id or f"{call.name} (calls[{position}])"


def _result_badges(turn: Turn, positions: range) -> str:
    """One badge per content entry of the results at ``positions``; hoisted ones twice."""
    hoisted = set(turn.hoisted_from)
    badges = []
    for position in positions:
        call, result = turn.pairs[position]
        label = _label(call, position)
        for e in result.explain(turn.wire, **turn.options):
            badges.append(
                _badge(f"{label} #{e.index} {e.block_type}: {e.outcome}", e.outcome, e.reason)
            )
            if (position, e.index) in hoisted:
                reason = "also sent to the model in the hoisting user message"
                badges.append(_badge(f"{label} #{e.index}: hoisted", "hoisted", reason))
    return "".join(badges)


def _elided(value: Any) -> Any:
    """``value`` with the payloads a turn adds to the blocks elided as ``elide_base64`` does:
    a hoisted ``image_url.url``, an ollama message's ``images`` and a ``thoughtSignature``."""
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            if key == "url" and isinstance(item, str):
                out[key] = elide_base64({"image_url": item})["image_url"]
            elif key == "thoughtSignature" and isinstance(item, str):
                out[key] = elide_base64({"data": item})["data"]
            elif key == "images" and isinstance(item, list):
                out[key] = [elide_base64({"data": image})["data"] for image in item]
            else:
                out[key] = _elided(item)
        return out
    if isinstance(value, list):
        return [_elided(item) for item in value]
    return value


def elide_turn(value: Any) -> Any:
    """A copy of a turn's messages with every base64 payload replaced by a size marker:
    :func:`~toolresult_lab.render.elide_base64`, plus the payloads a turn adds to the blocks
    (a hoisted ``image_url.url``, an ollama message's ``images``, a ``thoughtSignature``)."""
    return elide_base64(_elided(value))


def _message_html(part: str, badges: str, message: Any) -> str:
    return (
        f'<div class="trl-message" data-part="{escape(part)}"><div class="trl-outcomes">'
        f'<span class="trl-part">{escape(part)}</span>{badges}</div>'
        f'<pre class="trl-json">{json_html(elide_turn(message))}</pre></div>'
    )


def _messages_html(turn: Turn) -> str:
    parts = [_message_html("echo", "", message) for message in turn.echo]
    count = len(turn.pairs)
    if len(turn.results) == count:  # one message per result
        parts += [
            _message_html("result", _result_badges(turn, range(i, i + 1)), message)
            for i, message in enumerate(turn.results)
        ]
    else:  # one message holds every result
        parts += [
            _message_html("results", _result_badges(turn, range(count)), message)
            for message in turn.results
        ]
    for message in turn.hoisted:
        images = ", ".join(f"{_label(turn.pairs[p][0], p)} #{i}" for p, i in turn.hoisted_from)
        badge = _badge(f"hoisted: {images}", "hoisted", "images hoisted (hoist_images)")
        parts.append(_message_html("hoisted", badge, message))
    return "".join(parts)


def turn_card_html(
    calls: Sequence[ToolCall],
    results: Sequence[ToolResult],
    wire: str,
    *,
    echo: bool = True,
    hoist_images: bool = False,
    **options: Unpack[ConvertOptions],
) -> str:
    """One wire's card of the turn: each message labelled, badges, size and JSON.

    A turn this wire cannot build (say, calls without ids on openai) shows the error.
    """
    facts = wire_facts(wire)
    head = (
        f'<div class="trl-card" data-wire="{escape(facts.wire)}">'
        f'<div><span class="trl-wire">{escape(facts.wire)}</span>'
        f'<span class="trl-title">tool turn</span></div>'
    )
    try:
        turn = build_turn(
            facts.wire, calls, results, echo=echo, hoist_images=hoist_images, **options
        )
    except ValueError as error:
        return head + f'<div class="trl-error">{escape(str(error))}</div></div>'
    size = sum(payload_bytes(message) for message in turn.messages)
    return (
        head + f'<div class="trl-size" title="compact JSON of the messages; tokens are a bytes/4'
        f' guess">{len(turn.messages)} message(s) · {size:,} bytes · ~{-(-size // 4):,} tokens'
        f"</div>{_messages_html(turn)}</div>"
    )


def turn_html(
    calls: Sequence[ToolCall],
    results: Sequence[ToolResult],
    *,
    echo: bool = True,
    hoist_images: bool = False,
    **options: Unpack[ConvertOptions],
) -> str:
    """A static view of the turn on every wire, in a grid."""
    cards = "".join(
        turn_card_html(calls, results, wire, echo=echo, hoist_images=hoist_images, **options)
        for wire in WIRES
    )
    return (
        f'<div class="trl-view trl-turn">{style_html()}<style>{TURN_STYLE}</style>'
        f'<div class="trl-grid">{cards}</div></div>'
    )
