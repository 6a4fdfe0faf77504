"""The cases of the rules in ``toolresult_lab/requests/checks``: for each rule on each wire, a good
request (an accepted near miss) and a bad one, with the exact findings (rule, severity,
path). ``test_checks`` runs them; ``test_lint``'s coverage test counts them."""

from __future__ import annotations

import base64
import copy
from typing import Any

from context_window_cases import cases as context_window_cases
from lint_fixtures import PNG, ask, turn, user

Case = tuple[str, str, dict[str, Any], Any, Any, list[tuple[str, str, str]]]

PDF = base64.b64encode(b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n").decode()
CLAUDE = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
NOVA = "us.amazon.nova-2-lite-v1:0"
TOOLS = {
    "toolConfig": {
        "tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}]
    }
}


def _bedrock_result(*content: Any) -> Any:
    return {
        "role": "user",
        "content": [{"toolResult": {"toolUseId": "c1", "content": list(content)}}],
    }


def _s3(member: str, fmt: str) -> Any:
    return {member: {"format": fmt, "source": {"s3Location": {"uri": f"s3://b/x.{fmt}"}}}}


def _bedrock_cases() -> list[Case]:
    doc = {"document": {"format": "pdf", "name": "report", "source": {"bytes": PDF}}}
    with_text = [{"role": "user", "content": [{"text": "read it"}, doc]}]
    alone = [{"role": "user", "content": [doc]}]
    body = {"messages": turn("bedrock", "c1"), **TOOLS}
    bare = {"messages": turn("bedrock", "c1"), "inferenceConfig": {"maxTokens": 256}}
    calls = [user("bedrock"), ask("bedrock", "c1")]
    said = {"role": "assistant", "content": [{"text": "ok"}]}
    return [
        (
            "empty-message",
            "bedrock",
            {},
            [user("bedrock"), said],
            [user("bedrock"), {"role": "assistant", "content": []}],
            [("empty-message", "error", "messages[1]")],
        ),
        (
            "roles-not-alternating",
            "bedrock",
            {},
            {"messages": [*turn("bedrock", "c1"), said, user("bedrock", "more")], **TOOLS},
            {"messages": [*turn("bedrock", "c1"), user("bedrock", "more")], **TOOLS},
            [("roles-not-alternating", "error", "messages[3]")],
        ),
        (
            "document-needs-text",
            "bedrock",
            {},
            with_text,
            alone,
            [("document-needs-text", "error", "messages[0].content[0]")],
        ),
        (
            "tool-config-required",
            "bedrock",
            {},
            body,
            bare,
            [("tool-config-required", "error", "messages[1].content[0]")],
        ),
        (
            "s3-source-unsupported",
            "bedrock",
            {"model": CLAUDE},
            [
                *calls,
                _bedrock_result({"document": {"name": "d"} | _s3("document", "pdf")["document"]}),
            ],
            [*calls, _bedrock_result(_s3("image", "png"))],
            [("s3-source-unsupported", "error", "messages[2].content[0].toolResult.content[0]")],
        ),
        (
            "s3-source-unsupported",
            "bedrock",
            {"model": NOVA},
            [*calls, _bedrock_result(_s3("image", "png"))],
            [*calls, _bedrock_result(_s3("video", "mp4"))],
            [("s3-source-unsupported", "error", "messages[2].content[0].toolResult.content[0]")],
        ),
        (
            "input-unsupported",
            "bedrock",
            {"model": CLAUDE},
            [
                {
                    "role": "user",
                    "content": [
                        {"text": "hi"},
                        {"image": {"format": "png", "source": {"bytes": PNG}}},
                    ],
                }
            ],
            [
                {
                    "role": "user",
                    "content": [
                        {"text": "hi"},
                        {"video": {"format": "mp4", "source": {"bytes": "AAAA"}}},
                    ],
                }
            ],
            [("input-unsupported", "error", "messages[0].content[1]")],
        ),
    ]


def _anthropic_cases() -> list[Case]:
    use = {"type": "tool_use", "id": "c1", "name": "f", "input": {}}
    text = {"type": "text", "text": "Calling f."}
    result = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "ok"}],
    }
    first = [user("anthropic"), {"role": "assistant", "content": [text, use]}, result]
    after = [user("anthropic"), {"role": "assistant", "content": [use, text]}, result]
    server = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    searched = [user("anthropic"), {"role": "assistant", "content": [server, use]}, result]
    web = {"type": "web_search_20250305", "name": "web_search"}
    thought = {"type": "thinking", "thinking": "I need f.", "signature": "c2ln"}
    thinking = {"thinking": {"type": "enabled", "budget_tokens": 1024}}
    auto = {"tools": [{"name": "f", "input_schema": {}}], "tool_choice": {"type": "auto"}}
    # a browser use member call (the SDK's BetaBrowserNavigateToolUseBlock) and its result
    member = {
        "type": "tool_use",
        "id": "c1",
        "name": "navigate",
        "toolset_name": "browser",
        "input": {"url": "https://example.com"},
    }
    state = {"type": "browser_state", "tabs": [{"id": 1, "url": "https://example.com"}]}
    shot = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}

    def member_turn(**answer: Any) -> Any:
        block = {"type": "tool_result", "tool_use_id": "c1", **answer}
        return [
            user("anthropic"),
            {"role": "assistant", "content": [member]},
            {"role": "user", "content": [block]},
        ]

    return [
        (
            "toolset-result",
            "anthropic",
            {},
            member_turn(toolset_name="browser", content=[shot, state]),
            member_turn(content=[shot, state]),
            [("toolset-result", "error", "messages[2].content[0]")],
        ),
        (
            "toolset-result",
            "anthropic",
            {},
            member_turn(toolset_name="browser", content=[{"type": "text", "text": "ok"}]),
            member_turn(
                toolset_name="browser",
                content=[{"type": "document", "source": {"type": "text", "data": "x"}}],
            ),
            [("toolset-result", "error", "messages[2].content[0].content[0]")],
        ),
        (
            "content-after-tool-use",
            "anthropic",
            {},
            first,
            after,
            [("content-after-tool-use", "error", "messages[1].content[1]")],
        ),
        (
            "server-tool-without-result",
            "anthropic",
            {},
            {"messages": searched, "tools": [web, {"name": "f", "input_schema": {}}]},
            {"messages": searched, "tools": [{"name": "f", "input_schema": {}}]},
            [("server-tool-without-result", "error", "messages[1].content[0]")],
        ),
        (
            "thinking-first",
            "anthropic",
            {},
            {
                "messages": [
                    user("anthropic"),
                    {"role": "assistant", "content": [thought, use]},
                    result,
                ],
                **thinking,
            },
            {
                "messages": [
                    user("anthropic"),
                    {"role": "assistant", "content": [text, use]},
                    result,
                ],
                **thinking,
            },
            [("thinking-first", "error", "messages[1].content[0]")],
        ),
        (
            "thinking-budget",
            "anthropic",
            {},
            {"messages": [user("anthropic")], "max_tokens": 4097, **_thinking(4096)},
            {"messages": [user("anthropic")], "max_tokens": 4096, **_thinking(4096)},
            [("thinking-budget", "error", "thinking.budget_tokens")],
        ),
        (
            "thinking-forced-tool",
            "anthropic",
            {},
            {"messages": [user("anthropic")], "max_tokens": 4096, **_thinking(2048), **auto},
            {
                "messages": [user("anthropic")],
                "max_tokens": 4096,
                **_thinking(2048),
                **auto,
                "tool_choice": {"type": "tool", "name": "f"},
            },
            [("thinking-forced-tool", "error", "tool_choice")],
        ),
    ]


def _thinking(budget: int) -> dict[str, Any]:
    return {"thinking": {"type": "enabled", "budget_tokens": budget}}


def _gemini_cases() -> list[Case]:
    image = {"inlineData": {"mimeType": "image/png", "data": PNG}}
    twice = {
        "inlineData": {"mimeType": "image/png", "data": base64.b64encode(PNG.encode()).decode()}
    }
    audio = {"inlineData": {"mimeType": "audio/mpeg", "data": "SUQzBAAAAAAAI1RTU0U="}}
    return [
        (
            "part-media-resolution",
            "gemini",
            {},
            [{"role": "user", "parts": [{"text": "look"}, image]}],
            [
                {
                    "role": "user",
                    "parts": [
                        {"text": "look"},
                        image | {"mediaResolution": {"level": "MEDIA_RESOLUTION_HIGH"}},
                    ],
                }
            ],
            [("part-media-resolution", "error", "contents[0].parts[1]")],
        ),
        (
            "double-base64",
            "gemini",
            {},
            [{"role": "user", "parts": [{"text": "look"}, image]}],
            [{"role": "user", "parts": [{"text": "look"}, twice]}],
            [("double-base64", "error", "contents[0].parts[1]")],
        ),
        (
            "input-unsupported",
            "gemini",
            {"model": "gemma-4-31b-it"},
            [{"role": "user", "parts": [{"text": "look"}, image]}],
            [{"role": "user", "parts": [{"text": "listen"}, audio]}],
            [("input-unsupported", "error", "contents[0].parts[1]")],
        ),
    ]


def _responses_cases() -> list[Case]:
    def message(part: Any) -> Any:
        return {"role": "user", "content": [{"type": "input_text", "text": "read"}, part]}

    pdf = {
        "type": "input_file",
        "filename": "a.pdf",
        "file_data": f"data:application/pdf;base64,{PDF}",
    }
    mp3 = {"type": "input_file", "filename": "a.mp3", "file_data": "data:audio/mpeg;base64,SUQz"}
    pdf_url = {"type": "input_file", "file_url": "https://example.com/files/report.pdf"}
    txt_url = {"type": "input_file", "file_url": "https://example.com/files/notes.txt"}
    reasoning = {"type": "reasoning", "id": "rs_1", "summary": []}
    said = {
        "type": "message",
        "role": "assistant",
        "id": "msg_1",
        "content": [{"type": "output_text", "text": "42"}],
    }
    plain = {"role": "assistant", "content": "42"}
    image = {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"}
    # 26 MB of file bytes each (their base64 a third longer): one is taken, two are over
    # the 50 MB all the files of a request may hold together
    big = {
        "type": "input_file",
        "filename": "scan.pdf",
        "file_data": "data:application/pdf;base64," + "A" * (26_000_000 // 3 * 4),
    }
    call = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
    output = {"type": "function_call_output", "call_id": "call_1", "output": "ok"}
    return [
        (
            "files-too-large",
            "responses",
            {},
            [message(big)],
            [message(big), {**call, "id": "fc_1"}, {**output, "output": [big]}],
            [("files-too-large", "error", "input[2].output[0]")],
        ),
        (
            "item-id-prefix",
            "responses",
            {},
            [user("responses"), {**call, "id": "fc_1"}, output],
            [user("responses"), {**call, "id": "call_1"}, output],
            [("item-id-prefix", "error", "input[1].id")],
        ),
        (
            "item-id-prefix",
            "responses",
            {},
            [user("responses"), reasoning, said, user("responses")],
            [user("responses"), {**reasoning, "id": "item_1"}, said, user("responses")],
            [("item-id-prefix", "error", "input[1].id")],
        ),
        (
            "input-file-type",
            "responses",
            {},
            [message(pdf)],
            [message(mp3)],
            [("input-file-type", "error", "input[0].content[1]")],
        ),
        (
            "input-file-type",
            "responses",
            {},
            [message(pdf_url)],
            [message(txt_url)],
            [("input-file-type", "error", "input[0].content[1]")],
        ),
        (
            "reasoning-without-item",
            "responses",
            {},
            [user("responses"), reasoning, said, user("responses")],
            [user("responses"), reasoning, plain, user("responses")],
            [("reasoning-without-item", "error", "input[1]")],
        ),
        (
            "input-unsupported",
            "responses",
            {"model": "gpt-4"},
            [message({"type": "input_text", "text": "more"})],
            [message(image)],
            [("input-unsupported", "error", "input[0].content[1]")],
        ),
    ]


def _openai_cases() -> list[Case]:
    def message(part: Any) -> Any:
        return [{"role": "user", "content": [{"type": "text", "text": "read"}, part]}]

    good_file = {
        "type": "file",
        "file": {"filename": "a.pdf", "file_data": f"data:application/pdf;base64,{PDF}"},
    }
    bad_file = copy.deepcopy(good_file)
    bad_file["file"]["data"] = bad_file["file"].pop("file_data")
    audio = {"type": "input_audio", "input_audio": {"data": "SUQz", "format": "mp3"}}
    image = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}
    return [
        (
            "file-part-member",
            "openai",
            {},
            message(good_file),
            message(bad_file),
            [("file-part-member", "error", "messages[0].content[1].file.data")],
        ),
        (
            "input-unsupported",
            "openai",
            {"model": "gpt-5-mini"},
            message(image),
            message(audio),
            [("input-unsupported", "error", "messages[0].content[1]")],
        ),
    ]


def _ollama_cases() -> list[Case]:
    call = ask("ollama", "c1")
    result = {"role": "tool", "tool_name": "f", "content": "ok"}
    return [
        (
            "no-user-query",
            "ollama",
            {},
            [user("ollama"), call, result],
            [{"role": "system", "content": "Be brief."}, call, result],
            [("no-user-query", "warning", "messages")],
        ),
    ]


def _tool_name_cases() -> list[Case]:
    """A definition named as the wire takes it (good) and one it refuses (bad)."""

    def bodies(wire: str, name: str) -> Any:
        schema = {"type": "object"}
        return {
            "openai": {
                "messages": [user("openai")],
                "tools": [{"type": "function", "function": {"name": name, "parameters": schema}}],
            },
            "responses": {
                "input": "hi",
                "tools": [
                    {"type": "function", "name": name, "parameters": schema, "strict": False}
                ],
            },
            "anthropic": {
                "messages": [user("anthropic")],
                "tools": [{"name": name, "input_schema": schema}],
            },
            "bedrock": {
                "messages": [user("bedrock")],
                "toolConfig": {
                    "tools": [{"toolSpec": {"name": name, "inputSchema": {"json": schema}}}]
                },
            },
            "gemini": {
                "contents": [user("gemini")],
                "tools": [{"functionDeclarations": [{"name": name}]}],
            },
        }[wire]

    bad = {"openai": "files.read", "responses": "files/read", "anthropic": "a" * 129}
    bad |= {"bedrock": "files read", "gemini": "9lives"}
    good = {"openai": "f" * 64, "responses": "files_read", "anthropic": "a" * 128}
    good |= {"bedrock": "files-read", "gemini": "files.read:v2"}
    at = {"openai": "tools[0]", "responses": "tools[0]", "anthropic": "tools[0]"}
    at |= {"bedrock": "toolConfig.tools[0]", "gemini": "tools[0].functionDeclarations[0]"}
    return [
        (
            "tool-name",
            wire,
            {},
            bodies(wire, good[wire]),
            bodies(wire, bad[wire]),
            [("tool-name", "error", at[wire])],
        )
        for wire in bad
    ]


def _tool_schema_cases() -> list[Case]:
    """A definition whose schema's root is an object (good) and one whose root is an array
    (bad), on each wire whose settings declare the rule; on bedrock also a root without
    type (a warning)."""
    where = {
        "openai": ("tools", 0, "function", "parameters"),
        "ollama": ("tools", 0, "function", "parameters"),
        "responses": ("tools", 0, "parameters"),
        "anthropic": ("tools", 0, "input_schema"),
        "bedrock": ("toolConfig", "tools", 0, "toolSpec", "inputSchema", "json"),
        "gemini": ("tools", 0, "functionDeclarations", 0, "parameters"),
    }

    def body(wire: str, schema: dict[str, Any]) -> Any:
        function = {"name": "f", "parameters": schema}
        made = {
            "openai": {"tools": [{"type": "function", "function": function}]},
            "ollama": {"tools": [{"type": "function", "function": function}]},
            "responses": {"tools": [{"type": "function", "name": "f", "parameters": schema}]},
            "anthropic": {"tools": [{"name": "f", "input_schema": schema}]},
            "gemini": {"tools": [{"functionDeclarations": [{"name": "f", "parameters": schema}]}]},
            "bedrock": {
                "toolConfig": {
                    "tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": schema}}}]
                }
            },
        }[wire]
        key = {"responses": "input", "gemini": "contents"}.get(wire, "messages")
        return {key: "hi" if wire == "responses" else [user(wire)], **made}

    def path(wire: str) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where[wire])[1:]

    good = {"type": "object", "properties": {"a": {"type": "string"}}}
    cases: list[Case] = [
        (
            "tool-schema-root",
            wire,
            {},
            body(wire, good),
            body(wire, {"type": "array", "items": {"type": "string"}}),
            [
                (
                    "tool-schema-root",
                    "warning" if wire == "ollama" else "error",
                    f"{path(wire)}.type",
                )
            ],
        )
        for wire in where
    ]
    untyped = {"anyOf": [{"type": "object"}]}
    for wire in ("bedrock", "gemini"):
        warned = [("tool-schema-root", "warning", path(wire))]
        cases.append(("tool-schema-root", wire, {}, body(wire, good), body(wire, untyped), warned))
    return cases


CHECK_CASES: list[Case] = [
    *_tool_name_cases(),
    *_tool_schema_cases(),
    *_bedrock_cases(),
    *_anthropic_cases(),
    *_gemini_cases(),
    *_responses_cases(),
    *_ollama_cases(),
    *_openai_cases(),
    *context_window_cases(),
]
