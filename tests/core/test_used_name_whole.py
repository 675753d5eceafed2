"""A name no symbol has is "used but not defined" only where some line spells it whole: fastify
5.2.1's ``opts.log`` had been "no symbol named opts.log is defined here ...; showing the lines that
name it" over 14 lines of ``opts.logger``, none of which names it (``rg -w`` finds none)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "lib/logger.js": ("function create(opts) {\n  const prev = opts.logger\n  opts.logger = undefined\n"
                      "  console.log(prev)\n  return prev\n}\nmodule.exports = create\n"),
    "lib/body.js": "function read(ctx) {\n  ctx.body = 1\n  return ctx.bodyParser\n}\nmodule.exports = read\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_a_name_only_longer_names_spell_is_not_said_to_be_used_here(engine: Engine) -> None:
    answer = engine.search("opts.log")
    assert answer.rule != "used_not_defined"
    assert not any("showing the lines that name it" in n for n in answer.notices)


def test_a_name_a_line_spells_whole_is_still_used_not_defined(engine: Engine) -> None:
    answer = engine.search("ctx.body")
    assert answer.rule == "used_not_defined"
    assert ("lib/body.js", 2) in [(r.path, r.start_line) for r in answer.results]
