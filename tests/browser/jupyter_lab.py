"""Real-browser harness: JupyterLab on 127.0.0.1, driven through Debian's Chromium by Playwright.

Usage::

    with JupyterLab(["import ipywidgets as w", "w.HBox([w.Button(description='x')])"]) as lab:
        lab.page.locator(".widget-hbox").wait_for()

Entering the context manager:

1. makes a private temp dir that holds *all* state: Jupyter config/data/runtime dirs, IPython
   dir, ``$HOME`` / XDG dirs of the server, kernel and browser, the Chromium profile, the logs;
2. writes a kernel spec that runs the kernel with this very interpreter (``sys.executable``),
   so the package under test imports in the kernel exactly as in the test process;
3. writes the notebook (one code cell per source string);
4. starts JupyterLab on a free loopback port (news pop-up and language-server autodetection
   off, optional extensions disabled through ``page_config.json``);
5. launches Chromium (``$CHROMIUM`` or ``/usr/bin/chromium``) with a fresh profile; every
   request that does not go to the loopback server is refused and recorded;
6. opens the notebook, waits for an idle kernel, checks the kernel reported its PID and its
   interpreter, and runs all cells (waiting until the run has finished).

Leaving it (also on any exception, on SIGTERM/SIGHUP in the main thread and on a failed start)
closes the browser, shuts the kernels and the server down through the REST API, ends the
server's process group and any leftover process of ours (kernels run in their own session, so
they are found by the PID they report and by the temp dir in their command line), and removes
the temp dir (kept when ``keep_tmp`` / ``$TRL_KEEP_TMP`` is set).

No network is needed: the widget front end is prebuilt inside the ``jupyterlab_widgets`` wheel.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright, Route
    from typing_extensions import Self

DEFAULT_CHROMIUM = "/usr/bin/chromium"
WIDGET_MANAGER_EXTENSION = "@jupyter-widgets/jupyterlab-manager"
KERNEL_NAME = "harness-python"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# Runs at every kernel start (IPython startup file in the private IPYTHONDIR): the kernel
# reports its PID and interpreter, so the harness can check both and end a leftover kernel.
_KERNEL_REPORT = """\
import json as _json, os as _os, sys as _sys
with open(_os.path.join({report_dir!r}, f"{{_os.getpid()}}.json"), "w") as _f:
    _json.dump({{"pid": _os.getpid(), "executable": _sys.executable}}, _f)
del _json, _os, _sys, _f
"""

_KERNEL_IDLE_JS = """() => {
    const app = window.jupyterapp;
    const w = app && app.shell && app.shell.currentWidget;
    const sc = w && w.sessionContext;
    const k = sc && sc.session && sc.session.kernel;
    return !!(k && k.connectionStatus === 'connected' && k.status === 'idle');
}"""

# Resolves to true/false (NotebookActions.runAll) or "timeout".
_RUN_ALL_JS = """async (ms) => {
    const run = window.jupyterapp.commands.execute('notebook:run-all-cells');
    const limit = new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));
    return await Promise.race([run, limit]);
}"""

_CELL_ERRORS_JS = """() => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const errors = [];
    for (const cell of nb.widgets) {
        if (cell.model.type !== 'code') continue;
        const outputs = cell.model.outputs;
        for (let i = 0; i < outputs.length; i++) {
            const o = outputs.get(i).toJSON();
            if (o.output_type === 'error') errors.push(`${o.ename}: ${o.evalue}`);
        }
    }
    return errors;
}"""


class HarnessError(RuntimeError):
    """The browser session could not be set up or did not reach a runnable notebook."""


class _Terminated(BaseException):
    """SIGTERM/SIGHUP while the harness runs: unwinds so that everything gets shut down."""


def chromium_path() -> str:
    """The Chromium executable the harness uses: ``$CHROMIUM`` or ``/usr/bin/chromium``."""
    return os.environ.get("CHROMIUM") or DEFAULT_CHROMIUM


def missing_requirements(chromium: str | None = None) -> list[str]:
    """Human-readable list of what is missing to run the harness (empty: all there)."""
    missing: list[str] = []
    exe = chromium or chromium_path()
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        missing.append(
            f"Chromium executable not found at {exe} (apt-get install -y chromium,"
            " or set $CHROMIUM)"
        )
    for module in ("playwright", "jupyterlab", "ipykernel", "ipywidgets"):
        if find_spec(module) is None:
            missing.append(f"Python package {module!r} is not importable from {sys.executable}")
    return missing


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def notebook_json(cells: Sequence[str], kernel_name: str = KERNEL_NAME) -> dict[str, Any]:
    """An nbformat 4.5 notebook with one code cell per source string."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{i}",
                "metadata": {},
                "outputs": [],
                "source": src.splitlines(keepends=True),
            }
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python (browser test)",
                "language": "python",
                "name": kernel_name,
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@dataclass(frozen=True)
class Timeouts:
    """Seconds allowed for each phase (generous: a 2-core machine can be slow)."""

    server: float = 90.0  # JupyterLab answers /api/status
    kernel: float = 120.0  # page loaded, notebook open, kernel connected and idle
    run: float = 120.0  # notebook:run-all-cells has finished


def _log(msg: str) -> None:
    print(f"[jupyter_lab {time.strftime('%H:%M:%S')}] {msg}", flush=True)


def _cmdline(pid: int) -> str:
    try:
        return (
            Path(f"/proc/{pid}/cmdline")
            .read_bytes()
            .replace(b"\0", b" ")
            .decode("utf-8", "replace")
        )
    except OSError:
        return ""


def _pids_mentioning(marker: str) -> list[int]:
    """PIDs (other than ours) whose command line contains ``marker`` (our unique temp dir)."""
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        pid = int(entry.name) if entry.name.isdigit() else os.getpid()
        if pid != os.getpid() and marker in _cmdline(pid):
            found.append(pid)
    return found


def _end_pid(pid: int, marker: str, grace: float = 5.0) -> bool:
    """SIGTERM, then SIGKILL, one PID, if its command line still shows it is ours."""
    if marker not in _cmdline(pid):  # gone, or the PID was reused by a process not ours
        return False
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 2.0)):
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            return True
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            with contextlib.suppress(ChildProcessError):  # reap it if it is our child
                os.waitpid(pid, os.WNOHANG)
            if marker not in _cmdline(pid):
                return True
            time.sleep(0.1)
    return True


class JupyterLab:
    """A JupyterLab server + Chromium page with a notebook that has been run. See module doc."""

    def __init__(
        self,
        cells: Sequence[str],
        *,
        disabled_extensions: Sequence[str] = (),
        chromium: str | None = None,
        timeouts: Timeouts = Timeouts(),
        viewport: tuple[int, int] = (1280, 900),
        notebook_name: str = "browser_test.ipynb",
        run_cells: bool = True,
        collapse_sidebars: bool = True,
        keep_tmp: bool | None = None,
        failure_screenshot: str | os.PathLike[str] | None = None,
        log: Callable[[str], None] = _log,
    ) -> None:
        self.cells = list(cells)
        self.disabled_extensions = list(disabled_extensions)
        self.chromium = chromium or chromium_path()
        self.timeouts = timeouts
        self.viewport = viewport
        self.notebook_name = notebook_name
        self.run_cells = run_cells
        self.collapse_sidebars = collapse_sidebars
        self.keep_tmp = bool(os.environ.get("TRL_KEEP_TMP")) if keep_tmp is None else keep_tmp
        self.failure_screenshot = failure_screenshot
        self.log = log

        self.workdir = ""
        self.token = secrets.token_hex(16)
        self.port = 0
        self.base_url = ""
        self.blocked_requests: list[str] = []
        self.console: list[str] = []
        self.run_result: object = None  # True/False from run-all-cells, or "timeout"
        self.timings: dict[str, float] = {}

        self._proc: subprocess.Popen[bytes] | None = None
        self._logf: IO[bytes] | None = None
        self._pw: Playwright | None = None
        self._ctx: BrowserContext | None = None
        self._page: Page | None = None
        self._old_handlers: dict[int, Any] = {}
        self._closed = False

    # ----------------------------------------------------------------- context manager
    def __enter__(self) -> Self:
        self._install_signal_handlers()
        try:
            self.start()
        except BaseException:
            self._screenshot_failure()
            self.close()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is not None:
            self._screenshot_failure()
        self.close()

    def _screenshot_failure(self) -> None:
        if self.failure_screenshot is not None and self._page is not None:
            try:
                self.screenshot(self.failure_screenshot)
            except Exception as e:
                self.log(f"failure screenshot not taken: {e}")

    @property
    def page(self) -> Page:
        if self._page is None:
            raise HarnessError("the browser page is not open")
        return self._page

    # ----------------------------------------------------------------- start-up
    def start(self) -> None:
        missing = missing_requirements(self.chromium)
        if missing:
            raise HarnessError("cannot run the browser harness: " + "; ".join(missing))
        t0 = time.monotonic()
        self.workdir = tempfile.mkdtemp(prefix="trl_browser_")
        self._prepare_dirs()
        self._start_server()
        self.timings["server_ready"] = time.monotonic() - t0
        self.log(f"server ready on {self.base_url} after {self.timings['server_ready']:.1f}s")
        self._open_browser()
        self._open_notebook()
        self.timings["kernel_idle"] = time.monotonic() - t0
        self.log(f"notebook open, kernel idle after {self.timings['kernel_idle']:.1f}s")
        self._check_kernel_report()
        if self.run_cells:
            self.run_all_cells()
            self.timings["cells_run"] = time.monotonic() - t0
            self.log(
                f"all cells run (result {self.run_result!r}) after {self.timings['cells_run']:.1f}s"
            )

    def _path(self, *parts: str) -> str:
        return os.path.join(self.workdir, *parts)

    def _state_env(self) -> dict[str, str]:
        """Environment that keeps every tool's state inside the temp dir."""
        env = dict(os.environ)
        env.pop("JUPYTER_TOKEN", None)
        env.pop("JUPYTER_PATH", None)
        env.pop("JUPYTER_CONFIG_PATH", None)
        env.update(
            {
                "HOME": self._path("home"),
                "XDG_CONFIG_HOME": self._path("xdg", "config"),
                "XDG_CACHE_HOME": self._path("xdg", "cache"),
                "XDG_DATA_HOME": self._path("xdg", "data"),
                "XDG_RUNTIME_DIR": self._path("xdg", "runtime"),
                "JUPYTER_CONFIG_DIR": self._path("jupyter", "config"),
                "JUPYTER_DATA_DIR": self._path("jupyter", "data"),
                "JUPYTER_RUNTIME_DIR": self._path("jupyter", "runtime"),
                "JUPYTER_PLATFORM_DIRS": "1",
                "IPYTHONDIR": self._path("ipython"),
                "MPLCONFIGDIR": self._path("xdg", "matplotlib"),
                "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
            }
        )
        return env

    def _prepare_dirs(self) -> None:
        for sub in (
            "home",
            "xdg/config",
            "xdg/cache",
            "xdg/data",
            "xdg/runtime",
            "xdg/matplotlib",
            "jupyter/config/labconfig",
            "jupyter/runtime",
            f"jupyter/data/kernels/{KERNEL_NAME}",
            "ipython/profile_default/startup",
            "kernel-reports",
            "nb",
            "workspaces",
        ):
            os.makedirs(self._path(sub), exist_ok=True)
        os.chmod(self._path("xdg", "runtime"), 0o700)
        # Page config: the news toast off (it covers screenshots) + the caller's extensions.
        disabled = {"@jupyterlab/apputils-extension:announcements": True}
        disabled.update({name: True for name in self.disabled_extensions})
        self._write_json(
            self._path("jupyter", "config", "labconfig", "page_config.json"),
            {"disabledExtensions": disabled},
        )
        # Kernel spec pinned to this interpreter.
        self._write_json(
            self._path("jupyter", "data", "kernels", KERNEL_NAME, "kernel.json"),
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Python (browser test)",
                "language": "python",
            },
        )
        Path(
            self._path("ipython", "profile_default", "startup", "00-harness-report.py")
        ).write_text(_KERNEL_REPORT.format(report_dir=self._path("kernel-reports")))
        self._write_json(self._path("nb", self.notebook_name), notebook_json(self.cells))

    @staticmethod
    def _write_json(path: str, data: object) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)

    def _server_cmd(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={self._path('nb')}",
            "--ServerApp.open_browser=False",
            "--ServerApp.allow_root=True",
            "--ServerApp.terminals_enabled=False",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.workspaces_dir={self._path('workspaces')}",
            "--LanguageServerManager.autodetect=False",
            "--NotebookNotary.db_file=:memory:",
            f"--NotebookNotary.secret_file={self._path('notary_secret')}",
        ]

    def _start_server(self) -> None:
        logpath = self._path("jupyter.log")
        for attempt in range(3):  # a free port can be taken between probe and bind
            self.port = free_port()
            self.base_url = f"http://127.0.0.1:{self.port}"
            self._logf = open(logpath, "ab")  # noqa: SIM115 - lives as long as the server
            self._proc = subprocess.Popen(
                self._server_cmd(),
                env=self._state_env(),
                cwd=self._path("nb"),
                stdout=self._logf,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,  # own process group: pgid == pid
            )
            self.log(f"jupyter lab pid={self._proc.pid} port={self.port} (attempt {attempt + 1})")
            if self._wait_server_ready():
                return
            self._stop_server()
        raise HarnessError(f"jupyter lab did not start; log tail:\n{self.log_tail()}")

    def _wait_server_ready(self) -> bool:
        assert self._proc is not None
        deadline = time.monotonic() + self.timeouts.server
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                self.log(f"jupyter lab exited early (rc={self._proc.returncode})")
                return False
            try:
                if self.api("/api/status")[0] == 200:
                    return True
            except OSError:
                pass
            time.sleep(0.25)
        raise HarnessError(
            f"jupyter lab not ready after {self.timeouts.server}s; log tail:\n{self.log_tail()}"
        )

    def api(self, path: str, method: str = "GET", timeout: float = 10.0) -> tuple[int, bytes]:
        """Call the server's REST API with the token."""
        req = urllib.request.Request(
            f"{self.base_url}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return int(r.status), r.read()
        except urllib.error.HTTPError as e:
            return int(e.code), e.read()

    def _open_browser(self) -> None:
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        env: dict[str, str | float | bool] = dict(self._state_env())
        self._ctx = self._pw.chromium.launch_persistent_context(
            user_data_dir=self._path("chromium-profile"),  # fresh profile every time
            executable_path=self.chromium,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": self.viewport[0], "height": self.viewport[1]},
            service_workers="block",
            env=env,
        )
        self._ctx.route("**/*", self._guard)
        self._page = self._ctx.pages[0] if self._ctx.pages else self._ctx.new_page()
        self._page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self._page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        try:
            version = self._ctx.browser.version if self._ctx.browser else "?"
        except Exception:
            version = "?"
        self.log(f"chromium {version} at {self.chromium}")

    def _guard(self, route: Route) -> None:
        """Offline guarantee: only our loopback server (and data:/blob: URLs) are reachable."""
        url = route.request.url
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("data", "blob") or (
            parts.hostname == "127.0.0.1" and parts.port == self.port
        ):
            route.continue_()
        else:
            self.blocked_requests.append(url)
            route.abort()

    def _open_notebook(self) -> None:
        page = self.page
        ms = int(self.timeouts.kernel * 1000)
        url = f"{self.base_url}/lab/tree/{self.notebook_name}?token={self.token}&reset"
        page.goto(url, wait_until="domcontentloaded", timeout=ms)
        page.wait_for_function(_KERNEL_IDLE_JS, timeout=ms, polling=250)
        if self.collapse_sidebars:
            page.evaluate(
                "() => { const s = window.jupyterapp.shell;"
                " if (s.collapseLeft) s.collapseLeft();"
                " if (s.collapseRight) s.collapseRight(); }"
            )

    def kernel_reports(self) -> list[dict[str, Any]]:
        """What each kernel started by this server reported at start-up (pid, executable)."""
        reports = []
        report_dir = Path(self._path("kernel-reports"))
        for f in sorted(report_dir.glob("*.json")) if report_dir.is_dir() else []:
            try:
                reports.append(json.loads(f.read_text()))
            except (OSError, ValueError):
                continue
        return reports

    def _check_kernel_report(self) -> None:
        deadline = time.monotonic() + 20
        while not self.kernel_reports() and time.monotonic() < deadline:
            time.sleep(0.2)
        reports = self.kernel_reports()
        if not reports:
            raise HarnessError("the kernel did not report its PID (IPython startup file)")
        wrong = [r for r in reports if r.get("executable") != sys.executable]
        if wrong:
            raise HarnessError(f"kernel runs another interpreter: {wrong} != {sys.executable}")
        self.log(f"kernel pid(s) {[r['pid'] for r in reports]} on {sys.executable}")

    def run_all_cells(self) -> None:
        """Run every cell and wait until the run has finished and the kernel is idle again."""
        ms = int(self.timeouts.run * 1000)
        self.run_result = self.page.evaluate(_RUN_ALL_JS, ms)
        if self.run_result == "timeout":
            raise HarnessError(
                f"running all cells took more than {self.timeouts.run}s\n" + self.diagnostics()
            )
        self.page.wait_for_function(_KERNEL_IDLE_JS, timeout=ms, polling=250)

    # ----------------------------------------------------------------- inspection helpers
    def cell_errors(self) -> list[str]:
        """``ename: evalue`` for every error output in the notebook."""
        errors: list[str] = self.page.evaluate(_CELL_ERRORS_JS)
        return errors

    def output_texts(self) -> list[str]:
        """The visible text of every output area (a text repr means: no widget rendered)."""
        return self.page.locator(".jp-OutputArea-output").all_inner_texts()

    def rendered_widget_count(self) -> int:
        """Number of ipywidgets views the front end has drawn into output areas."""
        return self.page.locator(".jp-OutputArea-output .jupyter-widgets").count()

    def wait_for_widget(self, selector: str, timeout: float = 60.0) -> bool:
        """Wait for a visible ``selector`` inside an output area; False on timeout."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.locator(f".jp-OutputArea-output {selector}").first.wait_for(
                state="visible", timeout=int(timeout * 1000)
            )
        except PlaywrightTimeout:
            return False
        return True

    def console_errors(self) -> list[str]:
        return [c for c in self.console if c.startswith(("error", "pageerror"))]

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(out))
        self.log(f"screenshot -> {out}")
        return out

    def log_tail(self, n: int = 30) -> str:
        try:
            lines = Path(self._path("jupyter.log")).read_bytes().splitlines()[-n:]
        except OSError:
            return ""
        return b"\n".join(lines).decode("utf-8", "replace")

    def diagnostics(self) -> str:
        """What to attach to a failure message: outputs, errors, console, blocked, server log."""
        parts: list[str] = []
        if self._page is not None:
            for label, getter in (
                ("cell errors", self.cell_errors),
                ("output areas", self.output_texts),
            ):
                try:
                    parts.append(f"{label}: {[t[:300] for t in getter()]!r}")
                except Exception as e:
                    parts.append(f"{label}: <unavailable: {e}>")
        parts.append(f"browser console errors: {self.console_errors()[:15]!r}")
        parts.append(f"blocked non-loopback requests: {self.blocked_requests[:10]!r}")
        parts.append("jupyter log tail:\n" + self.log_tail(15))
        return "\n".join(parts)

    # ----------------------------------------------------------------- shutdown
    def close(self) -> None:
        """Shut everything down; safe to call more than once, never raises."""
        if self._closed:
            return
        self._closed = True
        try:
            self._close_browser()
            self._stop_server()
            self._end_leftovers()
        finally:
            self._restore_signal_handlers()
            if self.workdir:
                if self.keep_tmp:
                    self.log(f"kept {self.workdir}")
                else:
                    shutil.rmtree(self.workdir, ignore_errors=True)

    def _close_browser(self) -> None:
        for name, action in (
            ("context", self._ctx.close if self._ctx else None),
            ("playwright", self._pw.stop if self._pw else None),
        ):
            if action is None:
                continue
            try:
                action()
            except Exception as e:
                self.log(f"closing {name} failed: {e}")
        self._ctx = self._page = None
        self._pw = None

    def _stop_server(self) -> None:
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            # 1) kernels through the API (they run in their own session, see _end_leftovers)
            try:
                status, body = self.api("/api/kernels", timeout=5)
                for kernel in json.loads(body) if status == 200 else []:
                    self.api(f"/api/kernels/{kernel['id']}", method="DELETE", timeout=15)
            except (OSError, ValueError, KeyError) as e:
                self.log(f"kernel shutdown through the API failed: {e}")
            # 2) the server through the API, 3) our own process group only
            with contextlib.suppress(OSError):
                self.api("/api/shutdown", method="POST", timeout=5)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                for sig in (signal.SIGTERM, signal.SIGKILL):
                    try:
                        os.killpg(proc.pid, sig)
                    except (ProcessLookupError, PermissionError):
                        break
                    try:
                        proc.wait(timeout=10)
                        break
                    except subprocess.TimeoutExpired:
                        continue
        with contextlib.suppress(ProcessLookupError, PermissionError):  # group stragglers
            os.killpg(proc.pid, signal.SIGKILL)
        if self._logf is not None:
            self._logf.close()
            self._logf = None
        self.log(f"jupyter lab stopped (rc={proc.returncode})")
        self._proc = None

    def _end_leftovers(self) -> None:
        """End kernels by the PID they reported, then anything whose command line names our
        temp dir (a kernel's connection file, Chromium's profile): all of it is ours."""
        if not self.workdir:
            return
        pids = [int(r["pid"]) for r in self.kernel_reports() if "pid" in r]
        ended = [pid for pid in pids if _end_pid(pid, self.workdir)]
        ended += [pid for pid in _pids_mentioning(self.workdir) if _end_pid(pid, self.workdir)]
        if ended:
            self.log(f"ended leftover processes {ended}")

    # ----------------------------------------------------------------- signals
    def _install_signal_handlers(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return

        def handler(signum: int, _frame: FrameType | None) -> None:
            raise _Terminated(f"received signal {signum}")

        for sig in (signal.SIGTERM, signal.SIGHUP):
            self._old_handlers[sig] = signal.signal(sig, handler)

    def _restore_signal_handlers(self) -> None:
        for sig, old in self._old_handlers.items():
            signal.signal(sig, old)
        self._old_handlers.clear()
