"""``matrix_explorer()``: filter the capability matrix by wire, kind, options or provider profile.

The table is :func:`toolresult_lab.matrix.style_matrix` of the filtered rows; this module
only maps the filter controls to a row mask.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pandas as pd

from ..facts import WIRES
from ..matrix import capability_matrix, style_matrix
from ..options import TRI_STATES, tri_label
from ..probes import PROBES
from ..profiles import PROFILES
from .compare import NO_PROFILE, profile_controls

__all__ = ["MatrixExplorer", "matrix_explorer"]

_WIDE = {"description_width": "initial"}  # show descriptions in full

_ANY = "(any)"
_SHOWN_COLUMNS = (
    "wire",
    "kind",
    "label",
    "image_input",
    "native_pdf",
    "source_blocks",
    "outcome",
    "reason",
    "excerpt",
    "payload_bytes",
)
#: Rows drawn at most: the full matrix (thousands of rows) would make a multi-MB output.
MAX_ROWS = 200


class MatrixExplorer(widgets.VBox):  # type: ignore[misc]
    """Filter controls over a capability matrix and the styled table of the matching rows.

    ``controls`` maps ``wire``, ``kind``, ``image_input``, ``native_pdf``,
    ``source_blocks``, ``profile`` and ``vision`` to their widgets; ``table`` is the HTML
    widget; ``filtered()`` returns the rows currently shown (before the row cap).
    """

    def __init__(self, df: pd.DataFrame) -> None:
        self.df = df
        wires = [w for w in WIRES if w in set(df["wire"].astype(str))]
        kinds = [k for k in PROBES if k in set(df["kind"].astype(str))]
        controls: dict[str, widgets.Widget] = {
            "wire": widgets.SelectMultiple(
                options=wires, value=tuple(wires), description="wire", rows=len(wires)
            ),
            "kind": widgets.SelectMultiple(
                options=kinds, value=tuple(kinds), description="kind", rows=8
            ),
            "image_input": widgets.Dropdown(
                options=[_ANY, "on", "off"], value=_ANY, description="image_input", style=_WIDE
            ),
            "native_pdf": widgets.Dropdown(
                options=[_ANY, *TRI_STATES], value=_ANY, description="native_pdf", style=_WIDE
            ),
            "source_blocks": widgets.Dropdown(
                options=[_ANY, *TRI_STATES], value=_ANY, description="source_blocks", style=_WIDE
            ),
            **profile_controls(),
        }
        self.controls = controls
        self.count = widgets.HTML()
        self.table = widgets.HTML()
        self._holding = False
        options_box = widgets.VBox(
            [
                controls[n]
                for n in ("image_input", "native_pdf", "source_blocks", "profile", "vision")
            ]
        )
        super().__init__(
            [
                widgets.HBox([controls["wire"], controls["kind"], options_box]),
                self.count,
                self.table,
            ]
        )
        self.add_class("trl-matrix-explorer")
        for name in ("wire", "kind", "image_input", "native_pdf", "source_blocks"):
            controls[name].observe(self._on_filter, names="value")
        controls["profile"].observe(self._on_profile, names="value")
        controls["vision"].observe(self._on_profile, names="value")
        self.render()

    def filtered(self) -> pd.DataFrame:
        """The matrix rows that match every filter."""
        c = self.controls
        df: pd.DataFrame = self.df
        mask: pd.Series[bool] = df["wire"].astype(str).isin(c["wire"].value)
        mask &= df["kind"].astype(str).isin(c["kind"].value)
        if c["image_input"].value != _ANY:
            mask &= df["image_input"] == (c["image_input"].value == "on")
        for name in ("native_pdf", "source_blocks"):
            if c[name].value != _ANY:
                mask &= df[name].astype(str) == c[name].value
        selected: pd.DataFrame = df.loc[mask]
        return selected

    def render(self) -> None:
        rows = self.filtered()
        shown = rows.head(MAX_ROWS)
        self.count.value = (
            f"{len(rows):,} rows"
            if len(rows) <= MAX_ROWS
            else f"{len(rows):,} rows; the first {MAX_ROWS} are shown"
        )
        columns = [c for c in _SHOWN_COLUMNS if c in shown.columns]
        self.table.value = str(style_matrix(shown[columns]).to_html()) if len(shown) else ""

    def _on_filter(self, change: Mapping[str, Any]) -> None:
        if not self._holding:
            self.render()

    def _on_profile(self, change: Mapping[str, Any]) -> None:
        """Narrow the filters to the profile's wire and the options its tool loop passes."""
        profile_id = self.controls["profile"].value
        if profile_id == NO_PROFILE:
            return
        profile = PROFILES[profile_id]
        options = profile.options(bool(self.controls["vision"].value))
        c = self.controls
        self._holding = True
        try:
            if profile.wire in c["wire"].options:
                c["wire"].value = (profile.wire,)
            c["image_input"].value = "on" if options.get("image_input") else "off"
            c["native_pdf"].value = tri_label(options.get("native_pdf"))
            c["source_blocks"].value = tri_label(options.get("source_blocks"))
        finally:
            self._holding = False
        self.render()


def matrix_explorer(df: pd.DataFrame | None = None) -> MatrixExplorer:
    """A widget to filter the capability matrix (``capability_matrix()`` when ``df`` is None)."""
    return MatrixExplorer(capability_matrix() if df is None else df)
