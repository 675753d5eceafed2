"""A generic function's result is typed by the argument its type parameter comes from, in
TypeScript and Java: @tanstack/query-core's ``difference(prevObservers, newObservers).forEach((o)
=> o.destroy())`` of ``difference<T>(a: T[], b: T[]): T[]`` had been tied to nothing (the declared
``T[]`` names no type), as ``identity(o).destroy()`` and Java's ``get(Obs.class).destroy()`` of
``<T> T get(Class<T> c)`` were. The same callee given two other arguments in one scope types
nothing (no guess between them); a function whose result names a real type keeps it."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Obs { destroy(): void {} }
export class Other { destroy(): void {} }
export function difference<T>(a: T[], b: Array<T>): T[] { return a }
export function identity<T>(x: T): T { return x }
export function plain(x: Obs): Other { return new Other() }
export class M {
  prev: Obs[] = []
  run(next: Obs[], o: Obs) {
    difference(this.prev, next).forEach((x) => x.destroy())
    identity(o).destroy()
    const kept = identity(o)
    kept.destroy()
    plain(o).destroy()
  }
  twice(o: Obs, t: Other) {
    identity(o).destroy()
    identity(t).destroy()
  }
}
"""

JAVA = """\
class Obs { void destroy() {} }
class Reg {
  <T> T get(Class<T> c) { return null; }
  static <T> T same(T x) { return x; }
  void run(Obs o) {
    get(Obs.class).destroy();
    same(o).destroy();
    Reg.same(o).destroy();
    this.get(Obs.class).destroy();
  }
}
"""


def test_a_typescript_generic_result_is_its_arguments_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 9) == {"a.ts::difference", "a.ts::Obs.destroy"}  # T[] of a: T[]
    assert call_targets(graph, "a.ts", 10) == {"a.ts::identity", "a.ts::Obs.destroy"}
    assert call_targets(graph, "a.ts", 12) == {"a.ts::Obs.destroy"}  # const kept = identity(o)
    assert call_targets(graph, "a.ts", 13) == {"a.ts::plain", "a.ts::Other.destroy"}  # declared: not the argument's


def test_two_arguments_for_one_callee_in_a_scope_type_nothing() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 16) == {"a.ts::identity"}
    assert call_targets(graph, "a.ts", 17) == {"a.ts::identity"}


def test_a_java_generic_result_is_its_arguments_type() -> None:
    graph = graph_of({"A.java": JAVA})
    assert call_targets(graph, "A.java", 6) == {"A.java::Reg.get", "A.java::Obs.destroy"}  # Class<T>: Obs.class
    assert call_targets(graph, "A.java", 7) == {"A.java::Reg.same", "A.java::Obs.destroy"}
    assert call_targets(graph, "A.java", 8) == {"A.java::Reg.same", "A.java::Obs.destroy"}
    assert call_targets(graph, "A.java", 9) == {"A.java::Reg.get", "A.java::Obs.destroy"}
