"""A member named through a variable the index defines nothing by (koa's ``ctx.throw``: ``ctx`` is a
parameter in every file) is the method of that name, said so; before, "no symbol named ctx.throw"
and related code. A receiver the index defines, a class-like name, or a top-level function of the
member's name keep the old answer."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.name_roles import UNKNOWN_ROLE, name_role
from maguyva_tui.core.types import Ranked
from tests.core.small_repo import indexed

FILES = {
    "lib/context.js": ("const proto = module.exports = {\n  throw(...args) {\n    throw new Error(args.join(' '));\n"
                       "  },\n  onerror(err) {\n    return err;\n  },\n};\n"),
    "lib/app.js": ("class App {\n  handle(ctx) {\n    ctx.onerror(new Error('x'));\n  }\n  onerror(err) {\n"
                   "    return err;\n  }\n}\nfunction array(x) {\n  return [x];\n}\nconst config = {};\n"
                   "module.exports = { App, array, config };\n"),
    "buffers.py": ("import numpy as np\n\n\nclass Buffer:\n    def array(self):\n        return np.array([1])\n"),
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


@pytest.mark.parametrize("text", ["np.array", "config.throw", "Foo.throw", "ctx.missing"])  # np: an import, not Buffer's
def test_a_top_level_function_a_known_receiver_a_class_name_or_no_method_stay_unknown(engine: Engine,
                                                                                     text: str) -> None:
    answer = engine.search(text)
    assert answer.lookup_failed is not None and answer.lookup_failed.kind == "symbol"
    assert not any("read as" in n for n in answer.notices)


USED = {
    "cli.py": ("import click\n\n\ndef main():\n    click.echo('hello')\n    click.echo('bye')\n    return 0\n\n\n"
               "def other():\n    return click.style('x')\n"),
    "errs.go": 'package errs\n\nimport "errors"\n\nvar ErrMissing = errors.New("missing")\n',
    "rev.py": ("from weakref import ref as weak_ref\n\n\ndef make(cls):\n    backing_reversible = all(cls)\n"
               "    return weak_ref(cls) if backing_reversible else None\n"),
    "parse.go": ('package parse\n\nfunc objectType() string {\n\tpos := 1 // advanced via parseObjectList\n'
                 '\treturn "see parseItemList"\n}\n'),
}


@pytest.fixture(scope="module")
def used(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, USED)


@pytest.mark.parametrize(("text", "lines"), [("click.echo", [("cli.py", 5), ("cli.py", 6)]),
                                             ("errors.New", [("errs.go", 5)])])
def test_an_identifier_used_but_defined_elsewhere_lists_the_lines_that_name_it(used: Engine, text: str,
                                                                              lines: list[tuple[str, int]]) -> None:
    # typer's "click.echo", gin's "errors.New": before, "no symbol named ..." and code related in meaning
    answer = used.search(text)
    assert (answer.intent, answer.rule) == ("exact_match", "used_not_defined")
    assert [(r.path, r.start_line) for r in answer.results] == lines
    assert answer.lookup_failed is not None and answer.lookup_failed.kind == "symbol"  # still no definition here
    assert answer.lookup_failed.message.startswith(f"no symbol named {text} is defined here")
    assert answer.lookup_failed.message in answer.notices


def test_a_line_of_code_no_line_holds_lists_the_lines_of_the_name_it_writes(used: Engine) -> None:
    """tty-prompt's ``choices.map(&:name)``, which no line holds: it had listed 42 results of related
    code under "no symbol is named choices.map is defined here (...); showing the lines that name
    it", none of which named it, where 4 lines hold ``choices.map``."""
    answer = used.search("click.echo(&:name)")
    assert [(r.path, r.start_line) for r in answer.results] == [("cli.py", 5), ("cli.py", 6)]
    assert answer.lookup_failed is not None and answer.lookup_failed.message == (
        'no line holds "click.echo(&:name)", and no symbol named click.echo is defined here (an attribute, an '
        "import, a builtin or another package's name); showing the lines that name it")
    assert answer.lookup_failed.message in answer.notices


@pytest.mark.parametrize("text", ["where is click.echo defined", "def click.echo", "where is the click.echo function defined"])
def test_a_definition_question_about_a_name_used_but_defined_elsewhere_lists_its_lines(used: Engine, text: str) -> None:
    # textwrap's "where is CopyWebpackPlugin defined" (a require()'d const): before, a CI workflow as related code
    answer = used.search(text)
    assert (answer.intent, answer.rule, answer.target) == ("exact_match", "used_not_defined", "click.echo")
    assert [(r.path, r.start_line) for r in answer.results] == [("cli.py", 5), ("cli.py", 6)]
    assert answer.lookup_failed is not None and answer.lookup_failed.message.startswith("no symbol named click.echo is")


def test_a_definition_question_about_a_plain_word_stays_a_question_about_meaning(used: Engine) -> None:
    answer = used.search("where is hello defined")  # a word of a string, not a name shaped as code
    assert answer.rule == "definition_phrase" and answer.intent == "find_definition"


def test_a_name_no_line_spells_stays_related_code_with_its_close_names(used: Engine) -> None:
    answer = used.search("click.ech0")
    assert answer.rule != "used_not_defined" and answer.intent == "find_definition"
    assert answer.lookup_failed is not None and "showing related code" in answer.lookup_failed.message


def test_a_prefix_typed_so_far_is_not_a_name_used_here(used: Engine) -> None:
    # typer's "get_comm": its lines hold get_command, so "no symbol ... defined here" would be wrong
    answer = used.search("click.ech")
    assert answer.rule != "used_not_defined"
    assert answer.lookup_failed is not None and "showing related code" in answer.lookup_failed.message


@pytest.mark.parametrize(("text", "role"), [
    ("backing_reversible", "a local variable or parameter, bound at rev.py:5"),
    ("weak_ref", "an import, at rev.py:1"),
    ("click.echo", "an attribute, an import, a builtin or another package's name"),  # the lines do not say
    ("parseObjectList", "named only in a comment, at parse.go:4"),  # hcl's: had been the guess above
    ("parseItemList", "named only in a string, at parse.go:5"),
])
def test_a_name_used_but_not_defined_is_said_to_be_what_its_lines_show(used: Engine, text: str, role: str) -> None:
    # bidict's "backing_reversible" (a local, its assignment among the lines shown) had been "an attribute,
    # an import, a builtin or another package's name"
    answer = used.search(text)
    assert answer.rule == "used_not_defined" and answer.lookup_failed is not None
    assert answer.lookup_failed.message.startswith(f"no symbol named {text} is defined here ({role}); showing the lines")
    assert answer.lookup_failed.message in answer.notices


@pytest.mark.parametrize(("lines", "role"), [
    (["    call(on_dup=ON_DUP)"], UNKNOWN_ROLE),  # a keyword argument binds nothing here
    (["    if x == on_dup:"], UNKNOWN_ROLE),
    (["    def put(self, key, on_dup=None):"], "a local variable or parameter, bound at m.py:1"),
    (["    for on_dup in dups:"], "a local variable or parameter, bound at m.py:1"),
    (["    self.on_dup.x()", "    return b.on_dup"],
     "an attribute or method of a type defined elsewhere: every line reaches it through a receiver"),
])
def test_the_role_of_a_name_is_read_from_the_lines_that_spell_it(lines: list[str], role: str) -> None:
    hits = [Ranked("m.py", n, n, None, "window", "python", 0.1, line, ()) for n, line in enumerate(lines, 1)]
    assert name_role("on_dup", hits) == role


@pytest.mark.parametrize(("language", "source", "role"), [
    ("go", "x := 1 // parse\n", "named only in a comment, at m.py:1"),
    ("go", "/* a block\n   parse it */\nx := 1\n", "named only in a comment, at m.py:2"),
    ("go", "x := parse() // parse\n", UNKNOWN_ROLE),  # one spelling is code
    ("javascript", "const s = `${parse()}`;\n", UNKNOWN_ROLE),  # a template's substitution is code
    ("python", 'print("parse", f"{parse}")\n', UNKNOWN_ROLE),
    ("python", '"""parse the rest."""\nx = "to parse"  # parse\n', "named only in comments and strings, at m.py:1"),
    ("nosuchlanguage", "# parse\n", UNKNOWN_ROLE),  # no grammar: no claim
])
def test_a_name_only_in_comments_or_strings_is_said_so_from_the_files_parse(language: str, source: str,
                                                                             role: str) -> None:
    lines = source.rstrip("\n").split("\n")
    hits = [Ranked("m.py", 1, len(lines), None, "window", language, 0.1, "\n".join(lines), ())]
    assert name_role("parse", hits, {"m.py": source.encode()}.__getitem__) == role
