"""The fit measures a long text instead of building the block around it, where the wire
says what a text takes in its block (``text_chars``: hermes). The figures must be the
estimate of the block built whole, exactly."""

from __future__ import annotations

import re

import pytest
from helpers import jpeg_base64
from hypothesis import given, settings
from hypothesis import strategies as st

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets.costs import (
    StandIns,
    estimate_explained,
    estimate_standing_in,
    estimate_tokens,
)
from toolresult_lab.wires import wire_module

MEASURING = [wire for wire in WIRES if wire_module(wire).text_chars is not None]
BEFORE = re.compile(r"≈ ([\d,]+) tokens before")
IMAGE = jpeg_base64(40, 30)
#: What a text is made of here: escapes, ``</`` pairs (whole and split), non-ASCII.
PIECES = ["ab", '"', "\\", "\n", "\x00", "\x7f", "</", "<", "/", ">", "é", "😀", "\u2028"]


def test_hermes_measures_its_texts():
    assert MEASURING == ["hermes"]


@pytest.mark.parametrize("wire", MEASURING)
@settings(derandomize=True, max_examples=150, deadline=None, database=None)
@given(
    texts=st.lists(
        st.lists(st.sampled_from(PIECES), max_size=30).map("".join), min_size=1, max_size=4
    ),
    swapped=st.lists(st.booleans(), min_size=4, max_size=4),
    name=st.sampled_from(["", "search", "a</b"]),
    image=st.booleans(),
)
def test_a_measured_estimate_is_the_built_one(wire, texts, swapped, name, image):
    """Every text, with or without escapes, ``</`` pairs and non-ASCII, standing in or not:
    the estimate made from stand-ins equals the estimate of the real block, figure by figure
    (an estimate rounds to 4 characters: the texts repeat 4 times, so one character off
    shows)."""
    content = [{"type": "text", "text": t * 4} for t in texts]
    if image:
        content.insert(1, {"type": "image", "mimeType": "image/jpeg", "data": IMAGE})
    result = ToolResult(id="c", name=name, content=content)
    stand_ins: dict[int, tuple[str, str]] = {}
    shadow = list(content)
    for index, entry in enumerate(content):
        if entry["type"] == "text" and swapped[index % 4]:
            stand_ins[index] = (f"text {index} stands in", entry["text"])
            shadow[index] = {"type": "text", "text": f"text {index} stands in"}
    explained = ToolResult(id="c", name=name, content=shadow).explain(wire)
    chars = wire_module(wire).text_chars
    assert chars is not None
    measured = estimate_standing_in(explained, StandIns(stand_ins, chars))
    assert measured == estimate_explained(result.explain(wire))


def test_a_stand_in_not_found_whole_is_refused():
    """A record whose text is not its stand-in, whole, gives no estimate (the fit builds)."""
    explained = ToolResult(content=[{"type": "text", "text": "other"}]).explain("hermes")
    chars = wire_module("hermes").text_chars
    assert chars is not None
    assert estimate_standing_in(explained, StandIns({0: ("stand-in", "x")}, chars)) is None


LONG = [
    '[{"title": "a</b>", "q": "\\"x\\""}, ' * 3000 + "0]",  # JSON with </ pairs and escapes
    "plain é</p>\x00\x7f\n" * 6000,  # plain text, not ASCII, controls and DEL
    "x" * 70_000,
]


@pytest.mark.parametrize("text", LONG)
def test_the_fit_of_a_long_text_says_the_built_estimate(text):
    """Through ``to(max_tokens=)``: the "tokens before" the reason states is the estimate of
    the whole block, and the block fits; a budget of that estimate leaves it whole."""
    result = ToolResult(
        id="c",
        name="search",
        content=[
            {"type": "text", "text": "head"},
            {"type": "text", "text": text},
            {"type": "resource", "resource": {"uri": "file:///a.txt", "text": text}},
        ],
    )
    whole = estimate_tokens(result, "hermes").total
    explained = result.explain("hermes", max_tokens=2000)
    (stated,) = {m.group(1) for r in explained for m in [BEFORE.search(r.reason)] if m}
    assert int(stated.replace(",", "")) == whole
    assert estimate_tokens(result, "hermes", max_tokens=2000).total <= 2000
    assert result.to("hermes", max_tokens=whole) == result.to("hermes")
