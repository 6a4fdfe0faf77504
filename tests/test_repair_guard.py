"""Issue 36: ``repair`` never destroys or misplaces a tool output. Each class with exact
outputs per wire; the guard (``repair.outputs``) that every repair passes through, on a
round made to break the promise; and a property over mutated shapes."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lint_fixtures import PNG

from toolresult_lab import Change, repair
from toolresult_lab.requests.repairing import rounds as core
from toolresult_lab.requests.repairing.outputs import breaches
from toolresult_lab.wires import read_request

OUT = "1 USD = 0.92 EUR"
WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEARKwAAIhYAQACABAAZGF0YQAAAAA=" * 8
CALL_A = {
    "role": "assistant",
    "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
}
CALL_O = {
    "role": "assistant",
    "content": None,
    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
}
CALL_B = {
    "role": "assistant",
    "content": [{"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}],
}


def _anthropic(block: Any) -> list[Any]:
    result = {"type": "tool_result", "tool_use_id": "t1", "content": [block]}
    return [{"role": "user", "content": "q"}, CALL_A, {"role": "user", "content": [result]}]


def _openai(part: Any) -> list[Any]:
    return [
        {"role": "user", "content": "q"},
        CALL_O,
        {"role": "tool", "tool_call_id": "c1", "content": [part]},
    ]


def _responses(part: Any) -> list[Any]:
    return [
        {"role": "user", "content": "q"},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": [part]},
    ]


def _bedrock(block: Any) -> list[Any]:
    result = {"toolResult": {"toolUseId": "t1", "content": [block]}}
    return [
        {"role": "user", "content": [{"text": "q"}]},
        CALL_B,
        {"role": "user", "content": [result]},
    ]


#: A text block without a type, or of a type the wire's results do not take: (wire, the
#: request, the repaired result's content, the path of the change).
MISTYPED = [
    ("anthropic", _anthropic({"text": OUT}), "messages[2].content[0].content[0]"),
    (
        "anthropic",
        _anthropic({"type": "output_text", "text": OUT}),
        "messages[2].content[0].content[0]",
    ),
    ("openai", _openai({"text": OUT}), "messages[2].content[0]"),
    ("openai", _openai({"type": "input_text", "text": OUT}), "messages[2].content[0]"),
    ("responses", _responses({"type": "output_text", "text": OUT}), "input[2].output[0]"),
    (
        "bedrock",
        _bedrock({"type": "text", "text": OUT}),
        "messages[2].content[0].toolResult.content[0]",
    ),
]
#: The text block each wire writes for it.
TEXT_BLOCK = {
    "anthropic": {"type": "text", "text": OUT},
    "openai": {"type": "text", "text": OUT},
    "responses": {"type": "input_text", "text": OUT},
    "bedrock": {"text": OUT},
}


def _content(wire: str, request: list[Any]) -> Any:
    last = request[-1]
    if wire == "anthropic":
        return last["content"][0]["content"]
    if wire == "bedrock":
        return last["content"][0]["toolResult"]["content"]
    return last["output" if wire == "responses" else "content"]


@pytest.mark.parametrize(
    ("wire", "bad", "path"), MISTYPED, ids=[f"{m[0]}-{n}" for n, m in enumerate(MISTYPED)]
)
def test_a_mistyped_text_block_becomes_a_text_block_with_its_text(
    wire: str, bad: list[Any], path: str
) -> None:
    before = copy.deepcopy(bad)
    fixed = repair(wire, bad)
    assert bad == before
    assert _content(wire, fixed.request) == [TEXT_BLOCK[wire]]
    assert fixed.request[:-1] == bad[:-1]
    assert fixed.changes == (Change("tool-result-content", path, "replaced by the text it holds"),)
    assert fixed.unfixed == ()
    assert repair(wire, fixed.request).changes == ()


def test_a_block_carrying_a_payload_is_never_a_placeholder() -> None:
    """Audio in an anthropic result (no vision, no placeholder can hold it): left as it is,
    and said so; the same for an image on a model without vision."""
    audio = {"type": "audio", "source": {"type": "base64", "media_type": "audio/wav", "data": WAV}}
    bad = _anthropic(audio)
    fixed = repair("anthropic", bad)
    assert fixed.request == bad
    assert fixed.changes == ()
    assert fixed.unfixed == (
        Change(
            "tool-result-content",
            "messages[2].content[0].content[0]",
            "left as it is: its placeholder text would lose the payload it carries, and no"
            " text may hold a payload (a tool output is never removed)",
        ),
    )
    view = fixed._repr_html_()
    assert view is not None
    assert "1 fix refused" in view
    assert "left as it is: its placeholder text would lose the payload" in view
    assert WAV not in view  # the payload elided, in the list of refusals too
    image = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}
    fixed = repair("openai", _openai(image), vision=False)
    assert fixed.request == _openai(image)
    assert [(c.rule, c.path) for c in fixed.unfixed] == [
        ("tool-result-content", "messages[2].content[0]")
    ]


@pytest.mark.parametrize("wire", ["anthropic", "bedrock"])
def test_an_unanswered_result_whose_payload_would_become_text_stays(wire: str) -> None:
    if wire == "anthropic":
        block: Any = {
            "type": "audio",
            "source": {"type": "base64", "media_type": "audio/wav", "data": WAV},
        }
        result: Any = {"type": "tool_result", "tool_use_id": "zz", "content": [block]}
        head = [{"role": "user", "content": "go"}, {"role": "assistant", "content": "ok"}]
    else:
        block = {"audio": {"format": "wav", "source": {"bytes": WAV}}}
        result = {"toolResult": {"toolUseId": "zz", "content": [block]}}
        head = [
            {"role": "user", "content": [{"text": "go"}]},
            {"role": "assistant", "content": [{"text": "ok"}]},
        ]
    bad = [*head, {"role": "user", "content": [result]}]
    fixed = repair(wire, bad)
    assert fixed.request == bad
    assert fixed.changes == ()
    inner = "content[0]" if wire == "anthropic" else "toolResult.content[0]"
    assert fixed.unfixed == (
        Change(
            "result-without-call",
            "messages[2].content[0]",
            "left as it is: it carries a payload a user message does not take, which would go"
            " into a text (a tool output is never removed, and no text holds a payload)",
        ),
        Change(
            "tool-result-content",
            f"messages[2].content[0].{inner}",
            "left as it is: its placeholder text would lose the payload it carries, and no"
            " text may hold a payload (a tool output is never removed)",
        ),
    )
    assert WAV[:64] not in json.dumps([c.action for c in fixed.unfixed])


def test_media_moved_out_of_a_function_response_survive_an_empty_message_after_it() -> None:
    media = {"inlineData": {"mimeType": "image/png", "data": PNG}}
    response = {"name": "shot", "id": "a", "response": {"result": "ok"}, "parts": [media]}
    bad = [
        {"role": "user", "parts": [{"text": "shot"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "shot", "args": {}, "id": "a"}}]},
        {"role": "user", "parts": [{"functionResponse": response}]},
        {"role": "user", "parts": []},
    ]
    fixed = repair("gemini", bad, profile="gemini-2.5")
    assert fixed.request[2:] == [
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "shot", "id": "a", "response": {"result": "ok"}}}
            ],
        },
        {"role": "user", "parts": [{"text": "Media from the function responses above."}, media]},
    ]
    assert [c.rule for c in fixed.changes] == ["function-response-parts", "empty-message"]
    assert repair("gemini", fixed.request, profile="gemini-2.5").changes == ()


def test_without_vision_a_function_response_keeps_its_inline_media() -> None:
    """Placeholder text would lose the image: the response stays, reported unfixed."""
    media = {"inlineData": {"mimeType": "image/png", "data": PNG}}
    response = {"name": "shot", "id": "a", "response": {"result": "ok"}, "parts": [media]}
    bad = [
        {"role": "user", "parts": [{"text": "shot"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "shot", "args": {}, "id": "a"}}]},
        {"role": "user", "parts": [{"functionResponse": response}]},
    ]
    fixed = repair("gemini", bad, profile="gemini-2.5", vision=False)
    assert fixed.request == bad
    assert fixed.changes == ()
    assert [(c.rule, c.path) for c in fixed.unfixed] == [
        ("function-response-parts", "contents[2].parts[0]"),
        ("images-unsupported", "contents[2].parts[0].functionResponse.parts[0]"),
    ]


def test_a_media_type_warning_is_left_as_the_provider_accepts_it() -> None:
    """Gemini takes an image declared image/jpeg whose bytes are PNG (a warning): repair
    changes no accepted request."""
    bad = [{"role": "user", "parts": [{"inlineData": {"mimeType": "image/jpeg", "data": PNG}}]}]
    fixed = repair("gemini", bad)
    assert fixed.request == bad
    assert fixed.changes == ()


@pytest.mark.parametrize("wire", ["openai", "ollama", "hermes"])
def test_a_kept_output_keeps_its_whitespace(wire: str) -> None:
    text = "  indented output\n\n"
    fixed = repair(
        wire,
        [{"role": "user", "content": "go"}, {"role": "tool", "tool_call_id": "z", "content": text}],
    )
    header = "[output of tool call z that no call in this request made]"
    if wire == "hermes":  # hermes results carry no id: the header names no call
        header = "[output of a tool call that no call in this request made]"
    assert fixed.request[-1] == {"role": "user", "content": f"{header}\n{text}"}


def test_a_hermes_output_kept_as_written_in_its_tag_is_not_a_breach() -> None:
    """The tag's JSON writes ``</`` as ``<\\/`` and quotes escaped: the output is there."""
    tag = '<tool_response>\n{"name": "f", "content": "a<\\/b \\"q\\""}\n</tool_response>'
    bad = [{"role": "user", "content": "go"}, {"role": "tool", "content": tag}]
    fixed = repair("hermes", bad)
    assert fixed.request[-1] == {
        "role": "user",
        "content": "[output of a f call that no call in this request made]\n"
        '{"name": "f", "content": "a<\\/b \\"q\\""}',
    }
    assert fixed.unfixed == ()


def test_parallel_call_items_sharing_an_id_keep_their_own_outputs() -> None:
    def call(n: int) -> dict[str, Any]:
        return {
            "type": "function_call",
            "call_id": "call_z",
            "name": "f",
            "arguments": f'{{"n": {n}}}',
        }

    def out(n: int) -> dict[str, Any]:
        return {"type": "function_call_output", "call_id": "call_z", "output": str(n)}

    bad = [{"role": "user", "content": "two"}, call(1), call(2), call(3), out(1), out(2), out(3)]
    fixed = repair("responses", bad).request
    ids = [item["call_id"] for item in fixed[1:]]
    assert ids[:3] == ids[3:]  # call n and output n share one id, each pair its own
    assert len(set(ids[:3])) == 3
    assert [item.get("output") for item in fixed[4:]] == ["1", "2", "3"]


def test_a_result_that_names_its_call_answers_it() -> None:
    """ollama: the result for call a is paired with a, the id-less one with the id-less call;
    nothing merged, nothing invented."""
    bad = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {"id": "a", "function": {"name": "f", "arguments": {}}},
                {"function": {"name": "f", "arguments": {}}},
            ],
        },
        {"role": "tool", "tool_name": "f", "content": "R1"},
        {"role": "tool", "tool_call_id": "a", "tool_name": "f", "content": "R2"},
    ]
    fixed = repair("ollama", bad)
    assert fixed.request == bad
    assert fixed.changes == ()


# -- the guard ------------------------------------------------------------------------------


def _vandal(edit: Any, changes: list[Change]) -> Any:
    """A round with a bug: every tool message's output replaced by a placeholder."""
    for message in edit.entries:
        if isinstance(message, dict) and message.get("role") == "tool":
            message["content"] = "[gone]"
            changes.append(Change("tool-result-content", "messages[2]", "replaced by [gone]"))
    return edit.request


def _leaker(edit: Any, changes: list[Change]) -> Any:
    """A round with a bug: an image's data URL written into the tool message's text."""
    for message in edit.entries:
        if isinstance(message, dict) and message.get("role") == "tool":
            message["content"] = json.dumps(message["content"])
            changes.append(Change("tool-result-content", "messages[2]", "as its JSON"))
    return edit.request


@pytest.mark.parametrize("round_", [_vandal, _leaker])
def test_a_round_that_breaks_the_promise_is_refused_and_reported(
    round_: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}
    bad = [
        {"role": "user", "content": "q"},
        CALL_O,
        {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": OUT}, image]},
    ]
    monkeypatch.setattr(core, "ROUNDS", (round_,))
    fixed = repair("openai", bad)
    assert fixed.request == bad
    assert fixed.changes == ()
    assert [(c.rule, c.path) for c in fixed.unfixed] == [("tool-result-content", "messages[2]")]
    assert fixed.unfixed[0].action.startswith("left as it is: ")


def test_breaches_name_the_result_and_what_happened() -> None:
    given_ = read_request("openai", _openai({"type": "text", "text": OUT}))
    assert breaches("openai", given_, _openai({"type": "text", "text": f"x {OUT} y"})) == []
    assert [
        (b.path, b.what)
        for b in breaches("openai", given_, _openai({"type": "text", "text": "1 USD"}))
    ] == [("messages[2]", "its text '1 USD = 0.92 EUR' is no longer there")]
    image = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}
    given_ = read_request("openai", _openai(image))
    leak = _openai({"type": "text", "text": f"see {PNG}"})
    moved = [*_openai({"type": "text", "text": "[image]"}), {"role": "user", "content": [image]}]
    assert [b.path for b in breaches("openai", given_, leak)] == ["messages[2]"]
    assert breaches("openai", given_, moved) == []


# -- a property over mutated shapes ------------------------------------------------------


#: An inline PNG as each wire's result writes it.
IMAGES: dict[str, Any] = {
    "anthropic": {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": PNG},
    },
    "openai": {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
    "responses": {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
    "bedrock": {"image": {"format": "png", "source": {"bytes": PNG}}},
}


def _mutated(wire: str, text: str, kind: str, answered: bool) -> list[Any]:
    """A one-call request whose result holds ``text`` in a block mutated by ``kind`` (its
    type removed, another API's type, an audio or image payload beside it, the result
    twice), answering its call or not."""
    if kind == "no type":
        block: Any = {"text": text}
    elif kind == "wrong type":
        block = {"type": "output_text" if wire != "responses" else "text", "text": text}
    else:
        block = {"type": "text", "text": text} if wire != "bedrock" else {"text": text}
    build = {
        "anthropic": _anthropic,
        "openai": _openai,
        "responses": _responses,
        "bedrock": _bedrock,
    }[wire]
    request = build(block)
    if kind == "audio":
        extra = (
            {"audio": {"format": "wav", "source": {"bytes": WAV}}}
            if wire == "bedrock"
            else {"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}}
        )
        _content(wire, request).append(extra)
    elif kind == "image":
        _content(wire, request).append(IMAGES[wire])
    elif kind == "twice":  # the result again: a second answer to the call
        request.append(copy.deepcopy(request[-1]))
    if not answered:
        last = request[-1]
        if wire == "anthropic":
            last["content"][0]["tool_use_id"] = "zz"
        elif wire == "bedrock":
            last["content"][0]["toolResult"]["toolUseId"] = "zz"
        else:
            last["tool_call_id" if wire == "openai" else "call_id"] = "zz"
    return request


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    wire=st.sampled_from(["anthropic", "openai", "responses", "bedrock"]),
    text=st.text(min_size=1, max_size=30).filter(lambda t: t.strip()),
    kind=st.sampled_from(["no type", "wrong type", "audio", "image", "twice"]),
    answered=st.booleans(),
    vision=st.sampled_from([None, False]),
)
def test_no_repair_loses_an_output_or_writes_a_payload_into_text(
    wire: str, text: str, kind: str, answered: bool, vision: bool | None
) -> None:
    bad = _mutated(wire, text, kind, answered)
    before = copy.deepcopy(bad)
    fixed = repair(wire, bad, vision=vision)
    assert bad == before
    assert breaches(wire, read_request(wire, bad), fixed.request) == []
    json.dumps(fixed.request, allow_nan=False).encode("utf-8")
    assert repair(wire, fixed.request, vision=vision).changes == ()
