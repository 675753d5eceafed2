"""A file that C/C++ code ``#include``s by a quoted name is C/C++ whatever its extension: cmark's
``case_fold_switch.inc`` holds 1,651 ``bufpush(...)`` calls, ``bufpush`` a macro of ``utf8.c``
that includes it, and "who calls bufpush" had answered nothing (the ``.inc`` indexed as text)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.parsing.analyze import analyze_row
from maguyva_tui.core.parsing.c_includes import included_languages

UTF8_C = """\
void encode_char(int c, char *dest) { *dest = (char)c; }
void case_fold(char *dest, int c) {
#define bufpush(x) encode_char(x, dest)
#include "case_fold_switch.inc"
}
"""

SWITCH_INC = """\
    switch (c) {
      case 0x0041:
        bufpush(0x0061);
        break;
      case 0x0042:
        bufpush(0x0062);
        break;
    }
"""


def _repo(root: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "src" / "utf8.c").write_text(UTF8_C)
    (root / "src" / "case_fold_switch.inc").write_text(SWITCH_INC)
    (root / "notes.inc").write_text("bufpush(1);\n")  # included by no one: text, as before
    return root


def _sites(root: Path, base: Path, name: str) -> list[tuple[str, int]]:
    snap, _ = update_index(root, base)
    assert snap.graph is not None
    return sorted((s.path, s.line) for s in callers(snap.graph, name).sites)


def test_an_included_file_is_read_in_its_includers_language() -> None:
    from maguyva_tui.core.store.facts import decode

    facts = decode("src/case_fold_switch.inc", analyze_row("src/case_fold_switch.inc", SWITCH_INC, "c"))
    assert facts.language == "c" and [(r.name, r.line) for r in facts.references if r.kind == "call"] == [
        ("bufpush", 3), ("bufpush", 6)]
    assert decode("notes.inc", analyze_row("notes.inc", SWITCH_INC)).language is None


@pytest.mark.slow  # a build
def test_an_included_inc_files_calls_tie_to_the_includers_macro(tmp_path: Path) -> None:
    snap, _ = update_index(_repo(tmp_path / "repo"), tmp_path / "index")
    assert snap.graph is not None
    sites = sorted((s.path, s.line) for s in callers(snap.graph, "bufpush").sites)
    assert sites == [("src/case_fold_switch.inc", 3), ("src/case_fold_switch.inc", 6)]
    assert snap.files["src/case_fold_switch.inc"].language == "c" and snap.files["notes.inc"].language is None


@pytest.mark.slow  # two builds
def test_an_included_file_stays_code_when_it_alone_changes(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    base = tmp_path / "index"
    _sites(root, base, "bufpush")
    inc = root / "src" / "case_fold_switch.inc"
    inc.write_text(SWITCH_INC.replace("    }\n", "      case 0x0043:\n        bufpush(0x0063);\n    }\n"))
    os.utime(inc, ns=(time.time_ns() + 10**9,) * 2)
    assert [line for _, line in _sites(root, base, "bufpush")] == [3, 6, 9]


@pytest.mark.slow  # two builds
def test_a_file_newly_included_by_a_changed_c_file_is_parsed_again(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    base = tmp_path / "index"
    (root / "src" / "utf8.c").write_text(UTF8_C.replace('#include "case_fold_switch.inc"\n', ""))
    assert _sites(root, base, "bufpush") == []
    c_file = root / "src" / "utf8.c"
    c_file.write_text(UTF8_C)
    os.utime(c_file, ns=(time.time_ns() + 10**9,) * 2)
    assert len(_sites(root, base, "bufpush")) == 2


def test_a_quoted_name_resolves_beside_the_includer_or_to_the_one_file_it_can_be() -> None:
    plain = ["src/a.def", "include/x/tables.inc", "lib/one/dup.inc", "lib/two/dup.inc"]
    includers = [("src/m.cpp", "cpp", b'#include "a.def"\n#include "x/tables.inc"\n#include "dup.inc"\n#include <a.def>\n'),
                 ("src/n.c", "c", b'# include "a.def"\n')]
    assert included_languages(includers, plain) == {"src/a.def": "cpp", "include/x/tables.inc": "cpp"}
