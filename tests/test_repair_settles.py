"""Issue 36 (repair-settle): ``repair`` settles in one pass and never raises on content.

SPEC 8's guarantees: ``lint(wire, repair(wire, r).request)`` holds no error of a rule
repair fixes, and ``repair`` of a repaired request changes nothing. And content is never
an exception: a lone surrogate in an id that needs a new one is hashed as it stands.
"""

from __future__ import annotations

from typing import Any

from toolresult_lab import repair

HALF = "a\ud800b"  # an id with half an emoji (a UTF-16 log cut in a pair)


def _changes(repaired: Any) -> list[tuple[str, str, str]]:
    return [(c.rule, c.path, c.action) for c in repaired.changes]


def test_an_anthropic_id_with_a_lone_surrogate_is_cleaned_like_any_bad_character() -> None:
    request = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": HALF, "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": HALF, "content": "ok"}],
        },
    ]
    fixed = repair("anthropic", request)
    assert _changes(fixed) == [
        ("call-id-format", "messages[1].content[0]", "id 'a\\ud800b' -> 'a_b'"),
        ("call-id-format", "messages[2].content[0]", "id 'a\\ud800b' -> 'a_b'"),
    ]
    assert repair("anthropic", fixed.request).changes == ()


def _openai(*ids: str) -> list[Any]:
    out: list[Any] = [{"role": "user", "content": "hi"}]
    for call_id in ids:
        call = {"id": call_id, "type": "function", "function": {"name": "f", "arguments": "{}"}}
        out.append({"role": "assistant", "content": None, "tool_calls": [call]})
        out.append({"role": "tool", "tool_call_id": call_id, "content": "r"})
    return out


def test_a_hashed_id_made_from_a_lone_surrogate_is_deterministic() -> None:
    """Mistral's 9-character ids are a hash of the old id (it raised UnicodeEncodeError)."""
    fixed = repair("openai", _openai("x\udfff"), profile="mistral")
    assert _changes(fixed) == [
        ("call-id-format", "messages[1].tool_calls[0]", "id 'x\\udfff' -> 'sGQqyaWW8'"),
        ("call-id-format", "messages[2]", "id 'x\\udfff' -> 'sGQqyaWW8'"),
    ]
    assert repair("openai", fixed.request, profile="mistral").changes == ()


def test_a_reused_id_with_a_lone_surrogate_gets_a_new_one() -> None:
    """A call reusing an id nothing answers the second time: the new id is a hash."""
    request = _openai("x\udfff")
    request.append(_openai("x\udfff")[1])
    fixed = repair("openai", request)
    new = "call_a973acccecad7dfe878bc66b"
    assert _changes(fixed) == [
        ("duplicate-call-id", "messages[3].tool_calls[0]", f"call id 'x\\udfff' -> {new!r}"),
        ("call-without-result", "messages[3].tool_calls[0]", f"added an error result for {new}"),
    ]
    assert repair("openai", fixed.request).changes == ()
