"""Properties of token budgets (issue 27) over random results, budgets and wires: the
estimate is at most the budget, JSON text that parsed still parses, no base64 payload is
ever cut, every cut is reported, and without a budget nothing changes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from helpers import jpeg_base64
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets.costs import estimate_tokens

SETTINGS = settings(
    derandomize=True,
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
IMAGE = jpeg_base64(40, 30)
PDF_DATA = "JVBERi0xLjQKJcfs" + "A" * 400  # canonical base64, a PDF's header
MINIMUM = re.compile(r"max_tokens=([\d,]+) is below the minimum of ([\d,]+) tokens")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=60),
    lambda inner: (
        st.lists(inner, max_size=30) | st.dictionaries(st.text(max_size=8), inner, max_size=12)
    ),
    max_leaves=200,
)
texts = st.one_of(
    st.text(max_size=3000),
    json_values.map(json.dumps),
    st.lists(json_values, min_size=5, max_size=80).map(lambda v: json.dumps(v, indent=1)),
)
entries = st.one_of(
    texts.map(lambda t: {"type": "text", "text": t}),
    texts.map(lambda t: {"type": "resource", "resource": {"uri": "file:///a.txt", "text": t}}),
    st.just({"type": "image", "mimeType": "image/jpeg", "data": IMAGE}),
    st.just(
        {
            "type": "resource",
            "resource": {"uri": "file:///a.pdf", "mimeType": "application/pdf", "blob": PDF_DATA},
        }
    ),
    st.just({"type": "resource_link", "uri": "file:///x", "name": "x"}),
)
results = st.builds(
    ToolResult,
    id=st.sampled_from(["", "call_1"]),
    name=st.sampled_from(["", "search"]),
    content=st.lists(entries, max_size=4),
    is_error=st.booleans(),
    structured_content=st.none() | st.dictionaries(st.text(max_size=6), json_values, max_size=6),
)
options = st.fixed_dictionaries(
    {"image_input": st.sampled_from([None, True]), "native_pdf": st.sampled_from([None, True])}
)


def _payloads(result: ToolResult, wire: str, opts: dict[str, Any]) -> set[str]:
    return {c.data for r in result.explain(wire, **opts) for c in r.carried if c.data}


@SETTINGS
@given(
    result=results,
    wire=st.sampled_from(WIRES),
    opts=options,
    share=st.floats(0.0, 1.2),
    keep=st.sampled_from(["text", "media"]),
)
def test_a_budget_is_met_or_refused_with_the_minimum(result, wire, opts, share, keep):
    full = estimate_tokens(result, wire, **opts).total
    budget = int(full * share)
    try:
        explained = result.explain(wire, max_tokens=budget, keep=keep, **opts)
    except ValueError as error:
        found = MINIMUM.search(str(error))
        assert found is not None, str(error)
        assert int(found.group(2).replace(",", "")) > budget
        return
    assert estimate_tokens(result, wire, max_tokens=budget, keep=keep, **opts).total <= budget
    assert result.to(wire, max_tokens=budget, keep=keep, **opts) == explained.block
    whole = result.explain(wire, **opts)
    if full <= budget:
        assert explained == whole and explained.block == whole.block
    originals = _payloads(result, wire, opts)
    for before, after in zip(whole, explained, strict=True):
        # no base64 payload is ever cut: what goes natively is an original payload, whole
        for carried in after.carried:
            assert carried.data in originals
        # every cut is reported
        if after.texts != before.texts or after.carried != before.carried:
            assert after.outcome in ("truncated", "placeholder"), (before, after)
            assert f"max_tokens={budget:,}" in after.reason
        # JSON text that parsed still parses
        entry = result.content[before.index]
        text = entry.get("text") if entry.get("type") == "text" else None
        if after.outcome == "truncated" and isinstance(text, str):
            try:
                json.loads(text)
            except ValueError:
                continue
            if text.lstrip()[:1] in ("[", "{"):
                (cut,) = after.texts
                json.loads(cut)
    for payload in originals:  # a payload never leaks into the text, whole or in part
        assert payload[:40] not in json.dumps(explained.block) or payload in {
            c.data for r in explained for c in r.carried
        }


@SETTINGS
@given(result=results, wire=st.sampled_from(WIRES), opts=options)
def test_without_a_budget_nothing_changes(result, wire, opts):
    assert result.to(wire, max_tokens=None, **opts) == result.to(wire, **opts)
    assert result.explain(wire, max_tokens=None, **opts) == result.explain(wire, **opts)


@pytest.mark.parametrize("wire", WIRES)
def test_a_structured_cut_keeps_its_type(wire):
    result = ToolResult(structured_content={"rows": list(range(500)), "more": "x" * 4000})
    explained = result.explain(wire, max_tokens=80)
    assert estimate_tokens(result, wire, max_tokens=80).total <= 80
    assert explained.notes[-1].outcome == "truncated"
