"""A TypeScript object type of one index signature or mapped type holds its value type, as a
``Record<K, V>`` does (``{ [key: string]: Handler }``, ``{ [K in keyof T]?: Handler }``), and
``Partial<Foo>``, ``Readonly<Foo>``, ``Pick<Foo, 'h'>`` have ``Foo``'s members: ``byName[key].run()``
and ``part.h.run()`` had reached nothing."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Handler { run(): void {} }
export interface Foo { h: Handler; g(): void }
export class Machine {
  byName: { [key: string]: Handler } = {}
  all: { readonly [K in keyof Foo]?: Handler } = {}
  part: Partial<Foo> = {}
  ro: Readonly<Foo> = {} as any
  go(key: string, pk: Pick<Foo, 'h'>, k: 'h' | 'g') {
    this.byName[key].run()
    this.all[k]!.run()
    this.part.h!.run()
    this.ro.h.run()
    pk.h.run()
    this.ro.g()
  }
}
"""


def test_index_signatures_and_mapped_types_hold_their_values() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 9) == {"a.ts::Handler.run"}
    assert call_targets(graph, "a.ts", 10) == {"a.ts::Handler.run"}


def test_utility_types_have_their_argument_members() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Handler.run"}
    assert call_targets(graph, "a.ts", 12) == {"a.ts::Handler.run"}
    assert call_targets(graph, "a.ts", 13) == {"a.ts::Handler.run"}
    assert call_targets(graph, "a.ts", 14) == {"a.ts::Foo.g"}
