"""JavaScript/TypeScript receivers typed through ``this``: an attribute a method sets
(``this.store = new Store()``), a default made with ``||``/``??``, a local holding ``this``
(``var that = this``) and a TypeScript constructor's parameter property (``private bar: Bar``)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

JS = """\
class Store {
  get(k) { return k; }
  put(k, v) { return v; }
}
class Service {
  constructor(opts) {
    this.store = new Store();
    this.cache = opts.cache || new Store();
    this.spare = opts.spare ?? new Store();
  }
  run() {
    this.store.get(1);
    this.cache.put(1, 2);
    this.spare.get(3);
    var that = this;
    [1].forEach(function () { that.stop(); });
    const me = this;
    setTimeout(function () { me.store.put(1, 2); }, 10);
  }
  stop() {}
}
"""

TS = """\
export class Foo { m(): number { return 1; } }
export class Bar { m(): number { return 2; } }
export class Holder {
  constructor(private readonly bar: Bar, public foo: Foo, readonly other?: Foo, plain?: Bar) {}
  go() {
    this.bar.m();
    this.foo.m();
    this.other.m();
    this.plain.m();
  }
}
"""


def test_js_attribute_set_in_a_constructor_types_its_calls() -> None:
    graph = graph_of({"svc.js": JS})
    assert call_targets(graph, "svc.js", 12) == {"svc.js::Store.get"}
    assert call_targets(graph, "svc.js", 13) == {"svc.js::Store.put"}  # opts.cache || new Store()
    assert call_targets(graph, "svc.js", 14) == {"svc.js::Store.get"}  # opts.spare ?? new Store()


def test_js_local_holding_this_is_the_enclosing_class() -> None:
    graph = graph_of({"svc.js": JS})
    assert call_targets(graph, "svc.js", 16) == {"svc.js::Service.stop"}
    assert call_targets(graph, "svc.js", 18) == {"svc.js::Store.put"}


def test_ts_parameter_property_is_a_typed_field() -> None:
    graph = graph_of({"holder.ts": TS})
    assert call_targets(graph, "holder.ts", 6) == {"holder.ts::Bar.m"}
    assert call_targets(graph, "holder.ts", 7) == {"holder.ts::Foo.m"}
    assert call_targets(graph, "holder.ts", 8) == {"holder.ts::Foo.m"}
    assert call_targets(graph, "holder.ts", 9) == set()  # a plain parameter is no field


CONTAINER = """\
export interface Container { resolve(token: string): unknown; }
export class Base { constructor() {} }
export class InternalContainer extends Base implements Container {
  constructor() { super(); }
  resolve(token: string): unknown { return this.make(token); }
  make(token: string): unknown { return token; }
  again(): unknown { return this.resolve("b"); }
}
export const instance: Container = new InternalContainer();
export function use(c: Container) { return c.resolve("a"); }
export function more() { return instance.resolve("c"); }
"""


def test_callers_of_an_implementation_say_the_calls_through_its_interface() -> None:
    from maguyva_tui.core.other_calls import _notes

    graph = graph_of({"container.ts": CONTAINER})
    said = " ".join(_notes(graph, "InternalContainer.resolve"))
    assert "InternalContainer.resolve overrides or implements Container.resolve, which 2 calls reach" in said
    assert 'ask "who calls container.ts::Container.resolve"' in said
    assert not any("overrides or implements" in note for note in _notes(graph, "InternalContainer.make"))
    assert not any("overrides or implements" in note for note in _notes(graph, "InternalContainer.constructor"))
