"""The explorer's watcher never follows a repository's link out of it: watchfiles follows links,
and a link to ``/`` had it walk the whole file system holding the interpreter's lock (the explorer
froze), a link to ``/usr`` took 15,000 of the user's inotify watches."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

from maguyva_tui.app import watch

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts inotify watches in /proc")


def _inotify_watches() -> int:
    count = 0
    for name in os.listdir("/proc/self/fdinfo"):
        try:
            count += Path("/proc/self/fdinfo", name).read_text().count("inotify wd:")
        except OSError:
            continue
    return count


def test_a_link_out_of_the_repository_is_not_watched_and_new_folders_still_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(watch, "START_TICK_MS", 20)
    monkeypatch.setattr(watch, "DEBOUNCE_MS", 20)
    outside = tmp_path / "outside"
    for i in range(60):
        (outside / f"d{i}").mkdir(parents=True)
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "out").symlink_to(outside)
    (root / "loop").symlink_to(root)
    stop, heard, counted, later = threading.Event(), list[str](), list[int](), list[threading.Timer]()
    new = root / "pkg" / "new"

    before = _inotify_watches()  # other tests' watchers of this process, still closing

    def started() -> None:
        counted.append(_inotify_watches() - before)
        new.mkdir()

    def changed(paths: list[str]) -> None:
        heard.extend(paths)
        if str(new) in heard and not later:  # a file written in a folder made after the watch began
            later.append(threading.Timer(0.5, (new / "mod.py").write_text, ["x = 1\n"]))
            later[0].start()
        if str(new / "mod.py") in heard:
            stop.set()

    timer = threading.Timer(10, stop.set)
    timer.start()
    watch.watch(root, stop, changed, None, started)
    timer.cancel()
    assert counted and counted[0] < 20, counted  # the repository's 2 folders, not the 61 outside
    assert str(new / "mod.py") in heard
