"""``toolresult-lab audit``: the table, csv/json/markdown, the plot, both engines, a scheduler
address, and one-line errors (never a traceback)."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import distributed
import pandas as pd
import pytest
from helpers import run_cli

from toolresult_lab.logs.auditing import audit
from toolresult_lab.views.probes import SAMPLE_IMAGES

LINES = [
    {
        "name": "plot",
        "server": "charts",
        "content": [
            {"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]},
            {"type": "text", "text": "Köln"},
        ],
    },
    {"name": "search", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "bc"}]},
    "not json",
    {"name": "noop", "content": []},
]


run = run_cli


@pytest.fixture
def log(tmp_path: Path) -> str:
    path = tmp_path / "calls.jsonl"
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in LINES)
    path.write_text(text + "\n", encoding="utf-8")
    return str(path)


def test_table(capsys: pytest.CaptureFixture[str], log: str) -> None:
    code, out, err = run(capsys, "audit", log, "--wire", "openai", "--wire", "anthropic")
    assert code == 0
    assert out.splitlines() == [
        "wire       kind       outcome        entries    results    payload_bytes",
        "---------  ---------  -----------  ---------  ---------  ---------------",
        "openai     text       text                 3          2                8",
        "openai     image_png  placeholder          1          1               83",
        "openai     empty      omitted              1          1                0",
        "anthropic  text       text                 3          2                8",
        "anthropic  image_png  placeholder          1          1               83",
        "anthropic  empty      omitted              1          1                0",
        "",
        "3 results audited, 1 bad record skipped.",
    ]
    assert err == (
        f"toolresult-lab: warning: 1 bad record skipped (first: {log}:3:"
        " invalid JSON: Expecting value (column 1))\n"
    )


def test_csv_json_markdown_are_the_frame(capsys: pytest.CaptureFixture[str], log: str) -> None:
    expected = audit(log, by="server", progress=False)
    code, out, _ = run(capsys, "audit", log, "--by", "server", "--format", "csv")
    assert code == 0
    read = pd.read_csv(io.StringIO(out), keep_default_na=False)
    assert read.to_dict("records") == expected.astype(
        {"wire": str, "kind": str, "outcome": str}
    ).to_dict("records")
    code, out, _ = run(capsys, "audit", log, "--by", "server", "--format", "json")
    assert code == 0
    assert json.loads(out) == read.to_dict("records")
    code, out, _ = run(capsys, "audit", log, "--format", "markdown", "--wire", "hermes")
    assert code == 0
    assert out.splitlines()[0].split("|")[1:-1] == [
        " wire   ",
        " kind      ",
        " outcome     ",
        "   entries ",
        "   results ",
        "   payload_bytes ",
    ]


def test_profiles_and_options(capsys: pytest.CaptureFixture[str], log: str) -> None:
    code, out, _ = run(capsys, "audit", log, "--profile", "anthropic", "--format", "csv")
    assert code == 0
    assert out.splitlines()[1:3] == [
        "anthropic,text,text,3,2,8",
        "anthropic,image_png,native,1,1,83",
    ]
    code, out, _ = run(capsys, "audit", log, "--profiles", "--no-vision", "--format", "csv")
    assert code == 0
    assert "anthropic,image_png,placeholder,1,1,83" in out.splitlines()
    assert out.splitlines()[0] == "profile,kind,outcome,entries,results,payload_bytes"
    code, out, _ = run(capsys, "audit", log, "--wire", "gemini", "--image-input", "--format", "csv")
    assert code == 0
    assert "gemini,image_png,native,1,1,83" in out.splitlines()


def test_plot(capsys: pytest.CaptureFixture[str], log: str, tmp_path: Path) -> None:
    png = tmp_path / "audit.png"
    code, _, _ = run(capsys, "audit", log, "--plot", str(png), "--weight", "payload_bytes")
    assert code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_dask_engine_and_a_scheduler_address(capsys: pytest.CaptureFixture[str], log: str) -> None:
    _, expected, _ = run(capsys, "audit", log, "--format", "csv")
    code, out, _ = run(capsys, "audit", log, "--engine", "dask", "--format", "csv")
    assert (code, out) == (0, expected)
    with distributed.LocalCluster(
        n_workers=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        argv = ["audit", log, "--engine", "dask", "--scheduler", cluster.scheduler_address]
        code, out, _ = run(capsys, *argv, "--format", "csv")
    assert (code, out) == (0, expected)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.jsonl"], "no such file: missing.jsonl"),
        (["*.nothing"], "no files match *.nothing"),
        (["{log}", "--strict"], "bad record at {log}:3: invalid JSON: Expecting value (column 1)"),
        (["{log}", "--profiles", "--wire", "openai"], "--wire and --profiles exclude each other"),
        (["{log}", "--profiles", "--image-input"], "--image-input: a provider profile sets"),
        (["{log}", "--scheduler", "tcp://127.0.0.1:1"], "--scheduler needs --engine dask"),
        (["{log}", "--no-vision", "--image-input"], "image_input=True contradicts vision=False"),
        (["{log}", "--by", "kind"], "by='kind' would shadow the audit's own column 'kind'"),
    ],
)
def test_errors_in_one_line(
    capsys: pytest.CaptureFixture[str], log: str, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "audit", *[arg.format(log=log) for arg in argv])
    assert (code, out) == (2, "")
    assert err.startswith("toolresult-lab: error: " + message.format(log=log))
    assert err.count("\n") == 1


def _garbage(path: Path) -> None:
    path.write_bytes(random.Random(18).randbytes(64 * 1024))


@pytest.mark.parametrize(
    ("name", "write", "reason"),
    [
        ("empty.jsonl", lambda p: p.write_bytes(b""), ": no records"),
        ("blank.jsonl", lambda p: p.write_text("\n\n  \n"), ": no records"),
        (
            "invalid.jsonl",
            lambda p: p.write_text("nope\n[1]\n"),
            ": 2 bad records (first: {path}:1: invalid JSON: Expecting value (column 1))",
        ),
        (
            "one.jsonl",
            lambda p: p.write_text('{"name": "x"}\n'),
            ": 1 bad record (first: {path}:1: ",
        ),
        ("garbage.bin", _garbage, ": "),
    ],
)
def test_a_run_that_read_no_result_fails_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, write: Any, reason: str
) -> None:
    path = tmp_path / name
    write(path)
    code, out, err = run(capsys, "audit", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(
        f"toolresult-lab: error: no result was read from {path}" + reason.format(path=path)
    )
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_console_command(log: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "toolresult_lab.cli", "audit", log, "--strict"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    usage = subprocess.run(
        [sys.executable, "-m", "toolresult_lab.cli", "audit", log, "--engine", "spark"],
        capture_output=True,
        text=True,
    )
    assert usage.returncode == 2 and "invalid choice: 'spark'" in usage.stderr


def test_make_log_script_writes_shards_the_audit_reads(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "scripts" / "make_log.py"
    argv = [str(script), str(tmp_path / "calls.jsonl.gz"), "--results", "301", "--shards", "3"]
    done = subprocess.run(
        [sys.executable, *argv, "--seed", "5"],
        capture_output=True,
        text=True,
        check=True,
    )
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == ["calls-000.jsonl.gz", "calls-001.jsonl.gz", "calls-002.jsonl.gz"]
    assert [line.split(": ")[1].split(",")[0] for line in done.stdout.splitlines()] == [
        "101 results",
        "100 results",
        "100 results",
    ]
    df = audit(str(tmp_path / "calls-*.jsonl.gz"), progress=False)
    assert df.attrs["records"] == 301


def test_a_cluster_failure_is_one_line(
    capsys: pytest.CaptureFixture[str], log: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toolresult_lab.logs.auditing

    def killed(*args: object, **kwargs: object) -> None:
        raise RuntimeError("worker tcp://127.0.0.1:4242 was killed")

    monkeypatch.setattr(toolresult_lab.logs.auditing, "audit", killed)
    code, out, err = run(capsys, "audit", log)
    assert (code, out) == (2, "")
    assert err == (
        "toolresult-lab: error: the audit failed: RuntimeError:"
        " worker tcp://127.0.0.1:4242 was killed\n"
    )
