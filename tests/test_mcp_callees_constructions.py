"""MCP's ``search`` answers "what does X call" with what X constructs too, marked as a construction
(junit 5's ``AbstractExtensionContext.createStore``, whose one resolved callee is ``new
NamespacedHierarchicalStore<>(...)``: it had been listed by ``callers`` of the class, never by the callees)."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.answers import search_answer  # noqa: E402
from tests.core.small_repo import indexed  # noqa: E402

FILES = {
    "Store.java": "package p;\n\npublic class Store {\n    public Store(int n) {}\n}\n",
    "Context.java": "package p;\n\npublic class Context {\n    Store createStore() {\n"
                    "        return new Store(3);\n    }\n}\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_what_does_it_call_lists_what_it_constructs(engine: Engine) -> None:
    found = search_answer(engine, "what does createStore call")["results"]
    why = {r.get("symbol"): r["why"].get("graph") for r in found}
    assert why.get("Store") == "constructed by Context.createStore (line 5)"
