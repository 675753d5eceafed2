"""A workspace naming the filesystem's root, the home folder or a folder above it (``--repo /``,
``--repo ~``, ``..`` from a folder in the home) is refused in one line before anything is indexed:
it had indexed the whole folder without a word (``..`` took two minutes), as a search with no path
never looks at them either (:func:`maguyva_tui.roots.enclosing_root`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.types import QueryError
from maguyva_tui.core.workspace import distinct_roots
from tests.conftest import Runner


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home" / "user"
    (folder / "proj").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(folder))
    return folder


def test_the_filesystem_root_is_refused(home: Path) -> None:
    with pytest.raises(QueryError, match=r"^the workspace names / \(the filesystem's root\), not a repository: "
                                         r"name the repositories in it$"):
        distinct_roots([home / "proj", Path("/")])


def test_the_home_folder_and_above_are_refused(home: Path) -> None:
    with pytest.raises(QueryError, match=r"^the workspace names .*/home/user \(the home folder\), not a repository"):
        distinct_roots([home / "proj", home / "proj" / ".."])
    with pytest.raises(QueryError, match=r"^the workspace names .*/home \(above the home folder\), not a repository"):
        distinct_roots([home.parent])
    assert distinct_roots([home / "proj", home / "proj"]) == [home / "proj"]  # a folder in the home is one


def test_search_refuses_it_in_one_line(home: Path, here: Runner) -> None:
    proc = here("search", "x", "--repo", str(home / "proj"), "--repo", "/")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("maguyva: error: the workspace names / (the filesystem's root), not a repository: "
                           "name the repositories in it\n")
