"""An object of functions written inside a function (zustand's ``createStoreImpl``: ``const api =
{ setState, getState }``; a driver factory's ``return { getItem(key) {...} }``): its methods are
symbols named under the function, and ``api.setState()`` / ``options.merge()`` reach the function
or method the member names, where they had reached nothing. An object's methods are no scope for
one another: ``getMount(key)`` in ``storage.hasItem`` calls the function ``getMount``, not the
method ``storage.getMount`` beside it."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = """function make() {
  const setState = () => 1
  const api = { setState, get: setState }
  api.setState()
  api.get()
  let options = {
    partialize: (s) => s,
    merge(a) { return a },
  }
  options.partialize(1)
  options.merge(2)
  return api
}
function make2() {
  const api = { setState: () => 2 }
  function inner(api) {
    api.setState()
  }
}
function createStorage() {
  const getMount = (key) => key
  const storage = {
    getMount(key) { return getMount(key) },
  }
  return storage
}
function driver() {
  return {
    hasItem(key) { return 1 },
    getItem: (key) => 2,
  }
}
"""


def test_the_methods_of_an_object_in_a_function_are_symbols() -> None:
    names = {s.qualname: s.kind for s in analyze("a.ts", SOURCE).symbols}
    assert {"make.options.merge": "method", "make.options.partialize": "method",
            "createStorage.storage.getMount": "method",
            "driver.hasItem": "function", "driver.getItem": "function"}.items() <= names.items()
    assert "make.api" not in names  # a function's variable is still no symbol


def test_members_of_an_object_in_a_function_reach_what_they_name() -> None:
    graph = CodeGraph.build({"a.ts": analyze("a.ts", SOURCE)})
    calls = sorted((s.line, s.target) for s in graph.sites_out["a.ts"] if s.kind == "call")
    assert calls == [(4, "a.ts::make.setState"), (5, "a.ts::make.setState"),
                     (10, "a.ts::make.options.partialize"), (11, "a.ts::make.options.merge"),
                     (23, "a.ts::createStorage.getMount")]


def test_a_callbacks_parameter_hides_no_function_defined_around_it() -> None:
    # unstorage's cloudflare driver: `const r = (key) => ...; r(key)` beside `.then((r) => r.text())`,
    # whose parameter is filed under the function around it; a named function's parameter still hides it
    source = ("function f(list) {\n  const r = (k) => k\n  r(1)\n  function g(r) { r() }\n"
              "  return list.map((r) => r.x)\n}\n")
    graph = CodeGraph.build({"a.ts": analyze("a.ts", source)})
    assert sorted((s.line, s.target) for s in graph.sites_out["a.ts"] if s.kind == "call") == [(3, "a.ts::f.r")]
