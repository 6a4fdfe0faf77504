"""hermes: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

Every ``</`` in the JSON is written ``<\\/`` (the same JSON value), so text from a
tool cannot close the block early (SPEC section 6).
"""

from __future__ import annotations

from typing import Any

from ..encoding import json_encode
from ..facts import WireFacts
from ..options import Options
from ._base import Source, Step
from .openai import string_form


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    content, steps = string_form(source, facts, options)
    body = json_encode({"content": content, "name": source.name}).replace("</", "<\\/")
    tag = options.response_tag
    return f"<{tag}>\n{body}\n</{tag}>", steps
