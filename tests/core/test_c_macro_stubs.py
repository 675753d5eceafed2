"""A C function's name also defined as a function-like macro (a platform's stub under ``#else``, a
shim around the call): the function with a body is the definition, listed before the macro.

libuv's ``unix/internal.h`` holds ``#define uv__iou_fs_read_or_write(loop, req, is_read) 0`` for
the platforms without io_uring; "where is uv__iou_fs_read_or_write defined" had listed that line
first, above the function in ``unix/linux.c`` (the header sorts first, and the calls the graph
gives the macro make it the more central)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.fusion import kind_class, tie_class
from maguyva_tui.core.retrievers.structural import MACRO_NOTE, StructuralRetriever
from maguyva_tui.core.types import Hit, Query, Symbol

HEADER = (
    "#ifndef INTERNAL_H\n#define INTERNAL_H\n\n"
    "#ifdef __linux__\nint read_or_write(int fd, int is_read);\n"
    "#else\n#define read_or_write(fd, is_read) 0\n#endif\n\n"
    "#define only_a_macro(x) ((x) + 1)\n\n#endif\n"
)
LINUX = (
    '#include "internal.h"\n\n'
    "int read_or_write(int fd, int is_read) {\n  if (is_read)\n    return fd;\n  return -fd;\n}\n"
)
CALLERS = "".join(
    f'#include "internal.h"\n\nint caller_{i}(int fd) {{\n  return read_or_write(fd, {i % 2});\n}}\n'
    for i in range(3)
)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("stubs")
    (root / "src").mkdir()
    (root / "src" / "internal.h").write_text(HEADER)
    (root / "src" / "linux.c").write_text(LINUX)
    (root / "src" / "callers.c").write_text(CALLERS)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh(semantic=False)
    yield e
    e.close()


def _listed(engine: Engine, question: str) -> list[tuple[str, int]]:
    return [(r.path, r.start_line) for r in engine.search(question, limit=10).results]


@pytest.mark.slow  # the three engine-backed tests share one index build (0.9 s under load)
@pytest.mark.parametrize("question", ["read_or_write", "where is read_or_write defined"])
def test_the_function_with_a_body_comes_before_its_macro_stub(engine: Engine, question: str) -> None:
    listed = _listed(engine, question)
    assert listed[:2] == [("src/linux.c", 3), ("src/internal.h", 7)]


@pytest.mark.slow
def test_a_name_defined_only_as_a_macro_is_still_found_first(engine: Engine) -> None:
    assert _listed(engine, "only_a_macro")[0] == ("src/internal.h", 10)


@pytest.mark.slow
def test_the_macro_is_said_so_in_the_engines_reason(engine: Engine) -> None:
    votes = {(r.path, r.start_line): dict(r.votes)["structural"] for r in engine.search("read_or_write", limit=10).results}
    assert votes[("src/internal.h", 7)].reason.endswith(MACRO_NOTE)  # type: ignore[union-attr]
    assert not votes[("src/linux.c", 3)].reason.endswith(MACRO_NOTE)  # type: ignore[union-attr]


def _symbol(path: str, line: int, signature: str, language: str = "c") -> Symbol:
    return Symbol("f", "f", "function", path, line, line, language, signature)


def test_the_engine_lists_the_function_first_within_its_tier() -> None:
    macro = _symbol("a.h", 3, "#define f(x) 0")
    function = _symbol("b.c", 1, "int f(int x) {")
    other = Symbol("f_value", "f_value", "variable", "a.h", 9, 9, "c", "int f_value;")
    hits = StructuralRetriever([macro, function, other]).search(Query("f", target="f"), 10)
    assert [(h.path, h.start_line) for h in hits][:2] == [("b.c", 1), ("a.h", 3)]


def test_a_rust_attribute_is_no_macro() -> None:
    function = _symbol("a.rs", 1, "#[inline]", "rust")
    (hit,) = StructuralRetriever([function]).search(Query("f", target="f"), 10)
    assert not hit.reason.endswith(MACRO_NOTE)


def test_a_macro_ties_after_a_function_and_before_a_module() -> None:
    macro = Hit("a.h", 3, 3, 7.5, "f", "function", "c", "exact name" + MACRO_NOTE)
    function = Hit("b.c", 1, 5, 7.5, "f", "function", "c", "exact name")
    module = Hit("f.c", 1, 9, 7.5, "f", "module", "c", "exact name")
    assert tie_class("structural", function) > tie_class("structural", macro) > tie_class("structural", module)
    assert kind_class("function") > kind_class("function", macro=True) > kind_class("module")
