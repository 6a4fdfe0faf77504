"""The shared corpus of real requests (``../shared/real-requests/``) as the judge of lint
and repair: a request an official endpoint accepted draws no error, and repair leaves it as
it is. Skipped, saying where it looked, where the corpus is absent (a user's clone)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from real_requests import accepted, profile_of, require

from toolresult_lab import WIRES, lint, repair

#: Exceptions need a dated provider page saying the provider now rejects the request,
#: kept here beside the record id. None today.
NOW_REJECTED: dict[str, str] = {}


def _accepted_of(wire: str) -> list[dict[str, Any]]:
    require()
    return [r for r in accepted() if r["wire"] == wire and r["id"] not in NOW_REJECTED]


CORPUS_WIRES = ("anthropic", "bedrock", "gemini", "openai", "responses")


def test_the_corpus_wires_are_the_project_s() -> None:
    assert set(CORPUS_WIRES) <= set(WIRES)


@pytest.mark.parametrize("wire", CORPUS_WIRES)
def test_no_error_on_a_request_an_official_endpoint_accepted(wire: str) -> None:
    records = _accepted_of(wire)
    assert records, f"no accepted {wire} request in the corpus"
    wrong = []
    for record in records:
        errors = lint(
            wire, record["request"], profile=profile_of(record), model=record["model"]
        ).errors
        if errors:
            wrong.append(f"{record['id']} ({record['model']}): {errors[0]}")
    assert not wrong, (
        f"{len(wrong)} of {len(records)} accepted requests draw errors:\n" + "\n".join(wrong[:10])
    )


@pytest.mark.parametrize("wire", CORPUS_WIRES)
def test_repair_changes_no_accepted_request(wire: str) -> None:
    changed = []
    for record in _accepted_of(wire):
        given = copy.deepcopy(record["request"])
        fixed = repair(wire, record["request"], profile=profile_of(record))
        assert record["request"] == given  # never mutates its input
        if fixed.changes or fixed.request != given:
            changed.append(f"{record['id']}: {fixed.changes[:2]}")
    assert not changed, f"{len(changed)} accepted requests changed:\n" + "\n".join(changed[:10])


def test_the_corpus_reads_as_strict_json() -> None:
    """The bodies are what was sent: JSON, so every finding above is about real input."""
    for record in _accepted_of("anthropic")[:50]:
        assert json.loads(json.dumps(record["request"])) == record["request"]


@pytest.mark.parametrize("wire", CORPUS_WIRES)
def test_repair_is_idempotent_on_every_recorded_request(wire: str) -> None:
    """Issue 25.6: ``repair(repair(x)) == repair(x)``, on the rejected requests too."""
    require()
    from real_requests import records

    again = []
    for record in (r for r in records() if r["wire"] == wire):
        once = repair(wire, record["request"], profile=profile_of(record))
        twice = repair(wire, once.request, profile=profile_of(record))
        if twice.changes or twice.request != once.request:
            again.append(f"{record['id']}: {twice.changes[:2]}")
    assert not again, "\n".join(again[:10])
