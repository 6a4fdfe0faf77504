"""HTML views of a result on every wire: pure functions, shared by the widgets and ``_repr_html_``.

Nothing here decides how a block is converted: the cards show what ``to()`` built and
what ``explain()`` said about it. Everything that comes from the tool is escaped, and
base64 payloads are replaced by a size marker, so a 50 MiB image renders to a few KB
of HTML (a notebook that embeds the payload six times would be unusable).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from ..budgets.costs import estimate_explained
from ..budgets.measure import payload_bytes
from ..budgets.provider_warning import ProviderWarning
from ..conversion.b64 import decoded_size
from ..conversion.encoding import json_encode, json_string, text_field
from ..conversion.explain import OUTCOME_COLOURS, Explanations
from ..conversion.facts import FACTS, wire_facts
from ..conversion.options import DEFAULT_RESPONSE_TAG, OPTION_NAMES, ConvertOptions, tri_label
from ..conversion.steps import Explanation, ResultNote
from ..wires import block_payload_paths

if TYPE_CHECKING:
    from typing_extensions import Unpack


class Viewable(Protocol):
    """What the views read of a result (a ``ToolResult`` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def is_error(self) -> bool: ...
    @property
    def structured_content(self) -> Any: ...
    def explain(self, wire: str, **options: Unpack[ConvertOptions]) -> Explanations: ...


__all__ = [
    "COPY_MAX",
    "STYLE",
    "card_html",
    "content_table_html",
    "elide_at",
    "elide_base64",
    "elide_block",
    "json_html",
    "marked_json_html",
    "options_caption",
    "payload_bytes",
    "result_html",
    "style_html",
]

#: Keys whose string values may hold a bare base64 payload (MCP ``data`` and ``blob``; the
#: wires' own payload strings are found by their readers, see :func:`elide_at`). A
#: ``data:...;base64,`` URL is a payload under any key.
PAYLOAD_KEYS = frozenset({"data", "blob"})
_FULL_CHECK = 1 << 16  # strings up to this length are checked whole; longer ones are sampled
_SAMPLE = 256
_B64_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\r\n"
_DATA_URL_HEADER = 256  # how far to look for the comma of a data: URL
_THUMB_MAX = 256 * 1024  # base64 characters embedded per thumbnail, at most
_DISPLAY_CHARS = 4000  # longer strings (not payloads) are clipped in the JSON view
_SUMMARY_CHARS = 120
#: A block up to this many bytes is embedded whole in its card, for the copy button.
COPY_MAX = 512 * 1024
# The copy button's own script (no tool data in it): the clipboard API, or a selection.
_COPY_JS = (
    "const b=this,v=b.nextElementSibling.value;"
    "const ok=()=>{b.textContent='copied';setTimeout(()=>{b.textContent='copy block'},1500)};"
    "const old=()=>{const t=document.createElement('textarea');t.value=v;"
    "document.body.appendChild(t);t.select();document.execCommand('copy');t.remove();ok()};"
    "navigator.clipboard?navigator.clipboard.writeText(v).then(ok,old):old()"
)


#: The one stylesheet of every view; all selectors are scoped to ``trl-`` classes.
STYLE = (
    ".trl-view,.trl-card{font-family:system-ui,sans-serif;font-size:13px}"
    ".trl-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(22em,1fr));gap:8px}"
    # a card keeps to its grid column whatever the tool wrote: text outside the JSON breaks
    # inside a word only when the word is wider than the card (badges and loss paths too),
    # and ipywidgets' HTML content box may shrink below its longest word (issue 28, item 12)
    ".trl-card{border:1px solid #d0d7de;border-radius:6px;padding:8px;min-width:0;"
    "line-height:1.4;overflow-wrap:anywhere}"
    ".trl-compare .widget-html-content{min-width:0}"
    ".trl-selected .trl-card,.trl-card.trl-selected{outline:3px solid #1f5fbf}"
    ".trl-wire{font-weight:700;font-family:monospace;margin-right:6px}"
    ".trl-title,.trl-empty{color:#57606a}"
    ".trl-outcomes{margin:6px 0;display:flex;flex-wrap:wrap;gap:4px}"
    ".trl-badge{color:#fff;border-radius:10px;padding:1px 8px;font-size:12px;cursor:help}"
    + "".join(f".trl-outcome-{o}{{background:{c}}}" for o, c in OUTCOME_COLOURS.items())
    + ".trl-size{color:#57606a;font-size:12px}"
    ".trl-thumbs{margin:4px 0}"
    ".trl-thumb{width:64px;height:64px;object-fit:contain;image-rendering:pixelated;"
    "border:1px solid #d0d7de;margin-right:4px}"
    ".trl-thumb-skipped{display:inline-block;border:1px dashed #b7791f;padding:4px;"
    "font-size:12px}"
    # `.trl-card pre.trl-json` outranks JupyterLab's `.jp-OutputArea-output pre` (break-all)
    ".trl-card pre.trl-json{max-height:24em;overflow:auto;background:#f6f8fa;padding:6px;"
    "margin:4px 0 0;white-space:pre-wrap;word-break:normal;overflow-wrap:normal;font-size:12px}"
    ".trl-options{color:#57606a;font-size:12px;margin-top:2px}"
    ".trl-notes,.trl-warnings,.trl-losses{margin:4px 0;padding-left:1.2em;font-size:12px}"
    ".trl-losses{list-style:none;padding-left:0}.trl-losses li{margin:2px 0}"
    ".trl-warnings{color:#8a4b00}"
    ".trl-copy{font-size:12px;cursor:pointer;margin:4px 0 0}"
    ".trl-copy-off{color:#57606a;font-size:12px}"
    ".trl-scroll{overflow-x:auto;max-width:100%}"
    ".trl-k{color:#953800}.trl-s{color:#0a3069}.trl-n{color:#0550ae}.trl-l{color:#8250df}"
    ".trl-clipped{color:#6e7781;font-style:italic}"
    ".trl-content{border-collapse:collapse;margin-bottom:8px}"
    # the class twice outranks JupyterLab's `:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td`
    # (which right-aligns every table cell of an output)
    ".trl-content.trl-content td,.trl-content.trl-content th{border:1px solid #d0d7de;"
    "padding:2px 6px;text-align:left;vertical-align:top}"
)


def style_html() -> str:
    """The ``<style>`` block; a view emits it once, not once per card."""
    return f"<style>{STYLE}</style>"


# -- base64 payloads ----------------------------------------------------------


def _is_base64_text(text: str) -> bool:
    """Whether ``text`` is made of base64 characters (line breaks allowed).

    A cheap check: strings up to 64 KiB are checked whole, longer ones at the start,
    middle and end only, so a 50 MiB payload costs three 256-character checks.
    """
    if not text.isascii():
        return False
    if len(text) > _FULL_CHECK:
        mid = len(text) // 2
        text = text[:_SAMPLE] + text[mid : mid + _SAMPLE] + text[-_SAMPLE:]
    return not text.encode("ascii").translate(None, _B64_BYTES)


def _payload(value: str) -> tuple[str, str] | None:
    """``(kept prefix, base64 payload)`` of a payload string, or ``None`` when it is not one."""
    if value.startswith("data:"):
        comma = value.find(",", 0, _DATA_URL_HEADER)
        if comma != -1 and value[:comma].endswith(";base64"):
            payload = value[comma + 1 :]
            # an elided payload (a size marker) is not one
            return (value[: comma + 1], payload) if _is_base64_text(payload) else None
        return None
    if value and _is_base64_text(value):
        return "", value
    return None


def _marker(size: int) -> str:
    return f"<{size:,} bytes base64>"


def elide_base64(value: Any) -> Any:
    """A copy of ``value`` with every base64 payload replaced by a size marker.

    A payload is a ``data:...;base64,`` URL under any key (its prefix is kept), or a base64
    string, however short, under ``data`` or ``blob``;
    the ``data`` of a text source (a dict whose ``type`` is ``text``) is text, not a
    payload. The size is the decoded size, computed arithmetically: nothing is decoded.

    >>> elide_base64({"type": "image", "data": "QUJD"})
    {'type': 'image', 'data': '<3 bytes base64>'}
    """
    if isinstance(value, dict):
        copy: dict[Any, Any] = {}
        text_source = value.get("type") == "text"
        for key, item in value.items():
            found = None
            if (
                isinstance(item, str)
                and not text_source
                and (key in PAYLOAD_KEYS or item.startswith("data:"))
            ):
                found = _payload(item)
            if found is None:
                copy[key] = elide_base64(item)
            else:
                copy[key] = found[0] + _marker(decoded_size(found[1]))
        return copy
    if isinstance(value, (list, tuple)):
        return [elide_base64(item) for item in value]
    return value


def elide_block(wire: str, block: Any) -> Any:
    """A copy of one of ``wire``'s tool-result blocks with every payload shown only as its
    size: where the wire's reader finds one (a Bedrock ``source.bytes``, a Responses
    ``image_url``), and any MCP-style payload besides."""
    return elide_base64(elide_at(block, block_payload_paths(wire, block)))


def elide_at(value: Any, paths: frozenset[str] | set[str], path: str = "") -> Any:
    """A copy of ``value`` with the strings at ``paths`` (JSON paths such as
    ``messages[2].images[0]``, as the wires' readers give them; ``path`` is where ``value``
    sits) replaced by a size marker, a ``data:`` URL keeping its prefix."""
    if isinstance(value, str):
        if path not in paths:
            return value
        found = _payload(value)
        prefix, payload = found if found is not None else ("", value)
        return prefix + _marker(decoded_size(payload))
    # loops, not comprehensions: one frame a level (a comprehension is a second one
    # before Python 3.12), so a request as deep as ``nesting`` lets through is shown
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for key, item in value.items():
            out[key] = elide_at(item, paths, f"{path}.{key}" if path else str(key))
        return out
    if isinstance(value, (list, tuple)):
        items: list[Any] = []
        for index, item in enumerate(value):
            items.append(elide_at(item, paths, f"{path}[{index}]"))
        return items
    return value


# -- JSON view --------------------------------------------------------------------


def _span(cls: str, text: str) -> str:
    return f'<span class="{cls}">{escape(text)}</span>'


def _string_html(text: str) -> str:
    if len(text) <= _DISPLAY_CHARS:
        return _span("trl-s", json_string(text))
    more = len(text) - _DISPLAY_CHARS
    return (
        _span("trl-s", json_string(text[:_DISPLAY_CHARS]))
        + f'<span class="trl-clipped"> … {more:,} more characters</span>'
    )


#: Marks of the JSON view: a JSON path (``messages[2].content[0]``) -> the HTML that opens and
#: closes the element there (the request views of ``render_findings`` mark findings so).
Marks = Mapping[str, tuple[str, str]]


def _child(path: str | None, key: Any) -> str | None:
    """The path of a child (``None``: paths are not tracked, no marks are asked for)."""
    if path is None:
        return None
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _emit(
    value: Any, depth: int, out: list[str], path: str | None = None, marks: Marks | None = None
) -> None:
    pad = "  " * (depth + 1)
    mark = None if marks is None or path is None else marks.get(path)
    if mark is not None:
        out.append(mark[0])
    if isinstance(value, dict) and value:
        out.append("{\n")
        for n, (key, item) in enumerate(value.items()):
            out.append(pad + _span("trl-k", json_string(text_field(key))) + ": ")
            _emit(item, depth + 1, out, _child(path, text_field(key)), marks)
            out.append(",\n" if n < len(value) - 1 else "\n")
        out.append("  " * depth + "}")
    elif isinstance(value, (list, tuple)) and value:
        out.append("[\n")
        for n, item in enumerate(value):
            out.append(pad)
            _emit(item, depth + 1, out, _child(path, n), marks)
            out.append(",\n" if n < len(value) - 1 else "\n")
        out.append("  " * depth + "]")
    elif isinstance(value, str):
        out.append(_string_html(value))
    elif value is None or isinstance(value, bool):
        out.append(_span("trl-l", json.dumps(value)))
    elif isinstance(value, (int, float)):
        out.append(_span("trl-n", json_encode(value)))
    else:  # {} / [] / a non-JSON value (encoded through its repr, like json_encode does)
        out.append(escape(json_encode(value)))
    if mark is not None:
        out.append(mark[1])


def json_html(value: Any) -> str:
    """``value`` as indented JSON, escaped, with keys, strings and numbers in classed spans.

    A ``str`` (the hermes block) is shown as the text it is, not as a JSON literal.
    Strings are clipped for display (payloads should be elided before).
    """
    if isinstance(value, str):
        return _string_html(value) if len(value) > _DISPLAY_CHARS else escape(value)
    out: list[str] = []
    _emit(value, 0, out)
    return "".join(out)


def marked_json_html(value: Any, path: str, marks: Marks) -> str:
    """:func:`json_html` of ``value``, which sits at the JSON ``path`` of a larger value, with
    each element whose path is in ``marks`` wrapped in its mark's opening and closing HTML
    (the marks are the caller's HTML; everything from ``value`` is escaped as ever)."""
    out: list[str] = []
    _emit(value, 0, out, path, marks)
    return "".join(out)


# -- cards ----------------------------------------------------------------------------


def _thumb_html(explanation: Explanation) -> str:
    native = explanation.native
    if native is None or native.media != "image":
        return ""
    if len(native.data) > _THUMB_MAX:
        size = decoded_size(native.data)
        return f'<span class="trl-thumb-skipped">image too large to preview ({size:,} bytes)</span>'
    alt = f"#{explanation.index} {explanation.block_type}"
    src = f"data:{native.mime};base64,{native.data}"
    return f'<img class="trl-thumb" src="{escape(src)}" alt="{escape(alt)}">'


def _badge_html(explanation: Explanation) -> str:
    outcome = escape(explanation.outcome)
    label = f"#{explanation.index} {explanation.block_type}: {explanation.outcome}"
    return (
        f'<span class="trl-badge trl-outcome-{outcome}" title="{escape(explanation.reason)}">'
        f"{escape(label)}</span>"
    )


def _empty_html(explanations: Explanations) -> str:
    """No entries, so no badges: say what the wire sends instead (not a ``trl-badge``)."""
    note = explanations.content_note  # a result without entries always has one
    if note is None:
        return ""
    return (
        f'<span class="trl-empty" title="{escape(note.reason)}">no content entries:'
        f" {escape(note.outcome)}</span>"
    )


def _notes_html(notes: tuple[ResultNote, ...]) -> str:
    """What the wire did with the result's own fields (``explain().notes``), one line each."""
    if not notes:
        return ""
    items = "".join(
        f"<li><b>{escape(n.field)}</b>: {escape(n.outcome)} — {escape(n.reason)}</li>"
        for n in notes
    )
    return f'<ul class="trl-notes">{items}</ul>'


def _warnings_html(warnings: tuple[ProviderWarning, ...]) -> str:
    """Documented provider limits the block meets (``explain().warnings``): advice."""
    if not warnings:
        return ""
    items = "".join(f"<li>⚠ {escape(str(w))}</li>" for w in warnings)
    return f'<ul class="trl-warnings">{items}</ul>'


def _copy_html(block: Any, size: int, wire: str) -> str:
    """A button that copies the block itself (payloads whole), or why it cannot."""
    if size > COPY_MAX:
        return (
            f'<div class="trl-copy-off">the block is {size:,} bytes, too large to copy from'
            f' this page: use result.to("{escape(wire)}", ...)</div>'
        )
    text = block if isinstance(block, str) else json.dumps(block, indent=2, ensure_ascii=False)
    return (
        f'<div><button class="trl-copy" type="button" onclick="{escape(_COPY_JS)}"'
        f' title="copy the whole block ({size:,} bytes), payloads included">copy block</button>'
        f'<textarea class="trl-copy-data" hidden readonly>{escape(text)}</textarea>'
        "</div>"
    )


def options_caption(wire: str, options: ConvertOptions) -> str:
    """The options ``wire`` reads, as given (``default (on)`` where not given; ``audience``
    only when given): a card's line."""
    facts = wire_facts(wire)
    shown = []
    for name in OPTION_NAMES:
        if name not in facts.reads:
            continue
        value = options.get(name)
        if name == "audience":  # shown only when given: by default every entry is sent
            if value is not None:
                shown.append(f"{name} {value}")
        elif name == "response_tag":
            tag = f"{DEFAULT_RESPONSE_TAG} (default)" if value is None else value
            shown.append(f"{name} {tag}")
        elif value is None:
            shown.append(f"{name} default ({'on' if facts.default(name) else 'off'})")
        else:
            shown.append(f"{name} {tri_label(value)}")
    return "options: " + (", ".join(shown) if shown else "none (this wire reads none)")


def card_html(
    result: Viewable, wire: str, *, caption: str | None = None, **options: Unpack[ConvertOptions]
) -> str:
    """One wire's card: the options it was made with, badges from ``explain()``, the block's
    size and token estimate (``costs``), notes, provider warnings, thumbnails, a copy button
    and the block's JSON (payloads elided).

    ``options`` are those of :meth:`ToolResult.to` (and are checked by it); ``caption``
    replaces the options line (the compare widget names a profile there).
    """
    facts = wire_facts(wire)
    explanations = result.explain(facts.wire, **options)
    block = explanations.block
    size = payload_bytes(block)
    estimate = estimate_explained(explanations)
    badges = "".join(_badge_html(e) for e in explanations) or _empty_html(explanations)
    thumbs = "".join(_thumb_html(e) for e in explanations)
    line = options_caption(facts.wire, options) if caption is None else caption
    how = f"tokens: {estimate.describe()}\nbytes: the block's compact JSON"
    return (
        f'<div class="trl-card" data-wire="{escape(facts.wire)}">'
        f'<div><span class="trl-wire">{escape(facts.wire)}</span>'
        f'<span class="trl-title">{escape(facts.title)}</span></div>'
        f'<div class="trl-options">{escape(line)}</div>'
        f'<div class="trl-outcomes">{badges}</div>'
        f'<div class="trl-size" title="{escape(how)}">'
        f"{size:,} bytes · {escape(estimate.label())}</div>"
        + _notes_html(explanations.notes)
        + _warnings_html(explanations.warnings)
        + (f'<div class="trl-thumbs">{thumbs}</div>' if thumbs else "")
        + _copy_html(block, size, facts.wire)
        + f'<pre class="trl-json">{json_html(elide_block(facts.wire, block))}</pre></div>'
    )


# -- the static view ---------------------------------------------------------------------


def _clip(text: str, limit: int = _SUMMARY_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _one_line(text: str) -> str:
    return text.replace("\n", " ⏎ ")


def content_table_html(result: Viewable) -> str:
    """The canonical content, one row per entry: its type, item kind and string form.

    The summary is the entry's text on the openai wire, where payloads are always
    placeholders, so no payload can reach this table.
    """
    rows = "".join(
        f"<tr><td>{e.index}</td><td>{escape(e.block_type)}</td><td>{escape(e.item_kind)}</td>"
        f"<td>{escape(_clip(_one_line(text_field(e.part))))}</td></tr>"
        for e in result.explain("openai")
    )
    head = f"<b>{escape(result.name) or '(no name)'}</b> id={escape(json_string(result.id))}" + (
        " <b>is_error</b>" if result.is_error else ""
    )
    if result.structured_content is not None:
        structured = _clip(json_encode(elide_base64(result.structured_content)))
        head += f" structured_content=<code>{escape(structured)}</code>"
    return (
        f'<div>{head}</div><table class="trl-content"><tr><th>#</th><th>type</th>'
        f"<th>item</th><th>summary</th></tr>{rows}</table>"
    )


def result_html(result: Viewable, **options: Unpack[ConvertOptions]) -> str:
    """A static view of ``result``: its content table and one card per wire, in a grid."""
    cards = "".join(card_html(result, wire, **options) for wire in tuple(FACTS))
    return (
        f'<div class="trl-view">{style_html()}{content_table_html(result)}'
        f'<div class="trl-grid">{cards}</div></div>'
    )
