"""Issue 28, items 18 and 19: MCP SDK 2.x input (snake_case dumps, content objects) and the
MCP 2026-07-28 result changes (``resultType``, any JSON as ``structuredContent``,
annotations and icons), with the real ``mcp`` SDK."""

from __future__ import annotations

import json
from pathlib import Path

import mcp.types as mt
import pytest
from helpers import run_cli

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.logs.auditing import audit
from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF

INPUT_REQUIRED = (
    "resultType is 'input_required': the server asks the client for input (MCP 2026-07-28"
    " InputRequiredResult), so this is not a tool result to send to a model; answer its"
    " inputRequests and call the tool again"
)


def _sdk_result() -> mt.CallToolResult:
    return mt.CallToolResult(
        content=[
            mt.TextContent(type="text", text="Q3"),
            mt.ImageContent(type="image", data=SAMPLE_IMAGES["image/png"], mime_type="image/png"),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.BlobResourceContents(
                    uri="file:///q3.pdf", mime_type="application/pdf", blob=SAMPLE_PDF
                ),
            ),
        ],
        structured_content={"pages": 1},
    )


# -- item 18: SDK 2.x dumps and content objects ----------------------------------------------


def test_a_snake_case_dump_keeps_every_mime_type() -> None:
    sdk = _sdk_result()
    dump = sdk.model_dump()  # the 2.x default: mime_type, structured_content, result_type
    assert dump["content"][1]["mime_type"] == "image/png" and "mimeType" not in dump["content"][1]
    from_dump = ToolResult.from_mcp(dump, name="report", id="c1")
    from_sdk = ToolResult.from_mcp(sdk, name="report", id="c1")
    aliased = sdk.model_dump(by_alias=True, mode="json", exclude_none=True)
    from_aliased = ToolResult.from_mcp(aliased, name="report", id="c1")
    for wire in WIRES:
        for options in ({}, {"image_input": True}):
            sent = from_dump.to(wire, **options)
            assert sent == from_sdk.to(wire, **options) == from_aliased.to(wire, **options)
    block = from_dump.to("anthropic", image_input=True)
    assert [b["type"] for b in block["content"]] == ["text", "image", "document"]
    assert block["content"][1]["source"]["media_type"] == "image/png"
    assert block["content"][2]["source"]["media_type"] == "application/pdf"


def test_a_protocol_key_wins_over_its_snake_case_twin() -> None:
    block = {"type": "image", "data": SAMPLE_IMAGES["image/png"], "mimeType": "image/png",
             "mime_type": "image/gif"}  # fmt: skip
    result = ToolResult.from_mcp({"content": [block]})
    assert result.content[0]["mimeType"] == "image/png"
    assert result.content[0]["mime_type"] == "image/gif"  # kept as given: an extra field


def test_sdk_content_objects_in_the_constructor_read_as_dumped() -> None:
    sdk = _sdk_result()
    given = ToolResult(name="report", id="c1", content=list(sdk.content))
    assert given.content == ToolResult.from_mcp(sdk, name="report", id="c1").content
    assert "[unsupported]" not in json.dumps(given.to("openai"))
    assert given.to("openai")["content"] == (
        "Q3\n[image] image/png (83 bytes)\n[resource] application/pdf <file:///q3.pdf>"
        f" ({len(__import__('base64').b64decode(SAMPLE_PDF)):,} bytes)"
    )


def test_other_values_in_the_constructor_stay_unsupported() -> None:
    import datetime

    result = ToolResult(content=[{"type": "text", "text": "hi", "when": datetime.date(2026, 1, 1)}])
    assert result.content == [{"type": "text", "text": "hi", "when": "[unsupported]"}]


# -- item 19: MCP 2026-07-28 -----------------------------------------------------------------


def test_an_input_required_result_is_refused_from_the_sdk_object() -> None:
    waiting = mt.InputRequiredResult(
        input_requests={
            "name": mt.ElicitRequest(
                params=mt.ElicitRequestFormParams(
                    message="Your name?",
                    requested_schema={"type": "object", "properties": {}},
                )
            )
        }
    )
    with pytest.raises(ValueError) as raised:
        ToolResult.from_mcp(waiting)
    assert str(raised.value) == INPUT_REQUIRED


@pytest.mark.parametrize("key", ["resultType", "result_type"])
def test_an_input_required_dict_is_refused(key) -> None:
    with pytest.raises(ValueError) as raised:
        ToolResult.from_mcp({key: "input_required", "inputRequests": {}})
    assert str(raised.value) == INPUT_REQUIRED


def test_an_unknown_result_type_is_refused() -> None:
    with pytest.raises(ValueError) as raised:
        ToolResult.from_mcp({"resultType": "later", "content": []})
    assert str(raised.value) == (
        "resultType is 'later', not 'complete': not a tool result to send to a model"
    )


def test_an_omitted_result_type_means_complete() -> None:
    content = [{"type": "text", "text": "hi"}]
    omitted = ToolResult.from_mcp({"content": content}, name="f", id="c")
    assert omitted == ToolResult.from_mcp(
        {"content": content, "resultType": "complete"}, name="f", id="c"
    )
    assert omitted.to("openai") == {"role": "tool", "tool_call_id": "c", "content": "hi"}


def test_convert_refuses_input_required_in_one_line(capsys, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"resultType": "input_required", "inputRequests": {}}))
    code, out, err = run_cli(capsys, "convert", str(path), "--wire", "openai")
    assert (code, out) == (2, "")
    assert err == f"toolresult-lab: error: {path}: {INPUT_REQUIRED}\n"


def test_the_audit_counts_an_input_required_result(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    records = [
        {"content": [{"type": "text", "text": "hi"}]},
        {"resultType": "input_required", "inputRequests": {}, "content": []},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    df = audit(str(path), wires=["openai"], progress=False)
    assert (df.attrs["records"], df.attrs["bad_records"]) == (1, 1)
    assert df.attrs["bad_examples"][0] == (str(path), 2, INPUT_REQUIRED)


@pytest.mark.parametrize(
    ("structured", "text"),
    [([1, 2], "[1,2]"), ("done", '"done"'), (42, "42"), (True, "true"), ({"a": [1]}, '{"a":[1]}')],
)
def test_structured_content_may_be_any_json(structured, text) -> None:
    sdk = mt.CallToolResult(content=[], structured_content=structured)
    as_dict = {"structuredContent": structured}
    for result in (ToolResult.from_mcp(sdk, name="f", id="c"),
                   ToolResult.from_mcp(as_dict, name="f", id="c")):  # fmt: skip
        assert result.structured_content == structured
        assert result.to("openai") == {"role": "tool", "tool_call_id": "c", "content": text}
        for wire in WIRES:
            result.to(wire)  # every wire takes it


def test_annotations_and_icons_are_tolerated_and_not_sent() -> None:
    link = mt.ResourceLink(
        type="resource_link",
        name="q3",
        uri="file:///q3.pdf",
        mime_type="application/pdf",
        icons=[mt.Icon(src="https://example.com/icon.png", mime_type="image/png", sizes=["48x48"])],
        annotations=mt.Annotations(audience=["assistant"], priority=0.5),
    )
    sdk = mt.CallToolResult(content=[link])
    for result in (
        ToolResult.from_mcp(sdk, name="f", id="c"),
        ToolResult.from_mcp(sdk.model_dump(), name="f", id="c"),
        ToolResult.from_mcp(sdk.model_dump(by_alias=True, mode="json"), name="f", id="c"),
    ):
        assert result.to("openai")["content"] == "[resource_link] q3 <file:///q3.pdf>"
        for wire in WIRES:
            assert "example.com/icon.png" not in json.dumps(result.to(wire))
