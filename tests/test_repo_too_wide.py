"""One repository that is the filesystem's root, the home folder or a folder above it is refused in
one line, exit status 2, before anything is indexed, as a workspace naming one is
(``core/wide_folders.py``, the rule ``distinct_roots`` applies): ``maguyva search X --repo /``,
``maguyva index /``, ``maguyva /``, ``maguyva mcp /``, a search from ``/`` or from the home folder,
had begun indexing the whole folder without a word, and the resident client had started a server to
index it. An ordinary folder that is no git repository still opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import QueryError
from maguyva_tui.resident import client
from maguyva_tui.resident import command as server_command
from tests.conftest import Runner

ROOT = "maguyva: error: / is the filesystem's root, not a repository: name a repository in it\n"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home" / "user"
    (folder / "proj").mkdir(parents=True)
    (folder / "proj" / "a.py").write_text("def alpha():\n    return 1\n")
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("MAGUYVA_NO_SERVER", "1")
    return folder


@pytest.mark.parametrize("args", [("search", "x", "--repo", "/"), ("index", "/"), ("mcp", "/"),
                                  pytest.param(("graph", "callers", "x", "--repo", "/"), marks=pytest.mark.slow)])
def test_the_filesystem_root_is_refused_by_every_command(args: tuple[str, ...], home: Path, here: Runner,
                                                         tmp_path: Path) -> None:
    proc = here(*args, "--index-dir", str(tmp_path / "index"))
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", ROOT)
    assert not (tmp_path / "index").exists()  # nothing indexed, nothing written


def test_a_search_from_the_home_folder_or_the_root_is_refused(home: Path, here: Runner,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(home)
    proc = here("search", "x", "--index-dir", str(home.parent / "index"))
    assert (proc.returncode, proc.stderr) == (2, f"maguyva: error: {home} is the home folder, not a repository: "
                                                 "name a repository in it\n")
    monkeypatch.chdir("/")
    assert here("search", "x", "--index-dir", str(home.parent / "index")).stderr == ROOT


def test_the_engine_refuses_them_and_opens_an_ordinary_folder(home: Path, tmp_path: Path) -> None:
    for folder, wide in ((Path("/"), "the filesystem's root"), (home, "the home folder"),
                         (home.parent, "above the home folder")):
        with pytest.raises(QueryError, match=f"^{folder} is {wide}, not a repository: name a repository in it$"):
            Engine(folder, tmp_path / "index")
    Engine(home / "proj", tmp_path / "index")  # a folder of the home, no git repository: opened


@pytest.mark.slow
def test_an_ordinary_folder_of_the_home_is_searched(home: Path, here: Runner, tmp_path: Path) -> None:
    proc = here("search", "alpha", "--repo", str(home / "proj"), "--index-dir", str(tmp_path / "index"))
    assert proc.returncode == 0 and "a.py:1  alpha" in proc.stdout


@pytest.mark.slow
def test_the_explorer_refuses_the_root_in_one_line(home: Path, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "/", "--index-dir", str(tmp_path / "index")],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "TERM": "xterm"})
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", ROOT)


def test_the_resident_client_starts_no_server_for_them(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.delenv("MAGUYVA_NO_SERVER")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    started: list[str] = []
    monkeypatch.setattr(client, "_at_terminal", lambda: True)
    monkeypatch.setattr(client, "start_and_connect", lambda folder, path, root, spec: started.append(root))
    assert client.answer(["search", "x", "--repo", "/"]) is None  # run in process: refused there
    monkeypatch.chdir(home)
    assert client.answer(["search", "x"]) is None
    assert started == []
    client.answer(["search", "x", "--repo", str(home / "proj")])
    assert started == [str(home / "proj")]  # a repository's server is started as before


def test_server_start_refuses_them(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert server_command.main(["start", "--repo", "/"]) == 2
    assert capsys.readouterr().err == ROOT
