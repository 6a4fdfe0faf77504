"""image_size: real Pillow images in every format, noisy base64, garbage, and huge payloads."""

from __future__ import annotations

import base64
import io
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from toolresult_lab.conversion.imagesize import MAX_SCAN_BYTES, ImageSize, image_size

SIZES = [(1, 1), (17, 5), (640, 480), (1024, 768), (768, 1024), (3001, 2)]
FORMATS = {
    "png": ("PNG", {}),
    "jpeg": ("JPEG", {}),
    "jpeg-progressive": ("JPEG", {"progressive": True}),
    "gif": ("GIF", {}),
    "webp-lossy": ("WEBP", {"quality": 80}),  # VP8
    "webp-lossless": ("WEBP", {"lossless": True}),  # VP8L
    "webp-extended": ("WEBP", {"exif": b"Exif\x00\x00II*\x00" + bytes(64)}),  # VP8X
}


def encode(width: int, height: int, pil_format: str, **options: object) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 60)).save(buffer, pil_format, **options)
    return buffer.getvalue()


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def jpeg_with_big_app_segments(width: int = 1024, height: int = 768) -> bytes:
    """A JPEG whose SOF comes after a ~60 KB EXIF (APP1) and a 300 KB ICC profile (APP2)."""
    exif = Image.Exif()
    exif[0x010E] = "x" * 60_000  # ImageDescription
    raw = encode(width, height, "JPEG", exif=exif.tobytes(), icc_profile=bytes(300_000))
    assert raw.find(b"\xff\xc0") > 360_000  # the frame header really is behind the segments
    return raw


def jpeg_with_padding_segments(count: int) -> bytes:
    """A small JPEG with ``count`` maximal (65,535-byte) COM segments inserted before its SOF."""
    raw = encode(320, 200, "JPEG")
    segment = b"\xff\xfe\xff\xff" + bytes(65_533)
    return raw[:2] + segment * count + raw[2:]


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_format_and_size_from_base64_and_from_bytes(name, width, height):
    pil_format, options = FORMATS[name]
    raw = encode(width, height, pil_format, **options)
    expected = ImageSize(name.split("-")[0], width, height)  # type: ignore[arg-type]
    assert image_size(raw) == expected
    assert image_size(b64(raw)) == expected


@pytest.mark.parametrize(
    ("name", "chunk"),
    [("webp-lossy", b"VP8 "), ("webp-lossless", b"VP8L"), ("webp-extended", b"VP8X")],
)
def test_each_webp_chunk_kind_is_exercised(name, chunk):
    pil_format, options = FORMATS[name]
    assert encode(321, 123, pil_format, **options)[12:16] == chunk


def test_mime_follows_the_format():
    assert image_size(encode(4, 4, "PNG")) == ImageSize("png", 4, 4)
    assert ImageSize("jpeg", 1, 1).mime == "image/jpeg"
    assert ImageSize("webp", 1, 1).mime == "image/webp"


def test_jpeg_with_large_exif_and_icc_segments_before_the_frame_header():
    raw = jpeg_with_big_app_segments()
    assert image_size(raw) == ImageSize("jpeg", 1024, 768)
    assert image_size(b64(raw)) == ImageSize("jpeg", 1024, 768)


@pytest.mark.parametrize(
    "wrap",
    [
        lambda text: base64.encodebytes(base64.b64decode(text)).decode(),  # 76-char lines
        lambda text: " ".join(text[i : i + 64] for i in range(0, len(text), 64)),
        lambda text: "\r\n" + text + "\n",
    ],
)
def test_base64_with_whitespace_is_read_the_same(wrap):
    raw = jpeg_with_big_app_segments()
    assert image_size(wrap(b64(raw))) == ImageSize("jpeg", 1024, 768)
    png = encode(33, 44, "PNG")
    assert image_size(wrap(b64(png))) == ImageSize("png", 33, 44)


TRUNCATED_AT = {
    "png": 20,
    "jpeg": 40,
    "jpeg-progressive": 40,
    "gif": 8,
    "webp-lossy": 27,
    "webp-lossless": 23,
    "webp-extended": 26,
}


@pytest.mark.parametrize("name", FORMATS)
def test_truncated_payloads_give_none(name):
    pil_format, options = FORMATS[name]
    raw = encode(300, 200, pil_format, **options)
    cut = TRUNCATED_AT[name]  # inside the bytes that hold the dimensions
    assert image_size(raw[:cut]) is None
    assert image_size(b64(raw[:cut])) is None
    assert image_size(b64(raw)[: cut * 4 // 3]) is None  # base64 text cut at the same place


@pytest.mark.parametrize(
    "payload",
    [
        "",
        b"",
        "not base64 at all!",
        "====",
        "A",
        b64(b"%PDF-1.7\n" + bytes(100)),
        b64(bytes(range(256))),
        b"\xff\xd8",  # SOI alone
        b"\xff\xd8\xff\xda\x00\x08" + bytes(20),  # scan data before any frame header
        b"\xff\xd8\xff\xd9",  # end of image before any frame header
        b"\xff\xd8\xff\xe0\x00\x01",  # segment length below 2
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDX" + bytes(20),  # no IHDR chunk
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(20),  # zero width and height
        b"GIF89a\x00\x00\x10\x00",  # zero width
        b"RIFF\x00\x00\x00\x00WEBPVP8 " + bytes(20),  # no VP8 start code
    ],
)
def test_unreadable_payloads_give_none(payload):
    assert image_size(payload) is None


@pytest.mark.parametrize("value", [None, 12, bytearray(b"GIF89a\x01\x00\x01\x00")])
def test_other_argument_types_never_pass_as_an_image(value):
    try:
        result = image_size(value)
    except TypeError:  # compiled with mypyc, the signature itself is enforced
        return
    assert result is None


@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_raise(data):
    result = image_size(data)
    assert result is None or (result.width > 0 and result.height > 0)
    assert image_size(b64(data)) == result


@given(st.text(max_size=200))
def test_arbitrary_text_never_raises(text):
    image_size(text)
    image_size("/9j/" + text)  # a JPEG start followed by anything
    image_size("iVBORw0KGgo" + text)  # a PNG start followed by anything


def test_sof_found_after_many_segments_within_the_cap_but_not_beyond():
    near = jpeg_with_padding_segments(100)  # SOF at about 6.5 MB
    assert image_size(near) == ImageSize("jpeg", 320, 200)
    assert image_size(b64(near)) == ImageSize("jpeg", 320, 200)
    far = jpeg_with_padding_segments(MAX_SCAN_BYTES // 65_537 + 2)
    assert image_size(far) is None
    assert image_size(b64(far)) is None


FIFTY_MIB = 50 * 1024 * 1024


def peak_while(function, *args):
    tracemalloc.start()
    try:
        result = function(*args)
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(
    "head",
    [encode(1024, 768, "PNG"), jpeg_with_big_app_segments(), encode(800, 600, "WEBP")],
    ids=["png", "jpeg-big-exif", "webp"],
)
def test_fifty_mib_payload_is_measured_without_decoding_it(head):
    payload = b64(head + bytes(FIFTY_MIB))
    assert len(payload) > FIFTY_MIB
    expected = image_size(head)
    result, peak = peak_while(image_size, payload)
    assert result == expected
    assert peak < 1024 * 1024


def test_fifty_mib_line_wrapped_payload_stays_small_too():
    head = jpeg_with_big_app_segments()
    payload = base64.encodebytes(head + bytes(FIFTY_MIB)).decode("ascii")
    result, peak = peak_while(image_size, payload)
    assert result == ImageSize("jpeg", 1024, 768)
    assert peak < 1024 * 1024


def test_fifty_mib_of_raw_bytes_is_not_copied():
    raw = jpeg_with_big_app_segments() + bytes(FIFTY_MIB)
    result, peak = peak_while(image_size, raw)
    assert result == ImageSize("jpeg", 1024, 768)
    assert peak < 1024 * 1024
