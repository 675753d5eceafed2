"""A name every line reaches through a ``::`` path is said to be another module's or type's, not an
attribute reached through a receiver (hx, orjson 3.10.7: PyObject, pyo3's type, written
``pyo3_ffi::PyObject`` in every line shown)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.name_roles import name_role
from maguyva_tui.core.types import Ranked


def _role(lines: list[str], language: str = "rust") -> str:
    hits = [Ranked("m", n, n, None, "window", language, 0.1, line, ()) for n, line in enumerate(lines, 1)]
    return name_role("PyObject", hits)


@pytest.mark.parametrize(("lines", "role"), [
    (["fn f(list: *mut pyo3_ffi::PyObject) {", "    let x: *mut pyo3_ffi::PyObject = y;"],
     "a name of another module or type, reached through pyo3_ffi:: on every line"),
    (["    ffi::PyObject", "    crate::ffi::PyObject", "    a::PyObject"],
     "a name of another module or type, reached through ffi::, a:: on every line"),
    (["    ffi::PyObject", "    b::PyObject", "    a::PyObject"],
     "a name of another module or type, reached through ffi::, b::, ... on every line"),
    (["    self.PyObject", "    ffi::PyObject"],
     "an attribute or method of a type defined elsewhere: every line reaches it through a receiver"),
])
def test_a_name_reached_through_paths_is_another_modules(lines: list[str], role: str) -> None:
    assert _role(lines) == role
