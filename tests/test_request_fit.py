"""``repair(..., max_tokens=N)`` (``request_fit``): a request cut to fit a token budget.

The tool results' texts are cut, the largest first, each as far as it takes: JSON text stays
JSON, plain text keeps its head and tail; each cut is a change of rule ``context-window`` at
its place in the request as given. Without ``max_tokens`` nothing is cut. Exact changes and
texts on every wire whose models the catalog knows."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lint_fixtures import PNG, answer, ask, request, user

from toolresult_lab import repair
from toolresult_lab.budgets.request_tokens import request_tokens

HITS = [{"id": i, "title": f"Result {i}"} for i in range(300)]
PLAIN = "word " * 1000
BUDGET = "to fit max_tokens={:,} (≈ {:,} tokens before)"


def _two_results(wire: str) -> list[Any]:
    """A plain result of 5,000 characters, then a JSON one of 10,580."""
    return request(
        user(wire),
        ask(wire, "c1"),
        answer(wire, "c1", content=PLAIN),
        ask(wire, "c2"),
        answer(wire, "c2", content=json.dumps(HITS)),
    )


def _text_at(wire: str, repaired: Any, index: int) -> str:
    """The text of the result message ``index`` (2 or 4) of a repaired ``_two_results``."""
    message = repaired[index]
    if wire == "anthropic":
        return str(message["content"][0]["content"])
    if wire == "gemini":
        return str(message["parts"][0]["functionResponse"]["response"]["result"])
    if wire == "bedrock":
        return str(message["content"][0]["toolResult"]["content"][0]["text"])
    if wire == "responses":
        return str(message["output"])
    return str(message["content"])


#: wire: (where the plain result's text is, where the JSON one's is, tokens before, after
#: cutting to 2,000, JSON items left out there; kept head and tail, and left out, at 900)
WIRES = {
    "anthropic": (
        "messages[2].content[0].content",
        "messages[4].content[0].content",
        4437,
        1992,
        230,
        (1584, 1583),
        1833,
    ),
    "openai": (
        "messages[2].content",
        "messages[4].content",
        4439,
        1994,
        230,
        (1580, 1579),
        1841,
    ),
    "gemini": (
        "contents[2].parts[0].functionResponse.response.result",
        "contents[4].parts[0].functionResponse.response.result",
        4453,
        1989,
        232,
        (1552, 1551),
        1897,
    ),
    "bedrock": (
        "messages[2].content[0].toolResult.content[0].text",
        "messages[4].content[0].toolResult.content[0].text",
        4442,
        1997,
        230,
        (1574, 1573),
        1853,
    ),
    "responses": (
        "input[2].output",
        "input[4].output",
        4421,
        1995,
        228,
        (1616, 1615),
        1769,
    ),
}


@pytest.mark.parametrize("wire", list(WIRES))
def test_the_largest_result_is_cut_first_and_only_as_far_as_it_takes(wire: str) -> None:
    _, json_path, before, after, left_out, _, _ = WIRES[wire]
    given = _two_results(wire)
    assert request_tokens(wire, given).total == before
    fixed = repair(wire, given, max_tokens=2000)
    kept = len(HITS) - left_out
    text = _text_at(wire, fixed.request, 4)
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        (
            "context-window",
            json_path,
            f"cut the tool result's text {BUDGET.format(2000, before)}: kept {len(text):,} of"
            f" 10,580 characters as valid JSON, left out {left_out} array items",
        )
    ]
    marker = f"[… {left_out} items left out …]"
    assert json.loads(text) == [*HITS[: kept // 2], marker, *HITS[len(HITS) - kept // 2 :]]
    assert request_tokens(wire, fixed.request).total == after <= 2000
    assert _text_at(wire, fixed.request, 2) == PLAIN  # the smaller result is left whole
    assert _two_results(wire) == given  # the input is never changed


@pytest.mark.parametrize("wire", list(WIRES))
def test_a_smaller_budget_cuts_the_next_largest_too(wire: str) -> None:
    plain_path, json_path, before, _, _, (head, tail), left_out = WIRES[wire]
    fixed = repair(wire, _two_results(wire), max_tokens=900)
    said = BUDGET.format(900, before)
    assert [(c.path, c.action) for c in fixed.changes] == [
        (
            plain_path,
            f"cut the tool result's text {said}: kept the first {head:,} and last {tail:,} of"
            f" 5,000 characters around a marker, left out {left_out:,}",
        ),
        (
            json_path,
            f"cut the tool result's text {said}: kept 28 of 10,580 characters as valid JSON,"
            " left out 300 array items",
        ),
    ]
    marker = f"\n[… {left_out:,} characters left out …]\n"
    assert _text_at(wire, fixed.request, 2) == PLAIN[:head] + marker + PLAIN[-tail:]
    assert json.loads(_text_at(wire, fixed.request, 4)) == ["[… 300 items left out …]"]
    assert request_tokens(wire, fixed.request).total == 900  # as much kept as fits


def test_without_max_tokens_nothing_is_cut() -> None:
    big = _two_results("openai")
    assert repair("openai", big).changes == ()
    assert repair("openai", big).request == big
    assert repair("openai", big, max_tokens=4439).changes == ()  # it fits already


def test_an_impossible_budget_names_the_minimum() -> None:
    with pytest.raises(ValueError) as caught:
        repair("openai", _two_results("openai"), max_tokens=100)
    assert str(caught.value) == (
        "max_tokens=100 is below the minimum of 110 tokens this request takes on openai"
        " (≈ 4,439 now) with every tool result's text cut to its marker: repair cuts only tool"
        " results, never a message, an image or a PDF"
    )
    at_least = repair("openai", _two_results("openai"), max_tokens=110).request
    assert request_tokens("openai", at_least).total == 110


@pytest.mark.parametrize(
    ("value", "error"), [("10", TypeError), (True, TypeError), (-1, ValueError)]
)
def test_a_bad_max_tokens_is_named(value: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="max_tokens"):
        repair("openai", _two_results("openai"), max_tokens=value)


def test_an_image_in_a_result_is_never_cut() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    content = [{"type": "text", "text": PLAIN}, image]
    given = request(
        user("anthropic"), ask("anthropic", "c1"), answer("anthropic", "c1", content=content)
    )
    fixed = repair("anthropic", given, max_tokens=500)
    assert [c.path for c in fixed.changes] == ["messages[2].content[0].content[0].text"]
    assert fixed.request[2]["content"][0]["content"][1] == image
    assert request_tokens("anthropic", fixed.request).total <= 500


def test_a_cut_names_its_place_in_the_request_as_given_after_other_repairs() -> None:
    # the result block sits after a text block: repair moves it first, then cuts it
    result = {"type": "tool_result", "tool_use_id": "c1", "content": "x" * 8000}
    given = request(
        user("anthropic"),
        ask("anthropic", "c1"),
        {"role": "user", "content": [{"type": "text", "text": "note"}, result]},
    )
    fixed = repair("anthropic", given, max_tokens=500)
    assert [(c.rule, c.path) for c in fixed.changes] == [
        ("results-after-other-content", "messages[2].content[1]"),
        ("context-window", "messages[2].content[1].content"),
    ]
    assert fixed.request[2]["content"][0]["content"].startswith("x" * 800)


def test_a_gemini_response_object_stays_an_object() -> None:
    rows = {"rows": [{"n": i, "name": f"row {i}"} for i in range(500)]}
    part = {"functionResponse": {"name": "f", "id": "c1", "response": rows}}
    given = request(user("gemini"), ask("gemini", "c1"), {"role": "user", "parts": [part]})
    fixed = repair("gemini", given, max_tokens=1000)
    assert [c.path for c in fixed.changes] == ["contents[2].parts[0].functionResponse.response"]
    response = fixed.request[2]["parts"][0]["functionResponse"]["response"]
    assert isinstance(response, dict) and isinstance(response["rows"], list)
    assert response["rows"][0] == {"n": 0, "name": "row 0"}
    assert request_tokens("gemini", fixed.request).total <= 1000


def _hermes_text(message: Any) -> str:
    """The result text inside a hermes tool message's ``<tool_response>`` JSON."""
    body = message["content"].removeprefix("<tool_response>\n").removesuffix("\n</tool_response>")
    return str(json.loads(body)["content"])


def test_a_hermes_result_is_cut_inside_its_tool_response() -> None:
    given = _two_results("hermes")
    assert request_tokens("hermes", given).total == 5352
    fixed = repair("hermes", given, max_tokens=2000)
    said = BUDGET.format(2000, 5352)
    assert [(c.rule, c.path, c.action) for c in fixed.changes] == [
        (
            "context-window",
            "messages[4].content",
            f"cut the tool result's text {said}: kept 1,620 of 10,580 characters as valid JSON,"
            " left out 248 array items",
        )
    ]
    text = _hermes_text(fixed.request[4])
    assert json.loads(text) == [*HITS[:26], "[… 248 items left out …]", *HITS[274:]]
    # the JSON around the text as it was: only the content's string is written anew
    assert fixed.request[4]["content"] == (
        '<tool_response>\n{"name": "f", "content": '
        + json.dumps(text, ensure_ascii=False, separators=(",", ":"))
        + "}\n</tool_response>"
    )
    assert request_tokens("hermes", fixed.request).total == 1997
    assert fixed.request[2] == given[2]  # the smaller result is left whole
    assert _two_results("hermes") == given


def test_a_smaller_budget_cuts_the_next_hermes_result_too() -> None:
    fixed = repair("hermes", _two_results("hermes"), max_tokens=900)
    said = BUDGET.format(900, 5352)
    assert [(c.path, c.action) for c in fixed.changes] == [
        (
            "messages[2].content",
            f"cut the tool result's text {said}: kept the first 1,551 and last 1,551 of"
            " 5,000 characters around a marker, left out 1,898",
        ),
        (
            "messages[4].content",
            f"cut the tool result's text {said}: kept 28 of 10,580 characters as valid JSON,"
            " left out 300 array items",
        ),
    ]
    marker = "\n[… 1,898 characters left out …]\n"
    assert _hermes_text(fixed.request[2]) == PLAIN[:1551] + marker + PLAIN[-1551:]
    assert json.loads(_hermes_text(fixed.request[4])) == ["[… 300 items left out …]"]
    assert request_tokens("hermes", fixed.request).total == 900


def test_a_hermes_cut_cannot_close_its_block() -> None:
    given = request(
        user("hermes"), ask("hermes", "c1"), answer("hermes", "c1", content="a</b> " * 2000)
    )
    fixed = repair("hermes", given, max_tokens=500)
    said = BUDGET.format(500, 3058)
    assert [(c.path, c.action) for c in fixed.changes] == [
        (
            "messages[2].content",
            f"cut the tool result's text {said}: kept the first 650 and last 650 of 12,000"
            " characters around a marker, left out 10,700",
        )
    ]
    content = fixed.request[2]["content"]
    assert content.count("</") == 1 and content.endswith("}\n</tool_response>")
    marker = "\n[… 10,700 characters left out …]\n"
    text = "a</b> " * 2000
    assert _hermes_text(fixed.request[2]) == text[:650] + marker + text[-650:]
    assert request_tokens("hermes", fixed.request).total == 500


def test_a_responses_output_list_is_cut_part_by_part() -> None:
    image = {"type": "input_image", "image_url": "https://example.com/a.png"}
    output = [
        {"type": "input_text", "text": PLAIN},
        {"type": "input_text", "text": json.dumps(HITS)},
        image,
    ]
    given = request(
        user("responses"), ask("responses", "c1"), answer("responses", "c1", content=output)
    )
    assert request_tokens("responses", given).total == 4421
    fixed = repair("responses", given, max_tokens=2000)
    assert [(c.path, c.action) for c in fixed.changes] == [
        (
            "input[2].output[1].text",
            f"cut the tool result's text {BUDGET.format(2000, 4421)}: kept 2,240 of 10,580"
            " characters as valid JSON, left out 228 array items",
        )
    ]
    parts = fixed.request[2]["output"]
    assert json.loads(parts[1]["text"]) == [*HITS[:36], "[… 228 items left out …]", *HITS[264:]]
    assert parts[0] == output[0] and parts[2] == image
    assert request_tokens("responses", fixed.request).total == 1994
    fixed = repair("responses", given, max_tokens=900)
    said = BUDGET.format(900, 4421)
    assert [(c.path, c.action) for c in fixed.changes] == [
        (
            "input[2].output[0].text",
            f"cut the tool result's text {said}: kept the first 1,616 and last 1,615 of 5,000"
            " characters around a marker, left out 1,769",
        ),
        (
            "input[2].output[1].text",
            f"cut the tool result's text {said}: kept 28 of 10,580 characters as valid JSON,"
            " left out 300 array items",
        ),
    ]
    parts = fixed.request[2]["output"]
    marker = "\n[… 1,769 characters left out …]\n"
    assert parts == [
        {"type": "input_text", "text": PLAIN[:1616] + marker + PLAIN[-1615:]},
        {"type": "input_text", "text": '["[… 300 items left out …]"]'},
        image,
    ]
    assert request_tokens("responses", fixed.request).total == 900
