"""hermes: ``<tool_response>`` text around a JSON object, for Hermes-style templates.

Every ``</`` in the JSON is written ``<\\/`` (the same JSON value), so text from a
tool cannot close the block early (SPEC section 6).
"""

from __future__ import annotations

from typing import Any

from ..encoding import json_string
from ..facts import WireFacts
from ..options import Options
from ._base import Source, Step
from .openai import string_form


def convert(source: Source, facts: WireFacts, options: Options) -> tuple[Any, list[Step]]:
    content, steps = string_form(source, facts, options)
    # json_encode({"content": ..., "name": ...}) with its keys already in sorted order
    body = f'{{"content":{json_string(content)},"name":{json_string(source.name)}}}'
    body = body.replace("</", "<\\/")
    tag = options.response_tag
    return f"<{tag}>\n{body}\n</{tag}>", steps
