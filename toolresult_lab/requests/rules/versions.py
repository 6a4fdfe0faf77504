"""Rules that hold on one platform or from one API version on, which a body alone does
not say: ``base64-sources-only`` with a profile of a platform that takes only inline media
(``profile=``); the ``version-*`` rules with the API version, which travels as a header
(``headers=`` of ``lint``, ``repair`` and ``translate``; the CLI's ``--header``). Without
them, no finding. The checks live with their wire (``wires/anthropic/versions.py``,
``wires/anthropic/sources.py``)."""

from __future__ import annotations

from typing import Final

from .model import ERROR, Rule, RuleSource

__all__ = ["MIGRATION_2026_10_21", "ROWS"]

_VISION: Final = RuleSource(
    "Images and vision - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/vision",
)
_BEDROCK_MESSAGES: Final = RuleSource(
    "Claude in Amazon Bedrock - Claude Docs",
    "https://platform.claude.com/docs/en/build-with-claude/claude-in-amazon-bedrock",
)

#: Read 2026-12-07 (the English page's title and steps; its breaking changes in the zh-CN
#: copy, which the English index lists as the same page).
MIGRATION_2026_10_21: Final = RuleSource(
    "Migrating to API version 2026-10-21 - Claude Docs",
    "https://platform.claude.com/docs/en/api/migration-2026-10-21",
)
_SYNTHORAI: Final = RuleSource(
    "Synthorai: Anthropic API 2026-10-21, temperature 1.0 also gets a 400 (Qiita)",
    "https://qiita.com/Synthorai/items/01a0067e88747257a4e6",
    "user",
)
_CHECKED: Final = "2026-12-07"
_ONLY_WITH_HEADER: Final = (
    "Checked only with the header anthropic-version: 2026-10-21 given (headers= or"
    " --header); 2023-06-01, the version of every recorded request of the real-requests"
    " corpus, takes it."
)

ROWS: Final[tuple[Rule, ...]] = (
    Rule(
        "base64-sources-only",
        "A URL or Files API image or document source on a platform that takes only base64",
        ERROR,
        "400 invalid_request_error (no message text found)",
        (_VISION, _BEDROCK_MESSAGES),
        profiles=("anthropic-bedrock", "anthropic-google-cloud"),
        notes='The vision page: "On Amazon Bedrock and Google Cloud, only base64-encoded'
        ' sources are currently available" (quoted in provider-changes-2026-12.md section'
        " 1.1, read 2026-12-04; the stored copies searched on 2026-12-07 did not show the"
        " line again). Checked with the anthropic-bedrock and anthropic-google-cloud"
        " profiles (the Messages API on those platforms); in a tool_result's content too.",
        checked=_CHECKED,
    ),
    Rule(
        "version-sampling",
        "temperature, top_p or top_k with anthropic-version 2026-10-21",
        ERROR,
        "temperature: Extra inputs are not permitted",
        (MIGRATION_2026_10_21, _SYNTHORAI),
        repair="none (the value is the caller's choice); translate with the header does not"
        " write them (a loss each)",
        notes="The migration page: a request that sends temperature, top_p or top_k returns a"
        " 400 even at their default values. The answer's text is from write-ups that sent"
        " such requests (Synthorai on Qiita, Sonnet 4.6 and Sonnet 5.5; MinusPod v2.101.10,"
        " 2026-10-31). " + _ONLY_WITH_HEADER,
        checked=_CHECKED,
    ),
    Rule(
        "version-assistant-document",
        "A document block directly in an assistant message with anthropic-version 2026-10-21",
        ERROR,
        "400 invalid_request_error (the migration page gives no message text)",
        (MIGRATION_2026_10_21,),
        notes="The migration page: a request that places a document block directly in an"
        " assistant message returns a 400; send the document in a user message. A document"
        " nested in another block (a web fetch tool result Claude returned) is still taken"
        " and is not reported. " + _ONLY_WITH_HEADER,
        checked=_CHECKED,
    ),
    Rule(
        "version-user-citations",
        "A user text block with non-empty citations with anthropic-version 2026-10-21",
        ERROR,
        "400 invalid_request_error (the migration page gives no message text)",
        (MIGRATION_2026_10_21,),
        notes="The migration page: a text block with a non-empty citations array in a user"
        " message (also inside a search_result block) returns a 400. Citations on assistant"
        " text (Claude's earlier answer sent back) and citations: {enabled: true} on"
        " documents and search results are still taken. Text blocks inside a tool_result of"
        " the user message are checked too. " + _ONLY_WITH_HEADER,
        checked=_CHECKED,
    ),
)
