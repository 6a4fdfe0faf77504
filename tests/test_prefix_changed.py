"""lint(previous=) and diff_requests (issue 38): the first change a request makes to the one
sent before it, on every wire, at its exact path; appending is never a finding."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from toolresult_lab import diff_requests, lint

R = "R" * 400  # the tool result as sent
CUT = "R" * 100  # the same result cut again on a later turn


def _anthropic() -> tuple[dict[str, Any], dict[str, Any]]:
    sent = {
        "model": "claude-opus-4-6",
        "max_tokens": 64,
        "system": "You answer.",
        "tools": [{"name": "f", "description": "d", "input_schema": {"type": "object"}}],
        "messages": [
            {"role": "user", "content": "q"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "t1", "signature": "sig1"},
                    {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": R}],
            },
        ],
    }
    later = copy.deepcopy(sent)
    later["messages"] += [
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "t2", "signature": "sig2"},
                {"type": "text", "text": "done"},
            ],
        },
        {"role": "user", "content": "next"},
    ]
    return sent, later


def _bedrock() -> tuple[dict[str, Any], dict[str, Any]]:
    def thought(text: str) -> dict[str, Any]:
        return {"reasoningContent": {"reasoningText": {"text": text, "signature": "s" + text}}}

    sent = {
        "system": [{"text": "You answer."}],
        "toolConfig": {"tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {}}}}]},
        "messages": [
            {"role": "user", "content": [{"text": "q"}]},
            {
                "role": "assistant",
                "content": [
                    thought("t1"),
                    {"toolUse": {"toolUseId": "tu_1", "name": "f", "input": {}}},
                ],
            },
            {
                "role": "user",
                "content": [{"toolResult": {"toolUseId": "tu_1", "content": [{"text": R}]}}],
            },
        ],
    }
    later = copy.deepcopy(sent)
    later["messages"] += [
        {"role": "assistant", "content": [thought("t2"), {"text": "done"}]},
        {"role": "user", "content": [{"text": "next"}]},
    ]
    return sent, later


def _openai() -> tuple[dict[str, Any], dict[str, Any]]:
    sent = {
        "model": "gpt-4.1",
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {}}}],
        "messages": [
            {"role": "system", "content": "You answer."},
            {"role": "user", "content": "q"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "f", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "call_1", "content": R},
        ],
    }
    later = copy.deepcopy(sent)
    later["messages"] += [
        {"role": "assistant", "content": "done"},
        {"role": "user", "content": "next"},
    ]
    return sent, later


def _responses() -> tuple[dict[str, Any], dict[str, Any]]:
    sent = {
        "model": "gpt-5",
        "instructions": "You answer.",
        "tools": [{"type": "function", "name": "f", "parameters": {}}],
        "input": [
            {"role": "user", "content": "q"},
            {"type": "reasoning", "id": "rs_1", "summary": []},
            {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_1", "output": R},
        ],
    }
    later = copy.deepcopy(sent)
    later["input"] += [
        {"type": "reasoning", "id": "rs_2", "summary": []},
        {"role": "assistant", "content": "done"},
        {"role": "user", "content": "next"},
    ]
    return sent, later


def _gemini() -> tuple[dict[str, Any], dict[str, Any]]:
    sent = {
        "systemInstruction": {"parts": [{"text": "You answer."}]},
        "tools": [{"functionDeclarations": [{"name": "f"}]}],
        "contents": [
            {"role": "user", "parts": [{"text": "q"}]},
            {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "f", "args": {}}}]},
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"id": "c1", "name": "f", "response": {"result": R}}}
                ],
            },
        ],
    }
    later = copy.deepcopy(sent)
    later["contents"] += [
        {"role": "model", "parts": [{"text": "done"}]},
        {"role": "user", "parts": [{"text": "next"}]},
    ]
    return sent, later


def _ollama() -> tuple[dict[str, Any], dict[str, Any]]:
    sent = {
        "model": "qwen3",
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {}}}],
        "messages": [
            {"role": "system", "content": "You answer."},
            {"role": "user", "content": "q"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"function": {"name": "f", "arguments": {}}}],
            },
            {"role": "tool", "tool_name": "f", "content": R},
        ],
    }
    later = copy.deepcopy(sent)
    later["messages"] += [
        {"role": "assistant", "content": "done"},
        {"role": "user", "content": "next"},
    ]
    return sent, later


def _hermes() -> tuple[dict[str, Any], dict[str, Any]]:
    sent = {
        "model": "hermes-3",
        "messages": [
            {"role": "system", "content": "You answer."},
            {"role": "user", "content": "q"},
            {
                "role": "assistant",
                "content": '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
            },
            {"role": "tool", "content": f"<tool_response>{R}</tool_response>"},
        ],
    }
    later = copy.deepcopy(sent)
    later["messages"] += [
        {"role": "assistant", "content": "done"},
        {"role": "user", "content": "next"},
    ]
    return sent, later


CONVERSATIONS: dict[str, Callable[[], tuple[dict[str, Any], dict[str, Any]]]] = {
    "anthropic": _anthropic,
    "bedrock": _bedrock,
    "openai": _openai,
    "responses": _responses,
    "gemini": _gemini,
    "ollama": _ollama,
    "hermes": _hermes,
}
WIRES = tuple(CONVERSATIONS)


def _cut(wire: str, body: dict[str, Any]) -> None:
    """Cut the tool result again, as a budget applied on a later turn would."""
    if wire == "anthropic":
        body["messages"][2]["content"][0]["content"] = CUT
    elif wire == "bedrock":
        body["messages"][2]["content"][0]["toolResult"]["content"][0]["text"] = CUT
    elif wire in ("openai", "ollama"):
        body["messages"][3]["content"] = CUT
    elif wire == "hermes":
        body["messages"][3]["content"] = f"<tool_response>{CUT}</tool_response>"
    elif wire == "responses":
        body["input"][3]["output"] = CUT
    else:
        body["contents"][2]["parts"][0]["functionResponse"]["response"]["result"] = CUT


def _system(wire: str, body: dict[str, Any]) -> None:
    if wire == "anthropic":
        body["system"] = "You answer briefly."
    elif wire == "bedrock":
        body["system"][0]["text"] = "You answer briefly."
    elif wire == "responses":
        body["instructions"] = "You answer briefly."
    elif wire == "gemini":
        body["systemInstruction"]["parts"][0]["text"] = "You answer briefly."
    else:
        body["messages"][0]["content"] = "You answer briefly."


#: (wire, where the cut result is, where the changed system prompt is, the tokens after
#: the cut: the estimate of the later request's messages from the cut one on)
CUT_AT = {
    "anthropic": "messages[2].content[0]",
    "bedrock": "messages[2].content[0]",
    "openai": "messages[3]",
    "responses": "input[3]",
    "gemini": "contents[2].parts[0]",
    "ollama": "messages[3]",
    "hermes": "messages[3]",
}
SYSTEM_AT = {
    "anthropic": "system",
    "bedrock": "system[0].text",
    "openai": "messages[0].content",
    "responses": "instructions",
    "gemini": "systemInstruction.parts[0].text",
    "ollama": "messages[0].content",
    "hermes": "messages[0].content",
}


@pytest.mark.parametrize("wire", WIRES)
def test_appending_is_no_finding(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    assert [f for f in lint(wire, later, previous=sent) if f.rule == "prefix-changed"] == []
    found = diff_requests(wire, sent, later)
    assert (found.append_only, found.kept, found.appended, found.dropped) == (
        True,
        len(sent[_key(wire)]),
        len(later[_key(wire)]) - len(sent[_key(wire)]),
        0,
    )
    # the same request again, and one that stops short (a rewind), change nothing either
    assert diff_requests(wire, sent, sent).append_only
    assert diff_requests(wire, later, sent).dropped == len(later[_key(wire)]) - len(
        sent[_key(wire)]
    )


def _key(wire: str) -> str:
    return {"responses": "input", "gemini": "contents"}.get(wire, "messages")


def _prefix(wire: str, later: Any, sent: Any, model: str | None = None) -> list[Any]:
    return [f for f in lint(wire, later, previous=sent, model=model) if f.rule == "prefix-changed"]


@pytest.mark.parametrize("wire", WIRES)
def test_a_result_cut_again_is_found_at_the_result(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    _cut(wire, later)
    found = _prefix(wire, later, sent)
    assert [(f.severity, f.path) for f in found] == [("warning", CUT_AT[wire])]
    change = diff_requests(wire, sent, later).change
    assert change is not None
    assert (change.kind, change.path) == ("result-shortened", CUT_AT[wire])
    shown = {"hermes": "'f'", "ollama": "'f'"}.get(wire)
    chars = "431 to 131" if wire == "hermes" else "400 to 100"  # hermes reads its tags too
    name = shown or {
        "anthropic": "'toolu_1'",
        "bedrock": "'tu_1'",
        "gemini": "'c1'",
    }.get(wire, "'call_1'")
    if wire == "hermes":
        name = "a call"
    assert change.what == f"The tool result for {name} was cut from {chars} characters"


@pytest.mark.parametrize("wire", WIRES)
def test_a_changed_system_prompt_is_found_there(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    _system(wire, later)
    found = _prefix(wire, later, sent)
    assert [(f.severity, f.path) for f in found] == [("warning", SYSTEM_AT[wire])]


@pytest.mark.parametrize("wire", ("anthropic", "openai", "bedrock"))
def test_a_moved_cache_marker_is_no_change(wire: str) -> None:
    """The wires whose requests carry cache markers (openai: gateways pass Anthropic's
    through): a marker added, moved or dropped is left out of the comparison."""
    sent, later = CONVERSATIONS[wire]()
    items = later[_key(wire)]
    if wire == "bedrock":
        items[2]["content"].append({"cachePoint": {"type": "default"}})
        sent["system"].append({"cachePoint": {"type": "default"}})
    else:
        items[2]["cache_control"] = {"type": "ephemeral"}
        items[0]["cache_control"] = {"type": "ephemeral"}
    assert _prefix(wire, later, sent) == []
    assert diff_requests(wire, sent, later).append_only


CALL_AT = {
    "anthropic": ("messages[1].content[1]", "call-id"),
    "bedrock": ("messages[1].content[1]", "call-id"),
    "openai": ("messages[2].tool_calls[0]", "call-id"),
    "responses": ("input[2]", "call-id"),
    "gemini": ("contents[1].parts[0]", "call-id"),
}


def _rename(wire: str, body: dict[str, Any]) -> None:
    """Rename the call's id and its result's, as an id repair would."""
    if wire == "anthropic":
        body["messages"][1]["content"][1]["id"] = "toolu_X"
        body["messages"][2]["content"][0]["tool_use_id"] = "toolu_X"
    elif wire == "bedrock":
        body["messages"][1]["content"][1]["toolUse"]["toolUseId"] = "tu_X"
        body["messages"][2]["content"][0]["toolResult"]["toolUseId"] = "tu_X"
    elif wire == "openai":
        body["messages"][2]["tool_calls"][0]["id"] = "call_X"
        body["messages"][3]["tool_call_id"] = "call_X"
    elif wire == "responses":
        body["input"][2]["call_id"] = "call_X"
        body["input"][3]["call_id"] = "call_X"
    else:
        body["contents"][1]["parts"][0]["functionCall"]["id"] = "cX"
        body["contents"][2]["parts"][0]["functionResponse"]["id"] = "cX"


@pytest.mark.parametrize("wire", tuple(CALL_AT))
def test_a_renamed_call_id_is_found_at_the_call(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    _rename(wire, later)
    found = _prefix(wire, later, sent)
    assert [(f.severity, f.path) for f in found] == [("warning", CALL_AT[wire][0])]
    change = diff_requests(wire, sent, later).change
    assert change is not None and change.kind == CALL_AT[wire][1]


@pytest.mark.parametrize("wire", ("ollama", "hermes"))
def test_changed_call_arguments_without_ids(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    if wire == "ollama":
        later["messages"][2]["tool_calls"][0]["function"]["arguments"] = {"x": 1}
        at = "messages[2].tool_calls[0]"
    else:
        later["messages"][2]["content"] = (
            '<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>'
        )
        at = "messages[2]"
    change = diff_requests(wire, sent, later).change
    assert change is not None and (change.kind, change.path) == ("call-changed", at)


@pytest.mark.parametrize("wire", WIRES)
def test_changed_tools_are_found_first(wire: str) -> None:
    sent, later = CONVERSATIONS[wire]()
    _cut(wire, later)
    if wire == "bedrock":
        later["toolConfig"]["tools"][0]["toolSpec"]["name"] = "g"
        at = "toolConfig.tools[0].toolSpec.name"
    elif wire == "hermes":
        later["tools"] = [{"type": "function", "function": {"name": "g"}}]
        at = "tools"
    elif wire == "gemini":
        later["tools"][0]["functionDeclarations"][0]["name"] = "g"
        at = "tools[0].functionDeclarations[0].name"
    elif wire in ("openai", "ollama"):
        later["tools"][0]["function"]["name"] = "g"
        at = "tools[0].function.name"
    elif wire == "responses":
        later["tools"][0]["name"] = "g"
        at = "tools[0].name"
    else:
        later["tools"][0]["name"] = "g"
        at = "tools[0].name"
    found = _prefix(wire, later, sent)
    assert [(f.severity, f.path) for f in found] == [("warning", at)]
    change = diff_requests(wire, sent, later).change
    assert change is not None and change.kind == "tools" and change.index is None


THINKING = {
    "anthropic": ("claude-fable-5-1", "messages[1].content[0]", "messages[3].content[0]"),
    "bedrock": (
        "us.anthropic.claude-sonnet-5-5-v1:0",
        "messages[1].content[0]",
        "messages[3].content[0]",
    ),
}


@pytest.mark.parametrize("wire", tuple(THINKING))
def test_a_thinking_block_left_out_is_an_error_on_a_binding_model(wire: str) -> None:
    model, where, bound = THINKING[wire]
    sent, later = CONVERSATIONS[wire]()
    del later["messages"][1]["content"][0]
    change = diff_requests(wire, sent, later).change
    assert change is not None and (change.kind, change.path) == ("thinking-removed", where)
    found = _prefix(wire, later, sent, model=model)
    assert [(f.severity, f.path) for f in found] == [("error", where)]
    assert f'"{bound.replace("[", ".").replace("]", "")}: Invalid `signature`' in found[0].message
    # the same edit on a model that does not bind thinking: a warning naming the risk
    found = _prefix(wire, later, sent, model="claude-opus-4-6")
    assert [(f.severity, f.path) for f in found] == [("warning", where)]
    assert "would make this a 400" in found[0].message


@pytest.mark.parametrize("wire", tuple(THINKING))
def test_thinking_moved_and_altered(wire: str) -> None:
    model, where, _ = THINKING[wire]
    sent, later = CONVERSATIONS[wire]()
    blocks = later["messages"][1]["content"]
    blocks.reverse()
    change = diff_requests(wire, sent, later).change
    assert change is not None and change.kind == "thinking-moved"
    assert change.what == f"The thinking block sent at {where} moved to content[1]"
    sent, later = CONVERSATIONS[wire]()
    block = later["messages"][1]["content"][0]
    if wire == "anthropic":
        block["thinking"] = "t1, edited"
    else:
        block["reasoningContent"]["reasoningText"]["text"] = "t1, edited"
    change = diff_requests(wire, sent, later).change
    assert change is not None and (change.kind, change.path) == ("thinking-altered", where)
    assert [f.severity for f in _prefix(wire, later, sent, model=model)] == ["error"]


def test_a_change_after_the_last_signed_block_is_a_warning_on_a_binding_model() -> None:
    sent, later = _anthropic()
    sent["messages"].append({"role": "assistant", "content": [{"type": "text", "text": "a"}]})
    sent["messages"].append({"role": "user", "content": "b"})
    later = copy.deepcopy(sent)
    later["messages"][4]["content"] = "b, edited"
    found = _prefix("anthropic", later, sent, model="claude-fable-5-1")
    assert [(f.severity, f.path) for f in found] == [("warning", "messages[4].content")]


def test_a_reasoning_item_left_out_loses_reasoning_on_responses() -> None:
    sent, later = _responses()
    del later["input"][1]
    change = diff_requests("responses", sent, later).change
    assert change is not None and (change.kind, change.path) == ("thinking-removed", "input[1]")
    found = _prefix("responses", later, sent)
    assert [(f.severity, f.path) for f in found] == [("warning", "input[1]")]
    assert "newer OpenAI models drop the 1 reasoning item after it" in found[0].message


def test_the_warning_names_the_tokens_after_the_change() -> None:
    sent, later = _openai()
    _cut("openai", later)
    found = diff_requests("openai", sent, later)
    assert found.tokens_after == 57
    [finding] = _prefix("openai", later, sent)
    assert finding.message == (
        "The tool result for 'call_1' was cut from 400 to 100 characters, in what the"
        " previous request sent: about 57 input tokens from here on are billed again by the"
        " prompt cache."
    )


def test_a_continued_stored_response_compares_only_the_fields() -> None:
    sent, later = _responses()
    later = {**later, "previous_response_id": "resp_1", "input": [{"role": "user", "content": "n"}]}
    found = diff_requests("responses", sent, later)
    assert (found.append_only, found.continues) == (True, True)


def test_the_inputs_are_not_mutated_and_sdk_objects_are_read() -> None:
    pydantic = pytest.importorskip("pydantic")

    class Message(pydantic.BaseModel):
        role: str
        content: str

    sent, later = _openai()
    frozen = (copy.deepcopy(sent), copy.deepcopy(later))
    _cut("openai", later)
    frozen = (copy.deepcopy(sent), copy.deepcopy(later))
    later["messages"][1] = Message(role="user", content="q")
    found = _prefix("openai", later, sent)
    assert [f.path for f in found] == ["messages[3]"]
    assert sent == frozen[0]
    assert later["messages"][1] == Message(role="user", content="q")


def test_the_notebook_view_marks_the_change_and_escapes_tool_data() -> None:
    sent, later = _anthropic()
    _cut("anthropic", later)
    png = "iVBORw0KGgo" + "A" * 3000
    image = {"type": "base64", "media_type": "image/png", "data": png}
    later["messages"][0]["content"] = [
        {"type": "text", "text": "<script>alert(1)</script>"},
        {"type": "image", "source": image},
    ]
    shown = diff_requests("anthropic", sent, later)._repr_html_()
    assert shown is not None
    assert "<script>alert(1)</script>" not in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert png[:200] not in shown
    assert "first change at messages[0].content<" in shown
    assert shown.count("after the change") == 5  # every message of the later request
    appended = diff_requests("anthropic", sent, _anthropic()[1])._repr_html_()
    assert appended is not None and appended.count(">appended<") == 2


def test_an_earlier_request_of_sdk_objects_is_dumped_not_mutated() -> None:
    pydantic = pytest.importorskip("pydantic")

    class Message(pydantic.BaseModel):
        role: str
        content: str

    sent, later = _openai()
    sent["messages"][1] = Message(role="user", content="q")
    given = copy.deepcopy(sent)
    assert _prefix("openai", later, sent) == []
    assert sent == given
    _cut("openai", later)
    assert [f.path for f in _prefix("openai", later, sent)] == ["messages[3]"]


def test_bad_arguments_are_named() -> None:
    sent, later = _openai()
    with pytest.raises(TypeError) as raised:
        diff_requests("openai", sent, later, model=4)  # type: ignore[arg-type]
    assert str(raised.value) == "model must be a str or None, not int"
    with pytest.raises(TypeError) as raised:
        diff_requests("openai", "earlier", later)
    assert str(raised.value) == "a request must be a dict or a list, not str"
    with pytest.raises(ValueError) as wrong:
        diff_requests("telegraph", sent, later)
    assert str(wrong.value).startswith("unknown wire 'telegraph'")
