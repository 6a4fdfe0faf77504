"""Real-browser tests: ``toolresult_lab.views.widgets.compare`` drawn and driven in JupyterLab.

Run: ``pytest -m browser tests/browser`` (about 20-40 s per test on 2 cores). Needs Chromium
(``/usr/bin/chromium`` or ``$CHROMIUM``); without it the tests skip, or fail when ``$CI`` is set.
The negative control proves the harness can fail: without the widget front end nothing counts
as drawn.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from jupyter_lab import WIDGET_MANAGER_EXTENSION, JupyterLab, missing_requirements

from toolresult_lab import WIRES, carries_native

NATIVE_IMAGE_WIRES = tuple(wire for wire in WIRES if carries_native(wire, "image"))
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
from toolresult_lab.views.widgets import compare

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
        _elided_on_every_card(checks, _cards(lab), "before image_input")
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
        _elided_on_every_card(checks, _cards(lab), "after image_input")
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


# -- issue 12: profiles per wire, options, copy, the explorer's first view, 1280 px ------------

MIXED_CELL = """\
from toolresult_lab import ToolResult
from toolresult_lab.views.probes import SAMPLE_PDF
from toolresult_lab.views.widgets import compare, matrix_explorer

mixed = ToolResult(name="call_chart_png", id="call_chart_png", content=[
    {"type": "text", "text": "Q3 chart and report"},
    {"type": "image", "mimeType": "image/png", "data": PNG_B64},
    {"type": "resource", "resource": {"uri": "file:///reports/q3.pdf",
                                      "mimeType": "application/pdf", "blob": SAMPLE_PDF}},
])
box = compare(mixed, image_input=True)
box
"""
EXPLORER_CELL = "matrix_explorer()"

# Outcome badges, caption and outline of every card: {wire: {...}}.
_CARDS_JS = """(root) => {
    const out = {};
    for (const card of root.querySelectorAll('.trl-card')) {
        out[card.dataset.wire] = {
            outcomes: [...card.querySelectorAll('.trl-badge')].map((b) =>
                [...b.classList].find((c) => c.startsWith('trl-outcome-')).slice(12)),
            caption: card.querySelector('.trl-options').innerText,
            selected: !!card.closest('.trl-selected'),
            // a run of base64 in the card's visible JSON: a payload shown whole (issue 29.1)
            payload: new RegExp('[A-Za-z0-9+/]{40,}')
                .test(card.querySelector('.trl-json').innerText),
        };
    }
    return out;
}"""
_SELECTED_PROFILE_JS = "(s) => s.options[s.selectedIndex].text"
_PRESSED_JS = """(root) => [...root.querySelectorAll('.widget-toggle-buttons')].map((group) =>
    [group.querySelector('.widget-label').innerText,
     (group.querySelector('button.mod-active') || {innerText: '?'}).innerText])"""


def _cards(lab: JupyterLab) -> dict[str, Any]:
    root = lab.page.locator(".jp-OutputArea-output .trl-compare").first
    cards: dict[str, Any] = root.evaluate(_CARDS_JS)
    return cards


def _elided_on_every_card(checks: Checks, cards: dict[str, Any], when: str) -> None:
    """All seven cards are read, and none shows a payload whole in its visible JSON."""
    checks.check(sorted(cards) == sorted(WIRES), f"{when}: cards read {sorted(cards)}")
    shown = [wire for wire, card in cards.items() if card["payload"]]
    checks.check(not shown, f"{when}: base64 shown whole in the cards of {shown}")


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_profiles_options_copy_and_explorer_at_1280_with_the_sidebar_open(
    screenshot_dir: Path,
) -> None:
    require_browser()
    checks = Checks()
    with JupyterLab(
        [PNG_CELL, MIXED_CELL, EXPLORER_CELL],
        viewport=(1280, 1500),
        collapse_sidebars=False,
        failure_screenshot=screenshot_dir / "issue12-failure.png",
    ) as lab:
        page = lab.page
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=lab.base_url)
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        assert not lab.cell_errors(), lab.diagnostics()
        assert lab.wait_for_widget(".trl-compare", timeout=60), lab.diagnostics()
        assert lab.wait_for_widget(".trl-matrix-explorer", timeout=60), lab.diagnostics()
        checks.check(
            page.locator(".jp-SideBar .lm-TabBar-tab.lm-mod-current").count() >= 1,
            "the left sidebar is not open",
        )
        root = page.locator(".jp-OutputArea-output .trl-compare").first
        profile = root.locator(".widget-dropdown", has_text="profile").locator("select")
        before = _cards(lab)
        _elided_on_every_card(checks, before, "image_input on, no profile")
        checks.check(
            before.get("anthropic", {}).get("outcomes") == ["text", "native", "native"],
            f"anthropic before any profile: {before.get('anthropic')}",
        )

        # A profile belongs to its own wire: Gemini 2.5 leaves the anthropic card alone.
        profile.select_option(label="Gemini 2.5 [gemini]")
        _wait(lab, "(r) => !!document.querySelector('.trl-selected .trl-card[data-wire=gemini]')")
        after = _cards(lab)
        _elided_on_every_card(checks, after, "the Gemini 2.5 profile")
        checks.check(
            after.get("gemini", {}).get("outcomes") == ["text", "placeholder", "placeholder"]
            and after["gemini"]["caption"].startswith("profile Gemini 2.5: image_input off")
            and after["gemini"]["selected"],
            f"gemini card under the Gemini 2.5 profile: {after.get('gemini')}",
        )
        kept = before.get("anthropic", {})
        checks.check(
            after.get("anthropic")
            == {
                **kept,
                # issue 18: a card whose options the controls do not show says so
                "caption": "options from before the profile (the controls show Gemini 2.5's): "
                + kept.get("caption", "").removeprefix("options: "),
            },
            f"the Gemini 2.5 profile changed the anthropic card: {after.get('anthropic')}",
        )
        pressed = dict(root.evaluate(_PRESSED_JS))
        checks.check(pressed.get("native_pdf") == "off", f"native_pdf control shows {pressed}")
        root.evaluate("(r) => r.scrollIntoView({block: 'start'})")
        page.mouse.move(1, 1)
        page.wait_for_timeout(300)
        lab.screenshot(screenshot_dir / "compare-1280-sidebar.png")

        # Touching an option afterwards: the profile no longer holds.
        root.locator(".widget-toggle-buttons", has_text="native_pdf").locator(
            "button", has_text="on"
        ).first.click()
        _wait(
            lab,
            """() => { const s = document.querySelector('.trl-compare .widget-dropdown select');
                return !!s && s.options[s.selectedIndex].text === '(custom)'; }""",
        )
        shown = profile.evaluate(_SELECTED_PROFILE_JS)
        custom = _cards(lab)
        _elided_on_every_card(checks, custom, "native_pdf on, (custom)")
        checks.check(shown == "(custom)", f"after changing native_pdf the profile shows {shown!r}")
        checks.check(
            not any(card["selected"] for card in custom.values())
            and custom.get("gemini", {}).get("outcomes") == ["text", "placeholder", "native"],
            f"after (custom) the controls apply to every card: {custom.get('gemini')}",
        )

        # (none) and "model sees images": unticked, no card sends what needs vision.
        profile.select_option(label="(none)")
        root.locator(".widget-checkbox", has_text="model sees images").locator("input").click()
        _wait(
            lab,
            """() => [...document.querySelectorAll(
                '.trl-compare .trl-card[data-wire=responses] .trl-badge'
            )].every((b) => !b.classList.contains('trl-outcome-native'))""",
        )
        blind = _cards(lab)
        _elided_on_every_card(checks, blind, "model sees images unticked")
        checks.check(
            blind.get("responses", {}).get("outcomes") == ["text", "placeholder", "placeholder"]
            and blind.get("anthropic", {}).get("outcomes") == ["text", "placeholder", "native"]
            and "(the model does not see images)" in blind["anthropic"]["caption"],
            f"model sees images unticked with (none): {blind}",
        )

        # The copy button copies the real block, payload whole.
        root.locator(".widget-checkbox", has_text="model sees images").locator("input").click()
        image_input = root.locator(".widget-checkbox", has_text="image_input").locator("input")
        if not image_input.is_checked():  # (custom) kept Gemini 2.5's image_input off
            image_input.click()
        _wait(
            lab,
            """() => !!document.querySelector('.trl-compare .trl-card[data-wire=anthropic]'
                + ' .trl-badge:nth-child(2).trl-outcome-native')""",
        )
        button = root.locator('.trl-card[data-wire="anthropic"] button.trl-copy')
        button.click()
        _wait(lab, "() => [...document.querySelectorAll('button.trl-copy')].some("
              "(b) => b.innerText === 'copied')")  # fmt: skip
        copied = page.evaluate("() => navigator.clipboard.readText()")
        try:
            block = json.loads(copied)
            image = block["content"][1]["source"]["data"]
        except (ValueError, KeyError, IndexError, TypeError):
            block, image = None, ""
        checks.check(
            block is not None
            and block["tool_use_id"] == "call_chart_png"
            and len(image) > 200
            and "bytes base64" not in copied,
            f"the copy button copied {copied[:200]!r}",
        )

        # Layout at 1280 px with the sidebar open: JSON wraps between tokens, nothing clipped.
        layout = root.evaluate(
            """(r) => ({
                wordBreak: getComputedStyle(r.querySelector('.trl-json')).wordBreak,
                overflowWrap: getComputedStyle(r.querySelector('.trl-json')).overflowWrap,
                columns: getComputedStyle(r.querySelector('.widget-gridbox'))
                    .gridTemplateColumns.split(' ').length,
                clipped: r.scrollWidth > r.clientWidth + 1,
            })"""
        )
        checks.check(
            layout["wordBreak"] == "normal" and layout["overflowWrap"] == "normal",
            f"card JSON breaks inside words: {layout}",
        )
        checks.check(not layout["clipped"], f"the compare widget is wider than its area: {layout}")
        checks.check(layout["columns"] == 2, f"cards at 1280 px with the sidebar: {layout}")

        # The explorer opens on kinds x wires, reasons as tooltips; the long form waits.
        explorer = page.locator(".jp-OutputArea-output .trl-matrix-explorer").first
        explorer.scroll_into_view_if_needed()
        caption = explorer.locator(".widget-html").first.inner_text()
        checks.check(
            caption.startswith("What each wire sends (image_input=off, native_pdf=default,"),
            f"the explorer opens on {caption[:120]!r}",
        )
        table = explorer.locator("table").first
        headers = table.locator("thead tr").first.locator("th").all_inner_texts()
        checks.check(
            [h.strip() for h in headers][1:] == list(WIRES),
            f"explorer columns: {headers}",
        )
        rows = table.locator("tbody tr").count()
        checks.check(rows == 27, f"explorer rows: {rows} (one per probe kind)")
        tips = table.evaluate(
            """(t) => [...t.querySelectorAll('td .pd-t')].map(
                (s) => getComputedStyle(s, '::after').content)"""
        )
        checks.check(
            any("image_input off" in t for t in tips),
            f"no reason tooltips in the explorer table: {tips[:3]}",
        )
        hidden = explorer.locator(".widget-select-multiple").first
        checks.check(not hidden.is_visible(), "the long form's filters show on the first view")
        scroller = table.evaluate(
            "(t) => getComputedStyle(t.closest('.widget-box') || t.parentElement).overflowX"
        )
        checks.check(scroller == "auto", f"the explorer table's box does not scroll: {scroller}")
        explorer.evaluate("(e) => e.scrollIntoView({block: 'start'})")
        page.mouse.move(1, 1)
        page.wait_for_timeout(300)
        lab.screenshot(screenshot_dir / "explorer-1280-sidebar.png")
        checks.check(
            not lab.blocked_requests, f"the page tried to leave loopback: {lab.blocked_requests}"
        )
        assert not checks.failures, "issue 12 checks failed in the browser:\n" + checks.report(lab)
