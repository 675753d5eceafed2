"""Patterns compiled on first use (``core/lazy_pattern.py``): a ``maguyva search`` process imports
``intent.py``'s 74 patterns and a question uses a few; they had all been compiled at import
(12-13 ms of every search process's start-up)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from maguyva_tui.core.lazy_pattern import lazy

REPO = Path(__file__).resolve().parents[2]


def _module_with_patterns() -> dict[str, Any]:
    home: dict[str, Any] = {"lazy": lazy, "re": re}
    exec("WORD = lazy(r'(?P<w>[a-z]+)_(?P<n>\\d+)', re.I)\nRULES = (lazy(r'^who\\b'), WORD)\n", home)
    return home


def test_compiled_at_first_use_and_then_the_module_holds_the_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile

    def counting(pattern: Any, flags: int = 0) -> re.Pattern[Any]:
        compiled.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(re, "compile", counting)
    home = _module_with_patterns()
    assert compiled == []  # nothing compiled by the module's import
    assert home["WORD"].pattern == r"(?P<w>[a-z]+)_(?P<n>\d+)"  # its source, still without compiling
    assert compiled == []
    held = home["RULES"]
    found = home["WORD"].search("see Helper_31337 here")
    assert found is not None and (found.group("w"), found.group("n")) == ("Helper", "31337")
    assert isinstance(home["WORD"], re.Pattern)  # the global is the compiled pattern from now on
    assert held[1].groupindex == {"w": 1, "n": 2}  # a rule held in a tuple answers as the pattern does
    assert held[1].sub("X", "a_1 b_2") == "X X"
    assert held[0].match("who calls it") and not held[0].match("whom")
    assert compiled == [r"(?P<w>[a-z]+)_(?P<n>\d+)", r"^who\b"]  # each compiled once


def test_importing_the_classifier_compiles_none_of_its_patterns() -> None:
    code = ("import json, re._compiler as c\n"
            "mine = []\n"
            "real = c.compile\n"
            "def counting(p, flags=0):\n"
            "    import sys\n"
            "    if sys._getframe(1).f_code.co_filename.endswith('intent.py') or "
            "sys._getframe(2).f_code.co_filename.endswith('intent.py'):\n"
            "        mine.append(p)\n"
            "    return real(p, flags)\n"
            "c.compile = counting\n"
            "import maguyva_tui.core.intent as intent\n"
            "before = len(mine)\n"
            "kinds = [intent.classify(q).name for q in ('\"a literal\"', 'who calls load_store', 'def load_store')]\n"
            "print(json.dumps([before, kinds]))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60, check=True)
    before, kinds = json.loads(done.stdout)
    assert before == 0
    assert kinds == ["exact_match", "find_references", "find_definition"]


def test_a_search_process_compiles_few_patterns_at_import() -> None:
    """The modules a ``maguyva search`` process imports (the command line, the engine, the search,
    the text and structural engines) compiled 100 of their own patterns at import, before any
    question (about 8 ms of every process); their module patterns are now compiled on first use."""
    code = ("import json, sys, collections, re._compiler as c\n"
            "mine = collections.Counter()\n"
            "real = c.compile\n"
            "def counting(p, flags=0):\n"
            "    f = sys._getframe(1)\n"
            "    while f is not None and (f.f_code.co_filename.endswith('re/__init__.py')\n"
            "                             or f.f_code.co_filename.endswith('lazy_pattern.py')):\n"
            "        f = f.f_back\n"
            "    if f is not None and 'maguyva_tui' in f.f_code.co_filename:\n"
            "        mine[f.f_code.co_filename.rpartition('maguyva_tui')[2]] += 1\n"
            "    return real(p, flags)\n"
            "c.compile = counting\n"
            "import maguyva_tui.cli, maguyva_tui.core.engine, maguyva_tui.core.search\n"
            "import maguyva_tui.core.retrievers.text, maguyva_tui.core.retrievers.structural\n"
            "print(json.dumps(mine))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60, check=True)
    compiled = json.loads(done.stdout)
    assert sum(compiled.values()) <= 24, compiled
    converted = ("/core/search.py", "/core/names.py", "/core/path_names.py", "/core/code_tests.py", "/json_out.py",
                 "/core/message_text.py", "/core/parsing/chunks.py", "/core/embed/static.py")
    assert not {name: n for name, n in compiled.items() if name in converted}, compiled
