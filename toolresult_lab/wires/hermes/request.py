"""The hermes wire's request around its turns (SPEC 9 "Writing")."""

from __future__ import annotations

from typing import Any, Final, cast

from .._read import (
    ContentPart,
)
from .._write import RequestShape, TextOnlyShape
from .shapes import HermesBody, HermesMessage


class HermesRequest(TextOnlyShape):
    """Text only: user and assistant ``content`` strings (the assistant's text before its
    ``<tool_call>`` blocks); system as the first message."""

    def user(self, parts: list[ContentPart]) -> tuple[list[HermesMessage], list[ContentPart]]:
        text, lost = self.joined(parts)
        return [{"role": "user", "content": text}], lost

    def assistant(
        self, parts: list[ContentPart], echo: list[Any]
    ) -> tuple[list[HermesMessage], list[ContentPart]]:
        text, lost = self.joined(parts)
        if not echo:
            return [{"role": "assistant", "content": text}], lost
        first = cast(HermesMessage, dict(echo[0]))  # the echo is TURN.echo's
        if text:
            first["content"] = text + "\n" + first["content"]
        return [first, *echo[1:]], lost

    def body(self, system: str | None, messages: list[Any]) -> dict[str, Any]:
        typed: list[HermesMessage] = messages
        if system is not None:
            typed = [{"role": "system", "content": system}, *messages]
        body: HermesBody = {"messages": typed}
        return cast(dict[str, Any], body)  # JSON from here: settings and lint edit it


REQUEST: Final[RequestShape] = HermesRequest("hermes")
