"""TypeScript's ``await _.reduce<number, number>(xs, f, 0)``: tree-sitter parses it as a call of
``await _.reduce``, which had read as a call of ``?``; the call is of ``_.reduce`` (radash's
tests: three of ``reduce``'s and one of ``map``'s callers missing)."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "src/async.ts": "export async function reduce<T, K>(xs: T[], init: K): Promise<K> { return init }\n",
    "src/use.ts": """import * as _ from './async'
import { reduce } from './async'
export async function main() {
  const total = await _.reduce<number, number>([1], 0)
  return (await reduce<number, string>([2], '')) + total
}
""",
}


def test_an_awaited_call_with_type_arguments_calls_its_function() -> None:
    calls = [(r.name, r.line) for r in analyze("src/use.ts", FILES["src/use.ts"]).references if r.kind == "call"]
    assert sorted(calls) == [("_.reduce", 4), ("reduce", 5)]
    graph = GraphRetriever(CodeGraph.build({path: analyze(path, text) for path, text in FILES.items()}))
    assert sorted(h.start_line for h in graph.callers_hits("reduce", 10)) == [4, 5]
