"""Struct fields in Go, Rust, C and C++ are symbols, as Java's, TypeScript's and Python's fields are:
variables named under their type (logrus's ``Entry.Logger``, semver's ``Version.major``, cJSON's
``cJSON.next``, leveldb's ``Options.block_cache``). They had been no symbols: "where is block_cache
defined" found the struct no member of (universal-ctags lists 218 such members in leveldb)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.parsing.analyze import analyze

Row = tuple[str, str, int, int]
"""(kind, qualname, start_line, end_line) of one symbol."""


def _fields(path: str, text: str) -> list[Row]:
    """The variables and constants a file defines inside another definition."""
    symbols = analyze(path, dedent(text)).symbols
    return [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols
            if s.kind in ("variable", "constant") and "." in s.qualname]


def test_go_fields_embedded_types_and_nested_structs() -> None:
    text = """\
        package p
        type Entry struct {
            Logger *Logger
            *bytes.Buffer
            io.Reader
            List[T]
            a, b int `json:"a"`
            _ int
            X struct {
                Y int
            }
        }
        """
    assert _fields("e.go", text) == [
        ("variable", "Entry.Logger", 3, 3), ("variable", "Entry.Buffer", 4, 4),  # embedded: the type's name
        ("variable", "Entry.Reader", 5, 5), ("variable", "Entry.List", 6, 6),
        ("variable", "Entry.a", 7, 7), ("variable", "Entry.b", 7, 7),  # the blank field is none
        ("variable", "Entry.X", 9, 11), ("variable", "Entry.X.Y", 10, 10),
    ]


def test_rust_named_fields_with_their_attributes_and_no_tuple_fields() -> None:
    text = """\
        #[derive(Debug)]
        pub struct Version<T> {
            /// the major number
            #[serde(default)]
            pub major: u64,
            pub(crate) pre: T,
        }
        struct Wrapper(u8, u16);
        union Bits { word: u32 }
        """
    assert _fields("v.rs", text) == [
        ("variable", "Version.major", 4, 5),  # from its attribute, as an item's span is
        ("variable", "Version.pre", 6, 6),
        ("variable", "Bits.word", 9, 9),
    ]


def test_c_members_bit_fields_pointers_and_anonymous_members() -> None:
    text = """\
        typedef struct cJSON {
            struct cJSON *next;
            int (*hook)(void *);
            char name[8];
            unsigned flag : 1, kind : 3;
            union { int i; double d; };
            struct { int x; } pos;
        } cJSON;
        typedef struct { int z; } Plain;
        int use(void);
        """
    assert _fields("c.h", text) == [
        ("variable", "cJSON.next", 2, 2), ("variable", "cJSON.hook", 3, 3),  # a function pointer
        ("variable", "cJSON.name", 4, 4), ("variable", "cJSON.flag", 5, 5), ("variable", "cJSON.kind", 5, 5),
        ("variable", "cJSON.i", 6, 6), ("variable", "cJSON.d", 6, 6),  # an anonymous union's: the struct's
        ("variable", "cJSON.pos", 7, 7), ("variable", "cJSON.pos.x", 7, 7),
        ("variable", "Plain.z", 9, 9),  # named under the typedef's name
    ]


def test_cpp_data_members_not_methods_nor_misread_macros() -> None:
    text = """\
        namespace leveldb {
        struct Options {
          Cache* block_cache = nullptr;
          static constexpr int kMax = 4;
          const Comparator& comparator;
          void Lock();
          operator bool() const;
          MACRO_DEPRECATED Status Load(const char* path);
          virtual int Area() const = 0;
        };
        int Options::count = 0;
        }
        """
    assert _fields("o.cc", text) == [
        ("variable", "leveldb.Options.block_cache", 3, 3), ("constant", "leveldb.Options.kMax", 4, 4),
        ("variable", "leveldb.Options.comparator", 5, 5),
        ("variable", "leveldb.Options.count", 11, 11),  # a static member defined out of its class
    ]


def test_c_globals_of_an_anonymous_type_hold_its_members() -> None:
    text = """\
        static union { int i8; double d; } number;
        struct { int a; } p1, p2;
        union { int loose; };
        """
    assert _fields("u.c", text) == [("variable", "number.i8", 1, 1), ("variable", "number.d", 1, 1)]


def test_cpp_pointer_to_member_fields_and_prototypes_after_an_export_macro() -> None:
    text = """\
        namespace leveldb {
        struct ThreadArg {
          void (Benchmark::*method)(ThreadState*);
        };
        LEVELDB_EXPORT const FilterPolicy* NewBloomFilterPolicy(int bits_per_key);
        }
        """
    symbols = analyze("b.h", dedent(text)).symbols
    assert [(s.kind, s.qualname) for s in symbols] == [
        ("module", "leveldb"), ("struct", "leveldb.ThreadArg"), ("variable", "leveldb.ThreadArg.method")]


def test_a_rust_call_reaches_the_method_not_the_field_of_its_name() -> None:
    lib = """\
        pub struct Buf { len: usize }
        impl Buf {
            pub fn len(&self) -> usize { self.len }
        }
        pub fn size(b: &Buf) -> usize { b.len() }
        """
    graph = build_graph({"src/lib.rs": analyze("src/lib.rs", dedent(lib))})
    calls = [site.target for sites in graph.sites_out.values() for site in sites if site.kind == "call"]
    assert calls == ["src/lib.rs::Buf.len"]
    assert graph.symbols["src/lib.rs::Buf.len"].kind == "method"
