"""A conversation as ``compare()`` shows it: the whole request on every wire, losses badged.

``compare(transcript)`` draws the same controls as for one result, plus ``hoist_images``;
each card is :func:`toolresult_lab.views.render_transcript.transcript_card_html`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets  # type: ignore[import-untyped]

from ...conversion.options import ConvertOptions
from ...requests.transcripts import Transcript
from ..render_transcript import transcript_card_html

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["TranscriptView"]


class TranscriptView:
    """A transcript and its one control (``hoist_images``, disabled without image_input)."""

    style = ""

    def __init__(self, transcript: Transcript, *, hoist_images: bool = False) -> None:
        if not isinstance(hoist_images, bool):
            raise TypeError(
                f"compare: hoist_images must be a bool, not {type(hoist_images).__name__}"
            )
        self.transcript = transcript
        self.controls: dict[str, widgets.Widget] = {
            "hoist_images": widgets.Checkbox(
                value=hoist_images, description="hoist_images", indent=False
            ),
        }

    def card_html(self, wire: str, **options: Unpack[ConvertOptions]) -> str:
        hoist = bool(self.controls["hoist_images"].value) and bool(options.get("image_input"))
        return transcript_card_html(self.transcript, wire, hoist_images=hoist, **options)
