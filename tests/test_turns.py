"""SPEC section 7: ToolCall, ToolCall.from_wire and tool_turn, rule by rule.

Expected turns are the hand-built ones of ``turn_fixtures`` (written from the SPEC 7 table,
independently of the implementation) or literal values worked out by hand.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from turn_fixtures import CASES, JPEG, PNG, THOUGHT_SIGNATURE, TurnCase

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn
from toolresult_lab.conversion.tool_turns import build_turn

WEATHER = ToolCall(id="call_w", name="get_weather", arguments={"city": "Köln"})
TIME = ToolCall(id="call_t", name="get_time", arguments='{"tz": "UTC"}')


def text(call: ToolCall | None = None, body: str = "ok", **kwargs: Any) -> ToolResult:
    named = {"name": call.name, "id": call.id} if call is not None else {}
    return ToolResult(content=[{"type": "text", "text": body}], **{**named, **kwargs})


def tool_calls(case: TurnCase) -> list[ToolCall]:
    return [
        ToolCall(id=c.id, name=c.name, arguments=c.arguments, extra=c.extra) for c in case.calls
    ]


def results_of(case: TurnCase) -> list[ToolResult]:
    """The case's results; where only some carry ids (not allowed), all lose theirs."""
    results = list(case.results)
    if any(r.id for r in results) and not all(r.id for r in results):
        return [ToolResult(**{**r.to_dict(), "id": ""}) for r in results]
    return results


# --------------------------------------------------------------------------------------------
# tool_turn against the hand-built turns of every wire
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_tool_turn_equals_the_hand_built_turn(case: TurnCase) -> None:
    got = tool_turn(
        case.wire,
        tool_calls(case),
        results_of(case),
        hoist_images=case.hoist_images,
        **case.options,
    )
    assert got == case.messages


def test_one_turn_per_wire_in_full() -> None:
    calls = [WEATHER, TIME]
    results = [text(TIME, "10:00"), text(WEATHER, "Sunny")]  # any order: paired by id
    assert tool_turn("openai", calls, results) == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_w",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city":"Köln"}'},
                },
                {
                    "id": "call_t",
                    "type": "function",
                    "function": {"name": "get_time", "arguments": '{"tz": "UTC"}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_w", "content": "Sunny"},
        {"role": "tool", "tool_call_id": "call_t", "content": "10:00"},
    ]
    assert tool_turn("anthropic", calls, results) == [
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "call_w",
                    "name": "get_weather",
                    "input": {"city": "Köln"},
                },
                {"type": "tool_use", "id": "call_t", "name": "get_time", "input": {"tz": "UTC"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_w",
                    "content": [{"type": "text", "text": "Sunny"}],
                },
                {
                    "type": "tool_result",
                    "tool_use_id": "call_t",
                    "content": [{"type": "text", "text": "10:00"}],
                },
            ],
        },
    ]
    assert tool_turn("gemini", calls, results) == [
        {
            "role": "model",
            "parts": [
                {"functionCall": {"name": "get_weather", "args": {"city": "Köln"}, "id": "call_w"}},
                {"functionCall": {"name": "get_time", "args": {"tz": "UTC"}, "id": "call_t"}},
            ],
        },
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "name": "get_weather",
                        "id": "call_w",
                        "response": {"result": "Sunny"},
                    }
                },
                {
                    "functionResponse": {
                        "name": "get_time",
                        "id": "call_t",
                        "response": {"result": "10:00"},
                    }
                },
            ],
        },
    ]
    assert tool_turn("ollama", calls, results) == [
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "function": {"name": "get_weather", "arguments": {"city": "Köln"}},
                    "id": "call_w",
                },
                {"function": {"name": "get_time", "arguments": {"tz": "UTC"}}, "id": "call_t"},
            ],
        },
        {"role": "tool", "tool_name": "get_weather", "tool_call_id": "call_w", "content": "Sunny"},
        {"role": "tool", "tool_name": "get_time", "tool_call_id": "call_t", "content": "10:00"},
    ]
    assert tool_turn("responses", calls, results) == [
        {
            "type": "function_call",
            "call_id": "call_w",
            "name": "get_weather",
            "arguments": '{"city":"Köln"}',
        },
        {
            "type": "function_call",
            "call_id": "call_t",
            "name": "get_time",
            "arguments": '{"tz": "UTC"}',
        },
        {"type": "function_call_output", "call_id": "call_w", "output": "Sunny"},
        {"type": "function_call_output", "call_id": "call_t", "output": "10:00"},
    ]
    assert tool_turn("hermes", calls, results, response_tag="fn") == [
        {
            "role": "assistant",
            "content": '<tool_call>\n{"name":"get_weather","arguments":{"city":"Köln"}}'
            '\n</tool_call>\n<tool_call>\n{"name":"get_time","arguments":{"tz":"UTC"}}\n</tool_call>',
        },
        {"role": "tool", "content": '<fn>\n{"content":"Sunny","name":"get_weather"}\n</fn>'},
        {"role": "tool", "content": '<fn>\n{"content":"10:00","name":"get_time"}\n</fn>'},
    ]


@pytest.mark.parametrize("wire", WIRES)
def test_results_are_exactly_what_to_makes(wire: str) -> None:
    result = ToolResult(
        name="get_weather",
        id="call_w",
        content=[
            {"type": "text", "text": "Radar:"},
            {"type": "image", "mimeType": "image/png", "data": PNG},
        ],
        is_error=True,
    )
    options = {"image_input": True, "native_pdf": True, "response_tag": "r"}
    messages = tool_turn(wire, [WEATHER], [result], echo=False, **options)
    block = result.to(wire, **options)
    expected = {
        "openai": [block],
        "ollama": [block],
        "responses": [block],
        "anthropic": [{"role": "user", "content": [block]}],
        "gemini": [{"role": "user", "parts": [block]}],
        "hermes": [{"role": "tool", "content": block}],
        "bedrock": [{"role": "user", "content": [block]}],
    }[wire]
    assert messages == expected


# --------------------------------------------------------------------------------------------
# echo=False, arguments, extra
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("wire", WIRES)
def test_echo_false_leaves_only_the_results(wire: str) -> None:
    calls, results = [WEATHER, TIME], [text(WEATHER), text(TIME)]
    full = tool_turn(wire, calls, results)
    bare = tool_turn(wire, calls, results, echo=False)
    echo_length = 2 if wire == "responses" else 1
    assert bare == full[echo_length:]


def test_echo_false_checks_the_pairing_all_the_same() -> None:
    with pytest.raises(ValueError, match="no result answers call id 'call_t'"):
        tool_turn("openai", [WEATHER, TIME], [text(WEATHER)], echo=False)


def test_arguments_text_is_echoed_verbatim_on_text_wires_and_parsed_elsewhere() -> None:
    call = ToolCall(id="c", name="f", arguments='{ "b": 1,  "a": NaN }')
    assert call.argtext == '{ "b": 1,  "a": NaN }'
    assert call.args == {"b": 1, "a": None}  # NaN parses, then becomes null (SPEC 6)
    result = text(call)
    assert tool_turn("openai", [call], [result])[0]["tool_calls"][0]["function"]["arguments"] == (
        '{ "b": 1,  "a": NaN }'
    )
    assert tool_turn("responses", [call], [result])[0]["arguments"] == '{ "b": 1,  "a": NaN }'
    assert tool_turn("anthropic", [call], [result])[0]["content"][0]["input"] == {"b": 1, "a": None}
    assert tool_turn("hermes", [call], [result])[0]["content"] == (
        '<tool_call>\n{"name":"f","arguments":{"b":1,"a":null}}\n</tool_call>'
    )


@pytest.mark.parametrize("arguments", ["[1, 2]", "not json", '"text"', "", "42", "{"])
def test_arguments_that_are_not_a_json_object_give_an_empty_object(arguments: str) -> None:
    call = ToolCall(id="c", name="f", arguments=arguments)
    assert call.args == {}
    assert call.arguments == call.argtext == arguments
    turn = tool_turn("gemini", [call], [text(call)])
    assert turn[0]["parts"][0]["functionCall"]["args"] == {}
    assert tool_turn("openai", [call], [text(call)])[0]["tool_calls"][0]["function"][
        "arguments"
    ] == (arguments)


def test_object_arguments_keep_their_key_order_and_characters() -> None:
    call = ToolCall(name="f", arguments={"z": "ü </x>", "a": [1.5, {"y": None, "b": True}]})
    assert call.argtext == '{"z":"ü </x>","a":[1.5,{"y":null,"b":true}]}'
    hermes = tool_turn("hermes", [call], [text(call)])[0]["content"]
    assert hermes == (
        '<tool_call>\n{"name":"f","arguments":{"z":"ü <\\/x>","a":[1.5,{"y":null,"b":true}]}}'
        "\n</tool_call>"
    )


def test_strict_json_applies_to_arguments_and_extra() -> None:
    lone = "a\ud800b"
    call = ToolCall(
        id="c" + lone,
        name="f" + lone,
        arguments={"x": float("nan"), "y": [float("inf")], lone: b"bytes\xff", "s": {1, 2}},
        extra={"anthropic": {"cache_control": {"type": "ephemeral", "n": float("-inf")}}},
    )
    assert call.id == "ca\ufffdb" and call.name == "fa\ufffdb"
    assert call.args == {"x": None, "y": [None], "a\ufffdb": "bytes\ufffd", "s": "[unsupported]"}
    assert call.extra == {"anthropic": {"cache_control": {"type": "ephemeral", "n": None}}}
    escaped = ToolCall(name="f", arguments='{"k": "\\ud800"}')  # an escape in JSON text is text
    assert escaped.argtext == '{"k": "\\ud800"}'
    assert escaped.args == {"k": "\ufffd"}


DEEP = r"ToolCall\.arguments is nested deeper than 256 levels"


def test_deep_arguments_are_a_clear_error() -> None:
    deep: Any = {}
    for _ in range(300):
        deep = {"a": deep}
    with pytest.raises(ValueError, match=DEEP):
        ToolCall(name="f", arguments=deep)
    with pytest.raises(ValueError, match=DEEP):
        ToolCall(name="f", arguments='{"a":' * 300 + "1" + "}" * 300)
    with pytest.raises(ValueError, match=DEEP):
        ToolCall(name="f", arguments='{"a":' * 100_000 + "1" + "}" * 100_000)
    ok: Any = {}
    for _ in range(199):
        ok = {"a": ok}
    assert ToolCall(name="f", arguments=ok).args == ok


def test_extra_is_merged_into_each_wires_entry_and_never_replaces_a_key() -> None:
    call = ToolCall(
        id="c1",
        name="f",
        arguments={"a": 1},
        extra={
            "openai": {"id": "spoofed", "x_trace": 1},
            "anthropic": {"cache_control": {"type": "ephemeral"}, "input": {"no": 1}},
            "gemini": {"thoughtSignature": THOUGHT_SIGNATURE},
            "ollama": {"function": None, "index": 0},
            "responses": {"id": "fc_1", "status": "completed", "call_id": "spoofed"},
            "hermes": {"ignored": True},
        },
    )
    result = text(call)
    assert tool_turn("openai", [call], [result])[0]["tool_calls"] == [
        {
            "id": "c1",
            "type": "function",
            "function": {"name": "f", "arguments": '{"a":1}'},
            "x_trace": 1,
        }
    ]
    assert tool_turn("anthropic", [call], [result])[0]["content"] == [
        {
            "type": "tool_use",
            "id": "c1",
            "name": "f",
            "input": {"a": 1},
            "cache_control": {"type": "ephemeral"},
        }
    ]
    assert tool_turn("gemini", [call], [result])[0]["parts"] == [
        {
            "functionCall": {"name": "f", "args": {"a": 1}, "id": "c1"},
            "thoughtSignature": THOUGHT_SIGNATURE,
        }
    ]
    assert tool_turn("ollama", [call], [result])[0]["tool_calls"] == [
        {"function": {"name": "f", "arguments": {"a": 1}}, "id": "c1", "index": 0}
    ]
    assert tool_turn("responses", [call], [result])[0] == {
        "type": "function_call",
        "call_id": "c1",
        "name": "f",
        "arguments": '{"a":1}',
        "id": "fc_1",
        "status": "completed",
    }
    assert tool_turn("hermes", [call], [result])[0] == {
        "role": "assistant",
        "content": '<tool_call>\n{"name":"f","arguments":{"a":1}}\n</tool_call>',
    }


def test_ollama_extra_may_add_an_id_the_call_lacks() -> None:
    call = ToolCall(name="f", extra={"ollama": {"id": "from_extra"}})
    assert tool_turn("ollama", [call], [text()])[0]["tool_calls"] == [
        {"function": {"name": "f", "arguments": {}}, "id": "from_extra"}
    ]


# --------------------------------------------------------------------------------------------
# Pairing
# --------------------------------------------------------------------------------------------


def test_results_pair_by_id_in_any_order_and_come_out_in_call_order() -> None:
    calls = [WEATHER, TIME, ToolCall(id="call_n", name="get_news")]
    results = [text(calls[2], "news"), text(WEATHER, "sun"), text(TIME, "time")]
    out = tool_turn("responses", calls, results, echo=False)
    assert [(m["call_id"], m["output"]) for m in out] == [
        ("call_w", "sun"),
        ("call_t", "time"),
        ("call_n", "news"),
    ]


def test_results_without_ids_pair_by_position_and_take_the_calls_name_and_id() -> None:
    results = [ToolResult(content=[{"type": "text", "text": "a"}]), text(body="b")]
    kept = copy.deepcopy([r.to_dict() for r in results])
    out = tool_turn("ollama", [WEATHER, TIME], results, echo=False)
    assert out == [
        {"role": "tool", "tool_name": "get_weather", "tool_call_id": "call_w", "content": "a"},
        {"role": "tool", "tool_name": "get_time", "tool_call_id": "call_t", "content": "b"},
    ]
    assert [r.to_dict() for r in results] == kept  # the caller's results are untouched
    turn = build_turn("ollama", [WEATHER, TIME], results)
    assert [(r.name, r.id) for _, r in turn.pairs] == [
        ("get_weather", "call_w"),
        ("get_time", "call_t"),
    ]
    assert results[0].name == "" and results[0].id == ""


def test_a_result_with_an_id_but_no_name_takes_the_calls_name() -> None:
    result = ToolResult(id="call_w", content=[])
    out = tool_turn("gemini", [WEATHER], [result], echo=False)
    assert out[0]["parts"][0]["functionResponse"]["name"] == "get_weather"


PAIRING_ERRORS = [
    ([], [], "tool_turn needs at least one call"),
    (
        [WEATHER, ToolCall(id="call_w", name="other")],
        [text(), text()],
        r"call id 'call_w' is used by calls\[0\] and calls\[1\]: call ids must be unique",
    ),
    (
        [WEATHER],
        [text(WEATHER), text(WEATHER)],
        r"call id 'call_w' is answered twice: results\[0\] and results\[1\]",
    ),
    (
        [WEATHER, TIME],
        [text(WEATHER), text(ToolCall(id="call_x", name="get_time"))],
        r"results\[1\] answers call id 'call_x', which no call has"
        r" \(call ids: 'call_w', 'call_t'\)",
    ),
    ([WEATHER, TIME], [text(TIME)], r"no result answers call id 'call_w'"),
    (
        [WEATHER, TIME],
        [text(WEATHER), text()],
        r"results\[0\] carry call ids but results\[1\] do not",
    ),
    ([WEATHER, TIME], [text()], r"2 call\(s\) but 1 result\(s\)"),
    ([WEATHER], [], r"1 call\(s\) but 0 result\(s\)"),
    (
        [WEATHER],
        [text(body="x", name="get_time")],
        r"results\[0\] is named 'get_time', but it answers call id 'call_w', named 'get_weather'",
    ),
]


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize(("calls", "results", "message"), PAIRING_ERRORS)
def test_pairing_errors_name_the_ids(
    wire: str, calls: list[ToolCall], results: list[ToolResult], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        tool_turn(wire, calls, results)


@pytest.mark.parametrize("wire", ["openai", "anthropic", "responses"])
def test_these_wires_need_a_call_id_on_every_call(wire: str) -> None:
    calls = [WEATHER, ToolCall(name="get_time")]
    with pytest.raises(
        ValueError, match=rf"{wire} pairs results with calls by id, but calls\[1\] \('get_time'\)"
    ):
        tool_turn(wire, calls, [text(), text()])


@pytest.mark.parametrize("wire", ["gemini", "ollama", "hermes"])
def test_these_wires_take_calls_without_ids(wire: str) -> None:
    calls = [ToolCall(name="a"), ToolCall(name="b")]
    out = build_turn(wire, calls, [text(), text()])
    assert [(r.name, r.id) for _, r in out.pairs] == [("a", ""), ("b", "")]
    with pytest.raises(
        ValueError, match=r"results\[1\] is named 'c', but it answers calls\[1\], named 'b'"
    ):
        tool_turn(wire, calls, [text(), text(body="x", name="c")])
    with pytest.raises(
        ValueError,
        match=r"the results carry call ids, so every call needs one: calls\[0\], calls\[1\]",
    ):
        tool_turn(wire, calls, [text(ToolCall(id="x", name="a")), text(ToolCall(id="y", name="b"))])


# --------------------------------------------------------------------------------------------
# Types, options, no mutation
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"calls": WEATHER}, TypeError, "tool_turn: calls must be a list or tuple of ToolCall"),
        (
            {"calls": [{"id": "x"}]},
            TypeError,
            r"tool_turn: calls\[0\] must be a ToolCall, not dict",
        ),
        (
            {"results": text()},
            TypeError,
            "tool_turn: results must be a list or tuple of ToolResult",
        ),
        ({"results": [None]}, TypeError, r"tool_turn: results\[0\] must be a ToolResult, not None"),
        ({"echo": 1}, TypeError, "tool_turn: echo must be a bool, not int"),
        ({"hoist_images": None}, TypeError, "tool_turn: hoist_images must be a bool, not NoneType"),
        ({"wire": "vertex"}, ValueError, "unknown wire 'vertex'; known wires: openai, anthropic"),
        ({"bogus": True}, TypeError, "unknown option 'bogus'"),
        ({"response_tag": 3}, TypeError, "response_tag must be a str, not int"),
        ({"hoist_images": True}, ValueError, "hoist_images=True needs image_input=True"),
        (
            {"hoist_images": True, "image_input": False},
            ValueError,
            "hoist_images=True needs image_input=True",
        ),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type, message: str) -> None:
    given = {"wire": "openai", "calls": [WEATHER], "results": [text(WEATHER)], **kwargs}
    with pytest.raises(error, match=message):
        tool_turn(given.pop("wire"), given.pop("calls"), given.pop("results"), **given)


@pytest.mark.parametrize("wire", WIRES)
def test_hoisting_needs_image_input_on_every_wire(wire: str) -> None:
    with pytest.raises(ValueError, match="hoist_images=True needs image_input=True"):
        tool_turn(wire, [WEATHER], [text(WEATHER)], hoist_images=True)


@pytest.mark.parametrize("wire", WIRES)
def test_nothing_given_is_mutated_and_every_message_is_fresh(wire: str) -> None:
    arguments = {"city": "Köln", "nested": {"list": [1, 2]}}
    extra = {
        "gemini": {"gemini": {"partMetadata": {"v": [1]}}},
        "bedrock": {"bedrock": {"type": "server_tool_use"}},
    }.get(wire, {wire: {"k": [1]}})
    call = ToolCall(id="c", name="f", arguments=arguments, extra=extra)
    arguments["nested"]["list"].append(3)  # the call owns a copy
    extra[wire].clear()
    assert call.args == {"city": "Köln", "nested": {"list": [1, 2]}}
    assert call.extra != {}
    calls, results = [call], [text(call)]
    calls_kept, results_kept = list(calls), list(results)
    first = tool_turn(wire, calls, results)
    assert calls == calls_kept and results == results_kept
    snapshot = copy.deepcopy(first)

    def scribble(value: Any) -> None:
        if isinstance(value, dict):
            for item in list(value.values()):
                scribble(item)
            value["scribbled"] = True
        elif isinstance(value, list):
            for item in value:
                scribble(item)
            value.append("scribbled")

    scribble(first)
    assert tool_turn(wire, calls, results) == snapshot


# --------------------------------------------------------------------------------------------
# Hoisting
# --------------------------------------------------------------------------------------------

WEBP_RESOURCE = {
    "type": "resource",
    "resource": {"uri": "file:///a.webp", "mimeType": "image/webp", "blob": PNG},
}


def hoisting_turn() -> tuple[list[ToolCall], list[ToolResult]]:
    named = ToolCall(name="snap")  # no id: named by its name
    calls = [WEATHER, named]
    results = [
        ToolResult(
            content=[
                {"type": "text", "text": "Radar:"},
                {"type": "image", "mimeType": "image/png", "data": PNG[:40] + "\n" + PNG[40:]},
                {"type": "image", "mimeType": "image/bmp", "data": PNG},  # not a vision type
                {"type": "image", "mimeType": "image/png", "data": "QUJ="},  # not canonical
                {"type": "image", "mimeType": "image/gif"},  # no data
                {"type": "audio", "mimeType": "audio/wav", "data": PNG},
            ]
        ),
        ToolResult(
            content=[WEBP_RESOURCE, {"type": "image", "mimeType": "image/jpeg", "data": JPEG}]
        ),
    ]
    return calls, results


def test_hoisting_on_openai() -> None:
    calls, results = hoisting_turn()
    calls[1] = ToolCall(id="call_s", name="snap")
    turn = tool_turn("openai", calls, results, image_input=True, hoist_images=True)
    expected = [
        ToolResult(name=c.name, id=c.id, content=r.content)
        for c, r in zip(calls, results, strict=True)
    ]
    assert turn[1:3] == [r.to("openai") for r in expected]
    assert turn[3] == {
        "role": "user",
        "content": [
            {
                "type": "text",
                "text": "Images from the tool results above: call_w content[1],"
                " call_s content[0], call_s content[1]",
            },
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
            {"type": "image_url", "image_url": {"url": f"data:image/webp;base64,{PNG}"}},
            {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{JPEG}"}},
        ],
    }
    assert len(turn) == 4


def test_hoisting_on_ollama_names_a_call_without_id_by_its_name() -> None:
    calls, results = hoisting_turn()
    parts = build_turn("ollama", calls, results, image_input=True, hoist_images=True)
    assert parts.hoisted == [
        {
            "role": "user",
            "content": "Images from the tool results above: call_w content[1],"
            " snap content[0], snap content[1]",
            "images": [PNG, PNG, JPEG],
        }
    ]
    assert parts.hoisted_from == ((0, 1), (1, 0), (1, 1))
    assert parts.results == [
        ToolResult(name=c.name, id=c.id, content=r.content).to("ollama")
        for c, r in zip(calls, results, strict=True)
    ]


@pytest.mark.parametrize("wire", ["anthropic", "gemini", "responses", "hermes"])
def test_hoisting_changes_nothing_on_other_wires(wire: str) -> None:
    calls, results = hoisting_turn()
    if wire in ("anthropic", "responses"):
        calls[1] = ToolCall(id="call_s", name="snap")
    options = {"image_input": True}
    assert tool_turn(wire, calls, results, hoist_images=True, **options) == tool_turn(
        wire, calls, results, **options
    )


@pytest.mark.parametrize("wire", ["openai", "ollama"])
def test_no_image_to_hoist_no_message(wire: str) -> None:
    results = [text(WEATHER)]
    assert tool_turn(wire, [WEATHER], results, image_input=True, hoist_images=True) == tool_turn(
        wire, [WEATHER], results
    )


# --------------------------------------------------------------------------------------------
# ToolCall
# --------------------------------------------------------------------------------------------


def test_toolcall_fields_and_defaults() -> None:
    call = ToolCall(name="f")
    assert (call.id, call.name, call.arguments, call.args, call.argtext, call.extra) == (
        "",
        "f",
        {},
        {},
        "{}",
        {},
    )
    with pytest.raises(AttributeError):
        call.name = "g"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({}, TypeError, "name"),
        ({"name": 1}, TypeError, "ToolCall.name must be a str, not int"),
        ({"name": ""}, ValueError, "ToolCall.name must not be empty"),
        ({"name": "f", "id": None}, TypeError, "ToolCall.id must be a str, not NoneType"),
        (
            {"name": "f", "arguments": [1]},
            TypeError,
            r"ToolCall.arguments must be a dict or a str \(the model's JSON\), not list",
        ),
        ({"name": "f", "extra": []}, TypeError, "ToolCall.extra must be a dict"),
        (
            {"name": "f", "extra": {"vertex": {}}},
            ValueError,
            "ToolCall.extra: 'vertex' is not a wire",
        ),
        (
            {"name": "f", "extra": {"gemini": "x"}},
            TypeError,
            r"ToolCall.extra\['gemini'\] must be a dict",
        ),
        (
            {"name": "f", "extra": {"gemini": {"thought_signature": "QUJD"}}},
            ValueError,
            r"ToolCall.extra\['gemini'\]\['thought_signature'\]: not a Part field a call can carry"
            r" \(allowed: thought, thoughtSignature, partMetadata\)",
        ),
        (
            {"name": "f", "extra": {"gemini": {"thoughtSignature": "Cv8B-_7x"}}},
            ValueError,
            r"ToolCall.extra\['gemini'\]\['thoughtSignature'\] is not standard base64 text",
        ),
        (
            {"name": "f", "extra": {"gemini": {"thoughtSignature": b"\x01"}}},
            TypeError,
            r"ToolCall.extra\['gemini'\]\['thoughtSignature'\] must be standard base64 text",
        ),
        (
            {"name": "f", "extra": {"gemini": {"thought": "yes"}}},
            TypeError,
            r"ToolCall.extra\['gemini'\]\['thought'\] must be a bool, not str",
        ),
        (
            {"name": "f", "extra": {"gemini": {"partMetadata": []}}},
            TypeError,
            r"ToolCall.extra\['gemini'\]\['partMetadata'\] must be a dict, not list",
        ),
    ],
)
def test_toolcall_bad_fields(kwargs: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        ToolCall(**kwargs)


def test_toolcall_value_semantics() -> None:
    a = ToolCall(id="c", name="f", arguments={"x": 1}, extra={"gemini": {"thought": True}})
    b = ToolCall(id="c", name="f", arguments={"x": 1}, extra={"gemini": {"thought": True}})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != ToolCall(id="c", name="f", arguments='{"x":1}')  # text is not an object
    assert ToolCall(name="f", extra={"openai": {}}) == ToolCall(name="f")
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert pickle.loads(pickle.dumps(a)) == a
    returned = a.arguments
    assert isinstance(returned, dict)
    returned["x"] = 2
    assert a.arguments == {"x": 1}


def test_toolcall_repr_never_prints_a_payload() -> None:
    call = ToolCall(
        id="c",
        name="f",
        arguments={"q": "x" * 100},
        extra={"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}},
    )
    shown = repr(call)
    assert THOUGHT_SIGNATURE not in shown
    assert shown == (
        "ToolCall(id='c', name='f', arguments="
        + ('{"q":"' + "x" * 100 + '"}')[:59]
        + "…, extra={'gemini': ['thoughtSignature']})"
    )
    assert repr(ToolCall(name="f", arguments="{}")) == "ToolCall(id='', name='f', arguments='{}')"


def test_docstring_examples_run() -> None:
    import doctest

    import toolresult_lab.conversion.calls
    import toolresult_lab.conversion.tool_turns

    for module, count in (
        (toolresult_lab.conversion.calls, 3),
        (toolresult_lab.conversion.tool_turns, 6),
    ):
        assert doctest.testmod(module) == (0, count), module.__name__
