"""A file's references stored as columns read back exactly as the rows they were made from."""

from __future__ import annotations

import pickle

from maguyva_tui.core.store.facts import RefColumns, decode, encode
from maguyva_tui.core.types import FileFacts, Reference

ROWS = [
    ("call", "os.path.join", 3, None),
    ("call", "Parser.parse", 14, "Loader.load"),
    ("local", "x:Parser", 12, "Loader.load"),
    ("inherit", "Base", 9, "Loader"),
    ("call", "données.lire", 20, None),
    ("ref", "", 21, "Loader.load"),
]


def test_columns_read_back_every_row_after_pickling() -> None:
    columns = pickle.loads(pickle.dumps(RefColumns.of(ROWS), protocol=pickle.HIGHEST_PROTOCOL))
    assert list(columns) == ROWS
    assert len(columns) == len(ROWS)
    assert columns[1] == ROWS[1]
    assert columns[-1] == ROWS[-1]
    assert columns == tuple(ROWS)


def test_a_name_holding_the_separator_survives() -> None:
    rows = [("call", "a\x00b", 1, None), ("call", "c", 2, "f")]
    assert list(pickle.loads(pickle.dumps(RefColumns.of(rows)))) == rows


def test_no_references() -> None:
    columns = pickle.loads(pickle.dumps(RefColumns.of([])))
    assert len(columns) == 0
    assert list(columns) == []


def test_encoded_facts_decode_to_the_same_references() -> None:
    references = tuple(Reference(kind, name, "m.py", line, scope) for kind, name, line, scope in ROWS)
    facts = FileFacts("m.py", "python", (), (), references, ())
    row = pickle.loads(pickle.dumps(encode(facts)))
    assert decode("m.py", row).references == references
