"""Issue 17, findings 15-17: values JSON cannot carry are refused at construction, naming
the field, and the command line answers JSON nested past Python's parser in one line."""

from __future__ import annotations

import json

import pytest

from toolresult_lab import WIRES, ToolCall, ToolResult
from toolresult_lab.cli import main
from toolresult_lab.conversion.encoding import MAX_INT_DIGITS

LONGEST = 10**MAX_INT_DIGITS - 1  # 4300 digits: still written as JSON
TOO_LONG = 10**MAX_INT_DIGITS  # 4301 digits


# -- finding 15: integers past Python's 4,300-digit limit -----------------------------


@pytest.mark.parametrize("value", [TOO_LONG, -TOO_LONG, 10**5000], ids=["4301", "-4301", "5001"])
def test_an_integer_json_cannot_write_is_refused_naming_the_field(value: int) -> None:
    message = f"holds an integer of more than {MAX_INT_DIGITS} digits"
    with pytest.raises(ValueError, match=f"^ToolResult.structured_content {message}"):
        ToolResult(structured_content={"n": value})
    with pytest.raises(ValueError, match=f"^ToolResult.structured_content {message}"):
        ToolResult(structured_content=value)
    with pytest.raises(ValueError, match=f"^ToolResult.content {message}"):
        ToolResult(content=[{"type": "text", "text": "x", "deep": [[{"n": value}]]}])
    with pytest.raises(ValueError, match=f"^ToolCall.arguments {message}"):
        ToolCall(name="f", arguments={"n": value})
    with pytest.raises(ValueError, match=f"^ToolCall.arguments {message}"):
        ToolCall(name="f", arguments={value: 1})  # a key is written as JSON text too
    with pytest.raises(ValueError, match=rf"^ToolCall.extra\['gemini'\] {message}"):
        ToolCall(name="f", extra={"gemini": {"partMetadata": {"n": [value]}}})


def test_the_longest_integer_accepted_goes_out_on_every_wire() -> None:
    result = ToolResult(id="c", name="f", structured_content={"n": LONGEST})
    for wire in WIRES:
        block = result.to(wire)
        text = block if isinstance(block, str) else json.dumps(block)
        assert "9" * MAX_INT_DIGITS in text, wire
    assert "structured_content=" in repr(result)
    call = ToolCall(name="f", arguments={"n": LONGEST})
    assert call.args == {"n": LONGEST}


def test_a_model_s_argument_text_with_such_an_integer_is_malformed() -> None:
    # The model's own text is kept verbatim; as for any other malformed text, args is {}.
    text = '{"n": 1' + "0" * 5000 + "}"
    call = ToolCall(name="f", arguments=text)
    assert call.args == {}
    assert call.arguments == text


# -- finding 16: keys that JSON writes alike -------------------------------------------


@pytest.mark.parametrize(
    ("given", "first", "second", "written"),
    [
        ({1: "a", "1": "b"}, "1", "'1'", '"1"'),
        ({"1": "b", 1: "a"}, "'1'", "1", '"1"'),
        ({None: 1, "null": 2}, "None", "'null'", '"null"'),
        ({True: 1, "true": 2}, "True", "'true'", '"true"'),
        ({1.5: 1, "1.5": 2}, "1.5", "'1.5'", '"1.5"'),
        ({chr(0xD800): 1, "\ufffd": 2}, "'\\ud800'", "'\ufffd'", '"\ufffd"'),
    ],
)
def test_colliding_keys_are_refused_naming_the_field(given, first, second, written) -> None:
    expected = (
        f"has keys {first} and {second} that JSON writes alike ({written}): one value would be lost"
    )
    with pytest.raises(ValueError) as raised:
        ToolResult(structured_content=given)
    assert str(raised.value) == f"ToolResult.structured_content {expected}"
    with pytest.raises(ValueError) as raised:
        ToolResult(content=[{"type": "text", "text": "x", "meta": given}])
    assert str(raised.value) == f"ToolResult.content {expected}"
    with pytest.raises(ValueError) as raised:
        ToolCall(name="f", arguments={"outer": given})
    assert str(raised.value) == f"ToolCall.arguments {expected}"


def test_keys_that_do_not_collide_are_written_as_json_keys() -> None:
    result = ToolResult(structured_content={1: "a", "2": "b", None: "c", 2.5: "d"})
    assert result.structured_content == {"1": "a", "2": "b", "null": "c", "2.5": "d"}
    call = ToolCall(name="f", arguments={1: "a", "b": 2})
    assert call.args == {"1": "a", "b": 2}


# -- finding 17: the command line on JSON nested past Python's parser ------------------


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def deep_files(tmp_path):
    depth = 10_000
    result = tmp_path / "deep.json"
    result.write_text('{"content": ' + "[" * depth + "]" * depth + "}")
    calls = tmp_path / "calls.json"
    calls.write_text('{"role": "assistant", "tool_calls": ' + "[" * depth + "]" * depth + "}")
    lines = tmp_path / "results.jsonl"
    lines.write_text('{"content": []}\n' + "[" * depth + "]" * depth + "\n")
    huge = tmp_path / "huge.json"
    huge.write_text('{"content": [], "structuredContent": {"n": 1' + "0" * 5000 + "}}")
    return result, calls, lines, huge


@pytest.mark.parametrize("command", ["convert", "explain"])
def test_convert_and_explain_answer_deep_json_in_one_line(capsys, deep_files, command) -> None:
    result, _, _, huge = deep_files
    code, out, err = _run(capsys, command, "--wire", "openai", str(result))
    assert (code, out) == (2, "")
    assert err == f"toolresult-lab: error: {result} is nested too deeply to read as JSON\n"
    code, out, err = _run(capsys, command, "--wire", "gemini", str(huge))
    assert (code, out) == (2, "")
    assert err.startswith(f"toolresult-lab: error: {huge} is not valid JSON: Exceeds the limit")
    assert err.count("\n") == 1


@pytest.mark.parametrize("wire", ["openai", "hermes"])
def test_turn_answers_deep_json_in_one_line(capsys, deep_files, wire) -> None:
    result, calls, lines, _ = deep_files
    code, out, err = _run(capsys, "turn", "--wire", wire, str(calls), str(result))
    assert (code, out) == (2, "")
    assert err == f"toolresult-lab: error: {calls} is nested too deeply to read as JSON\n"
    good_calls = calls.with_name("good.json")
    good_calls.write_text(
        json.dumps(
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "f", "arguments": "{}"},
                    }
                ],
            }
        )
    )
    code, out, err = _run(capsys, "turn", "--wire", "openai", str(good_calls), str(lines))
    assert (code, out) == (2, "")
    assert err == f"toolresult-lab: error: {lines} line 2 is nested too deeply to read as JSON\n"


def test_booleans_stay_booleans_beside_the_integer_check() -> None:
    # The check narrows nothing to int in the caller: compiled, that turned True into 1.
    result = ToolResult(structured_content={"a": True, "b": [False, None, 1]})
    assert result.structured_content == {"a": True, "b": [False, None, 1]}
    assert [type(v) for v in (result.structured_content["a"], *result.structured_content["b"])] == [
        bool,
        bool,
        type(None),
        int,
    ]
    assert ToolResult(structured_content=True).structured_content is True
    assert ToolCall(name="f", arguments={"x": True}).args["x"] is True
    block = ToolResult(content=[{"type": "search_result", "citations": {"enabled": True}}])
    assert block.to("anthropic")["content"][0]["citations"]["enabled"] is True
