"""A Rust cast names its value's type: ``(x as u64).nth_root(n)`` calls what a ``u64`` has, and
``(-4 as $T).is_even()`` in a macro that implements ``Integer`` for ``$T`` calls ``Integer``'s
(num-integer's tests: 14 of ``Integer.is_even``'s 18 callers had been tied to nothing)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

SOURCE = """\
pub trait Roots { fn sqrt(&self) -> Self; fn nth_root(&self, n: u32) -> Self; }
pub trait Integer { fn is_even(&self) -> bool; fn gcd(&self, o: &Self) -> Self; }
fn plain(x: i64, a: u64) {
    (x as f64).sqrt();
    (a as u64).nth_root(3);
    let n = a as u16;
    n.is_even();
}
macro_rules! impl_integer {
    ($T:ty, $test_mod:ident) => {
        impl Integer for $T {
            fn is_even(&self) -> bool { true }
            fn gcd(&self, o: &Self) -> Self { *self }
        }
        mod $test_mod {
            fn test_even() {
                assert_eq!((-4 as $T).is_even(), true);
                assert_eq!((3 as $T).pow(2), 9);
                let n = 3 as $T;
                assert_eq!(n.gcd(&2), 1);
            }
        }
    };
}
macro_rules! before_impl {
    ($T:ty) => {
        fn early() { (4 as $T).is_even(); }
        impl Integer for $T {
            fn is_even(&self) -> bool { true }
            fn gcd(&self, o: &Self) -> Self { *self }
        }
    };
}
macro_rules! no_impl {
    ($T:ty) => {
        fn other() { (4 as $T).is_even(); }
    };
}
impl Roots for u64 { fn sqrt(&self) -> Self { *self } fn nth_root(&self, n: u32) -> Self { *self } }
impl Integer for u16 { fn is_even(&self) -> bool { true } fn gcd(&self, o: &Self) -> Self { *self } }
"""


def test_a_cast_to_an_integer_type_calls_what_that_type_has() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 5) == {"src/lib.rs::Roots.nth_root"}
    assert call_targets(graph, "src/lib.rs", 7) == {"src/lib.rs::Integer.is_even"}  # let n = a as u16


def test_a_cast_to_a_float_is_left_alone() -> None:
    """``f64`` has its own ``sqrt``: the crate's ``Roots::sqrt`` is not what it calls."""
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 4) == set()


def test_a_cast_to_a_macros_type_calls_the_trait_the_macro_implements_for_it() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 17) == {"src/lib.rs::Integer.is_even"}
    assert call_targets(graph, "src/lib.rs", 18) == set()  # pow: $T's own, not the trait's
    assert call_targets(graph, "src/lib.rs", 20) == {"src/lib.rs::Integer.gcd"}  # let n = 3 as $T


def test_a_cast_to_a_macros_type_with_no_impl_before_it_stays_unresolved() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 27) == set()  # the impl follows it
    assert call_targets(graph, "src/lib.rs", 35) == set()  # this macro implements nothing for $T
