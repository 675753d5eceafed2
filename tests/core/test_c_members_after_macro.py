"""A C or C++ struct's member declared on the line after a macro the grammar cannot know (CPython's
``PyObject_HEAD`` and ``PyObject_VAR_HEAD``, written first in every object's struct) is named as the
code names it: immutables 0.21's ``MapNode_Bitmap`` had defined ``MapNode_Bitmap.uint64_t`` at its
first member's line, and "where is b_mutid defined" found no definition (universal-ctags lists it)."""

from __future__ import annotations

from textwrap import dedent

import pytest

from maguyva_tui.core.parsing.analyze import analyze

STRUCTS = """\
    typedef struct {
        PyObject_VAR_HEAD
        uint64_t b_mutid;
        uint32_t b_bitmap;
    } MapNode_Bitmap;

    typedef struct {
        PyObject_HEAD
        Py_ssize_t first, second;
        PyObject *dict;
    } Pair;

    typedef struct {
        PyObject_HEAD
        Py_ssize_t cells[3];
    } Row;
    """


@pytest.mark.parametrize("path", ["m.c", "m.cpp"])
def test_the_member_after_a_head_macro_is_named_as_written(path: str) -> None:
    symbols = analyze(path, dedent(STRUCTS)).symbols
    members = [(s.qualname, s.start_line) for s in symbols if s.kind == "variable"]
    assert members == [("MapNode_Bitmap.b_mutid", 3), ("MapNode_Bitmap.b_bitmap", 4),
                       ("Pair.first", 9), ("Pair.second", 9), ("Pair.dict", 10), ("Row.cells", 15)]
