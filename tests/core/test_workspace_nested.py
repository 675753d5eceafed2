"""A repository inside another of the same workspace is said once, and each of its files answered
once, as the inner repository's (they had been answered twice, once through each, without a word)."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from maguyva_tui.core.workspace.coordinator import nested_roots
from tests.core.test_workspace import WordProvider


def test_nested_roots_names_the_innermost_holder(tmp_path: Path) -> None:
    (tmp_path / "a" / "b" / "c").mkdir(parents=True)
    (tmp_path / "ab").mkdir()
    roots = [("a", str(tmp_path / "a")), ("b", str(tmp_path / "a" / "b")), ("c", str(tmp_path / "a/b/c")),
             ("ab", str(tmp_path / "ab"))]  # ab shares a's first letters, not its folder
    assert nested_roots(roots) == [("a", "b", "b/"), ("b", "c", "c/")]
    assert nested_roots([("a", str(tmp_path / "a"))]) == []


def test_a_nested_repository_is_said_and_its_files_answered_once(tmp_path: Path) -> None:
    outer, inner = tmp_path / "outer", tmp_path / "outer" / "lib"
    inner.mkdir(parents=True)
    (outer / "main.py").write_text("from lib.store import save_record\n\nsave_record('needle_value')\n")
    (inner / "store.py").write_text("def save_record(value):\n    return 'needle_value' + value\n")
    coordinator = open_workspace([outer, inner], tmp_path / "index", provider=WordProvider(), static=False)
    try:
        said = [n for n in coordinator.notices if "inside" in n]
        assert said == ["lib is inside outer (lib/): its files are answered once, as lib's"]
        for question in ('"needle_value"', "save_record"):
            answer = coordinator.search(SearchRequest(text=question, limit=20))
            places = [(repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)]
            assert ("outer", "lib/store.py") not in [(repo, path) for repo, path, _ in places], places
            assert len(places) == len(set((path.rpartition("/")[2], line) for _, path, line in places)), places
            assert ("lib", "store.py") in [(repo, path) for repo, path, _ in places], places
            assert said[0] in answer.result.notices
    finally:
        coordinator.close()
