"""A stored graph opened for a few questions: its nodes filled at once, names found without the
whole name tables, and every answer the same as the graph that was built."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from maguyva_tui.core.graph import queries
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.nodes import NodeTable
from maguyva_tui.core.graph.symbols import SCANS_BEFORE_TABLES
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.types import FileFacts

FILES = {
    "shop/__init__.py": "",
    "shop/cart.py": """\
        class Cart:
            def total(self):
                return sum(self.items)

            def add(self, item):
                self.items.append(item)

        def total(cart):
            return cart.total()

        def total(cart):  # defined twice: one node, the first kind
            return 0
        """,
    "shop/checkout.py": """\
        from shop.cart import Cart, total

        class Order:
            def total(self):
                return total(Cart())

        def pay(order):
            order.total()
            return total(Cart())
        """,
}
NAMES = ("total", "Cart.total", "cart.Cart.total", "Order.total", "Cart", "add", "pay", "nothing", "shop.cart.total")


def facts() -> dict[str, FileFacts]:
    return {path: analyze(path, dedent(text)) for path, text in FILES.items()}


def built() -> CodeGraph:
    return CodeGraph.build(facts())


def test_an_opened_graph_has_the_built_graphs_nodes_in_stored_order(tmp_path: Path) -> None:
    graph = built()
    graph.save(tmp_path / "graph.npz")
    opened = CodeGraph.open(tmp_path / "graph.npz", facts())
    assert sorted(opened.nodes.index) == sorted(graph.nodes.index)
    assert opened.nodes.ids[0] == "shop/__init__.py"  # files in path order, each followed by its symbols
    assert [opened.nodes.kinds[opened.nodes.index[n]] for n in sorted(opened.nodes.index)] == [
        graph.nodes.kinds[graph.nodes.index[n]] for n in sorted(graph.nodes.index)]
    assert opened.nodes.index["shop/cart.py::total"] == opened.nodes.ids.index("shop/cart.py::total")


def test_definitions_read_every_files_names_then_use_the_tables_with_the_same_answers(tmp_path: Path) -> None:
    graph = built()
    graph.save(tmp_path / "graph.npz")
    for stored, make in ((False, built), (True, lambda: CodeGraph.open(tmp_path / "graph.npz", facts()))):
        fresh, tabled = make(), make()
        _ = tabled.by_name  # the tables built at once
        assert queries.definitions(fresh, "pay") == ("shop/checkout.py::pay",)
        assert fresh.store._query is None  # one question reads the names: no tables over every file
        for _ in range(2):  # the scans, then the tables built after SCANS_BEFORE_TABLES lookups
            for name in NAMES * (SCANS_BEFORE_TABLES // len(NAMES) + 1):
                assert queries.definitions(fresh, name) == queries.definitions(tabled, name), name
        assert (fresh.store._query is None) == stored  # a stored graph's names are looked up in its columns
        assert queries.definitions(fresh, "total") == ("shop/cart.py::total",)  # a qualified name first
        assert queries.definitions(fresh, "add") == ("shop/cart.py::Cart.add",)  # then a bare one
        assert [s.path for s in queries.callers(fresh, "Cart").sites] == ["shop/checkout.py"] * 2


def test_a_node_table_filled_at_once_equals_one_added_node_by_node() -> None:
    ids = ["a.py", "a.py::f", "a.py::f", "b.py", "a.py::g"]
    kinds = ["file", "function", "class", "file", "function"]
    one_by_one = NodeTable()
    for node, kind in zip(ids, kinds):
        one_by_one.add(node, kind)
    filled = NodeTable.filled(ids, kinds)  # a repeated id: added one by one, its first kind kept
    assert (filled.ids, filled.kinds, filled.index) == (one_by_one.ids, one_by_one.kinds, one_by_one.index)
    distinct = NodeTable.filled(["a.py", "a.py::f"], ["file", "function"])
    assert distinct.index == {"a.py": 0, "a.py::f": 1} and distinct.live() == [0, 1]


def test_an_opened_graphs_blocks_are_made_when_read_and_behave_as_a_dict(tmp_path: Path) -> None:
    import numpy as np

    from maguyva_tui.core.graph.spans import SpanMap

    graph = built()
    graph.save(tmp_path / "graph.npz")
    opened = CodeGraph.open(tmp_path / "graph.npz", facts())
    assert isinstance(opened.blocks, SpanMap) and not opened.blocks._made  # nothing made on opening
    assert sorted(opened.blocks) == sorted(graph.blocks) and len(opened.blocks) == len(graph.blocks)
    made = opened.blocks["shop/checkout.py"]
    assert np.array_equal(made.line, graph.blocks["shop/checkout.py"].line) and len(made.line) > 0
    loose = opened.loose_blocks["shop/cart.py"]
    assert loose.names == graph.loose_blocks["shop/cart.py"].names

    plain = {"a": 1, "b": 2}
    lazy: SpanMap[int] = SpanMap({"a": (0, 1), "b": (1, 2)}, lambda a, b: a + 1)
    for step in (lambda m: m.pop("a"), lambda m: m.__setitem__("c", 3), lambda m: m.__setitem__("a", 9),
                 lambda m: m.pop("b", None), lambda m: m.pop("b", None), lambda m: m.__delitem__("c")):
        step(plain)
        step(lazy)
        assert dict(lazy) == plain and len(lazy) == len(plain) and ("b" in lazy) == ("b" in plain)


def test_an_opened_graph_finds_the_names_of_a_changed_file_and_forgets_a_removed_ones(tmp_path: Path) -> None:
    graph = built()
    graph.save(tmp_path / "graph.npz")
    every = facts()
    opened = CodeGraph.open(tmp_path / "graph.npz", every)
    opened.attach(every)
    changed = "shop/checkout.py"
    edited = dedent(FILES[changed]).replace("def pay(order):", "def refund(order):")
    opened.update({changed: analyze(changed, edited)}, removed=["shop/cart.py"])
    assert queries.definitions(opened, "refund") == ("shop/checkout.py::refund",)
    assert queries.definitions(opened, "pay") == ()
    assert queries.definitions(opened, "Cart") == ()  # its file is gone
    assert queries.definitions(opened, "Order.total") == ("shop/checkout.py::Order.total",)
    rebuilt = CodeGraph.build({changed: analyze(changed, edited), "shop/__init__.py": every["shop/__init__.py"]})
    for name in ("refund", "pay", "Cart", "Order", "total", "Order.total"):
        assert queries.definitions(opened, name) == queries.definitions(rebuilt, name), name
