"""The strict SDK-type checker shared by the validation tests (blocks and tool turns).

TypedDicts accept undeclared keys, and pydantic validates ``Iterable[...]`` fields lazily, so a
plain ``TypeAdapter(T).validate_python`` proves little. ``validate_typeddict`` runs pydantic in
strict mode with every lazy iterator consumed, then ``check_strict``, a small recursive checker
that walks the annotations itself and fails on any key the matched TypedDict does not declare, at
every nesting level (tested in ``test_sdk_validation.py``). ``check_model_keys`` does the same for
google-genai models, and ``StrictOllamaMessage`` for ollama's.
"""

from __future__ import annotations

import base64
import collections.abc
import os
import re
import types
import typing
from functools import cache
from typing import Any

import ollama
import typing_extensions
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

# --------------------------------------------------------------------------------------------
# The strict checker
# --------------------------------------------------------------------------------------------


class StrictError(AssertionError):
    """A value does not conform to an SDK annotation (undeclared key, wrong type, ...)."""


def _both(name: str) -> set:
    """The typing and typing_extensions spellings of a special form (typing may lack it)."""
    return {
        getattr(typing, name, getattr(typing_extensions, name)),
        getattr(typing_extensions, name),
    }


_REQUIRED = _both("Required")
_NOT_REQUIRED = _both("NotRequired")
_READ_ONLY = _both("ReadOnly")
_WRAPPERS = _REQUIRED | _NOT_REQUIRED | _READ_ONLY
_LITERALS = {typing.Literal, typing_extensions.Literal}
_SEQUENCES = {
    list,
    collections.abc.Iterable,
    collections.abc.Sequence,
    collections.abc.Collection,
}
_MAPPINGS = {dict, collections.abc.Mapping, collections.abc.MutableMapping}


def _is_typeddict(tp: Any) -> bool:
    return typing_extensions.is_typeddict(tp) or typing.is_typeddict(tp)


def _strip(tp: Any) -> Any:
    """Remove Annotated / Required / NotRequired / ReadOnly wrappers (cached: whole request
    bodies walk the same annotations many thousand times)."""
    try:
        return _strip_cached(tp)
    except TypeError:  # an unhashable annotation
        return _strip_once(tp)


@cache
def _strip_cached(tp: Any) -> Any:
    return _strip_once(tp)


def _strip_once(tp: Any) -> Any:
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated or origin in _WRAPPERS:
            tp = typing.get_args(tp)[0]
        else:
            return tp


@cache
def _fields(td: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """(declared keys -> stripped annotation, required keys) of a TypedDict.

    ``td.__required_keys__`` cannot be trusted: the SDK modules use
    ``from __future__ import annotations``, and then ``__required_keys__`` comes out empty
    (every key lands in ``__optional_keys__``). Requiredness is read from the resolved hints.
    """
    hints = typing.get_type_hints(td, include_extras=True)
    total = getattr(td, "__total__", True)
    required = set()
    for key, hint in hints.items():
        origins = set()
        h = hint
        while True:
            origin = typing.get_origin(h)
            if origin is typing.Annotated or origin in _WRAPPERS:
                origins.add(origin)
                h = typing.get_args(h)[0]
            else:
                break
        if origins & _REQUIRED or (total and not origins & _NOT_REQUIRED):
            required.add(key)
    return {k: _strip(v) for k, v in hints.items()}, frozenset(required)


@cache
def _literal_type_values(td: Any) -> tuple | None:
    """The Literal values of a TypedDict's ``type`` key, or None when it has none."""
    fields, _ = _fields(td)
    tp = fields.get("type")
    if tp is not None and typing.get_origin(tp) in _LITERALS:
        return typing.get_args(tp)
    return None


def _literal_ok(value: Any, allowed: tuple) -> bool:
    return any(type(value) is type(a) and value == a for a in allowed)


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or repr(tp)


def check_strict(value: Any, tp: Any, path: str = "$") -> None:
    """Raise StrictError unless ``value`` conforms to annotation ``tp``, with no undeclared keys.

    Supported: TypedDict (undeclared key, missing required key), Union/Optional (a TypedDict member
    is chosen by its Literal ``type``), Literal (same type and value; True is not 1), list-like
    (Iterable/Sequence/List: a JSON list), Mapping/dict, str, bool, int, float, None, Any, and plain
    classes via isinstance. Anything else is an error, never a silent pass.
    """
    tp = _strip(tp)
    if tp is Any or tp is object:
        return
    if tp is None or tp is type(None):
        if value is not None:
            raise StrictError(f"{path}: expected None, got {type(value).__name__}")
        return
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in _LITERALS:
        if not _literal_ok(value, args):
            raise StrictError(f"{path}: {value!r} is not one of Literal{list(args)!r}")
        return
    if origin is typing.Union or origin is types.UnionType:
        _check_union(value, args, path)
        return
    if _is_typeddict(tp):
        _check_typeddict(value, tp, path)
        return
    if origin in _SEQUENCES or tp is list:
        if not isinstance(value, list):
            raise StrictError(f"{path}: expected a list for {tp!r}, got {type(value).__name__}")
        item_tp = args[0] if args else Any
        for i, item in enumerate(value):
            check_strict(item, item_tp, f"{path}[{i}]")
        return
    if origin in _MAPPINGS or tp is dict:
        if not isinstance(value, dict):
            raise StrictError(f"{path}: expected a dict, got {type(value).__name__}")
        key_tp, val_tp = args if args else (Any, Any)
        for k, v in value.items():
            check_strict(k, key_tp, f"{path}<key {k!r}>")
            check_strict(v, val_tp, f"{path}[{k!r}]")
        return
    if tp is bool:
        if type(value) is not bool:
            raise StrictError(f"{path}: expected bool, got {type(value).__name__}")
        return
    if tp is int:
        if type(value) is not int:
            raise StrictError(f"{path}: expected int, got {type(value).__name__}")
        return
    if tp is float:
        if type(value) not in (int, float):
            raise StrictError(f"{path}: expected float, got {type(value).__name__}")
        return
    if tp is str:
        if not isinstance(value, str):
            raise StrictError(f"{path}: expected str, got {type(value).__name__}")
        return
    if origin in (typing.IO, os.PathLike):  # anthropic's Base64FileInput: IO[bytes] | PathLike
        if not isinstance(value, origin):
            raise StrictError(f"{path}: expected {_name(origin)}, got {type(value).__name__}")
        return
    if isinstance(tp, type):
        if not isinstance(value, tp):
            raise StrictError(f"{path}: expected {_name(tp)}, got {type(value).__name__}")
        return
    raise TypeError(f"check_strict: unsupported annotation {tp!r} at {path}")


@cache
def _union_plan(members: tuple) -> tuple[tuple, list, list]:
    """A union's stripped members, those tagged by a Literal ``type``, and the others."""
    members = tuple(_strip(m) for m in members)
    tagged = [m for m in members if _is_typeddict(m) and _literal_type_values(m) is not None]
    return members, tagged, [m for m in members if m not in tagged]


def _check_union(value: Any, members: tuple, path: str) -> None:
    members, tagged, untagged = _union_plan(members)
    candidates = list(members)
    if isinstance(value, dict) and tagged:
        tag = value.get("type")
        by_tag = [m for m in tagged if _literal_ok(tag, _literal_type_values(m))]
        if "type" not in value:  # a member whose ``type`` may be left out still fits
            by_tag += [m for m in tagged if "type" not in _fields(m)[1]]
        candidates = by_tag + untagged
        if not by_tag:
            known = sorted({v for m in tagged for v in _literal_type_values(m)}, key=str)
            if not any(_could_take_dict(m) for m in untagged):
                raise StrictError(f"{path}: no union member has type={tag!r} (known: {known})")
    candidates = [m for m in candidates if _shape_ok(value, m)]
    if not candidates:
        raise StrictError(f"{path}: no union member accepts a {type(value).__name__}")
    errors = []
    for member in candidates:
        try:
            check_strict(value, member, path)
            return
        except StrictError as exc:
            errors.append(f"  as {_name(member)}: {exc}")
    if len(errors) == 1:
        raise StrictError(errors[0].split(": ", 1)[1])
    raise StrictError(f"{path}: matches no member of the union:\n" + "\n".join(errors))


def _shape_ok(value: Any, tp: Any) -> bool:
    """Whether ``tp`` could hold ``value`` at all: a dict, a list, or a scalar."""
    tp = _strip(tp)
    if tp is Any or tp is object:
        return True
    container = _could_take_dict(tp) or typing.get_origin(tp) in _SEQUENCES or tp is list
    if isinstance(value, dict):
        return _could_take_dict(tp)
    if isinstance(value, list):
        return typing.get_origin(tp) in _SEQUENCES or tp is list
    return not container


def _could_take_dict(tp: Any) -> bool:
    tp = _strip(tp)
    return tp is Any or _is_typeddict(tp) or typing.get_origin(tp) in _MAPPINGS or tp is dict


def _check_typeddict(value: Any, td: Any, path: str) -> None:
    if not isinstance(value, dict):
        raise StrictError(f"{path}: expected a dict for {_name(td)}, got {type(value).__name__}")
    fields, required = _fields(td)
    undeclared = sorted(set(value) - set(fields), key=str)
    if undeclared:
        raise StrictError(
            f"{path}: undeclared key(s) {undeclared} for {_name(td)} (declared: {sorted(fields)})"
        )
    missing = sorted(required - set(value))
    if missing:
        raise StrictError(f"{path}: missing required key(s) {missing} for {_name(td)}")
    for key, val in value.items():
        check_strict(val, fields[key], f"{path}.{key}")


@cache
def _adapter(tp: Any) -> TypeAdapter:
    return TypeAdapter(tp)


def _consume(value: Any) -> None:
    """Force pydantic's lazy ``ValidatorIterator`` objects (``Iterable[...]`` fields)."""
    if isinstance(value, dict):
        for v in value.values():
            _consume(v)
    elif isinstance(value, (str, bytes)):
        return
    elif isinstance(value, (list, collections.abc.Iterator)):
        for v in value:
            _consume(v)


def validate_typeddict(block: Any, td: Any) -> None:
    """Pydantic strict validation (lazy parts consumed) plus the undeclared-key checker."""
    try:
        _consume(_adapter(td).validate_python(block, strict=True))
    except ValidationError as exc:
        raise StrictError(f"pydantic rejects the block as {_name(td)}:\n{exc}") from None
    check_strict(block, td)


# --------------------------------------------------------------------------------------------
# Pydantic-model wires (gemini, ollama)
# --------------------------------------------------------------------------------------------


def check_model_keys(value: Any, model: type, path: str = "$") -> None:
    """Every key passed to a google-genai model must be a declared field, spelled as its alias
    (any pydantic model: ollama's too, whose fields have no alias but their name).

    google-genai accepts both ``inline_data`` and ``inlineData`` (populate_by_name); the wire form
    of SPEC section 4 is the camelCase alias, so only the alias counts here.
    """
    if not isinstance(value, dict):
        raise StrictError(f"{path}: expected a dict for {model.__name__}")
    by_alias = {(f.alias or name): f for name, f in model.model_fields.items()}
    undeclared = sorted(set(value) - set(by_alias))
    if undeclared:
        raise StrictError(
            f"{path}: key(s) {undeclared} are not field aliases of {model.__name__} "
            f"(aliases: {sorted(by_alias)})"
        )
    for key, val in value.items():
        ann = by_alias[key].annotation
        for arg in _flatten(ann):
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                if isinstance(val, list):
                    for i, item in enumerate(val):
                        if not isinstance(item, BaseModel):  # a model object: validated as such
                            check_model_keys(item, arg, f"{path}.{key}[{i}]")
                elif isinstance(val, dict):
                    check_model_keys(val, arg, f"{path}.{key}")


def _flatten(ann: Any) -> list:
    out = [ann]
    for arg in typing.get_args(ann):
        out.extend(_flatten(arg))
    return out


# The ollama exception below applies only while the client type lacks the field.
OLLAMA_LACKS_TOOL_CALL_ID = "tool_call_id" not in ollama.Message.model_fields


class StrictOllamaMessage(ollama.Message):
    """``ollama.Message`` leaves pydantic's default ``extra="ignore"``; forbid it here."""

    model_config = ConfigDict(extra="forbid", strict=True)


B64_RE = re.compile(r"[A-Za-z0-9+/]*={0,2}")


def is_canonical_b64(s: Any) -> bool:
    """SPEC section 6: non-empty canonical standard base64."""
    if not isinstance(s, str) or not s or len(s) % 4 or not B64_RE.fullmatch(s):
        return False
    return base64.b64encode(base64.b64decode(s)).decode("ascii") == s
