"""The bedrock wire's request around its turns (SPEC 9 "Writing")."""

from __future__ import annotations

from typing import Any, Final, cast

from ...conversion.encoding import clone
from ...conversion.filenames import safe_document_name
from .._common import exhausted
from .._read import (
    ContentPart,
    DocumentPart,
    ImagePart,
    OpaquePart,
    TextPart,
)
from .._write import RequestShape
from .convert import IMAGE_FORMATS
from .documents import (
    MAX_DOCUMENTS,
    cap_documents,
    text_beside_documents,
    unique_in_request,
)
from .shapes import (
    BedrockBlock,
    BedrockBody,
    BedrockDocument,
    BedrockImage,
    BedrockMessage,
)

#: Messages written, and the parts that had no form there.
_Written = tuple[list[BedrockMessage], list[ContentPart]]


def _user_name(name: str | None) -> str:
    """A document name Bedrock takes from a neutral document's name (its extension
    dropped, as :func:`filenames.document_name` does for a URI's file name)."""
    given = name or ""
    dot = given.rfind(".")
    return safe_document_name(given[:dot] if dot > 0 else given)


def _blocks(message: dict[str, Any]) -> list[Any]:
    """A message's content as a list of blocks (a string as one text block)."""
    content = message.get("content")
    if isinstance(content, str):
        return [{"text": content}]
    return list(content) if isinstance(content, list) else []


class BedrockRequest(RequestShape):
    """``text`` / ``image`` / PDF ``document`` blocks (images and documents only in user
    messages, as Bedrock takes them); the assistant's blocks before its ``toolUse``
    blocks; ``system`` a list of text blocks beside ``messages``; every document name
    unique in the request; past :data:`MAX_DOCUMENTS` documents in it, each later one as
    its placeholder text (``cap_documents``, which the writer calls and reports)."""

    alternating = True

    def one_per_role(self, messages: list[Any]) -> tuple[list[Any], list[str]]:
        """Consecutive messages of one role as one, their blocks in order (a tool's results
        and the user's next words, two assistant messages); a string content is one text
        block."""
        out: list[Any] = []
        joined: list[str] = []
        for message in messages:
            last = out[-1] if out else None
            if isinstance(last, dict) and last.get("role") == message.get("role"):
                out[-1] = {**last, "content": [*_blocks(last), *_blocks(message)]}
                joined.append(str(message.get("role")))
            else:
                out.append(message)
        return out, joined

    def blocks(
        self, parts: list[ContentPart], media: bool
    ) -> tuple[list[BedrockBlock], list[ContentPart]]:
        out: list[BedrockBlock] = []
        lost: list[ContentPart] = []
        for part in parts:
            if isinstance(part, TextPart):
                if part.text.strip():  # Bedrock rejects blank text; nothing is lost
                    out.append({"text": part.text})
            elif isinstance(part, ImagePart):
                mime = (part.mime or "").lower()
                if media and part.data and mime in IMAGE_FORMATS:
                    image: BedrockImage = {
                        "format": IMAGE_FORMATS[mime],
                        "source": {"bytes": part.data},
                    }
                    out.append({"image": image})
                else:
                    lost.append(part)
            elif isinstance(part, DocumentPart):
                if media and part.data and (part.mime or "").lower() == "application/pdf":
                    name = _user_name(part.name)
                    document: BedrockDocument = {
                        "format": "pdf",
                        "name": name,
                        "source": {"bytes": part.data},
                    }
                    out.append({"document": document})
                else:
                    lost.append(part)
            elif isinstance(part, OpaquePart):
                if part.wire == "bedrock":
                    out.append(clone(part.value))  # the names may be made unique in place
                else:
                    lost.append(part)
            else:
                exhausted(part)
        return out, lost

    def user(self, parts: list[ContentPart]) -> _Written:
        content, lost = self.blocks(parts, True)
        return [{"role": "user", "content": content}], lost

    def assistant(self, parts: list[ContentPart], echo: list[Any]) -> _Written:
        content, lost = self.blocks(parts, False)
        if not echo:
            return [{"role": "assistant", "content": content}], lost
        first = cast(BedrockMessage, dict(echo[0]))  # the echo is TURN.echo's
        first["content"] = content + first["content"]
        return [first, *echo[1:]], lost

    def max_documents(self) -> int | None:
        return MAX_DOCUMENTS

    def is_document_block(self, block: Any) -> bool:
        return isinstance(block, dict) and "document" in block

    def cap_documents(self, messages: list[Any], keep: int) -> None:
        cap_documents(messages, keep)

    def documents_note(self) -> str:
        return _TOO_MANY_SENT

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        unique_in_request(messages)
        text_beside_documents(messages)
        body: BedrockBody = {"messages": messages}
        if system is not None:
            body = {"system": [{"text": system}], "messages": messages}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


_TOO_MANY_SENT: Final = (
    f"Bedrock takes at most {MAX_DOCUMENTS} documents per request: sent as its placeholder"
)


REQUEST: Final[RequestShape] = BedrockRequest("bedrock")
