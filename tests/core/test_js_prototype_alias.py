"""A method a prototype takes from another of its methods (fastify 5.2.1's ``Reply.prototype.status =
Reply.prototype.code``) is a method of that name, defined on that line: ``Reply.status`` had been
"no symbol named Reply.status is defined here", its lines those that spell it inside ``statusCode``."""

from __future__ import annotations

from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.analyze import analyze
from tests.trees import indexed

REPLY = dedent("""\
    function Reply (res) {
      this.raw = res
    }

    Reply.prototype.code = function (code) {
      this.raw.statusCode = code
      return this
    }

    Reply.prototype.status = Reply.prototype.code
    Reply.prototype.other = something.else
    Reply.prototype.send = function send (payload) {
      return payload
    }

    module.exports = Reply
    """)

USE = dedent("""\
    function handler (reply) {
      reply.statusCode = 200
      return reply.status(404)
    }
    module.exports = handler
    """)


def test_a_method_copied_from_another_is_a_method_of_its_own() -> None:
    methods = [(s.qualname, s.start_line, s.end_line) for s in analyze("lib/reply.js", REPLY).symbols
               if s.kind == "method"]
    assert methods == [("Reply.code", 5, 8), ("Reply.status", 10, 10), ("Reply.send", 12, 14)]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "js-prototype-alias", {"lib/reply.js": REPLY, "lib/use.js": USE})


def test_where_is_the_copied_method_defined(engine: Engine) -> None:
    found = engine.search("Reply.status", limit=5)
    assert [(r.path, r.start_line, r.symbol) for r in found.results][:1] == [("lib/reply.js", 10, "Reply.status")]
    assert found.lookup_failed is None
