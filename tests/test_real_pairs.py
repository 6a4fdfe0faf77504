"""Real conversations as the net of ``lint(previous=)`` (issue 38).

In the shared corpus (``../shared/real-requests/``), consecutive records of one cassette
(the same ``source.path``, increasing ``source.interaction``) are mostly one conversation's
successive requests. On every such pair an official endpoint accepted (both requests),
``lint(b, previous=a)`` gives no error, and the pairs split into append-only ones and ones
whose first change is counted by kind (most of those are a new conversation recorded in the
same cassette: the first user message differs). Skipped where the corpus is absent.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from real_requests import profile_of, records

from toolresult_lab import diff_requests, lint


def _pairs() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    found = []
    for a, b in pairwise(records()):
        if (
            a["source"]["path"] == b["source"]["path"]
            and a["source"]["interaction"] < b["source"]["interaction"]
            and a["wire"] == b["wire"]
            and all(r["official"] and r["verdict"] == "accepted" for r in (a, b))
        ):
            found.append((a, b))
    return found


#: Per wire: (pairs, append-only pairs), and the first changes of the rest by kind.
EXPECTED = {
    "anthropic": (92, 79),
    "bedrock": (39, 35),
    "gemini": (148, 135),
    "openai": (52, 44),
    "responses": (83, 77),
}
KINDS = {
    ("anthropic", "tools"): 6,
    ("anthropic", "text-changed"): 6,
    ("anthropic", "thinking-removed"): 1,
    ("bedrock", "tools"): 2,
    ("bedrock", "call-id"): 2,
    ("gemini", "tools"): 7,
    ("gemini", "text-changed"): 6,
    ("openai", "tools"): 7,
    ("openai", "text-changed"): 1,
    ("responses", "tools"): 2,
    ("responses", "block-inserted"): 2,
    ("responses", "changed"): 2,
}


def test_no_accepted_pair_draws_a_prefix_error_and_the_counts_hold() -> None:
    pairs = _pairs()
    counts: Counter[str] = Counter()
    appended: Counter[str] = Counter()
    kinds: Counter[tuple[str, str]] = Counter()
    errors = []
    for a, b in pairs:
        wire = b["wire"]
        counts[wire] += 1
        found = diff_requests(wire, a["request"], b["request"])
        if found.append_only:
            appended[wire] += 1
        else:
            assert found.change is not None
            kinds[wire, found.change.kind] += 1
        linted = lint(
            wire, b["request"], previous=a["request"], profile=profile_of(b), model=b["model"]
        )
        errors += [f"{b['id']}: {f}" for f in linted.errors if f.rule == "prefix-changed"]
    print(f"\n{len(pairs)} accepted pairs, {sum(appended.values())} append-only")
    assert errors == []
    assert {wire: (counts[wire], appended[wire]) for wire in counts} == EXPECTED
    assert dict(kinds) == KINDS
    assert (len(pairs), sum(appended.values())) == (414, 370)


def test_the_one_thinking_block_left_out_is_found() -> None:
    """pydantic-ai's AG-UI 0.1.10 adapter drops a thinking block from the history (the
    cassette's own name says so). No signed block follows it in the later request, so even
    on a binding model it is the cache's warning, not the 400."""
    [(a, b)] = [
        (a, b)
        for a, b in _pairs()
        if b["source"]["path"].endswith("test_anthropic_thinking_agui_0_1_10_drops_prefix.yaml")
        and not diff_requests("anthropic", a["request"], b["request"]).append_only
    ]
    as_sent = lint("anthropic", b["request"], previous=a["request"])
    assert [(f.severity, f.path) for f in as_sent if f.rule == "prefix-changed"] == [
        ("warning", "messages[1].content[0]")
    ]
    on_fable = lint("anthropic", b["request"], previous=a["request"], model="claude-fable-5-1")
    assert [f.severity for f in on_fable if f.rule == "prefix-changed"] == ["warning"]
    found = diff_requests("anthropic", a["request"], b["request"])
    assert found.change is not None and found.change.kind == "thinking-removed"
    assert found.bound == ()
