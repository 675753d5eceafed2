"""A method called on a value of a Rust primitive type is a crate trait's only where the crate
implements that trait for that type: ``impl Roots for u32``, an ``impl Roots for $T`` in a
``macro_rules!`` the file invokes for it, or a blanket impl; else it is the standard library's
(``let y: f64; y.sqrt()`` had been tied to num-integer's ``Roots::sqrt``, and num-bigint's
``s.len()`` on a ``&str`` to its ``IntDigits::len``). float-cmp's ``x.ulps(&y)`` on an ``f32``,
whose trait is declared twice under ``cfg``, had been tied to nothing (16 calls)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

SOURCE = """\
pub trait Roots { fn sqrt(&self) -> Self; fn nth_root(&self, n: u32) -> Self; }
pub trait Average { fn average_floor(&self, o: &Self) -> Self; }
pub trait Digits { fn len(&self) -> usize; }
impl<T: Copy> Average for T { fn average_floor(&self, o: &Self) -> Self { *self } }
impl Roots for u32 { fn sqrt(&self) -> Self { *self } fn nth_root(&self, n: u32) -> Self { *self } }
macro_rules! roots {
    ($T:ty, $U:ty) => {
        impl Roots for $T { fn sqrt(&self) -> Self { *self } fn nth_root(&self, n: u32) -> Self { *self } }
    };
}
roots!(i8, u8);
macro_rules! many { ($($t:ty),*) => { $(impl crate::Digits for $t { fn len(&self) -> usize { 1 } })* } }
many!(i16, u64);
fn f(x: f64, y: u32, a: i8, b: u8, s: &str, v: &i8) {
    let z: f64 = 2.0;
    z.sqrt();
    x.sqrt();
    y.sqrt();
    a.sqrt();
    b.sqrt();
    v.nth_root(2);
    s.len();
    (x as u64).len();
    (x as u16).len();
    x.average_floor(&x);
}
"""


def test_a_primitive_the_crate_implements_no_trait_for_calls_its_own_method() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 16) == set()  # let z: f64
    assert call_targets(graph, "src/lib.rs", 17) == set()  # x: f64
    assert loose_at(graph, "src/lib.rs", 17) == {"x.sqrt": "external"}
    assert call_targets(graph, "src/lib.rs", 22) == set()  # s: &str, str::len
    assert call_targets(graph, "src/lib.rs", 24) == set()  # (x as u16): many! was not invoked for it


def test_an_impl_for_the_primitive_makes_it_the_traits_method() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 18) == {"src/lib.rs::Roots.sqrt"}  # impl Roots for u32
    assert call_targets(graph, "src/lib.rs", 23) == {"src/lib.rs::Digits.len"}  # many!(i16, u64)
    assert call_targets(graph, "src/lib.rs", 25) == {"src/lib.rs::Average.average_floor"}  # blanket


def test_a_macro_invoked_for_the_primitive_implements_it_for_the_argument_in_place() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 19) == {"src/lib.rs::Roots.sqrt"}  # roots!(i8, u8): $T is i8
    assert call_targets(graph, "src/lib.rs", 20) == set()  # u8 is $U, no impl
    assert call_targets(graph, "src/lib.rs", 21) == {"src/lib.rs::Roots.nth_root"}  # v: &i8


def test_a_trait_declared_twice_under_cfg_is_still_the_one_implemented() -> None:
    graph = graph_of({"src/ulps.rs": """\
#[cfg(not(feature = "num-traits"))]
pub trait Ulps { fn ulps(&self, other: &Self) -> i32; }
#[cfg(feature = "num-traits")]
pub trait Ulps { fn ulps(&self, other: &Self) -> i32; }
impl Ulps for f32 { fn ulps(&self, other: &f32) -> i32 { 0 } }
fn test() {
    let x: f32 = 1.0;
    x.ulps(&x);
}
"""})
    assert call_targets(graph, "src/ulps.rs", 8) == {"src/ulps.rs::Ulps.ulps"}
