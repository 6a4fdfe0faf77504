"""SPEC 8: lint never raises on JSON input; a malformed inside is a finding at its path.

Every position of a rich request of each wire (every dict value and list item, at any
depth) is given a value of every JSON type in turn, and a block whose ``type`` is itself
an object (issue 29.2: ``lint`` raised ``unhashable type: 'dict'``). ``lint`` and
``repair`` must answer each with findings, never an exception.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from lint_fixtures import user

from toolresult_lab import WIRES, ToolCall, ToolResult, lint, repair, tool_turn
from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF

#: One value of each JSON type, and objects and lists whose insides are of the wrong type.
JSON_VALUES: tuple[Any, ...] = (
    None,
    True,
    7,
    2.5,
    "x",
    "",
    [],
    {},
    {"type": {"x": 1}, "text": "a"},
    [{"type": ["image"], "source": 3}],
    {"role": {"r": 1}, "content": {"c": []}},
)


def _rich_request(wire: str) -> list[Any]:
    """A user message, then a turn of two calls whose results hold text, an image and a PDF."""
    calls = [
        ToolCall(id="call_1", name="look", arguments={"q": "a"}),
        ToolCall(id="call_2", name="read", arguments="{}"),
    ]
    results = [
        ToolResult(
            name="look",
            id="call_1",
            content=[
                {"type": "text", "text": "seen"},
                {"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]},
            ],
        ),
        ToolResult(
            name="read",
            id="call_2",
            content=[
                {
                    "type": "resource",
                    "resource": {
                        "uri": "file:///q3.pdf",
                        "blob": SAMPLE_PDF,
                        "mimeType": "application/pdf",
                    },
                },
            ],
        ),
    ]
    turn = tool_turn(wire, calls, results, image_input=True, native_pdf=True)
    return [user(wire), *turn, user(wire, "thanks")]


def _positions(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _positions(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*path, index)
            yield from _positions(item, (*path, index))


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    out = copy.deepcopy(value)
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = copy.deepcopy(new)
    return out


@pytest.mark.parametrize("wire", WIRES)
def test_every_position_given_every_json_type_is_a_finding_never_an_exception(wire: str) -> None:
    messages = _rich_request(wire)
    body = {"messages": messages} if wire != "gemini" else {"contents": messages}
    if wire == "responses":
        body = {"input": messages}
    positions = list(_positions(body))
    assert len(positions) > 15  # the request is rich enough to mean something
    raised = []
    for path in positions:
        for new in JSON_VALUES:
            bad = _replaced(body, path, new)
            try:
                lint(wire, bad)
                # repair's output is JSON (a Python object once stood in for a removed block)
                json.dumps(repair(wire, bad).request, allow_nan=False)
            except Exception as exc:
                raised.append(f"{path} = {new!r}: {type(exc).__name__}: {exc}")
    assert not raised, f"{len(raised)} raised, first ones:\n" + "\n".join(raised[:15])


def test_a_block_whose_type_is_an_object_is_a_finding_at_its_path() -> None:
    """Issue 29.2, exactly as found."""
    request = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "t1",
                    "content": [{"type": {"x": 1}, "text": "a"}],
                }
            ],
        },
    ]
    found = [(f.rule, f.severity, f.path) for f in lint("anthropic", request)]
    assert found == [
        ("tool-result-content", "error", "messages[2].content[0].content[0]"),
        ("shape", "error", "messages[2].content[0].content[0].type"),
    ]


def _odd_request(wire: str) -> list[Any]:
    """A request whose second tool turn lost its calls: its results answer no call (the
    outputs repair keeps), between user messages of text."""
    first = _rich_request(wire)
    turn = tool_turn(
        wire,
        [ToolCall(id="call_9", name="look", arguments={})],
        [
            ToolResult(
                name="look",
                id="call_9",
                content=[
                    {"type": "text", "text": "OUTPUT"},
                    {"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]},
                ],
            )
        ],
        image_input=True,
    )
    return [*first, *turn[1:], user(wire, "more")]


def _without(value: Any, path: tuple[Any, ...]) -> Any:
    out = copy.deepcopy(value)
    holder = out
    for step in path[:-1]:
        holder = holder[step]
    del holder[path[-1]]
    return out


@pytest.mark.parametrize("wire", WIRES)
def test_results_that_answer_no_call_with_any_inside_are_findings_never_exceptions(
    wire: str,
) -> None:
    """Issue 36 (repair-settle): results that answer no call go through repair's kept
    outputs, where a block type was looked up in a set (a list type raised ``unhashable``);
    a member removed anywhere (a message without ``content`` before results that follow a
    text raised ``KeyError``). Every position of such a request is given every JSON type,
    and removed."""
    messages = _odd_request(wire)
    key = {"gemini": "contents", "responses": "input"}.get(wire, "messages")
    body = {key: messages}
    positions = list(_positions(body))
    raised = []
    for path in positions:
        variants = [_replaced(body, path, new) for new in JSON_VALUES]
        variants.append(_without(body, path))
        for bad in variants:
            try:
                lint(wire, bad)
                json.dumps(repair(wire, bad).request, allow_nan=False)
            except Exception as exc:
                raised.append(f"{path}: {type(exc).__name__}: {exc}")
    assert not raised, f"{len(raised)} raised, first ones:\n" + "\n".join(raised[:15])


def _server_tool_body(use_id: Any, result_id: Any) -> dict[str, Any]:
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "tools": [{"name": "f", "input_schema": {"type": "object"}}],
        "messages": [
            {"role": "user", "content": "search the web"},
            {
                "role": "assistant",
                "content": [
                    {"type": "server_tool_use", "id": use_id, "name": "web_search", "input": {}},
                    {"type": "web_search_tool_result", "tool_use_id": result_id, "content": []},
                ],
            },
            {"role": "user", "content": "thanks"},
        ],
    }


@pytest.mark.parametrize("odd", [[], {}, ["srvtoolu_1"], {"id": "srvtoolu_1"}])
@pytest.mark.parametrize("where", ["id", "tool_use_id", "name"])
def test_a_server_tool_block_whose_id_or_name_is_no_string_is_a_finding(
    odd: Any, where: str
) -> None:
    """Issue 36: server tools' ids were gathered in a set (``unhashable type: 'list'``
    out of lint, so out of repair and translate too). Such an id answers nothing, such a
    name names no tool of ``tools``: a call left so is a finding at the block."""
    body = _server_tool_body("srvtoolu_1", "srvtoolu_2" if where == "name" else "srvtoolu_1")
    block = 1 if where == "tool_use_id" else 0
    body["messages"][1]["content"][block][where] = odd
    found = [(f.rule, f.path) for f in lint("anthropic", body)]
    assert found == [("server-tool-without-result", "messages[1].content[0]")]
    assert repair("anthropic", body).request == body  # reported, not repaired
