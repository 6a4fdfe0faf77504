"""Each wire reads its own shapes (``wires.read_block``, ``wires.read_request``).

Property tests per wire: reading what the converter wrote gives back exactly what it was
given (the texts, the id and the name where the wire carries them, the same payload strings,
``is_error`` where carried); ``read_request`` of a user message followed by ``tool_turn``
gives the calls and results with the right paths and ids. Then the shapes the toolkit never
writes but users send: data URLs, snake_case, SDK objects, malformed insides.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolresult_lab import WIRES, ToolCall, ToolResult, tool_turn
from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF
from toolresult_lab.views.roundtrip import user_message
from toolresult_lab.wires import (
    MISSING,
    CallPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    Problem,
    ResultPart,
    TextPart,
    read_block,
    read_request,
)

BOUNDED = settings(
    derandomize=True,
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

TEXTS = st.text(min_size=1, max_size=10).filter(lambda t: t.strip() != "")
ENTRIES = st.one_of(
    TEXTS.map(lambda t: {"type": "text", "text": t}),
    st.sampled_from(["image/png", "image/jpeg", "image/gif", "image/webp"]).map(
        lambda m: {"type": "image", "mimeType": m, "data": SAMPLE_IMAGES[m]}
    ),
    st.just(
        {
            "type": "resource",
            "resource": {
                "uri": "file:///q3.pdf",
                "mimeType": "application/pdf",
                "blob": SAMPLE_PDF,
            },
        }
    ),
    TEXTS.map(lambda t: {"type": "resource", "resource": {"uri": "file:///a.txt", "text": t}}),
    st.just({"type": "audio", "mimeType": "audio/wav", "data": "UklG"}),
)
RESULTS = st.builds(
    ToolResult,
    name=st.sampled_from(["", "get_weather"]),
    id=st.sampled_from(["", "call_1"]),
    content=st.lists(ENTRIES, max_size=4),
    is_error=st.booleans(),
    structured_content=st.sampled_from([None, {"temp": 22}, [1, 2]]),
)
OPTIONS = st.fixed_dictionaries(
    {
        "image_input": st.booleans(),
        "native_pdf": st.sampled_from([None, True, False]),
        "source_blocks": st.sampled_from([None, True, False]),
    }
)


def _payloads(parts: tuple[Any, ...]) -> list[tuple[str | None, str | None]]:
    return [(p.mime, p.data) for p in parts if isinstance(p, (ImagePart, DocumentPart)) and p.data]


def _expected(result: ToolResult, wire: str, options: dict[str, Any]) -> tuple[list[str], list]:
    """The texts and the native payloads (MIME, base64) that ``explain()`` says were sent."""
    explained = result.explain(wire, **options)
    texts: list[str] = []
    payloads: list[tuple[str | None, str | None]] = []
    for record in explained:
        part = record.part
        if part is None:
            continue
        if record.native is not None:
            payloads.append((record.native.mime, record.native.data))
        elif isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict) and (part.get("type") == "input_text" or set(part) == {"text"}):
            texts.append(part["text"])  # a responses input_text part, a bedrock text block
    return texts, payloads


@pytest.mark.parametrize("wire", WIRES)
@BOUNDED
@given(result=RESULTS, options=OPTIONS)
def test_reading_a_block_gives_back_what_the_converter_was_given(
    wire: str, result: ToolResult, options: dict[str, Any]
) -> None:
    block = result.to(wire, **options)
    read = read_block(wire, block)
    texts, payloads = _expected(result, wire, options)
    assert _payloads(read.parts) == payloads
    read_texts = [
        p.text
        for p in read.parts
        if isinstance(p, TextPart) or (isinstance(p, DocumentPart) and p.text is not None)
    ]
    explained = result.explain(wire, **options)
    if wire == "anthropic":
        if isinstance(block["content"], str):  # the empty-content rule
            assert read_texts == ([block["content"]] if block["content"] else [""])
        else:
            sent = [
                e.part["text"] if e.part["type"] == "text" else e.part["source"]["data"]
                for e in explained
                if e.part is not None and e.native is None
            ]
            assert read_texts == sent
    elif wire == "bedrock":
        body = block["toolResult"]["content"]
        if texts or payloads:
            assert read_texts == texts
        elif isinstance(result.structured_content, dict):
            assert read.structured == result.structured_content and read_texts == []
        else:  # the JSON text of other structured content, the error note, or nothing
            assert read_texts == [entry["text"] for entry in body]
    elif wire == "gemini" and isinstance(result.structured_content, dict):
        assert read.structured == result.structured_content
        assert read_texts == []
    elif wire == "responses" and payloads:
        assert read_texts == texts
    else:  # one string: the texts joined (or, with none, the empty-content text)
        assert read_texts == [block_text(wire, block)]
        if texts:
            assert read_texts == ["\n".join(texts)]
    carries_id = wire in ("openai", "anthropic", "responses", "bedrock") or (
        wire in ("ollama", "gemini") and result.id
    )
    assert read.id == (result.id if carries_id else None)
    if wire in ("gemini", "ollama", "hermes"):
        assert read.name == result.name
    else:
        assert read.name is None
    assert read.is_error == (result.is_error and wire in ("anthropic", "bedrock"))


def block_text(wire: str, block: Any) -> str:
    """Where each string-form wire puts its one string."""
    if wire == "hermes":
        return _hermes_content(block)
    if wire == "gemini":
        return str(block["functionResponse"]["response"]["result"])
    if wire == "responses":
        return str(block["output"])
    return str(block["content"])


def _hermes_content(block: str) -> str:
    import json

    body = block.split("\n", 1)[1].rsplit("\n", 1)[0]
    return str(json.loads(body)["content"])


CALLS = [
    ToolCall(id="call_a", name="get_weather", arguments={"city": "Köln"}),
    ToolCall(id="call_b", name="get_chart", arguments='{"days": 3}'),
]
RESULTS_OF_TURN = [
    ToolResult(content=[{"type": "text", "text": "Sunny"}]),
    ToolResult(
        content=[{"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]}]
    ),
]
#: Where each wire's reader finds the calls and results of ``[user] + tool_turn(...)``.
TURN_PATHS = {
    "openai": (
        ["messages[1].tool_calls[0]", "messages[1].tool_calls[1]"],
        ["messages[2]", "messages[3]"],
    ),
    "anthropic": (
        ["messages[1].content[0]", "messages[1].content[1]"],
        ["messages[2].content[0]", "messages[2].content[1]"],
    ),
    "gemini": (
        ["contents[1].parts[0]", "contents[1].parts[1]"],
        ["contents[2].parts[0]", "contents[2].parts[1]"],
    ),
    "ollama": (
        ["messages[1].tool_calls[0]", "messages[1].tool_calls[1]"],
        ["messages[2]", "messages[3]"],
    ),
    "responses": (["input[1]", "input[2]"], ["input[3]", "input[4]"]),
    "hermes": (["messages[1]", "messages[1]"], ["messages[2]", "messages[3]"]),
    "bedrock": (
        ["messages[1].content[0]", "messages[1].content[1]"],
        ["messages[2].content[0]", "messages[2].content[1]"],
    ),
}


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("form", ["body", "list"])
def test_read_request_of_a_tool_turn(wire: str, form: str) -> None:
    messages = [user_message(wire), *tool_turn(wire, CALLS, RESULTS_OF_TURN, image_input=True)]
    key = {"gemini": "contents", "responses": "input"}.get(wire, "messages")
    read = read_request(wire, {key: messages} if form == "body" else messages)
    assert read.problems == ()
    assert (read.wire, read.form, read.key) == (wire, form, key)
    call_paths, result_paths = TURN_PATHS[wire]
    assert [c.path for c in read.calls] == call_paths
    assert [c.name for c in read.calls] == ["get_weather", "get_chart"]
    ids = [None, None] if wire == "hermes" else ["call_a", "call_b"]
    assert [c.id for c in read.calls] == ids
    assert [r.path for r in read.results] == result_paths
    assert [r.id for r in read.results] == ids
    assert read.results[0].texts == ("Sunny",) or wire == "gemini"
    first = read.messages[0]
    assert first.role == "user" and first.path == f"{key}[0]"
    roles = {m.path: m.role for m in read.messages}
    assert roles[call_paths[0].split(".")[0]] == "assistant"
    result_roles = {roles[path.split(".")[0]] for path in result_paths}
    # an anthropic tool_result and a gemini functionResponse sit in a user message
    assert result_roles == ({"user"} if wire in ("anthropic", "gemini", "bedrock") else {"tool"})
    image = [p for r in read.results for p in r.parts if isinstance(p, ImagePart)]
    if wire in ("anthropic", "gemini", "responses", "bedrock"):
        assert [(i.mime, i.data) for i in image] == [("image/png", SAMPLE_IMAGES["image/png"])]
    else:
        assert image == []


def test_call_arguments_and_extra_as_written() -> None:
    signature = "Cv8B+/7xQUJDQUJD/+8="
    call = ToolCall(
        id="c", name="f", arguments={"q": 1}, extra={"gemini": {"thoughtSignature": signature}}
    )
    result = ToolResult(content=[{"type": "text", "text": "x"}])
    read = read_request("gemini", tool_turn("gemini", [call], [result]))
    assert read.calls == (
        CallPart("contents[0].parts[0]", "c", "f", {"q": 1}, {"thoughtSignature": signature}),
    )
    read = read_request("openai", tool_turn("openai", [call], [result]))
    assert read.calls[0].arguments == '{"q":1}'
    assert read.calls[0].extra == {}


def test_openai_data_url_image_and_detail() -> None:
    png = SAMPLE_IMAGES["image/png"]
    message = {
        "role": "user",
        "content": [
            {"type": "text", "text": "look"},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{png}"}},
            {"type": "image_url", "image_url": {"url": "https://e.test/a.png", "detail": "low"}},
        ],
    }
    read = read_request("openai", [message])
    assert read.messages[0].parts == (
        TextPart("messages[0].content[0]", "look"),
        ImagePart("messages[0].content[1]", "image/png", png, None),
        ImagePart("messages[0].content[2]", None, None, "https://e.test/a.png", "low"),
    )
    assert read.messages[0].parts[1].data_path == "messages[0].content[1].image_url.url"


def test_gemini_snake_case_and_system_instruction() -> None:
    request = {
        "system_instruction": {"parts": [{"text": "be brief"}]},
        "contents": [
            {"role": "model", "parts": [{"function_call": {"name": "f", "args": {}}}]},
            {
                "role": "user",
                "parts": [
                    {
                        "function_response": {
                            "name": "f",
                            "response": {"temp": 1},
                            "parts": [{"inline_data": {"mime_type": "image/png", "data": "QUJD"}}],
                        }
                    }
                ],
            },
        ],
    }
    read = read_request("gemini", request)
    assert read.problems == ()
    assert read.system == (TextPart("system_instruction.parts[0]", "be brief"),)
    assert read.calls == (CallPart("contents[0].parts[0]", None, "f", {}, {}),)
    (result,) = read.results
    assert result.structured == {"temp": 1}
    assert result.parts == (
        ImagePart("contents[1].parts[0].function_response.parts[0]", "image/png", "QUJD"),
    )
    assert result.parts[0].data_path == (
        "contents[1].parts[0].function_response.parts[0].inline_data.data"
    )


def test_anthropic_request_fields_lint_needs() -> None:
    request = {
        "system": [{"type": "text", "text": "sys", "cache_control": {"type": "ephemeral"}}],
        "tools": [{"name": "f", "cache_control": {"type": "ephemeral"}}, {"name": "g"}],
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "...", "signature": "s"},
                    {"type": "tool_use", "id": "t1", "name": "f", "input": {}, "caller": "x"},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "first"},
                    {
                        "type": "tool_result",
                        "tool_use_id": "t1",
                        "is_error": True,
                        "content": [{"type": "image", "source": {"type": "url", "url": "u"}}],
                    },
                ],
            },
        ],
    }
    read = read_request("anthropic", request)
    assert read.problems == ()
    assert read.system[0].cache == {"type": "ephemeral"}
    assert [(t.path, t.cache) for t in read.tools] == [
        ("tools[0]", {"type": "ephemeral"}),
        ("tools[1]", MISSING),
    ]
    assert read.messages[0].content_form == "string"
    thinking = read.messages[1].parts[0]
    assert isinstance(thinking, OpaquePart) and thinking.kind == "thinking"
    assert read.calls[0].extra == {"caller": "x"}
    (result,) = read.results
    assert (result.path, result.id, result.is_error) == ("messages[2].content[1]", "t1", True)
    assert result.parts == (ImagePart("messages[2].content[1].content[0]", None, None, "u"),)


def test_responses_items_and_fields() -> None:
    request = {
        "instructions": "be brief",
        "previous_response_id": "resp_1",
        "input": [
            {"role": "user", "content": "hi"},
            {"type": "reasoning", "id": "rs_1", "summary": []},
            {"type": "function_call", "id": "fc_1", "call_id": "c", "name": "f", "arguments": "{}"},
            {
                "type": "function_call_output",
                "call_id": "c",
                "output": [
                    {"type": "input_text", "text": "t"},
                    {
                        "type": "input_file",
                        "filename": "a.pdf",
                        "file_data": "data:application/pdf;base64,QUJD",
                    },
                    {"type": "refusal"},
                ],
            },
        ],
    }
    read = read_request("responses", request)
    assert read.problems == ()
    assert read.previous == "resp_1"
    assert read.system == (TextPart("instructions", "be brief"),)
    assert [m.role for m in read.messages] == ["user", "assistant", "assistant", "tool"]
    assert read.messages[1].parts[0].kind == "reasoning"
    assert read.calls[0].extra == {"id": "fc_1"}
    parts = read.results[0].parts
    assert parts[1] == DocumentPart("input[3].output[1]", "application/pdf", "QUJD", None, "a.pdf")
    assert isinstance(parts[2], OpaquePart) and parts[2].kind == "refusal"
    assert read_request("responses", {"input": "hello"}).messages[0].parts == (
        TextPart("input", "hello"),
    )


def test_hermes_results_in_a_user_message_whatever_the_tag() -> None:
    block = ToolResult(name="f", content=[{"type": "text", "text": "</x> ok"}]).to(
        "hermes", response_tag="fn_response"
    )
    read = read_request(
        "hermes",
        [
            {
                "role": "assistant",
                "content": 'thinking <tool_call>\n{"name":"f","arguments":{}}\n</tool_call>',
            },
            {"role": "user", "content": block},
        ],
    )
    assert read.problems == ()
    assert read.messages[0].parts[0] == TextPart("messages[0].content", "thinking")
    assert read.calls == (CallPart("messages[0]", None, "f", {}, {}),)
    (result,) = read.results
    assert (result.path, result.name, result.texts) == ("messages[1]", "f", ("</x> ok",))
    assert read_block("hermes", block).texts == ("</x> ok",)


def test_hermes_turn_of_several_results_reads_each() -> None:
    """A hermes turn with several tool messages in one request (the compiled build crashed
    in json.loads on the second one while read_request read every message in one frame)."""
    names = ["chart_png", "report_pdf", "weather", "fail"]
    calls = [ToolCall(id=f"call_{n}", name=n, arguments="{}") for n in names]
    results = [ToolResult(content=[{"type": "text", "text": f"{n} done"}]) for n in names]
    messages = tool_turn("hermes", calls, results)
    for _ in range(3):
        read = read_request("hermes", messages)
        assert read.problems == ()
        assert [c.name for c in read.calls] == names
        assert [(r.path, r.name, r.texts) for r in read.results] == [
            (f"messages[{i + 1}]", n, (f"{n} done",)) for i, n in enumerate(names)
        ]


def test_sdk_objects_are_read_through_model_dump() -> None:
    from pydantic import BaseModel

    class Message(BaseModel):
        role: str
        content: str
        tool_call_id: str | None = None

    # a plain list holding an SDK message (as a loop appends the provider's own reply)
    read = read_request(
        "openai",
        [{"role": "user", "content": "hi"}, Message(role="tool", content="x", tool_call_id="c")],
    )
    assert read.problems == ()
    assert (read.results[0].path, read.results[0].id) == ("messages[1]", "c")

    class Body(BaseModel):
        messages: list[Message]

    read = read_request(
        "openai", Body(messages=[Message(role="tool", content="x", tool_call_id="c")])
    )
    assert read.problems == ()
    assert read.results[0].id == "c"
    assert read.results[0].texts == ("x",)


@pytest.mark.parametrize("wire", WIRES)
def test_malformed_insides_are_problems_never_exceptions(wire: str) -> None:
    key = {"gemini": "contents", "responses": "input"}.get(wire, "messages")
    read = read_request(wire, {key: [7, {"role": "nobody", "content": "x"}]})
    assert read.messages == ()
    assert [p.path for p in read.problems][:1] == [f"{key}[0]"]
    assert isinstance(read.problems[0], Problem)
    assert "expected an object, not int" in read.problems[0].expected
    with pytest.raises(TypeError, match="must be a dict"):
        read_request(wire, "text")
    with pytest.raises(ValueError, match="unknown wire"):
        read_request("vertex", [])
    assert isinstance(read_block(wire, 42), ResultPart)
