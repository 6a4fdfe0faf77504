"""Contents and media: what a tool result and the messages around it may hold."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .model import ERROR, RECHECKED, Rule, RuleSource
from .sources import (
    ANTHROPIC_VISION,
    BEDROCK_MODEL,
    DEEPSEEK_VISION,
    GEMINI_MULTIMODAL,
    HANDLE_TOOLS,
    MISTRAL_VALIDATOR,
    THOUGHT_SIGNATURES,
)

__all__ = ["ROWS"]

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "tool-result-content",
        "A tool result holds a part the wire does not take there",
        MappingProxyType(
            {
                "*": "error",
                "mistral": "warning",
            }
        ),
        "openai: Image URLs are only allowed for messages with role 'user', but this message"
        " with role 'tool' contains an image URL.; bedrock (botocore): Unknown parameter in"
        ' messages[0].content[0].toolResult.content[0]: "audio", must be one of: json, text,'
        " image, document, video, searchResult",
        (
            HANDLE_TOOLS,
            RuleSource(
                "OpenAI OpenAPI: ChatCompletionRequestToolMessage (For tool messages, only type"
                " `text` is supported)",
                "https://github.com/openai/openai-openapi",
            ),
            RuleSource(
                "OpenHands/OpenHands#7700",
                "https://github.com/OpenHands/OpenHands/issues/7700",
                "user",
            ),
            RuleSource(
                "ToolResultContentBlock - Amazon Bedrock API Reference",
                "https://docs.aws.amazon.com/bedrock/latest/APIReference/"
                "API_runtime_ToolResultContentBlock.html",
            ),
            BEDROCK_MODEL,
        ),
        repair="openai: images hoisted into a user message when the model reads images; a text"
        " block without a type or of another type becomes a text block with its text (bedrock:"
        " a string member, or a `text` one or two levels in); other blocks their placeholder"
        " text, but one carrying a payload (an image not hoisted, audio, an inline file),"
        " which stays and is reported unfixed: a tool output is never replaced (issue 36)",
        checked=RECHECKED,
        notes='anthropic: a browser use result may add one `browser_state` block ("a member'
        " result may contain only `text` and `image` blocks, and a browser use result may add"
        ' one `browser_state` block", handle-tool-calls, 2026-08-21), so it is taken (SDK'
        " 2.15.0 types it too). openai: newer models (GPT-5.2) no longer answer 400 but do not read"
        " the image (openai/openai-openapi#523). mistral: no source found for text-only tool"
        " messages (warning). bedrock: the content is a union keyed by member; the English"
        " API reference lists json, text, image, document and video, the service model"
        " (botocore 1.44.8, the validator boto3 runs) and the localized reference add"
        " searchResult, so it is taken too. With a profile whose models take no image in a"
        " tool result (bedrock-text), an image there is an error (user reports: 'This model"
        " doesn't support the image field'); a document there was accepted on Llama 4 and"
        " Pixtral (real-requests corpus, checked 2026-12-02).",
    ),
    Rule(
        "error-result-not-text",
        "An error tool_result holds a block that is not text",
        ERROR,
        "all content must be type 'text' if 'is_error' is true",
        (
            RuleSource(
                "vellum-ai/vellum-assistant#18387",
                "https://github.com/vellum-ai/vellum-assistant/issues/18387",
                "user",
            ),
        ),
        repair="the non-text blocks become their placeholder text (one carrying a payload"
        " stays, reported unfixed: a tool output is never replaced)",
        notes="Known from user reports only; no Anthropic page states it.",
    ),
    Rule(
        "empty-text",
        "A text block that is empty or whitespace only",
        MappingProxyType({"*": "error", "*:beside": "warning"}),
        "messages: text content blocks must contain non-whitespace text; bedrock: The text"
        " field in the ContentBlock object at messages.21.content.0 is blank. Add text to the"
        " text field, and try again.",
        (
            RuleSource(
                "anthropics/claude-code#23440",
                "https://github.com/anthropics/claude-code/issues/23440",
                "user",
            ),
            RuleSource(
                "pydantic/pydantic-ai#1678",
                "https://github.com/pydantic/pydantic-ai/issues/1678",
                "user",
            ),
        ),
        repair="removes the block (an empty one; whitespace beside other content is kept)",
        notes="Whitespace-only text beside other content in the message is a warning: no"
        " provider page says it is rejected, and the Claude API and Bedrock (Claude) accepted"
        " it in pydantic-ai's recorded requests (checked 2026-12-02).",
        checked="2026-12-02",
    ),
    Rule(
        "empty-message",
        "A message with no content",
        ERROR,
        "anthropic: all messages must have non-empty content except for the optional final"
        " assistant message; gemini: contents.parts must not be empty.; bedrock: The content"
        " field in the Message object at messages.N is empty.",
        (
            RuleSource(
                "anthropics/claude-code#6774",
                "https://github.com/anthropics/claude-code/issues/6774",
                "user",
            ),
            RuleSource(
                "egoist/chatwise-releases#250",
                "https://github.com/egoist/chatwise-releases/issues/250",
                "user",
            ),
            RuleSource(
                "archestra-ai/archestra#4220",
                "https://github.com/archestra-ai/archestra/issues/4220",
                "user",
            ),
        ),
        repair="removes the message",
        notes="bedrock: a message whose content is an empty list (docs/research/"
        "bedrock-sources.md 3.5; none of the corpus's 166 accepted Converse requests has one;"
        " added 2026-12-07).",
    ),
    Rule(
        "final-assistant",
        "The request ends with an assistant message (prefill)",
        MappingProxyType({"*": "warning", "*:whitespace": "error", "*:rejects-prefill": "error"}),
        "This model does not support assistant message prefill. The conversation must end"
        " with a user message.; final assistant content cannot end with trailing whitespace",
        (
            RuleSource(
                "Prefill Claude's response - Claude Docs",
                "https://docs.claude.com/en/docs/prefill-claudes-response",
            ),
            RuleSource(
                "Migration guide - Claude Docs",
                "https://platform.claude.com/docs/en/about-claude/models/migration-guide",
            ),
        ),
        repair="removes trailing whitespace (a prefill without it is reported only)",
        notes="Claude 4.6 and later reject any prefill with 400: an error where the model's"
        " facts say it rejects prefill (the model table, from the migration guide; checked"
        " 2026-12-07), a warning where the model is not known here.",
    ),
    Rule(
        "system-message-placement",
        "A mid-conversation system message where the API does not take one",
        MappingProxyType(
            {
                "*": "error",
                "minimax": "warning",
                "moonshot": "warning",
                "lmstudio": "warning",
                "akiio": "warning",
            }
        ),
        "A system message must immediately follow a user turn (including a user turn that"
        " carries tool_result blocks) or an assistant turn ending in a server tool result, and"
        " must precede an assistant turn or end the array; placing it elsewhere returns a 400"
        " error. It cannot be the first entry.",
        (
            RuleSource(
                "Mid-conversation system messages and tool changes - Claude Docs",
                "https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages",
            ),
        ),
        notes='Claude Opus 4.8 and later (Fable 5, Mythos 5, Opus 5) take role "system" in'
        " messages; older models answer \"role 'system' is not supported on this model\"."
        " Third-party /anthropic gateways are not documented to take it: a warning there."
        " The placement text was quoted 2026-05-29; the page read again 2026-12-02.",
        checked="2026-12-02",
    ),
    Rule(
        "media-type",
        "An inline image of a type the wire does not take, or bytes of another type",
        MappingProxyType(
            {
                "*": "error",
                "bedrock-claude": "error",
            }
        ),
        "anthropic: media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or"
        " 'image/webp'; Image does not match the provided media type image/png; openai: You"
        " uploaded an unsupported image.",
        (
            ANTHROPIC_VISION,
            RuleSource(
                "anthropic-sdk-python 2.17.0: types/base64_image_source_param.py",
                "https://github.com/anthropics/anthropic-sdk-python",
                "src",
            ),
            RuleSource(
                "Images and vision - OpenAI API",
                "https://platform.openai.com/docs/guides/images-vision",
            ),
            RuleSource(
                "NousResearch/hermes-agent#55429",
                "https://github.com/NousResearch/hermes-agent/issues/55429",
                "user",
            ),
            RuleSource(
                "marketing-factory/ai-filemetadata#26",
                "https://github.com/marketing-factory/ai-filemetadata/issues/26",
                "user",
            ),
            RuleSource(
                "Image understanding - Vertex AI",
                "https://docs.cloud.google.com/vertex-ai/docs/generative-ai/image/image-captioning",
            ),
            GEMINI_MULTIMODAL,
        ),
        repair="corrects the declared type when the bytes are a type the wire takes",
        notes="DeepSeek reads the type from the bytes, not the declared MIME type. bedrock: an"
        " image's format is one of png, jpeg, gif, webp (botocore's ImageFormat); bytes of"
        " another format than the declared one are an error with bedrock-claude (Claude's"
        " own check, passed through), a warning otherwise (added 2026-12-02). anthropic"
        " takes the four types only as written, in lower case (IMAGE/PNG is an error):"
        " anthropic-sdk-python 2.17.0's types/base64_image_source_param.py types media_type"
        " as a Literal generated from the API's enum (checked 2026-12-07); the other wires"
        " compare types in any case (no source says they refuse another case). openai:"
        " inline data whose bytes are no PNG, JPEG, GIF or WebP header is a warning (case"
        ' not-an-image): the answer "You uploaded an unsupported image. Please make sure your'
        ' image is valid." is known from a user report only (marketing-factory/'
        "ai-filemetadata#26, 2025-06-04; checked 2026-12-07). bedrock: an image's or"
        " document's format outside botocore 1.44.18's ImageFormat / DocumentFormat enums"
        " (JPEG, jpg, bmp) is an error (case format): Bedrock answered ValidationException"
        " \"1 validation error detected: Value at 'messages.1.member.content.2.member.image."
        "format' failed to satisfy constraint\" to each of them on Claude Sonnet 4.5, lower"
        " case only (NousResearch/hermes-agent#55429, measured 2026-09-02; checked"
        " 2026-12-07).",
    ),
    Rule(
        "bad-base64",
        "An inline payload that is not valid base64",
        ERROR,
        "anthropic: invalid base64 data; gemini: Base64 decoding failed; openai: Expected a"
        " base64-encoded data URL",
        (
            RuleSource(
                "anthropics/anthropic-sdk-typescript#603",
                "https://github.com/anthropics/anthropic-sdk-typescript/issues/603",
                "user",
            ),
            RuleSource(
                "danny-avila/LibreChat#6593",
                "https://github.com/danny-avila/LibreChat/issues/6593",
                "user",
            ),
        ),
        notes="Gemini's URL-safe alphabet is taken as valid (google-genai sends it); not"
        " verified against the API. bedrock: the JSON form's source.bytes is base64 text (the"
        " HTTP API's form; boto3 takes bytes, for_boto3 decodes them); no Bedrock error text"
        " was found.",
    ),
    Rule(
        "missing-thought-signature",
        "A Gemini 3 function call of the current turn without its thought signature",
        MappingProxyType({"*": "warning", "gemini-3": "error", "gemini-2.5": None}),
        "Function call is missing a thought_signature in functionCall parts.",
        (
            THOUGHT_SIGNATURES,
            RuleSource(
                "Thought signatures - Vertex AI",
                "https://docs.cloud.google.com/vertex-ai/generative-ai/docs/thought-signatures",
            ),
        ),
        repair='sets "skip_thought_signature_validator" on the first call part of each step'
        " (where it is an error: a request without a profile may be for a model that needs"
        " none, and is left as it is)",
        checked=RECHECKED,
        notes="The dummy value is on the Gemini API page; not found verbatim on Vertex's."
        " A signature is bound to the endpoint and the model that made it: one replayed to"
        " another (a Vertex AI <-> AI Studio fallback, another Gemini model) answers"
        ' "Corrupted thought signature" (BerriAI/litellm#32140, 2026-07-04;'
        " decolua/9router#4136, 2026-09-18). The request does not say where a signature"
        " came from, so this rule and repair keep every signature present (repair adds the"
        " skip value only where one is missing, and never replaces one): see"
        " foreign-thought-signature under Documented, not checked yet.",
    ),
    Rule(
        "function-response-parts",
        "A functionResponse with parts on a model before Gemini 3",
        MappingProxyType({"gemini-2.5": "error"}),
        "Multimodal function responses are not supported for this model",
        (GEMINI_MULTIMODAL,),
        profiles=("gemini-2.5",),
        repair="the parts' media move to a user content after the responses (when the model"
        " reads no images, media by URL become placeholder text; inline ones stay, reported"
        " unfixed)",
        notes="Gemini 2.5's answer is unresolved: one code comment quotes the 400, one closed"
        " PR claims 2.0/2.5 accept parts.",
    ),
    Rule(
        "images-unsupported",
        "An image in a request to a model that reads no images",
        MappingProxyType({"*": "warning", "deepseek": "error"}),
        "deepseek: unknown variant `image_url`, expected `text`",
        (
            DEEPSEEK_VISION,
            RuleSource(
                "jxxghp/MoviePilot#5863", "https://github.com/jxxghp/MoviePilot/issues/5863", "user"
            ),
            RuleSource(
                "Models & Pricing - DeepSeek API Docs (zh-cn)",
                "https://api-docs.deepseek.com/zh-cn/quick_start/pricing",
            ),
        ),
        repair="images by URL become their placeholder text; an inline image (a payload) stays,"
        " reported unfixed: repair removes no payload",
        checked=RECHECKED,
        notes="DeepSeek (vision guide, 2026-08-21): only vision models"
        " (deepseek-v4-flash-vision-exp, which points to deepseek-flash, V4.1-Flash, per the"
        ' pricing page read 2026-09-12) accept images, "other models return a 400 error";'
        ' deepseek-v4-pro does not read them. "Images are supported in user messages only:'
        ' images in system or assistant messages return a 400 error." Tool messages are'
        " contradictory: the Chat create schema lists image blocks in tool.content, the guide"
        " says user messages only, the Responses guide takes images in function_call_output;"
        " the deepseek profile keeps SPEC 8's vision off, so tool-result images become"
        " placeholders. Its limits (not checked; DeepSeek is a profile of the openai wire,"
        " whose limits are OpenAI's): request body 48 MiB, one image 32 MiB (base64 or URL),"
        " 600 images and 64 MiB of images per request (file_id images aside), 8192 px per"
        " side, 4096 px from 15 images on.",
    ),
    Rule(
        "user-after-tool",
        "A user message directly after a tool message",
        MappingProxyType({"mistral": "error"}),
        "Unexpected role 'user' after role 'tool'",
        (
            MISTRAL_VALIDATOR,
            RuleSource(
                "datapizza-labs/datapizza-ai#98",
                "https://github.com/datapizza-labs/datapizza-ai/issues/98",
                "user",
            ),
        ),
        profiles=("mistral",),
        notes="In Mistral's own validator (mistral-common) and its API errors (code 3230).",
    ),
    Rule(
        "roles-not-alternating",
        "Two messages of one role in a row where the wire takes alternating roles",
        ERROR,
        "ValidationException: A conversation must alternate between user and assistant"
        " roles. Make sure the conversation alternates between user and assistant roles and"
        " try again.",
        (
            RuleSource(
                "langchain-ai/langchain-aws#130",
                "https://github.com/langchain-ai/langchain-aws/issues/130",
                "user",
            ),
            RuleSource(
                "microsoft/semantic-kernel#10281",
                "https://github.com/microsoft/semantic-kernel/issues/10281",
                "user",
            ),
            RuleSource(
                "Portkey-AI/gateway#748", "https://github.com/Portkey-AI/gateway/issues/748", "user"
            ),
        ),
        checked="2026-12-07",
        notes="Where the wire declares alternating roles (its request shape's alternating:"
        " translate merges such messages for the same reason). Only user reports give the"
        " rule (2024-08 to 2025-03, three projects quoting the same ValidationException); the"
        " Converse pages (conversation-inference-call, read 2026-12-07) describe turns but"
        " state no rule. An error all the same, as Bedrock's other Converse answers known from"
        " the same kind of reports (document-needs-text, empty-message, tool-config-required):"
        " no accepted Bedrock request of the real-requests corpus has two messages of one role"
        " in a row, and translate never writes one. An assistant message first is not"
        ' reported, though reports quote "A'
        ' conversation must start with a user message" (pydantic/pydantic-ai#4495,'
        " 2026-03-02): Bedrock Converse accepted one on Claude Sonnet 4.5 in the corpus"
        " (test_bedrock_anthropic_message_history_starting_with_response).",
    ),
)
