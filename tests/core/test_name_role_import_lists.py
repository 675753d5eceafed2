"""A name on a line of names alone inside an import over several lines is an import (hx, orjson
3.10.7: datetime.rs imports DateTimeBuffer on the line after its ``use ...::{``; with the module
defining it deleted while the explorer was open, the banner said it was "a local variable or
parameter, bound at" a signature that had it as a type)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.name_roles import name_role
from maguyva_tui.core.types import Ranked


@pytest.mark.parametrize(("language", "source", "line"), [
    ("rust", "use crate::serialize::per_type::datetimelike::{\n    Other, Thing, Offset,\n};\nfn f() {}\n", 2),
    ("python", "from typing import (\n    Any,\n    Thing,\n)\n", 3),
    ("typescript", "import {\n  a,\n  Thing as T,\n} from './x';\n", 3),
    ("rust", "fn f() {\n    let v = [\n        Thing,\n    ];\n}\n", None),  # a list of values: no import
])
def test_a_name_listed_on_its_own_line_of_an_import_is_an_import(language: str, source: str,
                                                                 line: int | None) -> None:
    lines = source.rstrip("\n").split("\n")
    hits = [Ranked("m", 1, len(lines), None, "window", language, 0.1, "\n".join(lines), ())]
    role = name_role("Thing", hits, {"m": source.encode()}.__getitem__)
    assert role == (f"an import, at m:{line}" if line else "an attribute, an import, a builtin or another package's name")
