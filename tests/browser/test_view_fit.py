"""Real-browser tests of issue 28, items 12 and 13: what a view shows fits where it is shown.

- ``compare()`` cards stay inside their grid column whatever the text (measured in px, card
  by card): a long unbroken string wraps inside the card, badges and losses included, or
  scrolls inside the card's JSON box; on one result and on the stock notebook 07's
  ``compare(transcript)``, whose losses are written out.
- ``request_html`` in the stock notebook 06: every marked element and the message written
  beside it are inside the visible part of their box (measured in px).

Run: ``pytest -m browser tests/browser/test_view_fit.py`` (about 30-60 s per test on 2 cores).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from jupyter_lab import JupyterLab
from test_compare_widget import Checks, _wait, require_browser

from toolresult_lab import WIRES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

LONG_CELL = """\
from toolresult_lab import ToolResult
from toolresult_lab.views.widgets import compare

long = ToolResult(name="dump", id="call_" + "x" * 300, content=[
    {"type": "text", "text": "A" * 20_000},
    {"type": "resource_link", "uri": "file:///" + "d" * 2_000, "name": "n" * 500},
])
compare(long)
"""

# Per card: its width, its grid column's, and whether anything inside runs past it.
_FIT_JS = """(root) => {
    const grid = root.querySelector('.widget-gridbox');
    const column = parseFloat(getComputedStyle(grid).gridTemplateColumns.split(' ')[0]);
    return [...root.querySelectorAll('.trl-card')].map((card) => {
        const box = card.getBoundingClientRect();
        const outside = [...card.querySelectorAll('*')].filter((e) => !e.closest('pre')
            && e.getBoundingClientRect().right > box.right + 1).map((e) => e.className);
        const pre = card.querySelector('pre.trl-json');
        const shown = pre ? pre.getBoundingClientRect() : box;
        return {
            wire: card.dataset.wire, width: Math.round(box.width), column: Math.round(column),
            left: Math.round(box.left), top: Math.round(box.top),
            outside: outside.slice(0, 3), overflowing: card.scrollWidth > card.clientWidth + 1,
            // a JSON line wider than the card scrolls inside its box, never past the card
            preCut: pre ? shown.right > box.right + 1 || (pre.scrollWidth > pre.clientWidth + 1
                && getComputedStyle(pre).overflowX !== 'auto') : false,
        };
    });
}"""


def _notebook_code(name: str) -> list[str]:
    notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def _check_fit(checks: Checks, cards: list[dict[str, Any]], label: str) -> None:
    checks.check(len(cards) == len(WIRES), f"{label}: {len(cards)} cards")
    for card in cards:
        checks.check(
            card["width"] <= card["column"] + 1
            and not card["outside"]
            and not card["overflowing"]
            and not card["preCut"],
            f"{label}: the {card['wire']} card does not fit its column: {card}",
        )
    rows: dict[int, list[dict[str, Any]]] = {}
    for card in cards:
        rows.setdefault(card["top"], []).append(card)
    for row in rows.values():
        row.sort(key=lambda c: c["left"])
        for one, two in itertools.pairwise(row):
            checks.check(
                one["left"] + one["width"] <= two["left"] + 1,
                f"{label}: the {one['wire']} card overlaps the {two['wire']} card",
            )


@pytest.mark.browser
@pytest.mark.timeout(400)
def test_compare_cards_fit_their_column(screenshot_dir: Path) -> None:
    require_browser()
    checks = Checks()
    cells = [LONG_CELL, *_notebook_code("07_switch_provider.ipynb")]
    with JupyterLab(
        cells, viewport=(1280, 1500), failure_screenshot=screenshot_dir / "fit-failure.png"
    ) as lab:
        assert not lab.cell_errors(), lab.diagnostics()
        assert lab.wait_for_widget(".trl-compare", timeout=90), lab.diagnostics()
        _wait(lab, "() => document.querySelectorAll('.trl-compare').length >= 2", timeout=90)
        roots = lab.page.locator(".jp-OutputArea-output .trl-compare")
        _wait(lab, "() => document.querySelectorAll('.trl-compare .trl-card').length >= 14")
        long_cards = roots.nth(0).evaluate(_FIT_JS)
        moved_cards = roots.nth(1).evaluate(_FIT_JS)
        lab.log(f"long text cards: {long_cards}")
        lab.log(f"notebook 07 cards: {moved_cards}")
        _check_fit(checks, long_cards, "20,000 unbroken characters")
        _check_fit(checks, moved_cards, "notebook 07's compare(transcript)")
        hermes = roots.nth(1).locator('.trl-card[data-wire="hermes"]')
        losses = hermes.locator(".trl-losses li").all_inner_texts()
        checks.check(
            losses and all(t.startswith("loss: ") and len(t.split(" ", 2)) == 3 for t in losses),
            f"hermes losses are not written out in the card: {losses}",
        )
        roots.nth(1).evaluate("(r) => r.scrollIntoView({block: 'start'})")
        lab.page.wait_for_timeout(300)
        lab.screenshot(screenshot_dir / "compare-transcript-fit.png")
        checks.check(
            not lab.blocked_requests, f"the page tried to leave loopback: {lab.blocked_requests}"
        )
        assert not checks.failures, "cards do not fit:\n" + checks.report(lab)


# Per mark: its box's visible rectangle, the mark's top and its message's bottom.
_MARKS_JS = """() => [...document.querySelectorAll('.trl-request .trl-mark')].map((mark) => {
    const pre = mark.closest('pre');
    const box = pre.getBoundingClientRect();
    const top = mark.getBoundingClientRect().top;
    let said = mark.nextElementSibling;
    while (said && !said.classList.contains('trl-said')) said = said.nextElementSibling;
    const bottom = said ? said.getBoundingClientRect().bottom : null;
    return {
        path: mark.closest('.trl-message').dataset.path, title: mark.title.slice(0, 60),
        boxTop: Math.round(box.top), boxBottom: Math.round(box.bottom), top: Math.round(top),
        bottom: bottom === null ? null : Math.round(bottom),
        said: said ? said.textContent.trim() : null,
    };
})"""


@pytest.mark.browser
@pytest.mark.timeout(400)
def test_request_html_shows_each_mark_and_its_message(screenshot_dir: Path) -> None:
    require_browser()
    checks = Checks()
    cells = _notebook_code("06_request_check.ipynb")
    with JupyterLab(
        cells, viewport=(1280, 1500), failure_screenshot=screenshot_dir / "marks-failure.png"
    ) as lab:
        assert not lab.cell_errors(), lab.diagnostics()
        assert _wait(lab, "() => document.querySelectorAll('.trl-request').length >= 4", 90), (
            lab.diagnostics()
        )
        marks = lab.page.evaluate(_MARKS_JS)
        lab.log(f"marks: {marks}")
        checks.check(len(marks) >= 4, f"{len(marks)} marks in notebook 06")
        for mark in marks:
            checks.check(
                mark["said"]
                and mark["boxTop"] <= mark["top"]
                and mark["bottom"] is not None
                and mark["bottom"] <= mark["boxBottom"] + 1,
                f"a mark or its message is outside its box's visible part: {mark}",
            )
        first = lab.page.locator(".trl-request .trl-mark").first
        first.scroll_into_view_if_needed()
        lab.page.wait_for_timeout(300)
        lab.screenshot(screenshot_dir / "request-marks.png")
        assert not checks.failures, "marks not shown:\n" + checks.report(lab)
