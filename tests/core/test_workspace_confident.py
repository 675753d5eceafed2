"""A workspace judges the semantic engine's clear first answer within each repository's own list.

A semantic score is a z-score of a cosine among its own shard's proposals (``core/workspace/merge.py``),
so the gap between a workspace's first two hits, often two repositories' own first answers, said
nothing: on markdown-it-py, mdit-py-plugins and mdformat, "how does the renderer handle fences" lifted
``rules_block/fence.py`` alone (2.92 above 1.84) and ``colon_fence.py`` alone (3.29 above 1.94),
and the workspace, whose first two stood 0.38 apart, lifted neither (a protocol stub came first).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.fusion import CONFIDENT_LIFT, CONFIDENT_MIN_HITS
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from maguyva_tui.core.workspace.listing import labels_for
from tests.fakes import FakeProvider

QUESTION = "where do we count the zebra stripes"


class ZebraProvider(FakeProvider):
    """Every text that mentions zebras shares one vector, the question's; any other its own."""

    id = "test:zebra:64"

    def seed(self, text: str) -> int:
        return zlib.crc32(b"zebra" if "zebra" in text.lower() else text.encode())


def _repository(root: Path, name: str) -> Path:
    """A package of enough small modules for a list of confident length, one about zebras."""
    package = root / name
    package.mkdir(parents=True)
    for i in range(CONFIDENT_MIN_HITS + 5):
        (package / f"part_{i}.py").write_text(f"def handle_{name}_{i}(value):\n    return value + {i}\n")
    (package / "stripes.py").write_text("def stripes(zebra):\n    return len(zebra.stripes)\n")
    return root


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Shard]]:
    base = tmp_path_factory.mktemp("confident")
    roots = [_repository(base / name, name) for name in ("herd", "savanna")]
    labels = labels_for(roots)
    out = []
    for root in roots:
        engine = Engine(root, base / "indexes", provider=ZebraProvider(), static=False)
        engine.refresh()
        engine.embed_pending()
        out.append(Shard(labels[root], engine))
    yield out
    for shard in out:
        shard.close()


def _lifted(coordinator: Coordinator) -> list[tuple[str, str]]:
    """The results a question lifted as clear first answers, as (repository, path)."""
    answer = coordinator.search(SearchRequest(QUESTION, limit=10))
    return [(repo, r.path) for repo, r in zip(answer.repos, answer.result.results) if r.lift == CONFIDENT_LIFT]


def test_each_repository_keeps_its_clear_first_answer_in_a_workspace(shards: list[Shard]) -> None:
    alone = []
    for shard in shards:
        one = Coordinator([shard])
        try:
            alone += _lifted(one)
        finally:
            one.close(shards=False)
    assert alone == [("herd", "herd/stripes.py"), ("savanna", "savanna/stripes.py")]
    both = Coordinator(shards)
    try:
        together = both.search(SearchRequest(QUESTION, limit=10))
        lifted = _lifted(both)
    finally:
        both.close(shards=False)
    assert sorted(lifted) == alone  # each repository's clear answer, lifted as that repository lifts it
    top = [(repo, r.path) for repo, r in zip(together.repos, together.result.results)][:2]
    assert sorted(top) == alone  # and first, above the other repository's handlers
