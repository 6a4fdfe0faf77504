"""The official clients the guard tests drive, each pointed at a loopback recording server.

One :class:`ClientCase` per client and API: how to make the client (sync or async; retries
on where the client retries, so a retried or wrapped ``GuardError`` would show), and how to
send a conversation through it (streaming or not). ``BAD`` holds, per wire, a conversation
``lint`` finds an error in (a tool call without its result) and ``repair`` fixes.

The recorder answers no Gemini or Bedrock stream (its canned replies are not SSE / event
streams): those clients raise a 404 error after the request was recorded, which the
senders suppress; the recorded request is what the tests compare.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import anthropic
import boto3
import ollama
import openai
from botocore.config import Config
from botocore.exceptions import ClientError as BotoClientError
from google import genai
from google.genai import errors as genai_errors
from google.genai import types as gtypes

TIMEOUT = 10.0
USER = {"role": "user", "content": "hi"}

#: Per client case: the conversation (as the client takes it) with a call left without result.
BAD: dict[str, list[Any]] = {
    "openai": [
        USER,
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ],
        },
    ],
    "responses": [
        USER,
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
    ],
    "anthropic": [
        USER,
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
        },
    ],
    "gemini": [
        {"role": "user", "parts": [{"text": "hi"}]},
        {
            "role": "model",
            "parts": [{"function_call": {"name": "f", "args": {}}, "thought_signature": b"sig"}],
        },
    ],
    "ollama": [
        USER,
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"function": {"name": "f", "arguments": {}}}],
        },
    ],
    "bedrock": [
        {"role": "user", "content": [{"text": "hi"}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "c1", "name": "f", "input": {}}}],
        },
    ],
}

#: A clean conversation per case, and a reply and next question to grow it by.
HELLO: dict[str, list[Any]] = {
    "openai": [USER],
    "responses": [USER],
    "anthropic": [USER],
    "gemini": [{"role": "user", "parts": [{"text": "hi"}]}],
    "ollama": [USER],
    "bedrock": [{"role": "user", "content": [{"text": "hi"}]}],
}


def turn(case: str, reply: str, question: str) -> list[Any]:
    """An assistant reply and a user question in the case's shape."""
    if case == "gemini":
        return [
            {"role": "model", "parts": [{"text": reply}]},
            {"role": "user", "parts": [{"text": question}]},
        ]
    if case == "bedrock":
        return [
            {"role": "assistant", "content": [{"text": reply}]},
            {"role": "user", "content": [{"text": question}]},
        ]
    return [{"role": "assistant", "content": reply}, {"role": "user", "content": question}]


_BEDROCK_TOOLS = {
    "tools": [{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}]
}


@dataclass(frozen=True)
class ClientCase:
    """One official client and API: ``wire`` is the wire its requests speak."""

    name: str
    wire: str
    has_async: bool

    def __str__(self) -> str:
        return self.name


CASES = (
    ClientCase("openai", "openai", True),
    ClientCase("responses", "responses", True),
    ClientCase("anthropic", "anthropic", True),
    ClientCase("gemini", "gemini", True),
    ClientCase("ollama", "ollama", True),
    ClientCase("bedrock", "bedrock", False),  # botocore has no async client
)
BY_NAME = {case.name: case for case in CASES}


@contextlib.contextmanager
def make_client(case: str, base_url: str, is_async: bool) -> Iterator[Any]:
    """The client of ``case`` pointed at ``base_url`` (closed on exit)."""
    if case in ("openai", "responses"):
        if is_async:
            client: Any = openai.AsyncOpenAI(
                api_key="k",
                base_url=f"{base_url}/v1",
                max_retries=2,
                timeout=TIMEOUT,
                http_client=openai.DefaultAsyncHttpxClient(trust_env=False),
            )
        else:
            client = openai.OpenAI(
                api_key="k",
                base_url=f"{base_url}/v1",
                max_retries=2,
                timeout=TIMEOUT,
                http_client=openai.DefaultHttpxClient(trust_env=False),
            )
        yield client
    elif case == "anthropic":
        if is_async:
            client = anthropic.AsyncAnthropic(
                api_key="k",
                base_url=base_url,
                max_retries=2,
                timeout=TIMEOUT,
                http_client=anthropic.DefaultAsyncHttpxClient(trust_env=False),
            )
        else:
            client = anthropic.Anthropic(
                api_key="k",
                base_url=base_url,
                max_retries=2,
                timeout=TIMEOUT,
                http_client=anthropic.DefaultHttpxClient(trust_env=False),
            )
        yield client
    elif case == "gemini":
        no_env = {"trust_env": False}
        options = gtypes.HttpOptions(
            base_url=base_url,
            api_version="v1beta",
            timeout=int(TIMEOUT * 1000),
            retry_options=gtypes.HttpRetryOptions(attempts=3),
            client_args=no_env,
            async_client_args=no_env,
        )
        yield genai.Client(api_key="k", vertexai=False, http_options=options)
    elif case == "ollama":
        made = ollama.AsyncClient if is_async else ollama.Client
        yield made(host=base_url, timeout=TIMEOUT, trust_env=False)
    elif case == "bedrock":
        config = Config(
            retries={"max_attempts": 3, "mode": "standard"},
            connect_timeout=TIMEOUT,
            read_timeout=TIMEOUT,
            proxies={"http": "", "https": ""},
        )
        client = boto3.client(
            "bedrock-runtime",
            endpoint_url=base_url,
            region_name="us-east-1",
            aws_access_key_id="k",
            aws_secret_access_key="k",
            config=config,
        )
        try:
            yield client
        finally:
            client.close()
    else:  # pragma: no cover
        raise ValueError(case)


def send(case: str, client: Any, messages: list[Any], stream: bool) -> None:
    """Send ``messages`` through a sync client of ``case`` (a stream is read to its end)."""
    if case == "openai":
        done = client.chat.completions.create(model="gpt-4o", messages=messages, stream=stream)
        if stream:
            list(done)
    elif case == "responses":
        done = client.responses.create(model="gpt-4o", input=messages, stream=stream)
        if stream:
            list(done)
    elif case == "anthropic":
        done = client.messages.create(
            model="claude-sonnet-4-5", max_tokens=16, messages=messages, stream=stream
        )
        if stream:
            list(done)
    elif case == "gemini":
        if stream:
            with contextlib.suppress(genai_errors.ClientError):
                list(
                    client.models.generate_content_stream(
                        model="gemini-2.5-flash", contents=messages
                    )
                )
        else:
            client.models.generate_content(model="gemini-2.5-flash", contents=messages)
    elif case == "ollama":
        done = client.chat(model="llama-x", messages=messages, stream=stream)
        if stream:
            list(done)
    elif case == "bedrock":
        if stream:
            with contextlib.suppress(BotoClientError):
                got = client.converse_stream(
                    modelId="anthropic.claude-sonnet-4-5-20250929-v1:0",
                    messages=messages,
                    toolConfig=_BEDROCK_TOOLS,
                )
                list(got["stream"])
        else:
            client.converse(
                modelId="anthropic.claude-sonnet-4-5-20250929-v1:0",
                messages=messages,
                toolConfig=_BEDROCK_TOOLS,
            )


async def send_async(case: str, client: Any, messages: list[Any], stream: bool) -> None:
    """Send ``messages`` through an async client of ``case``."""
    if case == "openai":
        done = await client.chat.completions.create(
            model="gpt-4o", messages=messages, stream=stream
        )
        if stream:
            [_ async for _ in done]
    elif case == "responses":
        done = await client.responses.create(model="gpt-4o", input=messages, stream=stream)
        if stream:
            [_ async for _ in done]
    elif case == "anthropic":
        done = await client.messages.create(
            model="claude-sonnet-4-5", max_tokens=16, messages=messages, stream=stream
        )
        if stream:
            [_ async for _ in done]
    elif case == "gemini":
        if stream:
            with contextlib.suppress(genai_errors.ClientError):
                got = await client.aio.models.generate_content_stream(
                    model="gemini-2.5-flash", contents=messages
                )
                [_ async for _ in got]
        else:
            await client.aio.models.generate_content(model="gemini-2.5-flash", contents=messages)
    elif case == "ollama":
        done = await client.chat(model="llama-x", messages=messages, stream=stream)
        if stream:
            [_ async for _ in done]
    else:  # pragma: no cover
        raise ValueError(case)


Sender = Callable[[list[Any]], None]


def _close(case: str, client: Any) -> None:
    if case == "gemini":
        client.close()
    elif case == "ollama":
        client._client.close()
    elif case != "bedrock":
        client.close()


async def _aclose(case: str, client: Any) -> None:
    if case == "gemini":
        await client.aio.aclose()
        client.close()
    elif case == "ollama":
        await client._client.aclose()
    else:
        await client.close()


def deliver(
    case: str,
    base_url: str,
    conversations: list[list[Any]],
    *,
    is_async: bool = False,
    stream: bool = False,
    prepare: Callable[[Any], object] | None = None,
) -> list[BaseException | None]:
    """Send each conversation in turn through one client of ``case`` that ``prepare`` (e.g.
    ``guard``) was applied to; what each send raised (``None``: nothing)."""
    import asyncio

    raised: list[BaseException | None] = []
    with make_client(case, base_url, is_async) as client:
        if prepare is not None:
            prepare(client)
        if not is_async:
            try:
                for messages in conversations:
                    try:
                        send(case, client, messages, stream)
                        raised.append(None)
                    except Exception as error:
                        raised.append(error)
            finally:
                _close(case, client)
            return raised

        async def run() -> None:
            try:
                for messages in conversations:
                    try:
                        await send_async(case, client, messages, stream)
                        raised.append(None)
                    except Exception as error:
                        raised.append(error)
            finally:
                await _aclose(case, client)

        asyncio.run(run())
    return raised
