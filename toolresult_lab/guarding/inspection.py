"""One request, checked in flight: the modes, fail-open, and what the caller is told.

Every hook hands :meth:`Guard.inspect` the request path, its headers and its JSON body
before the client sends it, and sends what it returns. ``warn`` sends the body unchanged
and reports; ``raise`` raises :class:`GuardError` (carrying the findings) when ``lint``
finds an error, so nothing is sent (warnings alone are reported as in ``warn``);
``repair`` sends ``repair``'s body when it changed something, and reports the changes.
Reports go to the logger ``toolresult_lab.guard`` (warning level: the wire, the model, the
path and each finding's rule and JSON path, never a payload or a finding's text) and to
``on_findings`` when given, called with a :class:`GuardReport` whenever there is something
to report.

Fail open: any exception inside the guard (a reader bug, a request the checks choke on, a
record file that cannot be written) logs one line naming the exception type and where it
rose, and the request goes out exactly as the client built it. Only :class:`GuardError`
(``raise`` mode's verdict) and an exception raised by the caller's own ``on_findings``
escape: the second is how a caller blocks a request on terms of its own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from os import PathLike
from typing import Any, Final, Literal, get_args

from ..conversion.profiles import PROFILES
from ..requests.findings import Change, Findings, Repaired
from ..requests.linting import lint
from ..requests.repairing import repair
from .conversations import DEFAULT_CAPACITY, Conversations
from .record_log import RecordLog
from .wire_paths import route

__all__ = [
    "LOGGER",
    "MODES",
    "Guard",
    "GuardError",
    "GuardReport",
    "Mode",
    "Slot",
    "failed_open",
    "lint_headers",
    "run_lint",
    "run_repair",
]

Mode = Literal["warn", "raise", "repair"]
MODES: Final[tuple[Mode, ...]] = get_args(Mode)
#: The logger every guard reports to.
LOGGER: Final = logging.getLogger("toolresult_lab.guard")

#: Credentials a client sends as headers: never handed to the checks.
_SECRET_HEADERS: Final = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie"}
)


@dataclass(frozen=True)
class GuardReport:
    """What the guard found in one request, and what it did.

    ``findings``: ``lint``'s, on the request as the client built it; ``changes``:
    ``repair``'s (``repair`` mode only; empty when it sent the body unchanged);
    ``previous``: the request sent before it in the same conversation, as ``lint`` got it
    (``None``: none remembered); ``sent``: ``False`` only when ``raise`` blocked it;
    ``request``: the body that goes out (``repair``'s when it changed something; not
    shown in the ``repr``: it may hold megabytes of base64)."""

    wire: str
    model: str | None
    path: str
    mode: Mode
    findings: Findings
    changes: tuple[Change, ...]
    previous: Mapping[str, Any] | None = field(repr=False)
    sent: bool
    request: Mapping[str, Any] = field(repr=False)

    def summary(self) -> str:
        """One line without payloads: the request, then each finding's severity, rule and path."""
        model = f" ({self.model})" if self.model else ""
        head = f"{self.wire} request{model} to {self.path}"
        found = "; ".join(
            f"{f.severity} {f.rule} at {f.path or '(request)'}" for f in self.findings
        )
        parts = [head, found or "no findings"]
        if self.changes:
            parts.append(
                "repaired: "
                + "; ".join(f"{c.rule} at {c.path or '(request)'}" for c in self.changes)
            )
        if not self.sent:
            parts.append("not sent")
        return ": ".join(parts)


class GuardError(Exception):
    """``raise`` mode's verdict: ``lint`` found an error, and the request was not sent.

    Raised before the client sends anything (so it never retries it, and never wraps it as
    a connection error). ``findings`` holds them all; ``report`` the whole
    :class:`GuardReport`."""

    def __init__(self, report: GuardReport) -> None:
        super().__init__(f"{report.summary()}\n{report.findings}")
        self.report: Final = report
        self.findings: Final = report.findings


def lint_headers(pairs: Iterable[tuple[object, object]]) -> dict[str, str]:
    """The headers to check: lower-case names, ``str`` values only (a client's ``Omit``
    sentinels fall away), credentials left out."""
    found: dict[str, str] = {}
    for name, value in pairs:
        if isinstance(name, bytes):
            name = name.decode("latin-1")
        if isinstance(value, bytes):
            value = value.decode("latin-1")
        if isinstance(name, str) and isinstance(value, str):
            lowered = name.lower()
            if lowered not in _SECRET_HEADERS:
                found[lowered] = value
    return found


def run_lint(
    wire: str,
    body: Mapping[str, Any],
    *,
    profile: str | None,
    vision: bool | None,
    model: str | None,
    headers: Mapping[str, str],
    previous: Mapping[str, Any] | None,
) -> Findings:
    """``lint`` with everything only the request in flight shows: the model (from the URL
    where the body has none), the headers and the request before it."""
    return lint(
        wire, body, profile=profile, vision=vision, model=model, headers=headers, previous=previous
    )


def run_repair(
    wire: str,
    body: Mapping[str, Any],
    *,
    profile: str | None,
    vision: bool | None,
    model: str | None,
    headers: Mapping[str, str],
    previous: Mapping[str, Any] | None,
) -> Repaired:
    """``repair`` on the request in flight: the one place the guard repairs."""
    # the bound prefix of ``previous`` stays as it was sent (issue 38)
    return repair(
        wire, body, profile=profile, vision=vision, model=model, headers=headers, previous=previous
    )


def _where(error: BaseException) -> str:
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    if trace is None:
        return "?"
    code = trace.tb_frame.f_code
    return f"{code.co_name} ({code.co_filename.rsplit('/', 1)[-1]}:{trace.tb_lineno})"


def failed_open(path: str, error: BaseException) -> None:
    """Log the one line of a guard failure (its type and where it rose; never a payload)."""
    LOGGER.warning(
        "toolresult_lab.guard failed open on a request to %s (%s in %s); it is sent unchanged",
        path,
        type(error).__name__,
        _where(error),
    )


class Guard:
    """The settings and memory of one guarded target; see ``toolresult_lab.guard``."""

    def __init__(
        self,
        mode: Mode = "warn",
        *,
        on_findings: Callable[[GuardReport], object] | None = None,
        record: str | PathLike[str] | None = None,
        record_payloads: bool = False,
        profile: str | None = None,
        vision: bool | None = None,
        conversations: int = DEFAULT_CAPACITY,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if on_findings is not None and not callable(on_findings):
            raise TypeError("on_findings must be a callable or None")
        if vision is not None and not isinstance(vision, bool):
            raise TypeError(f"vision must be a bool or None, not {type(vision).__name__}")
        # a profile is of one wire: it applies to that wire's requests (a client may speak two)
        self.profile_wire: Final = None if profile is None else _profile_wire(profile)
        self.mode: Final[Mode] = mode
        self.on_findings: Final = on_findings
        self.record: Final = None if record is None else RecordLog(record, record_payloads)
        self.profile: Final = profile
        self.vision: Final = vision
        self.memory: Final = Conversations(conversations)

    def inspect(
        self,
        path: str,
        headers: Mapping[str, str],
        body: Any,
        model: str | None = None,
    ) -> Mapping[str, Any] | None:
        """Check one request about to be sent to ``path``; the body to send instead, or
        ``None`` to send it as built.

        :param model: the model the hook knows from elsewhere (Bedrock's ``modelId``);
            default: the path's (Gemini, Bedrock), else the body's own.
        :raises GuardError: ``raise`` mode, and ``lint`` found an error.
        """
        found = route(path)
        if found is None or not isinstance(body, Mapping):
            return None
        try:
            report = self._check(found.wire, model or found.model, path, headers, body)
        except Exception as error:  # fail open: one line, no payload, the request as built
            failed_open(path, error)
            return None
        if report.findings or report.changes:
            self._report(report)  # an exception of on_findings stops it here, unsent
            if not report.sent:
                raise GuardError(report)
        try:  # only what goes out is remembered and recorded
            self._commit(report, body)
        except Exception as error:
            failed_open(path, error)
            return None
        return None if report.request is body else report.request

    def _check(
        self,
        wire: str,
        model: str | None,
        path: str,
        headers: Mapping[str, str],
        body: Mapping[str, Any],
    ) -> GuardReport:
        previous = self.memory.previous(wire, body)
        profile = self.profile if wire == self.profile_wire else None
        vision = self.vision
        findings = run_lint(
            wire,
            body,
            profile=profile,
            vision=vision,
            model=model,
            headers=headers,
            previous=previous,
        )
        changes: tuple[Change, ...] = ()
        sent = body
        if self.mode == "repair" and findings:
            repaired = run_repair(
                wire,
                body,
                profile=profile,
                vision=vision,
                model=model,
                headers=headers,
                previous=previous,
            )
            if repaired.changes and isinstance(repaired.request, Mapping):
                sent, changes = repaired.request, repaired.changes
        blocked = self.mode == "raise" and bool(findings.errors)
        return GuardReport(
            wire,
            model or _body_model(body),
            path,
            self.mode,
            findings,
            changes,
            previous,
            not blocked,
            sent,
        )

    def _commit(self, report: GuardReport, body: Mapping[str, Any]) -> None:
        """Remember the request as sent, and record it."""
        self.memory.remember(report.wire, report.request, report.previous)
        if self.record is not None:
            self.record.write(
                wire=report.wire,
                request=report.request,
                model=report.model,
                path=report.path,
                mode=self.mode,
                action="repaired" if report.changes else "sent",
                findings=[f"{f.severity}:{f.rule}@{f.path}" for f in report.findings],
                changes=[str(c) for c in report.changes],
            )

    def _report(self, report: GuardReport) -> None:
        LOGGER.warning("%s", report.summary())
        if self.on_findings is not None:
            self.on_findings(report)


def _body_model(body: Mapping[str, Any]) -> str | None:
    model = body.get("model")
    return model if isinstance(model, str) else None


def _profile_wire(profile: object) -> str:
    if not isinstance(profile, str):
        raise TypeError(f"profile must be a str or None, not {type(profile).__name__}")
    found = PROFILES.get(profile)
    if found is None:
        raise ValueError(
            f"unknown provider profile {profile!r}; known profiles: {', '.join(PROFILES)}"
        )
    return found.wire


class Slot:
    """The guard a hooked target consults on each request: guarding it again swaps the
    guard here instead of stacking a second hook."""

    __slots__ = ("guard",)

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
