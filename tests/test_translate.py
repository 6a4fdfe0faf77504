"""SPEC 9: transcripts and ``translate`` on every wire and every ordered pair of wires.

Requests are the ones the toolkit builds (a user message and ``tool_turn`` of each hand-built
case of ``turn_fixtures``), so section 8 finds them free of errors on their own wire.
- ``Transcript.from_wire(w, r, **o).to(w, **o)`` gives ``r`` back, hoisting included;
- for every ordered pair, the translated request lints without errors (the destination's
  profile rules where it has one), every message validates against the destination's
  official SDK type, and the official client sends it to the loopback recorder with only
  its catalogued alterations; the input is not mutated and the output is strict JSON;
- losses are asserted by name for a conversation with parallel calls, images, a PDF and a
  Gemini 3 thought signature.
"""

from __future__ import annotations

import base64
import copy
import json
from typing import Any

import pytest
from bedrock_strict import check_request
from openai.types.responses import EasyInputMessageParam
from sdk_strict import validate_typeddict
from test_turn_clients import turn_of, validate_message
from turn_fixtures import CASES, PNG, THOUGHT_SIGNATURE, TurnCase

from toolresult_lab import (
    WIRES,
    AssistantTurn,
    Document,
    Image,
    Loss,
    Opaque,
    Text,
    ToolCall,
    ToolResult,
    ToolResults,
    Transcript,
    UserTurn,
    lint,
    repair,
    tool_turn,
    translate,
)
from toolresult_lab.views.probes import SAMPLE_PDF
from toolresult_lab.views.roundtrip import (
    ALTERATIONS,
    RecordingServer,
    applied_alterations,
    expected_sent,
    send,
    sent_messages,
    user_message,
)

KEY = {"gemini": "contents", "responses": "input"}


def conversation_of(case: TurnCase) -> dict[str, Any]:
    """The case's conversation alone (what a ``Transcript`` reads and writes)."""
    return {KEY.get(case.wire, "messages"): [user_message(case.wire), *turn_of(case)]}


def body_of(case: TurnCase) -> dict[str, Any]:
    body = conversation_of(case)
    messages = body[KEY.get(case.wire, "messages")]
    if case.wire == "bedrock":  # a body with tool blocks is refused without its toolConfig
        names = [
            block["toolUse"]["name"]
            for message in messages
            for block in message["content"]
            if "toolUse" in block
        ]
        body["toolConfig"] = {
            "tools": [
                {"toolSpec": {"name": name, "inputSchema": {"json": {"type": "object"}}}}
                for name in dict.fromkeys(names)
            ]
        }
    return body


def check_message(wire: str, message: Any) -> None:
    """``validate_message``; a Responses message written without ``type`` (the client's
    EasyInputMessageParam, whose ``type`` is not required) against that TypedDict itself:
    the strict union check reads a typeless item as an ItemReference."""
    if wire == "responses" and "role" in message and "type" not in message:
        validate_typeddict(message, EasyInputMessageParam)
    else:
        validate_message(wire, message)


def messages_of(wire: str, body: dict[str, Any]) -> list[Any]:
    messages: list[Any] = body[KEY.get(wire, "messages")]
    return messages


@pytest.fixture(scope="module")
def server() -> Any:
    with RecordingServer() as running:
        yield running


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_toolkit_requests_come_back_equal(case: TurnCase) -> None:
    body = conversation_of(case)
    given = copy.deepcopy(body)
    # SPEC 9: the options given to tool_turn, hoist_images included (issue 29.4)
    options = {"hoist_images": case.hoist_images, **case.options}
    transcript = Transcript.from_wire(case.wire, body, **options)
    assert transcript.to(case.wire, **options) == body
    assert body == given
    assert Transcript.from_dict(json.loads(json.dumps(transcript.to_dict()))) == transcript


@pytest.mark.parametrize("wire", WIRES)
def test_a_turn_built_with_hoisting_reads_back_with_the_same_options(wire: str) -> None:
    """Issue 29.4: on anthropic, from_wire raised ``unknown option 'hoist_images'``."""
    options: dict[str, Any] = {"image_input": True, "hoist_images": True}
    result = ToolResult(
        name="shot",
        id="call_1",
        content=[
            {"type": "text", "text": "x"},
            {"type": "image", "mimeType": "image/png", "data": PNG},
        ],
    )
    turn = tool_turn(wire, [ToolCall(id="call_1", name="shot", arguments={})], [result], **options)
    body = {KEY.get(wire, "messages"): [user_message(wire), *turn]}
    assert Transcript.from_wire(wire, body, **options).to(wire, **options) == body


def test_from_wire_hoist_images_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match="hoist_images must be a bool, not str"):
        Transcript.from_wire("openai", [], hoist_images="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("dst", WIRES)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_pair_lints_clean_validates_and_is_strict_json(case: TurnCase, dst: str) -> None:
    body = body_of(case)
    assert not lint(case.wire, body).errors
    given = copy.deepcopy(body)
    out = translate(case.wire, dst, body)
    assert body == given  # the input is not mutated
    assert out.findings.errors == ()
    assert lint(dst, out.request).errors == ()
    assert json.loads(json.dumps(out.request, allow_nan=False)) == out.request
    for message in messages_of(dst, out.request):
        check_message(dst, message)
    if dst == "bedrock":  # the whole body, system blocks too, through botocore
        check_request(out.request["messages"], out.request.get("system"))
    for loss in out.losses:
        assert isinstance(loss, Loss) and loss.path.startswith(KEY.get(case.wire, "messages"))


SENT = [c for c in CASES if c.name in ("three_calls", "image", "pdf", "thought_signature")]


@pytest.mark.parametrize("dst", WIRES)
@pytest.mark.parametrize("case", SENT, ids=lambda c: c.id)
def test_the_destination_client_sends_it_with_only_its_alterations(
    case: TurnCase, dst: str, server: RecordingServer
) -> None:
    messages = messages_of(dst, translate(case.wire, dst, body_of(case)).request)
    assert messages[0] == user_message(dst)
    sent = sent_messages(dst, send(dst, messages[1:], server))
    assert sent == expected_sent(dst, messages)
    assert set(applied_alterations(dst, messages)) <= {a.name for a in ALTERATIONS[dst]}


# --------------------------------------------------------------------------------------------
# One conversation moved across all wires, losses by name
# --------------------------------------------------------------------------------------------

PDF = SAMPLE_PDF
WEATHER = ToolCall(
    id="call_w",
    name="get_weather",
    arguments={"city": "Köln"},
    extra={"gemini": {"thoughtSignature": THOUGHT_SIGNATURE}},
)
CHART = ToolCall(id="call_c", name="get_chart", arguments={"city": "Köln"})
ANSWERS = [
    ToolResult(content=[{"type": "text", "text": "Sunny, 22C"}]),
    ToolResult(
        content=[
            {"type": "text", "text": "The chart:"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///r/report.pdf",
                    "mimeType": "application/pdf",
                    "blob": PDF,
                },
            },
        ]
    ),
]
NATIVE = {"image_input": True, "native_pdf": True}


def gemini_request() -> dict[str, Any]:
    return {
        "systemInstruction": {"parts": [{"text": "Be brief."}]},
        "contents": [
            {"role": "user", "parts": [{"text": "Weather and chart for Köln?"}]},
            *tool_turn("gemini", [WEATHER, CHART], ANSWERS, **NATIVE),
        ],
    }


def test_the_neutral_transcript_of_a_gemini_request() -> None:
    transcript = Transcript.from_wire("gemini", gemini_request())
    assert transcript.system == "Be brief."
    user, asked, answered = transcript.turns
    assert user == UserTurn((Text("Weather and chart for Köln?"),))
    assert isinstance(asked, AssistantTurn) and asked.calls == (
        ToolCall(id="call_w", name="get_weather", arguments={"city": "Köln"}, extra=WEATHER.extra),
        ToolCall(id="call_c", name="get_chart", arguments={"city": "Köln"}),
    )
    assert isinstance(answered, ToolResults)
    assert [r.name for r in answered.results] == ["get_weather", "get_chart"]
    assert answered.results[1].content == [
        {"type": "text", "text": "The chart:"},
        {"type": "image", "data": PNG, "mimeType": "image/png"},
        {"type": "resource", "resource": {"mimeType": "application/pdf", "blob": PDF}},
    ]


EXPECTED_LOSSES: dict[str, list[Loss]] = {
    "gemini": [],
    "anthropic": [Loss("contents[1].parts[0]", "gemini call fields dropped (thoughtSignature)")],
    "responses": [Loss("contents[1].parts[0]", "gemini call fields dropped (thoughtSignature)")],
    "openai": [
        Loss("contents[1].parts[0]", "gemini call fields dropped (thoughtSignature)"),
        Loss(
            "contents[2].parts[1]",
            "content[1]: openai has no native image form in a tool message"
            " (tool_turn's hoist_images sends images in a user message after it)",
        ),
        Loss("contents[2].parts[1]", "content[2]: openai has no native PDF form"),
    ],
    "ollama": [
        Loss("contents[1].parts[0]", "gemini call fields dropped (thoughtSignature)"),
        Loss(
            "contents[2].parts[1]",
            "content[1]: ollama has no native image form in a tool message"
            " (tool_turn's hoist_images sends images in a user message after it)",
        ),
        Loss("contents[2].parts[1]", "content[2]: ollama has no native PDF form"),
    ],
    "bedrock": [Loss("contents[1].parts[0]", "gemini call fields dropped (thoughtSignature)")],
    "hermes": [
        Loss("contents[1].parts[0]", "call id 'call_w': hermes has no field for it: dropped"),
        Loss("contents[1].parts[0]", "gemini call fields dropped (thoughtSignature)"),
        Loss("contents[1].parts[1]", "call id 'call_c': hermes has no field for it: dropped"),
        Loss("contents[2].parts[0]", "id: hermes has no field for the call id"),
        Loss("contents[2].parts[1]", "content[1]: hermes has no native image form"),
        Loss("contents[2].parts[1]", "content[2]: hermes has no native PDF form"),
        Loss("contents[2].parts[1]", "id: hermes has no field for the call id"),
    ],
}


@pytest.mark.parametrize("dst", WIRES)
def test_losses_by_name(dst: str) -> None:
    out = translate("gemini", dst, gemini_request())
    assert list(out.losses) == EXPECTED_LOSSES[dst]
    assert out.findings.errors == ()


def test_openai_to_gemini_3_sets_the_documented_signature() -> None:
    body = {"messages": [user_message("openai"), *tool_turn("openai", [CHART], ANSWERS[1:])]}
    out = translate("openai", "gemini", body, profile="gemini-3")
    (call_part,) = out.request["contents"][1]["parts"]
    assert call_part["thoughtSignature"] == "skip_thought_signature_validator"
    # an addition, not a loss (issue 28.7): a note at the source call
    assert out.notes[-1] == Loss(
        "messages[1].tool_calls[0]", "no thought signature: the documented skip value set"
    )
    assert all("thought signature" not in loss.what for loss in out.losses)
    assert out.findings.errors == ()


def test_ids_made_and_mapped() -> None:
    ollama = {
        "messages": [
            user_message("ollama"),
            *tool_turn("ollama", [ToolCall(name="f")], [ToolResult()]),
        ]
    }
    out = translate("ollama", "anthropic", ollama)
    (use,) = out.request["messages"][1]["content"]
    assert use["id"] == "call_" + use["id"][5:] and len(use["id"]) == 29
    assert out.request["messages"][2]["content"][0]["tool_use_id"] == use["id"]
    assert out.losses == (
        Loss("messages[1].tool_calls[0]", f"call 'f' had no id: id {use['id']!r} made"),
    )
    assert translate("ollama", "anthropic", ollama).request == out.request  # deterministic
    dotted = {
        "messages": [
            user_message("openai"),
            *tool_turn("openai", [ToolCall(id="a.b", name="f")], [ToolResult()]),
        ]
    }
    mapped = translate("openai", "anthropic", dotted)
    assert mapped.findings.errors == ()
    # mapped as section 8's repair maps the same id on anthropic (SPEC 9): cleaned, a_b
    assert [m["content"][0].get("id") for m in mapped.request["messages"][1:2]] == ["a_b"]
    assert mapped.request["messages"][2]["content"][0]["tool_use_id"] == "a_b"
    native = [user_message("anthropic"), *tool_turn("anthropic", [ToolCall(id="a.b", name="f")],
                                                      [ToolResult()])]  # fmt: skip
    assert repair("anthropic", native).request[1]["content"][0]["id"] == "a_b"
    assert mapped.losses == (
        Loss("messages[1].tool_calls[0]", "id 'a.b' is not valid on anthropic: mapped to 'a_b'"),
        Loss("messages[2]", "id 'a.b' mapped to 'a_b', as its call's"),
    )


def test_ids_mapped_for_the_destination_profile() -> None:
    """With profile mistral, ids that are not 9 characters of a-z, A-Z, 0-9 are mapped as
    repair maps them, the same for a call and its result, and the request lints clean."""
    request = {
        "messages": [
            user_message("openai"),
            *tool_turn("openai", [ToolCall(id="call_1", name="f")], [ToolResult()]),
        ]
    }
    out = translate("openai", "openai", request, profile="mistral")
    [call] = out.request["messages"][1]["tool_calls"]
    assert len(call["id"]) == 9 and call["id"].isalnum()
    assert out.request["messages"][2]["tool_call_id"] == call["id"]
    assert out.findings.errors == ()
    assert (
        repair("openai", request, profile="mistral").request["messages"][1]["tool_calls"][0]["id"]
        == call["id"]
    )


def test_opaque_parts_stay_on_their_wire_and_are_lost_elsewhere() -> None:
    thinking = {"type": "thinking", "thinking": "hmm", "signature": "c2ln"}
    request = {
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [thinking, {"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}],
            },
        ]
    }
    transcript = Transcript.from_wire("anthropic", request)
    assert transcript.turns[1].parts == (Opaque("anthropic", thinking),)
    assert transcript.to("anthropic")["messages"][1]["content"][0] == thinking
    out = translate("anthropic", "openai", request)
    assert Loss("messages[1].content[0]", "thinking has no form on openai: dropped") in out.losses


def test_user_media_in_every_wire() -> None:
    request = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "look"},
                    {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
                ],
            }
        ]
    }
    assert Transcript.from_wire("openai", request).turns == (
        UserTurn((Text("look"), Image("image/png", PNG))),
    )
    assert translate("openai", "ollama", request).request == {
        "messages": [{"role": "user", "content": "look", "images": [PNG]}]
    }
    hermes = translate("openai", "hermes", request)
    assert hermes.losses == (
        Loss("messages[0].content[1]", "image has no form in a hermes user message: dropped"),
    )
    assert Document("application/pdf", PDF, name="a.pdf").to_dict()["name"] == "a.pdf"
    assert translate("openai", "bedrock", request).request == {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"text": "look"},
                    {"image": {"format": "png", "source": {"bytes": PNG}}},
                ],
            }
        ]
    }


def test_bedrock_requests_in_and_out() -> None:
    """Bedrock's own request read and written: system blocks, a user PDF named from its
    title, document names unique across the request (the tool result's PDF, named
    ``document`` too, renamed), media a Bedrock message cannot hold lost by name, and the
    way back to anthropic."""
    pdf = {"type": "base64", "media_type": "application/pdf", "data": PDF}
    report = ToolResult(
        content=[
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///r/Report.pdf",
                    "mimeType": "application/pdf",
                    "blob": PDF,
                },
            }
        ]
    )
    request = {
        "system": "Be brief.",
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "document", "source": pdf, "title": "document.pdf"},
                    {"type": "text", "text": "Summarise, then chart it."},
                    {"type": "image", "source": {"type": "url", "url": "https://x/a.png"}},
                ],
            },
            *tool_turn("anthropic", [CHART], [report], **NATIVE),
        ],
    }
    out = translate("anthropic", "bedrock", request)
    body = out.request
    assert body["system"] == [{"text": "Be brief."}]
    first = body["messages"][0]["content"]
    assert first[0] == {"document": {"format": "pdf", "name": "document", "source": {"bytes": PDF}}}
    assert first[1:] == [{"text": "Summarise, then chart it."}]
    result = body["messages"][2]["content"][0]["toolResult"]
    assert result["content"][0]["document"]["name"] == "document (2)"  # unique in the request
    assert out.losses == (
        # Bedrock takes images, only not by URL (issue 28.7)
        Loss("messages[0].content[2]", "image given by URL: bedrock takes no URL there, dropped"),
    )
    assert out.findings.errors == ()
    check_request(body["messages"], body["system"])
    back = translate("bedrock", "anthropic", body)
    assert back.findings.errors == ()
    assert back.request["system"] == "Be brief."
    assert back.request["messages"][0]["content"][0]["title"] == "document"
    assert translate("bedrock", "bedrock", body).request == body


@pytest.mark.parametrize(
    ("wire", "request_", "error", "match"),
    [
        ("openai", {"messages": [5]}, ValueError, r"openai: messages\[0\]"),
        ("anthropic", {"messages": [{"role": "robot"}]}, ValueError, r"messages\[0\]\.role"),
        ("gemini", {"contents": "x"}, ValueError, "contents"),
        ("openai", "not a request", TypeError, "must be a dict"),
        ("vertex", {}, ValueError, "unknown wire"),
    ],
)
def test_malformed_insides_give_the_documented_errors(
    wire: str, request_: Any, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        Transcript.from_wire(wire, request_)
    if wire != "vertex":
        with pytest.raises(error, match=match):
            translate(wire, "anthropic", request_)


def test_a_transcript_displays_turn_by_turn_escaped_without_payloads() -> None:
    request = gemini_request()
    request["contents"][0]["parts"].append({"text": "<script>alert(1)</script>"})
    html = Transcript.from_wire("gemini", request)._repr_html_()
    assert html is not None
    assert html.count('class="trl-message" data-turn=') == 3
    assert "&lt;script&gt;" in html and "<script>" not in html
    assert PNG not in html and PDF not in html
    assert "get_weather" in html and "Be brief." in html


def test_compare_shows_the_conversation_on_every_wire_losses_badged() -> None:
    from toolresult_lab.views.widgets import compare

    box = compare(
        Transcript.from_wire("gemini", gemini_request()), image_input=True, native_pdf=True
    )
    assert set(box.cards) == set(WIRES)
    openai = box.cards["openai"].value
    assert "3 loss(es)" in openai and "loss: contents[2].parts[1]" in openai
    assert "nothing lost" in box.cards["gemini"].value
    assert PNG not in openai and PDF not in box.cards["anthropic"].value
    assert box.result.controls["hoist_images"].disabled is False
    box.result.controls["hoist_images"].value = True
    box.render()
    assert "Images from the tool results above" in box.cards["openai"].value
    box.controls["image_input"].value = False
    assert box.result.controls["hoist_images"].disabled is True


def test_more_than_five_documents_to_bedrock() -> None:
    """Five documents per Bedrock request: the first five (in request order, a user's
    and the tool results' alike) stay documents, the rest go as their placeholder text,
    each a loss at its source path; the request lints clean and passes botocore."""
    pdf = {"type": "base64", "media_type": "application/pdf", "data": PDF}

    def result(*names: str) -> ToolResult:
        return ToolResult(
            content=[
                {
                    "type": "resource",
                    "resource": {
                        "uri": f"file:///{n}.pdf",
                        "mimeType": "application/pdf",
                        "blob": PDF,
                    },
                }
                for n in names
            ]
        )

    second = ToolCall(id="toolu_2", name="chart", arguments={})
    request = {
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "document", "source": pdf, "title": "u1.pdf"},
                    {"type": "document", "source": pdf, "title": "u2.pdf"},
                    {"type": "text", "text": "Read them all."},
                ],
            },
            *tool_turn("anthropic", [CHART], [result("r1", "r2")], **NATIVE),
            *tool_turn("anthropic", [second], [result("r3", "r4")], **NATIVE),
        ]
    }
    out = translate("anthropic", "bedrock", request, **NATIVE)
    body = out.request

    def kinds(content: list[Any]) -> list[str]:
        return [next(iter(entry)) for entry in content]

    assert kinds(body["messages"][0]["content"]) == ["document", "document", "text"]
    first = body["messages"][2]["content"][0]["toolResult"]["content"]
    assert kinds(first) == ["document", "document"]
    last = body["messages"][4]["content"][0]["toolResult"]["content"]
    assert kinds(last) == ["document", "text"]
    size = len(base64.b64decode(PDF))
    assert last[1] == {"text": f"[resource] application/pdf ({size} bytes)"}
    assert out.losses == (
        Loss(
            "messages[4].content[0]",
            "content[1]: Bedrock takes at most 5 documents per request: sent as its placeholder",
        ),
    )
    assert out.findings.errors == ()
    check_request(body["messages"])


def test_a_sixth_document_within_one_turn_is_a_loss_too() -> None:
    """Two parallel results of three PDFs each: the turn itself sends the sixth as its
    placeholder (``tool_turn``'s cap), and translate says so."""
    calls = [ToolCall(id=f"toolu_{n}", name="f", arguments={}) for n in (1, 2)]
    results = [
        ToolResult(
            id=call.id,
            content=[
                {
                    "type": "resource",
                    "resource": {
                        "uri": f"file:///{call.id}-{i}.pdf",
                        "mimeType": "application/pdf",
                        "blob": PDF,
                    },
                }
                for i in range(3)
            ],
        )
        for call in calls
    ]
    request = {
        "messages": [
            {"role": "user", "content": "go"},
            *tool_turn("anthropic", calls, results, **NATIVE),
        ]
    }
    out = translate("anthropic", "bedrock", request, **NATIVE)
    assert out.losses == (
        Loss(
            "messages[2].content[1]",
            "content[2]: Bedrock takes at most 5 documents per request: sent as its placeholder",
        ),
    )
    assert out.findings.errors == ()


def test_a_sixth_document_of_a_user_message_and_an_s3_source() -> None:
    """bedrock to bedrock: an S3 document (kept as written) counts as one of the five, and
    a user's sixth document goes as its placeholder (the S3 URI named), lost at its path."""

    def document(name: str, source: Any) -> Any:
        return {"document": {"format": "pdf", "name": name, "source": source}}

    s3 = {"s3Location": {"uri": "s3://bucket/k.pdf"}}
    request = {
        "messages": [
            {
                "role": "user",
                "content": [document(f"d{n}", {"bytes": PDF}) for n in range(4)]
                + [document("s3 one", s3), {"text": "and"}],
            },
            {"role": "assistant", "content": [{"text": "one more?"}]},
            {"role": "user", "content": [document("s3 two", s3), {"text": "here"}]},
        ]
    }
    out = translate("bedrock", "bedrock", request)
    assert out.request["messages"][0] == request["messages"][0]
    assert out.request["messages"][2]["content"] == [
        {"text": "[resource] application/pdf <s3://bucket/k.pdf>"},
        {"text": "here"},
    ]
    assert out.losses == (
        Loss(
            "messages[2].content[0]",
            "Bedrock takes at most 5 documents per request: sent as its placeholder",
        ),
    )
    assert out.findings.errors == ()
    assert [f.rule for f in lint("bedrock", request).errors] == ["too-many-documents"]


def test_an_ollama_call_without_id_keeps_the_result_that_names_it() -> None:
    # the ollama SDK's Message keeps no call id (model_dump() of an assistant message),
    # while the tool message still names it: the pair stays a pair on every wire
    request = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "Where?"},
            {
                "role": "assistant",
                "content": "",
                "thinking": None,
                "images": None,
                "tool_name": None,
                "tool_calls": [{"function": {"name": "country", "arguments": {}}}],
            },
            {
                "role": "tool",
                "tool_name": "country",
                "tool_call_id": "call_J1",
                "content": "Mexico",
            },
        ],
    }
    note = Loss(
        "messages[1].tool_calls[0]", "call 'country' had no id: its result's id 'call_J1' taken"
    )
    done = translate("ollama", "openai", request)
    assert done.request["messages"][1:] == [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_J1",
                    "type": "function",
                    "function": {"name": "country", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_J1", "content": "Mexico"},
    ]
    assert done.losses == ()
    assert note in done.notes
    for dst in ("anthropic", "responses", "bedrock", "gemini"):
        moved = translate("ollama", dst, request)
        assert [f for f in moved.findings if f.severity == "error"] == [], dst
        assert not [loss for loss in moved.losses if "answers no call" in loss.what], dst
