"""Rust names a function's body binds: a ``use`` written inside a function comes before the items
of the scopes around it (nom's test ``fn take_while1() { use crate::bytes::streaming::take_while1;
... }`` had its calls tied to the test itself, not to the parser it imports)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

LIB = "pub mod bytes;\nmod tests;\n"
BYTES = "pub fn take_while1() {}\npub fn tag() {}\npub mod streaming { pub fn take_while1() {} }\n"
TESTS = """\
fn take_while1() {
    use crate::bytes::streaming::take_while1;
    fn f() {
        take_while1();
    }
}
fn take_while1_complete() {
    use crate::bytes::take_while1;
    take_while1();
}
fn tag() {}
fn other() {
    tag();
}
"""


def test_a_use_in_a_function_comes_before_the_items_around_it() -> None:
    graph = graph_of({"src/lib.rs": LIB, "src/bytes.rs": BYTES, "src/tests.rs": TESTS})
    assert call_targets(graph, "src/tests.rs", 4) == {"src/bytes.rs::streaming.take_while1"}
    assert call_targets(graph, "src/tests.rs", 9) == {"src/bytes.rs::take_while1"}
    assert call_targets(graph, "src/tests.rs", 13) == {"src/tests.rs::tag"}  # no use in its body
