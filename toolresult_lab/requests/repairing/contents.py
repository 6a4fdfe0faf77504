"""Round 3 of ``repair``: what blocks hold. A block the wire does not take in a result
becomes the text it holds, else its JSON as text where it holds any data, else its
placeholder text, an empty text block goes, a declared image type is corrected from the
bytes, results move first, an empty message goes, and (a wire that hoists them) a tool
message's images are hoisted into a user message after the results. The wire's own fixes
(:attr:`RequestEdits.fixes <toolresult_lab.wires.RequestEdits.fixes>`: Bedrock's document
names, Gemini 3's signatures and function-response parts, Anthropic's final assistant
text) run at their stages in between (:mod:`.wire_fixes`)."""

from __future__ import annotations

from typing import Any, Final

from ...conversion.b64 import decoded_size
from ...conversion.encoding import json_encode, strict_text
from ...conversion.imagesize import image_size
from ...conversion.text import placeholder
from ...wires import (
    DocumentPart,
    ImagePart,
    OpaquePart,
    Part,
    TextPart,
    hoist_text,
)
from ..findings import Change
from .edit import REMOVED, Edit
from .outputs import part_payloads
from .paths import INDEX
from .wire_fixes import REFUSED, parts_by_path, run_fixes

__all__ = ["fix_contents"]

_TEXT_RULES: Final = ("tool-result-content", "error-result-not-text", "images-unsupported")


def fix_contents(edit: Edit, changes: list[Change]) -> Any:
    """Round 3 on ``edit``'s copy; the changes are appended to ``changes``."""
    edits = edit.edits
    by_path = parts_by_path(edit)
    run_fixes("names", edit, changes, by_path)  # before any block moves
    hoist: dict[int, list[tuple[str, str, str]]] = {}
    hoists = edits.hoists_images and edit.ctx.vision and not edits.results_text(edit.ctx.profile)
    done: set[str] = set()
    for finding in edit.findings:
        if finding.rule not in _TEXT_RULES or finding.path in done:
            continue
        done.add(finding.path)
        found_part = by_path.get(finding.path)
        target = edit.element(finding.path)
        if isinstance(found_part, OpaquePart) and found_part.value is None and target is None:
            # a null entry holds no output: removing it loses nothing
            edit.replace(finding.path, REMOVED)
            changes.append(Change(finding.rule, finding.path, "removed the null entry"))
            continue
        if target is None or found_part is None:
            continue
        part = found_part
        hoisted = (
            hoists
            and finding.rule == "tool-result-content"
            and isinstance(part, ImagePart)
            and part.data is not None
        )
        if not hoisted and part_payloads(part):
            # a placeholder would lose the payload, and no text may hold it: left as it is
            edit.unfixed.append(Change(finding.rule, finding.path, REFUSED))
            continue
        if hoisted and isinstance(part, ImagePart) and part.data is not None:
            pos = edit.message_pos(finding.path)
            label = _label(edit, pos)
            hoist.setdefault(pos, []).append(
                (f"{label} {finding.path.split('.', 1)[1]}", _hoisted_mime(edit, part), part.data)
            )
        held = _text_of(edit, part)
        as_json = False
        if isinstance(part, (OpaquePart, TextPart)) and _holds_data(target, held):
            # a block that holds more than the text it stands for (or no text): its JSON as
            # text, so nothing in it is lost
            held, as_json = strict_text(json_encode(target)), True
        text = held if held is not None else _placeholder_of(edit, part)
        home = edits.text_home(finding.path)
        if home is not None:  # a list beside the message's text: the text goes there
            edit.replace(finding.path, REMOVED)
            holder = edit.element(home.path)
            if isinstance(holder, dict):
                home.add(holder, text, REMOVED)
            if home.said is not None:
                changes.append(Change(finding.rule, finding.path, home.said))
                continue
        elif INDEX.search(finding.path) is None:
            edit.set_member(finding.path, text)
        else:
            block = edits.text_block(text)
            if block is None:
                continue  # the wire has no text block to put there
            edit.replace(finding.path, block)
        what = (
            "replaced by its JSON as text"
            if as_json
            else "replaced by the text it holds"
            if held is not None
            else "replaced by its placeholder text"
        )
        changes.append(Change(finding.rule, finding.path, what))
    edit.strip()
    for finding in edit.findings:
        if finding.rule == "empty-text" and finding.severity == "error":
            edit.replace(finding.path, REMOVED)
            edit.touched.add(id(edit.element(finding.path.split(".", 1)[0])))
            changes.append(Change("empty-text", finding.path, "removed the empty text block"))
        elif finding.rule == "media-type" and finding.severity == "error":
            # a warning (the provider accepts it) leaves an accepted request as it is
            _fix_media_type(edit, finding.path, by_path.get(finding.path), changes)
    edit.strip()
    _fix_order(edit, changes)
    run_fixes("settled", edit, changes, by_path)
    # before any message is inserted: a removal marks the message at its read index, which
    # an insert before it would shift onto another (the media moved out of a response)
    for path in reversed(edit.rules("empty-message")):
        edit.remove(path)
        changes.append(Change("empty-message", path, "removed the empty message"))
    run_fixes("inserts", edit, changes, by_path)  # may insert messages
    for pos in sorted(hoist, reverse=True):
        images = hoist[pos]
        message = edit.turn.hoisted(
            hoist_text([label for label, _, _ in images]), [(m, d) for _, m, d in images]
        )
        end = edit.raw_index(pos) + 1
        while end < len(edit.entries) and edits.is_result_entry(edit.entries[end]):
            end += 1
        edit.entries.insert(end, message)
        changes.append(
            Change(
                "tool-result-content",
                edit.read.messages[pos].path,
                "hoisted its images into a user message after the tool messages",
            )
        )
    edit.drop_emptied()
    return edit.request


def _text_of(edit: Edit, part: Part) -> str | None:
    """The text a block the wire does not take there holds (a text part of another type,
    a text document, an opaque block's text): what goes in its place, whole."""
    if isinstance(part, TextPart):
        return part.text if part.text.strip() else None
    if isinstance(part, DocumentPart):
        return part.text if part.text and part.text.strip() else None
    if isinstance(part, OpaquePart):
        return edit.edits.opaque_text(part)
    return None


def _holds_data(value: Any, held: str | None = None) -> bool:
    """Whether ``value`` (a block) holds anything its text ``held`` (or a placeholder)
    would lose: a non-blank string other than ``held``, a number or a boolean under any
    key other than a string ``type``, at any depth (walked without recursion: the value
    may be deep)."""
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(v for k, v in item.items() if not (k == "type" and isinstance(v, str)))
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            if item.strip() and item != held:
                return True
        elif item is not None:
            return True
    return False


def _placeholder_of(edit: Edit, part: Part) -> str:
    if isinstance(part, ImagePart):
        size = decoded_size(part.data) if part.data is not None else None
        return placeholder("image", part.mime, part.url, size)
    if isinstance(part, DocumentPart):
        size = decoded_size(part.data) if part.data is not None else None
        return placeholder("file", part.mime, part.url, size)
    if isinstance(part, OpaquePart):
        return edit.edits.opaque_text(part) or placeholder(part.kind, None, None, None)
    return placeholder("content", None, None, None)


def _hoisted_mime(edit: Edit, part: ImagePart) -> str:
    """The type a hoisted image is declared with: what its bytes are, where the wire takes
    that (a PNG declared ``image/jpeg`` is a ``media-type`` error in the user message too),
    else as declared."""
    size = image_size(part.data) if part.data else None
    if size is not None and size.mime in edit.edits.image_mimes:
        return size.mime
    return part.mime or "image/png"


def _label(edit: Edit, pos: int) -> str:
    results = edit.read.messages[pos].results
    return (results[0].id or "result") if results else "result"


def _fix_media_type(edit: Edit, path: str, part: Part | None, changes: list[Change]) -> None:
    if not isinstance(part, ImagePart) or not part.data:
        return
    size = image_size(part.data)
    if size is None or size.mime not in edit.edits.image_mimes:
        return
    target = edit.element(path)
    if not isinstance(target, dict):
        return
    if not edit.edits.set_declared_mime(target, size.mime, part.data):
        return
    changes.append(Change("media-type", path, f"declared type {part.mime!r} -> {size.mime!r}"))


def _fix_order(edit: Edit, changes: list[Change]) -> None:
    """The result blocks first: of the message, or (where the wire combines consecutive
    messages of a role) of the run, moved into its first message in their order."""
    edits = edit.edits
    key = edits.content_key
    merged = edit.turn.merged_roles
    entries = edit.entries
    messages = edit.read.messages
    done: set[int] = set()
    for path in edit.rules("results-after-other-content"):
        # the run as lint reads it: by read position (an entry that is no message, which
        # the reader skips, does not end it), each message then found in the list
        first = last = edit.message_pos(path)
        if first < 0:
            continue
        role = messages[first].role
        if role in merged:
            while first and messages[first - 1].role == role:
                first -= 1
            while last + 1 < len(messages) and messages[last + 1].role == role:
                last += 1
        if first in done:
            continue  # a second finding of the run: the first moved all its results
        done.add(first)
        raw = [edit.raw_index(pos) for pos in range(first, last + 1)]
        run = [entries[i] for i in raw if 0 <= i < len(entries) and isinstance(entries[i], dict)]
        held = [m for m in run if isinstance(m.get(key), list)]
        if not held:
            continue
        # the results as lint read them (a malformed block shaped like one is other
        # content to lint: taken for a result, it stayed where it was, every pass)
        read_results = {
            id(edit.element(result.path))
            for pos in range(first, last + 1)
            for result in messages[pos].results
        }
        before = [list(m[key]) for m in held]
        results = [b for m in held for b in m[key] if id(b) in read_results]
        for message in held:
            message[key] = [b for b in message[key] if id(b) not in read_results]
            edit.touched.add(id(message))
        # into the first message of the run that has content (one without is a shape
        # finding, left as it is); a string content is one text block, after the results
        first_held = next(m for m in run if isinstance(m.get(key), (str, list)))
        text = first_held.get(key)
        if isinstance(text, str):
            first_held[key] = [edits.text_block(text)] if text else []
        first_held[key][:0] = results
        if all(_same(m[key], old) for m, old in zip(held, before, strict=True)):
            continue  # nothing moved (lint reads the run otherwise): no change to report
        changes.append(
            Change("results-after-other-content", path, "moved the tool result blocks first")
        )


def _same(blocks: list[Any], old: list[Any]) -> bool:
    """Whether ``blocks`` are the very blocks of ``old``, in its order."""
    return len(blocks) == len(old) and all(a is b for a, b in zip(blocks, old, strict=True))
