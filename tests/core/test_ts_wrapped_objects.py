"""An object wrapped in TypeScript's ``as`` or ``satisfies`` (``export const handlers = { run() {} }
as const``, ``export default { parse } satisfies Plugin``) is the object: its methods are symbols
and its members reach the functions they name, where both had been lost behind the wrapper."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

SOURCE = """export const tbl = { m() { return 1 } } as const
export const sat = { n: () => 2 } satisfies Record<string, unknown>
export default { k() { return 3 } } satisfies Plugin
function use() { tbl.m(); sat.n() }
"""

FILES = {
    "t.ts": """function run() { return 1 }
function stop() { return 2 }
export const h = { run, halt: stop } as const
export const s = { run } satisfies Record<string, unknown>
export function go() { h.halt(); s.run() }
""",
    "e.ts": "function parse() { return 1 }\nexport default { parse, load: parse } satisfies X\n",
    "u.ts": "import api from './e'\nexport function f() { api.load() }\n",
}


def test_the_methods_of_a_wrapped_object_are_symbols() -> None:
    names = {s.qualname: s.kind for s in analyze("a.ts", SOURCE).symbols}
    assert {"tbl.m": "method", "sat.n": "method", "k": "function"}.items() <= names.items()


def test_the_members_of_a_wrapped_object_reach_their_functions() -> None:
    graph = GraphRetriever(CodeGraph.build({p: analyze(p, t) for p, t in {**FILES, "a.ts": SOURCE}.items()}))
    callers = {n: sorted((h.path, h.start_line) for h in graph.callers_hits(n, 10))
               for n in ("t.ts::run", "t.ts::stop", "e.ts::parse", "a.ts::tbl.m", "a.ts::sat.n")}
    assert callers == {"t.ts::run": [("t.ts", 5)], "t.ts::stop": [("t.ts", 5)], "e.ts::parse": [("u.ts", 2)],
                       "a.ts::tbl.m": [("a.ts", 4)], "a.ts::sat.n": [("a.ts", 4)]}
