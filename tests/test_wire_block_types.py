"""Issue 25.7: each wire's closed list of block types, and ``shape`` on a block of a type the
wire does not know (another wire's block, a typo). The lists are the wires' own data
(``wires/<wire>/checks.py``), read from the SDKs and botocore's service model; these tests
hold them to what the installed SDKs send, so a type the SDK knows is never a false error."""

from __future__ import annotations

import typing
from typing import Any

import botocore.session
import pytest
from anthropic.types.beta import BetaContentBlockParam
from google.genai import types as genai_types
from openai.types.responses.response_input_item_param import ResponseInputItemParam

from toolresult_lab import lint
from toolresult_lab.wires.anthropic.checks import BLOCK_TYPES
from toolresult_lab.wires.bedrock.checks import BLOCK_MEMBERS
from toolresult_lab.wires.gemini.checks import PART_MEMBERS
from toolresult_lab.wires.responses.checks import ITEM_TYPES


def _literal_types(union: Any) -> set[str]:
    """The ``type`` literals of the classes of an SDK's union (nested unions and
    ``Annotated`` included)."""
    found: set[str] = set()
    todo = [union]
    while todo:
        member = todo.pop()
        if isinstance(member, type) and getattr(member, "__annotations__", None):
            fields = getattr(member, "model_fields", None)  # a pydantic model: its fields
            if fields is not None:
                kind = fields["type"].annotation if "type" in fields else None
            else:
                kind = typing.get_type_hints(member).get("type")
            todo.extend(arg for arg in typing.get_args(kind) if not isinstance(arg, str))
            found.update(arg for arg in typing.get_args(kind) if isinstance(arg, str))
        else:
            todo.extend(arg for arg in typing.get_args(member) if not isinstance(arg, str))
            found.update(arg for arg in typing.get_args(member) if isinstance(arg, str))
    return found


def _shapes(wire: str, request: Any) -> list[tuple[str, str]]:
    return [(f.path, f.message) for f in lint(wire, request) if f.rule == "shape"]


def test_the_lists_hold_every_type_the_sdks_know() -> None:
    assert _literal_types(BetaContentBlockParam) <= BLOCK_TYPES
    assert _literal_types(ResponseInputItemParam) <= ITEM_TYPES
    model = botocore.session.get_session().get_service_model("bedrock-runtime")
    assert set(model.shape_for("ContentBlock").members) <= BLOCK_MEMBERS
    fields = genai_types.Part.model_fields
    assert set(fields) | {f.alias for f in fields.values() if f.alias} <= PART_MEMBERS


def test_anthropic_takes_no_block_of_another_wire() -> None:
    request = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "see"},
                {"type": "image_url", "image_url": {"url": "https://x.example/a.png"}},
            ],
        }
    ]
    assert _shapes("anthropic", request) == [
        (
            "messages[0].content[1]",
            "a content block of type 'image_url', which the Messages API does not take.",
        )
    ]


@pytest.mark.parametrize("kind", sorted(BLOCK_TYPES))
def test_anthropic_known_types_are_no_shape_finding_of_this_rule(kind: str) -> None:
    request = [{"role": "user", "content": [{"type": kind}]}]
    assert not any("does not take" in message for _, message in _shapes("anthropic", request))


def test_bedrock_unknown_member() -> None:
    request = [{"role": "user", "content": [{"text": "a"}, {"imageUrl": {"url": "x"}}]}]
    assert _shapes("bedrock", request) == [
        (
            "messages[0].content[1]",
            "a content block keyed 'imageUrl', which the Converse API does not take.",
        )
    ]
    # two members are the reader's finding, said once
    two = [{"role": "user", "content": [{"text": "a", "bogus": {}}]}]
    assert len(_shapes("bedrock", two)) == 1


def test_gemini_unknown_part_member() -> None:
    request = [{"role": "user", "parts": [{"text": "a"}, {"type": "text", "text": "b"}]}]
    assert _shapes("gemini", request) == [
        (
            "contents[0].parts[1]",
            "a part with the member 'type', which the API's parts do not have.",
        )
    ]
    # both spellings of a member are known
    snake = [{"role": "user", "parts": [{"inline_data": {"mime_type": "text/plain", "data": ""}}]}]
    assert _shapes("gemini", snake) == []


def test_responses_unknown_item_type() -> None:
    request = [
        {"role": "user", "content": "hi"},
        {"type": "tool_result", "tool_use_id": "x", "content": "ok"},
    ]
    assert _shapes("responses", request) == [
        (
            "input[1]",
            "an input item of type 'tool_result', which the Responses API does not take.",
        )
    ]
