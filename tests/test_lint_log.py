"""lint_log: the findings of a log of requests, counted by wire, rule and severity, on the
audit's reader (files, gzip, DataFrames, iterables) and its engines (pandas, dask)."""

from __future__ import annotations

import gzip
import json
from html import escape
from pathlib import Path

import pandas as pd
import pytest

import toolresult_lab
from toolresult_lab.logs.lint_logs import LINT_COLUMNS, lint_log
from toolresult_lab.logs.log_parts import BadRecordError

CALL = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
UNANSWERED = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": [CALL]}]
EMPTY_TEXT = [{"role": "user", "content": [{"type": "text", "text": " "}]}]
CLEAN = {"messages": [{"role": "user", "content": "hi"}]}
ORPHAN = [{"role": "tool", "tool_call_id": "x", "content": "a"}]


def _log(tmp_path: Path, records: list[object], name: str = "log.jsonl") -> str:
    text = "".join(json.dumps(r) + "\n" for r in records)
    path = tmp_path / name
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


RECORDS: list[object] = [UNANSWERED, CLEAN, UNANSWERED, EMPTY_TEXT, 7, {"messages": UNANSWERED}]


def _rows(df: pd.DataFrame) -> list[tuple[object, ...]]:
    return [
        tuple(row)
        for row in df[["wire", "rule", "severity", "findings", "requests"]].itertuples(index=False)
    ]


def test_counts_and_examples(tmp_path) -> None:
    path = _log(tmp_path, RECORDS)
    df = toolresult_lab.lint_log(path, "anthropic")
    assert list(df.columns) == list(LINT_COLUMNS)
    # call-without-result and final-assistant per unanswered request; one empty-text
    assert _rows(df) == [
        ("anthropic", "call-without-result", "error", 3, 3),
        ("anthropic", "empty-text", "error", 1, 1),
        ("anthropic", "final-assistant", "warning", 3, 3),
    ]
    assert df["example"][0] == (
        f"{path}:1: messages[1].content[0]: No result answers the call 'toolu_1'"
        " (a tool_result in the very next message, a user message)."
    )
    assert df["example"][1].startswith(f"{path}:4: messages[0].content[0]: ")
    assert df.attrs == {
        "requests": 5,
        "clean": 1,
        "bad_records": 1,
        "bad_examples": [(path, 5, "not a request (an object or a list) but int")],
    }


def test_dask_counts_the_same(tmp_path) -> None:
    path = _log(tmp_path, RECORDS * 30)
    pandas_df = lint_log(path, "anthropic")
    dask_df = lint_log(path, "anthropic", engine="dask", blocksize=2048)
    pd.testing.assert_frame_equal(pandas_df, dask_df)
    assert pandas_df.attrs == dask_df.attrs
    assert pandas_df.attrs["requests"] == 150
    assert pandas_df.attrs["bad_examples"][1][1] == 11  # lines of the whole file, not the part


def test_gzip_iterables_and_frames(tmp_path) -> None:
    expected = _rows(lint_log(_log(tmp_path, RECORDS), "anthropic"))
    assert _rows(lint_log(_log(tmp_path, RECORDS, "log.jsonl.gz"), "anthropic")) == expected
    assert _rows(lint_log(iter(RECORDS), "anthropic")) == expected
    frame = pd.DataFrame({"request": [json.dumps(r) for r in RECORDS if r != 7]})
    assert _rows(lint_log(frame, "anthropic")) == expected


def test_records_may_name_their_wire(tmp_path) -> None:
    records = [
        {"wire": "openai", "request": ORPHAN},
        {"wire": "anthropic", "request": UNANSWERED},
        {"request": ORPHAN},
        UNANSWERED,
    ]
    df = lint_log(records)  # no wire: only records that name one are read
    assert _rows(df) == [
        ("openai", "result-without-call", "error", 1, 1),
        ("anthropic", "call-without-result", "error", 1, 1),
        ("anthropic", "final-assistant", "warning", 1, 1),
    ]
    assert df.attrs["bad_records"] == 2
    assert df.attrs["bad_examples"][0][2] == "the record names no wire (give wire= or a 'wire' key)"
    # with a wire, records without one are on it
    assert lint_log(records, "openai").attrs["bad_records"] == 0


def test_records_may_name_their_profile() -> None:
    ids = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_Xb3kq9Zt0mW1",
                    "type": "function",
                    "function": {"name": "f", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_Xb3kq9Zt0mW1", "content": "ok"},
    ]
    records = [
        {"request": ids},
        {"request": ids, "profile": "mistral"},
        {"request": ids, "profile": 3},
    ]
    df = lint_log(records, "openai")
    assert _rows(df) == [("openai", "call-id-format", "error", 2, 1)]
    assert df.attrs["bad_examples"] == [("<records>", 3, "profile must be a string, not int")]
    assert _rows(lint_log([{"request": ids, "profile": "gemini-3"}], "openai")) == []
    assert (
        lint_log([{"request": ids, "profile": "gemini-3"}], "openai").attrs["bad_examples"][0][2]
        == "profile 'gemini-3' is for the gemini wire, not openai"
    )


def test_the_profile_column_and_the_whole_example() -> None:
    """Issue 28, item 14: a Mistral call-id-format error is not shown as plain openai, and
    the styled frame shows the example whole (a DataFrame's display clips it at 50)."""
    from toolresult_lab import style_lint_log

    ids = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_Xb3kq9Zt0mW1",
                    "type": "function",
                    "function": {"name": "f", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_Xb3kq9Zt0mW1", "content": "ok"},
    ]
    df = lint_log([{"request": ids, "profile": "mistral"}, {"request": ORPHAN}], "openai")
    assert [tuple(row) for row in df[["wire", "profile", "rule", "severity"]].values] == [
        ("openai", "mistral", "call-id-format", "error"),
        ("openai", "", "result-without-call", "error"),
    ]
    [example] = df.loc[df["profile"] == "mistral", "example"]
    assert example.startswith("<records>:1: messages[0].tool_calls[0]: The call's id ")
    assert len(example) > 50
    html = style_lint_log(df).to_html()
    assert escape(example).replace("&#x27;", "&#39;") in html
    assert "<records>" not in html  # the log's text is escaped
    assert "white-space: pre-wrap" in html


def test_profile_and_vision(tmp_path) -> None:
    image = [
        {
            "role": "user",
            "content": [{"type": "image_url", "image_url": {"url": "https://e.x/a.png"}}],
        }
    ]
    assert len(lint_log([image], "openai")) == 0
    assert _rows(lint_log([image], profile="deepseek")) == [
        ("openai", "images-unsupported", "error", 1, 1)
    ]
    assert _rows(lint_log([image], "openai", vision=False)) == [
        ("openai", "images-unsupported", "warning", 1, 1)
    ]


def test_strict_stops_at_the_first_bad_record(tmp_path) -> None:
    path = _log(tmp_path, RECORDS)
    with pytest.raises(BadRecordError, match=r"log\.jsonl:5: not a request"):
        lint_log(path, "anthropic", strict=True)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda p: lint_log(p, "nope"), ValueError, "wire"),
        (lambda p: lint_log(p, "openai", profile="gemini-3"), ValueError, "gemini"),
        (lambda p: lint_log(p, "openai", engine="spark"), ValueError, "unknown engine"),
        (lambda p: lint_log(CLEAN, "openai"), TypeError, "wrap a single request in a list"),
        (lambda p: lint_log(p + ".none", "openai"), FileNotFoundError, "no such file"),
    ],
)
def test_bad_arguments(tmp_path, call, error, match) -> None:
    path = _log(tmp_path, [CLEAN])
    with pytest.raises(error, match=match):
        call(path)
