"""The notebook view of ``diff_requests`` (issue 38): two successive requests side by side.

The earlier request on the left, the later on the right, each message as escaped JSON
(base64 payloads elided, as every view here does); the first change marked at its path in
both, the messages from the change on flagged "after the change" (the ones a prompt cache
bills again), or the appended ones flagged when nothing changed. Above them: what changed,
the tokens after it, and what the provider binds after it. ``RequestDiff._repr_html_``
(registered by the package ``__init__``).
"""

from __future__ import annotations

from html import escape

from ..requests.findings import Change
from ..requests.history import RequestDiff
from ..wires import read_request
from .render import style_html
from .render_findings import FINDINGS_STYLE, _messages_html, _tokens_html

__all__ = ["diff_html"]


def _flag(label: str, cls: str) -> tuple[str, str]:
    return f'<span class="trl-badge trl-sev-change">{escape(label)}</span>', cls


def _summary(found: RequestDiff) -> str:
    change = found.change
    if change is None:
        said = f"append-only: {found.kept:,} messages kept, {found.appended:,} appended"
        if found.dropped:
            said += f", {found.dropped:,} left off the end (a rewind)"
        if found.continues:
            said += " (continues a stored response: only the fields before the list compared)"
        return f'<div class="trl-summary">{escape(said)}</div>'
    lines = [
        f"<li><code>{escape(change.path)}</code> [{escape(change.kind)}] "
        f"{escape(change.what)}</li>",
        f"<li>about {found.tokens_after or 0:,} input tokens from there on (the prompt cache"
        " bills them again)</li>",
    ]
    if found.bound:
        shown = ", ".join(found.bound[:5]) + (" ..." if len(found.bound) > 5 else "")
        lines.append(
            f"<li>{len(found.bound):,} signed thinking block(s) after it ({escape(shown)}):"
            " a 400 on a model that binds thinking to its prefix</li>"
        )
    if found.reasoning:
        lines.append(
            f"<li>{len(found.reasoning):,} reasoning item(s) after it: dropped by newer"
            " OpenAI models</li>"
        )
    return (
        f'<div class="trl-summary">first change at {escape(change.path)}</div>'
        f'<ul class="trl-changes">{"".join(lines)}</ul>'
    )


def diff_html(found: RequestDiff) -> str:
    """Both requests side by side, the first change marked (``RequestDiff._repr_html_``)."""
    before = read_request(found.wire, found.before)
    after = read_request(found.wire, found.after)
    change = found.change
    old_marks: list[Change] = []
    new_marks: list[Change] = []
    old_flags: dict[int, tuple[str, str]] = {}
    new_flags: dict[int, tuple[str, str]] = {}
    if change is not None:
        old_marks.append(Change("prefix-changed", change.old_path, change.what))
        new_marks.append(Change("prefix-changed", change.path, change.what))
        start = change.index if change.index is not None else 0
        count = len(_list(found.after, found.key))
        new_flags = {n: _flag("after the change", " trl-added") for n in range(start, count)}
        old_count = len(_list(found.before, found.key))
        old_flags = {n: _flag("changed", " trl-gone") for n in range(start, old_count)}
    else:
        first = found.kept
        count = len(_list(found.after, found.key))
        new_flags = {n: _flag("appended", " trl-added") for n in range(first, count)}
    old, _ = _messages_html(before, old_marks, old_flags)
    new, _ = _messages_html(after, new_marks, new_flags)
    was, now = _tokens_html(before, None, ""), _tokens_html(after, None, "")
    wire = f'<span class="trl-wire">{escape(found.wire)}</span>'
    cols = (
        '<div class="trl-cols">'
        f'<div class="trl-card"><div class="trl-title">{wire}sent before</div>{was}{old}</div>'
        f'<div class="trl-card"><div class="trl-title">{wire}sent now</div>{now}{new}</div>'
        "</div>"
    )
    return (
        f'<div class="trl-view trl-diff">{style_html()}<style>{FINDINGS_STYLE}</style>'
        f"{_summary(found)}{cols}</div>"
    )


def _list(raw: object, key: str) -> list[object]:
    found = raw.get(key) if isinstance(raw, dict) else raw
    return found if isinstance(found, list) else []
