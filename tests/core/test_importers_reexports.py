"""Who imports a module tells the lines importing the module itself from those reaching it only
through a package's re-export (``from jsonschema import Draft7Validator``, which
``jsonschema/__init__.py`` imports from ``jsonschema.validators``): both had read "imports
jsonschema.validators" alike."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {
        "pkg/__init__.py": "from pkg.mod import Thing, other\n",
        "pkg/mod.py": "class Thing:\n    pass\n\n\ndef other():\n    return 1\n",
        "through.py": "from pkg import Thing, other\n\nThing()\n",
        "direct.py": "from pkg.mod import Thing\n\nThing()\n",
        "submodule.py": "from pkg import mod, Thing\n\nmod.other()\n",
        "dotted.py": "import pkg.mod\n\npkg.mod.other()\n",
    })


def test_each_line_says_whether_it_imports_the_module_or_goes_through_a_re_export(engine: Engine) -> None:
    found = graph_answer(engine, "importers", "pkg.mod", None, 20)["results"]
    said = {r["path"]: r["modalities"]["graph"]["reason"] for r in found}
    assert said == {"pkg/__init__.py": "imports pkg.mod",
                    "through.py": "imports Thing, other of pkg.mod through pkg, not pkg.mod itself",
                    "direct.py": "imports pkg.mod",
                    "submodule.py": "imports pkg.mod",  # mod itself, Thing beside it
                    "dotted.py": "imports pkg.mod"}


@pytest.fixture(scope="module")
def crate(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {
        "Cargo.toml": '[package]\nname = "bytes2"\nversion = "0.1.0"\n',
        "src/lib.rs": "mod ext;\nmod unicode;\n",
        "src/unicode/mod.rs": "mod grapheme;\nmod space;\n\npub use self::grapheme::Graphemes;\npub use self::space::trim;\n",
        "src/unicode/grapheme.rs": "pub struct Graphemes;\n",
        "src/unicode/space.rs": "pub fn trim() {}\n",
        "src/ext.rs": "use crate::unicode::{trim, Graphemes};\n\npub fn f(g: Graphemes) {\n    trim();\n}\n",
    })


@pytest.mark.parametrize("written", ["crate::unicode::grapheme", "unicode::grapheme", "bytes2::unicode::grapheme"])
def test_a_rust_module_path_is_read_as_its_file_and_its_re_export_said(crate: Engine, written: str) -> None:
    """bstr's ``crate::unicode::grapheme`` had been "no module, file or symbol named"; its line
    importing ``Graphemes`` through ``crate::unicode`` names that alone, not ``trim`` beside it."""
    found = graph_answer(crate, "importers", written, None, 20)["results"]
    said = {r["path"]: r["modalities"]["graph"]["reason"] for r in found}
    assert said["src/ext.rs"] == f"imports Graphemes of {written} through crate::unicode, not {written} itself"
