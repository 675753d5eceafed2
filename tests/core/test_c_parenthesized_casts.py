"""A C cast of a parenthesized value, ``(U64)(input->pos - ipos)``, is read by the grammar as a call
of ``(U64)``: zstd's 390 such casts had made ``U32``, ``U64`` and ``BYTE`` called ("who calls U32"
listed 287 lines, ``maguyva graph callees ZSTD_compressStream2`` listed ``U64 (called at line
6372, 6373)``). C calls no type, so a call reaching a typedef is no site; a parenthesized function
(``(helper)(a)``) is still a call."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

HEADER = """\
typedef unsigned long long U64;
int helper(int v);
"""

SOURCE = """\
#include "mem.h"
int helper(int v) { return v + 1; }
U64 total(int a, int b) {
    U64 t = (U64)(a - b);
    t += (helper)(a);
    return t + (U64)(helper(b));
}
"""


def test_a_cast_of_a_parenthesized_value_calls_no_type() -> None:
    graph = graph_of({"lib/mem.h": HEADER, "lib/total.c": SOURCE})
    assert call_targets(graph, "lib/total.c", 4) == set()
    assert loose_at(graph, "lib/total.c", 4) == {}  # nor a call the graph could not tie
    assert call_targets(graph, "lib/total.c", 5) == {"lib/total.c::helper"}
    assert call_targets(graph, "lib/total.c", 6) == {"lib/total.c::helper"}
    assert not [s for s in graph.sites_in.get("lib/mem.h::U64", ()) if s.kind == "call"]
