"""A class field that a call makes and that is then called (@tanstack/virtual-core's
``private getMeasurements = memo(() => [...], (deps) => {...}, opts)``, then
``this.getMeasurements()``) is the field's caller, as a module's ``const get = memo(...)`` called is
the constant's: what memo returns is an arrow nobody names, and the calls had reached nothing, so
"who calls getMeasurements" said nobody. virtual-core 3.10.8 against the TypeScript 5.6 language
service (its arrow counted as the member holding it): 65 -> 75 of 87 call sites, precision 1.000;
query-core's ``this.#cleanup?.()`` of a field a method sets to ``setup(...)`` and prosemirror-state's
``field.init(...)`` gain the edge to the field that the language service's definition names."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

UTILS = """\
export function memo<TDeps extends ReadonlyArray<any>, TResult>(
  getDeps: () => [...TDeps],
  fn: (...args: TDeps) => TResult,
  opts: { key: false | string },
) {
  let deps: any[] = []
  let result: TResult | undefined
  return (): TResult => {
    const newDeps = getDeps()
    if (newDeps.length === deps.length) return result!
    deps = newDeps
    result = fn(...newDeps)
    return result
  }
}
"""

INDEX = """\
import { memo } from './utils'

export class Virtualizer {
  private getMeasurements = memo(
    () => [this.getSize()],
    (size) => [size],
    { key: 'getMeasurements' },
  )
  calculateRange = memo(
    () => [this.getMeasurements(), this.getSize()],
    (measurements, size) => measurements.length + size,
    { key: 'calculateRange' },
  )
  getSize() { return 1 }
  getTotalSize() {
    const measurements = this.getMeasurements()
    return measurements.length
  }
}

export class Sub extends Virtualizer {
  range() { return this.calculateRange() }
}
"""


def test_a_field_made_by_a_call_is_what_its_calls_reach() -> None:
    graph = graph_of({"src/utils.ts": UTILS, "src/index.ts": INDEX})
    assert call_targets(graph, "src/index.ts", 10) == {"src/index.ts::Virtualizer.getMeasurements",
                                                       "src/index.ts::Virtualizer.getSize"}
    assert call_targets(graph, "src/index.ts", 16) == {"src/index.ts::Virtualizer.getMeasurements"}
    assert call_targets(graph, "src/index.ts", 22) == {"src/index.ts::Virtualizer.calculateRange"}


def test_a_field_made_as_a_known_instance_keeps_its_type() -> None:
    """A field made by a call whose result is known is that result, not the field."""
    source = """\
class Cache {
  get(k: string) { return k }
}
function makeCache(): Cache { return new Cache() }
export class Store {
  cache = makeCache()
  read() { return this.cache.get('a') }
}
"""
    graph = graph_of({"src/store.ts": source})
    assert call_targets(graph, "src/store.ts", 7) == {"src/store.ts::Cache.get"}


OBSERVER = """\
export class Virtualizer {
  targetWindow: (Window & typeof globalThis) | null = null
  private observer = (() => {
    let _ro: ResizeObserver | null = null

    const get = () => {
      if (_ro) {
        return _ro
      }
      return (_ro = new this.targetWindow!.ResizeObserver(() => {}))
    }

    return {
      disconnect: () => {
        get()?.disconnect()
        _ro = null
      },
      unobserve: (target: Element) => get()?.unobserve(target),
    }
  })()

  cleanup() {
    this.observer.disconnect()
    return get()
  }
}

function get() { return 2 }
"""


def test_a_local_of_a_fields_callback_is_what_its_siblings_call() -> None:
    """virtual-core's ``observer = (() => { const get = () => ...; return {...} })()``: the
    callback's ``get()`` calls its own local (they had reached nothing: 3 of 87 call sites); a
    method's bare ``get()`` is still the module's function, never the class's member."""
    graph = graph_of({"src/index.ts": OBSERVER})
    assert call_targets(graph, "src/index.ts", 15) == {"src/index.ts::Virtualizer.get"}
    assert call_targets(graph, "src/index.ts", 18) == {"src/index.ts::Virtualizer.get"}
    assert call_targets(graph, "src/index.ts", 24) == {"src/index.ts::get"}
