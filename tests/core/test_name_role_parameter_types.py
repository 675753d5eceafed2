"""A name spelled in a parameter list is a parameter only where it is the parameter's name, not its
type (hx, orjson 3.10.7: "no symbol named PyObject is defined here (a local variable or parameter,
bound at src/deserialize/backend/yyjson.rs:190)", a line reading ``fn populate_yy_array(list: *mut
pyo3_ffi::PyObject, ...)``: PyObject is pyo3's type, imported in 33 files)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.name_roles import name_role
from maguyva_tui.core.types import Ranked

BOUND = "a local variable or parameter, bound at m:1"


def _role(line: str, language: str, name: str = "Thing") -> str:
    return name_role(name, [Ranked("m", 1, 1, None, "window", language, 0.1, line, ())])


@pytest.mark.parametrize(("language", "line"), [
    ("rust", "fn populate_yy_array(list: *mut pyo3_ffi::Thing, elem: *mut yyjson_val) {"),
    ("rust", "    pub fn write_buf(&self, buf: &mut Thing) {"),
    ("rust", "fn f<S>(x: Vec<Thing>) {"),
    ("python", "def f(self, x: Thing = None):"),
    ("python", "def f(self, x: dict[str, Thing]):"),
    ("rust", "fn f(m: HashMap<u8, Thing>) {"),
    ("go", "func (s *Server) f(x int, buf Thing) error {"),
    ("go", "func f(buf *Thing) {"),
    ("php", "function f(Thing $buf) {"),
    ("typescript", "function f(x: Thing, y?: number) {"),
])
def test_a_parameters_type_is_no_parameter(language: str, line: str) -> None:
    assert _role(line, language) != BOUND


@pytest.mark.parametrize(("language", "line"), [
    ("rust", "fn f(mut Thing: u32) {"),
    ("rust", "fn f(&self, a: u8, Thing: &str) -> u8 {"),
    ("python", "    def put(self, key, Thing=None):"),
    ("python", "def f(*Thing, **kw):"),
    ("go", "func f(Thing int) {"),
    ("go", "func f(a, Thing string) {"),
    ("javascript", "function f({ a, Thing }) {"),
    ("typescript", "function f(Thing?: number) {"),
])
def test_a_parameters_name_is_a_parameter(language: str, line: str) -> None:
    assert _role(line, language) == BOUND
