"""The base64 helpers' own guarantees beyond the SPEC examples: large payloads and constants."""

from __future__ import annotations

import base64

import pytest

from toolresult_lab.conversion.b64 import WHITESPACE, decoded_size, is_canonical, strip_whitespace


def test_whitespace_constant_is_str_isspace_minus_the_separators():
    expected = "".join(
        ch for ch in map(chr, range(0x110000)) if ch.isspace() and not "\x1c" <= ch <= "\x1f"
    )
    assert expected == WHITESPACE


BIG = base64.b64encode(bytes(range(256)) * 12_000).decode()  # 4,096,000 chars: 4 x 1 MiB chunks


def test_big_payload_is_canonical_and_measured_without_decoding():
    assert len(BIG) > 3 * (1 << 20)
    assert is_canonical(BIG) is True
    assert decoded_size(BIG) == 256 * 12_000


@pytest.mark.parametrize("position", [0, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3_000_001])
def test_big_payload_with_one_bad_character_anywhere_is_not_canonical(position):
    for bad in ("=", "-", "_", "\n"):
        assert is_canonical(BIG[:position] + bad + BIG[position + 1 :]) is False


def test_big_payload_with_stray_padding_bits_is_not_canonical():
    assert is_canonical(BIG[:-4] + "QUJ=") is False
    assert is_canonical(BIG[:-4] + "QUI=") is True


def test_strip_whitespace_returns_the_same_object_when_there_is_none():
    assert strip_whitespace(BIG) is BIG
    wrapped = "\n".join(BIG[i : i + 76] for i in range(0, 760, 76)) + "\u2028"
    assert strip_whitespace(wrapped) == BIG[:760]
    assert strip_whitespace(" QU\tJD\x1c") == "QUJD\x1c"
