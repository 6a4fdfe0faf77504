"""The module paths of before the package's layout (issue 35), still importable.

``toolresult_lab.costs`` is now ``toolresult_lab.budgets.costs``, and so on for every module
the root held. Code written against the old paths keeps working: importing one gives the
module at its new place (the same object, not a copy) and a ``DeprecationWarning`` naming
it. Nothing is imported until an old path is asked for. ``lint``, ``repair`` and
``translate`` are not here: those names are the public functions, and the modules they once
shadowed are ``requests.linting``, ``requests.repairing`` and ``requests.translating``. Nor
is ``logs``, which is the package of the log readers now (its old module is
``logs.log_parts``). A wire's ``core`` module (``wires.openai.core``), split by role since,
gives its wire's package, which holds every public name the module had (its private
helpers are in the package's ``convert``, ``turn``, ``read`` and ``request`` modules).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Final

__all__ = ["MOVED", "install", "moved_to"]

_ROOT: Final = "toolresult_lab"


def _package(new: str, names: str) -> dict[str, str]:
    out = {}
    for item in names.split():
        old, _, renamed = item.partition(">")
        out[old] = f"{new}.{renamed or old}"
    return out


#: Each old module (below the package) and where it is now; a module inside a moved
#: package follows it (``checks.media`` is ``requests.checks.media``) unless named here.
MOVED: Final[dict[str, str]] = {
    **_package(
        "conversion",
        "result items pipeline steps options encoding b64 text blocks>block_types calls"
        " turns>tool_turns explain facts filenames mcp_input readback gc_pause hooks"
        " imagesize pdfpages profiles",
    ),
    **_package(
        "requests",
        "findings pairing>answers checks rules transcripts reencode>transcripts.reencode",
    ),
    **_package(
        "budgets",
        "costs tokens tokenizer request_tokens turn_budget request_fit fitting cutting"
        " limits>provider_limits measure shares json_array json_object provider_warning"
        " models doc_pages",
    ),
    **_package("logs", "auditing lint_logs engines linereader parquet_rows progress synthetic"),
    **_package(
        "views",
        "render render_findings render_transcript render_turn matrix docs probes roundtrip widgets",
    ),
    "checks.pairing": "requests.checks.call_pairs",
    "checks.content": "requests.checks.result_content",
    "checks.documents": "wires.bedrock.document_checks",
    "checks.caching": "wires.anthropic.caching",
    # a wire's core.py, split by role (convert, turn, read, request): its package holds
    # every public name the module had
    **{
        f"wires.{wire}.core": f"wires.{wire}"
        for wire in ("anthropic", "bedrock", "gemini", "hermes", "ollama", "openai", "responses")
    },
}


def moved_to(old: str) -> str | None:
    """Where the module ``old`` (dotted, below the package) is now; ``None``: it did not
    move (or never was)."""
    parts = old.split(".")
    for end in range(len(parts), 0, -1):
        head = ".".join(parts[:end])
        if head in MOVED:
            return ".".join([MOVED[head], *parts[end:]])
    return None


class _Alias(importlib.abc.Loader):
    """Hands the import system the module at its new place."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.target}; import it from there",
            DeprecationWarning,
            stacklevel=2,
        )
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module was imported at its new place."""


class _MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old paths only (first: a module below an old package path must be the
    module at its new place, not a second copy loaded through the package's ``__path__``)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_ROOT + "."):
            return None
        new = moved_to(fullname[len(_ROOT) + 1 :])
        if new is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(f"{_ROOT}.{new}"))


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())
