"""HTML views of ``lint`` and ``repair`` (SPEC 8): the findings, the request, the repair.

Three pure functions, in the card style of :mod:`toolresult_lab.views.render` (``trl-`` classes):

- :func:`findings_html`: a table, one row per finding (severity badge, rule, path, message,
  source link); ``Findings._repr_html_`` (registered by the package ``__init__``).
- :func:`request_html`: the request itself, message by message, each finding marked on the
  element its path points at, and badged on its message.
- :func:`repaired_html`: ``repair``'s before and after, the changes listed and marked where
  they were made, and the messages it added or changed highlighted; ``Repaired._repr_html_``.

Nothing here decides what is wrong with a request: the views show the findings and changes
``lint`` and ``repair`` report, at their paths. Everything from the request is escaped, and
base64 payloads are elided: where the wire's reader says a payload is (``data_path``), and
then any other ``data:`` URL or ``data`` payload
(:func:`~toolresult_lab.views.render.elide_base64`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, Final

from ..budgets.models import model_facts
from ..budgets.request_tokens import read_tokens
from ..requests.findings import Change, Finding, Findings, Repaired
from ..requests.linting import lint
from ..wires import ReadRequest, read_request
from ..wires import payload_paths as wire_payload_paths
from .render import elide_at, elide_base64, marked_json_html, style_html

__all__ = ["FINDINGS_STYLE", "findings_html", "repaired_html", "request_html"]

#: One colour per severity (white text on it).
SEVERITY_COLOURS: Final = {"error": "#c62828", "warning": "#b7791f", "info": "#1565c0"}
_CHANGE_COLOUR: Final = "#0969da"

#: What these views add to :data:`toolresult_lab.views.render.STYLE` (scoped to ``trl-`` classes).
FINDINGS_STYLE: Final = (
    "".join(f".trl-sev-{s}{{background:{c}}}" for s, c in SEVERITY_COLOURS.items())
    + f".trl-sev-change{{background:{_CHANGE_COLOUR}}}"
    # `.trl-view table.trl-findings td` outranks JupyterLab's `.jp-RenderedHTMLCommon td`
    # (right-aligned, its own padding), so the table reads the same in Lab and nbconvert
    ".trl-view table.trl-findings{border-collapse:collapse;margin:4px 0 8px;font-size:12px}"
    ".trl-view table.trl-findings td,.trl-view table.trl-findings th{border:1px solid #d0d7de;"
    "padding:2px 6px;text-align:left;vertical-align:top}"
    ".trl-view table.trl-findings td.trl-rule,.trl-view table.trl-findings td.trl-path"
    "{font-family:monospace;white-space:nowrap}"
    ".trl-view table.trl-findings td.trl-message{min-width:14em}"
    ".trl-view table.trl-findings td.trl-source{color:#57606a;font-size:11px;min-width:12em;"
    "max-width:28em;overflow-wrap:anywhere}"
    ".trl-summary{color:#57606a;margin:4px 0}"
    ".trl-message{border-top:1px dashed #d0d7de;margin-top:6px;padding-top:4px}"
    ".trl-part{font-family:monospace;font-weight:700;margin-right:6px}"
    ".trl-role{color:#57606a;margin-right:6px}"
    # a tint, not an outline: a mark spans lines of the JSON, and an inline outline breaks
    # into one box per line
    ".trl-mark-error{background:#ffd8d3}"
    ".trl-mark-warning{background:#fff1a8}"
    ".trl-mark-change{background:#d5ecff}"
    # what a mark says is written beside it, and a message holding a mark is shown whole:
    # a marked element at the end of a long message sat below its box's fold (issue 28.13)
    ".trl-said{font-family:system-ui,sans-serif;font-size:11px;font-style:italic;"
    "color:#57606a}"
    ".trl-view pre.trl-json:has(.trl-mark){max-height:none}"
    ".trl-flag{color:#fff;border-radius:8px;padding:0 6px;margin-left:6px;font-size:11px;"
    "font-family:system-ui,sans-serif}"
    ".trl-added{background:#dafbe1}"
    ".trl-gone{background:#ffebe9}"
    ".trl-cols{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}"
    ".trl-changes{margin:4px 0;padding-left:1.2em;font-size:12px}"
    ".trl-tokens.trl-over{color:#c62828;font-weight:700}"
)

_URL: Final = re.compile(r"https?://[^\s<>\"'()]+")
#: ``Title <https://...>``, as the rule table writes a source (the title: no ``;<>``).
_TITLED: Final = re.compile(r"([^;<>]+?)\s*<(https?://[^\s<>\"']+)>")
_INDEX: Final = re.compile(r"^[A-Za-z_]+\[(\d+)\]")


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _summary(findings: Sequence[Finding]) -> str:
    errors = sum(1 for f in findings if f.severity == "error")
    infos = sum(1 for f in findings if f.severity == "info")
    shown = f"{_plural(errors, 'error')}, {_plural(len(findings) - errors - infos, 'warning')}"
    return f"{shown}, {infos:,} info" if infos else shown


def _severity(severity: str) -> str:
    """A severity as a class name part (only the known ones: it is never from the request)."""
    return severity if severity in SEVERITY_COLOURS else "warning"


def _badge(label: str, severity: str, title: str) -> str:
    return (
        f'<span class="trl-badge trl-sev-{_severity(severity)}" title="{escape(title)}">'
        f"{escape(label)}</span>"
    )


def _link(url: str, text: str) -> str:
    return (
        f'<a href="{escape(url)}" target="_blank" rel="noopener noreferrer"'
        f' title="{escape(url)}">{escape(text)}</a>'
    )


def source_html(source: str) -> str:
    """A rule's source: each ``Title <https://...>`` as a link named by its title, any other
    ``http(s)`` address as a link, the rest (the date checked, a note) as text; everything
    escaped."""
    out: list[str] = []
    end = 0
    for match in _TITLED.finditer(source):
        out.append(_bare_links(source[end : match.start()]))
        title = match.group(1).strip()
        out.append(match.group(0)[: len(match.group(0)) - len(match.group(0).lstrip())])
        out.append(_link(match.group(2), title or match.group(2)))
        end = match.end()
    out.append(_bare_links(source[end:]))
    return "".join(out)


def _bare_links(text: str) -> str:
    out: list[str] = []
    end = 0
    for match in _URL.finditer(text):
        url = match.group(0).rstrip(".,;")
        out.append(escape(text[end : match.start()]))
        out.append(_link(url, url))
        end = match.start() + len(url)
    out.append(escape(text[end:]))
    return "".join(out)


# -- the findings table --------------------------------------------------------------------


def _row(finding: Finding) -> str:
    return (
        f'<tr data-rule="{escape(finding.rule)}">'
        f"<td>{_badge(finding.severity, finding.severity, finding.message)}</td>"
        f'<td class="trl-rule">{escape(finding.rule)}</td>'
        f'<td class="trl-path">{escape(finding.path or "(request)")}</td>'
        f'<td class="trl-message">{escape(finding.message)}</td>'
        f'<td class="trl-source">{source_html(finding.source)}</td></tr>'
    )


def _table(findings: Sequence[Finding]) -> str:
    rows = "".join(_row(f) for f in findings)
    return (
        '<div class="trl-scroll"><table class="trl-findings"><tr><th>severity</th><th>rule</th>'
        f"<th>path</th><th>message</th><th>source</th></tr>{rows}</table></div>"
    )


def findings_html(findings: Findings) -> str:
    """The findings of one ``lint`` call as a table (``Findings._repr_html_``)."""
    if not findings:
        body = '<div class="trl-summary">no findings: nothing a provider would reject</div>'
    else:
        body = f'<div class="trl-summary">{escape(_summary(findings))}</div>' + _table(findings)
    return (
        f'<div class="trl-view trl-lint">{style_html()}<style>{FINDINGS_STYLE}</style>{body}</div>'
    )


# -- payloads ---------------------------------------------------------------------------


def payload_paths(read: ReadRequest) -> frozenset[str]:
    """The paths of the strings that hold a base64 payload (system parts included), as the
    wire's reader finds them (``wires.payload_paths``)."""
    parts = [*read.system, *[part for message in read.messages for part in message.parts]]
    return frozenset(wire_payload_paths(parts))


def _elided(value: Any, path: str, paths: frozenset[str]) -> Any:
    """``value`` (at ``path``) with the payloads at ``paths`` elided, then any other
    ``data:`` URL or ``data`` payload (a malformed element the reader could not read)."""
    return elide_base64(elide_at(value, paths, path))


# -- the request, message by message ---------------------------------------------------------


def _marks(findings: Iterable[Finding | Change]) -> dict[str, tuple[str, str]]:
    """Per path, the HTML around the element: a tint in the worst severity, a flag per rule
    and its message (or the change made) beside it."""
    at: dict[str, list[Finding | Change]] = {}
    for item in findings:
        at.setdefault(item.path, []).append(item)
    marks: dict[str, tuple[str, str]] = {}
    for path, items in at.items():
        kinds = [i.severity if isinstance(i, Finding) else "change" for i in items]
        kind = "error" if "error" in kinds else "warning" if "warning" in kinds else "change"
        title = "\n".join(
            f"{i.severity if isinstance(i, Finding) else 'change'} [{i.rule}]"
            f" {i.message if isinstance(i, Finding) else i.action}"
            for i in items
        )
        flags = "".join(
            f'<span class="trl-flag trl-sev-{k if k == "change" else _severity(k)}">'
            f"◀ {escape(i.rule)}</span>"
            f'<span class="trl-said"> {escape(i.message if isinstance(i, Finding) else i.action)}'
            "</span>"
            for i, k in zip(items, kinds, strict=True)
        )
        marks[path] = (
            f'<span class="trl-mark trl-mark-{kind}" title="{escape(title)}">',
            f"</span>{flags}",
        )
    return marks


def _list_and_key(read: ReadRequest) -> tuple[list[Any], dict[str, Any]]:
    """The request's list of messages (as given) and the rest of its body."""
    raw = read.raw
    if isinstance(raw, list):
        return raw, {}
    if not isinstance(raw, dict):
        return [], {}
    items = raw.get(read.key)
    rest = {key: value for key, value in raw.items() if key != read.key}
    if isinstance(items, list):
        return items, rest
    if items is not None:  # responses: input as one string; or a malformed list
        rest = {read.key: items, **rest}
    return [], rest


def _owner(path: str, key: str) -> int | None:
    """The index of the message a path points into (``None``: the body, or the request)."""
    if not path.startswith(key + "["):
        return None
    found = _INDEX.match(path)
    return int(found.group(1)) if found else None


def _role(raw: Any, read_role: str | None) -> str:
    if isinstance(raw, dict):
        for key in ("role", "type"):
            value = raw.get(key)
            if isinstance(value, str):
                return value
    return read_role or type(raw).__name__


def _message_html(
    path: str,
    role: str,
    value: Any,
    paths: frozenset[str],
    findings: Sequence[Finding | Change],
    extra: str = "",
    cls: str = "",
) -> str:
    badges = "".join(
        _badge(f"{f.severity}: {f.rule}", f.severity, f"{f.path}: {f.message}")
        if isinstance(f, Finding)
        else f'<span class="trl-badge trl-sev-change" title="{escape(f.path)}: '
        f'{escape(f.action)}">change: {escape(f.rule)}</span>'
        for f in findings
    )
    return (
        f'<div class="trl-message{cls}" data-path="{escape(path)}">'
        f'<div class="trl-outcomes"><span class="trl-part">{escape(path)}</span>'
        f'<span class="trl-role">{escape(role)}</span>{extra}{badges}</div>'
        f'<pre class="trl-json">'
        f"{marked_json_html(_elided(value, path, paths), path, _marks(findings))}</pre></div>"
    )


def _messages_html(
    read: ReadRequest,
    findings: Sequence[Finding | Change],
    flag: dict[int, tuple[str, str]] | None = None,
) -> tuple[str, list[Finding | Change]]:
    """The body (other than its list) and each message, with the findings (or changes) that
    point into them; returns the HTML and the findings that point at none of them."""
    items, rest = _list_and_key(read)
    paths = payload_paths(read)
    roles = {message.path: message.role for message in read.messages}
    by_message: dict[int, list[Finding | Change]] = {}
    body: list[Finding | Change] = []
    elsewhere: list[Finding | Change] = []
    for finding in findings:
        index = _owner(finding.path, read.key)
        if index is not None and index < len(items):
            by_message.setdefault(index, []).append(finding)
        elif finding.path and finding.path.split(".")[0].split("[")[0] in rest:
            body.append(finding)
        else:
            elsewhere.append(finding)
    parts = []
    if rest:
        parts.append(_message_html("(body)", "", rest, paths, body))
    for n, raw in enumerate(items):
        path = f"{read.key}[{n}]"
        extra, cls = (flag or {}).get(n, ("", ""))
        parts.append(
            _message_html(
                path, _role(raw, roles.get(path)), raw, paths, by_message.get(n, []), extra, cls
            )
        )
    return "".join(parts), elsewhere


def _tokens_html(read: ReadRequest, limit: int | None, of: str) -> str:
    """The request's estimated input tokens, against ``limit`` (a budget or a model's
    window, named by ``of``) where there is one; the figures in the tooltip."""
    estimate = read_tokens(read)
    said = f"input: {estimate.label()} (estimated)"
    cls = ""
    if limit:
        said += f" of {of} ({estimate.total / limit:.1%})"
        cls = " trl-over" if estimate.total > limit else ""
    how = escape(estimate.describe())
    return f'<div class="trl-size trl-tokens{cls}" title="{how}">{escape(said)}</div>'


def _request_card(
    read: ReadRequest, findings: Sequence[Finding], title: str, tokens: str = ""
) -> str:
    messages, elsewhere = _messages_html(read, findings)
    count = len(_list_and_key(read)[0])
    head = (
        f'<div><span class="trl-wire">{escape(read.wire)}</span>'
        f'<span class="trl-title">{escape(title)}: {_plural(count, "message")} · '
        f"{escape(_summary(findings))}</span></div>"
    )
    loose = [f for f in elsewhere if isinstance(f, Finding)]
    request_level = _table(loose) if loose else ""
    wire = escape(read.wire)
    return f'<div class="trl-card" data-wire="{wire}">{head}{tokens}{request_level}{messages}</div>'


def request_html(
    wire: str,
    request: Any,
    findings: Sequence[Finding] | None = None,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    model: str | None = None,
    max_tokens: int | None = None,
) -> str:
    """``request`` as ``wire`` reads it, message by message, with each of ``findings``
    badged on its message and marked on the element its path points at; findings about
    the request as a whole (``""``) in a table on top, and its estimated input tokens
    against ``max_tokens`` where given, else against the model's input window where the
    catalog knows the model (``model``, else the body's own, else the findings').

    :param findings: what ``lint`` found (default: ``lint(wire, request, profile=profile,
        vision=vision, model=model)``).
    :raises TypeError: ``request`` is neither a dict nor a list.
    :raises ValueError: an unknown wire (or profile).
    """
    if findings is None:
        findings = lint(wire, request, profile=profile, vision=vision, model=model)
    read = read_request(wire, request)
    if max_tokens is not None:
        tokens = _tokens_html(read, max_tokens, f"the budget max_tokens={max_tokens:,}")
    else:
        own = read.raw.get("model") if isinstance(read.raw, dict) else None
        facts = model_facts(read.wire, model if model is not None else own)
        if facts is None and isinstance(findings, Findings):
            facts = findings.model
        window = None if facts is None else facts.input_window
        of = "" if facts is None else f"the {window or 0:,}-token input window of {facts.model}"
        tokens = _tokens_html(read, window, of)
    return (
        f'<div class="trl-view trl-request">{style_html()}<style>{FINDINGS_STYLE}</style>'
        f"{_request_card(read, findings, 'request', tokens)}</div>"
    )


# -- the repair: before and after -----------------------------------------------------------


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


def _flags(mine: list[Any], theirs: list[Any], label: str, cls: str) -> dict[int, tuple[str, str]]:
    """The messages of ``mine`` that ``theirs`` does not hold (as a multiset), flagged."""
    left = Counter(_canonical(item) for item in theirs)
    flags: dict[int, tuple[str, str]] = {}
    for n, item in enumerate(mine):
        key = _canonical(item)
        if left[key]:
            left[key] -= 1
        else:
            flags[n] = (f'<span class="trl-badge trl-sev-change">{escape(label)}</span>', cls)
    return flags


def _items(read: ReadRequest) -> list[Any]:
    return _list_and_key(read)[0]


def repaired_html(repaired: Repaired, wire: str | None = None) -> str:
    """``repair``'s result: the changes, then the request before (each change marked where
    it was made, the messages the repair changed or removed flagged) and after (the
    messages it added or changed highlighted). ``Repaired._repr_html_``.

    The requests are read as ``wire``, by default the wire ``repair`` wrote in
    ``repaired.wire`` (the view needs that wire's paths and payload paths; no wire is
    guessed from the request's shape).

    :raises ValueError: ``repaired.wire`` is None and no ``wire`` is given; an unknown wire.
    """
    wire = wire if wire is not None else repaired.wire
    if wire is None:
        raise ValueError("repaired_html: the Repaired names no wire (made by hand?): pass wire=")
    changes = list(repaired.changes)
    listed = "".join(
        f"<li><code>{escape(c.path or '(request)')}</code> [{escape(c.rule)}] "
        f"{escape(c.action)}</li>"
        for c in changes
    )
    head = f'<div class="trl-summary">{_plural(len(changes), "change")}</div>' + (
        f'<ul class="trl-changes">{listed}</ul>' if listed else ""
    )
    refused = "".join(  # the fixes refused: they would have lost a tool output
        f"<li><code>{escape(c.path or '(request)')}</code> [{escape(c.rule)}] "
        f"{escape(c.action)}</li>"
        for c in repaired.unfixed
    )
    if refused:
        head += (
            f'<div class="trl-summary">{len(repaired.unfixed):,}'
            f" fix{'' if len(repaired.unfixed) == 1 else 'es'} refused</div>"
            f'<ul class="trl-changes">{refused}</ul>'
        )
    after = read_request(wire, repaired.request)
    if repaired.given is None or not changes:
        messages, _ = _messages_html(after, [])
        cols = f'<div class="trl-card"><div class="trl-title">request</div>{messages}</div>'
    else:
        before = read_request(wire, repaired.given)
        gone = _flags(_items(before), _items(after), "changed or removed", " trl-gone")
        added = _flags(_items(after), _items(before), "added or changed", " trl-added")
        old, _ = _messages_html(before, changes, gone)
        new, _ = _messages_html(after, [], added)
        was, now = _tokens_html(before, None, ""), _tokens_html(after, None, "")
        cols = (
            '<div class="trl-cols">'
            f'<div class="trl-card"><div class="trl-title">before</div>{was}{old}</div>'
            f'<div class="trl-card"><div class="trl-title">after</div>{now}{new}</div></div>'
        )
    return (
        f'<div class="trl-view trl-repair">{style_html()}<style>{FINDINGS_STYLE}</style>'
        f"{head}{cols}</div>"
    )
