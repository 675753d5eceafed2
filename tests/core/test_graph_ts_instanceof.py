"""A JavaScript/TypeScript call on a variable an ``instanceof`` test narrows reaches the class's
instance method, as the TypeScript 5.6 language service reads it: ethers' ``else if (obj instanceof
TokenString) { obj.peekType("ID") }`` and ``if (sig instanceof Signature) { return sig.clone(); }``
had reached nothing (the narrowed call was written ``TokenString.peekType``, a call on the class
itself, which a class's instance method is not)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Tok { peek(): boolean { return true } static make(): Tok { return new Tok() } }
export type Like = string | Tok
export class P {
  static from(obj: any): void {
    if (typeof(obj) === "string") {
    } else if (obj instanceof Tok) {
      obj.peek()
    }
  }
  static g(sig: Like) {
    if (sig instanceof Tok) { return sig.peek(); }
  }
}
"""

JS = """\
export class Tok { peek() { return true } }
export function h(x) {
  if (!(x instanceof Tok)) { throw new Error("no") }
  return x.peek()
}
"""


def test_an_instanceof_test_narrows_to_an_instance() -> None:
    graph = graph_of({"a.ts": TS, "b.js": JS})
    assert call_targets(graph, "a.ts", 7) == {"a.ts::Tok.peek"}
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Tok.peek"}
    assert call_targets(graph, "b.js", 4) == {"b.js::Tok.peek"}
