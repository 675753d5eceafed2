"""Shards of the fixture repository, each a real engine on its own index (with a fake embedding
model): the fixture of tests that ask a workspace of this process."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Shard
from maguyva_tui.core.workspace.listing import labels_for
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider

THREE = (("poly", FIXTURE), ("app", FIXTURE / "app"), ("web", FIXTURE / "web"))
"""The whole fixture and two of its folders, as three repositories."""


def shards_of(base: Path, sources: Sequence[tuple[str, Path]] = THREE) -> Iterator[list[Shard]]:
    """Copy each source under ``base`` by its name, index each, yield their shards, then close them."""
    roots = []
    for name, source in sources:
        shutil.copytree(source, base / name)
        roots.append(base / name)
    labels = labels_for(roots)
    out = []
    for root in roots:
        engine = Engine(root, base / "indexes", provider=FakeProvider(), static=False)
        engine.refresh()
        out.append(Shard(labels[root], engine))
    yield out
    for shard in out:
        shard.close()
