"""CommonJS: ``const Client = require('./client')`` binds what ``module.exports = Client`` exports."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "lib/client.js": """\
        class Client {
          query() { return 1 }
        }
        module.exports = Client;
        """,
    "lib/dialects/pg.js": """\
        const Client = require('../client');
        class Client_PG extends Client {
          run() { return this.query() }
        }
        function make() { return new Client() }
        module.exports = exports = Client_PG;
        """,
    "lib/dialects/pgnative.js": "const Client_PG = require('./pg');\nclass Client_PgNative extends Client_PG {}\n",
    "lib/util.js": "module.exports = { helper() { return 1 } };\n",
    "lib/use.js": "const util = require('./util');\nfunction go() { return util.helper() }\n",
    "types/repo.ts": "class Repo { find(): number { return 1 } }\nexport = Repo;\n",
    "src/esm.ts": "import Repo from '../types/repo';\nimport C = require('../lib/client');\n"
                  "export class Cached extends Repo {}\nexport class Wrapped extends C {}\n",
}


def graph() -> CodeGraph:
    return CodeGraph.build({path: analyze(path, dedent(text)) for path, text in FILES.items()})


def test_a_required_module_is_the_class_its_module_exports_names() -> None:
    """knex's ``class Client_PG extends Client`` had reached lib/client.js, not its class:
    "subclasses of Client" found none of its dialects."""
    retriever = GraphRetriever(graph())
    assert [(h.path, h.symbol, h.reason) for h in retriever.subtype_hits("Client", 10) or []] == [
        ("lib/dialects/pg.js", "Client_PG", "extends Client"),
        ("src/esm.ts", "Wrapped", "extends Client"),  # import C = require(...)
        ("lib/dialects/pgnative.js", "Client_PgNative", "extends Client (depth 2)"),
    ]
    assert [(h.symbol, h.reason) for h in retriever.callers_hits("Client", 10)] == [("make", "constructs Client")]
    assert [h.symbol for h in retriever.callers_hits("Client.query", 10)] == ["Client_PG.run"]  # through the base


def test_export_equals_is_a_default_import_and_an_object_export_stays_the_module() -> None:
    retriever = GraphRetriever(graph())
    assert [h.symbol for h in retriever.subtype_hits("Repo", 10) or []] == ["Cached"]
    assert [h.symbol for h in retriever.callers_hits("helper", 10)] == ["go"]  # util.helper(): the module's
