"""Tool turns (SPEC 7): the assistant's echo of its calls, then the results, per wire.

:func:`tool_turn` is what a tool loop appends to its conversation; :func:`build_turn`
returns the same turn in its parts (echo, results, hoisted images, the paired results),
for views that label each message. Pairing and assembly are in ``wires._turn``; each
wire's shapes beside its converter in ``wires/<wire>/``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..wires import Wire, neutral_calls, turn, turn_messages, wire_facts, wire_module
from .calls import ToolCall
from .hooks import fit_turn
from .options import ConvertOptions, Keep
from .result import ToolResult, result_of

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Turn", "build_turn", "tool_echo", "tool_turn"]


def tool_turn(
    wire: str,
    calls: Sequence[ToolCall],
    results: Sequence[ToolResult],
    *,
    echo: bool = True,
    hoist_images: bool = False,
    max_tokens: int | None = None,
    keep: Keep = "text",
    **options: Unpack[ConvertOptions],
) -> list[Any]:
    """The messages (or input items) that follow the conversation so far: the assistant's
    echo of ``calls``, then the results in call order, each ``result.to(wire, **options)``.

    Results pair with calls by id (any order) when every result has one, by position when
    none has; a result without a name or id takes its call's. ``echo=False`` leaves the
    echo out for a caller who replays the provider's own assistant message as received
    (Anthropic extended thinking, Responses reasoning items, ``previous_response_id``).
    ``hoist_images=True`` (with ``image_input=True``): on openai and ollama, whose tool
    messages name images only in placeholders, the images also follow in one user message.
    ``max_tokens`` shares one budget among the results' blocks (by ``estimate_tokens``), in
    proportion to their size with a floor for each, and cuts each to its share as
    ``to(wire, max_tokens=share, keep=keep)`` does; the echo is not cut. A budget cuts a
    result once, when it is first sent: only the results given here, the same bytes every
    time. Append the turn to the conversation as returned and keep it so: writing an older
    turn again with another budget changes what was sent (the prompt cache bills every token
    after it again, and a model that binds thinking refuses the history;
    ``lint(previous=)`` reports it as ``prefix-changed``).

    >>> from toolresult_lab import ToolCall, ToolResult
    >>> call = ToolCall(id="call_1", name="get_weather", arguments={"city": "Köln"})
    >>> result = ToolResult(content=[{"type": "text", "text": "Sunny"}])
    >>> echo, answer = tool_turn("openai", [call], [result])
    >>> echo["tool_calls"][0]["function"]
    {'name': 'get_weather', 'arguments': '{"city":"Köln"}'}
    >>> answer                                  # the result took its call's id
    {'role': 'tool', 'tool_call_id': 'call_1', 'content': 'Sunny'}

    :raises ValueError: unknown wire; a pairing problem (naming the ids); a
        ``max_tokens`` below the results' minima (named); hoisting
        without ``image_input``.
    :raises TypeError: an entry that is not a ``ToolCall`` / ``ToolResult``; ``echo`` or
        ``hoist_images`` not a ``bool``; an unknown option.
    """
    if max_tokens is not None:
        results = fit_turn(wire, options, calls, results, max_tokens, keep)
    return turn_messages(wire, options, calls, results, echo, hoist_images)


class Turn:
    """One tool turn in its parts (what :func:`tool_turn` returns, labelled).

    ``messages`` is the turn; ``echo``, ``results`` and ``hoisted`` are its parts in that
    order; ``pairs`` holds each call with the result that answers it, as sent (a result
    without a name or id carries its call's); ``hoisted_from`` says, for each hoisted
    image, which call (its position) and content entry it came from.
    """

    __slots__ = ("calls", "echo", "hoisted", "hoisted_from", "options", "pairs", "results", "wire")

    def __init__(
        self,
        wire: Wire,
        options: ConvertOptions,
        echo: list[Any],
        results: list[Any],
        hoisted: list[Any],
        pairs: tuple[tuple[ToolCall, ToolResult], ...],
        hoisted_from: tuple[tuple[int, int], ...],
    ) -> None:
        self.wire: Final = wire
        self.options: Final = options
        self.echo: Final = echo
        self.results: Final = results
        self.hoisted: Final = hoisted
        self.pairs: Final = pairs
        self.hoisted_from: Final = hoisted_from

    @property
    def messages(self) -> list[Any]:
        """The whole turn, as :func:`tool_turn` returns it."""
        return self.echo + self.results + self.hoisted


def build_turn(
    wire: str,
    calls: Sequence[ToolCall],
    results: Sequence[ToolResult],
    *,
    echo: bool = True,
    hoist_images: bool = False,
    **options: Unpack[ConvertOptions],
) -> Turn:
    """:func:`tool_turn` in its parts; the same checks and errors."""
    parts = turn(wire, options, calls, results, echo, hoist_images, "build_turn")
    called = tuple(calls)
    pairs = tuple((called[index], result_of(source)) for index, source in enumerate(parts.paired))
    return Turn(
        wire_facts(wire).wire,
        ConvertOptions(**options),
        parts.echo,
        parts.results,
        parts.hoisted,
        pairs,
        tuple(parts.hoisted_from),
    )


def tool_echo(wire: str, calls: Sequence[ToolCall]) -> list[Any]:
    """The assistant's echo of ``calls`` alone, as :func:`tool_turn` writes it (for a
    transcript whose calls have no results in the request)."""
    return wire_module(wire).turn.echo(neutral_calls(calls, "tool_echo"))
