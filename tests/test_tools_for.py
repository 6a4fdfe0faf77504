"""Issue 40: ``tools_for``: MCP tools as each wire's tool definitions, with names each
provider takes (mapped back), strict only where OpenAI's subset holds, and losses for what
no definition carries. Every wire's output passes its official SDK request type and lint."""

from __future__ import annotations

import copy
import json
from typing import Any

import mcp.types as mt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field
from request_strict import check_request_body

from toolresult_lab import Loss, ToolDefinitions, lint, tools_for
from toolresult_lab.wires import tool_defs

WIRES = ("openai", "responses", "anthropic", "gemini", "bedrock", "ollama", "hermes")
CITY = {
    "type": "object",
    "properties": {"city": {"type": "string", "description": "A city"}},
    "required": ["city"],
    "additionalProperties": False,
}
QUESTION = "Weather in Köln?"


def _tool(name: str, schema: dict[str, Any] | None = None, **more: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": schema or {"type": "object"}, **more}


def _request(wire: str, defs: ToolDefinitions) -> dict[str, Any]:
    """A one-question request of ``wire`` around the definitions."""
    user = {"role": "user", "content": QUESTION}
    if wire == "responses":
        return {"model": "gpt-4.1", "input": [user], **defs.body()}
    if wire == "anthropic":
        return {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [user], **defs.body()}
    if wire == "gemini":
        return {"contents": [{"role": "user", "parts": [{"text": QUESTION}]}], **defs.body()}
    if wire == "bedrock":
        return {"messages": [{"role": "user", "content": [{"text": QUESTION}]}], **defs.body()}
    model = {"openai": "gpt-4.1", "ollama": "qwen3", "hermes": "hermes-3"}[wire]
    return {"model": model, "messages": [user], **defs.body()}


#: Schemas of the kinds real servers send and JSON Schema's hard corners.
HARD: dict[str, dict[str, Any]] = {
    "closed": CITY,
    "open": {"type": "object", "properties": {"q": {"type": "string"}}},
    "empty": {"type": "object"},
    "refs": {
        "type": "object",
        "properties": {"item": {"$ref": "#/$defs/Item"}},
        "required": ["item"],
        "additionalProperties": False,
        "$defs": {
            "Item": {
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "required": ["name"],
                "additionalProperties": False,
            }
        },
    },
    "recursive": {
        "type": "object",
        "properties": {"node": {"$ref": "#/$defs/Node"}},
        "required": ["node"],
        "additionalProperties": False,
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {
                    "value": {"type": "integer"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                },
                "required": ["value", "children"],
                "additionalProperties": False,
            }
        },
    },
    "nullable": {
        "type": "object",
        "properties": {
            "unit": {"anyOf": [{"type": "string", "enum": ["C", "F"]}, {"type": "null"}]},
            "limit": {"type": ["integer", "null"], "minimum": 1},
        },
        "required": ["unit", "limit"],
        "additionalProperties": False,
    },
    "const_and_format": {
        "type": "object",
        "properties": {
            "kind": {"const": "event"},
            "at": {"type": "string", "format": "date-time"},
        },
        "required": ["kind", "at"],
        "additionalProperties": False,
    },
    "one_of": {
        "type": "object",
        "properties": {"v": {"oneOf": [{"type": "string"}, {"type": "number"}]}},
        "required": ["v"],
        "additionalProperties": False,
    },
    "map": {
        "type": "object",
        "properties": {"tags": {"type": "object", "additionalProperties": {"type": "string"}}},
        "required": ["tags"],
        "additionalProperties": False,
    },
    "defaulted": {
        "type": "object",
        "properties": {"n": {"type": "integer", "default": 3}},
        "required": ["n"],
        "additionalProperties": False,
        "$schema": "http://json-schema.org/draft-07/schema#",
    },
}
#: Which of :data:`HARD` are inside OpenAI's strict subset.
STRICT_OK = {"closed", "refs", "recursive", "nullable", "const_and_format"}


def _hard_tools() -> list[dict[str, Any]]:
    return [_tool(f"t_{key}", schema, description=f"{key} schema") for key, schema in HARD.items()]


# -- every wire: valid against its SDK type, lint-clean ------------------------------------------


@pytest.mark.parametrize("wire", WIRES)
def test_every_wire_s_definitions_pass_its_sdk_type_and_lint_clean(wire: str) -> None:
    defs = tools_for(wire, _hard_tools())
    request = _request(wire, defs)
    check_request_body(wire, request)
    findings = lint(wire, request)
    assert [f for f in findings if f.severity == "error"] == []
    assert json.loads(json.dumps(defs.tools, allow_nan=False)) == defs.tools
    assert defs.names == {f"t_{key}": f"t_{key}" for key in HARD}


def test_each_wire_writes_its_own_shape_exactly() -> None:
    tool = [_tool("weather", CITY, description="Weather now")]
    assert tools_for("anthropic", tool).tools == [
        {"name": "weather", "description": "Weather now", "input_schema": CITY}
    ]
    assert tools_for("bedrock", tool).body() == {
        "toolConfig": {
            "tools": [
                {
                    "toolSpec": {
                        "name": "weather",
                        "description": "Weather now",
                        "inputSchema": {"json": CITY},
                    }
                }
            ]
        }
    }
    assert tools_for("gemini", tool).tools == [
        {
            "functionDeclarations": [
                {"name": "weather", "description": "Weather now", "parametersJsonSchema": CITY}
            ]
        }
    ]
    function = {"name": "weather", "description": "Weather now", "parameters": CITY}
    assert tools_for("openai", tool).tools == [
        {"type": "function", "function": {**function, "strict": True}}
    ]
    assert tools_for("openai", tool, strict=False).tools == [
        {"type": "function", "function": function}
    ]
    assert tools_for("responses", tool).tools == [{"type": "function", **function, "strict": True}]
    assert tools_for("ollama", tool).tools == [{"type": "function", "function": function}]


def test_strict_is_asked_only_where_the_schema_is_in_openai_s_subset() -> None:
    for wire in ("openai", "responses"):
        defs = tools_for(wire, _hard_tools())
        flags = {
            (t.get("function", t))["name"][2:]: (t.get("function", t)).get("strict")
            for t in defs.tools
        }
        assert flags == {key: key in STRICT_OK for key in HARD}


def test_strict_subset_limits_nesting_and_refuses_an_open_root() -> None:
    deep: dict[str, Any] = {"type": "string"}
    for _ in range(11):
        deep = {
            "type": "object",
            "properties": {"x": deep},
            "required": ["x"],
            "additionalProperties": False,
        }
    root_any = {"anyOf": [CITY, CITY]}
    optional = {**CITY, "required": []}
    defs = tools_for(
        "openai",
        [_tool("deep", deep), _tool("optional", optional), _tool("root_any", root_any)],
    )
    assert [t["function"]["strict"] for t in defs.tools] == [False, False, False]


def test_cache_marks_the_tools_where_the_wire_s_settings_shape_takes_a_mark() -> None:
    tools = [_tool("a"), _tool("b")]
    defs = tools_for("anthropic", tools, cache=True)
    assert [t.get("cache_control") for t in defs.tools] == [None, {"type": "ephemeral"}]
    check_request_body("anthropic", _request("anthropic", defs))
    defs = tools_for("bedrock", tools, cache=True)
    assert defs.tools["tools"][-1] == {"cachePoint": {"type": "default"}}
    assert [t["toolSpec"]["name"] for t in defs.tools["tools"][:-1]] == ["a", "b"]
    check_request_body("bedrock", _request("bedrock", defs))
    with pytest.raises(ValueError, match="cache: the openai wire has no cache mark"):
        tools_for("openai", tools, cache=True)
    with pytest.raises(TypeError, match="cache: expected a bool"):
        tools_for("anthropic", tools, cache={"type": "ephemeral"})  # type: ignore[arg-type]


def test_hermes_prompt_is_the_qwen_template_s_tools_section() -> None:
    defs = tools_for("hermes", [_tool("wetter", CITY, description="Wetter in Köln")])
    line = json.dumps(defs.tools[0], ensure_ascii=False)
    assert "Köln" in line
    assert defs.prompt == (
        "# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
        "You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n"
        f"{line}\n</tools>\n\nFor each function call, return a json object with function name"
        " and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n"
        '{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
    )
    assert tools_for("openai", [_tool("a")]).prompt is None


# -- names -----------------------------------------------------------------------------------


def test_names_the_provider_refuses_are_rewritten_and_map_back() -> None:
    long = "x" * 70
    tools = [_tool("get.weather"), _tool("get_weather"), _tool("get/weather"), _tool(long)]
    defs = tools_for("openai", tools)
    assert [t["function"]["name"] for t in defs.tools] == [
        "get_weather_2",
        "get_weather",
        "get_weather_3",
        "x" * 64,
    ]
    assert defs.names == {
        "get_weather_2": "get.weather",
        "get_weather": "get_weather",
        "get_weather_3": "get/weather",
        "x" * 64: long,
    }
    assert defs.renamed == {
        "get.weather": "get_weather_2",
        "get/weather": "get_weather_3",
        long: "x" * 64,
    }
    assert defs.mcp_name("get_weather_3") == "get/weather"
    assert defs.mcp_name("nope") is None
    assert defs.provider_name("get/weather") == "get_weather_3"
    assert defs.provider_name("get_weather") == "get_weather"
    assert defs.provider_name("get_weather_2") is None  # a provider name, not an MCP one
    assert defs.provider_name("nope") is None


def test_a_suffix_keeps_a_cut_name_within_the_length() -> None:
    a, b = "y" * 70, "y" * 71
    defs = tools_for("bedrock", [_tool(a), _tool(b)])
    names = [t["toolSpec"]["name"] for t in defs.tools["tools"]]
    assert names == ["y" * 64, "y" * 62 + "_2"]
    assert defs.names == {"y" * 64: a, "y" * 62 + "_2": b}


def test_gemini_s_rule_takes_dots_and_colons_and_wants_a_letter_first() -> None:
    defs = tools_for("gemini", [_tool("fs.read:v2"), _tool("1st"), _tool("météo"), _tool("-")])
    names = [d["name"] for d in defs.tools[0]["functionDeclarations"]]
    assert names == ["fs.read:v2", "_1st", "m_t_o", "_-"]


def test_a_wire_without_a_documented_rule_sends_names_as_given() -> None:
    for wire in ("ollama", "hermes"):
        defs = tools_for(wire, [_tool("fs.read/v2")])
        assert defs.tools[0]["function"]["name"] == "fs.read/v2"
        assert defs.renamed == {}


def test_each_name_rule_cites_its_page_and_the_day_read() -> None:
    for wire in WIRES:
        shape, defs = tool_defs(wire)
        named = shape.tool_names
        sources = defs.sources + ((named.source,) if named is not None else ())
        for source in sources:
            assert source.url.startswith("https://") and source.checked == "2026-12-07"


# -- what no definition carries -------------------------------------------------------------


def test_fields_a_definition_cannot_hold_are_losses_at_their_paths() -> None:
    tool = mt.Tool(
        name="weather",
        title="Weather",
        description="Weather now",
        input_schema=CITY,
        output_schema={"type": "object"},
        annotations=mt.ToolAnnotations(read_only_hint=True),
    )
    defs = tools_for("anthropic", [mt.Tool(name="plain", input_schema={"type": "object"}), tool])
    assert defs.losses == (
        Loss("tools[1].title", "anthropic tool definitions have no title: dropped"),
        Loss("tools[1].outputSchema", "anthropic tool definitions have no outputSchema: dropped"),
        Loss("tools[1].annotations", "anthropic tool definitions have no annotations: dropped"),
    )


# -- inputs: every MCP form, never mutated, bad ones named ---------------------------------------


class Tool1x(BaseModel):
    """The 1.x SDK's ``Tool``: camelCase attributes (2.x has snake_case with aliases)."""

    model_config = ConfigDict(extra="allow")
    name: str
    title: str | None = None
    description: str | None = None
    inputSchema: dict[str, Any]  # the 1.x field name
    meta: dict[str, Any] | None = Field(default=None, alias="_meta")


def test_every_mcp_form_gives_the_same_definitions() -> None:
    raw = [_tool("weather", CITY, description="d")]
    v2 = [mt.Tool(name="weather", description="d", input_schema=CITY)]
    forms = [
        raw,
        {"tools": raw},
        v2,
        mt.ListToolsResult(tools=v2),
        [Tool1x(name="weather", description="d", inputSchema=CITY)],
    ]
    outs = [tools_for("openai", form) for form in forms]
    assert all(out == outs[0] for out in outs)


def test_the_input_is_not_mutated() -> None:
    tools = _hard_tools()
    before = copy.deepcopy(tools)
    for wire in WIRES:
        out = tools_for(wire, tools, **({"cache": True} if wire == "anthropic" else {}))
        assert tools == before
        first = out.tools["tools"][0] if wire == "bedrock" else out.tools[0]
        assert first is not tools[0]


@pytest.mark.parametrize(
    ("tools", "error", "message"),
    [
        (5, TypeError, "tools: expected a ListToolsResult"),
        ([7], TypeError, r"tools\[0\]: expected an MCP Tool"),
        ([{"name": 3, "inputSchema": {}}], TypeError, r"tools\[0\]\.name: expected a string"),
        ([{"name": "", "inputSchema": {}}], ValueError, r"tools\[0\]\.name: empty"),
        ([{"name": "a"}], TypeError, r"tools\[0\]\.inputSchema: expected a JSON Schema"),
        (
            [{"name": "a", "inputSchema": {"type": "string"}}],
            ValueError,
            r"tools\[0\]\.inputSchema\.type: MCP tools take an object",
        ),
        (
            [_tool("a"), _tool("b"), _tool("a")],
            ValueError,
            r"tools\[2\]\.name: 'a' repeats tools\[0\]\.name",
        ),
        (
            [{"name": "a", "inputSchema": {}, "description": 1}],
            TypeError,
            r"tools\[0\]\.description: expected a string",
        ),
    ],
)
def test_bad_input_is_a_clear_error_naming_the_field(
    tools: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        tools_for("openai", tools)


def test_no_tools_give_no_body_key_on_any_wire() -> None:
    for wire in WIRES:
        defs = tools_for(wire, [])
        assert (defs.tools, defs.body(), defs.names, defs.losses) == ([], {}, {}, ())
        assert defs.prompt is None
    with pytest.raises(TypeError, match="strict: expected a bool"):
        tools_for("openai", [], strict="yes")  # type: ignore[arg-type]


def test_an_unknown_wire_and_a_deep_schema_are_value_errors() -> None:
    with pytest.raises(ValueError):
        tools_for("nowire", [_tool("a")])
    deep: dict[str, Any] = {}
    for _ in range(400):
        deep = {"type": "object", "properties": {"x": deep}}
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        tools_for("openai", [_tool("a", deep)])
    cyclic: dict[str, Any] = {"type": "object"}
    cyclic["properties"] = {"self": cyclic}
    with pytest.raises(ValueError, match=r"tools\[0\]"):
        tools_for("openai", [_tool("a", cyclic)])


def test_two_thousand_tools_on_each_wire() -> None:
    # how long it takes is benchmarks' business (never a timed assertion here)
    tools = [_tool(f"srv.tool-{i}", CITY, description=f"tool {i}") for i in range(2000)]
    for wire in WIRES:
        defs = tools_for(wire, tools)
        assert len(defs.names) == 2000
        assert sorted(defs.names.values()) == sorted(t["name"] for t in tools)
    check_request_body("openai", _request("openai", tools_for("openai", tools)))


# -- beside the SDKs' own MCP helpers -------------------------------------------------------------

OPEN = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": ["integer", "null"]}},
    "required": ["city"],
}


def test_beside_the_anthropic_sdk_s_mcp_tool_field_by_field() -> None:
    """Same name, description and input_schema where the name is valid; the SDK sends a
    name Anthropic's rule refuses as it is (a 400), and drops title and outputSchema with
    no word: here the name is rewritten and mapped back, and each drop is a Loss."""
    import anthropic.lib.tools.mcp as helper

    good = mt.Tool(name="weather", description="d", input_schema=CITY)
    theirs = helper.mcp_tool(good, None).to_dict()
    assert tools_for("anthropic", [good]).tools == [theirs]
    bad = mt.Tool(name="get.weather", title="W", description="d", input_schema=CITY)
    assert helper.mcp_tool(bad, None).to_dict()["name"] == "get.weather"
    ours = tools_for("anthropic", [bad])
    assert ours.tools[0]["name"] == "get_weather"
    assert ours.names == {"get_weather": "get.weather"}
    assert [loss.path for loss in ours.losses] == ["tools[0].title"]


def test_beside_google_genai_s_mcp_to_gemini_tool_field_by_field() -> None:
    """google-genai writes ``parameters``, its OpenAPI subset (upper-case types, nullable),
    from a filtered copy of the schema; here ``parametersJsonSchema`` holds the schema whole
    (Gemini takes JSON Schema there), so nothing is filtered away. Its helper raises an
    AttributeError on ``additionalProperties: false``, which MCP servers (pydantic models,
    zod ``strict()``) send: here it is kept."""
    import google.genai._mcp_utils as utils

    tool = mt.Tool(name="weather", description="d", input_schema=OPEN)
    theirs = utils.mcp_to_gemini_tool(tool).model_dump(exclude_none=True, by_alias=True)
    ours = tools_for("gemini", [tool]).tools
    [their_fn], [our_fn] = theirs["functionDeclarations"], ours[0]["functionDeclarations"]
    assert (their_fn["name"], their_fn["description"]) == (our_fn["name"], our_fn["description"])
    assert their_fn["parameters"]["properties"]["days"] == {"type": "INTEGER", "nullable": True}
    assert our_fn["parametersJsonSchema"] == OPEN
    closed = mt.Tool(name="weather", input_schema=CITY)
    with pytest.raises(AttributeError):
        utils.mcp_to_gemini_tool(closed)
    assert tools_for("gemini", [closed]).tools[0]["functionDeclarations"][0] == {
        "name": "weather",
        "parametersJsonSchema": CITY,
    }


# -- through the official clients to the loopback recorder ----------------------------------------


def _send_with_tools(wire: str, defs: ToolDefinitions, base_url: str) -> None:
    """One question with the definitions, through ``wire``'s official client."""
    user = [{"role": "user", "content": QUESTION}]
    if wire in ("openai", "responses", "hermes"):
        import openai

        with openai.OpenAI(api_key="k", base_url=f"{base_url}/v1", max_retries=0) as client:
            if wire == "responses":
                client.responses.create(model="gpt-4.1", input=user, tools=defs.tools)
            else:
                client.chat.completions.create(model="gpt-4.1", messages=user, tools=defs.tools)
    elif wire == "anthropic":
        import anthropic

        with anthropic.Anthropic(api_key="k", base_url=base_url, max_retries=0) as client:
            client.messages.create(
                model="claude-sonnet-4-5", max_tokens=64, messages=user, tools=defs.tools
            )
    elif wire == "gemini":
        from google import genai
        from google.genai import types

        options = types.HttpOptions(base_url=base_url, api_version="v1beta")
        with genai.Client(api_key="k", vertexai=False, http_options=options) as client:
            config = types.GenerateContentConfig(tools=defs.tools)
            client.models.generate_content(
                model="gemini-2.5-flash", contents=QUESTION, config=config
            )
    elif wire == "ollama":
        import ollama

        with ollama.Client(host=base_url) as client:
            client.chat(model="qwen3", messages=user, tools=defs.tools, stream=False)
    else:
        import boto3

        from toolresult_lab import for_boto3

        client = boto3.client(
            "bedrock-runtime",
            endpoint_url=base_url,
            region_name="us-east-1",
            aws_access_key_id="k",
            aws_secret_access_key="k",
        )
        message = [{"role": "user", "content": [{"text": QUESTION}]}]
        client.converse(modelId="m", messages=message, toolConfig=for_boto3(defs.tools))
        client.close()


@pytest.mark.parametrize("wire", WIRES)
def test_the_official_client_sends_the_definitions_as_written(wire: str) -> None:
    from toolresult_lab.views.roundtrip import RecordingServer

    tools = [_tool("get.weather", CITY, description="Weather"), _tool("t_refs", HARD["refs"])]
    defs = tools_for(wire, tools, **({"cache": True} if wire == "anthropic" else {}))
    with RecordingServer() as server:
        _send_with_tools(wire, defs, server.base_url)
    [arrived] = server.requests
    expected = copy.deepcopy(defs.tools)
    if wire == "gemini":  # google-genai dumps the field by its Python name; the API takes both
        for declaration in expected[0]["functionDeclarations"]:
            declaration["parameters_json_schema"] = declaration.pop("parametersJsonSchema")
    if wire == "ollama":  # its client leaves out what its Tool type does not declare: losses
        for loss in defs.losses:
            index, path = loss.path.removeprefix("tools[").split("].inputSchema.")
            *parents, key = path.split(".")
            at = expected[int(index)]["function"]["parameters"]
            for parent in parents:
                at = at[parent]
            del at[key]
    assert arrived.body[defs.key] == expected


def test_what_the_ollama_client_leaves_out_of_a_schema_is_a_loss() -> None:
    defs = tools_for("ollama", [_tool("a", CITY), _tool("b", HARD["refs"]), _tool("c")])
    said = "ollama's official Python client sends no {} here: dropped by it (a request body"
    assert defs.losses == (
        Loss("tools[0].inputSchema.additionalProperties", said.format("additionalProperties")
             + " posted as JSON keeps it)"),
        Loss("tools[1].inputSchema.additionalProperties", said.format("additionalProperties")
             + " posted as JSON keeps it)"),
        Loss("tools[1].inputSchema.properties.item.$ref", said.format("$ref")
             + " posted as JSON keeps it)"),
    )  # fmt: skip
    assert tools_for("openai", [_tool("b", HARD["refs"])]).losses == ()


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(st.text(min_size=1, max_size=80), min_size=1, max_size=12, unique=True))
def test_any_names_become_valid_unique_names_that_map_back(names: list[str]) -> None:
    tools = [_tool(name) for name in names]
    for wire in ("openai", "gemini", "bedrock"):
        rule = tool_defs(wire)[0].tool_names
        assert rule is not None
        defs = tools_for(wire, tools)
        assert all(rule.writes(name) for name in defs.names)
        assert sorted(defs.names.values()) == sorted(names)
        for name in names:  # a valid name is never changed
            if rule.writes(name):
                assert defs.names[name] == name
