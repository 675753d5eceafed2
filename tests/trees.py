"""A small repository written from a mapping of paths to texts, indexed: what the graph tests of
one language's resolution build their questions on."""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, open_workspace
from tests.conftest import FIXTURE
from tests.core.test_engine import CountingProvider

if TYPE_CHECKING:
    from maguyva_tui.mcp.workspace import WorkspaceService


def workspace_of(base: Path, trees: Mapping[str, Mapping[str, str]]) -> Coordinator:
    """A workspace of these repositories, each written to the folder under ``base`` its key names
    and indexed alone first (names as vectors, no static tier), in the order given: what the
    workspace tests of places, modules and notes ask. The caller closes it."""
    from tests.core.test_test_modules import NameProvider  # here: that module's own imports stay its own

    roots = [write_tree(base / name, files) for name, files in trees.items()]
    for root in roots:
        engine = Engine(root, base / "ix", provider=NameProvider(), static=False)
        engine.refresh()
        engine.close()
    return open_workspace(roots, base / "ix", provider=NameProvider(), static=False)


def workspace_service_of(base: Path, trees: Mapping[str, Mapping[str, str]]) -> WorkspaceService:
    """The MCP server's workspace over these repositories (as :func:`workspace_of` writes them),
    each one's service started and its index built. The caller closes it."""
    from maguyva_tui.mcp.service import RepoService
    from maguyva_tui.mcp.workspace import WorkspaceService
    from tests.core.test_test_modules import NameProvider

    services = {label: RepoService(Engine(write_tree(base / label, files), base / "ix", provider=NameProvider(),
                                          static=False), embed=False) for label, files in trees.items()}
    for service in services.values():
        service.start().join(60)
    return WorkspaceService(services, ready_wait_s=0.05)


def write_tree(root: Path, files: Mapping[str, str]) -> Path:
    """Write each file under ``root`` (its folders made) and return ``root``."""
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    return root


def indexed(tmp_path_factory: pytest.TempPathFactory, name: str, files: Mapping[str, str]) -> Engine:
    """An engine over a repository of these files, its index built."""
    root = write_tree(tmp_path_factory.mktemp(name), files)
    engine = Engine(root, tmp_path_factory.mktemp("index"), provider=CountingProvider())
    engine.refresh()
    return engine


def stored_polyglot(tmp_path_factory: pytest.TempPathFactory, name: str) -> Engine:
    """An engine over a copy of the polyglot fixture whose index was built by another engine and
    closed: the index as a later process reads it, its rows mapped from disk (the caller closes it)."""
    root = tmp_path_factory.mktemp(name) / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    index = tmp_path_factory.mktemp(f"{name}-index")
    built = Engine(root, index, provider=CountingProvider())
    built.refresh(semantic=False)
    built.close()
    made = Engine(root, index, provider=CountingProvider())
    made.refresh(semantic=False)
    return made


def callers(engine: Engine, name: str) -> list[tuple[str, int, str | None]]:
    """The call sites of a name as (path, line, calling symbol), sorted."""
    return sorted((s.path, s.line, s.caller) for s in engine.callers(name, 50).entries)
