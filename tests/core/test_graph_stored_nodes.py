"""A stored graph's node table stays columns (``nodes.StoredNodes``) until it is walked whole or
changed: every id, kind and slot it gives one at a time is the one the lists give."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from maguyva_tui.core.graph import nodes
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "shop/cart.py": """\
        class Cart:
            def total(self):
                return 1

        def total(cart):
            return cart.total()

        def total(cart):  # defined twice: one node
            return 0
        """,
    "shop/pay.py": "from shop.cart import total\n\ndef pay(c):\n    return total(c)\n",
    "zeta.py": "def z():\n    pass\n",
}


def _opened(tmp_path: Path, files: dict[str, str]) -> tuple[CodeGraph, CodeGraph]:
    every = {path: analyze(path, dedent(text)) for path, text in files.items()}
    built = CodeGraph.build(every)
    built.save(tmp_path / "graph.npz")
    return built, CodeGraph.open(tmp_path / "graph.npz", every)


def test_a_stored_table_answers_one_at_a_time_as_the_lists_do(tmp_path: Path) -> None:
    _, opened = _opened(tmp_path, FILES)
    table = opened.nodes
    assert table._stored is not None  # nothing made on opening
    one_by_one = [table.ids[s] for s in range(len(table))], [table.kinds[s] for s in range(len(table))]
    slots = {node: table.index[node] for node in one_by_one[0]}
    misses = ["shop/cart.py::nothing", "nowhere.py", "shop/cart.py::", 7, "shop/cart.py::Cart.total::x"]
    assert all(node not in table for node in misses) and table.index.get("nowhere.py") is None
    assert table.ids[-1] == one_by_one[0][-1]
    with pytest.raises(IndexError):
        table.ids[len(table)]
    assert table._stored is not None and len(table.index) == len(table)
    table.whole()
    assert table._stored is None
    assert (list(table.ids), list(table.kinds)) == one_by_one and slots == dict(table.index)
    assert list(table.alive()) == [True] * len(table)


def test_a_stored_table_is_made_whole_after_many_lookups_and_on_a_change(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nodes, "LOOKUPS_BEFORE_WHOLE", 3)
    _, opened = _opened(tmp_path, FILES)
    ids = opened.nodes.ids
    first = [ids[s] for s in range(4)]
    assert opened.nodes._stored is None and first == list(ids)[:4]  # the lists answer from then on
    _, again = _opened(tmp_path, FILES)
    slot = again.nodes.add("new.py", "file")
    assert again.nodes._stored is None and again.nodes.index["new.py"] == slot == len(again.nodes) - 1


def test_a_path_with_a_colon_opens_as_lists_with_the_built_graphs_nodes(tmp_path: Path) -> None:
    built, opened = _opened(tmp_path, {**FILES, "odd:name.py": "def f():\n    pass\n"})
    assert opened.nodes._stored is None
    assert sorted(opened.nodes.index) == sorted(built.nodes.index)


def test_an_opened_graphs_dependency_keys_are_decoded_when_read(tmp_path: Path) -> None:
    built, opened = _opened(tmp_path, FILES)
    assert opened.deps._make is not None  # type: ignore[attr-defined]
    assert dict(opened.deps) == dict(built.deps) and opened.deps._make is None  # type: ignore[attr-defined]
