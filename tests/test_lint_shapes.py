"""Shapes lint used to miss or invent (issue 36), and the two mutants of issue 35 that
survived the suite: each rule's failing request beside its near miss.

- results split over messages the provider combines (consecutive Anthropic user messages,
  Gemini contents of only function responses) pair as one turn in lint *and* in translate;
- the Anthropic image types are exact (``IMAGE/PNG`` is refused there, and only there);
- a second result for a call already answered is reported wherever it stands, and repair
  leaves one result per call.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from lint_fixtures import PNG, answer, ask, request, user

from toolresult_lab import WIRES, Loss, lint, repair, translate


def _seen(found: Any) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in found]


def _use(call_id: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "f", "input": {"q": call_id}}


def _result(call_id: str, text: str = "ok") -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": call_id, "content": text}


# -- results over messages the provider combines ----------------------------------------------

ANTHROPIC_SPLIT = [
    {"role": "user", "content": "look both up"},
    {"role": "assistant", "content": [_use("toolu_A"), _use("toolu_B")]},
    {"role": "user", "content": [_result("toolu_A", "A is 1")]},
    {"role": "user", "content": [_result("toolu_B", "B is 2")]},
]
GEMINI_SPLIT = request(
    user("gemini"), ask("gemini", "c1", "c2"), answer("gemini", "c1"), answer("gemini", "c2")
)
JOINED = "results read with the message before it (the provider combines the two)"


@pytest.mark.parametrize("dst", WIRES)
def test_results_split_over_anthropic_user_messages_translate_to_every_wire(dst: str) -> None:
    assert _seen(lint("anthropic", ANTHROPIC_SPLIT)) == []
    out = translate("anthropic", dst, ANTHROPIC_SPLIT)
    assert [(n.path, n.what) for n in out.notes if n.what == JOINED] == [("messages[3]", JOINED)]
    back = translate(dst, "anthropic", out.request).request
    # both results in the one user message after the calls (hermes makes its own ids)
    results = back["messages"][2]["content"]
    assert [(r["type"], r["content"]) for r in results] == [
        ("tool_result", [{"type": "text", "text": "A is 1"}]),
        ("tool_result", [{"type": "text", "text": "B is 2"}]),
    ]
    calls = [block["id"] for block in back["messages"][1]["content"]]
    assert [r["tool_use_id"] for r in results] == calls


def test_split_results_become_one_turn_on_the_destination() -> None:
    chat = translate("anthropic", "openai", ANTHROPIC_SPLIT).request["messages"]
    assert chat[2:] == [
        {"role": "tool", "tool_call_id": "toolu_A", "content": "A is 1"},
        {"role": "tool", "tool_call_id": "toolu_B", "content": "B is 2"},
    ]
    gemini = translate("gemini", "gemini", GEMINI_SPLIT).request["contents"]
    assert [len(content["parts"]) for content in gemini] == [1, 2, 2]
    assert [p["functionResponse"]["id"] for p in gemini[2]["parts"]] == ["c1", "c2"]


def test_a_result_after_text_in_the_same_run_is_not_joined() -> None:
    # the text closes the results: the second message's result answers nothing before it
    # in its own turn, and translate says which (a clear ValueError naming the id)
    mixed = [
        *ANTHROPIC_SPLIT[:2],
        {"role": "user", "content": [_result("toolu_A"), {"type": "text", "text": "and"}]},
        {"role": "user", "content": [_result("toolu_B")]},
    ]
    assert _seen(lint("anthropic", mixed)) == [
        ("results-after-other-content", "error", "messages[3].content[0]")
    ]
    with pytest.raises(ValueError, match="toolu_B"):
        translate("anthropic", "openai", mixed)


@pytest.mark.parametrize("profile", [None, "gemini-2.5", "gemini-3"])
def test_gemini_responses_split_over_contents_are_a_warning(profile: str | None) -> None:
    found = [f for f in lint("gemini", GEMINI_SPLIT, profile=profile) if f.rule != "shape"]
    assert _seen(found) == [("split-function-responses", "warning", "contents[3].parts[0]")]
    assert found[0].message == (
        "The functionResponse for 'c2' is in a second user content in a row;"
        " Gemini 3 and Vertex AI want a call turn's responses in one content."
    )
    assert repair("gemini", GEMINI_SPLIT, profile=profile).changes == ()
    # the near miss: one content holding both responses
    assert (
        _seen(
            lint(
                "gemini", request(*GEMINI_SPLIT[:2], answer("gemini", "c1", "c2")), profile=profile
            )
        )
        == []
    )


def test_gemini_text_between_responses_is_still_not_next() -> None:
    apart = request(
        user("gemini"),
        ask("gemini", "c1", "c2"),
        answer("gemini", "c1"),
        user("gemini", "x"),
        answer("gemini", "c2"),
    )
    assert _seen(lint("gemini", apart, profile="gemini-2.5")) == [
        ("results-not-next", "error", "contents[1].parts[1]")
    ]


# -- media-type: the Anthropic enum is exact ---------------------------------------------------


def _anthropic_image(mime: str) -> list[Any]:
    source = {"type": "base64", "media_type": mime, "data": PNG}
    return [{"role": "user", "content": [{"type": "image", "source": source}]}]


def test_anthropic_takes_image_types_in_lower_case_only() -> None:
    assert _seen(lint("anthropic", _anthropic_image("image/png"))) == []
    found = lint("anthropic", _anthropic_image("IMAGE/PNG"))
    assert _seen(found) == [("media-type", "error", "messages[0].content[0]")]
    assert found[0].message == (
        "The image type 'IMAGE/PNG' is not one anthropic takes here"
        " (image/gif, image/jpeg, image/png, image/webp)."
    )
    fixed = repair("anthropic", _anthropic_image("IMAGE/PNG"))
    assert fixed.request == _anthropic_image("image/png")


def test_other_wires_read_an_image_type_in_any_case() -> None:
    # no source says Gemini or OpenAI refuse another case: the choice is recorded here
    gemini = [{"role": "user", "parts": [{"inlineData": {"mimeType": "IMAGE/PNG", "data": PNG}}]}]
    assert _seen(lint("gemini", gemini)) == []
    url = {"type": "image_url", "image_url": {"url": f"data:IMAGE/PNG;base64,{PNG}"}}
    assert _seen(lint("openai", [{"role": "user", "content": [url]}])) == []


# -- duplicate-result: a second result for an answered call ------------------------------------


def _answered_twice(later: bool) -> list[Any]:
    """Call A answered next, then answered again: in the same message, or a turn later."""
    head = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [_use("toolu_A")]},
    ]
    if not later:
        return [
            *head,
            {"role": "user", "content": [_result("toolu_A", "one"), _result("toolu_A", "two")]},
        ]
    return [
        *head,
        {"role": "user", "content": [_result("toolu_A", "one")]},
        {"role": "assistant", "content": "noted"},
        {"role": "user", "content": [_result("toolu_A", "two"), {"type": "text", "text": "and?"}]},
    ]


def _results_for(request_: list[Any], call_id: str) -> list[Any]:
    return [
        block
        for message in request_
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result" and block.get("tool_use_id") == call_id
    ]


@pytest.mark.parametrize(
    ("later", "path"), [(False, "messages[2].content[1]"), (True, "messages[4].content[0]")]
)
def test_a_second_result_for_an_answered_call_is_reported_and_merged(
    later: bool, path: str
) -> None:
    bad = _answered_twice(later)
    assert _seen(lint("anthropic", bad)) == [("duplicate-result", "error", path)]
    fixed = repair("anthropic", bad)
    assert [(c.rule, c.path) for c in fixed.changes] == [("duplicate-result", path)]
    kept = _results_for(fixed.request, "toolu_A")
    assert kept == [
        {
            "type": "tool_result",
            "tool_use_id": "toolu_A",
            "content": "one\n[another result for the call toolu_A]\ntwo",
        }
    ]
    assert _seen(lint("anthropic", fixed.request)) == []


def test_a_second_result_for_a_misplaced_answer_is_reported() -> None:
    # the first result is not next (results-not-next), the second answers it again
    bad = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [_use("toolu_A")]},
        {"role": "user", "content": "wait"},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": [_result("toolu_A", "one")]},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": [_result("toolu_A", "two"), {"type": "text", "text": "and?"}]},
    ]
    assert _seen(lint("anthropic", bad)) == [
        ("results-not-next", "error", "messages[1].content[0]"),
        ("duplicate-result", "error", "messages[6].content[0]"),
    ]
    fixed = repair("anthropic", bad)
    assert len(_results_for(fixed.request, "toolu_A")) == 1
    assert _results_for(fixed.request, "toolu_A")[0]["content"] == (
        "one\n[another result for the call toolu_A]\ntwo"
    )


# -- shapes the wires' own checks read --------------------------------------------------------


def test_openai_inline_data_that_is_no_image_is_a_warning() -> None:
    def body(data: str) -> list[Any]:
        url = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{data}"}}
        return [{"role": "user", "content": [url]}]

    assert _seen(lint("openai", body(PNG))) == []
    found = lint("openai", body("QUJDRA=="))  # b"ABCD": valid base64, no image header
    assert _seen(found) == [("media-type", "warning", "messages[0].content[0]")]
    assert found[0].message == (
        "The image is declared image/png but its bytes are no PNG, JPEG, GIF or WebP image"
        " whose header can be read."
    )
    # bad base64 is bad-base64's alone
    assert [f.rule for f in lint("openai", body("not base64!"))] == ["bad-base64"]


def test_ollama_arguments_as_a_string_are_a_shape_warning() -> None:
    def body(arguments: Any) -> list[Any]:
        call = {"function": {"name": "f", "arguments": arguments}}
        return [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "content": "ok", "tool_name": "f"},
        ]

    assert _seen(lint("ollama", body({"a": 1}))) == []
    found = lint("ollama", body('{"a": 1}'))
    assert _seen(found) == [("shape", "warning", "messages[1].tool_calls[0].function.arguments")]
    assert found[0].message == "the call's arguments are a JSON string; Ollama takes an object."


def test_a_responses_body_with_a_stored_prompt_needs_no_input() -> None:
    stored = {"model": "gpt-5", "prompt": {"id": "pmpt_1", "version": "2"}}
    assert _seen(lint("responses", stored)) == []
    # without a prompt the input is what the request says: none is a shape error
    assert _seen(lint("responses", {"model": "gpt-5"})) == [("shape", "error", "input")]


def test_a_bedrock_prefill_with_tools_is_not_reported_for_nova() -> None:
    prefill = {"role": "assistant", "content": [{"text": "The answer is"}]}
    body = {
        "messages": [
            *request(user("bedrock"), ask("bedrock", "c1"), answer("bedrock", "c1")),
            prefill,
        ],
        "toolConfig": {"tools": []},
    }
    assert [f.rule for f in lint("bedrock", body)] == ["prefill-with-tools"]
    assert [f.rule for f in lint("bedrock", body, profile="bedrock-nova")] == []
    # a final message of calls is no prefill: its missing results are the finding
    asking = {"messages": [user("bedrock"), ask("bedrock", "c1")], "toolConfig": {"tools": []}}
    assert [f.rule for f in lint("bedrock", asking)] == ["call-without-result"]


def test_an_anthropic_invoke_model_body_needs_max_tokens() -> None:
    body = {"anthropic_version": "bedrock-2023-05-31", "messages": [user("anthropic")]}
    assert _seen(lint("anthropic", body)) == [("max-tokens-required", "error", "max_tokens")]
    assert _seen(lint("anthropic", {**body, "max_tokens": 512})) == []
    # a body of only messages is part of the SDK call: not checked
    assert _seen(lint("anthropic", {"messages": [user("anthropic")]})) == []


@pytest.mark.parametrize("fmt", ["JPEG", "jpg", "bmp"])
def test_bedrock_media_formats_are_the_lower_case_enum(fmt: str) -> None:
    def body(image_format: str, document_format: str) -> list[Any]:
        image = {"image": {"format": image_format, "source": {"bytes": PNG}}}
        document = {
            "document": {"format": document_format, "name": "q", "source": {"bytes": "QUJD"}}
        }
        result = {"toolResult": {"toolUseId": "c1", "content": [image]}}
        return [
            {"role": "user", "content": [{"text": "see"}, image, document]},
            ask("bedrock", "c1"),
            {"role": "user", "content": [result]},
        ]

    assert _seen(lint("bedrock", body("png", "pdf"))) == []
    found = lint("bedrock", body(fmt, fmt.upper()))
    assert _seen(found) == [
        ("media-type", "error", "messages[0].content[1]"),
        ("media-type", "error", "messages[0].content[2]"),
        ("media-type", "error", "messages[2].content[0].toolResult.content[0]"),
    ]
    assert found[0].message == (
        f"The image format {fmt!r} is not one bedrock takes (gif, jpeg, png, webp, in lower case)."
    )


def test_a_gemini_part_holds_one_kind_of_data() -> None:
    def body(part: dict[str, Any]) -> dict[str, Any]:
        return {"contents": [{"role": "user", "parts": [part]}]}

    image = {"mimeType": "image/png", "data": PNG}
    assert _seen(lint("gemini", body({"inlineData": image}))) == []
    both = body({"text": "hi", "inlineData": image})
    found = lint("gemini", both)
    assert _seen(found) == [("shape", "error", "contents[0].parts[0]")]
    assert found[0].message == (
        "a part holds exactly one kind of data, not 'text' and 'inlineData'."
    )
    # translate no longer drops the image without a word: it names the part
    with pytest.raises(ValueError, match=r"contents\[0\]\.parts\[0\]: a part holds exactly one"):
        translate("gemini", "anthropic", both)
    # a call beside its signature is one kind of data (the signature is no data member)
    signed = {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "QUJD"}
    assert [f.rule for f in lint("gemini", body(signed))] == ["call-without-result"]


def test_bedrock_alternation_is_about_consecutive_roles_only() -> None:
    # Bedrock Converse accepted a history starting with the assistant's message (Claude
    # Sonnet 4.5, the real-requests corpus): not reported
    started = [
        {"role": "assistant", "content": [{"text": "Hello there!"}]},
        {"role": "user", "content": [{"text": "Now say goodbye."}]},
    ]
    assert _seen(lint("bedrock", started)) == []
    twice = [*started, {"role": "user", "content": [{"text": "Please."}]}]
    assert _seen(lint("bedrock", twice)) == [("roles-not-alternating", "error", "messages[2]")]
    # the message names the role
    assert lint("bedrock", twice)[0].message == (
        "A second user message in a row; bedrock takes user and assistant messages in turn."
    )


def test_repair_writes_a_bedrock_image_format_its_bytes_say() -> None:
    def body(image_format: str) -> list[Any]:
        image = {"image": {"format": image_format, "source": {"bytes": PNG}}}
        return [{"role": "user", "content": [{"text": "see"}, image]}]

    fixed = repair("bedrock", body("PNG"))
    assert fixed.request == body("png")
    assert [(c.rule, c.path) for c in fixed.changes] == [("media-type", "messages[0].content[1]")]
    assert _seen(lint("bedrock", fixed.request)) == []


# -- a tool definition's description, a tool call's type (found by the invariant properties) --

_DESCRIBED: dict[str, tuple[Any, str]] = {
    "openai": (
        {
            "model": "gpt-4o",
            "tools": [{"type": "function", "function": {"name": "f", "description": "D"}}],
            "messages": [{"role": "user", "content": "hi"}],
        },
        "tools[0].function.description",
    ),
    "responses": (
        {"model": "gpt-4o", "tools": [{"type": "function", "name": "f", "description": "D"}],
         "input": "hi"},
        "tools[0].description",
    ),
    "anthropic": (
        {"model": "claude-sonnet-4-5", "max_tokens": 9,
         "tools": [{"name": "f", "description": "D", "input_schema": {"type": "object"}}],
         "messages": [{"role": "user", "content": "hi"}]},
        "tools[0].description",
    ),
    "gemini": (
        {"tools": [{"functionDeclarations": [{"name": "f", "description": "D"}]}],
         "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
        "tools[0].functionDeclarations[0].description",
    ),
    "bedrock": (
        {"toolConfig": {"tools": [{"toolSpec": {"name": "f", "description": "D",
                                                "inputSchema": {"json": {"type": "object"}}}}]},
         "messages": [{"role": "user", "content": [{"text": "hi"}]}]},
        "toolConfig.tools[0].toolSpec.description",
    ),
}  # fmt: skip


def _set_at(body: Any, path: str, value: Any) -> Any:
    body = copy.deepcopy(body)
    node = body
    steps = re.findall(r"\w+|\[\d+\]", path)
    for step in steps[:-1]:
        node = node[int(step[1:-1])] if step.startswith("[") else node[step]
    node[steps[-1]] = value
    return body


@pytest.mark.parametrize("wire", sorted(_DESCRIBED))
def test_a_tool_description_that_is_not_a_string_is_a_shape_error(wire: str) -> None:
    good, path = _DESCRIBED[wire]
    assert [f.rule for f in lint(wire, good)] == []
    bad = _set_at(good, path, 10**40)
    assert [(f.rule, f.severity, f.path, f.message) for f in lint(wire, bad)] == [
        ("shape", "error", path, "A tool's description is a string, not int.")
    ]
    other = "anthropic" if wire != "anthropic" else "openai"
    out = translate(wire, other, bad, model="m")
    assert Loss(path, "is not a string: dropped") in out.losses
    assert "10000000000" not in json.dumps(out.request)


@pytest.mark.parametrize("kind", ["tool_use", "function_call", 7])
def test_a_tool_call_of_a_type_openai_has_not_is_a_shape_error(kind: Any) -> None:
    def body(entry_type: Any) -> list[dict[str, Any]]:
        call: dict[str, Any] = {"id": "c1", "function": {"name": "f", "arguments": "{}"}}
        if entry_type is not None:
            call["type"] = entry_type
        return [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        ]

    assert lint("openai", body("function")) == lint("openai", body(None)) == ()
    shown = repr(kind) if isinstance(kind, str) else "int"
    found = [(f.rule, f.path, f.message) for f in lint("openai", body(kind))]
    assert found[0] == (
        "shape",
        "messages[1].tool_calls[0].type",
        f"a tool call of type 'function', not {shown}.",
    )
    with pytest.raises(ValueError, match=r"^openai: messages\[1\]\.tool_calls\[0\]\.type: "):
        translate("openai", "anthropic", body(kind))  # never dropped silently


_NON_FINITE = [
    ("anthropic", {"model": "claude-sonnet-4-5", "max_tokens": 9,
                   "messages": [{"role": "user", "content": "q"}]},
     "max_tokens"),
    ("gemini", {"generationConfig": {"temperature": 0.5},
                "contents": [{"role": "user", "parts": [{"text": "q"}]}]},
     "generationConfig.temperature"),
    ("openai", {"model": "gpt-4o", "messages": [{"role": "user", "content": "q"}],
                "logit_bias": {"5": 1.0}}, "logit_bias.5"),
]  # fmt: skip


@pytest.mark.parametrize(("wire", "good", "path"), _NON_FINITE)
@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_nan_or_infinity_in_the_settings_is_a_shape_error(
    wire: str, good: Any, path: str, value: float
) -> None:
    """Found by the invariant properties: a NaN ``max_tokens`` linted clean, and the
    anthropic body translate then wrote without one was refused."""
    assert lint(wire, good) == ()
    bad = _set_at(good, path, value)
    assert [(f.rule, f.severity, f.path, f.message) for f in lint(wire, bad)] == [
        ("shape", "error", path, f"{value} is not a JSON number (JSON has no NaN or Infinity).")
    ]


def test_nan_in_the_conversation_is_content_not_a_finding() -> None:
    request = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 9,
        "messages": [
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "c1", "name": "f", "input": {"x": float("nan")}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1",
                                          "content": "ok"}]},
        ],
    }  # fmt: skip
    assert lint("anthropic", request) == ()


def test_an_anthropic_body_whose_max_tokens_went_gets_the_default_as_a_note() -> None:
    given = {
        "model": "claude-sonnet-4-5",
        "max_tokens": float("nan"),
        "messages": [{"role": "user", "content": "q"}],
    }
    out = translate("anthropic", "anthropic", given)
    assert out.request == {
        "messages": [{"role": "user", "content": "q"}],
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
    }
    assert out.losses == (
        Loss("max_tokens", "is not a finite number (JSON has no NaN or Infinity): dropped"),
    )
    assert (
        Loss(
            "",
            "the request has no output token limit: max_tokens 4096 written (anthropic"
            " requires one)",
        )
        in out.notes
    )
    assert lint("anthropic", out.request) == ()
