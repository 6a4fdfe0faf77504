"""Real-browser test: lint's views (SPEC 8) drawn in JupyterLab at 1280 px, sidebar open.

The findings table, the request view with its marks and the repair's before/after must draw
as HTML (not as text), fit the output area, and show what came from the request as text:
nothing from it runs. Run: ``pytest -m browser tests/browser/test_findings_view.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from jupyter_lab import JupyterLab
from test_compare_widget import Checks, _wait, require_browser

LINT_CELL = """\
from IPython.display import HTML, display
from toolresult_lab import lint, repair, request_html
from toolresult_lab.views.probes import SAMPLE_IMAGES

EVIL = "<script>window.__pwned=1</script><img src=x onerror=\\"window.__pwned2=1\\">"
request = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [
    {"role": "user", "content": "Weather in Paris and Lyon? " + EVIL},
    {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Paris"}},
        {"type": "tool_use", "id": "toolu_01B", "name": "get_weather", "input": {"city": EVIL}}]},
    {"role": "user", "content": [
        {"type": "text", "text": "Here you go"},
        {"type": "tool_result", "tool_use_id": "toolu_01A", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                         "data": SAMPLE_IMAGES["image/png"]}}]}]}]}
found = lint("anthropic", request)
display(found)
display(HTML(request_html("anthropic", request, found)))
repair("anthropic", request)
"""

_FITS_JS = """(selector) => {
    const el = document.querySelector(selector);
    if (!el) return null;
    const area = el.closest('.jp-OutputArea-output').getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {left: box.left - area.left, right: area.right - box.right, width: box.width};
}"""


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_findings_request_and_repair_views_at_1280(screenshot_dir: Path) -> None:
    require_browser()
    checks = Checks()
    with JupyterLab(
        [LINT_CELL],
        viewport=(1280, 1600),
        collapse_sidebars=False,
        failure_screenshot=screenshot_dir / "lint-failure.png",
    ) as lab:
        page = lab.page
        assert not lab.cell_errors(), lab.diagnostics()
        assert _wait(lab, "() => !!document.querySelector('.trl-repair')", timeout=60), (
            "the views did not render\n\n" + lab.diagnostics()
        )
        # the findings table: a row per finding, a severity badge each
        rules = page.eval_on_selector_all(
            ".trl-lint table.trl-findings tr[data-rule]", "rows => rows.map(r => r.dataset.rule)"
        )
        checks.check(
            rules == ["call-without-result", "results-after-other-content"],
            f"findings table rows {rules}",
        )
        badge = page.locator(".trl-lint .trl-badge.trl-sev-error").first
        colour = badge.evaluate("b => getComputedStyle(b).backgroundColor")
        checks.check(colour == "rgb(198, 40, 40)", f"error badge colour {colour}")
        link = page.locator(".trl-lint a[href^='https://']").first
        checks.check(link.count() == 1 and link.is_visible(), "no visible source link")
        # the request view: four sections, the marks drawn on the elements they point at
        paths = page.eval_on_selector_all(
            ".trl-request .trl-message", "ms => ms.map(m => m.dataset.path)"
        )
        checks.check(
            paths == ["(body)", "messages[0]", "messages[1]", "messages[2]"],
            f"request sections {paths}",
        )
        marks = page.locator(".trl-request .trl-mark-error")
        checks.check(marks.count() == 2, f"{marks.count()} error marks, expected 2")
        for i in range(marks.count()):
            box = marks.nth(i).bounding_box()
            checks.check(box is not None and box["width"] > 0, f"mark {i} not drawn")
        first = marks.first.inner_text()
        checks.check('"toolu_01B"' in first, f"the first mark holds {first[:80]!r}")
        # everything stays inside the output area at 1280 px with the sidebar open
        for selector in (".trl-lint table", ".trl-request", ".trl-repair"):
            fit = page.evaluate(_FITS_JS, selector)
            checks.check(
                fit is not None and fit["left"] >= -1 and fit["right"] >= -1,
                f"{selector} overflows the output area: {fit}",
            )
        # before/after: the added message highlighted
        added = page.locator(".trl-repair .trl-message.trl-added")
        checks.check(added.count() == 1, f"{added.count()} added messages, expected 1")
        # nothing from the request ran, and its text is shown as text
        checks.check(page.evaluate("() => !window.__pwned && !window.__pwned2"), "request text ran")
        texts = "".join(lab.output_texts())
        checks.check("<script>window.__pwned=1</script>" in texts, "the script text is not shown")
        checks.check("iVBORw0KGgo" not in page.content(), "the PNG's base64 reached the page")
        checks.check(not lab.blocked_requests, f"left loopback: {lab.blocked_requests[:5]}")
        lab.screenshot(screenshot_dir / "lint-1280-sidebar.png")
        assert not checks.failures, checks.report(lab)
