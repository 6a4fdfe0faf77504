"""Shared set-up of the real-browser tests (JupyterLab + Chromium through Playwright)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
if str(_HERE) not in sys.path:  # `import jupyter_lab` under any pytest import mode
    sys.path.insert(0, str(_HERE))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives JupyterLab in a real (headless) Chromium; needs chromium"
    )


@pytest.fixture
def screenshot_dir() -> Path:
    """Where screenshots go: $TRL_SCREENSHOT_DIR, default tests/browser/artifacts/."""
    return Path(os.environ.get("TRL_SCREENSHOT_DIR") or _HERE / "artifacts")
