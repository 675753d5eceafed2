"""The explorer's status line says when its update waits for another process's build of the index.

Found by helper-260 (2026-12-05): with a ``maguyva index`` stopped while it held the index's lock,
the explorer's update (at start, or the watcher's after an edit) waited as long as that build did,
and the status line said nothing of it. It now names the other build (pid and command) while the
update waits, then shows the update going on and what the index holds once it is done.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from maguyva_tui.app import MaguyvaApp
from maguyva_tui.app.widgets.status import StatusLine
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder
from maguyva_tui.core.store import lock
from maguyva_tui.core.store.lock import index_lock
from tests.app.conftest import wait_for

pytestmark = pytest.mark.anyio

WIDE = (230, 40)
"""Room for the whole line: the other build's command is up to 60 characters."""
NARROW = (80, 40)
"""No room for the whole sentence, whatever the other build's command: with a pid alone it takes 75
cells or more, the line has 68 beside the repository's name. At 130 columns (118 cells) it had fitted
whole where pytest was started as ``python -m pytest -m slow -q`` (110 cells: the full slow run, which
never showed the short form), and not where the command was longer (the test run alone, 141 cells)."""


def _state(app: MaguyvaApp) -> str:
    return app.query_one(StatusLine).drawn().state


@pytest.mark.slow  # an app, an update held back, then done (about 2 s on 2 shared cores)
async def test_the_status_line_says_the_update_waits_for_another_build_then_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock, "WAIT_TOLD_S", 0.0)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    root, base = tmp_path / "repo", tmp_path / "index"
    root.mkdir()
    (root / "a.py").write_text("def before_the_edit():\n    return 1\n")
    Engine(root, base, static=False).refresh(semantic=False)
    (root / "b.py").write_text("def after_the_edit():\n    return 2\n")
    release, held = threading.Event(), threading.Event()

    def other_build() -> None:
        with index_lock(index_folder(root, base)):
            held.set()
            release.wait(300)  # until the test releases it (finally: always): a loaded run's app may take a minute to start

    other = threading.Thread(target=other_build, daemon=True)
    other.start()
    held.wait(5)
    app = MaguyvaApp(Engine(root, base, static=False), watch=False, embed=False)
    try:
        async with app.run_test(size=WIDE) as pilot:
            await wait_for(pilot, lambda: "another build" in _state(app))
            said = _state(app)  # whole on a wide line
            assert said.startswith(f"another build of this index (pid {os.getpid()}: "), said
            assert said.endswith("is writing it; waiting for it to finish") and "Ctrl-C" not in said
            await pilot.resize_terminal(*NARROW)
            await wait_for(pilot, lambda: _state(app) == f"waiting for another build (pid {os.getpid()})")
            release.set()
            await wait_for(pilot, lambda: "2 files" in _state(app))  # the update went on: b.py is indexed
            assert "another build" not in _state(app)
    finally:
        release.set()
        other.join(5)
