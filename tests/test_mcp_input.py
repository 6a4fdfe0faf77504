"""``ToolResult.from_mcp``: results of the official MCP Python SDK (2.x installed here, 1.x
mirrored), their JSON dict form, and the core working without the ``mcp`` package."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from datetime import datetime, timezone
from enum import Enum
from types import SimpleNamespace
from typing import Annotated, Any, Literal

import mcp.types as mt
import pytest
from pydantic import (
    AnyUrl,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    computed_field,
    field_serializer,
    model_serializer,
)

from toolresult_lab import WIRES, ToolResult

PNG = "QUJD"
PDF = "JVBERg=="
WAV = "UklGRg=="


def sdk2_result(**kw: Any) -> mt.CallToolResult:
    """One CallToolResult with every content block type of the MCP 2.x SDK."""
    return mt.CallToolResult(
        content=[
            mt.TextContent(
                type="text",
                text="Sunny, 22C",
                annotations=mt.Annotations(audience=["user"], priority=0.5),
            ),
            mt.ImageContent(type="image", data=PNG, mime_type="image/png"),
            mt.AudioContent(type="audio", data=WAV, mime_type="audio/wav", _meta={"k": "v"}),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.TextResourceContents(
                    uri="file:///notes.txt", mime_type="text/plain", text="Meeting at 10."
                ),
            ),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.BlobResourceContents(
                    uri="file:///r/q3.pdf", mime_type="application/pdf", blob=PDF
                ),
            ),
            mt.ResourceLink(
                type="resource_link",
                name="large.parquet",
                uri="file:///data/large.parquet",
                mime_type="application/vnd.apache.parquet",
            ),
        ],
        **kw,
    )


#: What from_mcp keeps of sdk2_result(): the blocks' JSON (camelCase), None fields left out.
SDK_CONTENT = [
    {"type": "text", "text": "Sunny, 22C", "annotations": {"audience": ["user"], "priority": 0.5}},
    {"type": "image", "data": PNG, "mimeType": "image/png"},
    {"type": "audio", "data": WAV, "mimeType": "audio/wav", "_meta": {"k": "v"}},
    {
        "type": "resource",
        "resource": {
            "uri": "file:///notes.txt",
            "mimeType": "text/plain",
            "text": "Meeting at 10.",
        },
    },
    {
        "type": "resource",
        "resource": {"uri": "file:///r/q3.pdf", "mimeType": "application/pdf", "blob": PDF},
    },
    {
        "type": "resource_link",
        "name": "large.parquet",
        "uri": "file:///data/large.parquet",
        "mimeType": "application/vnd.apache.parquet",
    },
]

#: The string form of SDK_CONTENT.
SDK_TEXT = "\n".join(
    [
        "Sunny, 22C",
        "[image] image/png (3 bytes)",
        "[audio] audio/wav (4 bytes)",
        "Meeting at 10.",
        "[resource] application/pdf <file:///r/q3.pdf> (4 bytes)",
        "[resource_link] large.parquet <file:///data/large.parquet>",
    ]
)


# -- MCP SDK 2.x (installed) -------------------------------------------------------------------


def test_sdk2_result_with_every_block_type():
    call = sdk2_result(structured_content={"temp_c": 22}, is_error=True, _meta={"trace": "x"})
    got = ToolResult.from_mcp(call, name="get_weather", id="call_1")
    assert got == ToolResult(
        name="get_weather",
        id="call_1",
        content=SDK_CONTENT,
        is_error=True,
        structured_content={"temp_c": 22},
    )
    assert got.to_dict() == {
        "name": "get_weather",
        "id": "call_1",
        "content": SDK_CONTENT,
        "is_error": True,
        "structured_content": {"temp_c": 22},
    }


def test_sdk2_defaults():
    got = ToolResult.from_mcp(mt.CallToolResult(content=[mt.TextContent(type="text", text="x")]))
    assert got == ToolResult(content=[{"type": "text", "text": "x"}])
    assert got.is_error is False
    assert got.structured_content is None
    assert ToolResult.from_mcp(mt.CallToolResult(content=[])) == ToolResult()


def test_sdk2_result_converts():
    got = ToolResult.from_mcp(sdk2_result(is_error=True), id="c")
    assert got.to("openai") == {"role": "tool", "tool_call_id": "c", "content": SDK_TEXT}
    assert got.to("anthropic", image_input=True) == {
        "type": "tool_result",
        "tool_use_id": "c",
        "is_error": True,
        "content": [{"type": "text", "text": line} for line in SDK_TEXT.split("\n")],
    }  # an error result holds text only (SPEC 6)
    got = ToolResult.from_mcp(sdk2_result(is_error=False), id="c")
    assert got.to("anthropic", image_input=True) == {
        "type": "tool_result",
        "tool_use_id": "c",
        "content": [
            {"type": "text", "text": "Sunny, 22C"},  # annotations dropped
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}},
            {"type": "text", "text": "[audio] audio/wav (4 bytes)"},
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/plain", "data": "Meeting at 10."},
            },
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": PDF},
            },
            {"type": "text", "text": "[resource_link] large.parquet <file:///data/large.parquet>"},
        ],
    }


def test_sdk2_json_dict():
    call = sdk2_result(structured_content={"temp_c": 22}, is_error=True, _meta={"trace": "x"})
    data = call.model_dump(by_alias=True, mode="json")
    assert data["_meta"] == {"trace": "x"}
    assert "resultType" in data  # an envelope field from_mcp must leave out
    got = ToolResult.from_mcp(data, name="n", id="i")
    # a dict is taken as given: its None fields stay in the content
    assert got == ToolResult(
        name="n", id="i", content=data["content"], is_error=True, structured_content={"temp_c": 22}
    )
    assert got.content[1] == {
        "type": "image",
        "data": PNG,
        "mimeType": "image/png",
        "annotations": None,
        "_meta": None,
    }
    # ... and every wire sends the same as for the model itself
    from_model = ToolResult.from_mcp(call, name="n", id="i")
    for wire in WIRES:
        for opts in ({}, {"image_input": True, "native_pdf": True, "source_blocks": False}):
            assert got.to(wire, **opts) == from_model.to(wire, **opts)


def test_hand_written_mcp_dict():
    data = {
        "content": [{"type": "text", "text": "a"}],
        "isError": True,
        "structuredContent": [1, 2],
        "_meta": {"x": 1},
        "resultType": "complete",
    }
    assert ToolResult.from_mcp(data, name="n") == ToolResult(
        name="n", content=[{"type": "text", "text": "a"}], is_error=True, structured_content=[1, 2]
    )
    # Python field spellings are read as well
    assert ToolResult.from_mcp(
        {"content": [], "is_error": True, "structured_content": {"a": 1}}
    ) == ToolResult(is_error=True, structured_content={"a": 1})
    # null fields mean absent
    assert (
        ToolResult.from_mcp({"content": None, "isError": None, "structuredContent": None})
        == ToolResult()
    )
    assert ToolResult.from_mcp({}) == ToolResult()


def test_input_dict_is_not_shared():
    data = {"content": [{"type": "text", "text": "a"}]}
    got = ToolResult.from_mcp(data)
    data["content"][0]["text"] = "changed"
    assert got.content == [{"type": "text", "text": "a"}]


@pytest.mark.parametrize("bad", [42, None, "text", 1.5, ["content"], object()])
def test_bad_argument_is_a_type_error(bad):
    with pytest.raises(TypeError, match=r"from_mcp expects an mcp\.types\.CallToolResult"):
        ToolResult.from_mcp(bad)


def test_bad_field_types_are_type_errors():
    with pytest.raises(TypeError, match="is_error"):
        ToolResult.from_mcp({"content": [], "isError": "yes"})
    with pytest.raises(TypeError, match="content"):
        ToolResult.from_mcp({"content": "text"})
    with pytest.raises(TypeError, match="name"):
        ToolResult.from_mcp({"content": []}, name=5)  # type: ignore[arg-type]


def test_plain_object_with_attributes():
    obj = SimpleNamespace(
        content=[mt.TextContent(type="text", text="hi"), {"type": "x"}],
        isError=True,
        structuredContent=None,
    )
    assert ToolResult.from_mcp(obj) == ToolResult(
        content=[{"type": "text", "text": "hi"}, {"type": "x"}], is_error=True
    )


# -- MCP SDK 1.x (mirrored) ----------------------------------------------------------------------


class _V1Model(BaseModel):
    """What mcp 1.x's types share: camelCase attributes, extra fields allowed."""

    model_config = ConfigDict(extra="allow")


class V1Annotations(_V1Model):
    audience: list[Literal["user", "assistant"]] | None = None
    priority: float | None = None


class V1TextContent(_V1Model):
    type: Literal["text"]
    text: str
    annotations: V1Annotations | None = None
    meta: dict[str, Any] | None = Field(alias="_meta", default=None)


class V1ImageContent(_V1Model):
    type: Literal["image"]
    data: str
    mimeType: str
    annotations: V1Annotations | None = None
    meta: dict[str, Any] | None = Field(alias="_meta", default=None)


class V1AudioContent(V1ImageContent):
    type: Literal["audio"]  # type: ignore[assignment]


class V1ResourceContents(_V1Model):
    uri: AnyUrl
    mimeType: str | None = None
    meta: dict[str, Any] | None = Field(alias="_meta", default=None)


class V1TextResourceContents(V1ResourceContents):
    text: str


class V1BlobResourceContents(V1ResourceContents):
    blob: str


class V1EmbeddedResource(_V1Model):
    type: Literal["resource"]
    resource: V1TextResourceContents | V1BlobResourceContents
    annotations: V1Annotations | None = None
    meta: dict[str, Any] | None = Field(alias="_meta", default=None)


class V1ResourceLink(_V1Model):
    type: Literal["resource_link"]
    name: str
    title: str | None = None
    uri: AnyUrl
    description: str | None = None
    mimeType: str | None = None
    size: int | None = None
    annotations: V1Annotations | None = None
    meta: dict[str, Any] | None = Field(alias="_meta", default=None)


V1ContentBlock = (
    V1TextContent | V1ImageContent | V1AudioContent | V1ResourceLink | V1EmbeddedResource
)


class V1CallToolResult(_V1Model):
    """Mirror of ``mcp.types.CallToolResult`` in mcp 1.x.

    mcp 1.x and 2.x are the same distribution (``mcp``), so the 1.x package cannot be
    installed beside the 2.x one this environment tests against. 1.x spells the fields as
    camelCase attributes (``isError``, ``structuredContent``, blocks with ``mimeType``), has
    ``meta`` aliased ``_meta`` and allows extra fields; this model has that shape, which is
    all ``from_mcp`` relies on (``model_dump(by_alias=True)``).
    """

    meta: dict[str, Any] | None = Field(alias="_meta", default=None)
    content: list[V1ContentBlock]
    structuredContent: dict[str, Any] | None = None
    isError: bool = False


def v1_result(**kw: Any) -> V1CallToolResult:
    return V1CallToolResult(
        content=[
            V1TextContent(
                type="text",
                text="Sunny, 22C",
                annotations=V1Annotations(audience=["user"], priority=0.5),
            ),
            V1ImageContent(type="image", data=PNG, mimeType="image/png"),
            V1AudioContent(type="audio", data=WAV, mimeType="audio/wav", _meta={"k": "v"}),
            V1EmbeddedResource(
                type="resource",
                resource=V1TextResourceContents(
                    uri=AnyUrl("file:///notes.txt"), mimeType="text/plain", text="Meeting at 10."
                ),
            ),
            V1EmbeddedResource(
                type="resource",
                resource=V1BlobResourceContents(
                    uri=AnyUrl("file:///r/q3.pdf"), mimeType="application/pdf", blob=PDF
                ),
            ),
            V1ResourceLink(
                type="resource_link",
                name="large.parquet",
                uri=AnyUrl("file:///data/large.parquet"),
                mimeType="application/vnd.apache.parquet",
            ),
        ],
        **kw,
    )


def test_sdk1_shaped_result():
    call = v1_result(isError=True, structuredContent={"temp_c": 22}, _meta={"trace": "x"})
    assert call.isError is True
    assert call.meta == {"trace": "x"}
    got = ToolResult.from_mcp(call, name="get_weather", id="call_1")
    assert got == ToolResult(
        name="get_weather",
        id="call_1",
        content=SDK_CONTENT,
        is_error=True,
        structured_content={"temp_c": 22},
    )
    # the same result as from the 2.x SDK
    assert got == ToolResult.from_mcp(
        sdk2_result(is_error=True, structured_content={"temp_c": 22}, _meta={"trace": "x"}),
        name="get_weather",
        id="call_1",
    )
    assert got.to("ollama") == {
        "role": "tool",
        "tool_name": "get_weather",
        "tool_call_id": "call_1",
        "content": SDK_TEXT,
    }


def test_sdk1_extra_fields_are_kept_in_blocks_and_dropped_from_the_envelope():
    call = V1CallToolResult(
        content=[V1TextContent(type="text", text="a", extra_field=1)], somethingNew=True
    )
    assert ToolResult.from_mcp(call) == ToolResult(
        content=[{"type": "text", "text": "a", "extra_field": 1}]
    )


def test_sdk1_json_dict():
    call = v1_result(isError=False)
    data = call.model_dump(by_alias=True, mode="json")
    got = ToolResult.from_mcp(data, id="c")
    assert got == ToolResult(id="c", content=data["content"])
    assert got.content[3]["resource"] == {
        "uri": "file:///notes.txt",
        "mimeType": "text/plain",
        "_meta": None,
        "text": "Meeting at 10.",
    }
    for wire in WIRES:
        assert got.to(wire, image_input=True) == ToolResult.from_mcp(call, id="c").to(
            wire, image_input=True
        )


# -- the core without mcp --------------------------------------------------------------------

_NO_MCP = textwrap.dedent(
    """
    import sys

    class BlockMcp:
        def find_spec(self, name, path=None, target=None):
            if name == "mcp" or name.startswith("mcp."):
                raise ImportError(f"blocked for this test: {name}")
            return None

    sys.meta_path.insert(0, BlockMcp())
    try:
        import mcp  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the mcp block does not work")

    import toolresult_lab
    from toolresult_lab import ToolResult

    r = ToolResult(name="t", id="c", content=[{"type": "text", "text": "hi"},
                                             {"type": "image", "mimeType": "image/png",
                                              "data": "QUJD"}])
    assert r.to("openai") == {"role": "tool", "tool_call_id": "c",
                              "content": "hi\\n[image] image/png (3 bytes)"}, r.to("openai")
    m = ToolResult.from_mcp({"content": [{"type": "text", "text": "hi"}], "isError": True,
                             "_meta": {"x": 1}}, id="c")
    assert m == ToolResult(id="c", content=[{"type": "text", "text": "hi"}], is_error=True)
    assert m.to("anthropic") == {"type": "tool_result", "tool_use_id": "c",
                                 "content": [{"type": "text", "text": "hi"}],
                                 "is_error": True}
    assert not [k for k in sys.modules if k == "mcp" or k.startswith("mcp.")]
    print("ok")
    """
)


def test_core_imports_and_works_without_mcp(tmp_path):
    proc = subprocess.run(  # cwd: not the repo root, so the installed package is imported
        [sys.executable, "-c", _NO_MCP], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "ok\n"


def test_null_values_inside_structured_content_are_kept():
    """``exclude_none`` drops the SDK's unset fields, never a null the tool returned."""
    structured = {"temp": None, "readings": [1, None], "station": {"id": None}}
    call = mt.CallToolResult(
        content=[mt.TextContent(type="text", text="x")], structured_content=structured
    )
    got = ToolResult.from_mcp(call)
    assert got == ToolResult(content=[{"type": "text", "text": "x"}], structured_content=structured)
    assert got.to("gemini")["functionResponse"]["response"] == structured


# -- how SDK objects are read: as their JSON dump, without building it --------------------------


def _dumped(call: Any) -> dict[str, Any]:
    """What from_mcp used to read: pydantic's JSON dump of the whole result."""
    return call.model_dump(by_alias=True, mode="json", exclude_none=True)


def _as_read(call: Any, **kw: Any) -> ToolResult:
    """The result built from the dump, the way from_mcp read SDK objects before."""
    data = _dumped(call)
    return ToolResult(
        content=data.get("content", []),
        is_error=data.get("isError", data.get("is_error", False)),
        structured_content=data.get("structuredContent", data.get("structured_content")),
        **kw,
    )


def _every_optional_field_2x() -> mt.CallToolResult:
    notes = mt.Annotations(audience=["user", "assistant"], priority=1.0, last_modified="2026-11-30")
    return mt.CallToolResult(
        content=[
            mt.TextContent(type="text", text="a", annotations=notes, _meta={"k": [1, None]}),
            mt.ImageContent(type="image", data=PNG, mime_type="image/png", annotations=notes),
            mt.AudioContent(type="audio", data=WAV, mime_type="audio/wav", _meta={}),
            mt.ResourceLink(
                type="resource_link",
                name="big",
                title="Big file",
                uri="https://example.com/big.bin",
                description="a big file",
                mime_type="application/octet-stream",
                size=12,
                icons=[mt.Icon(src="https://example.com/i.png", mime_type="image/png")],
                annotations=notes,
                _meta={"m": 1},
            ),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.TextResourceContents(
                    uri="file:///a.txt", text="t", mime_type="text/plain", _meta={"r": "s"}
                ),
                annotations=notes,
                _meta={"e": True},
            ),
            mt.EmbeddedResource(
                type="resource",
                resource=mt.BlobResourceContents(uri="file:///b", blob=PDF),  # no MIME type
            ),
        ],
        structured_content={"a": [1, {"b": None}], "c": None},
        is_error=True,
        _meta={"trace": "x"},
    )


def test_sdk2_every_optional_field_reads_as_its_dump():
    call = _every_optional_field_2x()
    got = ToolResult.from_mcp(call, name="n", id="i")
    assert got == _as_read(call, name="n", id="i")
    content = got.content
    assert content == _dumped(call)["content"]
    # the dump's keys, in the dump's order: aliases (camelCase, _meta), None fields left out
    assert [list(block) for block in content] == [list(block) for block in _dumped(call)["content"]]
    assert content[3] == {
        "name": "big",
        "title": "Big file",
        "icons": [{"src": "https://example.com/i.png", "mimeType": "image/png"}],
        "annotations": {
            "audience": ["user", "assistant"],
            "priority": 1.0,
            "lastModified": "2026-11-30",
        },
        "_meta": {"m": 1},
        "uri": "https://example.com/big.bin",
        "description": "a big file",
        "mimeType": "application/octet-stream",
        "size": 12,
        "type": "resource_link",
    }
    assert content[0]["_meta"] == {"k": [1, None]}  # a null inside a value is the tool's: kept
    assert got.structured_content == {"a": [1, {"b": None}], "c": None}


def test_sdk1_every_block_reads_as_its_dump():
    call = v1_result(isError=True, structuredContent={"temp_c": 22}, _meta={"trace": "x"})
    assert isinstance(call.content[3].resource.uri, AnyUrl)  # 1.x URIs are pydantic URLs
    got = ToolResult.from_mcp(call, id="c")
    assert got == _as_read(call, id="c")
    assert got.content[3]["resource"]["uri"] == "file:///notes.txt"  # the URL as its text
    assert [list(block) for block in got.content] == [
        list(block) for block in _dumped(call)["content"]
    ]


def test_sdk1_extra_fields_none_dropped_and_models_in_them_dumped():
    nested = V1Annotations(priority=0.25)  # audience None: left out, as in the dump
    call = V1CallToolResult(
        content=[V1TextContent(type="text", text="a", gone=None, kept=nested, raw={"x": None})],
        isError=False,
    )
    got = ToolResult.from_mcp(call)
    assert got.content == [
        {"type": "text", "text": "a", "kept": {"priority": 0.25}, "raw": {"x": None}}
    ]
    assert got == _as_read(call)


def test_strict_json_rules_apply_while_reading():
    call = mt.CallToolResult(
        content=[
            mt.TextContent(type="text", text="lone \ud800 surrogate", _meta={"n": float("nan")})
        ],
        structured_content={"inf": float("inf"), "ok": 1.5},
    )
    got = ToolResult.from_mcp(call)
    assert got.content == [{"type": "text", "text": "lone \ufffd surrogate", "_meta": {"n": None}}]
    assert got.structured_content == {"inf": None, "ok": 1.5}


def test_too_deep_structured_content_names_the_field():
    deep: Any = 1
    for _ in range(300):
        deep = [deep]
    call = mt.CallToolResult(content=[], structured_content={"d": deep})
    with pytest.raises(ValueError, match=r"ToolResult\.structured_content is nested deeper"):
        ToolResult.from_mcp(call)
    text = mt.TextContent(type="text", text="x", _meta={"d": deep})
    with pytest.raises(ValueError, match=r"ToolResult\.content is nested deeper"):
        ToolResult.from_mcp(mt.CallToolResult(content=[text]))


class Colour(Enum):
    RED = "red"


class Note(BaseModel):
    """A model a tool put inside ``structured_content`` or ``_meta``."""

    text: str
    when: datetime | None = None


def test_values_pydantic_serializes_by_type_are_read_as_dumped():
    structured = {
        "when": datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc),
        "colour": Colour.RED,
        "tags": {"only"},
        "note": Note(text="n"),  # a model inside a plain value: dumped, None left out
        "bytes": b"caf\xc3\xa9",
    }
    call = mt.CallToolResult(content=[], structured_content=structured)
    got = ToolResult.from_mcp(call)
    assert got.structured_content == {
        "when": "2026-12-01T09:30:00Z",
        "colour": "red",
        "tags": ["only"],
        "note": {"text": "n"},
        "bytes": "café",
    }
    assert got == _as_read(call)


def test_a_value_pydantic_cannot_serialize_degrades():
    """The dump raised on it; reading degrades it, as content never is an error."""
    call = mt.CallToolResult(content=[], structured_content={"x": object()})
    assert ToolResult.from_mcp(call).structured_content == {"x": "[unsupported]"}


class ShoutedText(_V1Model):
    """A block class with serialization of its own: read through pydantic's dump."""

    type: Literal["text"]
    text: str
    secret: str = Field(default="s", exclude=True)

    @field_serializer("text")
    def _shout(self, text: str) -> str:
        return text.upper()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def length(self) -> int:
        return len(self.text)


class Stamped(_V1Model):
    type: Literal["text"]
    text: Annotated[str, PlainSerializer(lambda text: f"[{text}]")] | None = None


class WholeModel(_V1Model):
    type: Literal["text"]
    text: str

    @model_serializer
    def _whole(self) -> dict[str, Any]:
        return {"type": "text", "text": "whole"}


class Tree(_V1Model):
    """A model that refers to itself (pydantic puts its schema among definitions)."""

    type: Literal["text"] = "text"
    text: str = "t"
    secret: str = Field(default="s", exclude=True)
    kids: list[Tree] = []


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        (ShoutedText(type="text", text="hi"), {"type": "text", "text": "HI", "length": 2}),
        (
            Tree(kids=[Tree()]),
            {"type": "text", "text": "t", "kids": [{"type": "text", "text": "t", "kids": []}]},
        ),
        (Stamped(type="text", text="hi"), {"type": "text", "text": "[hi]"}),
        (WholeModel(type="text", text="hi"), {"type": "text", "text": "whole"}),
    ],
)
def test_models_with_their_own_serialization_read_as_pydantic_dumps_them(block, expected):
    assert block.model_dump(by_alias=True, mode="json", exclude_none=True) == expected
    inside = V1CallToolResult(content=[], structuredContent={"b": block})
    assert ToolResult.from_mcp(inside).structured_content == {"b": expected}
    assert ToolResult.from_mcp({"content": [block]}).content == [expected]


class _NoDump:
    def to_python(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an SDK type was dumped, not read")


def test_sdk_types_are_read_from_their_fields_not_dumped(monkeypatch):
    """The fast path: neither generation's types go through pydantic's serializer."""
    calls = [
        _every_optional_field_2x(),
        v1_result(isError=True, structuredContent={"t": 1}, _meta={"trace": "x"}),
    ]
    expected = [_as_read(call) for call in calls]
    classes = {mt.Annotations, mt.Icon, V1Annotations}
    for call in calls:
        classes.add(type(call))
        for block in call.content:
            classes.add(type(block))
            if isinstance(block, (mt.EmbeddedResource, V1EmbeddedResource)):
                classes.add(type(block.resource))
    for cls in classes:
        monkeypatch.setattr(cls, "__pydantic_serializer__", _NoDump())
        monkeypatch.setattr(cls, "model_dump", _NoDump().to_python)
    assert [ToolResult.from_mcp(call) for call in calls] == expected
