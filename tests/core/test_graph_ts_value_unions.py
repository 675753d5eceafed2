"""TypeScript: a union of a class and plain value types (``url?: string | FetchRequest``, ``string
| number | Foo``, ``'auto' | Foo``) is that class wherever a method is called on it, as ``Foo | null``
is: ethers' ``if (typeof(url) === "string") { ... } else { this.#connect = url.clone() }`` had
reached nothing (the ``string`` made the whole annotation unread). A union of value types alone
names no class."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class FetchRequest { clone(): FetchRequest { return this } }
export class Provider {
  constructor(url?: string | FetchRequest) {
    if (url == null) { url = "http://localhost:8545"; }
    if (typeof(url) === "string") { return } else { url.clone() }
  }
  several(url: string | number | FetchRequest, mode: 'auto' | FetchRequest) { url.clone(); mode.clone() }
  plain(url: string | number) { url.clone() }
}
"""


def test_a_union_of_a_class_and_value_types_is_the_class() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 5) == {"a.ts::FetchRequest.clone"}
    assert call_targets(graph, "a.ts", 7) == {"a.ts::FetchRequest.clone"}


def test_a_union_of_value_types_names_no_class() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 8) == set()
