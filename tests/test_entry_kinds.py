"""``probes.entry_kind`` / ``entry_bytes``: the audit's label and size of one content entry."""

from __future__ import annotations

import re
from typing import Any

import pytest

from toolresult_lab import ToolResult
from toolresult_lab.conversion.items import BlobItem
from toolresult_lab.views.probes import (
    ENTRY_KINDS,
    OTHER_KINDS,
    PROBES,
    SAMPLE_IMAGES,
    SAMPLE_PDF,
    entry_bytes,
    entry_kind,
)

WITH_CONTENT = [p for p in PROBES.values() if p.content]


def only_item(block: Any) -> Any:
    [item] = ToolResult(content=[block])._items
    return item


def test_probes_without_content_are_the_three_result_level_ones() -> None:
    assert [p.id for p in PROBES.values() if not p.content] == [
        "structured_object",
        "structured_list",
        "empty",
    ]


@pytest.mark.parametrize("probe", WITH_CONTENT, ids=[p.id for p in WITH_CONTENT])
def test_every_probe_classifies_to_its_own_id(probe: Any) -> None:
    [item] = probe.result()._items
    assert entry_kind(item) == probe.id


def test_entry_kinds_are_the_catalogue_then_the_others() -> None:
    assert (*PROBES, "image_other", "native_other") == ENTRY_KINDS
    assert OTHER_KINDS == ("image_other", "native_other")


@pytest.mark.parametrize(
    ("block", "kind"),
    [
        ({"type": "image", "mimeType": "image/tiff", "data": "QUJD"}, "image_other"),
        ({"type": "image", "mimeType": "image/jpg", "data": "QUJD"}, "image_other"),
        ({"type": "image", "data": "QUJD"}, "image_other"),
        ({"type": "image", "mimeType": "image/PNG", "data": "QUJD"}, "image_other"),
        ({"type": "image", "mimeType": "image/png"}, "image_png"),
        (
            {"type": "resource", "resource": {"mimeType": "image/jpeg", "blob": "QUJD"}},
            "image_resource",
        ),
        (
            {"type": "resource", "resource": {"mimeType": "application/pdf", "blob": 5}},
            "pdf_resource",
        ),
        ({"type": "resource", "resource": {"blob": "QUJD"}}, "binary_blob"),
        ({"type": "resource", "resource": "nonsense"}, "binary_blob"),
        ({"type": "resource", "resource": {"text": "x"}}, "text_resource"),
        (
            {"type": "resource", "resource": {"mimeType": "text/markdown", "text": "# x"}},
            "text_resource",
        ),
        (
            {"type": "resource", "resource": {"mimeType": "application/xml", "text": "<a/>"}},
            "text_resource",
        ),
        (
            {
                "type": "resource",
                "resource": {"mimeType": "application/ld+json; charset=utf-8", "text": "{}"},
            },
            "json_resource",
        ),
        (
            {"type": "resource", "resource": {"mimeType": "text/plain", "blob": "QUJD"}},
            "text_blob",
        ),
        ({"type": "audio", "mimeType": "audio/mpeg", "data": "QUJD"}, "audio"),
        ({"type": "video", "data": "QUJD"}, "unknown_type"),
        ({"data": "QUJD"}, "unknown_type"),
        ({"type": ""}, "unknown_type"),
        ("just a string", "non_object"),
        (None, "non_object"),
        ({"type": "resource_link", "uri": "file:///x"}, "resource_link"),
        ({"type": "text", "text": "x", "cache_control": None}, "text_cache_control"),
        ({"type": "image", "source": {"type": "file", "file_id": "f1"}}, "native_other"),
        ({"type": "document", "source": {"type": "url", "url": "https://x"}}, "native_other"),
        ({"type": "image", "source": {}}, "native_other"),
        ({"type": "search_result", "content": []}, "search_result"),
    ],
)
def test_kinds_of_entries_beyond_the_probes(block: Any, kind: str) -> None:
    assert entry_kind(only_item(block)) == kind
    assert kind in ENTRY_KINDS


@pytest.mark.parametrize(
    ("block", "size"),
    [
        ({"type": "text", "text": "Köln"}, 5),
        ({"type": "text", "text": ""}, 0),
        ({"type": "image", "mimeType": "image/png", "data": SAMPLE_IMAGES["image/png"]}, 83),
        ({"type": "image", "mimeType": "image/png", "data": "QUJD\nREVG"}, 6),
        ({"type": "image", "mimeType": "image/png"}, 0),
        ({"type": "audio", "mimeType": "audio/wav", "data": "QQ=="}, 1),
        (
            {"type": "resource", "resource": {"mimeType": "application/pdf", "blob": SAMPLE_PDF}},
            200,
        ),
        ({"type": "resource", "resource": {"mimeType": "application/pdf", "blob": 7}}, 0),
        ({"type": "resource", "resource": {"mimeType": "text/csv", "blob": "w7Y="}}, 2),
        ({"type": "resource", "resource": {"text": "naïve"}}, 6),
        ({"type": "resource_link", "name": "big.parquet", "uri": "file:///big.parquet"}, 0),
        (42, 0),
        (
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "application/pdf", "data": SAMPLE_PDF},
            },
            200,
        ),
        ({"type": "image", "source": {"type": "url", "url": "https://e.test/a.png"}}, 0),
        ({"type": "document", "source": {"type": "text", "data": "Über"}}, 5),
        ({"type": "search_result", "title": "T", "content": "body"}, 22),  # its string form
    ],
)
def test_entry_bytes(block: Any, size: int) -> None:
    assert entry_bytes(only_item(block)) == size


@pytest.mark.parametrize("probe", WITH_CONTENT, ids=[p.id for p in WITH_CONTENT])
def test_a_blob_counts_what_its_placeholder_states(probe: Any) -> None:
    [item] = probe.result()._items
    if isinstance(item, BlobItem) and item.payload is not None:
        stated = re.search(r"\((\d+) bytes\)$", item.text)
        assert stated is not None
        assert entry_bytes(item) == int(stated.group(1))


def test_the_item_accessor_is_the_results_own_items() -> None:
    result = ToolResult(content=[{"type": "text", "text": "a"}, 7])
    assert result._items is result._items  # no re-normalisation
    assert [item.kind for item in result._items] == ["text", "note"]
