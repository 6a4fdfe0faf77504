"""The package's folders show its layers (issue 35): a short root, capability packages, no
two modules of one name, and no public name hiding a module of the same name.

A wire's own package (``wires/<wire>/``) repeats the same module names on purpose: each
wire fills the same roles (``core``, ``data``, ``checks``, ``edits``, ...), so a newcomer
finds a wire's checks in ``wires/<wire>/checks.py`` for every wire. Everywhere else a
module's name says what it holds, once.
"""

from __future__ import annotations

import pkgutil
from collections import defaultdict
from pathlib import Path

import pytest

import toolresult_lab

PACKAGE = Path(toolresult_lab.__file__).resolve().parent
#: The capability packages, bottom to top (docs/architecture.md draws them).
CAPABILITIES = ("conversion", "wires", "budgets", "requests", "logs", "views", "guarding", "cli")


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py")


def _in_a_wire_package(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return len(parts) == 3 and parts[0] == "wires" and not parts[1].startswith("_")


def test_the_root_holds_a_few_modules_and_the_capability_packages() -> None:
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert modules == ["__init__.py", "_build.py", "_moved.py"]
    assert packages == sorted(CAPABILITIES)


def test_no_two_modules_share_a_name_outside_the_wires_own_packages() -> None:
    seen: dict[str, list[str]] = defaultdict(list)
    for path in _modules():
        if not _in_a_wire_package(path):
            seen[path.stem].append(str(path.relative_to(PACKAGE)))
    repeated = {name: places for name, places in seen.items() if len(places) > 1}
    assert repeated == {}


def test_the_check_of_names_finds_a_repeated_name(tmp_path: Path) -> None:
    """The rule above, on a planted tree: the same stem in two packages is reported, the
    same stem in two wires' packages is not."""
    for rel in ("a/pairing.py", "b/pairing.py", "wires/x/core.py", "wires/y/core.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    seen: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tmp_path.rglob("*.py")):
        parts = path.relative_to(tmp_path).parts
        if not (len(parts) == 3 and parts[0] == "wires"):
            seen[path.stem].append("/".join(parts))
    assert {k: v for k, v in seen.items() if len(v) > 1} == {
        "pairing": ["a/pairing.py", "b/pairing.py"]
    }


@pytest.mark.parametrize("name", sorted({*toolresult_lab.__all__, *dir(toolresult_lab)}))
def test_no_public_name_hides_a_module_of_the_same_name(name: str) -> None:
    """``toolresult_lab.lint`` is the function: no module ``toolresult_lab/lint.py`` (or
    package) that ``import toolresult_lab.lint`` would reach instead."""
    submodules = {info.name for info in pkgutil.iter_modules([str(PACKAGE)])}
    if name in submodules:
        value = getattr(toolresult_lab, name)
        assert isinstance(value, type(toolresult_lab)), (
            f"toolresult_lab.{name} is {value!r}, but toolresult_lab/{name} is a module"
        )


def test_every_capability_package_says_what_it_holds() -> None:
    for name in CAPABILITIES:
        doc = (PACKAGE / name / "__init__.py").read_text(encoding="utf-8")
        assert doc.lstrip().startswith('"""'), name


def test_every_old_module_path_imports_the_module_at_its_new_place() -> None:
    """``toolresult_lab.costs`` (and every other module the root held) still imports, as
    the very module at its new place, with a DeprecationWarning that names it."""
    import importlib
    import subprocess
    import sys

    from toolresult_lab._moved import MOVED, moved_to

    assert moved_to("checks.media") == "requests.checks.media"
    assert moved_to("checks.pairing") == "requests.checks.call_pairs"
    assert moved_to("lint") is None and moved_to("wires.openai") is None
    for old, new in sorted(MOVED.items()):
        target = importlib.import_module(f"toolresult_lab.{new}")
        code = (
            "import importlib, warnings\n"
            "with warnings.catch_warnings(record=True) as seen:\n"
            "    warnings.simplefilter('always')\n"
            f"    old = importlib.import_module('toolresult_lab.{old}')\n"
            f"new = importlib.import_module('toolresult_lab.{new}')\n"
            "assert old is new, (old, new)\n"
            "said = [str(w.message) for w in seen if w.category is DeprecationWarning]\n"
            f"assert said == ['toolresult_lab.{old} moved to toolresult_lab.{new};"
            " import it from there'], said\n"
        )
        if old in ("checks", "rules", "transcripts", "widgets", "blocks"):  # a few in full
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
        assert target.__name__ == f"toolresult_lab.{new}"


def test_the_old_paths_leave_the_public_functions_alone() -> None:
    import importlib
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        importlib.import_module("toolresult_lab.costs")
        importlib.import_module("toolresult_lab.checks.media")
    assert callable(toolresult_lab.lint) and callable(toolresult_lab.repair)
    assert callable(toolresult_lab.translate)
