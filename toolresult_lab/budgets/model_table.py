"""The dated table of model facts the bundled catalog lacks: models released after it, and
the behaviour facts no catalog records (forced tool choice, prefill, sampling, tools on Chat
Completions), each row with the page it was read from and that day.

A row is one model id as its provider spells it (``claude-fable-5-1``, ``gpt-6-sol``,
``gemini-3.6-flash``), never a name pattern spread over the checks: the checks read the
facts (:class:`TableRow`) through ``models.model_facts``, which merges a row with the
catalog's entry for the same id (the row wins where it has a figure; the catalog fills what
the row leaves ``None``). Bedrock's and Vertex's spellings of a Claude id (``anthropic.``,
a region prefix, ``-v1:0``) reach the same row.

A fact read only in a user report or a write-up (not on the provider's page) is named in
the row's ``reported``: a rule built on it reports a warning, never an error.

Read on 2026-12-07 with the project's ``search`` tool (pages, docs and issue threads);
nothing was sent to a live API.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal

__all__ = [
    "CHECKED",
    "ROWS",
    "TABLE",
    "ChatTools",
    "Maker",
    "ModelBehaviour",
    "TableRow",
]

#: The day every row below was read.
CHECKED: Final = "2026-12-07"

#: Function tools on Chat Completions: ``yes``; ``effort-none`` (only with
#: ``reasoning_effort: "none"``); ``never`` (the model takes no ``none``, tools need the
#: Responses API); ``None`` not known.
ChatTools = Literal["yes", "effort-none", "never"]

#: The company that makes a row's model, as its pages name it: a wire declares the makers
#: whose models it sends (``ModelIds.makers``), so a row names no wire.
Maker = Literal["OpenAI", "Anthropic", "Google"]

#: Neutral names of the sampling parameters (each wire maps its own fields to these).
SAMPLING: Final = frozenset(
    {"temperature", "top-p", "top-k", "frequency-penalty", "presence-penalty", "top-logprobs"}
)


@dataclass(frozen=True, kw_only=True)
class ModelBehaviour:
    """What a model does beyond its ids and window, as the dated table gives it and
    ``ModelFacts`` carries it: the fields declared once for both (:class:`TableRow` says
    what each means). Keyword-only, so each subclass keeps its own positional fields."""

    released: str | None = None
    output_limit: int | None = None
    input_limit: int | None = None
    reasoning: bool | None = None
    default_effort: str | None = None
    effort_none: bool | None = None
    omitted_is_none: bool | None = None
    rejects_sampling: frozenset[str] = frozenset()
    sampling_when: Literal["always", "effort-not-none"] = "always"
    ignores_sampling: frozenset[str] = frozenset()
    forced_tool_choice: bool | None = None
    chat_tools: ChatTools | None = None
    prefill: bool | None = None
    final_model_turn: bool | None = None
    binds_thinking: bool = False
    image_patches: int | None = None
    patch_multiplier: float | None = None
    reported: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TableRow(ModelBehaviour):
    """One model's facts, as its pages say them.

    - ``context_window``, ``output_limit``, ``input_limit`` in tokens (``None``: the row
      gives none; the catalog's figure is used where it has one).
    - ``inputs``: among ``text``, ``image``, ``audio``, ``video``, ``pdf`` (empty: the row
      gives none).
    - ``released``: ``YYYY-MM-DD`` (``None``: no page read gives the day).
    - ``family``: the provider's line (``gpt-6``, ``claude-fable``, ``gemini-flash``).
    - ``reasoning``: the model reasons; ``default_effort`` its effort when none is sent
      (``None``: not known or not named).
    - ``effort_none``: the model takes reasoning effort ``none`` (``None``: not known);
      ``omitted_is_none``: a request that sends no effort runs at ``none`` (``False``: at
      another default; ``None``: not known).
    - ``rejects_sampling``: the sampling parameters the model refuses (neutral names);
      ``sampling_when``: ``always``, or ``effort-not-none`` (only while reasoning effort is
      not ``none``); ``ignores_sampling``: those it accepts and ignores.
    - ``forced_tool_choice``: ``tool_choice`` ``any`` / ``tool`` taken (``None``: not known).
    - ``chat_tools``: function tools on Chat Completions (:data:`ChatTools`).
    - ``prefill``: a final assistant message taken (``False``: 400).
    - ``final_model_turn``: a request whose last content has role ``model`` taken (Gemini).
    - ``binds_thinking``: returned thinking blocks are bound to their prefix.
    - ``image_patches``: an image costs 32 px patches, at most this many (its ``detail``
      ``auto``, ``original`` or none sent: OpenAI's GPT-5.5 and later), times
      ``patch_multiplier`` tokens each (``None``: the wire's own rule).
    - ``reported``: the facts above (by field name) read only in a user report or a
      write-up; a rule built on one is a warning.
    - ``maker``: the company that makes the model (:data:`Maker`): a wire whose
      ``ModelIds.makers`` name it sends the model.
    - ``url``: the page the row's figures come from; ``sources``: the pages of its other
      facts (``(what, url)``); ``checked``: the day they were read.
    """

    model: str
    maker: Maker
    family: str
    url: str
    context_window: int | None = None
    inputs: frozenset[str] = frozenset()
    sources: tuple[tuple[str, str], ...] = ()
    checked: str = CHECKED

    def __post_init__(self) -> None:
        unknown = (self.rejects_sampling | self.ignores_sampling) - SAMPLING
        if unknown:
            raise ValueError(f"{self.model}: unknown sampling parameters {sorted(unknown)}")


_TI: Final = frozenset({"text", "image"})
_GEMINI_IN: Final = frozenset({"text", "image", "audio", "video", "pdf"})

# --- OpenAI ---------------------------------------------------------------------------
_CHECKLIST: Final = "https://developers.openai.com/api/docs/guides/deployment-checklist"
_CHECKLIST_SAYS = (
    "GPT-6 Astra and GPT-6.1 Sol require Responses for tool calling; GPT-6 Sol and GPT-6 Luna"
    " support function calling in Chat Completions only with reasoning_effort none; when"
    " reasoning effort is not none, remove temperature, top_p and top_logprobs",
    _CHECKLIST,
)
_GPT6_SAMPLING: Final = frozenset({"temperature", "top-p", "top-logprobs"})
#: OpenAI's patch budget for an image at detail ``original`` (``auto`` and none sent are
#: ``original`` on gpt-5.5 and later): openai/codex#19865 citing the images guide's
#: "model sizing behavior"; the 1.2 tokens per patch from a write-up (llxprt-code#3477).
_PATCHES: Final = 10_000
_PATCH_TOKENS: Final = 1.2
_PATCH_SOURCES = (
    (
        "On gpt-5.5 and GPT-5.6 models, auto and the default omitted behavior are equivalent"
        " to original (the images guide, rule-recheck.md #10); a 10k patch budget"
        " (openai/codex#19865)",
        "https://github.com/openai/codex/pull/19865",
    ),
    (
        "image_tokens = ceil(1.2 x patches) on GPT-5.2 and later: vybestack/llxprt-code#3477",
        "https://github.com/vybestack/llxprt-code/issues/3477",
    ),
)
_JOPLIN = (
    "omitting reasoning_effort fails with function tools (gpt-5.6-luna): laurent22/joplin#16451",
    "https://github.com/laurent22/joplin/pull/16451",
)
_TERRA_56 = (
    "Function tools with reasoning_effort are not supported for gpt-5.6-terra (400):"
    " GoogleChromeLabs/webmcp-tools#417",
    "https://github.com/GoogleChromeLabs/webmcp-tools/issues/417",
)
_YOAGENT = (
    "no GPT-6 model defaults to effort none: yologdev/yoagent v0.27.4",
    "https://github.com/yologdev/yoagent/releases/tag/v0.27.4",
)


def _gpt6(
    model: str, released: str, url: str, chat: ChatTools, none: bool, *, figures: bool = True
) -> TableRow:
    """A GPT-6 model (``figures``: its page gives the window and limits)."""
    return TableRow(
        model,
        "OpenAI",
        "gpt-6",
        url,
        released=released,
        context_window=1_050_000 if figures else None,
        output_limit=128_000 if figures else None,
        input_limit=922_000 if figures else None,
        inputs=_TI,
        reasoning=True,
        effort_none=none,
        omitted_is_none=False,
        rejects_sampling=_GPT6_SAMPLING,
        sampling_when="effort-not-none",
        chat_tools=chat,
        image_patches=_PATCHES,
        patch_multiplier=_PATCH_TOKENS,
        reported=frozenset({"omitted_is_none", "patch_multiplier"}),
        sources=(_CHECKLIST_SAYS, _YOAGENT, *_PATCH_SOURCES),
    )


_OPENAI: Final = (
    TableRow(
        "gpt-5.4",
        "OpenAI",
        "gpt-5.4",
        "https://github.com/pipecat-ai/pipecat/issues/4043",
        reasoning=True,
        effort_none=True,
        chat_tools="effort-none",
        reported=frozenset({"chat_tools"}),
        sources=(
            (
                "Function tools with reasoning_effort are not supported for gpt-5.4 in"
                " /v1/chat/completions (400): pipecat-ai/pipecat#4043",
                "https://github.com/pipecat-ai/pipecat/issues/4043",
            ),
        ),
    ),
    TableRow(
        "gpt-5.5",
        "OpenAI",
        "gpt-5.5",
        "https://developers.openai.com/api/docs/guides/images-vision",
        image_patches=_PATCHES,
        patch_multiplier=_PATCH_TOKENS,
        reported=frozenset({"patch_multiplier"}),
        sources=_PATCH_SOURCES,
    ),
    *(
        TableRow(
            f"gpt-5.6-{tier}",
            "OpenAI",
            "gpt-5.6",
            f"https://vercel.com/ai-gateway/models/gpt-5.6-{tier}",
            released="2026-07-09",
            context_window=1_050_000,
            output_limit=128_000,
            inputs=_TI,
            reasoning=True,
            effort_none=True,
            omitted_is_none=False,
            chat_tools="effort-none",
            image_patches=_PATCHES,
            patch_multiplier=_PATCH_TOKENS,
            reported=frozenset({"chat_tools", "omitted_is_none", "patch_multiplier"}),
            sources=(_TERRA_56, _JOPLIN, *_PATCH_SOURCES),
        )
        for tier in ("sol", "terra", "luna")
    ),
    _gpt6(
        "gpt-6-astra",
        "2026-09-03",
        "https://vercel.com/ai-gateway/models/gpt-6-astra",
        "never",
        False,
    ),
    # no page read gives gpt-6-sol's own window: its figures are left to a refreshed catalog
    _gpt6("gpt-6-sol", "2026-09-22", _CHECKLIST, "effort-none", True, figures=False),
    _gpt6(
        "gpt-6-luna",
        "2026-09-22",
        "https://vercel.com/ai-gateway/models/openai/gpt-6-luna",
        "effort-none",
        True,
    ),
    _gpt6("gpt-6.1-sol", "2026-09-29", "https://docs.venice.ai/models/gpt-6-1-sol", "never", False),
    TableRow(
        "gpt-6.1-terra",
        "OpenAI",
        "gpt-6",
        "https://docs.venice.ai/models/gpt-6-1-terra",
        released="2026-10-26",
        context_window=1_050_000,
        output_limit=128_000,
        input_limit=922_000,
        inputs=_TI,
        reasoning=True,
        effort_none=True,
        chat_tools="effort-none",
        image_patches=_PATCHES,
        patch_multiplier=_PATCH_TOKENS,
        reported=frozenset({"chat_tools", "released", "patch_multiplier"}),
        sources=(
            (
                "GPT-6 models (gpt-6.1-terra among them) fail with function tools on Chat"
                " Completions: goruck/home-generative-agent v3.46.0-beta.1",
                "https://github.com/goruck/home-generative-agent/releases/tag/v3.46.0-beta.1",
            ),
        ),
    ),
    *(
        TableRow(
            f"gpt-6.2-{tier}",
            "OpenAI",
            "gpt-6",
            f"https://vercel.com/ai-gateway/models/gpt-6.2-{tier}",
            released="2026-11-17",
            context_window=1_050_000,
            output_limit=128_000,
            inputs=_TI,
            reasoning=True,
            image_patches=_PATCHES,
            patch_multiplier=_PATCH_TOKENS,
            reported=frozenset({"released", "patch_multiplier"}),
            sources=_PATCH_SOURCES,
        )
        for tier in ("astra", "sol")
    ),
)

# --- Anthropic --------------------------------------------------------------------------
_CLAUDE_DOCS: Final = "https://platform.claude.com/docs/en/models"
_MIGRATION = (
    "Prefilling assistant messages returns a 400 error on Claude 4.6 models (and later)",
    "https://platform.claude.com/docs/en/about-claude/models/migration-guide",
)
_FORCED = (
    'Forced tool use is not supported: tool_choice type "tool" and "any" return 400',
    f"{_CLAUDE_DOCS}/fable-5-1/whats-new-fable-5-1#forced-tool-use-is-not-supported",
)
_SAMPLING_47 = (
    "temperature, top_p and top_k return 400 on Claude 4.7 and later, Fable and Mythos"
    " (`temperature` is deprecated for this model): ENTERPILOT/GoModel#856,"
    " yologdev/yoagent v0.27.3",
    "https://github.com/ENTERPILOT/GoModel/pull/856",
)
_CLAUDE_SAMPLING: Final = frozenset({"temperature", "top-p", "top-k"})


def _claude(
    model: str,
    family: str,
    page: str,
    released: str | None,
    *,
    effort: str | None = None,
    forced: bool | None = None,
    binds: bool = False,
    reported: frozenset[str] = frozenset(),
    sources: tuple[tuple[str, str], ...] = (),
) -> TableRow:
    return TableRow(
        model,
        "Anthropic",
        family,
        f"{_CLAUDE_DOCS}/{page}/overview",
        released=released,
        context_window=1_000_000,
        output_limit=128_000,
        inputs=_TI,
        reasoning=True,
        default_effort=effort,
        rejects_sampling=_CLAUDE_SAMPLING,
        forced_tool_choice=forced,
        prefill=False,
        binds_thinking=binds,
        reported=frozenset({"rejects_sampling"}) | reported,
        sources=(_MIGRATION, _SAMPLING_47, *sources),
    )


_F52 = (
    "What's new in Claude Fable 5.2: no change to forced tool use from Fable 5.1 listed",
    f"{_CLAUDE_DOCS}/fable-5-2/whats-new-fable-5-2",
)
_O55 = (
    "Claude Opus 5.5 overview: forced tool use returns an error (a breaking change from Opus 5)",
    f"{_CLAUDE_DOCS}/opus-5-5/overview",
)

_ANTHROPIC: Final = (
    # Claude 4.6 and 4.7 are in the catalog: these rows add the facts it lacks
    *(
        TableRow(
            model,
            "Anthropic",
            family,
            _MIGRATION[1],
            prefill=False,
            rejects_sampling=_CLAUDE_SAMPLING if model == "claude-opus-4-7" else frozenset(),
            reported=frozenset({"rejects_sampling"}),
            sources=(_MIGRATION, _SAMPLING_47),
        )
        for model, family in (
            ("claude-opus-4-6", "claude-opus"),
            ("claude-sonnet-4-6", "claude-sonnet"),
            ("claude-opus-4-7", "claude-opus"),
        )
    ),
    _claude("claude-opus-4-8", "claude-opus", "opus-4-8", "2026-05-28"),
    _claude("claude-fable-5", "claude-fable", "fable-5", "2026-06-09", effort="high", forced=True),
    _claude("claude-sonnet-5", "claude-sonnet", "sonnet-5", "2026-06-30", effort="high"),
    _claude("claude-opus-5", "claude-opus", "opus-5", "2026-07-24"),
    _claude(
        "claude-fable-5-1",
        "claude-fable",
        "fable-5-1",
        "2026-09-01",
        effort="high",
        forced=False,
        binds=True,
        sources=(_FORCED,),
    ),
    _claude(
        "claude-mythos-5-1",
        "claude-mythos",
        "fable-5-1",
        "2026-09-01",
        effort="high",
        forced=False,
        binds=True,
        sources=(_FORCED,),
    ),
    _claude(
        "claude-opus-5-5",
        "claude-opus",
        "opus-5-5",
        None,
        effort="medium",
        forced=False,
        binds=True,
        sources=(_O55,),
    ),
    _claude("claude-sonnet-5-5", "claude-sonnet", "sonnet-5-5", None, effort="high", binds=True),
    _claude(
        "claude-haiku-5-5", "claude-haiku", "haiku-5-5", "2026-10-07", effort="medium", binds=True
    ),
    _claude(
        "claude-fable-5-2",
        "claude-fable",
        "fable-5-2",
        "2026-11-09",
        effort="high",
        forced=False,
        binds=True,
        reported=frozenset({"forced_tool_choice"}),
        sources=(_F52,),
    ),
    _claude(
        "claude-mythos-5-2",
        "claude-mythos",
        "fable-5-2",
        "2026-11-09",
        effort="high",
        forced=False,
        binds=True,
        reported=frozenset({"forced_tool_choice"}),
        sources=(_F52,),
    ),
)

# --- Gemini -----------------------------------------------------------------------------
_VERTEX: Final = "https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/gemini"
_NEWER = (
    "stop sending temperature, top_p and top_k to Gemini 3.6 Flash, 3.5 Flash-Lite and newer"
    " (BerriAI/litellm v1.109.0)",
    "https://github.com/BerriAI/litellm/releases/tag/v1.109.0",
)
_PENALTIES: Final = frozenset({"frequency-penalty", "presence-penalty"})


def _gemini(
    model: str, url: str, released: str | None, *, on_page: bool, effort: str | None = None
) -> TableRow:
    """A Gemini Flash of the 3.6 line or later: penalties an error, temperature / top-K /
    top-P ignored, a last ``model`` content an error (``on_page``: its own page says so;
    else only the 3.6 and 3.5 Flash-Lite pages and a write-up about newer models do)."""
    behaviour = frozenset({"rejects_sampling", "ignores_sampling", "final_model_turn"})
    return TableRow(
        model,
        "Google",
        "gemini-flash",
        url,
        released=released,
        context_window=1_048_576,
        output_limit=65_536,
        inputs=_GEMINI_IN,
        reasoning=True,
        default_effort=effort,
        rejects_sampling=_PENALTIES,
        ignores_sampling=frozenset({"temperature", "top-p", "top-k"}),
        final_model_turn=False,
        reported=frozenset() if on_page else behaviour,
        sources=() if on_page else (_NEWER,),
    )


_GEMINI: Final = (
    _gemini("gemini-3.6-flash", f"{_VERTEX}/3-6-flash", None, on_page=True, effort="medium"),
    _gemini(
        "gemini-3.5-flash-lite", f"{_VERTEX}/3-5-flash-lite", None, on_page=True, effort="minimal"
    ),
    _gemini(
        "gemini-3.7-flash",
        "https://ai.google.dev/gemini-api/docs/models/gemini-3.7-flash",
        "2026-08-13",
        on_page=False,
        effort="medium",
    ),
    _gemini(
        "gemini-3.8-flash", f"{_VERTEX}/3-8-flash", "2026-09-02", on_page=False, effort="medium"
    ),
)

#: Every row, in the table's order (provider, then release).
ROWS: Final[tuple[TableRow, ...]] = (*_OPENAI, *_ANTHROPIC, *_GEMINI)

#: The rows by (maker, model id).
TABLE: Final[Mapping[tuple[Maker, str], TableRow]] = MappingProxyType(
    {(row.maker, row.model): row for row in ROWS}
)
