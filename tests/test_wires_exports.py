"""Issue 35: the registry's interface is small, and grows only by decision: ``wires.__all__``
holds the names code outside ``wires/`` imports (the package, the tests, the notebooks,
benchmarks, scripts, the README and the docs) and those a wire author needs to define a wire
(``tests/toy_wire.py`` imports them); nothing is re-exported for nobody."""

from __future__ import annotations

import toolresult_lab.wires as wires

#: The registry's names, exactly: a name added or dropped here is a decision.
EXPORTED = frozenset(
    {
        "Add",
        "Alteration",
        "ApiPaths",
        "AnthropicToolResult",
        "BEDROCK_MAX_DOCUMENTS",
        "BedrockToolResult",
        "BedrockToolResultBody",
        "CallData",
        "CallPart",
        "Check",
        "ContentPart",
        "Converter",
        "DocumentPart",
        "FACTS",
        "GEMINI_IMAGE_MIMES",
        "GEMINI_RESPONSE_MIMES",
        "GeminiFunctionResponse",
        "GeminiFunctionResponsePart",
        "GeminiInlineData",
        "GeminiInlinePart",
        "HEADS",
        "ID_FORMATS",
        "IdFormat",
        "IdStyle",
        "ImagePart",
        "ImageTokenRule",
        "Limit",
        "LimitScope",
        "MISSING",
        "Measure",
        "Message",
        "ModelView",
        "Note",
        "OfficialClient",
        "OllamaToolMessage",
        "OpaquePart",
        "OpenAIToolMessage",
        "Part",
        "PrefixFacts",
        "Problem",
        "RESULT_BLOCK_TYPES",
        "ReadCall",
        "ReadRequest",
        "Reading",
        "RequestEdits",
        "RequestShape",
        "RequiredField",
        "ResponsesFunctionCallOutput",
        "ResponsesInputFile",
        "ResponsesInputImage",
        "ResponsesInputText",
        "ResultPart",
        "SIGNATURE_FIELD",
        "SKIP_SIGNATURE",
        "Scope",
        "Settings",
        "Source",
        "Stage",
        "TextPart",
        "TokenRules",
        "ToolNames",
        "ToolSpec",
        "TurnShape",
        "WIRES",
        "Wire",
        "WireChecks",
        "WireFacts",
        "WireModule",
        "block_payload_paths",
        "body_value",
        "check_request",
        "converter",
        "exhausted",
        "for_boto3",
        "hoist_text",
        "id_format_for",
        "is_document",
        "items",
        "list_key",
        "made_id",
        "make_call",
        "named",
        "neutral_calls",
        "neutral_results",
        "new_call_id",
        "parts_of",
        "payload_paths",
        "plain_request",
        "prepare",
        "read_block",
        "read_native_block",
        "read_request",
        "register",
        "registered",
        "settings_of",
        "settings_shape",
        "short",
        "split_data_url",
        "tool_defs",
        "turn",
        "turn_messages",
        "unregister",
        "wire_facts",
        "wire_module",
        "write_settings",
    }
)


def test_the_registry_exports_exactly_its_interface() -> None:
    assert set(wires.__all__) == EXPORTED
    assert len(wires.__all__) == len(EXPORTED)  # no name listed twice


def test_every_exported_name_is_defined() -> None:
    assert [name for name in sorted(EXPORTED) if not hasattr(wires, name)] == []


def test_the_dropped_names_are_gone() -> None:
    """``request_payload_paths`` and ``document_name_of`` had no caller: removed, not hidden."""
    assert not hasattr(wires, "request_payload_paths")
    assert not hasattr(wires, "document_name_of")
