"""A ``maguyva search`` process imports what its question needs (issue 19 item 2: a whole search
on 100,000 files in a second): not the parsers (``parsing.facts``: their rules and tree-sitter
queries, about 21 ms of CPU) unless a Go ``pkg.Name`` or a Python property is asked about, nor the
transformer's encoder (14 ms) unless a text is embedded. A graph question reads the graph, whose
modules read the facts' marks alone (``parsing/facts/marks.py``, no parser: test_search_lean_imports)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

HEAVY = ("maguyva_tui.core.parsing.facts", "maguyva_tui.core.embed.transformer")

RUN = """
import json, sys
import maguyva_tui.__main__ as main
main._exit_now = lambda status: None  # report the modules instead of ending at once
status = main._main(sys.argv[1:])
sys.stdout.flush()
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("maguyva_tui.core.parsing.facts",
                                                                  "maguyva_tui.core.embed.transformer")))))
"""


def _search(root: Path, index: Path, *question: str) -> tuple[list[str], str]:
    """A whole search process's modules from :data:`HEAVY`, and its answer."""
    env = {**os.environ, "MAGUYVA_NO_SERVER": "1", "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", RUN, "search", *question, "--repo", str(root), "--index-dir",
                           str(index), "--json"], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answer, modules = done.stdout.rstrip("\n").rsplit("\n", 1)
    return json.loads(modules), answer


@pytest.mark.slow
def test_a_search_imports_neither_the_parsers_nor_the_encoder(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "store.py").write_text(
        "class Store:\n    @property\n    def size(self):\n        return 1\n\n\n"
        "def load_store(path):\n    return Store()\n")
    (root / "pkg" / "use.py").write_text("from pkg.store import load_store\n\n\ndef run():\n    return load_store('x').size\n")
    (root / "go.mod").write_text("module example.com/lib\n")
    (root / "lib.go").write_text("package lib\n\nfunc Map(x int) int { return x }\n")
    index = tmp_path / "index"
    env = {**os.environ, "MAGUYVA_NO_SERVER": "1", "PYTHONPATH": str(REPO)}
    subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(root), "--no-semantic", "--index-dir", str(index)],
                   cwd=REPO, env=env, capture_output=True, timeout=120, check=True)

    for question in (("load_store",), ('"load_store"',), ("how is a store loaded",)):
        modules, answer = _search(root, index, *question)
        assert modules == [], question
        assert "pkg/store.py" in answer, question
    # a Go package's member and a Python property still find what they name (the parsers' module read then)
    modules, answer = _search(root, index, "lib.Map")
    assert "lib.go" in answer
    modules, answer = _search(root, index, "who reads size")
    assert "pkg/store.py" in answer or "pkg/use.py" in answer
