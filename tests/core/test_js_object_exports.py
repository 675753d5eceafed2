"""A module whose value is an object (``export default { parse, load: read }``, ``module.exports =
{...}``): a default import or a ``require`` of it binds the file, and a member named after another
name is that name. ``api.parse()`` through a default import had reached nothing, and ``u.load()``
only a function named ``load``. A top-level object's members alike: ``const handlers = { run, halt:
stop }`` makes ``handlers.run`` ``run``, in its file and through an import of ``handlers``."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "src/esm.js": "function parse() { return 1 }\nfunction read() { return 2 }\nexport default { parse, load: read }\n",
    "src/cjs.js": "function run() { return 1 }\nfunction stop() { return 2 }\nmodule.exports = { run, halt: stop }\n",
    "src/table.ts": """import { parse } from './esm.js'
function run() { return 1 }
function stop() { return 2 }
export const handlers: Record<string, () => number> = { run, halt: stop, parse, inline: () => 3 }
export function local() { return handlers.halt() }
""",
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
import { handlers } from './table'
export function viaTable() { handlers.run(); handlers.parse(); handlers.inline() }
""",
}


def test_the_members_of_a_module_exporting_an_object_reach_their_functions() -> None:
    graph = GraphRetriever(CodeGraph.build({path: analyze(path, text) for path, text in FILES.items()}))
    callers = {name: sorted(h.start_line for h in graph.callers_hits(name, 10) if h.path == "src/use.mjs")
               for name in ("src/esm.js::parse", "src/esm.js::read", "src/cjs.js::run", "src/cjs.js::stop")}
    assert callers == {"src/esm.js::parse": [5, 12], "src/esm.js::read": [6], "src/cjs.js::run": [7], "src/cjs.js::stop": [8, 9]}


def test_an_object_export_binds_the_file_and_its_renamed_members() -> None:
    rows = {(i.local, i.module, i.name) for i in analyze("src/esm.js", FILES["src/esm.js"]).imports}
    assert rows == {("module.exports", "", None), ("load", "", "read")}
    rows = {(i.local, i.name) for i in analyze("x.js", "export default { ...rest, 'q': z, f() {} }\n").imports}
    assert rows == {("module.exports", None)}


def test_a_top_level_objects_members_reach_the_functions_they_name() -> None:
    graph = GraphRetriever(CodeGraph.build({path: analyze(path, text) for path, text in FILES.items()}))
    callers = {name: sorted((h.path, h.start_line) for h in graph.callers_hits(name, 10))
               for name in ("src/table.ts::run", "src/table.ts::stop", "src/esm.js::parse")}
    assert callers == {"src/table.ts::run": [("src/use.mjs", 12)], "src/table.ts::stop": [("src/table.ts", 5)],
                       "src/esm.js::parse": [("src/use.mjs", 5), ("src/use.mjs", 12)]}
