"""A walk compiles its ignore lines with pathspec's pattern class alone: pathspec's matching
backends (its hyperscan and re2 wrappers, 10-16 ms of every search that walks after an edit) are
never imported, and other code importing pathspec still gets the whole package."""

from __future__ import annotations

import json
import subprocess
import sys

LINES = ["*.pyc", "build/", "!keep.pyc", "docs/**/tmp", "[!a-c]?.log", "a\\ b", "/top", "**/x/**/y"]
PATHS = ["a/b.pyc", "keep.pyc", "build", "src/build", "docs/x/y/tmp", "d1.log", "b1.log", "a b", "top",
         "sub/top", "q/x/r/y"]

_CODE = f"""
import json, sys
from maguyva_tui.core.ignore import compile_line, parse_ignore_file
rules = [rule for line in {LINES!r} for rule in compile_line(line)]
loaded = sorted(m for m in sys.modules if m.startswith("pathspec._backends") or m == "pathspec.gitignore")
ours = parse_ignore_file("\\n".join({LINES!r}), "")
verdicts = [ours.verdict(path, path in ("build", "src/build")) for path in {PATHS!r}]
import pathspec
from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern
whole = pathspec.GitIgnoreSpec.from_lines({LINES!r})
print(json.dumps({{
    "rules": len(rules),
    "loaded": loaded,
    "verdicts": verdicts,
    "pathspec_whole": [whole.match_file(path) for path in ["a/b.pyc", "keep.pyc", "x.txt"]],
    "same_class": type(whole.patterns[0]) is GitIgnoreSpecPattern,
    "version": pathspec.__version__,
}}))
"""


def _run() -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", _CODE], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_compiling_ignore_lines_leaves_pathspecs_backends_unimported() -> None:
    found = _run()
    assert found["rules"] == len(LINES)
    assert found["loaded"] == []


def test_the_deferred_package_still_imports_whole_and_answers_as_git() -> None:
    found = _run()
    assert found["verdicts"] == [True, False, True, True, True, True, None, True, True, None, True]
    assert found["pathspec_whole"] == [True, False, False]
    assert found["same_class"] is True
    assert isinstance(found["version"], str)
