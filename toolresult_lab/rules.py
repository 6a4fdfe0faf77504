"""SPEC 8's request rules as data: each rule once, with where it applies, how bad it is,
what the provider answers, where that is written down, and when it was checked.

``lint`` reads a rule's severity from here (:meth:`Rule.level`) and names its source in
every finding; ``docs/request-rules.md`` is generated from this table. Figures that
already live elsewhere (the Anthropic image and request limits in ``limits.py``, the image
types a wire takes in its facts) are read from there, not restated. Where the research of
2026-12-01 (``docs/research/request-rules-sources.md``) differs from SPEC 8, the table
follows the SPEC and says so in the rule's ``notes``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Final, Literal

from .findings import Severity
from .wires import BEDROCK_MAX_DOCUMENTS, GEMINI_IMAGE_MIMES, GEMINI_RESPONSE_MIMES, WIRES

__all__ = [
    "CHECKED",
    "GEMINI_IMAGE_MIMES",
    "GEMINI_RESPONSE_MIMES",
    "ID_FORMATS",
    "MAX_DOCUMENTS",
    "RULES",
    "TEXT_LIMIT",
    "IdFormat",
    "Rule",
    "RuleSource",
    "get_rule",
    "id_format_for",
]

#: The day every source below was read (``docs/research/request-rules-sources.md``).
CHECKED: Final = "2026-12-01"

SourceKind = Literal["doc", "src", "user"]


@dataclass(frozen=True)
class RuleSource:
    """Where a rule is written down: a provider page (``doc``), the provider's own open
    source code (``src``), or an issue thread quoting the provider's error (``user``)."""

    title: str
    url: str
    kind: SourceKind = "doc"

    def cite(self) -> str:
        """``Title <url>`` (and what kind of source when it is not documentation)."""
        shown = f"{self.title} <{self.url}>" if self.url else self.title
        return shown if self.kind == "doc" else f"{shown} ({_KINDS[self.kind]})"

    @property
    def kind_label(self) -> str:
        """``""`` for documentation, else ``user report`` or ``provider source code``."""
        return "" if self.kind == "doc" else _KINDS[self.kind]


_KINDS: Final = {"doc": "documentation", "src": "provider source code", "user": "user report"}


@dataclass(frozen=True)
class Rule:
    """One request rule.

    ``severity`` maps a case to a severity (``None``: no finding): a profile id, a wire,
    ``"<wire>:<case>"`` for a case the rule names itself (``"openai:over-40"``), or ``"*"``
    for the rest. ``wires`` are the wires it is checked on, ``profiles`` the profiles it
    is only checked with (empty: any); ``answer`` what the provider says, ``repair`` what
    ``repair`` does about it (empty: reported only).
    """

    id: str
    title: str
    wires: tuple[str, ...]
    severity: Mapping[str, Severity | None]
    answer: str
    sources: tuple[RuleSource, ...]
    profiles: tuple[str, ...] = ()
    repair: str = ""
    notes: str = ""
    checked: str = CHECKED

    def level(self, wire: str, profile: str | None, case: str = "") -> Severity | None:
        """The severity on ``wire`` with ``profile`` in ``case`` (``None``: no finding)."""
        for key in (f"{wire}:{case}" if case else "", profile or "", wire, "*"):
            if key and key in self.severity:
                return self.severity[key]
        return None

    def applies(self, wire: str, profile: str | None) -> bool:
        if wire not in self.wires:
            return False
        return not self.profiles or profile in self.profiles

    @cached_property  # a finding names it: once per rule, not once per finding
    def source(self) -> str:
        """The sources and the date, as a finding names them."""
        return "; ".join(s.cite() for s in self.sources) + f" (checked {self.checked})"


ALL: Final = WIRES
_ERROR: Final[Mapping[str, Severity | None]] = MappingProxyType({"*": "error"})

# GEMINI_IMAGE_MIMES and GEMINI_RESPONSE_MIMES are the gemini wire's own data
# (``wires/gemini/checks.py``), named here as before.
#: The longest string OpenAI takes in a request (Chat Completions and Responses).
TEXT_LIMIT: Final = 10_485_760


@dataclass(frozen=True)
class IdFormat:
    """The call ids a wire or profile takes (``call-id-format``): ``pattern`` the whole id
    must match (``None``: any characters), ``longest`` its most characters (``None``: no
    limit), ``warn_over`` a length over which only a warning is given (some gateways), and
    ``shown`` what a finding says of an id that does not match the pattern."""

    pattern: str | None
    longest: int | None
    shown: str
    warn_over: int | None = None


#: Documents per Bedrock request (the wire's own figure, ``wires/bedrock/``).
MAX_DOCUMENTS: Final = BEDROCK_MAX_DOCUMENTS

#: ``call-id-format``'s data, by profile or wire (a profile's entry wins over its wire's).
ID_FORMATS: Final[Mapping[str, IdFormat]] = MappingProxyType(
    {
        "mistral": IdFormat("[a-zA-Z0-9]{9}", None, "is not 9 characters of a-z, A-Z, 0-9"),
        "anthropic": IdFormat("[a-zA-Z0-9_-]+", None, "does not match ^[a-zA-Z0-9_-]+$"),
        "openai": IdFormat(None, 64, "", warn_over=40),
        "responses": IdFormat(None, 64, ""),
        # botocore 1.44.8's service model (bedrock-runtime 2023-09-30): ToolUseId, min 1,
        # max 64 (docs/research/bedrock-sources.md)
        "bedrock": IdFormat("[a-zA-Z0-9_.:-]+", 64, "does not match ^[a-zA-Z0-9_.:-]+$"),
    }
)


def id_format_for(wire: str, profile: str | None) -> IdFormat | None:
    """The id format that holds on ``wire`` with ``profile`` (``None``: any id)."""
    found = ID_FORMATS.get(profile) if profile else None
    return found if found is not None else ID_FORMATS.get(wire)


#: The day the rules taken from the corpus of real requests and rule-recheck.md were read.
_RECHECKED: Final = "2026-12-02"
_MODELS_DEV: Final = "https://models.dev"


def _cassette(commit: str, path: str) -> RuleSource:
    """A request pydantic-ai recorded with the provider's answer (its HTTP cassette)."""
    return RuleSource(
        f"pydantic/pydantic-ai cassette {path.rsplit('/', 1)[-1]}",
        f"https://github.com/pydantic/pydantic-ai/blob/{commit}/tests/models/cassettes/{path}",
        "user",
    )


_IMPLEMENT_TOOLS: Final = RuleSource(
    "Implement tool use - Claude Docs",
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use",
)
_TOOL_TROUBLESHOOTING: Final = RuleSource(
    "Troubleshooting tool use - Claude Docs",
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/troubleshooting-tool-use",
)
_HANDLE_TOOLS: Final = RuleSource(
    "Handle tool calls - Claude Docs",
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls",
)
_CLAUDE_5989: Final = RuleSource(
    "anthropics/claude-code#5989", "https://github.com/anthropics/claude-code/issues/5989", "user"
)
_AGENTS_1797: Final = RuleSource(
    "openai/openai-agents-python#1797",
    "https://github.com/openai/openai-agents-python/issues/1797",
    "user",
)
_CHATS_132: Final = RuleSource("sdcb/chats#132", "https://github.com/sdcb/chats/pull/132", "user")
_COPILOT_4572: Final = RuleSource(
    "github/copilot-cli#4572", "https://github.com/github/copilot-cli/issues/4572", "user"
)
_CODEX2API_414: Final = RuleSource(
    "james-6-23/codex2api#414", "https://github.com/james-6-23/codex2api/issues/414", "user"
)
_GEMINI_4217: Final = RuleSource(
    "google-gemini/gemini-cli#4217",
    "https://github.com/google-gemini/gemini-cli/issues/4217",
    "user",
)
_GEMINI_11814: Final = RuleSource(
    "google-gemini/gemini-cli#11814",
    "https://github.com/google-gemini/gemini-cli/issues/11814",
    "user",
)
_THOUGHT_SIGNATURES: Final = RuleSource(
    "Thought signatures - Gemini API", "https://ai.google.dev/gemini-api/docs/thought-signatures"
)
_GEMINI_MULTIMODAL: Final = RuleSource(
    "Function calling: multimodal function responses - Gemini API",
    "https://ai.google.dev/gemini-api/docs/function-calling#multimodal",
)
_MISTRAL_VALIDATOR: Final = RuleSource(
    "mistral-common: protocol/instruct/validator.py",
    "https://github.com/mistralai/mistral-common/blob/main/src/mistral_common/protocol/instruct/validator.py",
    "src",
)
_ANTHROPIC_VISION: Final = RuleSource(
    "Images and vision - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/vision",
)
_DEEPSEEK_VISION: Final = RuleSource(
    "Vision - DeepSeek API Docs", "https://api-docs.deepseek.com/guides/vision"
)
_BEDROCK_RESTRICTIONS: Final = RuleSource(
    "API restrictions - Amazon Bedrock User Guide",
    "https://docs.aws.amazon.com/bedrock/latest/userguide/inference-api-restrictions.html",
)
_BEDROCK_MODEL: Final = RuleSource(
    "botocore 1.44.8: data/bedrock-runtime/2023-09-30/service-2.json.gz (ToolUseId)",
    "https://github.com/boto/botocore/tree/develop/botocore/data/bedrock-runtime/2023-09-30",
    "src",
)
_AGNO_6698: Final = RuleSource(
    "agno-agi/agno#6698", "https://github.com/agno-agi/agno/issues/6698", "user"
)
_CURIE_16: Final = RuleSource(
    "Just-Curieous/Curie#16", "https://github.com/Just-Curieous/Curie/issues/16", "user"
)
_NO_ERROR_KNOWN: Final = (
    "Ollama and hermes: no provider-side validation is documented (the model loses the call);"
    " a warning there."
)

_RULES: Final = (
    Rule(
        "call-without-result",
        "A tool call no result answers where the wire needs it",
        ALL,
        MappingProxyType({"*": "error", "ollama": "warning", "hermes": "warning"}),
        "anthropic: `tool_use` ids were found without `tool_result` blocks immediately after;"
        " openai: An assistant message with 'tool_calls' must be followed by tool messages"
        " responding to each 'tool_call_id'; responses: No tool output found for function"
        " call; gemini: Please ensure that the number of function response parts is equal to"
        " the number of function call parts of the function call turn.; bedrock: Expected"
        " toolResult blocks at messages.2.content for the following Ids: ...",
        (_HANDLE_TOOLS, _CLAUDE_5989, _CHATS_132, _COPILOT_4572, _GEMINI_4217, _AGNO_6698),
        repair='adds a result marked as an error ("No result was recorded for this call.")'
        " where the wire needs it",
        notes=_NO_ERROR_KNOWN,
    ),
    Rule(
        "result-without-call",
        "A tool result that answers no call before it",
        ALL,
        MappingProxyType({"*": "error", "ollama": "warning", "hermes": "warning"}),
        "anthropic: unexpected `tool_use_id` found in `tool_result` blocks; openai: messages"
        " with role 'tool' must be a response to a preceeding message with 'tool_calls';"
        " responses: No tool call found for function call output with call_id ...; bedrock:"
        " The number of toolResult blocks at messages.2.content exceeds the number of"
        " toolUse blocks of previous turn.",
        (_HANDLE_TOOLS, _AGENTS_1797, _CHATS_132, _CODEX2API_414, _GEMINI_4217, _CURIE_16),
        repair="removes the result",
        notes=_NO_ERROR_KNOWN,
    ),
    Rule(
        "results-not-next",
        "A call's result exists, but later than the wire allows",
        ("openai", "anthropic", "gemini", "bedrock"),
        _ERROR,
        "anthropic: as call-without-result; openai: as call-without-result; gemini: Please"
        " ensure that function call turn comes immediately after a user turn or after a"
        " function response turn.; bedrock: as call-without-result (results split over two"
        " user messages).",
        (
            _HANDLE_TOOLS,
            _CHATS_132,
            _GEMINI_11814,
            _THOUGHT_SIGNATURES,
            RuleSource(
                "pydantic/pydantic-ai#1645",
                "https://github.com/pydantic/pydantic-ai/issues/1645",
                "user",
            ),
        ),
        repair="moves the results where the wire needs them, in the order of the calls",
    ),
    Rule(
        "results-after-other-content",
        "Another block before a tool_result in its user message",
        ("anthropic", "bedrock"),
        MappingProxyType({"*": "error", "bedrock": "warning", "bedrock-claude": "error"}),
        "In the user message containing tool results, the tool_result blocks must come FIRST"
        " in the content array.; bedrock (Claude): The model returned the following errors:"
        " messages.N: `tool_use` ids were found without `tool_result` blocks immediately"
        " after",
        (
            _IMPLEMENT_TOOLS,
            _TOOL_TROUBLESHOOTING,
            RuleSource(
                "pydantic/pydantic-ai#6081",
                "https://github.com/pydantic/pydantic-ai/issues/6081",
                "user",
            ),
        ),
        repair="moves the tool_result blocks first, each group in its order",
        checked=_RECHECKED,
        notes="bedrock: Claude's rule, passed through by Bedrock (an error with profile"
        " bedrock-claude); Nova was seen accepting the other order, so a warning otherwise."
        ' The rule moved from handle-tool-calls to implement-tool-use ("the tool_result'
        ' blocks must come FIRST in the content array"); the troubleshooting page has the'
        ' error text ("or `tool_result` is not the first content block"), as of 2026-08-22.',
    ),
    Rule(
        "duplicate-call-id",
        "A call id used twice",
        ("openai", "anthropic", "gemini", "ollama", "responses", "bedrock"),
        MappingProxyType(
            {"*": "warning", "anthropic:same-message": "error", "bedrock:same-message": "error"}
        ),
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
        ("openai", "anthropic", "gemini", "ollama", "responses", "bedrock"),
        MappingProxyType({"*": "warning", "anthropic": "error", "bedrock": "error"}),
        "openai: Invalid parameter: Duplicate value for 'tool_call_id' of '...', in"
        " messages[7] and messages[8].; anthropic: each tool_use must have a single result.;"
        " bedrock: The number of toolResult blocks at messages.2.content exceeds the number"
        " of toolUse blocks of previous turn.",
        (
            RuleSource(
                "agno-agi/agno#5116", "https://github.com/agno-agi/agno/issues/5116", "user"
            ),
            _CURIE_16,
        ),
        repair="removes the later duplicate",
        notes="SPEC 8 says warning off anthropic; OpenAI Chat answers 400 (agno-agi/agno#5116)."
        " Anthropic's error text is known only from third-party code comments.",
    ),
    Rule(
        "missing-call-id",
        "A call or result without its id",
        ("openai", "anthropic", "responses", "bedrock"),
        _ERROR,
        "responses: Invalid 'input[4].call_id': empty string. Expected a string with minimum"
        " length 1; openai: tool_call_id is required.; bedrock (botocore): Invalid length for"
        " parameter messages[0].content[0].toolResult.toolUseId, value: 0, valid min length: 1",
        (
            RuleSource(
                "BigPizzaV3/CodexPlusPlus#315",
                "https://github.com/BigPizzaV3/CodexPlusPlus/issues/315",
                "user",
            ),
            _BEDROCK_MODEL,
        ),
        repair="gives call and result an id where both are identified by position",
    ),
    Rule(
        "call-id-format",
        "An id the provider does not take",
        ("anthropic", "openai", "responses", "bedrock"),
        MappingProxyType({"*": "error", "openai:over-40": "warning", "mistral": "error"}),
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
            _MISTRAL_VALIDATOR,
            _BEDROCK_MODEL,
        ),
        repair="maps each id that draws an error to a valid one (deterministic, the same map"
        " for a call and its results)",
        checked=_RECHECKED,
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
        "tool-result-content",
        "A tool result holds a part the wire does not take there",
        ("openai", "responses", "anthropic", "bedrock"),
        MappingProxyType(
            {
                "*": "error",
                "mistral": "warning",
                "bedrock:never-image": "error",
            }
        ),
        "openai: Image URLs are only allowed for messages with role 'user', but this message"
        " with role 'tool' contains an image URL.; bedrock (botocore): Unknown parameter in"
        ' messages[0].content[0].toolResult.content[0]: "audio", must be one of: json, text,'
        " image, document, video, searchResult",
        (
            _HANDLE_TOOLS,
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
            _BEDROCK_MODEL,
        ),
        repair="openai: images hoisted into a user message when the model reads images, else"
        " their placeholder text; bedrock: the text the block holds (a string member, or a"
        " `text` one or two levels in), else its placeholder; other parts (and on responses,"
        " anthropic, mistral) their placeholder text",
        checked=_RECHECKED,
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
        ("anthropic",),
        _ERROR,
        "all content must be type 'text' if 'is_error' is true",
        (
            RuleSource(
                "vellum-ai/vellum-assistant#18387",
                "https://github.com/vellum-ai/vellum-assistant/issues/18387",
                "user",
            ),
        ),
        repair="the non-text blocks become their placeholder text",
        notes="Known from user reports only; no Anthropic page states it.",
    ),
    Rule(
        "empty-text",
        "A text block that is empty or whitespace only",
        ("anthropic", "bedrock"),
        MappingProxyType(
            {"*": "error", "anthropic:beside": "warning", "bedrock:beside": "warning"}
        ),
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
        ("anthropic", "gemini"),
        _ERROR,
        "anthropic: all messages must have non-empty content except for the optional final"
        " assistant message; gemini: contents.parts must not be empty.",
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
        ),
        repair="removes the message",
    ),
    Rule(
        "final-assistant",
        "The request ends with an assistant message (prefill)",
        ("anthropic",),
        MappingProxyType({"*": "warning", "anthropic:whitespace": "error"}),
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
        notes="Claude 4.6 and later reject any prefill with 400; a warning since the model is"
        " not known here.",
    ),
    Rule(
        "system-message-placement",
        "A mid-conversation system message where the API does not take one",
        ("anthropic",),
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
        ("anthropic", "openai", "responses", "gemini", "bedrock"),
        MappingProxyType(
            {"*": "error", "gemini": "warning", "bedrock": "warning", "bedrock-claude": "error"}
        ),
        "anthropic: media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or"
        " 'image/webp'; Image does not match the provided media type image/png; openai: You"
        " uploaded an unsupported image.",
        (
            _ANTHROPIC_VISION,
            RuleSource(
                "Images and vision - OpenAI API",
                "https://platform.openai.com/docs/guides/images-vision",
            ),
            RuleSource(
                "Image understanding - Vertex AI",
                "https://docs.cloud.google.com/vertex-ai/docs/generative-ai/image/image-captioning",
            ),
            _GEMINI_MULTIMODAL,
        ),
        repair="corrects the declared type when the bytes are a type the wire takes",
        notes="DeepSeek reads the type from the bytes, not the declared MIME type. bedrock: an"
        " image's format is one of png, jpeg, gif, webp (botocore's ImageFormat); bytes of"
        " another format than the declared one are an error with bedrock-claude (Claude's"
        " own check, passed through), a warning otherwise (added 2026-12-02).",
    ),
    Rule(
        "bad-base64",
        "An inline payload that is not valid base64",
        ("anthropic", "openai", "responses", "gemini", "ollama", "bedrock"),
        _ERROR,
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
        ("gemini",),
        MappingProxyType({"*": "warning", "gemini-3": "error", "gemini-2.5": None}),
        "Function call is missing a thought_signature in functionCall parts.",
        (
            _THOUGHT_SIGNATURES,
            RuleSource(
                "Thought signatures - Vertex AI",
                "https://docs.cloud.google.com/vertex-ai/generative-ai/docs/thought-signatures",
            ),
        ),
        repair='sets "skip_thought_signature_validator" on the first call part of each step'
        " (where it is an error: a request without a profile may be for a model that needs"
        " none, and is left as it is)",
        notes="The dummy value is on the Gemini API page; not found verbatim on Vertex's.",
    ),
    Rule(
        "function-response-parts",
        "A functionResponse with parts on a model before Gemini 3",
        ("gemini",),
        MappingProxyType({"gemini-2.5": "error"}),
        "Multimodal function responses are not supported for this model",
        (_GEMINI_MULTIMODAL,),
        profiles=("gemini-2.5",),
        repair="the parts' media move to a user content after the responses (placeholder text"
        " when the model reads no images)",
        notes="Gemini 2.5's answer is unresolved: one code comment quotes the 400, one closed"
        " PR claims 2.0/2.5 accept parts.",
    ),
    Rule(
        "images-unsupported",
        "An image in a request to a model that reads no images",
        ALL,
        MappingProxyType({"*": "warning", "deepseek": "error"}),
        "deepseek: unknown variant `image_url`, expected `text`",
        (
            _DEEPSEEK_VISION,
            RuleSource(
                "jxxghp/MoviePilot#5863", "https://github.com/jxxghp/MoviePilot/issues/5863", "user"
            ),
        ),
        repair="the images become their placeholder text",
        notes="DeepSeek's deepseek-flash (V4.1) reads images since 2026-09, in tool messages too"
        " per a third-party digest; deepseek-v4-pro does not. The profile keeps SPEC 8's"
        " vision off.",
    ),
    Rule(
        "user-after-tool",
        "A user message directly after a tool message",
        ("openai",),
        MappingProxyType({"mistral": "error"}),
        "Unexpected role 'user' after role 'tool'",
        (
            _MISTRAL_VALIDATOR,
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
        "too-much-media",
        "Too many images and PDF pages in one request",
        ("anthropic",),
        MappingProxyType({"*": "warning", "anthropic:over-600": "error"}),
        "too many images and documents: 104 + 1 > 100",
        (
            _ANTHROPIC_VISION,
            RuleSource(
                "anthropics/claude-code#24541",
                "https://github.com/anthropics/claude-code/issues/24541",
                "user",
            ),
        ),
        checked=_RECHECKED,
        notes='SPEC 8 counts images plus PDF pages; two error forms are live: "too many images'
        ' and documents: 120 + 0 > 100" (blocks) and "Too much media: 0 document pages + 107'
        ' images > 100" (pages; anthropics/claude-code#24541, 2026-02-09). Bedrock-Claude'
        " answers the second form too (a user report of 2026-05-05); not checked on the bedrock"
        " wire yet.",
    ),
    Rule(
        "image-too-large",
        "An image over the size or dimension limits",
        ("anthropic",),
        MappingProxyType({"*": "error", "anthropic:over-5mb": "warning"}),
        "image exceeds 10 MB maximum; At least one of the image dimensions exceed max allowed"
        " size: 8000 pixels; ... for many-image requests: 2000 pixels",
        (_ANTHROPIC_VISION,),
        checked=_RECHECKED,
        notes="Bedrock and Vertex count document blocks toward the 20-image threshold too. The"
        " vision page (reworded 2026-06-17) no longer states 2000 px as the limit: the 400"
        ' names "many-image requests" and states the current limit in pixels; the page'
        " advises 2000 px per side, or at most 20 image and document blocks, to stay under it"
        " on all platforms. Every image block counts, in tool results and earlier turns too.",
    ),
    Rule(
        "request-too-large",
        "The request's JSON is over 32 MB",
        ("anthropic",),
        _ERROR,
        "413 request_too_large: The request exceeds the maximum allowed number of bytes.",
        (RuleSource("Errors - Claude Docs", "https://platform.claude.com/docs/en/api/errors"),),
    ),
    Rule(
        "text-too-long",
        "One string over 10,485,760 characters",
        ("openai", "responses"),
        _ERROR,
        "Invalid 'messages[5].content': string too long. Expected a string with maximum length"
        " 10485760",
        (RuleSource("Shopify/roast#52", "https://github.com/Shopify/roast/issues/52", "user"),),
    ),
    Rule(
        "too-many-cache-breakpoints",
        "More than 4 blocks with cache_control",
        ("anthropic",),
        _ERROR,
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
        checked=_RECHECKED,
        notes='A top-level cache_control (automatic caching) takes one of the four slots: "the'
        ' automatic cache breakpoint uses one of the 4 available breakpoint slots" (prompt'
        " caching, since 2026-02-20); the finding then points at the fourth marked block."
        " Computer/browser batch markers count too (2026-08-21).",
    ),
    Rule(
        "too-many-documents",
        "More than 5 documents in one Bedrock request",
        ("bedrock",),
        _ERROR,
        "You can't include more than 5 documents in a request.",
        (
            _BEDROCK_RESTRICTIONS,
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
        ("bedrock",),
        _ERROR,
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
        ("bedrock",),
        MappingProxyType({"*": "error", "bedrock:underscore": "warning"}),
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
        ("bedrock",),
        _ERROR,
        "A text block must be included when using documents. Add a text block and retry your"
        " request.",
        (
            _cassette(
                "431907a33676ad7c4ad5b9fd3726042f35c66253",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[tool_return_content-binary-document-bedrock].yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="Seen on Claude and Nova (15 rejected requests of the corpus of real requests). A"
        " document inside a toolResult needs no text block beside it: accepted in the corpus.",
    ),
    Rule(
        "tool-config-required",
        "A Bedrock request with toolUse / toolResult blocks and no toolConfig",
        ("bedrock",),
        _ERROR,
        "The toolConfig field must be defined when using toolUse and toolResult content blocks.",
        (
            RuleSource(
                "BerriAI/litellm#31400", "https://github.com/BerriAI/litellm/pull/31400", "user"
            ),
            RuleSource(
                "vxcontrol/pentagi#196", "https://github.com/vxcontrol/pentagi/pull/196", "user"
            ),
        ),
        checked=_RECHECKED,
        notes="Checked on a request body with members besides messages and system (a bare"
        " list, or a body of only those, reads as the arguments of boto3's converse, whose"
        " toolConfig is another argument). Every accepted Bedrock request with tool blocks in"
        " the corpus has one.",
    ),
    Rule(
        "s3-source-unsupported",
        "An S3-located image, document or video where the Bedrock model takes only bytes",
        ("bedrock",),
        _ERROR,
        "This model doesn't support the s3Uri field. Remove s3Uri and try again. (Nova, in a"
        " toolResult: Malformed input request: extraneous key [toolResult] is not permitted)",
        (
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-uploaded_file-image-bedrock_claude].yaml",
            ),
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-uploaded_file-document-bedrock_nova].yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="By model family (the model id, else the profile bedrock-claude / bedrock-nova),"
        " as the providers answered in the corpus: Claude refuses an S3 image anywhere and an"
        " S3 document outside a toolResult (an S3 document inside one was accepted); Nova"
        " refuses an S3 document or video inside a toolResult (S3 images there, and S3 media"
        " in a message, were accepted). An S3 video on Claude is input-unsupported's.",
    ),
    Rule(
        "input-unsupported",
        "An image, audio or video input to a model that does not take it",
        ("openai", "responses", "gemini", "bedrock"),
        _ERROR,
        "openai: Invalid 'messages[3]'. Content blocks are expected to be either text or"
        " image_url type. bedrock: This model doesn't support the video content block that you"
        " provided.",
        (
            RuleSource("models.dev (the models-dev package's bundled catalog)", _MODELS_DEV),
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-binary-audio-openai_chat].yaml",
            ),
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-binary-video-bedrock_claude].yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="Model-aware: the request's model (or lint's model=) is looked up in the"
        " catalog (toolresult_lab.models); an unknown model gives no finding. PDF input is"
        " not checked: the catalog leaves pdf off models that read PDFs. Not on the anthropic"
        " wire: every Claude model of the catalog reads images, and the wire has no audio or"
        " video block.",
    ),
    Rule(
        "content-after-tool-use",
        "A block after an Anthropic assistant message's last tool_use",
        ("anthropic",),
        _ERROR,
        "`tool_use` ids were found without `tool_result` blocks immediately after: ... Each"
        " `tool_use` block must have a corresponding `tool_result` block in the next message.",
        (
            RuleSource(
                "earendil-works/pi#4071", "https://github.com/earendil-works/pi/issues/4071", "user"
            ),
            _cassette(
                "0b43f6544c228d5589eda1cf1e4a44052dc517f5",
                "test_anthropic/test_anthropic_web_search_tool.yaml",
            ),
        ),
        checked=_RECHECKED,
    ),
    Rule(
        "server-tool-without-result",
        "An Anthropic server_tool_use with no result block",
        ("anthropic",),
        _ERROR,
        "`server_tool_use` ... was found without a corresponding <name>_tool_result block",
        (
            RuleSource(
                "Troubleshooting tool use - Claude Docs",
                "https://platform.claude.com/docs/en/agents-and-tools/tool-use/"
                "troubleshooting-tool-use",
            ),
        ),
        checked=_RECHECKED,
        notes="Reported when the request's tools no longer hold that server tool (the"
        " documented case that needs no reply to read). A server_tool_use left without its"
        " result beside a client tool_use was accepted (corpus), and a paused turn"
        " (pause_turn) is sent back as it is.",
    ),
    Rule(
        "thinking-first",
        "With thinking on, the current tool loop's assistant message does not start with thinking",
        ("anthropic",),
        _ERROR,
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
        checked=_RECHECKED,
    ),
    Rule(
        "part-media-resolution",
        "A Gemini part with its own mediaResolution",
        ("gemini",),
        _ERROR,
        'Invalid JSON payload received. Unknown name "mediaResolution" at'
        " 'contents[0].parts[1]': Cannot find field.",
        (
            _cassette(
                "c7cb28fd96e7ae160cd012f85b3aa9c9eb0a1682",
                "test_google/test_google_model_binary_image_detail.yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="Per-part media resolution is a v1alpha field; the default v1beta API refuses"
        " it (generationConfig.mediaResolution is the request-wide setting).",
    ),
    Rule(
        "double-base64",
        "Gemini inline data encoded to base64 twice",
        ("gemini",),
        _ERROR,
        "Provided image is not valid. (a PDF: The document has no pages.)",
        (
            _cassette(
                "1166d7960e735352cfce3daeca4f321b37a2d047",
                "test_gemini/test_image_as_binary_content_input.yaml",
            ),
            _cassette(
                "1166d7960e735352cfce3daeca4f321b37a2d047",
                "test_gemini/test_document_url_input.yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="An image, PDF, audio or video whose data decodes to base64 letters (its first"
        " 48 bytes) instead of the file's own bytes.",
    ),
    Rule(
        "input-file-type",
        "A Responses input_file of a type the API does not read",
        ("responses",),
        _ERROR,
        "Invalid file data: 'input[3].output[0].file_data'. Expected a base64-encoded data URL"
        " with a valid file MIME type ..., but got unsupported MIME type 'audio/mpeg'. / The"
        " file type you uploaded is not supported. Please try again with a pdf",
        (
            RuleSource(
                "File inputs - OpenAI API",
                "https://developers.openai.com/api/docs/guides/file-inputs",
            ),
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-url_force_download-audio-openai_responses].yaml",
            ),
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_multimodal_tool_returns/test_multimodal_tool_return_matrix"
                "[direct-url-audio-openai_responses].yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="file_data of an audio, video or image type; a file_url whose name is a known"
        " file type other than .pdf (a .txt and .mp3 URL were refused, .pdf URLs accepted). A"
        " file_id's type is not known from the request: not checked.",
    ),
    Rule(
        "reasoning-without-item",
        "A Responses reasoning item replayed without the item that followed it",
        ("responses",),
        _ERROR,
        "Item 'rs_...' of type 'reasoning' was provided without its required following item.",
        (
            _cassette(
                "4fda38988f2939fa6ea9cdefcf120693e10ef491",
                "test_openai_responses/test_openai_responses_thinking_with_modified_history.yaml",
            ),
        ),
        checked=_RECHECKED,
        notes="Reported when the reasoning item is the last item, or is followed by an input"
        " message without an id (the output message it came with was replaced).",
    ),
    Rule(
        "file-part-member",
        "An OpenAI Chat file part with a member the API does not know",
        ("openai",),
        _ERROR,
        "Unknown parameter: 'messages[1].content[1].file.data'.",
        (
            RuleSource(
                "Chat Completions API reference: file content part - OpenAI",
                "https://platform.openai.com/docs/api-reference/chat/create",
            ),
            _cassette(
                "b320a431ae5db0432309463165665126bbe5c2ea",
                "test_openai/test_document_url_input.yaml",
            ),
        ),
        checked=_RECHECKED,
    ),
    Rule(
        "shape",
        "The request's structure is not the wire's",
        ALL,
        _ERROR,
        "400 invalid_request_error naming the field",
        (RuleSource("SPEC 8 (each wire's own request shape; no provider source needed)", ""),),
    ),
)

#: Every rule by id, in the SPEC's order.
RULES: Final[Mapping[str, Rule]] = MappingProxyType({rule.id: rule for rule in _RULES})


def get_rule(rule_id: str) -> Rule:
    """The rule ``rule_id``; ``ValueError`` listing the known ids."""
    try:
        return RULES[rule_id]
    except KeyError:
        raise ValueError(f"unknown rule {rule_id!r}; known rules: {', '.join(RULES)}") from None
