"""How a wire's request reads as a transcript, where wires differ (SPEC 9).

``transcripts.read`` groups the messages a wire's reader finds into turns; the few
things that depend on the wire's shapes are asked of its :class:`TranscriptReading`
(``WireModule.reading``): the neutral defaults here hold for a wire of plain messages,
and a wire that reads otherwise overrides them in its own package.
"""

from __future__ import annotations

from typing import Any, Final

from ._read import Message, TextPart

__all__ = ["PLAIN", "TranscriptReading", "texts"]

#: ``(path, what)``: a loss at a path of the source request.
Lost = tuple[str, str]


class TranscriptReading:
    """A wire's answers to the transcript reader; these defaults: one message, one turn."""

    #: Each result's entries match its parts one to one, so a part without a MIME types
    #: its entry (False where entries are read from the wire's own blocks).
    typed_entries: bool = True

    def relabelled(self, request: Any) -> tuple[Any, frozenset[str]]:
        """``request`` with messages read as user turns although the reader finds them as
        the wire's own system messages mid conversation, and their paths (none here)."""
        return request, frozenset()

    def untangled(self, request: Any) -> tuple[Any, list[tuple[str, str]]]:
        """``request`` with what the wire's reader refuses but can read apart made readable
        (a change of form, each a note: path, what), or as it is (nothing here)."""
        return request, []

    def calls_source(self, raw: Any) -> Any:
        """What ``ToolCall.from_wire`` reads a message's calls from: the message itself."""
        return raw

    def assistant_losses(self, message: Message, said: list[Any], calls: bool) -> list[Lost]:
        """What reading an assistant message (``said``: its parts besides calls, ``calls``:
        it has some) into a turn loses: nothing here."""
        return []

    #: The keys of a user, system or assistant message the transcript reads (its calls'
    #: keys included); any other key holding something is the message's own field.
    message_keys: frozenset[str] = frozenset({"role", "content"})

    #: The keys of a text block the transcript reads (``None``: the wire's texts are read
    #: whole by its reader); a text block with another key holding something is kept
    #: whole on its wire, its text carried elsewhere with a loss (Anthropic's ``citations``).
    text_keys: frozenset[str] | None = None

    def thinking(self, value: Any) -> tuple[str, str | None, str | None] | None:
        """A block of this wire's own read as the model's reasoning: ``(text, signature,
        redacted)``; ``None`` when it is none (here: this wire holds no reasoning)."""
        return None

    def thinking_block(self, text: str, signature: str | None, redacted: str | None) -> Any:
        """The reasoning of another wire as this wire's block (``None``: it has no form
        here, or not without what is missing, a signature)."""
        return None

    def cache_mark(self) -> Any:
        """The value of the prompt-cache mark this wire puts on a block (``None``: none)."""
        return None

    def cache_point(self) -> Any:
        """The block this wire puts after what it caches (``None``: none); a block equal
        to it is read as a cache mark."""
        return None

    def message_fields(self, message: Message) -> dict[str, Any]:
        """The fields of a user, system or assistant message no turn holds (a chat
        message's ``name``), each holding something: kept on the wire, lost elsewhere."""
        raw = message.raw
        if not isinstance(raw, dict):
            return {}
        return {
            key: value
            for key, value in raw.items()
            if key not in self.message_keys and value not in (None, "", [], {})
        }

    def own_fields(self, message: Message, calls: bool) -> tuple[str, ...]:
        """The fields of an assistant message (``calls``: it has some) that no turn holds
        and its own wire needs back (a Responses output message's ``id``): where there are
        any, the message is kept whole on its wire, its parts carried to another with a
        loss naming these. None here."""
        return ()

    def merge(
        self, last: tuple[bool, bool, bool] | None, has_parts: bool, has_text: bool = False
    ) -> tuple[bool, bool]:
        """Whether an assistant message (``has_parts``: besides calls; ``has_text``: a text
        among them) joins the assistant turn before it (``last``: that turn has calls, has
        parts, has a text; None when there is none), and whether that is a note: here when
        the turn before has calls (its results come after this message)."""
        follows_calls = last is not None and last[0]
        return follows_calls, follows_calls


#: The reading of a wire of plain messages (the defaults).
PLAIN: Final = TranscriptReading()


def texts(parts: list[Any]) -> str:
    """The text parts of ``parts``, joined."""
    return "".join(p.text for p in parts if isinstance(p, TextPart))
