"""The kinds of many paths told together (a literal listed by factor over 100,000 files) are each
path's own: the folders read once per folder give what :func:`is_demoted` and
:func:`is_secondary` give path by path, and the text engine's factors are fusion's."""

from __future__ import annotations

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.fusion import demotion_for, secondary_demotion
from maguyva_tui.core.paths import is_demoted, is_secondary, path_kinds
from maguyva_tui.core.retrievers.text import _factors

PATHS = [
    "a.py", "/a.py", "src/a.py", "src/pkg/mod.py", "vendor/lib.js", "Vendor/x/lib.js", "node_modules/a/index.js",
    "tests/test_a.py", "src/__tests__/a.test.ts", "_examples/main.go", "pkg/_tools/gen.go", "pkg/_tools/gen.py",
    "spec/a_spec.rb", "spec/a.py", "lib/spec/b.rb", "docs/index.md", "DOCS/x.rst", "a.min.js", "dist/a.js",
    "src/.hidden/a.go", "src/.hidden/a.GO", "test_thing.py", "thing_test.go", "x/y/z/conftest.py", "build/out.c",
    "a/b/c", "a/b/", "", ".", "a/.", "src/generated_pb2.py", "src/a_pb2.py", "src/a.pb.go", "examples/ex.rs",
    "third_party/x/y.cc", "src/__init__.py", "benchmarks/b.py", "src/test/java/A.java", "noext", "a.b.c.go",
]


def test_many_paths_kinds_are_each_ones() -> None:
    demoted, secondary = path_kinds(PATHS)
    assert demoted == [is_demoted(p) for p in PATHS]
    assert secondary == [is_secondary(p) for p in PATHS]
    assert any(demoted) and any(secondary) and not all(demoted) and not all(secondary)


@pytest.mark.parametrize("demote", [secondary_demotion, demotion_for, lambda path: 0.3 if "a" in path else 1.0])
def test_the_factors_are_fusions(demote: object, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = [demote(p) for p in PATHS]  # type: ignore[operator]
    assert list(_factors(demote, PATHS)) == expected  # type: ignore[arg-type]
    monkeypatch.setattr(fusion, "DEMOTION", 0.25)  # a benchmark's variant: read afresh
    monkeypatch.setattr(fusion, "SECONDARY_DEMOTION", 0.8)
    fusion._path_kinds.cache_clear()
    assert list(_factors(demote, PATHS)) == [demote(p) for p in PATHS]  # type: ignore[operator]
