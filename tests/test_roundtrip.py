"""The round-trip machinery: every hand-built SPEC 7 turn through every official client.

For each wire and each case of ``turn_fixtures``, ``[user message] + turn`` is sent through the
wire's official client to a local recording server; the client must not raise and the recorded
messages must equal the turn with exactly the client's catalogued alterations applied. Each
alteration is asserted by name with literal values, and each is shown to be necessary (without
it some case no longer matches). The clients are imported at the top: they are in the test
extra, so a missing one fails this module instead of skipping it.
"""

from __future__ import annotations

import copy
import http.client
import json
import socket
import threading
from typing import Any

import anthropic.types
import httpx
import httpx2
import ollama
import openai.types.chat
import openai.types.responses
import pytest
from google.genai import types as gtypes
from turn_fixtures import CASES, JPEG, PNG, THOUGHT_SIGNATURE, TurnCase, cases_for

from toolresult_lab.views.probes import SAMPLE_PDF
from toolresult_lab.views.roundtrip import (
    ALTERATIONS,
    ENDPOINTS,
    LOOPBACK,
    MODELS,
    ROUNDTRIP_WIRES,
    Alteration,
    Recorded,
    RecordingServer,
    applied_alterations,
    expected_sent,
    send,
    sent_messages,
    user_message,
)

# --------------------------------------------------------------------------------------------
# Shared server and recordings
# --------------------------------------------------------------------------------------------


class Recordings:
    """One server for the module; each case is sent once, on first use, and its request kept."""

    def __init__(self, server: RecordingServer) -> None:
        self.server = server
        self.sent = 0
        self.by_case: dict[str, Recorded] = {}

    def get(self, case: TurnCase) -> Recorded:
        if case.id not in self.by_case:
            self.by_case[case.id] = send(case.wire, case.messages, self.server)
            self.sent += 1
        return self.by_case[case.id]


@pytest.fixture(scope="module")
def recordings() -> Any:
    with RecordingServer() as server:
        yield Recordings(server)


def full(case: TurnCase) -> list[Any]:
    """What ``send`` gives the client: the user message, then the turn."""
    return [user_message(case.wire), *case.messages]


def case(case_id: str) -> TurnCase:
    (found,) = [c for c in CASES if c.id == case_id]
    return found


def post(port: int, path: str, body: bytes) -> tuple[int, Any]:
    """A plain HTTP POST to 127.0.0.1 (http.client: no proxy is ever consulted)."""
    conn = http.client.HTTPConnection(LOOPBACK, port, timeout=5)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


# --------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------


def test_server_binds_loopback_on_a_free_port_and_stops() -> None:
    server = RecordingServer()
    assert not server.running
    with server:
        assert server.running
        port = server.port
        assert port > 0
        assert server.base_url == f"http://127.0.0.1:{port}"
        assert server._server is not None
        assert server._server.socket.getsockname() == ("127.0.0.1", port)
        with socket.create_connection((LOOPBACK, port), timeout=5):
            pass
        assert [t.name for t in threading.enumerate()].count("RecordingServer") == 1
    assert not server.running
    assert "RecordingServer" not in [t.name for t in threading.enumerate()]
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((LOOPBACK, port), timeout=5)
    assert server.requests == ()
    with pytest.raises(RuntimeError, match="runs once"), server:
        pass


def test_two_servers_get_different_free_ports() -> None:
    with RecordingServer() as a, RecordingServer() as b:
        assert a.port != b.port


@pytest.mark.parametrize("host", ["0.0.0.0", "localhost", "::1", "127.0.0.2", "", "192.168.0.1"])
def test_server_refuses_any_other_address(host: str) -> None:
    with pytest.raises(ValueError, match=r"binds only 127\.0\.0\.1"):
        RecordingServer(host)


def test_server_records_method_path_query_headers_and_body() -> None:
    with RecordingServer() as server:
        conn = http.client.HTTPConnection(LOOPBACK, server.port, timeout=5)
        conn.request(
            "POST",
            "/v1beta/models/gemini-x%2Fy:generateContent?key=k&alt=json",
            body=b'{"contents": []}',
            headers={"X-Probe": "1", "Content-Type": "application/json"},
        )
        assert conn.getresponse().status == 200
        conn.close()
        status, answer = post(server.port, "/unknown", b"not json")
        (first, second) = server.requests
    assert (status, answer) == (404, {"error": {"message": "no canned response for /unknown"}})
    assert first.method == "POST"
    assert first.path == "/v1beta/models/gemini-x%2Fy:generateContent"
    assert first.query == (("key", "k"), ("alt", "json"))
    assert first.header("x-probe") == first.header("X-PROBE") == "1"
    assert first.header("host") == f"127.0.0.1:{server.port}"
    assert first.header("absent") is None
    assert first.body == {"contents": []}
    assert first.raw == b'{"contents": []}'
    assert first.model == "gemini-x/y"
    assert (second.path, second.body, second.raw, second.model) == (
        "/unknown",
        None,
        b"not json",
        None,
    )


def test_recorded_is_frozen() -> None:
    recorded = Recorded("POST", "/api/chat", (), (), {"model": "m"}, b"")
    assert recorded.model == "m"
    with pytest.raises(AttributeError):
        recorded.path = "/x"  # type: ignore[misc]


def test_canned_responses_are_valid_for_each_sdk() -> None:
    """Each answer validates with the SDK's own response model (strict about required fields)."""
    body = json.dumps({"model": "m-1"}).encode()
    with RecordingServer() as server:
        port = server.port
        chat = openai.types.chat.ChatCompletion.model_validate(
            post(port, "/v1/chat/completions", body)[1]
        )
        response = openai.types.responses.Response.model_validate(
            post(port, "/v1/responses", body)[1]
        )
        message = anthropic.types.Message.model_validate(post(port, "/v1/messages", body)[1])
        gemini = gtypes.GenerateContentResponse.model_validate(
            post(port, "/v1beta/models/g-1:generateContent", b"{}")[1]
        )
        ollama_chat = ollama.ChatResponse.model_validate(post(port, "/api/chat", body)[1])
    assert (chat.model, chat.choices[0].message.content) == ("m-1", "ok")
    assert (response.model, response.output_text) == ("m-1", "ok")
    assert (message.model, message.content[0].type, message.stop_reason) == (
        "m-1",
        "text",
        "end_turn",
    )
    assert (gemini.model_version, gemini.text) == ("g-1", "ok")
    assert (ollama_chat.model, ollama_chat.message.content, ollama_chat.done) == ("m-1", "ok", True)


# --------------------------------------------------------------------------------------------
# Every case through every client
# --------------------------------------------------------------------------------------------


def test_every_wire_has_cases() -> None:
    assert sorted({c.wire for c in CASES}) == sorted(ROUNDTRIP_WIRES)
    assert len({c.id for c in CASES}) == len(CASES)
    common = {"text", "image", "pdf", "error", "structured", "audio", "resource_link"}
    for wire in ROUNDTRIP_WIRES:
        assert common | {"three_calls"} <= {c.name for c in cases_for(wire)}


@pytest.mark.parametrize("turn", CASES, ids=lambda c: c.id)
def test_client_sends_the_turn_with_only_its_catalogued_alterations(
    turn: TurnCase, recordings: Recordings
) -> None:
    recorded = recordings.get(turn)
    wire = turn.wire
    assert recorded.method == "POST"
    assert recorded.path == ENDPOINTS[wire].format(model=MODELS[wire])
    assert recorded.model == MODELS[wire]
    assert recorded.header("host") == f"127.0.0.1:{recordings.server.port}"
    assert sent_messages(wire, recorded) == expected_sent(wire, full(turn))


@pytest.mark.parametrize("wire", ROUNDTRIP_WIRES)
def test_only_the_requests_sent_arrived(wire: str, recordings: Recordings) -> None:
    """Every recorded request came from a send(), to this server's 127.0.0.1 address."""
    for turn in cases_for(wire):
        recordings.get(turn)
    requests = recordings.server.requests
    assert len(requests) == recordings.sent
    assert {r.header("host") for r in requests} == {f"127.0.0.1:{recordings.server.port}"}


def test_body_holds_nothing_but_model_and_messages_and_the_call_arguments(
    recordings: Recordings,
) -> None:
    """The other body keys, per wire: what the call passed, plus the clients' own additions."""
    others = {}
    for wire in ROUNDTRIP_WIRES:
        body = recordings.get(cases_for(wire)[0]).body
        others[wire] = {k: v for k, v in body.items() if k not in ("messages", "input", "contents")}
    assert others == {
        "openai": {"model": "gpt-roundtrip"},
        "responses": {"model": "gpt-roundtrip"},
        "anthropic": {"model": "claude-roundtrip", "max_tokens": 64},
        "gemini": {},
        "ollama": {"model": "llama-roundtrip", "stream": False, "tools": []},
        "hermes": {"model": "hermes-roundtrip"},
        "bedrock": {},  # boto3 puts the model in the path: /model/{modelId}/converse
    }


# --------------------------------------------------------------------------------------------
# The alterations, by name
# --------------------------------------------------------------------------------------------

#: Which alterations change each case (all other cases: none).
OBSERVED = {
    "gemini-image": ("snake_case_response_parts",),
    "gemini-pdf": ("snake_case_response_parts", "urlsafe_base64_bytes"),
    "gemini-image_jpeg": ("snake_case_response_parts", "urlsafe_base64_bytes"),
    "gemini-thought_signature": ("urlsafe_base64_bytes",),
    "ollama-echo_without_id": ("drop_empty_fields",),
    **{
        c.id: ("drop_empty_fields", "drop_tool_call_id", "drop_tool_call_ids")
        for c in cases_for("ollama")
        if c.name != "echo_without_id"
    },
}


def test_catalogue() -> None:
    assert {w: tuple(a.name for a in alts) for w, alts in ALTERATIONS.items()} == {
        "openai": (),
        "responses": (),
        "anthropic": (),
        "hermes": (),
        "gemini": ("snake_case_response_parts", "urlsafe_base64_bytes"),
        "ollama": ("drop_empty_fields", "drop_tool_call_id", "drop_tool_call_ids"),
        "bedrock": (),
    }
    for wire, alterations in ALTERATIONS.items():
        for alteration in alterations:
            assert alteration.wire == wire
            assert alteration.description and "\n" not in alteration.description


@pytest.mark.parametrize("turn", CASES, ids=lambda c: c.id)
def test_which_alterations_change_each_case(turn: TurnCase) -> None:
    assert applied_alterations(turn.wire, full(turn)) == OBSERVED.get(turn.id, ())


@pytest.mark.parametrize(
    ("wire", "alteration"),
    [(w, a) for w, alts in ALTERATIONS.items() for a in alts],
    ids=lambda v: v.name if isinstance(v, Alteration) else v,
)
def test_every_alteration_is_necessary(
    wire: str, alteration: Alteration, recordings: Recordings
) -> None:
    """Without this one alteration, some case's recorded messages no longer match."""
    rest = tuple(a for a in ALTERATIONS[wire] if a is not alteration)
    failing = [
        turn.name
        for turn in cases_for(wire)
        if sent_messages(wire, recordings.get(turn)) != expected_sent(wire, full(turn), rest)
    ]
    assert failing
    assert failing == [
        turn.name for turn in cases_for(wire) if alteration.name in OBSERVED.get(turn.id, ())
    ]


@pytest.mark.parametrize("turn", CASES, ids=lambda c: c.id)
def test_alterations_are_pure(turn: TurnCase) -> None:
    given = full(turn)
    kept = copy.deepcopy(given)
    for alteration in ALTERATIONS[turn.wire]:
        result = alteration.apply(given)
        assert result is not given
        assert given == kept
    assert expected_sent(turn.wire, given) is not given
    assert given == kept


def test_ollama_drop_empty_fields(recordings: Recordings) -> None:
    turn = case("ollama-empty")
    sent = sent_messages("ollama", recordings.get(turn))
    assert turn.messages[0]["content"] == ""
    assert turn.messages[1] == {
        "role": "tool",
        "tool_name": "get_weather",
        "tool_call_id": "call_weather",
        "content": "",
    }
    assert sent[1] == {
        "role": "assistant",
        "tool_calls": [
            {"function": {"name": "get_weather", "arguments": {"city": "Köln", "unit": "C"}}}
        ],
    }
    assert sent[2] == {"role": "tool", "tool_name": "get_weather"}


def test_ollama_drop_tool_call_id_and_tool_call_ids(recordings: Recordings) -> None:
    turn = case("ollama-three_calls")
    assert [c["id"] for c in turn.messages[0]["tool_calls"]] == [
        "call_weather",
        "call_time",
        "call_news",
    ]
    assert [m["tool_call_id"] for m in turn.messages[1:]] == [
        "call_weather",
        "call_time",
        "call_news",
    ]
    sent = sent_messages("ollama", recordings.get(turn))
    assert [c for c in sent[1]["tool_calls"]] == [
        {"function": {"name": "get_weather", "arguments": {"city": "Köln", "unit": "C"}}},
        {"function": {"name": "get_time", "arguments": {"tz": "Europe/Berlin"}}},
        {
            "function": {
                "name": "get_news",
                "arguments": {"topic": "</tool_call> & ünïcode", "limit": 3},
            }
        },
    ]
    assert sent[2:] == [
        {"role": "tool", "tool_name": "get_weather", "content": "Sunny"},
        {"role": "tool", "tool_name": "get_time", "content": "10:00"},
        {"role": "tool", "tool_name": "get_news", "content": "Quiet day </tool_response>"},
    ]


def test_ollama_keeps_the_hoisted_images(recordings: Recordings) -> None:
    sent = sent_messages("ollama", recordings.get(case("ollama-hoisted")))
    assert sent[-1]["images"] == [PNG, JPEG]
    assert sent[-1]["role"] == "user"


def test_gemini_snake_case_response_parts(recordings: Recordings) -> None:
    turn = case("gemini-image")
    assert turn.messages[1]["parts"][0]["functionResponse"]["parts"] == [
        {"inlineData": {"mimeType": "image/png", "data": PNG}}
    ]
    sent = sent_messages("gemini", recordings.get(turn))
    response = sent[2]["parts"][0]["functionResponse"]
    assert response == {
        "name": "get_weather",
        "id": "call_weather",
        "response": {"result": "Radar:"},
        "parts": [{"inline_data": {"mime_type": "image/png", "data": PNG}}],
    }
    assert "+" not in PNG and "/" not in PNG  # so only the spelling changes here


def test_gemini_urlsafe_base64_bytes(recordings: Recordings) -> None:
    turn = case("gemini-thought_signature")
    assert turn.messages[0]["parts"][0]["thoughtSignature"] == THOUGHT_SIGNATURE
    sent = sent_messages("gemini", recordings.get(turn))
    assert sent[1] == {
        "role": "model",
        "parts": [
            {
                "functionCall": {
                    "name": "get_weather",
                    "args": {"city": "Köln", "unit": "C"},
                    "id": "call_weather",
                },
                "thoughtSignature": "Cv8B-_7xQUJDQUJDQUJDQUJD_-8=",
            },
            {"functionCall": {"name": "get_time", "args": {"tz": "Europe/Berlin"}}},
        ],
    }
    pdf = sent_messages("gemini", recordings.get(case("gemini-pdf")))[2]
    data = pdf["parts"][0]["functionResponse"]["parts"][0]["inline_data"]["data"]
    assert "+" in SAMPLE_PDF or "/" in SAMPLE_PDF
    assert data == SAMPLE_PDF.replace("+", "-").replace("/", "_")


def test_unaltered_wires_send_every_case_as_given(recordings: Recordings) -> None:
    for wire in ("openai", "responses", "anthropic", "hermes"):
        for turn in cases_for(wire):
            assert sent_messages(wire, recordings.get(turn)) == full(turn)


def test_hermes_echo_keeps_its_escaping(recordings: Recordings) -> None:
    sent = sent_messages("hermes", recordings.get(case("hermes-escaping")))
    assert sent[1] == {
        "role": "assistant",
        "content": '<tool_call>\n{"name":"run_sql","arguments":'
        '{"q":"SELECT \'<\\/tool_call>\'","note":"a<\\/b>c"}}\n</tool_call>',
    }
    assert sent[2]["content"].startswith("<tool_response>\n")
    assert "<\\/tool_response> injected" in sent[2]["content"]


# --------------------------------------------------------------------------------------------
# No other address
# --------------------------------------------------------------------------------------------

PROXY_VARIABLES = (
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
)


def test_proxy_settings_in_the_environment_are_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every proxy variable pointing at a second local server, nothing reaches it."""
    with RecordingServer() as server, RecordingServer() as proxy:
        for name in PROXY_VARIABLES:
            monkeypatch.setenv(name, proxy.base_url)
        for name in ("NO_PROXY", "no_proxy"):
            monkeypatch.delenv(name, raising=False)
        # Control: a client that trusts the environment does go through the proxy.
        for module in (httpx, httpx2):
            with module.Client() as plain:
                plain.post(f"{server.base_url}/api/chat", json={"model": "m"})
        assert len(proxy.requests) == 2
        assert server.requests == ()
        for wire in ROUNDTRIP_WIRES:
            send(wire, cases_for(wire)[0].messages, server)
        assert len(proxy.requests) == 2
        assert len(server.requests) == len(ROUNDTRIP_WIRES)


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------


def test_unknown_wire() -> None:
    with RecordingServer() as server, pytest.raises(ValueError, match="unknown wire 'vertex'"):
        send("vertex", [], server)
    for function in (
        user_message,
        lambda w: expected_sent(w, []),
        lambda w: applied_alterations(w, []),
    ):
        known = "known: openai, anthropic, gemini, ollama, responses, hermes, bedrock$"
        with pytest.raises(ValueError, match=known):  # the registry's order
            function("vertex")


def test_send_needs_a_running_server() -> None:
    server = RecordingServer()
    with pytest.raises(RuntimeError, match="not running"):
        send("openai", [], server)


def test_sent_messages_needs_the_wire_key() -> None:
    recorded = Recorded("POST", "/api/chat", (), (), {"model": "m"}, b"")
    with pytest.raises(ValueError, match="no 'messages' list"):
        sent_messages("ollama", recorded)
    assert sent_messages("responses", Recorded("POST", "/", (), (), {"input": [1]}, b"")) == [1]


def test_user_messages() -> None:
    assert {w: user_message(w) for w in ROUNDTRIP_WIRES} == {
        "openai": {"role": "user", "content": "What is the weather in Köln?"},
        "responses": {"role": "user", "content": "What is the weather in Köln?"},
        "anthropic": {"role": "user", "content": "What is the weather in Köln?"},
        "gemini": {"role": "user", "parts": [{"text": "What is the weather in Köln?"}]},
        "ollama": {"role": "user", "content": "What is the weather in Köln?"},
        "hermes": {"role": "user", "content": "What is the weather in Köln?"},
        "bedrock": {"role": "user", "content": [{"text": "What is the weather in Köln?"}]},
    }


def test_docstring_examples_run() -> None:
    import doctest

    import toolresult_lab.views.roundtrip

    failures, tried = doctest.testmod(toolresult_lab.views.roundtrip)
    assert (failures, tried) == (0, 5)
