"""The README's examples are run, so they cannot drift from the code."""

from __future__ import annotations

import doctest
import json
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
    import toolresult_lab.conversion.result
    import toolresult_lab.views.render

    for module in (toolresult_lab, toolresult_lab.conversion.result, toolresult_lab.views.render):
        failures, tried = doctest.testmod(module)
        assert tried >= 1, module.__name__
        assert failures == 0, module.__name__


def test_readme_says_how_to_open_the_notebooks():
    text = README.read_text(encoding="utf-8")
    # scripts/install.sh makes .venv when missing and reuses README command 1's build (issue 28)
    command = "bash scripts/install.sh notebooks && .venv/bin/jupyter lab notebooks/"
    notebooks = text[text.index("## Notebooks") :]
    assert notebooks.split("```bash\n", 1)[1].startswith(command)
    pyproject = (README.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert "\nnotebooks = [\n" in pyproject


def _code_blocks(text: str) -> list[str]:
    return [block.split("\n", 1)[1] for block in text.split("```")[1::2]]


def test_no_code_block_says_the_same_thing_twice():
    """Issue 18: `compare(result)`, `matrix_explorer()` and `convert ... --wire all` were listed
    twice; a reader takes a repeat for a difference they cannot see."""
    for block in _code_blocks(README.read_text(encoding="utf-8")):
        commands = [
            line.split("#")[0].strip().removeprefix(">>> ")
            for line in block.splitlines()
            if line.strip() and not line.startswith("... ")
        ]
        commands = [c for c in commands if c]
        repeated = {c for c in commands if commands.count(c) > 1}
        assert not repeated, repeated


def test_every_widget_the_readme_shows_is_used_in_a_notebook():
    notebooks = "".join(
        path.read_text(encoding="utf-8") for path in (README.parent / "notebooks").glob("*.ipynb")
    )
    for widget in ("compare(", "matrix_explorer("):
        assert widget in README.read_text(encoding="utf-8")
        assert widget in notebooks, widget


def test_the_notebooks_open_as_a_user_opens_them():
    """Issue 18, item 9: as root, on first open, and in git status."""
    text = README.read_text(encoding="utf-8")
    notebooks = text[text.index("## Notebooks") :]
    assert "add `--allow-root`" in notebooks.split("\n- ")[0]
    ignored = (README.parent / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".ipynb_checkpoints/" in ignored
    for path in sorted((README.parent / "notebooks").glob("*.ipynb")):
        kernelspec = json.loads(path.read_text(encoding="utf-8"))["metadata"]["kernelspec"]
        assert (kernelspec["name"], kernelspec["language"]) == ("python3", "python"), path.name
