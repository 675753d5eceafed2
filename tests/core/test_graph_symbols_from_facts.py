"""A stored graph keeps no symbol rows of its own: it reads the facts' record table and strings,
which hold the same rows (sympy's graph.npz 7.8 -> 4.4 MB), and answers as the graph built."""

from __future__ import annotations

import dataclasses
import zipfile
from pathlib import Path
from textwrap import dedent

import numpy as np
import pytest

from maguyva_tui.core.graph import open_graph, queries
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.symbols import StoredRows
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.store.facts import encode
from maguyva_tui.core.store.facts_files import load_facts, save_facts
from maguyva_tui.core.types import FileFacts

FILES = {
    "shop/__init__.py": "",
    "shop/cart.py": """\
        class Cart:
            def total_of_every_item_in_the_cart(self):
                return sum(self.items)

        def total(cart, discount_for_loyal_customers=0):
            return cart.total_of_every_item_in_the_cart()
        """,
    "shop/pay.py": "from shop.cart import Cart, total\n\ndef pay():\n    return total(Cart())\n",
}


def _facts(reverse: bool = False) -> dict[str, FileFacts]:
    """The files' facts; ``reverse``: each file's symbols listed last first (the graph's rows are
    in position order whatever the facts' order)."""
    found = {path: analyze(path, dedent(text)) for path, text in FILES.items()}
    if reverse:
        found = {p: dataclasses.replace(f, symbols=f.symbols[::-1]) for p, f in found.items()}
    return found


def _answers(graph: CodeGraph) -> tuple[object, ...]:
    names = ("total", "Cart", "Cart.total_of_every_item_in_the_cart", "pay")
    return (sorted(graph.nodes.index), dict(graph.symbols), {p: graph.store.rows(p) for p in sorted(graph.languages)},
            [queries.callers(graph, n) for n in names], [queries.definitions(graph, n) for n in names])


def test_the_stored_graph_holds_no_symbol_rows_nor_their_strings(tmp_path: Path) -> None:
    CodeGraph.build(_facts()).save(tmp_path / "graph.npz")
    data = (tmp_path / "graph.npz").read_bytes()
    with zipfile.ZipFile(tmp_path / "graph.npz") as archive:
        members = {info.filename for info in archive.infolist()}
    assert "symbols.npy" not in members and "symbols.counts.npy" in members
    assert b"discount_for_loyal_customers" not in data  # a symbol's signature is the facts'


@pytest.mark.parametrize("reverse", [False, True])
def test_a_graph_opened_over_stored_facts_reads_their_table_and_answers_as_built(tmp_path: Path, reverse: bool) -> None:
    every = _facts(reverse)
    built = CodeGraph.build(every)
    built.save(tmp_path / "graph.npz")
    save_facts(tmp_path, {path: encode(f) for path, f in every.items()})
    stored = load_facts(tmp_path)
    opened = CodeGraph.open(tmp_path / "graph.npz", stored)
    assert _answers(opened) == _answers(built)
    table, _, _ = stored.rows.symbol_columns()  # type: ignore[attr-defined]
    entries = opened.store.entries
    assert isinstance(entries, StoredRows)
    assert np.shares_memory(entries.table, table) != reverse  # the facts' own rows, unless reordered


def test_facts_the_graph_was_not_built_from_are_refused_and_the_graph_built_again(tmp_path: Path) -> None:
    every = _facts()
    CodeGraph.build(every).save(tmp_path / "graph.npz")
    fewer = {p: f for p, f in every.items() if p != "shop/pay.py"}
    with pytest.raises(ValueError, match="disagree"):
        CodeGraph.open(tmp_path / "graph.npz", fewer)
    more = {**every, "shop/pay.py": analyze("shop/pay.py", FILES["shop/pay.py"] + "\ndef refund():\n    pass\n")}
    with pytest.raises(ValueError, match="disagree"):
        CodeGraph.open(tmp_path / "graph.npz", more)
    assert _answers(open_graph(tmp_path / "graph.npz", more)) == _answers(CodeGraph.build(more))
