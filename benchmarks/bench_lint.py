"""How fast ``lint`` checks a whole request (printed, never asserted).

Targets (SPEC 8 / issue 15): a 1,000-message request with 300 tool turns at 20,000 messages/s
or more on the compiled build, and linear in size: 10x the messages within 12x the time. Each
wire gets the same conversation in its own shape: 300 turns of a call and its result (two
parallel calls every third turn), between user and assistant text messages, one image. Best of
several runs in CPU time (wall time on a shared machine counts others' work too), both sizes
in the same run. Beside it: the ratio of a plain walk over the same JSON, the floor that
touching 10x the input sets on this machine. Under cachegrind (2026-12-01, openai and gemini,
both builds) lint's instructions grow 10.0x to 10.14x, its last-level cache misses from about
a hundred a run to thousands: 1,000 messages fit the caches, 10,000 do not. Then pairing in
request shapes where a lookup per result once scanned every call, and ``repair`` in shapes
where a fix per finding once scanned every call or message. Last, ``context-window``'s share
of lint's time with a catalogued model (issue 27).
Run: python benchmarks/bench_lint.py
"""

from __future__ import annotations

import json
import time
import timeit
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from toolresult_lab import COMPILED, WIRES, lint, repair
from toolresult_lab.budgets.models import model_facts
from toolresult_lab.budgets.request_tokens import read_tokens
from toolresult_lab.budgets.tokenizer import count
from toolresult_lab.requests.checks.context_window import WARN_SHARE
from toolresult_lab.views.probes import SAMPLE_IMAGES
from toolresult_lab.wires import read_request

PNG = SAMPLE_IMAGES["image/png"]
SIGNATURE = "Cv8B+/7x" + "QUJD" * 4 + "/+8="


def _call(wire: str, ids: list[str]) -> list[Any]:
    if wire in ("openai", "ollama"):
        calls = [
            {"id": i, "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
            for i in ids
        ]
        return [{"role": "assistant", "content": "", "tool_calls": calls}]
    if wire == "anthropic":
        blocks = [{"type": "tool_use", "id": i, "name": "f", "input": {"a": 1}} for i in ids]
        return [{"role": "assistant", "content": blocks}]
    if wire == "gemini":
        parts: list[Any] = [{"functionCall": {"name": "f", "args": {"a": 1}, "id": i}} for i in ids]
        parts[0]["thoughtSignature"] = SIGNATURE
        return [{"role": "model", "parts": parts}]
    if wire == "responses":
        return [
            {"type": "function_call", "call_id": i, "name": "f", "arguments": '{"a": 1}'}
            for i in ids
        ]
    if wire == "bedrock":
        uses = [{"toolUse": {"toolUseId": i, "name": "f", "input": {"a": 1}}} for i in ids]
        return [{"role": "assistant", "content": uses}]
    body = json.dumps({"name": "f", "arguments": {"a": 1}})
    text = "\n".join(f"<tool_call>{body}</tool_call>" for _ in ids)
    return [{"role": "assistant", "content": text}]


def _results(wire: str, ids: list[str]) -> list[Any]:
    if wire == "anthropic":
        blocks = [{"type": "tool_result", "tool_use_id": i, "content": "Sunny, 22C"} for i in ids]
        return [{"role": "user", "content": blocks}]
    if wire == "gemini":
        parts = [
            {"functionResponse": {"name": "f", "id": i, "response": {"result": "Sunny, 22C"}}}
            for i in ids
        ]
        return [{"role": "user", "parts": parts}]
    if wire == "responses":
        return [{"type": "function_call_output", "call_id": i, "output": "Sunny, 22C"} for i in ids]
    if wire == "bedrock":
        blocks = [
            {"toolResult": {"toolUseId": i, "content": [{"text": "Sunny, 22C"}]}} for i in ids
        ]
        return [{"role": "user", "content": blocks}]
    if wire == "hermes":
        body = json.dumps({"name": "f", "content": "Sunny, 22C"})
        return [{"role": "tool", "content": f"<tool_response>{body}</tool_response>"} for _ in ids]
    return [{"role": "tool", "tool_call_id": i, "content": "Sunny, 22C"} for i in ids]


def _text(wire: str, role: str, text: str) -> Any:
    if wire == "gemini":
        return {"role": "model" if role == "assistant" else "user", "parts": [{"text": text}]}
    if wire == "bedrock":
        return {"role": role, "content": [{"text": text}]}
    return {"role": role, "content": text}


def conversation(wire: str, turns: int) -> list[Any]:
    """``turns`` tool turns (every third with two parallel calls) between text messages:
    900 to 1,100 messages per 300 turns, by wire."""
    messages: list[Any] = []
    for n in range(turns):
        if n % 3 == 0:
            messages.append(_text(wire, "user", f"Question {n}?"))
        ids = [f"call_{n}_a", f"call_{n}_b"] if n % 3 == 1 else [f"call_{n}"]
        messages += _call(wire, ids)
        messages += _results(wire, ids)
        if n % 3 == 2:  # the next turn's question follows (Bedrock takes roles in turn)
            messages.append(_text(wire, "assistant", f"Answer {n}."))
    if wire == "anthropic":
        image = {"type": "base64", "media_type": "image/png", "data": PNG}
        messages.append({"role": "user", "content": [{"type": "image", "source": image}]})
    else:
        messages.append(_text(wire, "user", "Thanks."))
    return messages


def best(request: list[Any], wire: str, runs: int) -> float:
    """Best CPU seconds of one ``lint`` over ``runs`` runs (this process's CPU time: on a
    machine shared with other work, wall time also counts the time others ran)."""
    return min(
        timeit.repeat(lambda: lint(wire, request), number=1, repeat=runs, timer=time.process_time)
    )


def walk(value: Any) -> None:
    """Touch every value of a request (the floor: what reading the input alone costs)."""
    if isinstance(value, dict):
        for item in value.values():
            walk(item)
    elif isinstance(value, list):
        for item in value:
            walk(item)


def best_walk(request: list[Any], runs: int) -> float:
    return min(timeit.repeat(lambda: walk(request), number=1, repeat=runs, timer=time.process_time))


def _function(call_id: str | None, name: str = "f") -> dict[str, Any]:
    call: dict[str, Any] = {"type": "function", "function": {"name": name, "arguments": "{}"}}
    if call_id is not None:
        call["id"] = call_id
    return call


def results_without_ids(n: int) -> list[Any]:
    """openai: ``n`` turns whose tool message has no ``tool_call_id``."""
    messages: list[Any] = [{"role": "user", "content": "q"}]
    for k in range(n):
        messages.append({"role": "assistant", "content": None, "tool_calls": [_function(f"c{k}")]})
        messages.append({"role": "tool", "content": "r"})
    return messages


def unknown_call_ids(n: int) -> list[Any]:
    """responses: ``n`` calls, then ``n`` outputs whose ``call_id`` no call has."""
    calls = [
        {"type": "function_call", "call_id": f"c{k}", "name": "f", "arguments": "{}"}
        for k in range(n)
    ]
    outputs = [
        {"type": "function_call_output", "call_id": f"x{k}", "output": "r"} for k in range(n)
    ]
    return calls + outputs


def one_id_reused(n: int) -> list[Any]:
    """anthropic: ``n`` turns that all use the call id ``same``."""
    messages: list[Any] = [{"role": "user", "content": "q"}]
    use = {"type": "tool_use", "id": "same", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "same", "content": "r"}
    for _ in range(n):
        messages += [{"role": "assistant", "content": [use]}, {"role": "user", "content": [result]}]
    return messages


def one_id_twice_per_message(n: int) -> list[Any]:
    """anthropic: ``n`` turns each calling ``same`` twice in one message (rejected, so
    repaired: every later call and its answer renamed)."""
    messages: list[Any] = [{"role": "user", "content": "q"}]
    use = {"type": "tool_use", "id": "same", "name": "f", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "same", "content": "r"}
    for _ in range(n):
        messages += [
            {"role": "assistant", "content": [use, use]},
            {"role": "user", "content": [result, result]},
        ]
    return messages


def parallel_without_ids(n: int) -> list[Any]:
    """gemini: one content of ``n`` calls without ids, answered by name in the next."""
    return [
        {"role": "user", "parts": [{"text": "q"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}} for _ in range(n)]},
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "f", "response": {"result": "r"}}} for _ in range(n)
            ],
        },
    ]


def calls_without_ids(n: int) -> list[Any]:
    """openai: one assistant message of ``n`` calls without ids, results with unknown ids."""
    tools = [{"role": "tool", "tool_call_id": f"x{k}", "content": "r"} for k in range(n)]
    calls = [_function(None) for _ in range(n)]
    return [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": calls},
        *tools,
    ]


#: Pairing where a lookup per result once scanned every call (26x to 71x the time for 10x
#: the calls before 2026-12-01): each must stay near 10x.
SHAPES: Final = (
    ("openai", "results without ids", results_without_ids),
    ("responses", "unknown call ids", unknown_call_ids),
    ("anthropic", "one id reused", one_id_reused),
    ("gemini", "parallel calls, no ids", parallel_without_ids),
    ("openai", "calls without ids", calls_without_ids),
)


def images_in_tool_messages(n: int) -> list[Any]:
    """openai (vision): ``n`` turns whose tool message holds an image, hoisted by repair."""
    messages: list[Any] = [{"role": "user", "content": "q"}]
    for k in range(n):
        messages.append({"role": "assistant", "content": None, "tool_calls": [_function(f"c{k}")]})
        image = {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}
        messages.append({"role": "tool", "tool_call_id": f"c{k}", "content": [image]})
    return messages


def response_parts(n: int) -> list[Any]:
    """gemini (2.5, vision): ``n`` turns whose ``functionResponse`` holds an image part."""
    contents: list[Any] = [{"role": "user", "parts": [{"text": "q"}]}]
    for k in range(n):
        call = {"functionCall": {"id": f"c{k}", "name": "f", "args": {}}}
        contents.append({"role": "model", "parts": [{**call, "thoughtSignature": SIGNATURE}]})
        media = {"inlineData": {"mimeType": "image/png", "data": PNG}}
        response = {"id": f"c{k}", "name": "f", "response": {"result": "r"}, "parts": [media]}
        contents.append({"role": "user", "parts": [{"functionResponse": response}]})
    return contents


def documents_of_one_name(n: int) -> list[Any]:
    """bedrock: one user message of ``n`` documents all named ``x``, each later one renamed."""
    source = {"bytes": "JVBERi0xLjQK"}
    documents = [{"document": {"format": "pdf", "name": "x", "source": source}} for _ in range(n)]
    return [{"role": "user", "content": [{"text": "q"}, *documents]}]


def unanswered_calls(n: int) -> list[Any]:
    """responses: ``n`` function calls no output answers (each gets its error result)."""
    calls = [
        {"type": "function_call", "call_id": f"call_{i}", "name": "f", "arguments": "{}"}
        for i in range(n)
    ]
    return [{"role": "user", "content": "q"}, *calls]


def outputs_answering_no_call(n: int) -> list[Any]:
    """openai: one call, its result, then ``n`` tool messages whose ids no call has (each
    kept as a user message after the run: issue 25)."""
    tools = [{"role": "tool", "tool_call_id": f"zz{k}", "content": f"o{k}"} for k in range(n)]
    return [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [_function("c1")]},
        {"role": "tool", "tool_call_id": "c1", "content": "r"},
        *tools,
    ]


def duplicate_results(n: int) -> list[Any]:
    """anthropic: ``n`` turns whose call is answered twice (merged into one: issue 25)."""
    messages: list[Any] = [{"role": "user", "content": "q"}]
    for k in range(n):
        use = {"type": "tool_use", "id": f"c{k}", "name": "f", "input": {}}
        result = {"type": "tool_result", "tool_use_id": f"c{k}", "content": "r"}
        messages += [
            {"role": "assistant", "content": [use]},
            {"role": "user", "content": [result, result]},
        ]
    return messages


#: Repair where a fix per finding once scanned every call, message or taken name (a reused
#: id: 49x the time for 10x the turns before 2026-12-01; 20,000 documents of one name:
#: 174 s): each must stay near 10x.
REPAIR_SHAPES: Final = (
    # an id reused in separate, well-formed pairs is accepted and left as it is: twice in
    # one message is what repair renames
    ("anthropic", None, "one id twice per message", one_id_twice_per_message),
    ("openai", None, "images in tool messages", images_in_tool_messages),
    ("gemini", "gemini-2.5", "parts in responses", response_parts),
    ("bedrock", None, "documents of one name", documents_of_one_name),
    # an insert and a scan per call: 10,000 took 30 s before 2026-12-02
    ("responses", None, "unanswered calls", unanswered_calls),
    # outputs kept, never removed (issue 25): a scan back per kept output was quadratic
    ("openai", None, "outputs answering no call", outputs_answering_no_call),
    ("anthropic", None, "duplicate results", duplicate_results),
)


def best_repair(request: list[Any], wire: str, profile: str | None, runs: int) -> float:
    """Best CPU seconds of ``runs`` repairs (each finds at least one change)."""
    assert repair(wire, request, profile=profile, vision=True).changes
    return min(
        timeit.repeat(
            lambda: repair(wire, request, profile=profile, vision=True),
            number=1,
            repeat=runs,
            timer=time.process_time,
        )
    )


def main() -> None:
    build = "compiled" if COMPILED else "pure Python"
    print(f"lint of a whole request ({build} core); target >= 20,000 messages/s compiled,")
    print("10x the messages within 12x the time")
    print("(walk x10: a plain walk over the same request JSON, the floor the memory sets)")
    header = ("wire", "messages", "seconds", "msg/s", "x10 msgs", "x10 time", "walk x10")
    print(f"  {header[0]:<10} " + " ".join(f"{h:>9}" for h in header[1:]))
    for wire in WIRES:
        small = conversation(wire, 300)
        large = conversation(wire, 3000)
        assert not lint(wire, small).errors, lint(wire, small)
        t_small = best(small, wire, 7)
        t_large = best(large, wire, 7)
        w_ratio = best_walk(large, 7) / best_walk(small, 7)
        print(
            f"  {wire:<10} {len(small):>8} {t_small:>9.4f} {len(small) / t_small:>9,.0f}"
            f" {len(large) / len(small):>8.1f}x {t_large / t_small:>8.2f}x {w_ratio:>8.2f}x"
        )
    print("pairing in shapes that once scanned every call per result: 500 and 5,000 calls")
    print(f"  {'wire':<10} {'shape':<24} {'seconds':>9} {'x10 time':>9}")
    for wire, name, make in SHAPES:
        small, large = make(500), make(5000)
        t_small = best(small, wire, 5)
        t_large = best(large, wire, 3)
        print(f"  {wire:<10} {name:<24} {t_small:>9.4f} {t_large / t_small:>8.2f}x")
    print("repair in shapes that once scanned every call or message per finding: 500, 5,000")
    print(f"  {'wire':<10} {'shape':<24} {'seconds':>9} {'x10 time':>9}")
    for wire, profile, name, make in REPAIR_SHAPES:
        small, large = make(500), make(5000)
        t_small = best_repair(small, wire, profile, 5)
        t_large = best_repair(large, wire, profile, 3)
        print(f"  {wire:<10} {name:<24} {t_small:>9.4f} {t_large / t_small:>8.2f}x")
    context_window_share()


#: A catalogued model per wire, so ``context-window`` runs (issue 27).
WINDOW_MODELS: Final = {
    "openai": "gpt-4o",
    "responses": "gpt-5-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "bedrock": "us.amazon.nova-2-lite-v1:0",
}


def context_window_share() -> None:
    """What ``context-window`` adds to ``lint`` (target: at most 10 %): the check's own
    time (the request's estimate, ``read_tokens`` of the request as lint read it) against
    the time of ``lint`` with the model, 300 turns with and without a 1 MB tool result.
    On openai and responses the 1 MB rows stay near 20 % (2026-12-02, pure build): the
    exact count of the text alone (toktok-rs, one thread, 5.0 ms for the 1 MB result, one
    pre-tokenizer piece) is 14-17 % of the rest of lint, and both figures are needed (over
    gpt-4o's window the error names the count; under 90 % of gpt-5-mini's, no bound short
    of the count shows it)."""
    counting = "exact (toktok-rs)" if count("a", "o200k_base") is not None else "estimated"
    print("context-window: its share of lint's time with a catalogued model (target <= 10 %)")
    print(f"(text of openai and responses requests: {counting})")
    print(f"  {'wire':<10} {'request':<22} {'lint s':>9} {'check s':>9} {'share':>7}")
    for wire, model in WINDOW_MODELS.items():
        plain = conversation(wire, 300)
        big = [*_call(wire, ["call_big"]), *_results(wire, ["call_big"]), *plain]
        _put_text(big, wire, "x" * 1_000_000)
        for name, request in (("300 turns", plain), ("300 turns + 1 MB result", big)):
            read = read_request(wire, request)
            t_lint = _best(partial(lint, wire, request, model=model))
            facts = model_facts(wire, model)
            window = None if facts is None else facts.input_window
            within = None if window is None else int(WARN_SHARE * window)
            # what the check runs: the model's encoding, and no count of a request far below
            t_check = _best(partial(read_tokens, read, model=model, within=within))
            share = t_check / max(1e-9, t_lint - t_check)
            print(f"  {wire:<10} {name:<22} {t_lint:>9.4f} {t_check:>9.4f} {share:>6.1%}")


def _best(run: Callable[[], object]) -> float:
    return min(timeit.repeat(run, number=1, repeat=5, timer=time.process_time))


def _put_text(request: list[Any], wire: str, text: str) -> None:
    """Set the text of the result for ``call_big`` (the request's second message)."""
    holder = request[1]
    if wire == "anthropic":
        holder["content"][0]["content"] = text
    elif wire == "gemini":
        holder["parts"][0]["functionResponse"]["response"]["result"] = text
    elif wire == "bedrock":
        holder["content"][0]["toolResult"]["content"] = [{"text": text}]
    elif wire == "responses":
        holder["output"] = text
    else:
        holder["content"] = text


if __name__ == "__main__":
    main()
