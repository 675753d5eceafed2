"""A C ``#define`` with no value is a definition, as ctags has it, unless it is a header's include
guard (found on simplejson 3.19.3 and libmaxminddb 1.7.1)."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse


def _macros(source: bytes, path: str = "a.c") -> list[tuple[str, str, int]]:
    _, symbols = extract_definitions(parse("c", source), source, "c", path)
    return [(s.kind, s.qualname, s.start_line) for s in symbols]


def test_a_valueless_define_in_a_branch_is_defined() -> None:
    # simplejson's _speedups.c: under Python 3 `#define PY2_UNUSED` is the definition in force;
    # "where is PY2_UNUSED defined" listed only the Python 2 branch's `#define PY2_UNUSED UNUSED`
    source = b"""#if PY_MAJOR_VERSION >= 3
#define PY2_UNUSED
#define PY3_UNUSED UNUSED
#else
#define PY2_UNUSED UNUSED
#define PY3_UNUSED
#endif
"""
    assert _macros(source) == [
        ("constant", "PY2_UNUSED", 2), ("constant", "PY3_UNUSED", 3),
        ("constant", "PY2_UNUSED", 5), ("constant", "PY3_UNUSED", 6),
    ]


def test_a_define_if_not_defined_is_defined_and_an_include_guard_is_not() -> None:
    # libmaxminddb's `#ifndef UNICODE / #define UNICODE / #endif`: "where is UNICODE defined" said
    # "no symbol named UNICODE" and showed code without the word
    source = b"""#ifndef MAXMINDDB_H
#define MAXMINDDB_H
#ifdef _WIN32
#ifndef UNICODE
#define UNICODE
#endif
#endif
#define restrict
int mmdb_open(void);
#endif /* MAXMINDDB_H */
"""
    assert _macros(source, "maxminddb.h") == [("constant", "UNICODE", 5), ("constant", "restrict", 8)]


def test_a_guard_holding_only_declarations_is_still_a_guard() -> None:
    source = b"#ifndef A_H\n#define A_H\n\nint f(void);\n\n#endif\n"
    assert _macros(source, "a.h") == []
