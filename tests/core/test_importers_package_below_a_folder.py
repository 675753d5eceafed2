"""A package kept below a folder that is no package (PyYAML's ``lib/yaml``, installed through
``package_dir={'': 'lib'}``) is what ``import yaml`` reaches from the tests, where a script of the
same name in another folder (``examples/lexer/yaml.py``) is importable only from its own folder:
``maguyva graph importers yaml`` had listed one importer of PyYAML's 23 (the tests' imports
were ambiguous between the two files, so unresolved)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from maguyva_tui.mcp.answers import references_answer
from tests.core.small_repo import indexed

FILES = {
    "lib/yaml/__init__.py": "from .reader import Reader\n\ndef load(text):\n    return Reader(text)\n",
    "lib/yaml/reader.py": "class Reader:\n    def __init__(self, text):\n        self.text = text\n",
    "lib/_yaml/__init__.py": "import yaml\n",
    "examples/lexer/yaml.py": "def lex(text):\n    return text.split()\n",
    "examples/lexer/run.py": "import yaml\n\nyaml.lex('a b')\n",
    "tests/test_load.py": "import yaml\n\n\ndef test_load():\n    assert yaml.load('a')\n",
    "tests/test_reader.py": "import sys, yaml\nfrom yaml import load\n\n\ndef test_reader():\n    load('a')\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_the_package_below_lib_is_what_the_tests_import(engine: Engine) -> None:
    found = graph_answer(engine, "importers", "yaml", None, 50)["results"]
    reached = {(r["path"], r["start_line"]): r["modalities"]["graph"]["reason"] for r in found}
    assert reached == {
        ("lib/_yaml/__init__.py", 1): "imports lib/yaml/__init__.py",
        ("tests/test_load.py", 1): "imports lib/yaml/__init__.py",
        ("tests/test_reader.py", 1): "imports lib/yaml/__init__.py",
        ("tests/test_reader.py", 2): "imports lib/yaml/__init__.py",
        ("examples/lexer/run.py", 1): "imports examples/lexer/yaml.py",  # the script beside its folder's yaml.py
    }
    mcp = references_answer(engine, "yaml", None, 50)
    assert {r["path"] for r in found} == {r["path"] for r in mcp["references"]}


def test_the_tests_calls_reach_the_package(engine: Engine) -> None:
    callers = {r["path"] for r in graph_answer(engine, "callers", "lib/yaml/__init__.py::load", None, 50)["results"]}
    assert {"tests/test_load.py", "tests/test_reader.py"} <= callers
