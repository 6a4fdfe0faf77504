"""The capability matrix (``toolresult_lab.views.matrix``): built from the conversion core, so every
row must agree with a direct ``to()`` / ``explain()`` call."""

from __future__ import annotations

import io
import itertools
import json
import re

import pandas as pd
import pytest

from toolresult_lab import OUTCOMES, WIRES
from toolresult_lab.budgets.costs import estimate_tokens
from toolresult_lab.conversion.explain import OUTCOME_COLOURS
from toolresult_lab.conversion.facts import FACTS, carries_native
from toolresult_lab.conversion.profiles import PROFILES
from toolresult_lab.views.matrix import (
    capability_matrix,
    export_matrix,
    pivot_outcomes,
    profile_matrix,
    style_matrix,
    token_table,
)
from toolresult_lab.views.probes import PROBES

GRID_OPTIONS = ("image_input", "native_pdf", "source_blocks")
TRI = {"default": None, "off": False, "on": True}
COMBOS = 2 * 3 * 3
BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")


@pytest.fixture(scope="module")
def full() -> pd.DataFrame:
    return capability_matrix()


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _options(row) -> dict:
    return {
        "image_input": bool(row.image_input),
        "native_pdf": TRI[row.native_pdf],
        "source_blocks": TRI[row.source_blocks],
    }


# -- shape -----------------------------------------------------------------------------------


def test_every_combination_exactly_once(full):
    assert len(full) == len(WIRES) * len(PROBES) * COMBOS and COMBOS == 18
    keys = ["wire", "kind", *GRID_OPTIONS]
    assert not full.duplicated(keys).any()
    expected = set(itertools.product(WIRES, PROBES, (False, True), TRI, TRI))
    got = {
        (str(w), str(k), bool(i), str(n), str(s))
        for w, k, i, n, s in full[keys].itertuples(index=False)
    }
    assert got == expected


def test_dtypes(full):
    for column, categories in (
        ("wire", list(WIRES)),
        ("kind", list(PROBES)),
        ("native_pdf", ["default", "off", "on"]),
        ("source_blocks", ["default", "off", "on"]),
        ("outcome", list(OUTCOMES)),
    ):
        assert isinstance(full[column].dtype, pd.CategoricalDtype), column
        assert list(full[column].cat.categories) == categories, column
    assert full["image_input"].dtype == bool
    assert full["payload_bytes"].dtype == "int64"
    assert full["tokens"].dtype == "int64"
    assert full["tokens_complete"].dtype == bool
    assert str(full["carries_native"].dtype) == "boolean"
    assert full["outcome"].notna().all()
    assert set(full["outcome"].astype(str)) <= set(OUTCOMES)


def test_labels_and_wire_facts_columns(full):
    for row in full.drop_duplicates(["wire", "kind"]).itertuples(index=False):
        probe = PROBES[row.kind]
        facts = FACTS[row.wire]
        assert row.label == probe.label
        assert row.reads_image_input == ("image_input" in facts.reads)
        assert row.reads_native_pdf == ("native_pdf" in facts.reads)
        assert row.reads_source_blocks == ("source_blocks" in facts.reads)
        if probe.media is None:
            assert pd.isna(row.carries_native)
            assert pd.isna(row.media)
        else:
            assert row.carries_native == carries_native(row.wire, probe.media)
            assert row.media == probe.media


# -- agreement with the core --------------------------------------------------------------------


def test_every_row_agrees_with_to_and_explain(full):
    results = {kind: probe.result() for kind, probe in PROBES.items()}
    for row in full.itertuples(index=False):
        result = results[row.kind]
        options = _options(row)
        block = result.to(row.wire, **options)
        explained = result.explain(row.wire, **options)
        if explained:
            expected = (explained[0].outcome, explained[0].reason)
        else:
            expected = (explained.notes[0].outcome, explained.notes[0].reason)
        assert (row.outcome, row.reason) == expected, (row.wire, row.kind, options)
        size = len((block if isinstance(block, str) else _json(block)).encode("utf-8"))
        assert row.payload_bytes == size, (row.wire, row.kind, options)


def test_every_row_has_the_token_estimate_of_its_block(full):
    results = {kind: probe.result() for kind, probe in PROBES.items()}
    for row in full.itertuples(index=False):
        estimate = estimate_tokens(results[row.kind], row.wire, **_options(row))
        expected = (estimate.total, estimate.complete, "; ".join(estimate.names))
        assert (row.tokens, row.tokens_complete, row.token_rules) == expected, (row.wire, row.kind)


def test_token_column_for_images_names_each_provider_rule(full):
    chosen = full[(full["kind"] == "image_png") & full["image_input"]]
    chosen = chosen[(chosen["native_pdf"] == "default") & (chosen["source_blocks"] == "default")]
    rules = dict(zip(chosen["wire"].astype(str), chosen["token_rules"], strict=True))
    assert rules == {
        "openai": "text: ≈ 4 characters per token",
        "anthropic": "anthropic image: 28 px patches; text: ≈ 4 characters per token",
        "gemini": "gemini image: 258 per 768 px tile; text: ≈ 4 characters per token",
        "ollama": "text: ≈ 4 characters per token",
        "responses": ("responses image: 512 px tiles, detail auto; text: ≈ 4 characters per token"),
        "hermes": "text: ≈ 4 characters per token",
        "bedrock": (
            "bedrock (Claude) anthropic image: 28 px patches; text: ≈ 4 characters per token"
        ),
    }
    pdf = full[(full["kind"] == "pdf_resource") & (full["wire"] == "anthropic")]
    assert not pdf[pdf["outcome"] == "native"]["tokens_complete"].any()
    assert pdf[pdf["outcome"] != "native"]["tokens_complete"].all()


def test_token_table(full):
    chosen = full[full["image_input"] & (full["native_pdf"] == "on")]
    table = token_table(chosen[chosen["source_blocks"] == "default"])
    assert list(table.columns) == list(WIRES)
    assert table.loc["image/png", "gemini"].startswith("~")
    assert table.loc["PDF resource", "anthropic"].startswith("≥ ~")
    assert (
        table.attrs["reasons"]
        .loc["image/png", "anthropic"]
        .startswith("anthropic image: 28 px patches")
    )


def test_native_only_where_the_wire_carries_the_media(full):
    native = full[full["outcome"] == "native"]
    assert len(native) > 0
    assert native["media"].notna().all()
    assert native["carries_native"].astype(bool).all()
    assert set(native["wire"].astype(str)) == {"anthropic", "responses", "gemini", "bedrock"}
    # and only when the matching option is on (or anthropic's PDF default)
    for row in native.itertuples(index=False):
        if row.media == "image":
            assert row.image_input, row
        elif row.wire == "anthropic":
            assert row.native_pdf != "off" and row.source_blocks != "off", row
        else:
            assert row.native_pdf == "on", row


def test_unread_options_never_change_a_row(full):
    values = ["outcome", "reason", "excerpt", "payload_bytes"]
    for wire in WIRES:
        reads = [o for o in GRID_OPTIONS if o in FACTS[wire].reads]
        unread = [o for o in GRID_OPTIONS if o not in reads]
        rows = full[full["wire"] == wire]
        signature = rows[values].astype(str).agg("\x1f".join, axis=1)
        groups = signature.groupby([rows[c] for c in ["kind", *reads]], observed=True)
        if unread:
            assert groups.size().min() == len(rows) // len(groups) > 1
        distinct = groups.nunique()
        assert (distinct == 1).all(), (wire, unread, distinct[distinct > 1])


def test_read_options_do_change_rows(full):
    """The converse: each option a wire reads changes at least one of its rows."""
    for wire in WIRES:
        rows = full[full["wire"] == wire]
        for option in FACTS[wire].reads & set(GRID_OPTIONS):
            others = [o for o in GRID_OPTIONS if o != option]
            changed = rows.groupby(["kind", *others], observed=True)["outcome"].nunique()
            assert (changed > 1).any(), (wire, option)


def _payloads():
    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("data", "blob") and isinstance(item, str) and BASE64.fullmatch(item):
                    yield item
                else:
                    yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)

    return {s for probe in PROBES.values() for s in walk(probe.content)}


def test_no_base64_payload_in_any_excerpt(full):
    payloads = _payloads()
    assert len(payloads) >= 8  # the images, the PDF, the audio, the zip, the CSV
    windows = {p[i : i + 16] for p in payloads for i in range(len(p) - 15)}
    for excerpt in full["excerpt"]:
        assert len(excerpt) <= 120
        for i in range(len(excerpt) - 15):
            assert excerpt[i : i + 16] not in windows, excerpt


def test_some_exact_excerpts(full):
    def excerpt(wire, kind, **options):
        options = {
            "image_input": False,
            "native_pdf": "default",
            "source_blocks": "default",
            **options,
        }
        mask = (full["wire"] == wire) & (full["kind"] == kind)
        for name, value in options.items():
            mask &= full[name] == value
        (value,) = full.loc[mask, "excerpt"]
        return value

    assert excerpt("openai", "text") == "Sunny, 22C"
    assert excerpt("openai", "search_result") == (
        "[search_result] Quelltown <https://e.test/q>\\nPopulation 12"
    )
    assert excerpt("openai", "text_blob") == "city,temp\\nKöln,22\\n"
    assert excerpt("anthropic", "text_resource") == (
        '{"source":{"data":"Meeting at 10.","media_type":"text/plain","type":"text"},'
        '"type":"document"}'
    )
    assert excerpt("openai", "empty") == '{"content":"","role":"tool","tool_call_id":"call_1"}'
    assert excerpt("anthropic", "image_png", image_input=True).startswith('{"source":{"data":"<')


# -- pivots ------------------------------------------------------------------------------------


def test_pivot_default_options(full):
    pivot = pivot_outcomes(full)
    assert list(pivot.columns) == list(WIRES)
    assert list(pivot.index) == [p.label for p in PROBES.values()]
    assert pivot.loc["image/png"].tolist() == ["placeholder"] * len(WIRES)
    assert pivot.loc["PDF resource"].tolist() == [
        "placeholder",
        "native",
        "placeholder",
        "placeholder",
        "placeholder",
        "placeholder",
        "placeholder",
    ]
    assert pivot.loc["text resource", "anthropic"] == "document"
    assert pivot.loc["text resource", "openai"] == "text"
    assert pivot.loc["native image (base64)", "anthropic"] == "passthrough"
    assert pivot.loc["native image (base64)", "gemini"] == "placeholder"
    assert pivot.loc["structured content (object)", "gemini"] == "passthrough"
    assert pivot.loc["structured content (object)", "openai"] == "text"
    assert pivot.loc["empty content"].tolist() == ["omitted"] * len(WIRES)
    assert pivot.loc["non-object entry"].tolist() == ["degraded"] * len(WIRES)
    reasons = pivot.attrs["reasons"]
    assert reasons.loc["image/png", "anthropic"] == "image_input off"
    assert reasons.loc["PDF resource", "anthropic"] == "PDF sent as a base64 document block"
    assert reasons.loc["PDF resource", "responses"] == "native_pdf not set"
    assert reasons.loc["unknown block type", "hermes"] == "unknown block type 'video'"
    # built on its own, the same table
    assert pivot_outcomes().equals(pivot)


def test_pivot_images_and_pdfs_on(full):
    pivot = pivot_outcomes(full, image_input=True, native_pdf="on")
    assert pivot.loc["image/png"].tolist() == [
        "placeholder",
        "native",
        "native",
        "placeholder",
        "native",
        "placeholder",
        "native",
    ]
    assert pivot.loc["image/gif", "gemini"] == "placeholder"
    assert pivot.loc["image/gif", "responses"] == "native"
    assert pivot.loc["image/bmp"].tolist() == ["placeholder"] * len(WIRES)
    assert pivot.loc["PDF resource"].tolist() == [
        "placeholder",
        "native",
        "native",
        "placeholder",
        "native",
        "placeholder",
        "native",
    ]
    assert pivot.loc["audio/wav"].tolist() == ["placeholder"] * len(WIRES)
    assert pivot.attrs["reasons"].loc["image/gif", "gemini"] == (
        "image/gif is not an image type gemini carries"
    )


def test_pivot_source_blocks_off(full):
    pivot = pivot_outcomes(full, native_pdf="on", source_blocks="off")
    column = pivot["anthropic"]
    assert column["PDF resource"] == "placeholder"
    assert column["text resource"] == "text"
    assert column["search_result"] == "text"
    assert column["native PDF document"] == "placeholder"
    assert column["native image (base64)"] == "passthrough"
    assert pivot.attrs["reasons"].loc["PDF resource", "anthropic"] == (
        "source_blocks off: PDF not sent as a document"
    )
    assert pivot.loc["PDF resource", "gemini"] == "native"  # gemini does not read source_blocks


@pytest.fixture(scope="module")
def profiles_vision() -> pd.DataFrame:
    return profile_matrix(vision=True)


@pytest.fixture(scope="module")
def profiles_text_only() -> pd.DataFrame:
    return profile_matrix(vision=False)


def test_profile_matrix_shape(profiles_vision, profiles_text_only):
    for table in (profiles_vision, profiles_text_only):
        assert list(table.columns) == list(PROFILES)
        assert list(table.index) == [p.label for p in PROBES.values()]
        assert list(table.attrs["reasons"].columns) == list(PROFILES)


@pytest.mark.parametrize(
    ("kind", "profile", "with_vision", "text_only"),
    [
        ("PDF resource", "anthropic", "native", "native"),
        ("PDF resource", "minimax", "native", "native"),
        ("PDF resource", "moonshot", "placeholder", "placeholder"),
        ("PDF resource", "perplexity", "placeholder", "placeholder"),
        ("PDF resource", "openai-responses", "native", "placeholder"),
        ("PDF resource", "gemini-3", "native", "placeholder"),
        ("PDF resource", "gemini-2.5", "placeholder", "placeholder"),
        ("image/png", "anthropic", "native", "placeholder"),
        ("image/png", "akiio", "placeholder", "placeholder"),
        ("image/jpeg", "akiio", "placeholder", "placeholder"),
        ("image/png", "perplexity", "native", "placeholder"),
        ("image/png", "gemini-3", "native", "placeholder"),
        ("image/gif", "gemini-3", "placeholder", "placeholder"),
        ("image/gif", "openai-responses", "native", "placeholder"),
        ("image/png", "gemini-2.5", "placeholder", "placeholder"),
        ("image/webp", "gemini-2.5", "placeholder", "placeholder"),
        ("image/png", "openai-chat", "placeholder", "placeholder"),
        ("text resource", "anthropic", "document", "document"),
        ("text resource", "akiio", "text", "text"),
        ("search_result", "moonshot", "text", "text"),
        ("search_result", "minimax", "passthrough", "passthrough"),
        ("structured content (object)", "gemini-2.5", "passthrough", "passthrough"),
        ("empty content", "hermes", "omitted", "omitted"),
    ],
)
def test_profile_cells(profiles_vision, profiles_text_only, kind, profile, with_vision, text_only):
    assert profiles_vision.loc[kind, profile] == with_vision
    assert profiles_text_only.loc[kind, profile] == text_only


def test_profile_reasons(profiles_vision, profiles_text_only):
    vision = profiles_vision.attrs["reasons"]
    text_only = profiles_text_only.attrs["reasons"]
    assert vision.loc["PDF resource", "perplexity"] == "native_pdf off"
    assert vision.loc["image/png", "akiio"] == "image_input off"
    assert vision.loc["PDF resource", "akiio"] == "source_blocks off: PDF not sent as a document"
    assert vision.loc["image/gif", "gemini-3"] == "image/gif is not an image type gemini carries"
    assert vision.loc["image/png", "gemini-2.5"] == "image_input off"
    assert text_only.loc["PDF resource", "openai-responses"] == "native_pdf off"
    assert text_only.loc["PDF resource", "anthropic"] == "PDF sent as a base64 document block"


def test_profile_matrix_subsets(profiles_vision):
    table = profile_matrix(
        vision=True, kinds=["image_gif", "pdf_resource"], profiles=["gemini-3", "anthropic"]
    )
    assert table.to_dict() == {
        "gemini-3": {"image/gif": "placeholder", "PDF resource": "native"},
        "anthropic": {"image/gif": "native", "PDF resource": "native"},
    }
    with pytest.raises(ValueError, match="unknown provider profile 'nope'"):
        profile_matrix(profiles=["nope"])


# -- style and export ---------------------------------------------------------------------------


def test_style_matrix_pivot(full):
    pivot = pivot_outcomes(full, image_input=True, native_pdf="on")
    styler = style_matrix(pivot)
    assert isinstance(styler, pd.io.formats.style.Styler)
    html = styler.to_html()
    assert "image/gif is not an image type gemini carries" in html
    assert "PDF sent as input_file" in html
    for outcome in (
        "native",
        "placeholder",
        "text",
        "passthrough",
        "degraded",
        "omitted",
        "document",
    ):
        assert f"background-color: {OUTCOME_COLOURS[outcome]};\n  color: white;" in html, outcome
    assert "position: sticky" in html  # the kind labels stay when a wide table scrolls


def test_style_matrix_fits_twelve_profiles_beside_a_sidebar():
    """Issue 18: outcomes may break at a soft hyphen, a wide pivot's labels stand upright, the
    long form's free text wraps (the browser test measures the result at 1280 px)."""
    wide = style_matrix(profile_matrix()).to_html()
    assert ">place\u00adholder<" in wide and ">pass\u00adthrough<" in wide
    assert ">docu\u00adment<" in wide and ">placeholder<" not in wide
    assert "writing-mode: vertical-rl" in wide
    narrow = style_matrix(pivot_outcomes()).to_html()  # six wires: labels stay level
    assert "writing-mode" not in narrow and "text-align: center" in narrow
    long = capability_matrix(wires=["gemini"], kinds=["image_gif"])
    html = style_matrix(long).to_html()
    assert "overflow-wrap: anywhere" in html and "writing-mode" not in html
    assert ">image_\u200binput<" in html  # a long-form label may wrap after "_"
    assert ">place\u00adholder<" in html
    assert style_matrix(profile_matrix()).data.equals(profile_matrix())  # the data is untouched


def test_style_matrix_long_form():
    df = capability_matrix(
        wires=["gemini"],
        kinds=["image_gif", "text"],
        options={"image_input": True, "native_pdf": "on", "source_blocks": "default"},
    )
    html = style_matrix(df).to_html()
    assert "image/gif is not an image type gemini carries" in html
    assert "text block sent as text" in html
    assert OUTCOME_COLOURS["placeholder"] in html
    assert OUTCOME_COLOURS["text"] in html
    assert OUTCOME_COLOURS["native"] not in html  # nothing native here, so no native colour


def _csv_cells(df: pd.DataFrame) -> list[list[str]]:
    def cell(value):
        return "" if pd.isna(value) else str(value)

    return [[cell(v) for v in row] for row in df.itertuples(index=False)]


def test_export_csv_long(full):
    df = full.head(200)
    back = pd.read_csv(io.StringIO(export_matrix(df, "csv")), dtype=str, keep_default_na=False)
    assert list(back.columns) == list(df.columns)
    assert back.values.tolist() == _csv_cells(df)


def test_export_csv_pivot(full):
    pivot = pivot_outcomes(full)
    back = pd.read_csv(io.StringIO(export_matrix(pivot, "csv")), index_col=0, dtype=str)
    assert back.index.name == "kind"
    assert list(back.columns) == list(pivot.columns)
    assert back.index.tolist() == pivot.index.tolist()
    assert back.values.tolist() == pivot.values.tolist()


def test_export_json_long(full):
    df = full.head(200)
    records = json.loads(export_matrix(df, "json"))
    expected = [
        {k: (None if not isinstance(v, (list, dict)) and pd.isna(v) else v) for k, v in row.items()}
        for row in df.astype(object).to_dict(orient="records")
    ]
    assert records == expected


def test_export_json_pivot(full):
    pivot = pivot_outcomes(full)
    assert json.loads(export_matrix(pivot, "json")) == pivot.to_dict(orient="index")


def test_export_markdown(full):
    pivot = pivot_outcomes(full)
    lines = export_matrix(pivot, "markdown").splitlines()
    assert [c.strip() for c in lines[0].strip("|").split("|")] == ["kind", *WIRES]
    assert set(lines[1]) <= set("|:-")
    assert len(lines) == 2 + len(PROBES)
    assert [c.strip() for c in lines[2].strip("|").split("|")] == ["text"] + ["text"] * len(WIRES)
    long_header = export_matrix(full.head(3), "markdown").splitlines()[0]
    assert "| wire " in long_header
    assert "| outcome " in long_header


def test_export_html(full):
    html = export_matrix(pivot_outcomes(full), "html")
    assert "<table" in html
    assert "native_pdf not set" in html


def test_export_unknown_format(full):
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        export_matrix(full.head(2), "xml")  # type: ignore[arg-type]


# -- argument checks -------------------------------------------------------------------------


def test_narrowed_grid():
    df = capability_matrix(
        wires=["anthropic", "openai"],
        kinds=["text"],
        options={"native_pdf": ["default", "on"], "image_input": "on"},
    )
    assert len(df) == 2 * 1 * 1 * 2 * 3
    assert set(df["image_input"]) == {True}
    assert set(df["native_pdf"].astype(str)) == {"default", "on"}
    assert list(df["wire"].astype(str).unique()) == ["anthropic", "openai"]
    same = capability_matrix(
        wires=["anthropic", "openai"],
        kinds=["text"],
        options={"native_pdf": [None, True], "image_input": True},
    )
    pd.testing.assert_frame_equal(df, same)


@pytest.mark.parametrize(
    "options",
    [
        {"bogus": True},
        {"response_tag": "x"},
        {"native_pdf": "maybe"},
        {"source_blocks": 2},
        {"image_input": "maybe"},
        {"image_input": None},
        {"native_pdf": ["on", "x"]},
    ],
)
def test_invalid_options(options):
    with pytest.raises(ValueError, match="matrix option"):
        capability_matrix(wires=["openai"], kinds=["text"], options=options)


def test_unknown_wire_and_kind():
    with pytest.raises(ValueError, match="unknown wire 'nope'"):
        capability_matrix(wires=["nope"])
    with pytest.raises(ValueError, match="unknown kind 'nope'"):
        capability_matrix(kinds=["nope"])
    with pytest.raises(ValueError, match="unknown kind 'nope'"):
        profile_matrix(kinds=["nope"])


def test_pivot_accepts_both_spellings_and_checks_its_arguments(full):
    assert pivot_outcomes(full, image_input="on", native_pdf=True, source_blocks=None).equals(
        pivot_outcomes(full, image_input=True, native_pdf="on", source_blocks="default")
    )
    with pytest.raises(ValueError, match="invalid value 'maybe'"):
        pivot_outcomes(full, native_pdf="maybe")  # type: ignore[arg-type]
    only_images_on = capability_matrix(kinds=["text"], options={"image_input": True})
    with pytest.raises(ValueError, match="no rows for image_input=False"):
        pivot_outcomes(only_images_on)


def test_a_single_wire_or_kind_may_be_a_string():
    df = capability_matrix(wires="gemini", kinds="image_gif", options={"image_input": True})
    assert df["wire"].astype(str).unique().tolist() == ["gemini"]
    assert df["kind"].astype(str).unique().tolist() == ["image_gif"]
    assert len(df) == 9


def test_tri_state_labels_round_trip_and_reject_others():
    from toolresult_lab.conversion.options import TRI_STATES, tri_label, tri_value

    assert [tri_label(v) for v in (None, True, False, 1, 0, "")] == [
        "default",
        "on",
        "off",
        "on",
        "off",
        "off",
    ]
    assert [tri_value(label) for label in TRI_STATES] == [None, True, False]
    with pytest.raises(ValueError, match="'maybe' is not one of default, on, off"):
        tri_value("maybe")


def test_long_exports_have_no_index_and_no_missing_markers(full):
    text_rows = full[full["kind"] == "text"].head(4)  # media and carries_native are missing
    markdown = export_matrix(text_rows, "markdown")
    assert "nan" not in markdown and "<NA>" not in markdown and "None" not in markdown
    header = [c.strip() for c in markdown.splitlines()[0].strip("|").split("|")]
    assert header == list(full.columns)  # no index column
    records = json.loads(export_matrix(text_rows, "json"))
    assert records[0]["media"] is None and records[0]["carries_native"] is None


def test_json_writes_slashes_plainly(full):
    rows = full[full["kind"] == "image_png"].head(2)
    text = export_matrix(rows, "json")
    assert '"label": "image/png"' in text and "\\/" not in text
    pivot = export_matrix(pivot_outcomes(full), "json")
    assert '"image/png": {' in pivot and "\\/" not in pivot
