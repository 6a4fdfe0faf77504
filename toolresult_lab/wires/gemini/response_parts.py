"""A ``functionResponse``'s own ``parts`` (Gemini 3 takes them; Gemini 2.5 does not, SPEC 8
``function-response-parts``): how repair moves them to a user content after the
responses, or (without vision) turns them into text in the response, and where the text
of one such part goes when it cannot stay (``tool-result-content``)."""

from __future__ import annotations

from typing import Any, Final

from ...conversion.b64 import decoded_size
from ...conversion.text import placeholder
from .._edit import TextHome
from .._fix import Fix, FixSite
from .._read import ResultPart
from .spelling import dict_field, keyed, spellings

__all__ = ["FIX", "function_response", "text_home"]

_RULE: Final = "function-response-parts"
_RESPONSE_KEYS: Final = spellings("functionResponse")
_MEDIA_KEYS: Final = spellings("inlineData", "fileData")
#: What the user content that carries media moved out of function responses says first.
_MEDIA_NOTE: Final = "Media from the function responses above."


def function_response(part: Any) -> dict[str, Any] | None:
    """The ``functionResponse`` body of a part (either spelling)."""
    return dict_field(part, "functionResponse")


def add_response_text(body: dict[str, Any], text: str, removed: object) -> None:
    """``text`` added to the response's ``result`` text (a part there cannot be text);
    ``parts`` dropped when every one is ``removed``."""
    response = body.get("response")
    if not isinstance(response, dict):
        response = body["response"] = {}
    old = response.get("result")
    response["result"] = f"{old}\n{text}" if isinstance(old, str) and old else text
    if all(entry is removed for entry in body.get("parts") or []):
        body.pop("parts", None)


def text_home(path: str) -> TextHome | None:
    """A part of a response's ``parts``: its text goes into the response's ``result``."""
    if any(f".{key}.parts[" in path for key in _RESPONSE_KEYS):
        return TextHome(path.rsplit(".parts[", 1)[0], add_response_text)
    return None


def _take_parts(body: dict[str, Any]) -> list[Any]:
    """Remove a response's own parts; the parts."""
    media = body.pop("parts", [])
    return media if isinstance(media, list) else []


def _media_placeholder(part: dict[str, Any]) -> str:
    """The placeholder of an ``inlineData`` or ``fileData`` part."""
    for key in _MEDIA_KEYS:
        found = part.get(key)
        if isinstance(found, dict):
            mime = keyed(found, "mimeType")
            data = found.get("data")
            uri = keyed(found, "fileUri")
            size = decoded_size(data) if isinstance(data, str) else None
            kind = "image" if isinstance(mime, str) and mime.startswith("image/") else "file"
            return placeholder(kind, mime, uri, size)
    return placeholder("content", None, None, None)


def _fix(site: FixSite) -> None:
    """A response's own parts move to a user content after the results (section 7's
    hoisting); without vision, those by URL become placeholder text in the response,
    and inline media (payloads) stay, reported unfixed."""
    hoisted: dict[int, list[Any]] = {}
    for path in site.rules(_RULE):
        part = site.parts.get(path)
        target = site.element(path)
        if not isinstance(part, ResultPart) or not isinstance(target, dict):
            continue
        body = function_response(target)
        if body is None:
            continue
        label = part.id or part.name or "result"
        if not site.vision and any(site.carries_payload(inner) for inner in part.parts):
            # placeholder text would lose the media's payloads: left as they are
            site.refuse(_RULE, path)
            continue
        media = _take_parts(body)
        if site.vision:
            pos = site.message_pos(path)
            hoisted.setdefault(pos, []).extend(media)
            action = "moved its parts to a user content after the responses"
        else:
            texts = [_media_placeholder(entry) for entry in media if isinstance(entry, dict)]
            if not texts:
                continue
            add_response_text(body, "\n".join(texts), site.removed)
            action = "its parts became placeholder text in the response"
        site.change(_RULE, path, action + f" ({label})")
    for pos in sorted(hoisted, reverse=True):
        message = {"role": "user", "parts": [{"text": _MEDIA_NOTE}, *hoisted[pos]]}
        site.entries.insert(site.raw_index(pos) + 1, message)


#: Repair's fix of ``function-response-parts`` (it may insert contents: run last).
FIX: Final = Fix(_RULE, "inserts", _fix)
