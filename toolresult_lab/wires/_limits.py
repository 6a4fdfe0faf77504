"""A wire's documented limits as data (issue 35): each wire declares its own rows in its
package (``wires/<wire>/limits.py``, :attr:`WireModule.limits`), so a wire registered
later declares its limits where it is defined, and the rules and warnings that read limits
(``budgets.provider_limits``, ``requests.rules.where``) find them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from ..budgets.doc_pages import DocPage

__all__ = ["MB", "MIB", "RECHECKED", "Limit", "LimitScope", "Measure"]

LimitScope = Literal["image", "pdf", "string", "request"]
Measure = Literal[
    "base64_bytes", "bytes", "image_bytes", "chars", "edge_px", "min_edge_px", "pages", "images"
]

#: A page's "MB" read as MiB (Anthropic: its API reports its 5 MB image limit as 5242880
#: bytes) or as 10^6 bytes (OpenAI, Gemini: their pages say nothing either way, and the
#: smaller reading warns earlier).
MIB: Final = 1024 * 1024
MB: Final = 1_000_000
#: The day the figures re-checked in rule-recheck.md (A.1 and A.2) were read.
RECHECKED: Final = "2026-12-02"


@dataclass(frozen=True)
class Limit:
    """One documented limit: what it bounds, its value, its wording and its page.

    ``when_images_over`` makes a limit apply only to requests with more images than that.
    ``checked``: the day the figure was last read on its page (``""``: in the first research,
    whose dates ``docs/costs-and-limits.md`` gives per page).
    A ``min_edge_px`` limit is a floor (smaller degrades results); every other is a ceiling.
    A ``string`` limit bounds each text string of a request (``chars``: its characters); a
    request's ``bytes`` count everything sent (text included), its ``image_bytes`` only images.
    ``models``: the models the figure is documented for, where that is not every model the
    wire reaches (Bedrock's Converse speaks for many providers' models): lint then warns
    rather than errs, since another model of the wire may take more.
    ``profiles``: the provider profiles (``profiles.PROFILES``) whose own figure this is (a
    platform that serves the wire with other limits: Claude on Bedrock's Messages API);
    with one of them, it replaces the wire's figures of the same scope and measure, and
    without one it does not apply (``limits_for`` leaves it out).
    ``wire``: the wire whose limit it is; a row declared in a wire's package leaves it
    empty (the row belongs to that wire), and ``budgets.provider_limits`` fills it from
    the wire that declares the row when it reads the rows (a warning names it).
    """

    scope: LimitScope
    measure: Measure
    value: int
    text: str
    page: DocPage
    when_images_over: int = 0
    checked: str = ""
    models: str = ""
    profiles: tuple[str, ...] = ()
    wire: str = ""
