"""The rules each wire gets, derived from what it declares (issue 35), against the table as
it stood before the derivation: each of the seven wires keeps exactly its rules, and every
(rule, wire, profile, case) keeps its severity. The literals below were printed from the
table of ``main`` at 80b5140 (the rules' ``wires`` tuples and per-wire severity keys), then
read against it by hand; the cases are those its severity keys named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import toolresult_lab
from toolresult_lab.conversion.profiles import PROFILES
from toolresult_lab.requests.rules import RULES
from toolresult_lab.wires import WIRES, wire_module

RULES_BY_WIRE: dict[str, tuple[str, ...]] = {
    "openai": (
        "call-without-result",
        "result-without-call",
        "results-not-next",
        "duplicate-call-id",
        "duplicate-result",
        "missing-call-id",
        "call-id-format",
        "tool-result-content",
        "media-type",
        "bad-base64",
        "images-unsupported",
        "too-much-media",
        "image-too-large",
        "request-too-large",
        "text-too-long",
        "no-messages",
        "input-unsupported",
        "context-window",
        "tool-schema-root",
        "tool-name",
        "file-part-member",
        "shape",
        "model-unknown",
        "chat-tools-with-reasoning",
        "sampling-params-unsupported",
        "prefix-changed",
    ),
    "anthropic": (
        "call-without-result",
        "result-without-call",
        "results-not-next",
        "results-after-other-content",
        "duplicate-call-id",
        "duplicate-result",
        "missing-call-id",
        "call-id-format",
        "tool-result-content",
        "error-result-not-text",
        "empty-text",
        "empty-message",
        "final-assistant",
        "system-message-placement",
        "media-type",
        "bad-base64",
        "images-unsupported",
        "too-much-media",
        "image-too-large",
        "request-too-large",
        "too-many-cache-breakpoints",
        "max-tokens-required",
        "no-messages",
        "context-window",
        "content-after-tool-use",
        "toolset-result",
        "server-tool-without-result",
        "thinking-first",
        "thinking-budget",
        "thinking-forced-tool",
        "tool-schema-root",
        "tool-name",
        "shape",
        "model-unknown",
        "forced-tool-choice",
        "sampling-params-unsupported",
        "version-sampling",
        "version-assistant-document",
        "version-user-citations",
        "prefix-changed",
    ),
    "gemini": (
        "call-without-result",
        "result-without-call",
        "results-not-next",
        "split-function-responses",
        "duplicate-call-id",
        "duplicate-result",
        "empty-message",
        "media-type",
        "bad-base64",
        "missing-thought-signature",
        "images-unsupported",
        "request-too-large",
        "no-messages",
        "input-unsupported",
        "context-window",
        "tool-schema-root",
        "tool-name",
        "part-media-resolution",
        "double-base64",
        "shape",
        "model-unknown",
        "sampling-params-unsupported",
        "final-model-turn",
        "prefix-changed",
    ),
    "ollama": (
        "call-without-result",
        "result-without-call",
        "duplicate-call-id",
        "duplicate-result",
        "bad-base64",
        "images-unsupported",
        "tool-schema-root",
        "no-user-query",
        "shape",
        "prefix-changed",
    ),
    "responses": (
        "call-without-result",
        "result-without-call",
        "duplicate-call-id",
        "duplicate-result",
        "missing-call-id",
        "call-id-format",
        "item-id-prefix",
        "tool-result-content",
        "media-type",
        "bad-base64",
        "images-unsupported",
        "request-too-large",
        "text-too-long",
        "files-too-large",
        "input-unsupported",
        "context-window",
        "tool-schema-root",
        "tool-name",
        "input-file-type",
        "reasoning-without-item",
        "shape",
        "model-unknown",
        "sampling-params-unsupported",
        "prefix-changed",
    ),
    "hermes": (
        "call-without-result",
        "result-without-call",
        "images-unsupported",
        "shape",
        "prefix-changed",
    ),
    "bedrock": (
        "call-without-result",
        "result-without-call",
        "results-not-next",
        "results-after-other-content",
        "duplicate-call-id",
        "duplicate-result",
        "missing-call-id",
        "call-id-format",
        "tool-result-content",
        "empty-text",
        "empty-message",
        "media-type",
        "bad-base64",
        "images-unsupported",
        "roles-not-alternating",
        "request-too-large",
        "too-many-documents",
        "duplicate-document-name",
        "document-name",
        "document-needs-text",
        "tool-config-required",
        "prefill-with-tools",
        "s3-source-unsupported",
        "input-unsupported",
        "context-window",
        "tool-schema-root",
        "tool-name",
        "shape",
        "model-unknown",
        "forced-tool-choice",
        "sampling-params-unsupported",
        "prefix-changed",
    ),
}
PROFILE_ONLY: dict[str, tuple[str, ...]] = {
    "mistral": ("user-after-tool",),
    "anthropic-bedrock": ("base64-sources-only",),
    "anthropic-google-cloud": ("base64-sources-only",),
    "gemini-2.5": ("function-response-parts",),
}
LEVELS: dict[tuple[str, str], dict[str, str | None]] = {
    ("call-without-result", "openai"): {"": "error"},
    ("result-without-call", "openai"): {"": "error"},
    ("results-not-next", "openai"): {"": "error"},
    ("duplicate-call-id", "openai"): {"": "warning", "same-message": "warning"},
    ("duplicate-result", "openai"): {"": "warning"},
    ("missing-call-id", "openai"): {"": "error"},
    ("call-id-format", "openai"): {"": "error", "over-40": "warning"},
    ("tool-result-content", "openai"): {"": "error", "never-image": "error"},
    ("media-type", "openai"): {"": "error", "format": "error", "not-an-image": "warning"},
    ("bad-base64", "openai"): {"": "error"},
    ("images-unsupported", "openai"): {"": "warning"},
    ("too-much-media", "openai"): {"": "warning", "over-600": "error"},
    ("image-too-large", "openai"): {"": "error", "over-5mb": "error"},
    ("request-too-large", "openai"): {"": "error", "some-models": "warning"},
    ("text-too-long", "openai"): {"": "error"},
    ("no-messages", "openai"): {"": "warning"},
    ("input-unsupported", "openai"): {"": "error"},
    ("context-window", "openai"): {"": "error", "near": "warning"},
    ("tool-schema-root", "openai"): {"": "error", "untyped": None},
    ("tool-name", "openai"): {"": "error"},
    ("file-part-member", "openai"): {"": "error"},
    ("shape", "openai"): {"": "error", "string-arguments": "error", "unknown-part": "warning"},
    ("model-unknown", "openai"): {"": "info"},
    ("chat-tools-with-reasoning", "openai"): {"": "error", "reported": "warning"},
    ("sampling-params-unsupported", "openai"): {
        "": "error",
        "ignored": "warning",
        "reported": "warning",
    },
    ("prefix-changed", "openai"): {"": "warning", "bound": "warning"},
    ("call-without-result", "anthropic"): {"": "error"},
    ("result-without-call", "anthropic"): {"": "error"},
    ("results-not-next", "anthropic"): {"": "error"},
    ("results-after-other-content", "anthropic"): {"": "error"},
    ("duplicate-call-id", "anthropic"): {"": "warning", "same-message": "error"},
    ("duplicate-result", "anthropic"): {"": "error"},
    ("missing-call-id", "anthropic"): {"": "error"},
    ("call-id-format", "anthropic"): {"": "error", "over-40": "error"},
    ("tool-result-content", "anthropic"): {"": "error", "never-image": "error"},
    ("error-result-not-text", "anthropic"): {"": "error"},
    ("empty-text", "anthropic"): {"": "error", "beside": "warning"},
    ("empty-message", "anthropic"): {"": "error"},
    ("final-assistant", "anthropic"): {
        "": "warning",
        "rejects-prefill": "error",
        "whitespace": "error",
    },
    ("system-message-placement", "anthropic"): {"": "error"},
    ("media-type", "anthropic"): {"": "error", "format": "error", "not-an-image": "error"},
    ("bad-base64", "anthropic"): {"": "error"},
    ("images-unsupported", "anthropic"): {"": "warning"},
    ("too-much-media", "anthropic"): {"": "warning", "over-600": "error"},
    ("image-too-large", "anthropic"): {"": "error", "over-5mb": "warning"},
    ("request-too-large", "anthropic"): {"": "error", "some-models": "warning"},
    ("too-many-cache-breakpoints", "anthropic"): {"": "error"},
    ("max-tokens-required", "anthropic"): {"": "error"},
    ("no-messages", "anthropic"): {"": "warning"},
    ("context-window", "anthropic"): {"": "error", "near": "warning"},
    ("content-after-tool-use", "anthropic"): {"": "error"},
    ("toolset-result", "anthropic"): {"": "error"},
    ("server-tool-without-result", "anthropic"): {"": "error"},
    ("thinking-first", "anthropic"): {"": "error"},
    ("thinking-budget", "anthropic"): {"": "error"},
    ("thinking-forced-tool", "anthropic"): {"": "error"},
    ("tool-schema-root", "anthropic"): {"": "error", "untyped": None},
    ("tool-name", "anthropic"): {"": "error"},
    ("shape", "anthropic"): {"": "error", "string-arguments": "error", "unknown-part": "error"},
    ("model-unknown", "anthropic"): {"": "info"},
    ("forced-tool-choice", "anthropic"): {"": "error", "reported": "warning"},
    ("sampling-params-unsupported", "anthropic"): {
        "": "error",
        "ignored": "warning",
        "reported": "warning",
    },
    ("version-sampling", "anthropic"): {"": "error"},
    ("version-assistant-document", "anthropic"): {"": "error"},
    ("version-user-citations", "anthropic"): {"": "error"},
    ("prefix-changed", "anthropic"): {"": "warning", "bound": "error"},
    ("call-without-result", "gemini"): {"": "error"},
    ("result-without-call", "gemini"): {"": "error"},
    ("results-not-next", "gemini"): {"": "error"},
    ("split-function-responses", "gemini"): {"": "warning"},
    ("duplicate-call-id", "gemini"): {"": "warning", "same-message": "warning"},
    ("duplicate-result", "gemini"): {"": "warning"},
    ("empty-message", "gemini"): {"": "error"},
    ("media-type", "gemini"): {"": "warning", "format": "warning", "not-an-image": "warning"},
    ("bad-base64", "gemini"): {"": "error"},
    ("missing-thought-signature", "gemini"): {"": "warning"},
    ("images-unsupported", "gemini"): {"": "warning"},
    ("request-too-large", "gemini"): {"": "error", "some-models": "warning"},
    ("no-messages", "gemini"): {"": "warning"},
    ("input-unsupported", "gemini"): {"": "error"},
    ("context-window", "gemini"): {"": "error", "near": "warning"},
    ("tool-schema-root", "gemini"): {"": "error", "untyped": "warning"},
    ("tool-name", "gemini"): {"": "error"},
    ("part-media-resolution", "gemini"): {"": "error"},
    ("double-base64", "gemini"): {"": "error"},
    ("shape", "gemini"): {"": "error", "string-arguments": "error", "unknown-part": "error"},
    ("model-unknown", "gemini"): {"": "info"},
    ("sampling-params-unsupported", "gemini"): {
        "": "error",
        "ignored": "warning",
        "reported": "warning",
    },
    ("final-model-turn", "gemini"): {"": "error", "reported": "warning"},
    ("prefix-changed", "gemini"): {"": "warning", "bound": "warning"},
    ("call-without-result", "ollama"): {"": "warning"},
    ("result-without-call", "ollama"): {"": "warning"},
    ("duplicate-call-id", "ollama"): {"": "warning", "same-message": "warning"},
    ("duplicate-result", "ollama"): {"": "warning"},
    ("bad-base64", "ollama"): {"": "error"},
    ("images-unsupported", "ollama"): {"": "warning"},
    ("tool-schema-root", "ollama"): {"": "warning", "untyped": None},
    ("no-user-query", "ollama"): {"": "warning"},
    ("shape", "ollama"): {"": "error", "string-arguments": "warning", "unknown-part": "error"},
    ("prefix-changed", "ollama"): {"": "warning", "bound": "warning"},
    ("call-without-result", "responses"): {"": "error"},
    ("result-without-call", "responses"): {"": "error"},
    ("duplicate-call-id", "responses"): {"": "warning", "same-message": "warning"},
    ("duplicate-result", "responses"): {"": "warning"},
    ("missing-call-id", "responses"): {"": "error"},
    ("call-id-format", "responses"): {"": "error", "over-40": "error"},
    ("item-id-prefix", "responses"): {"": "error"},
    ("tool-result-content", "responses"): {"": "error", "never-image": "error"},
    ("media-type", "responses"): {"": "error", "format": "error", "not-an-image": "error"},
    ("bad-base64", "responses"): {"": "error"},
    ("images-unsupported", "responses"): {"": "warning"},
    ("request-too-large", "responses"): {"": "error", "some-models": "warning"},
    ("text-too-long", "responses"): {"": "error"},
    ("files-too-large", "responses"): {"": "error"},
    ("input-unsupported", "responses"): {"": "error"},
    ("context-window", "responses"): {"": "error", "near": "warning"},
    ("tool-schema-root", "responses"): {"": "error", "untyped": None},
    ("tool-name", "responses"): {"": "error"},
    ("input-file-type", "responses"): {"": "error"},
    ("reasoning-without-item", "responses"): {"": "error"},
    ("shape", "responses"): {"": "error", "string-arguments": "error", "unknown-part": "error"},
    ("model-unknown", "responses"): {"": "info"},
    ("sampling-params-unsupported", "responses"): {
        "": "error",
        "ignored": "warning",
        "reported": "warning",
    },
    ("prefix-changed", "responses"): {"": "warning", "bound": "warning"},
    ("call-without-result", "hermes"): {"": "warning"},
    ("result-without-call", "hermes"): {"": "warning"},
    ("images-unsupported", "hermes"): {"": "warning"},
    ("shape", "hermes"): {"": "error", "string-arguments": "error", "unknown-part": "error"},
    ("prefix-changed", "hermes"): {"": "warning", "bound": "warning"},
    ("call-without-result", "bedrock"): {"": "error"},
    ("result-without-call", "bedrock"): {"": "error"},
    ("results-not-next", "bedrock"): {"": "error"},
    ("results-after-other-content", "bedrock"): {"": "warning"},
    ("duplicate-call-id", "bedrock"): {"": "warning", "same-message": "error"},
    ("duplicate-result", "bedrock"): {"": "error"},
    ("missing-call-id", "bedrock"): {"": "error"},
    ("call-id-format", "bedrock"): {"": "error", "over-40": "error"},
    ("tool-result-content", "bedrock"): {"": "error", "never-image": "error"},
    ("empty-text", "bedrock"): {"": "error", "beside": "warning"},
    ("empty-message", "bedrock"): {"": "error"},
    ("media-type", "bedrock"): {"": "warning", "format": "error", "not-an-image": "warning"},
    ("bad-base64", "bedrock"): {"": "error"},
    ("images-unsupported", "bedrock"): {"": "warning"},
    ("roles-not-alternating", "bedrock"): {"": "error"},
    ("request-too-large", "bedrock"): {"": "error", "some-models": "warning"},
    ("too-many-documents", "bedrock"): {"": "error"},
    ("duplicate-document-name", "bedrock"): {"": "error"},
    ("document-name", "bedrock"): {"": "error", "underscore": "warning"},
    ("document-needs-text", "bedrock"): {"": "error"},
    ("tool-config-required", "bedrock"): {"": "error"},
    ("prefill-with-tools", "bedrock"): {"": "warning"},
    ("s3-source-unsupported", "bedrock"): {"": "error"},
    ("input-unsupported", "bedrock"): {"": "error"},
    ("context-window", "bedrock"): {"": "error", "near": "warning"},
    ("tool-schema-root", "bedrock"): {"": "error", "untyped": "warning"},
    ("tool-name", "bedrock"): {"": "error"},
    ("shape", "bedrock"): {"": "error", "string-arguments": "error", "unknown-part": "error"},
    ("model-unknown", "bedrock"): {"": "info"},
    ("forced-tool-choice", "bedrock"): {"": "error", "reported": "warning"},
    ("sampling-params-unsupported", "bedrock"): {
        "": "error",
        "ignored": "warning",
        "reported": "warning",
    },
    ("prefix-changed", "bedrock"): {"": "warning", "bound": "error"},
}
PROFILE_LEVELS: dict[tuple[str, str, str], dict[str, str | None]] = {
    ("tool-result-content", "openai", "mistral"): {"": "warning", "never-image": "warning"},
    ("images-unsupported", "openai", "deepseek"): {"": "error"},
    ("user-after-tool", "openai", "mistral"): {"": "error"},
    ("system-message-placement", "anthropic", "minimax"): {"": "warning"},
    ("system-message-placement", "anthropic", "moonshot"): {"": "warning"},
    ("system-message-placement", "anthropic", "lmstudio"): {"": "warning"},
    ("system-message-placement", "anthropic", "akiio"): {"": "warning"},
    ("base64-sources-only", "anthropic", "anthropic-bedrock"): {"": "error"},
    ("base64-sources-only", "anthropic", "anthropic-google-cloud"): {"": "error"},
    ("missing-thought-signature", "gemini", "gemini-3"): {"": "error"},
    ("missing-thought-signature", "gemini", "gemini-2.5"): {"": None},
    ("function-response-parts", "gemini", "gemini-2.5"): {"": "error"},
    ("item-id-prefix", "responses", "perplexity"): {"": "warning"},
    ("results-after-other-content", "bedrock", "bedrock-claude"): {"": "error"},
    ("media-type", "bedrock", "bedrock-claude"): {"": "error", "not-an-image": "error"},
}


@pytest.mark.parametrize("wire", WIRES)
def test_each_wire_gets_the_rules_it_had(wire: str) -> None:
    got = tuple(rule.id for rule in RULES.values() if rule.applies(wire, None))
    assert got == RULES_BY_WIRE[wire]


def test_the_seven_wires_together_get_161_of_65_rules() -> None:
    assert sum(len(found) for found in RULES_BY_WIRE.values()) == 161
    assert len(RULES) == 65


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_profile_adds_exactly_its_own_rules(profile: str) -> None:
    wire = PROFILES[profile].wire
    got = tuple(
        rule.id
        for rule in RULES.values()
        if rule.applies(wire, profile) and not rule.applies(wire, None)
    )
    assert got == PROFILE_ONLY.get(profile, ())
    # a profile takes none of its wire's rules away
    assert all(
        RULES[rule].applies(wire, profile)
        for rule in RULES_BY_WIRE[wire]
        if not RULES[rule].profiles
    )


@pytest.mark.parametrize("wire", WIRES)
def test_every_severity_is_the_one_it_was(wire: str) -> None:
    profiles = [None, *(p.id for p in PROFILES.values() if p.wire == wire)]
    checked = 0
    for rule in RULES.values():
        for profile in profiles:
            if not rule.applies(wire, profile):
                continue
            expected = dict(LEVELS.get((rule.id, wire), {}))
            expected.update(PROFILE_LEVELS.get((rule.id, wire, profile or ""), {}))
            assert expected, (rule.id, wire, profile)
            for case, severity in expected.items():
                assert rule.level(wire, profile, case) == severity, (rule.id, wire, profile, case)
                # lint reads the same through the wire's own severities
                own = wire_module(wire).checks.severities
                assert rule.level_with(own, profile, case) == severity
                checked += 1
    assert checked == _CHECKED[wire]


#: How many (rule, profile, case) severities each wire's test reads.
_CHECKED: dict[str, int] = {
    "openai": 169,
    "anthropic": 474,
    "gemini": 109,
    "ollama": 30,
    "responses": 111,
    "hermes": 16,
    "bedrock": 240,
}


#: ``add("<rule>", ...)`` in a wire's own checks (the rule id as a literal).
_REPORTED = re.compile(r'(?<![.\w])add\(\s*"([a-z][a-z0-9-]*)"')


@pytest.mark.parametrize("wire", WIRES)
def test_a_rule_a_wire_reports_applies_there_and_its_reports_are_reported(wire: str) -> None:
    """A rule a wire's own checks report is one that applies on the wire (else its findings
    would be dropped without a word), and each rule its ``reports`` declare is one its
    package reports (no stale declaration)."""
    package = Path(toolresult_lab.__file__).parent / "wires" / wire
    reported = {
        found
        for path in sorted(package.glob("*.py"))
        for found in _REPORTED.findall(path.read_text(encoding="utf-8"))
    }
    for rule_id in reported:
        rule = RULES[rule_id]
        assert any(rule.applies(wire, p) for p in (None, *rule.profiles)), rule_id
    assert wire_module(wire).checks.reports <= reported
    assert len(reported) == _REPORTED_COUNT[wire]


#: How many rules each wire's package reports itself.
_REPORTED_COUNT: dict[str, int] = {
    "openai": 4,
    "anthropic": 18,
    "gemini": 8,
    "ollama": 2,
    "responses": 5,
    "hermes": 0,
    "bedrock": 12,
}


def test_each_derivation_names_a_rule_and_every_other_rule_is_a_wires_own() -> None:
    """``where.WHERE`` holds the generic checks' rules; each other rule (not a profile's)
    applies only where a wire's own checks declare they report it."""
    from toolresult_lab.requests.rules.where import WHERE

    assert set(WHERE) <= set(RULES)
    assert len(WHERE) == 27
    own = {rule.id for rule in RULES.values() if rule.id not in WHERE and not rule.profiles}
    declared = set().union(*(wire_module(wire).checks.reports for wire in WIRES))
    assert own <= declared
    assert len(own) == 35
