"""Impact: a file that depends on a name at its module level is shown at the line that uses it."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import impact
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "src/constants.ts": "export const RESET = Symbol('reset')\n",
    "src/storage.ts": """\
        export function createJSONStorage() {
          return {}
        }
        export function atomWithStorage(key: string) {
          return key
        }
        """,
    "src/utils.ts": """\
        export { RESET } from './constants.ts'
        export {
          atomWithStorage,
          createJSONStorage,
        } from './storage.ts'
        """,
    "src/use.ts": """\
        import { createJSONStorage } from './storage.ts'

        const defaultStorage = createJSONStorage()
        """,
}


def test_a_file_dependent_spans_the_line_of_its_first_use_not_line_1() -> None:
    """jotai's barrel re-exports atomWithStorage on lines 2-5: "what breaks if I change
    atomWithStorage" had shown its line 1, ``export { RESET } from ...``, which names it not."""
    graph = CodeGraph.build({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    found = {d.path: (d.start_line, d.end_line) for d in impact(graph, "atomWithStorage").dependents
             if d.kind == "file"}
    assert found == {"src/utils.ts": (2, 2)}
    found = {d.path: (d.start_line, d.end_line) for d in impact(graph, "createJSONStorage").dependents
             if d.kind == "file"}
    assert found == {"src/utils.ts": (2, 2), "src/use.ts": (1, 1)}  # the import comes before the call
