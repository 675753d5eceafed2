"""A generation's graph.npz that cannot be opened (damaged past the checks at open, or built from
other facts) is built again from the facts by the first process that needs it, which writes it back
in its place (temporary file, fsync, rename): the next process opens it from disk. Before, nothing
recorded the rebuild and every process paid it again (447 s a process on 100,000 files)."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path
from textwrap import dedent

import numpy as np
import pytest

from maguyva_tui.core.graph import open_graph, queries
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.store.facts import encode
from maguyva_tui.core.store.facts_files import load_facts, save_facts
from maguyva_tui.core.types import FileFacts

FILES = {
    "shop/__init__.py": "",
    "shop/cart.py": """\
        class Cart:
            def total(self):
                return sum(self.items)

        def checkout(cart):
            return cart.total()
        """,
    "shop/pay.py": "from shop.cart import Cart, checkout\n\ndef pay():\n    return checkout(Cart())\n",
}


def _facts() -> dict[str, FileFacts]:
    return {path: analyze(path, dedent(text)) for path, text in FILES.items()}


def _answers(graph: CodeGraph) -> tuple[object, ...]:
    names = ("checkout", "Cart", "Cart.total", "pay")
    return (sorted(graph.nodes.index), dict(graph.symbols), {p: graph.store.rows(p) for p in sorted(graph.languages)},
            [queries.callers(graph, n) for n in names], [queries.callees(graph, n) for n in names])


def _damaged(gen: Path, how: str) -> None:
    """A graph.npz that passes the index's open check (its ``format`` member is there) but not ``CodeGraph.open``."""
    if how == "members missing":
        with open(gen / "graph.npz", "wb") as handle:
            np.savez(handle, format=np.asarray([1], np.int64))
    else:  # built from other facts: one file fewer
        CodeGraph.build({p: f for p, f in _facts().items() if p != "shop/pay.py"}).save(gen / "graph.npz")


def _generation(tmp_path: Path, how: str) -> Path:
    gen = tmp_path / "g-1"
    gen.mkdir()
    save_facts(gen, {path: encode(f) for path, f in _facts().items()})
    _damaged(gen, how)
    return gen


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the graphs built from facts."""
    counted: list[int] = []
    build = CodeGraph.build.__func__  # type: ignore[attr-defined]

    def counting(cls: type[CodeGraph], /, *args: object, **kwargs: object) -> CodeGraph:
        counted.append(1)
        return build(cls, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(CodeGraph, "build", classmethod(counting))
    return counted


@pytest.mark.parametrize("how", ["members missing", "other facts"])
def test_a_graph_rebuilt_from_the_facts_is_written_back_and_the_next_process_opens_it(
        tmp_path: Path, how: str, builds: list[int]) -> None:
    gen = _generation(tmp_path, how)
    fresh = _answers(CodeGraph.build(_facts()))
    builds.clear()
    first = open_graph(gen / "graph.npz", load_facts(gen))
    assert len(builds) == 1 and _answers(first) == fresh
    second = open_graph(gen / "graph.npz", load_facts(gen))  # a later process: opened from disk
    assert len(builds) == 1 and _answers(second) == fresh
    assert stat.S_IMODE(os.stat(gen / "graph.npz").st_mode) == 0o600
    assert sorted(p.name for p in gen.iterdir() if p.name.startswith(".")) == []  # no temporary file left


def test_a_reader_that_mapped_the_damaged_file_keeps_its_map(tmp_path: Path) -> None:
    gen = _generation(tmp_path, "other facts")
    old = CodeGraph.open(gen / "graph.npz", {p: f for p, f in _facts().items() if p != "shop/pay.py"})
    before = _answers(old)
    open_graph(gen / "graph.npz", load_facts(gen))  # replaced by rename, not rewritten in place
    assert _answers(old) == before


def _full_disk(graph: CodeGraph, path: Path) -> None:
    path.write_bytes(b"PK half a graph")
    raise OSError(errno.ENOSPC, "No space left on device")


def _read_only(*args: object, **kwargs: object) -> tuple[int, str]:
    raise OSError(errno.EROFS, "Read-only file system")


@pytest.mark.parametrize("failing", ["full disk", "read-only"])
def test_a_generation_that_cannot_be_written_still_answers_and_is_left_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    gen = _generation(tmp_path, "members missing")
    damaged = (gen / "graph.npz").read_bytes()
    fresh = _answers(CodeGraph.build(_facts()))
    if failing == "full disk":
        monkeypatch.setattr(CodeGraph, "save", _full_disk)
    else:
        monkeypatch.setattr(tempfile, "mkstemp", _read_only)
    graph = open_graph(gen / "graph.npz", load_facts(gen))
    assert _answers(graph) == fresh
    assert (gen / "graph.npz").read_bytes() == damaged
    assert sorted(p.name for p in gen.iterdir() if p.name.startswith(".")) == []  # the half-written file removed
