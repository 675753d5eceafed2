"""What a ``maguyva search`` process loads before its question (issue 19: a search on 100,000 files
in a second): no grammar, no worker processes' machinery."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SEARCH_PATH = ("maguyva_tui.cli", "maguyva_tui.core.engine", "maguyva_tui.core.search", "maguyva_tui.core.generation",
               "maguyva_tui.core.retrievers.text", "maguyva_tui.core.retrievers.structural", "maguyva_tui.core.fusion",
               "maguyva_tui.core.intent", "maguyva_tui.core.locations", "maguyva_tui.core.chunk_words")
"""The modules every search process imports (a graph question adds the graph's, which parse)."""


def _loaded(prefixes: tuple[str, ...]) -> list[str]:
    """The modules of :data:`SEARCH_PATH` and what they import, in a fresh process, that begin with one of ``prefixes``."""
    code = (f"import json, sys\nfor name in {SEARCH_PATH!r}: __import__(name)\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({prefixes!r}))))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60, check=True)
    return list(json.loads(done.stdout))


def test_the_search_machinery_loads_no_grammar_nor_process_pool() -> None:
    """tree-sitter and the grammars' rules (the parser's regexes, ``parsing.languages``: 15-20 ms of
    a process's CPU) had been imported for a file's language by its extension and a chunk kind; the
    parsing workers' and the graph process's modules (multiprocessing, concurrent.futures' process
    pool, subprocess: 8-9 ms) by the indexer's module, where only a build starts them."""
    loaded = _loaded(("tree_sitter", "maguyva_tui.core.parsing.", "multiprocessing", "subprocess",
                      "concurrent.futures.process"))
    assert loaded == ["maguyva_tui.core.parsing.chunks", "maguyva_tui.core.parsing.extensions",
                      "maguyva_tui.core.parsing.trait_impls"]


def test_the_registrys_light_half_is_the_registrys() -> None:
    from maguyva_tui.core.parsing import extensions, languages

    assert languages.language_of is extensions.language_of and languages.EXTENSIONS is extensions.EXTENSIONS
    assert [languages.language_of(p, t) for p, t in (("a.py", ""), ("x.h", b"namespace n {\n"), ("x.h", b"int f();\n"),
                                                      ("bin/dev", "#!/usr/bin/env -S python3 -u\n"), ("a.txt", ""))
            ] == ["python", "cpp", "c", "python", None]
