"""What messages and tool results hold: what a tool result may hold on its wire (the wire's
``result_content`` check), empty text blocks, strings longer than the wire takes, and
images a model cannot read."""

from __future__ import annotations

from ...wires import (
    Add,
    CallPart,
    ImagePart,
    ReadRequest,
    ResultPart,
    Scope,
    TextPart,
    parts_of,
    wire_module,
)
from ..rules import RULES, TEXT_LIMIT

__all__ = ["check"]


def check(read: ReadRequest, scope: Scope, add: Add) -> None:
    """Tool results' contents, empty texts, long strings, images a model cannot read."""
    result_content = wire_module(scope.wire).checks.result_content
    long_text = RULES["text-too-long"].applies(scope.wire, scope.profile)
    misshapen = {problem.path for problem in read.problems}
    for message in read.messages:
        for part in message.parts:
            if isinstance(part, ResultPart):
                if result_content is not None:
                    result_content(part, scope, add)
            elif long_text and isinstance(part, CallPart) and isinstance(part.arguments, str):
                _text_length(part.path, part.arguments, add)
        # whitespace beside other content is accepted (the Claude API and Bedrock took
        # it); an empty string, or a message of nothing but whitespace, is rejected
        beside = any(
            not (isinstance(part, TextPart) and not part.text.strip()) for part in message.parts
        )
        for part in parts_of(message):
            if isinstance(part, TextPart):
                # a text that is no string is the shape finding at its ``text``, not empty
                # (repair would remove it, and whatever it held with it)
                if (
                    part.path.endswith("]")  # a block of a list
                    and not part.text.strip()
                    and f"{part.path}.text" not in misshapen
                ):
                    blank = part.text != "" and beside
                    add(
                        "empty-text",
                        part.path,
                        "The text block holds only whitespace, beside other content."
                        if blank
                        else "The text block is empty.",
                        "beside" if blank else "",
                    )
                if long_text:
                    _text_length(part.path, part.text, add)
            elif isinstance(part, ImagePart) and not scope.vision:
                add(
                    "images-unsupported",
                    part.path,
                    "The model reads no images, but the request holds one"
                    f" ({part.mime or 'an image'}).",
                    "",
                )


def _text_length(path: str, text: str, add: Add) -> None:
    if len(text) > TEXT_LIMIT:
        add(
            "text-too-long",
            path,
            f"The string is {len(text):,} characters long (at most {TEXT_LIMIT:,}).",
            "",
        )
