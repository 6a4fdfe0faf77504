"""SPEC 10: the bedrock wire (Amazon Bedrock Converse), checked against botocore itself.

- Exact expected blocks for every SPEC 10 rule, and for each place where the block Bedrock
  accepts wins over SPEC 10 as written (docs/research/bedrock-sources.md; README decisions).
- Every block and turn, after ``for_boto3``, passes botocore's own ``ParamValidator`` for
  ``bedrock-runtime`` ``Converse``, and the service model's enums, patterns and max lengths,
  which that validator does not check (walked here from the model itself); broken blocks fail.
- boto3's ``converse`` sends each turn to a loopback recorder; the recorded JSON equals the
  toolkit's JSON form.
"""

from __future__ import annotations

import base64
import copy
import json
import re
from typing import Any

import pytest
from bedrock_strict import _MODEL, CONVERSE, check_request
from botocore.validate import ParamValidator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolresult_lab import (
    ToolCall,
    ToolResult,
    carries_native,
    for_boto3,
    lint,
    native_needs_vision,
    tool_turn,
)
from toolresult_lab.conversion.filenames import (
    MAX_DOCUMENT_NAME,
    document_name,
    document_name_fault,
    safe_document_name,
)
from toolresult_lab.views.probes import PROBES, SAMPLE_IMAGES, SAMPLE_PDF
from toolresult_lab.views.roundtrip import RecordingServer, send, sent_messages, user_message
from toolresult_lab.wires import RESULT_BLOCK_TYPES, read_block

PNG = SAMPLE_IMAGES["image/png"]
PDF = SAMPLE_PDF
ON = {"image_input": True, "native_pdf": True}


def img(mime: str = "image/png", data: str = PNG) -> dict[str, Any]:
    return {"type": "image", "mimeType": mime, "data": data}


def pdf(uri: Any = "file:///docs/report.pdf", blob: str = PDF) -> dict[str, Any]:
    return {
        "type": "resource",
        "resource": {"uri": uri, "mimeType": "application/pdf", "blob": blob},
    }


def block(content: list[Any], options: dict[str, bool] = ON, **fields: Any) -> Any:
    return ToolResult(id=fields.pop("id", "tooluse_1"), content=content, **fields).to(
        "bedrock", **options
    )


# ------------------------------------------------------------------------------------------
# Exact blocks
# ------------------------------------------------------------------------------------------


def test_text_image_pdf_in_content_order() -> None:
    got = block([{"type": "text", "text": "Sunny"}, img(), pdf()])
    assert got == {
        "toolResult": {
            "toolUseId": "tooluse_1",
            "content": [
                {"text": "Sunny"},
                {"image": {"format": "png", "source": {"bytes": PNG}}},
                {"document": {"format": "pdf", "name": "report", "source": {"bytes": PDF}}},
            ],
        }
    }


@pytest.mark.parametrize(
    ("mime", "fmt"),
    [("image/png", "png"), ("image/jpeg", "jpeg"), ("image/gif", "gif"), ("image/webp", "webp")],
)
def test_image_formats_are_bedrocks_lower_case_enum(mime: str, fmt: str) -> None:
    got = block([img(mime, SAMPLE_IMAGES[mime])])
    assert got["toolResult"]["content"] == [
        {"image": {"format": fmt, "source": {"bytes": SAMPLE_IMAGES[mime]}}}
    ]


def test_without_options_media_go_as_placeholders() -> None:
    got = block([img(), pdf()], options={})
    assert got["toolResult"]["content"] == [
        {"text": "[image] image/png (83 bytes)"},
        {"text": "[resource] application/pdf <file:///docs/report.pdf> (200 bytes)"},
    ]


def test_other_images_and_bad_base64_are_placeholders() -> None:
    got = block(
        [
            img("image/bmp", "Qk0="),
            img("image/png", "QUJ="),
            {"type": "audio", "mimeType": "audio/wav", "data": "UklGRg=="},
        ]
    )
    assert got["toolResult"]["content"] == [
        {"text": "[image] image/bmp (2 bytes)"},
        {"text": "[image] image/png (2 bytes)"},
        {"text": "[audio] audio/wav (4 bytes)"},
    ]


def test_payload_whitespace_is_stripped() -> None:
    wrapped = "\n".join(PNG[i : i + 10] for i in range(0, len(PNG), 10))
    got = block([img(data=wrapped)])
    assert got["toolResult"]["content"][0]["image"]["source"]["bytes"] == PNG


def test_blank_texts_and_blank_documents_are_omitted() -> None:
    text_doc = {"type": "resource", "resource": {"uri": "file:///a.txt", "text": " \n"}}
    got = block(
        [
            {"type": "text", "text": ""},
            {"type": "text", "text": "  "},
            text_doc,
            {"type": "text", "text": "x"},
        ]
    )
    assert got["toolResult"]["content"] == [{"text": "x"}]


def test_resource_link_and_text_documents_as_text() -> None:
    link = {"type": "resource_link", "name": "spec", "uri": "https://e.test/s"}
    text_doc = {"type": "resource", "resource": {"uri": "file:///a.txt", "text": "body"}}
    got = block([link, text_doc])
    assert got["toolResult"]["content"] == [
        {"text": "[resource_link] spec <https://e.test/s>"},
        {"text": "body"},
    ]


def test_error_status_only_when_is_error() -> None:
    assert block([{"type": "text", "text": "boom"}], is_error=True) == {
        "toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "boom"}], "status": "error"}
    }
    assert "status" not in block([{"type": "text", "text": "ok"}])["toolResult"]


def test_structured_object_goes_in_the_json_block() -> None:
    got = block([], structured_content={"temp": 22, "unit": "C"})
    assert got["toolResult"]["content"] == [{"json": {"temp": 22, "unit": "C"}}]


def test_content_wins_over_structured_content() -> None:
    got = block([{"type": "text", "text": "22C"}], structured_content={"temp": 22})
    assert got["toolResult"]["content"] == [{"text": "22C"}]


# Decision 2: Bedrock rejects a json block that is not an object.
@pytest.mark.parametrize(
    ("value", "text"), [([1, 2], "[1,2]"), (3, "3"), ("hi", '"hi"'), (False, "false")]
)
def test_structured_non_object_goes_as_json_text(value: Any, text: str) -> None:
    assert block([], structured_content=value)["toolResult"]["content"] == [{"text": text}]


def test_nothing_at_all_is_an_empty_content_list() -> None:
    assert block([]) == {"toolResult": {"toolUseId": "tooluse_1", "content": []}}


# Decision 3: Bedrock rejects content [] with status error.
def test_empty_error_result_holds_the_error_note() -> None:
    got = block([{"type": "text", "text": " "}], is_error=True)
    assert got == {
        "toolResult": {
            "toolUseId": "tooluse_1",
            "content": [{"text": "[error]"}],
            "status": "error",
        }
    }
    notes = ToolResult(is_error=True).explain("bedrock").notes
    assert [(n.field, n.outcome) for n in notes] == [("content", "placeholder")]


# Decision 1: the empty id stays "" (no id would pair), explain() warns.
def test_empty_id_is_written_and_warned() -> None:
    result = ToolResult(content=[{"type": "text", "text": "x"}])
    assert result.to("bedrock")["toolResult"]["toolUseId"] == ""
    warnings = result.explain("bedrock").warnings
    assert [(w.field, "toolResult.toolUseId" in w.text) for w in warnings] == [("id", True)]


def test_name_is_not_sent_and_said() -> None:
    notes = ToolResult(name="weather", id="t").explain("bedrock").notes
    assert [(n.field, n.outcome) for n in notes][-1] == ("name", "omitted")


def test_facts() -> None:
    assert carries_native("bedrock", "image") and carries_native("bedrock", "pdf")
    assert native_needs_vision("bedrock", "image")
    assert not native_needs_vision("bedrock", "pdf")


@pytest.mark.parametrize(
    ("uri", "name"),
    [
        ("file:///docs/report.pdf", "report"),
        ("file:///docs/my%20report.pdf", "my report"),
        ("file:///docs/K%C3%B6ln.pdf", "Kln"),
        ("file:///docs/q3_results.final.pdf", "q3resultsfinal"),
        ("file:///docs/a%20%20%20b.PDF", "a b"),
        ("file:///docs/%20(draft)%20[v2]%20.pdf", "(draft) [v2]"),
        ("https://x.test/api/doc/42?v=1#p2", "42"),
        ("https://x.test/", "document"),
        ("urn:uuid:1234", "document"),
        ("file:///docs/%C3%A9%C3%A9.pdf", "document"),
        (None, "document"),
        (42, "42"),
        ("file:///" + "a" * 300 + ".pdf", "a" * 200),
        ("file:///" + "a" * 199 + "%20b.pdf", "a" * 199),
    ],
)
def test_document_names(uri: Any, name: str) -> None:
    assert document_name(uri) == name
    got = block([pdf(uri)])["toolResult"]["content"][0]["document"]["name"]
    assert got == name


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_the_converters_names_are_ones_lint_takes(text: str) -> None:
    """One rule (``filenames``): every name the converter makes, from any file name, is
    one ``lint``'s ``document-name`` takes, and a name it takes is kept as it is."""
    for name in (
        document_name("file:///" + text.replace("/", "_") + ".pdf"),
        safe_document_name(text),
    ):
        assert document_name_fault(name) == ("", "")
        assert safe_document_name(name) == name


# Decision 4: names unique within a block and within a turn (case-insensitively).
def test_duplicate_document_names_are_numbered() -> None:
    got = block([pdf("file:///a/Report.pdf"), pdf("file:///b/report.pdf"), pdf(None), pdf("x:y")])
    names = [e["document"]["name"] for e in got["toolResult"]["content"]]
    assert names == ["Report", "report (2)", "document", "document (2)"]


@pytest.mark.parametrize(
    ("stem", "renamed"),
    [
        ("a" * 196, "a" * 196 + " (2)"),  # the suffix fits: appended
        ("a" * 197, "a" * 196 + " (2)"),  # it does not: the name is cut first
        ("a" * 195 + " bc", "a" * 195 + " (2)"),  # cut at a space: the space goes too
    ],
)
def test_a_long_duplicate_name_stays_within_200(stem: str, renamed: str) -> None:
    """In a block and across a turn alike (the turn renames without re-checking the
    converter's names, so the cut must come out the same)."""
    uri = f"file:///{stem.replace(' ', '%20')}.pdf"
    got = block([pdf(uri), pdf(uri)])["toolResult"]["content"]
    assert [e["document"]["name"] for e in got] == [stem, renamed]
    calls = [ToolCall(id=f"tooluse_{n}", name="f") for n in (1, 2)]
    results = [ToolResult(id=call.id, content=[pdf(uri)]) for call in calls]
    _, answer = tool_turn("bedrock", calls, results, **ON)
    names = [b["toolResult"]["content"][0]["document"]["name"] for b in answer["content"]]
    assert names == [stem, renamed]
    assert len(renamed) <= 200


# Decision 5: at most five documents per request.
def test_a_sixth_document_is_a_placeholder() -> None:
    got = block([pdf(f"file:///d{i}.pdf") for i in range(6)])
    content = got["toolResult"]["content"]
    assert [next(iter(e)) for e in content] == ["document"] * 5 + ["text"]
    assert content[5] == {"text": "[resource] application/pdf <file:///d5.pdf> (200 bytes)"}


def test_a_sixth_document_of_a_turn_is_a_placeholder_too() -> None:
    """Five documents per request: a turn's results share them, so the toolkit's own turn
    lints clean (the converter's block does not know its neighbours)."""
    calls = [ToolCall(id=f"tooluse_{n}", name="f") for n in (1, 2)]
    results = [
        ToolResult(id=call.id, content=[pdf(f"file:///{call.id}-{i}.pdf") for i in range(3)])
        for call in calls
    ]
    _, answer = tool_turn("bedrock", calls, results, **ON)
    second = answer["content"][1]["toolResult"]["content"]
    assert [next(iter(e)) for e in second] == ["document", "document", "text"]
    assert second[2] == {"text": "[resource] application/pdf (200 bytes)"}
    request = [user_message("bedrock"), *tool_turn("bedrock", calls, results, **ON)]
    assert lint("bedrock", request).errors == ()


# ------------------------------------------------------------------------------------------
# botocore: the validator, and what it leaves out (enums, patterns, max lengths)
# ------------------------------------------------------------------------------------------


def as_request(result_block: Any) -> list[Any]:
    echo = {
        "role": "assistant",
        "content": [{"toolUse": {"toolUseId": "tooluse_1", "name": "f", "input": {}}}],
    }
    return [echo, {"role": "user", "content": [result_block]}]


OPTION_SETS = [{}, {"image_input": True}, {"native_pdf": True}, ON]


@pytest.mark.parametrize("probe", list(PROBES))
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "none")
def test_every_probe_block_passes_botocore_and_the_service_model(
    probe: str, options: dict[str, bool]
) -> None:
    result = PROBES[probe].result(id="tooluse_1")
    for is_error in (False, True):
        made = ToolResult.from_dict({**result.to_dict(), "is_error": is_error})
        check_request(as_request(made.to("bedrock", **options)))


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ({"toolResult": {"toolUseId": "", "content": []}}, "valid min length: 1"),
        (
            {"toolResult": {"toolUseId": "t", "content": [{"text": "a", "json": {}}]}},
            "Can only set one",
        ),
        ({"toolResult": {"toolUseId": "t", "content": [], "bogus": 1}}, "Unknown parameter"),
        (
            {
                "toolResult": {
                    "toolUseId": "t",
                    "content": [{"document": {"name": "", "source": {"bytes": PDF}}}],
                }
            },
            "valid min length: 1",
        ),
    ],
)
def test_botocore_rejects_broken_blocks(broken: Any, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_request(as_request(broken))


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ({"toolResult": {"toolUseId": "a b", "content": []}}, "does not match"),
        ({"toolResult": {"toolUseId": "t" * 65, "content": []}}, "max 64"),
        ({"toolResult": {"toolUseId": "t", "content": [], "status": "failed"}}, "not in"),
        (
            {
                "toolResult": {
                    "toolUseId": "t",
                    "content": [{"image": {"format": "jpg", "source": {"bytes": PNG}}}],
                }
            },
            "not in",
        ),
        (
            {
                "toolResult": {
                    "toolUseId": "t",
                    "content": [{"document": {"name": "d" * 201, "source": {"bytes": PDF}}}],
                }
            },
            "max 200",
        ),
        (
            {
                "toolResult": {
                    "toolUseId": "t",
                    "content": [{"image": {"format": "png", "source": {"bytes": ""}}}],
                }
            },
            "min 1",
        ),
    ],
)
def test_the_service_model_check_rejects_what_the_validator_lets_through(
    broken: Any, message: str
) -> None:
    params = {"modelId": "m", "messages": for_boto3(as_request(broken))}
    assert not ParamValidator().validate(params, CONVERSE).has_errors()
    with pytest.raises(AssertionError, match=message):
        check_request(as_request(broken))


def test_for_boto3_decodes_media_bytes_only_and_copies() -> None:
    made = block([{"type": "text", "text": "aGk="}, img(), pdf()])
    before = copy.deepcopy(made)
    got = for_boto3(made)
    content = got["toolResult"]["content"]
    assert content[0] == {"text": "aGk="}
    assert content[1]["image"]["source"]["bytes"] == base64.b64decode(PNG)
    assert content[2]["document"]["source"]["bytes"] == base64.b64decode(PDF)
    assert made == before
    with pytest.raises(ValueError, match=r"toolResult\.content\[0\]\.image\.source\.bytes"):
        for_boto3({"toolResult": {"content": [{"image": {"source": {"bytes": "!!"}}}]}})


# ------------------------------------------------------------------------------------------
# Turns
# ------------------------------------------------------------------------------------------

CALLS = [
    ToolCall(id="tooluse_a", name="get_weather", arguments={"city": "Köln"}),
    ToolCall(id="tooluse_b", name="get_report", arguments='{"q": 1}'),
]


def test_turn_shape() -> None:
    results = [
        ToolResult(id="tooluse_b", content=[pdf("file:///x/report.pdf")]),
        ToolResult(
            id="tooluse_a", content=[{"type": "text", "text": "22C"}, pdf("file:///y/REPORT.pdf")]
        ),
    ]
    turn = tool_turn("bedrock", CALLS, results, native_pdf=True)
    assert turn == [
        {
            "role": "assistant",
            "content": [
                {
                    "toolUse": {
                        "toolUseId": "tooluse_a",
                        "name": "get_weather",
                        "input": {"city": "Köln"},
                    }
                },
                {"toolUse": {"toolUseId": "tooluse_b", "name": "get_report", "input": {"q": 1}}},
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "toolResult": {
                        "toolUseId": "tooluse_a",
                        "content": [
                            {"text": "22C"},
                            {
                                "document": {
                                    "format": "pdf",
                                    "name": "REPORT",
                                    "source": {"bytes": PDF},
                                }
                            },
                        ],
                    }
                },
                {
                    "toolResult": {
                        "toolUseId": "tooluse_b",
                        "content": [
                            {
                                "document": {
                                    "format": "pdf",
                                    "name": "report (2)",
                                    "source": {"bytes": PDF},
                                }
                            }
                        ],
                    }
                },
            ],
        },
    ]
    check_request(turn)


def test_turn_needs_call_ids_and_checks_extra() -> None:
    with pytest.raises(ValueError, match="id"):
        tool_turn("bedrock", [ToolCall(name="f")], [ToolResult()])
    call = ToolCall(id="t", name="f", extra={"bedrock": {"type": "server_tool_use"}})
    echo = tool_turn("bedrock", [call], [ToolResult(id="t")])[0]
    assert echo["content"][0]["toolUse"]["type"] == "server_tool_use"
    with pytest.raises(ValueError, match="must be one of: server_tool_use"):
        ToolCall(id="t", name="f", extra={"bedrock": {"type": "client"}})
    with pytest.raises(ValueError, match="ToolUseBlock"):
        tool_turn(
            "bedrock",
            [ToolCall(id="t", name="f", extra={"bedrock": {"foo": 1}})],
            [ToolResult(id="t")],
        )


def test_from_wire_reads_a_converse_response_a_message_and_a_list() -> None:
    message = {
        "role": "assistant",
        "content": [
            {"text": "Let me look."},
            {
                "toolUse": {
                    "toolUseId": "tooluse_a",
                    "name": "get_weather",
                    "input": {"city": "Köln"},
                }
            },
            {"reasoningContent": {"reasoningText": {"text": "hm"}}},
            {"toolUse": {"toolUseId": "tooluse_b", "name": "get_report", "input": {}}},
        ],
    }
    response = {"output": {"message": message}, "stopReason": "tool_use"}
    for shape in (response, message, message["content"]):
        calls = ToolCall.from_wire("bedrock", shape)
        assert [(c.id, c.name, c.arguments) for c in calls] == [
            ("tooluse_a", "get_weather", {"city": "Köln"}),
            ("tooluse_b", "get_report", {}),
        ]
    with pytest.raises(ValueError, match=r"bedrock: content\[0\]\.toolUse\.name"):
        ToolCall.from_wire("bedrock", [{"toolUse": {"toolUseId": "x", "input": {}}}])


def test_read_block_reads_what_to_made() -> None:
    made = block([{"type": "text", "text": "hi"}, img(), pdf()], is_error=True)
    read = read_block("bedrock", made)
    assert read.id == "tooluse_1" and read.is_error
    assert read.texts == ("hi",)
    assert [type(p).__name__ for p in read.parts] == ["TextPart", "ImagePart", "DocumentPart"]
    assert read.parts[1].mime == "image/png" and read.parts[1].data == PNG
    assert read.parts[2].name == "report" and read.parts[2].data == PDF
    assert read_block("bedrock", block([], structured_content={"a": 1})).structured == {"a": 1}


# ------------------------------------------------------------------------------------------
# boto3 through a loopback recorder
# ------------------------------------------------------------------------------------------

KINDS = {
    "text": ([{"type": "text", "text": "Sunny, 22C"}], {}, {}),
    "image": ([img()], {"image_input": True}, {}),
    "pdf": ([pdf()], {"native_pdf": True}, {}),
    "error": ([{"type": "text", "text": "boom"}], {}, {"is_error": True}),
    "empty_error": ([], {}, {"is_error": True}),
    "structured": ([], {}, {"structured_content": {"temp": 22}}),
    "audio": ([{"type": "audio", "mimeType": "audio/wav", "data": "UklGRg=="}], ON, {}),
    "resource_link": (
        [{"type": "resource_link", "name": "spec", "uri": "https://e.test/s"}],
        {},
        {},
    ),
}


@pytest.fixture(scope="module")
def server() -> Any:
    with RecordingServer() as running:
        yield running


@pytest.mark.parametrize("kind", list(KINDS))
def test_boto3_sends_the_turn_unchanged(kind: str, server: RecordingServer) -> None:
    content, options, fields = KINDS[kind]
    call = ToolCall(id="tooluse_a", name="get_weather", arguments={"city": "Köln"})
    result = ToolResult(id="tooluse_a", content=content, **fields)
    turn = tool_turn("bedrock", [call], [result], **options)
    check_request(turn)
    recorded = send("bedrock", turn, server)
    assert recorded.path == "/model/anthropic.claude-roundtrip/converse"
    assert sent_messages("bedrock", recorded) == [user_message("bedrock"), *turn]
    assert json.loads(recorded.raw)["messages"][2]["content"][0] == result.to("bedrock", **options)


# ------------------------------------------------------------------------------------------
# Generated results
# ------------------------------------------------------------------------------------------

_B64 = re.compile(r"[A-Za-z0-9+/]{40,}={0,2}")
_blocks = st.one_of(
    st.builds(lambda t: {"type": "text", "text": t}, st.text(max_size=20)),
    st.builds(
        img, st.sampled_from(["image/png", "image/bmp"]), st.sampled_from([PNG, "QUJ=", " "])
    ),
    st.builds(pdf, st.one_of(st.none(), st.text(max_size=30)), st.sampled_from([PDF, "x"])),
    st.just({"type": "audio", "mimeType": "audio/wav", "data": PNG}),
    st.integers(),
)


@settings(max_examples=150, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    content=st.lists(_blocks, max_size=8),
    is_error=st.booleans(),
    structured=st.one_of(
        st.none(),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.lists(st.integers(), max_size=2),
    ),
    image_input=st.booleans(),
    native_pdf=st.booleans(),
)
def test_generated_results_are_valid_strict_json_without_base64_text(
    content: list[Any], is_error: bool, structured: Any, image_input: bool, native_pdf: bool
) -> None:
    result = ToolResult(
        id="tooluse_1", content=content, is_error=is_error, structured_content=structured
    )
    made = result.to("bedrock", image_input=image_input, native_pdf=native_pdf)
    json.dumps(made, allow_nan=False)
    check_request(as_request(made))
    for entry in made["toolResult"]["content"]:
        if "text" in entry:
            assert entry["text"].strip()
            assert not _B64.search(entry["text"])
        if "json" in entry:
            assert isinstance(entry["json"], dict)
    if is_error:
        assert made["toolResult"]["content"]


def test_lints_members_and_name_length_are_the_service_models() -> None:
    """``tool-result-content``'s members of a toolResult and ``document-name``'s length
    limit are botocore's own (the validator boto3 runs)."""
    members = _MODEL.shape_for("ToolResultContentBlock").members
    assert RESULT_BLOCK_TYPES["bedrock"] == frozenset(members)
    assert _MODEL.shape_for("DocumentBlockNameString").metadata["max"] == MAX_DOCUMENT_NAME


def test_the_bedrock_profiles_change_what_lint_finds() -> None:
    """Issue 28.20: lint said nothing of an image in a toolResult for a text family; a
    document there is accepted (Llama 4 and Pixtral took one in the real-requests corpus)."""
    from toolresult_lab import lint
    from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF

    content = [
        {"image": {"format": "png", "source": {"bytes": SAMPLE_IMAGES["image/png"]}}},
        {"document": {"format": "pdf", "name": "q", "source": {"bytes": SAMPLE_PDF}}},
    ]
    request = [
        {"role": "user", "content": [{"text": "hi"}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}],
        },
        {"role": "user", "content": [{"toolResult": {"toolUseId": "c1", "content": content}}]},
    ]
    found = {
        profile: [(f.rule, f.severity, f.path) for f in lint("bedrock", request, profile=profile)]
        for profile in ("bedrock-text", "bedrock-llama4", "bedrock-claude", "bedrock-nova")
    }
    assert found == {
        "bedrock-text": [
            ("tool-result-content", "error", "messages[2].content[0].toolResult.content[0]")
        ],
        "bedrock-llama4": [],
        "bedrock-claude": [],
        "bedrock-nova": [],
    }
