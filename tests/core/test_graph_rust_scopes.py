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


POINTERS = """\
use std::sync::Arc;
pub struct Registry;
impl Registry { pub fn inject(&self) {} fn pop(&self) {} }
struct Worker { registry: Arc<Registry>, boxed: Box<Registry> }
impl Worker {
    fn run(&self, other: &Arc<Registry>, shared: std::rc::Rc<Registry>) {
        self.registry.pop();
        other.inject();
        self.boxed.pop();
        shared.inject();
        let local: Arc<Registry> = Arc::new(Registry);
        local.inject();
    }
}
"""


def test_a_method_called_through_a_smart_pointer_is_the_pointees() -> None:
    """rayon's ``self.registry.pop_injected_job()``, its field an ``Arc<Registry>``, had reached nothing."""
    graph = graph_of({"src/lib.rs": POINTERS})
    assert call_targets(graph, "src/lib.rs", 7) == {"src/lib.rs::Registry.pop"}
    assert call_targets(graph, "src/lib.rs", 8) == {"src/lib.rs::Registry.inject"}
    assert call_targets(graph, "src/lib.rs", 9) == {"src/lib.rs::Registry.pop"}
    assert call_targets(graph, "src/lib.rs", 10) == {"src/lib.rs::Registry.inject"}
    assert call_targets(graph, "src/lib.rs", 12) == {"src/lib.rs::Registry.inject"}


FIELD_AND_METHOD = """\
use std::sync::Arc;
pub struct Registry;
impl Registry { fn pop(&self) {} }
struct Worker { registry: Arc<Registry> }
impl Worker {
    fn registry(&self) -> &Arc<Registry> { &self.registry }
    fn find(&self) {
        self.registry.pop();
    }
}
"""


def test_a_field_read_is_the_field_beside_a_method_of_its_name() -> None:
    """rayon's ``WorkerThread`` has a field and a method ``registry``: ``self.registry.pop_injected_job()``
    reads the field, and had been looked up on the method."""
    graph = graph_of({"src/lib.rs": FIELD_AND_METHOD})
    assert call_targets(graph, "src/lib.rs", 8) == {"src/lib.rs::Registry.pop"}
