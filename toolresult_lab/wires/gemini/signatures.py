"""Gemini 3's thought signatures, in one place: the field a call part carries one in, the
value Google documents for calls no Gemini 3 model produced, how a whole request's
unsigned steps get it (translate, SPEC 9) and how repair sets it (SPEC 8
``missing-thought-signature``)."""

from __future__ import annotations

from typing import Any, Final

from .._fix import Fix, FixSite
from .spelling import SNAKE

__all__ = ["FIX", "SIGNATURE_FIELD", "SKIP_SIGNATURE", "set_signature", "sign_steps"]

#: The key a call part carries its signature under (REST spelling), and the key the
#: readers keep it under in ``CallPart.extra``.
SIGNATURE_FIELD: Final = "thoughtSignature"
#: The thought signature Google documents for calls no Gemini 3 model produced
#: (ai.google.dev/gemini-api/docs/thought-signatures, checked 2026-12-01; rules.py).
SKIP_SIGNATURE: Final = "skip_thought_signature_validator"
_RULE: Final = "missing-thought-signature"


def set_signature(target: dict[str, Any], value: str) -> str:
    """Set a call part's thought signature, in the part's own spelling; the key written."""
    key = SNAKE[SIGNATURE_FIELD] if SNAKE["functionCall"] in target else SIGNATURE_FIELD
    target[key] = value
    return key


def sign_steps(body: dict[str, Any]) -> list[int]:
    """Each model content of ``body`` (REST spelling, as the writer writes it) with calls
    and no signature: its first call part gets :data:`SKIP_SIGNATURE` (in place); the
    positions (among the steps with calls) of those signed."""
    signed = []
    steps = [
        content
        for content in body["contents"]
        if content.get("role") == "model"
        and any("functionCall" in part for part in content.get("parts", []))
    ]
    for index, content in enumerate(steps):
        calls = [part for part in content["parts"] if "functionCall" in part]
        if not any(SIGNATURE_FIELD in part for part in calls):
            calls[0][SIGNATURE_FIELD] = SKIP_SIGNATURE
            signed.append(index)
    return signed


def _fix(site: FixSite) -> None:
    # only where it is an error (Gemini 3): without a profile the request may be for a
    # model that needs no signature, and an accepted request is left as it is
    for path in site.rules(_RULE, errors_only=True):
        target = site.element(path)
        if isinstance(target, dict):
            key = set_signature(target, SKIP_SIGNATURE)
            site.change(_RULE, path, f"set {key} to {SKIP_SIGNATURE!r}")


#: Repair's fix of ``missing-thought-signature``: the skip value on the step's first call.
FIX: Final = Fix(_RULE, "settled", _fix)
