"""A system folder (``/etc``, ``/usr``, ``/usr/lib``) is no repository: one repository or a workspace
naming one is refused in one line before anything is indexed, as ``/`` and the home folder are; and
``--repo ..`` from a git repository (the folder above it, in no git repository itself) is refused as
a workspace naming the folder above one of its repositories is. Found by an outside tester: a
workspace listing ``/etc`` beside addict 2.4.0 had indexed 363 files of /etc and answered from
``etc/php/8.2/cli/php.ini``; ``maguyva search X --repo ..`` from a clone had indexed every folder
beside it. A folder of a monorepo (``..`` of a package), a folder below a system tree
(``/usr/lib/python3/dist-packages``) and ``..`` of a folder of no git repository still open."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.types import QueryError
from maguyva_tui.core.wide_folders import not_a_repository, too_wide
from maguyva_tui.core.workspace import distinct_roots
from tests.conftest import Runner

HOME = "/home/u"


@pytest.mark.parametrize("folder", ["/etc", "/usr", "/usr/lib", "/usr/local", "/var/lib", "/var", "/proc", "/private/etc"])
def test_a_system_folder_is_none(folder: str) -> None:
    assert too_wide(folder, HOME) == "a system folder"
    assert not_a_repository(folder, HOME, cwd="/tmp") == f"{folder} is a system folder, not a repository: name a repository in it"


@pytest.mark.parametrize("folder", ["/usr/lib/python3/dist-packages", "/etc/nginx", "/opt/app", "/srv/site", "/tmp/x", "/home/u/p"])
def test_a_folder_below_them_may_be_one(folder: str) -> None:
    assert too_wide(folder, HOME) is None


def test_a_workspace_listing_etc_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    with pytest.raises(QueryError, match=r"^the workspace names /etc \(a system folder\), not a repository: "
                                         "name the repositories in it$"):
        distinct_roots([Path("/etc"), tmp_path / "a"])


def test_the_folder_above_the_working_repository_is_none(tmp_path: Path) -> None:
    clone = tmp_path / "work" / "proj"
    (clone / ".git").mkdir(parents=True)
    (clone / "src").mkdir()
    said = f"{tmp_path / 'work'} is the folder above proj's git repository, not a repository: name a repository in it"
    assert not_a_repository(str(tmp_path / "work"), HOME, cwd=str(clone)) == said  # --repo ..
    assert not_a_repository(str(tmp_path / "work"), HOME, cwd=str(clone / "src")) == said  # --repo ../..
    assert not_a_repository(str(clone), HOME, cwd=str(clone / "src")) is None  # --repo .. of src: the clone
    assert not_a_repository(str(tmp_path / "work"), HOME, cwd=str(tmp_path / "elsewhere")) is None  # named from outside
    mono = tmp_path / "mono"
    (mono / ".git").mkdir(parents=True)
    (mono / "packages" / "a" / ".git").mkdir(parents=True)  # a submodule in a monorepo's folder
    assert not_a_repository(str(mono / "packages"), HOME, cwd=str(mono / "packages" / "a")) is None
    (tmp_path / "plain" / "sub").mkdir(parents=True)  # no git repository anywhere: as before
    assert not_a_repository(str(tmp_path / "plain"), HOME, cwd=str(tmp_path / "plain" / "sub")) is None


@pytest.mark.parametrize("args", [("search", "x", "--repo", ".."), ("mcp", "..")])
def test_repo_dot_dot_from_a_clone_is_refused_in_one_line(args: tuple[str, ...], here: Runner, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    clone = tmp_path / "work" / "proj"
    (clone / ".git").mkdir(parents=True)
    (tmp_path / "work" / "other.py").write_text("x = 1\n")
    monkeypatch.chdir(clone)
    monkeypatch.setenv("MAGUYVA_NO_SERVER", "1")
    proc = here(*args, "--index-dir", str(tmp_path / "index"))
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        2, "", f"maguyva: error: {(tmp_path / 'work').resolve()} is the folder above proj's git repository, "
               "not a repository: name a repository in it\n")
    assert not (tmp_path / "index").exists()


def test_etc_as_one_repository_is_refused_in_one_line(here: Runner, tmp_path: Path) -> None:
    proc = here("search", "x", "--repo", "/etc", "--index-dir", str(tmp_path / "index"))
    assert (proc.returncode, proc.stderr) == (2, "maguyva: error: /etc is a system folder, not a repository: "
                                                 "name a repository in it\n")
    assert not (tmp_path / "index").exists()
