"""A search typed in a subfolder of a repository whose resident server runs reads no ignore rule
while nothing moved (issue 19: ``maguyva search LITERAL``'s whole process at or under ripgrep's).

The server checks that the working folder's files are in its index (``roots.holds``), as the
in-process command does; that check had read and parsed the repository's ignore files, git's
excludes and the ignore files above the repository on every request: 1-2.5 ms of CPU, as much as
the search. The folders the index's walk listed answer it while the server's watch saw nothing
move; a change, or a folder the walk did not list, asks the rule, as before."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from maguyva_tui import roots
from maguyva_tui.core.engine import Engine
from maguyva_tui.resident.server import Server


def test_a_subfolder_is_held_by_the_walk_and_a_change_asks_the_rule(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    repo, base = (tmp_path / "repo").resolve(), tmp_path / "ix"
    for folder in (".git", "src/pkg", "build"):
        (repo / folder).mkdir(parents=True)
    (repo / "src" / "pkg" / "mod.py").write_text("def helper():\n    return 1\n")
    (repo / "build" / "gen.py").write_text("x = 1\n")
    (repo / ".gitignore").write_text("build/\n")
    past = time.time() - 60  # no file written within the last moment (a stamp takes those as unsure)
    for path in (repo, *repo.rglob("*")):
        os.utime(path, (past, past))
    refresh = Engine.refresh  # the text, structural and graph engines: no model derived for the static tier
    monkeypatch.setattr(Engine, "refresh", lambda self, *a, **k: refresh(self, *a, **{**k, "semantic": False}))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    server = Server(str(repo), str(base))
    server.warm()
    asked: list[str] = []
    rule = roots.holds
    monkeypatch.setattr(roots, "holds", lambda root, cwd: asked.append(cwd) or rule(root, cwd))

    def request(cwd: Path) -> dict[str, object]:
        return {"argv": ["search", "helper"], "cwd": str(cwd), "env": server.env, "index_dir_env": str(base)}

    try:
        assert server.live is not None
        for _ in range(2):  # what the first searches do: the index stamped against the disk, then found fresh
            server.live.refresh_if_stale([])
        why, args = server._checked(request(repo / "src" / "pkg"))
        assert why is None and args is not None and args.scope == "src/pkg"
        assert asked == []  # the walk listed src/pkg: no ignore file read (was the rule, every search)
        assert server.not_mine(request(repo / "build")) == "another repository"  # not walked: the rule
        assert asked == [str(repo / "build")]
        (repo / ".gitignore").write_text("build/\nsrc/\n")  # now the index leaves src/ out
        time.sleep(0.05)
        assert server.not_mine(request(repo / "src" / "pkg")) == "another repository"  # as in process
        assert asked[-1] == str(repo / "src" / "pkg")
    finally:
        server.close()
