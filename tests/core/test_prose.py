"""Plain-English questions (issue 16.1, 16.4, 16.5): what the text and structural engines do with a
sentence, and how a sentence's quoting reads.

- the text engine votes by BM25 over chunk contents, and only for chunks holding at least two of
  the sentence's words: a class that shares one word with it (``AfterValidator`` for "after
  validation") is no vote;
- the structural engine matches a sentence by how much of a name it says, and puts the
  definition of a symbol the sentence names first;
- a reStructuredText role or a quoted word inside a sentence is a word of it, not a grep, and
  double back-ticks pair as one span.
"""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import chunk_words
from maguyva_tui.core.bm25 import code_words, question_stems
from maguyva_tui.core.chunk_words import build_index, open_index
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.intent import classify, plain_quoting
from maguyva_tui.core.retrievers.structural import StructuralRetriever
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import IndexUnavailable, current_generation
from maguyva_tui.core.store.words import find_stem, load_words
from maguyva_tui.core.types import Query, Symbol
from tests.core.test_engine import CountingProvider

VALIDATORS = '''\
class AfterValidator:
    """Marks a function to run later."""

    func: object

    def __get_pydantic_core_schema__(self, source, handler):
        schema = handler(source)
        return wrap_function(self.func, schema)


def apply_validators(value, validators):
    checked = value
    for validator in validators:
        checked = validator(checked)
    # hooks registered for after validation see the checked value
    for hook in after_hooks(validators):
        checked = hook(checked)
    return checked


def after_hooks(validators):
    return [v for v in validators if v.mode == "after"]
'''

ADAPTER = '''\
class TypeAdapter:
    def __init__(self, type_):
        self.type = type_

    def validate_python(self, obj):
        return check_object(self.type, obj)


def check_object(kind, obj):
    if not isinstance(obj, kind):
        raise TypeError(kind)
    return obj


def validate_python_object(obj, schema):
    return schema.validate(obj)
'''

DATES = '''\
def format_date(moment):
    # the date header, formatted as RFC 2822 says
    return moment.strftime("%a, %d %b %Y %H:%M:%S")
'''

CHANGES = "Version 2.0\n-----------\n\n- dates follow RFC 2822 (:rfc:`2822`).\n"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "validators.py").write_text(VALIDATORS)
    (root / "adapter.py").write_text(ADAPTER)
    (root / "dates.py").write_text(DATES)
    (root / "CHANGES.rst").write_text(CHANGES)
    return root


def test_code_words_split_identifiers_and_drop_function_words() -> None:
    assert code_words("Returns the CookieJar of get_cookie_header") == ["return", "cooki", "jar", "get", "cooki", "header"]
    assert question_stems("the cookies of a CookieJar") == ("cooki", "jar")


def test_bm25_ranks_the_chunk_whose_body_holds_the_sentence_words(repo: Path) -> None:
    index = open_index(update_index(repo)[0])
    found = index.search(question_stems("run the hooks after validation of a value"), 5)
    assert found[0].chunk.symbol == "apply_validators"
    assert {"after", "validation", "hook"} <= set(found[0].stems)


def test_a_chunk_sharing_one_word_with_a_sentence_is_no_text_vote(repo: Path) -> None:
    text = TextRetriever(update_index(repo)[0])
    hits = text.search(Query("after validation", word_votes=True), 10)
    assert [h.symbol for h in hits][:1] == ["apply_validators"]  # it holds both words
    assert "AfterValidator" not in [h.symbol for h in hits]  # its name shares one; it holds methods
    assert "after_hooks" not in [h.symbol for h in hits]  # "after" alone is no evidence
    alone = text.search(Query("after validation"), 10)  # alone the engine is literal, as rg
    assert [(h.path, h.start_line, h.reason) for h in alone] == [("validators.py", 15, "whole identifier")]


def _symbols(*names: str) -> list[Symbol]:
    kinds = {True: "class", False: "function"}
    return [Symbol(n, n, kinds[n[0].isupper()], "v.py", 10 * i + 1, 10 * i + 9, "python") for i, n in enumerate(names)]


def test_a_name_that_shares_one_word_with_a_sentence_is_no_structural_vote() -> None:
    # "after" is in five names, "validator" in one: "after" is most of no name's weight
    names = ("AfterValidator", "after_request", "after_this_request", "teardown_after", "after_hooks")
    assert StructuralRetriever(_symbols(*names)).search(Query("code that runs after loading the model"), 10) == []
    structural = StructuralRetriever(_symbols(*names, "run_after_validation"))
    hits = structural.search(Query("code that runs after validation of the model"), 10)
    assert [h.symbol for h in hits] == ["run_after_validation"]  # all of its name said


def test_a_sentence_naming_a_symbol_puts_its_definition_first(repo: Path) -> None:
    sentence = "Validate a python object against the schema using TypeAdapter"
    intent = classify(sentence)
    assert intent.target == "TypeAdapter"
    structural = StructuralRetriever(update_index(repo)[0].symbols)
    hits = structural.search(Query(sentence, target=intent.target, intent=intent.name), 5)
    assert hits[0].symbol == "TypeAdapter" and hits[0].reason == "exact name"
    assert "validate_python_object" in [h.symbol for h in hits[1:]]  # the sentence's own words, after it


@pytest.mark.parametrize(
    "sentence",
    ["Format the date header as :rfc:`2822` says", "Format the date per :RFC:`2822`", ":rfc:`2822` dates"],
)
def test_an_rst_role_in_a_sentence_is_words_not_a_grep(sentence: str) -> None:
    intent = classify(sentence)
    assert intent.name != "exact_match"
    assert intent.target != "2822"
    assert "rfc 2822" in plain_quoting(sentence).lower()


def test_a_code_role_names_its_symbol() -> None:
    assert classify("Wrap the :class:`~werkzeug.datastructures.Headers` in a list").target == (
        "werkzeug.datastructures.Headers"
    )
    assert classify("Call :func:`parse_date() <werkzeug.http.parse_date>` first").target == "werkzeug.http.parse_date"


def test_double_back_ticks_pair_as_one_span() -> None:
    sentence = "Returns ``True`` if the ``Content-Type`` header according to ``RFC 2616`` is set"
    assert plain_quoting(sentence) == "Returns `True` if the `Content-Type` header according to `RFC 2616` is set"
    assert classify(sentence).target != " header according to "
    found = classify('grep ``connection reset``')
    assert (found.name, found.target) == ("exact_match", "connection reset")


def test_a_quoted_word_inside_a_long_sentence_is_a_word_of_it() -> None:
    assert classify("How does flask check the installed 'werkzeug' version").name != "exact_match"
    assert classify("Where does the app read the 'SECRET_KEY' value from its config").name != "exact_match"
    found = classify("'werkzeug'")
    assert (found.name, found.target) == ("exact_match", "werkzeug")  # the whole query is the quote
    assert classify("grep 'werkzeug' in the sources").name == "exact_match"  # a search verb


def test_a_blended_sentence_with_a_role_votes_for_the_code_not_the_changelog(repo: Path) -> None:
    engine = Engine(repo, provider=CountingProvider())
    engine.refresh()
    engine.embed_pending()
    result = engine.search("Format the date header as :rfc:`2822` says")
    assert result.intent != "exact_match" and result.fusion_strategy == "fused"
    text_votes = sorted((v.rank, r.path) for r in result.results if (v := r.vote("text")) is not None)
    assert text_votes[0] == (0, "dates.py")  # not the changelog's "2822", grepped
    structural = [r.path for r in result.results if r.vote("structural") is not None]
    assert structural == ["dates.py"]


def test_the_chunk_index_is_written_with_the_generation_and_reused(repo: Path) -> None:
    snapshot = update_index(repo)[0]
    folder = current_generation(snapshot.folder)
    assert (folder / "words_chunks.npy").exists()
    stored = open_index(snapshot)
    built = build_index(snapshot)
    stems = question_stems("run the hooks after validation")
    assert [(m.chunk, round(m.score, 5)) for m in stored.search(stems, 5)] == [
        (m.chunk, round(m.score, 5)) for m in built.search(stems, 5)
    ]
    (repo / "dates.py").write_text(DATES + "\n\ndef parse_hooks(text):\n    return text.split()\n")
    again = update_index(repo)[0]
    stems = question_stems("parse the hooks of a text")
    assert open_index(again).search(stems, 1)[0].chunk.symbol == "parse_hooks"
    assert [m.chunk for m in open_index(again).search(stems, 5)] == [
        m.chunk for m in build_index(again).search(stems, 5)
    ]


def test_the_stored_chunk_index_finds_every_stem_and_names_its_files(repo: Path) -> None:
    snapshot = update_index(repo)[0]
    stored = load_words(current_generation(snapshot.folder))
    stems = stored.stems.all() if not isinstance(stored.stems, list) else stored.stems
    assert stems and all(find_stem(stored, s) == i for i, s in enumerate(stems))  # bisected over bytes
    for absent in {"", "0", "aaaa", "zzzzzz", stems[0] + "\0", stems[-1] + "x", "é"} - set(stems):
        assert find_stem(stored, absent) is None
    docs = np.asarray(stored.docs)
    table_order = chunk_words._doc_paths(snapshot, docs)  # the table's own order
    reordered = chunk_words._doc_paths(snapshot, docs[::-1].copy())  # matched by sorting
    by_id = {doc: snapshot.by_id[doc].path for doc in docs.tolist()}
    assert [table_order(i) for i in range(len(docs))] == [by_id[d] for d in docs.tolist()]
    assert [reordered(i) for i in range(len(docs))] == [by_id[d] for d in docs[::-1].tolist()]
    with pytest.raises(IndexUnavailable):
        chunk_words._doc_paths(snapshot, np.append(docs, docs.max() + 1))
    index = open_index(snapshot)  # hits' chunks made together are those made one at a time
    numbers = np.arange(index.size)
    assert index.chunks(numbers) == [index.chunk(n) for n in numbers.tolist()]


def test_a_copy_of_the_text_engine_keeps_what_either_makes(repo: Path) -> None:
    text = TextRetriever(update_index(repo)[0])
    view = copy.copy(text)  # a workspace's view for one question (its idf its own)
    assert view._files() is text._files() and text._definition_table() is view._definition_table()


def test_a_damaged_chunk_index_rebuilds_the_index(repo: Path) -> None:
    snapshot = update_index(repo)[0]
    path = current_generation(snapshot.folder) / "words_counts.npy"
    np.save(path, np.zeros(3, np.float64))  # another type: refused when the generation opens
    again, summary = update_index(repo)
    assert summary.rebuilt_because is not None and "words_counts.npy" in summary.rebuilt_because
    assert open_index(again).search(question_stems("hooks after validation"), 1)[0].chunk.symbol == "apply_validators"
