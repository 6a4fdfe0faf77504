"""The build under test is the one CI meant to test, and both builds say which they are.

``TRL_EXPECT_BUILD`` (``compiled`` or ``pure``) is set by ``scripts/test.sh``; a run
that silently fell back to pure Python, or that imported the source tree instead of
the installed package, fails here instead of passing for the wrong reason.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import toolresult_lab
from toolresult_lab import COMPILED, wires
from toolresult_lab.conversion import pipeline, result
from toolresult_lab.wires import anthropic

PACKAGE = Path(toolresult_lab.__file__).resolve().parent
EXPECTED = os.environ.get("TRL_EXPECT_BUILD", "")


def _is_extension(module: object) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def test_compiled_flag_says_what_is_imported():
    assert isinstance(COMPILED, bool)
    for module in (pipeline, wires, anthropic):
        assert _is_extension(module) is COMPILED, module.__name__
    # the public face stays Python in both builds (docstrings, argument errors)
    assert not _is_extension(result)
    assert result.ToolResult.__doc__ and "provider-neutral" in result.ToolResult.__doc__


@pytest.mark.skipif(not EXPECTED, reason="TRL_EXPECT_BUILD is not set (a developer's run)")
def test_the_expected_build_is_under_test():
    assert EXPECTED in ("compiled", "pure"), EXPECTED
    assert COMPILED is (EXPECTED == "compiled")
    source = Path(__file__).resolve().parent.parent / "toolresult_lab"
    # (the install may well sit inside the repo, in .venv: only the source tree itself is wrong)
    assert source != PACKAGE, f"testing the source tree {PACKAGE}, not the install"
    assert "site-packages" in PACKAGE.parts, PACKAGE


def test_version_names_the_build(tmp_path):
    out = subprocess.run(  # cwd: not the repo root, so the installed package is imported
        [sys.executable, "-m", "toolresult_lab.cli", "--version"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    ).stdout
    label = "mypyc-compiled core" if COMPILED else "pure-Python core"
    assert re.fullmatch(rf"toolresult-lab \d+\.\d+\.\d+ \({label}\)\n", out), out


def test_public_records_are_immutable_in_both_builds():
    from toolresult_lab import ToolResult

    r = ToolResult(
        name="n",
        id="i",
        content=[{"type": "image", "mimeType": "image/png", "data": "QUJD"}],
        is_error=True,
    )
    explained = r.explain("responses", image_input=True)
    record, note, native = explained[0], explained.notes[0], explained[0].native
    assert native is not None
    for obj, field in ((record, "outcome"), (note, "reason"), (native, "data"), (r, "name")):
        with pytest.raises(AttributeError):
            setattr(obj, field, "x")
