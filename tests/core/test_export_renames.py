"""``export { Pattern as P }``: the new name is bound in the file, and importers reach what it names."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever
from maguyva_tui.core.types import Import

FILES = {
    "src/patterns.ts": "export function when(p: unknown) { return p }\nexport function not(p: unknown) { return p }\n",
    "src/index.ts": """\
        import * as Pattern from './patterns';
        export { Pattern, Pattern as P };
        """,
    "tests/when.test.ts": """\
        import { P } from '../src';
        function check() { return P.when(1) }
        """,
}


def test_an_export_that_renames_binds_the_new_name_in_the_file() -> None:
    assert analyze("src/index.ts", dedent(FILES["src/index.ts"])).imports == (
        Import("src/index.ts", "Pattern", "./patterns", None, 1),
        Import("src/index.ts", "P", "", "Pattern", 2),  # `Pattern` alone renames nothing: no row
    )


def test_a_call_through_a_renamed_namespace_export_reaches_its_function() -> None:
    """ts-pattern's ``P.when(...)``: ``P`` had been no name of src/index.ts, and its tests' calls
    were tied to nothing ("who calls when": 35 sites and 54 calls untied; now 86 and 3)."""
    graph = CodeGraph.build({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    hits = GraphRetriever(graph).callers_hits("when", 10)
    assert [(h.path, h.start_line, h.symbol) for h in hits] == [("tests/when.test.ts", 2, "check")]
