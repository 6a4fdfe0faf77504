"""``audit``: what each wire (or provider profile) does with every entry of logged results."""

from __future__ import annotations

import argparse
from typing import Any

from tabulate import tabulate

from ..conversion.facts import FACTS
from ..conversion.profiles import PROFILES
from ._hints import log_hint
from ._shared import InputError, add_option_arguments, flag_options, warn

__all__ = ["add_parsers"]


def add_parsers(commands: Any) -> None:
    audit = commands.add_parser(
        "audit",
        help="audit logged tool results: what each wire or provider would lose",
        description="Count, for every wire (or provider profile), what happens to each content"
        " entry of logged MCP tool results (JSON Lines, plain or gzip, or Parquet): entries,"
        " results and payload bytes by kind and outcome. Bad lines are counted, not fatal.",
    )
    audit.add_argument("paths", nargs="+", metavar="PATH", help="log files or globs")
    audit.add_argument("--engine", choices=("pandas", "dask"), default="pandas")
    audit.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --engine dask: run on this Dask scheduler (tcp://host:8786)",
    )
    audit.add_argument(
        "--profiles",
        action="store_true",
        help="audit the provider profiles instead of the wires",
    )
    audit.add_argument(
        "--profile", action="append", choices=list(PROFILES), help="only this profile"
    )
    audit.add_argument(
        "--vision",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the model sees images (default: yes); --no-vision: a text-only model",
    )
    audit.add_argument("--wire", action="append", choices=tuple(FACTS), help="only this wire")
    audit.add_argument(
        "--from",
        dest="requests_of",
        choices=tuple(FACTS),
        metavar="WIRE",
        help="the log holds requests of this wire: audit the tool results inside them",
    )
    audit.add_argument(
        "--by", action="append", metavar="KEY", help="group by this top-level key as well"
    )
    audit.add_argument("--format", choices=("table", "csv", "json", "markdown"), default="table")
    audit.add_argument("--plot", metavar="FILE", help="also draw the outcomes to this image")
    audit.add_argument(
        "--weight",
        choices=("entries", "results", "payload_bytes"),
        default="entries",
        help="what --plot stacks (default: entries)",
    )
    audit.add_argument(
        "--strict", action="store_true", help="stop at the first bad record (exit status 2)"
    )
    audit.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show progress (default: when stderr is a terminal)",
    )
    add_option_arguments(audit)
    audit.set_defaults(run=_audit)


def _check(args: argparse.Namespace) -> None:
    """Flags that contradict each other: one line, before anything is read."""
    profiles = args.profiles or bool(args.profile)
    options = flag_options(args)
    chosen = {name for name, value in options.items() if value is not None}
    if profiles and args.wire:
        raise InputError("--wire and --profiles exclude each other (a profile names its wire)")
    if profiles and chosen:
        flags = ", ".join("--" + name.replace("_", "-") for name in sorted(chosen))
        raise InputError(f"{flags}: a provider profile sets its own options")
    if args.scheduler and args.engine != "dask":
        raise InputError("--scheduler needs --engine dask")


def _audit(args: argparse.Namespace) -> str:
    _check(args)
    try:  # pandas and the audit: imported only by the subcommand that needs them
        from ..logs.auditing import BadRecordError, audit, plot_audit
    except ImportError as error:
        raise InputError(str(error)) from None
    profiles: Any = args.profile or (True if args.profiles else None)
    options: dict[str, Any] = {}
    if not profiles:
        options = {k: v for k, v in flag_options(args).items() if v is not None}
    try:
        if args.scheduler:
            df = _on_scheduler(args.scheduler, args, profiles, options)
        else:
            df = audit(
                args.paths,
                wires=args.wire,
                profiles=profiles,
                vision=args.vision,
                engine=args.engine,
                by=args.by,
                strict=args.strict,
                progress=args.progress,
                requests_of=args.requests_of,
                **options,
            )
    except BadRecordError as error:
        raise InputError(f"bad record at {error} (--strict)") from None
    except (OSError, ValueError, TypeError, ImportError) as error:
        raise InputError(str(error)) from None
    except Exception as error:  # a cluster's own failures (a killed worker, a lost scheduler)
        raise InputError(f"the audit failed: {type(error).__name__}: {error}") from None
    bad = df.attrs["bad_records"]
    first = ""
    if bad:
        file, line, reason = df.attrs["bad_examples"][0]
        first = f" (first: {file}:{line}: {reason})"
    hint = log_hint(args.paths, "toolresult-lab explain FILE --wire all") if bad else ""
    if not df.attrs["records"]:  # nothing audited is a failed run, not an empty table
        raise InputError(
            f"no result was read from {' '.join(args.paths)}"
            + (f": {_records(bad, 'bad record')}{first}" if bad else ": no records")
            + hint
        )
    if bad:
        warn(f"{_records(bad, 'bad record')} skipped{first}{hint}")
    if args.plot:
        _plot(df, args.plot, args.weight, plot_audit)
    if args.format == "csv":
        return str(df.to_csv(index=False))
    if args.format == "json":
        return str(df.to_json(orient="records", indent=1, force_ascii=False))
    if args.format == "markdown":
        return str(df.to_markdown(index=False))
    rows: Any = df  # tabulate reads a DataFrame (its stubs do not say so)
    table = str(tabulate(rows, headers="keys", tablefmt="simple", showindex=False, intfmt=","))
    audited = _records(df.attrs["records"], "result")
    return f"{table}\n\n{audited} audited, {_records(bad, 'bad record')} skipped."


def _records(count: int, noun: str) -> str:
    """``1 bad record``, ``2 bad records``, ``1,024 results``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _on_scheduler(
    address: str, args: argparse.Namespace, profiles: Any, options: dict[str, Any]
) -> Any:
    try:
        from distributed import Client
    except ImportError as error:
        raise InputError(f"--scheduler needs dask[distributed] ({error})") from None
    from ..logs.auditing import audit

    try:
        client = Client(address, timeout="10s")
    except OSError as error:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        return audit(
            args.paths,
            wires=args.wire,
            profiles=profiles,
            vision=args.vision,
            engine="dask",
            by=args.by,
            strict=args.strict,
            progress=args.progress,
            requests_of=args.requests_of,
            **options,
        )


def _plot(df: Any, path: str, weight: str, plot_audit: Any) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")  # a file, never a window
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise InputError(f"--plot needs matplotlib ({error})") from None
    figure, ax = plt.subplots(figsize=(10, 5))
    plot_audit(df, weight, ax=ax)
    try:
        figure.savefig(path, bbox_inches="tight", dpi=120)
    except (OSError, ValueError) as error:
        raise InputError(f"cannot write {path}: {error}") from None
    finally:
        plt.close(figure)
