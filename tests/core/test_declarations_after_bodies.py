"""A function or method declared without a body (a Java, PHP or TypeScript interface's or abstract
method, a TypeScript overload's or ``declare``'s signature, a Rust trait's method, a C++ pure virtual,
a Go interface's method) is stored as a declaration (``Symbol.declaration``), and a bare name lists
the definition with a body first: ``close`` had listed ``Closer.close`` of the interface (a more
central file) before the one class that implements it, in every language but Go (whose first line,
no ``func``, had told it: b85f6dc)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.fusion import kind_class
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse
from maguyva_tui.core.retrievers.structural import DECLARATION_NOTE, MACRO_NOTE, StructuralRetriever
from maguyva_tui.core.store.facts import decode, encode
from maguyva_tui.core.types import FileFacts, Query, Symbol

SOURCES = {
    "java": ("A.java", b"interface Closer { void close(); }\n"
                       b"abstract class Base { abstract int size(); int twice() { return 2 * size(); } }\n"
                       b"class File implements Closer { public void close() {} }\n"
                       b"@interface Opt { int arity() default -1; }\n"),
    "php": ("a.php", b"<?php\ninterface Closer { public function close(); }\n"
                     b"abstract class Base { abstract function size(); function twice() { return 2; } }\n"
                     b"class File implements Closer { public function close() {} }\n"),
    "typescript": ("a.ts", b"interface Closer { close(): void; onEnd: () => void; size: number }\n"
                           b"declare function twice(n: number): number;\n"
                           b"function pick(a: string): string;\nfunction pick(a: any): any { return a; }\n"
                           b"abstract class Base { abstract size(): number; }\n"
                           b"class File implements Closer { close(): void {} onEnd = () => {}; size = 1 }\n"),
    "rust": ("a.rs", b"trait Closer { fn close(&mut self); fn twice(&self) -> u8 { 2 } }\n"
                     b"struct File;\nimpl Closer for File { fn close(&mut self) {} }\n"
                     b"extern \"C\" { fn size() -> u8; }\n"),
    "cpp": ("a.cpp", b"struct Closer { virtual void close() = 0; virtual int twice() { return 2; } };\n"
                     b"struct File : Closer { void close() override {} };\n"),
    "go": ("a.go", b"package a\n\ntype Closer interface {\n\tClose() error\n}\n\n"
                   b"type File struct{}\n\nfunc (f File) Close() error { return nil }\n\nfunc now() int64\n"),
}
DECLARED = {
    "java": {"Closer.close", "Base.size"},
    "php": {"Closer.close", "Base.size"},
    "typescript": {"Closer.close", "Closer.onEnd", "twice", "pick", "Base.size"},
    "rust": {"Closer.close", "size"},
    "cpp": {"Closer.close"},
    "go": {"Closer.Close", "now"},
}


def _symbols(language: str) -> list[Symbol]:
    path, source = SOURCES[language]
    _, symbols = extract_definitions(parse(language, source), source, language, path)
    return symbols


@pytest.mark.parametrize("language", sorted(SOURCES))
def test_only_what_has_no_body_is_a_declaration(language: str) -> None:
    symbols = _symbols(language)
    assert {s.qualname for s in symbols if s.declaration} == DECLARED[language]
    with_body = {s.qualname for s in symbols if s.kind in ("function", "method") and not s.declaration}
    assert with_body  # the implementations, the methods with a body, the fields holding a function


def test_the_stored_facts_keep_the_declaration_and_the_template_apart() -> None:
    symbols = (Symbol("close", "Closer.close", "method", "a.rs", 1, 1, "rust", "fn close(&mut self);", 1,
                      declaration=True),
               Symbol("close", "File.close", "method", "a.rs", 3, 3, "rust", "fn close(&mut self) {}", 3,
                      template=True),
               Symbol("both", "both", "function", "a.rs", 5, 5, "rust", "fn both();", 5, True, True))
    facts = FileFacts("a.rs", "rust", (), symbols, (), ())
    assert decode("a.rs", encode(facts)).symbols == symbols


def _retriever(language: str) -> StructuralRetriever:
    return StructuralRetriever(_symbols(language))


@pytest.mark.parametrize("language", sorted(SOURCES))
def test_a_bare_name_lists_the_definition_with_a_body_first(language: str) -> None:
    name = "Close" if language == "go" else "close"
    hits = _retriever(language).search(Query(name, target=name), 10)
    assert [h.symbol for h in hits][:2] == ["File." + name, "Closer." + name]
    assert hits[1].reason.endswith(DECLARATION_NOTE) and not hits[0].reason.endswith(DECLARATION_NOTE)
    assert [s.qualname for s in _retriever(language).lookup(name)] == ["File." + name, "Closer." + name]


def test_an_overloads_signature_lists_after_the_function_with_a_body() -> None:
    found = _retriever("typescript").lookup("pick")
    assert [(s.start_line, s.declaration) for s in found] == [(4, False), (3, True)]


def test_a_function_declared_without_a_body_ties_after_the_functions() -> None:
    assert kind_class("function") > kind_class("function", declaration=True) > kind_class("module")


def test_a_lookup_lists_a_macro_after_the_function_with_a_body() -> None:
    macro = Symbol("uv__read", "uv__read", "function", "include/a.h", 3, 3, "c", "#define uv__read(x) 0")
    function = Symbol("uv__read", "uv__read", "function", "src/linux.c", 9, 12, "c", "int uv__read(int x) {")
    retriever = StructuralRetriever([macro, function])
    assert [s.path for s in retriever.lookup("uv__read")] == ["src/linux.c", "include/a.h"]
    hits = retriever.search(Query("uv__read", target="uv__read"), 10)
    assert [h.path for h in hits] == ["src/linux.c", "include/a.h"] and hits[1].reason.endswith(MACRO_NOTE)
