"""Real-browser test of issue 18 (what a user meets first, round 2), at 1280 px with the
JupyterLab file browser open: wide tables fit (item 10), compare()'s cards say when they were
made with options the controls do not show (item 7), and the Dask audit's progress bar fills
while its dashboard stays up after the last cell (item 6). Screenshots go to
``tests/browser/artifacts/`` (``$TRL_SCREENSHOT_DIR``).
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from jupyter_lab import JupyterLab, Timeouts
from test_compare_widget import PNG_CELL, Checks, require_browser

from toolresult_lab import WIRES
from toolresult_lab.conversion.profiles import PROFILES

MATRIX_CELL = """\
from IPython.display import HTML
from toolresult_lab.views.matrix import profile_matrix, style_matrix
from toolresult_lab.views.render import result_html
from toolresult_lab.views.widgets import compare, matrix_explorer

style_matrix(profile_matrix(vision=True))
"""
LONG_FORM_CELL = """\
explorer = matrix_explorer()
explorer.controls["view"].value = "long form"
explorer
"""
PROFILES_VIEW_CELL = """\
profiles_view = matrix_explorer()
profiles_view.controls["view"].value = "profiles"
profiles_view
"""
STATIC_CELL = """\
from toolresult_lab import ToolResult
from toolresult_lab.views.probes import SAMPLE_PDF

mixed = ToolResult(name="report", id="call_1", content=[
    {"type": "text", "text": "Q3 chart and report"},
    {"type": "image", "mimeType": "image/png", "data": PNG_B64},
    {"type": "resource", "resource": {"uri": "file:///reports/q3.pdf",
                                      "mimeType": "application/pdf", "blob": SAMPLE_PDF}},
])
HTML(result_html(mixed))
"""
# The table of notebook 04 ("what the client changed"), shown as that notebook shows it.
CHANGED_CELL = """\
import pandas as pd

changed = "drop_empty_fields, drop_tool_call_id, drop_tool_call_ids"
sent_table = pd.DataFrame({
    "ollama": {"client": "ollama: client.chat", "sent as built": False,
               "what the client changed": changed},
    "openai": {"client": "openai: client.chat.completions.create", "sent as built": True,
               "what the client changed": "nothing"},
}).T
sent_table.style.set_properties(**{"text-align": "left"})
"""
COMPARE_CELL = "box = compare(mixed, image_input=True)\nbox"
DASK_CELL = """\
from pathlib import Path

from dask.distributed import Client, LocalCluster

from toolresult_lab import audit, synthetic_log

logs = Path("audit-logs")  # beside the notebook, in the harness's temp dir
logs.mkdir()
for day in (1, 2, 3):
    synthetic_log(logs / f"calls-{day}.jsonl", 1500, seed=day)
cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                       dashboard_address="127.0.0.1:0")
client = Client(cluster)
print("dashboard:", client.dashboard_link)
on_cluster = audit(str(logs / "calls-*.jsonl"), engine="dask", blocksize=1 << 18)
print("audited", on_cluster.attrs["records"])
"""

# Is an element wider than the area it is drawn in?  {table, area, clipped}
_FITS_JS = """(t) => {
    const area = t.closest('.widget-box') || t.closest('.jp-OutputArea-output');
    const box = area.getBoundingClientRect();
    const right = Math.max(...[...t.querySelectorAll('th, td')].map(
        (c) => c.getBoundingClientRect().right));
    return {table: Math.round(t.getBoundingClientRect().width), area: Math.round(box.width),
            clipped: right > box.right + 1};
}"""
_CAPTIONS_JS = """(root) => Object.fromEntries([...root.querySelectorAll('.trl-card')].map(
    (c) => [c.dataset.wire, c.querySelector('.trl-options').innerText]))"""
_BAR_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output .widget-hprogress')].map(
    (p) => {
        const bar = p.querySelector('.progress-bar');
        const row = p.closest('.widget-hbox') || p.parentElement;
        return {width: bar ? bar.style.width : '',
                shown: Math.round(p.getBoundingClientRect().width),
                text: row.innerText.replace(/\u2007/g, ' ')};
    })"""


def _output(lab: JupyterLab, index: int) -> Any:
    """The output area of the ``index``-th code cell, scrolled into view (JupyterLab draws the
    cells far from the view lazily)."""
    cell = lab.page.locator(".jp-Cell").nth(index)
    cell.scroll_into_view_if_needed()
    lab.page.wait_for_timeout(300)
    return cell.locator(".jp-OutputArea-output").first


def _shot(lab: JupyterLab, element: Any, path: Path) -> None:
    element.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    lab.page.mouse.move(1, 1)
    lab.page.wait_for_timeout(300)
    lab.screenshot(path)


@pytest.mark.browser
@pytest.mark.timeout(420)
def test_what_a_user_meets_first_at_1280_with_the_file_browser_open(screenshot_dir: Path) -> None:
    require_browser()
    checks = Checks()
    cells = [
        PNG_CELL,
        MATRIX_CELL,
        LONG_FORM_CELL,
        PROFILES_VIEW_CELL,
        STATIC_CELL,
        CHANGED_CELL,
        COMPARE_CELL,
        DASK_CELL,
    ]
    with JupyterLab(
        cells,
        viewport=(1280, 900),
        collapse_sidebars=False,
        timeouts=Timeouts(run=300),
        failure_screenshot=screenshot_dir / "first-meet-failure.png",
    ) as lab:
        page = lab.page
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        assert not lab.cell_errors(), lab.diagnostics()
        assert lab.wait_for_widget(".trl-compare", timeout=60), lab.diagnostics()
        page.wait_for_timeout(1000)
        checks.check(
            page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is not open"
        )

        # -- item 10: wide content fits -----------------------------------------------------
        matrix = _output(lab, 1).locator("table").first
        fit = matrix.evaluate(_FITS_JS)
        headers = [h.strip() for h in matrix.locator("thead th.col_heading").all_text_contents()]
        checks.check(
            headers == list(PROFILES) and not fit["clipped"], f"profile matrix: {fit} {headers}"
        )
        _shot(lab, matrix, screenshot_dir / "first-meet-profile-matrix.png")
        for index, name in ((2, "long form"), (3, "profiles view")):
            table = _output(lab, index).locator("table").first
            fit = table.evaluate(_FITS_JS)
            checks.check(not fit["clipped"], f"the explorer's {name} is clipped: {fit}")
            if index == 2:
                last = table.locator("thead th").last.inner_text().replace("\u200b", "")
                checks.check(last == "token_rules", f"long form's last column: {last!r}")
                _shot(lab, table, screenshot_dir / "first-meet-long-form.png")
        summary = _output(lab, 4).locator("table.trl-content td").nth(3)
        align = summary.evaluate("(c) => getComputedStyle(c).textAlign")
        checks.check(align == "left", f"the static view's summary column is aligned {align}")
        changed = _output(lab, 5).inner_text()
        checks.check(
            "drop_empty_fields, drop_tool_call_id, drop_tool_call_ids" in changed
            and "..." not in changed,
            f"notebook 04's table is cut: {changed!r}",
        )
        _shot(lab, _output(lab, 4), screenshot_dir / "first-meet-static-view.png")

        # -- item 7: profile -> option -> another profile ---------------------------------------
        root = page.locator(".jp-OutputArea-output .trl-compare").first
        profile = root.locator(".widget-dropdown", has_text="profile").locator("select")
        profile.select_option(label="Gemini 3 and later [gemini]")
        page.wait_for_timeout(500)
        root.locator(".widget-toggle-buttons", has_text="native_pdf").locator(
            "button", has_text="off"
        ).first.click()
        page.wait_for_timeout(800)
        profile.select_option(label="Moonshot / Kimi /anthropic [anthropic]")
        page.wait_for_timeout(1200)
        captions = root.evaluate(_CAPTIONS_JS)
        others = [wire for wire in captions if wire != "anthropic"]
        checks.check(
            captions.get("anthropic", "").startswith("profile Moonshot / Kimi /anthropic:")
            and len(others) == len(WIRES) - 1
            and all(
                captions[w].startswith("options from before the profile (the controls show")
                for w in others
            ),
            f"card captions after profile -> option -> profile: {captions}",
        )
        checks.check(
            "native_pdf off" in captions.get("gemini", ""),
            f"the gemini card lost the custom native_pdf: {captions.get('gemini')}",
        )
        # the hermes tag box says why a tag is not used
        tag = root.locator(".widget-text", has_text="response_tag").locator("input")
        tag.fill("bad tag<>")
        tag.press("Enter")
        page.wait_for_timeout(800)
        note = root.locator(".trl-tag-note").inner_text()
        checks.check(
            note.startswith("response_tag must be a plain tag name") and "bad tag<>" in note,
            f"the response_tag note: {note!r}",
        )
        _shot(lab, root, screenshot_dir / "first-meet-compare.png")

        # -- item 6: the Dask audit's bar filled, the dashboard is up after the last cell ----------
        dask_output = _output(lab, 7)  # in view first: JupyterLab leaves far cells undrawn
        page.wait_for_timeout(300)
        bars = page.evaluate(_BAR_JS)
        dask_bar = bars[-1] if bars else {"width": "", "text": ""}
        checks.check(
            dask_bar["width"] == "100%"
            and "audit: 100%" in dask_bar["text"]
            and dask_bar.get("shown", 0) > 200,  # a notebook bar, not a squeezed 80 px one
            f"the Dask audit's progress bar: {bars}",
        )
        printed = dask_output.inner_text()
        link = re.search(r"dashboard: (http://127\.0\.0\.1:\d+/status)", printed)
        status = 0
        if link:
            with urllib.request.urlopen(link.group(1), timeout=20) as response:
                status = response.status
        checks.check(status == 200, f"the dashboard after the last cell: {printed!r} -> {status}")
        _shot(lab, _output(lab, 7), screenshot_dir / "first-meet-dask.png")
        checks.check(
            not lab.blocked_requests, f"the page tried to leave loopback: {lab.blocked_requests}"
        )
        lab.log(f"captions: {captions}")
        assert not checks.failures, "issue 18 checks failed in the browser:\n" + checks.report(lab)
