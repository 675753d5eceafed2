"""A C/C++ ``static`` function (or global, or ``#define``) of a source file is seen by that file and
the files it includes alone: zstd's legacy decoders (``lib/legacy/zstd_v0*.c``) each define their
own ``static size_t FSE_readNCount``, and the calls of ``zstd_compress.c`` and
``zstd_decompress.c`` to ``entropy_common.c``'s had been ambiguous among all five (pyzstd 0.16.2:
7 of its 8 callers untied, 48 call sites of 186 such names)."""

from __future__ import annotations

from maguyva_tui.core.graph.symbols import to_row
from maguyva_tui.core.graph.tables import Source, index_file
from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of, loose_at

FSE_H = """\
#ifndef FSE_H
#define FSE_H
size_t FSE_readNCount(short* counts, const void* src, size_t size);
#endif
"""

ENTROPY_C = """\
#include "fse.h"
size_t FSE_readNCount(short* counts, const void* src, size_t size) { return size; }
"""

COMPRESS_C = """\
#include "../common/fse.h"
size_t load_dictionary(short* counts, const void* dict, size_t size) {
    return FSE_readNCount(counts, dict, size);
}
"""

LEGACY_C = """\
#define MEM_STATIC static inline
MEM_STATIC unsigned MEM_32bits(void) { return sizeof(void*) == 4; }
static size_t FSE_readNCount(short* counts, const void* src, size_t size) { return MEM_32bits(); }
size_t {name}_decode(short* counts, const void* src, size_t size) {
    return FSE_readNCount(counts, src, size);
}
"""

MAIN_C = """\
unsigned MEM_32bits(void);
int main(void) { return (int)MEM_32bits(); }
"""


def repository() -> dict[str, str]:
    return {
        "lib/common/fse.h": FSE_H,
        "lib/common/entropy_common.c": ENTROPY_C,
        "lib/compress/zstd_compress.c": COMPRESS_C,
        "lib/legacy/zstd_v01.c": LEGACY_C.replace("{name}", "v01"),
        "lib/legacy/zstd_v02.c": LEGACY_C.replace("{name}", "v02"),
        "programs/main.c": MAIN_C,
    }


def test_a_call_reaches_the_one_definition_its_file_can_see() -> None:
    graph = graph_of(repository())
    assert call_targets(graph, "lib/compress/zstd_compress.c", 3) == {"lib/common/entropy_common.c::FSE_readNCount"}
    assert call_targets(graph, "lib/legacy/zstd_v01.c", 5) == {"lib/legacy/zstd_v01.c::FSE_readNCount"}
    assert call_targets(graph, "lib/legacy/zstd_v02.c", 5) == {"lib/legacy/zstd_v02.c::FSE_readNCount"}


def test_another_files_static_is_no_candidate() -> None:
    """``MEM_32bits`` is static in both legacy files (through a macro each defines as ``static``):
    main.c, which includes neither, calls neither, and its call stays untied, not ambiguous."""
    graph = graph_of(repository())
    assert call_targets(graph, "programs/main.c", 2) == set()
    assert loose_at(graph, "programs/main.c", 2) == {"MEM_32bits": "unresolved"}


def test_a_header_sees_the_statics_of_the_file_including_it() -> None:
    graph = graph_of({
        "src/utf8.c": 'static void emit(int c) { }\n#include "fold.h"\nvoid fold(int c) { fold_one(c); }\n',
        "src/fold.h": "static void fold_one(int c) { emit(c); }\n",
        "src/other.c": "static void emit(int c) { }\n",
    })
    assert call_targets(graph, "src/fold.h", 1) == {"src/utf8.c::emit"}


def test_static_and_its_spellings_are_stored() -> None:
    legacy = analyze("lib/legacy/zstd_v01.c", repository()["lib/legacy/zstd_v01.c"]).symbols
    assert {s.qualname: s.file_local for s in legacy} == {
        "MEM_STATIC": True, "MEM_32bits": True, "FSE_readNCount": True, "v01_decode": False}
    cpp = analyze("src/a.cc", """\
namespace { int helper() { return 1; } }
namespace ns { static int f() { return 0; } int g() { return f(); } }
class C { public: static int s() { return 1; } };
static int counter = 0;
int shared = 1;
const int kLimit = 5;
""").symbols
    assert {s.qualname: s.file_local for s in cpp} == {
        "helper": True, "ns": False, "ns.f": True, "ns.g": False, "C": False, "C.s": False,
        "counter": True, "shared": False, "kLimit": True}
    stored = Source("src/a.cc", "cpp", [to_row(s) for s in cpp], [], [])
    assert index_file(stored).file_local == {"helper", "ns.f", "counter", "kLimit"}
