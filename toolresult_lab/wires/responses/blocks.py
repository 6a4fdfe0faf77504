"""The responses wire's tool-result block as TypedDicts: the types ``to("responses")`` returns
(``toolresult_lab.conversion.block_types`` re-exports them); plain dicts at run time."""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = [
    "ResponsesFunctionCallOutput",
    "ResponsesInputFile",
    "ResponsesInputImage",
    "ResponsesInputText",
]


class ResponsesInputText(TypedDict):
    type: Literal["input_text"]
    text: str


class ResponsesInputImage(TypedDict):
    type: Literal["input_image"]
    image_url: str


class ResponsesInputFile(TypedDict):
    type: Literal["input_file"]
    filename: str
    file_data: str


class ResponsesFunctionCallOutput(TypedDict):
    """responses: a ``function_call_output`` input item (no ``role``)."""

    type: Literal["function_call_output"]
    call_id: str
    output: str | list[ResponsesInputText | ResponsesInputImage | ResponsesInputFile]
