"""A function in a C++ namespace is called by its bare name, not on a receiver: its calls the graph
could not tie are listed and counted as a function's are.

fmt's ``detail::format_error_code`` is called once, ``format_error_code(out, error_code, message)``
in ``fmt::format_system_error`` (found by argument-dependent lookup, which the graph does not do).
Its dotted name (``detail.format_error_code``) had read as a method's, so only calls on a receiver
were looked for: "who calls format_error_code" blended unrelated code and named no call."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.other_calls import untied_callers
from maguyva_tui.core.parsing.analyze import analyze

SOURCE = (
    "namespace fmt {\nnamespace detail {\nstruct buffer { int size; };\n\n"
    "void format_error_code(buffer& out, int code) {\n  out.size = code;\n}\n}  // namespace detail\n\n"
    "void format_system_error(detail::buffer& out, int code) {\n  format_error_code(out, code);\n}\n"
    "}  // namespace fmt\n"
)
CLASS = "struct Writer {\n  void flush() {}\n};\n\nvoid flush_all(Writer* w) {\n  flush();\n  w->flush();\n}\n"


def _generation(files: dict[str, str]) -> SimpleNamespace:
    graph = build_graph({path: analyze(path, text) for path, text in files.items()})
    return SimpleNamespace(missing=(), snapshot=SimpleNamespace(graph=graph), chunk_at=lambda path, line: None)


def test_a_namespace_function_s_bare_call_is_listed() -> None:
    found = untied_callers(_generation({"format.cc": SOURCE}), "format_error_code", 10)  # type: ignore[arg-type]
    assert found is not None
    hits, said = found
    assert [(h.path, h.start_line) for h in hits] == [("format.cc", 11)]
    assert said[0].startswith("the graph tied no call to format_error_code; listing the call that names it, which")


def test_a_method_s_bare_call_of_its_name_is_still_no_call_of_it() -> None:
    found = untied_callers(_generation({"writer.cc": CLASS}), "Writer::flush", 10)  # type: ignore[arg-type]
    assert found is None or [(h.path, h.start_line) for h in found[0]] == [("writer.cc", 7)]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("fmt")
    (root / "format.cc").write_text(SOURCE)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh(semantic=False)
    yield e
    e.close()


@pytest.mark.slow  # an index build (0.9 s under load)
def test_who_calls_the_namespace_function_lists_its_call(engine: Engine) -> None:
    result = engine.search("who calls format_error_code", limit=10)
    assert [(r.path, r.start_line, r.symbol) for r in result.results] == [("format.cc", 11, "fmt.format_system_error")]
