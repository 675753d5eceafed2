"""Two builds of one tree by one code write the same index files, byte for byte, whatever the
process and its ``PYTHONHASHSEED`` (the times in ``manifest.json`` and ``walk-stamp.json`` and the
generation's name aside): py-tree-sitter's captures come in another order in every process, a
set of words is numbered in its strings' hash order, and a set of graph keys was stored as it
iterated, so ``facts_refs``, the ``words_*`` parts and ``graph.npz`` had differed between builds,
and answers' tie orders with them."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from tree_sitter import Parser

from maguyva_tui.core.bm25 import Stems
from maguyva_tui.core.chunk_words import _Counter
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.parsing.facts.captures import in_order, sorted_captures
from maguyva_tui.core.parsing.facts.extract import _cursor
from maguyva_tui.core.parsing.languages import grammar
from tests.core.test_graph_update import facts

_PYTHON = b"""\
import os

def helper(x):
    return os.path.join(x, str(x))

class Thing(Base):
    def run(self):
        helper(self.name)
        print(len(self.items), helper(1), max(2, 3))
        f()
"""


def _tree(source: bytes = _PYTHON):  # type: ignore[no-untyped-def]
    return Parser(grammar("python")).parse(source)


def test_captures_come_in_document_order() -> None:
    root = _tree().root_node
    captures = sorted_captures(_cursor("python"), root)
    assert captures["call"]
    for nodes in captures.values():
        keys = [(n.start_byte, -n.end_byte) for n in nodes]
        assert keys == sorted(keys)
        shuffled = list(nodes)
        random.Random(7).shuffle(shuffled)
        assert in_order(shuffled) == nodes


def test_a_node_sharing_its_span_with_its_child_comes_first() -> None:
    statement = _tree(b"f()\n").root_node.children[0]
    call = statement.children[0]
    assert statement.type == "expression_statement" and call.type == "call"
    assert (statement.start_byte, statement.end_byte) == (call.start_byte, call.end_byte)
    assert in_order([call, statement]) == in_order([statement, call]) == [statement, call]


def test_stems_are_numbered_as_first_seen() -> None:
    words = [f"word{chr(97 + i)}{chr(97 + j)}" for i in range(6) for j in range(6)]
    text = " ".join(words) + "\n"
    counter = _Counter()
    counter.file([(1, 1, "window")], text)
    stems = Stems()
    expected = list(dict.fromkeys(s for w in words for s in stems.unremembered(w)))
    assert list(counter.vocabulary) == expected


def test_a_files_graph_keys_are_stored_sorted() -> None:
    user = ("from pkg.config import parse_config\nimport os\n\ndef main(t):\n"
            "    parse_config(t.alpha)\n    t.beta, t.gamma, t.delta\n    os.path.join(t.eps, t.zeta)\n")
    config = "class C:\n    @property\n    def alpha(self):\n        return 1\n\ndef parse_config(x):\n    return x\n"
    graph = build_graph(facts({"pkg/__init__.py": "", "pkg/config.py": config, "pkg/user.py": user}))
    keys = graph.deps["pkg/user.py"]
    assert len(keys) > 5 and list(keys) == sorted(keys)


def _write_tree(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_bytes(_PYTHON)
    (root / "pkg" / "b.py").write_text(
        "from pkg.a import helper, Thing\n\n"
        "def main():\n    t = Thing()\n    t.run()\n    helper(t.size)\n    return helper(2)\n")
    (root / "web.js").write_text(
        "import { x } from './util'\nexport function go(a) { return x(a) + x(a.b) + Math.max(1, 2) }\n")


def _digests(folder: Path) -> dict[str, str]:
    """The sha256 of every file of the one generation under ``folder``, by name."""
    (generation,) = folder.glob("*/g-*")
    return {p.relative_to(generation).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(generation.rglob("*")) if p.is_file()
            and p.name not in ("manifest.json", "walk-stamp.json")}


@pytest.mark.slow
def test_two_builds_in_two_processes_write_the_same_files(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    _write_tree(root)
    builds = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "MAGUYVA_NO_SERVER": "1"}
        index = tmp_path / f"index-{seed}"
        builds.append((index, subprocess.Popen(
            [sys.executable, "-m", "maguyva_tui", "index", str(root), "--index-dir", str(index), "--no-semantic"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)))
    for _, proc in builds:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    first, second = (_digests(index) for index, _ in builds)
    assert "facts_refs.npy" in first and "graph.npz" in first and "words_stems.bin" in first
    assert first == second
