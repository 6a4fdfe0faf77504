"""Suite-wide rule: under CI a skipped test is a failure; and the fixtures several test
modules share.

A test that skips because something is missing (a package, a browser, an interpreter
feature) proves nothing; in CI the project's scripts must install whatever it needs, so
any skip there means the set-up is wrong and the run goes red.
"""

from __future__ import annotations

import os
import tempfile

import pytest

from toolresult_lab.budgets import json_array

# Every figure the suite expects is the labelled estimate, whatever is installed: the tests
# that count exactly (the `exact` extra, tests/test_exact_tokens.py) are marked `exact` and
# lift this; a CLI the tests start inherits it.
os.environ["TOOLRESULT_LAB_EXACT"] = "0"
# The model catalog the suite reads is the bundled one, whatever the user refreshed into
# their cache (toolresult-lab models refresh): the cache is an empty directory of the run's.
os.environ["TOOLRESULT_LAB_CACHE"] = tempfile.mkdtemp(prefix="toolresult-lab-cache-")


@pytest.fixture(autouse=True)
def _exact_counting(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("exact") is not None:
        monkeypatch.delenv("TOOLRESULT_LAB_EXACT")


@pytest.fixture(params=["simdjson", "json"])
def checker(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A test twice (``pytestmark = pytest.mark.usefixtures("checker")``): JSON checked by
    simdjson (the ``fast`` extra, in the test extra) and by the C decoder alone (as
    without it)."""
    if request.param == "simdjson":
        assert json_array._simdjson is not None, "the test extra installs pysimdjson"
    else:
        monkeypatch.setattr(json_array, "_simdjson", None)
    return str(request.param)


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _in_ci():
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if skipped and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    if skipped and _in_ci():
        terminalreporter.write_line(
            f"CI is set: {len(skipped)} skipped test(s) fail this run (see the skip reasons)",
            red=True,
        )
