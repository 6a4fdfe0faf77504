"""No module outside ``wires/`` holds a provider's field name (issue 20).

Each wire reads and writes its own shapes in ``wires/<wire>/``; everything else reads
the typed records the converters and readers report. The exceptions: ``items.py`` and
``text.py`` (MCP input, Anthropic-native input blocks included: SPEC 2 and 3),
``mcp_input.py`` (the MCP SDK 2.x's own snake_case ``mime_type``, issue 28), ``blocks.py``
(the types of the blocks), ``roundtrip.py`` (what the official clients change) and the
sample-input builders ``probes.py`` and ``synthetic.py``.

A field name "held" is a string literal in code (docstrings and prose, strings with spaces,
are not code) that names the field: ``"image_url"``, ``"source.data"``, ``f"...{x}.inlineData"``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import toolresult_lab

PACKAGE = Path(toolresult_lab.__file__).resolve().parent
ALLOWED = {
    "items.py", "text.py", "mcp_input.py", "blocks.py", "roundtrip.py", "probes.py", "synthetic.py"
}  # fmt: skip
FIELD_NAMES = frozenset(
    {
        # named by the issue
        "inlineData", "image_url", "input_image", "file_data", "media_type", "tool_call_id",
        "tool_use_id", "functionResponse", "thoughtSignature", "tool_calls",
        # and the obvious others
        "inline_data", "mime_type", "input_file", "input_text", "output_text", "tool_use",
        "tool_result", "function_response", "functionCall", "function_call",
        "function_call_output", "call_id", "thought_signature", "tool_name", "fileData",
        "fileUri", "systemInstruction", "system_instruction", "cache_control",
        "previous_response_id", "redacted_thinking", "search_result",
    }
)  # fmt: skip


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # an attribute docstring: a bare string right after an assignment
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for index in range(1, len(body)):
                before, after = body[index - 1], body[index]
                if (
                    isinstance(before, (ast.Assign, ast.AnnAssign))
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    found.add(id(after.value))
    return found


def held_field_names(source: str) -> list[tuple[int, str]]:
    """``(line, literal)`` of each code string literal that names a provider field."""
    tree = ast.parse(source)
    skipped = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in skipped or re.search(r"\s", node.value):
            continue
        if FIELD_NAMES & set(re.findall(r"[A-Za-z_]+", node.value)):
            found.append((node.lineno, node.value))
    return sorted(found)


def test_no_module_outside_the_wires_holds_a_provider_field_name():
    held = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "wires" or str(relative) in ALLOWED:
            continue
        found = held_field_names(path.read_text(encoding="utf-8"))
        if found:
            held[str(relative)] = found
    assert held == {}


def test_the_check_finds_a_field_name_in_code_not_in_prose():
    code = '''
"""A docstring naming tool_call_id is prose."""
X = {"image_url": 1}
Y = f"{x}.inlineData"
Z = "the tool_call_id is empty"  # prose: has spaces
W = "messages[0].tool_calls"
'''
    assert held_field_names(code) == [
        (3, "image_url"),
        (4, ".inlineData"),
        (6, "messages[0].tool_calls"),
    ]
