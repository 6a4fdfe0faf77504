"""Pairing and ids: each call answered once, in the place its wire wants, by ids the wire takes."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from .model import ERROR, RECHECKED, Rule, RuleSource
from .sources import (
    AGENTS_1797,
    AGNO_6698,
    BEDROCK_MODEL,
    CHATS_132,
    CLAUDE_5989,
    CODEX2API_414,
    COPILOT_4572,
    CURIE_16,
    GEMINI_4217,
    GEMINI_11814,
    HANDLE_TOOLS,
    IMPLEMENT_TOOLS,
    MISTRAL_VALIDATOR,
    NO_ERROR_KNOWN,
    THOUGHT_SIGNATURES,
    TOOL_TROUBLESHOOTING,
)

__all__ = ["ROWS"]

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "call-without-result",
        "A tool call no result answers where the wire needs it",
        ERROR,
        "anthropic: `tool_use` ids were found without `tool_result` blocks immediately after;"
        " openai: An assistant message with 'tool_calls' must be followed by tool messages"
        " responding to each 'tool_call_id'; responses: No tool output found for function"
        " call; gemini: Please ensure that the number of function response parts is equal to"
        " the number of function call parts of the function call turn.; bedrock: Expected"
        " toolResult blocks at messages.2.content for the following Ids: ...",
        (HANDLE_TOOLS, CLAUDE_5989, CHATS_132, COPILOT_4572, GEMINI_4217, AGNO_6698),
        repair='adds a result marked as an error ("No result was recorded for this call.")'
        " where the wire needs it; never for a pending async call",
        notes=NO_ERROR_KNOWN
        + " Responses: a function_call with async: true (or without async, of a function tool"
        " declared async: true) is pending, not missing: its output comes in a later request"
        " with the original call_id (Async tool calling,"
        " https://developers.openai.com/api/docs/guides/async-tool-calling, read 2026-12-07);"
        " no finding, and repair adds no result that would tell the model a running tool"
        " failed.",
    ),
    Rule(
        "result-without-call",
        "A tool result that answers no call before it",
        ERROR,
        "anthropic: unexpected `tool_use_id` found in `tool_result` blocks; openai: messages"
        " with role 'tool' must be a response to a preceeding message with 'tool_calls';"
        " responses: No tool call found for function call output with call_id ...; bedrock:"
        " The number of toolResult blocks at messages.2.content exceeds the number of"
        " toolUse blocks of previous turn.",
        (HANDLE_TOOLS, AGENTS_1797, CHATS_132, CODEX2API_414, GEMINI_4217, CURIE_16),
        repair="keeps its output: moved after a later call with its id, else user content"
        " saying which call's output it is (after the results where results are messages;"
        " on mistral, text in the last result before it); media stay media where user"
        " content takes them, else placeholder text named in the change (issue 25,"
        " 2026-12-02; SPEC 8 removed the result)",
        notes=NO_ERROR_KNOWN,
    ),
    Rule(
        "results-not-next",
        "A call's result exists, but later than the wire allows",
        ERROR,
        "anthropic: as call-without-result; openai: as call-without-result; gemini: Please"
        " ensure that function call turn comes immediately after a user turn or after a"
        " function response turn.; bedrock: as call-without-result (results split over two"
        " user messages).",
        (
            HANDLE_TOOLS,
            CHATS_132,
            GEMINI_11814,
            THOUGHT_SIGNATURES,
            RuleSource(
                "pydantic/pydantic-ai#1645",
                "https://github.com/pydantic/pydantic-ai/issues/1645",
                "user",
            ),
        ),
        repair="moves the results where the wire needs them, in the order of the calls",
    ),
    Rule(
        "split-function-responses",
        "A Gemini call turn's functionResponses split over consecutive user contents",
        MappingProxyType({"*": "warning"}),
        "Please ensure that the number of function response parts is equal to the number of"
        " function call parts of the function call turn.",
        (
            RuleSource(
                "Oaklight/llm-rosetta#300",
                "https://github.com/Oaklight/llm-rosetta/issues/300",
                "user",
            ),
            RuleSource(
                "cloudwego/eino-ext#571", "https://github.com/cloudwego/eino-ext/issues/571", "user"
            ),
            RuleSource(
                "docker/docker-agent#2959",
                "https://github.com/docker/docker-agent/pull/2959",
                "user",
            ),
        ),
        notes="A warning: only user reports give the detail, and they differ by model and"
        " endpoint. The Gemini API answered 200 to split responses on gemini-2.5-flash and"
        " gemini-2.5-flash-lite (llm-rosetta#300, 2026-06-19: it combines consecutive user"
        " contents, so pairing reads them as one); gemini-3-pro-preview (eino-ext#571,"
        " 2025-11-27) and Vertex AI (docker-agent#2959, 2026-06-02) answered the 400 above."
        " One content holding every response is accepted everywhere.",
        checked="2026-12-07",
    ),
    Rule(
        "results-after-other-content",
        "Another block before a tool_result in its user message",
        MappingProxyType({"*": "error", "bedrock-claude": "error"}),
        "In the user message containing tool results, the tool_result blocks must come FIRST"
        " in the content array.; bedrock (Claude): The model returned the following errors:"
        " messages.N: `tool_use` ids were found without `tool_result` blocks immediately"
        " after",
        (
            IMPLEMENT_TOOLS,
            TOOL_TROUBLESHOOTING,
            RuleSource(
                "pydantic/pydantic-ai#6081",
                "https://github.com/pydantic/pydantic-ai/issues/6081",
                "user",
            ),
        ),
        repair="moves the tool_result blocks first, each group in its order",
        checked=RECHECKED,
        notes="bedrock: Claude's rule, passed through by Bedrock (an error with profile"
        " bedrock-claude); Nova was seen accepting the other order, so a warning otherwise."
        ' The rule moved from handle-tool-calls to implement-tool-use ("the tool_result'
        ' blocks must come FIRST in the content array"); the troubleshooting page has the'
        ' error text ("or `tool_result` is not the first content block"), as of 2026-08-22.',
    ),
    Rule(
        "duplicate-call-id",
        "A call id used twice",
        MappingProxyType({"*": "warning"}),
        "anthropic: `tool_use` ids must be unique; responses: Duplicate item found with id"
        " fc_... Remove duplicate items from your input and try again.; bedrock: The toolUse"
        " blocks at messages.2.content contain duplicate Ids: ...",
        (
            RuleSource(
                "anthropics/claude-code#28515",
                "https://github.com/anthropics/claude-code/issues/28515",
                "user",
            ),
            RuleSource("vercel/ai#13307", "https://github.com/vercel/ai/issues/13307", "user"),
            RuleSource(
                "bvcyber/Cyber-AutoAgent-ng#72",
                "https://github.com/bvcyber/Cyber-AutoAgent-ng/issues/72",
                "user",
            ),
        ),
        repair="gives the later call, and the result that answers it, a new id (where the"
        " reuse is rejected, or leaves a call without its own answer; separate, well-formed"
        " pairs are left as they are)",
        notes="SPEC 8 says warning off anthropic; the research of 2026-12-01 found Responses"
        " rejecting duplicate call items (vercel/ai#13307). anthropic and bedrock: an error"
        " where one message holds the id twice (the errors name one message's content); an id"
        " reused in separate, well-formed pairs is a warning: the Claude API accepted it"
        " (pydantic-ai's recorded requests, checked 2026-12-02).",
        checked="2026-12-02",
    ),
    Rule(
        "duplicate-result",
        "Two results answer one call",
        MappingProxyType({"*": "warning"}),
        "openai: Invalid parameter: Duplicate value for 'tool_call_id' of '...', in"
        " messages[7] and messages[8].; anthropic: each tool_use must have a single result.;"
        " bedrock: The number of toolResult blocks at messages.2.content exceeds the number"
        " of toolUse blocks of previous turn.",
        (
            RuleSource(
                "agno-agi/agno#5116", "https://github.com/agno-agi/agno/issues/5116", "user"
            ),
            CURIE_16,
        ),
        repair="merges it into the call's first result, both outputs in order with a line"
        " between (issue 25, 2026-12-02; SPEC 8 removed the later duplicate)",
        notes="SPEC 8 says warning off anthropic; OpenAI Chat answers 400 (agno-agi/agno#5116)."
        " Anthropic's error text is known only from third-party code comments.",
    ),
    Rule(
        "missing-call-id",
        "A call or result without its id",
        ERROR,
        "responses: Invalid 'input[4].call_id': empty string. Expected a string with minimum"
        " length 1; openai: tool_call_id is required.; bedrock (botocore): Invalid length for"
        " parameter messages[0].content[0].toolResult.toolUseId, value: 0, valid min length: 1",
        (
            RuleSource(
                "BigPizzaV3/CodexPlusPlus#315",
                "https://github.com/BigPizzaV3/CodexPlusPlus/issues/315",
                "user",
            ),
            BEDROCK_MODEL,
        ),
        repair="gives call and result an id where both are identified by position; a result"
        " without id that answers no call keeps its output as user content, as"
        " result-without-call (issue 25, 2026-12-02; SPEC 8 removed it)",
    ),
    Rule(
        "call-id-format",
        "An id the provider does not take",
        MappingProxyType({"*": "error", "mistral": "error"}),
        "anthropic: tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'; openai:"
        " Invalid 'messages[3].tool_calls[0].id': string too long. Expected a string with"
        " maximum length 40; responses: ... maximum length 64; mistral: Tool call id was ..."
        " but must be a-z, A-Z, 0-9, with a length of 9.; bedrock: toolUseId, Length"
        " Constraints: Minimum length of 1. Maximum length of 64. Pattern: [a-zA-Z0-9_.:-]+",
        (
            RuleSource(
                "CommandCodeAI/command-code#323",
                "https://github.com/CommandCodeAI/command-code/issues/323",
                "user",
            ),
            RuleSource(
                "microsoft/autogen#6377", "https://github.com/microsoft/autogen/issues/6377", "user"
            ),
            RuleSource(
                "AnswerDotAI/fastllm#45", "https://github.com/AnswerDotAI/fastllm/issues/45", "user"
            ),
            RuleSource(
                "decolua/9router#3167", "https://github.com/decolua/9router/pull/3167", "user"
            ),
            RuleSource("vercel/ai#17276", "https://github.com/vercel/ai/pull/17276", "user"),
            MISTRAL_VALIDATOR,
            BEDROCK_MODEL,
        ),
        repair="maps each id that draws an error to a valid one (deterministic, the same map"
        " for a call and its results)",
        checked=RECHECKED,
        notes="openai: over 64 characters is an error, over 40 a warning (SPEC 8). A verbatim"
        ' OpenAI error now says 64: "Expected a string with maximum length 64, but got a'
        ' string with length 86" (gpt-5.6-luna, decolua/9router#3167, 2026-08-09), and a live'
        " test accepted a 51-character id (vercel/ai#17276, 2026-07-15); older errors said 40,"
        " which some gateways still enforce (the warning). No official page states either."
        " bedrock: the service model's pattern and"
        " length (botocore's own validator checks neither; the service does). The patterns"
        " and lengths are data: rules.ID_FORMATS.",
    ),
    Rule(
        "item-id-prefix",
        "A Responses function_call or reasoning item whose own id lacks its type's prefix",
        MappingProxyType({"*": "error", "perplexity": "warning"}),
        "Invalid 'input[3].id': 'call_U7ZpbozYfIAQ0tyiqZ97HB65'. Expected an ID that begins"
        " with 'fc'. / Invalid 'input[66].id': 'item_df7e40c3f04fc8ade5c3800e'. Expected an"
        " ID that begins with 'rs'.",
        (
            RuleSource(
                "Wei-Shaw/sub2api#1505", "https://github.com/Wei-Shaw/sub2api/pull/1505", "user"
            ),
            RuleSource(
                "nodetool-ai/nodetool#4252",
                "https://github.com/nodetool-ai/nodetool/pull/4252",
                "user",
            ),
            RuleSource(
                "jlcodes99/cockpit-tools#2090",
                "https://github.com/jlcodes99/cockpit-tools/issues/2090",
                "user",
            ),
        ),
        checked=RECHECKED,
        notes="An item's own id (not its call_id) is optional; where given, a function_call's"
        " begins with fc and a reasoning item's with rs (errors of 2026-04-08, 2026-07-13 and"
        " 2026-08-26; a Chat Completions call id, call_..., put in the item's id is the usual"
        " cause). Other item types are not checked: no error naming their prefix was found."
        " OpenAI-compatible gateways need not hold to it: DeepSeek's and Bedrock's Responses"
        " endpoints accepted reasoning items with other ids (real-requests corpus, checked"
        " 2026-12-02).",
    ),
)
