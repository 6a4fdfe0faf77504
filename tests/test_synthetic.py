"""The synthetic log's bytes for a seed are fixed: tests and notebooks read seeded files and
assert exact values, so a faster writer must write the very same lines (tests/test_audit.py
checks what the audit finds in them)."""

from __future__ import annotations

import gzip
import hashlib
import random
from pathlib import Path

import pytest

from toolresult_lab.logs.synthetic import _WORDS, _Maker, synthetic_log


@pytest.mark.parametrize("seed", range(40))
def test_words_are_rng_choice_word_by_word(seed: int) -> None:
    maker, reference = _Maker(random.Random(seed), 64), random.Random(seed)
    for low, high in ((0, 0), (1, 1), (3, 10), (12, 80), (8, 60)):
        expected = " ".join(reference.choice(_WORDS) for _ in range(reference.randint(low, high)))
        assert maker.words(low, high) == expected
    assert maker.rng.getstate() == reference.getstate()  # the draws after them are the same


def test_a_seeded_log_is_the_same_bytes_as_before(tmp_path: Path) -> None:
    # The digests of the files the writer wrote before _Maker.words drew words inline; the same
    # on Python 3.10, 3.11, 3.12 and 3.13.
    cases = {
        "a.jsonl": ({"seed": 3}, 500, "4c6398831c257ca2", (500, 3, 1542, 39, 1200144)),
        "b.jsonl": (
            {"seed": 2, "payload_bytes": 64},
            500,
            "47a86326d74d2d40",
            (500, 4, 1574, 31, 382715),
        ),
        "c.jsonl": (
            {"seed": 7, "bad_every": 60},
            3000,
            "87b6c92b8b5a83b5",
            (3000, 44, 9081, 236, 6929227),
        ),
    }
    for name, (options, results, digest, figures) in cases.items():
        stats = synthetic_log(tmp_path / name, results, **options)  # type: ignore[arg-type]
        data = (tmp_path / name).read_bytes()
        assert hashlib.sha256(data).hexdigest()[:16] == digest, name
        assert (
            stats.results,
            stats.bad_lines,
            stats.entries,
            stats.empty,
            stats.file_bytes,
        ) == figures


@pytest.mark.parametrize("level", [1, 6, 9])
def test_compresslevel_changes_the_file_not_the_lines(tmp_path: Path, level: int) -> None:
    plain = synthetic_log(tmp_path / "a.jsonl", 300, seed=5)
    packed = synthetic_log(tmp_path / "a.jsonl.gz", 300, seed=5, compresslevel=level)
    with gzip.open(packed.path, "rb") as lines:
        assert lines.read() == (tmp_path / "a.jsonl").read_bytes()
    assert (packed.results, packed.bad_lines, packed.entries, packed.empty) == (
        plain.results,
        plain.bad_lines,
        plain.entries,
        plain.empty,
    )
    assert packed.file_bytes == (tmp_path / "a.jsonl.gz").stat().st_size < plain.file_bytes


def test_the_default_level_is_6(tmp_path: Path) -> None:
    def deflated(name: str, **options: int) -> bytes:
        synthetic_log(tmp_path / name, 300, seed=5, **options)
        data = (tmp_path / name).read_bytes()
        return data[10 + len(name) - 2 :]  # after gzip's header: its time and the file's name

    default = deflated("d.jsonl.gz")
    assert (
        default
        == deflated("6.jsonl.gz", compresslevel=6)
        != deflated("1.jsonl.gz", compresslevel=1)
    )
