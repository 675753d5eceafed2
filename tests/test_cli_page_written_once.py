"""``maguyva search``'s printed page is written in one piece, each line as before (issue 19: the
whole process of a literal through the resident server at or under ripgrep's).

A page of 100 results had made 600 writes (a ``print`` each line, its text and its newline), each
routed through the server to the request's capture, and had compiled or looked up a pattern per
result to pick the line shown under it: 0.5 of a page's 0.65 ms of CPU in the server. The bytes
printed stay those of the line-by-line page; the line naming the result's symbol is found as
``\\bNAME\\b`` found it."""

from __future__ import annotations

import io
import random
import re

import pytest

from maguyva_tui import cli
from maguyva_tui.cli import _names_word, _print_human, _telling_line
from maguyva_tui.core.types import Ranked, SearchResult, Vote
from maguyva_tui.terminal import printable

SNIPPETS = (
    ("def expand(self, deep=True):\n    return self", "Expr.expand"),
    ("@cacheit\nclass Add(Expr):", "Add"),
    ("x = expand_mul(y)\nexpand(x)", "expand"),
    ("fmt(&self)\n    fn fmt(&self, f: &mut Formatter)", "ArrayVec.fmt (impl Binary)"),
    ("é = café_é + 1\ncafé = 2", "café"),
    ("a\rb = 1; evil()\n", None),
    ("  \t leading spaces kept out  ", "x"),
    ("", None),
)


def _page(count: int) -> SearchResult:
    hits = []
    for i in range(count):
        snippet, symbol = SNIPPETS[i % len(SNIPPETS)]
        votes = (("graph", Vote(0, 1.0, 0.3, 0.01, "calls helper of pkg/a.py:3")),) if i % 5 == 0 else ()
        hits.append(Ranked(f"pkg/m{i}.py", i + 1, i + 2, symbol, "function", "python", 1.0 / (i + 1), snippet, votes))
    return SearchResult("q", "(text 'q')", "exact_match", 1.0, None, "quoted", (), "direct", "default", 40,
                        ("text",), (), 1.0, (), tuple(hits), 2.5)


def _line_by_line(result: SearchResult) -> str:
    """The page as the command had printed it: ``print`` a line, the shown line found by ``re``."""
    out = io.StringIO()
    for i, r in enumerate(result.results, 1):
        symbol = f"  {r.symbol}" if r.symbol else ""
        print(printable(f"{i:3}. {r.path}:{r.start_line}{symbol}  ({r.score:.4f})"), file=out)
        lines = r.snippet.split("\n")
        name = (r.symbol or "").partition(" (impl ")[0].rpartition(".")[2]
        line = next((x for x in lines if name and re.search(rf"\b{re.escape(name)}\b", x)), lines[0] if lines else None)
        if line:
            print(f"      {printable(line.strip()[:120])}", file=out)
        if i % 5 == 1:
            print(printable("      -> calls pkg/a.py:3"), file=out)
    print(f"{len(result.results)} results in 2.5 ms", file=out)
    return out.getvalue()


class _Counting(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


def test_a_page_of_a_hundred_is_one_write_of_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _page(100)
    out = _Counting()
    monkeypatch.setattr("sys.stdout", out)
    _print_human(result)
    assert out.getvalue() == _line_by_line(result)
    assert out.writes == 1  # was 2 a line: 418 for this page


def test_a_long_page_is_written_in_parts_not_held_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    result = _page(3 * cli.PAGE_LINES)
    out = _Counting()
    monkeypatch.setattr("sys.stdout", out)
    _print_human(result)
    assert out.getvalue() == _line_by_line(result)
    assert 3 <= out.writes <= 12


@pytest.mark.parametrize(("line", "name", "found"), [
    ("def expand(x):", "expand", True),
    ("expand_mul(x)", "expand", False),
    ("x.expand()", "expand", True),
    ("_expand", "expand", False),
    ("expand2 expand", "expand", True),  # the second occurrence is whole
    ("café_é", "café", False),  # a Unicode letter after it: the same word
    ("(café)", "café", True),
    ("a..b", "..", True),  # a name that starts and ends with no word character
    ("x..b", ".", False),
    ("٣x", "x", False),  # an Arabic-Indic digit is a word character to re
    ("aaa", "aa", False),
    ("", "x", False),
])
def test_a_name_is_a_whole_word_where_re_says_so(line: str, name: str, found: bool) -> None:
    assert (re.search(rf"\b{re.escape(name)}\b", line) is not None) is found
    assert _names_word(line, name) is found


def test_the_word_test_agrees_with_re_on_random_lines() -> None:
    rng = random.Random(19)
    alphabet = ["a", "b", "_", " ", ".", "1", "é", "٣", "ß", "\u200b", "(", "\udcff", "Ⅻ", "-"]
    for _ in range(20000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
        line = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        assert _names_word(line, name) is (re.search(rf"\b{re.escape(name)}\b", line) is not None), (line, name)


def test_the_telling_line_still_names_the_symbol() -> None:
    assert _telling_line(["@cacheit", "class Add(Expr):"], "Add") == "class Add(Expr):"
    assert _telling_line(["x = 1", "y = 2"], "z") == "x = 1"
    assert _telling_line([], "z") is None
