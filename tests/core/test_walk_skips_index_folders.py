"""A maguyva index lying inside the repository is never indexed as the repository's files: an
index base left in a subfolder (``maguyva index . --index-dir ./.idx``, then a search with another
``--index-dir``) had had its ``content.bin`` and tables indexed, and searches listed
``.idx/repo-0123456789/g-.../content.bin:2`` beside the file it copies. An index is known by what
the store writes at its top (``CURRENT`` or ``LOCK`` beside a ``g-<time>-<pid>`` generation), never
by a folder's name: a project's own ``CURRENT`` file or ``g-notes/`` folder is indexed as before."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.walk import WalkReport, walk


def _repo(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("def alpha_widget(x):\n    return x + 1\n")
    return root


def _walked(root: Path) -> list[str]:
    return [candidate.path for candidate in walk(root, WalkReport())]


def test_an_index_left_in_a_subfolder_is_not_indexed(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    update_index(root, root / ".idx")  # the index the store writes, inside the repository
    assert any((root / ".idx").rglob("content.bin"))
    snapshot, summary = update_index(root, tmp_path / "elsewhere")
    assert [entry.path for entry in snapshot.manifest.files] == ["pkg/a.py"]
    assert _walked(root) == ["pkg/a.py"]


def test_an_index_whose_first_build_runs_is_not_indexed(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    index = root / "cache" / "repo-0123456789"
    (index / "g-1796560601585562964-28911").mkdir(parents=True)
    (index / "g-1796560601585562964-28911" / "content.bin").write_text("return x + 1\n")
    (index / "LOCK").write_text("")
    assert _walked(root) == ["pkg/a.py"]


def test_a_project_folder_named_alike_is_indexed(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    (root / "docs" / "g-notes").mkdir(parents=True)
    (root / "docs" / "CURRENT").write_text("the current release\n")
    (root / "docs" / "g-notes" / "n.md").write_text("notes\n")
    (root / "state" / "g-12-34").mkdir(parents=True)  # a generation-like folder with no CURRENT beside it
    (root / "state" / "g-12-34" / "s.txt").write_text("state\n")
    assert _walked(root) == ["docs/CURRENT", "docs/g-notes/n.md", "pkg/a.py", "state/g-12-34/s.txt"]
