"""SPEC 9: one conversation, any provider. :class:`Transcript` reads a request of one
wire (``transcripts.read``) and writes it for any wire (``transcripts.write``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...conversion.options import ConvertOptions
from ...wires import Settings, settings_of
from .conversation import AssistantTurn, Loss, ToolResults, Turn, UserTurn, turn_from_dict
from .read import read_transcript
from .write import write_transcript

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["READ_DEFAULTS", "Transcript", "read_options"]

#: What ``Transcript.from_wire`` and ``translate`` read with unless given other options.
READ_DEFAULTS: ConvertOptions = {"image_input": True, "native_pdf": True}


def read_options(options: ConvertOptions) -> ConvertOptions:
    """``options``, or the reading defaults when none is given."""
    return options if options else dict(READ_DEFAULTS)  # type: ignore[return-value]


class Transcript:
    """A conversation in no provider's shape: ``system`` (a ``str`` or ``None``),
    ``turns`` (``UserTurn``, ``AssistantTurn``, ``ToolResults``) and ``settings`` (what the
    request said beside its conversation: model, limits, tools, ...; ``None`` when it said
    nothing else). Immutable. :meth:`to` writes the conversation; ``translate`` writes the
    whole request, the settings too.

    >>> from toolresult_lab import Transcript
    >>> t = Transcript.from_wire("openai", {"messages": [{"role": "user", "content": "hi"}]})
    >>> t.to("gemini")
    {'contents': [{'role': 'user', 'parts': [{'text': 'hi'}]}]}
    """

    __slots__ = ("_settings", "_system", "_turns")

    #: The notebook view (registered by ``render_transcript`` when the package is imported).
    html_view: ClassVar[Callable[[Transcript], str] | None] = None

    def __init__(
        self, system: str | None = None, turns: Any = (), settings: Settings | None = None
    ) -> None:
        if system is not None and not isinstance(system, str):
            raise TypeError(f"Transcript.system must be a str or None, not {type(system).__name__}")
        if not isinstance(turns, (list, tuple)):
            raise TypeError(f"Transcript.turns must be a list of turns, not {type(turns).__name__}")
        for turn in turns:
            if not isinstance(turn, (UserTurn, AssistantTurn, ToolResults)):
                raise TypeError(
                    "Transcript.turns[] must be a UserTurn, AssistantTurn or ToolResults,"
                    f" not {type(turn).__name__}"
                )
        if settings is not None and not isinstance(settings, Settings):
            raise TypeError(
                f"Transcript.settings must be a Settings or None, not {type(settings).__name__}"
            )
        self._system = system
        self._turns: tuple[Turn, ...] = tuple(turns)
        self._settings = settings

    @property
    def system(self) -> str | None:
        return self._system

    @property
    def turns(self) -> tuple[Turn, ...]:
        return self._turns

    @property
    def settings(self) -> Settings | None:
        """The request's settings beside its conversation (a frozen ``Settings``), or None."""
        return self._settings

    @classmethod
    def from_wire(
        cls,
        wire: str,
        request: Any,
        *,
        hoist_images: bool = False,
        **options: Unpack[ConvertOptions],
    ) -> Transcript:
        """Read a request of ``wire`` (SPEC 8's input forms; results read back as
        ``ToolResult.from_wire`` does, with ``image_input`` and ``native_pdf`` unless other
        options are given).

        ``hoist_images`` is taken so that the options a turn was built with read it back
        (SPEC 9's round trip); a hoisted message is recognised whatever its value.

        :raises ValueError: unknown wire; a malformed inside of the request (its path).
        :raises TypeError: the request is neither a dict nor a list; an unknown option;
            ``hoist_images`` not a ``bool``.
        """
        if not isinstance(hoist_images, bool):
            raise TypeError(f"hoist_images must be a bool, not {type(hoist_images).__name__}")
        system, turns, read = read_transcript(wire, request, read_options(options))
        return cls(system, turns, settings_of(read.wire, read.raw))

    def to(
        self, wire: str, *, hoist_images: bool = False, **options: Unpack[ConvertOptions]
    ) -> dict[str, Any]:
        """The request body of ``wire`` (tool turns through ``tool_turn``, same options)."""
        return self.written(wire, hoist_images=hoist_images, **options)[0]

    def written(
        self, wire: str, *, hoist_images: bool = False, **options: Unpack[ConvertOptions]
    ) -> tuple[dict[str, Any], list[Loss]]:
        """:meth:`to` and the losses on the way (paths of the request it was read from)."""
        return write_transcript(wire, self._system, list(self._turns), options, hoist_images)

    # -- value ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The system text and the turns (the settings are a wire's own values: not here)."""
        return {"system": self._system, "turns": [turn.to_dict() for turn in self._turns]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Transcript:
        """From :meth:`to_dict` output.

        :raises TypeError: not a mapping, or a field of the wrong type.
        :raises ValueError: an unknown turn or part type.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"Transcript.from_dict expects a mapping, not {type(data).__name__}")
        return cls(data.get("system"), [turn_from_dict(t) for t in data.get("turns", [])])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Transcript):
            return NotImplemented
        return (self._system, self._turns, self._settings) == (
            other._system,
            other._turns,
            other._settings,
        )

    def __hash__(self) -> int:
        return hash((self._system, len(self._turns)))

    def __repr__(self) -> str:
        kinds = ", ".join(type(turn).__name__ for turn in self._turns)
        return f"Transcript(system={self._system!r}, turns=[{kinds}])"

    def _repr_html_(self) -> str | None:
        view = Transcript.html_view
        return view(self) if view is not None else None
