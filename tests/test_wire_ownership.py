"""Issue 24's "done when", counted on the source: outside a wire's own package
``wires/<wire>/`` no code compares a value against a wire's name, and no module of the
package has more than 600 lines (the field names are ``test_field_names``'s). Issue 35's:
no module under ``views/`` keeps a table keyed by wire names (a wire declares its facts)."""

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


def _keyed_by_wires(node: ast.AST) -> list[str]:
    """The wire names ``node`` uses as a table's keys: a dict literal's, ``dict(openai=...)``'s,
    or a ``Literal[...]``'s members."""
    if isinstance(node, ast.Dict):
        return [name for key in node.keys if key is not None for name in _names_in(key)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return [k.arg for k in node.keywords if k.arg in WIRES]
    if isinstance(node, ast.Subscript):
        head = node.value
        if (isinstance(head, ast.Name) and head.id == "Literal") or (
            isinstance(head, ast.Attribute) and head.attr == "Literal"
        ):
            return _names_in(node.slice)
    return []


def wire_tables(source: str) -> list[tuple[int, str]]:
    """``(line, wire)`` of each wire name that keys a table bound at module or class level
    (an assignment, annotated or not, whatever wraps the table: ``MappingProxyType({...})``).
    A dict passed inside a function (a call's ``extra={"gemini": ...}``) is data, not a
    table, and is not counted."""
    found = []
    bodies = [ast.parse(source).body]
    while bodies:
        for statement in bodies.pop():
            if isinstance(statement, ast.ClassDef):
                bodies.append(statement.body)
            elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
                for node in ast.walk(statement):
                    found += [(node.lineno, name) for name in _keyed_by_wires(node)]
    return sorted(found)


def test_the_table_guard_finds_each_form_of_table() -> None:
    code = """
A = {"openai": 1, "other": 2}
B: Mapping[str, str] = MappingProxyType({"hermes": "openai"})
C = Literal["gemini", "x"]
D = dict(ollama=1)
class E:
    F = {"bedrock": 1}
def g():
    return call(extra={"responses": 1})
H = ("anthropic", "openai")  # a tuple keys nothing
"""
    found = [(2, "openai"), (3, "hermes"), (4, "gemini"), (5, "ollama"), (7, "bedrock")]
    assert wire_tables(code) == found


def test_no_view_keys_a_table_by_a_wire_name() -> None:
    """``views/roundtrip.py`` and ``views/replies.py`` read each wire's ``OfficialClient``
    from the registry: a wire's round trip is declared in its own package, once."""
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {wire}"
        for path in _modules()
        if path.relative_to(PACKAGE).parts[0] == "views"
        for line, wire in wire_tables(path.read_text(encoding="utf-8"))
    ]
    assert found == []
