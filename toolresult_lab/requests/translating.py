"""SPEC 9: ``translate`` reads a request of one wire, writes it for another and lints it.

Reading and writing are the transcript's (``transcripts.read``, ``transcripts.write``);
the checks are section 8's ``lint`` with the destination's profile. Two things only a
move between wires needs live here: the options the destination is written with (from
its profile and ``vision``), and the thought signature a Gemini 3 model requires on
calls no Gemini model made (the value Google documents for such histories).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..conversion.gc_pause import paused_cycle_collector
from ..conversion.options import ConvertOptions
from ..conversion.profiles import PROFILES, without_vision
from ..wires import Note, check_request, settings_of, wire_module, write_settings
from .findings import Findings
from .finite_settings import without_non_finite
from .linting import context, lint
from .transcripts import (
    AssistantTurn,
    Loss,
    Opaque,
    Transcript,
    Turn,
    read_options,
    read_transcript,
    write_transcript,
)
from .transcripts.conversation import Thinking
from .transcripts.reencode import without_lone_surrogates
from .transcripts.renamed_tools import rename_tools

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Translated", "translate"]


@dataclass(frozen=True)
class Translated:
    """``request``: the body for the destination; ``losses``: each element of the source
    that did not arrive whole; ``findings``: section 8's lint of ``request``; ``notes``:
    each element changed in form only (a payload re-encoded as standard base64, ...);
    ``tool_names``: each tool name the destination refuses, renamed (source name -> name
    written, in the definitions, calls, results and tool choice alike), to map the
    model's calls back."""

    request: dict[str, Any]
    losses: tuple[Loss, ...]
    findings: Findings
    notes: tuple[Loss, ...] = ()
    tool_names: Mapping[str, str] = field(default_factory=dict)


_TRIMMED: Final = "the final assistant text ends in whitespace, which"


def _write_options(
    dst: str, profile: str | None, vision: bool | None, options: ConvertOptions
) -> ConvertOptions:
    """The options the destination is written with: as given; else the profile's for its
    vision; else images and PDFs native, gated by ``vision=False``."""
    if options:
        return options
    if profile is not None:
        found = PROFILES[profile]
        return found.options(found.vision if vision is None else vision)
    written = read_options({})
    return without_vision(dst, written) if vision is False else written


def _signed(dst: str, body: dict[str, Any], turns: list[Turn], notes: list[Loss]) -> None:
    """The destination's signature on calls another provider made (Gemini 3's documented
    skip value), each a note at the source call: an addition, nothing lost."""
    paths = [
        turn.call_paths[0] if turn.call_paths else turn.path
        for turn in turns
        if isinstance(turn, AssistantTurn) and turn.calls
    ]
    for index in wire_module(dst).request.sign(body):
        path = paths[index] if index < len(paths) else ""
        notes.append(Loss(path, "no thought signature: the documented skip value set"))


#: Why a signed thinking block carried to another wire may not arrive (issue 38).
CARRIED_THINKING: Final = (
    "signed thinking carried to {dst} with its signature, which only the models that can"
    " read the block check: Anthropic's preserved-thinking models read their own blocks and"
    " a fixed set of other models' and drop the rest silently; a block is also bound to the"
    " exact history it was returned with, which translating rewrites (a model that binds"
    " thinking answers 400 unless thinking.block_binding.prefix_mismatch_behavior is"
    ' "drop_block")'
)


def _carried_thinking(src: str, dst: str, turns: list[Turn], notes: list[Loss]) -> None:
    """One note at the first signed thinking block carried to another wire that holds
    thinking (Anthropic <-> Bedrock): the destination cannot be sure to read it."""
    test = wire_module(src).checks.prefix.signed
    for turn in turns:
        if not isinstance(turn, AssistantTurn):
            continue
        for part in turn.parts:
            signed = (isinstance(part, Thinking) and bool(part.signature or part.redacted)) or (
                isinstance(part, Opaque) and test is not None and test(part.value)
            )
            if signed:
                notes.append(Loss(part.path, CARRIED_THINKING.format(dst=dst)))
                return


def translate(
    src: str,
    dst: str,
    request: Any,
    *,
    profile: str | None = None,
    vision: bool | None = None,
    hoist_images: bool = False,
    model: str | None = None,
    headers: Mapping[str, str] | None = None,
    **options: Unpack[ConvertOptions],
) -> Translated:
    """``request`` of ``src`` as a request of ``dst``, with every loss and the lint.

    The whole request moves: besides the conversation, the model (as given, or
    ``model``), the output token limit, temperature, top_p, stop sequences, the tool
    definitions, ``tool_choice`` and the thinking budget or reasoning effort, where the
    destination has them (each wire's ``SettingsShape``, read into the ``Transcript``'s
    ``settings``); every other field is a loss. Anthropic requires ``max_tokens``: where
    the source has none, 4,096 (plus any thinking budget) is written, with a note.

    ``headers`` are the destination request's HTTP headers (``lint``'s): a field the API
    version they name refuses (``anthropic-version: 2026-10-21`` takes no ``temperature``,
    ``top_p`` or ``top_k``) is not written but a loss, and the lint of the result checks
    that version's rules.

    :raises ValueError: unknown wire or profile (or a profile of another wire than
        ``dst``); a malformed inside of the request (naming its path); a request nested
        too deep, holding itself or spelling too many values (``nesting``, naming where).
    :raises TypeError: the request is neither a dict nor a list; a bad option; a bad
        ``headers`` type.
    """
    if model is not None and not isinstance(model, str):
        raise TypeError(f"model must be a str or None, not {type(model).__name__}")
    if model is not None and not model.strip():
        raise ValueError("model must not be empty")
    ctx = context(dst, profile, vision, headers=headers)
    written_with = _write_options(ctx.wire, profile, vision, options)
    with paused_cycle_collector():  # linear at any length: see gc_pause
        notes: list[Loss] = []
        losses: list[Loss] = []
        check_request(src, request)  # before any walk: too deep, or holding itself
        request = without_lone_surrogates(request, "", losses)
        system, turns, read = read_transcript(src, request, read_options(options), notes, losses)
        shape = wire_module(read.wire).settings
        raw = without_non_finite(
            read.raw, shape.conversation_keys if shape else frozenset(), losses
        )
        settings = settings_of(read.wire, raw)
        renamed: dict[str, str] = {}
        if ctx.wire != read.wire:
            rule = wire_module(ctx.wire).settings
            turns, settings, renamed = rename_tools(
                rule.tool_names if rule else None, ctx.wire, turns, settings, notes
            )
        transcript = Transcript(system, turns, settings)
        body, written = write_transcript(
            ctx.wire, transcript.system, turns, written_with, hoist_images, ctx.profile, notes
        )
        losses.extend(written)
        called = [c.name for t in turns if isinstance(t, AssistantTurn) for c in t.calls]
        lost: list[Note] = []
        noted: list[Note] = []
        write_settings(ctx.wire, transcript.settings, body, called, lost, noted, model, read.wire)
        written_shape = wire_module(ctx.wire).settings
        if written_shape is not None:  # what the API version of the headers refuses
            paths = transcript.settings.paths if transcript.settings is not None else {}
            written_shape.refused_by_version(body, ctx.headers, lost, paths)
        losses.extend(Loss(path, what) for path, what in lost)
        notes.extend(Loss(path, what) for path, what in noted)
        if ctx.wire != read.wire:
            _signed(ctx.wire, body, turns, notes)
            if wire_module(ctx.wire).reading.thinking_block("", "s", None) is not None:
                _carried_thinking(read.wire, ctx.wire, turns, notes)
            if wire_module(ctx.wire).request.trim_final(body):
                last = turns[-1].path if turns else ""
                losses.append(
                    Loss(last, f"{_TRIMMED} {ctx.wire} refuses: trailing whitespace dropped")
                )
        # the destination model's rules too, where the model goes in the URL (gemini, bedrock)
        findings = lint(
            ctx.wire, body, profile=profile, vision=vision, model=model, headers=ctx.headers
        )
    return Translated(body, tuple(losses), findings, tuple(notes), renamed)
