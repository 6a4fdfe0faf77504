"""The README's examples are run, so they cannot drift from the code."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run_and_print_what_they_say():
    failures, tried = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert tried >= 9
    assert failures == 0


def test_readme_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[2] == "```bash"
    assert lines[3].startswith(
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/toolresult-lab matrix"
    )
    assert lines[4].startswith("bash scripts/test.sh")
    assert lines[5] == "```"


def test_docstring_examples_run():
    import toolresult_lab
    import toolresult_lab.render
    import toolresult_lab.result

    for module in (toolresult_lab, toolresult_lab.result, toolresult_lab.render):
        failures, tried = doctest.testmod(module)
        assert tried >= 1, module.__name__
        assert failures == 0, module.__name__


def test_readme_says_how_to_open_the_notebooks():
    text = README.read_text(encoding="utf-8")
    command = (
        "python3 -m venv .venv && .venv/bin/pip install '.[notebooks]'"
        " && .venv/bin/jupyter lab notebooks/"
    )
    notebooks = text[text.index("## Notebooks") :]
    assert notebooks.split("```bash\n", 1)[1].startswith(command + "\n```")
    pyproject = (README.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert "\nnotebooks = [\n" in pyproject
