"""Successive requests of one conversation (issue 38): what the later one changed in what
was sent before it, and what that costs.

``diff_requests(wire, a, b)`` is the structured difference; ``lint(wire, b, previous=a)``
reports it as the rule ``prefix-changed``. ``raw_walk`` walks the JSON, ``words`` names the
change from the wire's read parts, ``bound`` finds what a provider binds after it.
"""

from __future__ import annotations

from .diff import PrefixChange, RequestDiff, diff_reads, diff_requests

__all__ = ["PrefixChange", "RequestDiff", "diff_reads", "diff_requests"]
