"""A live index whose repository went away for a moment (renamed, a checkout swapped, a mount
dropped) and came back unchanged: the next question tries again, answers from the index as fresh and
no longer says indexing failed. The failure had stayed in every answer's notices ("cannot read the
repository (No such file or directory); answered from the index as it was") until some file changed,
since nothing on disk differed from the last stamp."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.live import RETRY_FAILED_S, LiveIndex
from maguyva_tui.resident.watch import WatchedFreshness

CLOCK = [0.0]
"""The live index's clock, which the test moves."""


@pytest.fixture(params=["stat", "inotify"])
def live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveIndex]:
    """A live index on a small repository, checked by stat before every question (the MCP server,
    the explorer) or after inotify saw a change (a resident server)."""
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "core.py").write_text("def core():\n    return 1\n")
    engine = Engine(repo, tmp_path / "ix")
    watched = None
    if request.param == "inotify":
        watched = WatchedFreshness(lambda: engine.snapshot if engine.index_folder is not None else None)
    index = LiveIndex(engine, embed=False, freshness=watched, clock=lambda: CLOCK[0])
    index.refresh()
    yield index
    index.close(wait=0)
    if watched is not None:
        watched.close()


def test_a_repository_back_in_its_place_is_read_again_and_no_longer_said_failed(live: LiveIndex) -> None:
    away = live.root.with_name("away")
    os.rename(live.root, away)
    live.refresh_if_stale()
    if live.status.failure is None:  # inotify heard nothing of the root's own rename: nothing tried yet
        live.refresh()  # a refresh asked outright (a watcher's, the explorer's) finds the root gone
    assert live.status.failure is not None and "cannot read the repository" in live.status.failure
    os.rename(away, live.root)
    assert not live.is_stale()  # not before every question: a failure that lasts costs a walk once in a while
    CLOCK[0] += RETRY_FAILED_S
    assert live.is_stale()  # then tried again, though no file differs from the last stamp
    live.refresh_if_stale()
    assert live.status.failure is None
    assert set(live.engine.snapshot.files) == {"pkg/core.py"}
