"""Rust calls written inside the standard expression macros (``assert_eq!``, ``println!``, ``vec!``)
are calls: nom's tests call their parsers only there, and "who calls fold_any" had found none."""

from __future__ import annotations

import time

from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

SOURCE = """\
fn fold_any(x: u8) -> u8 { x }
fn fold_test() {
    assert_eq!(fold_any(1), 1);
    std::println!("{}", fold_any(2));
    let v = vec![fold_any(3); 2];
    assert!(v.is_empty(), "{}", format!("{}", fold_any(4)));
    // assert!(fold_any(5))
    let s = "assert!(fold_any(6))";
    other!(fn assert_eq!(fold_any(7), 7));
    debug_assert_ne!(
        fold_any(8),
        0,
    );
}
"""


def test_calls_inside_expression_macros_are_calls_on_their_own_lines() -> None:
    facts = analyze("src/t.rs", SOURCE)
    lines = sorted(r.line for r in facts.references if r.kind == "call" and r.name == "fold_any")
    assert lines == [3, 4, 5, 6, 11]  # not in a comment, a string, or another macro's tokens


def test_the_symbols_and_their_lines_are_the_texts() -> None:
    facts = analyze("src/t.rs", SOURCE)
    assert [(s.name, s.start_line, s.end_line) for s in facts.symbols] == [("fold_any", 1, 1), ("fold_test", 2, 14)]
    assert facts.symbols[1].signature == "fn fold_test() {"


def test_who_calls_reaches_a_call_inside_assert_eq() -> None:
    graph = graph_of({"src/lib.rs": SOURCE})
    assert call_targets(graph, "src/lib.rs", 3) == {"src/lib.rs::fold_any"}
    assert call_targets(graph, "src/lib.rs", 11) == {"src/lib.rs::fold_any"}


def test_thousands_of_nested_macros_are_read_in_linear_time() -> None:
    """Each match had been looked up from the root: 5,000 nested ``assert!`` took 20 s."""
    source = "fn t() {\n" + "assert!(" * 3000 + "fold_any(1)" + ")" * 3000 + ";\n}\n"
    started = time.process_time()
    analyze("src/t.rs", source)
    assert time.process_time() - started < 1.0


USER_MACROS = """\
macro_rules! assert_parse { ($left: expr, $right: expr) => { assert_eq!($left, $right); }; }
fn digit(x: u8) -> u8 { x }
fn digits() {
    assert_parse!(digit(1), 1);
    crate::check![digit(2)];
    quote!(digit(3));
    dsl!(digit(4) => fn);
    let ok = matches!(digit(5), 0..=9 | 11 if digit(6) > 0);
}
criterion_group!(digit(7), digits);
fn after() { digit(8); }
"""


def test_calls_inside_a_user_macro_of_expressions_are_calls() -> None:
    """nom's tests call their parsers inside their own ``assert_parse!``: 266 calls had been none."""
    facts = analyze("src/t.rs", USER_MACROS)
    lines = sorted(r.line for r in facts.references if r.kind == "call" and r.name == "digit")
    assert lines == [4, 5, 8, 11]  # not quoted code, a DSL's tokens, a pattern's guard, nor items
    assert [s.name for s in facts.symbols if s.kind == "function"][-3:] == ["digit", "digits", "after"]


def test_thousands_of_user_macros_are_read_in_linear_time() -> None:
    source = "fn t() {\n" + "check!(" * 1000 + "fold_any(1)" + ")" * 1000 + ";\n" + "dsl!(a => b);\n" * 500 + "}\n"
    started = time.process_time()
    analyze("src/t.rs", source)
    assert time.process_time() - started < 1.0
