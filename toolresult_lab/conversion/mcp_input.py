"""Reading results of the official MCP Python SDK without importing it (compiled with mypyc).

``mcp.types.CallToolResult`` spells its fields ``isError`` / ``structuredContent`` as
attributes in SDK 1.x and ``is_error`` / ``structured_content`` (with camelCase aliases)
in 2.x. A result is read as pydantic's JSON dump of it (``model_dump(by_alias=True,
mode="json", exclude_none=True)``) would read, in the same pass that makes the result's
strict-JSON copy (:func:`~toolresult_lab.conversion.encoding.strict_copy`), without building that
dump: a model whose dump is its fields (every MCP type of both generations) is read from
its ``__dict__`` and ``__pydantic_extra__``, by the aliases of its fields, ``None`` fields
left out; a model with serialization of its own (serializers, computed or excluded fields,
``ser_json_*`` settings) is dumped by pydantic; other values pydantic serializes by type
(URLs, dates, enums) go through ``pydantic_core.to_jsonable_python``.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any, Final

from .encoding import (
    CONTENT,
    STRUCTURED,
    UNSUPPORTED,
    Reader,
    deeper,
    is_ascii,
    strict_copy,
    strict_text,
)

__all__ = ["SDK_MODELS", "mcp_fields", "not_a_result"]

_IS_ERROR: Final = "ToolResult.is_error"
_CONTENT_KEYS: Final = ("content",)
_IS_ERROR_KEYS: Final = ("isError", "is_error")
_STRUCTURED_KEYS: Final = ("structuredContent", "structured_content")
_RESULT_TYPE_KEYS: Final = ("resultType", "result_type")
_ATTRIBUTES: Final = (*_CONTENT_KEYS, *_IS_ERROR_KEYS, *_STRUCTURED_KEYS, *_RESULT_TYPE_KEYS)
#: MCP 2026-07-28 (SEP-2322): a result's ``resultType``; omitted means ``complete``.
_COMPLETE: Final = "complete"
#: The snake_case keys of an MCP SDK 2.x ``model_dump()`` made without ``by_alias=True``
#: that change what a wire sends, and the protocol's own (camelCase) keys they stand for.
_SNAKE_KEYS: Final = (("mime_type", "mimeType"),)

# How values of one class are read.
_FIELDS: Final = 0  # a pydantic model whose JSON dump is its fields: read them
_SERIALIZER: Final = 1  # a pydantic model that serializes itself its own way: pydantic dumps it
_MODEL_DUMP: Final = 2  # another object with a ``model_dump``: called, as pydantic's would be
_BY_TYPE: Final = 3  # not a model: pydantic's JSON form of its type (URL, date, enum, ...)

#: Schema keys that make a model's dump differ from its fields by alias.
_OWN_SERIALIZATION: Final = frozenset(
    {"serialization", "computed_fields", "serialization_exclude", "serialization_exclude_if"}
)
#: pydantic's URL types serialize as ``str(url)`` by themselves (their own schema), so a
#: field of such a type reads the same by value (``to_jsonable_python``).
_URL_SERIALIZERS: Final = frozenset({"_BaseUrl.serialize_url", "_BaseMultiHostUrl.serialize_url"})
_MAX_CLASSES: Final = 4096


class _Reading:
    """How the values of one class are read, and the fields a ``_FIELDS`` model dumps:
    ``(attribute, key)`` pairs, the key being the serialization alias; ``extra``: whether
    its instances may hold extra fields (pydantic keeps them only with ``extra="allow"``)."""

    __slots__ = ("extra", "fields", "how", "named")

    def __init__(
        self, how: int, fields: tuple[tuple[str, str], ...] = (), extra: bool = True
    ) -> None:
        self.how: Final = how
        self.fields: Final = fields
        self.extra: Final = extra
        #: key -> attribute: the field a dump would write under that key
        self.named: Final[dict[str, str]] = {key: attribute for attribute, key in fields}


_READINGS: Final[dict[type, _Reading]] = {}


def _reading(cls: type) -> _Reading:
    """How values of ``cls`` are read (worked out once per class)."""
    reading = _READINGS.get(cls)
    if reading is None:
        reading = _reading_of(cls)
        if len(_READINGS) >= _MAX_CLASSES:  # classes made on the fly must not pile up
            _READINGS.clear()
        _READINGS[cls] = reading
    return reading


def _reading_of(cls: type) -> _Reading:
    fields = getattr(cls, "__pydantic_fields__", None)
    if fields is None:
        fields = getattr(cls, "model_fields", None)  # pydantic before 2.10
    if isinstance(fields, dict) and hasattr(cls, "__pydantic_serializer__"):
        if not _dumps_its_fields(cls):
            return _Reading(_SERIALIZER)
        pairs = []
        for name, info in fields.items():
            alias = getattr(info, "serialization_alias", None)
            key = alias if isinstance(alias, str) else name
            pairs.append((name, strict_text(key)))
        config = getattr(cls, "model_config", None)
        extra = not isinstance(config, Mapping) or config.get("extra") == "allow"
        return _Reading(_FIELDS, tuple(pairs), extra)
    if callable(getattr(cls, "model_dump", None)):
        return _Reading(_MODEL_DUMP)
    return _Reading(_BY_TYPE)


def _dumps_its_fields(cls: type) -> bool:
    """True when pydantic's JSON dump of a ``cls`` instance (by alias, without ``None``)
    is its fields' values under their aliases and its extra fields, nothing else."""
    if getattr(cls, "__pydantic_root_model__", False):
        return False
    config = getattr(cls, "model_config", None)
    if isinstance(config, Mapping) and any(
        key.startswith("ser_json") or key == "json_encoders" for key in config
    ):
        return False
    decorators = getattr(cls, "__pydantic_decorators__", None)
    for kind in ("field_serializers", "model_serializers", "computed_fields"):
        if getattr(decorators, kind, None):
            return False
    return _plain_schema(getattr(cls, "__pydantic_core_schema__", None), True)


def _plain_schema(schema: Any, top: bool) -> bool:
    """No serialization of its own in a model's core schema (nested models are read by
    their own class, so the walk stops at them)."""
    if isinstance(schema, list):
        return all(_plain_schema(part, top) for part in schema)
    if not isinstance(schema, dict):
        return True
    kind = schema.get("type")
    if kind == "definitions":  # a model that refers to itself: its own schema is among them
        return all(_plain_schema(part, True) for part in schema.get("definitions", ())) and (
            _plain_schema(schema.get("schema"), top)
        )
    if kind == "model":
        if not top:
            return True
        top = False
    elif kind == "definition-ref":
        return True
    for key, part in schema.items():
        if key in _OWN_SERIALIZATION and part and not _url_serializer(key, part):
            return False
        if not _plain_schema(part, top):
            return False
    return True


def _url_serializer(key: str, part: Any) -> bool:
    if key != "serialization" or not isinstance(part, dict):
        return False
    function = part.get("function")
    return (
        getattr(function, "__module__", None) == "pydantic.networks"
        and getattr(function, "__qualname__", None) in _URL_SERIALIZERS
    )


def _fields_of(value: Any, reading: _Reading) -> dict[str, Any]:
    """A ``_FIELDS`` model's dump, one level deep and uncopied: its fields by their
    aliases and its extra fields, ``None`` left out."""
    found: dict[str, Any] = value.__dict__
    out: dict[str, Any] = {}
    for attribute, key in reading.fields:
        item = found.get(attribute)
        if item is not None:
            out[key] = item
    extra = value.__pydantic_extra__ if reading.extra else None
    if extra:
        for key, item in extra.items():
            if item is not None:
                out[key] = item
    return out


def _read(value: Any, field: str, depth: int) -> Any:
    """The strict-JSON copy of what pydantic's JSON dump makes of ``value`` (a model or a
    value pydantic serializes by type), its members at ``depth``: the reader
    :func:`mcp_fields` gives ``strict_copy``."""
    reading = _READINGS.get(type(value))
    if reading is None:
        reading = _reading(type(value))
    if reading.how == _FIELDS:
        return _model(value, reading, field, depth)
    return strict_copy(_dumped(value, reading.how), field, depth - 1)  # JSON: no more to read


def _model(value: Any, reading: _Reading, field: str, depth: int) -> dict[str, Any]:
    """A ``_FIELDS`` model's strict copy, its members at ``depth``. Models and lists in
    its fields (the content list, a resource) are read here directly, the rest through
    ``strict_copy``."""
    found: dict[str, Any] = value.__dict__
    out: dict[str, Any] = {}
    for attribute, key in reading.fields:
        item = found.get(attribute)
        if item is None:
            continue
        if isinstance(item, str):  # most fields: copied as strict_copy copies a str
            out[key] = item if is_ascii(item) else strict_text(item)
            continue
        inner = _READINGS.get(type(item))
        if inner is not None and inner.how == _FIELDS:
            out[key] = _model(item, inner, field, deeper(depth, field))
        elif isinstance(item, list):
            out[key] = _list(item, field, deeper(depth, field))
        else:
            out[key] = strict_copy(item, field, depth, _READ)
    extra = value.__pydantic_extra__ if reading.extra else None
    if extra:  # keys as given: copied as a dict's are
        kept = {key: item for key, item in extra.items() if item is not None}
        out.update(strict_copy(kept, field, depth - 1, _READ))
    return out


def _list(items: list[Any], field: str, depth: int) -> list[Any]:
    """A list's strict copy in a model, its members at ``depth``."""
    copy = []
    for item in items:
        inner = _READINGS.get(type(item))
        if inner is not None and inner.how == _FIELDS:
            copy.append(_model(item, inner, field, deeper(depth, field)))
        else:
            copy.append(strict_copy(item, field, depth, _READ))
    return copy


_READ: Final[Reader] = _read


def _read_model(value: Any, field: str, depth: int) -> Any:
    """:data:`_READ` for an SDK model; ``[unsupported]`` for any other value that is not
    JSON (SPEC 6), as the constructor copies it."""
    if _reading(type(value)).how == _BY_TYPE:
        return UNSUPPORTED
    return _read(value, field, depth)


#: The reader ``ToolResult(content=...)`` copies with: an MCP SDK content object (1.x or
#: 2.x) in the list reads as its JSON dump (``by_alias=True``), not as ``[unsupported]``.
SDK_MODELS: Final[Reader] = _read_model


def _dumped(value: Any, how: int) -> Any:
    """pydantic's JSON dump of a value that is not a ``_FIELDS`` model."""
    if how == _SERIALIZER:
        return type(value).__pydantic_serializer__.to_python(
            value, by_alias=True, mode="json", exclude_none=True
        )
    if how == _MODEL_DUMP:
        return value.model_dump(by_alias=True, mode="json", exclude_none=True)
    return _by_type(value)


def _by_type(value: Any) -> Any:
    """pydantic's JSON form of a value by its type; ``[unsupported]`` when it has none
    (content is never an error)."""
    try:
        # looked up when first needed: the core neither needs nor imports pydantic
        jsonable = import_module("pydantic_core").to_jsonable_python
        return jsonable(value, by_alias=True, exclude_none=True)
    except Exception:  # no pydantic, or a value pydantic cannot serialize
        return UNSUPPORTED


def _is_model(value: Any) -> bool:
    return _reading(type(value)).how != _BY_TYPE


def _field(found: dict[str, Any], named: dict[str, str], keys: tuple[str, ...]) -> Any:
    """:func:`_first` of a ``_FIELDS`` model's dump without extra fields, read from its
    ``__dict__`` (``found``) by ``named`` without making the dump."""
    for key in keys:
        attribute = named.get(key)
        if attribute is not None:
            value = found.get(attribute)
            if value is not None:
                return value
    return None


def _first(data: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    """The value of the first of ``keys`` that ``data`` holds and is not ``None``."""
    for key in keys:
        value = data.get(key)
        if value is not None:
            return value
    return None


def not_a_result(data: Mapping[str, Any]) -> str | None:
    """Why an MCP result's dict form is not a tool result to send (``None``: it is one).

    The one rule ``convert``, ``turn`` and the audit share: a result is complete (MCP
    2026-07-28: an omitted ``resultType`` means ``complete``) and has ``content`` or
    ``structuredContent`` (``{"type": "text", ...}`` is a block, ``{"foo": 1}`` nothing).
    """
    problem = _result_type_problem(data)
    if problem is None and not any(key in data for key in (*_CONTENT_KEYS, *_STRUCTURED_KEYS)):
        return "no content or structuredContent: not a tool result"
    return problem


def _result_type_problem(data: Mapping[str, Any]) -> str | None:
    """Why a result whose ``resultType`` is not ``complete`` is no result for a model: an
    ``input_required`` one asks the client for input, and sent on, a model would read it
    as an empty result."""
    kind = _first(data, _RESULT_TYPE_KEYS)
    if kind is None or kind == _COMPLETE:
        return None
    if kind == "input_required":
        return (
            "resultType is 'input_required': the server asks the client for input (MCP"
            " 2026-07-28 InputRequiredResult), so this is not a tool result to send to a model;"
            " answer its inputRequests and call the tool again"
        )
    shown = kind if isinstance(kind, str) else strict_copy(kind, "resultType", 0)
    return f"resultType is {shown!r}, not 'complete': not a tool result to send to a model"


def _check_result_type(data: Mapping[str, Any]) -> None:
    problem = _result_type_problem(data)
    if problem is not None:
        raise ValueError(problem)


def _camel_block(block: Any) -> Any:
    """A content block of an SDK 2.x snake_case dump with the protocol's keys
    (``mime_type`` -> ``mimeType``), its ``resource`` too;
    any other value as given. A key already in the protocol's form wins."""
    if not isinstance(block, dict):
        return block
    out = block
    for snake, camel in _SNAKE_KEYS:
        if snake in out and camel not in out:
            if out is block:
                out = dict(block)
            value = out.pop(snake)
            if value is not None:
                out[camel] = value
    resource = out.get("resource")
    if isinstance(resource, dict):
        fixed = _camel_block(resource)
        if fixed is not resource:
            if out is block:
                out = dict(block)
            out["resource"] = fixed
    return out


def _flags(is_error: Any, structured: Any) -> tuple[Any, Any]:
    """A model's ``isError`` (``False`` when absent) and ``structuredContent``, copied."""
    if is_error is None:
        is_error = False
    elif is_error is not True and is_error is not False:  # a bool is its own copy
        is_error = strict_copy(is_error, _IS_ERROR, 0, _READ)
    if structured is not None:
        structured = strict_copy(structured, STRUCTURED, 0, _READ)
    return is_error, structured


def mcp_fields(result: Any) -> tuple[Any, Any, Any]:
    """``content``, ``is_error`` and ``structured_content`` of a CallToolResult (SDK 1.x
    or 2.x) or its dict form: content (when a list) and structured content as strict-JSON
    copies (SPEC 6) that the result owns, ``is_error`` as given (``False`` when absent).

    Unknown envelope fields (``_meta``, ``resultType``, ...) are left out: they are for
    the client, not for the model. Blocks keep theirs (``annotations``, ``icons``,
    ``_meta``, extra fields), as the SDK's JSON has them. A dict from an SDK 2.x
    ``model_dump()`` without ``by_alias=True`` reads as the aliased one: its blocks'
    ``mime_type`` is their ``mimeType``.

    :raises TypeError: ``result`` is neither a CallToolResult nor a mapping nor an object
        with its attributes.
    :raises ValueError: nesting deeper than the toolkit supports (naming the field); a
        ``resultType`` other than ``complete`` (MCP 2026-07-28: ``input_required`` asks
        the client for input and is no result for a model).
    """
    reading = _reading(type(result))
    how = reading.how
    data: Any = result
    if how == _FIELDS and not (reading.extra and result.__pydantic_extra__):
        # an SDK result (no extra fields): its fields read as its dump has them, no dump
        found: dict[str, Any] = result.__dict__
        named = reading.named
        kind = _field(found, named, _RESULT_TYPE_KEYS)
        if kind is not None and kind != _COMPLETE:
            _check_result_type({"resultType": kind})
        content = _field(found, named, _CONTENT_KEYS)
        if content is None:
            content = []
        elif isinstance(content, list):  # the blocks, one level down
            content = _list(content, CONTENT, 1)
        else:
            content = strict_copy(content, CONTENT, 0, _READ)
        is_error, structured = _flags(
            _field(found, named, _IS_ERROR_KEYS), _field(found, named, _STRUCTURED_KEYS)
        )
        return content, is_error, structured
    if how == _FIELDS:
        data = _fields_of(result, reading)
    elif how != _BY_TYPE:
        data = _dumped(result, how)
        if isinstance(data, Mapping) and not isinstance(data, dict):
            data = dict(data)
    if data is not result and isinstance(data, dict):
        # a model: everything in it is read as its JSON dump would be
        _check_result_type(data)
        content = _first(data, _CONTENT_KEYS)
        if content is None:
            content = []
        elif isinstance(content, list):  # the blocks, one level down
            content = _list(content, CONTENT, 1)
        else:
            content = strict_copy(content, CONTENT, 0, _READ)
        is_error, structured = _flags(_first(data, _IS_ERROR_KEYS), _first(data, _STRUCTURED_KEYS))
        return content, is_error, structured
    if isinstance(result, dict):
        data = result
    elif isinstance(result, Mapping):
        data = dict(result)
    else:
        # neither a pydantic model nor a mapping: read its attributes
        data = {key: getattr(result, key) for key in _ATTRIBUTES if hasattr(result, key)}
        if not data:
            raise TypeError(
                "from_mcp expects an mcp.types.CallToolResult or its dict form, "
                f"not {type(result).__name__}"
            )
    # a dict (or an object) is taken as given; the SDK objects in it are read as dumped
    _check_result_type(data)
    content = _first(data, _CONTENT_KEYS)
    if content is None:
        content = []
    elif _is_model(content):
        content = strict_copy(content, CONTENT, 0, _READ)
    elif isinstance(content, list):
        content = [
            strict_copy(block, CONTENT, 1, _READ)
            if _is_model(block)
            else strict_copy(_camel_block(block), CONTENT, 1)
            for block in content
        ]
    is_error = _first(data, _IS_ERROR_KEYS)
    if is_error is None:
        is_error = False
    elif _is_model(is_error):
        is_error = strict_copy(is_error, _IS_ERROR, 0, _READ)
    structured = _first(data, _STRUCTURED_KEYS)
    read = _READ if _is_model(structured) else None
    return content, is_error, strict_copy(structured, STRUCTURED, 0, read)
