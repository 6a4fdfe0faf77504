"""What providers rejected in real traffic (issue 25): request parts, model capabilities,
replayed items, and the request's shape."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .model import ERROR, RECHECKED, Rule, RuleSource, cassette
from .sources import HANDLE_TOOLS, MODELS_DEV

__all__ = ["ROWS"]

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "tool-config-required",
        "A Bedrock request with toolUse / toolResult blocks and no toolConfig",
        ERROR,
        "The toolConfig field must be defined when using toolUse and toolResult content blocks.",
        (
            RuleSource(
                "BerriAI/litellm#31400", "https://github.com/BerriAI/litellm/pull/31400", "user"
            ),
            RuleSource(
                "vxcontrol/pentagi#196", "https://github.com/vxcontrol/pentagi/pull/196", "user"
            ),
        ),
        checked=RECHECKED,
        notes="Checked on a request body (a bare list of messages reads as one argument of"
        " boto3's converse, whose toolConfig is another; a body of only messages was read so"
        " too until 2026-12-07, and such a body sent as it is gets this answer). Every"
        " accepted Bedrock request with tool blocks in the corpus has one.",
    ),
    Rule(
        "max-tokens-required",
        "An Anthropic request body without max_tokens",
        ERROR,
        "max_tokens: Field required",
        (
            RuleSource(
                "anthropic-sdk-python 2.17.0: types/message_create_params.py",
                "https://github.com/anthropics/anthropic-sdk-python",
                "src",
            ),
            RuleSource(
                "immersive-translate/immersive-translate#3993",
                "https://github.com/immersive-translate/immersive-translate/issues/3993",
                "user",
            ),
        ),
        checked="2026-12-07",
        notes="The SDK types max_tokens as Required (MessageCreateParamsBase); the answer's"
        " text is from a user report (2026-07-19, Bedrock's Anthropic-compatible endpoint)."
        " Checked on a whole body: one that names its model (or its anthropic_version, as"
        " Bedrock's InvokeModel body does); a bare list, or a body without either, is part of"
        " the call. Every accepted Anthropic request of the real-requests corpus has one.",
    ),
    Rule(
        "no-messages",
        "A request whose list of messages (contents) is empty",
        MappingProxyType({"*": "warning"}),
        "openai: Invalid 'messages': empty array. Expected an array with minimum length 1, but"
        " got an empty array instead.; anthropic: messages must have at least one element;"
        " gemini: GenerateContentRequest.contents: contents is not specified",
        (
            RuleSource(
                "CopilotKit/CopilotKit#529",
                "https://github.com/CopilotKit/CopilotKit/issues/529",
                "user",
            ),
            RuleSource(
                "Helicone/helicone#5257", "https://github.com/Helicone/helicone/pull/5257", "user"
            ),
            RuleSource(
                "NousResearch/hermes-agent#57942",
                "https://github.com/NousResearch/hermes-agent/pull/57942",
                "user",
            ),
        ),
        checked="2026-12-07",
        notes="A warning: only user reports give the answers (openai 2024-08-11, anthropic"
        " 2025-11-17, gemini 2026-07-03). Not checked on responses (a stored prompt or an"
        " earlier response can hold the input), bedrock (a Prompt management prompt can),"
        " ollama (an empty list loads the model) or hermes.",
    ),
    Rule(
        "prefill-with-tools",
        "A Bedrock request that uses tools and ends with an assistant message (Claude)",
        MappingProxyType({"*": "warning"}),
        "Your API request included an `assistant` message in the final position, which would"
        " pre-fill the `assistant` response. When using tools, pre-filling the `assistant`"
        " response is not supported.",
        (
            RuleSource(
                "enechange/collmbo#12", "https://github.com/enechange/collmbo/pull/12", "user"
            ),
            RuleSource(
                "langchain-ai/langgraph#4940",
                "https://github.com/langchain-ai/langgraph/issues/4940",
                "user",
            ),
        ),
        checked="2026-12-07",
        notes="Claude's own check passed through by Bedrock (collmbo#12, 2024-10-23;"
        " langgraph#4940, 2025-06-03): a warning, since only user reports give it. A request"
        " uses tools when it has a toolConfig or toolUse / toolResult blocks; not reported"
        " when the model id or profile names Nova. No accepted Bedrock request of the"
        " real-requests corpus ends with an assistant message.",
    ),
    Rule(
        "s3-source-unsupported",
        "An S3-located image, document or video where the Bedrock model takes only bytes",
        ERROR,
        "This model doesn't support the s3Uri field. Remove s3Uri and try again. (Nova, in a"
        " toolResult: Malformed input request: extraneous key [toolResult] is not permitted)",
        (
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-uploaded_file-image-bedrock_claude].yaml",
            ),
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-uploaded_file-document-bedrock_nova].yaml",
            ),
        ),
        checked=RECHECKED,
        notes="By model family (the model id, else the profile bedrock-claude / bedrock-nova),"
        " as the providers answered in the corpus: Claude refuses an S3 image anywhere and an"
        " S3 document outside a toolResult (an S3 document inside one was accepted); Nova"
        " refuses an S3 document or video inside a toolResult (S3 images there, and S3 media"
        " in a message, were accepted). An S3 video on Claude is input-unsupported's.",
    ),
    Rule(
        "input-unsupported",
        "An image, audio or video input to a model that does not take it",
        ERROR,
        "openai: Invalid 'messages[3]'. Content blocks are expected to be either text or"
        " image_url type. bedrock: This model doesn't support the video content block that you"
        " provided.",
        (
            RuleSource("models.dev (the models-dev package's bundled catalog)", MODELS_DEV),
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-binary-audio-openai_chat].yaml",
            ),
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-binary-video-bedrock_claude].yaml",
            ),
        ),
        checked=RECHECKED,
        notes="Model-aware: the request's model (or lint's model=) is looked up in the"
        " catalog (toolresult_lab.budgets.models); an unknown model gives no finding. PDF input is"
        " not checked: the catalog leaves pdf off models that read PDFs. Not on the anthropic"
        " wire: every Claude model of the catalog reads images, and the wire has no audio or"
        " video block.",
    ),
    # context-window (issue 27): the wires whose models the catalog knows
    Rule(
        "context-window",
        "The request's estimated input is over the model's context window",
        # near the window is a warning on every wire, a wire registered later included
        MappingProxyType({"*": "error", "*:near": "warning"}),
        "anthropic: prompt is too long: 206134 tokens > 200000 maximum. openai: This model's"
        " maximum context length is 128000 tokens. However, your messages resulted in ...",
        (
            RuleSource("models.dev (the models-dev package's bundled catalog)", MODELS_DEV),
            RuleSource(
                "Context windows - Claude Docs",
                "https://platform.claude.com/docs/en/build-with-claude/context-windows",
            ),
            RuleSource(
                "screenpipe/screenpipe#3852",
                "https://github.com/screenpipe/screenpipe/issues/3852",
                "user",
            ),
        ),
        checked=RECHECKED,
        notes="Model-aware, as input-unsupported: the window is the catalog's input limit"
        " where it gives one (gpt-5: 272,000 of 400,000), else its context window; an unknown"
        " model gives no finding. The input is estimated"
        " (toolresult_lab.budgets.request_tokens: text at about 4 characters per token,"
        " images by their provider's rule): over the window"
        " is an error, over 90 % of it (checks.context_window.WARN_SHARE) a warning (case"
        " near). repair(..., max_tokens=N) cuts tool results to fit.",
    ),
    Rule(
        "content-after-tool-use",
        "A block after an Anthropic assistant message's last tool_use",
        ERROR,
        "`tool_use` ids were found without `tool_result` blocks immediately after: ... Each"
        " `tool_use` block must have a corresponding `tool_result` block in the next message.",
        (
            RuleSource(
                "earendil-works/pi#4071", "https://github.com/earendil-works/pi/issues/4071", "user"
            ),
            cassette(
                "0b43f6544c228d5589eda1cf1e4a44052dc517f5",
                "test_anthropic/test_anthropic_web_search_tool.yaml",
            ),
        ),
        checked=RECHECKED,
    ),
    Rule(
        "toolset-result",
        "A computer or browser use member's tool_result without its toolset_name, or with"
        " blocks a member result does not take",
        ERROR,
        "A `tool_result` that answers a computer use or browser use member block must also"
        " echo the same `toolset_name` value as the `tool_use` block; a member result that"
        " omits it is rejected. / a member result may contain only `text` and `image` blocks,"
        " and a browser use result may add one `browser_state` block (the page; no verbatim"
        " error seen)",
        (HANDLE_TOOLS,),
        checked=RECHECKED,
        notes="Checked where the request holds the member's tool_use (a tool_use with a"
        " toolset_name, as the SDK 2.16.0's computer and browser member blocks carry one):"
        " its result must carry the same toolset_name and hold text and image blocks only,"
        " plus browser_state in a browser result (handle-tool-calls, 2026-08-21;"
        " rule-recheck.md A.1 #5).",
    ),
    Rule(
        "server-tool-without-result",
        "An Anthropic server_tool_use with no result block",
        ERROR,
        "`server_tool_use` ... was found without a corresponding <name>_tool_result block",
        (
            RuleSource(
                "Troubleshooting tool use - Claude Docs",
                "https://platform.claude.com/docs/en/agents-and-tools/tool-use/"
                "troubleshooting-tool-use",
            ),
        ),
        checked=RECHECKED,
        notes="Reported when the request's tools no longer hold that server tool (the"
        " documented case that needs no reply to read). A server_tool_use left without its"
        " result beside a client tool_use was accepted (corpus), and a paused turn"
        " (pause_turn) is sent back as it is.",
    ),
    Rule(
        "thinking-first",
        "With thinking on, the current tool loop's assistant message does not start with thinking",
        ERROR,
        "Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is"
        " enabled, a final `assistant` message must start with a thinking block.",
        (
            RuleSource(
                "pydantic/pydantic-ai#2040",
                "https://github.com/pydantic/pydantic-ai/issues/2040",
                "user",
            ),
            RuleSource(
                "Extended thinking - Claude Docs",
                "https://platform.claude.com/docs/en/build-with-claude/extended-thinking",
            ),
        ),
        checked=RECHECKED,
        notes="Only the order is checked. A thinking block replayed with any change, or from"
        ' another model, is a 400 too ("thinking or redacted_thinking blocks in the latest'
        ' assistant message cannot be modified", the errors page; anthropics/'
        "anthropic-sdk-python#1598, 2026-08-05): a signature does not say where it was made,"
        " so that is not checked; see replayed-thinking under Documented, not checked yet.",
    ),
    Rule(
        "thinking-budget",
        "An Anthropic thinking budget below 1,024 tokens or not below max_tokens",
        ERROR,
        "`max_tokens` must be greater than `thinking.budget_tokens`. / thinking.enabled."
        "budget_tokens: Input should be greater than or equal to 1024",
        (
            RuleSource(
                "pydantic/pydantic-ai cassette test_pause_turn_web_search_vcr.yaml (commit"
                " 1879690e, interaction 3: budget_tokens 4096, max_tokens 4096, rejected)",
                "https://github.com/pydantic/pydantic-ai/blob/1879690e95914b8af32110a60d44ca817a4213a6"
                "/tests/models/cassettes/test_anthropic/test_pause_turn_web_search_vcr.yaml",
                "user",
            ),
            RuleSource(
                "themaximalist/llm.js#30",
                "https://github.com/themaximalist/llm.js/issues/30",
                "user",
            ),
            RuleSource(
                "Anthropic SDK: ThinkingConfigEnabled (budget_tokens >= 1024, below max_tokens)",
                "https://rubydoc.info/github/anthropics/anthropic-sdk-ruby/Anthropic/Models/Beta/"
                "BetaThinkingConfigEnabled",
                "src",
            ),
        ),
        checked="2026-12-07",
        notes="Checked on thinking of type enabled with an integer budget_tokens and max_tokens."
        " translate writes a budget under the minimum as 1,024 and one not below max_tokens"
        " as max_tokens - 1 (thinking left off where that is under 1,024), each a loss.",
    ),
    Rule(
        "thinking-forced-tool",
        "Anthropic thinking of type enabled beside a tool_choice that forces a tool",
        ERROR,
        "Thinking may not be enabled when tool_choice forces tool use.",
        (
            RuleSource(
                "Extended thinking - Claude Docs (feature compatibility: forced tool use)",
                "https://platform.claude.com/docs/en/build-with-claude/extended-thinking",
            ),
            RuleSource(
                "mastra-ai/mastra#7507", "https://github.com/mastra-ai/mastra/issues/7507", "user"
            ),
        ),
        checked="2026-12-07",
        notes="tool_choice any or tool with thinking {type: enabled}. Adaptive thinking with"
        " tool_choice any was accepted (corpus: claude-opus-4-6, two requests), so it is not"
        " reported. translate leaves thinking off there, with a loss.",
    ),
    Rule(
        "tool-schema-root",
        "A tool's input schema that is no object schema at its root",
        MappingProxyType(
            {
                "*": "error",
                "*:untyped": None,
            }
        ),
        "openai: Invalid schema for function 'f': schema must be a JSON Schema of"
        " 'type: \"object\"', got 'type: \"string\"'. / anthropic: tools.0.custom.input_schema"
        ".type: Input should be 'object' / bedrock: The value at toolConfig.tools.3.toolSpec"
        ".inputSchema.json.type must be one of the following: object. / gemini (Vertex AI):"
        " Unable to submit request because f functionDeclaration parameters schema should be"
        " of type OBJECT",
        (
            RuleSource(
                "openai-python FunctionDefinition.parameters",
                "https://github.com/openai/openai-python/blob/main/src/openai/types/"
                "shared_params/function_definition.py",
                "src",
            ),
            RuleSource(
                "anthropic-python InputSchemaTyped",
                "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/"
                "types/tool_param.py",
                "src",
            ),
            RuleSource(
                "aaif-goose/goose#5064 (Bedrock)",
                "https://github.com/aaif-goose/goose/pull/5064",
                "user",
            ),
            RuleSource(
                "earendil-works/pi#8279 (Bedrock, a root without type)",
                "https://github.com/earendil-works/pi/issues/8279",
                "user",
            ),
            RuleSource(
                "diegosouzapw/OmniRoute#3360 (Vertex AI Gemini)",
                "https://github.com/diegosouzapw/OmniRoute/pull/3360",
                "user",
            ),
            RuleSource(
                "ollama-python Tool.Function.Parameters",
                "https://github.com/ollama/ollama-python/blob/main/ollama/_types.py",
                "src",
            ),
        ),
        checked="2026-12-07",
        notes="The wires are those whose settings declare object_schema"
        " (wires/<wire>/settings.py, each with its source). A root type other than object is"
        " an error (Gemini's OBJECT in any case of letters); on ollama a warning, since only"
        " its Python client refuses it. A root"
        " without type (a bare anyOf, or {}) is a warning on bedrock and gemini (case untyped),"
        " where user reports (2026-08-17; Vertex AI 2026-06-07) show it refused; on the other"
        " wires no page or report found says it is refused (OpenAI: 'Omitting parameters"
        " defines a function with an empty parameter list'; Ollama's client fills in object)."
        " Every tool of the corpus has root type object. Reported only: repair and translate"
        " leave a schema as written.",
    ),
    Rule(
        "tool-name",
        "A tool name the provider refuses (characters, first character, length)",
        ERROR,
        "openai: Invalid 'tools[0].function.name': string does not match pattern. Expected a"
        " string that matches the pattern '^[a-zA-Z0-9_-]+$'. / anthropic: tools.16.custom.name:"
        " String should match pattern '^[a-zA-Z0-9_-]{1,128}$' / gemini: Invalid function"
        " name. Must start with a letter or an underscore. ... / bedrock: botocore's ToolName"
        " shape ([a-zA-Z0-9_-]+, 1 to 64)",
        (
            RuleSource(
                "openai-python FunctionDefinition.name",
                "https://github.com/openai/openai-python/blob/main/src/openai/types/"
                "shared_params/function_definition.py",
                "src",
            ),
            RuleSource(
                "modelcontextprotocol/modelcontextprotocol#1345",
                "https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1345",
                "user",
            ),
            RuleSource("openai/codex#8694", "https://github.com/openai/codex/pull/8694", "user"),
            RuleSource(
                "google-gemini/gemini-cli#2966",
                "https://github.com/google-gemini/gemini-cli/issues/2966",
                "user",
            ),
            RuleSource(
                "ToolSpecification - Amazon Bedrock API Reference",
                "https://docs.aws.amazon.com/bedrock/latest/APIReference/"
                "API_runtime_ToolSpecification.html",
            ),
        ),
        checked="2026-12-07",
        notes="Each wire's rule, with its own source, is its settings' tool_names"
        " (wires/<wire>/settings.py): openai a-z, A-Z, 0-9, _ and - up to 64 characters;"
        " responses the same characters; anthropic up to 128; bedrock up to 64; gemini"
        " also . and :, a letter or _ first, up to 128 (google-genai 3.6.1). Checked on the"
        " definitions and every call. translate renames such a name consistently (a note;"
        " Translated.tool_names maps it back). No tool name in the corpus breaks it.",
    ),
    Rule(
        "part-media-resolution",
        "A Gemini part with its own mediaResolution",
        ERROR,
        'Invalid JSON payload received. Unknown name "mediaResolution" at'
        " 'contents[0].parts[1]': Cannot find field.",
        (
            cassette(
                "c7cb28fd96e7ae160cd012f85b3aa9c9eb0a1682",
                "test_google/test_google_model_binary_image_detail.yaml",
            ),
        ),
        checked=RECHECKED,
        notes="Per-part media resolution is a v1alpha field; the default v1beta API refuses"
        " it (generationConfig.mediaResolution is the request-wide setting).",
    ),
    Rule(
        "double-base64",
        "Gemini inline data encoded to base64 twice",
        ERROR,
        "Provided image is not valid. (a PDF: The document has no pages.)",
        (
            cassette(
                "1166d7960e735352cfce3daeca4f321b37a2d047",
                "test_gemini/test_image_as_binary_content_input.yaml",
            ),
            cassette(
                "1166d7960e735352cfce3daeca4f321b37a2d047",
                "test_gemini/test_document_url_input.yaml",
            ),
        ),
        checked=RECHECKED,
        notes="An image, PDF, audio or video whose data decodes to base64 letters (its first"
        " 48 bytes) instead of the file's own bytes.",
    ),
    Rule(
        "input-file-type",
        "A Responses input_file of a type the API does not read",
        ERROR,
        "Invalid file data: 'input[3].output[0].file_data'. Expected a base64-encoded data URL"
        " with a valid file MIME type ..., but got unsupported MIME type 'audio/mpeg'. / The"
        " file type you uploaded is not supported. Please try again with a pdf",
        (
            RuleSource(
                "File inputs - OpenAI API",
                "https://developers.openai.com/api/docs/guides/file-inputs",
            ),
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-url_force_download-audio-openai_responses].yaml",
            ),
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-url-audio-openai_responses].yaml",
            ),
        ),
        checked=RECHECKED,
        notes="file_data of an audio, video or image type; a file_url whose name is a known"
        " file type other than .pdf (a .txt and .mp3 URL were refused, .pdf URLs accepted). A"
        " file_id's type is not known from the request: not checked.",
    ),
    Rule(
        "reasoning-without-item",
        "A Responses reasoning item replayed without the item that followed it",
        ERROR,
        "Item 'rs_...' of type 'reasoning' was provided without its required following item.",
        (
            cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_openai_responses/test_openai_responses_thinking_with_modified_history.yaml",
            ),
        ),
        checked=RECHECKED,
        notes="Reported when the reasoning item is the last item, or is followed by an input"
        " message without an id (the output message it came with was replaced).",
    ),
    Rule(
        "file-part-member",
        "An OpenAI Chat file part with a member the API does not know",
        ERROR,
        "Unknown parameter: 'messages[1].content[1].file.data'.",
        (
            RuleSource(
                "Chat Completions API reference: file content part - OpenAI",
                "https://platform.openai.com/docs/api-reference/chat/create",
            ),
            cassette(
                "b320a431ae5db0432309463165665126bbe5c2ea",
                "test_openai/test_document_url_input.yaml",
            ),
        ),
        checked=RECHECKED,
    ),
    Rule(
        "no-user-query",
        "An Ollama request whose messages hold no user text",
        MappingProxyType({"*": "warning"}),
        "500: chat prompt error: no user query found in messages",
        (
            RuleSource(
                "ollama/ollama#17778", "https://github.com/ollama/ollama/issues/17778", "user"
            ),
            RuleSource(
                "holon-run/holon#2829", "https://github.com/holon-run/holon/issues/2829", "user"
            ),
        ),
        checked=RECHECKED,
        notes="A warning: it is the chat template of some models (Qwen 3.x) that raises it"
        " (reports of 2026-08-26 and 2026-09-08), not Ollama for every model. Tool results do"
        " not count as a user query; a history cut to fit that keeps only tool turns meets it.",
    ),
    Rule(
        "shape",
        "The request's structure is not the wire's",
        MappingProxyType({"*": "error"}),
        "400 invalid_request_error naming the field",
        (
            RuleSource("SPEC 8 (each wire's own request shape; no provider source needed)", ""),
            RuleSource(
                "openai-python 3.57.0: types/chat/chat_completion_content_part_param.py",
                "https://github.com/openai/openai-python",
                "src",
            ),
            RuleSource(
                "ollama/ollama#12794", "https://github.com/ollama/ollama/issues/12794", "user"
            ),
            RuleSource("Part - Gemini API reference", "https://ai.google.dev/api/caching#Part"),
        ),
        checked=RECHECKED,
        notes="openai: a content part of a type the SDK does not type (it types text,"
        " image_url, input_audio, file and the assistant's refusal) is a warning (case"
        " unknown-part): in the real-requests corpus Mistral's API accepted its own"
        " (document_url, thinking) and OpenRouter video_url; no request to OpenAI's own"
        " endpoint carries one (checked 2026-12-02). ollama: a call's arguments as a JSON"
        " string is a warning (case string-arguments): json: cannot unmarshal string into Go"
        " struct field ChatRequest.messages.tool_calls.function.arguments of type"
        " api.ToolCallFunctionArguments (ollama/ollama#12794, 2025-10-27, a user report;"
        " checked 2026-12-07). gemini: a part with two members of its data union (text and"
        ' inlineData) is an error: "A Part can only contain one of the accepted types in'
        ' Part.data" (the Gemini API reference, checked 2026-12-07); translate raises on it,'
        " naming the part.",
    ),
)
