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
    engine = indexed(tmp_path_factory, {"shapes.cpp": (
        "namespace geometry {\n\nclass Shape {\npublic:\n    int area() const { return 1; }\n};\n\n"
        "class Circle : public Shape {\npublic:\n    int radius() const { return 2; }\n};\n\n}  // namespace geometry\n"
    )})
    yield engine
    engine.close()


def test_a_base_in_the_same_namespace_is_found(engine: Engine) -> None:
    assert [r.symbol for r in engine.search("subclasses of Shape").results] == ["geometry.Circle"]


def test_a_member_inherited_through_it_is_its_bases(engine: Engine) -> None:
    result = engine.search("Circle.area")
    assert result.lookup_failed is None and result.results[0].symbol == "geometry.Shape.area"
