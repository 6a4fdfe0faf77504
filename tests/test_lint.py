"""SPEC 8 ``lint``: for every rule on every wire it applies to, a bad request and a good one
that differs in that one respect, with the findings (rule, severity, path) asserted exactly."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from check_cases import CHECK_CASES
from hypothesis import given, settings
from hypothesis import strategies as st
from lint_fixtures import PNG, SIGNATURE, WIRES, answer, ask, request, turn, user
from model_gated_cases import MODEL_CASES

from toolresult_lab import Finding, Findings, lint
from toolresult_lab.requests.rules import RULES, wires_of

Case = tuple[str, str, dict[str, Any], Any, Any, list[tuple[str, str, str]]]


def _anthropic_result(content: Any, **extra: Any) -> Any:
    return {"type": "tool_result", "tool_use_id": "c1", "content": content, **extra}


def _image_block(data: str = PNG, mime: str = "image/png") -> Any:
    return {"type": "image", "source": {"type": "base64", "media_type": mime, "data": data}}


def _openai_image(data: str = PNG, mime: str = "image/png") -> Any:
    return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}


def _gemini_image(data: str = PNG, mime: str = "image/png") -> Any:
    return {"inlineData": {"mimeType": mime, "data": data}}


def _pairing_cases() -> list[Case]:
    cases: list[Case] = []
    for wire in WIRES:
        level = "warning" if wire in ("ollama", "hermes") else "error"
        call_path = {
            "openai": "messages[1].tool_calls[1]",
            "anthropic": "messages[1].content[1]",
            "gemini": "contents[1].parts[1]",
            "ollama": "messages[1].tool_calls[1]",
            "responses": "input[2]",
            "hermes": "messages[1]",
            "bedrock": "messages[1].content[1]",
        }[wire]
        cases.append(
            (
                "call-without-result",
                wire,
                {},
                turn(wire, "c1", "c2"),
                request(user(wire), ask(wire, "c1", "c2"), answer(wire, "c1")),
                [("call-without-result", level, call_path)],
            )
        )
        result_path = {
            "openai": "messages[3]",
            "anthropic": "messages[2].content[1]",
            "gemini": "contents[2].parts[1]",
            "ollama": "messages[3]",
            "responses": "input[3]",
            "hermes": "messages[3]",
            "bedrock": "messages[2].content[1]",
        }[wire]
        extra = answer(wire, "c2", name="g")
        if wire in ("anthropic", "gemini", "bedrock"):
            bad = request(user(wire), ask(wire, "c1"), answer(wire, "c1", "c9"))
            if wire == "gemini":
                bad[2]["parts"][1]["functionResponse"]["name"] = "g"
        else:
            bad = request(user(wire), ask(wire, "c1"), answer(wire, "c1"), extra)
        cases.append(
            (
                "result-without-call",
                wire,
                {},
                turn(wire, "c1"),
                bad,
                [("result-without-call", level, result_path)],
            )
        )
    return cases


def _results_not_next_cases() -> list[Case]:
    return [
        (
            "results-not-next",
            "openai",
            {},
            turn("openai", "c1"),
            request(
                user("openai"), ask("openai", "c1"), user("openai", "wait"), answer("openai", "c1")
            ),
            [("results-not-next", "error", "messages[1].tool_calls[0]")],
        ),
        (
            "results-not-next",
            "anthropic",
            {},
            request(user("anthropic"), ask("anthropic", "c1"), answer("anthropic", "c1")),
            request(
                user("anthropic"),
                ask("anthropic", "c1"),
                user("anthropic", "wait"),
                {"role": "assistant", "content": "ok"},
                answer("anthropic", "c1"),
            ),
            [("results-not-next", "error", "messages[1].content[0]")],
        ),
        (
            "results-not-next",
            "bedrock",
            {},
            turn("bedrock", "c1"),
            request(
                user("bedrock"),
                ask("bedrock", "c1"),
                user("bedrock", "wait"),
                {"role": "assistant", "content": [{"text": "ok"}]},
                answer("bedrock", "c1"),
            ),
            [("results-not-next", "error", "messages[1].content[0]")],
        ),
        (
            "results-not-next",
            "gemini",
            {},
            turn("gemini", "c1", "c2"),
            request(
                user("gemini"),
                ask("gemini", "c1", "c2"),
                answer("gemini", "c1"),
                user("gemini", "and the other"),
                answer("gemini", "c2"),
            ),
            [("results-not-next", "error", "contents[1].parts[1]")],
        ),
        (
            # parallel responses one per content of only responses: paired, but split
            "split-function-responses",
            "gemini",
            {"profile": "gemini-2.5"},
            turn("gemini", "c1", "c2"),
            request(
                user("gemini"),
                ask("gemini", "c1", "c2"),
                answer("gemini", "c1"),
                answer("gemini", "c2"),
            ),
            [("split-function-responses", "warning", "contents[3].parts[0]")],
        ),
    ]


def _id_cases() -> list[Case]:
    cases: list[Case] = []
    # an id reused in separate, well-formed pairs: accepted (the Claude API took it in
    # pydantic-ai's recorded requests), a warning everywhere
    dup_paths = {
        "openai": "messages[4].tool_calls[0]",
        "anthropic": "messages[4].content[0]",
        "gemini": "contents[4].parts[0]",
        "ollama": "messages[4].tool_calls[0]",
        "responses": "input[4]",
        "bedrock": "messages[3].content[0]",
    }
    for wire, path in dup_paths.items():
        # bedrock takes alternating roles: its next call follows the results directly
        more = [] if wire == "bedrock" else [user(wire, "more")]
        good = request(turn(wire, "c1"), *more, ask(wire, "c2"), answer(wire, "c2"))
        bad = request(turn(wire, "c1"), *more, ask(wire, "c1"), answer(wire, "c1"))
        cases.append(
            ("duplicate-call-id", wire, {}, good, bad, [("duplicate-call-id", "warning", path)])
        )
    # one message holding an id twice: the documented errors (anthropic, bedrock); the second
    # result answers the later call, so the first has none
    same_message = {
        "openai": ("messages[1].tool_calls[0]", "messages[1].tool_calls[1]", "messages[3]"),
        "anthropic": ("messages[1].content[0]", "messages[1].content[1]", "messages[2].content[1]"),
        "gemini": ("contents[1].parts[0]", "contents[1].parts[1]", "contents[2].parts[1]"),
        "ollama": ("messages[1].tool_calls[0]", "messages[1].tool_calls[1]", "messages[3]"),
        "responses": ("input[1]", "input[2]", "input[4]"),
        "bedrock": ("messages[1].content[0]", "messages[1].content[1]", "messages[2].content[1]"),
    }
    for wire, (first, second, result) in same_message.items():
        rejected = "error" if wire in ("anthropic", "bedrock") else "warning"
        cases.append(
            (
                "duplicate-call-id",
                wire,
                {},
                request(user(wire), ask(wire, "c1", "c2"), answer(wire, "c1", "c2")),
                request(user(wire), ask(wire, "c1", "c1"), answer(wire, "c1", "c1")),
                [
                    ("call-without-result", "warning" if wire == "ollama" else "error", first),
                    ("duplicate-call-id", rejected, second),
                    ("duplicate-result", rejected, result),
                ],
            )
        )
    result_dup = {
        "openai": ("messages[3]", "warning"),
        "anthropic": ("messages[2].content[1]", "error"),
        "gemini": ("contents[2].parts[1]", "warning"),
        "ollama": ("messages[3]", "warning"),
        "responses": ("input[3]", "warning"),
        "bedrock": ("messages[2].content[1]", "error"),
    }
    for wire, (path, level) in result_dup.items():
        cases.append(
            (
                "duplicate-result",
                wire,
                {},
                turn(wire, "c1"),
                request(user(wire), ask(wire, "c1"), answer(wire, "c1", "c1")),
                [("duplicate-result", level, path)],
            )
        )
    missing = {
        "openai": ["messages[1].tool_calls[0]", "messages[2]"],
        "anthropic": ["messages[1].content[0]", "messages[2].content[0]"],
        "responses": ["input[1]", "input[2]"],
        "bedrock": ["messages[1].content[0]", "messages[2].content[0]"],
    }
    for wire, paths in missing.items():
        cases.append(
            (
                "missing-call-id",
                wire,
                {},
                turn(wire, "c1"),
                turn(wire, ""),
                [("missing-call-id", "error", path) for path in paths],
            )
        )
    cases.append(
        (
            "call-id-format",
            "anthropic",
            {},
            turn("anthropic", "call_1-x"),
            turn("anthropic", "call.1"),
            [
                ("call-id-format", "error", "messages[1].content[0]"),
                ("call-id-format", "error", "messages[2].content[0]"),
            ],
        )
    )
    cases.append(
        (
            "call-id-format",
            "openai",
            {},
            turn("openai", "c" * 40),
            turn("openai", "c" * 41),
            [
                ("call-id-format", "warning", "messages[1].tool_calls[0]"),
                ("call-id-format", "warning", "messages[2]"),
            ],
        )
    )
    cases.append(
        (
            "call-id-format",
            "responses",
            {},
            turn("responses", "c" * 64),
            turn("responses", "c" * 65),
            [("call-id-format", "error", "input[1]"), ("call-id-format", "error", "input[2]")],
        )
    )
    # bedrock: the service model's ToolUseId, [a-zA-Z0-9_.:-]+ and at most 64 characters
    for good_id, bad_id in (("tooluse_a.b:c-1", "call 1"), ("c" * 64, "c" * 65)):
        cases.append(
            (
                "call-id-format",
                "bedrock",
                {},
                turn("bedrock", good_id),
                turn("bedrock", bad_id),
                [
                    ("call-id-format", "error", "messages[1].content[0]"),
                    ("call-id-format", "error", "messages[2].content[0]"),
                ],
            )
        )
    long_item = request(user("responses"), ask("responses", "c1"), answer("responses", "c1"))
    long_item[1]["id"] = "fc_" + "x" * 62
    short_item = copy.deepcopy(long_item)
    short_item[1]["id"] = "fc_" + "x" * 61
    cases.append(
        (
            "call-id-format",
            "responses",
            {},
            short_item,
            long_item,
            [("call-id-format", "error", "input[1]")],
        )
    )
    cases.append(
        (
            "call-id-format",
            "openai",
            {"profile": "mistral"},
            turn("openai", "abcDE1234"),
            turn("openai", "call_1234"),
            [
                ("call-id-format", "error", "messages[1].tool_calls[0]"),
                ("call-id-format", "error", "messages[2]"),
            ],
        )
    )
    return cases


def _content_cases() -> list[Case]:
    openai_good = turn("openai", "c1")
    openai_bad = copy.deepcopy(openai_good)
    openai_bad[2]["content"] = [{"type": "text", "text": "see"}, _openai_image()]
    openai_good_list = copy.deepcopy(openai_bad)
    openai_good_list[2]["content"] = [{"type": "text", "text": "see"}]
    responses_bad = turn("responses", "c1")
    responses_bad[2]["output"] = [
        {"type": "input_text", "text": "a"},
        {"type": "output_text", "text": "b"},
    ]
    responses_good = copy.deepcopy(responses_bad)
    responses_good[2]["output"][1]["type"] = "input_text"
    anth_good = turn("anthropic", "c1")
    anth_good[2]["content"] = [_anthropic_result([{"type": "text", "text": "a"}, _image_block()])]
    anth_bad = copy.deepcopy(anth_good)
    anth_bad[2]["content"][0]["content"][1] = {"type": "thinking", "thinking": "x"}
    err_good = turn("anthropic", "c1")
    err_good[2]["content"] = [_anthropic_result([{"type": "text", "text": "a"}], is_error=True)]
    err_bad = copy.deepcopy(err_good)
    err_bad[2]["content"][0]["content"].append(_image_block())
    return [
        (
            "tool-result-content",
            "openai",
            {},
            openai_good_list,
            openai_bad,
            [("tool-result-content", "error", "messages[2].content[1]")],
        ),
        (
            "tool-result-content",
            "openai",
            {"profile": "mistral", "vision": True},
            [
                {**m, "tool_calls": [{**m["tool_calls"][0], "id": "abcDE1234"}]}
                if m.get("tool_calls")
                else {**m, "tool_call_id": "abcDE1234"}
                if m["role"] == "tool"
                else m
                for m in openai_good_list
            ],
            [
                {**m, "tool_calls": [{**m["tool_calls"][0], "id": "abcDE1234"}]}
                if m.get("tool_calls")
                else {**m, "tool_call_id": "abcDE1234"}
                if m["role"] == "tool"
                else m
                for m in openai_bad
            ],
            [("tool-result-content", "warning", "messages[2].content[1]")],
        ),
        (
            "tool-result-content",
            "responses",
            {},
            responses_good,
            responses_bad,
            [("tool-result-content", "error", "input[2].output[1]")],
        ),
        (
            "tool-result-content",
            "anthropic",
            {},
            anth_good,
            anth_bad,
            [("tool-result-content", "error", "messages[2].content[0].content[1]")],
        ),
        (
            "error-result-not-text",
            "anthropic",
            {},
            err_good,
            err_bad,
            [("error-result-not-text", "error", "messages[2].content[0].content[1]")],
        ),
    ]


def _anthropic_cases() -> list[Case]:
    base = turn("anthropic", "c1")
    empty_text = copy.deepcopy(base)
    empty_text[0]["content"] = [{"type": "text", "text": "hi"}, {"type": "text", "text": " \n"}]
    full_text = copy.deepcopy(empty_text)
    full_text[0]["content"][1]["text"] = "there"
    blank_only = copy.deepcopy(empty_text)
    blank_only[0]["content"] = [{"type": "text", "text": " \n"}]
    empty_string = copy.deepcopy(empty_text)
    empty_string[0]["content"][1]["text"] = ""
    empty_message = request(user("anthropic", ""), *base[1:])
    after = copy.deepcopy(base)
    after[2]["content"].insert(0, {"type": "text", "text": "here:"})
    before = copy.deepcopy(base)
    before[2]["content"].append({"type": "text", "text": "here:"})
    prefill = request(user("anthropic"), {"role": "assistant", "content": "Sure"})
    prefill_space = request(user("anthropic"), {"role": "assistant", "content": "Sure "})
    final_empty = request(user("anthropic"), {"role": "assistant", "content": ""})
    return [
        # whitespace beside other content: accepted by the Claude API (a warning); an empty
        # string, or a message of nothing but whitespace, is rejected
        (
            "empty-text",
            "anthropic",
            {},
            full_text,
            empty_text,
            [("empty-text", "warning", "messages[0].content[1]")],
        ),
        (
            "empty-text",
            "anthropic",
            {},
            full_text,
            blank_only,
            [("empty-text", "error", "messages[0].content[0]")],
        ),
        (
            "empty-text",
            "anthropic",
            {},
            full_text,
            empty_string,
            [("empty-text", "error", "messages[0].content[1]")],
        ),
        (
            "system-message-placement",
            "anthropic",
            {},
            request(*base, {"role": "system", "content": "Be brief."}),
            request({"role": "system", "content": "Be brief."}, *base),
            [("system-message-placement", "error", "messages[0]")],
        ),
        (
            "system-message-placement",
            "anthropic",
            {},
            request(
                *base,
                {"role": "system", "content": "Be brief."},
                {"role": "system", "content": [{"type": "text", "text": "And kind."}]},
                {"role": "assistant", "content": "Done."},
                user("anthropic", "more"),
            ),
            request(*base[:2], {"role": "system", "content": "Be brief."}, base[2]),
            [
                ("results-not-next", "error", "messages[1].content[0]"),
                ("system-message-placement", "error", "messages[2]"),
            ],
        ),
        (
            "empty-message",
            "anthropic",
            {},
            base,
            empty_message,
            [("empty-message", "error", "messages[0]")],
        ),
        (
            "results-after-other-content",
            "anthropic",
            {},
            before,
            after,
            [("results-after-other-content", "error", "messages[2].content[1]")],
        ),
        (
            "final-assistant",
            "anthropic",
            {},
            base,
            prefill,
            [("final-assistant", "warning", "messages[1]")],
        ),
        (
            "final-assistant",
            "anthropic",
            {},
            base,
            prefill_space,
            [("final-assistant", "error", "messages[1]")],
        ),
        # an empty final assistant message is no empty-message (the API's one exception)
        (
            "final-assistant",
            "anthropic",
            {},
            base,
            final_empty,
            [("final-assistant", "warning", "messages[1]")],
        ),
    ]


def _media_cases() -> list[Case]:
    cases: list[Case] = []
    anth = request({"role": "user", "content": [_image_block(), {"type": "text", "text": "what?"}]})
    anth_bmp = copy.deepcopy(anth)
    anth_bmp[0]["content"][0]["source"]["media_type"] = "image/bmp"
    anth_jpeg = copy.deepcopy(anth)
    anth_jpeg[0]["content"][0]["source"]["media_type"] = "image/jpeg"
    cases.append(
        (
            "media-type",
            "anthropic",
            {},
            anth,
            anth_bmp,
            [("media-type", "error", "messages[0].content[0]")],
        )
    )
    cases.append(
        (
            "media-type",
            "anthropic",
            {},
            anth,
            anth_jpeg,
            [("media-type", "error", "messages[0].content[0]")],
        )
    )
    oa = [{"role": "user", "content": [_openai_image()]}]
    oa_bad = [{"role": "user", "content": [_openai_image(mime="image/tiff")]}]
    cases.append(
        (
            "media-type",
            "openai",
            {},
            oa,
            oa_bad,
            [("media-type", "error", "messages[0].content[0]")],
        )
    )
    rs = [
        {
            "role": "user",
            "content": [{"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"}],
        }
    ]
    rs_bad = [
        {
            "role": "user",
            "content": [{"type": "input_image", "image_url": f"data:image/jpeg;base64,{PNG}"}],
        }
    ]
    cases.append(
        (
            "media-type",
            "responses",
            {},
            rs,
            rs_bad,
            [("media-type", "error", "input[0].content[0]")],
        )
    )
    gm = [{"role": "user", "parts": [_gemini_image(), {"text": "what?"}]}]
    gm_heic = [{"role": "user", "parts": [_gemini_image("AAAA", "image/heic"), {"text": "what?"}]}]
    gm_gif = [{"role": "user", "parts": [_gemini_image(mime="image/gif"), {"text": "what?"}]}]
    cases.append(
        (
            "media-type",
            "gemini",
            {},
            gm_heic,
            gm_gif,
            [("media-type", "warning", "contents[0].parts[0]")],
        )
    )
    cases.append(
        (
            "media-type",
            "gemini",
            {},
            gm,
            gm_gif,
            [("media-type", "warning", "contents[0].parts[0]")],
        )
    )
    gm_resp = turn("gemini", "c1")
    gm_resp[2]["parts"][0]["functionResponse"]["parts"] = [_gemini_image()]
    gm_resp_heic = copy.deepcopy(gm_resp)
    gm_resp_heic[2]["parts"][0]["functionResponse"]["parts"] = [_gemini_image(mime="image/heic")]
    cases.append(
        (
            "media-type",
            "gemini",
            {},
            gm_resp,
            gm_resp_heic,
            [("media-type", "warning", "contents[2].parts[0].functionResponse.parts[0]")],
        )
    )
    # bad-base64 on every wire with inline payloads
    broken = PNG[:-4] + "QUJ="
    cases.append(
        (
            "bad-base64",
            "anthropic",
            {},
            anth,
            request({"role": "user", "content": [_image_block(broken)]}),
            [("bad-base64", "error", "messages[0].content[0]")],
        )
    )
    cases.append(
        (
            "bad-base64",
            "openai",
            {},
            oa,
            [{"role": "user", "content": [_openai_image(broken)]}],
            [("bad-base64", "error", "messages[0].content[0]")],
        )
    )
    cases.append(
        (
            "bad-base64",
            "responses",
            {},
            rs,
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "input_image", "image_url": f"data:image/png;base64,{broken}"}
                    ],
                }
            ],
            [("bad-base64", "error", "input[0].content[0]")],
        )
    )
    url_safe = [{"role": "user", "parts": [_gemini_image(PNG.replace("+", "-").replace("/", "_"))]}]
    cases.append(
        (
            "bad-base64",
            "gemini",
            {},
            url_safe,
            [{"role": "user", "parts": [_gemini_image("not base64!")]}],
            [("bad-base64", "error", "contents[0].parts[0]")],
        )
    )
    ol = [{"role": "user", "content": "look", "images": [PNG]}]
    cases.append(
        (
            "bad-base64",
            "ollama",
            {},
            ol,
            [{"role": "user", "content": "look", "images": ["%%%"]}],
            [("bad-base64", "error", "messages[0].images[0]")],
        )
    )
    return cases


def _gemini_cases() -> list[Case]:
    signed = turn("gemini", "c1", "c2")
    unsigned = turn("gemini", "c1", "c2", signature=False)
    two_steps_bad = request(
        turn("gemini", "c1"), ask("gemini", "c2", signature=False), answer("gemini", "c2")
    )
    two_steps = request(turn("gemini", "c1"), ask("gemini", "c2"), answer("gemini", "c2"))
    # an earlier turn (before the last user content with text) needs no signature
    old = request(turn("gemini", "c1", signature=False), turn("gemini", "c2"))
    parts = turn("gemini", "c1")
    parts[2]["parts"][0]["functionResponse"]["parts"] = [_gemini_image()]
    return [
        (
            "missing-thought-signature",
            "gemini",
            {"profile": "gemini-3"},
            signed,
            unsigned,
            [("missing-thought-signature", "error", "contents[1].parts[0]")],
        ),
        (
            "missing-thought-signature",
            "gemini",
            {},
            signed,
            unsigned,
            [("missing-thought-signature", "warning", "contents[1].parts[0]")],
        ),
        ("missing-thought-signature", "gemini", {"profile": "gemini-2.5"}, signed, unsigned, []),
        (
            "missing-thought-signature",
            "gemini",
            {"profile": "gemini-3"},
            two_steps,
            two_steps_bad,
            [("missing-thought-signature", "error", "contents[3].parts[0]")],
        ),
        (
            "missing-thought-signature",
            "gemini",
            {"profile": "gemini-3"},
            old,
            unsigned,
            [("missing-thought-signature", "error", "contents[1].parts[0]")],
        ),
        (
            "function-response-parts",
            "gemini",
            {"profile": "gemini-2.5"},
            signed,
            parts,
            [("function-response-parts", "error", "contents[2].parts[0]")],
        ),
        ("function-response-parts", "gemini", {"profile": "gemini-3"}, signed, parts, []),
        (
            "empty-message",
            "gemini",
            {},
            signed,
            request(user("gemini"), {"role": "model", "parts": []}, *signed[1:]),
            [("empty-message", "error", "contents[1]")],
        ),
    ]


def _profile_cases() -> list[Case]:
    image_user = [{"role": "user", "content": [{"type": "text", "text": "what?"}, _openai_image()]}]
    text_user = [{"role": "user", "content": [{"type": "text", "text": "what?"}]}]
    mistral = turn("openai", "abcDE1234")
    return [
        (
            "images-unsupported",
            "openai",
            {"profile": "deepseek"},
            text_user,
            image_user,
            [("images-unsupported", "error", "messages[0].content[1]")],
        ),
        (
            "images-unsupported",
            "openai",
            {"profile": "deepseek", "vision": True},
            image_user,
            image_user,
            [],
        ),
        (
            "images-unsupported",
            "openai",
            {"vision": False},
            text_user,
            image_user,
            [("images-unsupported", "warning", "messages[0].content[1]")],
        ),
        (
            "images-unsupported",
            "ollama",
            {"vision": False},
            [{"role": "user", "content": "x"}],
            [{"role": "user", "content": "x", "images": [PNG]}],
            [("images-unsupported", "warning", "messages[0].images[0]")],
        ),
        (
            "user-after-tool",
            "openai",
            {"profile": "mistral"},
            request(mistral, {"role": "assistant", "content": "ok"}, user("openai")),
            request(mistral, user("openai")),
            [("user-after-tool", "error", "messages[3]")],
        ),
        (
            "user-after-tool",
            "openai",
            {},
            request(mistral, user("openai")),
            request(mistral, user("openai")),
            [],
        ),
    ]


def _bedrock_image(data: str = PNG) -> Any:
    return {"image": {"format": "png", "source": {"bytes": data}}}


def _bedrock_document(name: str, data: str = PNG) -> Any:
    return {"document": {"format": "pdf", "name": name, "source": {"bytes": data}}}


def _bedrock_s3(key: str, name: str | None = None) -> Any:
    """A document (``name``) or an image stored in S3: a block with no inline payload."""
    source = {"s3Location": {"uri": f"s3://bucket/{key}", "bucketOwner": "111122223333"}}
    if name is None:
        return {"image": {"format": "png", "source": source}}
    return {"document": {"format": "pdf", "name": name, "source": source}}


def _bedrock_result(*content: Any) -> list[Any]:
    made = turn("bedrock", "c1")
    made[2]["content"][0]["toolResult"]["content"] = list(content)
    return made


_IN_RESULT = "messages[2].content[0].toolResult.content"


def _bedrock_round3_cases() -> list[Case]:
    """The members a toolResult's content takes; document names; S3 sources."""
    members = [
        {"text": "t"},
        {"json": {"a": 1}},
        _bedrock_image(),
        _bedrock_document("d"),
        _bedrock_s3("i.png"),  # no inline payload: nothing to check as base64
        {"video": {"format": "mp4", "source": {"s3Location": {"uri": "s3://bucket/v.mp4"}}}},
        {"searchResult": {"source": "s", "title": "t", "content": [{"text": "x"}]}},
    ]
    cases: list[Case] = [
        (
            "tool-result-content",
            "bedrock",
            {},
            _bedrock_result(*members),
            _bedrock_result(*members[:2], {"audio": {"format": "mp3"}}, {"cachePoint": {}}),
            [
                ("tool-result-content", "error", f"{_IN_RESULT}[2]"),
                ("tool-result-content", "error", f"{_IN_RESULT}[3]"),
            ],
        ),
    ]
    # each name beside the boundary it sits on: taken, then rejected
    for good, bad, case in [
        ("a-b (1) [x] 9", "a.b", "error"),  # the documented characters; a dot
        ("a b", "a  b", "error"),  # one space; two in a row
        (" a", "a\tb", "error"),  # a single leading space; a tab
        ("resume", "r\u00e9sum\u00e9", "error"),  # ASCII letters; non-ASCII letters
        ("x" * 200, "x" * 201, "error"),  # the longest; one more
        ("x", "", "error"),  # the shortest; empty
        ("ab", "a_b", "warning"),  # an underscore: outside the list, accepted live
    ]:
        cases.append(
            (
                "document-name",
                "bedrock",
                {},
                _bedrock_result(_bedrock_document(good)),
                _bedrock_result(_bedrock_document(bad)),
                [("document-name", case, f"{_IN_RESULT}[0]")],
            )
        )
    inline = [_bedrock_document(f"doc {n}") for n in range(1, 5)]
    cases += [
        (  # an S3 document counts as a document: the sixth is one too many
            "too-many-documents",
            "bedrock",
            {},
            _bedrock_result(*inline, _bedrock_s3("k5.pdf", "doc 5")),
            _bedrock_result(*inline, _bedrock_document("doc 5"), _bedrock_s3("k6.pdf", "doc 6")),
            [("too-many-documents", "error", f"{_IN_RESULT}[5]")],
        ),
        (  # its name counts too
            "duplicate-document-name",
            "bedrock",
            {},
            _bedrock_result(_bedrock_document("doc 1"), _bedrock_s3("k.pdf", "doc 2")),
            _bedrock_result(_bedrock_document("doc 1"), _bedrock_s3("k.pdf", "doc 1")),
            [("duplicate-document-name", "error", f"{_IN_RESULT}[1]")],
        ),
        (  # and it is checked as a name
            "document-name",
            "bedrock",
            {},
            _bedrock_result(_bedrock_s3("k.pdf", "report")),
            _bedrock_result(_bedrock_s3("k.pdf", "report.pdf")),
            [("document-name", "error", f"{_IN_RESULT}[0]")],
        ),
    ]
    return cases


def _bedrock_cases() -> list[Case]:
    base = turn("bedrock", "c1")
    empty_text = copy.deepcopy(base)
    empty_text[0]["content"].append({"text": " \n"})
    full_text = copy.deepcopy(empty_text)
    full_text[0]["content"][1]["text"] = "there"
    blank_only = copy.deepcopy(empty_text)
    blank_only[0]["content"] = [{"text": " \n"}]
    empty_string = copy.deepcopy(empty_text)
    empty_string[0]["content"][1]["text"] = ""
    before = copy.deepcopy(base)
    before[2]["content"].append({"text": "here:"})
    after = copy.deepcopy(base)
    after[2]["content"].insert(0, {"text": "here:"})
    image = copy.deepcopy(base)
    image[2]["content"][0]["toolResult"]["content"] = [_bedrock_image()]
    broken = copy.deepcopy(image)
    broken[2]["content"][0]["toolResult"]["content"] = [_bedrock_image("not base64!")]
    five = copy.deepcopy(base)
    five[2]["content"][0]["toolResult"]["content"] = [
        _bedrock_document(f"doc {n}") for n in range(1, 6)
    ]
    six = copy.deepcopy(five)
    six.append({"role": "assistant", "content": [{"text": "and one more?"}]})
    six.append({"role": "user", "content": [_bedrock_document("doc 6"), {"text": "here"}]})
    five_more = copy.deepcopy(six)
    del five_more[2]["content"][0]["toolResult"]["content"][4]
    named_twice = copy.deepcopy(five_more)
    named_twice[4]["content"][0]["document"]["name"] = "doc 2"
    declared_jpeg = copy.deepcopy(image)
    declared_jpeg[2]["content"][0]["toolResult"]["content"][0]["image"]["format"] = "jpeg"
    return [
        # a text family takes no image inside a toolResult (a document it does: the corpus)
        (
            "tool-result-content",
            "bedrock",
            {"profile": "bedrock-text"},
            base,
            image,
            [("tool-result-content", "error", "messages[2].content[0].toolResult.content[0]")],
        ),
        # PNG bytes declared jpeg: Claude's check (an error with bedrock-claude)
        (
            "media-type",
            "bedrock",
            {},
            image,
            declared_jpeg,
            [("media-type", "warning", "messages[2].content[0].toolResult.content[0]")],
        ),
        (
            "media-type",
            "bedrock",
            {"profile": "bedrock-claude"},
            image,
            declared_jpeg,
            [("media-type", "error", "messages[2].content[0].toolResult.content[0]")],
        ),
        (
            "empty-text",
            "bedrock",
            {},
            full_text,
            empty_text,
            [("empty-text", "warning", "messages[0].content[1]")],
        ),
        (
            "empty-text",
            "bedrock",
            {},
            full_text,
            blank_only,
            [("empty-text", "error", "messages[0].content[0]")],
        ),
        (
            "empty-text",
            "bedrock",
            {},
            full_text,
            empty_string,
            [("empty-text", "error", "messages[0].content[1]")],
        ),
        (
            "results-after-other-content",
            "bedrock",
            {"profile": "bedrock-claude"},
            before,
            after,
            [("results-after-other-content", "error", "messages[2].content[1]")],
        ),
        (
            "results-after-other-content",
            "bedrock",
            {"profile": "bedrock-nova"},
            before,
            after,
            [("results-after-other-content", "warning", "messages[2].content[1]")],
        ),
        (
            "bad-base64",
            "bedrock",
            {},
            image,
            broken,
            [("bad-base64", "error", "messages[2].content[0].toolResult.content[0]")],
        ),
        (
            "too-many-documents",
            "bedrock",
            {},
            five_more,
            six,
            [("too-many-documents", "error", "messages[4].content[0]")],
        ),
        (
            "duplicate-document-name",
            "bedrock",
            {},
            five_more,
            named_twice,
            [("duplicate-document-name", "error", "messages[4].content[0]")],
        ),
    ]


def _turn_order_cases() -> list[Case]:
    """Issue 36's lint misses: bedrock's alternating roles and its prefill with tools, an
    Anthropic body without max_tokens, an empty list of messages."""
    tools = {"toolConfig": {"tools": []}}
    results_then_text = {"messages": [*turn("bedrock", "c1"), user("bedrock", "more")], **tools}
    prefill = {"role": "assistant", "content": [{"text": "The answer is"}]}
    cases: list[Case] = [
        (
            "roles-not-alternating",
            "bedrock",
            {},
            {"messages": turn("bedrock", "c1"), **tools},
            results_then_text,
            [("roles-not-alternating", "error", "messages[3]")],
        ),
        (
            "prefill-with-tools",
            "bedrock",
            {"profile": "bedrock-claude"},
            {"messages": [user("bedrock"), prefill]},
            {"messages": [*turn("bedrock", "c1"), prefill], **tools},
            [("prefill-with-tools", "warning", "messages[3]")],
        ),
        (
            "max-tokens-required",
            "anthropic",
            {},
            {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [user("anthropic")]},
            {"model": "claude-sonnet-4-5", "messages": [user("anthropic")]},
            [("max-tokens-required", "error", "max_tokens")],
        ),
    ]
    for wire, key in (("openai", "messages"), ("anthropic", "messages"), ("gemini", "contents")):
        # known models: an unknown one adds its own info finding (model-unknown)
        known = {"openai": "gpt-4o", "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}
        body = (
            {"model": known[wire], "max_tokens": 9}
            if wire == "anthropic"
            else {"model": known[wire]}
        )
        cases.append(
            (
                "no-messages",
                wire,
                {},
                {**body, key: [user(wire)]},
                {**body, key: []},
                [("no-messages", "warning", key)],
            )
        )
    return cases


CASES: list[Case] = [
    *_turn_order_cases(),
    *_pairing_cases(),
    *_results_not_next_cases(),
    *_id_cases(),
    *_content_cases(),
    *_anthropic_cases(),
    *_media_cases(),
    *_gemini_cases(),
    *_profile_cases(),
    *_bedrock_cases(),
    *_bedrock_round3_cases(),
    *MODEL_CASES,
]


def _seen(findings: Findings) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity, f.path) for f in findings]


@pytest.mark.parametrize(
    ("rule", "wire", "kwargs", "good", "bad", "expected"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{n}" for n, c in enumerate(CASES)],
)
def test_bad_and_good(
    rule: str, wire: str, kwargs: dict[str, Any], good: Any, bad: Any, expected: list[Any]
) -> None:
    assert rule in RULES
    assert _seen(lint(wire, good, **kwargs)) == []
    found = lint(wire, bad, **kwargs)
    assert _seen(found) == expected
    for finding in found:
        assert finding.source == RULES[finding.rule].source
        assert f"(checked {RULES[finding.rule].checked})" in finding.source
        assert finding.message.endswith(".")


def test_every_rule_is_proven_on_every_wire_it_applies_to() -> None:
    proven = {(c[0], c[1]) for c in [*CASES, *CHECK_CASES] if c[5]}
    missing = []
    for rule in RULES.values():
        if rule.id in (
            "shape",
            "too-much-media",
            "image-too-large",
            "request-too-large",
            "text-too-long",
            "too-many-cache-breakpoints",
            "images-unsupported",
            "prefix-changed",  # every wire in tests/test_prefix_changed.py
        ):
            continue  # their own tests below
        for wire in wires_of(rule.id, rule.profiles):
            if (rule.id, wire) not in proven:
                missing.append((rule.id, wire))
    assert missing == []


def test_openai_ids_over_64_are_errors() -> None:
    at_64 = [(f.rule, f.severity) for f in lint("openai", turn("openai", "c" * 64))]
    assert at_64 == [("call-id-format", "warning")] * 2
    found = lint("openai", turn("openai", "c" * 65))
    assert _seen(found) == [
        ("call-id-format", "error", "messages[1].tool_calls[0]"),
        ("call-id-format", "error", "messages[2]"),
    ]
    assert "65 characters long (at most 64)" in found[0].message


def test_bodies_and_bare_lists_read_alike() -> None:
    for wire in WIRES:
        messages = request(user(wire), ask(wire, "c1", "c2"), answer(wire, "c1"))
        key = {"gemini": "contents", "responses": "input"}.get(wire, "messages")
        body: dict[str, Any] = {key: messages}
        if wire == "bedrock":  # a Bedrock body with tool blocks needs its toolConfig
            body["toolConfig"] = {"tools": [{"toolSpec": {"name": "f", "inputSchema": {}}}]}
        assert lint(wire, body) == lint(wire, messages)
        assert lint(wire, body)


def test_gemini_snake_case_reads_as_camel_case() -> None:
    camel = request(
        user("gemini"),
        ask("gemini", "c1", "c2", signature=False),
        answer("gemini", "c1"),
        {"role": "user", "parts": [_gemini_image(mime="image/gif")]},
    )
    snake = copy.deepcopy(camel)
    snake[1]["parts"] = [{"function_call": p["functionCall"]} for p in snake[1]["parts"]]
    snake[2]["parts"] = [{"function_response": p["functionResponse"]} for p in snake[2]["parts"]]
    snake[3]["parts"] = [{"inline_data": {"mime_type": "image/gif", "data": PNG}}]
    expected = [
        ("call-without-result", "error", "contents[1].parts[1]"),
        ("media-type", "warning", "contents[3].parts[0]"),
    ]
    assert _seen(lint("gemini", {"contents": camel}, profile="gemini-2.5")) == expected
    assert _seen(lint("gemini", {"contents": snake}, profile="gemini-2.5")) == expected
    signature = copy.deepcopy(snake)
    signature[1]["parts"][0]["thought_signature"] = SIGNATURE
    signature[1]["parts"][1]["thought_signature"] = SIGNATURE
    assert _seen(lint("gemini", signature, profile="gemini-3")) == expected
    assert _seen(lint("gemini", snake[:3], profile="gemini-3")) == [
        ("missing-thought-signature", "error", "contents[1].parts[0]"),
        expected[0],
    ]


def test_multi_turn_parallel_calls_in_request_order() -> None:
    messages = request(
        user("openai"),
        ask("openai", "a1", "a2", "a3"),
        answer("openai", "a3", "a1"),
        {"role": "assistant", "content": "done"},
        user("openai", "again"),
        ask("openai", "b1", "b2"),
        answer("openai", "b1", "b2", "zz"),
        answer("openai", "a2"),
    )
    assert _seen(lint("openai", {"model": "gpt-4o", "messages": messages})) == [
        ("results-not-next", "error", "messages[1].tool_calls[1]"),
        ("result-without-call", "error", "messages[9]"),
    ]
    found = lint("openai", messages)
    assert "'a2'" in found[0].message
    assert "'zz'" in found[1].message


def test_responses_previous_response_id() -> None:
    outputs = answer("responses", "c_old")
    assert _seen(lint("responses", {"input": outputs})) == [
        ("result-without-call", "error", "input[0]")
    ]
    assert _seen(lint("responses", {"input": outputs, "previous_response_id": "resp_1"})) == []
    before = request(answer("responses", "c1"), ask("responses", "c1"))
    assert _seen(lint("responses", {"input": before, "previous_response_id": "resp_1"})) == [
        ("result-without-call", "error", "input[0]"),
        ("call-without-result", "error", "input[1]"),
    ]
    assert _seen(lint("responses", {"input": "just text"})) == []


def test_shape_findings_never_raise() -> None:
    found = lint("openai", [{"role": "wizard", "content": "x"}, 7, {"role": "user", "content": 5}])
    assert _seen(found) == [
        ("shape", "error", "messages[0].role"),
        ("shape", "error", "messages[1]"),
        ("shape", "error", "messages[2].content"),
    ]
    assert _seen(lint("anthropic", {"model": "claude-sonnet-4-5", "max_tokens": 9})) == [
        ("shape", "error", "messages")
    ]


def test_argument_errors() -> None:
    with pytest.raises(TypeError, match="a request must be a dict"):
        lint("openai", "hello")
    with pytest.raises(ValueError, match=r"unknown wire 'vertex'; known wires: .*, bedrock$"):
        lint("vertex", [])
    with pytest.raises(ValueError, match="unknown provider profile 'nope'"):
        lint("openai", [], profile="nope")
    with pytest.raises(ValueError, match="profile 'mistral' is for the openai wire, not anthropic"):
        lint("anthropic", [], profile="mistral")
    with pytest.raises(TypeError, match="vision must be a bool"):
        lint("openai", [], vision="yes")  # type: ignore[arg-type]


def test_sdk_objects_are_read_through_model_dump() -> None:
    class Body:
        def model_dump(self, **_: Any) -> Any:
            return {"messages": request(user("openai"), ask("openai", "c1"))}

    assert _seen(lint("openai", Body())) == [
        ("call-without-result", "error", "messages[1].tool_calls[0]")
    ]


# -- limits ------------------------------------------------------------------------------


def _many_images(count: int) -> list[Any]:
    return [{"role": "user", "content": [_image_block() for _ in range(count)]}]


def test_too_much_media_counts_images_across_messages() -> None:
    assert _seen(lint("anthropic", _many_images(100))) == []
    assert _seen(lint("anthropic", _many_images(101))) == [
        ("too-much-media", "warning", "messages[0].content[100]")
    ]
    assert _seen(lint("anthropic", _many_images(601))) == [
        ("too-much-media", "error", "messages[0].content[600]")
    ]


def test_image_too_large() -> None:
    # more than 20 images: each side at most 2000 px; the SAMPLE images are 8x8
    assert "image-too-large" not in lint("anthropic", _many_images(21)).rules
    big = "A" * (10_485_760 + 4)
    found = lint("anthropic", [{"role": "user", "content": [_image_block(big)]}])
    assert ("image-too-large", "error", "messages[0].content[0]") in _seen(found)
    mid = "A" * (5_242_880 + 4)
    found = lint("anthropic", [{"role": "user", "content": [_image_block(mid)]}])
    assert ("image-too-large", "warning", "messages[0].content[0]") in _seen(found)


def test_image_dimensions(monkeypatch: pytest.MonkeyPatch) -> None:
    import struct
    import zlib
    from base64 import b64encode

    def png(width: int, height: int) -> str:
        header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
        chunk = b"IHDR" + header
        ihdr = struct.pack(">I", len(header)) + chunk + struct.pack(">I", zlib.crc32(chunk))
        return b64encode(b"\x89PNG\r\n\x1a\n" + ihdr).decode()

    wide = [{"role": "user", "content": [_image_block(png(8001, 10))]}]
    ok = [{"role": "user", "content": [_image_block(png(8000, 10))]}]
    assert _seen(lint("anthropic", ok)) == []
    assert _seen(lint("anthropic", wide)) == [
        ("image-too-large", "error", "messages[0].content[0]")
    ]
    many = [
        {
            "role": "user",
            "content": [_image_block() for _ in range(20)] + [_image_block(png(2001, 10))],
        }
    ]
    assert _seen(lint("anthropic", many)) == [
        ("image-too-large", "error", "messages[0].content[20]")
    ]
    fewer = [
        {
            "role": "user",
            "content": [_image_block() for _ in range(19)] + [_image_block(png(2001, 10))],
        }
    ]
    assert _seen(lint("anthropic", fewer)) == []


def test_request_too_large_and_text_too_long() -> None:
    huge = "x" * (32 * 1024 * 1024)
    assert _seen(lint("anthropic", [{"role": "user", "content": huge}])) == [
        ("request-too-large", "error", "")
    ]
    assert _seen(lint("anthropic", [{"role": "user", "content": huge[:1000]}])) == []
    long = "y" * 10_485_761
    assert _seen(lint("openai", [{"role": "user", "content": long}])) == [
        ("text-too-long", "error", "messages[0].content")
    ]
    assert _seen(lint("responses", [{"role": "user", "content": long[:-1]}])) == []
    assert _seen(lint("responses", [{"role": "user", "content": long}])) == [
        ("text-too-long", "error", "input[0].content")
    ]


def test_cache_breakpoints() -> None:
    cached = {"type": "ephemeral"}
    body = {
        "system": [{"type": "text", "text": "s", "cache_control": cached}],
        "tools": [{"name": "f", "input_schema": {}, "cache_control": cached}],
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": str(n), "cache_control": cached} for n in range(2)
                ],
            }
        ],
    }
    assert _seen(lint("anthropic", body)) == []
    body["messages"][0]["content"].append({"type": "text", "text": "5", "cache_control": cached})
    assert _seen(lint("anthropic", body)) == [
        ("too-many-cache-breakpoints", "error", "messages[0].content[2]")
    ]


def test_findings_values() -> None:
    found = lint("anthropic", request(user("anthropic"), ask("anthropic", "c1")))
    assert isinstance(found, Findings)
    assert all(isinstance(f, Finding) for f in found)
    assert [f.rule for f in found.errors] == ["call-without-result"]
    assert [f.rule for f in found.warnings] == ["final-assistant"]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=8)
    | st.sampled_from(
        [
            "user",
            "assistant",
            "tool",
            "model",
            "text",
            "tool_use",
            "tool_result",
            "image_url",
            "function_call",
            "function_call_output",
            "functionCall",
            "functionResponse",
            "parts",
            "content",
            "messages",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "role",
                    "content",
                    "parts",
                    "type",
                    "id",
                    "tool_call_id",
                    "tool_use_id",
                    "call_id",
                    "name",
                    "tool_calls",
                    "function",
                    "arguments",
                    "input",
                    "output",
                    "functionCall",
                    "functionResponse",
                    "response",
                    "source",
                    "data",
                    "media_type",
                    "image_url",
                    "url",
                    "is_error",
                    "images",
                    "messages",
                    "contents",
                    "input",
                    "cache_control",
                    "thoughtSignature",
                    "text",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=30,
)


@settings(derandomize=True, max_examples=300, deadline=None, database=None)
@given(st.sampled_from(WIRES), JSON, st.sampled_from([None, False, True]))
def test_any_json_is_findings_or_the_documented_type_error(
    wire: str, value: Any, vision: Any
) -> None:
    if not isinstance(value, (dict, list)):
        with pytest.raises(TypeError):
            lint(wire, value, vision=vision)
        return
    found = lint(wire, value, vision=vision)
    assert all(f.rule in RULES for f in found)
    assert all(f.severity in ("error", "warning") for f in found)
