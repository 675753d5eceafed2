"""Impact: a file that depends on a name at its module level is shown at the line that uses it as
its edge says (a call, where it calls; an import, where it imports)."""

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
    assert found == {"src/utils.ts": (2, 2), "src/use.ts": (3, 3)}  # its edge is the call, not the import above it


def test_a_file_that_calls_is_shown_at_its_first_call_not_its_import() -> None:
    """ky's test/hooks.ts, whose tests call isHTTPError, had been "lines 3, edge call", and line 3
    is its import; a file that only imports the name is still shown at the import."""
    files = {
        "lib.py": "def check(x):\n    return x\n",
        "test_lib.py": "from lib import (\n    check,\n)\n\nassert check(1)\nassert check(2)\n",
        "only_imports.py": "from lib import check\n\n__all__ = ['check']\n",
    }
    graph = CodeGraph.build({path: analyze(path, text) for path, text in files.items()})
    found = {d.path: (d.edge, d.start_line) for d in impact(graph, "check").dependents if d.kind == "file"}
    assert found == {"test_lib.py": ("call", 5), "only_imports.py": ("import", 1)}
