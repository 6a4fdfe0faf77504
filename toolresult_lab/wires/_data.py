"""What a wire declares, as data, for the layers above it: which documented token rule
prices its media and text, how its blocks read back, what its official client changes, and
how that client takes part in a round trip (:class:`OfficialClient`), and the request paths
of its API (:class:`ApiPaths`).

A wire names a rule by kind; the rules themselves (their arithmetic and the pages they
cite) live above the wires, in ``tokens`` and ``readback``, in tables keyed by rule kind,
never by wire. So a caller asks the wire which rule applies instead of comparing names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple
from urllib.parse import unquote

__all__ = [
    "MODEL_IN_PATH_LONGEST",
    "NO_PATHS",
    "NO_TOKEN_RULES",
    "Alteration",
    "ApiPaths",
    "ImageTokenRule",
    "OfficialClient",
    "PathMatch",
    "PdfTokenRule",
    "ReadBack",
    "TextTokenRule",
    "TokenRules",
]

#: How one image is priced: Claude's 28 px patches (as on anthropic, or on Bedrock, whose
#: page documents no rule of its own), Gemini's 768 px tiles, OpenAI's 512 px tiles.
ImageTokenRule = Literal[
    "claude_patches", "claude_patches_on_bedrock", "gemini_tiles", "openai_tiles"
]
#: A per-page PDF rule (Gemini's 258 tokens a page).
PdfTokenRule = Literal["gemini_pages"]
#: Which page the ≈ 4 characters per token approximation cites: Gemini's token page,
#: OpenAI's help article, or that article as a rule of thumb for a provider documenting none.
TextTokenRule = Literal["gemini_tokens", "openai_tokens", "rule_of_thumb"]
#: How a tool-result block reads back as MCP content: each part as its entry (``parts``);
#: for a wire whose blocks may hold the provider's own image and document blocks, such a
#: block kept as it is unless ``to()`` makes exactly it (``native_blocks``; a string
#: ``content`` there is the JSON of the structured content); for a wire whose block is
#: text inside the ``response_tag`` option's tag, that tag read whatever its spelling
#: (``tagged_text``).
ReadBack = Literal["parts", "native_blocks", "tagged_text"]


@dataclass(frozen=True)
class TokenRules:
    """The documented token rules that apply on one wire.

    ``image``: the image rule (``None``: the wire carries no image, its text is counted).
    ``hoisted_image``: the rule for an image the wire hoists into a user message beside
    its tool messages (``None``: none documented). ``pdf``: a per-page PDF rule (``None``:
    none documented). ``pdf_note``: what the provider documents about a PDF's cost, in one
    sentence (``""``: the wire carries no PDF). ``text``: the page the text approximation
    cites. ``encoding``: the tokenizer encoding of the wire's own models, counted exactly
    where the ``exact`` extra is installed and the request names no other model (``None``:
    the provider publishes none, text is estimated). ``model_images``: an image is priced
    by the model's own rule where its facts give one (``models.ModelFacts.image_patches``:
    OpenAI's GPT-5.5 and later), else by the rules above.
    """

    image: ImageTokenRule | None = None
    hoisted_image: ImageTokenRule | None = None
    pdf: PdfTokenRule | None = None
    pdf_note: str = ""
    text: TextTokenRule = "rule_of_thumb"
    encoding: str | None = None
    model_images: bool = False


#: A wire that documents no media rule and carries no media.
NO_TOKEN_RULES = TokenRules()


@dataclass(frozen=True)
class Alteration:
    """One change a wire's official client makes to the messages it is given.

    ``apply`` is a pure function: it returns the messages as the client sends them with this one
    change made, and leaves its argument untouched.
    """

    wire: str
    name: str
    description: str
    apply: Callable[[list[Any]], list[Any]]


@dataclass(frozen=True)
class OfficialClient:
    """How a wire's official client takes part in a round trip (``views.roundtrip``) and
    what the loopback recorder answers it (``views.replies``). The wire declares it, so a
    wire registered later with one takes part, and no table above the wires names it.

    ``model``: the model name the round trip asks for (any name works with the recorder).
    ``call``: the client and call, as shown (``"openai: client.chat.completions.create"``).
    ``endpoint``: the request path the client uses (``{model}`` stands for the model).
    ``send``: ``(model, messages, base_url, timeout)``, sends ``messages`` through the client
    to ``base_url`` (retries off, no proxy from the environment); it imports its SDK when
    called, as the SDKs are optional extras. ``answers``: whether a recorded request path is
    its API's (``None``: the recorder answers it as ``answered_by``'s, or not at all).
    ``path_model``: the model a request path names (Gemini's and Bedrock's do), else
    ``None``. ``reply``: a minimal valid response of its API, ``(model, text)`` to body, what
    the recorder answers. ``call_reply``: a response in which the model says its turn's
    echo, ``(model, echo)`` to body, what the recorder answers a tool loop with.
    ``answered_by``: the wire whose API answers it, where another's (hermes: openai, as
    Hermes-style servers speak the OpenAI chat API); its own ``reply`` is then unused.
    """

    model: str
    call: str
    endpoint: str
    send: Callable[[str, list[Any], str, float], None]
    answers: Callable[[str], bool] | None = None
    path_model: Callable[[str], str | None] | None = None
    reply: Callable[[str, str], dict[str, Any]] | None = None
    call_reply: Callable[[str, list[Any]], dict[str, Any]] | None = None
    answered_by: str | None = None


#: The most characters a model named in a path may have, escapes included: a Bedrock ARN is
#: a few hundred; a longer segment is no model name, and is not unescaped (a 10 MB run of
#: ``%41`` took 3 s and 715 MiB to unescape).
MODEL_IN_PATH_LONGEST: Final = 4096


class PathMatch(NamedTuple):
    """A request path of a wire's API, and the model the path names (``None``: the body's)."""

    model: str | None


@dataclass(frozen=True)
class ApiPaths:
    """The request paths of a wire's API: what tells a request of this wire from another's
    before its body is read (the guard's ``guarding.wire_paths``, the loopback recorder).

    A path is read without its query string and trailing slash. ``endings``: a path ending
    so is this API's, its model in the body (``/chat/completions``). ``model_methods``: a
    path ending so after a model named in the path, which follows ``model_marker``
    (Gemini's ``models/{model}:generateContent``, Bedrock's ``/model/{modelId}/converse``);
    a path ending so without a model (or with a segment over :data:`MODEL_IN_PATH_LONGEST`
    characters) is no request. Neither: the wire's requests are not
    told apart by path (hermes speaks OpenAI's chat path)."""

    endings: tuple[str, ...] = ()
    model_marker: str = ""
    model_methods: tuple[str, ...] = ()

    def match(self, path: str) -> PathMatch | None:
        """``path`` as this API's request path, with the model it names; ``None``: not one
        of this API's."""
        path = path.partition("?")[0].rstrip("/")
        for ending in self.endings:
            if path.endswith(ending):
                return PathMatch(None)
        for method in self.model_methods:
            if path.endswith(method):
                _, sep, model = path[: -len(method)].rpartition(self.model_marker)
                if not sep or not model or len(model) > MODEL_IN_PATH_LONGEST:
                    return None  # no model, or no model name: not a request of this API
                return PathMatch(unquote(model))
        return None

    def answers(self, path: str) -> bool:
        """Whether ``path`` is one of this API's request paths."""
        return self.match(path) is not None


#: A wire whose requests no path tells apart.
NO_PATHS: Final = ApiPaths()
