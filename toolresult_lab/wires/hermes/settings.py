"""The settings of a hermes request (SPEC 9): an OpenAI-compatible chat body (the
tools are rendered into the prompt by the server's template), read and written as OpenAI's."""

from __future__ import annotations

from typing import Final

from .._chat_settings import ChatSettings

__all__ = ["SETTINGS"]

SETTINGS: Final = ChatSettings("hermes", effort=False)
