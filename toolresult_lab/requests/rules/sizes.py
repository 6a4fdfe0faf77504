"""Sizes and counts: media, request and text sizes, cache breakpoints, Bedrock documents."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .model import ERROR, RECHECKED, Rule, RuleSource, cassette
from .sources import ANTHROPIC_VISION, BEDROCK_RESTRICTIONS, DEEPSEEK_VISION

__all__ = ["ROWS"]

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "too-much-media",
        "Too many images and PDF pages in one request",
        MappingProxyType({"*": "warning", "*:over-600": "error"}),
        "too many images and documents: 104 + 1 > 100",
        (
            ANTHROPIC_VISION,
            RuleSource(
                "anthropics/claude-code#24541",
                "https://github.com/anthropics/claude-code/issues/24541",
                "user",
            ),
            DEEPSEEK_VISION,
        ),
        checked=RECHECKED,
        notes='SPEC 8 counts images plus PDF pages; two error forms are live: "too many images'
        ' and documents: 120 + 0 > 100" (blocks) and "Too much media: 0 document pages + 107'
        ' images > 100" (pages; anthropics/claude-code#24541, 2026-02-09). Bedrock-Claude'
        " answers the second form too (a user report of 2026-05-05); not checked on the bedrock"
        " wire yet. openai: with the deepseek profile only (its vision guide, text of"
        ' 2026-08-21, read 2026-12-07: "Max images per request: 600"), an error over 600;'
        " OpenAI itself documents no count here.",
    ),
    Rule(
        "image-too-large",
        "An image over the size or dimension limits",
        ERROR,
        "image exceeds 10 MB maximum; At least one of the image dimensions exceed max allowed"
        " size: 8000 pixels; ... for many-image requests: 2000 pixels",
        (ANTHROPIC_VISION, DEEPSEEK_VISION),
        checked=RECHECKED,
        notes="openai: with the deepseek profile only (its vision guide's limits table, text"
        " of 2026-08-21, read 2026-12-07): 32 MiB per image, 8192 px per side, 4096 px when a"
        " request has 15 or more images; OpenAI resizes instead of refusing. The profiles"
        " anthropic-bedrock and anthropic-google-cloud hold images to 5 MB (an error there)."
        " Bedrock and Vertex count document blocks toward the 20-image threshold too. The"
        " vision page (reworded 2026-06-17) no longer states 2000 px as the limit: the 400"
        ' names "many-image requests" and states the current limit in pixels; the page'
        " advises 2000 px per side, or at most 20 image and document blocks, to stay under it"
        " on all platforms. Every image block counts, in tool results and earlier turns too."
        ' An image marked `"oversized_image": "error"` that a model named in the request would'
        " resize is a 400 too (vision-coordinates page, 2026-08-22): not checked, see"
        " oversized-image-error under Documented, not checked yet.",
    ),
    Rule(
        "request-too-large",
        "The request's JSON is over the wire's documented request size",
        MappingProxyType({"*": "error", "*:some-models": "warning"}),
        "413 request_too_large: The request exceeds the maximum allowed number of bytes.",
        (
            RuleSource("Errors - Claude Docs", "https://platform.claude.com/docs/en/api/errors"),
            RuleSource(
                "API overview: request size limits - Claude Docs",
                "https://platform.claude.com/docs/en/api/overview#request-size-limits",
            ),
            RuleSource(
                "Gemini API: new file limits (inline data from 20 MB to 100 MB)",
                "https://blog.google/innovation-and-ai/technology/developers-tools/"
                "gemini-api-new-file-limits",
            ),
            RuleSource(
                "Anthropic Claude Messages API: request and response - Amazon Bedrock",
                "https://docs.aws.amazon.com/bedrock/latest/userguide/"
                "model-parameters-anthropic-claude-messages-request-response.html",
            ),
        ),
        checked="2026-12-07",
        notes="Checked on each wire that declares a request-bytes limit (budgets.provider_limits"
        ".LIMITS, scope request, measure bytes), against that wire's figures: the Claude API's"
        " 32 MB (Claude Platform on AWS has the same), Gemini's 100 MB of inline data with the"
        " prompt, the Responses API's 512 MB of total payload."
        " A figure documented for some models of a wire only is a warning naming them:"
        " Bedrock's Converse reaches many providers' models, and \"the maximum size of the"
        " payload you can send in a request is 20MB\" is Claude's, 25 MB Amazon Nova's."
        ' Partner platforms have their own: "Bedrock limits requests to 20 MB, and Google'
        ' Cloud limits requests to 30 MB" (the API overview, a callout since 2026-03-14):'
        " with the profiles anthropic-bedrock (Bedrock's Messages API) and"
        " anthropic-google-cloud, the anthropic wire is held to those (2026-12-07). The"
        " deepseek profile (openai wire) to DeepSeek's 48 MiB request body (vision guide,"
        " 2026-08-21); OpenAI's Chat Completions documents no request size. The provider's"
        " answer quoted is the Claude API's; the others' wording is not documented.",
    ),
    Rule(
        "text-too-long",
        "One string over 10,485,760 characters",
        ERROR,
        "Invalid 'messages[5].content': string too long. Expected a string with maximum length"
        " 10485760",
        (RuleSource("Shopify/roast#52", "https://github.com/Shopify/roast/issues/52", "user"),),
    ),
    Rule(
        "too-many-cache-breakpoints",
        "More than 4 blocks with cache_control",
        ERROR,
        "A maximum of 4 blocks with cache_control may be provided. Found 5.",
        (
            RuleSource(
                "Prompt caching - Claude Docs",
                "https://platform.claude.com/docs/en/build-with-claude/prompt-caching",
            ),
            RuleSource(
                "Tool use with prompt caching - Claude Docs",
                "https://platform.claude.com/docs/en/agents-and-tools/tool-use/"
                "tool-use-with-prompt-caching",
            ),
        ),
        checked=RECHECKED,
        notes='A top-level cache_control (automatic caching) takes one of the four slots: "the'
        ' automatic cache breakpoint uses one of the 4 available breakpoint slots" (prompt'
        " caching, since 2026-02-20); the finding then points at the fourth marked block."
        " Computer/browser batch markers count too (2026-08-21).",
    ),
    Rule(
        "files-too-large",
        "The inline files (input_file) of one Responses request over 50 MB together",
        ERROR,
        "Each file must be under 50 MB. The combined limit across all files in the request is"
        " 50 MB. (the guide; no verbatim error seen)",
        (
            RuleSource(
                "File inputs: file size limits - OpenAI API",
                "https://developers.openai.com/api/docs/guides/file-inputs",
            ),
        ),
        checked=RECHECKED,
        notes="The bytes of each input_file's file_data (its base64 read as the bytes it"
        " decodes to, 10^6 bytes a MB as limits.LIMITS reads OpenAI's pages), in messages and"
        " function_call_output items, summed; the finding is at the file that crosses 50 MB."
        " A file given by file_id or file_url has no size in the request: not counted, so the"
        " sum is a floor.",
    ),
    Rule(
        "too-many-documents",
        "More than 5 documents in one Bedrock request",
        ERROR,
        "You can't include more than 5 documents in a request.",
        (
            BEDROCK_RESTRICTIONS,
            RuleSource(
                "aws-samples/generative-ai-use-cases#1685",
                "https://github.com/aws-samples/generative-ai-use-cases/issues/1685",
                "user",
            ),
        ),
        notes="Every document block counts, in tool results and earlier turns too.",
    ),
    Rule(
        "duplicate-document-name",
        "Two documents of one name in a Bedrock request",
        ERROR,
        "Messages can't contain duplicate document names. Rename the document and retry your"
        " request.",
        (
            RuleSource(
                "maximhq/bifrost#7003", "https://github.com/maximhq/bifrost/issues/7003", "user"
            ),
            RuleSource(
                "ag-ui-protocol/ag-ui#2425",
                "https://github.com/ag-ui-protocol/ag-ui/issues/2425",
                "user",
            ),
        ),
        repair='renames the later document "name (2)", "name (3)", ... (a name no document'
        " of the request has)",
        notes="Names are compared as written; whether Bedrock ignores case is not documented"
        " (the converter's own names avoid case-only differences too).",
    ),
    Rule(
        "document-name",
        "A Bedrock document name with characters or a length Bedrock rejects",
        MappingProxyType({"*": "error", "*:underscore": "warning"}),
        "The document file name can only contain alphanumeric characters, whitespace"
        " characters, hyphens, parentheses, and square brackets. The name can't contain more"
        " than one consecutive whitespace character. Check that the file name conforms to"
        " these restrictions and retry your request.",
        (
            RuleSource(
                "DocumentBlock - Amazon Bedrock API Reference",
                "https://docs.aws.amazon.com/bedrock/latest/APIReference/"
                "API_runtime_DocumentBlock.html",
            ),
            RuleSource(
                "simonw/llm-bedrock#8", "https://github.com/simonw/llm-bedrock/issues/8", "user"
            ),
            RuleSource(
                "aws-samples/generative-ai-use-cases#1671",
                "https://github.com/aws-samples/generative-ai-use-cases/issues/1671",
                "user",
            ),
        ),
        repair="keeps only the characters Bedrock takes and single spaces, at most 200"
        " characters, as the converter names documents (`document` when nothing is left),"
        ' then "name (2)", ... if another document has that name; an underscore (the'
        " warning) is left as written",
        notes="The API reference's list (alphanumeric characters, whitespace with no more than"
        " one in a row, hyphens, parentheses, square brackets; length 1 to 200) is read as the"
        " converter reads it: ASCII letters and digits and the space (a full-width space and"
        " non-ASCII letters are rejected live, aws-samples/generative-ai-use-cases#1671 and"
        " vercel/ai#20365). The underscore is outside the list but accepted live (the same"
        " reports): a warning. A single leading or trailing space is accepted.",
    ),
    Rule(
        "document-needs-text",
        "A Bedrock message with a document block and no text block",
        ERROR,
        "A text block must be included when using documents. Add a text block and retry your"
        " request.",
        (
            cassette(
                "431907a33676ad7c4ad5b9fd3726042f35c66253",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[tool_return_content-binary-document-bedrock].yaml",
            ),
        ),
        checked=RECHECKED,
        notes="Seen on Claude and Nova (15 rejected requests of the corpus of real requests). A"
        " document inside a toolResult needs no text block beside it: accepted in the corpus.",
    ),
)
