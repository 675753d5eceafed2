"""A question typed as a plain import statement ("import yaml", "import pkg.mod as m") asks where
that module is imported: dacite 1.9.2's "import yaml" had been read as the definition of a symbol
``yaml`` and listed test functions fuzzily named like it; "import typing" listed README lines.
The seed's rule 1 still reads it as a definition keyword (the classifier is unchanged); the search
answers it with the import lines, as "who imports yaml" does, a module this repository does not
hold (a library) included."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import asks_importers, classify
from tests.core.small_repo import indexed

FILES = {
    "pkg/__init__.py": "",
    "pkg/mod.py": "def f():\n    return 1\n",
    "pkg/use.py": "import pkg.mod\nimport yaml\n\n\ndef run():\n    return pkg.mod.f() + len(yaml.dump({}))\n",
    "pkg/load.py": "from yaml import safe_load\n\n\ndef load(text):\n    return safe_load(text)\n",
    "pkg/yamlish.py": "def yaml_like():\n    return 'yaml'\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


@pytest.mark.parametrize(("question", "module"), [
    ("import yaml", "yaml"),
    ("import pkg.mod as m", "pkg.mod"),
    ("  import yaml;  ", "yaml"),
    ("import os, sys", None),  # two modules: no one module asked about
    ("from yaml import safe_load", None),  # the name imported: its definition (rule 1)
    ("import numpy as np and pandas", None),
])
def test_an_import_statement_names_its_module(question: str, module: str | None) -> None:
    assert asks_importers(question) == module


def test_the_seed_rule_still_reads_it_as_a_definition_keyword() -> None:
    read = classify("import yaml")
    assert (read.name, read.rule, read.target) == ("find_definition", "definition_keyword", "yaml")


def test_import_of_a_library_lists_the_lines_importing_it(engine: Engine) -> None:
    answer = engine.search("import yaml").to_json()
    found = [(r["path"], r["start_line"]) for r in answer["results"]]
    assert found == [("pkg/load.py", 1), ("pkg/use.py", 2)]
    assert answer["rule"] == "importers"
    assert any("yaml" in n and "import" in n for n in answer["notices"])


def test_import_of_a_module_here_lists_its_importers(engine: Engine) -> None:
    answer = engine.search("import pkg.mod").to_json()
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("pkg/use.py", 1)]


@pytest.mark.parametrize("question", ["import toml", "who imports toml"])
def test_import_of_a_module_no_line_imports_says_so_in_one_line(engine: Engine, question: str) -> None:
    # dacite 1.9.2's "import yaml" (no line imports it) had listed the definitions fuzzily named
    # like it without a word, "who imports yaml" had said "no symbol named yaml"
    answer = engine.search(question).to_json()
    assert answer["notices"][0] == ("no line imports toml (no module or file of this repository is named so, nor is a "
                                    "library imported by that name); showing related code instead")
    assert not any("blending" in n or "no symbol named" in n for n in answer["notices"])
