"""A small repository written from a mapping of paths to texts, indexed with a fake embedding model:
the fixture of tests that ask the product a few questions about a few files."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_failed_lookup import FirstWordProvider


def indexed(tmp_path_factory: pytest.TempPathFactory, files: Mapping[str, str]) -> Engine:
    """Write ``files`` (relative path -> text) into a new folder and return an engine on it, every
    engine built and every chunk embedded by :class:`FirstWordProvider`."""
    root = tmp_path_factory.mktemp("repo")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    engine = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    engine.refresh()
    engine.embed_pending()
    return engine


def many_callers(count: int) -> dict[str, str]:
    """A repository where ``target`` has ``count`` callers (``helper_0`` ...), each called by
    ``busy``: a "who calls" list longer than a page."""
    return {
        "target.py": "def target():\n    return 1\n",
        "callers.py": "from target import target\n\n\n"
                      + "".join(f"def helper_{i}():\n    return target()\n\n\n" for i in range(count))
                      + "def busy():\n" + "".join(f"    helper_{i}()\n" for i in range(count)),
    }
