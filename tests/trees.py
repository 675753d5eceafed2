"""A small repository written from a mapping of paths to texts, indexed: what the graph tests of
one language's resolution build their questions on."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider


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


def callers(engine: Engine, name: str) -> list[tuple[str, int, str | None]]:
    """The call sites of a name as (path, line, calling symbol), sorted."""
    return sorted((s.path, s.line, s.caller) for s in engine.callers(name, 50).entries)
