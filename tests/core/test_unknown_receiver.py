"""A member named through a variable the index defines nothing by (koa's ``ctx.throw``: ``ctx`` is a
parameter in every file) is the method of that name, said so; before, "no symbol named ctx.throw"
and related code. A receiver the index defines, a class-like name, or a top-level function of the
member's name keep the old answer."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "lib/context.js": ("const proto = module.exports = {\n  throw(...args) {\n    throw new Error(args.join(' '));\n"
                       "  },\n  onerror(err) {\n    return err;\n  },\n};\n"),
    "lib/app.js": ("class App {\n  handle(ctx) {\n    ctx.onerror(new Error('x'));\n  }\n  onerror(err) {\n"
                   "    return err;\n  }\n}\nfunction array(x) {\n  return [x];\n}\nconst config = {};\n"
                   "module.exports = { App, array, config };\n"),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_a_member_of_an_unknown_variable_is_the_method_of_that_name(engine: Engine) -> None:
    answer = engine.search("ctx.throw")
    assert [(r.path, r.start_line, r.symbol) for r in answer.results] == [("lib/context.js", 2, "proto.throw")]
    assert answer.lookup_failed is None
    assert "ctx.throw read as throw: the index defines no ctx; proto.throw (lib/context.js:2)" in answer.notices


def test_several_methods_of_the_name_are_all_listed_and_counted(engine: Engine) -> None:
    answer = engine.search("ctx.onerror")
    assert {(r.path, r.symbol) for r in answer.results} == {("lib/context.js", "proto.onerror"),
                                                              ("lib/app.js", "App.onerror")}
    assert any("2 methods are named onerror" in n for n in answer.notices)


@pytest.mark.parametrize("text", ["np.array", "config.throw", "Foo.throw", "ctx.missing"])
def test_a_top_level_function_a_known_receiver_a_class_name_or_no_method_stay_unknown(engine: Engine,
                                                                                     text: str) -> None:
    answer = engine.search(text)
    assert answer.lookup_failed is not None and answer.lookup_failed.kind == "symbol"
    assert not any("read as" in n for n in answer.notices)
