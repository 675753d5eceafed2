"""A Python package's name alone (``hpack``, whose folder also holds a module of that name,
``hpack/hpack.py``) shows the package's ``__init__.py``: the module ``import hpack`` loads, the one
"who imports hpack", "what breaks if I change hpack" and MCP's find_definition speak of, whose
lines say where each public name comes from; ``hpack.hpack`` names the inner module. It had shown
``hpack/hpack.py`` (a file named like the word), unlike every other answer about ``hpack``."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "src/codec/__init__.py": "from .codec import Encoder\n\n__version__ = '1.0'\n",
    "src/codec/codec.py": "class Encoder:\n    def encode(self, x):\n        return x\n",
    "src/codec/table.py": "SIZE = 4\n",
    "tests/test_codec.py": "import codec\n\n\ndef test_it():\n    assert codec.Encoder().encode(1) == 1\n",
    "lib/helpers.py": "def helper():\n    return 1\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_a_package_s_name_is_its_init_and_its_dotted_module_the_inner_file(engine: Engine) -> None:
    package = engine.search("codec")
    assert package.rule == "module_name" and [r.path for r in package.results] == ["src/codec/__init__.py"]
    assert ("codec names no symbol; showing the file src/codec/__init__.py, the package's; search codec.py for the "
            "file so named") in package.notices
    inner = engine.search("codec.codec")
    assert [r.path for r in inner.results] == ["src/codec/codec.py"]


def test_a_word_naming_a_file_and_no_package_is_still_that_file(engine: Engine) -> None:
    answer = engine.search("helpers")
    assert answer.rule == "module_name" and [r.path for r in answer.results] == ["lib/helpers.py"]
