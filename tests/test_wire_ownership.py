"""Issue 24's "done when", counted on the source: outside a wire's own package
``wires/<wire>/`` no code compares a value against a wire's name, and no module of the
package has more than 600 lines (the field names are ``test_field_names``'s)."""

from __future__ import annotations

import ast
from pathlib import Path

import toolresult_lab
from toolresult_lab import WIRES

PACKAGE = Path(toolresult_lab.__file__).resolve().parent
MAX_LINES = 600


def _names_in(node: ast.AST) -> list[str]:
    """The wire names ``node`` holds as a string constant, or as one of a literal tuple, list
    or set (``wire in ("openai", "ollama")``)."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [
        item.value
        for item in items
        if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in WIRES
    ]


def wire_comparisons(source: str) -> list[tuple[int, str]]:
    """``(line, wire)`` of each comparison (``==``, ``!=``, ``in``, ``not in``) or ``case``
    pattern against a wire's name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                found += [(node.lineno, name) for name in _names_in(side)]
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, name) for name in _names_in(node.value)]
    return sorted(found)


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _in_a_wire_package(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return len(parts) > 2 and parts[0] == "wires"


def test_the_guard_finds_each_form_of_comparison() -> None:
    code = """
if wire == "openai": pass
if "bedrock" != wire: pass
if wire in ("gemini", "other"): pass
match wire:
    case "hermes": pass
x = {"openai": 1}  # a table, not a comparison
"""
    assert wire_comparisons(code) == [(2, "openai"), (3, "bedrock"), (4, "gemini"), (6, "hermes")]


def test_no_comparison_against_a_wire_name_outside_its_package() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {wire}"
        for path in _modules()
        if not _in_a_wire_package(path)
        for line, wire in wire_comparisons(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_module_has_more_than_600_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
