"""One pasted line of error output is answered by the lines raising its message, and a line no
code holds, read again as the error it names, says so (tenacity: ``RuntimeError: __call__() called
before outcome was set`` had listed every RuntimeError; ``raise RetryError``, which tenacity raises
through a variable, had listed RetryError's mentions without a word)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify
from tests.trees import write_tree

FILES = {
    "retry.py": (
        "class RetryError(Exception):\n"
        "    pass\n"
        "\n\n"
        "def check(state):\n"
        "    if state is None:\n"
        '        raise RuntimeError("__call__() called before outcome was set")\n'
        "    exc = RetryError(state)\n"
        "    raise exc\n"
        "\n\n"
        "def other():\n"
        '    raise RuntimeError("something else went wrong")\n'
    ),
    "use.js": (
        "function use(ext) {\n"
        "  if (ext.level !== 'block' && ext.level !== 'inline') {\n"
        "    throw new Error(\"extension level must be 'block' or 'inline'\");\n"
        "  }\n"
        "  throw new Error(`renderer '${ext.name}' does not exist`);\n"
        "}\n"
    ),
    "lib.php": "<?php\nfunction get($id) {\n    throw new NotFoundException(\"No entry or class found for '$id'\");\n}\n",
    "request.rb": "def uri(u)\n  raise Error, \"'#{u}' Must be HTTP, HTTPS or Generic\"\nend\n",
    "env.py": "def env(name):\n    raise KeyError(f\"The environment variable '{name}' has not been defined\")\n",
    "patch.py": (
        "class InvalidJsonPatch(Exception):\n"
        "    pass\n"
        "\n\n"
        "def check(op):\n"
        "    if 'op' not in op:\n"
        "        raise InvalidJsonPatch(\"Operation does not contain 'op' member\")\n"
        "    raise InvalidJsonPatch('Operation must be an object')\n"
    ),
    "pointer.py": (
        "def walk(doc, part):\n"
        "    if part not in doc:\n"
        "        raise KeyError(\"member '%s' not found in %s\" % (part, doc))\n"
        "    raise LookupError(\"index '%s' is out of bounds\" % (part,))\n"
        "\n\n"
        "def read(data, length):\n"
        "    if len(data) != length:\n"
        "        raise IOError(f\"bytes object of wrong length, expected {length}, found {len(data)}\")\n"
        "    raise ValueError(\"{0} not a mapping, cannot use .keys()\".format(repr(data)))\n"
    ),
    "stream.py": "def read(data, n):\n    raise IOError(f'stream read less than specified amount, expected {n}, found {len(data)}')\n",
    "tests/test_stream.py": (
        "def test_short():\n"
        "    assert str(err) == 'stream read less than specified amount, expected 1, found 0'\n"
    ),
    "path_error.py": (
        "class ConstructError(Exception):\n"
        "    def __init__(self, message='', path=None):\n"
        "        super().__init__(f'Error in path {path}\\n' + message)\n"
        "\n\n"
        "def build(obj, lo, hi, path):\n"
        "    raise ConstructError(f'number {obj} is out of range (min={lo}, max={hi})', path=path)\n"
    ),
    "schema/keywords.py": (
        "def required(validator, props, instance):\n"
        "    for p in props:\n"
        "        yield ValidationError(f\"{p!r} is a required property\")\n"
        "\n\n"
        "def const(validator, const, instance):\n"
        "    # the value was expected to match\n"
        "    yield ValidationError(f\"{const!r} was expected\")\n"
    ),
    "schema/tests/test_keywords.py": "def test_required():\n    assert e.message == \"'email' is a required property\"\n",
    "messages.js": (
        "const messages = {\n"
        "  'string.base': '{{#label}} must be a string',\n"
        "};\n"
        "function template(source) {\n"
        "  assert(typeof source === 'string', 'Template source must be a string');\n"
        "}\n"
    ),
    "skipped.py": (
        "# note: items were skipped when the cache is cold\n"
        "def report(n):\n"
        "    return \"%(count)s items were skipped\" % {\"count\": n}\n"
    ),
    "translations/en.go": "package en\n\nfunc register() {\n\tut.Add(\"required\", \"{0} is a required field\", false)\n}\n",
    "translations/en_test.go": "package en\n\nvar cases = []string{\n\t\"Email is a required field\",\n}\n",
    "csv/Format.java": (
        "class Format {\n"
        "  void check(Object policy) {\n"
        "    throw new IllegalStateException(\"Unexpected Quote value: \" + policy);\n"
        "  }\n"
        "}\n"
    ),
    "validation.js": "function required(missing) {\n  usage.fail(__('Missing required argument: %s', missing));\n}\n",
    "isAlpha.js": "function isAlpha(str, locale) {\n  // Invalid locale handling\n  throw new Error(\"Invalid locale '\".concat(locale, \"'\"));\n}\n",
    "toml/parser.py": (
        "def parse_value(src, pos):\n"
        "    # Invalid value: none of the kinds matched\n"
        "    raise suffixed_err(src, pos, \"Invalid value\")\n"
    ),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = write_tree(tmp_path_factory.mktemp("errors"), FILES)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    yield e
    e.close()


def test_an_error_line_is_answered_by_the_line_raising_its_message(engine: Engine) -> None:
    answer = engine.search("RuntimeError: __call__() called before outcome was set").to_json()
    assert (answer["rule"], answer["target"]) == ("error_message", "__call__() called before outcome was set")
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("retry.py", 7)]
    assert answer["lookup_failed"] is None and answer["notices"] == []


def test_a_message_no_line_holds_lists_its_error_and_says_so(engine: Engine) -> None:
    answer = engine.search("RuntimeError: outcome was set at 3 pm").to_json()
    assert (answer["rule"], answer["target"]) == ("error_token", "RuntimeError")
    assert sorted(r["start_line"] for r in answer["results"]) == [7, 13]
    assert 'no line holds "outcome was set at 3 pm"; showing the lines that hold "RuntimeError"' in answer["notices"]


def test_a_raise_statement_no_line_holds_says_which_name_it_shows(engine: Engine) -> None:
    answer = engine.search("raise RetryError").to_json()
    assert (answer["rule"], answer["target"]) == ("error_token", "RetryError")
    assert 'no line holds "raise RetryError"; showing the lines that hold "RetryError"' in answer["notices"]


def test_neither_the_message_nor_its_error_held_says_both(engine: Engine) -> None:
    answer = engine.search("TypeError: Cannot read properties of undefined (reading 'type')").to_json()
    said = ("no line holds \"Cannot read properties of undefined (reading 'type')\" nor \"TypeError\"; "
            "showing related code, none of which holds either")
    assert answer["lookup_failed"]["message"] == said
    assert said in answer["notices"]


def test_a_pasted_message_some_line_holds_whole_is_that_line_not_its_first_quote(engine: Engine) -> None:
    answer = engine.search("extension level must be 'block' or 'inline'").to_json()  # marked's message
    assert (answer["rule"], answer["target"]) == ("pasted_line", "extension level must be 'block' or 'inline'")
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("use.js", 3)]
    formatted = engine.search("renderer 'inline' does not exist").to_json()  # no line holds it whole: the
    assert (formatted["rule"], formatted["target"]) == ("pasted_line", "' does not exist")  # text after its value
    assert [(r["path"], r["start_line"]) for r in formatted["results"]] == [("use.js", 5)]
    assert engine.search("level 'inline'").to_json()["target"] == "inline"  # a word before a value is no message


@pytest.mark.parametrize("pasted", ["No entry or class found for 'foo'",
                                    "DI\\NotFoundException: No entry or class found for 'foo'",
                                    "HTTParty::Error: 'ftp://x' Must be HTTP, HTTPS or Generic"])
def test_a_message_with_a_value_put_in_at_run_time_is_the_line_raising_it(engine: Engine, pasted: str) -> None:
    """PHP-DI's ``"No entry or class found for '$id'"`` printed with its value: the value had been the
    literal (every line holding ``foo``), and a PHP or Ruby error's name before the message (``DI\\``,
    ``::``) made the line a question about meaning."""
    answer = engine.search(pasted).to_json()
    assert [(r["path"], r["start_line"]) for r in answer["results"]][:1] == (
        [("lib.php", 3)] if "entry" in pasted else [("request.rb", 2)]), answer["target"]


def test_a_long_message_quoting_its_value_is_the_line_raising_it(engine: Engine) -> None:
    """Eight words and a quoted value had read as a sentence about meaning (its quote one of its
    words), where the line raising it holds the text before the value."""
    answer = engine.search("The environment variable 'FOO' has not been defined").to_json()
    assert (answer["intent"], answer["rule"]) == ("exact_match", "pasted_line"), answer["target"]
    assert [(r["path"], r["start_line"]) for r in answer["results"]][:1] == [("env.py", 2)]


def test_a_quote_that_is_the_whole_question_stays_its_string(engine: Engine) -> None:
    answer = engine.search("'inline'").to_json()  # use.js holds 'inline', quotes and all: still the word
    assert (answer["rule"], answer["target"]) == ("quoted_literal", "inline")
    assert sorted(r["start_line"] for r in answer["results"]) == [2, 3]


def test_a_marker_s_message_no_line_holds_is_said_once(engine: Engine) -> None:
    answer = engine.search("panic: runtime error: index out of range").to_json()
    assert answer["lookup_failed"]["message"] == 'no line holds "panic: runtime error: index out of range"; showing related code, none of which holds it'


def test_a_python_exception_named_in_its_module_is_the_line_raising_its_message(engine: Engine) -> None:
    """A traceback's last line names a library's exception in its module, whatever the name ends in
    (jsonpatch's ``jsonpatch.InvalidJsonPatch``, simpleeval's ``simpleeval.NameNotDefined``): it had
    been a question about meaning, or its first quote the literal (every line holding ``op``)."""
    answer = engine.search("jsonpatch.InvalidJsonPatch: Operation does not contain 'op' member").to_json()
    assert (answer["rule"], answer["target"]) == ("error_message", "Operation does not contain 'op' member")
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("patch.py", 7)]


@pytest.mark.parametrize(("pasted", "line"), [
    ("member 'b' not found in {'a': 1}", 3),
    ("jsonpointer.JsonPointerException: member 'b' not found in {'a': 1}", 3),
    ("bytes object of wrong length, expected 3, found 4", 9),
    ("construct.core.StreamError: bytes object of wrong length, expected 3, found 4", 9),
    ("YAML(1) not a mapping, cannot use .keys()", 10),
])
def test_a_message_showing_several_values_or_numbers_is_the_line_raising_it(
        engine: Engine, pasted: str, line: int) -> None:
    """jsonpointer's ``"member '%s' not found in %s" % (part, doc)`` printed with a dict after its
    quote, construct's message with two numbers, strictyaml's with a repr before it: the text
    after the first quote, or the whole sentence, no line held, and the answer had been every line
    holding ``b``, or code related in meaning, or the error's name."""
    answer = engine.search(pasted).to_json()
    assert [(r["path"], r["start_line"]) for r in answer["results"]][:1] == [("pointer.py", line)], answer["target"]
    assert answer["intent"] == "exact_match" and answer["lookup_failed"] is None


def test_an_error_printed_over_lines_is_the_line_raising_its_last_line() -> None:
    """construct's ``IntegerError: Error in path (building)`` with its message on the next line had
    read as a snippet of code (the answer code that looked like it), where the message's last line
    says what went wrong; the lines indented under a message (where in the input) are no part of it."""
    pasted = "construct.core.IntegerError: Error in path (building)\nnumber 99 is out of range (min=0, max=7)"
    intent = classify(pasted)
    assert (intent.rule, intent.target) == (
        "error_message", "Error in path (building)\nnumber 99 is out of range (min=0, max=7)")
    indented = classify('YAMLValidationError: when expecting an integer\nfound text\n  in "<string>", line 1:\n    a: x')
    assert (indented.rule, indented.target) == ("error_message", "when expecting an integer\nfound text")


def test_an_error_printed_over_lines_is_answered_by_its_raise(engine: Engine) -> None:
    pasted = "construct.core.IntegerError: Error in path (building)\nnumber 99 is out of range (min=0, max=7)"
    answer = engine.search(pasted).to_json()
    assert (answer["rule"], answer["target"]) == ("error_message", "} is out of range (min=")  # beside its placeholder
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("path_error.py", 7)]


@pytest.mark.parametrize("pasted", ["stream read less than specified amount, expected 1, found 0",
                                    "construct.core.StreamError: stream read less than specified amount, expected 1, found 0"])
def test_a_message_only_a_test_holds_as_printed_is_the_line_raising_it(engine: Engine, pasted: str) -> None:
    """A test asserting the message, its values and all, had been the whole answer; the f-string
    that prints it holds the text before its values."""
    answer = engine.search(pasted).to_json()
    assert answer["target"] == "stream read less than specified amount, expected {"  # its placeholder beside it
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("stream.py", 2)]


def test_a_value_its_repr_quoted_is_no_part_of_the_line_raising_it(engine: Engine) -> None:
    """jsonschema's ``'email' is a required property`` is ``f"{p!r} is a required property"``: the
    quotes are the value's repr. Only the test asserting it held the text with the quote, and the
    test had been the answer."""
    answer = engine.search("'email' is a required property").to_json()
    assert answer["rule"] == "pasted_line"
    assert [(r["path"], r["start_line"]) for r in answer["results"]][0] == ("schema/keywords.py", 3)


@pytest.mark.parametrize(("pasted", "raised"), [
    ('"value" must be a string', ("messages.js", 2)),  # joi's '{{#label}} must be a string'
    ("1 was expected", ("schema/keywords.py", 8)),  # f"{const!r} was expected", not the comment
    ("3 items were skipped", ("skipped.py", 3)),  # "%(count)s items were skipped"
])
def test_a_message_is_the_format_string_that_prints_it_beside_its_placeholder(
        engine: Engine, pasted: str, raised: tuple[str, int]) -> None:
    """The text beside the value alone is a phrase other lines hold too (``Template source must be a
    string``, a comment); beside its placeholder (``} must be a string``) it is the format string."""
    answer = engine.search(pasted).to_json()
    assert answer["rule"] == "pasted_line"
    assert [(r["path"], r["start_line"]) for r in answer["results"]][0] == raised


@pytest.mark.parametrize(("pasted", "raised"), [
    ("Email is a required field", ("translations/en.go", 4)),  # a field's name, only a test holds it whole
    ("Unexpected Quote value: MINIMAL", ("csv/Format.java", 3)),  # the text before a value concatenated
    ("Missing required argument: r", ("validation.js", 2)),
    ("java.lang.IllegalStateException: Unexpected Quote value: MINIMAL", ("csv/Format.java", 3)),
    ("panic: Email is a required field", ("translations/en.go", 4)),
    ("Invalid locale 'xx-YY'", ("isAlpha.js", 3)),  # two words and the value's quote: "Invalid locale '"
    ("Invalid value (at line 1, column 5)", ("toml/parser.py", 3)),  # where, said after: the literal whole
])
def test_a_message_whose_value_is_a_bare_word_is_the_line_that_prints_it(
        engine: Engine, pasted: str, raised: tuple[str, int]) -> None:
    """No quote or number marks a field's name opening the message or a token after its colon: the
    message had read as a sentence about meaning (or as the test asserting it)."""
    answer = engine.search(pasted).to_json()
    assert answer["rule"] in ("pasted_line", "error_message")
    assert [(r["path"], r["start_line"]) for r in answer["results"]][0] == raised
