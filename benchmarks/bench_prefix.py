"""How long ``lint(wire, b, previous=a)`` takes beside ``lint(wire, b)`` (issue 38; printed,
never asserted).

Target: comparing two 10,000-message requests costs at most 2x the time of linting one.
Each wire gets bench_lint's conversation (3,000 tool turns: 10,000-odd messages), sent as
``a``; ``b`` is ``a`` with a turn appended (a fresh copy: no message shared by identity, as
two requests parsed from two HTTP bodies share none). Also the pair where ``b`` cut the
first tool result again (the walk finds it at once, then estimates the tokens after it), and
``diff_requests`` alone. Best of several runs in CPU time.

Measured 2026-12-07 (pure build, 2 shared cores): append-only 1.19x to 1.40x; with the first
result cut again 1.6x to 2.2x, the extra being the token estimate of everything after the
change (counted exactly in OpenAI's encoding on openai and responses where the ``exact``
extra is installed). The earlier request is not read, only checked and dumped
(``wires.plain_request``), and only the message where it differs is read.
Run: python benchmarks/bench_prefix.py
"""

from __future__ import annotations

import copy
import time
import timeit
from collections.abc import Callable
from functools import partial
from typing import Any

from bench_lint import conversation

from toolresult_lab import WIRES, diff_requests, lint

TURNS = 3000
RUNS = 3


def _best(run: Callable[[], Any]) -> float:
    return min(timeit.repeat(run, number=1, repeat=RUNS, timer=time.process_time))


def _cut_first_result(wire: str, messages: list[Any]) -> None:
    """Shorten the first tool result's text, on the wire's own shape."""
    for message in messages:
        if wire == "gemini":
            for part in message.get("parts", []):
                if "functionResponse" in part:
                    part["functionResponse"]["response"] = {"result": "Sunny"}
                    return
        elif wire == "bedrock":
            for block in message.get("content", []):
                if isinstance(block, dict) and "toolResult" in block:
                    block["toolResult"]["content"] = [{"text": "Sunny"}]
                    return
        elif wire == "anthropic":
            content = message.get("content")
            if isinstance(content, list):
                for block in content:
                    if block.get("type") == "tool_result":
                        block["content"] = "Sunny"
                        return
        elif wire == "responses":
            if message.get("type") == "function_call_output":
                message["output"] = "Sunny"
                return
        elif message.get("role") == "tool":
            message["content"] = (
                "Sunny" if wire != "hermes" else "<tool_response>Sunny</tool_response>"
            )
            return


def main() -> None:
    print(
        f"{'wire':10} {'msgs':>6} {'lint b':>8} {'+prev':>8} {'ratio':>6} {'cut':>8}"
        f" {'ratio':>6} {'diff':>8}"
    )
    for wire in WIRES:
        sent = conversation(wire, TURNS)
        later = copy.deepcopy(sent) + copy.deepcopy(sent[-4:])
        cut = copy.deepcopy(later)
        _cut_first_result(wire, cut)
        alone = _best(partial(lint, wire, later))
        paired = _best(partial(lint, wire, later, previous=sent))
        recut = _best(partial(lint, wire, cut, previous=sent))
        diffed = _best(partial(diff_requests, wire, sent, later))
        found = [f.rule for f in lint(wire, cut, previous=sent) if f.rule == "prefix-changed"]
        assert found == ["prefix-changed"], (wire, found)
        print(
            f"{wire:10} {len(later):6,} {alone:7.3f}s {paired:7.3f}s {paired / alone:5.2f}x"
            f" {recut:7.3f}s {recut / alone:5.2f}x {diffed:7.3f}s"
        )


if __name__ == "__main__":
    main()
