"""TypeScript's ES module sources: ``import './util.mjs'`` in a .mts file names util.mts."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "src/util.mts": "export function slugify(s: string) { return s }\n",
    "src/legacy.cts": "export function legacy() { return 1 }\n",
    "src/button.tsx": "export function Button() { return null }\n",
    "src/main.mts": "import { slugify } from './util.mjs';\nimport { legacy } from './legacy.cjs';\n"
                    "import { Button } from './button.jsx';\n"
                    "export function run() { return [slugify('a'), legacy(), Button()] }\n",
}


def test_a_compiled_files_specifier_names_its_typescript_source() -> None:
    """The calls had been tied to nothing: no util.mjs, legacy.cjs or button.jsx is in the repository."""
    graph = CodeGraph.build({path: analyze(path, text) for path, text in FILES.items()})
    retriever = GraphRetriever(graph)
    for name in ("slugify", "legacy", "Button"):
        assert [(h.path, h.start_line, h.symbol) for h in retriever.callers_hits(name, 5)] == [("src/main.mts", 4, "run")]


DECLARED = {
    "lib/node.js": "class Node { toString() { return '' } }\nmodule.exports = Node\n",
    "lib/node.d.ts": "declare class Node { toString(): string }\nexport default Node\n",
    "lib/root.d.ts": "import Node from './node.js'\nexport function walk(n: Node): void\n",
    "lib/rule.d.ts": "import Node from './node'\nexport function each(n: Node): void\n",
    "lib/app.js": "const Node = require('./node.js')\nfunction build() { return new Node() }\n",
}


def test_a_typescript_importer_names_the_declarations_beside_the_compiled_file() -> None:
    """postcss's lib/*.d.ts import './node.js' beside node.d.ts: TypeScript reads node.d.ts, and "who
    imports lib/node.d.ts" had found none of them (the JavaScript file still imports node.js)."""
    from maguyva_tui.core.graph.importers import import_lines

    graph = CodeGraph.build({path: analyze(path, text) for path, text in DECLARED.items()})
    assert [i.path for i in import_lines(graph, ("lib/node.d.ts",))] == ["lib/root.d.ts", "lib/rule.d.ts"]
    assert [i.path for i in import_lines(graph, ("lib/node.js",))] == ["lib/app.js"]
