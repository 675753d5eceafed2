"""Prose a package names by convention, without an extension, is a doc wherever it lies and is listed
after the code (``paths.is_secondary``), as README.md is: PKG-INFO, the copy of the README that every
Python source distribution carries, had ranked first for a plain question on orjson's sdist."""

from __future__ import annotations

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.explain import demotion_why
from maguyva_tui.core.paths import is_secondary, path_kinds

PROSE = ["PKG-INFO", "orjson-3.10.7/PKG-INFO", "LICENSE", "LICENCE", "COPYING", "lib/README", "NEWS", "CHANGES",
         "AUTHORS", "INSTALL", "NOTICE"]
CODE = ["Makefile", "Dockerfile", "src/install", "news.go", "readme.py", "lib/license.rb", "changes/apply.py", "Readme"]


@pytest.mark.parametrize("path", PROSE)
def test_conventional_prose_names_are_docs(path: str) -> None:
    assert is_secondary(path)
    assert demotion_why(path, fusion.SECONDARY_DEMOTION) == "a test, example or doc"


@pytest.mark.parametrize("path", CODE)
def test_code_and_build_files_of_like_names_are_not(path: str) -> None:
    assert not is_secondary(path)


def test_many_paths_read_as_one_at_a_time() -> None:
    assert path_kinds(PROSE + CODE)[1] == [True] * len(PROSE) + [False] * len(CODE)
