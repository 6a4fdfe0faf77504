"""The notebook widgets, driven from Python: compare() and matrix_explorer().

Expected outcomes are worked out by hand from SPEC.md (sections 4 and 6), not
computed with explain(), so a change in the core shows up here too.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import pytest

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.facts import FACTS
from toolresult_lab.probes import SAMPLE_IMAGES, SAMPLE_PDF
from toolresult_lab.widgets import compare, matrix_explorer

PNG = SAMPLE_IMAGES["image/png"]
EVIL = "<script>alert(1)</script><img src=x onerror=alert(1)>"


def mixed() -> ToolResult:
    return ToolResult(
        name="snapshot",
        id="call_1",
        content=[
            {"type": "text", "text": "Hello"},
            {"type": "image", "mimeType": "image/png", "data": PNG},
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///r.pdf",
                    "mimeType": "application/pdf",
                    "blob": SAMPLE_PDF,
                },
            },
            {"type": "resource_link", "uri": "file:///notes.txt", "name": "notes"},
        ],
    )


def outcomes(box: widgets.VBox) -> dict[str, list[str]]:
    return {
        wire: re.findall(r'class="trl-badge trl-outcome-([a-z]+)"', card.value)
        for wire, card in box.cards.items()
    }


TEXT_ONLY = ["text", "placeholder", "placeholder", "placeholder"]
DEFAULT = {
    "openai": TEXT_ONLY,
    "anthropic": ["text", "placeholder", "native", "placeholder"],  # native_pdf on by default
    "gemini": TEXT_ONLY,
    "ollama": TEXT_ONLY,
    "responses": TEXT_ONLY,
    "hermes": TEXT_ONLY,
}


def test_widget_tree() -> None:
    box = compare(mixed())
    assert isinstance(box, widgets.VBox) and "trl-compare" in box._dom_classes
    assert list(box.cards) == list(WIRES)
    htmls = [child for child in box.children if isinstance(child, widgets.HTML)]
    assert htmls[0] is box.style_widget and box.style_widget.value.startswith("<style>")
    grid = box.children[-1]
    assert isinstance(grid, widgets.GridBox)
    assert list(grid.children) == list(box.cards.values())
    shown = [
        re.match(r'<div class="trl-card" data-wire="([a-z]+)">', c.value).group(1)
        for c in grid.children
    ]
    assert shown == list(WIRES)
    for wire, card in box.cards.items():
        assert f'<span class="trl-wire">{wire}</span>' in card.value
        assert html.escape(FACTS[wire].title) in card.value
        assert "<style" not in card.value
    descriptions = {c.description for c in box.controls.values()}
    assert descriptions == {
        "image_input",
        "native_pdf",
        "source_blocks",
        "response_tag",
        "profile",
        "model sees images",
    }
    assert box.controls["native_pdf"].options == ("default", "on", "off")
    assert box.controls["response_tag"].placeholder == "tool_response"
    assert box.controls["profile"].options[0] == ("(none)", "")
    assert box.controls["profile"].index == 0  # "(none)" is shown selected, not a blank


def test_default_outcomes() -> None:
    box = compare(mixed())
    assert outcomes(box) == DEFAULT
    assert not any("trl-thumb" in card.value for card in box.cards.values())


def test_image_input_turns_images_native() -> None:
    box = compare(mixed())
    box.controls["image_input"].value = True
    got = outcomes(box)
    for wire in ("anthropic", "responses", "gemini"):
        assert got[wire][1] == "native", wire
        assert '<img class="trl-thumb" src="data:image/png;base64,' in box.cards[wire].value
    for wire in ("openai", "ollama", "hermes"):
        assert got[wire] == TEXT_ONLY
        assert "trl-thumb" not in box.cards[wire].value
    assert got["anthropic"] == ["text", "native", "native", "placeholder"]


def test_native_pdf_off_and_on() -> None:
    box = compare(mixed())
    box.controls["native_pdf"].value = "off"
    assert outcomes(box)["anthropic"] == ["text", "placeholder", "placeholder", "placeholder"]
    assert 'title="native_pdf off"' in box.cards["anthropic"].value
    box.controls["native_pdf"].value = "on"
    got = outcomes(box)
    assert got["responses"][2] == got["gemini"][2] == "native"
    box.controls["source_blocks"].value = "off"
    assert outcomes(box)["anthropic"][2] == "placeholder"


def test_response_tag_control() -> None:
    box = compare(mixed())
    assert "&lt;tool_response&gt;" in box.cards["hermes"].value
    box.controls["response_tag"].value = "fn_response"
    assert "&lt;fn_response&gt;" in box.cards["hermes"].value
    box.controls["response_tag"].value = ""
    assert "&lt;tool_response&gt;" in box.cards["hermes"].value


def test_profile_sets_controls_and_highlights_its_wire() -> None:
    box = compare(mixed())
    c = box.controls
    c["profile"].value = "moonshot"  # images for vision models, no PDF, source blocks off
    assert (c["image_input"].value, c["native_pdf"].value, c["source_blocks"].value) == (
        True,
        "off",
        "off",
    )
    assert "trl-selected" in box.cards["anthropic"]._dom_classes
    assert not any("trl-selected" in box.cards[w]._dom_classes for w in WIRES if w != "anthropic")
    assert outcomes(box)["anthropic"] == ["text", "native", "placeholder", "placeholder"]
    c["vision"].value = False
    assert c["image_input"].value is False
    assert outcomes(box)["anthropic"] == ["text", "placeholder", "placeholder", "placeholder"]
    c["profile"].value = "gemini-3"
    assert "trl-selected" in box.cards["gemini"]._dom_classes
    assert "trl-selected" not in box.cards["anthropic"]._dom_classes
    c["vision"].value = True
    assert (c["image_input"].value, c["native_pdf"].value, c["source_blocks"].value) == (
        True,
        "on",
        "default",
    )
    assert outcomes(box)["gemini"] == ["text", "native", "native", "placeholder"]
    c["profile"].value = None
    assert not any("trl-selected" in card._dom_classes for card in box.cards.values())


def test_initial_options_and_wires() -> None:
    box = compare(
        mixed(),
        wires=["gemini", "anthropic", "gemini"],
        image_input=True,
        native_pdf=False,
        response_tag="x",
    )
    assert list(box.cards) == ["gemini", "anthropic"]
    assert box.controls["image_input"].value is True
    assert box.controls["native_pdf"].value == "off"
    assert box.controls["response_tag"].value == "x"
    assert outcomes(box)["anthropic"] == ["text", "native", "placeholder", "placeholder"]


def test_validation() -> None:
    with pytest.raises(ValueError, match=r"'nope'.*openai, anthropic, gemini"):
        compare(mixed(), wires=["openai", "nope"])
    with pytest.raises(TypeError, match="response_tag"):
        compare(mixed(), response_tag=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        compare(mixed(), bogus=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="ToolResult"):
        compare({"content": []})  # type: ignore[arg-type]


def test_escaping_in_every_card() -> None:
    r = ToolResult(
        name=EVIL,
        id=EVIL,
        content=[
            {"type": "text", "text": EVIL},
            {"type": "image", "mimeType": EVIL, "data": PNG, "uri": EVIL},
            {"type": "resource", "resource": {"uri": EVIL, "mimeType": EVIL, "text": EVIL}},
            {"type": "resource_link", "uri": EVIL, "name": EVIL},
        ],
        structured_content={EVIL: EVIL},
    )
    box = compare(r)
    for state in ({}, {"image_input": True, "native_pdf": "on", "source_blocks": "off"}):
        for name, value in state.items():
            box.controls[name].value = value
        for wire, card in box.cards.items():
            raw = card.value.lower()
            assert "<script" not in raw and "<img src=x" not in raw, wire
            assert "&lt;script&gt;alert(1)" in card.value  # shown as text (hermes: <\\/)


def test_matrix_explorer_filters() -> None:
    explorer = matrix_explorer()
    c = explorer.controls
    assert len(explorer.filtered()) == len(explorer.df)
    assert "trl-matrix-explorer" in explorer._dom_classes
    assert "<table" in explorer.table.value
    c["wire"].value = ("anthropic",)
    c["kind"].value = ("pdf_resource",)
    c["image_input"].value = "off"
    c["native_pdf"].value = "off"
    c["source_blocks"].value = "default"
    rows = explorer.filtered()
    assert len(rows) == 1 and rows["outcome"].astype(str).tolist() == ["placeholder"]
    assert "1 rows" in explorer.count.value and "placeholder" in explorer.table.value


def test_matrix_explorer_profile() -> None:
    explorer = matrix_explorer()
    c = explorer.controls
    c["profile"].value = "perplexity"  # responses; images for vision models, PDFs never
    assert c["wire"].value == ("responses",)
    assert (c["image_input"].value, c["native_pdf"].value, c["source_blocks"].value) == (
        "on",
        "off",
        "default",
    )
    rows = explorer.filtered().set_index("kind")["outcome"].astype(str)
    assert rows["image_png"] == "native" and rows["pdf_resource"] == "placeholder"
    c["vision"].value = False
    assert c["image_input"].value == "off"
    assert explorer.filtered().set_index("kind")["outcome"].astype(str)["image_png"] == (
        "placeholder"
    )
