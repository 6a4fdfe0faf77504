"""``matrix_explorer()``: the capability matrix, first as the table ``toolresult-lab matrix``
prints, then by provider profile, or row by row with filters.

Three views, chosen with ``view``:

- ``wires`` (the first): kinds x wires for one option set (``matrix.pivot_outcomes``), the
  reason of each cell as its tooltip;
- ``profiles``: kinds x provider profiles for a model that does or does not see images
  (``matrix.profile_matrix``);
- ``long form``: the rows of the whole option grid (``matrix.capability_matrix``), filtered
  by wire, kind, option values and outcome, at most ``MAX_ROWS`` drawn.

Every table is :func:`toolresult_lab.views.matrix.style_matrix` of what the matrix module made;
this module only maps controls to its arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pandas as pd

from ...conversion.facts import FACTS
from ...conversion.options import TRI_STATES, tri_label, tri_value
from ..matrix import (
    SHOWN_COLUMNS,
    capability_matrix,
    pivot_caption,
    pivot_outcomes,
    profile_matrix,
    style_matrix,
)
from ..probes import PROBES
from .controls import WIDE, option_controls, profile_controls

__all__ = ["MAX_ROWS", "VIEWS", "MatrixExplorer", "matrix_explorer"]

_ANY = "(any)"
VIEWS = ("wires", "profiles", "long form")
#: Rows drawn at most in the long form: all of it (thousands of rows) would be a multi-MB output.
MAX_ROWS = 200
_VIEW_CONTROLS = {
    "wires": ("image_input", "native_pdf", "source_blocks"),
    "profiles": ("vision",),
    "long form": (
        "wire",
        "kind",
        "outcome",
        "where_image_input",
        "where_native_pdf",
        "where_source_blocks",
    ),
}


class MatrixExplorer(widgets.VBox):  # type: ignore[misc]
    """The view selector, the controls of the view shown, a caption and the styled table.

    ``controls`` maps ``view``; ``image_input``, ``native_pdf``, ``source_blocks`` (the
    option set of the ``wires`` view); ``vision`` (the ``profiles`` view); ``wire``,
    ``kind``, ``outcome`` and ``where_image_input``, ``where_native_pdf``,
    ``where_source_blocks`` (the filters of the long form) to their widgets. ``caption`` and
    ``table`` are HTML widgets; ``shown()`` is the table as a DataFrame, ``filtered()`` the
    long-form rows that match the filters (before the row cap).
    """

    def __init__(self, df: pd.DataFrame) -> None:
        self.df = df
        wires = [w for w in FACTS if w in set(df["wire"].astype(str))]
        kinds = [(p.label, p.id) for p in PROBES.values() if p.id in set(df["kind"].astype(str))]
        outcomes = [o for o in df["outcome"].cat.categories if o in set(df["outcome"].astype(str))]
        options = option_controls({})
        controls: dict[str, widgets.Widget] = {
            "view": widgets.ToggleButtons(options=list(VIEWS), value="wires", description="view"),
            "image_input": options["image_input"],
            "native_pdf": options["native_pdf"],
            "source_blocks": options["source_blocks"],
            "vision": profile_controls()["vision"],
            "wire": widgets.SelectMultiple(
                options=wires, value=tuple(wires), description="wire", rows=len(wires)
            ),
            "kind": widgets.SelectMultiple(
                options=kinds, value=tuple(k for _, k in kinds), description="kind", rows=8
            ),
            "outcome": widgets.SelectMultiple(
                options=outcomes, value=tuple(outcomes), description="outcome", rows=7
            ),
            "where_image_input": widgets.Dropdown(
                options=[_ANY, "on", "off"], value=_ANY, description="image_input", style=WIDE
            ),
            "where_native_pdf": widgets.Dropdown(
                options=[_ANY, *TRI_STATES], value=_ANY, description="native_pdf", style=WIDE
            ),
            "where_source_blocks": widgets.Dropdown(
                options=[_ANY, *TRI_STATES], value=_ANY, description="source_blocks", style=WIDE
            ),
        }
        self.controls = controls
        self.caption = widgets.HTML()
        self.table = widgets.HTML()
        self._profiles: dict[bool, pd.DataFrame] = {}
        filters = widgets.VBox(
            [controls[n] for n in ("where_image_input", "where_native_pdf", "where_source_blocks")]
        )
        self._boxes = {
            "wires": widgets.HBox(
                [controls["image_input"], controls["native_pdf"], controls["source_blocks"]],
                layout=widgets.Layout(flex_flow="row wrap"),
            ),
            "profiles": widgets.HBox([controls["vision"]]),
            "long form": widgets.HBox(
                [controls["wire"], controls["kind"], controls["outcome"], filters],
                layout=widgets.Layout(flex_flow="row wrap"),
            ),
        }
        scroll = widgets.Box([self.table], layout=widgets.Layout(overflow="auto", width="100%"))
        super().__init__([controls["view"], *self._boxes.values(), self.caption, scroll])
        self.add_class("trl-matrix-explorer")
        for control in controls.values():
            control.observe(self._on_change, names="value")
        self.render()

    def options(self) -> dict[str, Any]:
        """The option set of the ``wires`` view, as ``pivot_outcomes`` takes it."""
        c = self.controls
        return {
            "image_input": bool(c["image_input"].value),
            "native_pdf": c["native_pdf"].value,
            "source_blocks": c["source_blocks"].value,
        }

    def filtered(self) -> pd.DataFrame:
        """The long-form rows that match every filter."""
        c = self.controls
        df: pd.DataFrame = self.df
        mask: pd.Series[bool] = df["wire"].astype(str).isin(c["wire"].value)
        mask &= df["kind"].astype(str).isin(c["kind"].value)
        mask &= df["outcome"].astype(str).isin(c["outcome"].value)
        if c["where_image_input"].value != _ANY:
            mask &= df["image_input"] == (c["where_image_input"].value == "on")
        for name in ("native_pdf", "source_blocks"):
            wanted = c[f"where_{name}"].value
            if wanted != _ANY:
                mask &= df[name].astype(str) == tri_label(tri_value(wanted))
        selected: pd.DataFrame = df.loc[mask]
        return selected

    def shown(self) -> pd.DataFrame:
        """The table of the current view, before styling (the long form: at most MAX_ROWS)."""
        view = self.controls["view"].value
        if view == "wires":
            return pivot_outcomes(self.df, **self.options())
        if view == "profiles":
            vision = bool(self.controls["vision"].value)
            if vision not in self._profiles:
                self._profiles[vision] = profile_matrix(vision=vision)
            return self._profiles[vision]
        rows = self.filtered().head(MAX_ROWS)
        columns = [c for c in SHOWN_COLUMNS if c in rows.columns]
        shown: pd.DataFrame = rows[columns]
        return shown

    def render(self) -> None:
        """Show the controls of the current view and redraw its caption and table."""
        view = self.controls["view"].value
        for name, box in self._boxes.items():
            box.layout.display = None if name == view else "none"
        table = self.shown()
        if view == "wires":
            caption = pivot_caption(**self.options()) + " Hover a cell for its reason."
        elif view == "profiles":
            sees = "sees" if self.controls["vision"].value else "does not see"
            caption = (
                f"What each provider's tool loop sends, for a model that {sees} images"
                " (kinds x profiles). Hover a cell for its reason."
            )
        else:
            total = len(self.filtered())
            caption = (
                f"{total:,} rows"
                if total <= MAX_ROWS
                else f"{total:,} rows; the first {MAX_ROWS} are shown"
            )
        self.caption.value = f"<b>{escape(caption)}</b>"
        self.table.value = str(style_matrix(table).to_html()) if len(table) else ""

    def _on_change(self, change: Mapping[str, Any]) -> None:
        self.render()


def matrix_explorer(df: pd.DataFrame | None = None) -> MatrixExplorer:
    """A widget to read the capability matrix (``capability_matrix()`` when ``df`` is None).

    It opens on kinds x wires for the default options, as ``toolresult-lab matrix`` prints it.
    """
    return MatrixExplorer(capability_matrix() if df is None else df)
