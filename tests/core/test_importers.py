"""Who imports a module, which files include a header: the import lines the graph resolves to the
file, one per importing line ("who imports pkg.mod" had said "no symbol named pkg.mod" and shown
related code; "which files include config.h" had listed code without its #include lines)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import asks_importers, classify
from maguyva_tui.core.types import QueryError
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import references_answer
from tests.core.small_repo import indexed

FILES = {
    "config.h": "#ifndef CONFIG_H\n#define CONFIG_H\nint config_value(void);\n#endif\n",
    "config.c": '#include "config.h"\nint config_value(void) { return 1; }\n',
    "main.c": '#include <stdio.h>\n#include "config.h"\nint main(void) { return config_value(); }\n',
    "other.c": "int other(void) { return 2; }\n",
    "third/config.h": "#define VENDORED 1\n",
    "third/v.c": '#include "config.h"\nint v(void) { return VENDORED; }\n',
    "pkg/__init__.py": "",
    "pkg/mod.py": "def f():\n    return 1\n\nclass Thing:\n    pass\n",
    "pkg/use.py": "from pkg.mod import f\nfrom pkg import mod\nimport pkg.mod\n\n\ndef run():\n    return f() + mod.f()\n",
    "pkg/star.py": "from .mod import *\n",
    "pkg/other.py": "# pkg.mod is mentioned here, never imported\nx = 1\n",
    "web/utils.js": "exports.helper = function () { return 1; };\n",
    "web/app.js": "const utils = require('./utils');\nmodule.exports = utils.helper;\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def lines(engine: Engine, question: str) -> tuple[list[tuple[str, int]], dict[str, object]]:
    answer = engine.search(question).to_json()
    return [(r["path"], r["start_line"]) for r in answer["results"]], answer


@pytest.mark.parametrize(("question", "module"), [
    ("who imports pkg.mod", "pkg.mod"),
    ("which files include config.h", "config.h"),
    ("who includes \"config.h\"?", "config.h"),
    ("importers of <lib/x.h>", "lib/x.h"),
    ("what uses module pkg.mod", "pkg.mod"),
    ("where is ./utils required", "./utils"),
    ("who uses config.h", "config.h"),
    ("who calls parse", None),
    ("who uses Config.load", None),
    ("who imports module", None),
])
def test_the_question_names_the_module_as_written(question: str, module: str | None) -> None:
    assert asks_importers(question) == module


def test_the_references_rules_read_the_questions_as_before() -> None:
    assert classify("which files include config.h").name == "find_references"
    assert classify("what includes Enumerable").name == "find_references"


def test_a_python_module_lists_every_line_importing_it_or_its_names(engine: Engine) -> None:
    found, answer = lines(engine, "who imports pkg.mod")
    assert found == [("pkg/star.py", 1), ("pkg/use.py", 1), ("pkg/use.py", 2), ("pkg/use.py", 3)]
    assert answer["rule"] == "importers" and answer["lookup_failed"] is None
    assert {r["modalities"]["graph"]["reason"] for r in answer["results"]} == {"imports pkg.mod"}
    assert lines(engine, "who imports pkg/mod.py")[0] == found
    assert lines(engine, "importers of mod.py")[0] == found


def test_a_header_lists_its_include_lines_and_an_ambiguous_name_says_so(engine: Engine) -> None:
    found, answer = lines(engine, "which files include config.h")
    assert found == [("config.c", 1), ("main.c", 2), ("third/v.c", 1)]
    reasons = [r["modalities"]["graph"]["reason"] for r in answer["results"]]
    assert reasons == ["includes config.h", "includes config.h", "includes third/config.h"]
    assert any("names 2 files (config.h, third/config.h)" in n for n in answer["notices"])
    assert lines(engine, "who includes third/config.h")[0] == [("third/v.c", 1)]


def test_a_relative_javascript_module_lists_its_require_lines(engine: Engine) -> None:
    assert lines(engine, "who requires ./utils")[0] == [("web/app.js", 1)]


def test_a_module_no_file_imports_says_so(engine: Engine) -> None:
    _, answer = lines(engine, "who imports pkg.other")
    assert any("no line of the repository imports pkg.other" in n for n in answer["notices"])


def test_a_name_that_is_no_module_is_asked_about_as_before(engine: Engine) -> None:
    _, answer = lines(engine, "who imports Thing")
    assert answer["rule"] != "importers"


def test_graph_importers_and_mcp_references_answer_a_module(engine: Engine) -> None:
    result = graph_answer(engine, "importers", "config.h", None, 10)
    assert [(r["path"], r["start_line"]) for r in result["results"]] == [("config.c", 1), ("main.c", 2), ("third/v.c", 1)]
    assert "names 2 files" in result["notes"][0]
    mcp = references_answer(engine, "pkg.mod", None, 10)
    assert mcp["module"] is True and mcp["total"] == 4
    assert [r["text"] for r in mcp["references"]][0] == "from .mod import *"


SYMBOL_FILES = {
    "shop/__init__.py": "",
    "shop/cart.py": "class Cart:\n    pass\n\n\ndef total(cart):\n    return 0\n",
    "shop/api.py": "from shop.cart import Cart, total\n\n\ndef new_cart():\n    return Cart()\n",
    "shop/views.py": "def page():\n    from shop.cart import Cart\n    return Cart()\n",
    "shop/none.py": "def lonely():\n    return 1\n",
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, SYMBOL_FILES)


def test_who_imports_a_class_lists_the_lines_importing_it(shop: Engine) -> None:
    """"who imports Cart" had listed Cart's constructions, as "who calls Cart" does."""
    found, answer = lines(shop, "who imports Cart")
    assert found == [("shop/api.py", 1), ("shop/views.py", 2)]
    assert answer["rule"] == "importers" and answer["lookup_failed"] is None
    assert {r["modalities"]["graph"]["reason"] for r in answer["results"]} == {"imports Cart (shop/cart.py)"}
    assert any("`who calls Cart` lists its call sites" in n for n in answer["notices"])
    assert lines(shop, "who calls Cart")[1]["rule"] != "importers"


def test_a_definition_no_line_imports_is_asked_about_as_before(shop: Engine) -> None:
    assert lines(shop, "who imports lonely")[1]["rule"] != "importers"


def test_graph_importers_of_a_class_lists_the_lines_importing_it(shop: Engine) -> None:
    """`maguyva graph importers Cart` had failed ("no module or file named 'Cart'", exit 2) where
    the search's "who imports Cart" lists the two lines; a name nothing defines still fails."""
    result = graph_answer(shop, "importers", "Cart", None, 10)
    assert [(r["path"], r["start_line"]) for r in result["results"]] == [("shop/api.py", 1), ("shop/views.py", 2)]
    assert result["definitions"] == ["shop/cart.py::Cart"]
    assert {r["modalities"]["graph"]["reason"] for r in result["results"]} == {"imports Cart (shop/cart.py)"}
    assert "`maguyva graph callers Cart` lists its call sites" in result["notes"][0]
    assert len(graph_answer(shop, "importers", "Cart", None, 1)["results"]) == 1
    lonely = graph_answer(shop, "importers", "lonely", None, 10)
    assert lonely["results"] == [] and "no line imports lonely by name" in lonely["notes"][0]
    with pytest.raises(QueryError, match="no module, file or symbol named 'nothing_here'"):
        graph_answer(shop, "importers", "nothing_here", None, 10)
