"""compare() on a tool turn, and the static turn view (render_turn): every message of each
wire's turn, labelled, badged, escaped and without payloads; driven by the same controls."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest
from turn_fixtures import JPEG, PNG, THOUGHT_SIGNATURE

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn
from toolresult_lab.views.render_turn import turn_card_html, turn_html
from toolresult_lab.views.widgets import compare

EVIL = "<script>alert(1)</script>"
CALLS = [
    ToolCall(id="call_w", name="get_weather", arguments={"city": EVIL}),
    ToolCall(id="call_s", name="snapshot"),
]
RESULTS = [
    ToolResult(content=[{"type": "text", "text": "Sunny " + EVIL}]),
    ToolResult(
        content=[
            {"type": "text", "text": "Radar:"},
            {"type": "image", "mimeType": "image/png", "data": PNG},
            {"type": "image", "mimeType": "image/jpeg", "data": JPEG},
        ]
    ),
]


def parts(card: str) -> list[str]:
    return re.findall(r'<div class="trl-message" data-part="([a-z]+)">', card)


def badges(card: str) -> list[str]:
    return [html.unescape(b) for b in re.findall(r'class="trl-badge [^"]*"[^>]*>([^<]*)<', card)]


def test_compare_accepts_a_turn() -> None:
    box = compare((CALLS, RESULTS))
    assert list(box.cards) == list(WIRES)
    assert {"echo", "hoist_images"} <= set(box.controls)
    assert box.controls["hoist_images"].disabled  # image_input is off
    assert isinstance(box.children[-2], widgets.HBox)
    assert [c.description for c in box.children[-2].children] == ["echo", "hoist_images"]
    cards = {wire: card.value for wire, card in box.cards.items()}
    assert parts(cards["openai"]) == ["echo", "result", "result"]
    assert parts(cards["anthropic"]) == ["echo", "results"]
    assert parts(cards["gemini"]) == ["echo", "results"]
    assert parts(cards["responses"]) == ["echo", "echo", "result", "result"]
    for wire, card in cards.items():
        assert f'data-wire="{wire}"' in card
        assert "<script" not in card and "&lt;script&gt;alert(1)" in card
        assert PNG not in card and JPEG not in card
    assert badges(cards["openai"]) == [
        "call_w #0 text: text",
        "call_s #0 text: text",
        "call_s #1 image: placeholder",
        "call_s #2 image: placeholder",
    ]
    assert ".trl-outcome-hoisted" in box.style_widget.value


def test_hoisting_is_badged_and_driven_by_the_controls() -> None:
    box = compare((CALLS, RESULTS), image_input=True, hoist_images=True)
    assert not box.controls["hoist_images"].disabled
    openai = box.cards["openai"].value
    assert parts(openai) == ["echo", "result", "result", "hoisted"]
    assert badges(openai)[-3:] == [
        "call_s #2 image: placeholder",
        "call_s #2: hoisted",
        "hoisted: call_s #1, call_s #2",
    ]
    assert "call_s #1: hoisted" in badges(openai)
    assert parts(box.cards["ollama"].value)[-1] == "hoisted"
    assert "hoisted" not in parts(box.cards["anthropic"].value)
    assert badges(box.cards["anthropic"].value)[2:] == [
        "call_s #1 image: native",
        "call_s #2 image: native",
    ]
    box.controls["hoist_images"].value = False
    assert parts(box.cards["openai"].value) == ["echo", "result", "result"]
    box.controls["hoist_images"].value = True
    box.controls["image_input"].value = False  # hoisting needs it: off, and disabled
    assert box.controls["hoist_images"].disabled
    assert parts(box.cards["openai"].value) == ["echo", "result", "result"]
    box.controls["echo"].value = False
    assert parts(box.cards["responses"].value) == ["result", "result"]


def test_a_turn_a_wire_cannot_build_shows_the_error() -> None:
    calls = [ToolCall(name="get_weather")]  # no id: openai, anthropic and responses refuse
    box = compare((calls, [RESULTS[0]]))
    assert 'class="trl-error"' in box.cards["openai"].value
    assert "openai pairs results with calls by id, but calls[0]" in html.unescape(
        box.cards["openai"].value
    )
    assert parts(box.cards["ollama"].value) == ["echo", "result"]
    assert badges(box.cards["ollama"].value) == ["get_weather (calls[0]) #0 text: text"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([CALLS, RESULTS], "compare\\(\\) expects a ToolResult or a turn"),
        ((CALLS,), "compare\\(\\) expects a ToolResult or a turn"),
        (([RESULTS[0]], RESULTS), r"compare: calls\[0\] must be a ToolCall, not ToolResult"),
        ((CALLS, [CALLS[0]]), r"compare: results\[0\] must be a ToolResult, not ToolCall"),
    ],
)
def test_bad_turns(value: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        compare(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="compare: echo must be a bool"):
        compare((CALLS, RESULTS), echo=1)  # type: ignore[arg-type]


def test_static_turn_view() -> None:
    page = turn_html(CALLS, RESULTS, image_input=True, hoist_images=True)
    assert page.count('class="trl-card"') == len(WIRES)
    assert PNG not in page and JPEG not in page and "<script" not in page
    assert page.count("data:image/png;base64,&lt;83 bytes base64&gt;") == 2  # openai, responses
    assert page.count("&lt;83 bytes base64&gt;") == 6  # + anthropic, gemini, ollama, bedrock
    signed = ToolCall(id="c", name="f", extra={"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}})
    gemini = turn_card_html([signed], [ToolResult()], "gemini")
    assert THOUGHT_SIGNATURE not in gemini and "&lt;20 bytes base64&gt;" in gemini
    card = turn_card_html(CALLS, RESULTS, "openai", image_input=True)
    messages = tool_turn("openai", CALLS, RESULTS, image_input=True)
    assert f"{len(messages)} message(s)" in card
    assert card.startswith('<div class="trl-card" data-wire="openai">')


def test_the_turn_card_prices_a_photo_as_the_result_card_does():
    """A native 1024x768 photo on anthropic: the turn card's token figure is its result's
    estimate plus the echo (within 10% of the result card's), not bytes/4 of the base64."""
    from helpers import jpeg_base64

    from toolresult_lab.views.render import card_html

    photo = jpeg_base64(1024, 768)
    result = ToolResult(
        id="call_p", content=[{"type": "image", "mimeType": "image/jpeg", "data": photo}]
    )
    call = ToolCall(id="call_p", name="snapshot")

    def tokens(card: str) -> int:
        return int(re.search(r"~([\d,]+) tokens", card).group(1).replace(",", ""))

    single = tokens(card_html(result, "anthropic", image_input=True))
    turn = tokens(turn_card_html([call], [result], "anthropic", image_input=True))
    assert 1000 < single <= turn <= single * 1.1
