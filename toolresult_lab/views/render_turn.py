"""HTML views of a tool turn on every wire: pure functions, shared by ``compare()`` and notebooks.

A turn card shows each message of the turn
:func:`~toolresult_lab.conversion.tool_turns.build_turn` made on one wire, labelled
``echo``, ``result`` or ``hoisted``, with a badge per content entry of the results (the
outcome ``explain()`` reports) and a ``hoisted`` badge on each entry that also went out in
the hoisting user message. Nothing here decides how a turn is built. Everything from a tool
or a model is escaped, and base64 payloads are elided where the wire's reader finds them
(``render.elide_at``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..budgets.costs import estimate_turn
from ..conversion.calls import ToolCall
from ..conversion.facts import FACTS, wire_facts
from ..conversion.options import ConvertOptions
from ..conversion.result import ToolResult
from ..conversion.tool_turns import Turn, build_turn
from ..wires import payload_paths, read_request
from .render import elide_at, elide_base64, json_html, payload_bytes, style_html

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["TURN_STYLE", "elide_turn", "turn_card_html", "turn_html"]

#: What turn cards add to :data:`toolresult_lab.views.render.STYLE` (scoped to ``trl-`` classes).
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


def elide_turn(value: Any, wire: str | None = None) -> Any:
    """A copy of a turn's messages (or of one message) with every base64 payload replaced
    by a size marker: the payloads the wire's reader finds in them (the blocks', a hoisted
    image, a thought signature; every wire's reader when ``wire`` is not given), then
    :func:`~toolresult_lab.views.render.elide_base64` for any other."""
    messages = value if isinstance(value, list) else [value]
    paths: set[str] = set()
    for name in tuple(FACTS) if wire is None else (wire_facts(wire).wire,):
        read = read_request(name, messages)
        for message in read.messages:
            # paths from the list itself ("[2].images[0]"), whatever the body's key
            paths.update(p[len(read.key) :] for p in payload_paths(message.parts))
    elided: list[Any] = elide_base64(elide_at(messages, frozenset(paths)))
    return elided if isinstance(value, list) else elided[0]


def _message_html(part: str, badges: str, message: Any) -> str:
    """One message (its payloads already elided)."""
    return (
        f'<div class="trl-message" data-part="{escape(part)}"><div class="trl-outcomes">'
        f'<span class="trl-part">{escape(part)}</span>{badges}</div>'
        f'<pre class="trl-json">{json_html(message)}</pre></div>'
    )


def _messages_html(turn: Turn) -> str:
    elided = elide_turn(turn.messages, turn.wire)
    echo, results = len(turn.echo), len(turn.results)
    parts = [_message_html("echo", "", message) for message in elided[:echo]]
    count = len(turn.pairs)
    shown = elided[echo : echo + results]
    if len(turn.results) == count:  # one message per result
        parts += [
            _message_html("result", _result_badges(turn, range(i, i + 1)), message)
            for i, message in enumerate(shown)
        ]
    else:  # one message holds every result
        parts += [
            _message_html("results", _result_badges(turn, range(count)), message)
            for message in shown
        ]
    for message in elided[echo + results :]:
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
    estimate = estimate_turn(turn)
    how = f"tokens: {estimate.describe()}\nbytes: the compact JSON of the messages"
    return (
        head + f'<div class="trl-size" title="{escape(how)}">{len(turn.messages)} message(s)'
        f" · {size:,} bytes · {escape(estimate.label())}</div>{_messages_html(turn)}</div>"
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
        for wire in tuple(FACTS)
    )
    return (
        f'<div class="trl-view trl-turn">{style_html()}<style>{TURN_STYLE}</style>'
        f'<div class="trl-grid">{cards}</div></div>'
    )
