"""An eighth wire in one module (issue 24: "a wire is one module plus data").

``toy`` is a made-up chat API: a tool result is ``{"role": "result", "ref": id, "tool":
name, "body": text}``; an assistant's calls are ``{"role": "assistant", "body": text,
"calls": [{"ref": id, "tool": name, "args": {...}}]}``; a request is ``{"turns": [...]}``.
Everything the wire knows sits below: its facts, its converter, its turn shape, its
readers and its request shape, handed to the registry as one ``WireModule`` with
``wires.registered``. The tests then ask the package's features for the wire without
touching another file, on the pure and the compiled build alike (the compiled core's
``Converter``, ``TurnShape`` and ``RequestShape`` allow subclasses written in Python).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import toolresult_lab
from toolresult_lab import ToolCall, ToolResult, lint, tool_turn, translate
from toolresult_lab.requests.linting import path_order
from toolresult_lab.wires import (
    HEADS,
    RESULT_BLOCK_TYPES,
    Add,
    OfficialClient,
    ReadRequest,
    RequestEdits,
    Scope,
    WireChecks,
    WireModule,
    read_block,
    read_request,
    register,
    registered,
    unregister,
    wire_facts,
    wire_module,
)

NAME = "toy"


def _toy() -> ModuleType:
    """The toy wire's module (imported here, so a wire that cannot be defined fails a test
    and not the collection of this file)."""
    return importlib.import_module("toy_wire")


@pytest.fixture
def toy() -> Iterator[WireModule]:
    with registered(_toy().WIRE) as wire:
        yield wire


# -- the registry ----------------------------------------------------------------------------


def test_register_and_unregister() -> None:
    module = _toy()
    TOY, FACTS, TURN = module.WIRE, module.FACTS, module.TURN
    with pytest.raises(ValueError, match="unknown wire 'toy'; known wires: openai, "):
        wire_facts(NAME)
    with registered(TOY):
        assert wire_facts(NAME) is FACTS
        assert wire_module(NAME).turn is TURN
        assert wire_module(NAME).request is TOY.request
        assert toolresult_lab.wires.FACTS[NAME] is FACTS
        with pytest.raises(ValueError, match="a wire named 'toy' is registered already"):
            register(TOY)
    with pytest.raises(ValueError, match="unknown wire 'toy'"):
        wire_facts(NAME)
    assert NAME not in toolresult_lab.wires.FACTS
    with pytest.raises(ValueError, match="no wire named 'toy' is registered"):
        unregister(NAME)
    with pytest.raises(ValueError, match="'openai' is one of the package's wires"):
        unregister("openai")
    with pytest.raises(TypeError, match="expected a WireModule, not dict"):
        register({"facts": FACTS})  # type: ignore[arg-type]


def test_a_wire_registered_again_gets_its_own_converter_and_readers() -> None:
    """The registry's caches (converters by options, the list key of a bare request) keep
    the module they were made from: the second registration's parts are used, never the
    first's, and an unregistered wire's converter is not served."""
    module = _toy()

    class LoudConverter(module.ToyConverter):  # type: ignore[misc,name-defined]
        """The toy converter with its body upper-cased: a second registration's."""

        def convert(self, data: Any) -> Any:
            made = super().convert(data)
            made.block["body"] = made.block["body"].upper()
            return made

    first = module.WIRE
    second = dataclasses.replace(first, converter=LoudConverter)
    with registered(first):
        assert RESULT.to(NAME)["body"] == "Sunny"
        assert len(toolresult_lab.wires.FACTS) == len(toolresult_lab.WIRES) + 1
    with pytest.raises(ValueError, match="unknown wire 'toy'"):
        RESULT.to(NAME)
    with registered(second):
        assert RESULT.to(NAME)["body"] == "SUNNY"
        assert list(toolresult_lab.wires.FACTS)[-1] == NAME
    with registered(first):
        assert RESULT.to(NAME)["body"] == "Sunny"
    assert list(toolresult_lab.wires.FACTS) == list(toolresult_lab.WIRES)


def test_registered_unregisters_when_the_block_raises() -> None:
    TOY = _toy().WIRE
    with pytest.raises(RuntimeError), registered(TOY):
        raise RuntimeError
    with pytest.raises(ValueError, match="unknown wire"):
        wire_facts(NAME)


# -- converting, turns, reading: through the registry ---------------------------------------

RESULT = ToolResult(name="get_weather", id="c1", content=[{"type": "text", "text": "Sunny"}])


def test_a_result_converts_to_the_toy_wire(toy: WireModule) -> None:
    assert RESULT.to(NAME) == {
        "role": "result",
        "ref": "c1",
        "tool": "get_weather",
        "body": "Sunny",
    }
    image = ToolResult(
        name="shot",
        id="c2",
        content=[{"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgo="}],
    )
    block = image.to(NAME)
    assert block["body"].startswith("[image] image/png")  # a placeholder, never the base64
    assert "iVBORw0KGgo" not in block["body"]


def test_a_tool_turn_on_the_toy_wire(toy: WireModule) -> None:
    call = ToolCall(name="get_weather", id="c1", arguments={"city": "Oslo"})
    assert tool_turn(NAME, [call], [RESULT]) == [
        {
            "role": "assistant",
            "body": "",
            "calls": [{"ref": "c1", "tool": "get_weather", "args": {"city": "Oslo"}}],
        },
        {"role": "result", "ref": "c1", "tool": "get_weather", "body": "Sunny"},
    ]
    echoed = tool_turn(NAME, [call], [RESULT])[0]
    assert ToolCall.from_wire(NAME, echoed) == (call,)


def test_the_toy_wire_reads_its_blocks_and_requests(toy: WireModule) -> None:
    part = read_block(NAME, RESULT.to(NAME))
    assert (part.id, part.name, [p.text for p in part.parts]) == ("c1", "get_weather", ["Sunny"])
    read = read_request(NAME, {"turns": _conversation()})
    assert [m.role for m in read.messages] == ["user", "assistant", "tool"]
    assert [c.id for c in read.messages[1].calls] == ["c1"]
    assert [r.id for r in read.messages[2].results] == ["c1"]


def _conversation(answered: bool = True) -> list[Any]:
    call = {"ref": "c1", "tool": "get_weather", "args": {}}
    turns: list[Any] = [
        {"role": "user", "body": "weather?"},
        {"role": "assistant", "body": "", "calls": [call]},
    ]
    if answered:
        turns.append({"role": "result", "ref": "c1", "tool": "get_weather", "body": "Sunny"})
    return turns


# -- lint, translate, the matrix and the docs -----------------------------------------------


def test_lint_finds_a_call_without_result_on_the_toy_wire(toy: WireModule) -> None:
    assert [(f.rule, f.path) for f in lint(NAME, {"turns": _conversation(answered=False)})] == [
        ("call-without-result", "turns[1].calls[0]")
    ]


def test_translate_to_and_from_the_toy_wire(toy: WireModule) -> None:
    openai = [
        {"role": "user", "content": "weather?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "Sunny"},
    ]
    out = translate("openai", NAME, openai)
    assert out.request == {"turns": _conversation()}
    back = translate(NAME, "openai", out.request)
    assert back.request["messages"] == openai


def test_the_matrix_has_a_toy_row(toy: WireModule) -> None:
    from toolresult_lab.views.matrix import capability_matrix

    assert NAME in set(capability_matrix()["wire"])


def test_the_matrix_of_the_toy_wire_names_it(toy: WireModule) -> None:
    from toolresult_lab.views.matrix import capability_matrix

    frame = capability_matrix(wires=[NAME])
    text = frame[frame["kind"] == "text"][["outcome", "reason"]].values.tolist()
    assert {tuple(row) for row in text} == {("text", "text block sent as text")}
    assert list(frame["wire"].unique()) == [NAME]


def test_the_docs_tables_have_a_toy_row(toy: WireModule) -> None:
    from toolresult_lab.views.docs import provider_differences

    assert "Toy result message" in provider_differences()


# -- every place that lists the wires asks the registry ---------------------------------------


def test_to_all_and_the_known_wires_include_the_toy_wire(toy: WireModule) -> None:
    blocks = RESULT.to_all()
    assert list(blocks) == [*toolresult_lab.WIRES, NAME]
    assert blocks[NAME] == RESULT.to(NAME)
    with pytest.raises(ValueError, match=r"unknown wire 'nope'; known wires: openai, .*, toy$"):
        wire_facts("nope")


def test_to_all_leaves_out_the_toy_wire_once_unregistered() -> None:
    with registered(_toy().WIRE):
        pass
    assert list(RESULT.to_all()) == list(toolresult_lab.WIRES)


def test_a_call_takes_extra_fields_for_the_toy_wire(toy: WireModule) -> None:
    call = ToolCall(name="get_weather", id="c1", extra={NAME: {"note": "x"}})
    assert call.extra == {NAME: {"note": "x"}}
    with pytest.raises(ValueError, match=r"'nope' is not a wire; known wires: openai, .*, toy$"):
        ToolCall(name="get_weather", id="c1", extra={"nope": {"note": "x"}})


def test_the_widgets_and_the_html_view_list_the_toy_wire(toy: WireModule) -> None:
    from toolresult_lab.views.matrix import capability_matrix
    from toolresult_lab.views.widgets import compare, matrix_explorer

    assert list(compare(RESULT).cards) == [*toolresult_lab.WIRES, NAME]
    explorer = matrix_explorer(capability_matrix())
    assert list(explorer.controls["wire"].options) == [*toolresult_lab.WIRES, NAME]
    assert f'data-wire="{NAME}"' in RESULT._repr_html_()


def test_the_command_line_takes_the_toy_wire_when_it_is_registered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolresult_lab.cli import main

    path = tmp_path / "result.json"
    path.write_text(json.dumps(RESULT.to_dict()), encoding="utf-8")
    with registered(_toy().WIRE):
        assert main(["convert", str(path), "--wire", NAME]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "role": "result",
        "ref": "c1",
        "tool": "get_weather",
        "body": "Sunny",
    }


def test_the_command_line_names_the_known_wires_for_an_unregistered_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from toolresult_lab.cli import main

    path = tmp_path / "result.json"
    path.write_text(json.dumps(RESULT.to_dict()), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["convert", str(path), "--wire", NAME])
    assert exited.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()  # one line (argparse quotes by version)
    head = "toolresult-lab convert: error: argument --wire: invalid choice: 'toy' (choose from "
    assert line.startswith(head)
    assert line.endswith(") (see toolresult-lab convert --help)")
    listed = line[len(head) : line.index(")")]
    assert re.findall(r"\w+", listed) == [*toolresult_lab.WIRES, "all"]


# -- lint's plan of checks follows the wire registered now ------------------------------------


def _flag(read: ReadRequest, scope: Scope, add: Add) -> None:
    """A check of the toy wire's second registration: one finding on every request."""
    add("shape", "turns[0]", "flagged by the toy wire's own check.", "")


def test_a_wire_registered_again_runs_its_new_checks() -> None:
    """``checks._plan`` kept the first registration's checks by the wire's name."""
    first = _toy().WIRE
    request = {"turns": _conversation()}
    with registered(first):
        assert list(lint(NAME, request)) == []
    with registered(dataclasses.replace(first, checks=WireChecks(rules=(_flag,)))):
        assert [(f.rule, f.path, f.message) for f in lint(NAME, request)] == [
            ("shape", "turns[0]", "flagged by the toy wire's own check.")
        ]
    with registered(first):
        assert list(lint(NAME, request)) == []


class _PreambleEdits(RequestEdits):
    """The toy wire's edits with a head key of its own (a body key before ``turns``)."""

    wire = NAME
    heads = frozenset({"preamble"})


def test_a_registered_wires_heads_and_result_block_types_count() -> None:
    """``HEADS`` and ``RESULT_BLOCK_TYPES`` read the registry as it is, not as it was at
    import: a wire registered later counts, and stops counting once unregistered."""
    toy = dataclasses.replace(
        _toy().WIRE,
        edits=_PreambleEdits(),
        checks=WireChecks(result_blocks=frozenset({"body"})),
    )
    assert "preamble" not in HEADS
    assert NAME not in RESULT_BLOCK_TYPES
    with registered(toy):
        assert "preamble" in HEADS
        assert set(HEADS) == {
            "system",
            "systemInstruction",
            "system_instruction",
            "instructions",
            "preamble",
        }
        assert RESULT_BLOCK_TYPES[NAME] == frozenset({"body"})
        assert list(RESULT_BLOCK_TYPES)[-1] == NAME
        # lint's path order puts a head key first: the toy's preamble before its turns
        assert path_order("preamble", "turns") < path_order("turns[0]", "turns")
    assert "preamble" not in HEADS
    assert NAME not in RESULT_BLOCK_TYPES
    assert path_order("preamble", "turns") > path_order("turns[0]", "turns")


# -- the round trip: a client declared here, sent through the recorder ----------------------

#: What the recorder answered the toy client, as it parsed it (one entry per request sent).
_ANSWERED: list[Any] = []


def _toy_send(model: str, messages: list[Any], base_url: str, timeout: float) -> None:
    """The toy's "official client": POST ``{"model", "turns"}`` as JSON to ``/toy/chat``
    (no proxy from the environment: the recorder is on 127.0.0.1)."""
    import urllib.request

    body = json.dumps({"model": model, "turns": messages}).encode()
    request = urllib.request.Request(
        f"{base_url}/toy/chat", body, {"Content-Type": "application/json"}
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=timeout) as response:
        _ANSWERED.append(json.load(response))


def _toy_reply(model: str, text: str) -> dict[str, Any]:
    return {"model": model, "turn": {"role": "assistant", "body": text}}


def _toy_call_reply(model: str, echo: list[Any]) -> dict[str, Any]:
    [message] = echo
    return {"model": model, "turn": message}


TOY_CLIENT = OfficialClient(
    model="toy-roundtrip",
    call="toy: urllib POST",
    endpoint="/toy/chat",
    send=_toy_send,
    answers=lambda path: path == "/toy/chat",
    reply=_toy_reply,
    call_reply=_toy_call_reply,
)


def test_a_toy_client_declared_here_takes_part_in_the_round_trip() -> None:
    """Issue 35: a wire's round trip is its own declaration (``WireModule.client``): the
    toy's, given here, is sent by ``send``, answered by the recorder with its own reply,
    listed with the others, and gone once the wire is unregistered."""
    from toolresult_lab.views.replies import tool_call_reply
    from toolresult_lab.views.roundtrip import (
        CLIENTS,
        ENDPOINTS,
        MODELS,
        ROUNDTRIP_WIRES,
        RecordingServer,
        expected_sent,
        send,
        sent_messages,
        user_message,
    )

    call = ToolCall(name="get_weather", id="c1", arguments={"city": "Oslo"})
    _ANSWERED.clear()
    with registered(dataclasses.replace(_toy().WIRE, client=TOY_CLIENT)):
        assert list(ROUNDTRIP_WIRES) == [*toolresult_lab.WIRES, NAME]
        assert (MODELS[NAME], CLIENTS[NAME], ENDPOINTS[NAME]) == (
            "toy-roundtrip",
            "toy: urllib POST",
            "/toy/chat",
        )
        turn = tool_turn(NAME, [call], [RESULT])
        with RecordingServer() as server:
            recorded = send(NAME, turn, server)
        given = [{"role": "user", "body": "What is the weather in Köln?"}, *turn]
        assert user_message(NAME) == given[0]
        assert (recorded.method, recorded.path, recorded.model) == (
            "POST",
            "/toy/chat",
            "toy-roundtrip",
        )
        assert recorded.body == {"model": "toy-roundtrip", "turns": given}
        assert sent_messages(NAME, recorded) == given == expected_sent(NAME, given)
        assert _ANSWERED == [
            {"model": "toy-roundtrip", "turn": {"role": "assistant", "body": "ok"}}
        ]
        assert tool_call_reply(NAME, [call]) == {"model": "toy-roundtrip", "turn": turn[0]}
    assert NAME not in ROUNDTRIP_WIRES
    assert NAME not in MODELS
    with pytest.raises(ValueError, match="unknown wire 'toy'"):
        user_message(NAME)


def test_a_wire_without_a_client_takes_no_part_in_the_round_trip(toy: WireModule) -> None:
    from toolresult_lab.views.roundtrip import ROUNDTRIP_WIRES, RecordingServer, send

    assert toy.client is None
    assert list(ROUNDTRIP_WIRES) == list(toolresult_lab.WIRES)
    with RecordingServer() as server, pytest.raises(ValueError, match="unknown wire 'toy'"):
        send(NAME, [], server)
    assert server.requests == ()
