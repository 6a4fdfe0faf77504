"""Every documented limit, checked on both sides of its boundary: at the limit no warning,
one step over it the warning (for a floor, one step under). Read from ``provider_limits.LIMITS``
(each wire's ``wires/<wire>/limits.py``), so a limit added there is checked here too."""

from __future__ import annotations

import dataclasses

import pytest

from toolresult_lab.budgets.provider_limits import (
    LIMITS,
    Limit,
    media_warnings,
    request_warnings,
    text_warnings,
)
from toolresult_lab.conversion.imagesize import ImageSize
from toolresult_lab.wires import WIRES, wire_module


def _names(limit: Limit, warnings: tuple[str, ...]) -> bool:
    return any(limit.text in warning for warning in warnings)


def _profile(limit: Limit) -> str | None:
    """A profile the limit is the figure of (``None``: the wire's own)."""
    return limit.profiles[0] if limit.profiles else None


def _media(limit: Limit, value: int) -> tuple[str, ...]:
    """The warnings of one item whose measure of ``limit`` is ``value`` (with the profile
    whose figure it is)."""
    on = _profile(limit)
    media = "pdf" if limit.scope == "pdf" else "image"
    mime = "application/pdf" if media == "pdf" else "image/png"
    if limit.measure == "base64_bytes":  # the base64 length of ``value * 3 // 4`` bytes
        return media_warnings(limit.wire, media, mime, value * 3 // 4, None, None, profile=on)
    if limit.measure == "bytes":
        return media_warnings(limit.wire, media, mime, value, None, None, profile=on)
    if limit.measure in ("edge_px", "min_edge_px"):
        size = ImageSize("png", value, value if limit.measure == "min_edge_px" else 300)
        return media_warnings(limit.wire, media, mime, 1000, size, None, profile=on)
    assert limit.measure == "pages"
    return media_warnings(limit.wire, media, mime, 1000, None, value, profile=on)


ITEM_LIMITS = [limit for limit in LIMITS if limit.scope in ("image", "pdf")]
STRING_LIMITS = [limit for limit in LIMITS if limit.scope == "string"]
REQUEST_LIMITS = [limit for limit in LIMITS if limit.scope == "request"]


@pytest.mark.parametrize("limit", ITEM_LIMITS, ids=lambda limit: f"{limit.wire}-{limit.text}")
def test_an_item_limit_on_both_sides(limit: Limit) -> None:
    step = 4 if limit.measure == "base64_bytes" else 1
    if limit.measure == "min_edge_px":  # a floor: under it warns
        assert not _names(limit, _media(limit, limit.value))
        assert _names(limit, _media(limit, limit.value - 1))
    else:
        assert limit.measure != "base64_bytes" or limit.value % 4 == 0
        assert not _names(limit, _media(limit, limit.value))
        assert _names(limit, _media(limit, limit.value + step))


@pytest.mark.parametrize("limit", REQUEST_LIMITS, ids=lambda limit: f"{limit.wire}-{limit.text}")
def test_a_request_limit_on_both_sides(limit: Limit) -> None:
    images = limit.when_images_over + 1

    def warnings(total: int, count: int, edge: int | None) -> tuple[str, ...]:
        return request_warnings(
            limit.wire, total, count, largest_edge=edge, profile=_profile(limit)
        )

    if limit.measure == "bytes":
        assert not _names(limit, warnings(limit.value, images, None))
        assert _names(limit, warnings(limit.value + 1, images, None))
        # a request of text alone (no image) is held against it too (issue 18)
        assert not _names(limit, warnings(limit.value, 0, None))
        assert _names(limit, warnings(limit.value + 1, 0, None))
    elif limit.measure == "image_bytes":

        def held(total: int, image_bytes: int) -> tuple[str, ...]:
            return request_warnings(
                limit.wire, total, 1, image_bytes=image_bytes, profile=_profile(limit)
            )

        assert not _names(limit, held(10 * limit.value, limit.value))
        assert _names(limit, held(limit.value + 1, limit.value + 1))
    elif limit.measure == "images":
        assert not _names(limit, warnings(1000, limit.value, None))
        assert _names(limit, warnings(1000, limit.value + 1, None))
    else:
        assert limit.measure == "edge_px"
        assert not _names(limit, warnings(1000, images, limit.value))
        assert _names(limit, warnings(1000, images, limit.value + 1))
        # and the image count that makes it apply, on both sides
        assert not _names(limit, warnings(1000, limit.when_images_over, limit.value + 1))


@pytest.mark.parametrize("limit", STRING_LIMITS, ids=lambda limit: f"{limit.wire}-{limit.text}")
def test_a_string_limit_on_both_sides(limit: Limit) -> None:
    assert limit.measure == "chars"
    assert not _names(limit, text_warnings(limit.wire, limit.value))
    assert _names(limit, text_warnings(limit.wire, limit.value + 1))


def test_a_profile_figure_holds_only_with_its_profile() -> None:
    own = [limit for limit in LIMITS if limit.profiles]
    assert own
    for limit in own:
        if limit.scope == "request":
            assert not _names(limit, request_warnings(limit.wire, limit.value + 1, 0))
        else:
            assert not _names(
                limit, media_warnings(limit.wire, "image", "image/png", limit.value, None, None)
            )


def test_every_limit_is_checked() -> None:
    assert len(ITEM_LIMITS) + len(STRING_LIMITS) + len(REQUEST_LIMITS) == len(LIMITS) >= 17


def test_limits_are_each_wires_declared_rows_in_the_registrys_order() -> None:
    """``LIMITS`` is read from the wires (issue 35): each wire's rows as its package
    declares them (``WireModule.limits``, naming no wire), each then naming that wire."""
    assert [(wire, len(wire_module(wire).limits)) for wire in WIRES] == [
        ("openai", 7),
        ("anthropic", 13),
        ("gemini", 3),
        ("ollama", 0),
        ("responses", 4),
        ("hermes", 0),
        ("bedrock", 7),
    ]
    assert all(row.wire == "" for wire in WIRES for row in wire_module(wire).limits)
    assert (
        tuple(
            dataclasses.replace(row, wire=wire)
            for wire in WIRES
            for row in wire_module(wire).limits
        )
        == LIMITS
    )
    assert len(LIMITS) == 34
