"""No module outside ``wires/`` holds a provider's field name (issue 20), and (issue 24) no
module outside a wire's own package ``wires/<wire>/`` holds one at all.

Each wire reads and writes its own shapes in ``wires/<wire>/``; everything else reads
the typed records the converters and readers report. The exceptions: ``items.py`` and
``text.py`` (MCP input, Anthropic-native input blocks included: SPEC 2 and 3) and
``mcp_input.py`` (the MCP SDK 2.x's own snake_case ``mime_type``, issue 28); for issue 24,
:data:`OWN_NAMES` says which of their names are the package's own.

A field name "held" is a string literal in code (docstrings and prose, strings with spaces,
are not code) that names the field: ``"image_url"``, ``"source.data"``, ``f"...{x}.inlineData"``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from provider_vocabulary import (
    MCP_NAMES,
    distinctive,
    is_compound,
    own_api_names,
    provider_names,
)

import toolresult_lab

PACKAGE = Path(toolresult_lab.__file__).resolve().parent
ALLOWED = {"conversion/items.py", "conversion/text.py", "conversion/mcp_input.py"}
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


# -- issue 24: every string constant, against every provider name of the SDKs ------------

# The string constants outside the wires' own packages that name a provider field: 211 on
# ``0a75bb5``, 93 after the wire packages took their edits, checks and settings, none once
# the shared wire modules and the top-level modules gave theirs to their wires (2026-12-02).


#: The package's own vocabulary that equals a provider's name (issue 24), by file: what a
#: caller writes or reads as the package's, not a wire's shape. (file, name, why); short.
OWN_NAMES: tuple[tuple[str, str, str], ...] = (
    (
        "conversion/items.py",
        "cache_control",
        "SPEC 2: the key an MCP text entry may carry, kept on TextItem",
    ),
    (
        "conversion/text.py",
        "search_result",
        "SPEC 2 and 3: the MCP-side entry kind and its text marker",
    ),
    (
        "conversion/text.py",
        "media_type",
        "SPEC 3: a native input entry's MIME type, for its placeholder",
    ),
    (
        "conversion/options.py",
        "tool_response",
        "the response_tag option's default (the Hermes tag)",
    ),
    ("logs/synthetic.py", "web_search", "an MCP tool's name in the synthetic log, not a field"),
)


def _all_strings(tree: ast.AST) -> set[int]:
    """The ids of the strings of an ``__all__`` (they name the module's Python objects)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                found.update(id(n) for n in ast.walk(node.value) if isinstance(n, ast.Constant))
    return found


def provider_field_constants(source: str, names: frozenset[str]) -> list[tuple[int, str, str]]:
    """``(line, constant, names)`` of each code string constant (not a docstring, not prose
    with spaces, not an ``__all__`` entry) one of whose identifiers is in ``names``."""
    tree = ast.parse(source)
    skipped = _docstrings(tree) | _all_strings(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in skipped or re.search(r"\s", node.value):
            continue
        held = sorted(set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", node.value)) & names)
        if held:
            found.append((node.lineno, node.value, ", ".join(held)))
    return sorted(found)


def _in_a_wire_package(relative: Path) -> bool:
    """``wires/<wire>/...``: a wire's own package (``wires/_edit.py`` is shared, not one)."""
    return len(relative.parts) > 2 and relative.parts[0] == "wires"


def offenders() -> list[str]:
    """``file:line: constant (name)`` for each provider field name held outside the wires'
    own packages."""
    names = distinctive()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if _in_a_wire_package(relative):
            continue
        own = {name for file, name, _ in OWN_NAMES if file == str(relative)}
        for line, constant, name in provider_field_constants(
            path.read_text(encoding="utf-8"), names - own
        ):
            found.append(f"toolresult_lab/{relative}:{line}: {constant!r} ({name})")
    return found


def test_no_string_constant_outside_the_wire_packages_is_a_provider_field_name() -> None:
    found = offenders()
    assert found == [], f"{len(found)} provider field names outside wires/<wire>/:\n" + "\n".join(
        found
    )


def test_each_own_name_is_held_where_it_is_allowed() -> None:
    """An entry of :data:`OWN_NAMES` that no longer matches anything is dropped, not kept."""
    assert len(OWN_NAMES) <= 6
    for file, name, why in OWN_NAMES:
        source = (PACKAGE / file).read_text(encoding="utf-8")
        held = provider_field_constants(source, frozenset({name}))
        assert held and name in distinctive() and why, (file, name)


def test_the_vocabulary_is_read_from_the_sdks() -> None:
    names = provider_names()
    assert {"tool_use_id", "cache_control", "tool_result", "redacted_thinking"} <= names[
        "anthropic"
    ]
    assert {"tool_call_id", "image_url", "tool_calls"} <= names["openai"]
    assert {"call_id", "function_call_output", "input_image", "previous_response_id"} <= names[
        "responses"
    ]
    # google-genai: each field by its name and its alias
    assert {"inline_data", "inlineData", "thought_signature", "thoughtSignature"} <= names["gemini"]
    assert {"tool_name", "images"} <= names["ollama"]
    assert {"toolResult", "toolUseId", "s3Location", "cachePoint"} <= names["bedrock"]
    vocabulary = distinctive()
    # every name of the closed list above but MCP's own (mime_type is MCP input too)
    assert FIELD_NAMES - MCP_NAMES() <= vocabulary
    assert FIELD_NAMES & MCP_NAMES() == {"mime_type"}
    # one-word names and MCP's are not distinctive
    for name in ("text", "type", "name", "id", "role", "content", "data", "image", "json"):
        assert name in names["anthropic"] | names["bedrock"] | names["gemini"]
        assert name not in vocabulary
    assert "mimeType" in names["gemini"] and "mimeType" not in vocabulary
    assert "isError" in MCP_NAMES() and "is_error" in names["anthropic"]
    assert "is_error" not in vocabulary
    # the package's own public names: fit(max_tokens=...), estimate_tokens(media_resolution=)
    assert {"max_tokens", "media_resolution"} <= names["anthropic"] | names["gemini"]
    assert {"max_tokens", "media_resolution"} <= own_api_names()
    assert not {"max_tokens", "media_resolution"} & vocabulary


def test_a_name_is_compound_when_it_joins_two_words() -> None:
    assert [n for n in ("tool_use_id", "inlineData", "s3Location", "toolResult") if is_compound(n)]
    assert not [n for n in ("text", "_meta", "async_", "$defs", "json", "URL") if is_compound(n)]


def test_the_walk_reports_each_constant_with_its_place() -> None:
    code = '''
"""A docstring naming toolResult is prose."""
__all__ = ["tool_use_id"]
A = {"toolResult": 1}
B = f"{x}.inlineData"
C = "the toolUseId is empty"  # prose: has spaces
D = "messages[0].content[1].toolUse.input"
E = ("text", "type", "content")
'''
    assert provider_field_constants(code, distinctive()) == [
        (4, "toolResult", "toolResult"),
        (5, ".inlineData", "inlineData"),
        (7, "messages[0].content[1].toolUse.input", "toolUse"),
    ]
    assert _in_a_wire_package(Path("wires/gemini/core.py"))
    assert not _in_a_wire_package(Path("wires/_edit.py"))
    assert not _in_a_wire_package(Path("requests/linting.py"))
