"""The log audit: exact counts, the sums ``explain()`` gives, every source, both engines, bad
records counted (never fatal), a real ``distributed.LocalCluster``, the plot and the styler."""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import distributed
import pandas as pd
import pytest

from toolresult_lab import WIRES, ToolResult
from toolresult_lab.conversion.explain import OUTCOME_COLOURS, OUTCOMES
from toolresult_lab.conversion.profiles import PROFILES
from toolresult_lab.logs import progress
from toolresult_lab.logs.auditing import (
    COUNT_COLUMNS,
    BadRecordError,
    audit,
    plot_audit,
    style_audit,
)
from toolresult_lab.logs.linereader import open_gzip
from toolresult_lab.logs.synthetic import LogStats, synthetic_log
from toolresult_lab.views.probes import ENTRY_KINDS, SAMPLE_IMAGES, SAMPLE_PDF, entry_kind

PNG = SAMPLE_IMAGES["image/png"]  # 83 bytes decoded
COLUMNS = ["wire", "kind", "outcome", *COUNT_COLUMNS]


def check(df: pd.DataFrame, rows: list[tuple[Any, ...]]) -> None:
    got = [tuple(r) for r in df.astype({c: str for c in ("wire", "kind", "outcome")}).to_numpy()]
    assert got == rows


# -- a synthetic log, once per module --------------------------------------------------


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> LogStats:
    path = tmp_path_factory.mktemp("log") / "calls.jsonl.gz"
    return synthetic_log(path, 3000, seed=7, bad_every=60)


@pytest.fixture(scope="module")
def plain_log(log: LogStats, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("plain") / "calls.jsonl"
    with gzip.open(log.path, "rb") as source, open(path, "wb") as target:
        shutil.copyfileobj(source, target)
    return path


@pytest.fixture(scope="module")
def by_wire(log: LogStats) -> pd.DataFrame:
    return audit(log.path, progress=False)


def independent_results(path: str) -> list[ToolResult]:
    """The results of a log, read without the audit's reader (the test's own reading)."""
    results = []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if not isinstance(value, dict):
                continue
            if "jsonrpc" in value:
                value = value.get("result")
                if not isinstance(value, dict):
                    continue
            if "content" not in value and "structuredContent" not in value:
                continue
            try:
                results.append(
                    ToolResult.from_mcp(value, name=value.get("name", ""), id=value.get("id", ""))
                )
            except (TypeError, ValueError):
                continue
    return results


# -- the synthetic log -----------------------------------------------------------------------------


def test_synthetic_log_is_seeded_and_says_what_it_wrote(tmp_path: Path, log: LogStats) -> None:
    a = synthetic_log(tmp_path / "a.jsonl", 500, seed=3)
    b = synthetic_log(tmp_path / "b.jsonl", 500, seed=3)
    c = synthetic_log(tmp_path / "c.jsonl", 500, seed=4)
    assert (a.results, a.bad_lines, a.entries) == (b.results, b.bad_lines, b.entries)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert (tmp_path / "a.jsonl").read_bytes() != (tmp_path / "c.jsonl").read_bytes()
    lines = (tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == a.results + a.bad_lines
    assert (a.results, a.file_bytes) == (500, (tmp_path / "a.jsonl").stat().st_size)
    assert a.bad_lines > 0 and c.results == 500
    assert log.results == 3000 and 2.7 < log.entries / log.results < 3.3  # ~3 entries a result


def test_synthetic_log_has_every_kind_of_entry(by_wire: pd.DataFrame) -> None:
    kinds = set(by_wire["kind"].astype(str))
    assert {
        "text",
        "text_cache_control",
        "image_png",
        "image_jpeg",
        "image_gif",
        "image_webp",
        "image_svg",
        "image_other",
        "image_resource",
        "audio",
        "pdf_resource",
        "text_resource",
        "json_resource",
        "text_blob",
        "binary_blob",
        "resource_link",
        "empty",
        "non_object",
        "unknown_type",
    } <= kinds
    outcomes = set(by_wire["outcome"].astype(str))
    assert {"text", "placeholder", "degraded", "omitted", "passthrough"} <= outcomes


# -- exact values ----------------------------------------------------------------------------------

RECORDS: list[dict[str, Any]] = [
    {  # an image and its caption
        "name": "plot",
        "id": "call_1",
        "server": "charts",
        "content": [
            {"type": "image", "mimeType": "image/png", "data": PNG},
            {"type": "text", "text": "Köln"},
        ],
    },
    {  # two text entries: two entries, one result
        "name": "search",
        "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "bc"}],
        "isError": False,
    },
    {  # a PDF resource
        "jsonrpc": "2.0",
        "id": 7,
        "server": "docs",
        "result": {
            "content": [
                {
                    "type": "resource",
                    "resource": {
                        "uri": "file:///q.pdf",
                        "mimeType": "application/pdf",
                        "blob": SAMPLE_PDF,
                    },
                }
            ]
        },
    },
    {"name": "weather", "content": [], "structuredContent": {"temp": 22}},  # 11 bytes of JSON
    {"name": "noop", "content": []},
]


def test_exact_rows_per_wire() -> None:
    df = audit(RECORDS, wires=["openai", "anthropic", "gemini"], progress=False, image_input=True)
    check(
        df,
        [
            ("openai", "text", "text", 3, 2, 8),
            ("openai", "image_png", "placeholder", 1, 1, 83),
            ("openai", "pdf_resource", "placeholder", 1, 1, 200),
            ("openai", "empty", "text", 1, 1, 11),
            ("openai", "empty", "omitted", 1, 1, 0),
            ("anthropic", "text", "text", 3, 2, 8),
            ("anthropic", "image_png", "native", 1, 1, 83),
            ("anthropic", "pdf_resource", "native", 1, 1, 200),
            ("anthropic", "empty", "text", 1, 1, 11),
            ("anthropic", "empty", "omitted", 1, 1, 0),
            ("gemini", "text", "text", 3, 2, 8),
            ("gemini", "image_png", "native", 1, 1, 83),
            ("gemini", "pdf_resource", "placeholder", 1, 1, 200),
            ("gemini", "empty", "passthrough", 1, 1, 11),
            ("gemini", "empty", "omitted", 1, 1, 0),
        ],
    )
    assert list(df.columns) == COLUMNS
    assert df.attrs == {"records": 5, "bad_records": 0, "bad_examples": []}
    assert str(df["entries"].dtype) == "int64" and str(df["payload_bytes"].dtype) == "int64"
    assert list(df["wire"].cat.categories) == ["openai", "anthropic", "gemini"]
    assert list(df["kind"].cat.categories) == list(ENTRY_KINDS)
    assert list(df["outcome"].cat.categories) == list(OUTCOMES)


def test_by_keys_group_and_jsonrpc_ids_are_not_call_ids() -> None:
    df = audit(RECORDS, wires="openai", by=["server", "id"], progress=False)
    check_rows = [
        (r.server, r.id, str(r.kind), str(r.outcome), r.entries, r.results) for r in df.itertuples()
    ]
    assert check_rows == [
        ("", "", "text", "text", 2, 1),  # search: no server, no id
        ("", "", "empty", "text", 1, 1),
        ("", "", "empty", "omitted", 1, 1),
        ("charts", "call_1", "text", "text", 1, 1),
        ("charts", "call_1", "image_png", "placeholder", 1, 1),
        ("docs", "", "pdf_resource", "placeholder", 1, 1),  # JSON-RPC id 7 is not a call id
    ]
    assert list(df.columns) == ["server", "id", "wire", "kind", "outcome", *COUNT_COLUMNS]
    by_name = audit(RECORDS, wires="openai", by="name", progress=False)
    assert sorted(set(by_name["name"])) == ["", "noop", "plot", "search", "weather"]


def test_by_values_that_are_not_strings_group_as_json() -> None:
    records = [{"content": [], "shard": 3}, {"content": [], "shard": {"a": 1}}, {"content": []}]
    df = audit(records, wires="openai", by="shard", progress=False)
    assert list(df["shard"]) == ["", "3", '{"a":1}']


def test_vision_false_on_wires_turns_off_what_needs_vision() -> None:
    text_only = audit(RECORDS[:3], vision=False, progress=False, wires=["anthropic", "responses"])
    check(
        text_only,
        [
            ("anthropic", "text", "text", 3, 2, 8),
            ("anthropic", "image_png", "placeholder", 1, 1, 83),
            ("anthropic", "pdf_resource", "native", 1, 1, 200),  # read as text: no vision needed
            ("responses", "text", "text", 3, 2, 8),
            ("responses", "image_png", "placeholder", 1, 1, 83),
            ("responses", "pdf_resource", "placeholder", 1, 1, 200),
        ],
    )
    with pytest.raises(ValueError, match="native_pdf=True contradicts vision=False: on responses"):
        audit(RECORDS, vision=False, native_pdf=True, wires="responses")
    assert audit(RECORDS, vision=False, native_pdf=True, wires="anthropic").attrs["records"] == 5


def test_profiles_rows_use_each_profiles_options() -> None:
    vision = audit(RECORDS[:1], profiles=["anthropic", "akiio", "openai-chat"], progress=False)
    check(
        vision.rename(columns={"profile": "wire"}),
        [
            ("anthropic", "text", "text", 1, 1, 5),
            ("anthropic", "image_png", "native", 1, 1, 83),
            ("akiio", "text", "text", 1, 1, 5),
            ("akiio", "image_png", "placeholder", 1, 1, 83),
            ("openai-chat", "text", "text", 1, 1, 5),
            ("openai-chat", "image_png", "placeholder", 1, 1, 83),
        ],
    )
    text_only = audit(RECORDS[:1], profiles="anthropic", vision=False, progress=False)
    assert list(text_only["outcome"].astype(str)) == ["text", "placeholder"]
    everything = audit(RECORDS, profiles=True, progress=False)
    assert list(everything["profile"].cat.categories) == list(PROFILES)


# -- the sums equal explain() ----------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"image_input": True, "native_pdf": True}])
def test_entries_by_wire_and_outcome_equal_explain(log: LogStats, options: dict[str, Any]) -> None:
    df = audit(log.path, progress=False, **options)
    results = independent_results(log.path)
    assert df.attrs["records"] == len(results) == log.results
    expected = Counter(
        (wire, record.outcome)
        for result in results
        for wire in WIRES
        for record in result.explain(wire, **options)
    )
    entries = df[df["kind"] != "empty"].groupby(["wire", "outcome"], observed=True)["entries"].sum()
    assert {(str(w), str(o)): int(n) for (w, o), n in entries.items()} == dict(expected)
    empty = df[df["kind"] == "empty"].groupby("wire", observed=True)["entries"].sum()
    assert empty.to_dict() == {wire: log.empty for wire in WIRES}
    assert int(df[df["kind"] != "empty"]["entries"].sum()) == log.entries * len(WIRES)


def test_profile_entries_equal_explain_with_the_profiles_options(log: LogStats) -> None:
    df = audit(log.path, profiles=True, vision=False, progress=False)
    results = independent_results(log.path)
    expected = Counter(
        (profile.id, record.outcome)
        for result in results
        for profile in PROFILES.values()
        for record in result.explain(profile.wire, **profile.options(False))
    )
    entries = df[df["kind"] != "empty"].groupby(["profile", "outcome"], observed=True)["entries"]
    assert {(str(p), str(o)): int(n) for (p, o), n in entries.sum().items()} == dict(expected)


def test_results_count_records_with_such_an_entry(log: LogStats, by_wire: pd.DataFrame) -> None:
    results = independent_results(log.path)

    openai = by_wire[by_wire["wire"] == "openai"]
    got = {
        (str(k), str(o)): int(n)
        for k, o, n in openai[["kind", "outcome", "results"]].itertuples(index=False)
        if k != "empty"
    }
    expected: Counter[tuple[str, str]] = Counter()
    for result in results:
        expected.update(
            {(entry_kind(result._items[r.index]), r.outcome) for r in result.explain("openai")}
        )
    assert got == dict(expected)


# -- sources ---------------------------------------------------------------------------------------


def test_every_source_gives_the_same_frame(log: LogStats, plain_log: Path, tmp_path: Path) -> None:
    expected = audit(log.path, progress=False)
    assert expected.equals(audit(plain_log, progress=False))
    assert expected.equals(audit([str(plain_log)], progress=False))
    assert expected.equals(audit(str(plain_log.parent / "*.jsonl"), progress=False))
    lines = plain_log.read_text(encoding="utf-8").splitlines()
    good = []
    for line in lines:
        try:
            good.append(json.loads(line))
        except ValueError:
            good.append(line)  # a bad line stays bad in a list too: not a dict
    from_list = audit(good, progress=False)
    assert from_list.equals(expected)
    assert from_list.attrs["bad_records"] == expected.attrs["bad_records"]
    assert audit(iter(good), progress=False).equals(expected)  # a generator streams


def test_results_and_dicts_agree() -> None:
    results = [
        ToolResult.from_mcp(r["result"]) if "jsonrpc" in r else ToolResult.from_mcp(r)
        for r in RECORDS
    ]
    assert audit(results, progress=False).equals(audit(RECORDS, progress=False))


def test_dataframe_and_parquet_sources(tmp_path: Path) -> None:
    expected = audit(RECORDS, progress=False, by="server")
    table = pd.DataFrame(
        {
            "server": ["charts", None, "docs", None, None],
            "name": [r.get("name") for r in RECORDS],
            "content": [json.dumps(r.get("result", r)["content"]) for r in RECORDS],
            "structuredContent": [None, None, None, '{"temp": 22}', None],
            "isError": [None, False, None, None, None],
        }
    )
    assert audit(table, progress=False, by="server").equals(expected)
    table.to_parquet(tmp_path / "a.parquet", row_group_size=2)
    assert audit(tmp_path / "a.parquet", progress=False, by="server").equals(expected)
    split = audit(tmp_path / "a.parquet", engine="dask", blocksize=1, progress=False, by="server")
    assert split.equals(expected)
    # Nested columns (Arrow fills a struct's missing fields with null: dropped again)
    nested = pd.DataFrame({"content": [r.get("result", r)["content"] for r in RECORDS[:3]]})
    nested.to_parquet(tmp_path / "nested.parquet")
    assert audit(tmp_path / "nested.parquet", progress=False).equals(
        audit(RECORDS[:3], progress=False)
    )
    # pandas' own reading of a JSON Lines log: NaN for missing cells
    lines = "\n".join(json.dumps(r) for r in RECORDS if "jsonrpc" not in r)
    read = pd.read_json(io.StringIO(lines), lines=True)
    records = [r for r in RECORDS if "jsonrpc" not in r]
    assert audit(read, progress=False).equals(audit(records, progress=False))


def test_the_input_is_only_read(log: LogStats, tmp_path: Path) -> None:
    before = Path(log.path).read_bytes(), os.stat(log.path).st_mtime_ns
    audit(log.path, progress=False)
    assert (Path(log.path).read_bytes(), os.stat(log.path).st_mtime_ns) == before
    records = json.loads(json.dumps(RECORDS))
    table = pd.DataFrame({"content": [json.dumps(r.get("content", [])) for r in RECORDS]})
    copy = table.copy()
    audit(records, progress=False)
    audit(table, progress=False)
    assert records == RECORDS and table.equals(copy)


# -- bad records -----------------------------------------------------------------------------------

BAD_LOG = [
    json.dumps(RECORDS[0]),
    "{not json",
    "",  # blank lines are skipped (and counted as lines)
    "[1, 2]",
    json.dumps({"name": "x", "content": "text"}),
    json.dumps({"name": "x", "content": [], "isError": "no"}),
    json.dumps({"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "x"}}),
    json.dumps({"event": "started"}),
    json.dumps(RECORDS[1]),
    json.dumps({"name": 5, "content": []}),
]
BAD_EXAMPLES = [
    (2, "invalid JSON: Expecting property name enclosed in double quotes (column 2)"),
    (4, "not a JSON object but an array"),
    (5, "ToolResult.content must be a list of content blocks, not str"),
    (6, "ToolResult.is_error must be a bool, not str"),
    (7, "a JSON-RPC error response, not a tool result"),
]


@pytest.fixture
def bad_log(tmp_path: Path) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(BAD_LOG) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("engine", ["pandas", "dask"])
def test_bad_records_are_counted_not_fatal(bad_log: Path, engine: str) -> None:
    df = audit(bad_log, wires="openai", engine=engine, progress=False)  # type: ignore[arg-type]
    assert df.attrs["records"] == 2
    assert df.attrs["bad_records"] == 7
    assert df.attrs["bad_examples"] == [(str(bad_log), line, why) for line, why in BAD_EXAMPLES]
    check(
        df, [("openai", "text", "text", 3, 2, 8), ("openai", "image_png", "placeholder", 1, 1, 83)]
    )


@pytest.mark.parametrize("engine", ["pandas", "dask"])
def test_strict_raises_at_the_first_bad_record(bad_log: Path, engine: str) -> None:
    with pytest.raises(BadRecordError) as raised:
        audit(bad_log, engine=engine, strict=True, progress=False)  # type: ignore[arg-type]
    assert str(raised.value) == f"{bad_log}:2: {BAD_EXAMPLES[0][1]}"
    assert (raised.value.line, raised.value.file) == (2, str(bad_log))


def test_line_numbers_across_byte_range_parts(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    lines = [json.dumps(RECORDS[1])] * 300
    for at in (3, 150, 151, 299):
        lines[at - 1] = "oops"
    lines[200] = ""  # a blank line is a line
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert 30_000 < path.stat().st_size < 35_000
    for blocksize in (999, 4096, 10**6):  # 34, 9 and 1 parts
        df = audit(path, engine="dask", blocksize=blocksize, progress=False, wires="hermes")
        assert df.attrs["bad_examples"] == [
            (str(path), at, "invalid JSON: Expecting value (column 1)") for at in (3, 150, 151, 299)
        ], blocksize
        assert (df.attrs["records"], int(df["entries"].sum())) == (295, 590)


def test_a_truncated_gzip_file_is_one_bad_record(tmp_path: Path) -> None:
    data = gzip.compress(("\n".join([json.dumps(RECORDS[1])] * 2000) + "\n").encode())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    readable = 0  # the lines the decompressor gives before it fails: none may be lost
    with pytest.raises(OSError), open(cut, "rb") as raw, open_gzip(raw) as lines:
        for _ in lines:
            readable += 1
    assert 500 < readable < 1000
    df = audit(cut, wires="openai", progress=False)
    reason = (
        "the file cannot be read past this line:"
        " Compressed file ended before the end-of-stream marker was reached"
    )
    assert df.attrs == {
        "records": readable,
        "bad_records": 1,
        "bad_examples": [(str(cut), readable + 1, reason)],
    }
    check(df, [("openai", "text", "text", 2 * readable, readable, 3 * readable)])
    with pytest.raises(BadRecordError, match=f"cut.jsonl.gz:{readable + 1}: {reason}"):
        audit(cut, progress=False, strict=True)


def test_invalid_utf8_and_deep_nesting_are_bad_records(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    deep = '{"content": [' + "[" * 300 + "]" * 300 + "]}"
    path.write_bytes(b'{"content": [{"type": "text", "text": "\xff"}]}\n' + deep.encode() + b"\n")
    df = audit(path, progress=False)
    assert df.attrs["bad_records"] == 2
    assert [why for _, _, why in df.attrs["bad_examples"]] == [
        "not UTF-8 text",
        "ToolResult.content is nested deeper than 256 levels",
    ]


# -- arguments -------------------------------------------------------------------------------------


def test_bad_arguments_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no such file: "):
        audit(tmp_path / "missing.jsonl")
    with pytest.raises(FileNotFoundError, match=r"no files match .*\*\.jsonl"):
        audit(str(tmp_path / "*.jsonl"))
    with pytest.raises(IsADirectoryError, match="is a directory"):
        audit(tmp_path)
    with pytest.raises(ValueError, match="unknown wire 'claude'"):
        audit(RECORDS, wires="claude")
    with pytest.raises(TypeError, match="unknown option 'vision_input'"):
        audit(RECORDS, vision_input=True)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="unknown engine 'spark'"):
        audit(RECORDS, engine="spark")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="image_input=True contradicts vision=False"):
        audit(RECORDS, vision=False, image_input=True)
    with pytest.raises(ValueError, match="a provider profile sets its own options"):
        audit(RECORDS, profiles=True, image_input=True)
    with pytest.raises(ValueError, match="unknown provider profile 'x'"):
        audit(RECORDS, profiles=["x"])
    with pytest.raises(ValueError, match="would shadow"):
        audit(RECORDS, by="outcome")
    with pytest.raises(TypeError, match="wrap a single result in a list"):
        audit(RECORDS[0])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a wire is given twice"):
        audit(RECORDS, wires=["openai", "openai"])


def test_an_empty_source_is_an_empty_frame() -> None:
    df = audit([], progress=False, by="name")
    assert list(df.columns) == ["name", *COLUMNS] and len(df) == 0
    assert df.attrs == {"records": 0, "bad_records": 0, "bad_examples": []}


# -- engines ---------------------------------------------------------------------------------------


def test_dask_engine_gives_the_same_frame(log: LogStats, plain_log: Path, tmp_path: Path) -> None:
    for source, blocksize in ((log.path, 1 << 20), (plain_log, 1 << 18)):
        expected = audit(source, progress=False, by="server")
        df = audit(source, engine="dask", blocksize=blocksize, progress=False, by="server")
        pd.testing.assert_frame_equal(df, expected)
        assert df.attrs == expected.attrs
    shards = [tmp_path / f"shard-{i}.jsonl.gz" for i in range(3)]
    for i, shard in enumerate(shards):
        synthetic_log(shard, 200, seed=i)
    pandas = audit(str(tmp_path / "shard-*.jsonl.gz"), progress=False)
    dask = audit(str(tmp_path / "shard-*.jsonl.gz"), engine="dask", progress=False)
    pd.testing.assert_frame_equal(dask, pandas)
    assert dask.attrs == pandas.attrs and pandas.attrs["records"] == 600
    records = audit(RECORDS * 7000, engine="dask", progress=False)  # 35,000 rows: 4 parts
    pd.testing.assert_frame_equal(records, audit(RECORDS * 7000, progress=False))


def test_local_cluster_gives_the_same_frame(
    log: LogStats, plain_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = audit(plain_log, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        workers = client.scheduler_info()["workers"]
        assert len(workers) == 2
        assert all(address.startswith("tcp://127.0.0.1:") for address in workers)
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        with distributed.get_task_stream(client) as stream:
            df = audit(plain_log, engine="dask", blocksize=1 << 18, progress=False)
        capsys.readouterr()
        # the bar advances in this thread as parts finish (issue 18: distributed's notebook
        # widget stayed empty); to a file it is whole lines ending at 100%
        shown = audit(plain_log, engine="dask", blocksize=1 << 18, progress=True)
        out, err = capsys.readouterr()
        pd.testing.assert_frame_equal(shown, expected)
        assert out == "" and "\r" not in err
        assert err.splitlines()[-1].startswith("audit: 100%")
    pd.testing.assert_frame_equal(df, expected)
    assert df.attrs == expected.attrs
    ran_on = {task["worker"] for task in stream.data}
    parts = -(-plain_log.stat().st_size // (1 << 18))
    assert ran_on <= set(workers) and len(stream.data) >= parts  # it ran on the cluster


# -- progress --------------------------------------------------------------------------------------


def test_progress_on_request_and_off_by_default_off_a_terminal(
    log: LogStats, capsys: pytest.CaptureFixture[str]
) -> None:
    audit(log.path, wires="openai")  # stderr is not a terminal here: no bar
    assert capsys.readouterr() == ("", "")
    audit(log.path, wires="openai", progress=True)
    out, err = capsys.readouterr()
    assert out == "" and "audit: 100%" in err
    audit(RECORDS, wires="openai", progress=True)
    assert "5/5" in capsys.readouterr().err
    audit(log.path, wires="openai", engine="dask", progress=True)
    out, err = capsys.readouterr()
    assert out == "" and "100% Completed" in err


# -- views -----------------------------------------------------------------------------------------


def test_plot_audit_stacks_outcomes_per_wire(by_wire: pd.DataFrame) -> None:
    import matplotlib

    matplotlib.use("Agg")
    ax = plot_audit(by_wire)
    totals = by_wire.groupby("wire", observed=True)["entries"].sum()
    heights = Counter()
    for container, outcome in zip(ax.containers, ax.get_legend_handles_labels()[1], strict=True):
        assert container.patches[0].get_facecolor()[:3] == pytest.approx(
            matplotlib.colors.to_rgb(OUTCOME_COLOURS[outcome])
        )
        for wire, patch in zip(WIRES, container.patches, strict=True):
            heights[wire] += patch.get_height()
    assert dict(heights) == {wire: int(totals[wire]) for wire in WIRES}
    assert [t.get_text() for t in ax.get_xticklabels()] == list(WIRES)
    by_bytes = plot_audit(by_wire, "payload_bytes")
    assert by_bytes.get_ylabel() == "payload bytes"
    by_bytes.figure.canvas.draw()  # issue 28, item 15: no "1e6" offset running into the title
    assert by_bytes.yaxis.get_offset_text().get_text() == ""
    ticks = [t.get_text() for t in by_bytes.get_yticklabels()]
    assert ticks[0] == "0" and all(t.replace(",", "").isdigit() for t in ticks)
    assert max(int(t.replace(",", "")) for t in ticks) >= 1_000_000
    with pytest.raises(ValueError, match="unknown weight"):
        plot_audit(by_wire, "rows")  # type: ignore[arg-type]
    matplotlib.pyplot.close("all")


def test_style_audit_colours_outcomes(by_wire: pd.DataFrame) -> None:
    html = by_wire.head(12).pipe(style_audit).to_html()
    for outcome in set(by_wire.head(12)["outcome"].astype(str)):
        assert f"background-color: {OUTCOME_COLOURS[outcome]}" in html  # type: ignore[index]
    assert f"{int(by_wire.head(12)['payload_bytes'].max()):,}" in html


# -- packaging -------------------------------------------------------------------------------------


def test_importing_the_package_imports_no_audit_dependency() -> None:
    code = (
        "import sys, toolresult_lab\n"
        "heavy = ('dask', 'distributed', 'tqdm', 'matplotlib', 'orjson', 'isal')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(heavy)))\n"
        "from toolresult_lab import audit, plot_audit, style_audit, synthetic_log\n"
        "print(audit.__module__, synthetic_log.__module__)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "[]",
        "toolresult_lab.logs.auditing toolresult_lab.logs.synthetic",
    ]


def test_plot_audit_keeps_the_by_groups(log) -> None:
    """Issue 18: the plot of an audit by server was aggregated per profile only."""
    import matplotlib

    matplotlib.use("Agg")
    df = audit(log.path, profiles=["openai-chat", "openai-responses"], by="server", progress=False)
    expected = df.groupby(["server", "profile"], observed=True)["entries"].sum()
    ax = plot_audit(df)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == [f"{server} · {profile}" for server, profile in expected.index]
    assert len({label.split(" · ")[0] for label in labels}) > 1  # several servers
    heights = Counter()
    for container in ax.containers:
        for label, patch in zip(labels, container.patches, strict=True):
            heights[label] += patch.get_height()
    assert dict(heights) == {f"{s} · {p}": int(n) for (s, p), n in expected.items()}
    assert ax.get_title() == "What each profile sends by server: content entries by outcome"
    assert ax.get_xlabel() == "server · profile"
    matplotlib.pyplot.close("all")


def test_plot_audit_draws_the_top_bars_and_says_how_many_were_left_out(log) -> None:
    """Issue 28, item 16: ``audit --by server --plot`` drew about 160 overlapping bars."""
    import matplotlib

    matplotlib.use("Agg")
    df = audit(log.path, profiles=["openai-chat", "openai-responses"], by="server", progress=False)
    totals = df.groupby(["server", "profile"], observed=True)["entries"].sum()
    largest = totals.sort_values(ascending=False, kind="stable")[:2]
    assert len(totals) > 2
    ax = plot_audit(df, top=2)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert labels == [f"{server} · {profile}" for server, profile in largest.index]
    assert ax.get_title() == (
        "What each profile sends by server: content entries by outcome\n"
        f"(the top 2 of {len(totals)} bars; {len(totals) - 2} left out)"
    )
    assert len(plot_audit(df, top=None).get_xticklabels()) == len(totals)
    with pytest.raises(ValueError, match="top must be a positive int"):
        plot_audit(df, top=0)
    matplotlib.pyplot.close("all")


def test_progress_to_a_file_is_a_few_whole_lines(
    log: LogStats, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18: --progress to a file wrote a line per redraw (409 in 43 s). Off a terminal a
    redraw is a whole line, at most one per tenth of the work: a clock that jumps 100 s per
    reading lets every redraw through the time limit, so only the work limit holds."""
    import tqdm.std

    from toolresult_lab.logs import auditing

    clock = iter(range(0, 10**9, 100))
    monkeypatch.setattr(tqdm.std, "time", lambda: float(next(clock)))
    monkeypatch.setattr(auditing, "_CHUNK", 10)  # an update per 10 results: 300 of them
    audit(log.path, wires="openai", progress=True)
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and "\r" not in err and err.endswith("\n")
    assert 3 <= len(lines) <= 2 + progress.SPARSE_STEPS, lines
    assert all(line.startswith("audit: ") for line in lines)
    assert "100%" in lines[-1] and "100%" not in lines[-3]
    records = [{"content": [{"type": "text", "text": "x"}]}] * 3000
    audit(records, wires="openai", progress=True)  # counted in results, not bytes
    lines = capsys.readouterr().err.splitlines()
    assert 3 <= len(lines) <= 2 + progress.SPARSE_STEPS, lines
    assert lines[-1].startswith("audit: 100%") and "3000/3000" in lines[-1]


def test_line_writer_and_the_live_bar() -> None:
    buffer = io.StringIO()
    writer = progress.LineWriter(buffer)
    writer.write("\r[###   ] | 50% Completed |  1.0s")
    writer.write("\n")
    writer.write("\r[######] | 100% Completed |  2.0s   ")
    assert buffer.getvalue() == (
        "[###   ] | 50% Completed |  1.0s\n[######] | 100% Completed |  2.0s\n"
    )
    assert not progress.is_live(buffer) and not writer.isatty()
    assert progress.dask_interval(False) == progress.SPARSE_SECONDS

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    assert progress.is_live(terminal)
    assert progress.tqdm_options(terminal, 100, watched=True) == {"file": terminal}
    assert progress.dask_interval(True) < 1
    options = progress.tqdm_options(buffer, 1000, watched=False)
    assert (options["miniters"], options["mininterval"]) == (100, progress.SPARSE_SECONDS)
