"""Definition edge cases per language: templates, generics, nested scopes, grouped declarations."""

from __future__ import annotations

import pytest

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

Row = tuple[str, str, int]
"""(kind, qualname, start_line) of one symbol."""

CASES: dict[str, tuple[str, list[Row]]] = {
    "cpp": (
        """template <typename T>
class Box {
public:
    T get() const { return v; }
    bool operator==(const Box &o) const { return v == o.v; }
};
template <typename T>
T Box<T>::peek() { return v; }
Box<int>::~Box() {}
namespace a::b { int f() { return 1; } }
namespace { int hidden() { return 2; } }
extern "C" { int cfun(void) { return 3; } }
using Id = long;
enum class Color { Red, Green };
struct S { struct Inner { int x; } in; void m(); };
void S::m() {}
int (*handler)(int);
int declared_only(int);
""",
        [
            ("class", "Box", 1), ("method", "Box.get", 4), ("method", "Box.operator==", 5),
            ("method", "Box.peek", 7), ("method", "Box.~Box", 9), ("module", "a.b", 10),
            ("function", "a.b.f", 10), ("function", "hidden", 11), ("function", "cfun", 12),
            ("type", "Id", 13), ("enum", "Color", 14), ("constant", "Color.Red", 14),
            ("constant", "Color.Green", 14), ("struct", "S", 15),
            ("struct", "S.Inner", 15), ("variable", "S.Inner.x", 15), ("variable", "S.in", 15),  # data members
            ("method", "S.m", 16), ("variable", "handler", 17),
        ],
    ),
    "c": (
        """typedef struct node { int v; } node_t, *node_p;
typedef int (*cb_t)(void);
extern int gx;
int a = 1, b;
int proto(int);
#define SQ(x) ((x)*(x))
#ifdef X
static int in_ifdef(void) { return 0; }
#else
static int in_else(void) { return 1; }
#endif
static char *(*getter(void))(int) { return 0; }
union u { int a; };
""",
        [
            ("struct", "node", 1), ("variable", "node.v", 1), ("type", "node_t", 1), ("type", "node_p", 1), ("type", "cb_t", 2),
            ("variable", "a", 4), ("variable", "b", 4), ("function", "SQ", 6),
            ("function", "in_ifdef", 8), ("function", "in_else", 10), ("function", "getter", 12),
            ("struct", "u", 13), ("variable", "u.a", 13),
        ],
    ),
    "rust": (
        """impl<T: Clone> Stack<T> {
    pub fn push(&mut self, v: T) {}
}
impl<'a> From<&'a str> for crate::m::Name {
    fn from(s: &str) -> Self { todo!() }
}
pub static mut COUNTER: u32 = 0;
static NAME: &str = "x";
type Res<T> = Result<T, Error>;
extern "C" { fn c_fn(x: i32); }
mod outer { pub mod inner { pub fn deep() {} } }
fn with_nested() { fn helper() {} }
pub trait Keys { type Key; type Value: Clone; }
""",
        [
            ("method", "Stack.push", 2), ("method", "Name.from", 5), ("variable", "COUNTER", 7),
            ("constant", "NAME", 8), ("type", "Res", 9), ("function", "c_fn", 10),
            ("module", "outer", 11), ("module", "outer.inner", 11), ("function", "outer.inner.deep", 11),
            ("function", "with_nested", 12), ("function", "with_nested.helper", 12),
            ("trait", "Keys", 13), ("type", "Keys.Key", 13), ("type", "Keys.Value", 13),  # associated types
        ],
    ),
    "go": (
        """package p
type (
    A int
    List[T any] struct{ items []T }
)
func (l *List[T]) Push(v T) {}
func (List[T]) Len() int { return 0 }
var (
    x = 1
    y, z int
)
const (
    One = iota
    Two
)
""",
        [
            ("type", "A", 3), ("struct", "List", 4), ("variable", "List.items", 4), ("method", "List.Push", 6), ("method", "List.Len", 7),
            ("variable", "x", 9), ("variable", "y", 10), ("variable", "z", 10),
            ("constant", "One", 13), ("constant", "Two", 14),
        ],
    ),
    "java": (
        """package p;
public record Point(int x, int y) {
    public Point { if (x < 0) throw new IllegalArgumentException(); }
    static Point origin() { return new Point(0, 0); }
}
interface Shape { double PI = 3.14; double area(); }
class Outer {
    static class Nested { void n() {} }
    void m() { class Local {} Runnable r = new Runnable() { public void run() {} }; }
    private int count, total = 0;
}
enum Color { RED; Color next() { return RED; } }
""",
        [
            ("class", "Point", 2), ("method", "Point.x", 2), ("method", "Point.y", 2),  # the components' accessors
            ("method", "Point.Point", 3), ("method", "Point.origin", 4),
            ("interface", "Shape", 6), ("constant", "Shape.PI", 6), ("method", "Shape.area", 6),
            ("class", "Outer", 7), ("class", "Outer.Nested", 8), ("method", "Outer.Nested.n", 8),
            ("method", "Outer.m", 9), ("class", "Outer.m.Local", 9),  # not the anonymous Runnable
            ("variable", "Outer.count", 10), ("variable", "Outer.total", 10),
            ("enum", "Color", 12), ("constant", "Color.RED", 12), ("method", "Color.next", 12),
        ],
    ),
    "typescript": (
        """namespace Outer.Inner { export function f() {} }
declare module "pkg" { export function g(): void; }
export default class Widget {
  @Input() name: string;
  @HostListener("click")
  onClick() {}
  static create = () => new Widget();
}
abstract class Base { abstract run(): void; }
export let counter = 0, other = () => 1;
export default function () {}
interface Scope { drafts_: any[]; onChange?: (v: string) => void; run(): void; "quoted": boolean }
type Shape = { inLiteral: number };
function take(o: { inParam: number }) {}
class Stock { constructor(public price: number, private readonly http?: Http, plain: number) {} }
""",
        [
            ("module", "Outer.Inner", 1), ("function", "Outer.Inner.f", 1), ("module", "pkg", 2),
            ("function", "pkg.g", 2), ("class", "Widget", 3), ("variable", "Widget.name", 4),
            ("method", "Widget.onClick", 5),  # the span starts at its decorator
            ("method", "Widget.create", 7), ("class", "Base", 9), ("method", "Base.run", 9),
            ("variable", "counter", 10), ("function", "other", 10),
            ("interface", "Scope", 12), ("variable", "Scope.drafts_", 12),  # as a class's field
            ("method", "Scope.onChange", 12),  # function-typed: onChange(v: string): void
            ("method", "Scope.run", 12), ("variable", "Scope.quoted", 12), ("type", "Shape", 13),
            ("variable", "Shape.inLiteral", 13),  # an aliased object type's members, as an interface's
            ("function", "take", 14),  # a parameter's type literal's properties are no symbols
            ("class", "Stock", 15), ("method", "Stock.constructor", 15),
            ("variable", "Stock.price", 15), ("variable", "Stock.http", 15),  # parameter properties
        ],
    ),
    "javascript": (
        """exports.parse = function (s) { return s; };
module.exports.render = (x) => x;
module.exports = { a: 1 };
class A { #secret = 1; handle = () => {}; get value() { return 1; } *gen() {} }
const { a, b } = require("x");
const Klass = class { m() {} };
if (typeof window !== "undefined") { function browserOnly() {} }
""",
        [
            ("function", "parse", 1), ("function", "render", 2), ("class", "A", 4),
            ("variable", "A.#secret", 4), ("method", "A.handle", 4), ("method", "A.value", 4),
            ("method", "A.gen", 4), ("class", "Klass", 6), ("method", "Klass.m", 6),
            ("function", "browserOnly", 7),
        ],
    ),
    "php": (
        """<?php
namespace App;
define('LEGACY', 2);
if (!defined('GUARD')) define("GUARD", 3);
\\define('App\\Http\\TIMEOUT', 4);
define("PREFIX_$name", 5);
class Client {
    public function __construct(private Http $http, public readonly int $retries = 3, $plain = 1) {}
    public function send() { define('LATE', 6); $local = 1; }
}
""",
        [
            ("constant", "LEGACY", 3), ("constant", "GUARD", 4), ("constant", "TIMEOUT", 5),
            ("class", "Client", 7), ("method", "Client.__construct", 8), ("variable", "Client.http", 8),
            ("variable", "Client.retries", 8), ("method", "Client.send", 9),
        ],
    ),
    "ruby": (
        """class Timestamp
  alias eql? ==
  alias_method :to_str, :to_s
  alias_method "size", "length"
  alias $new_global $old_global
  private def secret
  end
  private_class_method def self.build; end
  protected attr_reader :cache
  class << self
    alias create new
  end
end
alias_method :top, :bottom
""",
        [
            ("class", "Timestamp", 1), ("method", "Timestamp.eql?", 2), ("method", "Timestamp.to_str", 3),
            ("method", "Timestamp.size", 4), ("method", "Timestamp.secret", 6),
            ("method", "Timestamp.build", 8), ("method", "Timestamp.cache", 9),
            ("method", "Timestamp.create", 11),
        ],
    ),
    "python": (
        """from typing import TYPE_CHECKING
if TYPE_CHECKING:
    Alias = int
try:
    import fast
except ImportError:
    FALLBACK = True
type Vector = list[float]
class A:
    x = 1
    def m(self):
        local = 2
        class Inner:
            z = 3
    @property
    def p(self): return 1
async def coroutine(): pass
a, b = 1, 2
obj.attr = 5
""",
        [
            ("variable", "Alias", 3), ("constant", "FALLBACK", 7), ("type", "Vector", 8),
            ("class", "A", 9), ("variable", "A.x", 10), ("method", "A.m", 11),
            ("class", "A.m.Inner", 13), ("variable", "A.m.Inner.z", 14), ("method", "A.p", 15),
            ("function", "coroutine", 17), ("variable", "a", 18), ("variable", "b", 18),
        ],
    ),
}


@pytest.mark.parametrize("language", sorted(CASES))
def test_edge_cases(language: str) -> None:
    text, expected = CASES[language]
    source = text.encode()
    _, symbols = extract_definitions(parse(language, source), source, language, "x")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == expected


def test_tsx_shares_the_typescript_rules() -> None:
    source = b"export const Button = ({ label }: Props) => <button>{label}</button>;\n"
    _, symbols = extract_definitions(parse("tsx", source), source, "tsx", "b.tsx")
    assert [(s.kind, s.name) for s in symbols] == [("function", "Button")]


def test_a_macro_whose_body_holds_a_comment_keeps_its_name() -> None:
    # tree-sitter-cpp ends a continued macro body at a block comment and names the macro after the
    # word that follows it (sentencepiece's util.h: CHECK_OR_RETURN became `return`)
    source = b"""namespace util {
#define CHECK_OR_RETURN(condition) \\
  if (condition) {               \\
  } else /* NOLINT */            \\
    return Status(kInternal)

#define CHECK_EQ_OR_RETURN(a, b) CHECK_OR_RETURN((a) == (b))
}
"""
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "util.h")
    assert [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols] == [
        ("module", "util", 1, 8),
        ("function", "CHECK_OR_RETURN", 2, 5),
        ("function", "CHECK_EQ_OR_RETURN", 7, 7),
    ]


def test_an_object_like_macro_whose_body_holds_a_comment_keeps_its_name() -> None:
    # Unity's testunity.c: `#define VERIFY_FAILS_END \ ... endPutcharSpy(); /* ... */ \` was a
    # constant named `Unity`, the first word after the comment, at that word's line
    source = b"""#define VERIFY_FAILS_END \\
    endPutcharSpy(); /* stop the spy */ \\
      Checked = 1; \\
    }

int after(void) { return 0; }
"""
    for language in ("c", "cpp"):
        _, symbols = extract_definitions(parse(language, source), source, language, "testunity.c")
        assert [(s.kind, s.qualname, s.name_line) for s in symbols][:1] == [("constant", "VERIFY_FAILS_END", 1)]
        assert ("function", "after", 6) in [(s.kind, s.qualname, s.name_line) for s in symbols]


def test_a_function_after_a_macro_the_grammar_reads_as_its_return_type() -> None:
    # SWIG's wrappers: the grammar takes SWIGINTERN for the type and joins the real return type
    # to the name with a `::` it invents
    source = b"""SWIGINTERN sentencepiece::util::Status LoadFromFile(Processor *self) {
  return self->Load();
}
SWIGRUNTIME SwigPyObject *
SWIG_Python_GetSwigThis(PyObject *pyobj)
{
  return 0;
}
"""
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "wrap.cxx")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("function", "LoadFromFile", 1),
        ("function", "SWIG_Python_GetSwigThis", 4),
    ]


def test_a_function_inside_a_function_is_put_back_in_the_enclosing_scope() -> None:
    # C++ has no nested functions: when a test lost its closing brace (a file being edited, or a
    # macro the grammar misreads), the next test is read inside its body
    source = b"""namespace sp {
TEST(A, First) {
  int x = 1;

TEST(A, Second) {
  Y(1);
}
}
"""
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "a_test.cc")
    assert [(s.qualname, s.start_line) for s in symbols if s.kind == "function"] == [
        ("sp.A.First", 2), ("sp.A.Second", 5)]


def test_a_template_specialization_is_the_templates_members_not_a_type_of_its_own() -> None:
    """fmt's shape: the primary ``formatter`` is the one type of that name; a specialization, full
    or partial, namespaced or not, adds methods of ``formatter`` (as a Rust ``impl`` does)."""
    source = b"""template <typename T, typename Char = char> struct formatter { formatter() = delete; };
template <typename Char> struct formatter<bytes, Char> : formatter<int> {
  auto parse(int x) { return x; }
};
template <> class fmt::formatter<int> { int format() { return 0; } };
"""
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "format.h")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("struct", "formatter", 1), ("method", "formatter.formatter", 1), ("method", "formatter.parse", 3),
        ("method", "fmt.formatter.format", 5),
    ]


def test_a_class_whose_head_a_conditional_splits_from_its_body_is_defined() -> None:
    """fmt's ``format_arg_store``: a base clause inside ``#if``/``#endif`` between the class's name
    and its body, where the grammar reads the class as a bodiless declaration, then a block."""
    source = b"""template <typename Context, typename... Args>
class format_arg_store
#if FMT_GCC_VERSION && FMT_GCC_VERSION < 409
    // Workaround a GCC template argument substitution bug.
    : public basic_format_args<Context>
#endif
{
 public:
  static constexpr size_t num_args = sizeof...(Args);
};
class store
#ifdef V
    : public base
#endif
{
  int x;
};
struct declared_only;
int after() { return 2; }
"""
    _, symbols = extract_definitions(parse("cpp", source), source, "cpp", "core.h")
    assert [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols] == [
        ("class", "format_arg_store", 1, 10), ("class", "store", 11, 17), ("function", "after", 19, 19),
    ]


def test_go_blank_names_and_the_commas_between_names_are_no_symbols() -> None:
    # `const Big, Small = 1, 2` had a constant named ","; `var _ io.Reader = (*T)(nil)`, Go's
    # compile-time interface check, a variable named "_"
    source = (b"package p\n\nconst Big, Small = 1, 2\n\nvar _ io.Reader = (*T)(nil)\n\n"
              b"const (\n\t_ = iota\n\tKB\n)\n\nvar x, _, y = f()\n")
    _, symbols = extract_definitions(parse("go", source), source, "go", "p.go")
    assert [(s.kind, s.name, s.start_line) for s in symbols] == [
        ("constant", "Big", 3), ("constant", "Small", 3), ("constant", "KB", 9),
        ("variable", "x", 12), ("variable", "y", 12),
    ]


def test_php_file_level_assignments_define_global_variables_and_closures() -> None:
    # Carbon's language files: `$months = [...]` and `$transformDiff = function ($input) {...};`
    # were no symbols (ctags tags each); a closure's or a function's own assignments stay locals
    source = (b"<?php\nnamespace Carbon;\n$transMethod = new ReflectionMethod(X::class, 'trans');\n"
              b"$pred = function ($time) {\n    $time = strtr($time, []);\n    return $time;\n};\n"
              b"$double = fn($x) => $x * 2;\n$app['k'] = 1;\n$this->x = 2;\nlist($a, $b) = [1, 2];\n"
              b"if (true) { $guarded = &$other; }\nfunction helper() { $local = 1; }\n"
              b"class K { public function m() { $inner = 2; } }\n")
    _, symbols = extract_definitions(parse("php", source), source, "php", "lang.php")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("variable", "transMethod", 3), ("function", "pred", 4), ("function", "double", 8),
        ("variable", "guarded", 12), ("function", "helper", 13), ("class", "K", 14), ("method", "K.m", 14),
    ]
    assert symbols[1].end_line == 7  # the closure's body is its span


def test_java_annotation_type_elements_are_its_methods() -> None:
    """jcommander's ``@interface Parameter { int arity() default DEFAULT_ARITY; }``: "where is arity
    defined" had found no symbol (ctags' 976 Java definitions there: 935 -> 976 found)."""
    source = (b"package p;\npublic @interface Parameter {\n  String[] names() default {};\n"
              b"  int arity() default -1;\n  int DEFAULT = 3;\n"
              b"  Class<? extends IStringConverter<?>> converter() default NoConverter.class;\n}\n")
    _, symbols = extract_definitions(parse("java", source), source, "java", "Parameter.java")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("interface", "Parameter", 2), ("method", "Parameter.names", 3), ("method", "Parameter.arity", 4),
        ("constant", "Parameter.DEFAULT", 5), ("method", "Parameter.converter", 6),
    ]
