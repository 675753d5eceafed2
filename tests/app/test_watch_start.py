"""An edit made while the index is built, before the watcher begins, is caught up with once the
watcher is up (helper-158, bleach 6.1.0: a file deleted while the explorer opened stayed listed and
previewed until another file changed)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from maguyva_tui.app import background, watch
from tests.app.conftest import SIZE, ask, wait_for

pytestmark = pytest.mark.anyio


def test_the_watcher_says_when_it_is_up_and_nothing_came_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watch, "START_TICK_MS", 30)
    stop = threading.Event()
    started: list[bool] = []

    def on_start() -> None:
        started.append(True)
        stop.set()

    watch.watch(tmp_path, stop, lambda paths: None, None, on_start)
    assert started == [True]


@pytest.mark.slow  # an app and a refresh on 2 shared cores, a few seconds
async def test_a_file_deleted_before_the_watcher_began_leaves_the_results(make_app, polyglot,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    gone = polyglot / "app" / "gone_soon.py"
    gone.write_text("def vanishing_helper_xyz():\n    return 1\n")
    real = background.watch

    def late(root, stop, on_change, index_dir=None, on_start=lambda: None, walked=None):  # type: ignore[no-untyped-def]
        gone.unlink()  # after the index was built, before the disk is watched
        real(root, stop, on_change, index_dir, on_start, walked)

    monkeypatch.setattr(background, "watch", late)
    app = make_app(polyglot, watch=True)
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "vanishing_helper_xyz")
        await wait_for(pilot, lambda: app.watching)
        await wait_for(pilot, lambda: not any(r.path == "app/gone_soon.py" for r in app.answer.rows), timeout=20)
