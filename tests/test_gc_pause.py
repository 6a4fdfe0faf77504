"""``translate`` pauses the cycle collector for its one call and puts back what it found."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator

import pytest

from toolresult_lab import translate
from toolresult_lab.conversion.gc_pause import paused_cycle_collector

REQUEST = {"messages": [{"role": "user", "content": "hi"}]}


@pytest.fixture
def collector_state() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_is_off_inside_and_back_on_after(collector_state: None) -> None:
    gc.enable()
    with paused_cycle_collector():
        assert gc.isenabled() is False
    assert gc.isenabled() is True


def test_a_collector_found_off_stays_off(collector_state: None) -> None:
    gc.disable()
    with paused_cycle_collector():
        assert gc.isenabled() is False
    assert gc.isenabled() is False


def test_an_error_inside_still_puts_the_collector_back(collector_state: None) -> None:
    gc.enable()
    with pytest.raises(ZeroDivisionError), paused_cycle_collector():
        1 / 0  # noqa: B018
    assert gc.isenabled() is True


def test_translate_runs_with_the_collector_off_and_leaves_it_on(
    collector_state: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = sys.modules[
        "toolresult_lab.requests.translating"
    ]  # the package's name is the function
    seen: list[bool] = []
    real_lint = module.lint

    def lint_seeing_the_collector(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real_lint(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "lint", lint_seeing_the_collector)
    gc.enable()
    out = translate("openai", "anthropic", REQUEST)
    assert out.request["messages"] == [{"role": "user", "content": "hi"}]
    assert seen == [False]
    assert gc.isenabled() is True


def test_translate_puts_the_collector_back_when_it_raises(collector_state: None) -> None:
    gc.enable()
    with pytest.raises(ValueError):
        translate("openai", "anthropic", {"messages": [{"role": "nobody", "content": 3}]})
    assert gc.isenabled() is True
