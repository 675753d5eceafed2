"""MCP's find_definition of a module, file or folder by name says what it is and which tools answer it.
Found by an outside tester on pyasn1 0.6.1: ``find_definition pyasn1.codec.ber.decoder`` (kind module
too) answered "no definition of 'pyasn1.codec.ber.decoder' in the index ... Closest names: Decoder,
decode", as if nothing had that name, while find_references listed its importing lines and impact its
dependents."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import AnswerError, definition_answer
from tests.trees import indexed

FILES = {
    "pkg/__init__.py": "",
    "pkg/codec/__init__.py": "",
    "pkg/codec/decoder.py": "class Decoder:\n    pass\n",
    "pkg/other/decoder.py": "def decode():\n    return 1\n",
    "pkg/user.py": "from pkg.codec import decoder\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "defmodules", FILES)


def _refused(engine: Engine, name: str, kind: str | None = None) -> str:
    with pytest.raises(AnswerError) as raised:
        definition_answer(engine, name, kind, False, 10)
    return str(raised.value)


@pytest.mark.parametrize("kind", [None, "module"])
def test_a_module_asked_for_its_definition_is_said_to_be_one(engine: Engine, kind: str | None) -> None:
    assert _refused(engine, "pkg.codec.decoder", kind) == (
        f"'pkg.codec.decoder' is no symbol defined in {engine.root} but a module or file: pkg/codec/decoder.py "
        "(find_references lists the lines importing it, impact what depends on it).")


def test_a_name_of_several_files_names_them(engine: Engine) -> None:
    assert "but a module, file or folder of 2 files: pkg/codec/decoder.py, pkg/other/decoder.py (" in _refused(
        engine, "decoder")


def test_a_name_nothing_has_still_offers_close_names(engine: Engine) -> None:
    said = _refused(engine, "Decodr")
    assert said.startswith("no definition of 'Decodr' in the index of") and "Decoder" in said
    assert "a module" not in _refused(engine, "pkg.codec.decoder", "class")  # another kind asked: as before
