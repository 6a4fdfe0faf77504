"""Real-browser tests: ``toolresult_lab.widgets.compare`` drawn and driven in JupyterLab.

Run: ``pytest -m browser tests/browser`` (about 20-40 s per test on 2 cores). Needs Chromium
(``/usr/bin/chromium`` or ``$CHROMIUM``); without it the tests skip, or fail when ``$CI`` is set.
The negative control proves the harness can fail: without the widget front end nothing counts
as drawn.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from jupyter_lab import WIDGET_MANAGER_EXTENSION, JupyterLab, missing_requirements

WIRES = ("openai", "anthropic", "gemini", "ollama", "responses", "hermes")
NATIVE_IMAGE_WIRES = ("anthropic", "responses", "gemini")
IMAGE_BLOCK = 1  # index of the MCP image block in the content below (badges follow content order)
SCRIPT_TEXT = "<script>window.__pwned=1</script>"

PNG_CELL = """\
import base64, io
from PIL import Image, ImageDraw

img = Image.new("RGB", (64, 40), (30, 120, 200))
ImageDraw.Draw(img).rectangle([8, 8, 40, 30], fill=(250, 200, 0))
buf = io.BytesIO()
img.save(buf, format="PNG")
PNG_B64 = base64.b64encode(buf.getvalue()).decode("ascii")
print(len(buf.getvalue()), "PNG bytes")
"""

COMPARE_CELL = """\
from toolresult_lab import ToolResult
from toolresult_lab.widgets import compare

result = ToolResult(name="snapshot", id="call_1", content=[
    {"type": "text",
     "text": "Hello <script>window.__pwned=1</script><img src=x onerror=\\"window.__pwned2=1\\">"},
    {"type": "image", "mimeType": "image/png", "data": PNG_B64},
    {"type": "resource", "resource": {"uri": "file:///r.pdf", "mimeType": "application/pdf",
                                      "blob": "JVBERi0xLjQK"}},
    {"type": "resource_link", "uri": "file:///notes.txt", "name": "notes"},
])
compare(result)
"""

# Outcome of each badge of each card, read from the DOM: {wire: [outcome, ...]}.
_OUTCOMES_JS = """(root) => {
    const out = {};
    for (const card of root.querySelectorAll('.trl-card')) {
        out[card.dataset.wire] = [...card.querySelectorAll('.trl-badge')].map((b) => {
            const c = [...b.classList].find((x) => x.startsWith('trl-outcome-'));
            return c ? c.slice('trl-outcome-'.length) : '?';
        });
    }
    return out;
}"""

_IMAGES_NATIVE_JS = """([wires, index]) => {
    const root = document.querySelector('.jp-OutputArea-output .trl-compare');
    return !!root && wires.every((w) => {
        const b = root.querySelectorAll(`.trl-card[data-wire="${w}"] .trl-badge`)[index];
        return !!b && b.classList.contains('trl-outcome-native');
    });
}"""

_THUMB_DRAWN_JS = """() => [...document.querySelectorAll('.trl-compare img.trl-thumb')]
    .some((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0)
"""

# Trivial notebook for the harness controls: a kernel-side observer rewrites the panes.
TRIVIAL_CELL = """\
import ipywidgets as widgets

panes = [widgets.HTML(value=f"<b>pane {i}</b>: mode A") for i in range(3)]
toggle = widgets.ToggleButtons(options=["A", "B", "C"], value="A", description="Mode")

def _on_toggle(change):
    for i, pane in enumerate(panes):
        pane.value = f"<b>pane {i}</b>: mode {change['new']}"

toggle.observe(_on_toggle, names="value")
widgets.HBox(panes + [toggle])
"""


def require_browser() -> None:
    """Chromium, Playwright and Jupyter must be there: a missing one FAILS under CI, else skips."""
    missing = missing_requirements()
    if not missing:
        return
    message = "browser test cannot run: " + "; ".join(missing)
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
        pytest.fail(
            message + " (CI is set: the project's test script must install them)", pytrace=False
        )
    pytest.skip(message)


class Checks:
    """Collects every failed check, so one browser run reports all that is wrong at once."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    def check(self, ok: object, message: str) -> bool:
        if not ok:
            self.failures.append(message)
        return bool(ok)

    def report(self, lab: JupyterLab) -> str:
        return "\n".join(f"- {f}" for f in self.failures) + "\n\n" + lab.diagnostics()


def _outcomes(lab: JupyterLab) -> dict[str, list[str]]:
    root = lab.page.locator(".jp-OutputArea-output .trl-compare").first
    outcomes: dict[str, list[str]] = root.evaluate(_OUTCOMES_JS)
    return outcomes


def _wait(lab: JupyterLab, js: str, arg: Any = None, timeout: float = 30.0) -> bool:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        lab.page.wait_for_function(js, arg=arg, timeout=int(timeout * 1000), polling=100)
    except PlaywrightTimeout:
        return False
    return True


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_compare_widget_renders_and_reacts(screenshot_dir: Path) -> None:
    require_browser()
    checks = Checks()
    with JupyterLab(
        [PNG_CELL, COMPARE_CELL],
        viewport=(1400, 2000),
        failure_screenshot=screenshot_dir / "compare-failure.png",
    ) as lab:
        page = lab.page
        errors = lab.cell_errors()
        assert not errors, f"notebook cells raised: {errors}\n\n{lab.diagnostics()}"
        assert lab.wait_for_widget(".trl-compare", timeout=60), (
            "compare() did not render a .trl-compare widget\n\n" + lab.diagnostics()
        )
        root = page.locator(".jp-OutputArea-output .trl-compare").first

        # Six cards, one per wire, each with its visible name and one badge per block.
        cards = root.locator(".trl-card")
        _wait(lab, "() => document.querySelectorAll('.trl-compare .trl-card').length >= 6")
        found = [cards.nth(i).get_attribute("data-wire") for i in range(cards.count())]
        checks.check(
            sorted(w or "" for w in found) == sorted(WIRES),
            f"cards' data-wire {found} != {list(WIRES)}",
        )
        for wire in WIRES:
            card = root.locator(f'.trl-card[data-wire="{wire}"]')
            if not checks.check(card.count() == 1, f"{wire}: {card.count()} cards"):
                continue
            name = card.locator(".trl-wire").first
            checks.check(
                name.count() and name.is_visible() and name.inner_text().strip() == wire,
                f"{wire}: wire name not visible in its card",
            )
            n_badges = card.locator(".trl-badge").count()
            checks.check(n_badges == 4, f"{wire}: {n_badges} badges, expected 4 (one per block)")

        before = _outcomes(lab)
        for wire in NATIVE_IMAGE_WIRES:
            got = before.get(wire, [])
            checks.check(
                len(got) > IMAGE_BLOCK and got[IMAGE_BLOCK] != "native",
                f"{wire}: image badge is {got[IMAGE_BLOCK : IMAGE_BLOCK + 1]} before "
                "image_input is switched on (expected not native)",
            )
        n_thumbs = root.locator("img.trl-thumb").count()
        checks.check(n_thumbs == 0, f"{n_thumbs} img.trl-thumb before image_input is on")

        # Switch image_input on as a user would: click the real control.
        control = (
            root.locator(".widget-checkbox", has_text="image_input")
            .locator("input[type=checkbox]")
            .or_(root.locator("button.widget-toggle-button", has_text="image_input"))
        )
        assert control.count() >= 1, (
            "no image_input Checkbox/ToggleButton in the widget\n\n" + checks.report(lab)
        )
        control.first.click()
        switched = _wait(lab, _IMAGES_NATIVE_JS, [list(NATIVE_IMAGE_WIRES), IMAGE_BLOCK])
        after = _outcomes(lab)
        checks.check(
            switched,
            "after clicking image_input the image badge is not native on "
            f"all of {NATIVE_IMAGE_WIRES}: {after}",
        )
        checks.check(
            _wait(lab, _THUMB_DRAWN_JS),
            "after clicking image_input no img.trl-thumb was drawn with a real size",
        )

        # The tool's text is shown as text; nothing in it ran or became markup.
        page.wait_for_timeout(500)  # an <img onerror> would have fired by now
        pwned = page.evaluate("() => [typeof window.__pwned, typeof window.__pwned2]")
        checks.check(pwned == ["undefined", "undefined"], f"injected code ran: {pwned}")
        checks.check(root.locator("script").count() == 0, "a <script> element is in the widget")
        checks.check(
            root.locator("img:not(.trl-thumb)").count() == 0,
            "the tool's <img onerror> became an element in the widget",
        )
        shown = root.locator(".trl-card", has_text=SCRIPT_TEXT)
        checks.check(
            shown.count() >= 1 and shown.first.is_visible(),
            f"{SCRIPT_TEXT!r} is not visible as literal text in any card",
        )
        err = page.get_by_text("Error displaying widget")
        checks.check(err.count() == 0, "'Error displaying widget' on the page")
        checks.check(
            not lab.blocked_requests,
            f"the page tried to leave loopback: {lab.blocked_requests[:5]}",
        )

        page.evaluate("() => window.jupyterapp.commands.execute('notebook:hide-all-cell-code')")
        root.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        lab.screenshot(screenshot_dir / "compare.png")
        lab.log(f"outcomes before: {before}")
        lab.log(f"outcomes after:  {after}")
        assert not checks.failures, "compare widget failed in the browser:\n" + checks.report(lab)


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_harness_renders_trivial_widget() -> None:
    """Positive control: plain ipywidgets draw and round-trip through the kernel."""
    require_browser()
    with JupyterLab([TRIVIAL_CELL]) as lab:
        assert lab.wait_for_widget(".widget-hbox", timeout=60), lab.diagnostics()
        hbox = lab.page.locator(".jp-OutputArea-output .widget-hbox").first
        assert hbox.locator(".widget-html").count() == 3
        hbox.get_by_role("button", name="B", exact=True).click()
        assert _wait(
            lab,
            """() => [...document.querySelectorAll(
            '.jp-OutputArea-output .widget-hbox .widget-html')].every(
            (p) => p.innerText.includes('mode B'))""",
        ), "the kernel-side observer did not update the panes\n\n" + lab.diagnostics()
        assert not lab.blocked_requests, lab.blocked_requests


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_harness_detects_missing_widget_frontend() -> None:
    """Negative control: without the widget manager extension nothing may count as drawn."""
    require_browser()
    with JupyterLab([TRIVIAL_CELL], disabled_extensions=[WIDGET_MANAGER_EXTENSION]) as lab:
        assert lab.cell_errors() == [], lab.diagnostics()
        texts = lab.output_texts()
        # The cell did run: its output is the text fallback of the widget ...
        assert any("HBox(" in t for t in texts), f"cell output missing: {texts!r}"
        # ... and the harness sees no rendered widget.
        assert not lab.wait_for_widget(".widget-hbox", timeout=15)
        assert lab.rendered_widget_count() == 0
