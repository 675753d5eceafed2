"""A module whose value is an object (``export default { parse, load: read }``, ``module.exports =
{...}``): a default import or a ``require`` of it binds the file, and a member named after another
name is that name. ``api.parse()`` through a default import had reached nothing, and ``u.load()``
only a function named ``load``."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "src/esm.js": "function parse() { return 1 }\nfunction read() { return 2 }\nexport default { parse, load: read }\n",
    "src/cjs.js": "function run() { return 1 }\nfunction stop() { return 2 }\nmodule.exports = { run, halt: stop }\n",
    "src/use.mjs": """import api from './esm.js'
import u from './cjs.js'
const r = require('./cjs.js')
export function main() {
  api.parse()
  api.load()
  u.run()
  u.halt()
  r.halt()
}
""",
}


def test_the_members_of_a_module_exporting_an_object_reach_their_functions() -> None:
    graph = GraphRetriever(CodeGraph.build({path: analyze(path, text) for path, text in FILES.items()}))
    callers = {name: sorted(h.start_line for h in graph.callers_hits(name, 10)) for name in ("parse", "read", "run", "stop")}
    assert callers == {"parse": [5], "read": [6], "run": [7], "stop": [8, 9]}


def test_an_object_export_binds_the_file_and_its_renamed_members() -> None:
    rows = {(i.local, i.module, i.name) for i in analyze("src/esm.js", FILES["src/esm.js"]).imports}
    assert rows == {("module.exports", "", None), ("load", "", "read")}
    rows = {(i.local, i.name) for i in analyze("x.js", "export default { ...rest, 'q': z, f() {} }\n").imports}
    assert rows == {("module.exports", None)}
