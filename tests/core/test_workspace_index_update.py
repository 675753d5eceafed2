"""A workspace's first answer says what opening it did to the indexes, as a search of one
repository does ("1 result in 20.8 ms (after updating 1 file: 1.0 s)"): a workspace search after
an edit had said "1 result from 3 repositories in 33.6 ms" of a 2.2 s command, its JSON's
``index_update`` null."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from maguyva_tui.workspace_command import print_human
from tests.fakes import FakeProvider


def _repos(base: Path) -> list[Path]:
    roots = []
    for name, body in (("one", "def escape_html(raw):\n    return raw\n"), ("two", "def other():\n    return 2\n")):
        root = base / name
        root.mkdir()
        (root / f"{name}.py").write_text(body)
        (root / "util.py").write_text(f"def {name}_util():\n    return 1\n")  # an edit of one.py updates, not builds
        roots.append(root)
    return roots


def _first_and_second(roots: list[Path], base: Path, workers: int = 0) -> tuple[dict, dict]:
    coordinator = open_workspace(roots, base / "ix", provider=FakeProvider(), static=False, workers=workers)
    try:
        ask = SearchRequest("escape_html")
        return coordinator.search(ask).to_json(), coordinator.search(ask).to_json()
    finally:
        coordinator.close()


@pytest.mark.slow  # three workspaces opened, two of them built or updated
def test_the_first_answer_says_what_opening_built_or_updated_then_none_does(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    roots = _repos(tmp_path)
    first, second = _first_and_second(roots, tmp_path)
    assert first["index_update"]["files"] == 4 and first["index_update"]["built"] is True
    assert second["index_update"] is None  # said once, as one repository's first answer says it
    (roots[0] / "one.py").write_text("def escape_html(raw):\n    return raw.replace('&', '&amp;')\n")
    coordinator = open_workspace(roots, tmp_path / "ix", provider=FakeProvider(), static=False)
    try:
        answer = coordinator.search(SearchRequest("escape_html"))
    finally:
        coordinator.close()
    assert answer.result.index_update is not None
    assert (answer.result.index_update.files, answer.result.index_update.built) == (1, False)
    print_human(answer)
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("1 result from 2 repositories in ") and " ms (after updating 1 file: " in last
    first, _ = _first_and_second(roots, tmp_path)
    assert first["index_update"] is None  # nothing changed: nothing said


@pytest.mark.slow  # a worker process holds the shards: the call a Ray actor answers too
def test_shards_held_in_another_process_say_what_they_updated(tmp_path: Path) -> None:
    roots = _repos(tmp_path)
    first, second = _first_and_second(roots, tmp_path, workers=1)
    assert first["index_update"]["files"] == 4 and second["index_update"] is None
