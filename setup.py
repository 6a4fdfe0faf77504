"""Build hook: compile the conversion core with mypyc where a C compiler is available.

``pip install .`` (or ``python -m build``) compiles the modules in ``COMPILED_MODULES``
with mypyc; where that cannot be done (no mypyc, no compiler, a compile error) the
build says so in one line (on the terminal too, which ``pip -q`` does not hide) and
installs the same modules as pure Python, which behave identically.
``TOOLRESULT_LAB_PURE=1`` forces the pure-Python build, and an editable install
(``pip install -e .``) is always pure Python: compiled modules beside the sources would
shadow every edit to them.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The pipeline from content to block and explanation (everything ``to()`` runs). The
#: public face (``result``, ``facts``, ``explain``) stays Python: mypyc drops docstrings,
#: and it checks arguments with its own messages, not ones naming the field.
COMPILED_MODULES = [
    "toolresult_lab/conversion/b64.py",
    "toolresult_lab/conversion/encoding.py",
    "toolresult_lab/conversion/filenames.py",
    "toolresult_lab/conversion/text.py",
    "toolresult_lab/conversion/items.py",
    "toolresult_lab/conversion/steps.py",
    "toolresult_lab/conversion/options.py",
    "toolresult_lab/wires/_common.py",
    "toolresult_lab/wires/_read.py",
    "toolresult_lab/wires/_turn.py",
    "toolresult_lab/wires/_write.py",
    "toolresult_lab/wires/_data.py",
    "toolresult_lab/wires/_protocol.py",
    "toolresult_lab/wires/openai/__init__.py",
    "toolresult_lab/wires/openai/convert.py",
    "toolresult_lab/wires/openai/turn.py",
    "toolresult_lab/wires/openai/read.py",
    "toolresult_lab/wires/openai/request.py",
    "toolresult_lab/wires/openai/data.py",
    "toolresult_lab/wires/anthropic/__init__.py",
    "toolresult_lab/wires/anthropic/convert.py",
    "toolresult_lab/wires/anthropic/turn.py",
    "toolresult_lab/wires/anthropic/read.py",
    "toolresult_lab/wires/anthropic/request.py",
    "toolresult_lab/wires/anthropic/data.py",
    "toolresult_lab/wires/gemini/__init__.py",
    "toolresult_lab/wires/gemini/convert.py",
    "toolresult_lab/wires/gemini/turn.py",
    "toolresult_lab/wires/gemini/read.py",
    "toolresult_lab/wires/gemini/request.py",
    "toolresult_lab/wires/gemini/spelling.py",
    "toolresult_lab/wires/gemini/data.py",
    "toolresult_lab/wires/ollama/__init__.py",
    "toolresult_lab/wires/ollama/convert.py",
    "toolresult_lab/wires/ollama/turn.py",
    "toolresult_lab/wires/ollama/read.py",
    "toolresult_lab/wires/ollama/request.py",
    "toolresult_lab/wires/ollama/data.py",
    "toolresult_lab/wires/responses/__init__.py",
    "toolresult_lab/wires/responses/convert.py",
    "toolresult_lab/wires/responses/turn.py",
    "toolresult_lab/wires/responses/read.py",
    "toolresult_lab/wires/responses/request.py",
    "toolresult_lab/wires/responses/data.py",
    "toolresult_lab/wires/hermes/__init__.py",
    "toolresult_lab/wires/hermes/convert.py",
    "toolresult_lab/wires/hermes/turn.py",
    "toolresult_lab/wires/hermes/read.py",
    "toolresult_lab/wires/hermes/request.py",
    "toolresult_lab/wires/bedrock/__init__.py",
    "toolresult_lab/wires/bedrock/convert.py",
    "toolresult_lab/wires/bedrock/turn.py",
    "toolresult_lab/wires/bedrock/read.py",
    "toolresult_lab/wires/bedrock/request.py",
    "toolresult_lab/wires/bedrock/data.py",
    "toolresult_lab/wires/bedrock/documents.py",
    "toolresult_lab/wires/_live.py",
    "toolresult_lab/wires/__init__.py",
    "toolresult_lab/conversion/pipeline.py",
    "toolresult_lab/conversion/mcp_input.py",
]
PURE_ENV = "TOOLRESULT_LAB_PURE"
#: The commands that compile: a PEP 517 build runs this file three times (the build's
#: requirements, the metadata, the wheel), and only the wheel needs mypyc's 45 s of
#: translation (the other two, ``egg_info``, never build an extension).
BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "bdist", "install"})


def _say(message: str) -> None:
    """One line on standard error and, when there is one, on the terminal itself: pip
    shows a build's output only with ``-v``, and the fallback to pure Python must be seen
    while installing (the README says so), not only later in ``--version``."""
    line = f"toolresult_lab: {message}"
    print(line, file=sys.stderr)
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:  # pip captures stderr
            terminal.write(line + "\n")
    except OSError:  # no terminal (CI, a pipe) or no /dev/tty (Windows): stderr alone
        pass


class OptionalBuildExt(build_ext):
    """Build the compiled core, or nothing at all: never a half-compiled package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, missing headers, a compile error
            for ext in self.extensions:
                for path in (self.get_ext_fullpath(ext.name),):
                    if os.path.exists(path):
                        os.remove(path)
            _say(f"could not compile the core ({error}); installing the pure-Python build")


def _forget_earlier_builds() -> None:
    """Remove compiled modules an earlier build left in ``build/``: setuptools would
    put them into this wheel too (a pure build with compiled leftovers, or a module
    compiled before and not any more)."""
    for lib in Path(__file__).resolve().parent.glob("build/lib*"):
        for suffix in EXTENSION_SUFFIXES:
            for path in (
                *lib.glob(f"toolresult_lab_core__mypyc*{suffix}"),
                *lib.glob(f"toolresult_lab/**/*{suffix}"),
            ):
                path.unlink()


def _extensions() -> list[Any]:
    if os.environ.get(PURE_ENV, "").strip() not in ("", "0"):
        _say(f"{PURE_ENV} is set: installing the pure-Python build")
        return []
    if {"editable_wheel", "develop"} & set(sys.argv):
        # Compiled modules next to the sources would shadow every edit to them.
        _say("editable install: pure-Python build (scripts/compile_inplace.sh checks the other)")
        return []
    if not BUILD_COMMANDS & set(sys.argv[1:]):
        return []  # metadata or an sdist: nothing is compiled, so nothing is translated
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not available: installing the pure-Python build")
        return []
    try:
        # The build runs in pip's isolated environment, without the package's dependencies:
        # the modules mypy follows from the core (the package __init__ and what it imports)
        # are read for their types only, and their missing imports are not the core's errors.
        paths = [*COMPILED_MODULES, "--follow-imports=silent"]
        return list(mypycify(paths, opt_level="3", group_name="toolresult_lab_core"))
    except (Exception, SystemExit) as error:  # mypyc refused the sources: go pure, say so
        _say(f"mypyc could not translate the core ({error}); installing the pure-Python build")
        return []


_forget_earlier_builds()
setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
