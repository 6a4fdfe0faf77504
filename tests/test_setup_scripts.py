"""Issue 28, item 21: setting up reuses an up-to-date install (``scripts/installed.py``,
run by ``scripts/test.sh``), and the pure-Python fallback is seen while installing."""

from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "installed.py"


def _installed(*argv: str, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(path)} if path else dict(os.environ)
    return subprocess.run(
        [sys.executable, str(SCRIPT), *argv, str(ROOT)],
        capture_output=True,
        text=True,
        cwd="/",  # the installed package, never the checkout, is what imports
        env=env,
        timeout=120,
        check=False,
    )


def test_an_extra_comes_to_its_requirements_without_the_package() -> None:
    done = _installed("requirements", "dev")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "pytest>=8,<10" in lines and "build>=1.2" in lines and "anthropic>=0.40,<3" in lines
    assert "dask[distributed]>=2024.8" in lines  # dev -> test -> audit
    assert "pandas>=2.0,<4" in lines  # the package's own, should one have been added
    assert not [line for line in lines if line.startswith("toolresult_lab")]
    assert len(lines) == len(set(lines))


def test_a_copy_of_these_sources_is_current_and_an_edit_is_not(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "toolresult_lab", site / "toolresult_lab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))  # fmt: skip
    done = _installed("current", "pure", path=site)
    assert (done.returncode, done.stdout) == (0, "")
    done = _installed("current", "compiled", path=site)
    assert (done.returncode, done.stdout) == (1, "the installed build is pure, not compiled\n")
    facts = site / "toolresult_lab" / "conversion" / "facts.py"
    facts.write_text(facts.read_text() + "# changed\n")
    done = _installed("current", "pure", path=site)
    assert (done.returncode, done.stdout) == (
        1,
        "toolresult_lab/conversion/facts.py differs from the installed copy\n",
    )


def test_the_set_up_scripts_leave_pip_alone_and_reuse_the_install() -> None:
    test = (ROOT / "scripts" / "test.sh").read_text()
    install = (ROOT / "scripts" / "install.sh").read_text()
    assert "--upgrade pip" not in test + install
    assert 'source scripts/install.sh "${EXTRAS:-dev}"' in test
    assert 'scripts/installed.py" current "$BUILD"' in install
    readme = (ROOT / "README.md").read_text()
    assert "bash scripts/install.sh notebooks && .venv/bin/jupyter lab notebooks/" in readme


def _through_a_terminal(command: list[str], env: dict[str, str]) -> str:
    """What ``command`` writes to its terminal (a pty), stdout and stderr piped away."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the pty is its controlling terminal
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execvpe(command[0], command, env)
    seen = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 600)
        if not ready:
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.waitpid(pid, 0)
    return seen.decode("utf-8", "replace")


@pytest.mark.timeout(900)
def test_the_pure_python_fallback_is_said_on_the_terminal_while_installing(tmp_path) -> None:
    """``pip install -q`` hides a build's output; the fallback line reaches the terminal."""
    if not Path("/dev/tty").exists():
        pytest.skip("no /dev/tty on this system")
    env = {**os.environ, "TOOLRESULT_LAB_PURE": "1", "PIP_NO_INPUT": "1"}
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
               "--target", str(tmp_path / "target"), str(ROOT)]  # fmt: skip
    shown = _through_a_terminal(command, env)
    assert "toolresult_lab: TOOLRESULT_LAB_PURE is set: installing the pure-Python build" in shown
