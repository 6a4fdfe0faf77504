"""Issue 36, item 4: the invariants of ``repair`` (``invariants.PROPERTIES``) as hypothesis
properties over real corpus requests mutated (``mutations``), every wire; derandomized and
bounded (``invariant_runs.ci_examples``) so CI is reproducible and quick. The long run is
``scripts/long_properties.py``."""

from __future__ import annotations

import pytest
from invariant_runs import ci_examples, names, property_run


@pytest.mark.parametrize("name", names("repair"))
def test_repair(name: str) -> None:
    property_run(name, ci_examples(name))()
