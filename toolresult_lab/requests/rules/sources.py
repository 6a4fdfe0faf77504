"""The pages, source files and issue threads the rule rows cite more than once."""

from __future__ import annotations

from typing import Final

from .model import RuleSource

__all__ = [
    "AGENTS_1797",
    "AGNO_6698",
    "ANTHROPIC_VISION",
    "BEDROCK_MODEL",
    "BEDROCK_RESTRICTIONS",
    "CHATS_132",
    "CLAUDE_5989",
    "CODEX2API_414",
    "COPILOT_4572",
    "CURIE_16",
    "DEEPSEEK_VISION",
    "GEMINI_4217",
    "GEMINI_11814",
    "GEMINI_MULTIMODAL",
    "HANDLE_TOOLS",
    "IMPLEMENT_TOOLS",
    "MISTRAL_VALIDATOR",
    "MODELS_DEV",
    "NO_ERROR_KNOWN",
    "THOUGHT_SIGNATURES",
    "TOOL_TROUBLESHOOTING",
]

MODELS_DEV: Final = "https://models.dev"


IMPLEMENT_TOOLS: Final = RuleSource(
    "Implement tool use - Claude Docs",
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use",
)
TOOL_TROUBLESHOOTING: Final = RuleSource(
    "Troubleshooting tool use - Claude Docs",
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/troubleshooting-tool-use",
)
HANDLE_TOOLS: Final = RuleSource(
    "Handle tool calls - Claude Docs",
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls",
)
CLAUDE_5989: Final = RuleSource(
    "anthropics/claude-code#5989", "https://github.com/anthropics/claude-code/issues/5989", "user"
)
AGENTS_1797: Final = RuleSource(
    "openai/openai-agents-python#1797",
    "https://github.com/openai/openai-agents-python/issues/1797",
    "user",
)
CHATS_132: Final = RuleSource("sdcb/chats#132", "https://github.com/sdcb/chats/pull/132", "user")
COPILOT_4572: Final = RuleSource(
    "github/copilot-cli#4572", "https://github.com/github/copilot-cli/issues/4572", "user"
)
CODEX2API_414: Final = RuleSource(
    "james-6-23/codex2api#414", "https://github.com/james-6-23/codex2api/issues/414", "user"
)
GEMINI_4217: Final = RuleSource(
    "google-gemini/gemini-cli#4217",
    "https://github.com/google-gemini/gemini-cli/issues/4217",
    "user",
)
GEMINI_11814: Final = RuleSource(
    "google-gemini/gemini-cli#11814",
    "https://github.com/google-gemini/gemini-cli/issues/11814",
    "user",
)
THOUGHT_SIGNATURES: Final = RuleSource(
    "Thought signatures - Gemini API", "https://ai.google.dev/gemini-api/docs/thought-signatures"
)
GEMINI_MULTIMODAL: Final = RuleSource(
    "Function calling: multimodal function responses - Gemini API",
    "https://ai.google.dev/gemini-api/docs/function-calling#multimodal",
)
MISTRAL_VALIDATOR: Final = RuleSource(
    "mistral-common: protocol/instruct/validator.py",
    "https://github.com/mistralai/mistral-common/blob/main/src/mistral_common/protocol/instruct/validator.py",
    "src",
)
ANTHROPIC_VISION: Final = RuleSource(
    "Images and vision - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/vision",
)
DEEPSEEK_VISION: Final = RuleSource(
    "Vision - DeepSeek API Docs", "https://api-docs.deepseek.com/guides/vision"
)
BEDROCK_RESTRICTIONS: Final = RuleSource(
    "API restrictions - Amazon Bedrock User Guide",
    "https://docs.aws.amazon.com/bedrock/latest/userguide/inference-api-restrictions.html",
)
BEDROCK_MODEL: Final = RuleSource(
    "botocore 1.44.8: data/bedrock-runtime/2023-09-30/service-2.json.gz (ToolUseId)",
    "https://github.com/boto/botocore/tree/develop/botocore/data/bedrock-runtime/2023-09-30",
    "src",
)
AGNO_6698: Final = RuleSource(
    "agno-agi/agno#6698", "https://github.com/agno-agi/agno/issues/6698", "user"
)
CURIE_16: Final = RuleSource(
    "Just-Curieous/Curie#16", "https://github.com/Just-Curieous/Curie/issues/16", "user"
)
NO_ERROR_KNOWN: Final = (
    "Ollama and hermes: no provider-side validation is documented (the model loses the call);"
    " a warning there."
)
