"""A member named through an owner the index defines only in another case is that owner's member,
said so: Go's ``Decoder.decode`` is hcl's ``decoder.decode`` (an unexported type, written with a
capital as prose writes it). Before, "who calls Decoder.decode" said no symbol is named so and only
offered ``decoder.decode`` among close names. Several owners spelled alike keep the old answer."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed

FILES = {
    "decoder.go": ("package hcl\n\ntype decoder struct {\n\tname string\n}\n\n"
                   "func Decode(out interface{}) error {\n\td := &decoder{}\n\treturn d.decode(\"root\")\n}\n\n"
                   "func (d *decoder) decode(name string) error {\n\treturn d.decodeStruct(name)\n}\n\n"
                   "func (d *decoder) decodeStruct(name string) error {\n\treturn nil\n}\n"),
    "codec/a.go": ("package codec\n\ntype reader struct{}\n\nfunc (r *reader) close() error {\n\treturn nil\n}\n"),
    "codec/b.go": ("package codec\n\ntype READER struct{}\n\nfunc (r *READER) close() error {\n\treturn nil\n}\n"),
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, FILES)


def test_callers_of_a_member_named_through_its_owner_in_another_case(engine: Engine) -> None:
    answer = engine.search("who calls Decoder.decode")
    assert answer.lookup_failed is None
    assert [(r.path, r.start_line) for r in answer.results] == [("decoder.go", 9)]
    assert ("Decoder.decode read as decoder.decode: the index defines no Decoder, but decoder in another case"
            " (decoder.go:12)") in answer.notices


def test_a_definition_named_through_its_owner_in_another_case(engine: Engine) -> None:
    answer = engine.search("Decoder.decodeStruct")
    assert answer.lookup_failed is None
    assert [(r.path, r.symbol) for r in answer.results][:1] == [("decoder.go", "decoder.decodeStruct")]


def test_owners_spelled_alike_in_several_cases_are_still_only_suggested(engine: Engine) -> None:
    answer = engine.search("who calls Reader.close")
    assert answer.lookup_failed is not None and answer.lookup_failed.kind == "symbol"
    assert not any("read as" in n for n in answer.notices)


def test_an_owner_defined_as_written_is_not_read_in_another_case(engine: Engine) -> None:
    answer = engine.search("who calls READER.decode")
    assert not any("read as" in n for n in answer.notices)
