"""How a wire writes the rest of a request around its tool turns (SPEC 9 "Writing").

Each wire module declares a :class:`RequestShape`: user messages, the assistant's own parts
beside the echo section 7 builds, and the body around the messages. Parts are the read
model's (``wires/_read.py``); a part a wire has no form for is handed back, so the caller
can say it was lost.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from ._read import ContentPart, DocumentPart, ImagePart, OpaquePart, TextPart

__all__ = ["RequestShape", "Written", "data_url", "texts_of"]

#: Messages written, and the parts that had no form there.
Written = tuple[list[Any], list[ContentPart]]


def data_url(mime: str | None, data: str) -> str:
    return f"data:{mime or 'application/octet-stream'};base64,{data}"


def texts_of(parts: list[ContentPart]) -> tuple[list[str], list[ContentPart]]:
    """The texts of ``parts``, and the parts that are not text."""
    texts: list[str] = []
    others: list[ContentPart] = []
    for part in parts:
        if isinstance(part, TextPart):
            texts.append(part.text)
        else:
            others.append(part)
    return texts, others


# A wire defined outside the package subclasses it (issue 24), on the compiled build too.
@mypyc_attr(allow_interpreted_subclasses=True)
class RequestShape:
    """One wire's user messages, assistant messages and request body. ``alternating``:
    the provider rejects two messages of one role in a row (Bedrock's Converse)."""

    alternating: bool = False

    def __init__(self, wire: str) -> None:
        self.wire = wire

    def user(self, parts: list[ContentPart]) -> Written:
        """A user message holding ``parts``."""
        raise NotImplementedError

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> Written:
        """The assistant's own ``parts`` as a message, or put before the calls of ``echo``
        (section 7's echo of the turn's calls; ``[]`` for a turn without calls)."""
        raise NotImplementedError

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        """The request body around ``messages``."""
        return {"messages": messages if system is None else [self.system(system), *messages]}

    def is_empty(self, message: Any) -> bool:
        """A message with nothing in it (every part of it dropped): no wire takes one.
        An item with a ``type`` (responses) or a field beside its role and content is
        something all the same."""
        if not isinstance(message, dict) or "type" in message:
            return False
        if any(key not in ("role", "content", "parts") for key in message):
            return False
        return not message.get("content") and not message.get("parts")

    def one_per_role(self, messages: list[Any]) -> tuple[list[Any], list[str]]:
        """``messages`` as the wire takes them in a row, and the role of each two it joined
        into one (a change the writer reports): as they are, unless the wire takes only
        alternating roles."""
        return messages, []

    def system(self, text: str) -> Any:
        return {"role": "system", "content": text}

    def sign(self, body: dict[str, Any]) -> list[int]:
        """Give unsigned calls the signature the wire's models require of calls another
        provider made; the positions (among the steps with calls) of those signed."""
        return []

    def trim_final(self, body: dict[str, Any]) -> bool:
        """Drop the trailing whitespace of a final assistant text where the wire refuses
        it (in place); whether it did. Nothing, unless the wire says otherwise."""
        return False

    def max_documents(self) -> int | None:
        """The most document blocks a request may hold (``None``: no limit)."""
        return None

    def is_document_block(self, block: Any) -> bool:
        """Whether a written block (a result's content entry too) is a document."""
        return False

    def cap_documents(self, messages: list[Any], keep: int) -> None:
        """Write each document block past the first ``keep`` of ``messages`` (in request
        order, results' content included) as its placeholder text, in place."""
        raise NotImplementedError

    def documents_note(self) -> str:
        """What a loss says of a document past :meth:`max_documents`."""
        raise NotImplementedError

    def rebuild(self, part: TextPart | DocumentPart) -> Any:
        """The block a text with cache settings or a text document was read from, to keep it
        opaquely on this wire; ``None`` where the wire has no such block."""
        return None

    def joins_texts(self, role: str) -> bool:
        """A message of ``role`` holds one text: several are joined (a change the writer
        reports). Not here: each text is a block of its own."""
        return False


class TextOnlyShape(RequestShape):
    """A wire whose messages hold one text (openai's assistant, ollama, hermes)."""

    def joins_texts(self, role: str) -> bool:
        return True

    def joined(self, parts: list[ContentPart]) -> tuple[str, list[ContentPart]]:
        texts, others = texts_of(parts)
        return "\n".join(texts), others


def is_inline(part: ContentPart) -> bool:
    return isinstance(part, (ImagePart, DocumentPart)) and part.data is not None


def opaque_values(parts: list[ContentPart]) -> list[Any]:
    return [part.value for part in parts if isinstance(part, OpaquePart)]
