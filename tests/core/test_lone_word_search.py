"""A lone word (most literal searches: ``expand``, ``Add``) is answered without the patterns that
read two joined names and a definition keyword's kinds (issue 19: 5-10 µs a question): no join,
keyword or kind's noun can be read in word characters alone, so the answer is the one the patterns
give, which these tests check over keywords, joining words, digits and letters beyond ASCII. A
name's defining files are judged set aside (tests, examples, vendored) once for every question that
names it; a question with words still reads both."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core import search as search_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import classify, keyword_kinds
from maguyva_tui.core.search import _PAIRED, SearchRequest, _asked_kinds, _other_names
from tests.core.test_engine import CountingProvider

WORDS = ["expand", "Add", "class", "def", "function", "struct", "enum", "interface", "module", "fn", "func",
         "and", "or", "vs", "versus", "method", "trait", "const", "let", "var", "type", "impl", "import", "from",
         "pub", "static", "async", "export", "x1", "_private", "__init__", "CONSTANT_2", "données", "Ωmega", "名前",
         "setUp", "a", "classand", "defvs", "or_else", "ValueError", "main", "1234"]
FILES = {
    "pkg/core.py": "class Add:\n    pass\n\n\ndef expand(x):\n    return x\n\n\ndef expand_mul(x):\n    return x\n",
    "pkg/util.py": "from pkg.core import expand\n\n\ndef helper():\n    return expand(1)\n",
    "tests/test_core.py": "def check_only_here():\n    return 2\n\n\ndef expand_in_tests():\n    return 3\n",
    "examples/demo.py": "def demo_only():\n    return 4\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("lone-word") / "repo"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    made = Engine(root, tmp_path_factory.mktemp("lone-word-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


@pytest.mark.parametrize("word", WORDS)
def test_the_patterns_read_nothing_in_a_lone_word(word: str) -> None:
    """What the shortcut stands for: no join (``a and b``) and no keyword's or noun's kinds."""
    assert not list(_PAIRED.finditer(word))
    assert keyword_kinds(word, word) == () and keyword_kinds(word) == ()


def test_a_lone_word_is_answered_without_the_patterns(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    generation = engine.generation

    def refused(*args: object) -> object:
        raise AssertionError("read a lone word's patterns")

    monkeypatch.setattr(search_module, "_PAIRED", type("Refused", (), {"finditer": staticmethod(refused)})())
    monkeypatch.setattr(search_module, "keyword_kinds", refused)
    for word in WORDS:
        intent = classify(word)
        assert _other_names(generation, word, word) == []
        if intent.name == "find_definition" and intent.target:
            assert _asked_kinds(generation, intent, SearchRequest(word)) == ()


@pytest.mark.parametrize(("text", "notice", "kinds"), [
    ("who calls expand and helper", "the question names helper too", ()),
    ("class Add", None, ("class",)),
    ("def expand", None, ("function", "method")),
])
def test_a_question_with_words_still_reads_them(engine: Engine, text: str, notice: str | None,
                                                kinds: tuple[str, ...]) -> None:
    result = engine.search(text, limit=10)
    if notice:
        assert any(notice in n for n in result.notices), result.notices
    if kinds:
        intent = classify(text)
        assert set(kinds) <= set(_asked_kinds(engine.generation, intent, SearchRequest(text)))


def test_a_names_definers_are_judged_once(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[str] = []
    secondary = search_module.is_secondary

    def counted(path: str) -> bool:
        judged.append(path)
        return secondary(path)

    search_module._set_aside.cache_clear()
    monkeypatch.setattr(search_module, "is_secondary", counted)
    first = engine.search("expand_mul", modality="text", limit=10)
    second = engine.search("expand_mul", modality="text", limit=10)
    assert first.target == "expand_mul" and first.results[0].path == "pkg/core.py"
    assert judged.count("pkg/core.py") == 1  # the second question read the first's judgement
    assert [(r.path, r.start_line, r.demotion) for r in first.results] == [
        (r.path, r.start_line, r.demotion) for r in second.results]
    assert engine.search("demo_only", modality="text", limit=10).results[0].path == "examples/demo.py"
