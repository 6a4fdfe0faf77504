"""Repair a request before it is sent (SPEC 8 "Repair"): make the changes that can be made
safely, and say what was changed.

``repair(wire, request)`` lints the request (``lint.checked``: the findings and the pairing of
calls and results) and fixes what SPEC 8 lists, in three rounds that each start from a fresh
read: ids first (so pairing sees the ids the provider will), then where results sit, then what
blocks hold. It never mutates its input: it works on a JSON copy (an SDK object is dumped
first) and returns the same form (a body or a bare list). Every change names its place in the
request as given, whichever round made it, and the changes come in request order. Limits,
``bad-base64``, ``shape``, ``user-after-tool`` and a prefill without trailing whitespace are
reported by ``lint`` only.

Where things live: :mod:`.core` (``repair()`` and the rounds' order), :mod:`.paths` (path
tracking), :mod:`.edit` (JSON editing), :mod:`.ids`, :mod:`.placement` and
:mod:`.contents` (the three rounds). What a wire's request looks like, the rounds ask the
wire's :class:`~toolresult_lab.wires.RequestEdits`; call ids are made by its
:class:`~toolresult_lab.wires.IdStyle` (:func:`new_call_id`).
"""

from __future__ import annotations

from ...wires import SKIP_SIGNATURE, new_call_id
from ..findings import Change, Repaired
from .placement import MISSING_RESULT
from .rounds import repair

__all__ = ["MISSING_RESULT", "SKIP_SIGNATURE", "Change", "Repaired", "new_call_id", "repair"]
