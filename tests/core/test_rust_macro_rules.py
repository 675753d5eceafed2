"""What a ``macro_rules!`` transcriber holds is read as code where the definition stands:
num-integer's ``signed_roots!`` calls ``fixpoint`` and ``bits`` inside ``impl Roots for $T``, and
"who calls fixpoint" had found none of its 3 calls (bits: 1 of 9)."""

from __future__ import annotations

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

SOURCE = """\
pub trait Roots { fn sqrt(&self) -> Self; }
fn fixpoint(x: u32) -> u32 { x }
macro_rules! roots {
    ($T:ty, $test_mod:ident) => {
        impl Roots for $T {
            fn sqrt(&self) -> Self {
                fixpoint(*self as u32) as $T
            }
        }
        #[cfg(test)]
        mod $test_mod {
            fn check() { assert_eq!(fixpoint(4), 4); }
        }
    };
}
roots!(u8, test_u8);
macro_rules! repeated {
    ($($name:ident),*) => { $(fn $name() { fixpoint(9); })* };
}
fn caller() {
    macro_rules! check {
        ($t:ty) => {{ let n: $t = 3; fixpoint(n as u32); }};
    }
    check!(u8);
}
"""


def test_calls_inside_a_transcriber_are_calls_on_their_own_lines() -> None:
    facts = analyze("src/t.rs", SOURCE)
    lines = sorted(r.line for r in facts.references if r.kind == "call" and r.name == "fixpoint")
    assert lines == [7, 12, 22]  # not the repetition's, whose $(...)* no Rust reads


def test_a_transcribers_items_are_definitions_and_the_rest_keeps_its_lines() -> None:
    facts = analyze("src/t.rs", SOURCE)
    found = [(s.name, s.kind, s.start_line) for s in facts.symbols]
    assert ("sqrt", "method", 6) in found and ("check", "function", 12) in found
    assert ("caller", "function", 20) in found and ("fixpoint", "function", 2) in found
    assert ("roots", "function", 3) in found and ("check", "function", 21) in found  # the macros stay definitions
    assert ("repeated", "function", 17) in found  # kept as tokens: its repetition reads with an error


def test_who_calls_reaches_a_call_inside_a_macro_rules_impl() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 7) == {"src/lib.rs::fixpoint"}
    assert call_targets(graph, "src/lib.rs", 22) == {"src/lib.rs::fixpoint"}


SPILLING = """\
macro_rules! tar {
    ($e:expr) => {
        &include_bytes!(concat!("archives/", $e))[..]
    };
}

mod header;
fn after() {}
"""


def test_a_transcriber_that_reads_on_past_its_definition_is_left_as_tokens() -> None:
    """tar's ``tar!`` holds an expression with no ``;``: read where items stand, it took in
    ``mod header;`` after it, which was no definition any more."""
    facts = analyze("tests/all.rs", SPILLING)
    found = [(s.name, s.kind, s.start_line, s.end_line) for s in facts.symbols]
    assert found == [("tar", "function", 1, 5), ("header", "module", 7, 7), ("after", "function", 8, 8)]


IMPLS = """\
pub trait Integer {
    fn gcd(&self) -> u8;
    fn egcd(&self) -> u8 { 1 }
    fn lcm(&self) -> u8;
}
pub trait Other { fn lcm(&self) -> u8; fn gcd(&self) -> u8; }
macro_rules! impl_integer {
    ($T:ty) => {
        impl Integer for $T {
            fn gcd(&self) -> u8 { self.egcd() + self.trailing_zeros() }
            fn lcm(&self) -> u8 { self.gcd() }
        }
    };
}
macro_rules! impl_other {
    ($T:ty) => {
        impl Other for $T {
            fn lcm(&self) -> u8 { self.gcd() }
        }
    };
}
"""


def test_self_in_a_macros_impl_for_its_type_parameter_is_the_traits() -> None:
    """num-integer's ``impl Integer for $T`` in ``impl_integer_for_isize!``: ``self.extended_gcd(other)``
    (the trait's default method) had reached nothing, its methods being named under ``$T``."""
    graph = graph_of({"src/lib.rs": IMPLS})
    assert call_targets(graph, "src/lib.rs", 10) == {"src/lib.rs::Integer.egcd"}  # not trailing_zeros, u8's own
    assert call_targets(graph, "src/lib.rs", 11) == set()  # $T.lcm is Integer's here and Other's there: neither
    assert call_targets(graph, "src/lib.rs", 18) == set()
