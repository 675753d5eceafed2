"""A repository another user owns (an unpacked archive's ``.git``) has its ``.git/config`` read only
where git would read it: ``safe.directory`` in the user's or the system's configuration names it or
is ``*``. Its ``core.excludesFile = /etc/shadow`` had made maguyva read any file as ignore
patterns. Ownership is faked (the uid check), so the test needs no second user."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from maguyva_tui.core import git_excludes
from maguyva_tui.core.walk import UNTRUSTED_CONFIG, WalkReport, walk


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository whose config names an exclude file outside it that ignores ``a.py``."""
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "user.gitconfig"))
    monkeypatch.delenv("SUDO_UID", raising=False)
    outside = tmp_path / "secret"
    outside.write_text("a.py\n")
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "config").write_text(f"[core]\n\texcludesFile = {outside}\n\tignorecase = true\n")
    (root / "a.py").write_text("x = 1\n")
    (root / "B.py").write_text("y = 1\n")
    (root / ".gitignore").write_text("b.py\n")
    return root


def _walked(root: Path) -> tuple[list[str], dict[str, int]]:
    report = WalkReport()
    found = [candidate.path for candidate in walk(root, report) if not candidate.path.startswith(".")]
    return found, dict(report.noticed)


def test_own_repository_config_is_read(repo: Path) -> None:
    assert _walked(repo) == ([], {})  # a.py by excludesFile, B.py by ignorecase


def test_another_users_repository_config_is_not_read(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(git_excludes, "current_uid", lambda: os.lstat(repo).st_uid + 1)
    assert _walked(repo) == (["B.py", "a.py"], {UNTRUSTED_CONFIG: 1})


@pytest.mark.parametrize(
    "listed", ["*", "{repo}", "{repo}/", "{repo.parent}/*", "x\n\tdirectory =\n\tdirectory = {repo}"]
)
def test_safe_directory_trusts_it(repo: Path, monkeypatch: pytest.MonkeyPatch, listed: str) -> None:
    monkeypatch.setattr(git_excludes, "current_uid", lambda: os.lstat(repo).st_uid + 1)
    Path(os.environ["GIT_CONFIG_GLOBAL"]).write_text(f"[safe]\n\tdirectory = {listed.format(repo=repo)}\n")
    assert _walked(repo) == ([], {})


@pytest.mark.parametrize("listed", ["{repo}x", "{repo}/*", "{repo.parent}/other/*"])
def test_safe_directory_naming_another_folder_does_not(
    repo: Path, monkeypatch: pytest.MonkeyPatch, listed: str
) -> None:
    monkeypatch.setattr(git_excludes, "current_uid", lambda: os.lstat(repo).st_uid + 1)
    Path(os.environ["GIT_CONFIG_GLOBAL"]).write_text(f"[safe]\n\tdirectory = {listed.format(repo=repo)}\n")
    assert _walked(repo) == (["B.py", "a.py"], {UNTRUSTED_CONFIG: 1})


def test_safe_directory_in_the_repository_itself_counts_for_nothing(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(git_excludes, "current_uid", lambda: os.lstat(repo).st_uid + 1)
    with (repo / ".git" / "config").open("a") as config:
        config.write("[safe]\n\tdirectory = *\n")
    Path(os.environ["GIT_CONFIG_GLOBAL"]).write_text("[safe]\n\tdirectory = *\n\tdirectory =\n")  # reset: none
    assert _walked(repo) == (["B.py", "a.py"], {UNTRUSTED_CONFIG: 1})


def test_a_nested_repository_of_another_user_is_said_too(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nested = repo / "sub"
    (nested / ".git").mkdir(parents=True)
    (nested / ".git" / "config").write_text(f"[core]\n\texcludesFile = {repo.parent / 'secret'}\n")
    (nested / "a.py").write_text("z = 1\n")
    monkeypatch.setattr(git_excludes, "_owned", lambda path: "sub" not in Path(path).parts)
    assert _walked(repo) == (["sub/a.py"], {UNTRUSTED_CONFIG: 1})


def _kinds(repo: Path) -> list[str]:
    return [found.kind for found in git_excludes.excludes_of(repo)]


def test_another_users_info_exclude_is_not_read(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its ``info/exclude`` linked to a file outside (``/etc/passwd``) had been read as patterns."""
    (repo / ".git" / "info").mkdir()
    (repo / ".git" / "info" / "exclude").symlink_to(repo.parent / "secret")  # ignores a.py
    (repo / ".git" / "config").unlink()
    assert _walked(repo)[0] == ["B.py"]  # its own: a.py by info/exclude
    monkeypatch.setattr(git_excludes, "current_uid", lambda: os.lstat(repo).st_uid + 1)
    assert _walked(repo) == (["B.py", "a.py"], {UNTRUSTED_CONFIG: 1})
    assert "repository" not in _kinds(repo)


def _pointing(repo: Path, theirs: Path) -> None:
    """Make ``repo`` a worktree whose ``.git`` file names ``theirs/wt``, whose ``commondir`` names
    ``theirs/main``, whose ``info/exclude`` ignores ``a.py``."""
    (theirs / "wt").mkdir(parents=True)
    (theirs / "main" / "info").mkdir(parents=True)
    (theirs / "main" / "info" / "exclude").write_text("a.py\n")
    (theirs / "wt" / "commondir").write_text("../main\n")
    for path in (repo / ".git").iterdir():
        path.unlink()
    (repo / ".git").rmdir()
    (repo / ".git").write_text(f"gitdir: {theirs / 'wt'}\n")


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    read: list[Path] = []
    real = git_excludes._read_regular

    def spy(path: Path, limit: int) -> bytes | None:
        read.append(Path(path))
        return real(path, limit)

    monkeypatch.setattr(git_excludes, "_read_regular", spy)
    return read


def test_another_users_worktree_pointers_are_not_followed(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    theirs = repo.parent / "theirs"
    _pointing(repo, theirs)
    assert _walked(repo)[0] == ["B.py"]  # its own: a.py by the main repository's info/exclude
    monkeypatch.setattr(git_excludes, "_owned", lambda path: "repo" not in Path(path).parts)
    read = _reads(monkeypatch)
    assert _walked(repo) == (["B.py", "a.py"], {UNTRUSTED_CONFIG: 1})
    assert "repository" not in _kinds(repo)
    assert repo / ".git" not in read and theirs / "wt" / "commondir" not in read


def test_a_worktree_of_another_users_git_folder_reads_none_of_it(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """This user's work tree and ``.git`` file, naming another user's git folder: its ``commondir``
    is not followed, its ``info/exclude`` not read."""
    theirs = repo.parent / "theirs"
    _pointing(repo, theirs)
    monkeypatch.setattr(git_excludes, "_owned", lambda path: "theirs" not in Path(path).parts)
    read = _reads(monkeypatch)
    assert _walked(repo) == (["B.py", "a.py"], {UNTRUSTED_CONFIG: 1})
    assert theirs / "wt" / "commondir" not in read
    Path(os.environ["GIT_CONFIG_GLOBAL"]).write_text(f"[safe]\n\tdirectory = {repo}\n")
    assert _walked(repo) == (["B.py"], {})  # listed in safe.directory: read as git reads it
