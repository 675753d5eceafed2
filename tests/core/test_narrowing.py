"""A receiver tested against a class is that class's instance where the test holds, in Python
(``isinstance``), JavaScript and TypeScript (``instanceof``) as in PHP: in the test's body, after a
guard that leaves the block unless it holds, and for a property as for a variable. yup's
``if (!(schema instanceof ObjectSchema)) throw ...; schema.fields`` and lark's
``assert isinstance(x, Tree)`` had left the calls after them on the bare variable."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.facts.extract import extract_facts
from maguyva_tui.core.parsing.languages import parse


def calls(language: str, source: str) -> list[tuple[str, int]]:
    """The calls of one file as (name, line), sorted."""
    tree = parse(language, source.encode())
    path = {"python": "f.py", "typescript": "f.ts", "javascript": "f.js", "php": "f.php"}[language]
    _, symbols = extract_definitions(tree, source.encode(), language, path)
    references, _ = extract_facts(tree, source.encode(), language, path, symbols)
    return sorted((r.name, r.line) for r in references if r.kind == "call" and r.name != "isinstance")


PYTHON = """\
def f(x, y, z):
    if isinstance(x, Foo):
        x.a()
    elif isinstance(x, mod.Bar) and z:
        x.b()
    else:
        x.c()
    v = x.d() if isinstance(x, Foo) else y.e()
    isinstance(y, Foo) and y.f()
    if isinstance(x, (Foo, Bar)):
        x.g()
    if not isinstance(y, Foo):
        raise TypeError(y)
    y.h()
    assert isinstance(z, Baz), z
    z.i()
    self.j()
"""


def test_python_isinstance_narrows_its_body_and_what_follows_a_guard() -> None:
    assert calls("python", PYTHON) == [
        ("Baz.i", 16), ("Foo.a", 3), ("Foo.d", 8), ("Foo.f", 9), ("Foo.h", 14), ("TypeError", 13),
        ("mod.Bar.b", 5), ("self.j", 17), ("x.c", 7), ("x.g", 11), ("y.e", 8)]


TYPESCRIPT = """\
export function f(x: unknown, y: unknown) {
  if (x instanceof Foo) {
    x.a();
  } else {
    x.b();
  }
  const v = x instanceof ns.Bar ? x.c() : y.d();
  x instanceof Foo && x.e();
  if (!(y instanceof Foo)) throw new Error('no');
  y.f();
  if (!(x instanceof Foo)) {
    console.log(x);
  }
  x.g();
  if (this.inner instanceof Baz) this.inner.h();
  [1].map(() => { if (!(x instanceof Foo)) { return; } x.i(); });
  x.j();
}
"""


def test_typescript_instanceof_narrows_its_body_and_what_follows_a_guard() -> None:
    found = calls("typescript", TYPESCRIPT)
    assert [c for c in found if c[0].split(".")[0].removesuffix("()") in ("Foo", "ns", "Baz")] == [
        ("Baz().h", 15), ("Foo().a", 3), ("Foo().e", 8), ("Foo().f", 10), ("Foo().i", 16), ("ns.Bar().c", 7)]
    assert {c for c in found if c[0][:2] in ("x.", "y.")} == {
        ("x.b", 5), ("y.d", 7), ("x.g", 14), ("x.j", 17)}


PHP = """<?php
class C {
    function f($x) {
        if (!$x instanceof Reader) {
            throw new Exception('no');
        }
        $x->a();
        if (!($this->inner instanceof Writer)) {
            return;
        }
        $this->inner->b();
        if ($this->other instanceof Reader) {
            $this->other->c();
        }
        $this->other->d();
    }
}
"""


def test_php_guards_and_properties_narrow() -> None:
    found = calls("php", PHP)
    assert [c for c in found if c[0][:1] != "E"] == [
        ("Reader.a", 7), ("Reader.c", 13), ("Writer.b", 11), ("this.other.d", 15)]
