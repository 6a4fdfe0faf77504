"""The rules that depend on the model a request is for (issue 37): its facts come from the
models.dev catalog and the dated model table (``budgets.model_table``), never from names in
the checks. A fact the table knows only from a user report or a write-up makes its finding a
warning (the ``reported`` case); a model no catalog knows makes one ``info`` finding."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from ...budgets.model_table import CHECKED
from .model import Rule, RuleSource
from .sources import MODELS_DEV

__all__ = ["ROWS"]

_REPORTED = "*:reported"

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "model-unknown",
        "The request names a model neither the catalog nor the model table knows",
        MappingProxyType({"*": "info"}),
        "(no provider answer: lint's own note that its model checks were off)",
        (
            RuleSource("models.dev catalog", MODELS_DEV),
            RuleSource(
                "The dated model table (toolresult_lab/budgets/model_table.py)",
                "",
            ),
        ),
        notes="Refresh the catalog with `toolresult-lab models refresh` (the bundled one is"
        " the models-dev package's), or name a model the table holds.",
        checked=CHECKED,
    ),
    Rule(
        "chat-tools-with-reasoning",
        "Function tools with a reasoning effort other than none on Chat Completions",
        MappingProxyType({"*": "error", _REPORTED: "warning"}),
        "Function tools with reasoning_effort are not supported for <model> in"
        " /v1/chat/completions. To use function tools, use /v1/responses or set"
        " reasoning_effort to 'none'.",
        (
            RuleSource(
                "Deployment checklist - OpenAI API",
                "https://developers.openai.com/api/docs/guides/deployment-checklist",
            ),
            RuleSource(
                "GoogleChromeLabs/webmcp-tools#417",
                "https://github.com/GoogleChromeLabs/webmcp-tools/issues/417",
                "user",
            ),
            RuleSource(
                "pipecat-ai/pipecat#4043",
                "https://github.com/pipecat-ai/pipecat/issues/4043",
                "user",
            ),
            RuleSource(
                "laurent22/joplin#16451", "https://github.com/laurent22/joplin/pull/16451", "user"
            ),
        ),
        notes="Read from the model's facts (the model table's `chat_tools`): gpt-5.4 and"
        " later take function tools on Chat Completions only with reasoning_effort 'none';"
        " gpt-6-astra and gpt-6.1-sol take no 'none', hence no function tools there at all;"
        " from gpt-5.6 on, a request without reasoning_effort fails too (the model's default"
        " is not none; known from user reports, a warning). GPT-6's are on OpenAI's"
        " deployment checklist (errors); gpt-5.4's and gpt-5.6's only in user reports"
        " quoting the 400 (warnings).",
        checked=CHECKED,
    ),
    Rule(
        "forced-tool-choice",
        'tool_choice "any" or "tool" on a model that refuses forced tool use',
        MappingProxyType({"*": "error", _REPORTED: "warning"}),
        'tool_choice: type "tool" and "any" are not supported for this model.',
        (
            RuleSource(
                "What's new in Claude Fable 5.1 - Claude Docs",
                "https://platform.claude.com/docs/en/models/fable-5-1/whats-new-fable-5-1"
                "#forced-tool-use-is-not-supported",
            ),
            RuleSource(
                "Claude Opus 5.5 - Claude Docs",
                "https://platform.claude.com/docs/en/models/opus-5-5/overview",
            ),
            RuleSource(
                "anthropics/claude-cookbooks#854",
                "https://github.com/anthropics/claude-cookbooks/issues/854",
                "user",
            ),
            RuleSource(
                "langchain-ai/langchain-aws#1273",
                "https://github.com/langchain-ai/langchain-aws/issues/1273",
                "user",
            ),
        ),
        notes="Read from the model's facts (the model table's `forced_tool_choice`): Claude"
        " Fable 5.1, Mythos 5.1 and Opus 5.5 (documented); Fable 5.2 and Mythos 5.2 (no"
        " change from 5.1 listed: a warning). On Bedrock Converse, toolConfig.toolChoice"
        " `any` or `tool` gets the same answer.",
        checked=CHECKED,
    ),
    Rule(
        "sampling-params-unsupported",
        "A sampling parameter the model refuses or ignores",
        MappingProxyType({"*": "error", _REPORTED: "warning", "*:ignored": "warning"}),
        "OpenAI (GPT-6): when reasoning effort is not none, remove temperature, top_p, and"
        " top_logprobs; Anthropic (Claude 4.7 and later, Fable, Mythos): `temperature` is"
        " deprecated for this model.; Gemini (3.6 Flash, 3.5 Flash-Lite and later): custom"
        " frequency or presence penalties throw an error, custom temperature, top-K and"
        " top-P are ignored",
        (
            RuleSource(
                "Deployment checklist - OpenAI API",
                "https://developers.openai.com/api/docs/guides/deployment-checklist",
            ),
            RuleSource(
                "Gemini 3.6 Flash - Gemini Enterprise Agent Platform",
                "https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/gemini/"
                "3-6-flash",
            ),
            RuleSource(
                "ENTERPILOT/GoModel#856", "https://github.com/ENTERPILOT/GoModel/pull/856", "user"
            ),
            RuleSource(
                "sipeed/picoclaw#2939", "https://github.com/sipeed/picoclaw/issues/2939", "user"
            ),
            RuleSource(
                "BerriAI/litellm v1.109.0",
                "https://github.com/BerriAI/litellm/releases/tag/v1.109.0",
                "user",
            ),
        ),
        notes="Read from the model's facts (the model table's `rejects_sampling`,"
        " `sampling_when`, `ignores_sampling`). GPT-6: only while reasoning effort is not"
        " 'none' (without an effort, the model's default is not none: a warning, from a user"
        " report). Claude: known from user reports (warnings). Gemini 3.6 Flash and 3.5"
        " Flash-Lite: penalties an error, temperature / topP / topK a warning (ignored);"
        " Gemini 3.7 and 3.8 Flash: the same from a write-up (warnings).",
        checked=CHECKED,
    ),
    Rule(
        "final-model-turn",
        "A Gemini request whose last content has role model",
        MappingProxyType({"*": "error", _REPORTED: "warning"}),
        "API requests where the last input turn has a model role are not supported (the page"
        " says such a generateContent request returns an error; its text was not found)",
        (
            RuleSource(
                "Gemini 3.6 Flash - Gemini Enterprise Agent Platform",
                "https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/gemini/"
                "3-6-flash",
            ),
            RuleSource(
                "Gemini 3.5 Flash-Lite - Gemini Enterprise Agent Platform",
                "https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/gemini/"
                "3-5-flash-lite",
            ),
        ),
        notes="Read from the model's facts (the model table's `final_model_turn`): Gemini 3.6"
        " Flash and 3.5 Flash-Lite (documented); 3.7 and 3.8 Flash (a write-up: warnings).",
        checked=CHECKED,
    ),
)
