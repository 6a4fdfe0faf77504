"""No import cycles inside the package, not even through imports inside functions, and
the layers in their order.

Every ``import`` / ``from ... import`` statement of every module (at any depth of the
syntax tree) that names a module of the package is an edge; the graph must be acyclic.
``if TYPE_CHECKING:`` imports are edges too (for the cycles; the layers are about what
importing a module imports, so a type-only import is not a layer edge).

Every module of the package has a layer (:data:`LAYERS`, from the bottom: leaves, MCP
content, what the wires share, each wire's own package, the wire registry, facts and rule
data, the Result layer, measures, checks, lint and repair, transcripts and translate, views,
reports, widgets, the package's public names, the CLI). A module imports only from its own
layer or those below; the Result layer reaches no module above it at any depth (it reaches
its views through ``hooks``); only ``wires/__init__`` is imported from outside ``wires/``;
no wire's package imports another's. A module is placed by its exact name or by the most
specific glob of its package (``wires._*``, ``wires.*``, ``checks.*``), so a module added
to a package is placed by rule; a module nothing places fails the test, named.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterable
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
    """The import graph of ``modules`` (a fresh copy: a test may plant an edge in it)."""
    key = (tuple(sorted((name, str(path)) for name, path in modules.items())), runtime)
    if key not in _GRAPHS:
        _GRAPHS[key] = _parse_edges(modules, runtime)
    return {name: set(targets) for name, targets in _GRAPHS[key].items()}


_GRAPHS: dict[tuple[object, bool], dict[str, set[str]]] = {}


def _parse_edges(modules: dict[str, Path], runtime: bool) -> dict[str, set[str]]:
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


#: The layers, from the bottom: a module imports only from its own layer or those below.
#: A module is placed by its exact name (relative to the package; ``""`` is the package
#: itself), else by the longest glob that matches it (``wires._*`` before ``wires.*``), so
#: a new module of a package (``checks.media``, ``wires.gemini.edits``) has its place; a
#: new top-level module has none until it is added here, and the test says so.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # leaves: import nothing of the package (the capability packages' __init__ among them)
    ("base", (
        "conversion", "requests", "budgets", "logs", "views",
        "conversion.b64", "conversion.encoding", "conversion.options", "requests.findings",
        "budgets.model_lookup", "budgets.model_table", "budgets.model_catalog",
        "conversion.imagesize", "conversion.pdfpages", "logs.linereader",
        "logs.parquet_rows", "logs.progress", "budgets.shares", "budgets.json_array",
        "budgets.json_object", "budgets.cutting", "budgets.doc_pages", "conversion.gc_pause",
        "budgets.tokenizer", "conversion.nesting", "_moved", "guarding",
    )),
    # MCP content as read from the caller: items, their text, the conversion steps
    ("content", (
        "conversion.text", "conversion.filenames", "conversion.mcp_input", "conversion.items",
        "conversion.steps",
    )),
    # what every wire shares (its protocol, readers' records, turn and request shapes)
    ("wire-shared", ("wires._*",)),
    # each wire's own package (``wires.<wire>``, ``wires.<wire>.*``)
    ("wire", ("wires.*",)),
    # the one registry over the wires
    ("wire-registry", ("wires",)),
    # what sits on the wires: facts, the pipeline, profiles, limits and rule data
    ("facts", (
        "conversion.facts", "conversion.block_types", "conversion.pipeline", "_build",
        "conversion.profiles", "budgets.provider_limits", "budgets.tokens", "requests.answers",
        "requests.rules", "views.roundtrip", "budgets.provider_warning", "requests.rules.*",
        "budgets.models",
    )),
    # the Result layer (it reaches its views through ``hooks``)
    ("result", (
        "conversion.result", "conversion.explain", "conversion.calls", "conversion.tool_turns",
        "conversion.hooks", "conversion.readback",
    )),
    # sizes, token counts and costs of results, turns and requests (checks read them)
    ("measures", (
        "budgets.measure", "budgets.costs", "budgets.fitting", "budgets.turn_budget",
        "views.probes", "budgets.request_tokens", "requests.history", "requests.history.*",
    )),
    ("checks", ("requests.checks", "requests.checks.*")),
    ("requests", (
        "requests.linting", "budgets.request_fit", "requests.repairing", "requests.repairing.*",
    )),
    ("transcripts", (
        "requests.transcripts", "requests.transcripts.*", "requests.translating",
        "requests.finite_settings",
        "requests.tool_definitions", "requests.tool_calls",
    )),
    ("views", ("views.render", "views.render_*", "views.replies")),
    ("reports", (
        "views.matrix", "views.docs", "logs.log_parts", "logs.engines", "logs.auditing",
        "logs.lint_logs", "logs.synthetic",
    )),
    ("widgets", ("views.widgets", "views.widgets.*")),
    # in flight: lint and repair in the path of every request a client sends (no views)
    ("guard", ("guarding.*",)),
    # the package's public names (``__init__``), which the CLI imports
    ("package", ("",)),
    ("cli", ("cli", "cli.*")),
)  # fmt: skip
LAYER_NAMES = tuple(name for name, _ in LAYERS)
RESULT_LAYER = LAYER_NAMES.index("result")


def _relative(module: str) -> str:
    return module[len(NAME) + 1 :] if module != NAME else ""


def _layer(module: str) -> int | None:
    """The index in :data:`LAYERS` of ``module``: by its exact name, else by the matching
    glob with the longest literal head; ``None`` when nothing places it."""
    relative = _relative(module)
    best: tuple[int, int] | None = None  # (how specific, layer)
    for index, (_, patterns) in enumerate(LAYERS):
        for pattern in patterns:
            if pattern == relative:
                return index
            if "*" in pattern and fnmatch.fnmatchcase(relative, pattern):
                head = len(pattern.split("*", 1)[0])
                if best is None or head > best[0]:
                    best = (head, index)
    return None if best is None else best[1]


def _shown(module: str) -> str:
    layer = _layer(module)
    return f"{module} (layer {layer} {LAYER_NAMES[layer]})" if layer is not None else module


def unplaced(modules: Iterable[str]) -> list[str]:
    """A message for each module no entry of :data:`LAYERS` places."""
    return [
        f"{module} has no layer: add it (or a glob for its package) to LAYERS in"
        " tests/test_imports.py"
        for module in sorted(modules)
        if _layer(module) is None
    ]


def _wire_package(module: str) -> str | None:
    """``toolresult_lab.wires.<wire>`` for a module of a wire's own package."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "wires" and not parts[2].startswith("_"):
        package = ".".join(parts[:3])
        if (PACKAGE / "wires" / parts[2] / "__init__.py").is_file():
            return package
    return None


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
    """Every module no layer places, every import that goes up a layer, reaches a view from
    the Result layer at any depth, reaches into ``wires/`` past its ``__init__`` from
    outside, or goes from one wire's package into another's."""
    found = unplaced(graph)
    wires = f"{NAME}.wires"
    for module in sorted(graph):
        layer = _layer(module)
        for target in sorted(graph[module]):
            above = _layer(target)
            if layer is not None and above is not None and above > layer:
                found.append(f"{_shown(module)} imports {_shown(target)}")
            if target.startswith(wires + ".") and not module.startswith(wires):
                found.append(f"{module} imports {target}: only {wires} is imported from outside")
            own, other = _wire_package(module), _wire_package(target)
            if own is not None and other is not None and own != other:
                found.append(f"{module} imports {target}: a wire imports no other wire")
        if layer == RESULT_LAYER:
            views = sorted(
                t for t in _reach(graph, module) if (_layer(t) or RESULT_LAYER) > RESULT_LAYER
            )
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


def test_every_module_has_a_layer():
    modules = _modules()
    assert unplaced(modules) == []
    # the layer test left 53 of 84 modules in one unordered layer (issue 24); a layer now
    # holds one job's modules (the CLI's 16 and the wires' own packages are the largest)
    assert {_layer(module) for module in modules} == set(range(len(LAYERS)))


def test_a_module_is_placed_by_its_name_else_by_its_most_specific_glob():
    def named(module: str) -> str | None:
        layer = _layer(f"{NAME}.{module}" if module else NAME)
        return None if layer is None else LAYER_NAMES[layer]

    assert named("") == "package"
    assert named("cli.__main__") == "cli"
    assert named("wires") == "wire-registry"
    assert named("wires._read") == "wire-shared"
    assert named("wires._ids") == "wire-shared"  # a new shared module
    assert named("wires.gemini") == "wire"
    assert named("wires.gemini.edits") == "wire"  # a new module of a wire's package
    assert named("wires._edit") == "wire-shared"
    assert named("requests.checks.media") == "checks"
    assert named("requests.repairing.paths") == "requests"
    assert named("requests.transcripts.read") == "transcripts"
    assert named("views.render_anything") == "views"
    assert named("requests.rules.sizes") == "facts"
    assert named("jsonpath") is None
    assert unplaced([f"{NAME}.jsonpath", f"{NAME}.requests.linting"]) == [
        f"{NAME}.jsonpath has no layer: add it (or a glob for its package) to LAYERS in"
        " tests/test_imports.py"
    ]


def test_the_layer_check_finds_an_import_up_a_layer() -> None:
    planted = {
        "wires._common": "requests.checks",  # wires never import from the layers above them
        "wires.openai.convert": "wires",  # a wire's package never imports the registry
        "requests.checks.call_pairs": "requests.linting",
        "requests.linting": "requests.transcripts",
        "requests.transcripts.read": "views.render",
        "requests.checks.media": "requests.linting",
        "budgets.costs": "requests.checks",
        "views.render": "views.matrix",
        "views.matrix": "views.widgets",
        "views.widgets.explorer": "cli",
        "conversion.facts": "conversion.result",
        "conversion.steps": "wires",
        "conversion.encoding": "conversion.items",
    }
    for source, target in planted.items():
        graph = _edges(_modules(), runtime=True)
        graph[f"{NAME}.{source}"].add(f"{NAME}.{target}")
        found = layer_violations(graph)
        shown = [v for v in found if v.startswith(f"{NAME}.{source} (layer")]
        assert len(shown) == 1, (source, target, found)
        assert shown[0].endswith(f"imports {_shown(f'{NAME}.{target}')}")
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.requests.linting"].add(f"{NAME}.requests.translating")
    assert (
        f"{NAME}.requests.linting (layer 9 requests) imports {NAME}.requests.translating"
        " (layer 10 transcripts)" in layer_violations(graph)
    )


def test_the_layer_check_finds_a_wire_importing_another_wire() -> None:
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.wires.bedrock.read"].add(f"{NAME}.wires.anthropic.read")
    assert layer_violations(graph) == [
        f"{NAME}.wires.bedrock.read imports {NAME}.wires.anthropic.read: a wire imports no"
        " other wire"
    ]


def test_the_layer_check_finds_an_unplaced_module() -> None:
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.jsonpath"] = {f"{NAME}.conversion.encoding"}
    graph[f"{NAME}.requests.linting"].add(f"{NAME}.jsonpath")
    assert layer_violations(graph) == unplaced([f"{NAME}.jsonpath"])


def test_the_layer_check_finds_a_result_module_reaching_a_view():
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.conversion.result"] = graph[f"{NAME}.conversion.result"] | {
        f"{NAME}.views.render"
    }
    found = layer_violations(graph)
    assert (
        f"{NAME}.conversion.result (layer 6 result) imports {NAME}.views.render (layer 11 views)"
        in found
    )
    assert any(v.startswith(f"{NAME}.conversion.result reaches the views") for v in found)
    # a view reached at depth: explain -> a core module that imported measure
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.conversion.steps"] = graph[f"{NAME}.conversion.steps"] | {
        f"{NAME}.budgets.measure"
    }
    found = layer_violations(graph)
    assert any(v.startswith(f"{NAME}.conversion.explain reaches the views") for v in found)
    graph = _edges(_modules(), runtime=True)
    graph[f"{NAME}.conversion.calls"] = graph[f"{NAME}.conversion.calls"] | {f"{NAME}.wires._turn"}
    assert (
        f"{NAME}.conversion.calls imports {NAME}.wires._turn: only {NAME}.wires is imported"
        " from outside" in layer_violations(graph)
    )
