"""The explorer's watcher hears every change its index's walk would see (helper-199, validators
0.28.3): an edit under an indexed ``.venv/`` (an sdist's, a committed ``.idea/``) had been dropped by
the folder's name, a nested repository's ``.git/info/exclude`` and the ``.gitignore`` above a root
inside its work tree had been dropped or never seen; each left the results stale until an
unrelated edit, where ``maguyva search`` answered right."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from maguyva_tui.app import watch
from maguyva_tui.app.watch import Scope, keeps, relevant
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.live import LiveIndex


class _Walked:
    """An index whose walk goes into the folders named, reading the rule files named."""

    def __init__(self, into: set[str], rules: set[str] = set()) -> None:  # noqa: B006 - never changed
        self.into, self.rules = into, frozenset(rules)
        self.asked: list[str] = []

    def walks_into(self, folder: str) -> bool:
        self.asked.append(folder)
        return folder in self.into

    def rule_files(self) -> frozenset[str]:
        return self.rules


def test_a_folder_dropped_by_name_is_kept_where_the_walk_goes_into_it(tmp_path: Path) -> None:
    walked = _Walked({".venv", ".venv/lib", ".idea", "node_modules", "node_modules/a", "node_modules/a/node_modules",
                      "node_modules/a/node_modules/b"})
    scope = Scope(tmp_path, None, walked)
    venv, idea = str(tmp_path / ".venv" / "lib" / "mod.py"), str(tmp_path / ".idea" / "misc.xml")
    nested = str(tmp_path / "node_modules" / "a" / "node_modules" / "b" / "index.js")
    for path in (venv, idea, nested):
        assert keeps(2, path, scopes=(scope,)), path
    assert relevant([(2, venv), (2, idea), (2, nested)], tmp_path, None, scope) == [venv, idea, nested]
    assert walked.asked.count(".venv") == 1  # once per folder per batch
    dropped = [str(tmp_path / ".tox" / "py" / "a.py"), str(tmp_path / ".git" / "index"),
               str(tmp_path / "pkg" / "__pycache__" / "a.cpython-311.pyc"), str(tmp_path / ".venv" / "a.pyc")]
    assert not [p for p in dropped if keeps(2, p, scopes=(scope,))]
    assert relevant([(2, p) for p in dropped[:3]], tmp_path, None, scope) == []
    assert not keeps(2, venv, scopes=(Scope(tmp_path),))  # no index to ask: the name decides, as before
    # a virtualenv's own .gitignore ('*'): the walk goes into .venv/, not below it
    below = Scope(tmp_path, None, _Walked({".venv"}))
    assert keeps(2, str(tmp_path / ".venv"), scopes=(below,)) and not keeps(2, venv, scopes=(below,))
    inner = Scope(tmp_path / "node_modules" / "a", None, _Walked({"node_modules/b"}))  # a workspace's repository in the other
    assert keeps(2, nested, scopes=(inner, scope)) and not keeps(2, nested, scopes=(inner,))


def test_a_nested_repositorys_exclude_file_and_the_rule_files_are_kept(tmp_path: Path) -> None:
    nested = str(tmp_path / "sub" / ".git" / "info" / "exclude")
    module = str(tmp_path / ".git" / "modules" / "sub" / "info" / "exclude")  # a submodule's git folder
    scope = Scope(tmp_path, None, _Walked(set(), {module}))
    assert relevant([(2, nested), (2, module), (2, str(tmp_path / ".git" / "modules" / "sub" / "HEAD"))],
                    tmp_path, None, scope) == [nested, module]
    assert keeps(2, module, scopes=(scope,))


def test_a_rule_file_outside_the_root_is_looked_at(tmp_path: Path) -> None:
    root, above = tmp_path / "top" / "pkg", tmp_path / "top" / ".gitignore"
    root.mkdir(parents=True)
    above.write_text("*.log\n")
    scope = Scope(root, None, _Walked(set(), {str(above), str(root / ".gitignore")}))
    assert scope.moved_outside() == []  # first seen: noted
    above.write_text("*.log\nbuild/\n")
    assert scope.moved_outside() == [str(above)]
    assert scope.moved_outside() == []
    above.unlink()
    assert scope.moved_outside() == [str(above)]


def _live(tmp_path: Path) -> LiveIndex:
    """A live index of a root inside its work tree, beside a nested repository and an sdist's ``.venv``."""
    top = tmp_path / "top"
    root = top / "pkg"
    (top / ".git" / "info").mkdir(parents=True)
    (top / ".gitignore").write_text("*.log\n")
    (root / ".venv").mkdir(parents=True)
    (root / ".venv" / "mod.py").write_text("def in_venv():\n    return 1\n")
    (root / "build").mkdir()
    (root / ".gitignore").write_text("build/\n")
    (root / "sub" / ".git" / "info").mkdir(parents=True)
    (root / "sub" / ".git" / "info" / "exclude").write_text("")
    (root / "sub" / "a.py").write_text("x = 1\n")
    live = LiveIndex(Engine(root, tmp_path / "ix"), embed=False)
    assert live.rule_files() == frozenset()  # no index yet
    assert live.walks_into(".venv") and live.walks_into("sub")
    assert not live.walks_into("build") and not live.walks_into("sub/.git")
    return live


def test_the_live_index_says_where_its_walk_goes(tmp_path: Path) -> None:
    _live(tmp_path).close(wait=0)


@pytest.mark.slow  # an index built: 0.8 s on 2 shared cores
def test_the_live_index_says_what_rule_files_its_walk_read(tmp_path: Path) -> None:
    live = _live(tmp_path)
    live.refresh()
    top, root = tmp_path / "top", tmp_path / "top" / "pkg"
    rules = live.rule_files()
    assert {str(top / ".gitignore"), str(root / "sub" / ".git" / "info" / "exclude"), str(root / ".gitignore")} <= rules
    assert all(os.path.isabs(path) for path in rules)
    live.close(wait=0)


def test_the_watcher_tells_an_edit_in_an_indexed_venv_and_above_the_root(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watch, "START_TICK_MS", 20)
    monkeypatch.setattr(watch, "DEBOUNCE_MS", 20)
    root, above = tmp_path / "pkg", tmp_path / ".gitignore"
    (root / ".venv").mkdir(parents=True)
    above.write_text("*.log\n")
    stop, heard = threading.Event(), list[str]()

    def started() -> None:
        (root / ".venv" / "mod.py").write_text("x = 1\n")
        above.write_text("*.log\nbuild/\n")

    def changed(paths: list[str]) -> None:
        heard.extend(paths)
        if {str(root / ".venv" / "mod.py"), str(above)} <= set(heard):
            stop.set()

    timer = threading.Timer(5, stop.set)
    timer.start()
    watch.watch(root, stop, changed, None, started, _Walked({".venv"}, {str(above)}))
    timer.cancel()
    assert str(root / ".venv" / "mod.py") in heard and str(above) in heard


def test_a_refresh_is_told_by_what_it_changed() -> None:
    """The check after a first build counts the ignore files it read as unseen: its refresh found
    nothing, and the explorer had said '0 files changed: index updated' on opening colorama; a
    folder renamed had been told as the watcher's count of paths."""
    from maguyva_tui.app.messages import FilesChanged

    assert FilesChanged(0, None).said() is None
    assert FilesChanged(1, None).said() == "1 file changed: index updated"
    assert FilesChanged(3, None).said() == "3 files changed: index updated"
    assert FilesChanged(0, None, removed=1).said() == "1 file removed: index updated"
    # a folder of 7 files renamed (the watcher saw 2 paths: its old and new names)
    assert FilesChanged(7, None, removed=7).said() == "7 files changed, 7 removed: index updated"
