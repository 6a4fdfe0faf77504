"""The invariant harness is not vacuous: each check of ``invariants`` fails on a fake
``repair`` / ``translate`` / ``lint`` that breaks its invariant (and passes on one that does
not), the walks survive deep and cyclic values, and every mutation applies to the seeds."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import invariants as inv
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import MUTATIONS, Case, _mutations, conversation, nodes, seeds

from toolresult_lab import Change, Findings, Loss, Repaired, Translated, translate


def _seed(seed_id: str) -> Case:
    seed = next(s for s in seeds() if s.id == seed_id)
    return Case(seed, copy.deepcopy(seed.request))


#: An anthropic request whose tool result holds a text block and a 17,688-character image.
PAYLOAD_SEED = "pai-c7b66afd0d19+blocks"


def _text_blocks(value: Any) -> list[dict[str, Any]]:
    return [v for _, _, v, _ in nodes(value) if isinstance(v, dict) and "text" in v]


def test_plain_and_fingerprint_take_deep_and_cyclic_values() -> None:
    deep: Any = "x"
    for _ in range(5000):
        deep = {"a": deep}
    assert len(inv.fingerprint(deep)) == 3 * 5000 + 1  # each dict: its size, key, close
    copied = inv.plain(deep)
    before = inv.fingerprint(copied)
    inner = copied
    for _ in range(4999):
        inner = inner["a"]
    inner["a"] = "y"
    assert inv.fingerprint(copied) != before
    cyclic: dict[str, Any] = {"a": [1, math.nan]}
    cyclic["self"] = cyclic
    with pytest.raises(inv.Cyclic):
        inv.plain(cyclic)
    assert inv.fingerprint(cyclic) == inv.fingerprint(cyclic)  # NaN equals itself here
    shared = [1]
    assert inv.plain({"a": shared, "b": shared}) == {"a": [1], "b": [1]}


def test_strict_json_faults_name_each_kind() -> None:
    cyclic: list[Any] = []
    cyclic.append(cyclic)
    faults = inv.strict_json_faults(
        {"a": math.nan, "b": "x\ud83d", "c": (1,), "d": {1: 2}, "e": [math.inf]}
    )
    assert sorted(faults) == [
        "$.a: nan is not JSON",
        "$.b: a lone surrogate ('\\ud83d') is not UTF-8",
        "$.c: a tuple is not JSON",
        "$.d: key 1 is not a string",
        "$.e[0]: inf is not JSON",
    ]
    assert inv.strict_json_faults(cyclic) == ["$[0]: holds itself (a cycle)"]
    assert inv.strict_json_faults({"n": 10**5000}) == ["$.n: an integer of over 4300 digits"]
    shared = {"k": 1}
    assert inv.strict_json_faults([shared, shared]) == []
    for seed in seeds():
        assert inv.strict_json_faults(seed.request) == [], seed.id


def test_clear_error_and_the_time_budget() -> None:
    assert inv.clear_error(ValueError("messages[2]: bad"), None) is None
    assert inv.clear_error(RecursionError("deep"), None) == "raised RecursionError: deep"
    unicode = UnicodeEncodeError("utf-8", "\ud83d", 0, 1, "surrogates not allowed")
    assert (inv.clear_error(unicode, None) or "").startswith("raised UnicodeEncodeError")
    assert inv.clear_error(KeyError("content"), None) == "raised KeyError: 'content'"
    assert inv.clear_error(TypeError(""), None) == "raised TypeError with no message"

    def spin() -> None:
        while True:
            pass

    inv.BUDGET, budget = 0.2, inv.BUDGET
    try:
        with pytest.raises(AssertionError, match=r"^spin did not return within 0 s of CPU$"):
            inv.call(spin, "spin")
    finally:
        inv.BUDGET = budget
    assert inv.call(lambda: 1, "one") == (1, None)


def _fake_repair(edit: Any) -> Any:
    def fake(wire: str, request: Any, **_: Any) -> Repaired:
        fixed = inv.plain(request)
        edit(fixed)
        return Repaired(fixed, (Change("fake", "", "edited"),))

    return fake


def _replace_outputs(request: Any) -> None:
    for _, _, value, _ in list(nodes(request)):
        if isinstance(value, dict) and "tool_use_id" in value:
            value["content"] = "[placeholder]"


def _payload_into_text(request: Any) -> None:
    payload = next(v for _, k, v, _ in nodes(request) if k == "data" and isinstance(v, str))
    _text_blocks(request)[-1]["text"] = "image: " + payload


def _grow(request: Any) -> None:
    conv, _ = conversation(request)
    conv.append({"role": "user", "content": "more"})


def _quadratic(wire: str, request: Any, **_: Any) -> Repaired:
    conv, _ = conversation(request)
    for _a in conv or []:
        for _b in conv or []:
            json.dumps(request)
    return Repaired(inv.plain(request), ())


def _mutating(wire: str, request: Any, **_: Any) -> Repaired:
    conversation(request)[0].pop()  # type: ignore[union-attr]
    return Repaired(inv.plain(request), ())


def _raising(wire: str, request: Any, **_: Any) -> Any:
    raise RecursionError("maximum recursion depth exceeded")


def _aliasing(wire: str, request: Any, **_: Any) -> Repaired:
    return Repaired({**request, "messages": request["messages"]}, ())


def _first_text_edited(request: Any) -> Any:
    fixed = inv.plain(request)
    _text_blocks(fixed)[0]["text"] = "edited"
    return fixed


REPAIR_BREACHES = {
    "raises": (inv.check_repair_raises_clearly, _raising, "raised RecursionError"),
    "mutates": (inv.check_repair_leaves_input, _mutating, "repair mutated its input"),
    "aliases": (inv.check_repair_leaves_input, _aliasing, "shares the input's objects"),
    "nan": (
        inv.check_repair_strict_json,
        _fake_repair(lambda r: r.update(temperature=math.nan)),
        "$.temperature: nan is not JSON",
    ),
    "placeholder": (
        inv.check_repair_keeps_outputs,
        _fake_repair(_replace_outputs),
        "repair removed or replaced tool outputs",
    ),
    "payload in text": (
        inv.check_repair_no_payload_in_text,
        _fake_repair(_payload_into_text),
        "repair put a base64 payload into text at ['messages[",
    ),
    "grows": (inv.check_repair_settles, _fake_repair(_grow), "a second repair changed"),
    "silent": (
        inv.check_repair_settles,
        lambda wire, request, **_: Repaired(_first_text_edited(request), ()),
        "repair changed the request and reported no change",
    ),
    "quadratic": (inv.check_repair_linear, _quadratic, "made"),
}


@pytest.mark.parametrize("breach", sorted(REPAIR_BREACHES))
def test_each_repair_check_fails_on_its_breach(
    breach: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    check, fake, said = REPAIR_BREACHES[breach]
    case = _seed(PAYLOAD_SEED)
    check(case)  # the real repair holds it on the unmutated seed
    monkeypatch.setattr(inv, "repair", fake)
    with pytest.raises(AssertionError, match=None) as caught:
        check(case)
    assert said in str(caught.value)


def _fake_translate(edit: Any, losses: tuple[Loss, ...] = ()) -> Any:
    def fake(src: str, dst: str, request: Any, **options: Any) -> Translated:
        out = translate(src, dst, request, **options)
        body = inv.plain(out.request)
        edit(body)
        return Translated(body, (*out.losses, *losses), out.findings, out.notes)

    return fake


def _drop_first_tool_result(body: Any) -> None:
    conv, _ = conversation(body)
    assert conv is not None
    conv[:] = [m for m in conv if m.get("role") != "tool"]


#: A result that answers no call: an error lint reports on openai.
ORPHAN = {
    "model": "gpt-4o",
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "x", "content": "r"},
    ],
}

TRANSLATE_BREACHES = {
    "raises": (
        inv.check_translate_raises_clearly,
        lambda *a, **k: {}["messages"],
        "raised KeyError",
    ),
    "lone surrogate": (
        inv.check_translate_strict_json,
        _fake_translate(lambda b: b.update(stop=["\udfff"])),
        "lone surrogate",
    ),
    "drops a result": (
        inv.check_translate_loses_nothing_silently,
        _fake_translate(_drop_first_tool_result),
        "lost without a Loss",
    ),
    "drops a setting": (
        inv.check_translate_loses_nothing_silently,
        _fake_translate(lambda b: b.pop("model", None)),
        "model='gpt-4o'",
    ),
    "false loss": (
        inv.check_translate_no_false_loss,
        _fake_translate(lambda b: None, (Loss("model", "dropped: no counterpart"),)),
        "called carried fields lost",
    ),
    "refused": (
        inv.check_translate_output_valid,
        _fake_translate(lambda b: b.update(bogus_key=1)),
        "is refused by openai's SDK type",
    ),
    "unreported": (
        inv.check_translate_output_valid,
        lambda *a, **k: Translated(ORPHAN, (), Findings(()), ()),
        "wrote lint errors it did not report",
    ),
}


@pytest.mark.parametrize("breach", sorted(TRANSLATE_BREACHES))
def test_each_translate_check_fails_on_its_breach(
    breach: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    check, fake, said = TRANSLATE_BREACHES[breach]
    case = _seed("pai-f6c337a7ed7e")  # openai, a call answered by a tool message
    check(case, "openai")  # the real translate holds it, openai -> openai
    monkeypatch.setattr(inv, "translate", fake)
    with pytest.raises(AssertionError) as caught:
        check(case, "openai")
    assert said in str(caught.value)


def test_each_lint_check_fails_on_its_breach(monkeypatch: pytest.MonkeyPatch) -> None:
    case = _seed("pai-f6c337a7ed7e")
    inv.check_lint_raises_clearly(case)
    inv.check_lint_leaves_input(case)
    monkeypatch.setattr(inv, "lint", lambda wire, request, **_: request["nothing"])
    with pytest.raises(AssertionError, match="lint raised KeyError"):
        inv.check_lint_raises_clearly(case)
    monkeypatch.setattr(inv, "lint", lambda wire, request, **_: request.clear())
    with pytest.raises(AssertionError, match="lint mutated its input"):
        inv.check_lint_leaves_input(case)


def test_every_wire_has_seeds() -> None:
    assert {s.wire for s in seeds()} == set(inv.DESTINATIONS)


@pytest.mark.parametrize("kind", MUTATIONS)
def test_every_mutation_applies_to_some_seed(kind: str) -> None:
    applied = []

    @settings(
        max_examples=3,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def prop(data: st.DataObject) -> None:
        for seed in seeds():
            done = _mutations(seed.wire)[kind](copy.deepcopy(seed.request), data.draw)
            if done is not None:
                applied.append(done)
                return

    prop()
    assert applied, f"{kind} applied to no seed"
