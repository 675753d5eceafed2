"""The module key table updated file by file equals the table made anew from every path."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.graph import modules as mod

POOL: dict[str, str | None] = {
    "a/__init__.py": "python", "a/m.py": "python", "a/m.pyi": "python", "a/b/n.py": "python",
    "a/b/__init__.py": "python", "c/x.py": "python", "c/d/y.py": "python", "top.py": "python",
    "src/lib.rs": "rust", "src/a/mod.rs": "rust", "inc/x.h": "c", "x.c": "c", "j/p/K.java": "java",
    "g/h/main.go": "go", "web/i.ts": "typescript", "web/index.js": "javascript", "README.md": None,
}
"""Paths an update may add or remove, with their languages."""


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(sorted(POOL))), st.lists(st.sets(st.sampled_from(sorted(POOL)), max_size=4),
                                                        min_size=1, max_size=5))
def test_an_updated_table_equals_a_table_made_anew(start: set[str], steps: list[set[str]]) -> None:
    present = {p: POOL[p] for p in start}
    tables = mod.TableBuilder(present)
    for toggled in steps:  # each step adds the absent files and removes the present ones among ``toggled``
        before = {p: present[p] for p in toggled if p in present}
        after = {p: POOL[p] for p in toggled if p not in present}
        old = dict(tables.table)
        for p in before:
            del present[p]
        present.update(after)
        keys = tables.update(before, after)
        if keys is None:  # a package came or went: made anew
            assert any(p.endswith("__init__.py") for p in toggled)
            tables = mod.TableBuilder(present)
            continue
        assert tables.table == mod.build_table(present)
        assert keys == {k for k in set(old) | set(tables.table) if old.get(k) != tables.table.get(k)}


def test_a_changed_file_keeps_its_keys_and_changes_none() -> None:
    files = {"a/__init__.py": "python", "a/m.py": "python"}
    tables = mod.TableBuilder(files)
    assert tables.update({"a/m.py": "python"}, {"a/m.py": "python"}) == set()
    assert tables.update({"a/__init__.py": "python"}, {}) is None
