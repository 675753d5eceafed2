"""A call written in a C object-like macro's body is the macro's call, as a function-like macro's
is: libtap's ``#define end_todo tap_end_todo()`` is the only call of ``tap_end_todo`` in
libmaxminddb 1.7.1, and "who calls tap_end_todo" said nothing in the graph calls it."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

TAP_H = """\
void tap_todo(int ignore, const char *fmt, ...);
void tap_end_todo(void);
#define todo(...) tap_todo(0, "" __VA_ARGS__, NULL)
#define end_todo  tap_end_todo()
#define TAP_LIMIT (16)
#define LOCKED \\
    lock_all(); \\
    unlock_all()
"""

TAP_C = """\
#include "tap.h"
void tap_todo(int ignore, const char *fmt, ...) {}
void tap_end_todo(void) {}
void lock_all(void) {}
void unlock_all(void) {}
"""


def test_a_call_in_an_object_like_macro_is_the_macros() -> None:
    facts = analyze("t/tap.h", TAP_H)
    calls = {(r.name, r.line) for r in facts.references if r.kind == "call"}
    assert ("tap_end_todo", 4) in calls
    assert {("lock_all", 7), ("unlock_all", 8)} <= calls  # over continuation lines
    assert ("tap_todo", 3) in calls  # the function-like macro's, as before
    assert not {c for c in calls if c[1] == 5}  # a parenthesised value calls nothing


def test_who_calls_reaches_a_function_called_only_in_an_object_like_macro() -> None:
    graph = graph_of({"t/tap.h": TAP_H, "t/tap.c": TAP_C})
    assert call_targets(graph, "t/tap.h", 4) == {"t/tap.c::tap_end_todo"}
    assert call_targets(graph, "t/tap.h", 8) == {"t/tap.c::unlock_all"}
