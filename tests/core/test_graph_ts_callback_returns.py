"""What a JavaScript or TypeScript callback returns (``[1].forEach(() => { return new Foo() })``,
a function passed as an argument) is no return of the function around it: ``outer().run()`` had
reached ``Foo.run``. A named arrow's ``return`` still types that arrow, and the function's own
``return`` the function."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

SOURCE = """\
export class Foo { run(): number { return 1; } }
export class Bar { run(): number { return 2; } }
export function outer() {
  [1].forEach(() => {
    return new Foo()
  })
}
export function both() {
  [1].map(function () { return new Foo() })
  return new Bar()
}
export function named() {
  const make = () => {
    return new Foo()
  }
  make().run()
}
export function use(): void {
  outer().run()
  both().run()
}
"""


def test_a_callbacks_return_types_no_function_around_it():
    g = graph_of({"a.ts": SOURCE, "a.js": SOURCE.replace("(): void", "()").replace("(): number", "()")})
    for path in ("a.ts", "a.js"):
        assert call_targets(g, path, 19) == {f"{path}::outer"}
        assert call_targets(g, path, 20) == {f"{path}::both", f"{path}::Bar.run"}
        assert call_targets(g, path, 16) == {f"{path}::named.make", f"{path}::Foo.run"}
