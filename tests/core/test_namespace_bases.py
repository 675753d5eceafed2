"""A base class named as the class's namespace sees it: ``class Circle : public Shape`` inside
``namespace geometry`` extends ``geometry::Shape``. Before, the base was looked up outside every
namespace, so it stayed unresolved: "subclasses of Shape" found none, and ``Circle.area`` (a
member it inherits) was no symbol."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    engine = indexed(tmp_path_factory, {
        "shapes.cpp": (
            "namespace geometry {\n\nclass Shape {\npublic:\n    int area() const { return 1; }\n};\n\n"
            "class Circle : public Shape {\npublic:\n    int radius() const { return 2; }\n};\n\n"
            "}  // namespace geometry\n"
        ),
        "format.h": "#define FMT_BEGIN_NAMESPACE namespace fmt {\nFMT_BEGIN_NAMESPACE\n\n"
                    "int format_to(int out) { return out; }\n\nclass buffer {\n public:\n  void push_back(int v) {}\n};\n",
        "app.py": "def join(a, b):\n    return a + b\n",
    })
    yield engine
    engine.close()


def test_a_base_in_the_same_namespace_is_found(engine: Engine) -> None:
    assert [r.symbol for r in engine.search("subclasses of Shape").results] == ["geometry.Circle"]


def test_a_member_inherited_through_it_is_its_bases(engine: Engine) -> None:
    result = engine.search("Circle.area")
    assert result.lookup_failed is None and result.results[0].symbol == "geometry.Shape.area"


@pytest.mark.parametrize(("question", "symbol"), [
    ("Shape::area", "geometry.Shape.area"),    # the namespace the table keeps, left out as written
    ("geometry::Shape", "geometry.Shape"),
    ("fmt::format_to", "format_to"),           # a namespace a macro opens, which the table leaves out
    ("fmt::detail::buffer::push_back", "buffer.push_back"),
])
def test_a_name_written_with_or_without_its_namespaces_finds_its_definition(engine: Engine, question: str,
                                                                              symbol: str) -> None:
    result = engine.search(question)
    assert result.lookup_failed is None and result.results[0].symbol == symbol, question


@pytest.mark.parametrize("question", ["os.path.join", "buffer::nothing_here", "Shape::push_back"])
def test_a_name_is_not_guessed_past_a_module_or_a_class(engine: Engine, question: str) -> None:
    """A dotted name names modules (``os.path.join`` is not the repository's ``join``), and a class
    that lacks the member is no namespace to leave out."""
    result = engine.search(question)
    assert result.lookup_failed is not None and result.lookup_failed.kind == "symbol", question
