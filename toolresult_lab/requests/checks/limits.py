"""The wire's documented size and count limits (the ones its module declares,
``WireModule.limits``, and with a profile of a platform with its own figures, those:
``limits_for``):
images and PDF pages per request (``too-much-media``), each image's size
(``image-too-large``), and the whole request's bytes (``request-too-large``). A wire without
such a limit is not checked."""

from __future__ import annotations

import json

from ...budgets.provider_limits import Limit, limits_for
from ...conversion.imagesize import image_size
from ...conversion.pdfpages import pdf_pages
from ...wires import Add, DocumentPart, ImagePart, ReadRequest, ResultPart, Scope, parts_of

__all__ = ["media", "request_size"]


def _limits(scope: Scope) -> tuple[Limit, ...]:
    """The wire's limits, with the profile's own figures in place of the wire's
    (``limits_for``)."""
    return limits_for(scope.wire, scope.profile)


def _limit(limits: tuple[Limit, ...], scope: str, measure: str, *, over: int = 0) -> Limit | None:
    """The documented limit of ``limits`` a check reads its figure from (the largest
    value when ``over`` is 0; the one applying to requests with more images otherwise;
    ``None``: the wire has none)."""
    found = [
        limit
        for limit in limits
        if limit.scope == scope and limit.measure == measure and limit.when_images_over == over
    ]
    return max(found, key=lambda limit: limit.value) if found else None


def _least(limits: tuple[Limit, ...], measure: str) -> int | None:
    """The smallest value of the wire's limits of ``measure`` (a warning's threshold)."""
    found = [limit.value for limit in limits if limit.measure == measure]
    return min(found) if found else None


def media(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The request's images and PDF pages counted against the wire's limits, and each
    image's size."""
    limits = _limits(scope)
    warn_at = _least(limits, "images")
    error_limit = _limit(limits, "request", "images")
    if warn_at is not None and error_limit is not None:
        _counts(read, warn_at, error_limit.value, add)
    many = next(
        (
            x
            for x in limits
            if x.scope == "request" and x.measure == "edge_px" and x.when_images_over
        ),
        None,
    )
    edge = _limit(limits, "image", "edge_px")
    size_error = _limit(limits, "image", "base64_bytes")
    size_warning = _least(limits, "base64_bytes")
    if many is None or edge is None or size_error is None or size_warning is None:
        return
    images = [
        item
        for message in read.messages
        for part in message.parts
        for item in (part.parts if isinstance(part, ResultPart) else (part,))
        if isinstance(item, ImagePart)
    ]
    most = many.value if len(images) > many.when_images_over else edge.value
    for image in images:
        if image.data is None:
            continue
        length = len(image.data)
        if length > size_error.value:
            add(
                "image-too-large",
                image.path,
                f"The image's base64 is {length:,} characters (at most {size_error.value:,}).",
                "",
            )
            continue
        size = image_size(image.data)
        if size is not None and max(size.width, size.height) > most:
            add(
                "image-too-large",
                image.path,
                f"The image is {size.width}x{size.height} px (at most {most} px a side"
                + (
                    f" in a request with more than {many.when_images_over} images)."
                    if most == many.value
                    else ")."
                ),
                "",
            )
        elif length > size_warning:
            add(
                "image-too-large",
                image.path,
                f"The image's base64 is {length:,} characters (over {size_warning:,}, the"
                " limit on Bedrock and Vertex AI).",
                "over-5mb",
            )


def _counts(read: ReadRequest, warn_at: int, error_at: int, add: Add) -> None:
    """Images and PDF pages in the request: a warning over ``warn_at`` (200k-context
    models), an error over ``error_at``, each at the part that crosses it."""
    count = 0
    crossing: dict[int, str] = {}
    for message in read.messages:
        for part in parts_of(message):
            adds = 0
            if isinstance(part, ImagePart):
                adds = 1
            elif (
                isinstance(part, DocumentPart)
                and part.data is not None
                and (part.mime or "").lower() == "application/pdf"
            ):
                adds = pdf_pages(part.data) or 1
            for threshold in (warn_at, error_at):
                if count <= threshold < count + adds:
                    crossing[threshold] = part.path
            count += adds
    if count > error_at:
        add(
            "too-much-media",
            crossing[error_at],
            f"The request holds {count} images and PDF pages (at most {error_at}).",
            "over-600",
        )
    elif count > warn_at:
        add(
            "too-much-media",
            crossing[warn_at],
            f"The request holds {count} images and PDF pages (at most {warn_at} on"
            " 200k-context models).",
            "",
        )


def request_size(read: ReadRequest, scope: Scope, add: Add) -> None:
    """The request's JSON against the wire's documented request-bytes limits: over one that
    holds for every model of the wire, an error; over only ones documented for some models
    (Bedrock's Claude and Nova figures), a warning that names them."""
    limits = sorted(
        (
            limit
            for limit in _limits(scope)
            if limit.scope == "request" and limit.measure == "bytes"
        ),
        key=lambda limit: limit.value,
    )
    if not limits:
        return
    try:
        size = len(json.dumps(read.raw, ensure_ascii=False, default=str).encode())
    except (ValueError, TypeError, RecursionError):
        return
    over = [limit for limit in limits if size > limit.value]
    if not over:
        return
    for_every_model = [limit for limit in over if not limit.models]
    if for_every_model:
        most = for_every_model[0].value
        add(
            "request-too-large",
            "",
            f"The request's JSON is {size:,} bytes (at most {most:,}).",
            "",
        )
        return
    named = ", ".join(f"{limit.value:,} for {limit.models}" for limit in over)
    add(
        "request-too-large",
        "",
        f"The request's JSON is {size:,} bytes, over the documented request size of some"
        f" models of the wire ({named}).",
        "some-models",
    )
