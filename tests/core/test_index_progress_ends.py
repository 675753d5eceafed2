"""Each step of a build says its end: off a terminal ``maguyva index`` writes whole progress
lines, and WebOb's log had ended ``trigrams 0% (0/91)``, ``tokens 0%``, ``words 0%`` with no
100 % line after them, as if the build had stalled there."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index


def _last_of_each(calls: list[tuple[str, int, int]]) -> dict[str, tuple[int, int]]:
    """The last (done, total) each phase with a known length reported."""
    return {phase: (done, total) for phase, done, total in calls if total}


@pytest.mark.slow  # two builds: about half a second
def test_every_counted_step_ends_at_its_total_in_a_build_and_an_update(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for i in range(5):
        (root / f"m{i}.py").write_text(f"def f{i}(x):\n    return x + {i}\n")
    calls: list[tuple[str, int, int]] = []
    update_index(root, tmp_path / "ix", progress=lambda *said: calls.append(said))
    last = _last_of_each(calls)
    assert {"read", "parse", "trigrams", "tokens", "words"} <= set(last)
    assert all(done == total for done, total in last.values()), last
    (root / "m0.py").write_text("def g(y):\n    return y * 2\n")
    calls.clear()
    update_index(root, tmp_path / "ix", progress=lambda *said: calls.append(said))
    last = _last_of_each(calls)
    assert "trigrams" in last and all(done == total for done, total in last.values()), last
