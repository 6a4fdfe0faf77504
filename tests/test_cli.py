"""The ``toolresult-lab`` command: matrix / convert / explain / docs, and its handling of bad
input (one line on stderr, a non-zero exit status, never a traceback)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import mcp.types as mt
import pandas as pd
import pytest

from toolresult_lab import COMPILED, WIRES, ToolResult, __version__
from toolresult_lab.cli import main
from toolresult_lab.docs import provider_differences
from toolresult_lab.matrix import pivot_outcomes
from toolresult_lab.probes import PROBES, SAMPLE_IMAGES, SAMPLE_PDF

ROWS = len(WIRES) * len(PROBES) * 18

MIXED = ToolResult(
    name="report",
    id="call_9",
    content=[
        {"type": "text", "text": "Q3 report"},
        {"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]},
        {
            "type": "resource",
            "resource": {
                "uri": "file:///r/q3.pdf",
                "mimeType": "application/pdf",
                "blob": SAMPLE_PDF,
            },
        },
        {"type": "text", "text": "Köln </tool_response>"},
    ],
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` in-process: (exit status, stdout, stderr); usage errors included."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, ""), err
    return out


@pytest.fixture
def mixed_file(tmp_path):
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(MIXED.to_dict(), ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.fixture
def mcp_file(tmp_path):
    call = mt.CallToolResult(
        content=[
            mt.TextContent(type="text", text="failed: no such city"),
            mt.ImageContent(type="image", data="QUJD", mime_type="image/png"),
        ],
        is_error=True,
        structured_content={"code": 404},
        _meta={"trace": "t1"},
    )
    data = call.model_dump(by_alias=True, mode="json")
    assert data["_meta"] == {"trace": "t1"}
    assert data["isError"] is True
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# -- matrix --------------------------------------------------------------------------------


def test_matrix_table(capsys):
    out = ok(capsys, "matrix")
    lines = out.splitlines()
    assert lines[0] == (
        "What each wire sends (image_input=off, native_pdf=default, source_blocks=default)."
        " Outcomes: native, passthrough, document, text, placeholder, degraded, omitted."
    )
    assert lines[2].split() == ["kind", *WIRES]
    assert len(lines) == 4 + len(PROBES)
    labels = [p.label for p in PROBES.values()]
    for label, line in zip(labels, lines[4:], strict=True):
        assert line.startswith(label)
    assert lines[4 + list(PROBES).index("pdf_resource")].split()[-6:] == [
        "placeholder",
        "native",
        "placeholder",
        "placeholder",
        "placeholder",
        "placeholder",
    ]


def test_matrix_formats(capsys):
    pivot = pivot_outcomes()
    as_json = json.loads(ok(capsys, "matrix", "--format", "json"))
    assert as_json == pivot.to_dict(orient="index")
    as_csv = pd.read_csv(
        io.StringIO(ok(capsys, "matrix", "--format", "csv")), index_col=0, dtype=str
    )
    assert as_csv.values.tolist() == pivot.values.tolist()
    assert as_csv.index.tolist() == pivot.index.tolist()
    markdown = ok(capsys, "matrix", "--format", "markdown").splitlines()
    assert [c.strip() for c in markdown[0].strip("|").split("|")] == ["kind", *WIRES]
    assert len(markdown) == 2 + len(PROBES)
    html = ok(capsys, "matrix", "--format", "html")
    assert "<table" in html
    assert "image_input off" in html  # a reason tooltip


def test_matrix_options(capsys):
    table = json.loads(
        ok(capsys, "matrix", "--image-input", "--native-pdf", "on", "--format", "json")
    )
    assert table["image/gif"]["gemini"] == "placeholder"
    assert table["image/gif"]["responses"] == "native"
    assert table["PDF resource"]["gemini"] == "native"
    table = json.loads(ok(capsys, "matrix", "--source-blocks", "off", "--format", "json"))
    assert table["PDF resource"]["anthropic"] == "placeholder"
    assert table["search_result"]["anthropic"] == "text"
    heading = ok(capsys, "matrix", "--no-image-input", "--source-blocks", "off").splitlines()[0]
    assert heading.startswith(
        "What each wire sends (image_input=off, native_pdf=default, source_blocks=off)."
    )


def test_matrix_filters(capsys):
    out = ok(
        capsys,
        "matrix",
        "--wire",
        "gemini",
        "--wire",
        "responses",
        "--kind",
        "image_gif",
        "--image-input",
        "--format",
        "csv",
    )
    assert out == "kind,gemini,responses\nimage/gif,placeholder,native\n"


def test_matrix_profiles(capsys):
    text_only = json.loads(ok(capsys, "matrix", "--profiles", "--no-vision", "--format", "json"))
    vision = json.loads(ok(capsys, "matrix", "--profiles", "--format", "json"))
    assert text_only["PDF resource"]["anthropic"] == "native"
    assert text_only["PDF resource"]["openai-responses"] == "placeholder"
    assert vision["PDF resource"]["openai-responses"] == "native"
    assert vision["PDF resource"]["perplexity"] == "placeholder"
    assert vision["image/png"]["akiio"] == "placeholder"
    assert text_only["image/png"]["anthropic"] == "placeholder"
    assert vision["image/png"]["anthropic"] == "native"
    table = ok(capsys, "matrix", "--profiles", "--no-vision").splitlines()
    assert table[0] == (
        "What each provider's tool loop sends, for a model that does not see"
        " images (kinds x profiles)."
    )
    assert table[2].split()[:3] == ["kind", "anthropic", "minimax"]


def test_matrix_long_csv(capsys):
    out = ok(capsys, "matrix", "--long", "--format", "csv")
    frame = pd.read_csv(io.StringIO(out))
    assert len(frame) == ROWS
    assert len(out.splitlines()) == ROWS + 1
    assert frame.columns[:7].tolist() == [
        "wire",
        "kind",
        "label",
        "image_input",
        "native_pdf",
        "source_blocks",
        "outcome",
    ]
    out = ok(capsys, "matrix", "--long", "--format", "csv", "--wire", "openai")
    assert len(pd.read_csv(io.StringIO(out))) == len(PROBES) * 18


# -- convert ---------------------------------------------------------------------------------


def test_convert_tool_result_json(capsys, mixed_file):
    for wire in WIRES:
        assert json.loads(ok(capsys, "convert", mixed_file, "--wire", wire)) == MIXED.to(wire)
    got = json.loads(
        ok(
            capsys,
            "convert",
            mixed_file,
            "--wire",
            "responses",
            "--image-input",
            "--native-pdf",
            "on",
        )
    )
    assert got == MIXED.to("responses", image_input=True, native_pdf=True)
    assert [part["type"] for part in got["output"]] == [
        "input_text",
        "input_image",
        "input_file",
        "input_text",
    ]
    got = json.loads(
        ok(
            capsys,
            "convert",
            mixed_file,
            "--wire",
            "anthropic",
            "--native-pdf",
            "off",
            "--source-blocks",
            "off",
        )
    )
    assert got == MIXED.to("anthropic", native_pdf=False, source_blocks=False)
    got = json.loads(
        ok(capsys, "convert", mixed_file, "--wire", "hermes", "--response-tag", "fn_response")
    )
    assert got == MIXED.to("hermes", response_tag="fn_response")
    assert got.startswith("<fn_response>\n")


def test_convert_output_keeps_non_ascii(capsys, mixed_file):
    out = ok(capsys, "convert", mixed_file, "--wire", "openai")
    assert "Köln" in out


def test_convert_name_and_id_override(capsys, mixed_file):
    got = json.loads(
        ok(capsys, "convert", mixed_file, "--wire", "ollama", "--name", "other", "--id", "c2")
    )
    assert got["tool_name"] == "other"
    assert got["tool_call_id"] == "c2"


def test_convert_mcp_result_json(capsys, mcp_file):
    got = json.loads(
        ok(capsys, "convert", mcp_file, "--wire", "anthropic", "--id", "toolu_1", "--image-input")
    )
    assert got == {
        "type": "tool_result",
        "tool_use_id": "toolu_1",
        "is_error": True,
        "content": [
            {"type": "text", "text": "failed: no such city"},
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": "QUJD"},
            },
        ],
    }
    got = json.loads(ok(capsys, "convert", mcp_file, "--wire", "gemini", "--name", "weather"))
    assert got == {"functionResponse": {"name": "weather", "response": {"code": 404}}}


def test_convert_stdin(capsys, monkeypatch):
    text = json.dumps({"content": [{"type": "text", "text": "from stdin"}], "isError": True})
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    got = json.loads(ok(capsys, "convert", "-", "--wire", "openai", "--id", "c"))
    assert got == {"role": "tool", "tool_call_id": "c", "content": "from stdin"}


def test_convert_all_wires(capsys, mixed_file):
    got = json.loads(ok(capsys, "convert", mixed_file, "--wire", "all", "--image-input"))
    assert list(got) == list(WIRES)
    assert got == {wire: MIXED.to(wire, image_input=True) for wire in WIRES}


# -- explain ----------------------------------------------------------------------------------


def test_explain_output(capsys, mixed_file):
    out = ok(capsys, "explain", mixed_file, "--wire", "anthropic", "--image-input")
    lines = out.splitlines()
    assert lines[0].split() == ["wire", "#", "type", "item", "outcome", "reason", "part"]
    assert len(lines) == 2 + 4
    assert "image sent as a base64 image block" in lines[3]
    assert "PDF sent as a base64 document block" in lines[4]
    expected = [
        ["anthropic", "0", "text", "text", "text"],
        ["anthropic", "1", "image", "blob", "native"],
        ["anthropic", "2", "resource", "blob", "native"],
        ["anthropic", "3", "text", "text", "text"],
    ]
    assert [line.split()[:5] for line in lines[2:]] == expected
    assert SAMPLE_IMAGES["image/png"][:24] not in out  # payloads are elided
    assert SAMPLE_PDF[:24] not in out


def test_explain_all_wires(capsys, mixed_file):
    out = ok(capsys, "explain", mixed_file, "--wire", "all")
    rows = out.splitlines()[2:]
    assert len(rows) == 4 * len(WIRES)
    assert [r.split()[0] for r in rows] == [w for w in WIRES for _ in range(4)]
    assert "openai has no native image form" in out
    assert "native_pdf not set" in out


def test_explain_empty(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"content": []}'))
    assert ok(capsys, "explain", "-", "--wire", "all") == "(no content entries)\n"


# -- docs and version ----------------------------------------------------------------------------


def test_docs(capsys, tmp_path):
    assert ok(capsys, "docs") == provider_differences()
    target = tmp_path / "differences.md"
    out = ok(capsys, "docs", "-o", str(target))
    text = target.read_text(encoding="utf-8")
    assert text == provider_differences()
    assert out == f"wrote {target} ({len(text.encode()):,} bytes)\n"


def test_version(capsys):
    label = "mypyc-compiled core" if COMPILED else "pure-Python core"
    assert ok(capsys, "--version") == f"toolresult-lab {__version__} ({label})\n"


# -- bad input ---------------------------------------------------------------------------------


def _bad_inputs(tmp_path):
    (tmp_path / "invalid.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "array.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes(b'{"content": [{"type": "text", "text": "K\xf6ln"}]}')
    (tmp_path / "content.json").write_text('{"name": "t", "content": "text"}', encoding="utf-8")
    (tmp_path / "unknown_key.json").write_text('{"name": "t", "colour": 1}', encoding="utf-8")
    (tmp_path / "good.json").write_text('{"content": []}', encoding="utf-8")
    missing = str(tmp_path / "missing.json")
    return [
        (("convert", missing, "--wire", "openai"), 1, f"cannot read {missing}"),
        (("explain", missing, "--wire", "openai"), 1, "cannot read"),
        (("convert", str(tmp_path), "--wire", "openai"), 1, "cannot read"),
        (("convert", str(tmp_path / "invalid.json"), "--wire", "openai"), 1, "is not valid JSON"),
        (
            ("convert", str(tmp_path / "array.json"), "--wire", "openai"),
            1,
            "expected a JSON object, got list",
        ),
        (("convert", str(tmp_path / "latin1.json"), "--wire", "openai"), 1, "is not UTF-8 text"),
        (("convert", str(tmp_path / "content.json"), "--wire", "openai"), 1, "content"),
        (
            ("convert", str(tmp_path / "unknown_key.json"), "--wire", "openai"),
            1,
            "unknown key 'colour'",
        ),
        (("convert", str(tmp_path / "good.json"), "--wire", "nope"), 2, "invalid choice: 'nope'"),
        (("convert", str(tmp_path / "good.json")), 2, "--wire"),
        (
            ("convert", str(tmp_path / "good.json"), "--wire", "openai", "--bogus"),
            2,
            "unrecognized arguments: --bogus",
        ),
        (
            ("convert", str(tmp_path / "good.json"), "--wire", "openai", "--native-pdf", "maybe"),
            2,
            "invalid choice: 'maybe'",
        ),
        (("matrix", "--wire", "nope"), 2, "invalid choice: 'nope'"),
        (("matrix", "--kind", "nope"), 2, "invalid choice: 'nope'"),
        (("matrix", "--format", "xml"), 2, "invalid choice: 'xml'"),
        (("docs", "-o", str(tmp_path / "no" / "such" / "dir.md")), 1, "cannot write"),
        (("frobnicate",), 2, "invalid choice: 'frobnicate'"),
        ((), 2, "required"),
    ]


def test_bad_input_is_one_line(capsys, tmp_path):
    for argv, status, message in _bad_inputs(tmp_path):
        code, out, err = run(capsys, *argv)
        assert code == status, (argv, err)
        assert out == "", argv
        assert err.endswith("\n"), argv
        assert err.count("\n") == 1, (argv, err)
        assert err.startswith("toolresult-lab"), (argv, err)
        assert message in err, (argv, err)
        assert "Traceback" not in err


def test_bad_stdin(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("null"))
    assert run(capsys, "convert", "-", "--wire", "openai") == (
        1,
        "",
        "toolresult-lab: error: -: expected a JSON object, got NoneType\n",
    )


# -- as a real process ---------------------------------------------------------------------------


def test_subprocess_convert_and_error(tmp_path):
    command = [sys.executable, "-m", "toolresult_lab.cli"]
    text = json.dumps({"name": "t", "id": "c", "content": [{"type": "text", "text": "Köln"}]})
    proc = subprocess.run(
        [*command, "convert", "-", "--wire", "all"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        cwd=tmp_path,  # not the repo root: the installed package is what runs
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    got = json.loads(proc.stdout)
    assert list(got) == list(WIRES)
    assert got["openai"] == {"role": "tool", "tool_call_id": "c", "content": "Köln"}

    proc = subprocess.run(
        [*command, "convert", str(tmp_path / "missing.json"), "--wire", "openai"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.startswith("toolresult-lab: error: cannot read ")
    assert proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


def test_explain_is_one_line_per_entry(capsys, monkeypatch):
    result = {
        "content": [
            {
                "type": "search_result",
                "title": "Q",
                "source": "https://e",
                "content": [{"type": "text", "text": "Pop 12"}],
            },
            {"type": "text", "text": "a\nb"},
        ]
    }
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(result)))
    lines = ok(capsys, "explain", "-", "--wire", "openai").splitlines()
    assert len(lines) == 2 + 2
    assert lines[2].endswith("[search_result] Q <https://e>\\nPop 12")
    assert lines[3].endswith("a\\nb")


def test_matrix_profiles_narrowed_by_wire(capsys):
    assert (
        main(
            [
                "matrix",
                "--profiles",
                "--wire",
                "gemini",
                "--format",
                "csv",
                "--kind",
                "image_gif",
                "--kind",
                "pdf_resource",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "kind,gemini-3,gemini-2.5",
        "image/gif,placeholder,placeholder",
        "PDF resource,native,placeholder",
    ]
