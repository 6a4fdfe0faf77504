"""Shared set-up of the real-browser tests (JupyterLab + Chromium through Playwright)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
if str(_HERE) not in sys.path:  # `import jupyter_lab` under any pytest import mode
    sys.path.insert(0, str(_HERE))

from jupyter_lab import missing_requirements  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives JupyterLab in a real (headless) Chromium; needs chromium")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture
def browser_requirements() -> None:
    """Chromium, Playwright and Jupyter must be there: missing ones FAIL under CI, else skip."""
    missing = missing_requirements()
    if not missing:
        return
    message = "browser test cannot run: " + "; ".join(missing)
    if in_ci():
        pytest.fail(message + " (CI is set: the project's test script must install them)",
                    pytrace=False)
    pytest.skip(message)


@pytest.fixture
def screenshot_dir() -> Path:
    """Where screenshots go: $TRL_SCREENSHOT_DIR, default tests/browser/artifacts/."""
    return Path(os.environ.get("TRL_SCREENSHOT_DIR") or _HERE / "artifacts")
