"""A question about one symbol the index defines asks for its definition, even when the symbol's
name reads as an error's (``what does TRPCError do``), while the lone error name stays a string
to list everywhere."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.search import question_subject


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("subject")
    (root / "errors.py").write_text("class ConfigError(Exception):\n    pass\n")
    (root / "load.py").write_text(
        "from errors import ConfigError\n\n\ndef load(path):\n    raise ConfigError(path)\n"
    )
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


def test_a_question_about_an_error_class_the_index_defines_is_its_definition(engine: Engine) -> None:
    answer = engine.search("what does ConfigError do").to_json()
    assert (answer["intent"], answer["rule"], answer["target"]) == ("find_definition", "question_about_symbol",
                                                                    "ConfigError")
    assert (answer["results"][0]["path"], answer["results"][0]["start_line"]) == ("errors.py", 1)


def test_the_lone_error_name_and_a_question_about_one_nothing_defines_stay_strings(engine: Engine) -> None:
    assert engine.search("ConfigError").to_json()["rule"] == "error_token"
    assert engine.search("what does ValueError mean").to_json()["rule"] == "error_token"


@pytest.mark.parametrize(("text", "subject"), [("what does Live do", "Live"), ("explain Padding", "Padding"),
                                               ("What is a Segment?", "Segment"), ("how does the loader work", "loader"),
                                               ("how does Live refresh", None), ("what does it do", None),
                                               ("what does Use do", "Use"), ("What is This", "This"),
                                               ("What is this", None), ("What does Use Mean", None)])
def test_a_question_s_subject_is_its_one_word_that_is_no_filler(text: str, subject: str | None) -> None:
    assert question_subject(text) == subject


@pytest.mark.parametrize(("text", "subject"), [("what does Entry.Dup do", "Entry.Dup"),
                                               ("what does marked.use do?", "marked.use"),
                                               ("explain Engine::run", "Engine::run"),
                                               ("how does Live.refresh work.", "Live.refresh"),
                                               ("what does the retry decorator do", "retry"),  # tenacity
                                               ("what is the Formatter interface?", "Formatter"),
                                               ("what's wait_chain?", "wait_chain"),  # it had been what, s and it
                                               ("whats the purpose of Retrying.begin", "Retrying.begin")])
def test_a_qualified_subject_is_one_word(text: str, subject: str) -> None:
    assert question_subject(text) == subject


def test_a_question_about_a_method_named_through_its_class_is_its_definition(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.mktemp("qualified")
    (root / "entry.py").write_text("class Entry:\n    def dup(self):\n        return Entry()\n\n"
                                   "    def dump(self):\n        return self.dup()\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    try:
        e.refresh()
        answer = e.search("what does Entry.dup do").to_json()  # logrus' "what does Entry.Dup do": a blend
        assert (answer["intent"], answer["rule"], answer["target"]) == ("find_definition", "question_about_symbol",
                                                                        "Entry.dup")
        assert (answer["results"][0]["path"], answer["results"][0]["start_line"]) == ("entry.py", 2)
    finally:
        e.close()
