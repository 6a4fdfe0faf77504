"""SPEC 9 on real conversations (issue 26): what real clients send moves whole.

Each test is one finding of the corpus sweep or of the adversarial review, on a hand-made
request of the shape the corpus holds (``test_translate_corpus`` runs the corpus itself).
"""

from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli

from toolresult_lab import Loss, lint, translate
from toolresult_lab.requests.transcripts.reencode import NOTE, standard_base64


def png(red: int) -> bytes:
    """A valid 1x1 RGB PNG of the given red."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(bytes([0, red, 0, 0]))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


#: A PNG whose standard base64 holds ``+`` or ``/`` (so its URL-safe spelling differs).
PNG_BYTES = next(
    image for image in map(png, range(256)) if set("+/") & set(base64.b64encode(image).decode())
)
PNG_B64 = base64.b64encode(PNG_BYTES).decode()


def errors(wire: str, body: dict[str, Any]) -> list[str]:
    return [str(f) for f in lint(wire, body) if f.severity == "error"]


# -- payloads: another spelling of base64 is the same bytes ---------------------------------


def test_standard_base64_reencodes_url_safe_unpadded_and_wrapped_payloads() -> None:
    raw = bytes(range(256)) * 3
    standard = base64.b64encode(raw).decode()
    url_safe = base64.urlsafe_b64encode(raw).decode()
    assert url_safe != standard
    assert standard_base64(url_safe) == standard
    assert standard_base64(url_safe.rstrip("=")) == standard
    wrapped = "\n".join(standard[i : i + 76] for i in range(0, len(standard), 76))
    assert standard_base64(wrapped) == standard
    assert standard_base64(standard) is None  # canonical already
    assert standard_base64("not base64 at all!") is None
    assert standard_base64("A") is None


def gemini_request(data: str) -> dict[str, Any]:
    return {
        "contents": [
            {
                "role": "user",
                "parts": [
                    {"text": "look"},
                    {"inlineData": {"mimeType": "image/png", "data": data}},
                ],
            },
            {
                "role": "model",
                "parts": [{"functionCall": {"id": "c1", "name": "shot", "args": {}}}],
            },
            {
                "role": "user",
                "parts": [
                    {
                        "functionResponse": {
                            "id": "c1",
                            "name": "shot",
                            "response": {"result": "here"},
                            "parts": [{"inlineData": {"mimeType": "image/png", "data": data}}],
                        }
                    }
                ],
            },
        ]
    }


def test_url_safe_base64_from_google_genai_arrives_as_standard_base64_with_notes() -> None:
    url_safe = base64.urlsafe_b64encode(PNG_BYTES).decode()  # as google-genai writes it
    assert url_safe != PNG_B64
    request = gemini_request(url_safe)
    assert errors("gemini", request) == []
    out = translate("gemini", "anthropic", request)
    assert errors("anthropic", out.request) == []
    user, _, results = out.request["messages"]
    assert user["content"][1]["source"] == {
        "type": "base64",
        "media_type": "image/png",
        "data": PNG_B64,
    }
    images = [b for b in results["content"][0]["content"] if b["type"] == "image"]
    assert images[0]["source"]["data"] == PNG_B64
    assert not [loss for loss in out.losses if "base64" in loss.what]
    assert out.notes == (
        Loss("contents[0].parts[1]", NOTE),
        Loss("contents[2].parts[0]", f"content[1]: {NOTE}"),
        Loss("", MAX_TOKENS_NOTE),
    )


# -- a Loss only where something is lost -----------------------------------------------------

CACHED = {
    "messages": [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "the contract", "cache_control": {"type": "ephemeral"}}
            ],
        },
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}],
        },
    ]
}


def test_a_cached_text_keeps_its_text_and_loses_only_the_marker() -> None:
    out = translate("anthropic", "openai", CACHED)
    assert out.request["messages"][0] == {"role": "user", "content": "the contract"}
    assert out.losses == (
        Loss("messages[0].content[0]", "cache mark has no form on openai: dropped (the text kept)"),
    )
    same = translate("anthropic", "anthropic", CACHED).request  # kept on its own wire
    assert same["messages"][0] == CACHED["messages"][0]


# -- real conversations that raised ----------------------------------------------------------


def test_two_assistant_messages_whose_calls_are_answered_after_both_read_as_one_turn() -> None:
    request = {
        "messages": [
            {"role": "user", "content": "refund?"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "a", "name": "load", "input": {}}],
            },
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "b", "name": "search", "input": {}}],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "a", "content": "loaded"},
                    {"type": "tool_result", "tool_use_id": "b", "content": "found"},
                ],
            },
        ]
    }
    out = translate("anthropic", "openai", request)
    assert [m["role"] for m in out.request["messages"]] == ["user", "assistant", "tool", "tool"]
    assert [c["id"] for c in out.request["messages"][1]["tool_calls"]] == ["a", "b"]
    assert errors("openai", out.request) == []
    assert out.losses == ()
    assert [n.path for n in out.notes] == ["messages[2]"]


def test_a_system_message_mid_conversation_is_carried_as_user_text_with_a_loss() -> None:
    request = {
        "messages": [
            {"role": "system", "content": "be brief"},
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "done"},
            {"role": "system", "content": "now answer in French"},
        ]
    }  # fmt: skip
    out = translate("openai", "anthropic", request)
    assert out.request["system"] == "be brief"
    assert out.request["messages"][-1] == {"role": "user", "content": "now answer in French"}
    assert (
        Loss("messages[4]", "a system message mid-conversation: its content carried as a user turn")
        in out.losses
    )
    assert errors("anthropic", out.request) == []


def test_an_anthropic_system_message_with_a_tool_addition_never_raises() -> None:
    request = {
        "messages": [
            {"role": "user", "content": "refund?"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "a", "name": "load", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "a", "content": "ok"}],
            },
            {
                "role": "system",
                "content": [
                    {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "refund"}}
                ],
            },
        ]
    }
    out = translate("anthropic", "gemini", request)
    assert len(out.request["contents"]) == 3  # the system message had nothing gemini takes
    assert [loss.what for loss in out.losses] == [
        "a system message mid-conversation: its content carried as a user turn",
        "tool_addition has no form on gemini: dropped",
    ]
    assert [note.what for note in out.notes][-1:] == [
        "no thought signature: the documented skip value set"
    ]
    assert errors("gemini", out.request) == []


def test_a_result_answering_a_call_held_on_the_server_is_dropped_with_a_loss() -> None:
    request = {
        "previous_response_id": "resp_1",
        "input": [{"type": "function_call_output", "call_id": "held", "output": "42"}],
    }
    out = translate("responses", "anthropic", request)
    assert out.request == {"messages": [], "max_tokens": 4096}
    assert out.losses == (
        Loss("input[0]", "result 'held' answers no call in the request: dropped"),
        Loss("previous_response_id", "has no counterpart on anthropic: dropped"),
    )


def test_no_empty_message_and_no_empty_text_block_is_written() -> None:
    request = {
        "input": [
            {"role": "user", "content": "hi"},
            {"type": "reasoning", "id": "rs_1", "summary": []},
            {"role": "assistant", "content": [{"type": "output_text", "text": ""}]},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "ok"},
        ]
    }
    for dst in ("anthropic", "gemini", "bedrock"):
        out = translate("responses", dst, request)
        assert errors(dst, out.request) == [], dst
        messages = out.request.get("messages", out.request.get("contents"))
        assert all(m.get("content", m.get("parts")) for m in messages), dst
        assert '"text": ""' not in str(out.request).replace("'", '"'), dst


# -- Bedrock ------------------------------------------------------------------------------


def test_bedrock_gets_the_results_and_the_next_user_words_in_one_message() -> None:
    request = {
        "messages": [
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "w", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "sunny"},
            {"role": "user", "content": "and tomorrow?"},
        ]
    }  # fmt: skip
    out = translate("openai", "bedrock", request)
    assert out.request["messages"][2] == {
        "role": "user",
        "content": [
            {"toolResult": {"toolUseId": "c1", "content": [{"text": "sunny"}]}},
            {"text": "and tomorrow?"},
        ],
    }
    assert len(out.request["messages"]) == 3
    assert out.losses == ()
    assert out.notes[0] == Loss(
        "", "two user messages in a row written as one (bedrock takes alternating roles)"
    )


def test_a_nova_server_tool_call_in_the_models_message_is_kept_opaque_not_dropped() -> None:
    use = {"toolUseId": "s1", "name": "nova_code_interpreter", "input": {"snippet": "1+1"}}
    server = {"toolUse": {**use, "type": "server_tool_use"}}
    output = [{"json": {"stdOut": "2"}}]
    server_result = {
        "toolResult": {
            "toolUseId": "s1",
            "content": output,
            "type": "nova_code_interpreter_result",
            "status": "success",
        }
    }
    call = {"toolUse": {"toolUseId": "c1", "name": "final_result", "input": {"result": 2}}}
    request = {
        "messages": [
            {"role": "user", "content": [{"text": "1+1?"}]},
            {"role": "assistant", "content": [server, server_result, call]},
            {
                "role": "user",
                "content": [{"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}]}}],
            },
        ]
    }
    out = translate("bedrock", "anthropic", request)
    assert out.request["messages"][1]["content"] == [
        {"type": "tool_use", "id": "c1", "name": "final_result", "input": {"result": 2}}
    ]
    assert out.losses == (
        Loss("messages[1].content[0]", "server tool call has no form on anthropic: dropped"),
        Loss("messages[1].content[1]", "server tool result has no form on anthropic: dropped"),
    )
    assert errors("anthropic", out.request) == []
    same = translate("bedrock", "bedrock", request)
    assert same.request["messages"][1]["content"] == [server, server_result, call]


# -- strings -------------------------------------------------------------------------------


def test_a_lone_surrogate_becomes_u_fffd_with_a_loss_and_the_output_is_utf_8() -> None:
    request = {
        "messages": [
            {"role": "user", "content": "bad \ud800 here"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "res \udc00"},
        ]
    }  # fmt: skip
    out = translate("openai", "anthropic", request)
    assert out.request["messages"][0] == {"role": "user", "content": "bad \ufffd here"}
    assert out.losses == (
        Loss("messages[0].content", "a lone surrogate: replaced by U+FFFD"),
        Loss("messages[2].content", "a lone surrogate: replaced by U+FFFD"),
    )
    json.dumps(out.request, ensure_ascii=False).encode("utf-8")  # strict UTF-8
    assert request["messages"][0]["content"] == "bad \ud800 here"  # the input untouched


def test_the_cli_translates_a_lone_surrogate_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "request.json"
    path.write_text('{"messages": [{"role": "user", "content": "bad \\ud800 here"}]}', "utf-8")
    status, out, err = run_cli(
        capsys, "translate", str(path), "--from", "openai", "--to", "anthropic"
    )
    assert status == 0
    assert json.loads(out) == {
        "messages": [{"role": "user", "content": "bad \ufffd here"}],
        "max_tokens": 4096,
    }
    assert err == (
        f"{path}: messages[0].content: a lone surrogate: replaced by U+FFFD\n"
        f"{path}: note: (the request): {MAX_TOKENS_NOTE}\n"
    )


#: What translate notes where it writes Anthropic's required max_tokens itself.
MAX_TOKENS_NOTE = (
    "the source has no output token limit: max_tokens 4096 written (anthropic requires one)"
)


# -- the whole request -----------------------------------------------------------------------

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
OPENAI_WHOLE = {
    "model": "gpt-4o",
    "max_completion_tokens": 500,
    "temperature": 0.2,
    "top_p": 0.9,
    "stop": ["END"],
    "seed": 7,
    "tools": [
        {
            "type": "function",
            "function": {"name": "weather", "description": "Weather.", "parameters": SCHEMA},
        }
    ],
    "tool_choice": {"type": "function", "function": {"name": "weather"}},
    "messages": [
        {"role": "user", "content": "Köln?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "weather", "arguments": '{"city": "Köln"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "sunny"},
    ],
}


def test_the_whole_request_moves_to_anthropic() -> None:
    out = translate("openai", "anthropic", OPENAI_WHOLE)
    body = {k: v for k, v in out.request.items() if k != "messages"}
    assert body == {
        "model": "gpt-4o",
        "max_tokens": 500,
        "temperature": 0.2,
        "stop_sequences": ["END"],
        "tools": [{"name": "weather", "description": "Weather.", "input_schema": SCHEMA}],
        "tool_choice": {"type": "tool", "name": "weather"},
    }
    # Claude 4.5 and later reject temperature and top_p together (Migrating to Claude 4.5)
    assert out.losses == (
        Loss("seed", "has no counterpart on anthropic: dropped"),
        Loss(
            "top_p",
            "anthropic: Claude Sonnet 4.5 and later reject temperature and top_p together"
            " (use only one): top_p dropped, temperature kept",
        ),
    )
    assert (
        translate("openai", "anthropic", OPENAI_WHOLE, model="claude-x").request["model"]
        == "claude-x"
    )


def test_the_whole_request_moves_to_gemini_and_bedrock() -> None:
    gemini = translate("openai", "gemini", OPENAI_WHOLE)
    assert gemini.request["generationConfig"] == {
        "maxOutputTokens": 500,
        "temperature": 0.2,
        "topP": 0.9,
        "stopSequences": ["END"],
    }
    assert gemini.request["tools"] == [
        {
            "functionDeclarations": [
                {"name": "weather", "description": "Weather.", "parametersJsonSchema": SCHEMA}
            ]
        }
    ]
    assert gemini.request["toolConfig"] == {
        "functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["weather"]}
    }
    assert Loss("model", "the model goes in gemini's URL, not its body: dropped") in gemini.losses
    bedrock = translate("openai", "bedrock", OPENAI_WHOLE)
    assert bedrock.request["inferenceConfig"] == {
        "maxTokens": 500,
        "temperature": 0.2,
        "topP": 0.9,
        "stopSequences": ["END"],
    }
    assert bedrock.request["toolConfig"] == {
        "tools": [
            {
                "toolSpec": {
                    "name": "weather",
                    "description": "Weather.",
                    "inputSchema": {"json": SCHEMA},
                }
            }
        ],
        "toolChoice": {"tool": {"name": "weather"}},
    }
    back = translate("bedrock", "openai", bedrock.request)
    assert back.request["tools"] == OPENAI_WHOLE["tools"]
    assert back.request["max_tokens"] == 500 and back.request["stop"] == ["END"]


def test_bedrock_gets_a_minimal_definition_per_called_tool_when_the_request_has_none() -> None:
    request = {"messages": OPENAI_WHOLE["messages"]}
    out = translate("openai", "bedrock", request)
    assert out.request["toolConfig"] == {
        "tools": [
            {
                "toolSpec": {
                    "name": "weather",
                    "inputSchema": {"json": {"type": "object", "properties": {}}},
                }
            }
        ]
    }
    assert out.notes == (
        Loss(
            "",
            "tool 'weather' has no definition in the request: a minimal one written"
            " (Bedrock takes no tool use without a toolConfig)",
        ),
    )


def test_on_its_own_wire_every_field_is_kept() -> None:
    out = translate("openai", "openai", OPENAI_WHOLE)
    assert {k: v for k, v in out.request.items() if k != "messages"} == {
        k: v for k, v in OPENAI_WHOLE.items() if k != "messages"
    }


# -- MIME types are read, never invented -----------------------------------------------------


def test_a_url_without_a_type_goes_to_gemini_without_an_empty_mime_type() -> None:
    request = {
        "messages": [
            {
                "role": "user",
                "content": [{"type": "image_url", "image_url": {"url": "https://x.test/y"}}],
            }
        ]
    }
    out = translate("openai", "gemini", request)
    assert out.request == {
        "contents": [{"role": "user", "parts": [{"fileData": {"fileUri": "https://x.test/y"}}]}]
    }


def test_inline_media_without_a_type_is_typed_from_its_bytes_or_lost() -> None:
    untyped = {"contents": [{"role": "user", "parts": [{"inlineData": {"data": PNG_B64}}]}]}
    out = translate("gemini", "anthropic", untyped)
    image = {"type": "base64", "media_type": "image/png", "data": PNG_B64}
    assert out.request == {
        "messages": [{"role": "user", "content": [{"type": "image", "source": image}]}],
        "max_tokens": 4096,
    }
    unknown = {"contents": [{"role": "user", "parts": [{"inlineData": {"data": "AAAAAAAA"}}]}]}
    out = translate("gemini", "anthropic", unknown)
    assert out.request == {"messages": [], "max_tokens": 4096}
    assert out.losses == (
        Loss("contents[0].parts[0]", "media of unknown type has no form on anthropic: dropped"),
    )


def test_a_png_in_a_function_response_without_a_type_stays_a_png_not_a_pdf() -> None:
    request = {
        "contents": [
            {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "f", "args": {}}}]},
            {
                "role": "user",
                "parts": [
                    {
                        "functionResponse": {
                            "id": "c1",
                            "name": "f",
                            "response": {"result": "ok"},
                            "parts": [{"inlineData": {"data": PNG_B64}}],
                        }
                    }
                ],
            },
        ]
    }
    out = translate("gemini", "anthropic", request)
    blocks = out.request["messages"][1]["content"][0]["content"]
    assert {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": PNG_B64},
    } in blocks
    assert "application/pdf" not in str(out.request)


def test_hermes_text_trimmed_beside_its_calls_is_a_loss_only_when_more_than_the_separator() -> None:
    call = '<tool_call>\n{"name":"f","arguments":{}}\n</tool_call>'
    answer = {
        "role": "tool",
        "content": '<tool_response>\n{"content":"r","name":"f"}\n</tool_response>',
    }

    def losses(text: str) -> list[str]:
        request = {
            "messages": [
                {"role": "user", "content": "hi"},
                {"role": "assistant", "content": text + call},
                answer,
            ]
        }
        return [
            loss.what
            for loss in translate("hermes", "openai", request).losses
            if loss.path == "messages[1]"
        ]

    made = "call 'f' had no id: id 'call_49f44721af6ce50c9b381561' made"
    assert losses("thinking...\n") == [made]
    assert losses("  thinking... \n") == [
        "whitespace around the text beside the calls trimmed",
        made,
    ]
