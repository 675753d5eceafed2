"""A type parameter is no reference: ``T`` inside ``f<T>`` names the parameter, in every language
with generics; the same name outside the declaration is a reference again."""

from __future__ import annotations

import pytest

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.parsing.analyze import analyze

CASES = {
    "typescript": ("a.ts", "function f<T>(a: T, b: Foo): T { return a }\nclass C<K> { m(x: K) {} }\nlet t: T;\n"),
    "rust": ("a.rs", "fn f<T: Clone, S>(a: T, b: S, c: Foo) {}\nstruct W<K> { k: K }\nfn g(t: T) {}\n"),
    "java": ("A.java", "class C<T> { <U> U m(T t, U u, Foo f) { return u; } }\nclass D { void n(T t) {} }\n"),
    "go": ("a.go", "package p\nfunc F[T any](a T, b Foo) T { return a }\nfunc G(t T) {}\n"),
    "cpp": ("a.cpp", "template <typename T> T f(T u, Foo g) { return u; }\nvoid g(T t) {}\n"),
}


@pytest.mark.parametrize("language", sorted(CASES))
def test_type_parameters_are_not_references(language: str) -> None:
    path, source = CASES[language]
    refs = [(r.name, r.line) for r in analyze(path, source).references if r.kind == "ref"]
    last = source.rstrip("\n").count("\n") + 1
    first = 2 if language == "go" else 1  # after the package clause
    assert ("Foo", first) in refs  # a real type on the same line is still read
    assert [line for name, line in refs if name in ("T", "K", "U", "S")] == [last]  # only outside


def test_typescript_lib_types_are_external() -> None:
    facts = {"a.ts": analyze("a.ts", "export function f(a: Record<string, number>, b: XMLHttpRequest) {}\n")}
    stats = build_graph(facts).stats["languages"]["typescript"]  # type: ignore[index]
    assert stats["unresolved"] == 0 and stats["external"] == 2


@pytest.mark.parametrize("written", ["Map<string, Foo>", "Array<Foo>", "Record<string, Foo>", "ReadonlyMap<string, Foo[]>"])
def test_typescript_containers_are_the_library_s(written: str) -> None:
    """A parameter typed ``Map<string, Foo>`` or ``Array<Foo>`` uses the library's ``Map``, ``Array``:
    its reference had been to ``string<key>Foo[]``, ``Foo[]``, names no symbol has (unresolved)."""
    facts = {"a.ts": analyze("a.ts", f"export class Foo {{}}\nexport function f(a: {written}) {{}}\n")}
    stats = build_graph(facts).stats["languages"]["typescript"]  # type: ignore[index]
    assert stats["unresolved"] == 0 and stats["external"] == 1
