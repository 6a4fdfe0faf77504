"""No import cycles inside the package, not even through imports inside functions, and
the layers in their order.

Every ``import`` / ``from ... import`` statement of every module (at any depth of the
syntax tree) that names a module of the package is an edge; the graph must be acyclic.
``if TYPE_CHECKING:`` imports are edges too (for the cycles; the layers are about what
importing a module imports, so a type-only import is not a layer edge).

The layers, from the bottom (a module imports only from its own layer or those below):
the core (``b64``, ``encoding``, ``text``, ``items``, ``steps``, ``options``, ...), the
wires, what sits on the wires (``pipeline``, ``facts``), the Result layer (``result``,
``explain``, ``calls``, ``turns`` and ``hooks``, through which it reaches its views), and
everything else (views, tools, the CLI). Only ``wires/__init__`` is imported from outside
``wires/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import toolresult_lab

PACKAGE = Path(toolresult_lab.__file__).resolve().parent
NAME = "toolresult_lab"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _resolve(current: str, is_package: bool, level: int, module: str | None) -> str:
    if level == 0:
        return module or ""
    base = current.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of import nodes inside ``if TYPE_CHECKING:`` blocks."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        found.add(id(sub))
    return found


def _edges(modules: dict[str, Path], runtime: bool = False) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_only(tree) if runtime else set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node.level, node.module)
                # ``from pkg import sub`` imports the submodule; ``from mod import x`` the module
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for target in targets:
                # the longest known module the target names (``from . import x`` -> ``pkg.x``)
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith(NAME):
                    graph[name].add(target)
    return graph


def _p(*names: str) -> set[str]:
    return {f"{NAME}.{name}" if name else NAME for name in names}


CORE = _p(
    "b64", "encoding", "filenames", "text", "items", "steps", "options", "blocks",
    "mcp_input",
)  # fmt: skip
ON_WIRES = _p("pipeline", "facts", "_build", "provider_warning")
RESULT = _p("result", "explain", "calls", "turns", "hooks", "readback")


def _layer(module: str) -> int:
    """0 core, 1 wires, 2 on the wires, 3 the Result layer, 4 views and tools."""
    if module in CORE:
        return 0
    if module == f"{NAME}.wires" or module.startswith(f"{NAME}.wires."):
        return 1
    if module in ON_WIRES:
        return 2
    if module in RESULT:
        return 3
    return 4


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that goes up a layer, reaches a view from the Result layer at any
    depth, or reaches into ``wires/`` past its ``__init__`` from outside."""
    found = []
    wires = f"{NAME}.wires"
    for module in sorted(graph):
        for target in sorted(graph[module]):
            if _layer(target) > _layer(module):
                found.append(
                    f"{module} (layer {_layer(module)}) imports {target} (layer {_layer(target)})"
                )
            if target.startswith(wires + ".") and not module.startswith(wires):
                found.append(f"{module} imports {target}: only {wires} is imported from outside")
        if module in RESULT:
            views = sorted(t for t in _reach(graph, module) if _layer(t) == 4)
            if views:
                found.append(f"{module} reaches the views {', '.join(views)}")
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    visiting: list[str] = []
    done: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in visiting:
            return [*visiting[visiting.index(node) :], node]
        if node in done:
            return None
        visiting.append(node)
        for nxt in sorted(graph[node]):
            found = visit(nxt)
            if found:
                return found
        visiting.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start)
        if found:
            return found
    return None


def test_the_package_has_no_import_cycles():
    graph = _edges(_modules())
    assert len(graph) > 20
    assert "toolresult_lab.wires.openai" in graph["toolresult_lab.wires"]
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_checker_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_layers_hold():
    graph = _edges(_modules(), runtime=True)
    assert layer_violations(graph) == []


def test_the_layers_hold_for_type_only_imports_too():
    """A type named under ``TYPE_CHECKING`` belongs to a layer too: the Result layer names
    no view type (issue 29.5: ``explain`` named ``measure.ProviderWarning``)."""
    graph = _edges(_modules())
    assert layer_violations(graph) == []


def test_the_layer_check_finds_a_result_module_reaching_a_view():
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.result"] = graph[f"{NAME}.result"] | {f"{NAME}.render"}
    found = layer_violations(graph)
    assert f"{NAME}.result (layer 3) imports {NAME}.render (layer 4)" in found
    assert any(v.startswith(f"{NAME}.result reaches the views") for v in found)
    # a view reached at depth: explain -> a core module that imported measure
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.steps"] = graph[f"{NAME}.steps"] | {f"{NAME}.measure"}
    found = layer_violations(graph)
    assert any(v.startswith(f"{NAME}.explain reaches the views") for v in found)
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.calls"] = graph[f"{NAME}.calls"] | {f"{NAME}.wires._turn"}
    assert (
        f"{NAME}.calls imports {NAME}.wires._turn: only {NAME}.wires is imported from outside"
        in layer_violations(graph)
    )
