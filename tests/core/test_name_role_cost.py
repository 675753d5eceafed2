"""A notice that says where a name is spelled reads each file once, and a bounded number of them.

``re:def\\s+_eval_\\w+_deriv`` asked of sympy with ``--limit 1000000`` listed 3,425 lines; the
notice saying what ``_eval_`` is parsed the file of every one of them, once per line, lines that
do not spell the name included: 23 s of the answer's 23.5."""

from __future__ import annotations

import pytest

from maguyva_tui.core.name_roles import PARSED_FILES, UNKNOWN_ROLE, name_role
from maguyva_tui.core.parsing import languages
from maguyva_tui.core.types import Ranked


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts parsed for a notice, in order."""
    seen: list[str] = []
    real = languages.parse

    def counted(language: str, text: bytes):  # type: ignore[no-untyped-def]
        seen.append(text.decode())
        return real(language, text)

    monkeypatch.setattr(languages, "parse", counted)
    return seen


def _hits(files: dict[str, str]) -> list[Ranked]:
    return [Ranked(path, n, n, None, "window", "python", 0.1, line, ())
            for path, text in files.items() for n, line in enumerate(text.split("\n"), 1) if line]


def test_each_file_is_parsed_once_for_all_its_lines(parses: list[str]) -> None:
    files = {f"m{i}.py": "".join(f"x = {n}  # _eval_ here\n" for n in range(200)) for i in range(3)}
    hits = _hits(files)
    assert len(hits) == 600
    assert name_role("_eval_", hits, lambda path: files[path].encode()) == "named only in a comment, at m0.py:1"
    assert len(parses) == 3


def test_lines_that_do_not_spell_the_name_are_not_parsed(parses: list[str]) -> None:
    files = {"a.py": "x = 1  # _eval_\n", **{f"b{i}.py": "def _eval_derivative(self): pass\n" for i in range(20)}}
    assert name_role("_eval_", _hits(files), lambda path: files[path].encode()) == "named only in a comment, at a.py:1"
    assert parses == [files["a.py"]]


def test_a_name_in_more_files_than_the_budget_gets_no_claim(parses: list[str]) -> None:
    files = {f"m{i:03}.py": "x = 1  # _eval_\n" for i in range(PARSED_FILES + 1)}
    assert name_role("_eval_", _hits(files), lambda path: files[path].encode()) == UNKNOWN_ROLE
    assert len(parses) == PARSED_FILES
