"""Rust: a method called on a value known by a trait is the trait's: a parameter of a generic's type
(``fn f<T: Shape>(s: &T)``, ``where T: Shape``, an ``impl<T: Shape>`` block's ``T``), ``impl Shape``,
``&dyn Shape``, ``Box<dyn Shape>``. Each ``s.area()`` had been tied to nothing; a concrete type's
call stays its own, and bounds naming two traits of the repository name neither."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

LIB = """
pub trait Shape {
    fn area(&self) -> f64;
}
pub trait Named {
    fn area(&self) -> f64;
}
pub struct Square(pub f64);
impl Shape for Square {
    fn area(&self) -> f64 { self.0 * self.0 }
}
pub fn generic<T: Shape + Clone + Send>(s: &T) -> f64 { s.area() }
pub fn with_where<T>(s: T) -> f64 where T: ?Sized + Shape { s.area() }
pub fn by_impl(s: impl Shape + Send) -> f64 { s.area() }
pub fn by_dyn(s: &dyn Shape) -> f64 { s.area() }
pub fn boxed(s: Box<dyn Shape>) -> f64 { s.area() }
pub struct Holder<T: Shape> { inner: T }
impl<T: Shape> Holder<T> {
    fn total(&self, other: &T) -> f64 {
        other.area()
            + self.inner.area()
    }
}
pub fn two<T: Shape + Named>(s: &T) -> f64 { s.area() }
pub fn shadowed<T: Shape>(s: &T) -> f64 {
    fn inner<T>(t: T) -> f64 { t.area() }
    s.area()
}
pub fn concrete(s: &Square) -> f64 { s.area() }
"""


def graph() -> CodeGraph:
    return build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(LIB))})


def test_a_call_on_a_value_known_by_its_trait_is_the_trait_s_method() -> None:
    lines = sorted(s.line for s in callers(graph(), "Shape.area").sites)
    assert lines == [12, 13, 14, 15, 16, 20, 21, 27]  # not inner<T>'s unbounded t, nor two<T: Shape + Named>


def test_a_concrete_type_and_several_traits_keep_their_own_reading() -> None:
    g = graph()
    assert [s.line for s in callers(g, "Square.area").sites] == [29]
    assert callers(g, "Named.area").sites == []


JAVA_SHAPE = "package p;\ninterface Shape { double area(); }\n"
JAVA_USE = """package p;
class Use<U extends Shape> {
    static <T extends Shape> double f(T s) { return s.area(); }
    static <T extends Shape & Comparable<T>> double g(T s) { return s.area(); }
    double h(U u) { return u.area(); }
}
"""


def test_a_java_bounded_type_parameter_is_its_bound() -> None:
    g = build_graph({"p/Shape.java": analyze("p/Shape.java", JAVA_SHAPE), "p/Use.java": analyze("p/Use.java", JAVA_USE)})
    assert [s.line for s in callers(g, "Shape.area").sites] == [3, 4, 5]


SEVERAL = """
pub trait Integer {
    fn egcd(&self) -> u8;
}
pub trait Other {
    fn egcd(&self) -> u8;
}
pub fn check<A: Copy + Debug + Integer + NumAssign>(a: A) -> u8 { a.egcd() }
pub fn with_where<A>(a: A) -> u8 where A: Integer, A: num_traits::NumAssign { a.egcd() }
pub fn by_impl(a: impl Integer + NumAssign) -> u8 { a.egcd() }
pub fn two<A: Integer + Other>(a: A) -> u8 { a.egcd() }
"""


def test_a_bound_naming_one_trait_of_the_repository_among_others_is_that_trait() -> None:
    # num-integer's check<A: Copy + Debug + Integer + NumAssign>: a.extended_gcd(&b) had reached nothing
    g = build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(SEVERAL))})
    assert [s.line for s in callers(g, "Integer.egcd").sites] == [8, 9, 10]  # not two<A: Integer + Other>
    assert callers(g, "Other.egcd").sites == []
