"""SPEC 8 ``repair``: what it fixes, what it only reports, and its guarantees (never mutates,
idempotent, no repairable error left, a clean request unchanged, the same form as given);
the toolkit's own turns lint clean; repaired requests validate against the SDK types and go
through the official clients to the loopback recorder."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lint_fixtures import PNG, WIRES, answer, ask, request, turn, user
from test_lint import CASES
from test_turn_clients import turns, validate_message

from toolresult_lab import Change, Repaired, ToolCall, ToolResult, lint, repair, tool_turn
from toolresult_lab.requests.repairing import MISSING_RESULT, SKIP_SIGNATURE
from toolresult_lab.views.roundtrip import (
    ALTERATIONS,
    RecordingServer,
    applied_alterations,
    expected_sent,
    send,
    sent_messages,
    user_message,
)

#: The rules ``repair`` fixes (SPEC 8 "Repair"); the others are reported only.
REPAIRED = frozenset(
    {
        "call-without-result",
        "results-not-next",
        "results-after-other-content",
        "result-without-call",
        "duplicate-result",
        "duplicate-call-id",
        "call-id-format",
        "missing-call-id",
        "tool-result-content",
        "error-result-not-text",
        "images-unsupported",
        "empty-text",
        "empty-message",
        "media-type",
        "missing-thought-signature",
        "function-response-parts",
        "final-assistant",
        "duplicate-document-name",
        "document-name",
    }
)


def _prefill_refused(finding: Any) -> bool:
    """A prefill the model rejects (issue 37): repair reports it, it writes no answer."""
    return finding.rule == "final-assistant" and "rejects" in finding.message


def _repairable_errors(
    wire: str, req: Any, unfixed: tuple[Change, ...] = (), **kwargs: Any
) -> list[str]:
    """The errors repair fixes that ``req`` holds, but those it reported unfixed (a fix
    that would lose a tool output)."""
    refused = {(c.rule, c.path) for c in unfixed}
    return [
        str(f)
        for f in lint(wire, req, **kwargs).errors
        if f.rule in REPAIRED
        and not (f.rule == "final-assistant" and f.severity == "warning")
        and not _prefill_refused(f)
        and (f.rule, f.path) not in refused
    ]


def _guarantees(wire: str, req: Any, **kwargs: Any) -> Repaired:
    """Check SPEC 8's guarantees on ``req``; the repair."""
    before = copy.deepcopy(req)
    fixed = repair(wire, req, **kwargs)
    assert req == before  # never mutates its input
    assert type(fixed.request) is type(req)  # same form as given
    assert _repairable_errors(wire, fixed.request, fixed.unfixed, **kwargs) == []
    again = repair(wire, fixed.request, **kwargs)
    assert again.changes == ()
    assert again.request == fixed.request
    if not lint(wire, req, **kwargs):
        assert fixed.changes == ()
        assert fixed.request == req
    json.dumps(fixed.request)  # JSON values
    return fixed


@pytest.mark.parametrize(
    ("rule", "wire", "kwargs", "good", "bad", "expected"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{n}" for n, c in enumerate(CASES)],
)
def test_every_lint_case_repairs(
    rule: str, wire: str, kwargs: dict[str, Any], good: Any, bad: Any, expected: list[Any]
) -> None:
    clean = _guarantees(wire, good, **kwargs)
    assert clean.changes == ()
    fixed = _guarantees(wire, bad, **kwargs)
    prefills = {f.path for f in lint(wire, bad, **kwargs) if _prefill_refused(f)}
    fixable = [
        e
        for e in expected
        if e[0] in REPAIRED
        and not (e[0] == "final-assistant" and e[2] in prefills)
        and not (e[0] == "call-id-format" and e[1] == "warning")
        and not (e[0] == "final-assistant" and e[1] == "warning")
        and not (e[0] == "document-name" and e[1] == "warning")  # accepted: left as written
        # accepted as they are (issue 25: repair changes no accepted request)
        and not (e[0] == "duplicate-call-id" and e[1] == "warning" and len(expected) == 1)
        and not (e[0] == "missing-thought-signature" and e[1] == "warning")
        and not (e[0] == "empty-text" and e[1] == "warning")
        and not (e[0] == "media-type" and e[1] == "warning")  # accepted: left as it is
        # refused: the fix would lose a tool output's payload (issue 36), reported unfixed
        and e[2] not in {u.path for u in fixed.unfixed}
    ]
    assert bool(fixed.changes) == bool(fixable)
    made = {c.rule for c in fixed.changes}
    # renaming a reused id gives each call its own answer: what the pairing found is fixed
    consequences = (
        {"call-without-result", "duplicate-result"} if "duplicate-call-id" in made else set()
    )
    assert made >= {e[0] for e in fixable} - consequences
    assert all(isinstance(c, Change) for c in fixed.changes)


def test_missing_result_is_added_where_each_wire_needs_it() -> None:
    expected_added = {
        "openai": {"role": "tool", "content": MISSING_RESULT, "tool_call_id": "c2"},
        "ollama": {
            "role": "tool",
            "content": MISSING_RESULT,
            "tool_call_id": "c2",
            "tool_name": "f",
        },
        "responses": {"type": "function_call_output", "call_id": "c2", "output": MISSING_RESULT},
    }
    for wire, added in expected_added.items():
        bad = request(user(wire), ask(wire, "c1", "c2"), answer(wire, "c1"))
        fixed = repair(wire, bad)
        assert fixed.request == [*bad, added]
        assert [(c.rule, c.path) for c in fixed.changes] == [
            ("call-without-result", bad_path(wire))
        ]
    bad = request(user("anthropic"), ask("anthropic", "c1", "c2"), answer("anthropic", "c1"))
    fixed = repair("anthropic", {"model": "claude", "messages": bad}).request
    assert fixed["model"] == "claude"
    assert fixed["messages"][2]["content"] == [
        {"type": "tool_result", "tool_use_id": "c1", "content": "ok"},
        {"type": "tool_result", "tool_use_id": "c2", "content": MISSING_RESULT, "is_error": True},
    ]
    # no user message after the call: one is created
    fixed = repair("anthropic", request(user("anthropic"), ask("anthropic", "c1"))).request
    assert fixed[2] == {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "c1",
                "content": MISSING_RESULT,
                "is_error": True,
            }
        ],
    }
    gem = repair("gemini", request(user("gemini"), ask("gemini", "c1"))).request
    assert gem[2] == {
        "role": "user",
        "parts": [
            {"functionResponse": {"name": "f", "response": {"error": MISSING_RESULT}, "id": "c1"}}
        ],
    }


def bad_path(wire: str) -> str:
    return {"openai": "messages[1].tool_calls[1]", "ollama": "messages[1].tool_calls[1]"}.get(
        wire, "input[2]"
    )


def test_results_move_next_to_their_calls_in_call_order() -> None:
    bad = request(
        user("anthropic"),
        ask("anthropic", "c1", "c2"),
        answer("anthropic", "c1"),
        user("anthropic", "x"),
        answer("anthropic", "c2"),
    )
    fixed = repair("anthropic", bad)
    assert fixed.request == request(
        user("anthropic"),
        ask("anthropic", "c1", "c2"),
        answer("anthropic", "c1", "c2"),
        user("anthropic", "x"),
    )
    # the API combines the three user messages into one turn, whose text comes before the
    # second result: the results move first, into the run's first message
    assert [(c.rule, c.path) for c in fixed.changes] == [
        ("results-after-other-content", "messages[4].content[0]")
    ]
    # gemini: responses split one per content of only responses pair as one content
    # (split-function-responses is a warning, reported only): repair leaves them
    split = request(
        user("gemini"), ask("gemini", "c1", "c2"), answer("gemini", "c1"), answer("gemini", "c2")
    )
    assert repair("gemini", split).changes == ()
    # a text between them: the second response is not next, and moves
    apart = request(
        user("gemini"),
        ask("gemini", "c1", "c2"),
        answer("gemini", "c1"),
        user("gemini", "x"),
        answer("gemini", "c2"),
    )
    assert repair("gemini", apart).request == request(
        user("gemini"), ask("gemini", "c1", "c2"), answer("gemini", "c1", "c2"), user("gemini", "x")
    )


def test_ids_are_mapped_deterministically_for_call_and_result() -> None:
    bad = turn("openai", "call_1234", "call_5678")
    one = repair("openai", bad, profile="mistral")
    two = repair("openai", copy.deepcopy(bad), profile="mistral")
    assert one.request == two.request
    calls = one.request[1]["tool_calls"]
    new = [c["id"] for c in calls]
    assert all(len(i) == 9 and i.isalnum() for i in new)
    assert len(set(new)) == 2
    assert [m["tool_call_id"] for m in one.request[2:]] == new
    assert [c.action for c in one.changes][:1] == [f"id 'call_1234' -> {new[0]!r}"]
    anth = repair("anthropic", turn("anthropic", "a.b")).request
    assert anth[1]["content"][0]["id"] == anth[2]["content"][0]["tool_use_id"] == "a_b"
    # a warning-only id (over 40, at most 64) is left as it is
    long = turn("openai", "c" * 50)
    assert repair("openai", long).request == long


def test_duplicate_call_id_renames_the_later_call_and_its_result() -> None:
    """One message holding an id twice (anthropic rejects it): the later call and its
    answer take a new id."""
    bad = request(user("anthropic"), ask("anthropic", "c1", "c1"), answer("anthropic", "c1", "c1"))
    fixed = repair("anthropic", bad).request
    new = fixed[1]["content"][1]["id"]
    assert new != "c1"
    assert fixed[2]["content"][1]["tool_use_id"] == new
    assert fixed[1]["content"][0]["id"] == fixed[2]["content"][0]["tool_use_id"] == "c1"
    assert not lint("anthropic", fixed)


def test_an_id_reused_in_separate_well_formed_pairs_is_left_as_it_is() -> None:
    """The Claude API accepts it (issue 25: repair changes no accepted request)."""
    reused = request(
        turn("anthropic", "c1"),
        user("anthropic", "more"),
        ask("anthropic", "c1"),
        answer("anthropic", "c1"),
    )
    assert [(f.rule, f.severity) for f in lint("anthropic", reused)] == [
        ("duplicate-call-id", "warning")
    ]
    fixed = repair("anthropic", reused)
    assert fixed.changes == () and fixed.request == reused


def test_content_repairs() -> None:
    # openai: an image in a tool message is hoisted into a user message (no profile)
    req = turn("openai", "c1")
    req[2]["content"] = [
        {"type": "text", "text": "a"},
        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
    ]
    fixed = repair("openai", req).request
    assert fixed[2]["content"] == [
        {"type": "text", "text": "a"},
        {"type": "text", "text": "[image] image/png (83 bytes)"},
    ]
    assert fixed[3] == {
        "role": "user",
        "content": [
            {"type": "text", "text": "Images from the tool results above: c1 content[1]"},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}},
        ],
    }
    # deepseek (no vision): placeholder only
    assert len(repair("openai", req, profile="deepseek").request) == 3
    # media type corrected from the bytes
    jpeg_declared = [
        {
            "role": "user",
            "content": [
                {
                    "type": "image",
                    "source": {"type": "base64", "media_type": "image/jpeg", "data": PNG},
                }
            ],
        }
    ]
    fixed = repair("anthropic", jpeg_declared)
    assert fixed.request[0]["content"][0]["source"]["media_type"] == "image/png"
    assert [c.action for c in fixed.changes] == ["declared type 'image/jpeg' -> 'image/png'"]
    # thought signatures on the first call of each step of the current turn
    unsigned = request(
        turn("gemini", "c1", signature=False),
        ask("gemini", "c2", signature=False),
        answer("gemini", "c2"),
    )
    fixed = repair("gemini", unsigned, profile="gemini-3").request
    assert fixed[1]["parts"][0]["thoughtSignature"] == SKIP_SIGNATURE
    assert fixed[3]["parts"][0]["thoughtSignature"] == SKIP_SIGNATURE
    # trailing whitespace of a prefill
    fixed = repair("anthropic", [user("anthropic"), {"role": "assistant", "content": "Sure "}])
    assert fixed.request[1]["content"] == "Sure"
    # reported only: bad base64, shape, user-after-tool, a prefill without whitespace
    only = [user("anthropic"), {"role": "assistant", "content": "Sure"}]
    assert repair("anthropic", only).changes == ()
    broken = [{"role": "user", "content": "x", "images": ["%%%"]}]
    assert repair("ollama", broken) == Repaired(broken, (), broken, "ollama")


# -- properties ---------------------------------------------------------------------------

PROPERTY = settings(
    derandomize=True,
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _user(wire: str) -> Any:
    return user_message(wire)


@pytest.mark.parametrize("wire_", WIRES)
def test_the_toolkits_own_turns_lint_without_errors(wire_: str) -> None:
    """Per wire, so every wire is drawn whatever the number of wires."""
    seen: set[str] = set()

    @settings(PROPERTY, max_examples=40)
    @given(turns(wires=(wire_,)))
    def prop(drawn: tuple[str, list[ToolCall], list[ToolResult], dict[str, Any]]) -> None:
        wire, calls, results, options = drawn
        options = {**options, "echo": True}
        messages = [_user(wire), *tool_turn(wire, calls, results, **options)]
        errors = list(lint(wire, messages).errors)
        if json.dumps(messages).count('"cache_control"') > 4:
            # the caller's own marks (call extras, content): more than four are theirs to fix
            errors = [f for f in errors if f.rule != "too-many-cache-breakpoints"]
        assert errors == []
        seen.add(wire)

    prop()
    assert seen == {wire_}


def _mutations(draw: Any, messages: list[Any]) -> list[Any]:
    out = copy.deepcopy(messages)
    for _ in range(draw(st.integers(1, 3))):
        if not out:
            break
        kind = draw(st.sampled_from(["drop", "swap", "dup", "junk", "strip"]))
        i = draw(st.integers(0, len(out) - 1))
        if kind == "drop":
            del out[i]
        elif kind == "swap":
            j = draw(st.integers(0, len(out) - 1))
            out[i], out[j] = out[j], out[i]
        elif kind == "dup":
            out.insert(i, copy.deepcopy(out[i]))
        elif kind == "junk":
            out[i] = draw(
                st.sampled_from(
                    [None, 3, "x", [], {}, {"role": "user"}, {"role": 5, "content": []}]
                )
            )
        elif isinstance(out[i], dict):
            keys = sorted(out[i])
            if keys:
                out[i].pop(draw(st.sampled_from(keys)))
    return out


@st.composite
def requests(draw: Any) -> tuple[str, Any]:
    wire, calls, results, options = draw(turns())
    options = {**options, "echo": True}
    messages = [_user(wire), *tool_turn(wire, calls, results, **options)]
    if draw(st.booleans()):
        messages = _mutations(draw, messages)
    if draw(st.booleans()):
        key = {"gemini": "contents", "responses": "input"}.get(wire, "messages")
        return wire, {key: messages}
    return wire, messages


def test_repair_guarantees_on_generated_and_mutated_requests() -> None:
    @PROPERTY
    @given(requests())
    def prop(drawn: tuple[str, Any]) -> None:
        wire, req = drawn
        _guarantees(wire, req)

    prop()


# -- the SDK types and the official clients -------------------------------------------------


def _repaired_messages() -> list[tuple[str, list[Any]]]:
    out = []
    for rule, wire, kwargs, _good, bad, _expected in CASES:
        if not isinstance(bad, list) or kwargs.get("vision") is False:
            continue
        if rule in ("bad-base64", "shape", "user-after-tool", "media-type"):
            continue  # reported only, or bytes no SDK checks
        repaired = repair(wire, bad, **kwargs)
        fixed = repaired.request
        if lint(wire, fixed, **kwargs).errors or repaired.unfixed:
            continue  # what repair leaves (refused: it would lose a tool output) stays
        out.append((f"{rule}-{wire}", fixed))
    return out


REPAIRED_REQUESTS = _repaired_messages()


@pytest.fixture(scope="module")
def server() -> Any:
    with RecordingServer() as running:
        yield running


@pytest.mark.parametrize(
    ("name", "messages"), REPAIRED_REQUESTS, ids=[n for n, _ in REPAIRED_REQUESTS]
)
def test_repaired_requests_validate_and_go_through_the_clients(
    name: str, messages: list[Any], server: RecordingServer
) -> None:
    wire = name.rsplit("-", 1)[1]
    for message in messages:
        validate_message(wire, message)
    given_messages = messages[1:] if messages and messages[0] == _user(wire) else messages
    recorded = send(wire, given_messages, server)
    sent = sent_messages(wire, recorded)
    full = [_user(wire), *given_messages]
    assert sent == expected_sent(wire, full)
    assert set(applied_alterations(wire, full)) <= {a.name for a in ALTERATIONS[wire]}


def test_repair_of_any_json_keeps_its_guarantees() -> None:
    from test_lint import JSON

    @settings(derandomize=True, max_examples=300, deadline=None, database=None)
    @given(st.sampled_from(WIRES), JSON.filter(lambda v: isinstance(v, (dict, list))))
    def prop(wire: str, value: Any) -> None:
        _guarantees(wire, value)

    prop()


def test_bedrock_repairs() -> None:
    # a missing result: a toolResult marked as an error, first in the next user message
    bad = request(user("bedrock"), ask("bedrock", "c1", "c2"), answer("bedrock", "c1"))
    fixed = repair("bedrock", {"modelId": "m", "messages": bad})
    assert fixed.request["messages"][2]["content"] == [
        {"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}]}},
        {
            "toolResult": {
                "toolUseId": "c2",
                "content": [{"text": MISSING_RESULT}],
                "status": "error",
            }
        },
    ]
    assert [(c.rule, c.path) for c in fixed.changes] == [
        ("call-without-result", "messages[1].content[1]")
    ]
    # an id the service model's pattern refuses: call and result mapped alike
    ids = repair("bedrock", turn("bedrock", "call 1"))
    new = ids.request[1]["content"][0]["toolUse"]["toolUseId"]
    assert new == ids.request[2]["content"][0]["toolResult"]["toolUseId"]
    assert new.startswith("call_") and len(new) == 29
    assert [c.action for c in ids.changes] == [f"id 'call 1' -> {new!r}"] * 2
    # a result before the user's text moves first; a blank text block goes
    mixed = turn("bedrock", "c1")
    mixed[2]["content"].insert(0, {"text": "here:"})
    mixed[0]["content"].append({"text": ""})
    fixed = repair("bedrock", mixed, profile="bedrock-claude")
    assert fixed.request[0]["content"] == [{"text": "hi"}]
    assert fixed.request[2]["content"] == [*answer("bedrock", "c1")["content"], {"text": "here:"}]
    assert [c.rule for c in fixed.changes] == ["empty-text", "results-after-other-content"]
    # a document name taken earlier in the request: the later one renamed
    document = {"format": "pdf", "name": "report", "source": {"bytes": PNG}}
    twice = turn("bedrock", "c1")
    twice[0]["content"].append({"document": dict(document)})
    twice[2]["content"][0]["toolResult"]["content"] = [
        {"document": dict(document, name="Report")},
        {"document": dict(document)},
    ]
    fixed = repair("bedrock", twice)
    assert [c.action for c in fixed.changes] == ["document name 'report' -> 'report (2)'"]
    names = [e["document"]["name"] for e in fixed.request[2]["content"][0]["toolResult"]["content"]]
    assert names == ["Report", "report (2)"]
    assert lint("bedrock", fixed.request).errors == ()
    # more than five documents: reported only
    many = turn("bedrock", "c1")
    many[2]["content"][0]["toolResult"]["content"] = [
        {"document": dict(document, name=f"d{n}")} for n in range(6)
    ]
    assert repair("bedrock", many).changes == ()
    assert [f.rule for f in lint("bedrock", many)] == ["too-many-documents"]


def test_an_id_reused_three_times_renames_each_call_and_only_its_own_answer():
    """A renamed duplicate call takes the first result after it that has the old id, unless
    that result comes after the next call with the id (then it is that call's answer)."""

    def use(call_id: str) -> dict[str, Any]:
        return {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": call_id, "name": "f", "input": {}}],
        }

    def result(call_id: str, text: str) -> dict[str, Any]:
        return {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": call_id, "content": text}],
        }

    second, third = "toolu_8015a46848fbaadc1596672c", "toolu_99aed20b377236de4e25c71f"
    messages = [
        {"role": "user", "content": "q"},
        use("A"),
        result("A", "1"),
        use("A"),  # unanswered: result "3" belongs to the call after it
        {"role": "user", "content": "no answer"},
        use("A"),
        result("A", "3"),
    ]
    repaired = repair("anthropic", messages)
    assert [str(change) for change in repaired.changes] == [
        f"messages[3].content[0]: [duplicate-call-id] call id 'A' -> {second!r}",
        f"messages[3].content[0]: [call-without-result] added an error result for {second}",
        f"messages[5].content[0]: [duplicate-call-id] call id 'A' -> {third!r}",
    ]
    assert repaired.request[1:] == [
        use("A"),
        result("A", "1"),
        use(second),
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": second,
                    "content": "No result was recorded for this call.",
                    "is_error": True,
                },
                {"type": "text", "text": "no answer"},
            ],
        },
        use(third),
        result(third, "3"),
    ]
    assert not lint("anthropic", repaired.request).errors


def test_bedrock_result_members_and_document_names() -> None:
    """A member a toolResult does not take goes as the text it holds, else as its JSON
    text (an S3 audio keeps its address; a placeholder would lose it); a name Bedrock
    rejects is cleaned as the converter names documents (and kept unique); an underscore
    (a warning, accepted live) is left; S3 sources too."""
    s3 = {"s3Location": {"uri": "s3://bucket/k.pdf"}}
    req = turn("bedrock", "c1")
    req[2]["content"][0]["toolResult"]["content"] = [
        {"audio": {"format": "mp3", "source": s3}},
        {"guardContent": {"text": {"text": "guarded"}}},
        {"document": {"format": "pdf", "name": "Q3 report.final", "source": s3}},
        {"document": {"format": "pdf", "name": "a_b", "source": s3}},
        {"document": {"format": "pdf", "name": "Q3 report", "source": {"bytes": PNG}}},
    ]
    fixed = repair("bedrock", req)
    at = "messages[2].content[0].toolResult.content"
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        ("tool-result-content", f"{at}[0]", "replaced by its JSON as text"),
        ("tool-result-content", f"{at}[1]", "replaced by the text it holds"),
        ("document-name", f"{at}[2]", "document name 'Q3 report.final' -> 'Q3 report (2)'"),
    ]
    content = fixed.request[2]["content"][0]["toolResult"]["content"]
    audio = '{"audio":{"format":"mp3","source":{"s3Location":{"uri":"s3://bucket/k.pdf"}}}}'
    assert content[:2] == [{"text": audio}, {"text": "guarded"}]
    assert [e["document"]["name"] for e in content[2:]] == ["Q3 report (2)", "a_b", "Q3 report"]
    assert [(f.rule, f.severity) for f in lint("bedrock", fixed.request)] == [
        ("document-name", "warning")
    ]


def test_a_tool_that_returned_an_empty_string_repairs_to_json_on_bedrock() -> None:
    """Issue 25.6: repair wrote a Python ``object()`` (its removal marker) into the
    ``toolResult``'s content, and the CLI died printing it."""
    request = [
        {"role": "user", "content": [{"text": "hi"}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}],
        },
        {
            "role": "user",
            "content": [{"toolResult": {"toolUseId": "c1", "content": [{"text": ""}]}}],
        },
    ]
    fixed = repair("bedrock", request)
    assert json.loads(json.dumps(fixed.request)) == fixed.request
    assert fixed.request[2] == {
        "role": "user",
        "content": [{"toolResult": {"toolUseId": "c1", "content": []}}],
    }
    assert lint("bedrock", fixed.request).errors == ()


def test_ten_thousand_unanswered_responses_calls_repair_in_one_pass() -> None:
    """Issue 25.6 (speed is measured in benchmarks/bench_lint.py): each call's error result
    goes after the run of calls, in call order."""
    calls = [
        {"type": "function_call", "call_id": f"c{i}", "name": "f", "arguments": "{}"}
        for i in range(3)
    ]
    fixed = repair("responses", [{"role": "user", "content": "hi"}, *calls])
    assert [item.get("call_id") for item in fixed.request[1:]] == ["c0", "c1", "c2"] * 2
    assert [item["type"] for item in fixed.request[4:]] == ["function_call_output"] * 3


def test_deep_json_is_a_clear_error_never_a_recursion_error() -> None:
    """Issue 25.6: a request nested 100,000 levels deep."""
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    request = [{"role": "user", "content": [{"type": "text", "text": "hi", "x": deep}]}]
    # issue 36: one guard (``nesting``), naming where: repair's ValueError, lint's one
    # shape error (lint reports what it cannot read; it never raises on content)
    where = "messages[0].content[0].x[0][0][0][0][0][0][0][0]... (788 more levels)"
    said = "the request is nested deeper than 800 levels"
    with pytest.raises(ValueError, match=f"^{re.escape(where)}: {said}"):
        repair("anthropic", request)
    found = lint("anthropic", request)
    assert [(f.rule, f.severity, f.path) for f in found] == [("shape", "error", where)]
    assert found[0].message.startswith(said[0].upper() + said[1:])


def test_repair_names_a_bedrock_document_as_the_converter_names_it() -> None:
    """Issue 28.20: repair renamed ``q3_report.pdf`` to ``q3reportpdf`` while the converter
    names the same file ``q3report``: one naming (the extension dropped, then cleaned)."""
    from toolresult_lab.views.probes import SAMPLE_PDF

    request = [
        {"role": "user", "content": [{"text": "hi"}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}],
        },
        {
            "role": "user",
            "content": [
                {
                    "toolResult": {
                        "toolUseId": "c1",
                        "content": [
                            {
                                "document": {
                                    "format": "pdf",
                                    "name": "q3_report.pdf",
                                    "source": {"bytes": SAMPLE_PDF},
                                }
                            }
                        ],
                    }
                }
            ],
        },
    ]
    fixed = repair("bedrock", request)
    converted = ToolResult(
        name="f",
        id="c1",
        content=[
            {
                "type": "resource",
                "resource": {
                    "uri": "file:///q3_report.pdf",
                    "mimeType": "application/pdf",
                    "blob": SAMPLE_PDF,
                },
            }
        ],
    )
    block = converted.to("bedrock", native_pdf=True)
    named = block["toolResult"]["content"][0]["document"]["name"]
    assert named == "q3report"
    assert [c.action for c in fixed.changes] == [f"document name 'q3_report.pdf' -> {named!r}"]


def test_an_object_given_in_two_places_is_repaired_as_two() -> None:
    """A request built in Python may hold one dict in several places (``content=[use,
    use]``, a result appended twice). Repair copied it with ``copy.deepcopy``, which keeps
    such a dict one object, so merging a result into its twin doubled its text at every
    place it sat: 20 turns took 13 s and 2.7 GB, 500 were killed (the CI run of stop 32).
    Repair now copies a tree: the result is the repair of the same request read from JSON."""
    use = {"type": "tool_use", "id": "same", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "same", "content": "r"}
    shared: list[Any] = [{"role": "user", "content": "q"}]
    for _ in range(40):
        shared += [
            {"role": "assistant", "content": [use, use]},
            {"role": "user", "content": [result, result]},
        ]
    as_json = json.loads(json.dumps(shared))
    fixed = repair("anthropic", shared)
    assert fixed.request == repair("anthropic", as_json).request
    assert fixed.changes == repair("anthropic", as_json).changes
    assert len(json.dumps(fixed.request)) < 4 * len(json.dumps(shared))
    assert shared == as_json  # the given request is untouched
