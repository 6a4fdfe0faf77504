"""Issue 35: what only one wire does lives in that wire's package, and each wire fact is
stated once. The base :class:`RequestEdits` holds only what the wires share; a wire's own
repair steps are its :attr:`RequestEdits.fixes`; Gemini's signature rule and its two
spellings are one module each; a wire's image types and call-id format are one
declaration read by the edits and the checks alike; the URL-safe base64 tables are built
once; the transcript writer names no provider field."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import toolresult_lab
from toolresult_lab import repair
from toolresult_lab.requests import repairing
from toolresult_lab.requests.checks.ids import id_problem
from toolresult_lab.requests.rules import figures
from toolresult_lab.wires import (
    ID_FORMATS,
    SKIP_SIGNATURE,
    WIRES,
    RequestEdits,
    id_format_for,
    new_call_id,
    wire_module,
)
from toolresult_lab.wires.gemini import signatures
from toolresult_lab.wires.gemini.spelling import SNAKE, dict_field, field_of, spellings

PACKAGE = Path(toolresult_lab.__file__).resolve().parent


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(PACKAGE)): path.read_text("utf-8") for path in PACKAGE.rglob("*.py")
    }


def test_the_base_request_edits_holds_only_what_the_wires_share() -> None:
    methods = {
        name
        for name, value in vars(RequestEdits).items()
        if not name.startswith("_") and callable(value)
    }
    assert methods == {
        "call_message",
        "document_name",
        "holds_results",
        "id_format_of",
        "id_style",
        "is_opaque_document",
        "is_result_block",
        "is_result_entry",
        "kept_output",
        "merge_output",
        "missing_result",
        "opaque_text",
        "results_text",
        "role_of",
        "set_declared_mime",
        "set_id",
        "text_block",
        "text_home",
        "user_message",
    }


def test_each_wire_runs_its_own_fixes_at_their_stage() -> None:
    fixes = {
        wire: tuple((fix.rule, fix.stage) for fix in wire_module(wire).edits.fixes)
        for wire in WIRES
    }
    assert fixes == {
        "openai": (),
        "anthropic": (("final-assistant", "settled"),),
        "gemini": (
            ("missing-thought-signature", "settled"),
            ("function-response-parts", "inserts"),
        ),
        "ollama": (),
        "responses": (("call-id-format", "ids"),),
        "hermes": (),
        "bedrock": (("document-name", "names"),),
    }


def _assigned(tree: ast.AST, name: str) -> int:
    count = 0
    for node in ast.walk(tree):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        count += sum(1 for t in targets if isinstance(t, ast.Name) and t.id == name)
    return count


def test_the_skip_signature_is_defined_once_in_the_gemini_package() -> None:
    defined = {
        path: n
        for path, text in _sources().items()
        if (n := _assigned(ast.parse(text), "SKIP_SIGNATURE"))
    }
    assert defined == {"wires/gemini/signatures.py": 1}
    assert repairing.SKIP_SIGNATURE is SKIP_SIGNATURE is signatures.SKIP_SIGNATURE
    assert SKIP_SIGNATURE == "skip_thought_signature_validator"


def test_repair_signs_in_the_calls_own_spelling() -> None:
    contents = [
        {"role": "user", "parts": [{"text": "go"}]},
        {"role": "model", "parts": [{"function_call": {"name": "f", "args": {}, "id": "c1"}}]},
        {
            "role": "user",
            "parts": [{"functionResponse": {"name": "f", "id": "c1", "response": {}}}],
        },
    ]
    done = repair("gemini", {"contents": contents}, profile="gemini-3")
    assert done.request["contents"][1]["parts"][0] == {
        "function_call": {"name": "f", "args": {}, "id": "c1"},
        "thought_signature": SKIP_SIGNATURE,
    }
    assert [(c.rule, c.action) for c in done.changes] == [
        ("missing-thought-signature", f"set thought_signature to {SKIP_SIGNATURE!r}")
    ]


def test_gemini_spells_each_key_two_ways_from_one_table() -> None:
    assert spellings("inlineData", "fileData") == (
        "inlineData",
        "inline_data",
        "fileData",
        "file_data",
    )
    assert SNAKE["thoughtSignature"] == "thought_signature"
    assert field_of({"function_call": 1}, "functionCall") == 1
    assert dict_field(
        {"functionResponse": "x", "function_response": {"a": 1}}, "functionResponse"
    ) == {"a": 1}
    assert dict_field([], "functionResponse") is None


@pytest.mark.parametrize("wire", WIRES)
def test_a_wires_image_types_are_one_declaration(wire: str) -> None:
    edits, checks = wire_module(wire).edits.image_mimes, wire_module(wire).checks.image_types
    assert edits is checks or edits == checks == frozenset()


def test_call_id_formats_are_declared_by_the_wires_and_only_named_by_the_rules() -> None:
    assert figures.ID_FORMATS is ID_FORMATS
    assert figures.id_format_for is id_format_for
    assert sorted(ID_FORMATS) == ["anthropic", "bedrock", "mistral", "openai", "responses"]
    mistral = ID_FORMATS["mistral"]
    assert (mistral.longest, mistral.shown) == (None, "is not 9 characters of a-z, A-Z, 0-9")
    assert id_format_for("openai", "mistral") is mistral
    assert id_format_for("openai", None) is ID_FORMATS["openai"]
    assert id_format_for("gemini", None) is None


@pytest.mark.parametrize(
    ("wire", "profile"),
    [("openai", "mistral"), ("openai", None), ("anthropic", None), ("bedrock", None)],
)
def test_the_ids_a_wire_makes_pass_its_own_check(wire: str, profile: str | None) -> None:
    taken: set[str] = set()
    for old in ("call 1", "ü" * 80, "toolu_ok", "a.b:c"):
        made = new_call_id(wire, profile, old, taken)
        assert id_problem(wire, profile, made) is None, made
    if profile == "mistral":
        assert re.fullmatch(r"[a-zA-Z0-9]{9}", made)


def test_the_urlsafe_base64_tables_are_built_once() -> None:
    built = {
        path: text.count("maketrans") for path, text in _sources().items() if "maketrans" in text
    }
    assert built == {"conversion/b64.py": 2}


def test_the_transcript_writer_names_no_provider_field() -> None:
    tree = ast.parse((PACKAGE / "requests" / "transcripts" / "write.py").read_text("utf-8"))
    strings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
    provider_fields = {"parts", "toolUse", "toolResult", "functionCall", "tool_use", "tool_result"}
    assert strings & provider_fields == set()
