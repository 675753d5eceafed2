"""A sentence that quotes names as code ("to a given *offset*", "Same as :meth:`dump`"): the chunks
whose code spells them are lifted (``fusion.QUOTED_LIFT``), and the explanation says which names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.fusion import QUOTED_LIFT, QuotedNames, fuse
from maguyva_tui.core.intent import quoted_names
from maguyva_tui.core.search import quoted_code
from maguyva_tui.core.types import Hit


@pytest.mark.parametrize(("text", "names"), [
    ("Get the top *n* keys and counts as tuples.", ("n",)),
    ("Same as :meth:`load`, except it uses `marshmallow.Schema.Meta.render_module` to read", ("load", "render_module")),
    ("Shortcut for :class:`set_results_name`, with ``list_all_matches=False``.",
     ("set_results_name", "list_all_matches", "False")),
    ("Yields ``class(obj, **class_kwargs)`` for obj in seq.", ("class", "obj", "class_kwargs")),
    ("Implementation of ``|`` operator - returns :class:`~pyparsing.MatchFirst`", ("MatchFirst",)),
    ("a **bold** claim, see :rfc:`2822`", ()),  # bold is not a name; a non-code role holds words
    ("floats, suitable for usage with `exponential backoff`_.", ()),  # a hyperlink reference: a link's words
    ("see `the docs`__, then `render`", ("render",)),  # an anonymous one; a code span after it still counts
    ("how does the event loop run", ()),
])
def test_the_names_a_sentence_quotes_as_code(text: str, names: tuple[str, ...]) -> None:
    assert quoted_names(text) == names


def _hit(path: str) -> Hit:
    return Hit(path, 1, 9, 1.0, symbol=None)


def test_a_chunk_spelling_the_quoted_names_is_lifted_by_their_share() -> None:
    lists = {"semantic": [_hit("tell.py"), _hit("seek.py")], "text": [_hit("tell.py"), _hit("seek.py")]}
    spelled = {"seek.py": frozenset({"seek", "self", "offset"})}
    quoted = QuotedNames(("offset", "whence"), lambda key: spelled.get(key[0], frozenset()))
    items = fuse(lists, {"semantic": 0.5, "text": 0.2}, 40, quoted=quoted)
    got = {i.key[0]: i for i in items}
    assert got["seek.py"].quoted_lift == 1 + QUOTED_LIFT / 2 and got["seek.py"].quoted_names == ("offset",)
    assert got["seek.py"].score == pytest.approx((0.5 / 42 + 0.2 / 42) * (1 + QUOTED_LIFT / 2))
    assert got["seek.py"].rederived_score() == got["seek.py"].score
    assert items[0].key[0] == "seek.py"  # second in both lists, first once its code is read
    assert got["tell.py"].quoted_lift == 1.0 and "quoted_lift" not in got["tell.py"].to_dict()
    assert fuse(lists, {"semantic": 0.5, "text": 0.2}, 40)[0].key[0] == "tell.py"  # nothing quoted: as before


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "spooled.py").write_text(
        "class SpooledBuffer:\n"
        "    def __init__(self, data):\n        self.data = data\n        self.position = 0\n\n"
        "    def tell(self):\n        return self.position\n\n"
        "    def seek(self, offset, whence=0):\n"
        "        base = {0: 0, 1: self.position, 2: len(self.data)}[whence]\n"
        "        self.position = base + offset\n        return self.position\n\n"
        "    def read(self, size=-1):\n        end = len(self.data) if size < 0 else self.position + size\n"
        "        out, self.position = self.data[self.position:end], end\n        return out\n")
    (root / "pkg" / "cursor.py").write_text(
        "def move_cursor(screen, row, column):\n    screen.row, screen.column = row, column\n"
        "    return screen\n")
    return root


QUESTION = "Enables setting position of the file cursor to a given *offset*."


def test_a_question_quoting_a_parameter_lifts_the_function_that_takes_it(repo: Path, tmp_path: Path) -> None:
    engine = Engine(repo, tmp_path / "index", static=False)
    try:
        result = engine.search(QUESTION, limit=10)
        assert result.intent == "understand_code" and result.fusion_strategy not in ("direct", "single")
        by_symbol = {r.symbol: r for r in result.results}
        seek = next(r for s, r in by_symbol.items() if s and s.endswith("seek"))
        assert seek.quoted_names == ("offset",) and seek.quoted_lift == pytest.approx(1 + QUOTED_LIFT)
        assert json.loads(json.dumps(seek.to_json()))["quoted_names"] == ["offset"]
        assert "its code spells offset, quoted in the question" in explain_text(result)
        assert all(r.quoted_lift == 1.0 for r in result.results if "offset" not in r.snippet)
        short = engine.search(QUESTION, limit=2)  # a shorter page is the first part of a longer one
        assert [r.to_json() for r in short.results] == [r.to_json() for r in result.results[:2]]
        unquoted = engine.search(QUESTION.replace("*", ""), limit=10)
        assert all(r.quoted_lift == 1.0 and not r.quoted_names for r in unquoted.results)
        alone = engine.search(QUESTION, limit=10, preset="quick")
        assert all(r.quoted_lift == 1.0 for r in alone.results)  # one engine's list keeps its order
    finally:
        engine.close()


def test_without_the_lift_the_scores_are_the_blend_s_own(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fusion, "QUOTED_LIFT", 0.0)
    engine = Engine(repo, tmp_path / "index", static=False)
    try:
        result = engine.search(QUESTION, limit=10)
        assert all(r.quoted_lift == 1.0 and not r.quoted_names for r in result.results)
    finally:
        engine.close()


def test_a_class_holding_the_quoted_method_is_not_lifted_for_it(tmp_path: Path) -> None:
    """"Extends ``ignore_whitespace`` defined in base class": the overrides spell the name, and so
    does the base class's chunk, only because it holds one of them; that chunk is not lifted for
    it (pyparsing's 2,200-line ``ParserElement`` had come before every ``ignore_whitespace``)."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "core.py").write_text(
        "class Element:\n"
        "    def parse(self, text):\n        return text\n\n"
        "    def ignore_whitespace(self, recursive=True):\n        self.skip = True\n        return self\n\n\n"
        "class Forward(Element):\n"
        "    def ignore_whitespace(self, recursive=True):\n"
        "        super().ignore_whitespace(recursive)\n        return self\n\n\n"
        "def strip_all(element):\n    return element.ignore_whitespace()\n")
    engine = Engine(root, tmp_path / "index", static=False)
    try:
        engine.refresh()
        quoted = quoted_code(engine.generation, "Extends ``ignore_whitespace`` defined in base class.")
        assert quoted is not None and quoted.names == ("ignore_whitespace",)
        spans = {s.qualname: (s.path, s.start_line, s.end_line) for s in engine.generation.snapshot.symbols}
        assert quoted.said(spans["Element"]) == ()  # it holds a definition of the name
        assert quoted.said(spans["Forward"]) == ()
        assert quoted.said(spans["Forward.ignore_whitespace"]) == ("ignore_whitespace",)  # its own definition
        assert quoted.said(spans["Element.ignore_whitespace"]) == ("ignore_whitespace",)
        assert quoted.said(spans["strip_all"]) == ("ignore_whitespace",)  # a caller spells it
    finally:
        engine.close()


def test_a_hyperlink_reference_lifts_nothing(tmp_path: Path) -> None:
    """reStructuredText's `exponential backoff`_ is a link to a section or a page, not code: boltons'
    "Generates a sequence of geometrically-increasing floats, suitable for usage with `exponential
    backoff`_." had lifted ``backoff`` (which spells the word) x 2 over ``backoff_iter``, the
    function the sentence describes, which only calls nothing of that name."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "iterutils.py").write_text(
        "def backoff(start, stop, count=None, factor=2.0):\n"
        "    return list(backoff_iter(start, stop, count=count, factor=factor))\n\n\n"
        "def backoff_iter(start, stop, count=None, factor=2.0):\n"
        "    cur = float(start)\n    while count is None or count > 0:\n"
        "        yield min(cur, stop)\n        cur *= factor\n        count = None if count is None else count - 1\n")
    engine = Engine(root, tmp_path / "index", static=False)
    try:
        question = ("Generates a sequence of geometrically-increasing floats, suitable for usage with "
                    "`exponential backoff`_.")
        result = engine.search(question, limit=10)
        assert [r.symbol for r in result.results][:2] == ["backoff_iter", "backoff"]
        assert all(r.quoted_lift == 1.0 and not r.quoted_names for r in result.results)
        assert "quoted" not in explain_text(result)
        quoted = engine.search(question.replace("`exponential backoff`_", "`backoff`"), limit=10)
        assert any(r.quoted_names == ("backoff",) for r in quoted.results)  # a code span still lifts
    finally:
        engine.close()
