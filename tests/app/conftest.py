"""App test helpers: a fixture index built once per session, an app factory, waiting on the app."""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import FIXTURE

SIZE = (130, 40)
"""Terminal size for pilot and snapshot tests: the narrow (stacked) layout."""


@pytest.fixture
def anyio_backend() -> str:
    """Pilot tests run on asyncio, as Textual does."""
    return "asyncio"


@pytest.fixture(scope="session")
def fixture_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Index and embed the polyglot fixture once; tests copy the result so each stays private."""
    from maguyva_tui.core.engine import Engine

    base = tmp_path_factory.mktemp("fixture-index")
    engine = Engine(FIXTURE, base)
    engine.refresh()
    if hasattr(engine, "embed_pending"):
        engine.embed_pending()
    if hasattr(engine, "close"):
        engine.close()
    return base


@pytest.fixture
def make_app(fixture_index: Path, tmp_path: Path) -> Callable[..., object]:
    """Return a factory of apps on the fixture repository with a private copy of its index."""
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    def make(root: Path | None = None, **kwargs: object) -> MaguyvaApp:
        base = tmp_path / "index"
        if root is None:
            if not base.exists():
                shutil.copytree(fixture_index, base)
            root = FIXTURE
        kwargs.setdefault("watch", False)
        kwargs.setdefault("embed", False)
        return MaguyvaApp(Engine(root, base), **kwargs)  # type: ignore[arg-type]

    return make


async def wait_for(pilot: object, condition: Callable[[], object], timeout: float = 15.0) -> None:
    """Let the app run until ``condition()`` is true; fail with a clear message after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    await asyncio.sleep(0)


async def ready(pilot: object) -> None:
    """Wait until the index is open."""
    app = pilot.app  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: app.index_ready)


async def ask(pilot: object, text: str, typed: bool = False) -> None:
    """Enter a query (pasted, or ``typed`` key by key) and wait until its answer is on screen."""
    app = pilot.app  # type: ignore[attr-defined]
    await ready(pilot)
    box = app.part("#query")
    box.focus()
    before = app.seq
    if typed:
        box.value = ""
        await pilot.press(*text)  # type: ignore[attr-defined]
    else:
        box.value = text
    await wait_for(pilot, lambda: app.seq > before)
    await settle(pilot)


async def settle(pilot: object) -> None:
    """Wait until the newest request's answer (or error) is on screen, and the preview caught up."""
    app = pilot.app  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: app.shown_seq == app.seq)
    await pilot.pause(0.1)  # type: ignore[attr-defined]
