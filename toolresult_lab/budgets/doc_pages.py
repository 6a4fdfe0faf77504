"""The provider documentation pages that every token rule and limit is taken from.

One constant per page, so a figure or a warning can name where its numbers come from, and
``docs/costs-and-limits.md`` can list the same pages. ``read_via`` records the stored copy
the numbers were read from when it was not the provider's own page.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ANTHROPIC_API_OVERVIEW",
    "ANTHROPIC_PDF",
    "ANTHROPIC_VISION",
    "ANTHROPIC_VISION_2025",
    "ANTHROPIC_VISION_COORDINATES",
    "BEDROCK_API_RESTRICTIONS",
    "BEDROCK_CONVERSE_MODELS",
    "BEDROCK_TOOL_RESULT",
    "DEEPSEEK_VISION",
    "GEMINI_DOCUMENTS",
    "GEMINI_FILE_LIMITS",
    "GEMINI_IMAGES",
    "GEMINI_MEDIA_RESOLUTION",
    "GEMINI_TOKENS",
    "NOVA_IMAGES",
    "OPENAI_FILE_INPUTS",
    "OPENAI_STRING_LENGTH",
    "OPENAI_TOKENS_HELP",
    "OPENAI_VISION",
    "PNG_SPEC",
    "WEBP_SPEC",
    "ZLIB_TECH",
    "DocPage",
]


@dataclass(frozen=True)
class DocPage:
    """A documentation page: its title, its address and, when not the page itself, the
    stored copy its numbers were read from."""

    title: str
    url: str
    read_via: str = ""

    def cite(self) -> str:
        """``Title <url>``, the form a figure or a warning names its source in."""
        return f"{self.title} <{self.url}>"


ANTHROPIC_VISION = DocPage(
    "Images and vision - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/vision",
)
ANTHROPIC_VISION_COORDINATES = DocPage(
    "Coordinates and bounding boxes - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/vision-coordinates",
    read_via="the zh-CN and zh-TW translations of the same page",
)
ANTHROPIC_VISION_2025 = DocPage(
    "Vision - Claude Docs (2025 edition, w*h/750 rule)",
    "https://docs.anthropic.com/en/docs/build-with-claude/vision",
    read_via="https://anthropic.mintlify.app/en/docs/build-with-claude/vision",
)
ANTHROPIC_PDF = DocPage(
    "PDF support - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/pdf-support",
)
ANTHROPIC_API_OVERVIEW = DocPage(
    "API overview: request size limits - Claude Docs",
    "https://platform.claude.com/docs/en/api/overview#request-size-limits",
    read_via="the page's callout on partner platforms (added 2026-03-14, still there in the"
    " copy of 2026-08-12), re-checked 2026-12-02 in rule-recheck.md",
)
OPENAI_VISION = DocPage(
    "Images and vision - OpenAI API",
    "https://developers.openai.com/api/docs/guides/images-vision",
    read_via='the guide\'s "Image input requirements" table (copies of 2026, one "asOf'
    ' 2026-08"), re-checked 2026-12-02 in rule-recheck.md',
)
OPENAI_FILE_INPUTS = DocPage(
    "File inputs - OpenAI API",
    "https://developers.openai.com/api/docs/guides/file-inputs",
)
#: No OpenAI page states the per-string limit: the API states it in its answer to a string
#: past it (``string_above_max_length``), quoted in an issue thread (checked 2026-12-01).
OPENAI_STRING_LENGTH = DocPage(
    "string_above_max_length - OpenAI API error answer (Responses input, 2025-11-05)",
    "https://github.com/VectorlyApp/bluebox/issues/31",
    read_via="the API's 400 answer quoted there: \"Expected a string with maximum length"
    ' 10485760"; no documentation page gives the figure',
)
OPENAI_TOKENS_HELP = DocPage(
    "What are tokens and how to count them? - OpenAI Help Center",
    "https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them",
)
GEMINI_TOKENS = DocPage(
    "Understand and count tokens - Gemini API",
    "https://ai.google.dev/gemini-api/docs/tokens",
    read_via="https://geminibyexample.com/027-calculate-input-tokens/ for the image rule",
)
GEMINI_MEDIA_RESOLUTION = DocPage(
    "Media resolution - Gemini API",
    "https://ai.google.dev/gemini-api/docs/media-resolution",
    read_via="https://fastgptplus.com/en/posts/gemini-3-pro-media-resolution-parameter",
)
GEMINI_DOCUMENTS = DocPage(
    "Document understanding - Gemini API",
    "https://ai.google.dev/gemini-api/docs/document-processing",
)
GEMINI_FILE_LIMITS = DocPage(
    "Gemini API: new file limits (inline data from 20 MB to 100 MB), 2026-01-12",
    "https://blog.google/innovation-and-ai/technology/developers-tools/gemini-api-new-file-limits",
)
GEMINI_IMAGES = DocPage(
    "Image understanding - Gemini API",
    "https://ai.google.dev/gemini-api/docs/image-understanding",
)
ZLIB_TECH = DocPage(
    "zlib Technical Details (Maximum Compression Factor)",
    "https://zlib.net/zlib_tech.html",
    read_via="http://zlib.org/zlib_tech.html",
)
WEBP_SPEC = DocPage(
    "RFC 9649: WebP Image Format, 2.7 Extended File Format (checked 2026-12-02)",
    "https://www.rfc-editor.org/rfc/rfc9649.html#section-2.7",
)
PNG_SPEC = DocPage(
    "Portable Network Graphics (PNG) Specification, IHDR",
    "https://www.w3.org/TR/png-3/#11IHDR",
)
DEEPSEEK_VISION = DocPage(
    "Vision - DeepSeek API Docs", "https://api-docs.deepseek.com/guides/vision"
)
BEDROCK_API_RESTRICTIONS = DocPage(
    "API restrictions - Amazon Bedrock User Guide",
    "https://docs.aws.amazon.com/bedrock/latest/userguide/inference-api-restrictions.html",
)
BEDROCK_CONVERSE_MODELS = DocPage(
    "Supported models and model features - Amazon Bedrock User Guide",
    "https://docs.aws.amazon.com/bedrock/latest/userguide/"
    "conversation-inference-supported-models-features.html",
)
BEDROCK_TOOL_RESULT = DocPage(
    "ToolResultBlock - Amazon Bedrock API Reference",
    "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultBlock.html",
    read_via="botocore 1.44.8's service model (bedrock-runtime 2023-09-30) for the current shapes",
)
NOVA_IMAGES = DocPage(
    "Image understanding - Amazon Nova User Guide",
    "https://docs.aws.amazon.com/nova/latest/userguide/modalities-image.html",
)
