"""``guard``'s parts (issue 39): wire paths, the conversation memory, the record, the httpx /
httpx2 hook, what reaches ``lint`` (headers, model, previous), and the optional imports.

The official clients, end to end in every mode, are in ``test_guard_clients.py``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import anthropic
import httpx
import httpx2
import openai
import pytest
from guard_clients import BAD, deliver, make_client
from helpers import run_cli

from toolresult_lab import GuardError, GuardReport, audit, guard, lint, lint_log, repair
from toolresult_lab.guarding import inspection
from toolresult_lab.guarding.conversations import Conversations
from toolresult_lab.guarding.record_log import redacted
from toolresult_lab.guarding.wire_paths import Route, route
from toolresult_lab.views.roundtrip import RecordingServer

OPENAI_BAD = {"model": "gpt-4o", "messages": BAD["openai"]}


@pytest.fixture(scope="module")
def server() -> Any:
    with RecordingServer() as running:
        yield running


@pytest.fixture
def linted(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []
    real = inspection.run_lint

    def spy(wire: str, body: Any, **kwargs: Any) -> Any:
        calls.append({"wire": wire, "body": body, **kwargs})
        return real(wire, body, **kwargs)

    monkeypatch.setattr(inspection, "run_lint", spy)
    return calls


# -- wire paths ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/v1/chat/completions", Route("openai", None)),
        ("/openai/deployments/d/chat/completions?api-version=1", Route("openai", None)),
        ("/v1/responses", Route("responses", None)),
        ("/v1/messages?beta=true", Route("anthropic", None)),
        ("/api/chat", Route("ollama", None)),
        ("/v1beta/models/gemini-2.5-flash:generateContent", Route("gemini", "gemini-2.5-flash")),
        (
            "/v1/projects/p/locations/l/publishers/google/models/g:streamGenerateContent",
            Route("gemini", "g"),
        ),
        (
            "/model/anthropic.claude-sonnet-4-5-20250929-v1:0/converse",
            Route("bedrock", "anthropic.claude-sonnet-4-5-20250929-v1:0"),
        ),
        ("/model/arn%3Aaws%3Ax/converse-stream", Route("bedrock", "arn:aws:x")),
        ("/v1/messages/count_tokens", None),
        ("/v1/embeddings", None),
        ("/v1/files", None),
        ("/models/:generateContent", None),
        ("/converse", None),
    ],
)
def test_the_wire_comes_from_the_path(path: str, expected: Route | None) -> None:
    assert route(path) == expected


def test_a_path_whose_model_segment_is_no_model_name_is_not_routed() -> None:
    """A model segment over 4,096 characters is no model name: the path passes untouched,
    and its escapes are never decoded (10 MB of ``%41`` took 3 s and 715 MiB to decode)."""
    arn = "arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Ainference-profile%2F" + "x" * 200
    assert route(f"/model/{arn}/converse") == Route("bedrock", unquote(arn))
    assert route("/model/" + "%41" * 1365 + "/converse") == Route("bedrock", "A" * 1365)
    assert route("/model/" + "%41" * 1366 + "/converse") is None
    assert route("/model/" + "%41" * 3_300_000 + "/converse") is None
    assert route("/v1beta/models/" + "g" * 4097 + ":generateContent") is None


def test_a_registered_wire_is_routed_by_the_paths_it_declares() -> None:
    """The guard's routes are each wire's declared paths (``WireModule.paths``): a toy wire
    registered with its own takes its requests, and its conversation is its reader's list."""
    import dataclasses
    import importlib

    from toolresult_lab.guarding.wire_paths import conversation_of
    from toolresult_lab.wires import ApiPaths, list_key, registered

    toy = importlib.import_module("toy_wire").WIRE
    declared = dataclasses.replace(
        toy, paths=ApiPaths(model_marker="/toy/", model_methods=(":talk",))
    )
    assert route("/v2/toy/pebble-1:talk?stream=no") is None
    with registered(declared):
        assert route("/v2/toy/pebble-1:talk?stream=no") == Route("toy", "pebble-1")
        assert route("/v2/toy/:talk") is None
        assert route("/v1/chat/completions") == Route("openai", None)
        assert list_key("toy") == "turns"
        turns = [{"role": "user", "body": "hi"}]
        assert conversation_of("toy", {"turns": turns}) == turns
    assert route("/v2/toy/pebble-1:talk") is None


# -- the conversation memory --------------------------------------------------------------


def _user(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


def _reply(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


def _body(*messages: dict[str, str]) -> dict[str, Any]:
    return {"messages": list(messages)}


def _sent(memory: Conversations, body: dict[str, Any]) -> Any:
    earlier = memory.previous("openai", body)
    memory.remember("openai", body, earlier)
    return earlier


def test_an_edit_after_the_first_reply_finds_the_request_before_it() -> None:
    memory = Conversations()
    one = _body(_user("s"), _user("q"), _reply("r"), _user("tool output, long"))
    assert _sent(memory, _body(_user("s"), _user("q"))) is None
    assert _sent(memory, one) == _body(_user("s"), _user("q"))
    edited = _body(_user("s"), _user("q"), _reply("r"), _user("tool output"), _reply("r2"))
    assert _sent(memory, edited) == one
    # the edited conversation continues from the edit
    assert _sent(memory, _body(*edited["messages"], _user("next"))) == edited


def test_conversations_that_part_before_a_reply_are_kept_apart() -> None:
    memory = Conversations()
    opening = (_user("system"), _user("task"))
    a1, b1 = _body(*opening), _body(*opening)
    a2 = _body(*opening, _reply("A"), _user("a"))
    b2 = _body(*opening, _reply("B"), _user("b"))
    assert _sent(memory, a1) is None
    assert _sent(memory, b1) == a1  # the same request twice: one conversation, so far
    assert _sent(memory, a2) == b1
    assert _sent(memory, b2) is None  # parted from A at the model's reply: a new one
    assert _sent(memory, _body(*a2["messages"], _reply("A2"))) == a2
    assert _sent(memory, _body(*b2["messages"], _reply("B2"))) == b2


def test_memory_is_bounded_least_recently_used_first() -> None:
    memory = Conversations(capacity=2)
    firsts = [_body(_user(name), _reply(name)) for name in "abc"]
    for body in firsts:
        _sent(memory, body)
    assert len(memory) == 2
    assert memory.previous("openai", _body(_user("a"), _reply("a"), _user("x"))) is None
    assert memory.previous("openai", _body(_user("c"), _reply("c"), _user("x"))) == firsts[2]
    with pytest.raises(ValueError, match="capacity"):
        Conversations(0)


def test_appending_to_the_sent_list_leaves_the_memory_alone() -> None:
    memory = Conversations()
    messages = [_user("q"), _reply("r")]
    _sent(memory, {"messages": messages})
    messages.append(_user("more"))
    assert memory.previous("openai", {"messages": messages}) == _body(_user("q"), _reply("r"))


def test_wires_are_kept_apart_and_a_string_input_is_not_remembered() -> None:
    memory = Conversations()
    body = _body(_user("q"), _reply("r"))
    memory.remember("openai", body, None)
    assert memory.previous("ollama", _body(_user("q"), _reply("r"), _user("x"))) is None
    memory.remember("responses", {"input": "just text"}, None)
    assert len(memory) == 1


# -- what lint receives ------------------------------------------------------------------


def test_headers_model_and_previous_reach_lint_without_credentials(
    server: RecordingServer, linted: list[dict[str, Any]]
) -> None:
    first = BAD["anthropic"][:1]
    second = [*first, {"role": "assistant", "content": "r"}, {"role": "user", "content": "q"}]
    with anthropic.Anthropic(
        api_key="sk-secret",
        base_url=server.base_url,
        max_retries=0,
        default_headers={"anthropic-beta": "thinking-binding-controls-2026-08-01"},
        http_client=anthropic.DefaultHttpxClient(trust_env=False),
    ) as client:
        guard(client)
        client.messages.create(model="claude-sonnet-4-5", max_tokens=8, messages=first)
        client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=8,
            messages=second,
            extra_headers={"x-trace": "t1"},
        )
    headers = linted[1]["headers"]
    assert headers["anthropic-version"] == server.requests[-1].header("anthropic-version")
    assert headers["anthropic-beta"] == "thinking-binding-controls-2026-08-01"
    assert headers["x-trace"] == "t1"
    assert "x-api-key" not in headers and "authorization" not in headers
    assert "sk-secret" not in json.dumps(linted, default=str)
    assert linted[1]["previous"] == server.requests[-2].body
    assert [call["model"] for call in linted] == [None, None]  # the body names it


def test_the_model_in_the_url_reaches_lint(
    server: RecordingServer, linted: list[dict[str, Any]]
) -> None:
    deliver("gemini", server.base_url, [BAD["gemini"]], prepare=guard)
    deliver("bedrock", server.base_url, [BAD["bedrock"]], prepare=guard)
    assert [(call["wire"], call["model"]) for call in linted] == [
        ("gemini", "gemini-2.5-flash"),
        ("bedrock", "anthropic.claude-sonnet-4-5-20250929-v1:0"),
    ]


def test_copies_of_a_guarded_client_are_guarded(
    server: RecordingServer, linted: list[dict[str, Any]]
) -> None:
    with openai.OpenAI(
        api_key="k",
        base_url=f"{server.base_url}/v1",
        max_retries=0,
        http_client=openai.DefaultHttpxClient(trust_env=False),
    ) as client:
        guard(client, "raise")
        before = len(server.requests)
        for copy in (client.with_options(timeout=5.0), client.copy(max_retries=1)):
            with pytest.raises(GuardError):
                copy.chat.completions.create(**OPENAI_BAD)
        assert len(server.requests) == before


def test_guarding_again_replaces_the_settings(server: RecordingServer) -> None:
    reports: list[GuardReport] = []
    with openai.OpenAI(
        api_key="k",
        base_url=f"{server.base_url}/v1",
        max_retries=0,
        http_client=openai.DefaultHttpxClient(trust_env=False),
    ) as client:
        assert guard(client, "raise") is client
        assert guard(client, "warn", on_findings=reports.append) is client
        client.chat.completions.create(**OPENAI_BAD)
    assert len(reports) == 1  # one hook, not two


def test_an_exception_from_on_findings_reaches_the_caller(
    server: RecordingServer, tmp_path: Path
) -> None:
    def block(report: GuardReport) -> None:
        raise PermissionError(report.findings.rules)

    before = len(server.requests)
    record = tmp_path / "sent.jsonl"
    (raised,) = deliver(
        "openai",
        server.base_url,
        [BAD["openai"]],
        prepare=lambda c: guard(c, on_findings=block, record=record),
    )
    assert isinstance(raised, PermissionError)
    assert len(server.requests) == before
    assert not record.exists()  # what was not sent is not recorded


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="not object"):
        guard(object())
    with pytest.raises(ValueError, match="mode must be one of warn, raise, repair"):
        guard(httpx2.Client(), "block")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown provider profile"):
        guard(httpx2.Client(), profile="nope")


# -- the httpx / httpx2 hook -------------------------------------------------------------


@pytest.mark.parametrize("library", [httpx, httpx2], ids=["httpx", "httpx2"])
@pytest.mark.parametrize("is_async", [False, True], ids=["sync", "async"])
def test_plain_http_clients_in_each_mode(
    server: RecordingServer, library: Any, is_async: bool
) -> None:
    url = f"{server.base_url}/v1/chat/completions"
    received = []
    for mode in ("warn", "repair", "raise"):
        before = len(server.requests)
        client = guard((library.AsyncClient if is_async else library.Client)(trust_env=False), mode)
        try:
            if is_async:

                async def post(client: Any = client) -> None:
                    async with client:
                        await client.post(url, json=OPENAI_BAD)

                asyncio.run(post())
            else:
                with client:
                    client.post(url, json=OPENAI_BAD)
        except GuardError as error:
            received.append((mode, error.findings.rules))
        received.append((mode, [r.body["messages"][-1]["role"] for r in server.requests[before:]]))
    assert received == [
        ("warn", ["assistant"]),
        ("repair", ["tool"]),
        ("raise", ("call-without-result",)),
        ("raise", []),
    ]


def test_a_transport_is_guarded_and_a_repaired_request_has_its_new_length(
    server: RecordingServer,
) -> None:
    transport = guard(httpx2.HTTPTransport(), "repair")
    with httpx2.Client(transport=transport, trust_env=False) as client:
        client.post(f"{server.base_url}/v1/chat/completions", json=OPENAI_BAD)
    arrived = server.requests[-1]
    assert arrived.header("content-length") == str(len(arrived.raw))
    assert arrived.body["messages"][-1]["role"] == "tool"


def test_other_requests_pass_untouched(
    server: RecordingServer, linted: list[dict[str, Any]]
) -> None:
    with guard(httpx2.Client(trust_env=False), "raise") as client:
        client.post(f"{server.base_url}/v1/embeddings", json=OPENAI_BAD)
        client.post(
            f"{server.base_url}/v1/chat/completions",
            files={"file": ("a.json", json.dumps(OPENAI_BAD).encode())},
        )
        client.post(f"{server.base_url}/v1/chat/completions", content=b"not json")
    assert linted == []
    assert server.requests[-1].raw == b"not json"


# -- fail open, logs and the record ------------------------------------------------------


def test_a_record_that_cannot_be_written_fails_open(
    server: RecordingServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="toolresult_lab.guard"):
        (raised,) = deliver(
            "openai", server.base_url, [BAD["openai"]], prepare=lambda c: guard(c, record=tmp_path)
        )
    assert raised is None
    assert server.requests[-1].body["messages"] == BAD["openai"]
    reported, line = [r.getMessage() for r in caplog.records]  # the findings, then the failure
    assert reported.startswith("openai request (gpt-4o) to /chat/completions: error ")
    assert "IsADirectoryError" in line and "failed open" in line


def test_the_log_names_rules_and_paths_never_payloads(
    server: RecordingServer, caplog: pytest.LogCaptureFixture
) -> None:
    secret = [{"role": "user", "content": "my secret text"}, *BAD["openai"][1:]]
    with caplog.at_level(logging.WARNING, logger="toolresult_lab.guard"):
        deliver("openai", server.base_url, [secret], prepare=guard)
    (line,) = [r.getMessage() for r in caplog.records]
    assert line == (
        "openai request (gpt-4o) to /chat/completions: error call-without-result at"
        " messages[1].tool_calls[0]"
    )


def test_redaction_keeps_structure_and_valid_base64() -> None:
    body = {
        "model": "claude-sonnet-4-5",
        "messages": [
            {"role": "user", "content": "secret"},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "secret"},
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/png", "data": "aGk="},
                    },
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,aGk="}},
                ],
            },
        ],
    }
    out = redacted(body)
    assert out["messages"][0] == {
        "role": "user",
        "content": "[redacted len=6 sha256=2bb80d537b1da3e3]",
    }
    blocks = out["messages"][1]["content"]
    assert blocks[0] == {"type": "text", "text": "[redacted len=6 sha256=2bb80d537b1da3e3]"}
    assert blocks[1]["source"]["data"] == "cmVkYWN0ZWQ6bGVuPTQ6c2hhMjU2PTk2ZTMxODZhZjI4MTUwNjU="
    assert blocks[2]["image_url"]["url"].startswith("data:image/png;base64,cmVkYWN0ZWQ6")
    assert out["model"] == "claude-sonnet-4-5"


def test_the_record_is_read_by_lint_log_and_the_audit_as_it_is(
    server: RecordingServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "sent.jsonl"
    for case in ("openai", "anthropic", "gemini", "bedrock"):
        deliver(case, server.base_url, [BAD[case]], prepare=lambda c: guard(c, record=record))
    deliver(
        "openai",
        server.base_url,
        [BAD["openai"]],
        prepare=lambda c: guard(c, "raise", record=record),
    )
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [(r["wire"], r["action"], r["mode"]) for r in lines] == [
        ("openai", "sent", "warn"),
        ("anthropic", "sent", "warn"),
        ("gemini", "sent", "warn"),
        ("bedrock", "sent", "warn"),
    ]  # raise sent nothing, so recorded nothing
    assert "hi" not in json.dumps([r["request"] for r in lines])
    df = lint_log(str(record))
    assert sorted(set(zip(df["wire"], df["rule"], strict=True))) == [
        ("anthropic", "call-without-result"),
        ("anthropic", "final-assistant"),
        ("bedrock", "call-without-result"),
        ("gemini", "call-without-result"),
        ("openai", "call-without-result"),
    ]
    assert lines[0]["findings"] == ["error:call-without-result@messages[1].tool_calls[0]"]
    status, out, _ = run_cli(capsys, "lint", "--log", str(record), "--format", "json")
    assert status == 1
    assert "call-without-result" in out
    repaired = tmp_path / "repaired.jsonl"
    deliver(
        "anthropic",
        server.base_url,
        [BAD["anthropic"]],
        prepare=lambda c: guard(c, "repair", record=repaired),
    )
    frame = audit(str(repaired), wires="openai", requests_of="anthropic", by="action")
    assert frame.attrs["records"] == 1 and frame.attrs["bad_records"] == 0
    assert list(frame["action"].unique()) == ["repaired"]
    assert lint("anthropic", json.loads(repaired.read_text())["request"]).rules == ()


# -- optional dependencies ---------------------------------------------------------------


def test_importing_the_guard_imports_no_http_library() -> None:
    code = (
        "import sys, toolresult_lab, toolresult_lab.guarding.instrument\n"
        "from toolresult_lab.guarding import botocore_hook, genai_hook, http_transport\n"
        "from toolresult_lab.guarding import stainless_hook\n"
        "loaded = [m for m in ('httpx', 'httpx2', 'botocore', 'boto3', 'openai', 'anthropic',"
        " 'ollama', 'google.genai') if m in sys.modules]\n"
        "assert loaded == [], loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# -- the platform clients: Azure OpenAI, Claude on Bedrock and on Vertex -----------------


def _platform_client(kind: str, base_url: str) -> Any:
    if kind == "azure":
        return openai.AzureOpenAI(
            api_key="k",
            api_version="2024-10-21",
            azure_endpoint=base_url,
            max_retries=2,
            http_client=openai.DefaultHttpxClient(trust_env=False),
        )
    if kind == "bedrock":
        return anthropic.AnthropicBedrock(
            aws_access_key="k",
            aws_secret_key="k",
            aws_region="us-east-1",
            base_url=base_url,
            max_retries=0,
            http_client=anthropic.DefaultHttpxClient(trust_env=False),
        )
    return anthropic.AnthropicVertex(
        region="us-east5",
        project_id="p",
        access_token="t",
        base_url=base_url,
        max_retries=0,
        http_client=anthropic.DefaultHttpxClient(trust_env=False),
    )


@pytest.mark.parametrize(
    ("kind", "path"),
    [
        ("azure", "/openai/deployments/gpt-4o/chat/completions"),
        ("bedrock", "/model/claude-sonnet-4-5/invoke"),
        (
            "vertex",
            "/projects/p/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5:rawPredict",
        ),
    ],
)
def test_platform_clients_are_checked_as_the_wire_they_speak(
    server: RecordingServer, linted: list[dict[str, Any]], kind: str, path: str
) -> None:
    """The hook reads the API's own path before the platform client rewrites it, so a Claude
    request to Bedrock or Vertex is the anthropic wire, repaired before it is signed."""
    wire = "openai" if kind == "azure" else "anthropic"
    before = len(server.requests)
    with guard(_platform_client(kind, server.base_url), "repair") as client:
        if kind == "azure":
            client.chat.completions.create(model="gpt-4o", messages=BAD["openai"])
        else:
            with pytest.raises(anthropic.NotFoundError):  # the recorder answers no platform path
                client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=8, messages=BAD["anthropic"]
                )
    (arrived,) = server.requests[before:]
    (call,) = linted
    assert (arrived.path, call["wire"]) == (path, wire)
    expected = repair(wire, call["body"]).request["messages"]
    assert arrived.body["messages"] == expected
    assert len(expected) == len(BAD[wire]) + 1  # the error result repair added


def test_why_the_stainless_hook_is_above_the_transport(
    server: RecordingServer, linted: list[dict[str, Any]]
) -> None:
    """The SDK's own http client can be guarded too (a subclass of httpx2's ``Client``), but
    raised from there, the verdict is at the SDK's mercy: anthropic 2.x retries it and wraps
    it as a connection error (openai 3.x passes it on). So ``guard(client)`` hooks the
    client's request method, above the retry loop: one check, ``GuardError`` as it is."""
    found = {}
    for case, send in (
        ("openai", lambda c: c.chat.completions.create(model="m", messages=BAD["openai"])),
        (
            "anthropic",
            lambda c: c.messages.create(model="m", max_tokens=8, messages=BAD["anthropic"]),
        ),
    ):
        with make_client(case, server.base_url, False) as client:  # max_retries=2
            guard(client._client, "raise")  # openai.DefaultHttpxClient: the transport level
            linted.clear()
            with pytest.raises(Exception) as raised:
                send(client)
            found[case] = (type(raised.value).__name__, type(raised.value.__cause__).__name__)
            found[case] += (len(linted),)
    assert found == {
        "openai": ("GuardError", "NoneType", 1),
        "anthropic": ("APIConnectionError", "GuardError", 3),
    }


def test_a_profile_applies_to_the_requests_of_its_wire(
    server: RecordingServer, linted: list[dict[str, Any]]
) -> None:
    def both(client: Any) -> None:
        guard(client, profile="mistral")

    deliver("openai", server.base_url, [BAD["openai"]], prepare=both)
    deliver("responses", server.base_url, [BAD["responses"]], prepare=both)
    assert [(call["wire"], call["profile"]) for call in linted] == [
        ("openai", "mistral"),
        ("responses", None),
    ]


@pytest.mark.parametrize(
    ("case", "module", "name"),
    [
        ("openai", "stainless_hook", "lint_headers"),
        ("anthropic", "stainless_hook", "lint_headers"),
        ("gemini", "genai_hook", "lint_headers"),
        ("ollama", "http_transport", "lint_headers"),
        ("bedrock", "botocore_hook", "_as_json"),
    ],
)
def test_a_hook_failing_before_the_check_fails_open(
    server: RecordingServer,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    case: str,
    module: str,
    name: str,
) -> None:
    from importlib import import_module

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("injected")

    before = len(server.requests)
    deliver(case, server.base_url, [BAD[case]])
    (unguarded,) = [r.body for r in server.requests[before:]]
    monkeypatch.setattr(import_module(f"toolresult_lab.guarding.{module}"), name, broken)
    with caplog.at_level(logging.WARNING, logger="toolresult_lab.guard"):
        raised = deliver(case, server.base_url, [BAD[case]], prepare=lambda c: guard(c, "raise"))
    assert raised == [None]
    assert server.requests[-1].body == unguarded
    (line,) = [r.getMessage() for r in caplog.records]
    assert "failed open" in line and "KeyError in broken" in line


def test_the_guard_modules_examples_run() -> None:
    import doctest
    from importlib import import_module

    for name in ("conversations", "record_log", "wire_paths", "instrument"):
        module = import_module(f"toolresult_lab.guarding.{name}")
        failures, tried = doctest.testmod(module)
        assert (failures, tried > 0) == (0, True), name
