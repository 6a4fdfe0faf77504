"""Execute every notebook in notebooks/ headless (nbclient) and check what it computed.

The notebooks are committed without outputs; this test is what runs them. Each one runs
in a fresh kernel of *this* interpreter (a temporary kernelspec pointing at
``sys.executable``, so a user-level ``python3`` kernel of another Python cannot be picked
up), with ``notebooks/`` as the working directory, as when a user opens it in Jupyter.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from html import escape
from pathlib import Path
from typing import Any

import nbformat
import pytest
from ipykernel.kernelspec import write_kernel_spec
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.budgets.costs import estimate_tokens

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
NAMES = [path.stem for path in PATHS]
SIZE_LIMIT = 2_000_000  # bytes of an executed notebook: no embedded payloads
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Appended to the MCP notebook before it runs: reads the notebook's own objects (`results`,
# the summary tables `vision` and `defaults`) and prints them as one JSON line.
MCP_PROBE = """\
import json as _json
_chart, _pdf = results["chart_png"], results["report_pdf"]
print(_json.dumps({
    "tools": sorted(results),
    "chart_responses": _chart.to("responses", image_input=True),
    "chart_dict": _chart.to_dict(),
    "chart_openai": _chart.to("openai", image_input=True),
    "pdf_anthropic": _pdf.to("anthropic"),
    "pdf_responses": _pdf.to("responses", native_pdf=True),
    "fail_anthropic": results["fail"].to("anthropic"),
    "weather_gemini": results["weather"].to("gemini"),
    "weather_structured": results["weather"].structured_content,
    "table_vision": {f"{tool} {wire}": vision.loc[tool, wire]
                     for tool in vision.index for wire in ("openai", "anthropic", "responses")},
    "table_defaults": {f"{tool} {wire}": defaults.loc[tool, wire]
                       for tool in defaults.index for wire in ("anthropic", "responses")},
    "columns": list(vision.columns),
}))
"""

# Appended to the tool-turn notebook: its calls, turn shapes and what each client sent.
TURN_PROBE = """\
import json as _json
print(_json.dumps({
    "calls": [[c.id, c.name, c.arguments] for c in calls],
    "messages": {wire: int(shapes.loc[wire, "messages"]) for wire in shapes.index},
    "changed": {wire: sent_table.loc[wire, "what the client changed"] for wire in sent_table.index},
    "as_built": {wire: bool(sent_table.loc[wire, "sent as built"]) for wire in sent_table.index},
    "hoisted_text": turn("openai")[-1]["content"][0]["text"],
    "ollama_hoisted_images": len(turn("ollama")[-1]["images"]),
    "ollama_echo_sent": arrived["ollama"][1],
}))
"""


# Appended to the audit notebook: its own objects as one JSON line.
AUDIT_PROBE = """\
import json as _json
_entries = df[df["kind"] != "empty"].groupby("wire", observed=True)["entries"].sum()
_empty = df[df["kind"] == "empty"].groupby("wire", observed=True)["entries"].sum()
print(_json.dumps({
    "days": [[d.results, d.entries, d.empty, d.bad_lines] for d in days],
    "attrs": df.attrs,
    "entries": {str(w): int(n) for w, n in _entries.items()},
    "empty": {str(w): int(n) for w, n in _empty.items()},
    "dashboard": client.dashboard_link,
    # after the last cell, as after Run All: the cluster and its dashboard are still up
    "dashboard_status": __import__("urllib.request").request.urlopen(
        client.dashboard_link, timeout=20
    ).status,
    "same_on_cluster": bool(on_cluster.equals(df)) and on_cluster.attrs == df.attrs,
    "native_wires": sorted(str(w) for w in native.index),
    "switch": {k: {str(p): int(n) for p, n in v.items()} for k, v in switch.to_dict().items()},
    "logs_left": logs.exists(),
}))
"""

# Appended to the request-check notebook: what lint found in each request, and the log counts.
REQUEST_PROBE = """\
import json as _json
print(_json.dumps({
    "found": {name: [[f.rule, f.severity, f.path] for f in found] for name, found in [
        ("claude", claude_found), ("gemini", gemini_found), ("openai", openai_found),
        ("gemini3", gemini3_found), ("mistral", mistral_found)]},
    "counts": counts[
        ["wire", "profile", "rule", "severity", "findings", "requests"]
    ].values.tolist(),
    "mistral_example": counts.loc[counts["profile"] == "mistral", "example"].iloc[0],
    "checked": counts.attrs["requests"],
    "changes": {name: [[c.rule, c.path] for c in case[3].changes] for name, case in cases.items()},
    "after": after,
    "again": again,
    "mistral_ids": [
        mistral_fixed.request[1]["tool_calls"][0]["id"], mistral_fixed.request[2]["tool_call_id"]
    ],
}))
"""
# Appended to the switch-provider notebook: each move's losses and lint errors.
SWITCH_PROBE = """\
import json as _json
print(_json.dumps({
    "turns": [type(turn).__name__ for turn in transcript.turns],
    "moved": {wire: {"losses": [[l.path, l.what] for l in out.losses],
                     "errors": len(out.findings.errors)} for wire, out in moved.items()},
}))
"""
# Appended to the token-budget notebook: its table and what each wire kept.
BUDGET_PROBE = """\
import json as _json
print(_json.dumps({
    "chars": len(text),
    "table": table.drop(columns="reason").to_dict(orient="index"),
    "reasons": table["reason"].to_dict(),
    "markers": {w: [h for h in v["items"] if isinstance(h, str)] for w, v in kept.items()},
    "fields": {w: sorted(k for k in v if k != "items") for w, v in kept.items()},
}, default=int))
"""
# Appended to the keep-the-prefix notebook: its cost table and the repairs it shows.
PREFIX_PROBE = """\
import json as _json
print(_json.dumps({
    "table": table.reset_index().values.tolist(),
    "fixed": [str(c) for c in fixed.changes],
    "kept": [str(c) for c in kept_fixed.changes],
    "unfixed": [str(c) for c in kept_fixed.unfixed],
    "sent_kept": kept_fixed.request["messages"][:4] == sent_2["messages"],
    "notes": [n.path for n in moved.notes],
}, default=int))
"""
PROBES = {
    "09_keep_the_prefix": PREFIX_PROBE,
    "08_token_budgets": BUDGET_PROBE,
    "03_mcp_server": MCP_PROBE,
    "04_tool_turn": TURN_PROBE,
    "05_audit": AUDIT_PROBE,
    "06_request_check": REQUEST_PROBE,
    "07_switch_provider": SWITCH_PROBE,
}


@pytest.fixture(scope="module")
def kernel_specs(tmp_path_factory: pytest.TempPathFactory) -> KernelSpecManager:
    """Only a ``python3`` kernel that runs ``sys.executable -m ipykernel_launcher``."""
    kernels = tmp_path_factory.mktemp("kernels")
    write_kernel_spec(path=kernels / "python3")
    specs = KernelSpecManager(kernel_dirs=[str(kernels)])
    assert specs.get_kernel_spec("python3").argv[0] == sys.executable
    return specs


class Executed:
    def __init__(self, nb: nbformat.NotebookNode) -> None:
        self.nb = nb

    def outputs(self) -> Iterator[dict[str, Any]]:
        for cell in self.nb.cells:
            yield from cell.get("outputs", [])

    def stream(self, name: str) -> str:
        return "".join(
            o["text"] for o in self.outputs() if o["output_type"] == "stream" and o["name"] == name
        )

    def mime(self, mime: str) -> list[Any]:
        return [o["data"][mime] for o in self.outputs() if mime in o.get("data", {})]


Run = Callable[[str], Executed]


@pytest.fixture(scope="module")
def executed(kernel_specs: KernelSpecManager) -> Run:
    """Runs a notebook (by name) once per test module; later calls reuse the result."""
    cache: dict[str, Executed] = {}

    def run(name: str) -> Executed:
        if name not in cache:
            nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
            if name in PROBES:
                nb.cells.append(nbformat.v4.new_code_cell(PROBES[name]))
            km = KernelManager(kernel_name="python3", kernel_spec_manager=kernel_specs)
            client = NotebookClient(
                nb, km=km, timeout=180, resources={"metadata": {"path": str(NOTEBOOKS)}}
            )
            client.execute()  # raises CellExecutionError on the first failing cell
            cache[name] = Executed(nb)
        return cache[name]

    return run


def test_notebooks_found() -> None:
    assert NAMES == [
        "01_quick_start",
        "02_provider_differences",
        "03_mcp_server",
        "04_tool_turn",
        "05_audit",
        "06_request_check",
        "07_switch_provider",
        "08_token_budgets",
        "09_keep_the_prefix",
    ]


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs(executed: Run, name: str) -> None:
    run = executed(name)
    assert not [o for o in run.outputs() if o["output_type"] == "error"]
    assert run.stream("stderr") == ""  # no warnings in the documentation
    assert len(nbformat.writes(run.nb)) < SIZE_LIMIT


@pytest.mark.parametrize("name", ["01_quick_start", "03_mcp_server"])
def test_views_rendered(executed: Run, name: str) -> None:
    run = executed(name)
    assert run.mime(WIDGET_VIEW), "compare() produced no widget"
    static = [html for html in run.mime("text/html") if 'class="trl-view"' in html]
    assert static, "no static HTML view of a ToolResult"
    for html in static:
        assert html.count('class="trl-card"') == len(WIRES)


def test_quick_start_elides_payloads(executed: Run) -> None:
    from toolresult_lab.views.probes import SAMPLE_IMAGES, SAMPLE_PDF

    run = executed("01_quick_start")
    text = run.stream("stdout")
    assert "'data': '<83 bytes base64>'" in text  # the PNG on anthropic, elided
    assert SAMPLE_IMAGES["image/png"] not in text
    assert SAMPLE_PDF not in text  # the PDF appears only elided
    assert "data:application/pdf;base64,<" in text  # responses input_file, elided


def test_mcp_notebook_outcomes(executed: Run) -> None:
    run = executed("03_mcp_server")
    facts = json.loads(run.stream("stdout").strip().splitlines()[-1])
    assert facts["tools"] == sorted(
        [
            "beep_wav",
            "chart_png",
            "csv_blob",
            "fail",
            "find_file",
            "readme_resource",
            "report_pdf",
            "weather",
        ]
    )

    # chart_png: the PNG is native on responses with image_input, a placeholder on openai.
    image, caption = facts["chart_responses"]["output"]
    assert image["type"] == "input_image"
    assert image["image_url"].startswith("data:image/png;base64,iVBORw0KGgo")
    assert caption["type"] == "input_text" and caption["text"].startswith("Bar chart")
    assert facts["chart_openai"]["content"].startswith("[image] image/png (")
    assert "iVBORw0KGgo" not in facts["chart_openai"]["content"]

    # report_pdf: a document block on anthropic by default; input_file on responses.
    [document] = facts["pdf_anthropic"]["content"]
    assert document["type"] == "document"
    assert document["source"]["media_type"] == "application/pdf"
    [part] = facts["pdf_responses"]["output"]
    assert part["type"] == "input_file"
    assert part["filename"] == "quarterly report.pdf"
    assert part["file_data"].startswith("data:application/pdf;base64,JVBERi0")

    # fail: is_error on anthropic.
    assert facts["fail_anthropic"]["is_error"] is True
    assert "failed on purpose" in facts["fail_anthropic"]["content"][0]["text"]

    # weather: the structured content is gemini's response.
    assert facts["weather_structured"] == {"city": "Quelltown", "temp_c": 22, "sky": "sunny"}
    assert facts["weather_gemini"]["functionResponse"]["response"] == facts["weather_structured"]

    # The summary tables the notebook displays say the same: tools x wires, a column each.
    assert facts["columns"] == list(WIRES)
    vision = {k: v.rsplit(" (", 1)[0] for k, v in facts["table_vision"].items()}
    defaults = {k: v.rsplit(" (", 1)[0] for k, v in facts["table_defaults"].items()}
    chart = estimate_tokens(
        ToolResult.from_dict(facts["chart_dict"]), "anthropic", image_input=True, native_pdf=True
    )
    assert facts["table_vision"]["chart_png anthropic"] == f"native, text ({chart.label()})"
    assert chart.entries[0].what == "image 64x48 png" and chart.entries[0].tokens == 3 * 2
    report = facts["table_vision"]["report_pdf anthropic"]
    assert report.startswith("native (≥ ~")  # anthropic documents no per-page figure
    assert vision["chart_png responses"] == "native, text"
    assert vision["chart_png openai"] == "placeholder, text"
    assert vision["report_pdf responses"] == "native"
    assert vision["weather anthropic"] == "text"
    assert defaults["report_pdf anthropic"] == "native"
    assert defaults["report_pdf responses"] == "placeholder"
    assert defaults["chart_png anthropic"] == "placeholder, text"


def test_tool_turn_notebook(executed: Run) -> None:
    run = executed("04_tool_turn")
    assert run.mime(WIDGET_VIEW), "compare() of the turn produced no widget"
    facts = json.loads(run.stream("stdout").strip().splitlines()[-1])
    assert facts["calls"] == [
        ["call_chart", "chart_png", "{}"],
        ["call_report", "report_pdf", "{}"],
        ["call_weather", "weather", '{"city": "Quelltown"}'],
        ["call_fail", "fail", "{}"],
    ]
    # echo + four results (+ the hoisted user message on openai and ollama)
    assert facts["messages"] == {
        "openai": 6,
        "anthropic": 2,
        "gemini": 2,
        "ollama": 6,
        "responses": 8,
        "hermes": 5,
        "bedrock": 2,
    }
    assert facts["hoisted_text"] == "Images from the tool results above: call_chart content[0]"
    assert facts["ollama_hoisted_images"] == 1
    assert facts["changed"] == {
        "openai": "nothing",
        "anthropic": "nothing",
        "gemini": "snake_case_response_parts, urlsafe_base64_bytes",
        "ollama": "drop_empty_fields, drop_tool_call_id, drop_tool_call_ids",
        "responses": "nothing",
        "hermes": "nothing",
        "bedrock": "nothing",
    }
    assert facts["as_built"] == {
        "openai": True,
        "anthropic": True,
        "gemini": False,
        "ollama": False,
        "responses": True,
        "hermes": True,
        "bedrock": True,
    }
    assert facts["ollama_echo_sent"] == {
        "role": "assistant",
        "tool_calls": [
            {"function": {"name": "chart_png", "arguments": {}}},
            {"function": {"name": "report_pdf", "arguments": {}}},
            {"function": {"name": "weather", "arguments": {"city": "Quelltown"}}},
            {"function": {"name": "fail", "arguments": {}}},
        ],
    }
    shown = "".join(
        run.stream("stdout").splitlines(keepends=True)[:-1]  # the probe line holds no payload
    ) + "".join(str(h) for h in run.mime("text/plain"))
    assert "iVBORw0KGgo" not in shown  # the PNG's base64 is elided wherever the notebook prints
    assert "data:image/png;base64,<" in shown


def test_audit_notebook_counts(executed: Run) -> None:
    run = executed("05_audit")
    facts = json.loads(run.stream("stdout").strip().splitlines()[-1])
    results, entries, empty, bad = (sum(day[i] for day in facts["days"]) for i in range(4))
    assert results == 5000 and bad > 0
    assert facts["attrs"]["records"] == results
    assert facts["attrs"]["bad_records"] == bad
    assert len(facts["attrs"]["bad_examples"]) == 5
    # every content entry counted once per wire, every empty result once per wire
    assert facts["entries"] == dict.fromkeys(WIRES, entries)
    assert set(facts["empty"].values()) == {empty}
    assert facts["dashboard"].startswith("http://127.0.0.1:")
    assert facts["dashboard_status"] == 200  # issue 18: the link was dead at once
    assert facts["same_on_cluster"] is True
    assert facts["native_wires"] == ["anthropic"]
    switch = facts["switch"]
    assert switch["text-only"]["openai-responses"] == 0 < switch["vision"]["openai-responses"]
    assert switch["text-only"]["anthropic"] > 0  # PDF document blocks need no vision
    assert facts["logs_left"] is False
    assert "audit:" in json.dumps(run.mime("text/plain"))  # the tqdm bar was shown


def test_request_check_notebook(executed: Run) -> None:
    run = executed("06_request_check")
    facts = json.loads(run.stream("stdout").strip().splitlines()[-1])
    assert facts["found"] == {
        "claude": [["call-without-result", "error", "messages[1].content[2]"]],
        "gemini": [["results-not-next", "error", "contents[1].parts[1]"]],
        "openai": [["tool-result-content", "error", "messages[2].content[1]"]],
        "gemini3": [["missing-thought-signature", "error", "contents[1].parts[0]"]],
        "mistral": [
            ["call-id-format", "error", "messages[1].tool_calls[0]"],
            ["call-id-format", "error", "messages[2]"],
        ],
    }
    assert facts["checked"] == 5
    assert facts["counts"] == [  # issue 28, item 14: Mistral's error is not plain openai
        ["openai", "mistral", "call-id-format", "error", 2, 1],
        ["openai", "", "tool-result-content", "error", 1, 1],
        ["anthropic", "", "call-without-result", "error", 1, 1],
        ["gemini", "gemini-3", "missing-thought-signature", "error", 1, 1],
        ["gemini", "gemini-2.5", "results-not-next", "error", 1, 1],
    ]
    assert facts["changes"] == {
        "claude": [["call-without-result", "messages[1].content[2]"]],
        "gemini": [["results-not-next", "contents[4].parts[0]"]],
        "openai": [  # in request order: the tool message (hoisted), then its image part
            ["tool-result-content", "messages[2]"],
            ["tool-result-content", "messages[2].content[1]"],
        ],
        "gemini3": [["missing-thought-signature", "contents[1].parts[0]"]],
        "mistral": [
            ["call-id-format", "messages[1].tool_calls[0]"],
            ["call-id-format", "messages[2]"],
        ],
    }
    clean = dict.fromkeys(["claude", "gemini", "openai", "gemini3", "mistral"], 0)
    assert facts["after"] == clean and facts["again"] == clean
    new_id = facts["mistral_ids"][0]
    assert facts["mistral_ids"] == [new_id, new_id] and len(new_id) == 9 and new_id.isalnum()
    html = run.mime("text/html")
    tables = [h for h in html if 'class="trl-view trl-lint"' in h]
    requests = [h for h in html if 'class="trl-view trl-request"' in h]
    repairs = [h for h in html if 'class="trl-view trl-repair"' in h]
    assert len(tables) == 2 and len(requests) == 4  # two Findings shown, four requests
    assert len(repairs) == 4  # claude, gemini, openai, mistral: before and after
    assert all("trl-message trl-added" in h and "trl-mark-change" in h for h in repairs)
    assert all("trl-mark trl-mark-error" in h for h in requests)
    from toolresult_lab.views.probes import SAMPLE_IMAGES

    assert SAMPLE_IMAGES["image/png"] not in nbformat.writes(run.nb)  # elided everywhere
    example = escape(facts["mistral_example"]).replace("&#x27;", "&#39;")
    assert len(example) > 50 and any(example in h for h in html)  # shown whole


def test_switch_provider_notebook(executed: Run) -> None:
    run = executed("07_switch_provider")
    facts = json.loads(run.stream("stdout").strip().splitlines()[-1])
    assert facts["turns"] == [
        "UserTurn", "AssistantTurn", "ToolResults", "AssistantTurn", "UserTurn", "AssistantTurn",
        "ToolResults",
    ]  # fmt: skip
    moved = facts["moved"]
    assert {wire: found["errors"] for wire, found in moved.items()} == dict.fromkeys(moved, 0)
    signature = "gemini call fields dropped (thoughtSignature)"
    assert moved["gemini"]["losses"] == []
    assert moved["anthropic"]["losses"] == [
        ["contents[1].parts[0]", signature],
        ["contents[5].parts[0]", signature],
    ]
    assert [
        "contents[2].parts[1]",
        "content[1]: openai has no native image form in a tool message"
        " (tool_turn's hoist_images sends images in a user message after it)",
    ] in moved["openai"]["losses"]
    html = run.mime("text/html")
    assert any('class="trl-transcript"' in h for h in html)  # the transcript, turn by turn


def test_token_budget_notebook(executed: Run) -> None:
    """A 2 MB JSON listing in 8,000 tokens on every wire: within the budget, still JSON
    with its top-level fields, the hits left out counted by the marker, the cut reported."""
    found = json.loads(executed("08_token_budgets").stream("stdout").splitlines()[-1])
    assert found["chars"] > 2_000_000
    assert set(found["table"]) == set(WIRES)
    for wire, row in found["table"].items():
        assert row["tokens before"] > 600_000, wire
        assert 7_000 < row["tokens after"] <= 8_000, wire
        assert row["outcome"] == "truncated"
        (marker,) = found["markers"][wire]
        assert marker == f"[… {4_000 - row['hits kept']:,} items left out …]"
        assert found["fields"][wire] == ["incomplete_results", "total_count"]
        assert found["reasons"][wire].startswith("cut to fit max_tokens=8,000 (≈ ")


def test_keep_the_prefix_notebook(executed: Run) -> None:
    """Three edits of one conversation with signed thinking: a result cut again and a
    repair that merges into a sent result are errors on a binding model and costed warnings
    elsewhere; repair with previous= keeps the sent prefix; a switch to Bedrock is a note."""
    found = json.loads(executed("09_keep_the_prefix").stream("stdout").splitlines()[-1])
    assert found["table"] == [
        ["append only", "-", "-", 0, 0, "none", "none"],
        [
            "result cut again",
            "result-shortened",
            "messages[2].content[0]",
            617,
            1,
            "error",
            "warning",
        ],
        ["id repaired", "result-changed", "messages[2].content[0]", 2145, 1, "error", "warning"],
        ["id repaired, previous=", "-", "-", 0, 0, "none", "none"],
        ["switch to Bedrock", "(new provider)", "-", 2285, 0, "note", "note"],
    ]
    assert found["fixed"] == [
        "messages[3].content[1]: [call-without-result] added an error result for toolu_02",
        "messages[4].content[0]: [duplicate-result] merged its output into the first result"
        " for toolu_01 (messages[2].content[0])",
    ]
    assert found["kept"] == found["fixed"][:1]
    assert found["unfixed"] == [
        "messages[4].content[0]: [duplicate-result] left as it is: merged its output into the"
        " first result for toolu_01 (messages[2].content[0]) (it would change what the previous"
        " request sent, or what precedes bound thinking)"
    ]
    assert found["sent_kept"] is True
    assert found["notes"] == ["messages[1].content[0]"]
    html = executed("09_keep_the_prefix").mime("text/html")
    assert sum('class="trl-view trl-diff"' in h for h in html) == 4
