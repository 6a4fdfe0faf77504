"""Running one invariant of ``invariants.PROPERTIES`` as a hypothesis property over mutated
corpus requests: the CI tests (``test_invariants_*.py``, few examples, derandomized) and
``scripts/long_properties.py`` (many, seeded) both build their runs here.

``Run`` counts the examples tried and keeps the last failure: hypothesis replays the shrunk
example last, so after a failing run ``Run.failure`` is the smallest one it found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from invariants import DESTINATIONS, PROPERTIES
from mutations import JSON_MUTATIONS, MUTATIONS, Case, cases

#: Examples per property in CI: the whole of ``test_invariants_*.py`` stays near a minute
#: of one core (``--durations`` shows each property's share).
CI_EXAMPLES = 200
#: Properties that do more work per example (a profile of two repairs) run fewer.
FEWER = {"repair is linear": 10}
#: The mutations a property draws from (the linear check scales a request it can copy).
KINDS: dict[str, tuple[str, ...]] = {"repair is linear": JSON_MUTATIONS}


@dataclass
class Run:
    """What one property's run saw: examples tried, and the last failure (the shrunk one)."""

    name: str
    examples: int = 0
    failures: int = 0
    failure: str | None = None
    error: str | None = None


def _label(case: Case, dst: str | None) -> str:
    return case.line() + (f" -> {dst}" if dst else "")


def property_run(name: str, examples: int, seed: int | None = None, run: Run | None = None) -> Any:
    """The hypothesis test of property ``name``: derandomized without ``seed`` (CI: no
    shrinking either, which replays a hang many times; a failure is at most three named
    mutations of a seed), else random from ``seed`` and shrunk; ``run`` collects its
    figures."""
    check, takes_dst = PROPERTIES[name]
    record = run if run is not None else Run(name)
    strategy = cases(kinds=KINDS.get(name, MUTATIONS))
    drawn = st.tuples(strategy, st.sampled_from(DESTINATIONS)) if takes_dst else strategy

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=seed is None,
        phases=[Phase.generate] if seed is None else [Phase.generate, Phase.shrink],
        print_blob=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(drawn)
    def prop(value: Any) -> None:
        case, dst = value if takes_dst else (value, None)
        record.examples += 1
        try:
            check(case, dst) if takes_dst else check(case)
        except AssertionError as error:
            record.failures += 1
            record.failure = _label(case, dst)
            record.error = str(error)
            raise

    if seed is not None:
        from hypothesis import seed as hypothesis_seed

        prop = hypothesis_seed(seed)(prop)
    return prop


def names(prefix: str) -> list[str]:
    """The properties of one API (``repair``, ``translate``, ``lint``)."""
    return [name for name in PROPERTIES if name.startswith(prefix + " ")]


def ci_examples(name: str) -> int:
    return FEWER.get(name, CI_EXAMPLES)
