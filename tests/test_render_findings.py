"""render_findings.py: the findings table, the request view and the repair's before/after."""

from __future__ import annotations

import base64
import re
from html import unescape

import pytest

from toolresult_lab import Change, Finding, Findings, Repaired, lint, request_html
from toolresult_lab.views.render_findings import (
    findings_html,
    payload_paths,
    repaired_html,
    source_html,
)
from toolresult_lab.wires import read_request

EVIL = '<script>alert(1)</script><img src=x onerror=alert(1)>" onmouseover="alert(2)'
#: A payload the views must never show (distinctive, so a search for it means a leak).
PAYLOAD = base64.b64encode(bytes(range(256)) * 3).decode()
SOURCE = "https://docs.anthropic.com/en/docs/build-with-claude/tool-use (checked 2026-12-01)"


def _finding(rule: str, path: str, severity: str = "error", message: str = "m") -> Finding:
    return Finding(rule, severity, path, message, SOURCE)  # type: ignore[arg-type]


def _no_markup_from(html: str) -> None:
    assert "<script" not in html
    assert "<img src=x" not in html
    assert '" onmouseover="' not in html
    assert PAYLOAD not in html


def _message(html: str, path: str) -> str:
    """The HTML of the message (``data-path``) at ``path``."""
    start = html.index(f'<div class="trl-message" data-path="{path}">')
    end = html.find('<div class="trl-message', start + 1)
    return html[start : end if end != -1 else len(html)]


# -- the findings table -----------------------------------------------------------------


def test_findings_table_one_row_per_finding_in_order() -> None:
    findings = Findings(
        [
            _finding("call-without-result", "messages[1].content[0]", message="toolu_1 <b>"),
            _finding("final-assistant", "", "warning", "ends with an assistant message"),
        ]
    )
    html = findings_html(findings)
    assert findings._repr_html_() == html  # registered by the package
    rows = re.findall(r'<tr data-rule="([^"]+)">', html)
    assert rows == ["call-without-result", "final-assistant"]
    assert '<div class="trl-summary">1 error, 1 warning</div>' in html
    assert '<span class="trl-badge trl-sev-error" title="toolu_1 &lt;b&gt;">error</span>' in html
    assert '<span class="trl-badge trl-sev-warning"' in html
    assert '<td class="trl-path">messages[1].content[0]</td>' in html
    assert '<td class="trl-path">(request)</td>' in html
    link = "https://docs.anthropic.com/en/docs/build-with-claude/tool-use"
    assert _a(link, link) in html
    assert html.count("(checked 2026-12-01)") == 2


def test_no_findings_says_so() -> None:
    html = Findings()._repr_html_()
    assert html is not None
    assert "no findings" in html
    assert "<table" not in html


def test_the_table_escapes_everything() -> None:
    finding = Finding(EVIL, "error", EVIL, EVIL, EVIL)
    html = findings_html(Findings([finding]))
    _no_markup_from(html)
    assert unescape(html).count(EVIL) >= 4


def _a(url: str, text: str) -> str:
    return f'<a href="{url}" target="_blank" rel="noopener noreferrer" title="{url}">{text}</a>'


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "Handle tool calls - Claude Docs <https://platform.claude.com/docs/x>;"
            " a/b#5 <https://github.com/a/b/issues/5> (user report) (checked 2026-12-01)",
            _a("https://platform.claude.com/docs/x", "Handle tool calls - Claude Docs")
            + "; "
            + _a("https://github.com/a/b/issues/5", "a/b#5")
            + " (user report) (checked 2026-12-01)",
        ),
        (
            "https://a.example/x?y=1&z=2 (checked 2026-12-01).",
            _a("https://a.example/x?y=1&amp;z=2", "https://a.example/x?y=1&amp;z=2")
            + " (checked 2026-12-01).",
        ),
        ("user reports: github.com/a/b#1", "user reports: github.com/a/b#1"),
        ("javascript:alert(1) <javascript:x>", "javascript:alert(1) &lt;javascript:x&gt;"),
        (
            'https://x.example/"onclick=',
            _a("https://x.example/", "https://x.example/") + "&quot;onclick=",
        ),
        (
            "<b>T</b> <https://x.example/>",
            "&lt;b&gt;T&lt;/b&gt; " + _a("https://x.example/", "https://x.example/"),
        ),
    ],
)
def test_source_links_only_http_addresses(source: str, expected: str) -> None:
    assert source_html(source) == expected


# -- the request view ---------------------------------------------------------------------

ANTHROPIC = {
    "model": "claude",
    "system": [{"type": "text", "text": "be brief", "cache_control": {"type": "ephemeral"}}],
    "messages": [
        {"role": "user", "content": EVIL},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "shot", "input": {}},
                {"type": "tool_use", "id": "toolu_2", "name": "shot", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "here"},
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_1",
                    "content": [
                        {
                            "type": "image",
                            "source": {
                                "type": "base64",
                                "media_type": "image/png",
                                "data": PAYLOAD,
                            },
                        }
                    ],
                },
            ],
        },
    ],
}


def test_request_view_marks_each_finding_where_its_path_points() -> None:
    findings = Findings(
        [
            _finding("call-without-result", "messages[1].content[1]", message="toolu_2"),
            _finding("results-after-other-content", "messages[2].content[1]"),
            _finding("too-many-cache-breakpoints", "system[0]", "error", "five"),
            _finding("request-too-large", "", "error", "33 MB"),
        ]
    )
    html = request_html("anthropic", ANTHROPIC, findings)
    _no_markup_from(html)
    assert (
        '<span class="trl-k">&quot;data&quot;</span>: <span class="trl-s">'
        "&quot;&lt;768 bytes base64&gt;&quot;</span>" in html
    )
    # every message, in order, with its role
    paths = re.findall(r'<div class="trl-message" data-path="([^"]+)">', html)
    assert paths == ["(body)", "messages[0]", "messages[1]", "messages[2]"]
    assert "3 messages · 4 errors, 0 warnings" in html
    # the call without a result: badged on its message, marked on the second tool_use only
    second = _message(html, "messages[1]")
    assert "error: call-without-result" in second
    mark = '<span class="trl-mark trl-mark-error" title="error [call-without-result] toolu_2">'
    assert second.count("trl-mark-error") == 1
    marked = second[second.index(mark) :]
    assert marked.index("toolu_2") < marked.index('</span><span class="trl-flag')
    assert "toolu_1" not in marked
    assert (
        '<span class="trl-flag trl-sev-error">◀ call-without-result</span>'
        '<span class="trl-said"> toolu_2</span>' in second  # the message, at the mark
    )
    # the misplaced result: on messages[2]; the system breakpoint: on the body
    assert "results-after-other-content" in _message(html, "messages[2]")
    assert "too-many-cache-breakpoints" in _message(html, "(body)")
    assert "too-many-cache-breakpoints" not in _message(html, "messages[2]")
    # the request-level finding: in the table on top, before the messages
    assert html.index('data-rule="request-too-large"') < html.index('data-path="(body)"')
    assert 'data-rule="call-without-result"' not in html  # not repeated in the table


def test_a_bare_list_and_a_malformed_message_are_shown() -> None:
    request = [{"role": "user", "content": "hi"}, 5, {"role": EVIL, "content": "x"}]
    findings = Findings([_finding("shape", "messages[1]", message="expected an object")])
    html = request_html("openai", request, findings)
    _no_markup_from(html)
    paths = re.findall(r'<div class="trl-message" data-path="([^"]+)">', html)
    assert paths == ["messages[0]", "messages[1]", "messages[2]"]
    assert "(body)" not in html
    shown = _message(html, "messages[1]")
    assert '<span class="trl-role">int</span>' in shown
    assert (
        '<span class="trl-mark trl-mark-error" title="error [shape] expected an object">' in shown
    )


# Each wire's payloads, where its reader says they are (data_path) or under a payload key.
PAYLOADS = [
    (
        "openai",
        [
            {
                "role": "tool",
                "tool_call_id": "c",
                "content": [
                    {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PAYLOAD}"}}
                ],
            }
        ],
        "messages[0].content[0].image_url.url",
    ),
    (
        "gemini",
        [{"role": "user", "parts": [{"inline_data": {"mime_type": "image/png", "data": PAYLOAD}}]}],
        "contents[0].parts[0].inline_data.data",
    ),
    (
        "gemini",
        {
            "contents": [
                {
                    "role": "model",
                    "parts": [
                        {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": PAYLOAD}
                    ],
                }
            ]
        },
        None,
    ),
    (
        "ollama",
        {"messages": [{"role": "tool", "content": "x", "images": [PAYLOAD]}]},
        "messages[0].images[0]",
    ),
    (
        "responses",
        [
            {
                "type": "function_call_output",
                "call_id": "c",
                "output": [
                    {"type": "input_image", "image_url": f"data:image/png;base64,{PAYLOAD}"}
                ],
            }
        ],
        "input[0].output[0].image_url",
    ),
]


@pytest.mark.parametrize(("wire", "request_", "data_path"), PAYLOADS)
def test_payloads_are_elided_on_every_wire(
    wire: str, request_: object, data_path: str | None
) -> None:
    if data_path is not None:
        assert data_path in payload_paths(read_request(wire, request_))
    html = request_html(wire, request_, Findings())
    _no_markup_from(html)
    assert "&lt;768 bytes base64&gt;" in html


def test_a_payload_the_reader_cannot_read_is_elided_too() -> None:
    # a malformed message: no reader path, but a ``data`` payload or a data: URL anywhere
    request = [
        {"role": "user", "content": 5, "data": PAYLOAD},
        {"role": "user", "content": [{"type": "weird", "x": f"data:image/png;base64,{PAYLOAD}"}]},
    ]
    html = request_html("openai", request, Findings())
    assert PAYLOAD not in html
    assert html.count("&lt;768 bytes base64&gt;") == 2


def test_request_view_lints_when_not_given_findings() -> None:
    request = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}],
        },
    ]
    html = request_html("anthropic", request)
    assert html == request_html("anthropic", request, lint("anthropic", request))
    assert "error: call-without-result" in _message(html, "messages[1]")
    assert "warning: final-assistant" in _message(html, "messages[1]")


def test_request_view_refuses_what_lint_refuses() -> None:
    with pytest.raises(TypeError):
        request_html("openai", "hi", Findings())
    with pytest.raises(ValueError, match="wire"):
        request_html("nope", [], Findings())


# -- the repair's before and after -----------------------------------------------------------


def test_before_and_after_flag_what_changed() -> None:
    given = {
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
            },
        ]
    }
    added = {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "t1",
                "is_error": True,
                "content": [{"type": "text", "text": "No result was recorded for this call."}],
            }
        ],
    }
    repaired = Repaired(
        {"messages": [*given["messages"], added]},
        (Change("call-without-result", "messages[1].content[0]", "added an error result for t1"),),
        given,
        "anthropic",
    )
    html = repaired._repr_html_()
    assert html == repaired_html(repaired)
    _no_markup_from(html)
    assert '<div class="trl-summary">1 change</div>' in html
    assert (
        "<li><code>messages[1].content[0]</code> [call-without-result] added an error result"
        in html
    )
    before, after = html.split('<div class="trl-title">after</div>')
    assert (
        '<span class="trl-mark trl-mark-change" title="change [call-without-result] added' in before
    )
    assert "change: call-without-result" in _message(before, "messages[1]")
    assert "trl-message trl-gone" not in before  # nothing was removed or changed in place
    assert re.findall(r'<div class="trl-message trl-added" data-path="([^"]+)">', after) == [
        "messages[2]"
    ]
    assert after.count("added or changed") == 1


def test_a_removed_message_is_flagged_before() -> None:
    given = [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "x", "content": "late"},
    ]
    repaired = Repaired(
        given[:1],
        (Change("result-without-call", "messages[1]", "dropped the result for x"),),
        given,
        "openai",
    )
    html = repaired_html(repaired)
    before, after = html.split('<div class="trl-title">after</div>')
    assert re.findall(r'<div class="trl-message trl-gone" data-path="([^"]+)">', before) == [
        "messages[1]"
    ]
    assert "trl-message trl-added" not in after


def test_no_changes_shows_the_request_once() -> None:
    request = {"contents": [{"role": "user", "parts": [{"text": EVIL}]}]}
    html = repaired_html(Repaired(request, (), request, "gemini"))
    _no_markup_from(html)
    assert '<div class="trl-summary">0 changes</div>' in html
    assert "before" not in html
    assert re.findall(r'data-path="([^"]+)"', html) == ["contents[0]"]


def test_a_repaired_without_its_wire_is_read_as_the_wire_given_and_no_wire_is_guessed() -> None:
    """Issue 35: the view read a ``Repaired`` without a wire as openai (or as the wire its
    list's key suggested); the wire is now the ``Repaired``'s or the caller's."""
    request = {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}
    made = Repaired(request, (), request)
    with pytest.raises(ValueError, match=r"names no wire \(made by hand\?\): pass wire="):
        repaired_html(made)
    assert made._repr_html_() is None
    assert repaired_html(made, wire="gemini") == repaired_html(
        Repaired(request, (), request, "gemini")
    )
    assert re.findall(r'data-path="([^"]+)"', repaired_html(made, wire="gemini")) == ["contents[0]"]


def test_a_repaired_bedrock_request_is_read_as_bedrock_its_payload_elided() -> None:
    """Issue 25.6: the view read a repaired Bedrock request as openai and showed its
    image's base64 whole."""
    from toolresult_lab import repair
    from toolresult_lab.views.probes import SAMPLE_IMAGES

    png = SAMPLE_IMAGES["image/png"]
    request = [
        {"role": "user", "content": [{"text": "hi"}, {"text": ""}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}],
        },
        {
            "role": "user",
            "content": [
                {
                    "toolResult": {
                        "toolUseId": "c1",
                        "content": [{"image": {"format": "png", "source": {"bytes": png}}}],
                    }
                }
            ],
        },
    ]
    fixed = repair("bedrock", request)
    assert fixed.wire == "bedrock"
    html = fixed._repr_html_()
    assert html is not None and png[:24] not in html
    assert "&lt;83 bytes base64&gt;" in html or "<83 bytes base64>" in html
