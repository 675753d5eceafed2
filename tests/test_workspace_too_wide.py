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


def test_the_folder_above_a_git_repository_of_the_workspace_is_refused(tmp_path: Path) -> None:
    """``maguyva search X --repo . --repo ..`` from a git repository had indexed the folder above
    it whole (two minutes), answering the repository's own files once through its notice."""
    work = tmp_path / "work"
    (work / "main" / ".git").mkdir(parents=True)
    (work / "other").mkdir()
    with pytest.raises(QueryError, match=r"^the workspace names .*/work \(the folder above main's git repository\), "
                                         r"not a repository: name the repositories in it$"):
        distinct_roots([work / "main", work / "main" / ".."])
    assert distinct_roots([work / "other", work]) == [work / "other", work]  # no git repository: nested as written
    (work / ".git").mkdir()
    assert distinct_roots([work / "main", work]) == [work / "main", work]  # a git repository holding a clone


def test_a_long_folder_refused_is_named_by_its_tail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A home folder deep in a long path had been named by its head, ``/tmp/pytest-of-root/…``, the
    ``home/user`` that says why it is refused cut away."""
    home = tmp_path.joinpath(*["a-rather-long-folder-name"] * 4, "home", "user")
    (home / "proj").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    with pytest.raises(QueryError) as refused:
        distinct_roots([home / "proj", home])
    message = str(refused.value)
    assert message.startswith("the workspace names …") and "/home/user (the home folder), not a repository" in message
