"""The bedrock wire: an Amazon Bedrock Converse ``toolResult`` content block (SPEC 10).

The wire's code lives in this package; :data:`WIRE` is what the registry reads.
"""

from __future__ import annotations

from typing import Final

from .._protocol import WireModule
from .boto3_bytes import for_boto3
from .checks import CHECKS
from .convert import ERROR_NOTE, FACTS, IMAGE_FORMATS, BedrockConverter
from .data import CLIENT, PATHS, TOKENS
from .documents import MAX_DOCUMENTS, DocumentNames, unique_documents, unique_name
from .edits import EDITS
from .limits import LIMITS
from .read import (
    TOOL_USE_FIELDS,
    TOOL_USE_TYPES,
    one_member,
    read_block,
    read_call,
    read_content,
    read_request,
)
from .reading import READING
from .request import REQUEST, BedrockRequest
from .settings import SETTINGS, TOOL_DEFS
from .turn import TURN, BedrockTurn

__all__ = [
    "ERROR_NOTE",
    "FACTS",
    "IMAGE_FORMATS",
    "MAX_DOCUMENTS",
    "REQUEST",
    "TOOL_USE_FIELDS",
    "TOOL_USE_TYPES",
    "TURN",
    "WIRE",
    "BedrockConverter",
    "BedrockRequest",
    "BedrockTurn",
    "DocumentNames",
    "for_boto3",
    "one_member",
    "read_block",
    "read_call",
    "read_content",
    "read_request",
    "unique_documents",
    "unique_name",
]

WIRE: Final = WireModule(
    facts=FACTS,
    converter=BedrockConverter,
    turn=TURN,
    read_block=read_block,
    read_request=read_request,
    request=REQUEST,
    tokens=TOKENS,
    edits=EDITS,
    settings=SETTINGS,
    reading=READING,
    tool_defs=TOOL_DEFS,
    checks=CHECKS,
    client=CLIENT,
    paths=PATHS,
    limits=LIMITS,
)
