"""Is the toolresult_lab installed in this Python the sources of this checkout, built as
asked? And which requirements do an extra's packages come to? (``scripts/install.sh``.)

    python scripts/installed.py current compiled|pure SOURCE_ROOT   # exit 0: reuse it
    python scripts/installed.py requirements EXTRA SOURCE_ROOT      # one requirement a line

Run it from outside the checkout (``cd /``), so that the installed package is what imports.
An install is current when every file of the package in the checkout (``*.py``,
``py.typed``, the examples) has a byte-equal installed copy, and its build (``COMPILED``)
is the one asked for; an editable install or one of another checkout is not.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_PACKAGE = "toolresult_lab"


def current(build: str, root: Path) -> str:
    """Why the installed package cannot be reused (``""``: it can)."""
    try:
        import toolresult_lab
    except ImportError:
        return "toolresult_lab is not installed"
    installed = Path(toolresult_lab.__file__).resolve().parent
    sources = (root / _PACKAGE).resolve()
    if installed == sources:
        return "an editable install (it reads the sources as they are)"
    if (build == "compiled") != toolresult_lab.COMPILED:
        built = "compiled" if toolresult_lab.COMPILED else "pure"
        return f"the installed build is {built}, not {build}"
    for path in sorted(sources.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".so", ".pyd"):
            continue
        copy = installed / path.relative_to(sources)
        if not copy.is_file() or copy.read_bytes() != path.read_bytes():
            return f"{path.relative_to(root)} differs from the installed copy"
    for name in ("setup.py", "pyproject.toml"):
        if not (root / name).is_file():
            return f"{name} is missing"
    return ""


def requirements(extra: str, root: Path) -> list[str]:
    """The package's own requirements and those of ``extra``, its ``toolresult_lab[...]``
    parts expanded (a dependency added since the install comes with them)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: tomli, when present
        import tomli as tomllib
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project.get("optional-dependencies", {})
    out: list[str] = list(project.get("dependencies", []))
    todo, seen = [extra], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for spec in extras[name]:
            own = re.fullmatch(rf"{_PACKAGE}\[([\w,\- ]+)\]", spec.strip())
            if own:
                todo.extend(part.strip() for part in own.group(1).split(","))
            elif spec not in out:
                out.append(spec)
    return out


def main() -> int:
    command, value, root = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    if command == "current":
        why = current(value, root)
        if why:
            print(why)
        return 1 if why else 0
    print("\n".join(requirements(value, root)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
