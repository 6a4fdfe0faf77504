"""Every walk back over a JSON text is charged to its budget, the scans that fail as the
ones that succeed: the characters scanned stay within a few lengths of the text however
many commas a hostile string holds (json_array's tail items, json_object's tail members).

Counted, not timed: each scan is wrapped and charged how far it read (where it stopped,
the rest of the text for a nesting too deep for Python), and a ``JSONDecodeError`` the
text before where it stopped (it counts the lines there to say where)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from toolresult_lab.budgets import json_array
from toolresult_lab.budgets.json_array import SCAN_BUDGET, SCAN_FLOOR, read_array
from toolresult_lab.budgets.json_object import read_object

pytestmark = pytest.mark.usefixtures("checker")


class Reach:
    """A scanner wrapped to add up the characters each of its scans read."""

    def __init__(self, scan: Callable[[str, int], tuple[Any, int]]) -> None:
        self.scan = scan
        self.read = 0
        self.calls = 0

    def __call__(self, text: str, start: int) -> tuple[Any, int]:
        self.calls += 1
        try:
            value, end = self.scan(text, start)
        except json.JSONDecodeError as error:  # a string looks for its quote to the end
            unterminated = error.msg.startswith("Unterminated")
            self.read += (len(text) if unterminated else error.pos) - start
            self.read += error.pos // 4  # its line and column: the text before, counted
            raise
        except StopIteration as error:  # a nested value that does not start, and where
            self.read += error.value - start
            raise
        except (RecursionError, ValueError):
            self.read += len(text) - start
            raise
        self.read += end - start
        return value, end


# A last item that is a string whose every comma starts a value that fails late: nested
# past Python's recursion limit (each scan 1,000 levels deep), or within it (each scan
# to the string's end: the walk back read the string's length once per comma).
HOSTILE_LAST = ["[1, " * 3_000, "[1, " * 600, "[[[1, " * 300]


@pytest.mark.parametrize("last", HOSTILE_LAST)
def test_walk_back_over_a_hostile_last_item_reads_a_few_lengths(last, monkeypatch):
    text = json.dumps([*range(3_000), last])
    reach = Reach(json_array._CHECK)
    monkeypatch.setattr(json_array, "_CHECK", reach)
    array = read_array(text)
    assert array is not None and len(array) == 3_001
    assert array.item(2_999) == 2_999
    assert array.item(3_000) == last
    assert reach.read <= (SCAN_BUDGET + 2) * len(text) + SCAN_FLOOR


@pytest.mark.parametrize("depth", [300, 900])
def test_walk_back_over_hostile_tail_members_reads_a_few_lengths(depth, monkeypatch):
    """Members after the long array that never close: each comma starts a member whose
    value fails at the text's end (not JSON: the caller then decodes it whole and fails)."""
    text = '{"r": ' + json.dumps(list(range(3_000))) + ', "s": ' + '{"a": 1, "b": ' * depth + "}"
    reach = Reach(json_array.BUILD)
    monkeypatch.setattr(json_array, "BUILD", reach)
    assert read_object(text, 64) is None
    assert 0 < reach.read <= (SCAN_BUDGET + 2) * len(text) + SCAN_FLOOR


def test_failed_scans_are_charged_what_they_read():
    text = '["' + "1," * 10 + '"]'
    assert json_array.failed_scan_cost(json.JSONDecodeError("x", text, 22), text, 2) == 20 + 22 // 4
    assert json_array.failed_scan_cost(StopIteration(2), text, 2) == 1
    assert json_array.failed_scan_cost(StopIteration(9), text, 2) == 7
    unterminated = json.JSONDecodeError("Unterminated string starting at", text, 21)
    assert json_array.failed_scan_cost(unterminated, text, 21) == len(text) - 21 + 21 // 4
    assert json_array.failed_scan_cost(RecursionError(), text, 5) == len(text) - 5
