"""Helpers the tests share: the in-process CLI runner and the JPEG maker.

(Turn fixtures, built by hand from SPEC 7, are in ``turn_fixtures.py``.)
"""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from toolresult_lab.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` in-process: (exit status, stdout, stderr); usage errors included."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def jpeg_base64(width: int, height: int) -> str:
    """A noisy JPEG photo of that size (so it does not compress away), as base64."""
    buffer = io.BytesIO()
    Image.effect_noise((width, height), 64).convert("RGB").save(buffer, "JPEG", quality=90)
    return base64.b64encode(buffer.getvalue()).decode("ascii")
