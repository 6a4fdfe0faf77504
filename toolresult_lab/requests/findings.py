"""What ``lint`` and ``repair`` return (SPEC 8): findings about a whole request, and changes.

Plain immutable values: a :class:`Finding` names the rule, how bad it is, where in the
request it points (a JSON path from the body), one sentence about it, and the rule's source
with the date it was checked. :class:`Findings` is the sequence ``lint`` returns, in request
order; :class:`Repaired` is what ``repair`` returns. How they look in a notebook lives in the
views (``render_findings``), which take these values and never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    import pandas as pd

    from ..budgets.model_lookup import ModelFacts

__all__ = ["SEVERITIES", "Change", "Finding", "Findings", "Repaired", "Severity"]

Severity = Literal["error", "warning", "info"]
#: ``error``: the provider is documented or known to reject the request; ``warning``: it is
#: accepted, but the model loses or misreads something (or the rule is known only from reports);
#: ``info``: nothing is wrong, but a check could not run (an unknown model: its checks were off).
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
FRAME_COLUMNS = ("rule", "severity", "path", "message", "source")


@dataclass(frozen=True)
class Finding:
    """One thing a provider would reject or lose in a request.

    ``path`` is the JSON path of the offending element from the request body
    (``messages[3].content[1]``, ``contents[2].parts[0]``, ``input[5]``; ``""`` for the
    request as a whole); ``source`` the rule's page and the date it was checked.
    """

    rule: str
    severity: Severity
    path: str
    message: str
    source: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.path or '(request)'}: [{self.rule}] {self.message}"


class Findings(tuple[Finding, ...]):
    """The findings of one ``lint`` call, in request order (a ``tuple`` of :class:`Finding`).

    ``errors``, ``warnings`` and ``infos`` split them by severity; ``to_frame()`` is one
    pandas row per finding; ``str()`` one line per finding; in Jupyter, a table with a badge
    per severity.
    """

    #: The notebook view (``render_findings`` registers it when the package is imported).
    html_view: ClassVar[Callable[[Findings], str] | None] = None
    #: The model facts the checks used (``models.ModelFacts``; ``None``: none known).
    model: ModelFacts | None

    def __new__(
        cls, findings: Iterable[Finding] = (), *, model: ModelFacts | None = None
    ) -> Findings:
        made = super().__new__(cls, findings)
        made.model = model
        return made

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings a provider rejects the request for."""
        return tuple(f for f in self if f.severity == "error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """The findings of a request that is accepted but loses or misreads something."""
        return tuple(f for f in self if f.severity == "warning")

    @property
    def infos(self) -> tuple[Finding, ...]:
        """The findings that say what was not checked (a model no catalog knows)."""
        return tuple(f for f in self if f.severity == "info")

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids found, each once, in order."""
        return tuple(dict.fromkeys(f.rule for f in self))

    def to_frame(self) -> pd.DataFrame:
        """One row per finding: rule, severity, path, message, source."""
        import pandas as pd

        rows = [[f.rule, f.severity, f.path, f.message, f.source] for f in self]
        frame: pd.DataFrame = pd.DataFrame(rows, columns=list(FRAME_COLUMNS))
        return frame

    def __str__(self) -> str:
        if not self:
            return "no findings"
        return "\n".join(str(f) for f in self)

    def __repr__(self) -> str:
        infos = len(self.infos)
        more = f", {infos} info" if infos else ""
        return f"Findings({len(self.errors)} errors, {len(self.warnings)} warnings{more})"

    def _repr_html_(self) -> str | None:
        view = Findings.html_view
        return None if view is None else view(self)


@dataclass(frozen=True)
class Change:
    """One change ``repair`` made: the rule it fixes, where (a path in the request as given),
    and what it did, in words (``"moved the tool_result for toolu_1 first"``)."""

    rule: str
    path: str
    action: str

    def __str__(self) -> str:
        return f"{self.path or '(request)'}: [{self.rule}] {self.action}"


@dataclass(frozen=True)
class Repaired:
    """What ``repair`` returns: the repaired request (the same form as given: a body or a
    bare list, as JSON values) and the changes, in request order (empty: nothing to do).
    ``given`` is the request as it was read (JSON values), for the before/after view;
    ``wire`` the wire it was repaired for, so the view reads it as that wire (its payloads
    elided where that wire keeps them). ``unfixed``: the fixes ``repair`` refused because
    they would have lost a tool output (its text or payload; issue 36), each with the
    reason, in request order: those findings stand in the request as given."""

    request: Any
    changes: tuple[Change, ...]
    given: Any = None
    wire: str | None = None
    unfixed: tuple[Change, ...] = ()

    #: The notebook view of the before/after (registered by ``render_findings``).
    html_view: ClassVar[Callable[[Repaired], str] | None] = None

    def __repr__(self) -> str:  # short, like Findings: the request may hold megabytes of base64
        return f"Repaired({len(self.changes)} changes)"

    def __str__(self) -> str:
        lines = [str(c) for c in self.changes] or ["no changes"]
        lines += [f"unfixed: {c}" for c in self.unfixed]
        return "\n".join(lines)

    def _repr_html_(self) -> str | None:
        """The registered view; none for a ``Repaired`` made without its wire (the view
        reads the requests as that wire, and guesses none)."""
        view = Repaired.html_view
        return None if view is None or self.wire is None else view(self)
