"""``guard`` on each official client, against a loopback recording server (issue 39).

Every client (openai chat and responses, anthropic, google-genai, ollama, boto3 bedrock
converse), sync and async (botocore has no async client), streaming and not, in each mode:

- ``warn``: the server receives exactly the body the client built (the body the guard
  handed to ``lint``, and the body an unguarded client sends), and ``on_findings`` is told;
- ``repair``: the server receives ``repair``'s body of what the client built;
- ``raise``: the call raises ``GuardError`` carrying the findings, and nothing reaches the
  server (the clients retry: a retried or wrapped error would show as a request or as
  another exception type). Ollama's unanswered call is a warning there, so its ``raise``
  sends, as ``warn`` does.

Two conversations interleaved through one client each get their own ``previous``, and a
guard made to fail inside never blocks or alters a request.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from guard_clients import BAD, BY_NAME, CASES, HELLO, deliver, turn

import toolresult_lab
from toolresult_lab import GuardError, GuardReport, guard, repair
from toolresult_lab.guarding import inspection
from toolresult_lab.views.roundtrip import RecordingServer

VARIANTS = [
    pytest.param(
        case.name,
        is_async,
        stream,
        id=f"{case}-{'async' if is_async else 'sync'}-{'stream' if stream else 'once'}",
    )
    for case in CASES
    for is_async in ((False, True) if case.has_async else (False,))
    for stream in (False, True)
]


@pytest.fixture(scope="module")
def server() -> Any:
    with RecordingServer() as running:
        yield running


@pytest.fixture
def linted(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every call the guard makes to ``lint``: the wire, the body and the keywords."""
    calls: list[dict[str, Any]] = []
    real = inspection.run_lint

    def spy(wire: str, body: Any, **kwargs: Any) -> Any:
        calls.append({"wire": wire, "body": json.loads(json.dumps(body)), **kwargs})
        return real(wire, body, **kwargs)

    monkeypatch.setattr(inspection, "run_lint", spy)
    return calls


def _sent(server: RecordingServer, before: int) -> list[Any]:
    return [r.body for r in server.requests[before:]]


def _unguarded(server: RecordingServer, case: str, is_async: bool, stream: bool) -> Any:
    before = len(server.requests)
    assert deliver(case, server.base_url, [BAD[case]], is_async=is_async, stream=stream) == [None]
    (body,) = _sent(server, before)
    return body


@pytest.mark.parametrize(("case", "is_async", "stream"), VARIANTS)
def test_warn_sends_exactly_what_the_client_built(
    server: RecordingServer, linted: list[dict[str, Any]], case: str, is_async: bool, stream: bool
) -> None:
    reports: list[GuardReport] = []
    before = len(server.requests)
    raised = deliver(
        case,
        server.base_url,
        [BAD[case]],
        is_async=is_async,
        stream=stream,
        prepare=lambda client: guard(client, on_findings=reports.append),
    )
    assert raised == [None]
    (sent,) = _sent(server, before)
    (call,) = linted
    wire = BY_NAME[case].wire
    assert call["wire"] == wire
    assert call["body"] == sent
    assert sent == _unguarded(server, case, is_async, stream)
    (report,) = reports
    assert "call-without-result" in report.findings.rules
    assert (report.wire, report.mode, report.sent, report.changes) == (wire, "warn", True, ())


@pytest.mark.parametrize(("case", "is_async", "stream"), VARIANTS)
def test_repair_sends_the_repaired_body(
    server: RecordingServer, linted: list[dict[str, Any]], case: str, is_async: bool, stream: bool
) -> None:
    reports: list[GuardReport] = []
    before = len(server.requests)
    raised = deliver(
        case,
        server.base_url,
        [BAD[case]],
        is_async=is_async,
        stream=stream,
        prepare=lambda client: guard(client, "repair", on_findings=reports.append),
    )
    assert raised == [None]
    (sent,) = _sent(server, before)
    (call,) = linted
    built = call["body"]
    expected = repair(call["wire"], built).request
    assert sent == expected
    assert sent != built
    (report,) = reports
    assert [c.rule for c in report.changes] == ["call-without-result"]
    assert "call-without-result" not in toolresult_lab.lint(call["wire"], sent).rules


@pytest.mark.parametrize(("case", "is_async", "stream"), VARIANTS)
def test_raise_sends_nothing_and_carries_the_findings(
    server: RecordingServer, linted: list[dict[str, Any]], case: str, is_async: bool, stream: bool
) -> None:
    before = len(server.requests)
    raised = deliver(
        case,
        server.base_url,
        [BAD[case]],
        is_async=is_async,
        stream=stream,
        prepare=lambda client: guard(client, "raise"),
    )
    if case == "ollama":  # an unanswered call is a warning on ollama: sent, as in warn
        assert raised == [None]
        assert _sent(server, before) == [linted[0]["body"]]
        return
    (error,) = raised
    assert type(error) is GuardError
    assert "call-without-result" in error.findings.rules
    assert error.report.sent is False
    assert _sent(server, before) == []
    assert len(linted) == 1  # checked once: the client did not retry it


@pytest.mark.parametrize("case", [case.name for case in CASES])
def test_interleaved_conversations_each_get_their_own_previous(
    server: RecordingServer, linted: list[dict[str, Any]], case: str
) -> None:
    """A and B start alike (the same first message) and diverge at the second; sent A1, B1,
    A2, B2 through one client, A2's previous is A1 and B2's is B1."""
    a1 = [*HELLO[case], *turn(case, "A says", "more A")]
    b1 = [*HELLO[case], *turn(case, "B says", "more B")]
    a2 = [*a1, *turn(case, "A again", "and A")]
    b2 = [*b1, *turn(case, "B again", "and B")]
    before = len(server.requests)
    raised = deliver(case, server.base_url, [a1, b1, a2, b2], prepare=lambda client: guard(client))
    assert raised == [None] * 4
    sent = _sent(server, before)
    previous = [call["previous"] for call in linted]
    assert previous == [None, None, sent[0], sent[1]]


@pytest.mark.parametrize("mode", ["warn", "raise", "repair"])
@pytest.mark.parametrize(("case", "is_async", "stream"), VARIANTS)
def test_a_guard_failing_inside_never_blocks_or_alters_a_request(
    server: RecordingServer,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    case: str,
    is_async: bool,
    stream: bool,
    mode: str,
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("injected: a secret text must not be logged")

    monkeypatch.setattr(inspection, "run_lint", broken)
    before = len(server.requests)
    with caplog.at_level(logging.WARNING, logger="toolresult_lab.guard"):
        raised = deliver(
            case,
            server.base_url,
            [BAD[case]],
            is_async=is_async,
            stream=stream,
            prepare=lambda client: guard(client, mode),  # type: ignore[arg-type]
        )
    assert raised == [None]
    (sent,) = _sent(server, before)
    assert sent == _unguarded(server, case, is_async, stream)
    (line,) = [r.getMessage() for r in caplog.records if r.name == "toolresult_lab.guard"]
    assert line.startswith("toolresult_lab.guard failed open on a request to ")
    assert "RuntimeError in broken" in line
    assert "secret" not in line
