"""Issue 25, item 6: ``repair`` never removes a tool output the request holds (a deliberate
deviation from SPEC 8, which removed a second result and a result that answers no call).

A second result for one call is merged into the first; a result placed before the call with
its id moves after it; another result that answers no call becomes user content that says
whose output it is. Exact outputs per wire, validated with the SDK types and botocore; and a
property: every output of a random request with such results is in the repaired one."""

from __future__ import annotations

import cProfile
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lint_fixtures import PNG, WIRES, answer, ask, request, user
from test_repair import _guarantees
from test_turn_clients import validate_message

from toolresult_lab import Change, lint, repair
from toolresult_lab.requests.repairing.outputs import breaches
from toolresult_lab.wires import read_request

IMAGE = {"type": "base64", "media_type": "image/png", "data": PNG}
DATA_URL = f"data:image/png;base64,{PNG}"
ORPHAN = "[output of tool call zz that no call in this request made]"
SECOND = "[another result for the call c1]"


def _validated(wire: str, fixed: list[Any]) -> None:
    for message in fixed:
        validate_message(wire, message)


#: A call c1 answered twice ("first", "second"): the repaired results, by wire.
MERGED = {
    "openai": [{"role": "tool", "tool_call_id": "c1", "content": f"first\n{SECOND}\nsecond"}],
    "ollama": [
        {
            "role": "tool",
            "tool_call_id": "c1",
            "tool_name": "f",
            "content": f"first\n{SECOND}\nsecond",
        }
    ],
    "responses": [
        {"type": "function_call_output", "call_id": "c1", "output": f"first\n{SECOND}\nsecond"}
    ],
    "anthropic": [
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "c1", "content": f"first\n{SECOND}\nsecond"}
            ],
        }
    ],
    "bedrock": [
        {
            "role": "user",
            "content": [
                {
                    "toolResult": {
                        "toolUseId": "c1",
                        "content": [{"text": "first"}, {"text": SECOND}, {"text": "second"}],
                    }
                }
            ],
        }
    ],
    "gemini": [
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "name": "f",
                        "id": "c1",
                        "response": {"result": f"first\n{SECOND}\nsecond"},
                    }
                }
            ],
        }
    ],
}


def _twice(wire: str) -> list[Any]:
    first, second = answer(wire, "c1", content="first"), answer(wire, "c1", content="second")
    if isinstance(first, dict):  # one user message (content) holds both results
        key = "parts" if wire == "gemini" else "content"
        first[key] += second[key]
        return request(user(wire), ask(wire, "c1"), first)
    return request(user(wire), ask(wire, "c1"), first, second)


@pytest.mark.parametrize("wire", sorted(MERGED))
def test_a_second_result_is_merged_into_the_first(wire: str) -> None:
    bad = _twice(wire)
    fixed = _guarantees(wire, bad)
    assert fixed.request == [*bad[:2], *MERGED[wire]]
    first, second = {
        "anthropic": ("messages[2].content[0]", "messages[2].content[1]"),
        "bedrock": ("messages[2].content[0]", "messages[2].content[1]"),
        "gemini": ("contents[2].parts[0]", "contents[2].parts[1]"),
        "responses": ("input[2]", "input[3]"),
    }.get(wire, ("messages[2]", "messages[3]"))
    assert fixed.changes == (
        Change(
            "duplicate-result",
            second,
            f"merged its output into the first result for c1 ({first})",
        ),
    )
    _validated(wire, fixed.request)


#: A call c1 answered ("ok") and a result for zz ("lost?") that no call made, by wire: the
#: repaired messages after the call.
KEPT = {
    "openai": [
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "user", "content": f"{ORPHAN}\nlost?"},
    ],
    "ollama": [
        {"role": "tool", "tool_call_id": "c1", "tool_name": "f", "content": "ok"},
        {"role": "user", "content": f"{ORPHAN}\nlost?"},
    ],
    "responses": [
        {"type": "function_call_output", "call_id": "c1", "output": "ok"},
        {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": f"{ORPHAN}\nlost?"}],
        },
    ],
    "hermes": [
        {
            "role": "tool",
            "content": '<tool_response>\n{"name": "f", "content": "ok"}\n</tool_response>',
        },
        {
            "role": "user",
            "content": "[output of a f call that no call in this request made]\n"
            '{"name": "f", "content": "lost?"}',
        },
    ],
    "anthropic": [
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "c1", "content": "ok"},
                {"type": "text", "text": f"{ORPHAN}\nlost?"},
            ],
        }
    ],
    "bedrock": [
        {
            "role": "user",
            "content": [
                {"toolResult": {"toolUseId": "c1", "content": [{"text": "ok"}]}},
                {"text": ORPHAN},
                {"text": "lost?"},
            ],
        }
    ],
    "gemini": [
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "f", "id": "c1", "response": {"result": "ok"}}},
                {"text": f'{ORPHAN}\n{{"result": "lost?"}}'},
            ],
        }
    ],
}


def _orphan(wire: str) -> list[Any]:
    ok, lost = answer(wire, "c1", content="ok"), answer(wire, "zz", content="lost?")
    if isinstance(ok, dict):
        key = "parts" if wire == "gemini" else "content"
        ok[key] += lost[key]
        return request(user(wire), ask(wire, "c1"), ok)
    return request(user(wire), ask(wire, "c1"), ok, lost)


@pytest.mark.parametrize("wire", sorted(KEPT))
def test_a_result_that_answers_no_call_keeps_its_output(wire: str) -> None:
    bad = _orphan(wire)
    fixed = _guarantees(wire, bad)
    assert fixed.request == [*bad[:2], *KEPT[wire]]
    path = {
        "anthropic": "messages[2].content[1]",
        "bedrock": "messages[2].content[1]",
        "gemini": "contents[2].parts[1]",
        "responses": "input[3]",
    }.get(wire, "messages[3]")
    where = (
        "user text"
        if wire in ("anthropic", "bedrock", "gemini")
        else ("a user message after the results")
    )
    assert fixed.changes == (
        Change("result-without-call", path, f"kept its output as {where} (it answers no call)"),
    )
    _validated(wire, fixed.request)


def test_media_of_a_kept_output_stay_media_where_user_content_takes_them() -> None:
    result = {
        "type": "tool_result",
        "tool_use_id": "zz",
        "content": [{"type": "text", "text": "pic"}, {"type": "image", "source": IMAGE}],
    }
    bad = [
        user("anthropic"),
        ask("anthropic", "c1"),
        {"role": "user", "content": [*answer("anthropic", "c1")["content"], result]},
    ]
    fixed = _guarantees("anthropic", bad)
    assert fixed.request[2]["content"][1:] == [
        {"type": "text", "text": ORPHAN},
        {"type": "text", "text": "pic"},
        {"type": "image", "source": IMAGE},
    ]
    _validated("anthropic", fixed.request)
    image_part = {"type": "image_url", "image_url": {"url": DATA_URL}}
    bad = [
        user("openai"),
        ask("openai", "c1"),
        *answer("openai", "c1"),
        {"role": "tool", "tool_call_id": "zz", "content": [image_part]},
    ]
    fixed = _guarantees("openai", bad)
    assert fixed.request[3:] == [
        {"role": "user", "content": [{"type": "text", "text": ORPHAN}, image_part]}
    ]
    _validated("openai", fixed.request)
    media = {"inlineData": {"mimeType": "image/png", "data": PNG}}
    response = {"name": "g", "id": "zz", "response": {"c": 3}, "parts": [media]}
    bad = [
        user("gemini"),
        ask("gemini", "c1"),
        {
            "role": "user",
            "parts": [*answer("gemini", "c1")["parts"], {"functionResponse": response}],
        },
    ]
    fixed = _guarantees("gemini", bad, profile="gemini-3")
    assert fixed.request[2]["parts"][1:] == [{"text": f'{ORPHAN}\n{{"c": 3}}'}, media]
    _validated("gemini", fixed.request)


def test_an_image_of_a_responses_output_gets_the_detail_a_message_requires() -> None:
    image = {"type": "input_image", "image_url": DATA_URL}
    bad = [
        *request(user("responses"), ask("responses", "c1"), answer("responses", "c1")),
        {"type": "function_call_output", "call_id": "zz", "output": [image]},
    ]
    fixed = _guarantees("responses", bad)
    assert fixed.request[3:] == [
        {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": ORPHAN}, {**image, "detail": "auto"}],
        }
    ]
    _validated("responses", fixed.request)


def test_on_mistral_the_output_goes_into_the_tool_message_before_it() -> None:
    """Mistral takes no user message right after a tool message: the kept output is text in
    the last tool message of its run; one holding an image stays as it is (its image would
    become placeholder text: issue 36), reported unfixed."""
    bad = [
        user("openai"),
        ask("openai", "c1"),
        *answer("openai", "c1"),
        {"role": "tool", "tool_call_id": "zz", "content": "see"},
    ]
    fixed = _guarantees("openai", bad, profile="mistral")
    # c1 gets a 9-character id; zz, which no call has, is named as given in the text
    assert fixed.request[2:] == [
        {"role": "tool", "tool_call_id": "XehIHQeEu", "content": f"ok\n{ORPHAN}\nsee"}
    ]
    assert fixed.changes[-1] == Change(
        "result-without-call",
        "messages[3]",
        "kept its output as text in the tool result before it (it answers no call)",
    )
    image_part = {"type": "image_url", "image_url": {"url": DATA_URL}}
    bad[-1] = {**bad[-1], "content": [{"type": "text", "text": "see"}, image_part]}
    fixed = repair("openai", bad, profile="mistral")
    assert fixed.request[3] == bad[3]
    assert fixed.unfixed == (
        Change(
            "result-without-call",
            "messages[3]",
            "left as it is: no user message may follow the tool messages here, and its media"
            " would become placeholder text in the tool result before it (a tool output is"
            " never removed)",
        ),
        Change(
            "tool-result-content",
            "messages[3].content[1]",
            "left as it is: its placeholder text would lose the payload it carries, and no"
            " text may hold a payload (a tool output is never removed)",
        ),
    )


@pytest.mark.parametrize("wire", ["openai", "responses", "anthropic", "bedrock", "ollama"])
def test_a_result_before_its_call_moves_after_it(wire: str) -> None:
    early = answer(wire, "c1", content="early")
    bad = request(user(wire), early, ask(wire, "c1"))
    fixed = _guarantees(wire, bad)
    assert fixed.request == request(user(wire), ask(wire, "c1"), early)
    path = f"{'input' if wire == 'responses' else 'messages'}[1]"
    if wire in ("anthropic", "bedrock"):
        path += ".content[0]"
    assert fixed.changes == (
        Change("result-without-call", path, "moved the result for c1 after its call"),
    )


def test_a_result_without_id_that_answers_nothing_is_kept() -> None:
    bad = [
        user("openai"),
        ask("openai", "c1"),
        *answer("openai", "c1"),
        {"role": "tool", "content": "nobody's"},
    ]
    fixed = _guarantees("openai", bad)
    assert fixed.request[3:] == [
        {
            "role": "user",
            "content": "[output of a tool call that no call in this request made]\nnobody's",
        }
    ]
    assert fixed.changes == (
        Change(
            "missing-call-id",
            "messages[3]",
            "kept its output as a user message after the results (it answers no call)",
        ),
    )


def test_a_tool_response_in_a_user_message_is_left_as_the_user_text_it_is() -> None:
    """hermes: SPEC 8's removal took the whole user message (its own text too)."""
    tag = '<tool_response>\n{"name": "f", "content": "x"}\n</tool_response>'
    bad = [{"role": "user", "content": f"hi {tag}"}]
    fixed = repair("hermes", bad)
    assert fixed.request == bad
    assert fixed.changes == ()


def _outputs(wire: str, rng: Any, n_calls: int, extra: list[tuple[str, int]]) -> list[Any]:
    """A request of one call turn with ``n_calls`` calls, each answered once, plus the
    ``extra`` results: ("dup", k) a second answer to call k, ("orphan", k) an unknown id."""
    ids = [f"c{k}" for k in range(n_calls)]
    results: list[tuple[str, str]] = [(i, f"out-{i}") for i in ids]
    for n, (kind, k) in enumerate(extra):
        results.insert(
            rng.draw(st.integers(0, len(results))),
            (ids[k % n_calls] if kind == "dup" else f"zz{n}", f"out-{kind}-{n}"),
        )
    pieces = [answer(wire, i, content=text) for i, text in results]
    if isinstance(pieces[0], dict):
        key = "parts" if wire == "gemini" else "content"
        held = pieces[0]
        for piece in pieces[1:]:
            held[key] += piece[key]
        return request(user(wire), ask(wire, *ids), held)
    return request(user(wire), ask(wire, *ids), *pieces)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    wire=st.sampled_from([w for w in WIRES if w != "hermes"]),
    n_calls=st.integers(1, 4),
    extra=st.lists(
        st.tuples(st.sampled_from(["dup", "orphan"]), st.integers(0, 3)), min_size=1, max_size=5
    ),
    data=st.data(),
)
def test_every_output_survives_repair(
    wire: str, n_calls: int, extra: list[tuple[str, int]], data: Any
) -> None:
    bad = _outputs(wire, data, n_calls, extra)
    texts = [f"out-c{k}" for k in range(n_calls)]
    texts += [f"out-{kind}-{n}" for n, (kind, _) in enumerate(extra)]
    fixed = _guarantees(wire, bad)
    sent = json.dumps(fixed.request)
    assert [t for t in texts if t not in sent] == []
    # and by the guard every repair passes through (issue 36): whole, no payload in a text
    assert breaches(wire, read_request(wire, bad), fixed.request) == []
    assert fixed.unfixed == ()
    _validated(wire, fixed.request)


def _calls_made(run: Any) -> int:
    """How many Python and C functions ``run()`` calls: a count, not a time, so the test
    says the same on a loaded machine (the times are ``benchmarks/bench_lint.py``'s).
    cProfile counts them in C (a Python profile hook made the test 5x slower)."""
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        run()
    finally:
        profiler.disable()
    return sum(entry.callcount for entry in profiler.getstats())


def test_keeping_outputs_is_linear() -> None:
    """3,000 results that answer no call take at most 10.5x the function calls of 300
    (openai, anthropic): no step of keeping them walks the request again per result (a
    walk per result makes it 100x; 1,000 and 10,000 took 23 s of the suite)."""

    def make(wire: str, n: int) -> list[Any]:
        pieces = [answer(wire, f"zz{k}", content=f"o{k}") for k in range(n)]
        if wire == "anthropic":
            return [
                user(wire),
                ask(wire, "c1"),
                {
                    "role": "user",
                    "content": [*answer(wire, "c1")["content"], *(p["content"][0] for p in pieces)],
                },
            ]
        return request(user(wire), ask(wire, "c1"), answer(wire, "c1"), *pieces)

    for wire in ("openai", "anthropic"):
        small, large = make(wire, 300), make(wire, 3000)
        counts = [
            _calls_made(lambda req=req, wire=wire: repair(wire, req)) for req in (small, large)
        ]
        assert counts[1] / counts[0] <= 10.5, (wire, counts)


def _typeless_output(wire: str, block: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A one-call request of ``wire`` whose result holds ``block``; the block's path."""
    if wire == "responses":
        items = [
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": [block]},
        ]
        return {"model": "gpt-4o", "input": [{"role": "user", "content": "hi"}, *items]}, (
            "input[2].output[0]"
        )
    call = {"type": "tool_use", "id": "c1", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "c1", "content": [block]}
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": [result]},
    ]
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 9,
        "messages": messages,
    }, "messages[2].content[0].content[0]"


@pytest.mark.parametrize("wire", ["responses", "anthropic"])
@pytest.mark.parametrize(
    ("block", "text"),
    [
        ({"a": {"a": {"rate": "1 USD = 0.92 EUR"}}}, '{"a":{"a":{"rate":"1 USD = 0.92 EUR"}}}'),
        ({"type": "weather", "celsius": 21}, '{"celsius":21,"type":"weather"}'),
        (  # a text beside more: the whole block, not its text alone (long run, seed 71)
            {"type": "output_text", "text": "x", "annotations": [{"url": "u"}]},
            '{"annotations":[{"url":"u"}],"text":"x","type":"output_text"}',
        ),
    ],
)
def test_a_block_of_no_known_type_becomes_its_json_text_never_a_placeholder(
    wire: str, block: dict[str, Any], text: str
) -> None:
    request, path = _typeless_output(wire, block)
    fixed = repair(wire, request)
    assert fixed.changes == (Change("tool-result-content", path, "replaced by its JSON as text"),)
    kind = "input_text" if wire == "responses" else "text"
    held = (
        fixed.request["input"][2]["output"]
        if wire == "responses"
        else (fixed.request["messages"][2]["content"][0]["content"])
    )
    assert held == [{"type": kind, "text": text}]
    assert list(lint(wire, fixed.request)) == []


@pytest.mark.parametrize("wire", ["responses", "anthropic"])
def test_a_block_that_holds_nothing_becomes_the_placeholder(wire: str) -> None:
    request, path = _typeless_output(wire, {"type": "weather", "note": " "})
    fixed = repair(wire, request)
    assert fixed.changes == (
        Change("tool-result-content", path, "replaced by its placeholder text"),
    )


@pytest.mark.parametrize("wire", ["anthropic", "openai", "bedrock"])
def test_a_text_that_is_no_string_is_its_shape_finding_not_an_empty_block(wire: str) -> None:
    # found by the long property run (seed 71): lint called it empty and repair removed it,
    # with the tool output it held
    block = {"text": {"a": {"a": "1 USD = 0.92 EUR"}}}
    if wire != "bedrock":
        block = {"type": "text", **block}
    body: dict[str, Any] = {"messages": [{"role": "user", "content": [block]}]}
    found = lint(wire, body)
    assert [(f.rule, f.path) for f in found] == [("shape", "messages[0].content[0].text")]
    fixed = repair(wire, body)
    assert fixed.changes == ()
    assert fixed.request == body
