"""The openai wire's settings: the Chat Completions shape (``wires/_chat_settings.py``)."""

from __future__ import annotations

from typing import Final

from .._chat_settings import ChatSettings

__all__ = ["SETTINGS"]

SETTINGS: Final = ChatSettings("openai")
