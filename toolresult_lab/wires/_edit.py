"""What ``lint`` and ``repair`` (SPEC 8) may ask of a wire's request shapes: the
:class:`RequestEdits` each wire's package implements (``wires/<wire>/edits.py``, handed to
the registry as :attr:`WireModule.edits <toolresult_lab.wires.WireModule.edits>`).

This module holds only what is the same on every wire: the base class, whose defaults say
"this wire has no such thing" (``None``, ``False``, nothing done) and whose writers every
wire must give raise :class:`NotImplementedError`, so nothing falls back to another wire's
shape; :class:`IdStyle`, the one place call ids are made, and :class:`IdFormat`, the ids a
wire takes, declared beside it. What only one wire does is that wire's own: its repair
steps are :attr:`RequestEdits.fixes` (``wires/_fix.py``), not methods here.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ._fix import Fix
from ._read import OpaquePart

__all__ = [
    "IdFormat",
    "IdStyle",
    "RequestEdits",
    "ResultText",
    "TextHome",
    "as_json_text",
    "item_id",
    "joined_output",
    "made_id",
]


def _hashed(text: str) -> bytes:
    """``text``'s bytes for a hash: a lone surrogate (half an emoji, in an id a log cut)
    is content, so it is hashed as it stands rather than raising (no UTF-8 encodes it)."""
    return text.encode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class IdStyle:
    """How a wire (or a profile of it) makes a call id: ``prefix`` and ``length`` hex digits
    of a hash of the old id; or (``alphabet``) ``length`` characters of that alphabet and no
    prefix; ``clean``: a pattern of the characters the wire rejects, so a given id is first
    kept with them replaced by ``_`` (cut to ``clean_length``) when that is still free."""

    prefix: str = "call_"
    length: int = 24
    alphabet: str | None = None
    clean: str | None = None
    clean_length: int = 40

    def make(self, old: str, taken: set[str], salt: str = "") -> str:
        """A valid id for ``old``, deterministic and unused (``taken`` is updated)."""
        attempt = 0
        cleaned = ""
        if self.clean is not None and not salt:
            cleaned = re.sub(self.clean, "_", old)[: self.clean_length]
        while True:
            digest = hashlib.sha256(_hashed(f"{old}\x00{salt}\x00{attempt}")).digest()
            if self.alphabet is not None:
                size = len(self.alphabet)
                new = "".join(self.alphabet[b % size] for b in digest[: self.length])
            elif cleaned and attempt == 0:
                new = cleaned
            else:
                new = self.prefix + digest.hex()[: self.length]
            if new not in taken:
                taken.add(new)
                return new
            attempt += 1


@dataclass(frozen=True)
class IdFormat:
    """The call ids a wire or profile takes (``call-id-format``): ``pattern`` the whole id
    must match (``None``: any characters), ``longest`` its most characters (``None``: no
    limit), ``warn_over`` a length over which only a warning is given (some gateways), and
    ``shown`` what a finding says of an id that does not match the pattern. Declared
    beside the wire's :class:`IdStyle`, which makes ids of this format."""

    pattern: str | None
    longest: int | None
    shown: str
    warn_over: int | None = None


def made_id(position: int, name: str) -> str:
    """The id of a call that had none: ``call_`` + 24 hex digits of a hash of the call's
    position and name (SPEC 9)."""
    digest = hashlib.sha256(_hashed(f"{position}:{name}")).hexdigest()
    return "call_" + digest[:24]


def item_id(old: str, prefix: str) -> str:
    """A short item id (``prefix`` + 32 hex digits of a hash) for an item id too long."""
    return prefix + hashlib.sha256(_hashed(old)).hexdigest()[:32]


def as_json_text(value: Any) -> str:
    """A JSON value as the text a model reads (nothing of it lost)."""
    return json.dumps(value, ensure_ascii=False)


def joined_output(first: Any, second: Any, header: str, text_block: Any) -> Any:
    """Two tool outputs (a string, ``None`` or a list of blocks each) as one: a string when
    both are strings, else the blocks of both with a ``header`` text block between (made
    by ``text_block``); ``header`` always stands between them, so it is clear where the
    second starts."""
    if (first is None or isinstance(first, str)) and (second is None or isinstance(second, str)):
        return "\n".join(x for x in (first or "", header, second or "") if x)

    def blocks(value: Any) -> list[Any]:
        if isinstance(value, list):
            return list(value)
        if isinstance(value, str):
            return [text_block(value)] if value else []
        return [] if value is None else [text_block(as_json_text(value))]

    return [*blocks(first), text_block(header), *blocks(second)]


@dataclass(frozen=True)
class TextHome:
    """Where the text of a part goes that sits in a list of no message's blocks (ollama's
    ``images``, a Gemini response's ``parts``): ``path``, the element that takes the text;
    ``add(holder, text, removed)`` adds it there (a list left holding only ``removed``
    goes); ``said``: the one action repair reports (``None``: as for a block replaced)."""

    path: str
    add: Callable[[dict[str, Any], str, object], None]
    said: str | None = None


@dataclass(frozen=True)
class ResultText:
    """A result's output as text, where no user message may follow the results: ``text``
    reads the output of a result (media as placeholder text; what became placeholder
    text), ``append`` adds text to it."""

    text: Callable[[dict[str, Any]], tuple[str, tuple[str, ...]]]
    append: Callable[[dict[str, Any], str], None]


class RequestEdits:
    """What lint and repair write or recognise in one wire's request.

    The class attributes are the wire's data; the methods read or change one block or
    message of a request (a JSON copy repair owns). A wire's package subclasses this and
    overrides what it has."""

    #: The wire's name.
    wire: ClassVar[str] = ""
    #: Whether results are blocks inside a user message (not messages of their own).
    result_blocks: ClassVar[bool] = False
    #: The key of a message's list of blocks.
    content_key: ClassVar[str] = "content"
    #: The role a message without one has (``None``: it needs one).
    default_role: ClassVar[str | None] = None
    #: Whether repair may put results before the blocks of a user message that holds none.
    joins_user_message: ClassVar[bool] = True
    #: Whether an emptied final assistant message is kept (a prefill).
    keeps_final_assistant: ClassVar[bool] = False
    #: The body keys that come before the message list (its system parts).
    heads: ClassVar[frozenset[str]] = frozenset()
    #: The image types a declared type may be corrected to (``media-type``).
    image_mimes: ClassVar[frozenset[str]] = frozenset()
    #: How the wire makes call ids.
    ids: ClassVar[IdStyle] = IdStyle()
    #: The call ids the wire takes (``call-id-format``; ``None``: any id).
    id_format: ClassVar[IdFormat | None] = None
    #: The profiles whose call ids have a format of their own: how each makes them and
    #: the format it checks, declared together.
    profile_ids: ClassVar[Mapping[str, tuple[IdStyle, IdFormat]]] = {}
    #: Whether a tool message's images move to a user message after the results (where
    #: one may follow them: :meth:`results_text`).
    hoists_images: ClassVar[bool] = False
    #: The wire's own repair steps (rules only this wire has), in the order they run.
    fixes: ClassVar[tuple[Fix, ...]] = ()

    def id_style(self, profile: str | None) -> IdStyle:
        """How call ids are made on this wire with ``profile``."""
        found = self.profile_ids.get(profile) if profile is not None else None
        return found[0] if found is not None else self.ids

    def id_format_of(self, profile: str | None) -> IdFormat | None:
        """The call ids this wire takes with ``profile`` (``None``: any id)."""
        found = self.profile_ids.get(profile) if profile else None
        return found[1] if found is not None else self.id_format

    # -- recognising -----------------------------------------------------------------------

    def is_result_block(self, block: Any) -> bool:
        """Whether ``block`` (inside a message) is a tool result."""
        return False

    def is_result_entry(self, entry: Any) -> bool:
        """Whether ``entry`` is a message of the run of results after a call."""
        return False

    def holds_results(self, message: Any) -> bool:
        """Whether ``message``'s blocks include a tool result."""
        content = message.get(self.content_key) if isinstance(message, dict) else None
        return isinstance(content, list) and any(self.is_result_block(b) for b in content)

    def role_of(self, message: Any) -> Any:
        """A message's role (:attr:`default_role` when it has none)."""
        return message.get("role", self.default_role) if isinstance(message, dict) else None

    def is_opaque_document(self, part: OpaquePart) -> bool:
        """Whether an opaque block (one no reader took apart) is a document all the same."""
        return False

    def document_name(self, part: OpaquePart) -> str | None:
        """The name of an opaque document block, ``None`` when it has none."""
        return None

    def opaque_text(self, part: OpaquePart) -> str | None:
        """The text an opaque block holds where a text block could stand for it: its
        ``text`` string (a text block without a type, or of another API's type:
        ``output_text``, ``input_text``), so repair writes that text, never a placeholder
        for it; ``None`` when it holds none (or only blank text)."""
        text = part.value.get("text") if isinstance(part.value, dict) else None
        return text if isinstance(text, str) and text.strip() else None

    def text_home(self, path: str) -> TextHome | None:
        """Where the text of the part at ``path`` goes when the part cannot stay, if not
        in its place (``None``: a text block, or the string, takes its place there)."""
        return None

    # -- writing ---------------------------------------------------------------------------

    def text_block(self, text: str) -> Any | None:
        """A text block holding ``text`` (``None``: the wire has no text blocks). The
        writers here return ``Any``: each wire's override narrows it to its own TypedDict
        (``wires/<wire>/shapes.py``), which no one base type holds."""
        return None

    def missing_result(self, call_id: str | None, name: str, text: str) -> Any:
        """The error result for a call nothing answered: a block or a message."""
        raise NotImplementedError(f"{self.wire}: no missing result")

    def set_id(self, target: dict[str, Any], is_call: bool, new: str) -> None:
        """Write ``new`` as the id of the call or result ``target`` (a block, part or
        message)."""
        raise NotImplementedError(f"{self.wire}: no call ids")

    def user_message(self, blocks: list[Any]) -> Any:
        """A user message holding ``blocks``."""
        return {"role": "user", self.content_key: blocks}

    def call_message(self, blocks: list[Any]) -> Any:
        """An assistant message holding ``blocks`` (calls)."""
        return {"role": "assistant", self.content_key: blocks}

    def set_declared_mime(self, target: dict[str, Any], mime: str, data: str) -> bool:
        """Correct an inline image's declared type; ``False`` when the block has no place
        for it."""
        return False

    def results_text(self, profile: str | None) -> ResultText | None:
        """Where no user message may follow the run of results after a call (Mistral: none
        right after a tool message), how a result's output is read and added to as text;
        ``None``: a user message may follow."""
        return None

    def kept_output(self, target: dict[str, Any], header: str) -> tuple[Any, tuple[str, ...]]:
        """The output of the result ``target`` (a result that answers no call) as user
        content, ``header`` first: where results are blocks, the user blocks that take its
        place; else a user message. Its media stay media where user content takes them; the
        second value names what became placeholder text instead (nothing: ``()``).
        ``None`` as the first value: the wire cannot take this result apart (it stays)."""
        raise NotImplementedError(f"{self.wire}: no kept outputs")

    def merge_output(self, kept: dict[str, Any], other: dict[str, Any], header: str) -> None:
        """Append the output of the result ``other`` to that of ``kept`` (two results of one
        call become one), ``header`` between them; nothing of either is lost."""
        raise NotImplementedError(f"{self.wire}: no results to merge")
